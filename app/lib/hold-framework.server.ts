/**
 * The server's half of app/lib/framework-after-paint.ts. HTMLRewriter matches elements by selector, so what a person
 * wrote (text, escaped attributes) is never taken for a tag, however React Router orders or quotes its attributes.
 */
import { HELD_PRELOADS_ATTRIBUTE, HELD_SCRIPT_TYPE } from "~/lib/framework-after-paint";

const MODULE_PRELOAD = "link[rel~=modulepreload]";
/** React Router's: the page's only inline module script (the page's own modules are files, `src`). */
const FRAMEWORK_SCRIPT = 'script[type="module"]:not([src])';

/**
 * Preloads come in <head>, so all are collected before the script in <body> streams past. A page it cannot hold as
 * expected (React Router's output changed) is logged once and sent anyway: it hydrates, only without painting first.
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
