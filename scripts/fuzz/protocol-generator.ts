// Protocol sources for the fuzzer: grammar-based generation (fast-check, grammar/protocol.ebnf) and
// mutation of the conformance fixtures. Generated loops are bounded; mutations may not be, which is
// what the run time limit is for.
import fc from 'fast-check';
import { registry } from '../../src/runtime/modules/index.js';
import type { Rng } from './random.js';

const NAMES = ['x', 'y', 'total', 'i', 'score', 'p'];
const FIELDS = ['hr', 'bp', 'rr', 'temp', 'spo2', 'gcs', 'lactate', 'age', 'weight', 'sex', 'creatinine', 'glucose', 'medications', 'missing_field'];
const UNITS = ['mg', 'mcg', 'g', 'mL', 'L', 'mmHg', 'kg', 'h', 'min', 'mg/dL', 'mmol/L', 'umol/L', '%', 'bpm'];
const DRUGS = ['Norepinephrine', 'Vancomycin', 'Heparin', 'Acetaminophen', 'Unobtainium'];

function libraryCalls(): string[] {
  return Object.entries(registry.listing()).flatMap(([module, names]) => names.map((name) => `med.${module}.${name}`));
}

const number = fc.oneof(
  fc.integer({ min: -5, max: 1000 }).map(String),
  fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((d) => String(Math.abs(d)).replace(/e\+?/, 'e')),
  fc.constantFrom('0', '1e308', '1e400', '0.1', '9999999999999999999999', '3.14'),
);
const string = fc.oneof(fc.constantFrom('""', '"a"', '"\\n"', '"\\u00e9"', '"__proto__"', '"constructor"'), fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)));

/** Expressions, statements and whole programs of bounded nesting `depth`. */
export function protocolArbitrary(depth: number): fc.Arbitrary<string> {
  const calls = libraryCalls();
  const options = { maxDepth: depth, depthIdentifier: 'expression' } as const;
  const { expr } = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      options,
      fc.oneof(number, string, fc.constantFrom(...NAMES), fc.constantFrom('true', 'false', 'null'), fc.tuple(number, fc.constantFrom(...UNITS)).map(([n, u]) => `${n} ${u}`)),
      fc.constantFrom(...FIELDS).map((f) => `p.${f}`),
      fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', 'and', 'or'), tie('expr')).map(([a, op, b]) => `${a} ${op} ${b}`),
      tie('expr').map((e) => `(${e})`),
      tie('expr').map((e) => `-${e}`),
      tie('expr').map((e) => `not ${e}`),
      fc.array(tie('expr'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
      fc.tuple(string, tie('expr')).map(([k, v]) => `{${k}: ${v}}`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, i]) => `${a}[${i}]`),
      fc.tuple(tie('expr'), fc.constantFrom('score', 'type', 'risk', 'length', 'value')).map(([a, m]) => `${a}.${m}`),
      fc.tuple(fc.constantFrom(...calls), fc.array(tie('expr'), { maxLength: 3 })).map(([f, args]) => `${f}(${args.join(', ')})`),
      fc.constantFrom(...calls).map((f) => `${f}(p)`),
      fc.tuple(fc.constantFrom('round', 'floor', 'ceil', 'abs', 'min', 'max', 'len', 'sum'), fc.array(tie('expr'), { maxLength: 3 })).map(([f, args]) => `${f}(${args.join(', ')})`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `${a} in ${b}`),
      fc.constantFrom(...FIELDS).map((f) => `p.${f} == null`),
    ),
  }));
  const name = fc.constantFrom(...NAMES.filter((n) => n !== 'p'));
  const { stmt } = fc.letrec<{ stmt: string }>((tie) => ({
    stmt: fc.oneof(
      { maxDepth: Math.max(1, Math.floor(depth / 4)), depthIdentifier: 'statement' },
      fc.tuple(name, expr).map(([n, e]) => `let ${n} = ${e};`),
      fc.tuple(expr, fc.constantFrom('', ' severity: info', ' severity: warning', ' severity: critical', ' severity: bogus')).map(([e, s]) => `alert ${e}${s};`),
      fc.tuple(fc.constantFrom(...DRUGS), number, fc.constantFrom(...UNITS)).map(([d, n, u]) => `administer ${d} dose: ${n} ${u};`),
      fc.tuple(fc.constantFrom(...DRUGS), number, fc.constantFrom(...UNITS), fc.constantFrom('IV', 'PO', 'SC', 'XX'), number, fc.constantFrom('h', 'min', 'mg')).map(
        ([d, n, u, r, e, eu]) => `administer ${d} route: ${r} every: ${e} ${eu} dose: ${n} ${u} indication: "fuzz";`,
      ),
      fc.constantFrom(...FIELDS).map((f) => `track p.${f}${f.length % 2 ? ' using KAE' : ''};`),
      fc.constantFrom('sepsis', 'shock', 'aki', 'flu').map((c) => `assess p for ${c};`),
      expr.map((e) => `${e};`),
      fc.tuple(expr, fc.array(tie('stmt'), { maxLength: 3 }), fc.array(tie('stmt'), { maxLength: 2 })).map(
        ([c, a, b]) => `if ${c} { ${a.join(' ')} }${b.length ? ` else { ${b.join(' ')} }` : ''}`,
      ),
      fc.tuple(name, expr, fc.array(tie('stmt'), { maxLength: 3 })).map(([n, e, body]) => `for ${n} in ${e} { ${body.join(' ')} }`),
      fc.tuple(fc.integer({ min: 0, max: 50 }), fc.array(tie('stmt'), { maxLength: 2 })).map(
        ([limit, body]) => `let k = 0; while k < ${limit} { ${body.join(' ')} let k = k + 1; }`,
      ),
    ),
  }));
  const fn = fc.tuple(fc.array(stmt, { maxLength: 3 }), expr).map(([body, ret]) => `function helper(a, b) { ${body.join(' ')} return ${ret}; }\n`);
  const typeDef = fc.constantFrom('type Vitals { hr: float = 80; note: str; }\n', 'type T extends Missing { a: int; }\n', '');
  return fc
    .tuple(typeDef, fc.option(fn, { nil: '' }), fc.array(stmt, { minLength: 1, maxLength: 6 }), fc.boolean())
    .map(([t, f, body, input]) => `${t}${f}protocol Fuzz {\n${input ? '  input: Patient p;\n' : ''}${body.map((s) => `  ${s}`).join('\n')}\n}\n`);
}

/** A source nested `depth` levels deep in one of the ways that stress recursive descent and checking. */
export function deeplyNested(depth: number, rng: Rng): string {
  const kind = rng.int(0, 4);
  const body =
    kind === 0
      ? `let x = ${'('.repeat(depth)}1${')'.repeat(depth)};`
      : kind === 1
        ? `let x = ${'['.repeat(depth)}1${']'.repeat(depth)};`
        : kind === 2
          ? `let x = ${'- '.repeat(depth)}1;`
          : kind === 3
            ? `${'if true { '.repeat(depth)}let x = 1;${' }'.repeat(depth)}`
            : `let x = 1${' + 1'.repeat(Math.min(depth * 50, 2450))};`; // a long flat chain, within the 10,000 code points of /v1/run
  return `protocol Deep {\n  ${body}\n}\n`;
}

const SNIPPETS = ['(', ')', '{', '}', '[', ']', ';', '"', '\\', '.', ',', ':', '->', 'let', 'if', 'else', 'while', 'for', 'in', 'protocol', 'function', 'return', 'med.', 'p.', '1e999', '-', '\u0000', '\u202e', '💉', '\r', '\n', '\t', '/*', '//', 'mg', '==', 'not', '__proto__', 'constructor'];

/** One random edit (or a few) of a fixture source. */
export function mutate(source: string, rng: Rng): string {
  let text = source;
  for (let edits = rng.int(1, 4); edits > 0; edits--) {
    const at = rng.int(0, text.length);
    const span = rng.int(1, 12);
    switch (rng.int(0, 6)) {
      case 0:
        text = text.slice(0, at) + text.slice(at + span);
        break;
      case 1:
        text = text.slice(0, at) + rng.pick(SNIPPETS) + text.slice(at);
        break;
      case 2:
        text = text.slice(0, at) + text.slice(rng.int(0, text.length), at + span) + text.slice(at);
        break;
      case 3:
        text = text.slice(0, at);
        break;
      case 4: {
        const lines = text.split('\n');
        const i = rng.int(0, lines.length - 1);
        lines.splice(i, 0, lines[rng.int(0, lines.length - 1)]!);
        text = lines.join('\n');
        break;
      }
      case 5:
        text = text.replace(/\d+(\.\d+)?/, rng.pick(['1e400', '0', '-0', '99999999999999999999', '0.0000001']));
        break;
      default:
        text = text.slice(0, at) + String.fromCharCode(rng.int(0, 0xffff)) + text.slice(at + 1);
    }
  }
  return text;
}
