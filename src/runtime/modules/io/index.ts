// modules.md §17: simulated bedside devices (pumps, monitors, ventilators) for protocol testing. The
// registry lives for one run; every result says simulated: true; infusions of pk drugs are dose-checked
// through pk's own validate_dose, and an ERROR dose leaves the pump unchanged.
import { suggestNames } from '../../../util/names.js';
import { pyRound } from '../../../util/round.js';
import { findTest } from '../lab/reference.js';
import { checkIdentifier } from '../util/identifier.js';
import pk from '../pk/index.js';
import { Registry } from '../registry.js';
import { ArgumentError, type CallContext, type FunctionSpec, type JsonObject, type JsonValue, type ModuleDef, type ParamSpec } from '../types.js';
import { COMMANDS, devicesOf, kindOf, logTo, MAX_DEVICES, requireDevice, statusView, type Device } from './devices.js';
import { IO_RESULTS } from './results.js';
import { ALL_VITALS, CHANNELS, findVital, gaussian, patientValue, readVital, VITALS, waveform, type Channel } from './simulation.js';
import { setVentilator, VENTILATOR_DEFAULTS, VENTILATOR_READINGS } from './ventilator.js';

const pkLibrary = new Registry([pk]);
const SIMULATED = 'simulated device; no hardware is contacted';
const deviceId = (name = 'device_id'): ParamSpec => ({ name, type: 'string', maxLength: 64, description: 'device id in this run: 1–64 characters A–Z a–z 0–9 . _ -' });
const fn = (spec: Omit<FunctionSpec, 'state' | 'sources'> & { sources?: readonly string[] }): FunctionSpec => ({ sources: [SIMULATED], ...spec, state: 'run' });
const done = (fields: JsonObject): JsonObject => ({ ...fields, simulated: true });

/** io.get_lab's map from the lab module's canonical test names to patient fields (§17). */
const LAB_FIELDS: Readonly<Record<string, string>> = {
  Lactate: 'lactate', Cr: 'creatinine', BUN: 'bun', Na: 'sodium', K: 'potassium', Cl: 'chloride', CO2: 'hco3', HCO3: 'hco3', Glucose: 'glucose',
  Hgb: 'hemoglobin', Hct: 'hematocrit', WBC: 'wbc', PLT: 'platelets', TBili: 'bilirubin', INR: 'inr', Albumin: 'albumin', pH: 'ph', pCO2: 'paco2', pO2: 'pao2',
};

/** What a device can read, so alarms can be set on it. */
function readable(device: Device): string[] {
  if (device.kind === 'monitor') return VITALS.map((v) => v.name);
  if (device.kind === 'ventilator') return VENTILATOR_READINGS;
  return [];
}

/** The parameter's canonical name on this device (case-insensitive), or an argument error listing them. */
function parameterOf(device: Device, name: string, label: string, position: number): string {
  const names = readable(device);
  const found = names.find((n) => n.toLowerCase() === name.trim().toLowerCase());
  if (found) return found;
  if (names.length === 0) throw new ArgumentError(`${label}: '${device.id}' is ${device.kind === 'pump' ? 'an infusion pump' : 'a generic device'} and reads no parameters`);
  throw new ArgumentError(`${label}: argument ${position} 'parameter' must be one of ${names.join(', ')} for '${device.id}', got ${JSON.stringify(name)}`);
}

function pkCall(ctx: CallContext, name: string, args: JsonValue[]): JsonObject {
  return pkLibrary.invoke(pkLibrary.resolve('pk', name)!, args, {}, ctx) as JsonObject;
}

/** The route and default infusion unit pk holds for a drug, or null for a drug pk does not know (fluids). */
function pkInfusion(ctx: CallContext, drug: string): { route: string; unit: string | null } | null {
  const profile = pkCall(ctx, 'get_profile', [drug]);
  if (profile.found !== true) return null;
  const routes = profile.routes as string[];
  const route = routes.includes('IV') ? 'IV' : (profile.default_route as string);
  const dosing = (profile.dosing as Record<string, { infusion?: { unit: string } } | undefined>)[route];
  return { route, unit: dosing?.infusion?.unit ?? null };
}

function infuse(ctx: CallContext, pumpId: string, drug: string, rate: number, givenUnit: string | null): JsonObject {
  const label = 'io.infuse';
  const pump = requireDevice(ctx, pumpId, label, 'pump_id', ['pump']);
  const name = drug.trim();
  if (!name) throw new ArgumentError(`${label}: argument 2 'drug' must not be empty`);
  const known = pkInfusion(ctx, name);
  let unit = givenUnit?.trim() ?? null;
  if (unit === null) {
    if (known && known.unit === null) throw new ArgumentError(`${label}: pk holds no infusion dosing for ${name} by ${known.route}; send argument 4 'unit'`);
    unit = known ? known.unit! : 'mL/h';
  }
  if (!/\/(s|sec|min|h|hr)(\/|$)/i.test(unit)) {
    throw new ArgumentError(`${label}: argument 4 'unit' must be a rate per time (mL/h, mg/h, mcg/kg/min, units/h), got ${JSON.stringify(unit)}`);
  }
  let check: JsonObject;
  try {
    check = pkCall(ctx, 'validate_dose', [name, rate, unit, null, known?.route ?? null]);
  } catch (error) {
    if (error instanceof ArgumentError) {
      const reason = error.message.replace(/^pk\.validate_dose: /, '').replace("argument 4 'weight_kg'", "the patient's weight (send weight in the run's patient)");
      throw new ArgumentError(`${label}: ${reason}`);
    }
    throw error;
  }
  // ERROR refuses the rate; OK, WARNING, UNKNOWN and any level pk adds later are accepted with their record
  if (check.level === 'ERROR') throw new ArgumentError(`${label}: ${name} ${rate} ${unit} refused, pump '${pumpId}' unchanged: ${check.message as string}`);
  pump.infusion = { drug: (check.found ? (check.drug as string) : name), rate, unit, dose_check: check };
  pump.status = 'RUNNING';
  logTo(ctx, pump, 'INFUSE', { drug: pump.infusion.drug, rate, unit, level: check.level as string });
  return done({ type: 'IO_INFUSION', pump: pumpId, drug: pump.infusion.drug, rate, unit, status: 'RUNNING', dose_check: check });
}

function readVentilator(ctx: CallContext, vent: Device): JsonObject {
  const settings: JsonObject = { ...VENTILATOR_DEFAULTS, ...vent.params };
  const rr = pyRound(Math.max(0, (settings.set_rr as number) + 0.5 * gaussian(ctx)), 1);
  const tidal = pyRound(Math.max(0, (settings.tidal_volume_ml as number) + 10 * gaussian(ctx)), 1);
  const peak = pyRound(22 + gaussian(ctx), 1);
  const plateau = pyRound(18 + gaussian(ctx), 1);
  const minute = pyRound((tidal * rr) / 1000, 2);
  const measured = { rr, tidal_volume_ml: tidal, peak_pressure: peak, plateau_pressure: plateau, minute_ventilation: minute };
  [rr, tidal, peak, plateau, minute].forEach((v, i) => vent.lastReadings.set(VENTILATOR_READINGS[i]!, v));
  logTo(ctx, vent, 'READ');
  return done({ type: 'IO_VENTILATOR_READ', ventilator: vent.id, settings, measured });
}

const io: ModuleDef = {
  name: 'io',
  description: 'Simulated bedside devices (pumps, monitors, ventilators) for protocol testing; nothing talks to hardware.',
  functions: [
    fn({
      name: 'connect_device',
      aliases: ['connect'],
      description: 'Connects a simulated device in this run (at most 32); an id already connected is an error.',
      params: [deviceId(), { name: 'device_type', type: 'string', maxLength: 64, description: 'InfusionPump, Pump, SyringePump, AlarisSystem, Monitor, PatientMonitor, BedsideMonitor, Ventilator, Vent; anything else is generic' }],
      result: IO_RESULTS.connect_device!,
      impl: (a, ctx) => {
        const label = 'io.connect_device';
        const id = checkIdentifier(a.device_id, label, 1, 'device_id');
        const type = (a.device_type as string).trim();
        if (!type) throw new ArgumentError(`${label}: argument 2 'device_type' must not be empty`);
        const devices = devicesOf(ctx);
        if (devices.has(id)) throw new ArgumentError(`${label}: '${id}' is already connected in this run; disconnect it first`);
        if (devices.size >= MAX_DEVICES) throw new ArgumentError(`${label}: at most ${MAX_DEVICES} devices per run`);
        const device: Device = { id, type, kind: kindOf(type), status: 'CONNECTED', params: {}, infusion: null, lastReadings: new Map(), alarms: new Map(), log: [], logDropped: 0 };
        devices.set(id, device);
        logTo(ctx, device, 'CONNECT', { device_type: type });
        return done({ type: 'IO_EVENT', action: 'CONNECT', device: id, device_type: type, kind: device.kind, status: 'CONNECTED' });
      },
    }),
    fn({
      name: 'command',
      aliases: ['send_command'],
      description: 'Sends a command: pumps START/STOP/PAUSE, monitors START/STOP, ventilators START/STANDBY, generic devices any 1–64 characters.',
      params: [deviceId(), { name: 'cmd', type: 'string', maxLength: 64, description: 'the command' }],
      result: IO_RESULTS.command!,
      impl: (a, ctx) => {
        const label = 'io.command';
        const device = requireDevice(ctx, a.device_id as string, label, 'device_id', null);
        const cmd = (a.cmd as string).trim();
        if (!cmd) throw new ArgumentError(`${label}: argument 2 'cmd' must not be empty`);
        const allowed = COMMANDS[device.kind];
        if (allowed) {
          const upper = cmd.toUpperCase();
          const status = allowed[upper];
          if (!status) throw new ArgumentError(`${label}: argument 2 'cmd' must be one of ${Object.keys(allowed).join(', ')} for '${device.id}', got ${JSON.stringify(cmd)}`);
          if (device.kind === 'pump' && upper !== 'STOP' && !device.infusion) throw new ArgumentError(`${label}: pump '${device.id}' has no infusion programmed; start one with io.infuse`);
          device.status = status;
          logTo(ctx, device, 'COMMAND', { command: upper });
          return done({ type: 'IO_EVENT', device: device.id, command: upper, status });
        }
        logTo(ctx, device, 'COMMAND', { command: cmd });
        return done({ type: 'IO_EVENT', device: device.id, command: cmd, status: device.status });
      },
    }),
    fn({
      name: 'infuse',
      description: "Starts or changes an infusion; a pk drug's rate is dose-checked (an ERROR is refused and the pump is unchanged).",
      params: [
        deviceId('pump_id'),
        { name: 'drug', type: 'string', maxLength: 200, description: 'drug or fluid name' },
        { name: 'rate', type: 'number', exclusiveMinimum: 0, description: 'infusion rate in the unit' },
        { name: 'unit', type: ['string', 'null'], maxLength: 50, default: null, description: "rate unit; null → pk's infusion unit for the drug, mL/h for a drug not in pk" },
      ],
      result: IO_RESULTS.infuse!,
      sources: [SIMULATED, 'pk.validate_dose (a rate dose)'],
      impl: (a, ctx) => infuse(ctx, a.pump_id as string, a.drug as string, a.rate as number, a.unit as string | null),
    }),
    fn({
      name: 'stop_infusion',
      description: "Stops the pump's infusion.",
      params: [deviceId('pump_id')],
      result: IO_RESULTS.stop_infusion!,
      impl: (a, ctx) => {
        const pump = requireDevice(ctx, a.pump_id as string, 'io.stop_infusion', 'pump_id', ['pump']);
        const wasRunning = pump.status === 'RUNNING' && pump.infusion !== null;
        pump.infusion = null;
        pump.status = 'STOPPED';
        logTo(ctx, pump, 'STOP_INFUSION', { was_running: wasRunning });
        return done({ type: 'IO_INFUSION', pump: pump.id, status: 'STOPPED', was_running: wasRunning });
      },
    }),
    fn({
      name: 'bolus',
      description: 'Gives a volume over a duration; rate = volume / (duration / 60) mL/h.',
      params: [
        deviceId('pump_id'),
        { name: 'drug', type: 'string', maxLength: 200, description: 'drug or fluid name' },
        { name: 'volume_ml', type: 'number', minimum: 0, maximum: 5000, unit: 'mL', description: 'volume' },
        { name: 'duration_min', type: 'number', exclusiveMinimum: 0, maximum: 1440, default: 30, unit: 'min', description: 'duration' },
      ],
      result: IO_RESULTS.bolus!,
      impl: (a, ctx) => {
        const label = 'io.bolus';
        const pump = requireDevice(ctx, a.pump_id as string, label, 'pump_id', ['pump']);
        const drug = (a.drug as string).trim();
        if (!drug) throw new ArgumentError(`${label}: argument 2 'drug' must not be empty`);
        const volume = a.volume_ml as number;
        const duration = a.duration_min as number;
        const rate = pyRound(volume / (duration / 60), 1);
        logTo(ctx, pump, 'BOLUS', { drug, volume_ml: volume, duration_min: duration });
        return done({ type: 'IO_BOLUS', pump: pump.id, drug, volume_ml: volume, duration_min: duration, rate_ml_hr: rate });
      },
    }),
    fn({
      name: 'read_monitor',
      description: "One simulated reading: the run patient's value (when sent) or the nominal value, plus seeded noise.",
      params: [deviceId('monitor_id'), { name: 'parameter', type: 'string', maxLength: 20, description: `${VITALS.map((v) => v.name).join(', ')} (any case)` }],
      result: IO_RESULTS.read_monitor!,
      impl: (a, ctx) => {
        const label = 'io.read_monitor';
        const monitor = requireDevice(ctx, a.monitor_id as string, label, 'monitor_id', ['monitor']);
        const vital = findVital(a.parameter as string);
        if (!vital) throw new ArgumentError(`${label}: argument 2 'parameter' must be one of ${VITALS.map((v) => v.name).join(', ')}, got ${JSON.stringify(a.parameter)}`);
        const { value, source } = readVital(ctx, vital);
        monitor.lastReadings.set(vital.name, value);
        logTo(ctx, monitor, 'READ', { parameter: vital.name });
        return done({ type: 'IO_MONITOR', monitor: monitor.id, parameter: vital.name, value, unit: vital.unit, source });
      },
    }),
    fn({
      name: 'read_all_vitals',
      description: 'HR, SpO2, RR, BP_SYS, BP_DIA and TEMP at once.',
      params: [deviceId('monitor_id')],
      result: IO_RESULTS.read_all_vitals!,
      impl: (a, ctx) => {
        const monitor = requireDevice(ctx, a.monitor_id as string, 'io.read_all_vitals', 'monitor_id', ['monitor']);
        const vitals: JsonObject = {};
        for (const vital of ALL_VITALS) {
          const { value, source } = readVital(ctx, vital);
          monitor.lastReadings.set(vital.name, value);
          vitals[vital.name] = { value, unit: vital.unit, source };
        }
        logTo(ctx, monitor, 'READ_ALL');
        return done({ type: 'IO_VITALS', monitor: monitor.id, vitals });
      },
    }),
    fn({
      name: 'send_ventilator',
      description: 'Sets one ventilator setting: mode, fio2, peep, tidal_volume_ml, set_rr, ie_ratio or pressure_support (ranges checked).',
      params: [deviceId('vent_id'), { name: 'parameter', type: 'string', maxLength: 40, description: 'setting name (any case)' }, { name: 'value', type: ['number', 'string'], maxLength: 20, description: 'the value' }],
      result: IO_RESULTS.send_ventilator!,
      impl: (a, ctx) => {
        const label = 'io.send_ventilator';
        const vent = requireDevice(ctx, a.vent_id as string, label, 'vent_id', ['ventilator']);
        const { name, value } = setVentilator(label, a.parameter as string, a.value!);
        vent.params[name] = value;
        logTo(ctx, vent, 'SET', { parameter: name, value });
        return done({ type: 'IO_VENTILATOR', ventilator: vent.id, parameter: name, value, status: 'SET' });
      },
    }),
    fn({
      name: 'read_ventilator',
      description: 'Settings (defaults overlaid with values sent) and simulated measurements.',
      params: [deviceId('vent_id')],
      result: IO_RESULTS.read_ventilator!,
      impl: (a, ctx) => readVentilator(ctx, requireDevice(ctx, a.vent_id as string, 'io.read_ventilator', 'vent_id', ['ventilator'])),
    }),
    fn({
      name: 'read_waveform',
      description: 'A synthetic waveform: ECG_II, PLETH, RESP or ABP at the patient’s rates, with small seeded noise.',
      params: [
        deviceId(),
        { name: 'channel', type: 'string', maxLength: 20, description: CHANNELS.join(', ') },
        { name: 'duration_sec', type: 'number', minimum: 0, maximum: 60, default: 5.0, unit: 's', description: 'duration' },
        { name: 'sampling_rate_hz', type: 'number', minimum: 1, maximum: 1000, default: 250.0, unit: 'Hz', description: 'sampling rate' },
      ],
      result: IO_RESULTS.read_waveform!,
      impl: (a, ctx) => {
        const label = 'io.read_waveform';
        const monitor = requireDevice(ctx, a.device_id as string, label, 'device_id', ['monitor']);
        const channel = CHANNELS.find((c) => c.toLowerCase() === (a.channel as string).trim().toLowerCase()) as Channel | undefined;
        if (!channel) throw new ArgumentError(`${label}: argument 2 'channel' must be one of ${CHANNELS.join(', ')}, got ${JSON.stringify(a.channel)}`);
        const duration = a.duration_sec as number;
        const rate = a.sampling_rate_hz as number;
        const samples = pyRound(duration * rate);
        logTo(ctx, monitor, 'WAVEFORM', { channel, samples });
        return done({ type: 'IO_WAVEFORM', device: monitor.id, channel, duration_sec: duration, sampling_rate_hz: rate, samples, data: waveform(ctx, channel, samples, rate) });
      },
    }),
    fn({
      name: 'set_alarm',
      description: 'Sets low and high limits for a parameter the device reads.',
      params: [deviceId(), { name: 'parameter', type: 'string', maxLength: 40, description: 'a parameter the device reads' }, { name: 'low', type: 'number', description: 'low limit' }, { name: 'high', type: 'number', description: 'high limit (≥ low)' }],
      result: IO_RESULTS.set_alarm!,
      impl: (a, ctx) => {
        const label = 'io.set_alarm';
        const device = requireDevice(ctx, a.device_id as string, label, 'device_id', null);
        const parameter = parameterOf(device, a.parameter as string, label, 2);
        const low = a.low as number;
        const high = a.high as number;
        if (low > high) throw new ArgumentError(`${label}: argument 3 'low' (${low}) must not be above argument 4 'high' (${high})`);
        device.alarms.set(parameter, { low, high });
        logTo(ctx, device, 'SET_ALARM', { parameter, low, high });
        return done({ type: 'IO_ALARM_SET', device: device.id, parameter, low_threshold: low, high_threshold: high });
      },
    }),
    fn({
      name: 'check_alarms',
      description: 'Checks each alarm against the last reading of its parameter on the device in this run.',
      params: [deviceId()],
      result: IO_RESULTS.check_alarms!,
      impl: (a, ctx) => {
        const device = requireDevice(ctx, a.device_id as string, 'io.check_alarms', 'device_id', null);
        const triggered: JsonObject[] = [];
        const notRead: string[] = [];
        for (const [parameter, { low, high }] of device.alarms) {
          const value = device.lastReadings.get(parameter);
          if (value === undefined) notRead.push(parameter);
          else if (value < low) triggered.push({ parameter, value, threshold: low, type: 'LOW' });
          else if (value > high) triggered.push({ parameter, value, threshold: high, type: 'HIGH' });
        }
        logTo(ctx, device, 'CHECK_ALARMS', { triggered: triggered.length });
        return done({ type: 'IO_ALARM_CHECK', device: device.id, alarms_triggered: triggered.length, triggered, not_read: notRead });
      },
    }),
    fn({
      name: 'get_lab',
      description: "The run patient's value for a lab test (Lactate, Cr, BUN, Na, K, …); an unmapped test or an unsent field is an error, never a made-up value.",
      params: [{ name: 'test', type: 'string', maxLength: 200, description: 'lab test name or alias' }],
      result: { bare: 'number' },
      impl: (a, ctx) => {
        const label = 'io.get_lab';
        const name = a.test as string;
        const test = findTest(name);
        const field = test ? LAB_FIELDS[test.canonical] : undefined;
        if (!field) {
          const near = suggestNames(name, Object.keys(LAB_FIELDS));
          throw new ArgumentError(`${label}: argument 1 'test' ${JSON.stringify(name)} maps to no patient field; tests: ${Object.keys(LAB_FIELDS).join(', ')}` + (near.length ? `; did you mean ${near.join(', ')}?` : ''));
        }
        const value = patientValue(ctx, field);
        if (value === null) throw new ArgumentError(`${label}: patient field '${field}' is not set; send it in the run's patient to read ${test!.canonical}`);
        return value;
      },
    }),
    fn({
      name: 'disconnect',
      description: 'Removes the device; a running pump is stopped first.',
      params: [deviceId()],
      result: IO_RESULTS.disconnect!,
      impl: (a, ctx) => {
        const device = requireDevice(ctx, a.device_id as string, 'io.disconnect', 'device_id', null);
        const stopped = device.kind === 'pump' && device.status === 'RUNNING' && device.infusion !== null;
        devicesOf(ctx).delete(device.id);
        return done({ type: 'IO_EVENT', action: 'DISCONNECT', device: device.id, stopped_infusion: stopped });
      },
    }),
    fn({
      name: 'status',
      description: 'A lookup of a device of this run: kind, status, settings, last readings, alarms and log size.',
      params: [deviceId()],
      result: IO_RESULTS.status!,
      impl: (a, ctx) => {
        const id = a.device_id as string;
        const device = devicesOf(ctx).get(id);
        if (!device) return done({ type: 'IO_STATUS', device: id, found: false, suggestions: suggestNames(id, devicesOf(ctx).keys()) });
        return done({ type: 'IO_STATUS', device: id, found: true, ...statusView(device) });
      },
    }),
  ],
};

export default io;
