import * as z from "zod/mini";

/**
 * A page bundles only what its schemas use, about a third of the full build
 * (docs/decisions/156-the-browser-parses-frames-with-zods-mini-build.md); jitless as in ./zod.ts.
 */
z.config({ jitless: true });

export { z };
