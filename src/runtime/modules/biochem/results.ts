// What each biochem function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField } from '../types.js';
import { flag, found, int, num, oneOf, optional, text } from '../util/result-fields.js';

/** A value the table may not hold (null), absent when the name was not found. */
const held = (name: string, type: 'number' | 'string', description: string, unit?: string): ResultField =>
  optional({ name, type: [type, 'null'], description: `${description}; null when not held`, ...(unit && { unit }) });
const strings = (name: string, description: string): ResultField => optional({ name, type: ['array', 'null'], items: { type: 'string', description: 'a name' }, description });

/** Where the kinetic constants come from; null (with a note) when the enzyme has none. */
const KINETIC_BASIS: ResultField[] = [
  held('organism', 'string', 'the organism the constants were measured in'),
  held('substrate', 'string', 'the substrate they were measured with'),
  held('source', 'string', 'the paper they come from'),
  optional({ name: 'note', type: ['string', 'null'], description: 'why no constants are held; null when they are' }),
];
const ENZYME = text('enzyme', "the table's name of the enzyme (the query when not found)");
const KM_NOTE = 'Michaelis constant of the published measurement';

export const BIOCHEM_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  michaelis_menten: {
    type: 'BIOCHEM_KINETICS',
    description: 'the Michaelis–Menten velocity at one substrate concentration',
    fields: [
      ENZYME,
      found('an enzyme'),
      optional(num('substrate_conc_mM', 'mM', 'the concentration given')),
      held('velocity', 'number', 'V = Vmax·S/(Km + S), four decimals, in vmax_unit'),
      held('vmax', 'number', 'maximum velocity, in vmax_unit'),
      held('vmax_unit', 'string', 'the unit of vmax as published'),
      held('km', 'number', KM_NOTE, 'mM'),
      held('fraction_vmax', 'number', 'S/(Km + S), four decimals'),
      ...KINETIC_BASIS,
    ],
  },
  lineweaver_burk: {
    type: 'BIOCHEM_LB_PLOT',
    description: 'the double-reciprocal plot',
    fields: [
      ENZYME,
      found('an enzyme'),
      held('y_intercept', 'number', '1/Vmax, six decimals'),
      held('x_intercept', 'number', '−1/Km, six decimals', '1/mM'),
      held('slope', 'number', 'Km/Vmax, six decimals'),
      optional({
        name: 'data_points',
        type: ['array', 'null'],
        description: 'each concentration given; null when no constants are held',
        items: {
          type: 'object',
          description: 'one point',
          fields: [
            num('inv_S', '1/mM', '1/S, four decimals'),
            { name: 'inv_V', type: ['number', 'null'], description: '1/V, six decimals; null without Vmax' },
          ],
        },
      }),
      ...KINETIC_BASIS,
    ],
  },
  competitive_inhibition: {
    type: 'BIOCHEM_INHIBITION',
    description: 'competitive inhibition at one substrate and inhibitor concentration',
    fields: [
      ENZYME,
      found('an enzyme'),
      held('inhibition_type', 'string', 'always `competitive`'),
      held('velocity_inhibited', 'number', 'velocity with the inhibitor, four decimals, in the enzyme’s vmax unit'),
      held('velocity_uninhibited', 'number', 'velocity without it, four decimals'),
      held('km_apparent', 'number', 'Km·(1 + I/Ki), four decimals', 'mM'),
      held('percent_inhibition', 'number', '(1 − Vi/V0)·100, two decimals', '%'),
      ...KINETIC_BASIS,
    ],
  },
  get_pathway: {
    type: 'BIOCHEM_PATHWAY',
    description: 'a metabolic pathway as the table holds it',
    fields: [
      found('a pathway'),
      text('name', "the table's name of the pathway (the query when not found)"),
      strings('aliases', 'other names it answers to'),
      optional(text('location', 'where in the cell it runs')),
      optional(text('per', 'what one run of the pathway is counted per (e.g. per glucose)')),
      held('net_atp', 'number', 'net ATP (or GTP) made at substrate level per run'),
      held('net_nadh', 'number', 'net NADH per run'),
      held('net_fadh2', 'number', 'net FADH2 per run'),
      held('net_nadph', 'number', 'net NADPH per run'),
      optional(flag('yield_defined', 'whether the pathway has a fixed ATP yield')),
      optional({
        name: 'steps',
        type: 'array',
        description: 'its reactions in order',
        items: {
          type: 'object',
          description: 'one reaction',
          fields: [
            text('enzyme', 'the enzyme'),
            text('substrate', 'what it consumes'),
            text('product', 'what it makes'),
            { name: 'atp_change', type: ['number', 'null'], description: 'ATP made (positive) or used (negative); null when none' },
          ],
        },
      }),
      optional(text('source', 'where the pathway facts come from')),
    ],
  },
  atp_yield: {
    type: 'BIOCHEM_ATP',
    description: 'ATP from a number of pathway runs (2.5 per NADH, 1.5 per FADH2)',
    fields: [
      text('pathway', "the table's name of the pathway (the query when not found)"),
      found('a pathway'),
      optional(int('cycles', 'the runs given')),
      held('substrate_level_atp', 'number', 'ATP made at substrate level'),
      held('from_nadh', 'number', 'ATP from NADH by oxidative phosphorylation'),
      held('from_fadh2', 'number', 'ATP from FADH2'),
      held('total_atp', 'number', 'the sum, one decimal'),
      optional(text('per', 'what one run is counted per')),
      optional(flag('defined', 'false for a pathway without a fixed yield (the amounts are then null)')),
      optional({ name: 'note', type: ['string', 'null'], description: 'why the yield is not defined; null when it is' }),
    ],
  },
  get_enzyme: {
    type: 'BIOCHEM_ENZYME',
    description: 'an enzyme and its published kinetic constants where held',
    fields: [
      found('an enzyme'),
      text('name', "the table's name of the enzyme (the query when not found)"),
      strings('aliases', 'other names it answers to'),
      held('ec_number', 'string', 'EC number'),
      held('accepted_name', 'string', 'the accepted name (ExPASy ENZYME)'),
      held('reaction', 'string', 'the reaction it catalyses'),
      held('substrate', 'string', 'the substrate of the kinetic measurement'),
      held('product', 'string', 'its product'),
      held('vmax', 'number', 'maximum velocity, in vmax_unit'),
      held('vmax_unit', 'string', 'the unit of vmax as published'),
      held('km', 'number', KM_NOTE, 'mM'),
      held('kcat', 'number', 'turnover number, as published'),
      held('optimal_ph', 'number', 'optimal pH'),
      held('optimal_temp', 'number', 'optimal temperature', '°C'),
      strings('inhibitors', 'known inhibitors; null when not held'),
      strings('activators', 'known activators; null when not held'),
      held('organism', 'string', 'the organism of the kinetic measurement'),
      optional(text('source', 'the source of the enzyme identity')),
      held('kinetics_source', 'string', 'the paper of the kinetic constants'),
    ],
  },
  serum_osmolality: {
    type: 'BIOCHEM_OSMOLALITY',
    description: 'calculated serum osmolality and the osmolal gap',
    fields: [
      num('osmolality', 'mOsm/kg', '2·Na + glucose/18 + BUN/2.8, one decimal'),
      oneOf('status', 'against 275–295 mOsm/kg', ['LOW', 'NORMAL', 'HIGH']),
      text('normal_range', 'the range used, as text'),
      { name: 'measured_osm', type: ['number', 'null'], unit: 'mOsm/kg', description: 'the measured value given; null when none' },
      { name: 'osmolal_gap', type: ['number', 'null'], unit: 'mOsm/kg', description: 'measured − calculated, one decimal; null without a measured value' },
      { name: 'gap_status', type: ['string', 'null'], enum: ['NORMAL', 'ELEVATED'], description: 'ELEVATED above 10; null without a measured value' },
    ],
  },
  anion_gap: {
    type: 'BIOCHEM_ANION_GAP',
    description: 'anion gap',
    fields: [
      num('anion_gap', 'mmol/L', 'Na − (Cl + HCO3), one decimal'),
      { name: 'anion_gap_corrected', type: ['number', 'null'], unit: 'mmol/L', description: 'gap + 2.5·(4.0 − albumin), one decimal; null without albumin' },
      oneOf('status', 'against 8–12 (the corrected gap when given)', ['LOW', 'NORMAL', 'ELEVATED']),
      text('normal_range', 'the range used, as text'),
    ],
  },
};
