// The finance price list is installation configuration (modules.md §18): the shipped file holds
// MOISSCode's placeholder prices; an operator replaces it with a fee schedule (`cpes serve --price-list
// FILE` or CPES_PRICE_LIST). Loading goes through `loadPriceList` only, so an operator data pack can
// install its file the same way.
import { readFileSync } from 'node:fs';
import { deepFreeze } from '../../../util/freeze.js';
import shipped from './data/price-list.json' with { type: 'json' };

export interface PriceEntry {
  code: string;
  code_system: 'CPT' | 'HCPCS';
  description: string;
  /** integer cents; money is never held as a float */
  cents: number;
  price_source: string;
}

export interface PriceList {
  name: string;
  version: string;
  source: string;
  byCode: ReadonlyMap<string, PriceEntry>;
}

/** Codes are compared trimmed and in capitals (`j0897` is `J0897`). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Checks a parsed price-list document; throws naming the first bad row. */
export function parsePriceList(document: unknown, origin: string): PriceList {
  const fail = (what: string): never => {
    throw new Error(`price list ${origin}: ${what}`);
  };
  if (typeof document !== 'object' || document === null || Array.isArray(document)) fail('must be a JSON object with name, version, source and codes');
  const doc = document as Record<string, unknown>;
  for (const key of ['name', 'version', 'source'] as const) if (typeof doc[key] !== 'string' || !(doc[key] as string).trim()) fail(`'${key}' must be a non-empty string`);
  if (!Array.isArray(doc.codes) || doc.codes.length === 0) fail("'codes' must be a non-empty array");
  const byCode = new Map<string, PriceEntry>();
  (doc.codes as unknown[]).forEach((row, i) => {
    const r = row as Record<string, unknown>;
    const where = `codes[${i}]`;
    if (typeof r !== 'object' || r === null) fail(`${where} must be an object`);
    if (typeof r.code !== 'string' || !/^[A-Z0-9]{5}$/.test(normalizeCode(r.code))) fail(`${where}.code must be a 5-character CPT or HCPCS code`);
    if (r.code_system !== 'CPT' && r.code_system !== 'HCPCS') fail(`${where}.code_system must be CPT or HCPCS`);
    if (typeof r.description !== 'string' || !r.description.trim()) fail(`${where}.description must be a non-empty string`);
    if (typeof r.price_source !== 'string' || !r.price_source.trim()) fail(`${where}.price_source must say where the price comes from`);
    const price = r.price_usd;
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price > 10_000_000) fail(`${where}.price_usd must be a number of dollars from 0 to 10,000,000`);
    const cents = Math.round((price as number) * 100);
    if (Math.abs(cents - (price as number) * 100) > 1e-6) fail(`${where}.price_usd must have at most two decimals`);
    const code = normalizeCode(r.code as string);
    if (byCode.has(code)) fail(`${where}.code ${code} is listed twice`);
    byCode.set(code, { code, code_system: r.code_system as PriceEntry['code_system'], description: (r.description as string).trim(), cents, price_source: r.price_source as string });
  });
  return deepFreeze({ name: doc.name as string, version: doc.version as string, source: doc.source as string, byCode });
}

export function loadPriceList(path: string): PriceList {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`price list ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`price list ${path}: not valid JSON (${(error as Error).message})`);
  }
  return parsePriceList(parsed, path);
}

let active: PriceList | null = null;

/** Makes the file at `path` this process's price list (checked first; a bad file changes nothing). */
export function installPriceList(path: string): PriceList {
  active = loadPriceList(path);
  return active;
}

/** The installed list: CPES_PRICE_LIST when set (pool workers inherit it), else the shipped placeholders. */
export function priceList(): PriceList {
  if (!active) {
    const configured = process.env.CPES_PRICE_LIST;
    active = configured ? loadPriceList(configured) : parsePriceList(shipped, 'shipped placeholder list');
  }
  return active;
}
