// Reading genotype text (modules.md §11.2): star-allele diplotypes (`*1/*2`, CYP2D6 copies `*1x2`,
// `*2xN`), DPYD `Reference/<variant>`, VKORC1 rs9923231 `G/A`, HLA `positive`/`negative` or a typed pair.
import { normalizeName } from '../../../util/names.js';
import { ArgumentError } from '../types.js';
import type { AlleleRow } from './tables.js';

/** One allele as written: its table name and copy count ('N' when the count is unknown). */
export interface AlleleCall {
  name: string;
  copies: number | 'N';
}

// `*80+*28`: CPIC names a haplotype carrying two star alleles with '+'
const STAR = /^(\*[0-9]+[A-Z]?(?:\+\*[0-9]+[A-Z]?)*)(?:X([0-9]+|N))?$/i;

/** Splits `A/B` into its two sides, or throws naming what was wrong. */
export function twoSides(label: string, genotype: string): [string, string] {
  const sides = genotype.split('/');
  if (sides.length !== 2 || sides.some((s) => s.trim() === '')) {
    throw new ArgumentError(`${label}: argument 2 'genotype' ${JSON.stringify(genotype)} must be a diplotype of two alleles separated by '/', e.g. *1/*2`);
  }
  return [sides[0]!.trim(), sides[1]!.trim()];
}

/** A star allele (`*4`, `*3A`, `*1x2`, `*2xN`); copy numbers only where the gene allows them. */
export function starAllele(label: string, text: string, copiesAllowed: boolean): AlleleCall {
  const match = STAR.exec(text.replace(/\s+/g, ''));
  if (!match) throw new ArgumentError(`${label}: argument 2 'genotype' allele ${JSON.stringify(text)} is not a star allele such as *1, *3A or *1x2`);
  const name = `*${match[1]!.slice(1).toUpperCase()}`;
  if (match[2] === undefined) return { name, copies: 1 };
  if (!copiesAllowed) throw new ArgumentError(`${label}: argument 2 'genotype' allele ${JSON.stringify(text)} has a copy number; only CYP2D6 alleles take one (*1x2)`);
  if (/^n$/i.test(match[2])) return { name, copies: 'N' };
  const copies = Number(match[2]);
  if (copies < 2 || copies > 20) throw new ArgumentError(`${label}: argument 2 'genotype' allele ${JSON.stringify(text)} must have 2 to 20 copies (or xN)`);
  return { name, copies };
}

/** DPYD names: `Reference`, the full CPIC name, its c. notation or its star/haplotype name (`*2A`, `HapB3`). */
export function dpydIndex(rows: readonly AlleleRow[]): Map<string, AlleleRow> {
  const index = new Map<string, AlleleRow>();
  const key = (s: string) => normalizeName(s).replace(/ /g, '');
  for (const row of rows) index.set(key(row.allele), row);
  for (const row of rows) {
    const parts = /^(.*?) \((.+)\)$/.exec(row.allele);
    for (const alias of parts ? [parts[1]!, parts[2]!] : []) if (!index.has(key(alias))) index.set(key(alias), row);
  }
  return index;
}

export function dpydKey(text: string): string {
  return normalizeName(text).replace(/ /g, '');
}

/** VKORC1 rs9923231: G (reference, also written C on the other strand) or A (variant, T). */
export function vkorc1Variants(label: string, genotype: string): number {
  const compact = genotype.replace(/\s+/g, '').toUpperCase();
  const pair = compact.includes('/') ? compact.split('/') : compact.length === 2 ? [compact[0]!, compact[1]!] : [];
  const variant = { G: 0, C: 0, A: 1, T: 1 } as Record<string, number>;
  if (pair.length !== 2 || pair.some((b) => !(b in variant))) {
    throw new ArgumentError(`${label}: argument 2 'genotype' ${JSON.stringify(genotype)} must be the rs9923231 (-1639G>A) genotype G/G, G/A or A/A`);
  }
  return variant[pair[0]!]! + variant[pair[1]!]!;
}

const HLA_ALLELE = /^(?:HLA-?[AB])?(\*[0-9]{2,3}:[0-9]{2,3})(?::[0-9]{2,3})*$/i;

/** HLA: `positive`/`negative` (optionally with the allele, `*57:01 positive`) or a typed pair. */
export function hlaCall(label: string, genotype: string): { carried: string[] | null; stated: boolean | null; allele: string | null } {
  const text = genotype.trim();
  const stated = /^(\*[0-9]{2,3}:[0-9]{2,3}\s+)?(positive|negative)$/i.exec(text);
  if (stated) return { carried: null, stated: /positive/i.test(stated[2]!), allele: stated[1]?.trim() ?? null };
  const sides = text.split('/').map((s) => s.trim());
  const typed = sides.map((s) => HLA_ALLELE.exec(s.replace(/\s+/g, '')));
  if (sides.length !== 2 || typed.some((t) => !t)) {
    throw new ArgumentError(`${label}: argument 2 'genotype' ${JSON.stringify(genotype)} must be 'positive', 'negative' or a typed pair such as *57:01/*44:02`);
  }
  return { carried: typed.map((t) => t![1]!), stated: null, allele: null };
}
