// What each lab function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField, ValueSpec } from '../types.js';
import { always, flag, int, num, optional, strings, text } from '../util/result-fields.js';

const FLAGS = ['NORMAL', 'LOW', 'HIGH', 'CRITICAL_LOW', 'CRITICAL_HIGH', 'PANIC_LOW', 'PANIC_HIGH', 'UNIT_AMBIGUOUS'];

/** One interpreted value: a known test, a test not found (found false, with suggestions), or a value whose unit is ambiguous. */
const LAB_RESULT_FIELDS: ResultField[] = [
  always('type', 'LAB_RESULT'),
  text('test', 'the test name as given'),
  { name: 'value', type: ['number', 'null'], description: "the value in the test's unit; null when its unit is ambiguous" },
  { name: 'flag', type: ['string', 'null'], enum: FLAGS, description: 'where the value falls; null for a test not found' },
  { name: 'is_critical', type: ['boolean', 'null'], description: 'true for a critical or panic flag; null when not interpreted' },
  { name: 'reference_range', type: ['string', 'null'], description: 'the reference interval with its unit, as text; null when not interpreted' },
  flag('found', 'false for a test name not in the table'),
  optional(text('canonical', "the table's name of the test")),
  optional(text('full_name', 'the full name of the test')),
  optional(text('unit', "the test's unit")),
  optional(text('status', 'the same as flag')),
  optional({ name: 'panel', type: ['string', 'null'], description: 'the first panel the test belongs to' }),
  optional(flag('sex_specific', 'whether the interval depends on sex')),
  optional(text('range_basis', 'which interval was used (adult, male, female, combined, or a laboratory row)')),
  optional(text('range_source', "where the interval comes from: the installed laboratory's ranges or the default table")),
  optional({ name: 'assay', type: ['string', 'null'], description: 'the assay the limits are for' }),
  optional({
    name: 'data_pack',
    type: 'object',
    description: "the installed laboratory's ranges used",
    fields: [
      text('kind', 'the pack kind'),
      int('version', 'the installed version'),
      { name: 'label', type: ['string', 'null'], description: "the operator's label" },
      text('file_name', 'the file imported'),
      text('sha256', 'its SHA-256'),
    ],
  }),
  optional(num('given_value', null, 'the value as given')),
  optional({ name: 'given_unit', type: ['string', 'null'], description: 'the unit it was given in; null when ambiguous' }),
  optional(text('message', 'why a value without a unit was not interpreted (flag UNIT_AMBIGUOUS)')),
  optional({
    name: 'readings',
    type: 'array',
    description: 'the two readings of a value whose unit is ambiguous',
    items: {
      type: 'object',
      description: 'one reading',
      fields: [
        text('unit', 'the unit of this reading'),
        num('value', null, 'the value as given'),
        num('value_in_test_unit', null, "the value in the test's unit"),
        flag('plausible', 'whether this reading is a plausible result'),
      ],
    },
  }),
  optional(text('unit_source', 'the source of the plausibility bound')),
];

const PANEL_ITEM: ValueSpec = {
  type: 'object',
  description: 'one interpreted value (as lab.interpret answers)',
  fields: [...LAB_RESULT_FIELDS, optional(flag('in_panel', 'false for a known test given that is not a member of the panel'))],
};

export const LAB_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  interpret: { type: 'LAB_RESULT', description: 'the value flagged against its interval and limits', fields: LAB_RESULT_FIELDS },
  panel: {
    type: 'LAB_PANEL',
    description: 'the panel interpreted; a panel not found answers found false with suggestions',
    fields: [
      text('panel', 'the panel name'),
      flag('found', 'false for a panel name not in the table'),
      optional(int('total_tests', 'values interpreted')),
      optional(int('abnormal_count', 'values not NORMAL')),
      optional(int('critical_count', 'values critical or panic')),
      optional({ name: 'results', type: 'array', items: PANEL_ITEM, description: 'each value: panel tests in panel order, then other known tests' }),
      optional({ name: 'abnormal', type: 'array', items: strings('a canonical test name'), description: 'the tests not NORMAL' }),
      optional({ name: 'critical', type: 'array', items: strings('a canonical test name'), description: 'the tests critical or panic' }),
      optional({ name: 'unrecognized', type: 'array', items: strings('a name as given'), description: 'names given that are no known test' }),
      optional({ name: 'missing', type: 'array', items: strings('a canonical test name'), description: 'panel tests not given' }),
    ],
  },
  gfr: {
    type: 'LAB_GFR',
    description: 'eGFR (CKD-EPI 2021) and KDIGO G stage',
    fields: [
      num('eGFR', 'mL/min/1.73m2', 'estimated GFR, one decimal'),
      text('unit', 'the unit of eGFR', { enum: ['mL/min/1.73m²'] }),
      text('stage', 'KDIGO G stage', { enum: ['G1', 'G2', 'G3a', 'G3b', 'G4', 'G5'] }),
      text('stage_label', 'the stage in words'),
      text('equation', 'the equation used'),
      text('sex', 'the sex used', { enum: ['M', 'F'] }),
      flag('race_ignored', 'true when a race was given (the equation does not use it)'),
      text('creatinine_unit', 'the unit the creatinine was given in (mg/dL or umol/L; converted to mg/dL for the equation)', { enum: ['mg/dL', 'umol/L'] }),
    ],
  },
  abg_interpret: {
    type: 'LAB_ABG',
    description: 'the acid–base reading',
    fields: [
      num('ph', null, 'the pH given'),
      num('pco2', 'mmHg', 'the pCO2 given'),
      num('hco3', 'mmol/L', 'the bicarbonate given'),
      text('primary_disorder', 'the primary disorder, e.g. `Metabolic Acidosis`, `Normal`'),
      text('compensation', 'the response found, e.g. `APPROPRIATE`, `ACUTE`, `CHRONIC`, `PARTIAL`, `NOT_APPLICABLE`'),
      {
        name: 'expected',
        type: ['object', 'null'],
        description: 'the expected compensation (pCO2 for a metabolic disorder, HCO3 for a respiratory one); null when none applies',
        fields: [
          optional(num('pco2_low', 'mmHg', 'lowest expected pCO2')),
          optional(num('pco2_high', 'mmHg', 'highest expected pCO2')),
          optional(num('hco3_acute', 'mmol/L', 'expected HCO3 if acute')),
          optional(num('hco3_chronic', 'mmol/L', 'expected HCO3 if chronic')),
        ],
      },
      flag('consistent', 'whether the Henderson–Hasselbalch pH is within 0.05 of the pH given'),
      num('calculated_ph', null, 'the Henderson–Hasselbalch pH, two decimals'),
      { name: 'anion_gap', type: ['number', 'null'], unit: 'mmol/L', description: 'Na − (Cl + HCO3); null without sodium and chloride' },
      { name: 'anion_gap_corrected', type: ['number', 'null'], unit: 'mmol/L', description: 'the gap corrected for albumin (the gap itself without albumin); null without sodium and chloride' },
    ],
  },
};
