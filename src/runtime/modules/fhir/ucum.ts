// UCUM unit validation and conversion through the NLM's @lhncbc/ucum-lhc (no hand-written factor table).
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

/** The valid UCUM code for a unit string, or null. */
export function ucumCode(unit: string): string | null {
  if (unit.trim() === '') return null;
  const result = ucum().validateUnitString(unit);
  return result.status === 'valid' ? result.ucumCode : null;
}

/** `value` in `from` expressed in `to`, or null when UCUM cannot convert between them. */
export function convertUnit(value: number, from: string, to: string, molecularWeight?: number): number | null {
  if (from === to) return value;
  const result = ucum().convertUnitTo(from, value, to, molecularWeight ? { molecularWeight } : {});
  return result.status === 'succeeded' && typeof result.toVal === 'number' && Number.isFinite(result.toVal) ? result.toVal : null;
}
