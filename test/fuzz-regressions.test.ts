// Each input here once reached an internal error (a 500 over HTTP) or broke a result invariant when the
// fuzzer (npm run fuzz) found it; it must now answer a result or an argument error naming the parameter.
import { expect } from 'chai';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { checkCall } from '../scripts/fuzz/library.js';
import { libraryOf } from './helpers/library.js';
import { runError } from './helpers/run.js';

describe('fuzz regressions: library', () => {
  it('signal.detect_anomaly: a MAD far below the data scale no longer divides to Infinity', () => {
    expect(checkCall('signal', 'detect_anomaly', [[0, -681.83, -1, -1, 1, 0, 0, 1e-300], null, 217.17])).to.equal(null);
    expect(checkCall('signal', 'detect_anomalies', [[5e-324, 2.2250738585072014e-308, -300680521.8756199], null])).to.equal(null);
    const result = libraryOf('signal').call('detect_anomaly', [5e-324, 2.2250738585072014e-308, -300680521.8756199]);
    expect(result.sd).to.be.greaterThan(0); // the sample SD stands in for the vanishing MAD
    expect(result.anomalies_detected).to.equal(0);
  });

  it('signal: samples beyond ±1e9 and huge baselines or thresholds are argument errors, not "cannot round Infinity"', () => {
    const signal = libraryOf('signal');
    expect(signal.error('detect_anomaly', [0, 1, 2], 1e308, 2)).to.equal("signal.detect_anomaly: argument 2 'baseline_mean' must be ≤ 1000000000, got 1e+308");
    expect(signal.error('moving_average', [1, 1e308, 2], 2)).to.equal("signal.moving_average: argument 1 'data' item 1 must be ≤ 1000000000, got 1e+308");
    expect(signal.error('detect_peaks', [-1, 1e308, 0])).to.match(/^signal\.detect_peaks: argument 1 'waveform' item 1 must be ≤ 1000000000/);
    expect(signal.error('spo2_from_ratio', 864, 403, 2.2250738585072014e-308, 972)).to.match(/^signal\.spo2_from_ratio: argument 3 'ir_ac' must be ≥ 0.000001/);
    expect(signal.error('respiratory_rate', Array(20).fill(1), 5e-324)).to.match(/^signal\.respiratory_rate: argument 2 'sampling_rate_hz' must be ≥ 0.1/);
  });

  it('signal.detect_peaks always carries inter_peak_intervals_ms, null without a sampling rate', () => {
    expect(libraryOf('signal').call('detect_peaks', [0, 1, 0, 1, 0]).inter_peak_intervals_ms).to.equal(null);
  });

  it('glucose.correction_dose: an ISF below 1 mg/dL per unit is an argument error, not an overflow', () => {
    expect(libraryOf('glucose').error('correction_dose', 977, 10, 2.2250738585072014e-308)).to.match(/^glucose\.correction_dose: argument 3 'isf' must be ≥ 1/);
  });

  it('glucose.full_regimen names itself when its insulin type is wrong', () => {
    expect(libraryOf('glucose').error('full_regimen', 40, 'nph')).to.match(/^glucose\.full_regimen: argument 2 'insulin_type' must be one of/);
  });

  it('pk.trough_estimate: a dosing interval under 15 minutes is an argument error, not an overflow', () => {
    expect(libraryOf('pk').error('trough_estimate', 'vancomycin', 512, 5e-324, 70)).to.match(/^pk\.trough_estimate: argument 3 'interval_hr' must be ≥ 0.25/);
  });

  it('pk.trough_estimate and plasma_concentration: a dose over 1,000,000 is an argument error, not "cannot round Infinity"', () => {
    expect(libraryOf('pk').error('trough_estimate', 'vancomycin', 1e308, 0.25, 500)).to.match(/^pk\.trough_estimate: argument 2 'dose' must be ≤ 1000000, got 1e\+308/);
    expect(libraryOf('pk').error('plasma_concentration', 'vancomycin', 1e308, 10, 70)).to.match(/^pk\.plasma_concentration: argument 2 'dose' must be ≤ 1000000/);
  });

  it("chem.from_smiles: a SMILES of query atoms only ('?') is an argument error, not an internal one", () => {
    expect(libraryOf('chem').error('from_smiles', '?')).to.equal("chem.from_smiles: argument 1 'smiles' cannot be parsed: no atom of a known element");
    expect(checkCall('chem', 'from_smiles', ['CCO'])).to.equal(null);
  });

  it('research.sample_size: an effect size below 0.01 is an argument error, not an infinite sample', () => {
    expect(libraryOf('research').error('sample_size', 2.2250738585072014e-308)).to.match(/^research\.sample_size: argument 1 'effect_size' must be ≥ 0.01/);
    expect(libraryOf('research').call('sample_size', 0.01).n_per_group).to.be.greaterThan(100_000);
  });

  it('research.sample_size: an alpha so small that 1 − α/2 rounds to 1 is an argument error', () => {
    expect(libraryOf('research').error('sample_size', 0.5, 2.2250738585072014e-308)).to.match(/^research\.sample_size: argument 2 'alpha' must be ≥ 0.000001/);
  });

  it("research.stratify declares its seed, and a stratum called '__proto__' is a stratum", () => {
    expect(checkCall('research', 'stratify', [10, 'site', ['A', 'B'], 2, 7])).to.equal(null);
    const result = libraryOf('research').call('stratify', 4, 'site', ['__proto__', 'B']);
    expect(result.allocation).to.deep.equal({ ['__proto__']: 2, B: 2 });
  });

  it("io.connect: a device type named like an Object member ('constructor') is a generic device", () => {
    expect(checkCall('io', 'connect', ['U', 'constructor'])).to.equal(null);
    expect(libraryOf('io').call('connect', 'U', 'constructor').kind).to.equal('generic');
  });

  it('pk.get_profile declares the notes field its table rows carry', () => {
    expect(checkCall('pk', 'get_profile', ['vancomycin'])).to.equal(null);
  });
});

describe('fuzz regressions: protocols', () => {
  it('administer with a dose whose conversion overflows is a dose ERROR at its line, not an internal error', () => {
    expect(runError('protocol Fuzz {\n  input: Patient p;\n  administer Acetaminophen dose: 1e308 g;\n}')).to.equal(
      'Runtime error at line 3, column 3: administer Acetaminophen 1e+308 g: dose ERROR dose 1e+308 g is beyond any real dose (more than 1000000000000 of its unit)',
    );
    expect(libraryOf('pk').call('validate_dose', 'acetaminophen', 1e308, 'g', 70).level).to.equal('ERROR');
  });
});

describe('fuzz regressions: HTTP', function () {
  this.timeout(30_000);
  let server: RunningServer;
  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 2000, maxQueue: 4, heapMb: 128, dev: true }, () => {});
  });
  after(async () => server.close());

  const call = (headers: Record<string, string>, body: Buffer | string) =>
    fetch(`${server.url}/call`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

  it('a body that is not the gzip its Content-Encoding claims is a 400, not a 500', async () => {
    expect(await call({ 'content-encoding': 'gzip' }, '{"module": "scores"}')).to.deep.equal({
      status: 400,
      body: { success: false, result: null, error: 'the request body is not valid data for its Content-Encoding', code: 'invalid_request' },
    });
    const ok = await call({ 'content-encoding': 'gzip' }, gzipSync(JSON.stringify({ module: 'kae', function: 'update', args: [1] })));
    expect(ok.status).to.equal(200);
  });

  it('an unknown Content-Encoding is a 400 naming what to send', async () => {
    expect((await call({ 'content-encoding': 'x-unknown' }, '{}')).body.error).to.equal('unsupported Content-Encoding: send the body as identity, gzip or deflate');
  });

  it('headers over 16 KiB and requests that are not HTTP get a JSON answer, not an empty one', async () => {
    const port = Number(new URL(server.url).port);
    const raw = (text: string): Promise<string> =>
      new Promise((resolve) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        socket.on('data', (d) => (answer += d));
        socket.on('close', () => resolve(answer));
      });
    const big = await raw(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).to.match(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).to.deep.equal({ success: false, error: 'the request headers are larger than 16 KiB', code: 'too_large' });
    const junk = await raw('\u0001\u0002 not http at all\r\n\r\n');
    expect(junk).to.match(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(junk.slice(junk.indexOf('\r\n\r\n') + 4)).code).to.equal('invalid_request');
    expect((await fetch(`${server.url}/health`)).status).to.equal(200);
  });
});
