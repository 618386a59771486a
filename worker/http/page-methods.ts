import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Which methods a page's address takes, read from the app's own route modules, so a request with
 * any other method is answered plainly before React Router sees it
 * (docs/decisions/167-a-page-asked-with-a-method-it-does-not-take-answers-405.md). React Router
 * would run a route's action for PUT, PATCH and DELETE as for POST, and answer every other
 * method, or a POST to a page without an action, with its internal wording and an error in the log.
 */

type Routes = ServerBuild["routes"];

/** The route table as nested routes, from the build's flat manifest. */
function treeOf(routes: Routes, parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return [];
    const { id, path, caseSensitive } = route;
    return [
      route.index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: treeOf(routes, id) },
    ];
  });
}

const trees = new WeakMap<Routes, RouteObject[]>();

/** React Router's data request for a page (`/chat.data`, `/_root.data` for `/`) is that page's. */
function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * The methods `url` takes, in the order an `Allow` header lists them, or null when no page lives
 * there (an address only the catch-all not-found page answers).
 */
export function allowedMethods(url: URL, routes: Routes): string[] | null {
  let tree = trees.get(routes);
  if (!tree) {
    tree = treeOf(routes);
    trees.set(routes, tree);
  }
  const matches = matchRoutes(tree, pagePathOf(url.pathname));
  const leaf = matches?.at(-1);
  if (!matches || !leaf || leaf.route.path === "*") return null;
  const moduleOf = (match: (typeof matches)[number] | undefined) =>
    match?.route.id === undefined ? undefined : routes[match.route.id]?.module;
  const page = moduleOf(leaf);
  // A post to an index route's address goes to its parent unless it says `?index` (React Router's rule).
  const posted = leaf.route.index && !url.searchParams.getAll("index").includes("") ? moduleOf(matches.at(-2)) : page;
  const allowed: string[] = [];
  if (page?.default || page?.loader) allowed.push("GET", "HEAD");
  if (posted?.action) allowed.push("POST");
  return allowed;
}

/**
 * The answer to a request for a page with a method it does not take: 405 with the methods it
 * does take, or 404 where no page lives (the not-found page answers GET and HEAD itself). Null
 * when the request may go on.
 */
export function methodRefusal(request: Request, routes: Routes): Response | null {
  const url = new URL(request.url);
  const allowed = allowedMethods(url, routes);
  if (allowed === null) {
    if (request.method === "GET" || request.method === "HEAD") return null;
    return plainText("Not Found", 404);
  }
  if (allowed.includes(request.method)) return null;
  const refusal = plainText("Method Not Allowed", 405);
  refusal.headers.set("Allow", allowed.join(", "));
  return refusal;
}

function plainText(body: string, status: number): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
