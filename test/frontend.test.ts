import { expect } from 'chai';
import fc from 'fast-check';
import { analyze } from '../src/compiler/frontend.js';
import type * as A from '../src/parser/ast.js';
import { registry } from '../src/runtime/modules/index.js';

const catalog = registry.catalog;

function diagnostics(source: string): string[] {
  return analyze(source, catalog).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
}

const REPRESENTATIVE = `import med.scores;
type Base { id: str = "x"; }
type Vitals extends Base { hr: float = 1.0; }
function triage(score: int, label) -> str {
    if score >= 2 { return "RED"; } else if score == 1 { return label; } else { return "GREEN"; }
}
protocol Screen {
    input: Patient p;
    let score = med.scores.qsofa(p);
    let v: Vitals = Vitals { hr: 2, id: "a" };
    let m = {"k": [1, 2,], "q": -3 % 2};
    while not (score > 5) or false { let score = score + 1; }
    for x in [1, 2] { triage(x, "L"); }
    alert "qSOFA " + score severity: critical;
    administer Norepinephrine dose: 0.1 mcg/kg/min;
    track p.lactate using KAE;
    track p.hr;
    assess p for sepsis;
    let e = m["k"][0] * 2 / 1 - 1 + v.hr;
}
`;

describe('front end: parsing', () => {
  it('parses every construct of the language into the typed AST', () => {
    const { program, diagnostics: found } = analyze(REPRESENTATIVE, catalog);
    expect(found).to.deep.equal([]);
    const items = program!.items;
    expect(items.map((i) => i.kind)).to.deep.equal(['Import', 'TypeDef', 'TypeDef', 'FunctionDef', 'Protocol']);
    expect(items[0]).to.include({ kind: 'Import', line: 1, column: 1, endLine: 1, endColumn: 18 });
    expect((items[0] as A.Import).path).to.deep.equal(['med', 'scores']);
    const vitals = items[2] as A.TypeDef;
    expect(vitals.parent).to.equal('Base');
    expect(vitals.fields[0]).to.include({ name: 'hr', typeName: 'float' });
    const fn = items[3] as A.FunctionDef;
    expect(fn.params.map((p) => [p.name, p.typeName])).to.deep.equal([['score', 'int'], ['label', null]]);
    expect(fn.returnType).to.equal('str');
    const ifs = fn.body[0] as A.If;
    expect(ifs.branches[0]!.conditionText).to.equal('score >= 2');
    expect(ifs.branches).to.have.length(2); // else if
    const protocol = items[4] as A.Protocol;
    expect(protocol.body.map((s) => s.kind)).to.deep.equal([
      'Input', 'Let', 'Let', 'Let', 'While', 'For', 'Alert', 'Administer', 'Track', 'Track', 'Assess', 'Let',
    ]);
    const call = (protocol.body[1] as A.Let).value as A.Call;
    expect(call.kind).to.equal('Call');
    expect((call.callee as A.Member).property).to.equal('qsofa');
    const construct = (protocol.body[2] as A.Let).value as A.Construct;
    expect(construct).to.include({ kind: 'Construct', typeName: 'Vitals' });
    expect(construct.fields.map((f) => f.name)).to.deep.equal(['hr', 'id']);
    const map = (protocol.body[3] as A.Let).value as A.MapLiteral;
    expect(map.entries.map((e) => e.key)).to.deep.equal(['k', 'q']);
    expect((map.entries[0]!.value as A.ListLiteral).elements).to.have.length(2); // trailing comma
    const loop = protocol.body[4] as A.While;
    expect(loop.conditionText).to.equal('not (score > 5) or false');
    expect((loop.condition as A.Binary).op).to.equal('or');
    expect(protocol.body[7]).to.include({ kind: 'Administer', drug: 'Norepinephrine' });
    expect((protocol.body[7] as A.Administer).dose).to.include({ kind: 'Number', value: 0.1, unit: 'mcg/kg/min' });
    expect(protocol.body[8]).to.include({ kind: 'Track', useKae: true });
    expect((protocol.body[8] as A.Track).path).to.deep.equal(['p', 'lactate']);
    expect(protocol.body[10]).to.include({ kind: 'Assess', condition: 'sepsis' });
    const arithmetic = (protocol.body[11] as A.Let).value as A.Binary;
    expect(arithmetic.op).to.equal('+'); // ((m["k"][0] * 2 / 1) - 1) + v.hr
    expect((arithmetic.left as A.Binary).op).to.equal('-');
  });

  it('keeps unit words usable as names except directly after a number', () => {
    const { program } = analyze('protocol P { let g = 5; let kg = 2; let x = g / kg; let d = 0.1 mcg/kg/min; let r = 7 % 2; let pct = 50 %; }', catalog);
    const lets = (program!.items[0] as A.Protocol).body as A.Let[];
    expect((lets[2]!.value as A.Binary).op).to.equal('/');
    expect(lets[3]!.value).to.include({ kind: 'Number', value: 0.1, unit: 'mcg/kg/min' });
    expect((lets[4]!.value as A.Binary).op).to.equal('%');
    expect(lets[5]!.value).to.include({ kind: 'Number', value: 50, unit: '%' });
  });

  it('decides constructor against block by the `Ident { Ident :` shape', () => {
    const { program } = analyze('type T { a: int; } protocol P { let ok = true; if ok { let a = 1; } let t = T { a: 1 }; }', catalog);
    const body = (program!.items[1] as A.Protocol).body;
    expect(body[1]!.kind).to.equal('If');
    expect(((body[2] as A.Let).value as A.Construct).kind).to.equal('Construct');
  });

  it('decodes string escapes', () => {
    const { program } = analyze('protocol P { let s = "a\\"b\\\\c\\nd\\te\\u{1F600}"; }', catalog);
    const value = ((program!.items[0] as A.Protocol).body[0] as A.Let).value as A.StringLiteral;
    expect(value.value).to.equal('a"b\\c\nd\te\u{1F600}');
  });
});

describe('front end: diagnostics at their exact position', () => {
  const cases: [string, string, string][] = [
    ['missing ; reported after the previous token', 'protocol P {\n  let x = 1\n  alert "a";\n}', "2:12 expected ';' after the let statement but found 'alert'"],
    ['missing ) after its last token', 'protocol P {\n  let x = (1 + 2;\n}', "2:17 expected ')' in the expression but found ';'"],
    ['end of input at the last real token', 'protocol P {\n  let x = 1;', "2:13 expected '}' in the protocol but found end of input"],
    ['chained comparison', 'protocol P { let x = 1 < 2 < 3; }', "1:28 comparisons do not chain: write 'a < b and b < c' instead of '1 < 2 < 3'"],
    ['unterminated string at its start', 'protocol P {\n  let s = "abc;\n}', `2:11 unterminated string: add the closing '"' on the same line`],
    ['unterminated block comment at its start', 'protocol P { }\n  /* never closed\n', "2:3 unterminated block comment: add the closing '*/'"],
    ['unknown character named', 'protocol P { let x = 1 @ 2; }', "1:24 unexpected character '@'"],
    ['unknown escape', 'protocol P { let s = "\\q"; }', "1:23 unknown escape '\\q' in a string: use \\\" \\\\ \\n \\t or \\u{XXXX}"],
    ['statement at top level', 'let x = 1;', "1:1 expected 'import', 'type', 'function' or 'protocol' but found 'let'"],
    ['unknown name with suggestion', 'protocol P {\n  let score = 1;\n  let b = scroe;\n}', "3:11 unknown name 'scroe'; did you mean 'score'?"],
    ['function cannot see protocol variables', 'function f() { return secret; }\nprotocol P { let secret = 1; }', "1:23 unknown name 'secret'"],
    ['user function arity', 'function f(a) { return a; }\nprotocol P { let x = f(1, 2); }', "2:22 function 'f' takes 1 argument but is given 2"],
    ['duplicate function', 'function f() { return 1; }\nfunction f() { return 2; }', "2:1 duplicate definition of 'f'"],
    ['duplicate parameter', 'function f(a, a) { return a; }', "1:15 duplicate parameter 'a' in function 'f'"],
    ['return outside a function', 'protocol P {\n  return 1;\n}', "2:3 'return' outside a function"],
    ['unknown severity', 'protocol P { alert "x" severity: urgent; }', "1:34 unknown severity 'urgent': use info, warning, high, critical"],
    ['unknown assessment', 'protocol P { input: Patient p; assess p for sepssis; }', "1:45 unknown assessment 'sepssis': use sepsis, shock, aki (did you mean 'sepsis'?)"],
    ['input type', 'protocol P { input: Foo x; }', "1:21 input type must be 'Patient' or a type defined in this file, not 'Foo'"],
    ['unknown library module', 'import med.labz;', "1:1 unknown library module 'med.labz'; did you mean 'med.lab'?"],
    ['unknown library function', 'protocol P { input: Patient p; let s = med.scores.qsofaa(p); }', "1:51 unknown function 'med.scores.qsofaa'; did you mean 'med.scores.qsofa'?"],
    ['library arity', 'protocol P { let s = med.scores.qsofa(); }', "1:22 'med.scores.qsofa' takes 1 to 2 arguments but is given 0"],
    ['library table is not reachable', 'protocol P { let d = med.pk.drugs; }', "1:29 unknown function 'med.pk.drugs'"],
    ['units of different dimensions compared', 'protocol P { let x = 65 mmHg < 5 mg; }', '1:22 cannot compare 65 mmHg with 5 mg: pressure is not mass'],
    ['units of different dimensions added', 'protocol P { let x = 5 mg + 2 mL; }', '1:22 cannot add 5 mg and 2 mL: mass is not volume'],
    ['literal against annotation', 'protocol P { let x: int = "a"; }', "1:27 'x' is declared 'int' but is given a string"],
    ['constructor field type', 'type T { f: float = 1.0; }\nprotocol P { let t = T { f: "x" }; }', "2:29 field 'f' is declared 'float' but is given a string"],
    ['unknown constructor field', 'type T { f: float; }\nprotocol P { let t = T { g: 1 }; }', "2:26 type 'T' has no field 'g'; did you mean 'f'?"],
    ['unknown type', 'protocol P { let x: Vitalz = 1; }', "1:21 unknown type 'Vitalz'"],
  ];
  for (const [what, source, expected] of cases) {
    it(what, () => {
      expect(diagnostics(source)).to.include(expected);
    });
  }

  it('reports several errors in one file, all of them, in source order', () => {
    const found = diagnostics('protocol P {\n  let = 5;\n  let y = ;\n  alert "x" severity critical;\n}');
    expect(found.map((d) => d.split(' ')[0])).to.deep.equal(['2:7', '3:11', '4:22']);
    const compile = diagnostics('protocol P {\n  let a = b;\n  let c = d;\n  return 1;\n}');
    expect(compile).to.have.length(3);
  });

  it('ignores a UTF-8 byte-order mark', () => {
    expect(diagnostics('\uFEFFprotocol P { let x = 1; }')).to.deep.equal([]);
  });
});

describe('front end: robustness (property)', () => {
  const valid = [REPRESENTATIVE, 'protocol P { input: Patient p; if p.hr > 100 { alert "x" severity: high; } }'];

  function insideSource(source: string, line: number, column: number): boolean {
    const lines = source.split('\n');
    return line >= 1 && line <= lines.length && column >= 1 && column <= (lines[line - 1]!.length + 1);
  }

  it('never throws on arbitrary text and always places diagnostics inside the source', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const { program, diagnostics: found } = analyze(text, catalog);
        if (program === null) expect(found.length).to.be.greaterThan(0);
        for (const d of found) expect(insideSource(text.replace(/^\uFEFF/, ''), d.line, d.column), `${d.line}:${d.column} ${d.message}`).to.equal(true);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on mutations of valid programs', () => {
    const mutation = fc.record({
      program: fc.constantFrom(...valid),
      at: fc.nat(),
      remove: fc.nat({ max: 8 }),
      insert: fc.constantFrom('', ';', '{', '}', '(', ')', '"', '/*', 'let', 'if', '1 mg', '.', ',', 'med.', '\n', '<', '[', ']'),
    });
    fc.assert(
      fc.property(mutation, ({ program, at, remove, insert }) => {
        const i = at % (program.length + 1);
        const source = program.slice(0, i) + insert + program.slice(i + remove);
        const { program: checked, diagnostics: found } = analyze(source, catalog);
        if (checked === null) expect(found.length).to.be.greaterThan(0);
        for (const d of found) expect(insideSource(source, d.line, d.column), `${d.line}:${d.column} ${d.message} in ${JSON.stringify(source)}`).to.equal(true);
      }),
      { numRuns: 600 },
    );
  });
});
