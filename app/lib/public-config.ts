import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "~/shared/schemas/config";

/** Every page renders below the root route, so it is always there. */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData<{ config: PublicConfig }>("root");
  if (!data) throw new Error("The root loader's configuration is not available.");
  return data.config;
}
