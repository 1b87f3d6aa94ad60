// Issue 24 coverage, regional anaesthesia: bupivacaine (MARCAINE, MARCAINE SPINAL), liposomal bupivacaine (EXPAREL),
// ropivacaine (NAROPIN), chloroprocaine (NESACAINE) and lidocaine's local-anaesthetic routes (XYLOCAINE) answer their label limits at the
// boundaries, their label contraindications, and the label's local-anaesthetic pairs in both directions.
// Values are those of the labels cited in each row's source (src/runtime/modules/pk/data/drugs/regional-anaesthesia.json).
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { bothWays, contraindicated, doseLevel as level } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');
const EPI = (route: string) => `with epinephrine 1:200,000, ${route}`;

describe('pk regional anaesthesia: bupivacaine (MARCAINE / MARCAINE SPINAL)', () => {
  it('175 mg plain is the single-dose maximum by infiltration, nerve block and epidural (label D&A maximum dosage)', () => {
    for (const route of ['INFILTRATION', 'PERINEURAL', 'EPIDURAL']) {
      expect(level('Bupivacaine', 100, 'mg', null, route), route).to.equal('OK');
      expect(level('Bupivacaine', 175, 'mg', null, route), route).to.not.equal('ERROR');
      expect(level('Bupivacaine', 176, 'mg', null, route), route).to.equal('ERROR');
    }
  });

  it('225 mg with epinephrine 1:200,000 when that indication is named (label D&A maximum dosage)', () => {
    const routes: Record<string, string> = { INFILTRATION: 'local infiltration', PERINEURAL: 'peripheral nerve block', EPIDURAL: 'lumbar epidural or caudal block' };
    for (const [route, name] of Object.entries(routes)) {
      expect(level('Bupivacaine', 225, 'mg', null, route, EPI(name)), route).to.not.equal('ERROR');
      expect(level('Bupivacaine', 226, 'mg', null, route, EPI(name)), route).to.equal('ERROR');
    }
  });

  it('usual ranges of the label dosage table: epidural 25-150 mg, nerve block 12.5 mg to the maximum; ten times the epidural top is an ERROR', () => {
    expect(level('Bupivacaine', 150, 'mg', null, 'EPIDURAL')).to.equal('OK');
    expect(level('Bupivacaine', 160, 'mg', null, 'EPIDURAL')).to.equal('WARNING');
    expect(level('Bupivacaine', 10, 'mg', null, 'PERINEURAL')).to.equal('WARNING');
    expect(level('Bupivacaine', 200, 'mg', null, 'PERINEURAL', EPI('peripheral nerve block'))).to.equal('OK');
    expect(level('Bupivacaine', 1500, 'mg', null, 'EPIDURAL', EPI('lumbar epidural or caudal block'))).to.equal('ERROR');
  });

  it('400 mg in 24 hours (label D&A); a regimen of 150 mg every 8 h exceeds it', () => {
    expect(level('Bupivacaine', 400, 'mg/day', null, 'EPIDURAL')).to.not.equal('ERROR');
    expect(level('Bupivacaine', 401, 'mg/day', null, 'EPIDURAL')).to.equal('ERROR');
    expect(level('Bupivacaine', 150, 'mg', null, 'EPIDURAL', null, 8)).to.equal('ERROR');
  });

  it('intrathecal is the spinal product: 6 to 12 mg usual, ten times 12 mg is an ERROR (MARCAINE SPINAL Highlights D&A)', () => {
    expect(level('Bupivacaine', 7.5, 'mg', null, 'INTRATHECAL')).to.equal('OK');
    expect(level('Bupivacaine', 12, 'mg', null, 'INTRATHECAL')).to.equal('OK');
    expect(level('Bupivacaine', 119, 'mg', null, 'INTRATHECAL')).to.equal('WARNING');
    expect(level('Bupivacaine', 120, 'mg', null, 'INTRATHECAL')).to.equal('ERROR');
  });

  it('IV is not a route of bupivacaine (Bier block is contraindicated, 4)', () => {
    expect(() => call('validate_dose', 'Bupivacaine', 100, 'mg', null, 'IV')).to.throw(/not a route of Bupivacaine/);
  });

  it('answers every condition of both Contraindications sections (4), and a condition neither names is false', () => {
    // MARCAINE / MARCAINE WITH EPINEPHRINE 4
    expect(contraindicated('Bupivacaine', 'obstetrical paracervical block')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'Bier block')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'drug allergy')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'amide-type local anesthetic allergy')).to.equal(true);
    // MARCAINE SPINAL 4
    expect(contraindicated('Bupivacaine', 'septicemia')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'severe hemorrhage')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'severe hypotension')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'shock')).to.equal(true);
    // every kind of shock is a shock: cardiogenic shock answered false before it was made a case of it
    for (const kind of ['cardiogenic shock', 'septic shock', 'hypovolemic shock']) expect(contraindicated('Bupivacaine', kind), kind).to.equal(true);
    expect(contraindicated('Bupivacaine', 'clinically significant arrhythmias')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'complete heart block')).to.equal(true);
    expect(contraindicated('Bupivacaine', 'local infection at the site of proposed lumbar puncture')).to.equal(true);
    // neither section names these; pregnancy is only the broader case of an obstetrical paracervical block
    expect(contraindicated('Bupivacaine', 'myasthenia gravis')).to.equal(false);
    expect(contraindicated('Bupivacaine', 'pregnancy')).to.equal(null);
  });

  it('resolves its brand names', () => {
    expect(call('get_profile', 'Marcaine')).to.include({ found: true, name: 'Bupivacaine' });
    expect(call('get_profile', 'Sensorcaine')).to.include({ found: true, name: 'Bupivacaine' });
  });
});

describe('pk regional anaesthesia: liposomal bupivacaine (EXPAREL)', () => {
  it('266 mg is the maximum by infiltration and by nerve block; single administration (Highlights D&A, 2.1)', () => {
    expect(level('Bupivacaine_Liposomal', 266, 'mg', null, 'INFILTRATION')).to.equal('OK');
    expect(level('Bupivacaine_Liposomal', 267, 'mg', null, 'INFILTRATION')).to.equal('ERROR');
    expect(level('Bupivacaine_Liposomal', 133, 'mg', null, 'PERINEURAL')).to.equal('OK');
    expect(level('Bupivacaine_Liposomal', 266, 'mg', null, 'PERINEURAL')).to.not.equal('ERROR');
    expect(level('Bupivacaine_Liposomal', 267, 'mg', null, 'PERINEURAL')).to.equal('ERROR');
    expect(level('Bupivacaine_Liposomal', 266, 'mg/day', null, 'INFILTRATION')).to.not.equal('ERROR');
    expect(level('Bupivacaine_Liposomal', 267, 'mg/day', null, 'INFILTRATION')).to.equal('ERROR');
    expect(level('Bupivacaine_Liposomal', 2660, 'mg', null, 'INFILTRATION')).to.equal('ERROR');
  });

  it('is contraindicated in obstetrical paracervical block only (Highlights CONTRAINDICATIONS, 4)', () => {
    expect(contraindicated('Bupivacaine_Liposomal', 'obstetrical paracervical block anesthesia')).to.equal(true);
    expect(contraindicated('Bupivacaine_Liposomal', 'septicemia')).to.equal(false);
  });

  it('is not plain bupivacaine: Exparel resolves to its own row, with no epidural or IV route (1, 2.1)', () => {
    expect(call('get_profile', 'Exparel')).to.include({ found: true, name: 'Bupivacaine_Liposomal' });
    expect(() => call('validate_dose', 'Bupivacaine_Liposomal', 100, 'mg', null, 'EPIDURAL')).to.throw(/not a route/);
  });
});

describe('pk regional anaesthesia: ropivacaine (NAROPIN)', () => {
  it('usual ranges of Table 1 by route; ten times the top is an ERROR (2.2)', () => {
    expect(level('Ropivacaine', 150, 'mg', null, 'EPIDURAL')).to.equal('OK');
    expect(level('Ropivacaine', 20, 'mg/h', null, 'EPIDURAL')).to.equal('OK');
    expect(level('Ropivacaine', 279, 'mg/h', null, 'EPIDURAL')).to.equal('WARNING');
    expect(level('Ropivacaine', 280, 'mg/h', null, 'EPIDURAL')).to.equal('ERROR');
    expect(level('Ropivacaine', 250, 'mg', null, 'PERINEURAL')).to.equal('OK');
    expect(level('Ropivacaine', 15, 'mg/h', null, 'PERINEURAL')).to.equal('OK');
    expect(level('Ropivacaine', 200, 'mg/h', null, 'PERINEURAL')).to.equal('ERROR');
    expect(level('Ropivacaine', 100, 'mg', null, 'INFILTRATION')).to.equal('OK');
    expect(level('Ropivacaine', 2000, 'mg', null, 'INFILTRATION')).to.equal('ERROR');
    expect(level('Ropivacaine', 2000, 'mg', null, 'EPIDURAL')).to.equal('ERROR');
  });

  it('770 mg in 24 hours (2.2 cumulative dose)', () => {
    expect(level('Ropivacaine', 770, 'mg/day', null, 'EPIDURAL')).to.not.equal('ERROR');
    expect(level('Ropivacaine', 771, 'mg/day', null, 'EPIDURAL')).to.equal('ERROR');
  });

  it('contraindicated with a history of amide local anaesthetic hypersensitivity (Highlights CONTRAINDICATIONS, 4)', () => {
    expect(contraindicated('Ropivacaine', 'amide local anaesthetic hypersensitivity')).to.equal(true);
    expect(contraindicated('Ropivacaine', 'drug allergy')).to.equal(true);
    expect(contraindicated('Ropivacaine', 'septicemia')).to.equal(false);
    expect(call('get_profile', 'Naropin')).to.include({ found: true, name: 'Ropivacaine' });
  });
});

describe('pk regional anaesthesia: lidocaine local-anaesthetic routes (XYLOCAINE)', () => {
  it('4.5 mg/kg capped at 300 mg without epinephrine (D&A maximum recommended dosage)', () => {
    expect(level('Lidocaine', 300, 'mg', 70, 'INFILTRATION')).to.equal('OK');
    expect(level('Lidocaine', 301, 'mg', 70, 'INFILTRATION')).to.equal('ERROR');
    expect(level('Lidocaine', 270, 'mg', 60, 'PERINEURAL')).to.equal('OK');
    expect(level('Lidocaine', 271, 'mg', 60, 'PERINEURAL')).to.equal('ERROR');
    expect(level('Lidocaine', 301, 'mg', 80, 'EPIDURAL')).to.equal('ERROR');
    expect(level('Lidocaine', 3000, 'mg', 80, 'INFILTRATION')).to.equal('ERROR');
  });

  it('7 mg/kg capped at 500 mg with epinephrine (D&A maximum recommended dosage)', () => {
    const withEpi = 'with epinephrine, local infiltration';
    expect(level('Lidocaine', 500, 'mg', 80, 'INFILTRATION', withEpi)).to.not.equal('ERROR');
    expect(level('Lidocaine', 501, 'mg', 80, 'INFILTRATION', withEpi)).to.equal('ERROR');
    expect(level('Lidocaine', 420, 'mg', 60, 'INFILTRATION', withEpi)).to.not.equal('ERROR');
    expect(level('Lidocaine', 421, 'mg', 60, 'INFILTRATION', withEpi)).to.equal('ERROR');
  });

  it('keeps its IV antiarrhythmic dosing and its IV-label contraindications', () => {
    expect(level('Lidocaine', 100, 'mg', 70, 'IV')).to.equal('OK');
    expect(level('Lidocaine', 100, 'mg', null, 'IV')).to.equal('OK');
    expect(contraindicated('Lidocaine', 'Wolff-Parkinson-White syndrome')).to.equal(true);
  });
});

describe('pk regional anaesthesia: chloroprocaine (NESACAINE)', () => {
  it('11 mg/kg up to 800 mg, or 14 mg/kg up to 1000 mg with epinephrine (D&A maximum single recommended doses)', () => {
    expect(level('Chloroprocaine', 770, 'mg', 70, 'EPIDURAL')).to.not.equal('ERROR'); // no usual range or daily limit read: UNCHECKED
    expect(level('Chloroprocaine', 771, 'mg', 70, 'EPIDURAL')).to.equal('ERROR');
    expect(level('Chloroprocaine', 800, 'mg', 90, 'INFILTRATION')).to.not.equal('ERROR');
    expect(level('Chloroprocaine', 801, 'mg', 90, 'INFILTRATION')).to.equal('ERROR');
    const withEpi = 'with epinephrine 1:200,000, peripheral nerve block';
    expect(level('Chloroprocaine', 980, 'mg', 70, 'PERINEURAL', withEpi)).to.not.equal('ERROR');
    expect(level('Chloroprocaine', 981, 'mg', 70, 'PERINEURAL', withEpi)).to.equal('ERROR');
    expect(level('Chloroprocaine', 1000, 'mg', 90, 'PERINEURAL', withEpi)).to.not.equal('ERROR');
    expect(level('Chloroprocaine', 1001, 'mg', 90, 'PERINEURAL', withEpi)).to.equal('ERROR');
    expect(() => call('validate_dose', 'Chloroprocaine', 40, 'mg', 70, 'INTRATHECAL')).to.throw(/not a route/);
  });

  it('contraindicated with hypersensitivity to the PABA ester group; the reading is partial, so other conditions are not false (CONTRAINDICATIONS)', () => {
    expect(contraindicated('Chloroprocaine', 'ester-type local anesthetic allergy')).to.equal(true);
    expect(contraindicated('Chloroprocaine', 'drug allergy')).to.equal(true);
    expect(contraindicated('Chloroprocaine', 'septicemia')).to.equal(null);
    expect(call('get_profile', 'Nesacaine')).to.include({ found: true, name: 'Chloroprocaine' });
  });

  it('with a sulfonamide antibacterial is MAJOR (PABA metabolite; MPR: not recommended); with bupivacaine MAJOR, with EXPAREL MODERATE', () => {
    bothWays('Chloroprocaine', 'TMP_SMX', 'MAJOR');
    bothWays('Bupivacaine', 'Chloroprocaine', 'MAJOR');
    bothWays('Bupivacaine_Liposomal', 'Chloroprocaine', 'MODERATE');
  });
});

describe('pk regional anaesthesia: local-anaesthetic pairs', () => {
  it('bupivacaine with another local anaesthetic is MAJOR (MARCAINE 2.1 not recommended, 7.1)', () => {
    bothWays('Bupivacaine', 'Lidocaine', 'MAJOR');
    bothWays('Bupivacaine', 'Ropivacaine', 'MAJOR');
  });

  it('EXPAREL with bupivacaine HCl, lidocaine or ropivacaine is MODERATE (EXPAREL compatibility: 1:2 ratio, 20 minutes)', () => {
    bothWays('Bupivacaine_Liposomal', 'Bupivacaine', 'MODERATE');
    bothWays('Bupivacaine_Liposomal', 'Lidocaine', 'MODERATE');
    bothWays('Bupivacaine_Liposomal', 'Ropivacaine', 'MODERATE');
  });
});

describe('pk regional anaesthesia through the engine', () => {
  const administer = (line: string) => runProtocol(`protocol T {\n  input: Patient p;\n  ${line}\n}`);

  it('administer Bupivacaine 100 mg EPIDURAL is OK, 2000 mg is an ERROR, and route IV is refused', () => {
    const ok = administer('administer Bupivacaine dose: 100 mg route: EPIDURAL;');
    expect(ok.body.events.find((e) => e.kind === 'administer')!.event).to.equal('[3] LOG: administer Bupivacaine 100 mg EPIDURAL: dose OK');
    const tooMuch = administer('administer Bupivacaine dose: 2000 mg route: EPIDURAL;');
    expect(JSON.stringify(tooMuch.body)).to.match(/dose ERROR 2000 mg exceeds maximum 175 mg/);
    const iv = administer('administer Bupivacaine dose: 100 mg route: IV;');
    expect(iv.kind).to.equal('runtime_error');
    expect(iv.body.error).to.match(/route 'IV' is not a route of Bupivacaine/);
  });
});
