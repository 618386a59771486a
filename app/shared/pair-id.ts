/** Spec section 3. User ids never contain '_', so a pair id splits back into exactly its two members. */
export function pairIdFor(a: string, b: string): string {
  return [a, b].sort().join("_");
}

/** Null when not canonical (unsorted, self, malformed). */
export function parsePairId(pairId: string): [string, string] | null {
  const parts = pairId.split("_");
  if (parts.length !== 2) return null;
  const [a, b] = parts as [string, string];
  if (!a || !b || a === b || pairIdFor(a, b) !== pairId) return null;
  return [a, b];
}
