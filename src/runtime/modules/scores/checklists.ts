// Checklist scores given as a list of item names (issue 25): the Charlson Comorbidity Index and the Caprini
// 2005 VTE risk assessment. An item not listed is absent; an unknown name is an argument error with a suggestion.
import { normalizeName, suggestNames } from '../../../util/names.js';
import { ArgumentError, type JsonObject, type JsonValue } from '../types.js';
import { PatientReader } from '../util/patient.js';
import { normalizeSex } from '../util/sex.js';
import { atLeast } from '../util/threshold.js';

/** An item put in the patient record instead of the list would silently count as absent: refuse it. */
function refuseItemsInPatient(patient: JsonObject, known: Readonly<Record<string, unknown>>, label: string, param: string): void {
  for (const field of Object.keys(patient)) {
    const key = normalizeName(field).replace(/ /g, '_');
    if (Object.hasOwn(known, key)) throw new ArgumentError(`${label}: patient field '${field}' is an item of this score; list it in argument 2 '${param}' instead`);
  }
}

/** Reads a list of item names, each known, none twice. */
function itemsOf(list: readonly JsonValue[], known: Readonly<Record<string, unknown>>, label: string, param: string): string[] {
  const seen = new Set<string>();
  list.forEach((raw, index) => {
    const key = typeof raw === 'string' ? normalizeName(raw).replace(/ /g, '_') : '';
    if (!Object.hasOwn(known, key)) {
      const near = typeof raw === 'string' ? suggestNames(raw, Object.keys(known), 1) : [];
      throw new ArgumentError(`${label}: argument 2 '${param}' item ${index + 1} ${JSON.stringify(raw)} is not an item of this score${near.length ? ` (did you mean '${near[0]}'?)` : ''}; items: ${Object.keys(known).join(', ')}`);
    }
    if (seen.has(key)) throw new ArgumentError(`${label}: argument 2 '${param}' lists '${key}' twice`);
    seen.add(key);
  });
  return [...seen];
}

/** Charlson et al., J Chronic Dis 1987;40:373-383: the weight of each condition. */
export const CHARLSON_CONDITIONS: Readonly<Record<string, number>> = {
  myocardial_infarction: 1,
  congestive_heart_failure: 1,
  peripheral_vascular_disease: 1,
  cerebrovascular_disease: 1,
  dementia: 1,
  chronic_pulmonary_disease: 1,
  connective_tissue_disease: 1,
  peptic_ulcer_disease: 1,
  mild_liver_disease: 1,
  diabetes_uncomplicated: 1,
  hemiplegia: 2,
  moderate_severe_renal_disease: 2,
  diabetes_end_organ_damage: 2,
  solid_tumor: 2,
  leukemia: 2,
  lymphoma: 2,
  moderate_severe_liver_disease: 3,
  metastatic_solid_tumor: 6,
  aids: 6,
};

/** A more severe form replaces the milder one of the same disease: only the higher weight counts. */
const CHARLSON_SUPERSEDES: readonly [string, string][] = [
  ['diabetes_end_organ_damage', 'diabetes_uncomplicated'],
  ['moderate_severe_liver_disease', 'mild_liver_disease'],
  ['metastatic_solid_tumor', 'solid_tumor'],
];

// Charlson 1987 weights; age points 1 per decade from 50 (Charlson et al., J Clin Epidemiol 1994;47:1245-1251).
export function charlson(patient: JsonObject, conditions: readonly JsonValue[], ageAdjusted: boolean): JsonObject {
  const label = 'scores.charlson';
  refuseItemsInPatient(patient, CHARLSON_CONDITIONS, label, 'conditions');
  const present = new Set(itemsOf(conditions, CHARLSON_CONDITIONS, label, 'conditions'));
  for (const [severe, mild] of CHARLSON_SUPERSEDES) if (present.has(severe)) present.delete(mild);
  const components: Record<string, number> = {};
  for (const name of Object.keys(CHARLSON_CONDITIONS)) if (present.has(name)) components[name] = CHARLSON_CONDITIONS[name]!;
  const comorbidity = Object.values(components).reduce((a, b) => a + b, 0);
  let agePoints = 0;
  if (ageAdjusted) {
    const age = new PatientReader(patient, label).number('age');
    agePoints = atLeast(age, 80) ? 4 : atLeast(age, 70) ? 3 : atLeast(age, 60) ? 2 : atLeast(age, 50) ? 1 : 0;
    components.age = agePoints;
  }
  return { type: 'SCORE', scoring: ageAdjusted ? 'Charlson (age-adjusted)' : 'Charlson', score: comorbidity + agePoints, max_score: ageAdjusted ? 37 : 33, components, comorbidity_points: comorbidity, age_points: agePoints, age_adjusted: ageAdjusted };
}

/** Caprini, Dis Mon 2005;51:70-78: the 2005 risk factors and their points (age is scored from the patient's age). */
export const CAPRINI_2005: Readonly<Record<string, number>> = {
  minor_surgery: 1,
  prior_major_surgery: 1,
  varicose_veins: 1,
  inflammatory_bowel_disease: 1,
  swollen_legs: 1,
  obesity: 1,
  acute_myocardial_infarction: 1,
  congestive_heart_failure: 1,
  sepsis: 1,
  serious_lung_disease: 1,
  abnormal_pulmonary_function: 1,
  medical_patient_bed_rest: 1,
  other_risk_factor: 1,
  oral_contraceptives_or_hrt: 1,
  pregnancy_or_postpartum: 1,
  pregnancy_loss_history: 1,
  arthroscopic_surgery: 2,
  malignancy: 2,
  major_surgery: 2,
  laparoscopic_surgery: 2,
  confined_to_bed: 2,
  plaster_cast: 2,
  central_venous_access: 2,
  history_of_vte: 3,
  family_history_of_thrombosis: 3,
  factor_v_leiden: 3,
  prothrombin_20210a: 3,
  elevated_homocysteine: 3,
  lupus_anticoagulant: 3,
  anticardiolipin_antibodies: 3,
  heparin_induced_thrombocytopenia: 3,
  other_thrombophilia: 3,
  elective_lower_extremity_arthroplasty: 5,
  hip_pelvis_leg_fracture: 5,
  stroke: 5,
  multiple_trauma: 5,
  acute_spinal_cord_injury: 5,
};

/** What each item means on the 2005 form (time limits included), for the parameter description. */
export const CAPRINI_MEANINGS =
  'minor_surgery (planned), prior_major_surgery (< 1 month), varicose_veins, inflammatory_bowel_disease (history), swollen_legs (current), obesity (BMI > 25), acute_myocardial_infarction, congestive_heart_failure (< 1 month), sepsis (< 1 month), serious_lung_disease (incl. pneumonia, < 1 month), abnormal_pulmonary_function (COPD), medical_patient_bed_rest (currently), other_risk_factor; women: oral_contraceptives_or_hrt, pregnancy_or_postpartum (< 1 month), pregnancy_loss_history (unexplained stillborn, ≥ 3 spontaneous abortions, premature birth with toxaemia or growth-restricted infant) — 1 point each; arthroscopic_surgery, malignancy (present or previous), major_surgery (> 45 min), laparoscopic_surgery (> 45 min), confined_to_bed (> 72 h), plaster_cast (immobilising, < 1 month), central_venous_access — 2 points; history_of_vte, family_history_of_thrombosis, factor_v_leiden, prothrombin_20210a, elevated_homocysteine, lupus_anticoagulant, anticardiolipin_antibodies, heparin_induced_thrombocytopenia, other_thrombophilia (congenital or acquired) — 3 points; elective_lower_extremity_arthroplasty (major), hip_pelvis_leg_fracture (< 1 month), stroke (< 1 month), multiple_trauma (< 1 month), acute_spinal_cord_injury (paralysis, < 1 month) — 5 points';

const WOMEN_ONLY = ['oral_contraceptives_or_hrt', 'pregnancy_or_postpartum', 'pregnancy_loss_history'];

// Caprini 2005 risk levels: 0–1 low, 2 moderate, 3–4 high, ≥ 5 highest.
export function caprini(patient: JsonObject, factors: readonly JsonValue[]): JsonObject {
  const label = 'scores.caprini';
  refuseItemsInPatient(patient, CAPRINI_2005, label, 'factors');
  const present = itemsOf(factors, CAPRINI_2005, label, 'factors');
  const womenItem = present.find((f) => WOMEN_ONLY.includes(f));
  if (womenItem && normalizeSex(patient.sex, label, "patient field 'sex'") !== 'F') {
    throw new ArgumentError(`${label}: argument 2 'factors' item '${womenItem}' applies to women only, and patient field 'sex' is male`);
  }
  const age = new PatientReader(patient, label).number('age');
  const components: Record<string, number> = { age: atLeast(age, 75) ? 3 : atLeast(age, 61) ? 2 : atLeast(age, 41) ? 1 : 0 };
  for (const name of Object.keys(CAPRINI_2005)) if (present.includes(name)) components[name] = CAPRINI_2005[name]!;
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const risk = score <= 1 ? 'Low' : score === 2 ? 'Moderate' : score <= 4 ? 'High' : 'Highest';
  return { type: 'SCORE', scoring: 'Caprini 2005', score, components, risk };
}
