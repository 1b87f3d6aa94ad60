// Bedside haemodynamic and ECG-interval arithmetic (issue 25): mean arterial pressure and the corrected QT
// interval by the five common formulas, the formula a named parameter and stated in the result.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type FunctionSpec, type JsonObject } from '../types.js';
import { normalizeSex } from '../util/sex.js';
import { above } from '../util/threshold.js';
import { numberField, textField } from '../util/calc-units.js';

const n = (v: unknown): number => v as number;
const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });

// MAP = DBP + (SBP − DBP) / 3, the one-third pulse-pressure rule (Sesso et al., Hypertension 2000;36:801-807).
export function meanArterialPressure(sbp: number, dbp: number): JsonObject {
  if (dbp > sbp) throw new ArgumentError(`signal.mean_arterial_pressure: argument 2 'dbp' (${dbp} mmHg) must not exceed argument 1 'sbp' (${sbp} mmHg)`);
  return { type: 'SIGNAL_MAP', map_mmhg: pyRound(dbp + (sbp - dbp) / 3, 1), sbp, dbp, formula: 'DBP + (SBP − DBP)/3' };
}

/** Each formula from QT (ms), RR (s) and heart rate (beats/min), with its primary source. */
export const QTC_FORMULAS: Readonly<Record<string, { compute: (qt: number, rr: number, hr: number) => number; source: string }>> = {
  // Bazett, Heart 1920;7:353-370: QT / √RR
  bazett: { compute: (qt, rr) => qt / Math.sqrt(rr), source: 'Bazett, Heart 1920;7:353-370' },
  // Fridericia, Acta Med Scand 1920;53:469-486: QT / ∛RR
  fridericia: { compute: (qt, rr) => qt / Math.cbrt(rr), source: 'Fridericia, Acta Med Scand 1920;53:469-486' },
  // Sagie et al. (Framingham), Am J Cardiol 1992;70:797-801: QT + 154 ms × (1 − RR)
  framingham: { compute: (qt, rr) => qt + 154 * (1 - rr), source: 'Sagie et al., Am J Cardiol 1992;70:797-801' },
  // Hodges et al., J Am Coll Cardiol 1983;1:694 (abstract): QT + 1.75 ms × (HR − 60)
  hodges: { compute: (qt, _rr, hr) => qt + 1.75 * (hr - 60), source: 'Hodges et al., J Am Coll Cardiol 1983;1:694' },
  // Rautaharju et al., Int J Cardiol 2014;174:535-540: QT × (120 + HR) / 180
  rautaharju: { compute: (qt, _rr, hr) => (qt * (120 + hr)) / 180, source: 'Rautaharju et al., Int J Cardiol 2014;174:535-540' },
};

// Prolonged above 450 ms (men) or 460 ms (women): Rautaharju et al., AHA/ACCF/HRS recommendations, Circulation 2009;119:e241-e250.
export function qtc(qtMs: number, hr: number, formula: string, sex: unknown): JsonObject {
  const rr = 60 / hr;
  const value = QTC_FORMULAS[formula]!.compute(qtMs, rr, hr);
  const s = sex === null ? null : normalizeSex(sex, 'signal.qtc', "argument 'sex'");
  const limit = s === null ? null : s === 'M' ? 450 : 460;
  return {
    type: 'SIGNAL_QTC',
    qtc_ms: pyRound(value, 1),
    formula,
    qt_ms: qtMs,
    heart_rate: hr,
    rr_s: pyRound(rr, 3),
    prolonged: limit === null ? null : above(value, limit),
    prolonged_limit_ms: limit,
  };
}

export const bedsideFunctions: FunctionSpec[] = [
  fn({
    name: 'mean_arterial_pressure',
    description: 'Mean arterial pressure from systolic and diastolic pressure: DBP + (SBP − DBP)/3.',
    params: [
      { name: 'sbp', type: 'number', unit: 'mmHg', minimum: 20, maximum: 300, description: 'systolic blood pressure' },
      { name: 'dbp', type: 'number', unit: 'mmHg', minimum: 10, maximum: 200, description: 'diastolic blood pressure' },
    ],
    result: {
      type: 'SIGNAL_MAP',
      fields: [numberField('map_mmhg', 'mean arterial pressure, rounded to 0.1', 'mmHg'), numberField('sbp', 'systolic pressure', 'mmHg'), numberField('dbp', 'diastolic pressure', 'mmHg'), textField('formula', 'the formula')],
    },
    sources: ['Sesso et al., Hypertension 2000;36:801-807'],
    impl: (a) => meanArterialPressure(n(a.sbp), n(a.dbp)),
  }),
  fn({
    name: 'qtc',
    description: "Corrected QT interval by Bazett (default), Fridericia, Framingham, Hodges or Rautaharju; with sex, flags prolongation (> 450 ms men, > 460 ms women).",
    params: [
      { name: 'qt_ms', type: 'number', unit: 'ms', minimum: 150, maximum: 800, description: 'measured QT interval' },
      { name: 'heart_rate', type: 'number', unit: 'beats/min', minimum: 20, maximum: 300, description: 'heart rate (RR = 60 / heart rate)' },
      { name: 'formula', type: 'string', default: 'bazett', enum: Object.keys(QTC_FORMULAS), description: 'bazett, fridericia, framingham, hodges or rautaharju' },
      { name: 'sex', type: ['string', 'null'], default: null, maxLength: 200, description: 'M, F, male or female, for the prolongation flag; null → no flag' },
    ],
    result: {
      type: 'SIGNAL_QTC',
      fields: [
        numberField('qtc_ms', 'corrected QT, rounded to 0.1', 'ms'),
        textField('formula', 'the formula used', Object.keys(QTC_FORMULAS)),
        numberField('qt_ms', 'measured QT', 'ms'),
        numberField('heart_rate', 'heart rate', 'beats/min'),
        numberField('rr_s', 'RR interval, rounded to 0.001', 's'),
        { name: 'prolonged', type: ['boolean', 'null'], description: 'QTc above the limit for the sex; null without sex' },
        { name: 'prolonged_limit_ms', type: ['number', 'null'], unit: 'ms', description: 'the limit used; null without sex' },
      ],
    },
    sources: [...Object.values(QTC_FORMULAS).map((f) => f.source), 'Rautaharju et al., Circulation 2009;119:e241-e250 (prolongation limits)'],
    impl: (a) => qtc(n(a.qt_ms), n(a.heart_rate), a.formula as string, a.sex),
  }),
];
