/**
 * The server's half of painting before the framework loads (app/lib/framework-after-paint.ts): a
 * hydrating page's React Router scripts held back, with the Workers runtime's HTMLRewriter, as the
 * page streams out. The rewriter parses the HTML and matches elements by selector, so what a
 * person wrote (text, escaped attribute values) is never taken for a tag, and the order or quoting
 * of React Router's attributes does not matter.
 */
import { HELD_PRELOADS_ATTRIBUTE, HELD_SCRIPT_TYPE } from "~/lib/framework-after-paint";

/** React Router's module preloads, which React hoists to the top of <head>. */
const MODULE_PRELOAD = "link[rel~=modulepreload]";
/**
 * React Router's module script, which imports the route modules and starts the framework: the
 * page's only inline module script (the page's own modules are files, `src`).
 */
const FRAMEWORK_SCRIPT = 'script[type="module"]:not([src])';

/**
 * The page with its module preloads taken out and React Router's module script kept in its place,
 * nonce and code under `HELD_SCRIPT_TYPE`, carrying the preloads' modules for the inline boot
 * script to ask for once the page is painted. Preloads come in <head>, so they are all collected
 * before the script in <body> streams past. A page it cannot hold as expected (React Router's
 * output changed) is logged once, with its path, and is sent anyway: it still hydrates, only
 * without painting first.
 */
export function holdFrameworkUntilPainted(page: Response, path: string): Response {
  const preloads: string[] = [];
  const problems: string[] = [];
  let held = false;
  return new HTMLRewriter()
    .on(MODULE_PRELOAD, {
      element(link) {
        const href = link.getAttribute("href");
        if (held || !href) {
          problems.push(`a module preload it could not hold (${href ?? "no href"}) stayed in the page`);
          return;
        }
        preloads.push(href);
        link.remove();
      },
    })
    .on(FRAMEWORK_SCRIPT, {
      element(script) {
        if (held) {
          problems.push("a second inline module script was left to run");
          return;
        }
        held = true;
        script.setAttribute("type", HELD_SCRIPT_TYPE);
        script.removeAttribute("async");
        script.setAttribute(HELD_PRELOADS_ATTRIBUTE, preloads.join(" "));
      },
    })
    .onDocument({
      end() {
        if (!held) problems.push("no inline module script (React Router's) was found");
        if (problems.length > 0) {
          console.warn(
            `The page ${path} hydrates but its framework was not held until it painted: ${problems.join("; ")}`,
          );
        }
      },
    })
    .transform(page);
}
