// Issue 26 item 1: every function declares its result; the declaration drives docs/library.md and the
// checker, so reading a field a result does not declare is a compile error with "did you mean".
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { startServer } from '../src/cli/serve.js';
import { checkProtocol, runProtocol } from '../src/engine/index.js';
import { registry } from '../src/runtime/modules/index.js';
import { resultValueSpec } from '../src/runtime/modules/result-spec.js';
import type { ValueSpec } from '../src/runtime/modules/types.js';

const errors = (code: string): string[] =>
  checkProtocol(code)
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.line}:${d.column} ${d.message}${d.suggestion ? ` [${d.suggestion}]` : ''}`);

describe('declared results (issue 26)', () => {
  it('reading a field a declared record does not have is a compile error at the field, with did-you-mean', () => {
    expect(errors('protocol P {\n  input: Patient p;\n  let n = med.scores.news2(p);\n  alert "NEWS2 " + n.rsik;\n}')).to.deep.equal([
      "4:22 the result of med.scores.news2 has no field 'rsik'; did you mean 'risk'? [risk]",
    ]);
    expect(errors('protocol P { input: Patient p; let m = med.scores.meld(p); alert "x" + m.bounded_inputs.sodum; }')).to.deep.equal([
      "1:89 the result of med.scores.meld's field 'bounded_inputs' has no field 'sodum'; did you mean 'sodium'? [sodium]",
    ]);
    // without a near name the message lists the fields
    expect(errors('protocol P { input: Patient p; alert "x" + med.scores.curb65(p).zzzzzzzz; }')[0]).to.match(
      /^1:65 the result of med\.scores\.curb65 has no field 'zzzzzzzz'; its fields: type, scoring, score, max_score, components, risk, mortality, recommendation$/,
    );
  });

  it('a bare result has no fields, unless its declaration gives the record a detail call answers', () => {
    expect(errors('protocol P { let g = med.genomics.gc_content("ATGC"); alert "x" + g.value; }')[0]).to.match(/the result of med\.genomics\.gc_content is a number, which has no field 'value'/);
    expect(errors('protocol P { input: Patient p; let q = med.scores.qsofa(p, true); alert "x" + q.positive; }')).to.deep.equal([]);
    expect(errors('protocol P { input: Patient p; let q = med.scores.qsofa(p, true); alert "x" + q.scroe; }')).to.deep.equal([
      "1:81 the result of med.scores.qsofa has no field 'scroe'; did you mean 'score'? [score]",
    ]);
  });

  it('names bound more than once, and values the checker cannot know, are left to the run', () => {
    expect(errors('protocol P { input: Patient p; let n = med.scores.news2(p); let n = 5; alert "x" + n.rsik; }')).to.deep.equal([]);
    expect(errors('protocol P { input: Patient p; let m = {"a": 1}; alert "x" + m.b; }')).to.deep.equal([]);
  });

  it('a declared field reads as the run answers it', () => {
    const outcome = runProtocol('protocol P {\n  input: Patient p;\n  let n = med.scores.news2(p);\n  alert n.risk + " " + n.score;\n}', { rr: 22, spo2: 94, on_oxygen: false, bp: 90, hr: 110, temp: 38.3, gcs: 15 });
    expect(outcome.kind, JSON.stringify(outcome.body)).to.equal('ok');
    expect(outcome.body.alerts[0]!.message).to.match(/^(LOW|LOW-MEDIUM|MEDIUM|HIGH) \d+$/);
  });

  it('every result field, nested ones too, declares a type and a meaning (no field declared by name only)', () => {
    const undescribed: string[] = [];
    const walk = (spec: ValueSpec, path: string): void => {
      for (const field of spec.fields ?? []) {
        if (!field.type || !field.description.trim()) undescribed.push(`${path}.${field.name}`);
        walk(field, `${path}.${field.name}`);
      }
      if (spec.items) walk(spec.items, `${path}[]`);
      if (spec.values) walk(spec.values, `${path}.<key>`);
    };
    for (const f of registry.functions()) walk(resultValueSpec(f.result), `${f.module}.${f.name}`);
    expect(undescribed).to.deep.equal([]);
  });

  it('a record keyed by data (arm labels, strata) declares the shape of each value: checked, documented and listed', async function () {
    this.timeout(60_000);
    // the checker reads an entry as the declared value: a whole number has no fields
    expect(errors('protocol P { let r = med.research.randomize(20, 2, null, 7); alert "x" + r.arm_counts.Arm_A.size; }')).to.deep.equal([
      "1:93 the result of med.research.randomize's field 'arm_counts' at key 'Arm_A' is a whole number, which has no field 'size'",
    ]);
    const code = 'protocol P { let s = med.research.stratify(8, "site", ["north site", "south"], 2, 11); alert "n=" + s.allocation.south + " " + s.randomization.south.block_size; }';
    expect(errors(code)).to.deep.equal([]);
    const outcome = runProtocol(code, {});
    expect(outcome.kind, JSON.stringify(outcome.body)).to.equal('ok');
    expect(outcome.body.alerts[0]!.message).to.equal('n=4 4');
    const text = readFileSync(new URL('../docs/library.md', import.meta.url), 'utf8');
    expect(text).to.contain('| `arm_counts.<arm>` | whole number |  | patients allocated to the arm |');
    expect(text).to.contain('| `randomization.<stratum>.assignments.<patient id>` | string |  | the patient\'s arm label |');
    expect(text).to.contain('| `regimens.<tier>[].dose` | string or null |');
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 2, heapMb: 256, dev: true }, () => {});
    try {
      const listing = (await (await fetch(`${server.url}/modules`)).json()) as { functions: Record<string, any> };
      const armCounts = listing.functions['research.randomize'].result.fields.find((f: { name: string }) => f.name === 'arm_counts');
      expect(armCounts.propertyNames).to.deep.equal({ type: 'string', description: 'arm' });
      expect(armCounts.additionalProperties).to.deep.equal({ type: 'integer', description: 'patients allocated to the arm' });
      expect(armCounts).to.not.have.property('values');
    } finally {
      await server.close();
    }
  });

  it('docs/library.md gives every function a declared result, and each score its patient fields', () => {
    const text = readFileSync(new URL('../docs/library.md', import.meta.url), 'utf8');
    expect(text).to.not.contain('bare undefined');
    expect(text).to.not.match(/(modules|service|api)\.md/);
    const sections = text.split(/^### /m).slice(1);
    expect(sections).to.have.length(registry.functions().length);
    for (const section of sections) {
      const title = section.split('\n')[0];
      expect(section, title).to.match(/^Result: an? (number|whole number|string|boolean|list|record|`\w+` record|any value)/m);
    }
    // every score that takes the whole patient lists the fields it reads (calculators taking plain arguments have none)
    for (const f of registry.functions().filter((x) => x.module === 'scores' && x.params.some((p) => p.type === 'patient'))) {
      const section = sections.find((s) => s.startsWith(`\`med.scores.${f.name}\``))!;
      expect(section, f.name).to.contain('Patient fields it reads');
      expect(f.patientFields!.length, f.name).to.be.greaterThan(0);
    }
    expect(text).to.contain('| `rr` (breaths/min, respiratory rate) | required |');
  });

  it('/v1/modules and /v1/openapi.json give each function its declared result and a score its patient fields', async function () {
    this.timeout(60_000);
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 2, heapMb: 256, dev: true }, () => {});
    try {
      const listing = (await (await fetch(`${server.url}/modules`)).json()) as { functions: Record<string, any>; modules: Record<string, string[]> };
      expect(Object.keys(listing.functions)).to.have.length(registry.functions().length);
      const news2 = listing.functions['scores.news2'];
      expect(news2.result.type).to.equal('object');
      expect(news2.result.fields.find((f: { name: string }) => f.name === 'risk')).to.deep.include({ type: 'string', description: 'clinical risk band' });
      expect(news2.patient_fields[0]).to.deep.equal({ alternatives: [['rr']], required: true });
      const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as { 'x-library-functions': Record<string, any> };
      expect(openapi['x-library-functions']['scores.news2'].result).to.deep.equal(news2.result);
    } finally {
      await server.close();
    }
  });
});
