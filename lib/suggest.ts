// "Did you mean …": the known names closest to a mistyped one, by edit distance.

/** Levenshtein distance of `a` and `b` (case-insensitive), or `limit + 1` once it exceeds `limit`. */
function distance(a: string, b: string, limit: number): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Up to `max` of `known` closest to `name`: within a third of its length in edits (at least 2),
 * closest first. Inputs longer than 100 characters match nothing (the work stays bounded).
 */
export function closeMatches(name: string, known: readonly string[], max = 3): string[] {
  if (name.length > 100) return [];
  const limit = Math.max(2, Math.floor(name.length / 3));
  return known
    .map((k) => ({ k, d: distance(name, k, limit) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d)
    .slice(0, max)
    .map((x) => x.k);
}
