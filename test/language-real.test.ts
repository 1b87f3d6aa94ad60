// Issue 23: the language for real protocols. Each finding of the six authored protocols (sepsis bundle,
// vancomycin, DKA insulin, heparin, AKI staging, AF anticoagulation) is a regression test here, through the
// engine entry point, the CLI and HTTP.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { compileProgram } from '../src/compiler/compile.js';
import { analyze } from '../src/compiler/frontend.js';
import { createContext } from '../src/runtime/modules/context.js';
import { Registry } from '../src/runtime/modules/registry.js';
import { buildPatient } from '../src/runtime/patient.js';
import { runProtocol } from '../src/engine/index.js';
import { ANALYTES } from '../src/units/index.js';
import { cpes } from './helpers/cli.js';
import { libraryOf } from './helpers/library.js';
import { runError, runLets } from './helpers/run.js';

const compileErrors = (code: string): string[] => {
  const { kind, body } = runProtocol(code);
  expect(kind, body.error ?? '').to.equal('invalid');
  return (body.diagnostics ?? []).map((d) => `${d.line}:${d.column} ${d.message}`);
};
const lets = (body: string, patient?: Record<string, unknown>): Record<string, unknown> => runLets(`protocol T {\n  input: Patient p;\n${body}\n}`, patient);

describe('issue 23: exact decimals', () => {
  it('1.2 - 0.9 == 0.3, 0.1 + 0.2 logs 0.3, 0.1 units/kg/h * 68 kg logs 6.8 units/h', () => {
    const { body } = runProtocol('protocol T { let a = 1.2 - 0.9 == 0.3; let b = 0.1 + 0.2; let c = 0.1 units/kg/h * 68 kg; }');
    expect(body.events.slice(1).map((e) => e.event)).to.deep.equal(['[1] LOG: let a = true', '[1] LOG: let b = 0.3', '[1] LOG: let c = "6.8 units/h"']);
  });

  it('a creatinine rise from 0.9 to 1.2 mg/dL meets the KDIGO stage 1 threshold of 0.3 mg/dL, and 0.29 does not', () => {
    const rule = 'let rise = p.creatinine - p.baseline_creatinine;\nlet stage1 = rise >= 0.3 mg/dL;';
    expect(lets(rule, { creatinine: 1.2, baseline_creatinine: 0.9 })).to.deep.equal({ rise: '0.3 mg/dL', stage1: true });
    expect(lets(rule, { creatinine: 1.19, baseline_creatinine: 0.9 })).to.deep.equal({ rise: '0.29 mg/dL', stage1: false });
  });

  it('division rounds to 8 decimal places, ties away from zero; +, − and × are exact', () => {
    expect(runLets('protocol T { let a = 1 / 3; let b = 2 / 3; let c = -2 / 3; let d = 10 / 4; let e = 1 / 1024; let f = 10 / 3 * 3; let g = 0.1 * 3; let h = 5.5 % 2; }')).to.deep.equal({
      a: 0.33333333,
      b: 0.66666667,
      c: -0.66666667,
      d: 2.5,
      e: 0.00097656,
      f: 9.99999999,
      g: 0.3,
      h: 1.5,
    });
  });

  it('keeps 28 significant digits, beyond what a double holds', () => {
    const { body } = runProtocol('protocol T { let a = 1234567890123456789012345678 + 1; let b = 0.1234567890123456789 * 10; let c = a > 1234567890123456789012345678; }');
    expect(body.events.slice(1).map((e) => e.event)).to.deep.equal([
      '[1] LOG: let a = 1.234567890123456789012345679e+27',
      '[1] LOG: let b = 1.234567890123456789',
      '[1] LOG: let c = true',
    ]);
  });

  it('compares quantities in different units exactly', () => {
    expect(runLets('protocol T { let a = 2 h > 90 min; let b = 1 g == 1000 mg; let c = 0.1 mcg/kg/min == 0.006 mg/kg/h; let d = 59 min < 1 h; let e = 100 mmHg == 13.3322387415 kPa; }')).to.deep.equal({
      a: true,
      b: true,
      c: true,
      d: true,
      e: true,
    });
  });

  it('converts exactly where the factor terminates and to 8 decimal places where it repeats', () => {
    expect(runLets('protocol T { let a = 100 min as h; let b = 0.1 mcg/kg/min as mg/kg/h; let c = 125 mL/h * 30 min; let d = 5 pg as kg; }')).to.deep.equal({
      a: '1.66666667 h',
      b: '0.006 mg/kg/h',
      c: '62.5 mL',
      d: '5e-15 kg',
    });
  });

  it('keeps the decimals a patient was sent with, and still stops division by zero and overflow', () => {
    expect(lets('let w = p.weight * 2;\nlet t = p.temp + 0.1;', { weight: 68.3, temp: 38.2 })).to.deep.equal({ w: '136.6 kg', t: '38.3 °C' });
    expect(runError('protocol T { let x = 1 / 0; }')).to.equal('Runtime error at line 1, column 22: division by zero');
    expect(runError('protocol T { let x = 1e308 * 10; }')).to.equal('Runtime error at line 1, column 22: the product is not a finite number');
    expect(runError('protocol T { let x = 1e308 mg + 1e308 mg; }')).to.equal('Runtime error at line 1, column 22: the sum is not a finite number');
  });
});

describe('issue 23: built-in functions', () => {
  it('round (half away from zero, with digits), floor, ceil, abs on numbers and quantities', () => {
    expect(runLets('protocol T { let a = round(2.5); let b = round(-2.5); let c = round(6.849 units/h, 1); let d = round(1.005, 2); let e = floor(2.7 mg); let f = ceil(-2.5); let g = abs(-3 mmHg); let h = round(0.1 + 0.2, 28); }')).to.deep.equal({
      a: 3,
      b: -3,
      c: '6.8 units/h',
      d: 1.01,
      e: '2 mg',
      f: -2,
      g: '3 mmHg',
      h: 0.3,
    });
  });

  it('min and max over arguments or one list, converting within a dimension (the answer in the first unit)', () => {
    expect(runLets('protocol T { let a = min(1 g, 200 mg); let b = max(1 g, 200 mg); let c = max([1, 5, 3]); let d = min(3, 2.5, 4); let e = max(1 h, 90 min); }')).to.deep.equal({
      a: '0.2 g',
      b: '1 g',
      c: 5,
      d: 2.5,
      e: '1.5 h',
    });
  });

  it('len of a list or text, sum of numbers or commensurable quantities', () => {
    expect(runLets('protocol T { let a = len([1, 2, 3]); let b = len("abc"); let c = sum([1 g, 200 mg]); let d = sum([]); let e = sum([0.1, 0.2]); }')).to.deep.equal({ a: 3, b: 3, c: '1.2 g', d: 0, e: 0.3 });
  });

  it('bad arity and literal kinds are compile errors at the call or the argument', () => {
    expect(compileErrors('protocol T { let a = round(); let b = round(1, 2, 3); let c = abs(1, 2); let d = len(); let e = min(); }')).to.deep.equal([
      "1:22 'round' takes 1 or 2 arguments but is given 0",
      "1:39 'round' takes 1 or 2 arguments but is given 3",
      "1:63 'abs' takes 1 argument but is given 2",
      "1:82 'len' takes 1 argument but is given 0",
      "1:97 'min' takes at least 1 argument but is given 0",
    ]);
    expect(compileErrors('protocol T { let a = round("x"); let b = round(1.5, 1.5); let c = round(2, 1 mg); let d = len(5); let e = sum(3); let f = floor(true); let g = max("a", 1); let h = round(1, 29); }')).to.deep.equal([
      '1:28 round: argument 1 must be a number or a quantity, got a string',
      '1:53 round: argument 2 must be a whole number of digits from 0 to 28, got 1.5',
      '1:76 round: argument 2 must be a whole number of digits, not a quantity',
      '1:95 len: argument 1 must be a list or a string, got a number',
      '1:111 sum: argument 1 must be a list, got a number',
      '1:129 floor: argument 1 must be a number or a quantity, got a boolean',
      '1:148 max: argument 1 must be a number or a quantity (or one list of them), got a string',
      '1:174 round: argument 2 must be a whole number of digits from 0 to 28, got 29',
    ]);
    expect(compileErrors('protocol T { let m = min(5 mg, 1 h); }')).to.deep.equal(['1:32 min: cannot compare 5 mg with 1 h: mass is not time']);
  });

  it('kinds known only when running are runtime errors at the argument', () => {
    expect(runError('protocol T { let x = ["a"]; let r = round(x); }')).to.equal('Runtime error at line 1, column 43: round: argument 1 must be a number or a quantity, got a list');
    expect(runError('protocol T { let x = [1 mg, 2 h]; let s = sum(x); }')).to.equal('Runtime error at line 1, column 43: sum: item 1 (2 h) cannot be added to 1 mg: mass is not time');
    expect(runError('protocol T { let x = []; let m = max(x); }')).to.equal('Runtime error at line 1, column 34: max: needs at least one value, got an empty list');
    expect(runError('protocol T { let d = 1.5; let r = round(2, d); }')).to.equal('Runtime error at line 1, column 44: round: argument 2 must be a whole number of digits from 0 to 28, got the number 1.5');
  });

  it('a function of the file with a built-in name is the one called', () => {
    expect(runLets('function round(x) { return "mine"; }\nprotocol T { let a = round(2.5); }')).to.deep.equal({ a: 'mine' });
  });
});

describe('issue 23: lists, membership and optional fields', () => {
  const MEDS = { medications: ['Warfarin', 'Amiodarone'] };

  it('a patient carries a list; lists join with + and x in xs tests membership exactly', () => {
    expect(lets('let on = "Warfarin" in p.medications;\nlet lower = "warfarin" in p.medications;\nlet all = p.medications + ["Aspirin"];\nlet n = len(all);', MEDS)).to.deep.equal({
      on: true,
      lower: false,
      all: ['Warfarin', 'Amiodarone', 'Aspirin'],
      n: 3,
    });
    expect(runLets('protocol T { let a = 2 in [1, 2.0]; let b = 1000 mg in [1 g]; let c = [1] in [[1], [2]]; let d = not ("x" in []); }')).to.deep.equal({ a: true, b: true, c: true, d: true });
  });

  it("'in' needs a list on its right", () => {
    expect(compileErrors('protocol T { let a = 1 in 5; }')).to.deep.equal(["1:27 'in' tests membership of a list, but its right side is a number"]);
    expect(runError('protocol T { let s = "abc"; let a = "a" in s; }')).to.equal("Runtime error at line 1, column 37: 'in' needs a list on its right, found a string");
  });

  it('p.x == null and p.x != null tell whether a field was sent; any other use of a missing field stays an error', () => {
    expect(lets('let none = p.inr == null;\nlet some = p.inr != null;\nlet hr = p.hr == null;\nlet key = p["inr"] == null;')).to.deep.equal({ none: true, some: false, hr: false, key: true });
    expect(lets('let none = p.inr == null;', { inr: 2.5 })).to.deep.equal({ none: false });
    expect(runError('protocol T { input: Patient p; let x = p.inr + 1; }')).to.equal('Runtime error at line 1, column 42: p.inr is not set; send it in the patient object');
    expect(runError('protocol T { let r = {"a": 1}; let x = r.b == null; let y = r.b; }')).to.equal("Runtime error at line 1, column 63: no field 'b' in r; its fields are: a");
  });
});

describe('issue 23: patient values and analytes in SI units', () => {
  it('a field sent with its unit is converted to the field unit on entry', () => {
    expect(lets('let c = p.creatinine;\nlet g = p.glucose;\nlet w = p.weight;', { creatinine: { value: 97, unit: 'umol/L' }, glucose: { value: 5, unit: 'mmol/L' }, weight: { value: 68000, unit: 'g' } })).to.deep.equal({
      c: '1.097264 mg/dL',
      g: '90.078 mg/dL',
      w: '68 kg',
    });
  });

  it('mass and amount of one analyte compare through its molar mass; a plain quantity keeps the compile error', () => {
    const rule = 'let high = p.creatinine > 110 umol/L;\nlet hypo = p.glucose < 4 mmol/L;\nlet um = p.creatinine as µmol/L;\nlet bun = p.bun as mmol/L;';
    expect(lets(rule, { creatinine: 1.2, glucose: 70, bun: 28 })).to.deep.equal({ high: false, hypo: true, um: '106.08203678 µmol/L', bun: '9.99500250 mmol/L'.replace('9.99500250', '9.9950025') });
    expect(lets(rule, { creatinine: 1.3, glucose: 73, bun: 14 }).high).to.equal(true);
    expect(compileErrors('protocol T { let x = 110 umol/L > 1.2 mg/dL; }')).to.deep.equal(['1:22 cannot compare 110 umol/L with 1.2 mg/dL: amount/volume is not mass/volume']);
    expect(compileErrors('protocol T { input: Patient p; let x = p.weight > 4 mmol; }')).to.deep.equal(['1:40 cannot compare p.weight (kg) with 4 mmol: mass is not amount']);
  });

  it('molar masses give the published SI conversion factors (Young, Ann Intern Med 1987;106:114-129)', () => {
    // µmol/L or mmol/L per mg/dL, as the SI conversion tables print them
    const factors: [string, string, number][] = [
      ['creatinine', 'umol/L', 88.4],
      ['glucose', 'mmol/L', 0.0555],
      ['bun', 'mmol/L', 0.357],
      ['bilirubin', 'umol/L', 17.1],
      ['calcium', 'mmol/L', 0.2495],
      ['total_cholesterol', 'mmol/L', 0.02586],
      ['triglycerides', 'mmol/L', 0.01129],
      ['uric_acid', 'umol/L', 59.48],
      ['magnesium', 'mmol/L', 0.4114],
      ['phosphate', 'mmol/L', 0.3229],
    ];
    for (const [field, unit, factor] of factors) {
      const value = Number.parseFloat(lets(`let x = p.${field} as ${unit};`, { [field]: 1 }).x as string);
      expect(value / factor, field).to.be.closeTo(1, 0.002);
    }
    // each molar mass is the one chem computes from the same formula with the CIAAW weights of its own table
    for (const analyte of Object.values(ANALYTES)) {
      const chem = libraryOf('chem').call('molecular_weight', analyte.formula);
      expect(chem.molecular_weight, analyte.name).to.be.closeTo(analyte.molarMass, 0.0051); // chem gives two decimals
    }
    // lactate in mmol/L: 1 mmol/L is 9.008 mg/dL of lactic acid
    expect(lets('let x = p.lactate as mg/dL;', { lactate: 1 }).x).to.equal('9.0078 mg/dL');
  });

  it('a refused patient is explained by name over HTTP and by cpes run in plain text', () => {
    const refused: [unknown, string][] = [
      [{ creatinine: { value: 97, unit: 'mmHg' } }, "patient field 'creatinine' is in mg/dL or an amount per volume such as umol/L; 97 mmHg is pressure"],
      [{ age: { value: 60, unit: 'h' } }, "patient field 'age' has no unit in the language (docs/language.md §6): send it as a plain number"],
      [{ glucose: { value: 5, unit: 'mmol/X' } }, "patient field 'glucose': unknown unit 'mmol/X' (docs/language.md §7 lists the units)"],
      [{ lactate: [4.1, 3.2] }, "patient field 'lactate' is one value in mmol/L; send a series under another name (such as 'lactate_series')"],
      [{ medications: ['a', { b: 1 }] }, "patient field 'medications' item 1 must be a number, a string or a boolean"],
      [{ weight: 'heavy' }, "patient field 'weight' must be a number in kg, got string"],
    ];
    for (const [patient, message] of refused) {
      const { kind, body } = runProtocol('protocol T { input: Patient p; }', patient as never);
      expect([kind, body.error, body.code]).to.deep.equal(['invalid', message, 'invalid_request']);
    }
  });
});

describe('issue 23: administer clauses', () => {
  it('route, every and indication in any order reach the dose check and the event', () => {
    const { kind, body } = runProtocol(
      'protocol T {\n  input: Patient p;\n  administer Heparin every: 30 min route: IV dose: 18 units/kg/h * p.weight;\n  administer Apixaban indication: "nonvalvular atrial fibrillation" dose: 5 mg every: 12 h;\n  administer Acetaminophen dose: 1 g;\n}',
      { weight: 68 },
    );
    expect(kind, body.error ?? '').to.equal('ok');
    const [heparin, apixaban, acetaminophen] = body.events.filter((e) => e.kind === 'administer');
    expect(heparin!.event).to.match(/^\[3\] LOG: administer Heparin 1224 units\/h IV every 0\.5 h: dose /);
    expect([heparin!.route, heparin!.every_hours, heparin!.indication]).to.deep.equal(['IV', 0.5, null]);
    expect(apixaban!.event).to.match(/^\[4\] LOG: administer Apixaban 5 mg every 12 h: dose /);
    expect([apixaban!.every_hours, apixaban!.indication]).to.deep.equal([12, 'nonvalvular atrial fibrillation']);
    expect([acetaminophen!.every_hours, acetaminophen!.indication]).to.deep.equal([null, null]);
  });

  it('a missing dose, a clause given twice, an unknown route and an interval that is no duration are compile errors', () => {
    expect(compileErrors('protocol T { administer X route: IV; }')).to.deep.equal(["1:14 administer X needs a dose: write 'administer X dose: 500 mg;'"]);
    expect(compileErrors('protocol T { administer X dose: 1 mg dose: 2 mg route: iv every: 8 mg every: 0 h; }')).to.deep.equal([
      "1:38 the 'dose:' clause of administer X is given twice",
      "1:56 unknown route 'iv': use IV, IM, SC, PO, SL, INH, PR, TOP, EPIDURAL, INTRATHECAL, PERINEURAL, INFILTRATION (did you mean 'IV'?)",
      "1:66 the interval of X ('every:') must be a duration such as 8 h or 30 min, not mass",
      "1:71 the 'every:' clause of administer X is given twice",
    ]);
    expect(compileErrors('protocol T { administer X dose: 1 mg every: 0 h; }')).to.deep.equal(["1:45 the interval of X ('every:') must be above 0"]);
    expect(compileErrors('protocol T { administer X dose: 1 mg every: 8; }')).to.deep.equal(["1:45 the interval of X ('every:') must be a duration such as 8 h or 30 min; give it a unit"]);
    expect(runError('protocol T { let e = -2 h; administer X dose: 1 mg every: e; }')).to.equal("Runtime error at line 1, column 59: the interval of X ('every:') must be above 0, got -2 h");
  });

  it('a route abbreviation is answered with its spelt-out name, and a short code is never "corrected" to a neighbouring route', () => {
    const routeError = (route: string) => compileErrors(`protocol T { administer Bupivacaine dose: 10 mg route: ${route}; }`)[0];
    // ISMP's error-prone list: IT (intrathecal) is one letter from IV, and an intrathecal drug given IV (or the reverse) kills
    expect(routeError('IT')).to.match(/unknown route 'IT': .*\(did you mean 'INTRATHECAL'\?\)$/);
    expect(routeError('SQ')).to.match(/\(did you mean 'SC'\?\)$/);
    for (const code of ['ID', 'IN', 'IO', 'IA']) expect(routeError(code), code).to.match(new RegExp(`unknown route '${code}': use [A-Z, ]+$`));
    expect(routeError('IVP')).to.match(/\(did you mean 'IV'\?\)$/); // IV push
    expect(routeError('IW')).to.match(/\(did you mean 'IV'\?\)$/); // a typo, not another route's code
    expect(routeError('EPIDURL')).to.match(/\(did you mean 'EPIDURAL'\?\)$/);
    expect(routeError('epidural')).to.match(/\(did you mean 'EPIDURAL'\?\)$/);
    expect(runProtocol('protocol T { administer Bupivacaine dose: 10 mg route: INTRATHECAL; }').kind).to.not.equal('invalid');
  });

  it('route, every and indication are names everywhere else', () => {
    expect(runLets('protocol T { let route = "IV"; let every = 2; let indication = route + every; }')).to.deep.equal({ route: 'IV', every: 2, indication: 'IV2' });
  });
});

describe('issue 23: no internal error from a protocol', () => {
  const COCKCROFT = `protocol CrCl {
  input: Patient p;
  alert "renal dosing" severity: info;
  let crcl = ((140 - p.age) * p.weight) / (72 * p.creatinine);
  let dose = med.pk.renal_adjust("vancomycin", crcl);
}`;

  it('a hand-written Cockcroft-Gault left in mg/dL stops at its call with a position, keeping the alert and events (engine and CLI)', () => {
    const { kind, body } = runProtocol(COCKCROFT, { creatinine: 1.1 });
    expect(kind).to.equal('runtime_error');
    expect(body.error).to.match(/^Runtime error at line 5, column 14: pk\.renal_adjust: argument 2 'gfr' must be in mL\/min \(volume\/time\), got [\d.]+ dL \(volume\)$/);
    expect(body.alerts).to.deep.equal([{ severity: 'info', message: 'renal dosing', line: 3 }]);
    expect(body.events.map((e) => e.kind)).to.deep.equal(['protocol', 'alert', 'let']);
    const dir = mkdtempSync(join(tmpdir(), 'cpes-lang-'));
    try {
      writeFileSync(join(dir, 'crcl.moiss'), COCKCROFT);
      const r = cpes(['run', join(dir, 'crcl.moiss'), '--patient', '{"creatinine": 1.1}']);
      expect(r.status).to.equal(1);
      expect(r.stdout).to.contain('[3] LOG: alert [info] renal dosing');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0]).to.match(/^Runtime error at line 5, column 14: pk\.renal_adjust/);
      expect(lines.slice(1)).to.deep.equal(['  let dose = med.pk.renal_adjust("vancomycin", crcl);', '             ^']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a library function that throws or answers a non-finite number is a runtime error at its call, with the events before it', () => {
    // a stand-in library with two defects, run through the same compiler and boundary as the real one
    const faulty = new Registry([
      {
        name: 'faulty',
        description: 'defects on purpose',
        functions: [
          { name: 'throws', description: 'throws', params: [{ name: 'x', type: 'number', description: 'any' }], result: { bare: 'number' }, state: 'none', sources: [], impl: () => { throw new TypeError('cannot round NaN'); } },
          { name: 'infinite', description: 'Infinity', params: [], result: { bare: 'number' }, state: 'none', sources: [], impl: () => Infinity },
        ],
      },
    ]);
    const run = (code: string) => {
      const { program, diagnostics } = analyze(code, faulty.catalog);
      expect(diagnostics).to.deep.equal([]);
      const patient = buildPatient();
      return compileProgram(program!, faulty).run(patient, createContext({ source: 'run', seed: 1, patient }));
    };
    const thrown = run('protocol T {\n  alert "kept";\n  let y = 1 + med.faulty.throws(0.1 + 0.2);\n}');
    expect(thrown.error!.format()).to.equal('Runtime error at line 3, column 15: faulty.throws: internal error of the library for argument 1 \'x\' = 0.3 (cannot round NaN); please report it');
    expect(thrown.error!.fault).to.be.instanceOf(TypeError);
    expect(thrown.log.alerts).to.have.length(1);
    const infinite = run('protocol T { let z = med.faulty.infinite(); }');
    expect(infinite.error!.format()).to.equal('Runtime error at line 1, column 22: faulty.infinite: internal error of the library for no arguments (faulty.infinite produced a non-finite number); please report it');
  });

  it('a literal that overflows is a compile error', () => {
    expect(compileErrors('protocol T { let x = med.fhir.medication_request("p1", "Heparin", 1e400, "units"); }')).to.deep.equal([
      '1:67 the number 1e400 is beyond the largest number the language holds (about 1.8e308)',
    ]);
  });

  it("p.constructor, p.toString and p.__proto__ are missing fields, not internal errors", () => {
    for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(runError(`protocol T { input: Patient p; let x = p.${field}; }`)).to.equal(`Runtime error at line 1, column 42: p.${field} is not set; send it in the patient object`);
      expect(lets(`let x = p.${field} == null;`).x).to.equal(true);
    }
    // the checker knows no unit for them, and they never reach an Object member
    expect(runError('protocol T { input: Patient p; let x = p.constructor > 5 mg; }')).to.equal('Runtime error at line 1, column 42: p.constructor is not set; send it in the patient object');
  });
});

describe('issue 23: the CLI', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'cpes-lang-cli-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('cpes run explains a refused patient in plain text (exit 1), not only under --json', () => {
    const file = join(dir, 'meds.moiss');
    writeFileSync(file, 'protocol T { input: Patient p; let m = p.medications; }\n');
    const refused = cpes(['run', file, '--patient', '{"medications": [{"name": "Warfarin"}]}']);
    expect([refused.status, refused.stdout, refused.stderr]).to.deep.equal([1, '', "cpes run: patient field 'medications' item 0 must be a number, a string or a boolean\n"]);
    const listed = cpes(['run', file, '--patient', '{"medications": ["Warfarin", "Amiodarone"]}']);
    expect([listed.status, listed.stdout]).to.deep.equal([0, '[1] LOG: protocol T started\n[1] LOG: let m = ["Warfarin", "Amiodarone"]\n']);
  });
});

describe('issue 23: a server started by npm stops with it', function () {
  this.timeout(180_000);

  it('cpes serve started by npx ends when the npm process that started it ends (npm does not pass SIGTERM on)', async () => {
    // the parent stands in for npm exec: it starts the server as npm would (npm_command set) and is then killed
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const parentScript = `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(cli)}, 'serve', '--dev', '--port', '0', '--workers', '1'], { env: { ...process.env, npm_command: 'exec' }, stdio: ['ignore', 'pipe', 'ignore'] });
child.stdout.on('data', (d) => { if (/listening on/.test(String(d))) process.stdout.write(child.pid + '\\n'); });`;
    const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['ignore', 'pipe', 'ignore'] });
    const serverPid = await new Promise<number>((resolve, reject) => {
      parent.stdout.on('data', (d) => resolve(Number(String(d).trim())));
      parent.on('exit', () => reject(new Error('the stand-in for npm ended before the server listened')));
    });
    const alive = (): boolean => {
      try {
        process.kill(serverPid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).to.equal(true);
    parent.kill('SIGKILL');
    for (let waited = 0; alive() && waited < 120_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    if (alive()) process.kill(serverPid, 'SIGKILL');
    expect(alive(), 'the server outlived the process that started it').to.equal(false);
  });
});

describe('issue 23: over HTTP', function () {
  this.timeout(120_000); // the first run waits for its worker to start
  let server: RunningServer;
  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true }, () => {});
  });
  after(async () => server.close());

  const run = async (code: string, patient?: unknown): Promise<{ status: number; body: Record<string, any> }> => {
    const response = await fetch(`${server.url}/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, patient }) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('takes lists and fields with units, and scores take the whole patient', async () => {
    const { status, body } = await run(
      'protocol Bundle {\n  input: Patient p;\n  let on = "Warfarin" in p.medications;\n  let high = p.creatinine > 110 umol/L;\n  let q = med.scores.qsofa(p);\n  assess p for sepsis;\n}',
      { medications: ['Warfarin'], creatinine: { value: 120, unit: 'umol/L' }, minutes_since_recognition: 30, rr: 24, bp: 95 },
    );
    expect(status).to.equal(200);
    expect(body.success, body.error).to.equal(true);
    expect(body.events.filter((e: any) => e.kind === 'let').map((e: any) => e.value)).to.deep.equal([true, true, 2]);
    expect(body.events.at(-1).event).to.equal('[6] LOG: assess p for sepsis: qSOFA 2, risk HIGH');
  });

  it('refuses a near miss of a field the score reads, at the call, with the events before it', async () => {
    const { status, body } = await run('protocol T {\n  input: Patient p;\n  alert "start";\n  let s = med.scores.cha2ds2_vasc(p);\n}', {
      age: 70,
      sex: 'F',
      chf: false,
      hypertension: true,
      diabetes: false,
      stroke_history: false,
      vascular_disease: false,
      tia2: true,
    });
    expect(status).to.equal(200);
    expect(body.error).to.match(/^Runtime error at line 4, column 11: scores\.cha2ds2_vasc: unknown patient field 'tia2' \(did you mean 'tia'\?\)/);
    expect(body.alerts).to.have.length(1);
  });

  it('explains a refused patient with a 400', async () => {
    const { status, body } = await run('protocol T { input: Patient p; }', { creatinine: { value: 97, unit: 'mmHg' } });
    expect([status, body.error]).to.deep.equal([400, "patient field 'creatinine' is in mg/dL or an amount per volume such as umol/L; 97 mmHg is pressure"]);
  });

  it('keeps the events before a runtime error and gives its position', async () => {
    const { status, body } = await run('protocol T {\n  alert "first";\n  let xs = [1];\n  let x = round(xs);\n}');
    expect(status).to.equal(200);
    expect(body.error).to.equal('Runtime error at line 4, column 17: round: argument 1 must be a number or a quantity, got a list');
    expect(body.events.map((e: any) => e.kind)).to.deep.equal(['protocol', 'alert', 'let']);
  });
});
