import * as z from "zod/mini";

/**
 * zod's mini build, for the schemas a browser parses frames with (the chat, inbox and desk
 * protocols): the same parser with functions in place of methods, so a page bundles only what its
 * schemas use, about a third of the full build (docs/decisions/156-the-browser-parses-frames-with-zods-mini-build.md).
 * The worker uses the same schemas, so each protocol still has one definition. Configured as
 * ./zod.ts is, before any schema is built: no probing for `new Function` under the page's CSP.
 */
z.config({ jitless: true });

export { z };
