// Framingham hard coronary heart disease 10-year risk by the NCEP ATP III point tables (2001), distinct from the
// general cardiovascular model of scores.framingham (D'Agostino 2008).
import { ArgumentError, type JsonObject } from '../types.js';
import { PatientReader } from '../util/patient.js';
import { normalizeSex } from '../util/sex.js';
import { atLeast, below } from '../util/threshold.js';

interface Table {
  /** points by age band 20–34, 35–39, …, 75–79 */
  age: readonly number[];
  /** total cholesterol points [age band 20–39, 40–49, 50–59, 60–69, 70–79][<160, 160–199, 200–239, 240–279, ≥280] */
  cholesterol: readonly (readonly number[])[];
  /** smoker points by the same age bands */
  smoker: readonly number[];
  /** systolic points [<120, 120–129, 130–139, 140–159, ≥160] untreated and treated */
  untreated: readonly number[];
  treated: readonly number[];
  /** 10-year risk text by point total, from `riskFrom` upward; below it '< 1', at the end '≥ 30' */
  riskFrom: number;
  risk: readonly string[];
}

// NCEP ATP III, JAMA 2001;285:2486-2497 and NIH Publication 01-3305 (2001): estimate of 10-year risk for men and for women.
const TABLES: Readonly<Record<'M' | 'F', Table>> = {
  M: {
    age: [-9, -4, 0, 3, 6, 8, 10, 11, 12, 13],
    cholesterol: [[0, 4, 7, 9, 11], [0, 3, 5, 6, 8], [0, 2, 3, 4, 5], [0, 1, 1, 2, 3], [0, 0, 0, 1, 1]],
    smoker: [8, 5, 3, 1, 1],
    untreated: [0, 0, 1, 1, 2],
    treated: [0, 1, 2, 2, 3],
    riskFrom: 0,
    risk: ['1', '1', '1', '1', '1', '2', '2', '3', '4', '5', '6', '8', '10', '12', '16', '20', '25'],
  },
  F: {
    age: [-7, -3, 0, 3, 6, 8, 10, 12, 14, 16],
    cholesterol: [[0, 4, 8, 11, 13], [0, 3, 6, 8, 10], [0, 2, 4, 5, 7], [0, 1, 2, 3, 4], [0, 1, 1, 2, 2]],
    smoker: [9, 7, 4, 2, 1],
    untreated: [0, 1, 2, 3, 4],
    treated: [0, 3, 4, 5, 6],
    riskFrom: 9,
    risk: ['1', '1', '1', '1', '2', '2', '3', '4', '5', '6', '8', '11', '14', '17', '22', '27'],
  },
};

const band = (value: number, limits: readonly number[]): number => limits.filter((limit) => atLeast(value, limit)).length;

export function framinghamHardChd(patient: JsonObject): JsonObject {
  const label = 'scores.framingham_hard_chd';
  const r = new PatientReader(patient, label);
  const sex = normalizeSex(patient.sex, label, "patient field 'sex'");
  const age = r.number('age');
  if (below(age, 20) || atLeast(age, 80)) throw new ArgumentError(`${label}: the ATP III tables cover ages 20–79, got patient field 'age' ${age}`);
  const t = TABLES[sex];
  const ageBand = band(age, [35, 40, 45, 50, 55, 60, 65, 70, 75]);
  const decade = band(age, [40, 50, 60, 70]);
  const cholesterolBand = band(r.number('total_cholesterol'), [160, 200, 240, 280]);
  const hdl = r.number('hdl');
  const sbpBand = band(r.number('bp'), [120, 130, 140, 160]);
  const components = {
    age: t.age[ageBand]!,
    total_cholesterol: t.cholesterol[decade]![cholesterolBand]!,
    smoker: r.boolean('smoker') ? t.smoker[decade]! : 0,
    hdl: atLeast(hdl, 60) ? -1 : atLeast(hdl, 50) ? 0 : atLeast(hdl, 40) ? 1 : 2,
    systolic_bp: (r.boolean('bp_treated') ? t.treated : t.untreated)[sbpBand]!,
  };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const index = score - t.riskFrom;
  const risk = index < 0 ? '< 1' : index >= t.risk.length ? '≥ 30' : t.risk[index]!;
  const diabetes = r.optionalBoolean('diabetes');
  return {
    type: 'SCORE',
    scoring: 'Framingham hard CHD (ATP III 2001)',
    score,
    components,
    risk_10yr_percent: risk,
    outcome: 'myocardial infarction or coronary death within 10 years',
    applies: diabetes !== true,
    note: diabetes === true ? 'ATP III counts diabetes as a CHD risk equivalent: the table does not apply.' : 'For people without CHD or diabetes.',
  };
}
