/**
 * A hydrating page paints before the framework loads, so a slow phone never shows a blank screen while React and
 * the route's code download and hydrate. The server holds back React Router's module preloads (hoisted ahead of the
 * stylesheet) and module script (app/lib/hold-framework.server.ts); the inline boot script starts them once painted.
 * Meanwhile the page works without scripts: the composer posts as a form, and what is typed stays in the box
 * (app/hooks/use-draft.ts).
 */

export const HELD_SCRIPT_TYPE = "text/x-after-first-paint";
/** On the held script: the modules it imports, preloaded when it starts. */
export const HELD_PRELOADS_ATTRIBUTE = "data-preload";

/**
 * Once the page is parsed and its first content painted, as paint timing reports it (no timer: a test's fake clock
 * cannot hold the page back). `mayStart` says no when the page is already on its way out (a form the script posted).
 */
export function startFrameworkAfterPaint(doc: Document, mayStart: () => boolean = () => true): void {
  const start = () => {
    const held = doc.querySelector<HTMLScriptElement>(`script[type="${HELD_SCRIPT_TYPE}"]`);
    if (!held || !mayStart()) return;
    for (const href of held.getAttribute(HELD_PRELOADS_ATTRIBUTE)?.split(" ") ?? []) {
      if (!href) continue;
      const link = doc.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      doc.head.appendChild(link);
    }
    // A script runs once, as it is connected: its code goes into a new element in its place, as hydration expects.
    const script = doc.createElement("script");
    script.type = "module";
    script.nonce = held.nonce;
    script.textContent = held.textContent;
    held.replaceWith(script);
  };
  const afterPaint = () => {
    if (doc.visibilityState === "hidden" || performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) {
      start();
    } else if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      const observer = new PerformanceObserver((entries) => {
        if (!entries.getEntriesByName(FIRST_CONTENTFUL_PAINT).length) return;
        observer.disconnect();
        start();
      });
      observer.observe({ type: "paint" });
    } else {
      requestAnimationFrame(() => setTimeout(start, 0));
    }
  };
  // Parsed, not DOMContentLoaded, which also waits for the page's other module scripts however slowly they come.
  if (doc.readyState !== "loading") afterPaint();
  else doc.addEventListener("readystatechange", afterPaint, { once: true });
}

const FIRST_CONTENTFUL_PAINT = "first-contentful-paint";
