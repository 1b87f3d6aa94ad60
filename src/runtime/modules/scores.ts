// modules.md §3: bedside severity scores. Each takes the patient first (MOISSCode order).
import { ArgumentError, type JsonObject, type ModuleDef } from './types.js';
import { PatientReader } from './util/patient.js';
import { atLeast, below } from './util/threshold.js';
import { pyRound } from '../../util/round.js';

const ACVPU = ['A', 'C', 'V', 'P', 'U'];

/** Altered mentation: `consciousness` other than A when given (ACVPU), else GCS < 15. */
function alteredMentation(reader: PatientReader, label: string): boolean {
  const consciousness = reader.optionalString('consciousness');
  if (consciousness !== null) {
    const level = consciousness.trim().toUpperCase();
    if (!ACVPU.includes(level)) throw new ArgumentError(`${label}: patient field 'consciousness' must be one of A, C, V, P, U (ACVPU), got ${JSON.stringify(consciousness)}`);
    return level !== 'A';
  }
  return reader.number('gcs') < 15;
}

// qSOFA (Seymour et al., JAMA 2016; Singer et al., Sepsis-3, JAMA 2016): RR ≥ 22, SBP ≤ 100, altered mentation.
export function qsofa(patient: JsonObject, detail: boolean): JsonObject | number {
  const label = 'scores.qsofa';
  const reader = new PatientReader(patient, label);
  const components = {
    rr: reader.number('rr') >= 22 ? 1 : 0,
    bp: reader.number('bp') <= 100 ? 1 : 0,
    mentation: alteredMentation(reader, label) ? 1 : 0,
  };
  const score = components.rr + components.bp + components.mentation;
  if (!detail) return score;
  return { type: 'SCORE', scoring: 'qSOFA', score, max_score: 3, components, positive: score >= 2 };
}

const KDIGO_RISK = ['NO AKI', 'Stage 1 AKI', 'Stage 2 AKI', 'Stage 3 AKI'];
const KDIGO_MANAGEMENT = [
  'No AKI by the criteria evaluated; keep monitoring creatinine and urine output if at risk.',
  'Stage 1: find and treat the cause, stop nephrotoxins, optimise volume and perfusion, monitor creatinine and urine output.',
  'Stage 2: as stage 1, adjust drug doses to kidney function and consider ICU review.',
  'Stage 3: as stage 2, evaluate for renal replacement therapy and avoid subclavian lines.',
];
const WINDOW_NOTE = ' KDIGO windows (rise within 48 h, ratio within 7 days) are the caller\'s responsibility.';

/** Which KDIGO criterion sets this patient has data for. */
export function kdigoCriteriaAvailable(patient: JsonObject): { creatinine: boolean; urineOutput: boolean; rrt: boolean } {
  const reader = new PatientReader(patient, 'scores.kdigo_aki');
  return {
    creatinine: reader.has('creatinine') && reader.has('baseline_creatinine'),
    urineOutput: reader.has('urine_output_ml_kg_hr') && reader.has('urine_output_hours'),
    rrt: patient.on_rrt === true,
  };
}

// KDIGO Clinical Practice Guideline for Acute Kidney Injury, Kidney Int Suppl 2012 (stages by creatinine and urine output).
export function kdigoAki(patient: JsonObject): JsonObject {
  const label = 'scores.kdigo_aki';
  const reader = new PatientReader(patient, label);
  const criteria: string[] = [];
  let creatinineStage = 0;
  let ratio: number | null = null;
  if (reader.has('creatinine')) {
    const creatinine = reader.number('creatinine');
    const baseline = reader.number('baseline_creatinine');
    ratio = creatinine / baseline;
    const stageOneRise = atLeast(ratio, 1.5) || atLeast(creatinine - baseline, 0.3);
    if (atLeast(ratio, 3) || (atLeast(creatinine, 4) && stageOneRise)) creatinineStage = 3;
    else if (atLeast(ratio, 2)) creatinineStage = 2;
    else if (stageOneRise) creatinineStage = 1;
    criteria.push('creatinine');
  }
  let urineStage = 0;
  if (reader.has('urine_output_ml_kg_hr')) {
    const rate = reader.number('urine_output_ml_kg_hr');
    const hours = reader.number('urine_output_hours');
    if ((below(rate, 0.3) && atLeast(hours, 24)) || (rate === 0 && atLeast(hours, 12))) urineStage = 3;
    else if (below(rate, 0.5) && atLeast(hours, 12)) urineStage = 2;
    else if (below(rate, 0.5) && atLeast(hours, 6)) urineStage = 1;
    criteria.push('urine_output');
  }
  const rrt = reader.optionalBoolean('on_rrt');
  if (rrt !== null) criteria.push('rrt');
  if (criteria.length === 0 || (criteria.length === 1 && rrt === false)) {
    throw new ArgumentError(
      `${label}: send creatinine and baseline_creatinine (mg/dL), or urine_output_ml_kg_hr and urine_output_hours, or on_rrt`,
    );
  }
  const rrtStage = rrt === true ? 3 : 0;
  const stage = Math.max(creatinineStage, urineStage, rrtStage);
  return {
    type: 'SCORE',
    scoring: 'KDIGO-AKI',
    score: stage,
    max_score: 3,
    components: { creatinine: creatinineStage, urine_output: urineStage, rrt: rrtStage },
    stage,
    creatinine_ratio: ratio === null ? null : pyRound(ratio, 2),
    risk: KDIGO_RISK[stage]!,
    criteria_evaluated: criteria,
    management: KDIGO_MANAGEMENT[stage]! + WINDOW_NOTE,
  };
}

const patientParam = { name: 'patient', type: 'patient', description: 'patient fields (modules.md §2)' } as const;

const scores: ModuleDef = {
  name: 'scores',
  description: 'Bedside severity and risk scores.',
  functions: [
    {
      name: 'qsofa',
      description: 'quick SOFA: one point each for RR ≥ 22, SBP ≤ 100 and altered mentation; positive at ≥ 2.',
      params: [patientParam, { name: 'detail', type: 'boolean', default: false, description: 'return the SCORE record instead of the bare integer' }],
      result: { bare: 'integer' },
      state: 'none',
      sources: ['Seymour et al., JAMA 2016;315:762-774', 'Singer et al., Sepsis-3, JAMA 2016;315:801-810'],
      impl: (args) => qsofa(args.patient as JsonObject, args.detail as boolean),
    },
    {
      name: 'kdigo_aki',
      description: 'KDIGO acute kidney injury stage from creatinine against baseline, urine output and renal replacement therapy.',
      params: [patientParam],
      result: { type: 'SCORE', fields: ['type', 'scoring', 'score', 'max_score', 'components', 'stage', 'creatinine_ratio', 'risk', 'criteria_evaluated', 'management'] },
      state: 'none',
      sources: ['KDIGO Clinical Practice Guideline for Acute Kidney Injury, Kidney Int Suppl 2012;2:1-138'],
      impl: (args) => kdigoAki(args.patient as JsonObject),
    },
  ],
};

export default scores;
