// How a drug name is matched (issue 24 item 4): case, spaces, hyphens, underscores, "/" "+" "&" and the
// word "and" between the parts of a combination are ignored, so `PiperacillinTazobactam`,
// `piperacillin/tazobactam` and `Piperacillin and Tazobactam` are one name; a combination written in
// another order (`tazobactam/piperacillin`) is found through an order-free key. A miss gets up to five
// canonical names that are close to it.
import { editDistance } from '../../../util/names.js';

/** The parts of a name: separators and the word "and" dropped; camel case split only when `splitCamel`. */
function parts(name: string, splitCamel: boolean): string[] {
  const spaced = splitCamel ? name.replace(/([a-z])([A-Z])/g, '$1 $2') : name;
  return spaced
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((p) => p !== '' && p !== 'and');
}

/** The key two spellings of one name share: `Piperacillin and Tazobactam` → `piperacillintazobactam`. */
export function drugKey(name: string): string {
  return parts(name, false).join('');
}

/** The key of a name whatever the order of its parts, or null for a one-part name (no order to ignore). */
function orderFreeKey(name: string): string | null {
  const p = parts(name, true);
  return p.length < 2 ? null : [...p].sort().join('+');
}

const AMBIGUOUS = Symbol('ambiguous');

/**
 * Drug rows by every spelling of their names. A spelling used by two rows throws when the index is built,
 * naming it; an order-free key shared by two rows is dropped (it would have to guess).
 */
export class DrugNameIndex<T extends { name: string }> {
  private readonly byKey = new Map<string, T>();
  private readonly byOrderFreeKey = new Map<string, T | typeof AMBIGUOUS>();
  private readonly spellings: { spelling: string; key: string; row: T }[] = [];

  constructor(rows: Iterable<T>, nameOf: (row: T) => readonly string[]) {
    for (const row of rows) this.add(row, nameOf(row));
  }

  /** The row a name clashes with, or null. */
  clash(names: readonly string[]): T | null {
    for (const name of names) {
      const found = this.byKey.get(drugKey(name));
      if (found) return found;
    }
    return null;
  }

  add(row: T, names: readonly string[]): void {
    for (const name of names) {
      const key = drugKey(name);
      if (key === '') throw new Error(`drug name '${name}' has no letters or digits`);
      const existing = this.byKey.get(key);
      if (existing === row) continue;
      if (existing) throw new Error(`name '${name}' is used twice (${existing.name} and ${row.name})`);
      this.byKey.set(key, row);
      this.spellings.push({ spelling: name, key, row });
      const free = orderFreeKey(name);
      if (free !== null) {
        const seen = this.byOrderFreeKey.get(free);
        this.byOrderFreeKey.set(free, seen === undefined || seen === row ? row : AMBIGUOUS);
      }
    }
  }

  get(name: string): T | undefined {
    const exact = this.byKey.get(drugKey(name));
    if (exact) return exact;
    const free = orderFreeKey(name);
    const found = free === null ? undefined : this.byOrderFreeKey.get(free);
    return found === AMBIGUOUS ? undefined : found;
  }

  /** Every spelling the index answers to, with its row. */
  entries(): readonly { spelling: string; row: T }[] {
    return this.spellings;
  }

  /** Up to five canonical names close to a query that found nothing; `extra` names rank with them. */
  suggest(query: string, extra: readonly string[] = []): string[] {
    const q = drugKey(query);
    if (q.length < 2) return [];
    const ranked: { name: string; rank: number; distance: number; order: number }[] = [];
    const candidates = [...extra.map((spelling) => ({ spelling, key: drugKey(spelling), name: spelling })), ...this.spellings.map((s) => ({ ...s, name: s.row.name }))];
    candidates.forEach((c, order) => {
      const score = closeness(q, c.key);
      if (score) ranked.push({ name: c.name, ...score, order });
    });
    ranked.sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.order - b.order);
    return [...new Set(ranked.map((r) => r.name))].slice(0, 5);
  }
}

/**
 * How close a candidate key is to a query key, or null when not close: a prefix, then a part of it,
 * then a misspelling of the whole name, then a misspelling of its beginning (`piperacilin` for
 * `piperacillin/tazobactam`). A misspelling of the whole may differ by a quarter of the query's letters
 * (at least 2), one of the beginning by a fifth.
 */
function closeness(q: string, key: string): { rank: number; distance: number } | null {
  if (q.length >= 3 && key.startsWith(q)) return { rank: 0, distance: key.length - q.length };
  if (q.length >= 4 && key.includes(q)) return { rank: 1, distance: key.length - q.length };
  const limit = Math.max(2, Math.floor(q.length / 4));
  const whole = editDistance(q, key, limit);
  if (whole <= limit) return { rank: 2, distance: whole };
  // the beginning of a longer name: only for a query long enough that a few letters cannot match by chance
  if (q.length < 8 || key.length <= q.length) return null;
  const prefixLimit = Math.floor(q.length / 5);
  let best = prefixLimit + 1;
  for (const length of [q.length - 1, q.length, q.length + 1]) best = Math.min(best, editDistance(q, key.slice(0, length), prefixLimit));
  return best <= prefixLimit ? { rank: 3, distance: best } : null;
}
