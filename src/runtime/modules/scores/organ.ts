// Organ-failure and ICU severity scores: SOFA and APACHE II.
import { ArgumentError, type JsonObject } from '../types.js';
import { PatientReader } from '../util/patient.js';
import { atLeast, below } from '../util/threshold.js';

/** First band whose lower bound the value reaches; bands are [lowerBound, points] from high to low. */
function band(value: number, bands: readonly (readonly [number, number])[], otherwise: number): number {
  for (const [lower, points] of bands) if (atLeast(value, lower)) return points;
  return otherwise;
}

// SOFA (Vincent et al., Intensive Care Med 1996;22:707-710); each band runs from its lower bound up to the next.
export function sofa(patient: JsonObject, detail: boolean): JsonObject | number {
  const label = 'scores.sofa';
  const r = new PatientReader(patient, label);
  const pf = r.number('pao2_fio2');
  let respiration = band(pf, [[400, 0], [300, 1]], 2);
  if (below(pf, 200) && r.boolean('ventilated')) respiration = below(pf, 100) ? 4 : 3;
  const platelets = r.number('platelets');
  const coagulation = atLeast(platelets, 150) ? 0 : atLeast(platelets, 100) ? 1 : atLeast(platelets, 50) ? 2 : atLeast(platelets, 20) ? 3 : 4;
  const liver = band(r.number('bilirubin'), [[12, 4], [6, 3], [2, 2], [1.2, 1]], 0);
  const cardiovascular = sofaCardiovascular(r, label);
  const gcs = r.number('gcs');
  const cns = gcs >= 15 ? 0 : gcs >= 13 ? 1 : gcs >= 10 ? 2 : gcs >= 6 ? 3 : 4;
  const renal = sofaRenal(r, label);
  const components = { respiration, coagulation, liver, cardiovascular, cns, renal };
  const score = respiration + coagulation + liver + cardiovascular + cns + renal;
  if (!detail) return score;
  return { type: 'SCORE', scoring: 'SOFA', score, max_score: 24, components };
}

/** Renal points from creatinine, urine output or both (the higher counts); either alone is enough. */
function sofaRenal(r: PatientReader, label: string): number {
  const creatinine = r.optionalNumber('creatinine');
  const urine = r.optionalNumber('urine_output_ml_day');
  if (creatinine === null && urine === null) {
    throw new ArgumentError(`${label}: patient field 'creatinine' (mg/dL, serum creatinine) or 'urine_output_ml_day' (mL/24 h) is required for the renal score`);
  }
  const byCreatinine = creatinine === null ? 0 : band(creatinine, [[5, 4], [3.5, 3], [2, 2], [1.2, 1]], 0);
  const byUrine = urine === null ? 0 : below(urine, 200) ? 4 : below(urine, 500) ? 3 : 0;
  return Math.max(byCreatinine, byUrine);
}

const VASOPRESSORS = ['dopamine', 'dobutamine', 'epinephrine', 'norepinephrine'] as const;

/**
 * Vasopressor points from the running doses; `on_vasopressors` may be left out when doses are sent.
 * A dose above 0 with on_vasopressors false contradicts itself and is refused rather than ignored.
 */
function sofaCardiovascular(r: PatientReader, label: string): number {
  const flag = r.optionalBoolean('on_vasopressors');
  const given = VASOPRESSORS.filter((d) => r.has(d));
  const byMap = (): number => (below(r.number('map'), 70) ? 1 : 0);
  if (flag === false) {
    const running = given.find((d) => r.number(d) > 0);
    if (running) {
      throw new ArgumentError(`${label}: on_vasopressors is false but '${running}' is ${r.number(running)} mcg/kg/min; send on_vasopressors true with the running doses, or a dose of 0`);
    }
    return byMap();
  }
  if (given.length === 0) {
    throw new ArgumentError(
      flag === true
        ? `${label}: on_vasopressors is true: send the running doses (mcg/kg/min, given ≥ 1 h) as dopamine, dobutamine, epinephrine or norepinephrine`
        : `${label}: patient field 'on_vasopressors' (true or false) or the running doses (dopamine, dobutamine, epinephrine, norepinephrine in mcg/kg/min) are required`,
    );
  }
  const [dopamine, dobutamine, epinephrine, norepinephrine] = VASOPRESSORS.map((d) => r.optionalNumber(d) ?? 0) as [number, number, number, number];
  if (dopamine > 15 || epinephrine > 0.1 || norepinephrine > 0.1) return 4;
  if (dopamine > 5 || epinephrine > 0 || norepinephrine > 0) return 3;
  if (dopamine > 0 || dobutamine > 0) return 2;
  return byMap();
}

// APACHE II acute physiology, age and chronic health points (Knaus et al., Crit Care Med 1985;13:818-829).
type Row = readonly (readonly [number, number])[];
const TEMP: Row = [[41, 4], [39, 3], [38.5, 1], [36, 0], [34, 1], [32, 2], [30, 3]];
const MAP: Row = [[160, 4], [130, 3], [110, 2], [70, 0], [50, 2]];
const HR: Row = [[180, 4], [140, 3], [110, 2], [70, 0], [55, 2], [40, 3]];
const RR: Row = [[50, 4], [35, 3], [25, 1], [12, 0], [10, 1], [6, 2]];
const PH: Row = [[7.7, 4], [7.6, 3], [7.5, 1], [7.33, 0], [7.25, 2], [7.15, 3]];
const HCO3: Row = [[52, 4], [41, 3], [32, 1], [22, 0], [18, 2], [15, 3]];
const SODIUM: Row = [[180, 4], [160, 3], [155, 2], [150, 1], [130, 0], [120, 2], [111, 3]];
const POTASSIUM: Row = [[7, 4], [6, 3], [5.5, 1], [3.5, 0], [3, 1], [2.5, 2]];
const CREATININE: Row = [[3.5, 4], [2, 3], [1.5, 2], [0.6, 0]];
const HEMATOCRIT: Row = [[60, 4], [50, 2], [46, 1], [30, 0], [20, 2]];
const WBC: Row = [[40, 4], [20, 2], [15, 1], [3, 0], [1, 2]];
const MORTALITY: readonly [number, string][] = [[35, '~85%'], [30, '~73%'], [25, '~55%'], [20, '~40%'], [15, '~24%'], [10, '~15%'], [5, '~8%'], [0, '~4%']];

export function apacheII(patient: JsonObject): JsonObject {
  const label = 'scores.apache_ii';
  const r = new PatientReader(patient, label);
  const fio2 = r.number('fio2');
  let oxygenation: number;
  if (atLeast(fio2, 0.5)) {
    // A-aDO2 = FiO2·713 − PaCO2/0.8 − PaO2 at sea level, unless the gradient is given
    const gradient = r.has('aa_gradient') ? r.number('aa_gradient') : fio2 * 713 - r.number('paco2') / 0.8 - r.number('pao2');
    oxygenation = band(gradient, [[500, 4], [350, 3], [200, 2]], 0);
  } else {
    const pao2 = r.number('pao2');
    oxygenation = pao2 > 70 ? 0 : atLeast(pao2, 61) ? 1 : atLeast(pao2, 55) ? 3 : 4;
  }
  const acid = r.has('ph') ? band(r.number('ph'), PH, 4) : band(r.number('hco3'), HCO3, 4);
  const arf = r.optionalBoolean('acute_renal_failure') === true;
  const components = {
    temperature: band(r.number('temp'), TEMP, 4),
    mean_arterial_pressure: band(r.number('map'), MAP, 4),
    heart_rate: band(r.number('hr'), HR, 4),
    respiratory_rate: band(r.number('rr'), RR, 4),
    oxygenation,
    acid_base: acid,
    sodium: band(r.number('sodium'), SODIUM, 4),
    potassium: band(r.number('potassium'), POTASSIUM, 4),
    creatinine: band(r.number('creatinine'), CREATININE, 2) * (arf ? 2 : 1),
    hematocrit: band(r.number('hematocrit'), HEMATOCRIT, 4),
    white_cells: band(r.number('wbc'), WBC, 4),
    glasgow: 15 - r.number('gcs'),
    age: band(r.number('age'), [[75, 6], [65, 5], [55, 3], [45, 2]], 0),
    chronic_health: chronicHealth(r, patient, label),
  };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  return {
    type: 'SCORE',
    scoring: 'APACHE-II',
    score,
    max_score: 71,
    components,
    estimated_mortality: MORTALITY.find(([lower]) => score >= lower)![1],
  };
}

function chronicHealth(r: PatientReader, patient: JsonObject, label: string): number {
  const chronic = r.has('chronic_health') ? r.boolean('chronic_health') : r.optionalBoolean('chronic_organ_failure');
  if (chronic === null) throw new ArgumentError(`${label}: patient field 'chronic_health' (true or false: severe organ insufficiency or immunocompromise) is required`);
  if (!chronic) return 0;
  const admission = patient.admission_type;
  if (admission === 'nonoperative' || admission === 'emergency_postoperative') return 5;
  if (admission === 'elective_postoperative') return 2;
  throw new ArgumentError(`${label}: with chronic_health true, patient field 'admission_type' must be nonoperative, emergency_postoperative or elective_postoperative`);
}
