// The functions the HTTP server answers in process (runtime/modules/bounded.ts, issue 29's rule): each is
// proven bounded by its declared limits. The proof counts work, never time (timed assertions flake on a
// shared machine; speed is the bench's): a scalar function's input has a fixed size by declaration, and a
// patient score's reads of its patient, at the largest patient the server runs in process, stay within a
// small multiple of that patient's fields. The route itself is shown with a pool that must not be used.
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/http/app.js';
import { createDevAccess } from '../src/http/dev-access.js';
import type { WorkerPool } from '../src/http/pool/index.js';
import { BOUNDED_CALL_MAX_BYTES, BOUNDED_FUNCTIONS } from '../src/runtime/modules/bounded.js';
import { createContext } from '../src/runtime/modules/context.js';
import { registry } from '../src/runtime/modules/index.js';
import { ArgumentError, type JsonObject, type JsonValue, type ParamSpec } from '../src/runtime/modules/types.js';

const SCALARS = new Set(['number', 'integer', 'boolean', 'null']);
/** the longest string a bounded function may take: its work on it is then bounded too */
const MAX_BOUNDED_STRING = 100;

/** A parameter whose value has a size fixed by its declaration: a scalar, an enum, a short string, or a patient (bounded by the body). */
function fixedSize(spec: ParamSpec): boolean {
  if (spec.type === 'patient') return true;
  const types = Array.isArray(spec.type) ? spec.type : [spec.type];
  return types.every((t) => SCALARS.has(t) || (t === 'string' && (spec.enum !== undefined || (spec.maxLength ?? Infinity) <= MAX_BOUNDED_STRING)));
}

/** Fields every patient score is given first; the rest each score asks for by name (completePatient). */
const BASE_PATIENT: JsonObject = { bp: 85, hr: 120, rr: 24, temp: 39, spo2: 90, weight: 70, age: 79, gcs: 13, lactate: 4, sex: 'F', on_vasopressors: false, creatinine: 2, baseline_creatinine: 1, admission_type: 'nonoperative' };

/** A value a score's refusal asks for: the first allowed one, the lower bound, true for a flag, else a number. */
function valueAskedFor(message: string, current: JsonValue | undefined): JsonValue | undefined {
  const oneOf = /one of ([^;]+?)(?:, got|\)|$)/.exec(message);
  if (oneOf) {
    const first = oneOf[1]!.split(/, | or /)[0]!.trim().replace(/^['"]|['"]$/g, '');
    return first === 'true' ? true : first === 'false' ? false : first !== '' && Number.isFinite(Number(first)) ? Number(first) : first;
  }
  const bound = /(?:≥|at least|between|from) ?(-?[\d.]+)/.exec(message);
  if (bound) return Number(bound[1]);
  if (/true or false|boolean/.test(message)) return true;
  return current === undefined ? 1 : undefined;
}

/** A patient the score answers with (it scores, the longest path), built from what its refusals name. */
function completePatient(call: (patient: JsonObject) => void): JsonObject {
  const patient = structuredClone(BASE_PATIENT);
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      call(patient);
      return patient;
    } catch (error) {
      if (!(error instanceof ArgumentError)) throw error;
      const field = /patient field '([a-z_0-9]+)'|'([a-z_0-9]+)' \(/.exec(error.message);
      const name = field?.[1] ?? field?.[2];
      const value = name === undefined ? undefined : valueAskedFor(error.message, patient[name]);
      if (name === undefined || value === undefined || value === patient[name]) throw error;
      patient[name] = value;
    }
  }
  throw new Error('no complete patient after 60 attempts');
}

/** The patient padded with filler fields up to the largest /v1/call body the server answers in process. */
function largest(patient: JsonObject): JsonObject {
  const padded = structuredClone(patient);
  const body = (p: JsonObject): number => JSON.stringify({ module: 'scores', function: 'framingham_hard_chd', args: [p] }).length;
  for (let i = 0; body(padded) < BOUNDED_CALL_MAX_BYTES - 16; i++) padded[`zq${String(i).padStart(4, '0')}`] = 0;
  return padded;
}

/** A value at the declared limit of a scalar parameter. */
function atLimit(spec: ParamSpec): JsonValue {
  if ('default' in spec && spec.default !== null) return spec.default!;
  if (spec.enum) return spec.enum[0]!;
  const types = Array.isArray(spec.type) ? spec.type : [spec.type];
  if (types.includes('number') || types.includes('integer')) return spec.maximum ?? spec.minimum ?? 1;
  if (types.includes('string')) return '2026-01-01'.slice(0, spec.maxLength ?? 10);
  return true;
}

/** Counts every read, key listing and lookup of an object (and the objects inside it). */
function counted(target: JsonObject, counter: { reads: number }): JsonObject {
  return new Proxy(target, {
    get: (t, key, receiver) => (counter.reads++, Reflect.get(t, key, receiver)),
    has: (t, key) => (counter.reads++, Reflect.has(t, key)),
    ownKeys: (t) => (counter.reads++, Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, key) => (counter.reads++, Reflect.getOwnPropertyDescriptor(t, key)),
  });
}

describe('functions proven bounded (run in the server process)', () => {
  const functions = BOUNDED_FUNCTIONS.map((name) => {
    const [module, fn] = name.split('.') as [string, string];
    return { name, fn: registry.resolve(module, fn) };
  });

  it('lists only registered functions without state, whose every parameter has a size fixed by its declaration', () => {
    for (const { name, fn } of functions) {
      expect(fn, name).to.not.equal(undefined);
      expect(fn!.bounded, name).to.equal(true);
      expect(fn!.state, name).to.equal('none');
      for (const spec of fn!.params) expect(fixedSize(spec), `${name} parameter ${spec.name}`).to.equal(true);
    }
    expect(registry.functions().filter((f) => f.bounded).map((f) => `${f.module}.${f.name}`)).to.have.members([...BOUNDED_FUNCTIONS]);
  });

  it('scores a complete patient of the largest in-process size with a bounded number of reads per field (no loop beyond one pass)', () => {
    for (const { name, fn } of functions) {
      if (!fn!.params.some((p) => p.type === 'patient')) continue;
      const invoke = (patient: JsonObject): JsonValue =>
        registry.invoke(fn!, fn!.params.map((spec) => (spec.type === 'patient' ? patient : atLimit(spec))), {}, createContext({ source: 'call', seed: () => 1 }));
      const patient = largest(completePatient(invoke));
      const fields = Object.keys(patient).length;
      expect(JSON.stringify(patient).length, name).to.be.below(BOUNDED_CALL_MAX_BYTES);
      const counter = { reads: 0 };
      invoke(counted(patient, counter)); // it scores: the longest path, every field it reads present
      // validation walks the patient a few times (finite numbers, schema, size), the score reads its own fields: linear, small
      expect(counter.reads, `${name}: ${counter.reads} reads of a ${fields}-field patient`).to.be.at.most(8 * fields + 400);
    }
  });

  it('answers every scalar function at its declared limits (fixed-size input: nothing grows with the caller)', () => {
    for (const { name, fn } of functions) {
      if (fn!.params.some((p) => p.type === 'patient')) continue;
      const args = fn!.params.map(atLimit);
      try {
        registry.invoke(fn!, args, {}, createContext({ source: 'call', seed: () => 1 }));
      } catch (error) {
        if (!(error instanceof ArgumentError)) throw new Error(`${name}: ${(error as Error).message}`);
      }
    }
  });

  describe('over HTTP', () => {
    let server: Server;
    let url: string;
    const pooled: string[] = [];
    const pool = {
      healthy: () => true,
      call: async (call: { module: string; function: string }) => {
        pooled.push(`${call.module}.${call.function}`);
        return { kind: 'ok', body: { success: true, result: 'from the pool', error: null } };
      },
    } as unknown as WorkerPool;
    before(async () => {
      server = createServer(createApp({ pool, access: createDevAccess(), log: () => {} }).callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/call`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const call = async (body: unknown): Promise<{ status: number; body: { result: JsonValue } }> => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { result: JsonValue } };
    };

    it('answers a bounded function in process, and sends other functions and large bodies to the pool', async () => {
      const bounded = await call({ module: 'scores', function: 'qsofa', args: [{ rr: 24, bp: 95, gcs: 14 }] });
      expect(bounded).to.deep.equal({ status: 200, body: { success: true, result: 3, error: null } });
      expect(pooled).to.deep.equal([]);
      expect((await call({ module: 'epi', function: 'sir_model', args: [1000, 1, 0.3, 0.1, 10] })).body.result).to.equal('from the pool');
      const large = { module: 'scores', function: 'qsofa', args: [{ rr: 24, bp: 95, gcs: 14, note: 'x'.repeat(BOUNDED_CALL_MAX_BYTES) }] };
      expect((await call(large)).body.result).to.equal('from the pool');
      expect(pooled).to.deep.equal(['epi.sir_model', 'scores.qsofa']);
    });
  });
});
