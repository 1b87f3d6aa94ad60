// Enzyme kinetics on the table's constants (modules.md §12). Where the source gives Km but no Vmax, rates are
// null and only the fractions of Vmax (which need Km alone) are reported.
import { pyRound } from '../../../util/round.js';
import type { JsonObject } from '../types.js';
import { requireFinite } from '../util/finite.js';
import { ENZYMES, enzymeIndex, type Enzyme, type Kinetics } from './tables.js';

const round = (x: number | null, digits: number): number | null => (x === null ? null : pyRound(x, digits));

type Found = { enzyme: Enzyme; k: Kinetics };
const KINETIC_ENZYMES = ENZYMES.filter((e) => e.kinetics).map((e) => e.name);

/**
 * The enzyme and its kinetic constants, or the result to return instead: `found: false` for an unknown
 * name; for a known enzyme without published constants every computed field is null and `note` says why.
 */
function lookup(name: string, type: string, computed: readonly string[]): Found | { missing: JsonObject } {
  const enzyme = enzymeIndex.get(name);
  if (!enzyme) return { missing: { type, enzyme: name, found: false, suggestions: enzymeIndex.suggest(name) } };
  if (!enzyme.kinetics) {
    const nulls = Object.fromEntries(computed.map((field) => [field, null]));
    const note = `no published kinetic constants are held for ${enzyme.name} (held for ${KINETIC_ENZYMES.join(', ')})`;
    return { missing: { type, enzyme: enzyme.name, found: true, ...nulls, organism: null, substrate: null, source: null, note } };
  }
  return { enzyme, k: enzyme.kinetics };
}

function header(type: string, f: Found): JsonObject {
  return { type, enzyme: f.enzyme.name, found: true };
}

const basis = (k: Kinetics): JsonObject => ({ organism: k.organism, substrate: k.substrate, source: k.source, note: null });

/** V = Vmax·S/(Km + S) (Michaelis & Menten 1913; Briggs & Haldane 1925). */
export function michaelisMenten(name: string, substrate: number): JsonObject {
  const f = lookup(name, 'BIOCHEM_KINETICS', ['substrate_conc_mM', 'velocity', 'vmax', 'vmax_unit', 'km', 'fraction_vmax']);
  if ('missing' in f) return f.missing.found ? { ...f.missing, substrate_conc_mM: substrate } : f.missing;
  const fraction = substrate / (f.k.km + substrate);
  return {
    ...header('BIOCHEM_KINETICS', f),
    substrate_conc_mM: substrate,
    velocity: round(f.k.vmax === null ? null : f.k.vmax * fraction, 4),
    vmax: f.k.vmax,
    vmax_unit: f.k.vmax_unit,
    km: f.k.km,
    fraction_vmax: pyRound(fraction, 4),
    ...basis(f.k),
  };
}

/** Double-reciprocal plot: slope Km/Vmax, y-intercept 1/Vmax, x-intercept −1/Km (Lineweaver & Burk 1934). */
export function lineweaverBurk(name: string, concentrations: number[]): JsonObject {
  const f = lookup(name, 'BIOCHEM_LB_PLOT', ['y_intercept', 'x_intercept', 'slope', 'data_points']);
  if ('missing' in f) return f.missing;
  const { km, vmax } = f.k;
  for (const s of concentrations) requireFinite(1 / s, 'biochem.lineweaver_burk', `'substrate_concs' (${s} mM)`);
  return {
    ...header('BIOCHEM_LB_PLOT', f),
    y_intercept: round(vmax === null ? null : 1 / vmax, 6),
    x_intercept: pyRound(-1 / km, 6),
    slope: round(vmax === null ? null : km / vmax, 6),
    data_points: concentrations.map((s) => ({ inv_S: pyRound(1 / s, 4), inv_V: round(vmax === null ? null : (km + s) / (vmax * s), 6) })),
    ...basis(f.k),
  };
}

/** Km,app = Km·(1 + I/Ki); inhibition % = (1 − Vi/V0)·100, which needs Km only. */
export function competitiveInhibition(name: string, substrate: number, inhibitor: number, ki: number): JsonObject {
  const f = lookup(name, 'BIOCHEM_INHIBITION', ['inhibition_type', 'velocity_inhibited', 'velocity_uninhibited', 'km_apparent', 'percent_inhibition']);
  if ('missing' in f) return f.missing;
  const { km, vmax } = f.k;
  const kmApp = requireFinite(km * (1 + inhibitor / ki), 'biochem.competitive_inhibition', "'inhibitor_conc' and 'ki'");
  const ratio = (km + substrate) / (kmApp + substrate); // Vi / V0
  return {
    ...header('BIOCHEM_INHIBITION', f),
    inhibition_type: 'competitive',
    velocity_inhibited: round(vmax === null ? null : (vmax * substrate) / (kmApp + substrate), 4),
    velocity_uninhibited: round(vmax === null ? null : (vmax * substrate) / (km + substrate), 4),
    km_apparent: pyRound(kmApp, 4),
    percent_inhibition: pyRound((1 - ratio) * 100, 2),
    ...basis(f.k),
  };
}

export function getEnzyme(name: string): JsonObject {
  const enzyme = enzymeIndex.get(name);
  if (!enzyme) return { type: 'BIOCHEM_ENZYME', found: false, name, suggestions: enzymeIndex.suggest(name) };
  const k = enzyme.kinetics;
  return {
    type: 'BIOCHEM_ENZYME',
    found: true,
    name: enzyme.name,
    aliases: [...enzyme.aliases],
    ec_number: enzyme.ec_number,
    accepted_name: enzyme.accepted_name,
    reaction: enzyme.reaction,
    substrate: k?.substrate ?? null,
    product: k?.product ?? null,
    vmax: k?.vmax ?? null,
    vmax_unit: k?.vmax_unit ?? null,
    km: k?.km ?? null,
    kcat: k?.kcat ?? null,
    optimal_ph: k?.optimal_ph ?? null,
    optimal_temp: k?.optimal_temp ?? null,
    inhibitors: k?.inhibitors ? [...k.inhibitors] : null,
    activators: k?.activators ? [...k.activators] : null,
    organism: k?.organism ?? null,
    source: enzyme.source,
    kinetics_source: k?.source ?? null,
  };
}
