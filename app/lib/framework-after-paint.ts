/**
 * A page that hydrates paints first and loads the framework after (a signed-in page: the
 * conversation above all, where a slow phone would otherwise show a blank screen while React, the
 * router and the route's code download, run and hydrate). React Router's `<Scripts>` renders module
 * preloads, which React hoists to the top of <head>, ahead of the stylesheet, and a module script
 * that imports the route modules and starts the framework. The server holds them back
 * (`holdFrameworkUntilPainted`, app/lib/hold-framework.server.ts): the preloads leave <head>, and
 * the module script keeps its place and its code under an inert type. The page's inline boot
 * script starts it once the page is parsed and painted (`startFrameworkAfterPaint`), preloading the
 * same modules at that moment. The server's page is whole and works without scripts meanwhile: the
 * composer posts as a form, and what is typed before the framework runs stays in the box
 * (app/hooks/use-draft.ts).
 */

/** The inert type the held module script carries until it is started. */
export const HELD_SCRIPT_TYPE = "text/x-after-first-paint";
/** On the held script: the modules it imports, space-separated, preloaded when it starts. */
export const HELD_PRELOADS_ATTRIBUTE = "data-preload";

/**
 * Starts the held framework script, if the page has one, once the page is parsed and its first
 * content painted, as the browser's paint timing reports it (no timer: a test's fake clock cannot
 * hold the page back). A hidden page paints nothing, so it starts at once; a browser without paint
 * timing starts after the next frame. Called from the page's inline boot script, in <head>;
 * `mayStart` says no when the page is already on its way out (a form the page's script posted).
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
    // A script runs as it is connected, once: the held one's code goes into a new element, in its
    // place (where the framework's hydration expects a script).
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
  // Parsed: the held script is in the document. Not DOMContentLoaded, which also waits for the page's
  // other module scripts (web vitals), however slowly they come.
  if (doc.readyState !== "loading") afterPaint();
  else doc.addEventListener("readystatechange", afterPaint, { once: true });
}

const FIRST_CONTENTFUL_PAINT = "first-contentful-paint";
