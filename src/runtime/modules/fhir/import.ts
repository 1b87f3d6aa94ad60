// FHIR R4 Bundle → patient fields (modules.md §15). Real-world bundles carry other codings, other units
// and odd entries: known LOINC codes are read and converted to the table's UCUM unit through ucum-lhc;
// everything skipped is listed in `warnings`. Only a bundle that is not a Bundle at all is an argument error.
import { ArgumentError, type JsonObject, type JsonValue } from '../types.js';
import { PATIENT_FIELDS } from '../util/patient.js';
import { pyRound } from '../../../util/round.js';
import { isIsoDate } from './export.js';
import { LOINC_FIELDS, LOINC_SYSTEM, UCUM_SYSTEM, fieldForLoinc, type LoincField } from './loinc.js';
import { convertUnit, ucumCode } from '../../../units/ucum.js';

type Obj = { [key: string]: JsonValue };
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const SKIPPED_STATUS = new Set(['entered-in-error', 'cancelled', 'registered']);

interface Reading {
  value: number;
  when: string | null;
  where: string;
}

function describe(resource: Obj, index: number): string {
  const type = typeof resource.resourceType === 'string' ? resource.resourceType : 'no resourceType';
  return `entry ${index} (${type}${typeof resource.id === 'string' ? ` ${resource.id}` : ''})`;
}

/** Completed years between a birth date and the clock date. */
function completedYears(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let years = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) years -= 1;
  return years;
}

function readPatient(resource: Obj, where: string, now: Date, out: JsonObject, warnings: string[]): void {
  if (typeof resource.id === 'string') out.id = resource.id;
  const names = Array.isArray(resource.name) ? resource.name.filter(isObject) : [];
  const name = names.find((n) => n.use === 'official') ?? names[0];
  if (name) {
    const given = Array.isArray(name.given) ? name.given.filter((g): g is string => typeof g === 'string') : [];
    const parts = [...given, ...(typeof name.family === 'string' ? [name.family] : [])];
    const full = parts.length ? parts.join(' ') : typeof name.text === 'string' ? name.text : '';
    if (full.trim()) out.name = full.trim();
  }
  if (resource.gender === 'male') out.sex = 'M';
  else if (resource.gender === 'female') out.sex = 'F';
  else if (resource.gender !== undefined) warnings.push(`${where}: gender ${JSON.stringify(resource.gender)} has no M/F sex; 'sex' left absent`);
  if (typeof resource.birthDate === 'string') {
    if (isIsoDate(resource.birthDate)) {
      out.birth_date = resource.birthDate;
      const age = completedYears(resource.birthDate, now);
      if (age >= 0 && age <= 120) out.age = age;
      else warnings.push(`${where}: birthDate ${resource.birthDate} gives age ${age} at ${now.toISOString().slice(0, 10)}; 'age' left absent`);
    } else {
      warnings.push(`${where}: birthDate ${JSON.stringify(resource.birthDate)} is not a full date YYYY-MM-DD; 'birth_date' and 'age' left absent`);
    }
  }
}

function effectiveTime(resource: Obj): string | null {
  if (typeof resource.effectiveDateTime === 'string') return resource.effectiveDateTime;
  if (typeof resource.effectiveInstant === 'string') return resource.effectiveInstant;
  if (isObject(resource.effectivePeriod)) {
    const p = resource.effectivePeriod;
    if (typeof p.end === 'string') return p.end;
    if (typeof p.start === 'string') return p.start;
  }
  return typeof resource.issued === 'string' ? resource.issued : null;
}

/** The value of an observation in the table's unit, or why it cannot be read. */
function readValue(resource: Obj, spec: LoincField): { value: number; converted: boolean } | { skipped: string } {
  const q = resource.valueQuantity;
  if (!isObject(q)) return { skipped: 'has no valueQuantity' };
  if (typeof q.value !== 'number' || !Number.isFinite(q.value)) return { skipped: 'has no numeric value' };
  const fromSystem = typeof q.system === 'string' ? q.system : null;
  const given = typeof q.code === 'string' && (fromSystem === null || fromSystem === UCUM_SYSTEM) ? q.code : typeof q.unit === 'string' ? q.unit : null;
  if (given === null) return { skipped: `value ${q.value} has no unit (expected ${spec.ucum})` };
  const unit = ucumCode(given);
  if (unit === null) return { skipped: `unit ${JSON.stringify(given)} is not a UCUM unit (expected ${spec.ucum})` };
  if (unit === spec.ucum) return { value: q.value, converted: false };
  const converted = convertUnit(q.value, unit, spec.ucum, spec.molecularWeight);
  if (converted === null) return { skipped: `unit ${unit} cannot be converted to ${spec.ucum}` };
  return { value: converted, converted: true };
}

function plausible(field: string, value: number): boolean {
  const range = PATIENT_FIELDS[field];
  return !range || ((range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max));
}

function knownCoding(code: JsonValue | undefined): { spec: LoincField | undefined; shown: string } {
  const concept = isObject(code) ? code : {};
  const codings = Array.isArray(concept.coding) ? concept.coding.filter(isObject) : [];
  const known = codings.find((c) => c.system === LOINC_SYSTEM && typeof c.code === 'string' && fieldForLoinc(c.code));
  const shown = codings.map((c) => `${String(c.system ?? '?')}|${String(c.code ?? '?')}`).join(', ') || (typeof concept.text === 'string' ? JSON.stringify(concept.text) : 'no coding');
  return { spec: known ? fieldForLoinc(known.code as string) : undefined, shown };
}

/** An Observation, or each component of a panel (blood pressure 85354-9 holds 8480-6 and 8462-4). */
function readObservation(resource: Obj, where: string, readings: Map<string, Reading>, warnings: string[]): void {
  const top = knownCoding(resource.code);
  const components = Array.isArray(resource.component) ? resource.component.filter(isObject) : [];
  if (!top.spec && components.length > 0) {
    components.forEach((component, i) => readMeasurement(resource, component, `${where} component ${i}`, readings, warnings));
    return;
  }
  readMeasurement(resource, resource, where, readings, warnings);
}

function readMeasurement(resource: Obj, measured: Obj, where: string, readings: Map<string, Reading>, warnings: string[]): void {
  const { spec, shown } = knownCoding(measured.code);
  if (!spec) {
    warnings.push(`${where}: no LOINC code of the table (${shown}); ignored`);
    return;
  }
  if (typeof resource.status === 'string' && SKIPPED_STATUS.has(resource.status)) {
    warnings.push(`${where}: ${spec.field} has status ${resource.status}; ignored`);
    return;
  }
  const value = readValue(measured, spec);
  if ('skipped' in value) {
    warnings.push(`${where}: ${spec.field} ${value.skipped}; skipped`);
    return;
  }
  // a converted value keeps 2 decimals (98.6 °F is 37 °C, not 36.99999999); a value sent in the table's unit is kept as sent
  const rounded = value.converted ? pyRound(value.value, 2) : value.value;
  if (!plausible(spec.field, rounded)) {
    const range = PATIENT_FIELDS[spec.field]!;
    warnings.push(`${where}: ${spec.field} ${rounded} ${spec.ucum} is outside the plausible ${range.min}–${range.max}; skipped`);
    return;
  }
  const when = effectiveTime(resource);
  const previous = readings.get(spec.field);
  if (previous) {
    const later = when !== null && (previous.when === null || Date.parse(when) >= Date.parse(previous.when));
    const kept = later || (when === null && previous.when === null) ? where : previous.where;
    warnings.push(`${spec.field}: several observations (${previous.where}, ${where}); kept the latest, ${kept}`);
    if (kept === previous.where) return;
  }
  readings.set(spec.field, { value: rounded, when, where });
}

export function fromFhir(bundle: JsonObject, now: Date, label: string): JsonObject {
  if (bundle.resourceType !== 'Bundle') {
    throw new ArgumentError(`${label}: argument 1 'bundle' must be a FHIR Bundle (resourceType 'Bundle'), got resourceType ${JSON.stringify(bundle.resourceType ?? null)}`);
  }
  if (bundle.entry !== undefined && !Array.isArray(bundle.entry)) throw new ArgumentError(`${label}: argument 1 'bundle' field 'entry' must be an array of entries`);
  const warnings: string[] = [];
  const out: JsonObject = { type: 'FHIR_PATIENT' };
  const readings = new Map<string, Reading>();
  let patientSeen = false;
  (bundle.entry ?? []).forEach((entry, index) => {
    const resource = isObject(entry) ? entry.resource : undefined;
    if (!isObject(resource)) {
      warnings.push(`entry ${index}: no resource object; ignored`);
      return;
    }
    const where = describe(resource, index);
    if (resource.resourceType === 'Patient') {
      if (patientSeen) warnings.push(`${where}: a second Patient; ignored`);
      else readPatient(resource, where, now, out, warnings);
      patientSeen = true;
    } else if (resource.resourceType === 'Observation') {
      readObservation(resource, where, readings, warnings);
    } else {
      warnings.push(`${where}: resource type not read; ignored`);
    }
  });
  if (!patientSeen) warnings.push('no Patient resource in the bundle');
  for (const spec of LOINC_FIELDS) {
    const reading = readings.get(spec.field);
    if (reading) out[spec.field] = reading.value;
  }
  out.warnings = warnings;
  return out;
}
