// The per-run device registry of io (modules.md §17): created empty for each run, private to it and
// dropped at its end. Nothing here talks to hardware.
import { suggestNames } from '../../../util/names.js';
import { ArgumentError, type CallContext, type JsonObject, type JsonValue } from '../types.js';

export const DEVICE_KINDS = ['pump', 'monitor', 'ventilator', 'generic'] as const;
export type Kind = (typeof DEVICE_KINDS)[number];

export const MAX_DEVICES = 32;
export const MAX_LOG_ENTRIES = 1000;

const KINDS: Readonly<Record<string, Kind>> = {
  infusionpump: 'pump',
  pump: 'pump',
  syringepump: 'pump',
  alarissystem: 'pump',
  monitor: 'monitor',
  patientmonitor: 'monitor',
  bedsidemonitor: 'monitor',
  ventilator: 'ventilator',
  vent: 'ventilator',
};

// own keys only: 'constructor' or '__proto__' is a generic device, not Object.prototype's member
export const kindOf = (deviceType: string): Kind => {
  const key = deviceType.trim().toLowerCase();
  return Object.hasOwn(KINDS, key) ? KINDS[key]! : 'generic';
};

export interface Infusion {
  drug: string;
  rate: number;
  unit: string;
  dose_check: JsonObject;
}

export interface Device {
  id: string;
  type: string;
  kind: Kind;
  status: string;
  /** pump: the programmed infusion; ventilator: settings sent */
  params: JsonObject;
  infusion: Infusion | null;
  lastReadings: Map<string, number>;
  alarms: Map<string, { low: number; high: number }>;
  log: JsonObject[];
  logDropped: number;
}

/** The commands each kind of device takes, with the status each one sets; a generic device takes any command. */
export const COMMANDS: Record<Device['kind'], Record<string, string> | null> = {
  pump: { START: 'RUNNING', STOP: 'STOPPED', PAUSE: 'PAUSED' },
  monitor: { START: 'RUNNING', STOP: 'STOPPED' },
  ventilator: { START: 'RUNNING', STANDBY: 'STANDBY' },
  generic: null,
};

/** Every status a device can be in: connected, then what a command or an infusion sets. */
export const DEVICE_STATUSES: readonly string[] = ['CONNECTED', ...new Set(Object.values(COMMANDS).flatMap((c) => (c ? Object.values(c) : [])))];

export const devicesOf = (ctx: CallContext): Map<string, Device> => ctx.state.slot('io', () => new Map<string, Device>());

const KIND_WORDS: Record<Kind, string> = { pump: 'an infusion pump', monitor: 'a monitor', ventilator: 'a ventilator', generic: 'a device' };

/** The connected device of this run, of one of the kinds given; anything else is an argument error. */
export function requireDevice(ctx: CallContext, id: string, label: string, name: string, kinds: readonly Kind[] | null): Device {
  const device = devicesOf(ctx).get(id);
  if (!device) {
    const near = suggestNames(id, devicesOf(ctx).keys());
    throw new ArgumentError(
      `${label}: argument 1 '${name}' '${id}' is not connected in this run; connect it with io.connect_device first` + (near.length ? ` (connected: ${near.join(', ')})` : ''),
    );
  }
  if (kinds && !kinds.includes(device.kind)) {
    throw new ArgumentError(`${label}: '${id}' is ${KIND_WORDS[device.kind]} (${device.type}); this needs ${kinds.map((k) => KIND_WORDS[k]).join(' or ')}`);
  }
  return device;
}

/** Appends to the device log, keeping the newest entries and counting the dropped ones. */
export function logTo(ctx: CallContext, device: Device, action: string, detail: JsonObject = {}): void {
  device.log.push({ time: ctx.now().toISOString(), action, ...detail });
  if (device.log.length > MAX_LOG_ENTRIES) {
    device.log.shift();
    device.logDropped += 1;
  }
}

export function statusView(device: Device): JsonObject {
  const alarms: JsonObject = {};
  for (const [p, a] of device.alarms) alarms[p] = { low: a.low, high: a.high };
  const params: JsonObject = device.infusion ? { ...device.params, infusion: { ...device.infusion } as unknown as JsonValue } : { ...device.params };
  return {
    kind: device.kind,
    status: device.status,
    params,
    last_readings: Object.fromEntries(device.lastReadings),
    alarms,
    log_size: device.log.length,
    log_dropped: device.logDropped,
  };
}
