import { z } from "zod";

/**
 * Without it zod probes for `new Function`, which the page's CSP reports as a violation on every
 * screen with a form. Configured before any schema is built, so schemas import z from here.
 */
z.config({ jitless: true });

export { z };
