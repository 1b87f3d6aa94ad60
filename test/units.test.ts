import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { errorsOf } from './helpers/diagnostics.js';
import { runError, runLets } from './helpers/run.js';

/** The value `let r = <expr>;` binds, as event data (quantities as "<number> <unit>"). */
const value = (expr: string, patient?: Record<string, unknown>): unknown =>
  runLets(`protocol P { input: Patient p; let r = ${expr}; }`, patient).r;
/** Diagnostics of a protocol as `line:column message`. */
const diagnostics = (code: string): string[] => errorsOf(code).map((d) => `${d.line}:${d.column} ${d.message}`);

describe('units: multiplication and division cancel and convert', () => {
  const cases: [string, unknown][] = [
    // the examples
    ['15 mg/kg * 80 kg', '1200 mg'],
    ['500 mL / 4 h', '125 mL/h'],
    ['2 mg/mL * 10 mL', '20 mg'],
    ['1 g + 200 mg', '1.2 g'],
    // a rate times a duration, in another time unit
    ['125 mL/h * 30 min', '62.5 mL'],
    ['0.1 mcg/kg/min * 80 kg', '8 mcg/min'],
    ['0.1 mcg/kg/min * 80 kg * 1 h', '480 mcg'],
    // a concentration times a volume in another volume unit
    ['2 mg/mL * 1 L', '2000 mg'],
    // dimensionless results are plain numbers
    ['1 g / 500 mg', 2],
    ['1 L / 250 mL', 4],
    ['10 mg / 2 mg', 5],
    ['50 % / 10 %', 5],
    // per kg of body weight is kept, and cancelled by a weight in any mass unit
    ['1200 mg / 80 kg', '15 mg/kg'],
    ['15 mg/kg * 80000 g', '1200 mg'],
    // percent is a fraction once it meets another quantity
    ['10 % * 80 kg', '8 kg'],
    // a plain number scales; divided by a quantity it inverts the unit
    ['2 * 5 mg', '10 mg'],
    ['5 mg / 2', '2.5 mg'],
    ['60 / 2 min', '30 /min'],
    // pressure, amount, equivalents, activity and time keep their kinds
    ['5 mmol/L * 2 L', '10 mmol'],
    ['2 mEq/kg * 70 kg', '140 mEq'],
    ['4 units/h * 6 h', '24 units'],
    ['1 IU + 1 units', '2 IU'],
    ['90 min + 1 h', '150 min'],
    ['2 day / 1 h', 48],
    ['1 kPa + 7.5 mmHg', '1.9999179056125 kPa'],
    ['7.5 mmHg as kPa', '0.9999179056125 kPa'],
    // same-kind products
    ['180 cm * 180 cm', '32400 cm2'],
  ];
  for (const [expr, expected] of cases) {
    it(`${expr} → ${JSON.stringify(expected)}`, () => {
      expect(value(expr)).to.deep.equal(expected);
    });
  }
});

describe('units: addition, subtraction and comparison need commensurable units', () => {
  const comparisons: [string, boolean][] = [
    ['1 g == 1000 mg', true],
    ['2 h > 90 min', true],
    ['0.1 mcg/kg/min == 0.006 mg/kg/h', true],
    ['1 L == 10 dL', true],
    ['1 day == 24 h', true],
    ['5 mL/kg/h < 100 mL/kg/day', false],
    ['1 mmol == 1000 mmol / 1 mol * 1 mmol', true],
  ];
  for (const [expr, expected] of comparisons) {
    it(`${expr} is ${expected}`, () => {
      expect(value(expr)).to.equal(expected);
    });
  }

  const kinds: Record<string, string> = {
    mass: '5 mg',
    volume: '5 mL',
    length: '5 cm',
    time: '5 min',
    pressure: '5 mmHg',
    amount: '5 mmol',
    equivalents: '5 mEq',
    activity: '5 units',
    percent: '5 %',
    temperature: '5 °C',
    'mass/mass': '5 mg/kg',
    'mass/volume': '5 mg/mL',
  };
  for (const [a, left] of Object.entries(kinds)) {
    for (const [b, right] of Object.entries(kinds)) {
      if (a === b) continue;
      it(`${a} + ${b} is a compile error naming both dimensions`, () => {
        const found = diagnostics(`protocol P {\n  let r = ${left} + ${right};\n}`);
        expect(found).to.deep.equal([`2:11 cannot add ${left} and ${right}: ${a} is not ${b}`]);
      });
    }
  }

  it('mEq and mmol stay apart: their ratio depends on the ion', () => {
    expect(diagnostics('protocol P { let r = 1 mEq < 1 mmol; }')).to.deep.equal(['1:22 cannot compare 1 mEq with 1 mmol: equivalents is not amount']);
  });

  it('mg/kg and % are both ratios but do not mix', () => {
    expect(diagnostics('protocol P { let r = 5 mg/kg + 5 %; }')).to.deep.equal(['1:22 cannot add 5 mg/kg and 5 %: mass/mass is not percent']);
  });

  it('a plain number beside a quantity is taken in its unit', () => {
    expect(value('5 mg + 1')).to.equal('6 mg');
    expect(value('p.bp < 100')).to.equal(true);
  });

  it('temperatures add and compare but do not multiply', () => {
    expect(value('37 °C + 1.5 Cel')).to.equal('38.5 °C');
    expect(diagnostics('protocol P { let r = 37 °C * 2 kg; }')).to.deep.equal([
      '1:22 cannot multiply 37 °C by 2 kg: a temperature (°C) can be added, subtracted and compared but not multiplied',
    ]);
  });
});

describe('units: explicit conversion with as', () => {
  it('converts commensurable units, derived ones included', () => {
    expect(value('1.5 g as mg')).to.equal('1500 mg');
    expect(value('0.1 mcg/kg/min as mg/kg/h')).to.equal('0.006 mg/kg/h');
    expect(value('(p.weight / (p.height * p.height)) as kg/m2', { weight: 81, height: 180 })).to.equal('25 kg/m2');
    expect(value('15 mg/kg * p.weight as g', { weight: 80 })).to.equal('1.2 g');
  });

  it('names both units when they do not convert, at compile time when the units are known', () => {
    expect(diagnostics('protocol P {\n  input: Patient p;\n  let r = p.weight as mL;\n}')).to.deep.equal(['3:11 cannot convert p.weight (kg) to mL: mass is not volume']);
    expect(diagnostics('protocol P { let r = 5 as mg; }')).to.deep.equal([
      "1:22 'as mg' converts a quantity, but this is a plain number; write the unit after the number instead",
    ]);
  });

  it('is a runtime error with a position where the units are only known when running', () => {
    const message = runError('function f(x) { return x as mL; }\nprotocol P { let r = f(5 mg); }');
    expect(message).to.equal('Runtime error at line 1, column 24: cannot convert 5 mg to mL: mass is not volume');
  });
});

describe('units: patient fields carry their modules.md §2 units', () => {
  it('weight, height, pressures, temperature, saturation and lactate', () => {
    const lets = runLets(
      'protocol P { input: Patient p; let w = p.weight; let h = p.height; let b = p.bp; let t = p.temp; let s = p.spo2; let l = p.lactate; let hr = p.hr; let a = p.age; }',
      { weight: 80, height: 175 },
    );
    expect(lets).to.deep.equal({ w: '80 kg', h: '175 cm', b: '90 mmHg', t: '38.3 °C', s: '94 %', l: '2 mmol/L', hr: '110 /min', a: 55 });
  });

  it('weight-based dosing comes out in the dose unit', () => {
    expect(value('15 mg/kg * p.weight', { weight: 80 })).to.equal('1200 mg');
    expect(value('0.05 mcg/kg/min * p.weight * 60 min', { weight: 70 })).to.equal('210 mcg');
  });

  it('a unit error involving a patient field is a compile error at its position', () => {
    expect(diagnostics('protocol P {\n  input: Patient p;\n  if p.bp < 5 mg { }\n}')).to.deep.equal(['3:6 cannot compare p.bp (mmHg) with 5 mg: pressure is not mass']);
  });

  it('names bound once carry their unit into later statements', () => {
    expect(diagnostics('protocol P {\n  input: Patient p;\n  let dose = 15 mg/kg * p.weight;\n  let wrong = dose + 5 mL;\n}')).to.deep.equal([
      '4:15 cannot add dose (mg) and 5 mL: mass is not volume',
    ]);
  });

  it('a library parameter declared in kg takes any mass and converts it, and refuses other kinds at compile time', () => {
    const inKg = runLets('protocol P { input: Patient p; let d = med.pk.calculate_dose("Vancomycin", p.weight); }', { weight: 80 }).d;
    const inGrams = runLets('protocol P { let d = med.pk.calculate_dose("Vancomycin", 80000 g); }').d;
    expect(inGrams).to.deep.equal(inKg);
    expect(diagnostics('protocol P { let d = med.pk.calculate_dose("Vancomycin", 80 mmHg); }')).to.deep.equal([
      "1:58 pk.calculate_dose: argument 2 'weight_kg' must be in kg (mass), got 80 mmHg (pressure)",
    ]);
  });
});

describe('units: administer takes a dose expression', () => {
  it('weight-based doses are checked in the unit they come out in', () => {
    const { body } = runProtocol('protocol P { input: Patient p; administer Vancomycin dose: 15 mg/kg * p.weight; }', { weight: 80 });
    expect(body.events[1]!.event).to.match(/^\[1\] LOG: administer Vancomycin 1200 mg: dose /);
  });

  it('a dose without a unit is a compile error', () => {
    expect(diagnostics('protocol P { let n = 5; administer Vancomycin dose: n * 2; }')).to.deep.equal([
      "1:53 the dose of Vancomycin needs a unit, e.g. '500 mg' or '15 mg/kg * p.weight'",
    ]);
  });
});
