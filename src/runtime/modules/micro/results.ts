// What each micro function answers (docs/library.md, the checker's field check and the boundary check read these).
import { dataPackField } from '../pack-fields.js';
import type { RecordResultSpec, ResultField, ValueSpec } from '../types.js';
import { SITE_MEANINGS, SITES } from './breakpoint-row.js';
import { regimens } from './tables.js';
import { flag, found, maybeText, names, optional, text } from '../util/result-fields.js';

const MIC_UNIT = 'mcg/mL';

/** An organism's facts, as the organism table holds them. */
const ORGANISM_FACT_FIELDS: ResultField[] = [
  text('name', 'the organism name'),
  text('kind', 'the kind of organism', { enum: ['bacterium', 'fungus', 'mycobacterium'] }),
  text('gram', 'the Gram reaction (not_applicable for fungi and mycobacteria)', { enum: ['positive', 'negative', 'variable', 'not_applicable'] }),
  text('shape', 'the cell shape', { enum: ['cocci', 'bacilli', 'coccobacilli', 'yeast', 'mold', 'other'] }),
  maybeText('oxygen', 'oxygen requirement (aerobic, anaerobic, facultative anaerobe); null when not entered'),
  maybeText('catalase', 'catalase reaction; null when not entered', { enum: ['positive', 'negative'] }),
  maybeText('coagulase', 'coagulase reaction; null when not entered', { enum: ['positive', 'negative'] }),
  { name: 'common_infections', type: ['array', 'null'], items: { type: 'string', description: 'an infection' }, description: 'infections it commonly causes; null when not entered' },
  maybeText('first_line', 'the first-line treatment with its guideline, where one was entered; null otherwise'),
  names('susceptible_to', 'agents or classes it is susceptible to by definition', 'an agent or class'),
  names('resistant_to', 'agents or classes it is resistant to by definition', 'an agent or class'),
  names('intrinsic_resistance', "EUCAST expected (intrinsic) resistance: agents and classes; empty when none is listed or the table was not read for it (see intrinsic_resistance_source)", 'an agent or class'),
  maybeText('intrinsic_resistance_source', 'the EUCAST Expected Resistant Phenotypes table intrinsic_resistance comes from; null: not read for this organism (unknown, not none)'),
  maybeText('breakpoint_group', 'the CLSI M100 table the organism is read in; null when it has none (see breakpoint_note)'),
  maybeText('eucast_group', 'the EUCAST breakpoint table the organism is read in'),
  maybeText('breakpoint_note', 'why the organism has no CLSI breakpoint group; null when it has one'),
  text('source', 'where the organism facts come from'),
];
/** absent when the organism is not found */
const ORGANISM_FACTS = ORGANISM_FACT_FIELDS.map(optional);

const SITE = maybeText('qualifier', 'the indication or route the row is limited to; null for a row for every indication', { enum: [...SITES] });

/** A breakpoint row: EUCAST rows carry s, r, atu, agent, bracketed and notes; CLSI rows s, i, sdd and r. */
const BREAKPOINT: ValueSpec = {
  type: ['object', 'null'],
  description: 'the breakpoint row read; null when none applies',
  fields: [
    { name: 's', type: ['number', 'null'], unit: MIC_UNIT, description: 'susceptible at or below; null for a CLSI row without one' },
    optional({ name: 'i', type: ['array', 'null'], items: { type: ['number', 'null'], description: 'low (null: no lower bound), then high' }, unit: MIC_UNIT, description: 'CLSI intermediate range [low, high]; null when none' }),
    optional({ name: 'sdd', type: ['array', 'null'], items: { type: 'number', description: 'low, then high' }, unit: MIC_UNIT, description: 'CLSI susceptible-dose-dependent range [low, high]; null when none' }),
    { name: 'r', type: ['number', 'null'], unit: MIC_UNIT, description: 'EUCAST: resistant above; CLSI: resistant at or above (null when none)' },
    optional({ name: 'atu', type: ['number', 'null'], unit: MIC_UNIT, description: "EUCAST's Area of Technical Uncertainty; null when none" }),
    SITE,
    optional(text('agent', 'the row\'s agent as EUCAST prints it')),
    optional(flag('bracketed', 'whether EUCAST gives the breakpoint in brackets')),
    optional(names('notes', "EUCAST's notes on the row", 'a note')),
    text('standard', 'the standard of the row (EUCAST, CLSI M100, FDA STIC, FDA, or as a laboratory pack names it)'),
    text('edition', 'the edition of the standard'),
    text('source', 'where the row comes from'),
  ],
};

const INTERPRETATIONS = ['SUSCEPTIBLE', 'SUSCEPTIBLE_INCREASED_EXPOSURE', 'SUSCEPTIBLE_DOSE_DEPENDENT', 'INTERMEDIATE', 'RESISTANT', 'NON_SUSCEPTIBLE', 'NO_BREAKPOINT'];
const interpretation = (description: string): ResultField => maybeText('interpretation', description, { enum: INTERPRETATIONS });

const BY_SITE: ResultField = {
  name: 'by_site',
  type: ['object', 'null'],
  description: 'when the rows differ by indication and no site was given: the reading at each indication; null otherwise',
  fields: SITES.map((site) =>
    optional({
      name: site,
      type: 'object',
      description: `the reading for ${SITE_MEANINGS[site]}`,
      fields: [interpretation('the interpretation of the MIC there; null without a MIC'), { name: 'breakpoint', type: 'object', description: 'its breakpoint row, with the fields of `breakpoint`' }],
    }),
  ),
};

/** Every tier name in the regimen table: each is also a field of the answer, holding that tier's regimens as text. */
const TIER_NAMES = [...new Set(regimens.infections.flatMap((i) => Object.keys(i.tiers)))];

/** The regimens of one tier, as records. */
const REGIMENS: ValueSpec = {
  type: 'array',
  description: "the tier's regimens, in table order",
  items: {
    type: 'object',
    description: 'one regimen',
    fields: [text('drug', 'the drug'), maybeText('dose', 'the dose as the guideline gives it; null where not entered'), text('route', 'the route'), text('source', 'where the regimen comes from')],
  },
};

export const MICRO_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  identify: {
    type: 'MICRO_ID',
    description: 'the organism facts; an organism not found answers found false with suggestions',
    fields: [text('key', 'the organism key (as given when not found)'), found('an organism'), ...ORGANISM_FACTS],
  },
  susceptibility: {
    type: 'MICRO_SUSCEPTIBILITY',
    description: 'expected resistance and the MIC read against the breakpoints of the organism group',
    fields: [
      text('organism', 'the organism key (as given when not found)'),
      text('antibiotic', 'the antibiotic name (as given when not found)'),
      text('standard', 'the breakpoint standard the answer reads', { enum: ['EUCAST', 'CLSI'] }),
      text('standard_version', "the table and version: EUCAST Clinical Breakpoint Tables v. …, a CLSI pack's label, or the shipped CLSI/FDA subset"),
      flag('found', 'false when the organism or the antibiotic is not in the tables'),
      maybeText('unknown_input', 'which argument was not found; null when both were', { enum: ['organism_key', 'antibiotic'] }),
      names('suggestions', 'the nearest known names of the argument not found; empty when both were found', 'a known name'),
      maybeText('intrinsic_susceptibility', 'expected susceptibility from the organism alone (EUCAST expected resistance and the organism table); null when not found', { enum: ['RESISTANT', 'SUSCEPTIBLE', 'UNKNOWN'] }),
      { name: 'mic', type: ['number', 'null'], unit: MIC_UNIT, description: 'the MIC read, on the dilution series (an MIC off it is raised to the next dilution); null without a MIC' },
      interpretation('the interpretation; null without a MIC, when not found, or when the rows differ by indication and no site was given (see by_site)'),
      { name: 'breakpoint', ...BREAKPOINT },
      BY_SITE,
      maybeText('note', 'why an answer is what it is (off-series MIC, ATU, no breakpoint, expected resistance), joined by `; `; null when nothing to say'),
      dataPackField('the laboratory CLSI breakpoints pack the answer used'),
    ],
  },
  empiric_therapy: {
    type: 'MICRO_EMPIRIC',
    description: 'the regimens of each severity tier; an infection not found answers found false with suggestions',
    fields: [
      text('infection', 'the infection name (as given when not found)'),
      maybeText('key', 'the infection key; null when not found'),
      found('an infection'),
      optional(names('tiers', 'the tier names of the infection, in order', 'a tier name')),
      ...TIER_NAMES.map((tier) => optional(names(tier, `the regimens of tier \`${tier}\` as text (drug, dose, route); only for an infection with this tier`, 'a regimen'))),
      optional({ name: 'regimens', type: 'object', description: 'the regimens of each tier as records, by tier name', keys: 'tier', values: REGIMENS }),
      optional(text('source', 'the guideline the regimens come from')),
      optional(maybeText('note', 'the tiers whose regimens are not entered, and why; null when every tier has regimens')),
    ],
  },
};

/** One organism of a Gram-stain differential. */
export const DIFFERENTIAL_ITEM: ValueSpec = {
  type: 'object',
  description: 'a matching organism',
  fields: [text('key', 'the organism key'), text('name', 'the organism name'), maybeText('first_line', 'the first-line treatment, where one was entered')],
};
