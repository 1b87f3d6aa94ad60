// The unit atoms a protocol may write (language.md §7), each with its kind and its size in the kind's
// base unit. Sizes are SI definitions (BIPM SI Brochure, 9th ed. 2019) and, for mmHg, the conventional
// 133.322387415 Pa (ISO 80000-4:2019); nothing here is measured data.

export interface Atom {
  /** the canonical spelling; aliases map to it (`hr` → `h`, `IU` → `units`) */
  symbol: string;
  /** mass, volume, length, time, pressure, amount, equivalents, activity, percent, temperature */
  kind: string;
  /** the power of the kind the atom stands for: `m2` is length², everything else 1 */
  power: number;
  /** size in the kind's base unit (g, L, m, s, Pa, mol, Eq, units, %, °C) */
  factor: number;
}

const atom = (symbol: string, kind: string, factor: number, power = 1): Atom => Object.freeze({ symbol, kind, power, factor });

const ATOMS: readonly Atom[] = [
  atom('pg', 'mass', 1e-12),
  atom('ng', 'mass', 1e-9),
  atom('mcg', 'mass', 1e-6),
  atom('mg', 'mass', 1e-3),
  atom('g', 'mass', 1),
  atom('kg', 'mass', 1e3),
  atom('mL', 'volume', 1e-3),
  atom('dL', 'volume', 0.1),
  atom('L', 'volume', 1),
  atom('cm', 'length', 0.01),
  atom('m', 'length', 1),
  atom('m2', 'length', 1, 2),
  atom('ms', 'time', 1e-3),
  atom('s', 'time', 1),
  atom('min', 'time', 60),
  atom('h', 'time', 3600),
  atom('day', 'time', 86_400),
  atom('mmHg', 'pressure', 133.322387415),
  atom('kPa', 'pressure', 1000),
  atom('pmol', 'amount', 1e-12),
  atom('nmol', 'amount', 1e-9),
  atom('umol', 'amount', 1e-6),
  atom('mmol', 'amount', 1e-3),
  atom('mol', 'amount', 1),
  // equivalents are their own kind: 1 mEq is 1 mmol only for a monovalent ion
  atom('mEq', 'equivalents', 1e-3),
  // IU and units are one activity unit (modules.md §23); neither converts to mass
  atom('units', 'activity', 1),
  atom('%', 'percent', 1),
  // temperature is on an interval scale: it adds and compares, but never multiplies
  atom('°C', 'temperature', 1),
];

/** Protocol spellings that name the same atom. */
const ALIASES: Readonly<Record<string, string>> = { hr: 'h', IU: 'units', ug: 'mcg', Cel: '°C', degC: '°C', 'µmol': 'umol', 'μmol': 'umol' };

const BY_SYMBOL = new Map<string, Atom>(ATOMS.map((a) => [a.symbol, a]));
for (const [alias, target] of Object.entries(ALIASES)) BY_SYMBOL.set(alias, BY_SYMBOL.get(target)!);

/** The atom a spelling names, or undefined. */
export function atomNamed(spelling: string): Atom | undefined {
  return BY_SYMBOL.get(spelling);
}

/** Every spelling the lexer accepts, aliases included. */
export const UNIT_SPELLINGS: readonly string[] = [...BY_SYMBOL.keys()];
