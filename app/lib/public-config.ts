import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "~/shared/schemas/config";

/**
 * The public configuration the root loader delivers. Every page renders below the root route, so
 * it is always there; a missing value means the root loader itself failed.
 */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData<{ config: PublicConfig }>("root");
  if (!data) throw new Error("The root loader's configuration is not available.");
  return data.config;
}
