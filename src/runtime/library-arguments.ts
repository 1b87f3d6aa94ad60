// Protocol values → library arguments (modules.md §1.1 takes plain JSON). A quantity given to a
// parameter declared with a unit is converted to that unit (`p.weight` or `80000 g` for a kg
// parameter); inside a record, a patient field is converted to its §2 unit. Any other quantity is
// passed as its number.
import { parseUnit } from '../units/index.js';
import type { JsonObject, JsonValue, ParamSpec } from './modules/types.js';
import { ArgumentError } from './modules/types.js';
import { PATIENT_FIELD_UNITS } from './patient.js';
import { toNumber } from './numbers.js';
import { formatQuantity, isRecord, Quantity, toJson, type RecordValue, type Value } from './values.js';

export function toLibraryArgument(value: Value, param: ParamSpec | undefined, label: string, index: number): JsonValue {
  if (value instanceof Quantity) {
    const unit = param?.unit === undefined ? null : parseUnit(param.unit);
    if (!unit) return toNumber(value.value);
    const converted = value.in(unit);
    if (converted === null) {
      throw new ArgumentError(`${label}: argument ${index + 1} '${param!.name}' must be in ${unit.text} (${unit.dimension}), got ${formatQuantity(value)} (${value.unit.dimension})`);
    }
    return toNumber(converted);
  }
  if (isRecord(value)) {
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) out[key] = fieldValue(key, value[key]!, label, index, param);
    return out;
  }
  return toJson(value, true);
}

function fieldValue(key: string, value: Value, label: string, index: number, param: ParamSpec | undefined): JsonValue {
  const unitText = Object.hasOwn(PATIENT_FIELD_UNITS, key) ? PATIENT_FIELD_UNITS[key]! : null;
  if (!(value instanceof Quantity) || unitText === null) return toJson(value, true);
  const converted = value.in(parseUnit(unitText)!);
  if (converted === null) {
    throw new ArgumentError(`${label}: argument ${index + 1}${param ? ` '${param.name}'` : ''}: field '${key}' must be in ${unitText}, got ${formatQuantity(value)}`);
  }
  return toNumber(converted);
}

/** The protocol patient as plain JSON in the units of language.md §6 (lists as sent), for the dose check. */
export function patientAsJson(patient: RecordValue): JsonObject {
  return toLibraryArgument(patient, undefined, 'administer', 0) as JsonObject;
}
