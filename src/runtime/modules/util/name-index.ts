// Name lookup for every library table (modules.md §1.3): normalized names and aliases, duplicates
// rejected when the index is built, suggestions for a miss.
import { normalizeName, suggestNames } from '../../../util/names.js';

export interface Named {
  name: string;
  aliases?: readonly string[];
}

export class NameIndex<T> {
  private readonly byName = new Map<string, T>();
  private readonly spellings: string[] = [];

  /** `nameOf` gives a row's canonical name and aliases; a clash throws, naming both rows. */
  constructor(rows: Iterable<T>, nameOf: (row: T) => readonly string[]) {
    for (const row of rows) this.add(row, nameOf(row));
  }

  /** The row a name or alias clashes with, or null. */
  clash(names: readonly string[]): T | null {
    for (const name of names) {
      const found = this.byName.get(normalizeName(name));
      if (found) return found;
    }
    return null;
  }

  add(row: T, names: readonly string[]): void {
    for (const name of names) {
      const key = normalizeName(name);
      if (this.byName.has(key)) throw new Error(`name '${name}' is used twice`);
      this.byName.set(key, row);
      this.spellings.push(name);
    }
  }

  get(name: string): T | undefined {
    return this.byName.get(normalizeName(name));
  }

  /** Up to five names close to a query that found nothing. */
  suggest(query: string, extra: readonly string[] = []): string[] {
    return suggestNames(query, [...extra, ...this.spellings]);
  }
}
