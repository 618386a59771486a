import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { crisisHelpContext, languageContext } from "~/context";
import { RequestCrisisHelp } from "~/lib/crisis-help";
import { holdFrameworkUntilPainted } from "~/lib/hold-framework.server";
import { RequestLanguage } from "~/lib/page-language";
import { pageHydrates } from "~/lib/page-scripts";
import { ScriptNonceContext } from "~/lib/script-nonce";
import { createNonce, pageContentSecurityPolicy } from "~worker/security-headers";

/** How long a page waits for its slowest data before rendering what it has (React Router's default). */
export const streamTimeout = 5_000;

/**
 * Every page is sent whole (allReady, no progressive chunks): a streamed part arrives as hidden HTML that a script
 * swaps in, so without scripts the loading state would show for ever and the forms that must work without them (the
 * profile, the receipt) never appear. Client navigations still stream their data (`.data` requests skip this entry).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // One nonce per page: React Router puts it on its scripts, the root layout on the page's (app/lib/script-nonce.ts).
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", pageContentSecurityPolicy(nonce, request.url));

  responseHeaders.set("Content-Type", "text/html");
  // https://httpwg.org/specs/rfc9110.html#HEAD: the headers a GET would have, without the body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const body = await renderToReadableStream(
    <ScriptNonceContext value={nonce}>
      <RequestLanguage value={loadContext.get(languageContext)}>
        <RequestCrisisHelp value={loadContext.get(crisisHelpContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestCrisisHelp>
      </RequestLanguage>
    </ScriptNonceContext>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by React Router; later ones only reach us here.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  await body.allReady;

  const page = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  if (!pageHydrates(routerContext.staticHandlerContext.loaderData.root)) return page;
  return holdFrameworkUntilPainted(page, new URL(request.url).pathname);
}
