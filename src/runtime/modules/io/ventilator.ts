// The simulated ventilator's settings (modules.md §17): defaults, the settings that can be sent with their
// ranges and units, and what a reading measures. Its own file so the result declarations read them too.
import { ArgumentError, type JsonObject, type JsonValue } from '../types.js';

export const VENTILATOR_DEFAULTS: JsonObject = { mode: 'AC/VC', fio2: 0.4, peep: 5, tidal_volume_ml: 450, set_rr: 14, ie_ratio: '1:2', pressure_support: 0 };
export const MODES = ['AC/VC', 'AC/PC', 'SIMV', 'PSV', 'CPAP'];
export const NUMERIC_SETTINGS: Record<string, [number, number, string]> = {
  fio2: [0.21, 1.0, 'fraction'],
  peep: [0, 30, 'cmH2O'],
  tidal_volume_ml: [100, 1500, 'mL'],
  set_rr: [4, 60, '/min'],
  pressure_support: [0, 40, 'cmH2O'],
};
export const VENTILATOR_READINGS = ['RR', 'TIDAL_VOLUME_ML', 'PEAK_PRESSURE', 'PLATEAU_PRESSURE', 'MINUTE_VENTILATION'];

/** A setting sent to the ventilator, by canonical name, checked against its range; anything else is an argument error. */
export function setVentilator(label: string, parameter: string, value: JsonValue): { name: string; value: JsonValue } {
  const name = parameter.trim().toLowerCase();
  if (name === 'mode') {
    const mode = typeof value === 'string' ? MODES.find((m) => m === value.trim().toUpperCase()) : undefined;
    if (!mode) throw new ArgumentError(`${label}: argument 3 'value' for mode must be one of ${MODES.join(', ')}, got ${JSON.stringify(value)}`);
    return { name, value: mode };
  }
  if (name === 'ie_ratio') {
    const match = typeof value === 'string' ? /^1:(\d+(?:\.\d+)?)$/.exec(value.trim()) : null;
    const e = match ? Number(match[1]) : NaN;
    if (!(e >= 1 && e <= 4)) throw new ArgumentError(`${label}: argument 3 'value' for ie_ratio must be a ratio from 1:1 to 1:4, got ${JSON.stringify(value)}`);
    return { name, value: `1:${match![1]}` };
  }
  const range = NUMERIC_SETTINGS[name];
  if (!range) throw new ArgumentError(`${label}: argument 2 'parameter' must be one of mode, ${Object.keys(NUMERIC_SETTINGS).join(', ')}, ie_ratio, got ${JSON.stringify(parameter)}`);
  const [min, max, unit] = range;
  if (typeof value !== 'number' || value < min || value > max) throw new ArgumentError(`${label}: argument 3 'value' for ${name} must be a number from ${min} to ${max} ${unit}, got ${JSON.stringify(value)}`);
  return { name, value };
}
