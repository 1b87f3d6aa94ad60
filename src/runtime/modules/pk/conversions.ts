// Opioid morphine milligram equivalents (CDC 2022) and glucocorticoid dose equivalence (issue 25).
// Kept apart from the pk dose checks: these are fixed conversion tables, not drug-table lookups.
import { normalizeName, suggestNames } from '../../../util/names.js';
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type FunctionSpec, type JsonObject, type JsonValue } from '../types.js';
import { atLeast } from '../util/threshold.js';
import { booleanField, numberField, textField } from '../util/calc-units.js';

const CDC_2022 = 'Dowell et al., CDC Clinical Practice Guideline for Prescribing Opioids for Pain — United States, 2022, MMWR Recomm Rep 2022;71(RR-3):1-95 (MME table)';

/**
 * CDC 2022 MME conversion factors (Dowell et al., MMWR Recomm Rep 2022, table of MME doses), per mg/day, or
 * per mcg/h for the transdermal fentanyl patch. Opioids the 2022 table does not list are left out.
 */
const MME_FACTORS: Readonly<Record<string, { factor: number; unit: 'mg/day' | 'mcg/h' }>> = {
  codeine: { factor: 0.15, unit: 'mg/day' },
  fentanyl_transdermal: { factor: 2.4, unit: 'mcg/h' },
  hydrocodone: { factor: 1, unit: 'mg/day' },
  hydromorphone: { factor: 5, unit: 'mg/day' },
  methadone: { factor: 4.7, unit: 'mg/day' },
  morphine: { factor: 1, unit: 'mg/day' },
  oxycodone: { factor: 1.5, unit: 'mg/day' },
  oxymorphone: { factor: 3, unit: 'mg/day' },
  tapentadol: { factor: 0.4, unit: 'mg/day' },
  tramadol: { factor: 0.2, unit: 'mg/day' },
};
const MME_ALIASES: Readonly<Record<string, string>> = { fentanyl_patch: 'fentanyl_transdermal' };
/** Names that must not be guessed at: CDC 2022 converts only the transdermal fentanyl patch. */
const MME_AMBIGUOUS: Readonly<Record<string, string>> = {
  fentanyl: "CDC 2022 gives a factor only for the transdermal patch: send 'fentanyl_patch' with its rate in mcg/h; buccal, nasal and injected fentanyl have none",
};

/** CDC 2022 leaves buprenorphine out of the MME table (partial agonist with a ceiling effect): named, never converted. */
const MME_EXCLUDED: Readonly<Record<string, string>> = {
  buprenorphine: 'CDC 2022 gives buprenorphine no MME conversion factor (partial µ-agonist with a ceiling effect); it is not added to the total',
};

const MME_NAMES = [...Object.keys(MME_FACTORS), ...Object.keys(MME_ALIASES), ...Object.keys(MME_EXCLUDED)];

function opioidKey(raw: unknown, index: number): string {
  const label = 'pk.mme';
  if (typeof raw !== 'string' || raw.trim() === '') throw new ArgumentError(`${label}: argument 1 'opioids' item ${index + 1} 'drug' must be an opioid name, got ${JSON.stringify(raw ?? null)}`);
  const key = normalizeName(raw).replace(/ /g, '_');
  const canonical = MME_ALIASES[key] ?? key;
  if (MME_FACTORS[canonical] || MME_EXCLUDED[canonical]) return canonical;
  if (MME_AMBIGUOUS[key]) throw new ArgumentError(`${label}: argument 1 'opioids' item ${index + 1} 'drug' ${JSON.stringify(raw)}: ${MME_AMBIGUOUS[key]}`);
  const near = suggestNames(raw, MME_NAMES);
  throw new ArgumentError(
    `${label}: argument 1 'opioids' item ${index + 1} 'drug' ${JSON.stringify(raw)} has no CDC 2022 conversion factor${near.length ? ` (did you mean ${near.map((s) => `'${s}'`).join(', ')}?)` : ''}; known: ${MME_NAMES.join(', ')}`,
  );
}

function positive(value: JsonValue | undefined, what: string, index: number, max: number): number {
  if (typeof value !== 'number' || !(value > 0) || value > max) {
    throw new ArgumentError(`pk.mme: argument 1 'opioids' item ${index + 1} '${what}' must be a number above 0 and at most ${max}, got ${JSON.stringify(value ?? null)}`);
  }
  return value;
}

// MME/day = Σ dose × doses per day × CDC 2022 factor (mcg/h × 2.4 for transdermal fentanyl).
export function mme(opioids: readonly JsonValue[]): JsonObject {
  const items: JsonObject[] = [];
  const excluded: JsonObject[] = [];
  let total = 0;
  opioids.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ArgumentError(`pk.mme: argument 1 'opioids' item ${index + 1} must be a record {drug, dose, doses_per_day}, got ${JSON.stringify(raw)}`);
    }
    const known = new Set(['drug', 'dose', 'doses_per_day']);
    for (const key of Object.keys(raw)) if (!known.has(key)) throw new ArgumentError(`pk.mme: argument 1 'opioids' item ${index + 1} has unknown field '${key}'; send drug, dose and doses_per_day`);
    const drug = opioidKey(raw.drug, index);
    const dose = positive(raw.dose, 'dose', index, 100_000);
    if (MME_EXCLUDED[drug]) {
      excluded.push({ drug, reason: MME_EXCLUDED[drug]! });
      return;
    }
    const { factor, unit } = MME_FACTORS[drug]!;
    if (unit === 'mcg/h' && raw.doses_per_day !== undefined && raw.doses_per_day !== 1) {
      throw new ArgumentError(`pk.mme: argument 1 'opioids' item ${index + 1}: a fentanyl patch dose is its rate in mcg/h; leave out doses_per_day`);
    }
    const perDay = unit === 'mcg/h' ? 1 : positive(raw.doses_per_day ?? undefined, 'doses_per_day', index, 48);
    const daily = dose * perDay;
    const value = daily * factor;
    total += value;
    items.push({ drug, daily_dose: pyRound(daily, 3), dose_unit: unit, factor, mme_per_day: pyRound(value, 2) });
  });
  return {
    type: 'PK_MME',
    total_mme_per_day: pyRound(total, 2),
    items,
    excluded,
    at_least_50: atLeast(total, 50),
    at_least_90: atLeast(total, 90),
    factors: 'CDC 2022',
    caution: 'MME estimates overdose risk; it is not a dose for converting one opioid to another (CDC 2022)',
  };
}

/**
 * Glucocorticoid doses of equal anti-inflammatory effect, mg (Meikle & Tyler, Am J Med 1977;63:200-207).
 * Betamethasone is left out: references give 0.6 or 0.75 mg and we could not settle which.
 */
export const STEROID_EQUIVALENT_MG: Readonly<Record<string, number>> = {
  cortisone: 25,
  hydrocortisone: 20,
  prednisone: 5,
  prednisolone: 5,
  methylprednisolone: 4,
  triamcinolone: 4,
  dexamethasone: 0.75,
};

function steroidKey(raw: string, name: string, position: number): string {
  const key = normalizeName(raw).replace(/ /g, '_');
  if (STEROID_EQUIVALENT_MG[key] !== undefined) return key;
  const near = suggestNames(raw, Object.keys(STEROID_EQUIVALENT_MG));
  throw new ArgumentError(
    `pk.steroid_conversion: argument ${position} '${name}' ${JSON.stringify(raw)} is not in the equivalence table${near.length ? ` (did you mean '${near[0]}'?)` : ''}; known: ${Object.keys(STEROID_EQUIVALENT_MG).join(', ')}`,
  );
}

// Equivalent dose = dose × (target's equivalent dose / source's equivalent dose) (Meikle & Tyler 1977).
export function steroidConversion(fromDrug: string, doseMg: number, toDrug: string): JsonObject {
  const from = steroidKey(fromDrug, 'from_drug', 1);
  const to = steroidKey(toDrug, 'to_drug', 3);
  const equivalent = (doseMg * STEROID_EQUIVALENT_MG[to]!) / STEROID_EQUIVALENT_MG[from]!;
  return {
    type: 'PK_STEROID_CONVERSION',
    from_drug: from,
    from_dose_mg: doseMg,
    to_drug: to,
    equivalent_dose_mg: pyRound(equivalent, 2),
    from_equivalent_mg: STEROID_EQUIVALENT_MG[from]!,
    to_equivalent_mg: STEROID_EQUIVALENT_MG[to]!,
    basis: 'anti-inflammatory (glucocorticoid) potency; mineralocorticoid effect differs',
  };
}

export const conversionFunctions: FunctionSpec[] = [
  {
    name: 'mme',
    aliases: ['morphine_milligram_equivalents'],
    description: 'Total daily morphine milligram equivalents by the CDC 2022 factors (fentanyl patch in mcg/h; buprenorphine named but not converted).',
    params: [
      {
        name: 'opioids',
        type: 'array',
        items: { type: 'object' },
        minItems: 1,
        maxItems: 20,
        description: `records {drug, dose, doses_per_day}: dose in mg per dose (a fentanyl patch: its rate in mcg/h, no doses_per_day); drugs: ${MME_NAMES.join(', ')}`,
      },
    ],
    result: {
      type: 'PK_MME',
      fields: [
        numberField('total_mme_per_day', 'total morphine milligram equivalents per day, rounded to 0.01', 'MME/day'),
        {
          name: 'items',
          type: 'array',
          description: 'each converted opioid',
          items: {
            type: 'object',
            description: 'one opioid',
            fields: [
              textField('drug', 'the opioid, as its table key (e.g. `fentanyl_transdermal`)'),
              numberField('daily_dose', 'dose × doses per day (a patch: its rate), rounded to 0.001, in dose_unit'),
              textField('dose_unit', 'the unit of daily_dose', ['mg/day', 'mcg/h']),
              numberField('factor', 'the CDC 2022 conversion factor'),
              numberField('mme_per_day', 'its morphine milligram equivalents per day, rounded to 0.01', 'MME/day'),
            ],
          },
        },
        {
          name: 'excluded',
          type: 'array',
          description: 'opioids named but given no MME by CDC 2022 (buprenorphine), with the reason',
          items: { type: 'object', description: 'one opioid left out', fields: [textField('drug', 'the opioid'), textField('reason', 'why it has no factor')] },
        },
        booleanField('at_least_50', 'total ≥ 50 MME/day, where CDC 2022 advises reassessing benefits and risks'),
        booleanField('at_least_90', 'total ≥ 90 MME/day'),
        textField('factors', 'the factor table used'),
        textField('caution', 'what MME must not be used for'),
      ],
    },
    state: 'none',
    sources: [CDC_2022],
    impl: (a) => mme(a.opioids as JsonValue[]),
  },
  {
    name: 'steroid_conversion',
    description: 'Converts a systemic glucocorticoid dose to the equivalent dose of another by anti-inflammatory potency.',
    params: [
      { name: 'from_drug', type: 'string', maxLength: 200, description: `the glucocorticoid given: ${Object.keys(STEROID_EQUIVALENT_MG).join(', ')}` },
      { name: 'dose_mg', type: 'number', unit: 'mg', exclusiveMinimum: 0, maximum: 10_000, description: 'its dose' },
      { name: 'to_drug', type: 'string', maxLength: 200, description: 'the glucocorticoid to convert to' },
    ],
    result: {
      type: 'PK_STEROID_CONVERSION',
      fields: [
        textField('from_drug', 'the glucocorticoid given'),
        numberField('from_dose_mg', 'its dose', 'mg'),
        textField('to_drug', 'the glucocorticoid converted to'),
        numberField('equivalent_dose_mg', 'the equivalent dose, rounded to 0.01', 'mg'),
        numberField('from_equivalent_mg', 'table dose of the source drug', 'mg'),
        numberField('to_equivalent_mg', 'table dose of the target drug', 'mg'),
        textField('basis', 'what the equivalence means'),
      ],
    },
    state: 'none',
    sources: ['Meikle & Tyler, Am J Med 1977;63:200-207'],
    impl: (a) => steroidConversion(a.from_drug as string, a.dose_mg as number, a.to_drug as string),
  },
];
