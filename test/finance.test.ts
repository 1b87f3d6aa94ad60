import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProtocol } from '../src/engine/index.js';
import shipped from '../src/runtime/modules/finance/data/price-list.json' with { type: 'json' };
import { parsePriceList } from '../src/runtime/modules/finance/price-list.js';
import { cpes } from './helpers/cli.js';
import { libraryOf } from './helpers/library.js';
import { runLets } from './helpers/run.js';

const finance = libraryOf('finance');

describe('finance: the per-run ledger', () => {
  it('bills in integer cents with a running total; an integer code is read as its digits', () => {
    const lets = runLets(`protocol P {
      let a = med.finance.bill("99291", "critical care");
      let b = med.finance.bill_cpt(36415);
      let c = med.finance.bill("j0897");
      let t = med.finance.get_total();
      let s = med.finance.summary();
      let l = med.finance.get_ledger();
    }`);
    expect(lets.a).to.deep.equal({ type: 'FINANCE_EVENT', code: '99291', desc: 'Critical care of an unstable patient, first 30 to 74 minutes', price: 285, rationale: 'critical care', total: 285, price_source: 'placeholder' });
    expect(lets.b).to.include({ code: '36415', price: 10, total: 295 });
    expect(lets.c).to.include({ code: 'J0897', price: 500, total: 795 });
    expect(lets.t).to.equal(795);
    expect(lets.s).to.deep.equal({ type: 'FINANCE_SUMMARY', count: 3, total: 795, by_code: [{ code: '99291', count: 1, amount: 285 }, { code: '36415', count: 1, amount: 10 }, { code: 'J0897', count: 1, amount: 500 }] });
    expect(lets.l.map((x: any) => [x.seq, x.code, x.price])).to.deep.equal([[1, '99291', 285], [2, '36415', 10], [3, 'J0897', 500]]);
    expect(Object.keys(lets.l[0])).to.deep.equal(['seq', 'code', 'desc', 'price', 'rationale', 'time']);
  });

  it('refuses a code not in the price list with suggestions, never as a $0 line', () => {
    expect(finance.error('bill', '99290')).to.equal("finance.bill: argument 1 'code' '99290' is not in the price list (price-list placeholder-1); did you mean '99291', '99292', '99211', '99212', '99213'?");
    const outcome = runProtocol('protocol P { let a = med.finance.bill("99291"); let b = med.finance.bill("ABCDE"); }');
    expect(outcome.kind).to.equal('runtime_error');
    expect(outcome.body.error).to.match(/^Runtime error at line 1, column 57: finance.bill: argument 1 'code' 'ABCDE' is not in the price list/);
    expect(finance.error('bill', '99291', 'x'.repeat(501))).to.contain("argument 2 'rationale' must be at most 500 characters");
    expect(finance.error('bill', -5)).to.contain("argument 1 'code' must be ≥ 0");
  });

  it('on /call the ledger starts empty; estimates price without recording', () => {
    expect(finance.call('get_total')).to.equal(0);
    expect(finance.call('get_ledger')).to.deep.equal([]);
    const lets = runLets('protocol P { let e = med.finance.estimate_cost(["99291", "nope", "3000F", "99291"]); let t = med.finance.get_total(); }');
    expect(lets.e).to.deep.equal({
      type: 'FINANCE_ESTIMATE',
      items: [{ code: '99291', desc: 'Critical care of an unstable patient, first 30 to 74 minutes', price: 285 }, { code: '3000F', desc: 'Category II tracking code (performance measurement; no charge)', price: 0 }, { code: '99291', desc: 'Critical care of an unstable patient, first 30 to 74 minutes', price: 285 }],
      unknown_codes: ['nope'],
      total: 570,
    });
    expect(lets.t).to.equal(0);
    expect(finance.error('estimate_cost', [])).to.contain("argument 1 'codes' must have at least 1 items");
  });

  it('adds cents, not floats: ten 0.10 lines total exactly 1.00', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cpes-prices-')), 'prices.json');
    writeFileSync(file, JSON.stringify({ name: 'test', version: '1', source: 'test', codes: [{ code: '99999', code_system: 'CPT', description: 'ten cents', price_usd: 0.1, price_source: 'test schedule' }] }));
    const protocol = join(file, '..', 'p.moiss');
    writeFileSync(protocol, 'protocol P { let i = 0; while i < 10 { let b = med.finance.bill("99999"); let i = i + 1; } let t = med.finance.get_total(); let b = med.finance.bill("99291"); }');
    const run = cpes(['run', protocol], { env: { CPES_PRICE_LIST: file } });
    expect(run.stdout).to.contain('let t = 1\n');
    expect(run.stdout).to.contain('"price_source": "test schedule"');
    // the replacement list is the whole list: the placeholder codes are gone
    expect(run.stderr).to.contain("finance.bill: argument 1 'code' '99291' is not in the price list (test 1)");
    rmSync(join(file, '..'), { recursive: true, force: true });
  });
});

describe('finance: the price list', () => {
  it('ships at least 38 codes, MOISSCode’s among them, every price marked placeholder', () => {
    const list = parsePriceList(shipped, 'shipped');
    expect(list.byCode.size).to.be.at.least(38);
    for (const code of ['99291', '99292', '36415', '70553', 'J0897', '3000F']) expect(list.byCode.has(code), code).to.equal(true);
    for (const entry of list.byCode.values()) expect(entry.price_source).to.equal('placeholder');
    expect(list.byCode.get('J0897')!.code_system).to.equal('HCPCS');
  });

  it('checks a replacement file row by row', () => {
    const row = { code: '99291', code_system: 'CPT', description: 'd', price_usd: 1, price_source: 's' };
    const doc = (codes: unknown[]) => ({ name: 'n', version: 'v', source: 's', codes });
    expect(() => parsePriceList(doc([row, row]), 'f')).to.throw('price list f: codes[1].code 99291 is listed twice');
    expect(() => parsePriceList(doc([{ ...row, price_usd: 1.005 }]), 'f')).to.throw('codes[0].price_usd must have at most two decimals');
    expect(() => parsePriceList(doc([{ ...row, price_usd: -1 }]), 'f')).to.throw('codes[0].price_usd must be a number of dollars');
    expect(() => parsePriceList(doc([{ ...row, price_source: '' }]), 'f')).to.throw('codes[0].price_source must say where the price comes from');
    expect(() => parsePriceList(doc([{ ...row, code_system: 'ICD' }]), 'f')).to.throw('codes[0].code_system must be CPT or HCPCS');
    expect(() => parsePriceList({ codes: [] }, 'f')).to.throw("'name' must be a non-empty string");
  });

  it('cpes serve refuses to start with a broken --price-list', function () {
    this.timeout(60_000);
    const dir = mkdtempSync(join(tmpdir(), 'cpes-prices-'));
    writeFileSync(join(dir, 'bad.json'), '{"name": "x"');
    const r = cpes(['serve', '--dev', '--port', '0', '--price-list', join(dir, 'bad.json')]);
    expect(r.status).to.equal(1);
    expect(r.stderr).to.contain(`cpes serve: cannot start: price list ${join(dir, 'bad.json')}: not valid JSON`);
    rmSync(dir, { recursive: true, force: true });
  });
});
