// Chemical formula grammar and molecular weight (modules.md §7.2 molecular_weight) over the CIAAW
// abridged standard atomic weights (data/atomic-weights.json).
import atomicWeightTable from './data/atomic-weights.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';

interface ElementRow {
  z: number;
  symbol: string;
  name: string;
  weight: number;
  standard: boolean;
}

export const atomicWeights = deepFreeze(atomicWeightTable as { name: string; version: string; source: string; elements: ElementRow[] });
const weightOf = new Map(atomicWeights.elements.map((e) => [e.symbol, e.weight]));

export interface ParsedFormula {
  /** element → total count over all groups and parts, in Hill order */
  composition: Record<string, number>;
  charge: number;
}

/** A formula that does not follow the grammar; the message says what and where (1-based position). */
export class FormulaError extends Error {}

const PART_SEPARATORS = new Set(['.', '·', '*']);
const CLOSING: Record<string, string> = { '(': ')', '[': ']' };

/**
 * Parses `2H2O`, `K4[Fe(CN)6]`, `CuSO4·5H2O`, `SO4^2-`, `NH4+`. Element symbols must be real; counts
 * and multipliers are positive integers; a trailing charge does not change the composition.
 */
export function parseFormula(formula: string): ParsedFormula {
  if (formula === '') throw new FormulaError('is empty; send a formula such as C9H8O4');
  const { body, charge } = splitCharge(formula);
  const totals = new Map<string, number>();
  for (const part of splitParts(body)) add(totals, parsePart(part.text, part.offset), 1);
  return { composition: hillOrder(totals), charge };
}

/** Σ count × standard atomic weight. */
export function formulaWeight(composition: Record<string, number>): number {
  let sum = 0;
  for (const [symbol, count] of Object.entries(composition)) sum += count * weightOf.get(symbol)!;
  return sum;
}

/** The Hill-system formula string: C, H, then alphabetical (alphabetical throughout without carbon). */
export function hillFormula(composition: Record<string, number>): string {
  return Object.entries(composition)
    .map(([symbol, count]) => (count === 1 ? symbol : `${symbol}${count}`))
    .join('');
}

function hillOrder(totals: Map<string, number>): Record<string, number> {
  const symbols = [...totals.keys()];
  const hasCarbon = totals.has('C');
  const rank = (s: string): string => (hasCarbon && s === 'C' ? '0' : hasCarbon && s === 'H' ? '1' : `2${s}`);
  symbols.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
  const out: Record<string, number> = {};
  for (const s of symbols) out[s] = totals.get(s)!;
  return out;
}

/** Splits a trailing `^2-` / `^+` / `+++` charge off the formula. */
function splitCharge(formula: string): { body: string; charge: number } {
  const caret = /\^(\d*)([+-])$|\^([+-])(\d+)$/.exec(formula);
  if (caret) {
    const magnitude = Number(caret[1] || caret[4] || '1');
    if (magnitude === 0) throw new FormulaError(`has a zero charge at position ${caret.index + 1}`);
    const sign = (caret[2] ?? caret[3]) === '-' ? -1 : 1;
    return { body: formula.slice(0, caret.index), charge: sign * magnitude };
  }
  const signs = /(\++|-+)$/.exec(formula);
  if (signs) {
    const sign = signs[1]![0] === '-' ? -1 : 1;
    return { body: formula.slice(0, signs.index), charge: sign * signs[1]!.length };
  }
  return { body: formula, charge: 0 };
}

function splitParts(body: string): { text: string; offset: number }[] {
  const parts: { text: string; offset: number }[] = [];
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || PART_SEPARATORS.has(body[i]!)) {
      if (i === start) throw new FormulaError(`has an empty part at position ${i + 1}`);
      parts.push({ text: body.slice(start, i), offset: start });
      start = i + 1;
    }
  }
  return parts;
}

/** One hydrate/adduct part: an optional leading coefficient, then elements and bracketed groups. */
function parsePart(text: string, offset: number): Map<string, number> {
  let i = 0;
  const readCount = (): number | null => {
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    if (i === start) return null;
    const value = Number(text.slice(start, i));
    if (value === 0) throw new FormulaError(`has a zero count at position ${offset + start + 1}`);
    return value;
  };
  const coefficient = readCount() ?? 1;
  const stack: { counts: Map<string, number>; opener: string; at: number }[] = [{ counts: new Map(), opener: '', at: 0 }];
  while (i < text.length) {
    const ch = text[i]!;
    const at = offset + i + 1;
    if (ch === '(' || ch === '[') {
      stack.push({ counts: new Map(), opener: ch, at });
      i++;
    } else if (ch === ')' || ch === ']') {
      const top = stack.pop()!;
      if (stack.length === 0 || CLOSING[top.opener] !== ch) throw new FormulaError(`has an unbalanced '${ch}' at position ${at}`);
      i++;
      const multiplier = readCount() ?? 1;
      if (top.counts.size === 0) throw new FormulaError(`has an empty group at position ${top.at}`);
      add(stack[stack.length - 1]!.counts, top.counts, multiplier);
    } else if (ch >= 'A' && ch <= 'Z') {
      let symbol = ch;
      i++;
      if (i < text.length && text[i]! >= 'a' && text[i]! <= 'z') symbol += text[i++];
      if (!weightOf.has(symbol)) throw new FormulaError(`has an unknown element symbol '${symbol}' at position ${at}`);
      const count = readCount() ?? 1;
      const counts = stack[stack.length - 1]!.counts;
      counts.set(symbol, (counts.get(symbol) ?? 0) + count);
    } else if (ch >= 'a' && ch <= 'z') {
      throw new FormulaError(`has '${ch}' at position ${at}; element symbols start with a capital letter (C9H8O4, not c9h8o4)`);
    } else if (ch >= '0' && ch <= '9') {
      throw new FormulaError(`has a number at position ${at} where an element is expected (isotope labels are not accepted)`);
    } else {
      throw new FormulaError(`has an unexpected character '${ch}' at position ${at}`);
    }
  }
  if (stack.length > 1) throw new FormulaError(`has an unclosed '${stack[stack.length - 1]!.opener}' at position ${stack[stack.length - 1]!.at}`);
  const counts = stack[0]!.counts;
  if (counts.size === 0) throw new FormulaError(`has a part without elements at position ${offset + 1}`);
  const scaled = new Map<string, number>();
  add(scaled, counts, coefficient);
  return scaled;
}

function add(into: Map<string, number>, from: Map<string, number>, multiplier: number): void {
  for (const [symbol, count] of from) into.set(symbol, (into.get(symbol) ?? 0) + count * multiplier);
}
