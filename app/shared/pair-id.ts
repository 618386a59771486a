/**
 * A conversation's id (spec section 3, chats/{pairId}): the two user ids sorted and joined by '_'.
 * User ids never contain '_', so a pair id splits back into exactly its two members.
 */
export function pairIdFor(a: string, b: string): string {
  return [a, b].sort().join("_");
}

/** The two members of a canonical pair id, or null when it is not one (unsorted, self, malformed). */
export function parsePairId(pairId: string): [string, string] | null {
  const parts = pairId.split("_");
  if (parts.length !== 2) return null;
  const [a, b] = parts as [string, string];
  if (!a || !b || a === b || pairIdFor(a, b) !== pairId) return null;
  return [a, b];
}
