// ICD-10-CM tables (modules.md §9.1): codes, categories, chapters and MS-DRG families. The complete code
// set and the DRG weights can come from operator packs (icd10cm-pack.ts, drg-weights-pack.ts); the SNOMED CT
// map is licensed and comes only from a pack (snomed-pack.ts).
import codeTable from './data/icd10cm.json' with { type: 'json' };
import drgTable from './data/msdrg.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';

export interface Chapter {
  chapter: string;
  number: number;
  title: string;
  /** first and last 3-character category, e.g. A00-B99 */
  range: string;
}

export interface IcdCode {
  code: string;
  description: string;
  billable: boolean;
  cc_level: 'MCC' | 'CC' | null;
  related: string[];
}

export interface Drg {
  drg: string;
  name: string;
  mdc: string;
  weight: number | null;
  severity: 'MCC' | 'CC' | 'CC/MCC' | 'none';
  family: string;
  requires_procedure: boolean;
  principal_codes: string[];
}

interface Versioned {
  name: string;
  version: string;
  source: string;
}

export const icd = deepFreeze(codeTable as unknown as Versioned & { chapters: Chapter[]; categories: { code: string; title: string }[]; codes: IcdCode[]; cc_source: string });
export const drgs = deepFreeze(drgTable as unknown as Versioned & { drgs: Drg[] });

interface SearchEntry {
  entry: IcdCode;
  /** lower-cased description and category title, searched for every word */
  text: string;
  code: string;
  bare: string;
}

/** One code set (the shipped subset or an installed icd10cm pack) with its lookups, built once per set. */
export interface CodeSet {
  codes: readonly IcdCode[];
  byCode: ReadonlyMap<string, IcdCode>;
  categoryTitle: ReadonlyMap<string, string>;
  /** false when an installed pack came without Appendix C: no code's CC/MCC level is known */
  ccLevels: boolean;
  /** how results cite the code set */
  source: string;
  /** the search index, built on the first search: lower-casing 74,000 titles per query would dominate it */
  searchEntries(): SearchEntry[];
}

export function codeSetOf(codes: readonly IcdCode[], ccLevels: boolean, source: string): CodeSet {
  const categoryTitle = new Map(codes.filter((c) => c.code.length === 3).map((c) => [c.code, c.description]));
  let entries: SearchEntry[] | null = null;
  return {
    codes,
    byCode: new Map(codes.map((c) => [c.code, c])),
    categoryTitle,
    ccLevels,
    source,
    searchEntries: () =>
      (entries ??= codes.map((entry) => {
        const code = entry.code.toLowerCase();
        return { entry, text: `${entry.description.toLowerCase()}\n${(categoryTitle.get(entry.code.slice(0, 3)) ?? '').toLowerCase()}`, code, bare: code.replace('.', '') };
      })),
  };
}

const shippedSet: CodeSet = (() => {
  const set = codeSetOf(icd.codes, true, `${icd.name} ${icd.version}: ${icd.source}`);
  // the shipped subset names categories whose 3-character header row it does not hold
  return { ...set, categoryTitle: new Map(icd.categories.map((c) => [c.code, c.title])) };
})();

export const SHIPPED_CODES = shippedSet;

export const CODE_SHAPE = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

/** `e119` → `E11.9`; null when the result is not ICD-10-CM shaped. */
export function normalizeCode(input: string): string | null {
  const bare = input.trim().toUpperCase().replace('.', '');
  const code = bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare;
  return CODE_SHAPE.test(code) ? code : null;
}

export function chapterOf(code: string): Chapter | undefined {
  const category = code.slice(0, 3);
  return icd.chapters.find((c) => {
    const [first, last] = c.range.split('-') as [string, string];
    return category >= first && category <= last;
  });
}

/** The 3-character category with its title, or null when the code set has no such category. */
export function categoryOf(set: CodeSet, code: string): { code: string; title: string } | null {
  const category = code.slice(0, 3);
  const title = set.categoryTitle.get(category);
  return title === undefined ? null : { code: category, title };
}

/** The table's own related list, then the other codes of the same category, in code order. */
export function relatedCodes(set: CodeSet, entry: IcdCode): IcdCode[] {
  const out = new Map<string, IcdCode>();
  for (const code of entry.related) {
    const related = set.byCode.get(code);
    if (related) out.set(code, related);
  }
  for (const other of set.codes) if (other.code !== entry.code && other.code.startsWith(entry.code.slice(0, 3))) out.set(other.code, other);
  return [...out.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
}

/**
 * §9.2 search: codes where every word occurs in the description or category title, or is a code prefix;
 * an exact code match first, then table order. Stops scanning once `limit` + 1 matches are known.
 */
export function searchCodes(set: CodeSet, term: string, limit: number): { results: IcdCode[]; truncated: boolean } {
  const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const exact = normalizeCode(term);
  const matches: IcdCode[] = [];
  let exactMatch: IcdCode | undefined;
  for (const e of set.searchEntries()) {
    if (!words.every((w) => e.text.includes(w) || e.code.startsWith(w) || e.bare.startsWith(w))) continue;
    if (e.entry.code === exact) exactMatch = e.entry;
    else matches.push(e.entry);
    if (matches.length > limit && (exact === null || exactMatch || !set.byCode.has(exact))) break;
  }
  const ordered = exactMatch ? [exactMatch, ...matches] : matches;
  return { results: ordered.slice(0, limit), truncated: ordered.length > limit };
}
