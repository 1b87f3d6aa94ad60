// UCUM codes as FHIR and laboratories write them ([degF], [lb_av], mmol/L), validated and converted through the
// NLM's @lhncbc/ucum-lhc. It lives beside the protocol units (index.ts) so units have one home: the protocol
// algebra keeps its own atoms because UCUM counts mEq as mmol, which is wrong for ions of charge 2 and above.
import { createRequire } from 'node:module';

interface UcumUtils {
  validateUnitString(unit: string): { status: 'valid' | 'invalid' | 'error'; ucumCode: string | null; msg: string[] };
  convertUnitTo(from: string, value: number, to: string, options?: { molecularWeight?: number; charge?: number }): { status: string; toVal: number | null; msg: string[] };
}

let utils: UcumUtils | null = null;

/** Loaded on first use: the UCUM tables are large and most runs never convert a unit. */
function ucum(): UcumUtils {
  if (utils) return utils;
  // inside the single executable's bundle `require` exists and esbuild bundles this call; from source (ESM) it does not
  const ucumPackage: unknown = typeof require === 'function' ? require('@lhncbc/ucum-lhc') : createRequire(import.meta.url)('@lhncbc/ucum-lhc');
  utils = (ucumPackage as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance();
  return utils;
}

/** ucum-lhc console.logs the caller's text when it cannot parse a unit; the service's logs must never carry caller text. */
function quietly<T>(work: () => T): T {
  const log = console.log;
  console.log = () => {};
  try {
    return work();
  } finally {
    console.log = log;
  }
}

/** The valid UCUM code for a unit string, or null. */
export function ucumCode(unit: string): string | null {
  if (unit.trim() === '') return null;
  const result = quietly(() => ucum().validateUnitString(unit));
  return result.status === 'valid' ? result.ucumCode : null;
}

/** `value` in `from` expressed in `to`, or null when UCUM cannot convert between them. */
export function convertUnit(value: number, from: string, to: string, molecularWeight?: number): number | null {
  if (from === to) return value;
  const result = quietly(() => ucum().convertUnitTo(from, value, to, molecularWeight ? { molecularWeight } : {}));
  return result.status === 'succeeded' && typeof result.toVal === 'number' && Number.isFinite(result.toVal) ? result.toVal : null;
}
