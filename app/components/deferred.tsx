import { type ComponentProps, lazy, memo, Suspense } from "react";

/**
 * So the page hydrates without them. A boundary still waiting for its code must not render again
 * with new props: React would throw its server markup away and show nothing until the code came.
 */
export const ReportDialog = lazy(() =>
  import("~/components/safety/report-dialog").then((module) => ({ default: module.ReportDialog })),
);
export const BlockDialog = lazy(() =>
  import("~/components/safety/block-controls").then((module) => ({ default: module.BlockDialog })),
);
export const ImageViewer = lazy(() =>
  import("~/components/chat/image-viewer").then((module) => ({ default: module.ImageViewer })),
);
const DeskTools = lazy(() => import("~/components/desk/desk-tools").then((module) => ({ default: module.DeskTools })));

export const DeskToolsAfterPage = memo(function DeskToolsAfterPage(props: ComponentProps<typeof DeskTools>) {
  return (
    <Suspense fallback={null}>
      <DeskTools {...props} />
    </Suspense>
  );
});
