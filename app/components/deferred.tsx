import { type ComponentProps, lazy, memo, Suspense } from "react";

/**
 * Parts of a conversation the first seconds do not need (the desk's tools beside it included), each in a chunk of its own, so the page
 * hydrates without them. A dialog the server rendered (it opens without scripts) stays the server's
 * markup inside its `<Suspense>` until its code has arrived, fetched as hydration reaches it, and
 * hydrates after the page; one that only opens on request loads the first time it does.
 *
 * A boundary still waiting for its code must not be rendered again with new props: React would
 * throw its server markup away and show the fallback (nothing) until the code came. So what holds
 * one renders again only when what it shows changes (`memo`, and props that keep their identity).
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

/** The desk's tools beside a conversation, hydrated after it. */
export const DeskToolsAfterPage = memo(function DeskToolsAfterPage(props: ComponentProps<typeof DeskTools>) {
  return (
    <Suspense fallback={null}>
      <DeskTools {...props} />
    </Suspense>
  );
});
