import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { callFunction } from '../src/engine/call.js';
import { runProtocol } from '../src/engine/index.js';
import { r4Issues, warmUpR4Validators } from './helpers/fhir-r4.js';

const NOW = new Date('2026-11-25T12:00:00Z');

function call(fn: string, ...args: unknown[]): any {
  const outcome = callFunction({ module: 'fhir', function: fn, args: args as never[] }, { now: () => NOW });
  if (outcome.kind !== 'ok') throw new Error(outcome.body.error!);
  return outcome.body.result;
}

function error(fn: string, ...args: unknown[]): string {
  const outcome = callFunction({ module: 'fhir', function: fn, args: args as never[] }, { now: () => NOW });
  expect(outcome.kind, JSON.stringify(outcome.body.result)).to.equal('invalid');
  return outcome.body.error!;
}

function expectValidR4(resource: any): void {
  expect(r4Issues(resource), JSON.stringify(resource)).to.deep.equal([]);
  for (const entry of resource.entry ?? []) expect(r4Issues(entry.resource), JSON.stringify(entry.resource)).to.deep.equal([]);
}

const SUPPLIED = {
  id: 'PT-1', name: 'Jane Q Doe', sex: 'F', birth_date: '1970-05-20',
  hr: 88, bp: 118, diastolic_bp: 76, map: 90, rr: 16, temp: 37.2, spo2: 95, gcs: 14, weight: 64.5, height: 165,
  lactate: 2.4, creatinine: 1.1, bilirubin: 0.8, platelets: 210, sodium: 138, potassium: 4.1, glucose: 112,
  wbc: 7.5, hemoglobin: 12.9, inr: 1.1, albumin: 3.9, bun: 18,
};

describe('fhir: emitted resources are valid R4', function () {
  this.timeout(120_000);
  before(() => warmUpR4Validators());

  it('the validators reject what is not R4 (so a pass means something)', () => {
    expect(r4Issues({ resourceType: 'Patient', gender: 'mail' })).to.not.be.empty;
    expect(r4Issues({ resourceType: 'Observation', code: { text: 'x' } })).to.not.be.empty; // status is required
    expect(r4Issues({ resourceType: 'MedicationRequest', status: 'active', intent: 'order', subject: { reference: 'Patient/1' }, dosageInstruction: [{ doseAndRate: [{ doseQuantity: { value: '1' } }] }] })).to.not.be.empty;
  });

  it('to_fhir: a collection Bundle, Patient first, one Observation per supplied LOINC field, all valid', () => {
    const bundle = call('to_fhir', SUPPLIED);
    expectValidR4(bundle);
    expect(bundle).to.include({ resourceType: 'Bundle', type: 'collection', timestamp: NOW.toISOString() });
    expect(bundle.entry).to.have.length(1 + 22);
    expect(bundle.entry[0].resource).to.deep.equal({ resourceType: 'Patient', id: 'PT-1', name: [{ text: 'Jane Q Doe', family: 'Doe', given: ['Jane', 'Q'] }], gender: 'female', birthDate: '1970-05-20' });
    for (const entry of bundle.entry) expect(entry.fullUrl).to.match(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const hr = bundle.entry[1].resource;
    expect(hr).to.deep.include({
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }], text: 'heart rate' },
      subject: { reference: bundle.entry[0].fullUrl },
      effectiveDateTime: NOW.toISOString(),
      valueQuantity: { value: 88, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
    });
    expect(hr.category[0].coding[0].code).to.equal('vital-signs');
    const byCode = new Map(bundle.entry.slice(1).map((e: any) => [e.resource.code.coding[0].code, e.resource]));
    expect((byCode.get('2160-0') as any).category[0].coding[0].code).to.equal('laboratory');
    expect((byCode.get('8310-5') as any).valueQuantity).to.deep.include({ value: 37.2, code: 'Cel' });
    expect((byCode.get('777-3') as any).valueQuantity.code).to.equal('10*3/uL');
    expect((byCode.get('2708-6') as any).code.coding.map((c: any) => c.code)).to.deep.equal(['2708-6', '59408-5']);
  });

  it('to_fhir ids are random UUIDv4s: the same request gives the same resources with new ids', () => {
    const ids = (bundle: any): string[] => [bundle.id, ...bundle.entry.map((e: any) => e.resource.id)];
    const withoutIds = (bundle: any): string => JSON.stringify(bundle).replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, 'ID');
    const [first, second] = [call('to_fhir', { hr: 80 }), call('to_fhir', { hr: 80 })];
    expect(withoutIds(first)).to.equal(withoutIds(second));
    for (const id of [...ids(first), ...ids(second)]) expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([...ids(first), ...ids(second)]).size).to.equal(ids(first).length * 2);
  });

  it('to_patient: gender other/unknown, no name or birthDate invented; mrn as id', () => {
    const p = call('to_patient', { mrn: 'MRN-77', sex: 'other', age: 40 });
    expect(p).to.deep.equal({ resourceType: 'Patient', id: 'MRN-77', gender: 'other' });
    expectValidR4(p);
    expect(call('to_patient', { sex: 'unknown' }).gender).to.equal('unknown');
    const anonymous = call('to_patient', {});
    expect(anonymous.id).to.match(/^[0-9a-f-]{36}$/);
    expect(anonymous).to.not.have.any.keys('gender', 'birthDate', 'name');
    expect(call('to_patient', { name: 'Cher' }).name).to.deep.equal([{ text: 'Cher' }]);
  });

  it('medication_request: UCUM dose codes; a rate goes in rateQuantity; valid R4', () => {
    const cases: [string, number, string, string, string][] = [
      ['Vancomycin', 1000, 'mg', 'mg', 'doseQuantity'],
      ['Fentanyl', 50, 'mcg', 'ug', 'doseQuantity'],
      ['Heparin', 5000, 'units', '[iU]', 'doseQuantity'],
      ['Potassium chloride', 20, 'mEq', 'meq', 'doseQuantity'],
      ['Norepinephrine', 0.1, 'mcg/kg/min', 'ug/kg/min', 'rateQuantity'],
      ['Heparin', 18, 'units/kg/hr', '[iU]/kg/h', 'rateQuantity'],
      ['Enoxaparin', 1, 'mg/kg', 'mg/kg', 'doseQuantity'],
    ];
    for (const [drug, dose, unit, code, slot] of cases) {
      const r = call('medication_request', drug, dose, unit, 'PT-1');
      expectValidR4(r);
      expect(r).to.deep.include({ resourceType: 'MedicationRequest', status: 'active', intent: 'order', medicationCodeableConcept: { text: drug }, subject: { reference: 'Patient/PT-1' }, authoredOn: NOW.toISOString() });
      expect(r.dosageInstruction[0].doseAndRate[0][slot], unit).to.deep.equal({ value: dose, unit, system: 'http://unitsofmeasure.org', code });
    }
    expect(call('to_medication_request', 'X', 1, 'mg').subject.reference).to.equal('Patient/moiss-patient-001');
  });

  it('medication_request argument errors', () => {
    expect(error('medication_request', 'X', 1, 'furlongs')).to.match(/argument 3 'unit' must be a dose unit .* got "furlongs"/);
    expect(error('medication_request', 'X', 0, 'mg')).to.match(/argument 2 'dose' must be > 0/);
    expect(error('medication_request', 'X', 1, 'mg', 'bad id!')).to.match(/argument 4 'patient_id' must be a FHIR id/);
    expect(error('medication_request', ' ', 1, 'mg')).to.match(/argument 1 'drug_name' must not be empty/);
  });

  it('condition: ICD-10-CM or SNOMED CT by shape and check digit; severity codes; valid R4', () => {
    const icd = call('condition', 'A41.9', 'Sepsis, unspecified organism', 'severe', 'PT-1');
    expectValidR4(icd);
    expect(icd.code.coding[0]).to.deep.equal({ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'A41.9', display: 'Sepsis, unspecified organism' });
    expect(icd.severity.coding[0]).to.deep.equal({ system: 'http://snomed.info/sct', code: '24484000', display: 'Severe' });
    expect(icd.clinicalStatus.coding[0]).to.include({ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' });
    const sct = call('condition', '91302008', 'Sepsis');
    expectValidR4(sct);
    expect(sct.code.coding[0].system).to.equal('http://snomed.info/sct');
    expect(sct.severity.coding[0].code).to.equal('6736007');
    expect(call('condition', 'E11.9', 'Type 2 diabetes', 'low').severity.coding[0]).to.deep.equal({ system: 'http://snomed.info/sct', code: '255604002', display: 'Mild' });
    expect(call('condition', 'I10', 'Hypertension', 'high').severity.coding[0].code).to.equal('24484000');
    expect(call('condition', 'u07.1', 'COVID-19').code.coding[0].code).to.equal('U07.1');
  });

  it('condition argument errors: a wrong check digit, a non-code, an unknown severity', () => {
    expect(error('condition', '91302009', 'Sepsis')).to.match(/^fhir.condition: argument 1 'code' must be an ICD-10-CM code .* got "91302009"/);
    expect(error('condition', 'sepsis', 'Sepsis')).to.match(/argument 1 'code'/);
    expect(error('condition', 'A41.9', 'Sepsis', 'critical')).to.match(/argument 3 'severity' must be one of "mild", "low", "moderate", "severe", "high", got "critical"/);
  });
});

describe('fhir.from_fhir', function () {
  this.timeout(60_000);
  const synthea = JSON.parse(readFileSync(new URL('./data/fhir/synthea-style-bundle.json', import.meta.url), 'utf8'));

  it('a Synthea-style record: official name, BP panel components, °F, pounds, mmol/L glucose, µmol/L creatinine', () => {
    const r = call('from_fhir', synthea);
    const { warnings, ...fields } = r;
    expect(fields).to.deep.equal({
      type: 'FHIR_PATIENT', id: '6f1b8f0e-5b1a-4c3e-9d57-3c1f8f3a2b10', name: 'Robert James Hermiston', sex: 'M', birth_date: '1961-03-02', age: 65,
      hr: 104, bp: 131, diastolic_bp: 82,
      temp: 38.5, // (101.3 − 32) × 5/9
      weight: 89.81, // 198 × 0.45359237 = 89.8113
      creatinine: 1.5, // 132.6 / 88.4
      glucose: 180.16, // latest of two: 10 mmol/L × 18.016
    });
    expect(warnings).to.deep.equal([
      'entry 1 (Encounter 0c7a3f62-2a43-4d0e-8f8e-ef2a8f9f1d01): resource type not read; ignored',
      'glucose: several observations (entry 5 (Observation glucose-old), entry 6 (Observation glucose-new)); kept the latest, entry 6 (Observation glucose-new)',
      'entry 8 (Observation smoking): no LOINC code of the table (http://loinc.org|72166-2); ignored',
      'entry 9 (Observation hr-error): hr has status entered-in-error; ignored',
      'entry 11 (Observation lactate-mgdl): lactate unit mg/dL cannot be converted to mmol/L; skipped',
    ]);
  });

  it('round trip: to_fhir then from_fhir gives back every supplied field (age follows from birth_date)', () => {
    const back = call('from_fhir', call('to_fhir', SUPPLIED));
    expect(back.warnings).to.deep.equal([]);
    const { type, warnings, age, ...fields } = back;
    expect(fields).to.deep.equal(SUPPLIED);
    expect(age).to.equal(56);
  });

  it('kPa blood pressure converts by UCUM (mm[Hg] = 133.322 Pa); an implausible value is skipped with a warning', () => {
    const bundle = { resourceType: 'Bundle', type: 'collection', entry: [
      { resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] }, valueQuantity: { value: 16, system: 'http://unitsofmeasure.org', code: 'kPa' } } },
      { resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8310-5' }] }, valueQuantity: { value: 98.6, unit: 'Cel' } } },
      { resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] }, valueQuantity: { value: 80 } } },
      { resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] }, valueQuantity: { value: 70, unit: 'kilos' } } },
      { resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] }, valueString: '70 kg' } },
    ] };
    const r = call('from_fhir', bundle);
    expect(r.bp).to.equal(120.01);
    expect(r).to.not.have.any.keys('temp', 'hr', 'weight');
    expect(r.warnings).to.deep.equal([
      'entry 1 (Observation): temp 98.6 Cel is outside the plausible 25–45; skipped',
      'entry 2 (Observation): hr value 80 has no unit (expected /min); skipped',
      'entry 3 (Observation): weight unit "kilos" is not a UCUM unit (expected kg); skipped',
      'entry 4 (Observation): weight has no valueQuantity; skipped',
      'no Patient resource in the bundle',
    ]);
  });

  it('gender other/unknown leaves sex absent with a warning; a partial birthDate gives no age', () => {
    const r = call('from_fhir', { resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', gender: 'other', birthDate: '1970' } }] });
    expect(r).to.not.have.any.keys('sex', 'age', 'birth_date');
    expect(r.warnings).to.deep.equal([
      'entry 0 (Patient): gender "other" has no M/F sex; \'sex\' left absent',
      "entry 0 (Patient): birthDate \"1970\" is not a full date YYYY-MM-DD; 'birth_date' and 'age' left absent",
    ]);
    // age in completed years: the birthday is tomorrow at the clock date
    expect(call('from_fhir', { resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', birthDate: '1970-11-26' } }] }).age).to.equal(55);
    expect(call('from_fhir', { resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', birthDate: '1970-11-25' } }] }).age).to.equal(56);
  });

  it('malformed input: argument errors, never a crash; odd entries are warnings', () => {
    expect(error('from_fhir', { resourceType: 'Patient' })).to.equal("fhir.from_fhir: argument 1 'bundle' must be a FHIR Bundle (resourceType 'Bundle'), got resourceType \"Patient\"");
    expect(error('from_fhir', {})).to.match(/got resourceType null/);
    expect(error('from_fhir', [])).to.match(/argument 1 'bundle' must be an object, got array/);
    expect(error('from_fhir', 'x')).to.match(/must be an object, got string/);
    expect(error('from_fhir', { resourceType: 'Bundle', entry: {} })).to.equal("fhir.from_fhir: argument 1 'bundle' field 'entry' must be an array of entries");
    const odd = call('from_fhir', { resourceType: 'Bundle', entry: [null, 3, { resource: 'x' }, { resource: { resourceType: 'Observation', code: 'x', valueQuantity: [] } }, { resource: { id: 7 } }] });
    expect(odd.warnings).to.deep.equal([
      'entry 0: no resource object; ignored',
      'entry 1: no resource object; ignored',
      'entry 2: no resource object; ignored',
      'entry 3 (Observation): no LOINC code of the table (no coding); ignored',
      'entry 4 (no resourceType): resource type not read; ignored',
      'no Patient resource in the bundle',
    ]);
  });
});

describe('fhir.search_url and to_json', () => {
  it('percent-encodes keys and values (RFC 3986) and drops trailing slashes', () => {
    expect(call('search_url', 'https://fhir.example.org/r4/', 'Observation', { patient: 'PT 1', code: 'http://loinc.org|8867-4', _count: 10, 'name:exact': "O'Brien (Jr)" }))
      .to.equal("https://fhir.example.org/r4/Observation?patient=PT%201&code=http%3A%2F%2Floinc.org%7C8867-4&_count=10&name%3Aexact=O%27Brien%20%28Jr%29");
    expect(call('search_url', 'http://h/fhir', 'Patient')).to.equal('http://h/fhir/Patient');
    expect(call('search_url', 'http://h/fhir', 'Patient', { active: true })).to.equal('http://h/fhir/Patient?active=true');
  });
  it('argument errors: base, resource type, parameter values', () => {
    expect(error('search_url', 'ftp://h', 'Patient')).to.match(/argument 1 'base' must be an http\(s\) URL/);
    expect(error('search_url', 'not a url', 'Patient')).to.match(/argument 1 'base' must be an http\(s\) URL/);
    expect(error('search_url', 'http://h', 'patient')).to.match(/argument 2 'resource_type' must be a FHIR resource type/);
    expect(error('search_url', 'http://h', 'Patient', { a: [1] })).to.equal("fhir.search_url: argument 3 'params' value of 'a' must be a string, number or boolean, got array");
  });
  it('to_json: indented or on one line', () => {
    expect(call('to_json', { resourceType: 'Patient', id: 'a' }, 0)).to.equal('{"resourceType":"Patient","id":"a"}');
    expect(call('to_json', { resourceType: 'Patient' })).to.equal('{\n  "resourceType": "Patient"\n}');
    expect(error('to_json', {}, 9)).to.match(/argument 2 'indent' must be ≤ 8/);
  });
});

describe('fhir in a protocol', () => {
  it('defaults are not observations: only the fields the request sent are exported', () => {
    const code = 'protocol Export {\n  input: Patient p;\n  let bundle = med.fhir.to_fhir(p);\n}';
    const { kind, body } = runProtocol(code, { lactate: 3.1, name: 'Ann Lee' }, { now: () => NOW });
    expect(kind, body.error ?? '').to.equal('ok');
    const bundle = body.events.find((e: any) => e.kind === 'let' && e.name === 'bundle')!.value as any;
    expect(bundle.entry.map((e: any) => e.resource.resourceType)).to.deep.equal(['Patient', 'Observation']);
    expect(bundle.entry[1].resource.code.coding[0].code).to.equal('2524-7');
    expect(bundle.entry[0].resource).to.not.have.property('gender'); // the default sex 'M' is not the patient's
    const sent = runProtocol(code, { sex: 'F' }, { now: () => NOW });
    const sentBundle = sent.body.events.find((e: any) => e.kind === 'let' && e.name === 'bundle')!.value as any;
    expect(sentBundle.entry[0].resource.gender).to.equal('female');
  });
});
