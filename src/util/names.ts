// Name matching and "did you mean" suggestions shared by the checker and every lookup table
// (language.md §5, modules.md §1.3).

/** Case-insensitive, trimmed, with `_`, `-`, `.` and spaces as one separator: `Piperacillin_Tazobactam` → `piperacillin tazobactam`. */
export function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_.\-]+/g, ' ');
}

/** Levenshtein distance, abandoned early once it exceeds `limit` (returns limit + 1 then). */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest candidate for a misspelt name (edit distance ≤ max(2, a third of its length)), or null. */
export function nearestName(name: string, candidates: Iterable<string>): string | null {
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase(), limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Up to `max` suggestions for a lookup that found nothing (modules.md §1.3): case-insensitive prefix
 * matches first, then substring matches, then edit distance ≤ 2, each group in candidate order.
 */
export function suggestNames(query: string, candidates: Iterable<string>, max = 5): string[] {
  const q = normalizeName(query);
  if (q === '') return [];
  const ranked: { name: string; rank: number; distance: number; order: number }[] = [];
  let order = 0;
  for (const name of candidates) {
    const n = normalizeName(name);
    let rank = -1;
    let distance = 0;
    if (n.startsWith(q)) rank = 0;
    else if (n.includes(q)) rank = 1;
    else {
      distance = editDistance(q, n, 2);
      if (distance <= 2) rank = 2;
    }
    if (rank >= 0) ranked.push({ name, rank, distance, order: order++ });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.order - b.order);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of ranked) {
    if (seen.has(r.name)) continue;
    seen.add(r.name);
    out.push(r.name);
    if (out.length === max) break;
  }
  return out;
}
