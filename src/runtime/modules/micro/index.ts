// modules.md §10: organism facts, antimicrobial susceptibility by MIC breakpoints, empiric regimens,
// Gram-stain differentials. Stateless.
import { normalizeName } from '../../../util/names.js';
import { ArgumentError, type FunctionSpec, type JsonObject, type ModuleDef } from '../types.js';
import type { PackKind } from '../../packs/types.js';
import { ANTIBIOTIC_SOURCE } from './antibiotics.js';
import { breakpointsKind } from './breakpoints-pack.js';
import { DIFFERENTIAL_ITEM, MICRO_RESULTS } from './results.js';
import { susceptibility } from './susceptibility.js';
import { clsiBreakpoints, eucast, expectedResistance, EXPECTED_SOURCE, infectionIndex, organismIndex, organisms, regimens, type Organism } from './tables.js';

const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const s = (v: unknown): string => v as string;
const ORGANISM_SOURCE = 'MOISSCode organism keys; identity facts entered by hand from standard clinical microbiology references (see README, micro data)';
const EUCAST_SOURCE = `${eucast.version}, www.eucast.org (free to use with attribution): ${eucast.source}`;
const CLSI_SOURCE = `CLSI: a laboratory's licensed CLSI M100 table loaded as a 'breakpoints' data pack (results name it in data_pack); without one, ${clsiBreakpoints.name}: ${clsiBreakpoints.source}`;

function identify(key: string): JsonObject {
  const o = organismIndex.get(key);
  if (!o) return { type: 'MICRO_ID', key, found: false, suggestions: organismIndex.suggest(key) };
  return {
    type: 'MICRO_ID', key: o.key, found: true, name: o.name, kind: o.kind, gram: o.gram, shape: o.shape, oxygen: o.oxygen, catalase: o.catalase,
    coagulase: o.coagulase, common_infections: o.common_infections, first_line: o.first_line, susceptible_to: o.susceptible_to, resistant_to: o.resistant_to,
    intrinsic_resistance: expectedResistance(o)?.agents ?? [], intrinsic_resistance_source: expectedResistance(o)?.source ?? null,
    breakpoint_group: o.breakpoint_group, eucast_group: o.eucast_group, breakpoint_note: o.breakpoint_note, source: o.source,
  };
}

function regimenText(r: { drug: string; dose: string | null; route: string }): string {
  return `${r.drug} ${r.dose ?? '(dose not entered)'} ${r.route}`;
}

function empiricTherapy(name: string): JsonObject {
  const infection = infectionIndex.get(name);
  if (!infection) return { type: 'MICRO_EMPIRIC', infection: name, key: null, found: false, suggestions: infectionIndex.suggest(name) };
  const tiers = Object.keys(infection.tiers);
  const empty = tiers.filter((t) => infection.tiers[t]!.length === 0);
  return {
    type: 'MICRO_EMPIRIC', infection: infection.name, key: infection.key, found: true, tiers,
    ...Object.fromEntries(tiers.map((t) => [t, infection.tiers[t]!.map(regimenText)])),
    regimens: Object.fromEntries(tiers.map((t) => [t, infection.tiers[t]!.map((r) => ({ ...r }))])),
    source: infection.guideline,
    note: empty.length > 0 ? `regimens not entered for ${empty.join(', ')}: the guideline text was not available to verify them; consult ${infection.guideline}` : null,
  };
}

const GRAM_WORDS: Record<string, Organism['gram']> = {
  positive: 'positive', pos: 'positive', '+': 'positive', 'gram positive': 'positive',
  negative: 'negative', neg: 'negative', '-': 'negative', 'gram negative': 'negative', variable: 'variable',
};
const SHAPE_WORDS: Record<string, Organism['shape']> = {
  cocci: 'cocci', coccus: 'cocci', bacilli: 'bacilli', bacillus: 'bacilli', rod: 'bacilli', rods: 'bacilli',
  coccobacilli: 'coccobacilli', coccobacillus: 'coccobacilli', yeast: 'yeast', mold: 'mold',
};

/** Fungi have no Gram reaction in the table, so yeast and mold match on shape alone. */
function gramStainDdx(gramText: string, shapeText: string): JsonObject[] {
  const gram = GRAM_WORDS[normalizeName(gramText)] ?? GRAM_WORDS[gramText.trim()];
  if (!gram) throw new ArgumentError(`micro.gram_stain_ddx: argument 1 'gram' must be positive (pos, +, gram-positive), negative (neg, -, gram-negative) or variable, got ${JSON.stringify(gramText)}`);
  const shape = SHAPE_WORDS[normalizeName(shapeText)];
  if (!shape) throw new ArgumentError(`micro.gram_stain_ddx: argument 2 'shape' must be cocci, bacilli (rod), coccobacilli, yeast or mold, got ${JSON.stringify(shapeText)}`);
  const fungal = shape === 'yeast' || shape === 'mold';
  return organisms.filter((o) => o.shape === shape && (fungal || o.gram === gram)).map((o) => ({ key: o.key, name: o.name, first_line: o.first_line }));
}

const micro: ModuleDef = {
  packKinds: [breakpointsKind as PackKind],
  name: 'micro',
  description: 'Organism facts, MIC susceptibility interpretation, empiric regimens, Gram-stain differentials.',
  functions: [
    fn({
      name: 'identify',
      description: 'Organism facts by key, name or alias: Gram reaction, shape, oxygen, enzymes, EUCAST expected resistance, EUCAST and CLSI breakpoint groups.',
      params: [{ name: 'organism_key', type: 'string', maxLength: 200, description: 'organism key, name or alias (E.coli, e_coli, Escherichia coli)' }],
      result: MICRO_RESULTS.identify!,
      sources: [ORGANISM_SOURCE, EXPECTED_SOURCE],
      impl: (a) => identify(s(a.organism_key)),
    }),
    fn({
      name: 'susceptibility',
      description: 'Expected (intrinsic) resistance, and with a MIC its interpretation against the EUCAST or CLSI breakpoints of the organism group (rows that differ by indication split by site); names the standard and its version.',
      params: [
        { name: 'organism_key', type: 'string', maxLength: 200, description: 'organism key, name or alias' },
        { name: 'antibiotic', type: 'string', maxLength: 200, description: 'antibiotic name, alias or three-letter code (pk names are recognized)' },
        { name: 'mic_value', type: ['number', 'null'], default: null, exclusiveMinimum: 0, unit: 'mcg/mL', description: 'MIC; for combinations the first component (piperacillin, trimethoprim)' },
        { name: 'site', type: ['string', 'null'], default: null, maxLength: 50, description: 'meningitis, nonmeningitis, oral, parenteral, urine_only (uncomplicated UTI), urinary_origin or systemic' },
        { name: 'standard', type: ['string', 'null'], default: null, maxLength: 10, description: 'EUCAST or CLSI; null: CLSI when a laboratory CLSI breakpoints pack is installed, else EUCAST' },
      ],
      result: MICRO_RESULTS.susceptibility!,
      sources: [EUCAST_SOURCE, CLSI_SOURCE, EXPECTED_SOURCE, ANTIBIOTIC_SOURCE],
      impl: (a, ctx) => susceptibility(ctx, s(a.organism_key), s(a.antibiotic), a.mic_value as number | null, a.site!, a.standard!),
    }),
    fn({
      name: 'empiric_therapy',
      description: 'Empiric regimens by severity tier for an infection, with the guideline they come from.',
      params: [{ name: 'infection_type', type: 'string', maxLength: 200, description: 'infection key or alias (CAP, uti, cellulitis, c_diff, …)' }],
      result: MICRO_RESULTS.empiric_therapy!,
      sources: [`${regimens.name}: ${regimens.source}`],
      impl: (a) => empiricTherapy(s(a.infection_type)),
    }),
    fn({
      name: 'gram_stain_ddx',
      description: 'Organisms in the table matching a Gram reaction and shape, in table order (yeast and mold match on shape).',
      params: [
        { name: 'gram', type: 'string', maxLength: 50, description: 'positive (pos, +, gram-positive), negative (neg, -, gram-negative) or variable' },
        { name: 'shape', type: 'string', maxLength: 50, description: 'cocci, bacilli (rod), coccobacilli, yeast or mold' },
      ],
      result: { bare: 'array', description: 'the matching organisms, in table order', items: DIFFERENTIAL_ITEM },
      sources: [ORGANISM_SOURCE],
      impl: (a) => gramStainDdx(s(a.gram), s(a.shape)),
    }),
    fn({
      name: 'list_organisms',
      description: 'Every organism key, in table order.',
      params: [],
      result: { bare: 'array', description: 'every organism key, in table order', items: { type: 'string', description: 'an organism key' } },
      sources: [ORGANISM_SOURCE],
      impl: () => organisms.map((o) => o.key),
    }),
  ],
};

export default micro;
