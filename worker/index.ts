import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api";
import { runScheduledJobs } from "./jobs";
import { withSecurityHeaders } from "./security-headers";

export { ChatRoom } from "./chat/chat-room";
export { UserInbox } from "./inbox/user-inbox";

const handleDocumentRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    const isApi = pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/images/");
    const response = isApi
      ? await api.fetch(request, env, ctx)
      : await handleDocumentRequest(request, new RouterContextProvider());
    return withSecurityHeaders(response);
  },
  async scheduled(controller, _env, ctx) {
    ctx.waitUntil(runScheduledJobs(controller));
  },
} satisfies ExportedHandler<Env>;
