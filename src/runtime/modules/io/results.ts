// What each io function answers (docs/library.md, the checker's field check and the boundary check read these).
import pk from '../pk/index.js';
import { resultValueSpec } from '../result-spec.js';
import type { RecordResultSpec, ResultField, ValueSpec } from '../types.js';
import { DEVICE_KINDS, DEVICE_STATUSES, MAX_LOG_ENTRIES } from './devices.js';
import { ALL_VITALS, CHANNELS, VITALS, type VitalParameter } from './simulation.js';
import { MODES, NUMERIC_SETTINGS } from './ventilator.js';
import { always, flag, int, num, optional, text } from '../util/result-fields.js';

/** The last field of every io answer. */
const SIMULATED = flag('simulated', 'always true: the device is simulated and no hardware was contacted');
const device = (name = 'device'): ResultField => text(name, 'the device id');
const kind = text('kind', 'the kind of device the type maps to', { enum: [...DEVICE_KINDS] });
const status = (description: string): ResultField => text('status', description, { enum: DEVICE_STATUSES });
const drug = text('drug', 'the drug or fluid name (the pk name for a drug pk knows)');
const vitalParameter = (names: readonly string[]): ResultField => text('parameter', 'the parameter read, by its canonical name', { enum: names });

/** An io record: its tag, then its own fields, then `simulated`. */
const record = (type: string, description: string, fields: ResultField[]): RecordResultSpec => ({ type, description, fields: [...fields, SIMULATED] });

const validateDose = pk.functions.find((f) => f.name === 'validate_dose')!;
/** The dose check of the rate, as pk.validate_dose answers it (one declaration for both). */
const DOSE_CHECK: ResultField = { name: 'dose_check', ...resultValueSpec(validateDose.result), description: "pk.validate_dose's check of the rate, as pk answers it (any level short of ERROR: an ERROR is refused)" };

const RATE = num('rate', null, 'the rate, in unit');
const RATE_UNIT = text('unit', 'the rate unit (given, else pk’s infusion unit for the drug, else mL/h)');

const SOURCE = text('source', "`patient`: centred on the run patient's value; `nominal`: on the nominal value", { enum: ['patient', 'nominal'] });
const vitalReading = (vital: VitalParameter): ResultField => ({
  name: vital.name,
  type: 'object',
  description: `the ${vital.name} reading`,
  fields: [num('value', vital.unit, 'the reading, one decimal'), text('unit', 'its unit', { enum: [vital.unit] }), SOURCE],
});

const settingUnit = (name: string): string => NUMERIC_SETTINGS[name]![2];
const VENTILATOR_SETTINGS: ValueSpec = {
  type: 'object',
  description: 'the settings: defaults overlaid with the values sent',
  fields: [
    text('mode', 'ventilation mode', { enum: MODES }),
    num('fio2', settingUnit('fio2'), 'inspired oxygen fraction'),
    num('peep', settingUnit('peep'), 'positive end-expiratory pressure'),
    num('tidal_volume_ml', settingUnit('tidal_volume_ml'), 'set tidal volume'),
    num('set_rr', settingUnit('set_rr'), 'set respiratory rate'),
    text('ie_ratio', 'inspiratory to expiratory time, 1:1 to 1:4'),
    num('pressure_support', settingUnit('pressure_support'), 'pressure support'),
  ],
};

const TRIGGERED_ALARM: ValueSpec = {
  type: 'object',
  description: 'an alarm whose parameter was read outside its limits',
  fields: [
    text('parameter', 'the parameter'),
    num('value', null, 'its last reading'),
    num('threshold', null, 'the limit crossed'),
    text('type', 'which limit', { enum: ['LOW', 'HIGH'] }),
  ],
};

export const IO_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  connect_device: record('IO_EVENT', 'the device connected', [
    always('action', 'CONNECT'),
    device(),
    text('device_type', 'the device type as given'),
    kind,
    always('status', 'CONNECTED'),
  ]),
  command: record('IO_EVENT', 'the command sent and the status it leaves', [
    device(),
    text('command', 'the command: upper-cased for a pump, monitor or ventilator, as given for a generic device'),
    status("the device's status after the command (a generic device's is unchanged)"),
  ]),
  infuse: record('IO_INFUSION', 'the infusion running', [device('pump'), drug, RATE, RATE_UNIT, always('status', 'RUNNING'), DOSE_CHECK]),
  stop_infusion: record('IO_INFUSION', 'the infusion stopped', [device('pump'), always('status', 'STOPPED'), flag('was_running', 'whether an infusion was running')]),
  bolus: record('IO_BOLUS', 'the bolus given', [
    device('pump'),
    drug,
    num('volume_ml', 'mL', 'the volume given'),
    num('duration_min', 'min', 'the duration'),
    num('rate_ml_hr', 'mL/h', 'volume / (duration / 60), one decimal'),
  ]),
  read_monitor: record('IO_MONITOR', 'one simulated reading', [
    device('monitor'),
    vitalParameter(VITALS.map((v) => v.name)),
    num('value', null, 'the reading, one decimal, in unit'),
    text('unit', 'its unit', { enum: [...new Set(VITALS.map((v) => v.unit))] }),
    SOURCE,
  ]),
  read_all_vitals: record('IO_VITALS', 'a reading of each vital', [
    device('monitor'),
    { name: 'vitals', type: 'object', description: 'each reading by vital name', fields: ALL_VITALS.map(vitalReading) },
  ]),
  send_ventilator: record('IO_VENTILATOR', 'the setting sent', [
    device('ventilator'),
    text('parameter', 'the setting, lower-cased', { enum: ['mode', ...Object.keys(NUMERIC_SETTINGS), 'ie_ratio'] }),
    { name: 'value', type: ['number', 'string'], description: 'the value set: a number in the setting’s unit, or the mode or I:E ratio text' },
    always('status', 'SET'),
  ]),
  read_ventilator: record('IO_VENTILATOR_READ', 'the settings and simulated measurements', [
    device('ventilator'),
    { name: 'settings', ...VENTILATOR_SETTINGS },
    {
      name: 'measured',
      type: 'object',
      description: 'simulated measurements around the settings',
      fields: [
        num('rr', '/min', 'respiratory rate, one decimal'),
        num('tidal_volume_ml', 'mL', 'tidal volume, one decimal'),
        num('peak_pressure', 'cmH2O', 'peak airway pressure, one decimal'),
        num('plateau_pressure', 'cmH2O', 'plateau pressure, one decimal'),
        num('minute_ventilation', 'L/min', 'tidal volume × rate, two decimals'),
      ],
    },
  ]),
  read_waveform: record('IO_WAVEFORM', 'a synthetic waveform', [
    device(),
    text('channel', 'the channel', { enum: [...CHANNELS] }),
    num('duration_sec', 's', 'the duration'),
    num('sampling_rate_hz', 'Hz', 'the sampling rate'),
    int('samples', 'samples: duration × rate, rounded'),
    { name: 'data', type: 'array', items: { type: 'number', description: 'one sample, four decimals' }, description: 'the samples: ECG_II in mV, PLETH normalized 0–1, RESP −1 to 1, ABP in mmHg' },
  ]),
  set_alarm: record('IO_ALARM_SET', 'the alarm limits set', [device(), text('parameter', 'the parameter, by its canonical name'), num('low_threshold', null, 'the low limit'), num('high_threshold', null, 'the high limit')]),
  check_alarms: record('IO_ALARM_CHECK', "each alarm checked against its parameter's last reading", [
    device(),
    int('alarms_triggered', 'how many alarms were triggered'),
    { name: 'triggered', type: 'array', items: TRIGGERED_ALARM, description: 'the alarms triggered' },
    { name: 'not_read', type: 'array', items: { type: 'string', description: 'a parameter' }, description: 'parameters with an alarm but no reading in this run' },
  ]),
  disconnect: record('IO_EVENT', 'the device removed', [always('action', 'DISCONNECT'), device(), flag('stopped_infusion', 'whether a running infusion was stopped first')]),
  status: record('IO_STATUS', 'a device of this run; a device not connected answers found false with suggestions', [
    device(),
    flag('found', 'false when no device of that id is connected in this run'),
    optional(kind),
    optional(status('its status')),
    optional({
      name: 'params',
      type: 'object',
      description: "a pump's programmed infusion (`infusion`) or a ventilator's settings sent, by name",
      fields: [optional({ name: 'infusion', type: 'object', description: "the pump's programmed infusion", fields: [drug, RATE, RATE_UNIT, { name: 'dose_check', type: 'object', description: 'the dose check of the rate, as `io.infuse` answered it' }] })],
      keys: 'setting',
      values: { type: ['number', 'string'], description: 'a ventilator setting sent: a number in the setting’s unit, or the mode or I:E ratio text' },
    }),
    optional({ name: 'last_readings', type: 'object', description: 'the last reading of each parameter read, by parameter name', keys: 'parameter', values: { type: 'number', description: "the parameter's last reading, in its unit" } }),
    optional({
      name: 'alarms',
      type: 'object',
      description: 'the alarm limits (low, high) of each parameter, by parameter name',
      keys: 'parameter',
      values: { type: 'object', description: "the parameter's alarm limits", fields: [num('low', null, 'the low limit'), num('high', null, 'the high limit')] },
    }),
    optional(int('log_size', 'entries in the device log')),
    optional(int('log_dropped', `oldest entries dropped from the log (it keeps the newest ${MAX_LOG_ENTRIES})`)),
  ]),
};
