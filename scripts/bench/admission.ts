// Cost of metering per request: authenticate (SHA-256 lookup) plus one BEGIN IMMEDIATE admission
// transaction, on a real SQLite file in WAL mode. Keys rotate so that none reaches its minute limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/index.js';

const dir = mkdtempSync(join(tmpdir(), 'cpes-bench-'));
const store = Store.open(dir);
const keys = Array.from({ length: 200 }, (_, i) => store.createKey(`bench-${i}`, 'enterprise').key);
const N = 20_000;
const start = process.hrtime.bigint();
for (let i = 0; i < N; i++) {
  const account = store.authenticate(keys[i % keys.length]!)!;
  if (!store.admit(account).admitted) throw new Error('benchmark key hit its limit');
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
store.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`metering: authenticate + admit: ${((seconds / N) * 1e6).toFixed(1)} µs per request (${Math.round(N / seconds)} per second)\n`);
