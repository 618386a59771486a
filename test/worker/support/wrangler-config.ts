import wranglerToml from "../../../wrangler.toml?raw";

/**
 * The `simple` settings of a [[ratelimits]] binding in wrangler.toml, by its name: the limit the
 * worker's binding really counts, read where it is configured rather than repeated in code.
 */
export function rateLimitOf(name: string): { limit: number; period: number } {
  const block = wranglerToml.split("[[ratelimits]]").find((part) => part.includes(`name = "${name}"`));
  const simple = block?.match(/simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(\d+)\s*\}/);
  if (!simple) throw new Error(`no [[ratelimits]] binding named ${name} in wrangler.toml`);
  return { limit: Number(simple[1]), period: Number(simple[2]) };
}
