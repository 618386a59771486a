import type { MetaDescriptor } from "react-router";
import { type CrisisHelp, NO_COUNTRY_HELP } from "~/shared/crisis-help";
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALIZED_PATHS, localizedPath, unprefixedPath } from "~/shared/languages";
import type { PublicConfig } from "~/shared/schemas/config";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** Meta functions cannot use hooks. */
function configFromMatches(matches: MatchWithData[]): PublicConfig | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { config?: PublicConfig } | undefined)?.config;
}

export function crisisHelpFromMatches(matches: MatchWithData[]): CrisisHelp {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { crisisHelp?: CrisisHelp } | undefined)?.crisisHelp ?? NO_COUNTRY_HELP;
}

export function pageMeta(options: {
  matches: MatchWithData[];
  pathname: string;
  title: string;
  description: string;
}): MetaDescriptor[] {
  const config = configFromMatches(options.matches);
  const brand = config?.brandName ?? "";
  const title = brand ? `${options.title} | ${brand}` : options.title;
  const url = config ? new URL(options.pathname, config.appUrl).toString() : undefined;
  const base = unprefixedPath(options.pathname);
  const alternates =
    config && LOCALIZED_PATHS.includes(base)
      ? [
          ...LANGUAGES.map((language) => ({
            tagName: "link",
            rel: "alternate",
            hrefLang: language,
            href: new URL(localizedPath(base, language), config.appUrl).toString(),
          })),
          {
            tagName: "link",
            rel: "alternate",
            hrefLang: "x-default",
            href: new URL(localizedPath(base, DEFAULT_LANGUAGE), config.appUrl).toString(),
          },
        ]
      : [];
  return [
    { title },
    { name: "description", content: options.description },
    ...(url
      ? [
          { tagName: "link", rel: "canonical", href: url },
          { property: "og:url", content: url },
        ]
      : []),
    ...alternates,
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { name: "twitter:card", content: "summary" },
  ];
}
