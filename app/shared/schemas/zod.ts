import { z } from "zod";

/**
 * zod as every schema here uses it. Without this, zod probes for `new Function` to compile fast
 * parsers; the page's Content-Security-Policy forbids eval, so the browser would report a violation
 * on every screen with a form even though zod falls back quietly (no violation anywhere).
 * Configured before any schema is built, which is why the schemas import z from here.
 */
z.config({ jitless: true });

export { z };
