import { createRequestHandler, RouterContextProvider } from "react-router";
import { recordEvents } from "./analytics/events";
import { pageViewOf } from "./analytics/page-views";
import { api } from "./api";
import { withD1Session } from "./db/read-replication";
import { methodRefusal } from "./http/page-methods";
import { bodyLimitFor, guardRequest } from "./http/request-guards";
import { collectingResponseCookies } from "./http/response-cookies";
import { discardUnreadBody } from "./http/unread-body";
import { runScheduledJobs } from "./jobs";
import { withSecurityHeaders } from "./security-headers";

export { AnalyticsShard } from "./analytics/analytics-shard";
export { ChatRoom } from "./chat/chat-room";
export { SupportDesk } from "./desk/support-desk";
export { UserInbox } from "./inbox/user-inbox";

const serverBuild = () => import("virtual:react-router/server-build");
const handleDocumentRequest = createRequestHandler(serverBuild, import.meta.env.MODE);

export default {
  async fetch(incoming, env, ctx) {
    const { pathname } = new URL(incoming.url);
    // A refused request's body is still read, so the connection it came on stays usable.
    const bodyLimit = bodyLimitFor(pathname).bytes;
    const request = await guardRequest(incoming);
    if (request instanceof Response) {
      await discardUnreadBody(incoming, bodyLimit);
      return withSecurityHeaders(request);
    }
    const isApi = pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/images/");
    const refusedMethod = isApi ? null : methodRefusal(request, (await serverBuild()).routes);
    if (refusedMethod) {
      await discardUnreadBody(incoming, bodyLimit);
      return withSecurityHeaders(refusedMethod);
    }
    const response = await collectingResponseCookies(() =>
      withD1Session(request, env, (sessionEnv) =>
        isApi
          ? Promise.resolve(api.fetch(request, sessionEnv, ctx))
          : handleDocumentRequest(request, new RouterContextProvider()),
      ),
    );
    await discardUnreadBody(incoming, bodyLimit);
    // Stored after the page has gone out, so it never delays it.
    const view = isApi ? null : pageViewOf(request, response);
    if (view)
      ctx.waitUntil(recordEvents([view]).catch((error: unknown) => console.error("page view not recorded", error)));
    return withSecurityHeaders(response);
  },
  async scheduled(controller, _env, ctx) {
    ctx.waitUntil(runScheduledJobs(controller));
  },
} satisfies ExportedHandler<Env>;
