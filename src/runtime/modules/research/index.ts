// modules.md §19: de-identification, explicit consent records, reproducible randomization and sample
// size. Consent and study records persist per organization in the same store and audit trail as db.
import type { AuditStamp, LibraryStore } from '../../../store/library.js';
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type Args, type CallContext, type FunctionSpec, type JsonObject, type JsonValue, type ModuleDef, type ParamSpec } from '../types.js';
import { checkIdentifier } from '../util/identifier.js';
import { auditRefusal, withStore } from '../util/org-store.js';
import { deidentify, KEPT_FIELDS, METHOD } from './deidentify.js';
import { inverseNormal } from './inverse-normal.js';
import { armLabel, drawSeed, patientIds, permutedBlocks } from './randomization.js';
import { RESEARCH_RESULTS } from './results.js';

const identifier = (name: string, description: string): ParamSpec => ({ name, type: 'string', maxLength: 64, description: `${description}: 1–64 characters A–Z a–z 0–9 . _ -` });
const patientCount: ParamSpec = { name: 'patient_count', type: 'integer', minimum: 1, maximum: 100_000, description: 'patients to allocate' };
const seedParam: ParamSpec = { name: 'seed', type: ['integer', 'null'], minimum: 0, maximum: 4294967295, default: null, description: 'generator seed; null → drawn from a cryptographic source and reported' };
const arms = (fallback: number | null): ParamSpec => ({ name: 'arms', type: fallback === null ? ['integer', 'null'] : 'integer', minimum: 2, maximum: 26, default: fallback, description: 'number of arms (Arm_A…)' });
const SAFE_HARBOR = '45 CFR 164.514(b)(2) (HIPAA Safe Harbor); RFC 2104 HMAC-SHA-256';
const BLOCKS = 'Matts & Lachin, Control Clin Trials 1988;9:327-344 (permuted blocks)';

/** A real calendar date YYYY-MM-DD that is not after today on the injected clock. */
function checkDate(value: string, label: string, ctx: CallContext): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) throw new ArgumentError(`${label}: argument 4 'consent_date' must be an ISO date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  if (value > ctx.now().toISOString().slice(0, 10)) throw new ArgumentError(`${label}: argument 4 'consent_date' ${value} is in the future`);
  return value;
}

/** Ratio (default all 1) and block size (default 2·Σratio, a multiple of Σratio) of a permuted-block schedule. */
function design(label: string, armCount: number, ratio: JsonValue, blockSize: JsonValue, base: number): { ratio: number[]; blockSize: number } {
  const r = ratio === null ? Array<number>(armCount).fill(1) : (ratio as number[]);
  if (r.length !== armCount) throw new ArgumentError(`${label}: argument ${base} 'ratio' must have one entry per arm (${armCount}), got ${r.length}`);
  const sum = r.reduce((a, b) => a + b, 0);
  const size = blockSize === null ? 2 * sum : (blockSize as number);
  if (size % sum !== 0) throw new ArgumentError(`${label}: argument ${base + 2} 'block_size' must be a multiple of the ratio sum ${sum}, got ${size}`);
  return { ratio: r, blockSize: size };
}

type OrgRun = (a: Args, ctx: CallContext, scope: { store: LibraryStore; stamp: AuditStamp }) => JsonValue;

/** A function on the organization's store: audited, refused calls included. */
function orgFunction(spec: Omit<FunctionSpec, 'state' | 'impl' | 'onRefused'> & { target: (a: Args) => string | null; run: OrgRun }): FunctionSpec {
  const label = `research.${spec.name}`;
  const { target, run, ...rest } = spec;
  return { ...rest, state: 'org', onRefused: auditRefusal(label), impl: (a, ctx) => withStore(ctx, label, target(a), a, (store, stamp) => run(a, ctx, { store, stamp })) };
}

const consentView = (c: { patient_id: string; study_id: string; consented: boolean; consent_date: string | null; recorded_at: string }): JsonObject => ({
  type: 'RESEARCH_CONSENT',
  patient_id: c.patient_id,
  study_id: c.study_id,
  found: true,
  consented: c.consented,
  consent_date: c.consent_date,
  recorded_at: c.recorded_at,
});

/** Only a record this module produced may be stored: its tag, fields and value types are checked. */
function checkDeidentified(data: JsonObject, label: string): void {
  const bad = (why: string): never => {
    throw new ArgumentError(`${label}: argument 1 'anon_data' must be a research.deidentify result; ${why}`);
  };
  if (data.type !== 'RESEARCH_DEIDENTIFIED') bad(`its type is ${JSON.stringify(data.type ?? null)}`);
  const own = new Set(['type', 'patient_hash', 'age', 'sex', 'birth_year', 'removed_fields', 'method']);
  for (const [key, value] of Object.entries(data)) {
    if (!own.has(key) && !KEPT_FIELDS.has(key)) bad(`field '${key}' is not one it writes`);
    if (KEPT_FIELDS.has(key) && typeof value !== 'number' && typeof value !== 'boolean') bad(`field '${key}' must be a number or a boolean`);
  }
  if (data.patient_hash !== null && (typeof data.patient_hash !== 'string' || !/^[0-9a-f]{32}$/.test(data.patient_hash))) bad('patient_hash must be 32 hex digits or null');
  if (data.age !== null && data.age !== '90+' && (typeof data.age !== 'number' || data.age > 89)) bad("age must be a number ≤ 89, '90+' or null");
  if (data.sex !== null && data.sex !== 'M' && data.sex !== 'F') bad("sex must be 'M', 'F' or null");
  if (data.birth_year !== undefined && (typeof data.birth_year !== 'number' || typeof data.age !== 'number')) bad('birth_year is kept only beside a numeric age');
  if (!Array.isArray(data.removed_fields) || data.removed_fields.some((f) => typeof f !== 'string')) bad('removed_fields must list field names');
  if (data.method !== METHOD) bad('method must be the one deidentify states');
}

const research: ModuleDef = {
  name: 'research',
  description: 'De-identification, consent records, permuted-block randomization, stratification and sample size.',
  functions: [
    {
      name: 'deidentify',
      description: 'HIPAA Safe Harbor de-identification with a keyed per-installation pseudonym (patient_hash).',
      params: [{ name: 'patient', type: 'patient', description: 'patient fields (§2) plus identifiers (id, patient_id, mrn, name, birth_date, …)' }],
      result: RESEARCH_RESULTS.deidentify!,
      state: 'org',
      sources: [SAFE_HARBOR],
      impl: (a, ctx) => deidentify(ctx, a.patient as JsonObject),
    },
    orgFunction({
      name: 'log_to_datalake',
      aliases: ['data_lake_log'],
      description: "Stores a de-identified record in the organization's study data.",
      params: [
        { name: 'anon_data', type: 'object', description: 'a research.deidentify result' },
        identifier('study_id', 'study identifier'),
      ],
      result: RESEARCH_RESULTS.log_to_datalake!,
      sources: [SAFE_HARBOR],
      target: (a) => a.study_id as string,
      run: (a, _ctx, { store, stamp }) => {
        const label = 'research.log_to_datalake';
        checkDeidentified(a.anon_data as JsonObject, label);
        const study = checkIdentifier(a.study_id!, label, 2, 'study_id');
        const recordId = store.storeStudyRecord(stamp, study, JSON.stringify(a.anon_data));
        return { type: 'RESEARCH_LOG', study_id: study, record_id: recordId, stored: true };
      },
    }),
    orgFunction({
      name: 'record_consent',
      description: 'Appends a consent record (false records a refusal or a withdrawal); the latest record counts.',
      params: [
        identifier('patient_id', "the organization's patient id"),
        identifier('study_id', 'study identifier'),
        { name: 'consented', type: 'boolean', description: 'true: consent given; false: refused or withdrawn' },
        { name: 'consent_date', type: ['string', 'null'], maxLength: 10, default: null, description: 'date on the consent form, YYYY-MM-DD, not in the future' },
        { name: 'recorded_by', type: ['string', 'null'], maxLength: 1000, default: null, description: 'who recorded it' },
      ],
      result: RESEARCH_RESULTS.record_consent!,
      sources: ['45 CFR 46.116 (informed consent): consent is recorded, never inferred'],
      target: (a) => `${a.patient_id}/${a.study_id}`,
      run: (a, ctx, { store, stamp }) => {
        const label = 'research.record_consent';
        const patient = checkIdentifier(a.patient_id!, label, 1, 'patient_id');
        const study = checkIdentifier(a.study_id!, label, 2, 'study_id');
        const date = a.consent_date === null ? null : checkDate(a.consent_date as string, label, ctx);
        const record = store.recordConsent(stamp, { patient_id: patient, study_id: study, consented: a.consented as boolean, consent_date: date, recorded_by: a.recorded_by as string | null });
        return consentView(record);
      },
    }),
    orgFunction({
      name: 'consent_check',
      description: "The latest consent record of the organization's patient for a study; no record → consented false.",
      params: [identifier('patient_id', "the organization's patient id"), identifier('study_id', 'study identifier')],
      result: RESEARCH_RESULTS.consent_check!,
      sources: ['45 CFR 46.116 (informed consent): consent is recorded, never inferred'],
      target: (a) => `${a.patient_id}/${a.study_id}`,
      run: (a, _ctx, { store, stamp }) => {
        const record = store.latestConsent(stamp, a.patient_id as string, a.study_id as string);
        if (record) return consentView(record);
        return { type: 'RESEARCH_CONSENT', patient_id: a.patient_id as string, study_id: a.study_id as string, found: false, consented: false, consent_date: null, recorded_at: null };
      },
    }),
    {
      name: 'randomize',
      description: 'Permuted-block randomization, reproducible by seed.',
      params: [
        patientCount,
        arms(2),
        { name: 'ratio', type: ['array', 'null'], items: { type: 'integer', minimum: 1, maximum: 100 }, maxItems: 26, default: null, description: 'allocation ratio, one entry per arm; null → all 1' },
        seedParam,
        { name: 'block_size', type: ['integer', 'null'], minimum: 1, maximum: 10_000, default: null, description: 'a multiple of the ratio sum; null → 2·Σratio' },
      ],
      result: RESEARCH_RESULTS.randomize!,
      state: 'none',
      sources: [BLOCKS, 'Knuth, TAOCP vol. 2, Algorithm P (Fisher–Yates shuffle)'],
      impl: (a) => {
        const count = a.patient_count as number;
        const armCount = a.arms as number;
        const { ratio, blockSize } = design('research.randomize', armCount, a.ratio!, a.block_size!, 3);
        const seed = (a.seed as number | null) ?? drawSeed();
        const schedule = permutedBlocks(patientIds(1, count, count), ratio, blockSize, seed);
        return {
          type: 'RESEARCH_RANDOMIZE',
          patient_count: count,
          arms: armCount,
          arm_labels: ratio.map((_, i) => armLabel(i)),
          ratio,
          block_size: blockSize,
          seed,
          method: 'permuted blocks',
          arm_counts: schedule.arm_counts,
          assignments: schedule.assignments,
        };
      },
    },
    {
      name: 'sample_size',
      description: 'Patients per group for a two-sided comparison of two equal groups with standardized difference d.',
      params: [
        // below d = 0.01 (about 157,000 per group) the 1/d² of the formula runs past any study and, near 0, past finite numbers
        { name: 'effect_size', type: 'number', minimum: 0.01, maximum: 5, description: "standardized difference d (Cohen's d), 0.01–5" },
        // at α < 1e-6, 1 − α/2 rounds to 1 in double precision and has no normal quantile
        { name: 'alpha', type: 'number', minimum: 1e-6, exclusiveMaximum: 0.5, default: 0.05, description: 'two-sided significance level, 1e-6 to < 0.5' },
        { name: 'power', type: 'number', minimum: 0.5, exclusiveMaximum: 1, default: 0.8, description: '1 − β' },
      ],
      result: RESEARCH_RESULTS.sample_size!,
      state: 'none',
      sources: ['Chow, Shao & Wang, Sample Size Calculations in Clinical Research, 2nd ed. 2008, §3.2', 'Wichura, Appl Stat 1988;37:477-484 (AS 241)'],
      impl: (a) => {
        const d = a.effect_size as number;
        const alpha = a.alpha as number;
        const power = a.power as number;
        const zAlpha = inverseNormal(1 - alpha / 2);
        const zBeta = inverseNormal(power);
        // n = 2(z₁₋α/₂ + z_power)²/d²; a value within 1e-9 of an integer is that integer (§1.6)
        const exact = (2 * (zAlpha + zBeta) ** 2) / d ** 2;
        const n = Math.ceil(exact - 1e-9 * exact);
        return { type: 'RESEARCH_SAMPLE_SIZE', effect_size: d, alpha, power, z_alpha: pyRound(zAlpha, 4), z_beta: pyRound(zBeta, 4), n_per_group: n, total_n: 2 * n };
      },
    },
    {
      name: 'stratify',
      description: 'Splits enrolment slots across strata (earlier strata take the remainder), optionally with a permuted-block schedule per stratum.',
      params: [
        patientCount,
        { name: 'variable', type: 'string', maxLength: 200, description: 'the stratification variable (e.g. site, age group)' },
        { name: 'strata', type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000, default: ['Stratum_A', 'Stratum_B'], description: 'stratum names, unique' },
        arms(null),
        seedParam,
      ],
      result: RESEARCH_RESULTS.stratify!,
      state: 'none',
      sources: [BLOCKS, 'Kernan et al., J Clin Epidemiol 1999;52:19-26 (stratified randomization)'],
      impl: (a) => {
        const label = 'research.stratify';
        const count = a.patient_count as number;
        const strata = a.strata as string[];
        const variable = (a.variable as string).trim();
        if (!variable) throw new ArgumentError(`${label}: argument 2 'variable' must not be empty`);
        strata.forEach((s, i) => {
          if (!s.trim() || s.length > 200) throw new ArgumentError(`${label}: argument 3 'strata' item ${i} must be a name of 1–200 characters`);
          if (strata.indexOf(s) !== i) throw new ArgumentError(`${label}: argument 3 'strata' lists '${s}' twice`);
        });
        const base = Math.floor(count / strata.length);
        const extra = count % strata.length;
        // keyed by caller-given stratum names: without a prototype, '__proto__' is a stratum like any other
        const allocation: JsonObject = Object.create(null);
        const patients: JsonObject = Object.create(null);
        const ids: string[][] = [];
        let next = 1;
        strata.forEach((s, i) => {
          const size = base + (i < extra ? 1 : 0);
          const list = patientIds(next, size, count);
          next += size;
          allocation[s] = size;
          patients[s] = list;
          ids.push(list);
        });
        const result: JsonObject = { type: 'RESEARCH_STRATIFY', variable, strata, patient_count: count, allocation, patients };
        if (a.arms !== null) {
          const { ratio, blockSize } = design(label, a.arms as number, null, null, 4);
          const seed = (a.seed as number | null) ?? drawSeed();
          result.seed = seed;
          result.randomization = Object.fromEntries(
            strata.map((s, i) => {
              const schedule = permutedBlocks(ids[i]!, ratio, blockSize, (seed + i) % 4294967296);
              return [s, { seed: schedule.seed, block_size: schedule.block_size, arm_counts: schedule.arm_counts, assignments: schedule.assignments }];
            }),
          );
        }
        return result;
      },
    },
  ],
};

export default research;
