// Glasgow Coma Scale from eye, verbal and motor responses given as numbers or as the scale's words
// (Teasdale & Jennett, Lancet 1974;2:81-84; wording of Teasdale et al., Lancet Neurol 2014;13:844-854).
import { normalizeName } from '../../../util/names.js';
import { ArgumentError, type JsonObject, type JsonValue } from '../types.js';

type Scale = Readonly<Record<string, number>>;

const EYE: Scale = { spontaneous: 4, spontaneously: 4, 'to sound': 3, 'to speech': 3, 'to voice': 3, 'to pressure': 2, 'to pain': 2, none: 1 };
const VERBAL: Scale = { oriented: 5, confused: 4, words: 3, 'inappropriate words': 3, sounds: 2, 'incomprehensible sounds': 2, none: 1 };
const MOTOR: Scale = {
  obeys: 6, 'obeys commands': 6, localising: 5, localizing: 5, 'localises pain': 5, 'localizes pain': 5,
  'normal flexion': 4, withdrawal: 4, withdraws: 4, 'abnormal flexion': 3, decorticate: 3, extension: 2, decerebrate: 2, none: 1,
};
const COMPONENTS = [['eye', EYE, 4], ['verbal', VERBAL, 5], ['motor', MOTOR, 6]] as const;
const NOT_TESTABLE = new Set(['nt', 'not testable']);

/** A response as its score, or null when recorded as not testable (intubated, eyes swollen shut). */
function response(value: JsonValue, name: string, scale: Scale, max: number, position: number): number | null {
  const label = 'scores.gcs';
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 1 && value <= max) return value;
    throw new ArgumentError(`${label}: argument ${position} '${name}' must be 1–${max} or a word (${Object.keys(scale).join(', ')}), got ${value}`);
  }
  const word = normalizeName(String(value));
  if (NOT_TESTABLE.has(word)) return null;
  const points = scale[word];
  if (points === undefined) throw new ArgumentError(`${label}: argument ${position} '${name}' must be 1–${max} or one of ${Object.keys(scale).map((w) => `'${w}'`).join(', ')} or 'NT', got ${JSON.stringify(value)}`);
  return points;
}

// Severity bands of head injury by total: 13–15 mild, 9–12 moderate, 3–8 severe.
export function gcs(eye: JsonValue, verbal: JsonValue, motor: JsonValue): JsonObject {
  const given = [eye, verbal, motor];
  const components: Record<string, number | null> = {};
  COMPONENTS.forEach(([name, scale, max], i) => (components[name] = response(given[i]!, name, scale, max, i + 1)));
  const untestable = Object.keys(components).filter((k) => components[k] === null);
  if (untestable.length > 0) {
    return { type: 'SCORE', scoring: 'GCS', score: null, max_score: 15, components, severity: null, not_testable: untestable, display: COMPONENTS.map(([n]) => `${n[0]!.toUpperCase()}${components[n] ?? 'NT'}`).join(' ') };
  }
  const score = (components.eye as number) + (components.verbal as number) + (components.motor as number);
  return {
    type: 'SCORE', scoring: 'GCS', score, max_score: 15, components,
    severity: score >= 13 ? 'Mild' : score >= 9 ? 'Moderate' : 'Severe',
    not_testable: [],
    display: `E${components.eye} V${components.verbal} M${components.motor}`,
  };
}
