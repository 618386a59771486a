// The production build's Worker (`npm run build`), run in this runtime beside the Worker built from
// the sources: the same bindings and storage, so an account made through one is signed in on the
// other. Only the build renders pages (the sources' Worker has no React Router build).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ServerBuild } from "react-router";
import { APP_ORIGIN, freshIp } from "../../worker/support/auth-requests";

const workers = import.meta.glob<{ default: ExportedHandler<Env> }>("../../../build/server/index.js");
const serverBuilds = import.meta.glob<ServerBuild>("../../../build/server/assets/server-build-*.js");

function only<T>(modules: Record<string, () => Promise<T>>): Promise<T> {
  const [load, ...others] = Object.values(modules);
  if (!load || others.length > 0) {
    throw new Error("These tests need one production build in build/: run `npm run build` first.");
  }
  return load();
}

/** React Router's manifest of the build's browser modules. */
export async function builtAssets(): Promise<ServerBuild["assets"]> {
  return (await only(serverBuilds)).assets;
}

/** The build's answer to a request for `path`, with its body read whole and its after-work done. */
export async function askBuild(
  path: string,
  init: { cookie?: string; method?: string; body?: FormData } = {},
): Promise<{ response: Response; html: string }> {
  const worker = (await only(workers)).default;
  if (!worker.fetch) throw new Error("The build's Worker has no fetch handler");
  const ctx = createExecutionContext();
  const headers = new Headers({ "cf-connecting-ip": freshIp(), Origin: APP_ORIGIN });
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(`${APP_ORIGIN}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body ?? null,
    redirect: "manual",
  }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html };
}
