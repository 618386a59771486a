import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Answers other methods plainly before React Router, which would run an action for PUT, PATCH and
 * DELETE and answer the rest with its internal wording (docs/decisions/167-a-page-asked-with-a-method-it-does-not-take-answers-405.md).
 */

type Routes = ServerBuild["routes"];

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

function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** In `Allow` order; null where only the catch-all not-found page answers. */
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

/** 405 with the methods taken, or 404 where no page lives; null when the request may go on. */
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
