import { describe, expect, it } from "vitest";

/**
 * The layers the code is built in (docs/architecture.md): what the browser and the worker both use
 * lives in app/shared; the rest of app/ is for the browser and the route modules; worker/ is server
 * only and reached from the app only by route modules, through the `~worker` alias; Durable
 * Objects are reached only through their service modules. The messages compiled from messages/
 * (`~/paraglide/`, docs/decisions/175-…) are shared too. The sources are read at build time.
 */
const sources = {
  ...import.meta.glob<string>(["/app/**/*.{ts,tsx}"], { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>(["/worker/**/*.{ts,tsx}"], { query: "?raw", import: "default", eager: true }),
};

/** Every module specifier a file imports (static, dynamic and type imports, and re-exports). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)) {
    if (match[1]) found.push(match[1]);
  }
  return found;
}

/** Each file under a folder with the imports that break a rule. */
function offenders(folder: string, breaks: (specifier: string, file: string) => boolean): string[] {
  return Object.entries(sources)
    .filter(([file]) => file.startsWith(folder))
    .flatMap(([file, source]) =>
      importsOf(source)
        .filter((specifier) => breaks(specifier, file))
        .map((specifier) => `${file} imports ${specifier}`),
    );
}

/** The shared layer: app/shared and the compiled messages. */
const isShared = (specifier: string) => specifier.startsWith("~/shared/") || specifier.startsWith("~/paraglide/");

const reachesWorker = (specifier: string) => specifier.startsWith("~worker/") || /(^|\/)worker\//.test(specifier);

describe("the code's layers", () => {
  it("reads the sources it checks", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources)).toContain("/worker/chat/chat-room.ts");
    expect(Object.keys(sources)).toContain("/app/shared/routes.ts");
  });

  it("keeps app/shared free of browser-only and server-only modules", () => {
    const outsideShared = (specifier: string) =>
      (specifier.startsWith("~/") && !isShared(specifier)) || specifier.startsWith("../") || reachesWorker(specifier);
    expect(offenders("/app/shared/", outsideShared)).toEqual([]);
  });

  it("lets only route modules, the root and the server entry reach the worker, through its alias", () => {
    const pageModule = (file: string) =>
      file.startsWith("/app/routes/") || file === "/app/root.tsx" || file === "/app/entry.server.tsx";
    expect(offenders("/app/", (specifier, file) => reachesWorker(specifier) && !pageModule(file))).toEqual([]);
    expect(offenders("/app/", (specifier) => /^(\.\.\/)+worker\//.test(specifier))).toEqual([]);
  });

  it("lets the worker use only the shared layer of app/", () => {
    const appOutsideShared = (specifier: string) =>
      (specifier.startsWith("~/") && !isShared(specifier)) || /(^|\/)app\//.test(specifier);
    expect(offenders("/worker/", appOutsideShared)).toEqual([]);
  });

  it("keeps the scripts of pages without the framework free of React and the router", () => {
    // What app/page-scripts/ reaches, import by import: none of it may pull in the framework, or the
    // public pages would load it after all.
    const resolve = (specifier: string, from: string): string | null => {
      const base = specifier.startsWith("~/")
        ? `/app/${specifier.slice(2)}`
        : specifier.startsWith(".")
          ? new URL(specifier, `file://${from}`).pathname
          : null;
      if (!base) return null;
      return [base, `${base}.ts`, `${base}.tsx`].find((file) => file in sources) ?? null;
    };
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const specifier of importsOf(sources[file] ?? "")) {
        const next = resolve(specifier, file);
        if (next) visit(next);
        else if (specifier.startsWith("~/paraglide/") || (!specifier.startsWith("~") && !specifier.startsWith(".")))
          packages.add(specifier);
      }
    };
    const entries = Object.keys(sources).filter((file) => file.startsWith("/app/page-scripts/"));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries) visit(entry);
    expect(reached).toContain("/app/lib/carousel.ts");
    expect([...packages].filter((name) => /^(react|react-dom|react-router)(\/|$)/.test(name))).toEqual([]);
    expect([...reached].filter((file) => file.endsWith(".tsx"))).toEqual([]);
    // Nor, but for the sign-in screens' forms, the messages' runtime (4 KB): the landing and legal
    // pages' scripts carry no words (docs/decisions/175-…).
    const wordless = new Set<string>();
    const reachedFrom = (entry: string) => {
      const seen = new Set<string>();
      const walk = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const specifier of importsOf(sources[file] ?? "")) {
          if (specifier.startsWith("~/paraglide/")) wordless.add(`${entry} reaches ${specifier}`);
          const next = resolve(specifier, file);
          if (next) walk(next);
        }
      };
      walk(entry);
    };
    for (const entry of entries.filter((file) => !file.endsWith("/auth-forms.ts"))) reachedFrom(entry);
    expect([...wordless]).toEqual([]);
  });

  it("has worker folders that depend one way: no folder reaches back to one that reaches it", () => {
    // Value imports only: a type import leaves nothing behind at runtime. The files at the top of
    // worker/ (the entry, the configuration) belong to no folder.
    const folderOf = (file: string) => /^\/worker\/([^/]+)\//.exec(file)?.[1] ?? null;
    const valueImports = (source: string) =>
      [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)"/gm)].map((match) => match[1] ?? "");
    const uses = new Map<string, Set<string>>();
    for (const [file, source] of Object.entries(sources)) {
      const from = folderOf(file);
      if (!from) continue;
      for (const specifier of valueImports(source)) {
        const target = specifier.startsWith("~worker/")
          ? `/worker/${specifier.slice("~worker/".length)}`
          : specifier.startsWith(".")
            ? new URL(specifier, `file://${file}`).pathname
            : null;
        const to = target ? folderOf(target) : null;
        if (to && to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
      }
    }
    expect(uses.get("chat")).toContain("objects");
    // Every way back, through any number of folders.
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(uses.get(from) ?? [])].some((next) => next === to || (!seen.has(next) && reaches(next, to, seen.add(next))));
    const cycles = [...uses].flatMap(([from, targets]) =>
      [...targets].filter((to) => reaches(to, from)).map((to) => `worker/${from} → worker/${to} → … → worker/${from}`),
    );
    expect(cycles).toEqual([]);
  });

  it("reaches Durable Objects only through their service modules", () => {
    const services = [
      "/worker/objects/room-service.ts",
      "/worker/objects/inbox-service.ts",
      "/worker/objects/desk-service.ts",
      "/worker/objects/shard-service.ts",
    ];
    const stubs = Object.entries(sources)
      .filter(([file, source]) => !services.includes(file) && /\.(getByName|idFromName|get)\(/.test(source))
      .filter(([, source]) => /\b(CHAT_ROOM|USER_INBOX|SUPPORT_DESK|ANALYTICS_SHARD)\b/.test(source))
      .map(([file]) => file);
    expect(stubs).toEqual([]);
  });
});
