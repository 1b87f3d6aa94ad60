import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { runLets } from './helpers/run.js';

const io = libraryOf('io');
const protocol = (...lines: string[]) => `protocol P {\n  input: Patient p;\n${lines.map((l) => `  ${l}`).join('\n')}\n}`;
const runtimeError = (code: string, patient?: Record<string, unknown>) => {
  const outcome = runProtocol(code, patient as never);
  expect(outcome.kind, JSON.stringify(outcome.body.events.at(-1))).to.equal('runtime_error');
  return outcome.body.error!;
};

describe('io: simulated devices', () => {
  it('§23: read_monitor(m, "spo2") on a connected monitor gives a value; infuse on an unconnected pump is an argument error', () => {
    const lets = runLets(protocol('let c = med.io.connect_device("m1", "BedsideMonitor");', 'let r = med.io.read_monitor("m1", "spo2");'));
    expect(lets.c).to.deep.equal({ type: 'IO_EVENT', action: 'CONNECT', device: 'm1', device_type: 'BedsideMonitor', kind: 'monitor', status: 'CONNECTED', simulated: true });
    expect(lets.r).to.include({ type: 'IO_MONITOR', monitor: 'm1', parameter: 'SpO2', unit: '%', source: 'nominal', simulated: true });
    expect(lets.r.value).to.be.a('number').within(90, 100);
    expect(io.error('infuse', 'pump1', 'Saline', 100)).to.equal("io.infuse: argument 1 'pump_id' 'pump1' is not connected in this run; connect it with io.connect_device first");
  });

  it('gives the same readings for the same request and centres them on the values the patient sent', () => {
    const code = protocol('let c = med.io.connect("m", "Monitor");', 'let v = med.io.read_all_vitals("m");');
    const first = runLets(code, { hr: 130, spo2: 99.9 });
    expect(runLets(code, { hr: 130, spo2: 99.9 })).to.deep.equal(first);
    expect(first.v.vitals.HR.source).to.equal('patient');
    expect(first.v.vitals.HR.value).to.be.within(130 - 8, 130 + 8); // 4 SD of 2
    expect(first.v.vitals.SpO2.value).to.be.at.most(100);
    expect(first.v.vitals.RR.source).to.equal('nominal'); // the service.md default rr 22 is not a measurement
    expect(Object.keys(first.v.vitals)).to.deep.equal(['HR', 'SpO2', 'RR', 'BP_SYS', 'BP_DIA', 'TEMP']);
    expect(runLets(code, { hr: 131, spo2: 99.9 }).v).to.not.deep.equal(first.v);
  });

  it('dose-checks pk drugs through pk: Diltiazem 15 mg/h is within its 15 mg/h maximum, 16 mg/h is refused and the pump is unchanged', () => {
    const ok = runLets(protocol('let c = med.io.connect("p", "InfusionPump");', 'let i = med.io.infuse("p", "Diltiazem", 15);', 'let pk = med.pk.validate_dose("Diltiazem", 15, "mg/h", null, "IV");'));
    expect(ok.i).to.include({ type: 'IO_INFUSION', pump: 'p', drug: 'Diltiazem', rate: 15, unit: 'mg/h', status: 'RUNNING', simulated: true });
    // pk's own answer, whatever level it gives short of ERROR (OK, WARNING or UNCHECKED), is carried and accepted
    expect(ok.i.dose_check).to.deep.equal(ok.pk);
    expect(ok.i.dose_check).to.include({ kind: 'RATE' });
    expect(ok.i.dose_check.level).to.be.oneOf(['OK', 'WARNING', 'UNCHECKED']);
    const code = protocol('let c = med.io.connect("p", "InfusionPump");', 'let i = med.io.infuse("p", "Diltiazem", 10);', 'let bad = med.io.infuse("p", "Diltiazem", 16, "mg/h");');
    expect(runtimeError(code)).to.equal("Runtime error at line 5, column 13: io.infuse: Diltiazem 16 mg/h refused, pump 'p' unchanged: dose ERROR 16 mg/h exceeds maximum 15 mg/h");
    const kept = runProtocol(code.replace('let bad', 'let s = med.io.status("p"); let bad'));
    const status = kept.body.events.find((e) => e.name === 's')!.value as any;
    expect(status.params.infusion).to.include({ drug: 'Diltiazem', rate: 10 });
  });

  it('runs fluids not in pk in mL/h with an UNKNOWN dose check; a rate must be per time', () => {
    const lets = runLets(protocol('let c = med.io.connect("p", "Pump");', 'let i = med.io.infuse("p", "Lactated Ringer", 125);'));
    expect(lets.i).to.include({ unit: 'mL/h', rate: 125 });
    expect(lets.i.dose_check).to.include({ found: false, level: 'UNKNOWN' });
    expect(runtimeError(protocol('let c = med.io.connect("p", "Pump");', 'let i = med.io.infuse("p", "Diltiazem", 10, "mg");'))).to.contain("io.infuse: argument 4 'unit' must be a rate per time");
    expect(runtimeError(protocol('let c = med.io.connect("m", "Monitor");', 'let i = med.io.infuse("m", "Saline", 10);'))).to.contain("io.infuse: 'm' is a monitor (Monitor); this needs an infusion pump");
  });

  it('accepts pump commands only with an infusion programmed; stops, boluses and disconnects', () => {
    expect(runtimeError(protocol('let c = med.io.connect("p", "SyringePump");', 'let s = med.io.command("p", "START");'))).to.contain("pump 'p' has no infusion programmed");
    const lets = runLets(protocol(
      'let c = med.io.connect("p", "AlarisSystem");',
      'let i = med.io.infuse("p", "Saline", 100);',
      'let pause = med.io.send_command("p", "pause");',
      'let start = med.io.command("p", "START");',
      'let b = med.io.bolus("p", "Saline", 500, 20);',
      'let d = med.io.disconnect("p");',
      'let s = med.io.status("p");',
    ));
    expect([lets.pause.status, lets.start.status]).to.deep.equal(['PAUSED', 'RUNNING']);
    expect(lets.b).to.deep.equal({ type: 'IO_BOLUS', pump: 'p', drug: 'Saline', volume_ml: 500, duration_min: 20, rate_ml_hr: 1500, simulated: true });
    expect(lets.d).to.deep.equal({ type: 'IO_EVENT', action: 'DISCONNECT', device: 'p', stopped_infusion: true, simulated: true });
    expect(lets.s).to.include({ found: false });
    expect(runtimeError(protocol('let c = med.io.connect("m", "Monitor");', 'let s = med.io.command("m", "PAUSE");'))).to.contain("argument 2 'cmd' must be one of START, STOP for 'm'");
    const generic = runLets(protocol('let c = med.io.connect("g", "Bed");', 'let s = med.io.command("g", "raise head 30");'));
    expect(generic.c.kind).to.equal('generic');
    expect(generic.s).to.include({ command: 'raise head 30', status: 'CONNECTED' });
  });

  it('status gives params, last readings and alarms by name, each in its declared shape', () => {
    const lets = runLets(protocol(
      'let p = med.io.connect("p", "InfusionPump");',
      'let i = med.io.infuse("p", "Saline", 100);',
      'let v = med.io.connect("v", "Ventilator");',
      'let m = med.io.send_ventilator("v", "Mode", "simv");',
      'let f = med.io.send_ventilator("v", "fio2", 0.4);',
      'let r = med.io.read_ventilator("v");',
      'let a = med.io.set_alarm("v", "peak_pressure", 5, 40);',
      'let pump = med.io.status("p");',
      'let vent = med.io.status("v");',
    ));
    expect(lets.pump.params.infusion).to.include({ drug: 'Saline', rate: 100 });
    expect(lets.vent.params).to.deep.equal({ mode: 'SIMV', fio2: 0.4 });
    expect(lets.vent.alarms).to.deep.equal({ PEAK_PRESSURE: { low: 5, high: 40 } });
    expect(Object.values(lets.vent.last_readings).every((x) => typeof x === 'number')).to.equal(true);
  });

  it('refuses a second connection of one id, a 33rd device and bad ids', () => {
    expect(runtimeError(protocol('let a = med.io.connect("m", "Monitor");', 'let b = med.io.connect("m", "Monitor");'))).to.contain("io.connect_device: 'm' is already connected in this run; disconnect it first");
    const many = protocol('let i = 0;', 'while i < 33 { let c = med.io.connect("d" + i, "Monitor"); let i = i + 1; }');
    expect(runtimeError(many)).to.contain('io.connect_device: at most 32 devices per run');
    expect(runProtocol(many.replace('i < 33', 'i < 32')).kind).to.equal('ok');
    expect(io.error('connect_device', 'bad id', 'Monitor')).to.contain("argument 1 'device_id' must be 1–64 characters of A–Z a–z 0–9 . _ -");
  });

  it('sets ventilator values inside their ranges and reads settings and measurements', () => {
    const lets = runLets(protocol(
      'let c = med.io.connect("v", "Ventilator");',
      'let m = med.io.send_ventilator("v", "Mode", "simv");',
      'let f = med.io.send_ventilator("v", "fio2", 0.21);',
      'let r = med.io.read_ventilator("v");',
    ));
    expect(lets.m).to.deep.equal({ type: 'IO_VENTILATOR', ventilator: 'v', parameter: 'mode', value: 'SIMV', status: 'SET', simulated: true });
    expect(lets.r.settings).to.deep.equal({ mode: 'SIMV', fio2: 0.21, peep: 5, tidal_volume_ml: 450, set_rr: 14, ie_ratio: '1:2', pressure_support: 0 });
    const m = lets.r.measured;
    expect(m.rr).to.be.within(12, 16);
    expect(m.minute_ventilation).to.be.closeTo((m.tidal_volume_ml * m.rr) / 1000, 0.005);
    const setting = (p: string, v: unknown) => runtimeError(protocol('let c = med.io.connect("v", "Vent");', `let s = med.io.send_ventilator("v", "${p}", ${JSON.stringify(v)});`));
    expect(setting('fio2', 0.2)).to.contain("argument 3 'value' for fio2 must be a number from 0.21 to 1 fraction, got 0.2");
    expect(setting('fio2', 1.01)).to.contain('for fio2 must be a number from 0.21 to 1');
    expect(setting('peep', 31)).to.contain('for peep must be a number from 0 to 30 cmH2O');
    expect(setting('ie_ratio', '1:5')).to.contain('for ie_ratio must be a ratio from 1:1 to 1:4');
    expect(setting('mode', 'HFOV')).to.contain('for mode must be one of AC/VC, AC/PC, SIMV, PSV, CPAP');
    expect(setting('volume', 1)).to.contain("argument 2 'parameter' must be one of mode, fio2");
    expect(runLets(protocol('let c = med.io.connect("v", "Vent");', 'let s = med.io.send_ventilator("v", "ie_ratio", "1:4");')).s.value).to.equal('1:4');
  });

  it('checks alarms against the last reading: equal to a limit is inside, beyond it triggers', () => {
    const lets = runLets(protocol(
      'let c = med.io.connect("m", "Monitor");',
      'let r = med.io.read_monitor("m", "HR");',
      'let at = med.io.set_alarm("m", "hr", r.value, r.value);',
      'let inside = med.io.check_alarms("m");',
      'let up = med.io.set_alarm("m", "HR", r.value + 0.1, 200);',
      'let t = med.io.set_alarm("m", "TEMP", 36, 38);',
      'let low = med.io.check_alarms("m");',
    ));
    expect(lets.at).to.deep.equal({ type: 'IO_ALARM_SET', device: 'm', parameter: 'HR', low_threshold: lets.r.value, high_threshold: lets.r.value, simulated: true });
    expect(lets.inside).to.include({ alarms_triggered: 0 });
    // the protocol adds in exact decimals (71.3 + 0.1 is 71.4, not the double sum 71.39999999999999)
    expect(lets.up.low_threshold).to.be.closeTo(lets.r.value + 0.1, 1e-9);
    expect(lets.low.triggered).to.deep.equal([{ parameter: 'HR', value: lets.r.value, threshold: lets.up.low_threshold, type: 'LOW' }]);
    expect(lets.low.not_read).to.deep.equal(['TEMP']);
    expect(runtimeError(protocol('let c = med.io.connect("m", "Monitor");', 'let a = med.io.set_alarm("m", "HR", 100, 50);'))).to.contain("argument 3 'low' (100) must not be above argument 4 'high' (50)");
    expect(runtimeError(protocol('let c = med.io.connect("p", "Pump");', 'let a = med.io.set_alarm("p", "HR", 50, 100);'))).to.contain("'p' is an infusion pump and reads no parameters");
    expect(runtimeError(protocol('let c = med.io.connect("m", "Monitor");', 'let a = med.io.read_monitor("m", "lactate");'))).to.contain("argument 2 'parameter' must be one of HR, SpO2, RR, BP_SYS, BP_DIA, TEMP, ETCO2, CVP");
  });

  it('draws waveforms of round(duration × rate) samples that stay within their limits', () => {
    const lets = runLets(
      protocol(
        'let c = med.io.connect("m", "Monitor");',
        'let abp = med.io.read_waveform("m", "ABP", 2, 100);',
        'let ecg = med.io.read_waveform("m", "ecg_ii");',
        'let none = med.io.read_waveform("m", "RESP", 0);',
        'let full = med.io.read_waveform("m", "PLETH", 60, 1000);',
        'let full_samples = len(full.data);',
        'let full_min = min(full.data);',
        'let full_max = max(full.data);',
      ),
      { bp: 140, diastolic_bp: 80, hr: 60 },
    );
    expect(lets.abp).to.include({ channel: 'ABP', duration_sec: 2, sampling_rate_hz: 100, samples: 200, simulated: true });
    expect(Math.min(...lets.abp.data)).to.be.at.least(80);
    expect(Math.max(...lets.abp.data)).to.be.at.most(140);
    expect(Math.max(...lets.abp.data)).to.be.above(130); // the systolic peak is reached
    expect(lets.ecg.samples).to.equal(1250);
    expect(lets.ecg.data.filter((v: number) => v > 0.8)).to.have.length.above(4); // one R spike per second at hr 60 over 5 s
    expect(lets.none.data).to.deep.equal([]);
    expect(lets.full_samples).to.equal(60000); // the 60,000 samples themselves are cut in the full waveform's let event (log size limit)
    expect(lets.full_min).to.be.at.least(0);
    expect(lets.full_max).to.be.at.most(1);
    expect(runtimeError(protocol('let c = med.io.connect("m", "Monitor");', 'let w = med.io.read_waveform("m", "EEG");'))).to.contain("argument 2 'channel' must be one of ECG_II, PLETH, RESP, ABP");
    expect(io.error('read_waveform', 'm', 'ABP', 60.5)).to.contain("argument 3 'duration_sec' must be ≤ 60");
  });

  it('get_lab reads only what the patient sent, never a default or a made-up value', () => {
    expect(runLets(protocol('let cr = med.io.get_lab("Creatinine");', 'let k = med.io.get_lab("K");'), { creatinine: 1.4, potassium: 4.2 })).to.include({ cr: 1.4, k: 4.2 });
    expect(runtimeError(protocol('let l = med.io.get_lab("Lactate");'))).to.contain("io.get_lab: patient field 'lactate' is not set; send it in the run's patient to read Lactate");
    expect(runtimeError(protocol('let l = med.io.get_lab("Troponin");'))).to.contain("io.get_lab: argument 1 'test' \"Troponin\" maps to no patient field");
    expect(io.error('get_lab', 'Cr')).to.contain("patient field 'creatinine' is not set");
  });
});
