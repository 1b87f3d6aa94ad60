// The contract every key store implementation must pass (store/keys.ts): keys, revocation, exact limits
// on an injected clock, counts that survive reopening. test/keys.test.ts runs it on SQLite,
// test/postgres.test.ts on PostgreSQL.
import { expect } from 'chai';
import type { KeyStore } from '../../src/store/keys.js';

export interface KeyStoreHandle {
  /** a store on the location, with the clock */
  open(now?: () => Date): Promise<KeyStore>;
  /** removes the location (after every store on it is closed) */
  dispose(): Promise<void>;
}

/** A clock the test moves by hand. */
export function manualClock(iso: string): { now: () => Date; set: (iso: string) => void; advance: (ms: number) => void } {
  let t = Date.parse(iso);
  return { now: () => new Date(t), set: (next) => (t = Date.parse(next)), advance: (ms) => (t += ms) };
}

export function keyStoreContract(name: string, location: () => Promise<KeyStoreHandle>): void {
  describe(`key store contract: ${name}`, () => {
    let handle: KeyStoreHandle;
    const opened: KeyStore[] = [];
    const open = async (now?: () => Date): Promise<KeyStore> => {
      const store = await handle.open(now);
      opened.push(store);
      return store;
    };
    beforeEach(async () => (handle = await location()));
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
      await handle.dispose();
    });

    it('makes keys of cpes_ + 32 base62 characters, authenticates them by hash, refuses any other', async () => {
      const store = await open();
      const { key, prefix } = await store.createKey('Acme Hospital', 'starter');
      expect(key).to.match(/^cpes_[A-Za-z0-9]{32}$/);
      expect(prefix).to.equal(key.slice(0, 12));
      expect(await store.authenticate(key)).to.deep.include({ owner: 'Acme Hospital', tier: 'starter', prefix });
      expect(await store.authenticate(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).to.equal(null);
    });

    it('refuses an empty owner and an unknown tier, naming the tiers', async () => {
      const store = await open();
      const failure = async (owner: string, tier: string): Promise<string> => store.createKey(owner, tier).then(() => 'created', (e: Error) => e.message);
      expect(await failure('  ', 'starter')).to.equal('the owner must not be empty');
      expect(await failure('X', 'gold')).to.equal("unknown tier 'gold'; tiers: sandbox, starter, professional, enterprise");
    });

    it('creates the admin enterprise key on the first start only', async () => {
      const store = await open();
      const first = await store.ensureInitialKey();
      expect(first).to.match(/^cpes_/);
      expect(await store.authenticate(first!)).to.deep.include({ owner: 'admin', tier: 'enterprise' });
      expect(await store.ensureInitialKey()).to.equal(null);
    });

    it('revokes by prefix for the very next authentication, and says when a prefix names no key or a revoked one', async () => {
      const store = await open();
      const { key, prefix } = await store.createKey('Clinic', 'sandbox');
      const failure = (p: string): Promise<string> => store.revokeKey(p).then(() => 'revoked', (e: Error) => e.message);
      expect(await failure('cpes_nothere')).to.equal("no key has the prefix 'cpes_nothere' (see 'cpes keys list')");
      // one significant character once revoked a key: only the whole 12-character display prefix names one
      for (const short of ['cpes_', prefix.slice(0, 6), prefix.slice(0, 11), key]) {
        expect(await failure(short)).to.equal(`give the key's whole 12-character display prefix as 'cpes keys list' shows it (like cpes_AbCdEfG), not ${short.length} characters`);
      }
      expect((await store.revokeKey(prefix)).revoked).to.be.a('string');
      expect(await store.authenticate(key)).to.equal(null);
      expect(await failure(prefix)).to.match(/^the key cpes_\w+ was already revoked at /);
      expect((await store.listKeys()).map((k) => [k.owner, k.revoked !== null])).to.deep.equal([['Clinic', true]]);
    });

    it('reaches the monthly limit, answers when it resets, and resets at the UTC month boundary', async () => {
      const clock = manualClock('2026-11-30T23:40:00Z');
      const store = await open(clock.now);
      const account = (await store.authenticate((await store.createKey('Clinic', 'sandbox')).key))!;
      for (let i = 0; i < 50; i++) {
        if (i % 5 === 0) clock.advance(61_000); // stay under 5 per minute
        expect((await store.admit(account)).admitted, `request ${i + 1}`).to.equal(true);
      }
      clock.set('2026-11-30T23:59:50Z');
      expect(await store.admit(account)).to.deep.include({
        admitted: false,
        limit: 'month',
        message: 'Monthly limit of 50 requests (tier sandbox) reached for 2026-11; resets at 2026-12-01T00:00:00Z (in 10 s)',
        retryAfterS: 10,
      });
      expect(await store.usage(account)).to.deep.equal({ tier: 'sandbox', owner: 'Clinic', requests_used: 50, requests_limit: 50, period: '2026-11' });
      expect((await store.listKeys())[0]!.requests_this_month).to.equal(50);
      clock.set('2026-11-30T23:59:59.999Z');
      expect((await store.admit(account)).admitted).to.equal(false);
      clock.set('2026-12-01T00:00:00Z');
      expect((await store.admit(account)).admitted).to.equal(true);
      expect(await store.usage(account)).to.include({ requests_used: 1, period: '2026-12' });
    });

    it('slides the per-minute window: never more than the tier allows in any 60 s', async () => {
      const clock = manualClock('2026-11-22T10:00:00Z');
      const store = await open(clock.now);
      const account = (await store.authenticate((await store.createKey('Clinic', 'sandbox')).key))!;
      // admissions at 0, 10, 20, 30, 40 s: the sixth at 50 s is refused until 60 s after the first
      for (let i = 0; i < 5; i++) {
        expect((await store.admit(account)).admitted).to.equal(true);
        clock.advance(10_000);
      }
      expect(await store.admit(account)).to.deep.include({
        admitted: false,
        limit: 'minute',
        retryAfterS: 10,
        message: 'Per-minute limit of 5 requests (tier sandbox) reached; retry after 2026-11-22T10:01:00Z (in 10 s)',
      });
      clock.set('2026-11-22T10:00:59.999Z');
      expect((await store.admit(account)).admitted).to.equal(false);
      clock.set('2026-11-22T10:01:00Z');
      expect(await store.admit(account)).to.deep.include({ admitted: true, minuteRemaining: 0 });
      expect((await store.admit(account)).admitted).to.equal(false);
    });

    it("counts a minute-only request (POST /v1/check) in the minute window but not in the month, and admits it after the month's limit", async () => {
      const clock = manualClock('2026-11-30T10:00:00Z');
      const store = await open(clock.now);
      const account = (await store.authenticate((await store.createKey('Clinic', 'sandbox')).key))!;
      expect(await store.admit(account, 'minute')).to.deep.include({ admitted: true, minuteRemaining: 4, monthlyRemaining: 50 });
      expect(await store.admit(account)).to.deep.include({ admitted: true, minuteRemaining: 3, monthlyRemaining: 49 });
      for (let i = 0; i < 3; i++) expect((await store.admit(account, 'minute')).admitted).to.equal(true);
      expect(await store.admit(account, 'minute')).to.deep.include({ admitted: false, limit: 'minute' });
      expect(await store.usage(account)).to.include({ requests_used: 1 });
      // the month exhausted: counted requests are refused, minute-only ones still pass
      for (let i = 1; i < 50; i++) {
        clock.advance(61_000);
        expect((await store.admit(account)).admitted, `request ${i + 1}`).to.equal(true);
      }
      clock.advance(61_000);
      expect(await store.admit(account)).to.deep.include({ admitted: false, limit: 'month' });
      expect(await store.admit(account, 'minute')).to.deep.include({ admitted: true, monthlyRemaining: 0 });
      expect(await store.usage(account)).to.include({ requests_used: 50 });
    });

    it('keeps counts and the minute window when the store is opened again', async () => {
      const clock = manualClock('2026-11-22T10:00:00Z');
      const first = await open(clock.now);
      const { key } = await first.createKey('Clinic', 'sandbox');
      for (let i = 0; i < 5; i++) await first.admit((await first.authenticate(key))!);
      const second = await open(clock.now);
      const account = (await second.authenticate(key))!;
      expect((await second.usage(account)).requests_used).to.equal(5);
      expect((await second.admit(account)).admitted).to.equal(false);
    });

    it('admits exactly the minute limit of simultaneous requests from two stores on one location', async () => {
      const clock = manualClock('2026-11-22T10:00:00Z');
      const [a, b] = [await open(clock.now), await open(clock.now)];
      const { key } = await a.createKey('Busy', 'starter');
      const account = (await a.authenticate(key))!;
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).admit(account)));
      expect(results.filter((r) => r.admitted)).to.have.length(30);
      expect((await a.usage(account)).requests_used).to.equal(30);
    });
  });
}
