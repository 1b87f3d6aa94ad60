// The contract every library store implementation must pass (store/library.ts). A new backend (e.g.
// store/postgres/) adds one line to test/store-contract.test.ts calling `libraryStoreContract`.
import { expect } from 'chai';
import { InvalidValueError, MAX_WRITE_BYTES, MissingRecordError, QuotaExceededError, WriteTooLargeError, type AuditStamp, type LibraryStore, type Quotas } from '../../src/store/library.js';

export type OpenStore = (quotas?: Partial<Quotas>) => { store: LibraryStore; dispose(): void } | Promise<{ store: LibraryStore; dispose(): void }>;

let clock = Date.parse('2026-11-25T08:00:00.000Z');
/** A stamp one millisecond after the previous one, so "newest first" is well defined. */
export function stampFor(org: string, extra: Partial<AuditStamp> = {}): AuditStamp {
  clock += 1;
  return { org, actor: `cpes_${org}`, requestId: `req-${clock}`, source: 'call', line: null, at: new Date(clock).toISOString(), ...extra };
}

const patient = (id: string, name = 'Test Patient') => ({ patient_id: id, name, age: 50, weight: 70, sex: 'F', vitals: '{"hr":80}', metadata: null });

export function libraryStoreContract(name: string, open: OpenStore): void {
  describe(`library store contract: ${name}`, () => {
    let store: LibraryStore;
    let dispose: (() => void) | undefined;
    const use = async (quotas?: Partial<Quotas>) => {
      dispose?.();
      ({ store, dispose } = await open(quotas));
    };
    beforeEach(() => use());
    afterEach(() => dispose?.());

    it('keeps each organization to its own records: same patient id, two records', () => {
      expect(store.savePatient(stampFor('A'), patient('PT-1', 'Ann'))).to.deep.equal({ created: true });
      expect(store.savePatient(stampFor('B'), patient('PT-1', 'Bob'))).to.deep.equal({ created: true });
      expect(store.getPatient(stampFor('A'), 'PT-1')!.name).to.equal('Ann');
      expect(store.getPatient(stampFor('B'), 'PT-1')!.name).to.equal('Bob');
      expect(store.getPatient(stampFor('C'), 'PT-1')).to.equal(null);
      expect(store.listPatients(stampFor('C'), 10)).to.deep.equal([]);
    });

    it('replaces a patient but keeps created_at', () => {
      const first = stampFor('A');
      store.savePatient(first, patient('PT-1', 'Ann'));
      const second = stampFor('A');
      expect(store.savePatient(second, patient('PT-1', 'Ann B'))).to.deep.equal({ created: false });
      const p = store.getPatient(stampFor('A'), 'PT-1')!;
      expect([p.name, p.created_at, p.updated_at]).to.deep.equal(['Ann B', first.at, second.at]);
    });

    it('numbers runs and labs per organization, densely', () => {
      store.savePatient(stampFor('A'), patient('P'));
      store.savePatient(stampFor('B'), patient('P'));
      expect([1, 2, 3].map(() => store.startRun(stampFor('A'), { protocol_name: 'x', patient_id: 'P', run_by: 'system' }))).to.deep.equal([1, 2, 3]);
      expect(store.startRun(stampFor('B'), { protocol_name: 'x', patient_id: null, run_by: 'system' })).to.equal(1);
      expect(store.saveLab(stampFor('B'), { patient_id: 'P', test_name: 'Cr', canonical: 'Cr', value: 1, unit: 'mg/dL', is_critical: false })).to.equal(1);
      expect(store.getRun(stampFor('B'), 2)).to.equal(null);
      expect(store.listRuns(stampFor('B'), null, 10).map((r) => r.id)).to.deep.equal([1]);
    });

    it('refuses references across or outside the organization and writes nothing', () => {
      store.savePatient(stampFor('A'), patient('P'));
      const run = store.startRun(stampFor('A'), { protocol_name: 'x', patient_id: 'P', run_by: 's' });
      expect(() => store.saveLab(stampFor('B'), { patient_id: 'P', test_name: 'K', canonical: 'K', value: 4, unit: '', is_critical: false })).to.throw(MissingRecordError);
      expect(() => store.startRun(stampFor('B'), { protocol_name: 'x', patient_id: 'P', run_by: 's' })).to.throw(MissingRecordError);
      for (const write of [
        () => store.logAlert(stampFor('B'), { run_id: run, message: 'm', severity: 'info' }),
        () => store.logBilling(stampFor('B'), { run_id: run, cpt_code: '99291', description: 'd', amount_cents: 100 }),
        () => store.logIntervention(stampFor('B'), { run_id: run, drug_name: 'd', dose: '1 mg', moiss_class: 'A' }),
        () => store.endRun(stampFor('B'), run, null, 'COMPLETED'),
        () => store.billingTotalCents(stampFor('B'), run),
      ]) {
        expect(write).to.throw(MissingRecordError);
      }
      expect(store.listRuns(stampFor('B'), null, 10)).to.deep.equal([]);
      expect(store.billingTotalCents(stampFor('B'), null)).to.equal(0);
      // B's next run is still its first: the refused writes used no ids
      expect(store.startRun(stampFor('B'), { protocol_name: 'x', patient_id: null, run_by: 's' })).to.equal(1);
    });

    it('lists newest first and totals billing in cents', () => {
      store.savePatient(stampFor('A'), patient('P1'));
      store.savePatient(stampFor('A'), patient('P2'));
      expect(store.listPatients(stampFor('A'), 10).map((p) => p.patient_id)).to.deep.equal(['P2', 'P1']);
      const run = store.startRun(stampFor('A'), { protocol_name: 'x', patient_id: null, run_by: 's' });
      store.logBilling(stampFor('A'), { run_id: run, cpt_code: '99291', description: 'd', amount_cents: 28550 });
      store.logBilling(stampFor('A'), { run_id: run, cpt_code: '36415', description: 'd', amount_cents: 1001 });
      expect(store.billingTotalCents(stampFor('A'), run)).to.equal(29551);
      const empty = store.startRun(stampFor('A'), { protocol_name: 'y', patient_id: null, run_by: 's' });
      expect(store.billingTotalCents(stampFor('A'), empty)).to.equal(0);
      for (const [i, v] of [1.1, 1.2, 1.3].entries()) store.saveLab(stampFor('A'), { patient_id: 'P1', test_name: i === 1 ? 'creatinine' : 'Cr', canonical: 'Cr', value: v, unit: 'mg/dL', is_critical: false });
      store.saveLab(stampFor('A'), { patient_id: 'P1', test_name: 'K', canonical: 'K', value: 4, unit: 'mmol/L', is_critical: false });
      expect(store.getLabs(stampFor('A'), 'P1', ['Cr'], 2).map((l) => l.value)).to.deep.equal([1.3, 1.2]);
      expect(store.getLabs(stampFor('A'), 'P1', ['CREATININE'], 10).map((l) => l.value)).to.deep.equal([1.2]);
      expect(store.getLabs(stampFor('A'), 'P1', null, 10)).to.have.length(4);
    });

    it('keeps the latest consent per patient and study, per organization', () => {
      store.recordConsent(stampFor('A'), { patient_id: 'P', study_id: 'S', consented: true, consent_date: '2026-01-01', recorded_by: null });
      store.recordConsent(stampFor('A'), { patient_id: 'P', study_id: 'S', consented: false, consent_date: null, recorded_by: 'nurse' });
      expect(store.latestConsent(stampFor('A'), 'P', 'S')!.consented).to.equal(false);
      expect(store.latestConsent(stampFor('B'), 'P', 'S')).to.equal(null);
      expect(store.storeStudyRecord(stampFor('A'), 'S', '{}')).to.equal(1);
      expect(store.storeStudyRecord(stampFor('B'), 'S', '{}')).to.equal(1);
    });

    it('refuses writes beyond each quota, exactly at the edge, and audits the refusal', async () => {
      await use({ patients: 2, runs: 1, lab_results: 1, other_records: 1 });
      store.savePatient(stampFor('A'), patient('P1'));
      store.savePatient(stampFor('A'), patient('P2'));
      expect(store.savePatient(stampFor('A'), patient('P2', 'replaced'))).to.deep.equal({ created: false }); // a replacement is not a new row
      expect(() => store.savePatient(stampFor('A'), patient('P3'))).to.throw(QuotaExceededError, 'quota exceeded');
      expect(store.savePatient(stampFor('B'), patient('P3'))).to.deep.equal({ created: true }); // quotas are per organization
      const run = store.startRun(stampFor('A'), { protocol_name: 'x', patient_id: null, run_by: 's' });
      expect(() => store.startRun(stampFor('A'), { protocol_name: 'x', patient_id: null, run_by: 's' })).to.throw(QuotaExceededError);
      store.saveLab(stampFor('A'), { patient_id: 'P1', test_name: 'K', canonical: 'K', value: 4, unit: '', is_critical: false });
      expect(() => store.saveLab(stampFor('A'), { patient_id: 'P1', test_name: 'K', canonical: 'K', value: 4, unit: '', is_critical: false })).to.throw(QuotaExceededError);
      store.logAlert(stampFor('A'), { run_id: run, message: 'm', severity: 'info' });
      expect(() => store.logAlert(stampFor('A'), { run_id: run, message: 'm', severity: 'info' })).to.throw(QuotaExceededError);
      const audit = store.auditLog(stampFor('A'), 5);
      expect(audit.map((e) => [e.operation, e.outcome])).to.deep.equal([
        ['log_alert', 'error'],
        ['log_alert', 'ok'],
        ['save_lab', 'error'],
        ['save_lab', 'ok'],
        ['start_run', 'error'],
      ]);
    });

    it('audits every operation with its stamp, newest first, per organization', () => {
      store.savePatient(stampFor('A', { source: 'run', line: 7, requestId: 'r1' }), patient('P'));
      store.getPatient(stampFor('A'), 'nobody');
      store.listPatients(stampFor('A'), 5);
      store.appendAudit(stampFor('A'), 'close', null, 'ok');
      store.getPatient(stampFor('B'), 'P');
      const audit = store.auditLog(stampFor('A'), 10);
      expect(audit.map((e) => [e.operation, e.target, e.outcome])).to.deep.equal([
        ['close', null, 'ok'],
        ['list_patients', null, 'ok'],
        ['get_patient', 'nobody', 'not_found'],
        ['save_patient', 'P', 'ok'],
      ]);
      expect(audit[3]).to.include({ actor: 'cpes_A', source: 'run', line: 7 });
      // reading the trail is itself audited
      expect(store.auditLog(stampFor('A'), 1)[0]!.operation).to.equal('audit_log');
      expect(store.auditLog(stampFor('B'), 10).map((e) => e.operation)).to.deep.equal(['get_patient']);
    });

    it('counts every row in bytes against the byte quota, audit rows included, and refuses past it', async () => {
      await use({ bytes: 2000 });
      store.savePatient(stampFor('A'), patient('P', 'x'.repeat(500)));
      let reads = 0;
      try {
        for (; reads < 100; reads++) store.getPatient(stampFor('A'), 'P'); // each read adds an audit row
        expect.fail('reads past the byte quota were recorded');
      } catch (error) {
        expect(error).to.be.instanceOf(QuotaExceededError);
        expect((error as Error).message).to.equal("quota exceeded: this organization's records and audit trail would pass 2000 bytes (the limit); nothing was written");
      }
      expect(reads).to.be.within(2, 8);
      expect(() => store.saveLab(stampFor('A'), { patient_id: 'P', test_name: 'K', canonical: 'K', value: 4, unit: '', is_critical: false })).to.throw(QuotaExceededError);
      // another organization is not affected
      expect(store.savePatient(stampFor('B'), patient('P', 'x'.repeat(500)))).to.deep.equal({ created: true });
      // a smaller replacement frees bytes: the organization can write again
      await use({ bytes: 2000 });
      store.savePatient(stampFor('C'), patient('P', 'x'.repeat(900)));
      expect(() => store.savePatient(stampFor('C'), patient('Q', 'x'.repeat(900)))).to.throw(QuotaExceededError);
      store.savePatient(stampFor('C'), patient('P', 'short'));
      expect(store.savePatient(stampFor('C'), patient('Q', 'x'.repeat(900)))).to.deep.equal({ created: true });
    });

    it('refuses one call that would write more than its limit, and writes nothing', () => {
      expect(() => store.storeStudyRecord(stampFor('A'), 'S', 'x'.repeat(MAX_WRITE_BYTES))).to.throw(WriteTooLargeError, /more than the 2097152 bytes one call may write; nothing was written/);
      expect(store.storeStudyRecord(stampFor('A'), 'S', '{}')).to.equal(1);
      expect(store.auditLog(stampFor('A'), 2).map((e) => [e.operation, e.outcome])).to.deep.equal([
        ['log_to_datalake', 'ok'],
        ['log_to_datalake', 'error'],
      ]);
    });

    it('refuses a number that is not finite before writing anything, and audits the refusal', () => {
      store.savePatient(stampFor('A'), patient('P'));
      expect(() => store.saveLab(stampFor('A'), { patient_id: 'P', test_name: 'K', canonical: 'K', value: Infinity, unit: '', is_critical: false })).to.throw(InvalidValueError, "'value' must be a finite number, got Infinity");
      expect(() => store.savePatient(stampFor('A'), { ...patient('Q'), weight: NaN })).to.throw(InvalidValueError, "'weight' must be a finite number");
      expect(store.getLabs(stampFor('A'), 'P', null, 10)).to.deep.equal([]);
      expect(store.getPatient(stampFor('A'), 'Q')).to.equal(null);
      expect(store.saveLab(stampFor('A'), { patient_id: 'P', test_name: 'K', canonical: 'K', value: 4, unit: '', is_critical: false })).to.equal(1);
      expect(store.auditLog(stampFor('A'), 10).map((e) => [e.operation, e.outcome])).to.deep.equal([
        ['save_lab', 'ok'],
        ['get_patient', 'not_found'],
        ['get_labs', 'ok'],
        ['save_patient', 'error'],
        ['save_lab', 'error'],
        ['save_patient', 'ok'],
      ]);
    });

    it('holds a 32-byte installation secret that stays the same across calls', () => {
      const secret = store.installationSecret();
      expect(secret).to.have.length(32);
      expect(store.installationSecret().equals(secret)).to.equal(true);
    });
  });
}
