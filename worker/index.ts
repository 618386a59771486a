import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api";
import { runScheduledJobs } from "./jobs";

export { ChatRoom } from "./chat/chat-room";
export { UserInbox } from "./inbox/user-inbox";

const handleDocumentRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    return handleDocumentRequest(request, new RouterContextProvider());
  },
  async scheduled(controller, _env, ctx) {
    ctx.waitUntil(runScheduledJobs(controller));
  },
} satisfies ExportedHandler<Env>;
