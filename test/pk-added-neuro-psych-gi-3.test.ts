// Issue 24 coverage, group neuro-psych-gi-3: antiemetics (granisetron, aprepitant, fosaprepitant, transdermal
// scopolamine), psychiatric and addiction drugs (paliperidone, acamprosate, disulfiram, temazepam) and
// brivaracetam. Each expectation is the label's own statement (section named beside it), checked through the
// library's call interface and, once, through a protocol run by the engine.
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { contraindicated, doseLevel as level, maxSeverity as severity } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');

describe('pk drugs added for issue 24 (neuro-psych-gi-3)', () => {
  it('brand names resolve to the row', () => {
    const names: Record<string, string> = {
      Kytril: 'Granisetron', Emend: 'Aprepitant', 'Emend for Injection': 'Fosaprepitant', 'Emend IV': 'Fosaprepitant',
      'Transderm Scop': 'Scopolamine', Invega: 'Paliperidone', Campral: 'Acamprosate', Antabuse: 'Disulfiram',
      Briviact: 'Brivaracetam', Restoril: 'Temazepam', Librium: 'Chlordiazepoxide', Onfi: 'Clobazam', Sympazan: 'Clobazam',
      Clozaril: 'Clozapine', Versacloz: 'Clozapine', 'NicoDerm CQ': 'Nicotine', 'nicotine patch': 'Nicotine', Lialda: 'Mesalamine',
      'Asacol HD': 'Mesalamine', mesalazine: 'Mesalamine',
    };
    for (const [alias, name] of Object.entries(names)) expect(call('get_profile', alias), alias).to.include({ found: true, name });
  });

  it('granisetron IV: 1 mg (PONV) and 10 mcg/kg (CINV) are usual; ten times either is an ERROR', () => {
    expect(level('Granisetron', 1, 'mg')).to.equal('OK'); // Highlights D&A: PONV 1 mg IV over 30 s
    expect(level('Granisetron', 0.7, 'mg', 70)).to.equal('OK'); // 10 mcg/kg in a 70 kg patient, no indication named
    const cinv = 'chemotherapy-induced nausea and vomiting';
    expect(level('Granisetron', 0.01, 'mg/kg', 70, 'IV', cinv)).to.equal('OK'); // Highlights D&A: CINV 10 mcg/kg
    expect(level('Granisetron', 0.1, 'mg/kg', 70, 'IV', cinv)).to.equal('ERROR'); // ten times the CINV dose
    expect(level('Granisetron', 10, 'mg')).to.equal('ERROR'); // ten times the usual top (no label maximum)
  });

  it('aprepitant PO 40-125 mg and fosaprepitant IV 150 mg are usual; ten times is an ERROR', () => {
    expect(level('Aprepitant', 125, 'mg')).to.equal('OK'); // EMEND D&A: 125 mg Day 1
    expect(level('Aprepitant', 80, 'mg')).to.equal('OK'); // 80 mg Days 2 and 3
    expect(level('Aprepitant', 40, 'mg')).to.equal('OK'); // PONV 40 mg
    expect(level('Aprepitant', 1250, 'mg')).to.equal('ERROR');
    expect(level('Fosaprepitant', 150, 'mg')).to.equal('OK'); // EMEND for injection 2.1 Table 1: 150 mg IV Day 1
    expect(level('Fosaprepitant', 1500, 'mg')).to.equal('ERROR');
  });

  it('scopolamine: one transdermal system (1 mg over 3 days) is usual; ten is an ERROR', () => {
    expect(level('Scopolamine', 1, 'mg', null, 'TOP')).to.equal('OK'); // Transderm Scop D&A: one system behind the ear
    expect(level('Scopolamine', 10, 'mg', null, 'TOP')).to.equal('ERROR');
  });

  it('paliperidone: 6 mg usual, 12 mg/day the label maximum', () => {
    expect(level('Paliperidone', 6, 'mg')).to.equal('OK'); // Invega Highlights D&A: 6 mg once daily
    expect(level('Paliperidone', 12, 'mg')).to.equal('OK'); // maximum recommended dose 12 mg/day
    expect(level('Paliperidone', 13, 'mg')).to.equal('ERROR');
    expect(level('Paliperidone', 120, 'mg')).to.equal('ERROR');
  });

  it('acamprosate: 666 mg three times daily usual, 333 mg in moderate renal impairment; renal bands at the label edges', () => {
    expect(level('Acamprosate', 666, 'mg')).to.equal('OK'); // Campral D&A: two 333 mg tablets three times daily
    expect(level('Acamprosate', 333, 'mg')).to.equal('OK'); // CrCl 30-50: 333 mg three times daily
    expect(level('Acamprosate', 6660, 'mg')).to.equal('ERROR');
    expect(call('renal_adjust', 'Acamprosate', 30)).to.include({ requires_adjustment: true, adjusted_dose: null }); // CrCl <= 30: contraindicated
    expect(call('renal_adjust', 'Acamprosate', 30.5)).to.include({ adjustment_factor: 0.5, adjusted_dose: 333 });
    expect(call('renal_adjust', 'Acamprosate', 50.5)).to.include({ requires_adjustment: false });
  });

  it('disulfiram: 125-500 mg daily, 500 mg the label maximum', () => {
    expect(level('Disulfiram', 250, 'mg')).to.equal('OK'); // D&A: average maintenance 250 mg daily
    expect(level('Disulfiram', 500, 'mg')).to.equal('OK'); // D&A: a maximum of 500 mg daily
    expect(level('Disulfiram', 501, 'mg')).to.equal('ERROR');
    expect(level('Disulfiram', 5000, 'mg')).to.equal('ERROR');
  });

  it('brivaracetam: 50 mg twice daily usual (PO or IV), 200 mg/day the top of the label range', () => {
    expect(level('Brivaracetam', 50, 'mg')).to.equal('OK'); // Briviact Highlights 2.1: 50 mg twice daily
    expect(level('Brivaracetam', 100, 'mg', null, 'IV')).to.equal('OK'); // up to 100 mg twice daily; injection at the same dose
    expect(level('Brivaracetam', 200, 'mg')).to.not.equal('ERROR'); // 200 mg per day
    expect(level('Brivaracetam', 201, 'mg')).to.equal('ERROR');
    expect(level('Brivaracetam', 1000, 'mg')).to.equal('ERROR');
  });

  it('temazepam: 7.5-30 mg at bedtime usual (drug-guide range); ten times the top is an ERROR', () => {
    expect(level('Temazepam', 15, 'mg')).to.equal('OK'); // usual adult dose 15 mg
    expect(level('Temazepam', 30, 'mg')).to.equal('OK');
    expect(level('Temazepam', 300, 'mg')).to.equal('ERROR');
  });
  it('chlordiazepoxide: 5-100 mg usual, 300 mg/day the alcohol-withdrawal ceiling', () => {
    expect(level('Chlordiazepoxide', 25, 'mg')).to.equal('OK'); // D&A: severe anxiety 20 or 25 mg three or four times daily
    expect(level('Chlordiazepoxide', 100, 'mg', null, 'PO', 'acute alcohol withdrawal')).to.equal('OK'); // 50 to 100 mg initially
    expect(level('Chlordiazepoxide', 300, 'mg')).to.not.equal('ERROR'); // up to 300 mg per day
    expect(level('Chlordiazepoxide', 301, 'mg')).to.equal('ERROR');
    expect(level('Chlordiazepoxide', 1000, 'mg')).to.equal('ERROR');
  });

  it('clobazam: up to 40 mg/day above 30 kg, 20 mg/day at 30 kg or less', () => {
    expect(level('Clobazam', 10, 'mg')).to.equal('OK'); // ONFI Highlights D&A: start 10 mg daily above 30 kg
    expect(level('Clobazam', 40, 'mg')).to.not.equal('ERROR'); // titrate up to 40 mg daily
    expect(level('Clobazam', 41, 'mg')).to.equal('ERROR');
    expect(level('Clobazam', 200, 'mg')).to.equal('ERROR');
    const child = { age: 40, weight: 25 }; // 30 kg or less: up to 20 mg daily
    expect(call('validate_dose', 'Clobazam', 20, 'mg', null, null, null, null, child).level).to.not.equal('ERROR');
    expect(call('validate_dose', 'Clobazam', 21, 'mg', null, null, null, null, child).level).to.equal('ERROR');
  });

  it('clozapine: 12.5 mg start, 150-225 mg twice daily target, 450 mg twice daily the maximum', () => {
    expect(level('Clozapine', 12.5, 'mg')).to.equal('OK'); // Clozaril 2: 12.5 mg once or twice daily
    expect(level('Clozapine', 225, 'mg')).to.equal('OK'); // target 150 to 225 mg twice daily
    expect(level('Clozapine', 450, 'mg')).to.not.equal('ERROR'); // maximum 450 mg twice daily
    expect(level('Clozapine', 451, 'mg')).to.equal('ERROR');
    expect(level('Clozapine', 2250, 'mg')).to.equal('ERROR');
  });

  it('nicotine patch 7-21 mg and mesalamine 2.4-4.8 g are usual; ten times the top is an ERROR', () => {
    expect(level('Nicotine', 21, 'mg', null, 'TOP')).to.equal('OK'); // Drug Facts: Step 1 21 mg/24 h
    expect(level('Nicotine', 7, 'mg', null, 'TOP')).to.equal('OK'); // Step 3 7 mg/24 h
    expect(level('Nicotine', 210, 'mg', null, 'TOP')).to.equal('ERROR');
    expect(level('Mesalamine', 4.8, 'g')).to.equal('OK'); // Lialda D&A: 2.4 to 4.8 g once daily
    expect(level('Mesalamine', 2400, 'mg')).to.equal('OK'); // maintenance 2.4 g once daily
    expect(level('Mesalamine', 48000, 'mg')).to.equal('ERROR');
  });
});

describe('pk neuro-psych-gi-3: label contraindications and pairs', () => {
  it('full readings answer their conditions true and an unnamed one false', () => {
    expect(contraindicated('Scopolamine', 'angle-closure glaucoma')).to.equal(true); // Transderm Scop 4
    expect(contraindicated('Scopolamine', 'hypersensitivity to belladonna alkaloids')).to.equal(true); // 4
    expect(contraindicated('Scopolamine', 'drug allergy')).to.equal(true); // 4: scopolamine or any component
    expect(contraindicated('Scopolamine', 'pregnancy')).to.equal(false); // not named in 4
    expect(contraindicated('Paliperidone', 'drug allergy')).to.equal(true); // Invega 4 (FDA SLC 2016)
    expect(contraindicated('Paliperidone', 'risperidone allergy')).to.equal(true); // 4: either risperidone or paliperidone
    expect(contraindicated('Paliperidone', 'pregnancy')).to.equal(false);
  });

  it('partial readings answer their conditions true and any other null', () => {
    expect(contraindicated('Granisetron', 'drug allergy')).to.equal(true); // Highlights CONTRAINDICATIONS
    expect(contraindicated('Granisetron', 'pregnancy')).to.equal(null);
    expect(contraindicated('Aprepitant', 'drug allergy')).to.equal(true); // EMEND CONTRAINDICATIONS
    expect(contraindicated('Fosaprepitant', 'polysorbate 80 allergy')).to.equal(true); // EMEND for Injection ISI
    expect(contraindicated('Fosaprepitant', 'drug allergy')).to.equal(true);
    expect(contraindicated('Acamprosate', 'crcl <= 30')).to.equal(true); // Campral: CrCl 30 mL/min or less
    expect(contraindicated('Acamprosate', 'severe renal impairment')).to.equal(true);
    expect(contraindicated('Acamprosate', 'drug allergy')).to.equal(true);
    expect(contraindicated('Acamprosate', 'pregnancy')).to.equal(null);
    expect(contraindicated('Disulfiram', 'acute alcohol intoxication')).to.equal(true); // boxed warning
    expect(contraindicated('Disulfiram', 'recent alcohol ingestion')).to.equal(true); // CONTRAINDICATIONS
    expect(contraindicated('Disulfiram', 'severe heart muscle disease')).to.equal(true);
    expect(contraindicated('Disulfiram', 'coronary artery occlusion')).to.equal(true);
    expect(contraindicated('Disulfiram', 'psychoses')).to.equal(true);
    expect(contraindicated('Disulfiram', 'drug allergy')).to.equal(true);
    expect(contraindicated('Disulfiram', 'pregnancy')).to.equal(null);
    expect(contraindicated('Brivaracetam', 'drug allergy')).to.equal(true); // EU SmPC 4.3 (US section not seen)
    expect(contraindicated('Brivaracetam', 'pregnancy')).to.equal(null);
    expect(contraindicated('Temazepam', 'pregnancy')).to.equal(true); // Restoril CONTRAINDICATIONS (manufacturer ISI)
    expect(contraindicated('Temazepam', 'drug allergy')).to.equal(null);
    expect(contraindicated('Clobazam', 'drug allergy')).to.equal(true); // section 4 via cross-reference (partial)
    expect(contraindicated('Clobazam', 'pregnancy')).to.equal(null);
    expect(contraindicated('Mesalamine', 'salicylate allergy')).to.equal(true); // Lialda 4
    expect(contraindicated('Mesalamine', 'drug allergy')).to.equal(true);
    expect(contraindicated('Mesalamine', 'pregnancy')).to.equal(null);
    expect(contraindicated('Nicotine', 'pregnancy')).to.equal(null); // OTC Drug Facts: no Contraindications section
  });

  it('clozapine: serious hypersensitivity is the only contraindication (Clozaril 4, read whole)', () => {
    expect(contraindicated('Clozapine', 'history of serious hypersensitivity reaction to the drug')).to.equal(true); // 4: SJS, vasculitis, ...
    expect(contraindicated('Clozapine', 'pregnancy')).to.equal(false);
  });

  it('chlordiazepoxide: the section (hypersensitivity only) was read whole', () => {
    expect(contraindicated('Chlordiazepoxide', 'drug allergy')).to.equal(true); // CONTRAINDICATIONS: known hypersensitivity
    expect(contraindicated('Chlordiazepoxide', 'pregnancy')).to.equal(false);
  });

  it('disulfiram with metronidazole is SEVERE both ways; class memberships bring the class rules', () => {
    for (const [a, b, sev] of [
      ['Disulfiram', 'Metronidazole', 'SEVERE'], // disulfiram CONTRAINDICATIONS; Flagyl 4
      ['Sertraline', 'Disulfiram', 'SEVERE'], // Zoloft 4: oral solution (alcohol) with disulfiram
      ['Temazepam', 'Morphine', 'MAJOR'], // Restoril boxed warning: opioids (opioids + benzodiazepines)
      ['Granisetron', 'Ondansetron', 'MODERATE'], // QT prolongation (label 5.2); two QT-prolonging drugs
      ['Paliperidone', 'Metoclopramide', 'MAJOR'], // antipsychotics + metoclopramide
      ['Scopolamine', 'Tiotropium', 'MAJOR'], // Spiriva 7.2: avoid other anticholinergics
      ['Aprepitant', 'Fentanyl', 'MODERATE'], // moderate CYP3A4 inhibition (125/80 mg regimen)
      ['Chlordiazepoxide', 'Oxycodone', 'MAJOR'], // boxed warning: opioids
      ['Clobazam', 'Morphine', 'MAJOR'], // ONFI boxed warning: opioids
      ['Clozapine', 'Fluvoxamine', 'MODERATE'], // Clozaril 2: strong CYP1A2 inhibitors, reduce the dose
      ['Clozapine', 'Ciprofloxacin', 'MODERATE'],
      ['Mesalamine', 'Azathioprine', 'MODERATE'], // Lialda 7: blood disorders with azathioprine or 6-MP
      ['Mesalamine', 'Mercaptopurine', 'MODERATE'],
    ] as const) {
      expect(severity(a, b), `${a} + ${b}`).to.equal(sev);
      expect(severity(b, a), `${b} + ${a}`).to.equal(sev);
    }
  });

  it('a protocol administering granisetron and disulfiram runs through the engine; a dose above the label maximum stops it', () => {
    const ok = runProtocol('protocol P {\n  input: Patient p;\n  administer Granisetron dose: 1 mg route: IV;\n  administer Disulfiram dose: 250 mg route: PO;\n}');
    expect(ok.kind, ok.body.error ?? '').to.equal('ok');
    expect((ok.body.events ?? []).filter((e: any) => e.kind === 'administer').map((e: any) => e.level)).to.deep.equal(['OK', 'OK']);
    const over = runProtocol('protocol P {\n  input: Patient p;\n  administer Disulfiram dose: 600 mg route: PO;\n}');
    expect(over.kind).to.equal('runtime_error');
    expect(over.body.error).to.include('exceeds maximum 500 mg'); // disulfiram D&A: not to exceed 500 mg daily
  });
});
