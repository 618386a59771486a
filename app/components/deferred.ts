import { lazy } from "react";

/**
 * Parts of a conversation the first seconds do not need, each in a chunk of its own, so the page
 * hydrates without them. A dialog the server rendered (it opens without scripts) stays the server's
 * markup inside its `<Suspense>` until its code has arrived, fetched as hydration reaches it, and
 * hydrates after the page; one that only opens on request loads the first time it does.
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
