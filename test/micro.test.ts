import { expect } from 'chai';
import breakpointTable from '../src/runtime/modules/micro/data/breakpoints.json' with { type: 'json' };
import organismTable from '../src/runtime/modules/micro/data/organisms.json' with { type: 'json' };
import regimenTable from '../src/runtime/modules/micro/data/regimens.json' with { type: 'json' };
import { registry } from '../src/runtime/modules/index.js';
import { libraryOf } from './helpers/library.js';

const { call, error } = libraryOf('micro');
const organisms = (organismTable as any).organisms as any[];
const rows = (breakpointTable as any).rows as any[];
const dilutions = [0.002, 0.004, 0.008, 0.015, 0.03, 0.06, 0.12, 0.25, 0.5, ...Array.from({ length: 12 }, (_, k) => 2 ** k)];
const next = (mic: number) => dilutions[dilutions.indexOf(mic) + 1]!;
const previous = (mic: number) => dilutions[dilutions.indexOf(mic) - 1]!;
/** the shipped CLSI/FDA subset (standard CLSI with no laboratory pack installed) */
const sus = (organism: string, drug: string, mic: number | null = null, site: string | null = null) => call('susceptibility', organism, drug, mic, site, 'CLSI');

describe('micro: registry', () => {
  it('registers the five functions of modules.md §10.2', () => {
    expect(registry.listing().micro).to.deep.equal(['identify', 'susceptibility', 'empiric_therapy', 'gram_stain_ddx', 'list_organisms']);
  });
});

describe('micro.susceptibility, standard CLSI (the shipped CLSI/FDA subset)', () => {
  it('§23 vectors: E. coli ciprofloxacin 0.25/0.5/1 S/I/R; Klebsiella 2 R; pip-tazo 16 SDD; S. aureus vancomycin 1 S; P. aeruginosa colistin 2 I', () => {
    expect(sus('E.coli', 'ciprofloxacin', 0.25).interpretation).to.equal('SUSCEPTIBLE');
    expect(sus('E.coli', 'ciprofloxacin', 0.5).interpretation).to.equal('INTERMEDIATE');
    expect(sus('E.coli', 'ciprofloxacin', 1).interpretation).to.equal('RESISTANT');
    expect(sus('k_pneumoniae', 'ciprofloxacin', 2)).to.include({ organism: 'Klebsiella', interpretation: 'RESISTANT' });
    expect(sus('E.coli', 'piperacillin-tazobactam', 16)).to.include({ antibiotic: 'Piperacillin_Tazobactam', interpretation: 'SUSCEPTIBLE_DOSE_DEPENDENT' });
    expect(sus('s_aureus', 'vancomycin', 1)).to.include({ organism: 'S.aureus', interpretation: 'SUSCEPTIBLE', intrinsic_susceptibility: 'UNKNOWN' });
    expect(sus('p_aeruginosa', 'colistin', 2).interpretation).to.equal('INTERMEDIATE');
  });

  it('§23: S. pneumoniae penicillin 0.12 without a site gives by_site (meningitis R, non-meningitis S) and no single interpretation', () => {
    const r = sus('pneumococcus', 'penicillin', 0.12);
    expect(r.interpretation).to.equal(null);
    expect(r.by_site.meningitis.interpretation).to.equal('RESISTANT');
    expect(r.by_site.nonmeningitis.interpretation).to.equal('SUSCEPTIBLE');
    expect(sus('Strep_pneumo', 'Penicillin G', 0.06, 'meningitis')).to.include({ interpretation: 'SUSCEPTIBLE' });
    expect(sus('Strep_pneumo', 'Penicillin G', 0.12, 'meningitis').breakpoint).to.include({ s: 0.06, r: 0.12, qualifier: 'meningitis' });
    expect(sus('Strep_pneumo', 'PEN', 4, 'non-meningitis')).to.include({ interpretation: 'INTERMEDIATE' });
    expect(sus('Strep_pneumo', 'PEN', 0.06, 'oral')).to.include({ interpretation: 'NO_BREAKPOINT', note: 'no breakpoint for site oral (oral administration)' });
  });

  it('every breakpoint row at its S edge, inside I or SDD, and at its R edge', () => {
    for (const row of rows) {
      const organism = organisms.find((o) => o.breakpoint_group === row.group && (!row.applies_to || row.applies_to.includes(o.key)) && o.resistant_to.length === 0)!;
      const at = (mic: number) => sus(organism.key, row.antibiotic, mic, row.qualifier === null ? null : row.qualifier).interpretation;
      const label = `${row.group} ${row.antibiotic} ${row.qualifier ?? ''}`;
      if (row.s !== null) {
        expect(at(row.s), `${label} at S`).to.equal('SUSCEPTIBLE');
        expect(at(previous(row.s)), `${label} below S`).to.equal('SUSCEPTIBLE');
      }
      if (row.sdd) for (const mic of row.sdd) expect(at(mic), `${label} SDD ${mic}`).to.equal('SUSCEPTIBLE_DOSE_DEPENDENT');
      if (row.i) for (const mic of [row.i[0] ?? previous(row.i[1]), row.i[1]]) expect(at(mic), `${label} I ${mic}`).to.equal('INTERMEDIATE');
      if (row.r === null) {
        expect(at(next(row.s)), `${label} above an S-only breakpoint`).to.equal('NON_SUSCEPTIBLE');
        continue;
      }
      if (row.s !== null && !row.i && !row.sdd) expect(next(row.s), `${label} has no gap`).to.equal(row.r);
      expect(at(row.r), `${label} at R`).to.equal('RESISTANT');
      expect(at(next(row.r)), `${label} above R`).to.equal('RESISTANT');
    }
  });

  it('intrinsic resistance overrides a susceptible MIC: Klebsiella and ampicillin, Enterococcus and cephalosporins (class), VRE and vancomycin', () => {
    const r = sus('Klebsiella', 'Ampicillin', 0.5);
    expect(r).to.include({ intrinsic_susceptibility: 'RESISTANT', interpretation: 'RESISTANT', breakpoint: null });
    expect(r.note).to.match(/EUCAST Expected Resistant Phenotypes, version 1\.2 .*Table 1, Enterobacterales \(Klebsiella pneumoniae\)/);
    expect(sus('Klebsiella', 'ampicillin')).to.include({ interpretation: 'RESISTANT', mic: null });
    expect(sus('Enterococcus_faecalis', 'Rocephin').note).to.match(/third-generation cephalosporins/);
    expect(sus('VRE', 'vancomycin', 1)).to.include({ interpretation: 'RESISTANT' });
    expect(sus('Proteus', 'colistin', 0.5)).to.include({ interpretation: 'RESISTANT' });
  });

  it('no breakpoint is NO_BREAKPOINT with its reason, never SUSCEPTIBLE; without a MIC the interpretation stays null', () => {
    const none = sus('E.coli', 'meropenem', 0.06);
    expect(none).to.include({ intrinsic_susceptibility: 'UNKNOWN', interpretation: 'NO_BREAKPOINT' });
    expect(none.note).to.equal('the shipped CLSI subset holds no Enterobacterales breakpoint for Meropenem (CLSI M100 is licensed: a laboratory loads its table with cpes data import breakpoints; or ask for standard EUCAST)');
    expect(none).to.include({ standard: 'CLSI', standard_version: 'CLSI and FDA MIC breakpoints (shipped subset) 2026-11-25 (shipped subset: CLSI and FDA STIC rows cited per row)' });
    expect(sus('Stenotrophomonas', 'TMP-SMX', 0.5).note).to.match(/no recognized interpretive criteria .* FDA STIC/);
    expect(sus('Candida_albicans', 'fluconazole', 0.5).note).to.match(/antifungal breakpoints/);
    expect(sus('MRSA', 'ofloxacin', 1).interpretation).to.equal('NO_BREAKPOINT'); // the FDA row is for MSSA only
    expect(sus('MSSA', 'ofloxacin', 1).interpretation).to.equal('SUSCEPTIBLE');
    expect(sus('E.coli', 'ciprofloxacin')).to.include({ intrinsic_susceptibility: 'UNKNOWN', interpretation: null });
  });

  it('an MIC off the doubling series is raised to the next dilution; 0.125 is the 0.12 dilution', () => {
    expect(sus('E.coli', 'ciprofloxacin', 0.3)).to.include({ mic: 0.5, interpretation: 'INTERMEDIATE', note: 'MIC 0.3 is off the doubling series; read as the next dilution, 0.5' });
    expect(sus('E.coli', 'ciprofloxacin', 0.26)).to.include({ mic: 0.5 });
    expect(sus('E.coli', 'ciprofloxacin', 0.125)).to.include({ mic: 0.12, note: null });
    expect(sus('E.coli', 'gentamicin', 3)).to.include({ mic: 4, interpretation: 'INTERMEDIATE' });
    expect(sus('MRSA', 'daptomycin', 2)).to.include({ interpretation: 'NON_SUSCEPTIBLE' });
    expect(sus('Proteus', 'tigecycline', 0.5)).to.include({ interpretation: 'RESISTANT', intrinsic_susceptibility: 'RESISTANT' });
  });

  it('unknown organism or antibiotic is not found, naming which input and suggesting; bad arguments are errors', () => {
    expect(sus('Ecolii', 'ciprofloxacin', 1)).to.include({ found: false, unknown_input: 'organism_key' }).and.to.have.deep.property('suggestions', ['E.coli']);
    expect(sus('E.coli', 'ciproflox', 1)).to.include({ found: false, unknown_input: 'antibiotic' });
    expect(sus('E.coli', 'Heparin', 1).note).to.equal('"Heparin" is not an antibiotic in the micro table');
    expect(error('susceptibility', 'E.coli', 'ciprofloxacin', 0)).to.match(/argument 3 'mic_value' must be > 0/);
    expect(error('susceptibility', 'E.coli', 'ciprofloxacin', '0.5')).to.match(/argument 3 'mic_value' must be a number or a null, got string/);
    expect(error('susceptibility', 'E.coli', 'ciprofloxacin', 0.5, 'brain')).to.equal("micro.susceptibility: argument 4 'site' must be one of meningitis, nonmeningitis, oral, parenteral, urine_only, urinary_origin, systemic (or null), got \"brain\"");
    expect(error('susceptibility', 'E.coli', 'ciprofloxacin', 0.5, null, 'BSAC')).to.equal('micro.susceptibility: argument 5 \'standard\' must be "EUCAST" or "CLSI" (or null for the installation\'s default), got "BSAC"');
  });
});

describe('micro: identify, empiric_therapy, gram_stain_ddx, list_organisms', () => {
  it('identify by key or alias with EUCAST expected resistance; not found with suggestions', () => {
    const r = call('identify', 'e_coli');
    expect(r).to.include({ key: 'E.coli', found: true, gram: 'negative', shape: 'bacilli', breakpoint_group: 'Enterobacterales', eucast_group: 'Enterobacterales', coagulase: null });
    expect(r.intrinsic_resistance).to.include('glycopeptides');
    expect(r.intrinsic_resistance_source).to.equal('EUCAST Expected Resistant Phenotypes, version 1.2 (13 January 2023), www.eucast.org, Table 1, Enterobacterales');
    expect(call('identify', 'Bacteroides')).to.include({ intrinsic_resistance_source: null }).and.to.have.deep.property('intrinsic_resistance', []);
    expect(call('identify', 'N. gonorrhoeae').first_line).to.match(/^Ceftriaxone 500 mg IM once/);
    expect(call('identify', 'C.diff')).to.include({ breakpoint_group: null, oxygen: 'anaerobic' });
    expect(call('identify', 'Staph')).to.include({ found: false });
  });

  it('empiric_therapy by key or alias; tiers listed; tiers without verified regimens are empty and say so', () => {
    const cdi = call('empiric_therapy', 'c_diff');
    expect(cdi).to.include({ key: 'CDI', infection: 'Clostridioides difficile infection', found: true });
    expect(cdi.tiers).to.deep.equal(['initial', 'severe', 'recurrent']);
    expect(cdi.initial).to.deep.equal(['Fidaxomicin 200 mg twice daily for 10 days PO', 'Vancomycin 125 mg four times daily for 10 days PO']);
    expect(cdi.regimens.recurrent[0]).to.include({ drug: 'Fidaxomicin', route: 'PO' });
    expect(cdi.note).to.match(/regimens not entered for severe:/);
    expect(call('empiric_therapy', 'pneumonia')).to.include({ key: 'CAP', source: 'ATS/IDSA 2019 (Metlay et al., Am J Respir Crit Care Med 2019;200:e45)' });
    expect(call('empiric_therapy', 'vap').key).to.equal('HAP_VAP');
    expect(call('empiric_therapy', 'malaria')).to.include({ found: false });
  });

  it('gram_stain_ddx accepts the §10.2 spellings and returns table order; other words are errors', () => {
    expect(call('gram_stain_ddx', '+', 'coccus').map((o: any) => o.key)).to.deep.equal(['MRSA', 'MSSA', 'S.aureus', 'Enterococcus_faecalis', 'VRE', 'Strep_pneumo', 'S.epidermidis', 'S.pyogenes', 'S.agalactiae', 'E.faecium']);
    expect(call('gram_stain_ddx', 'Gram-Negative', 'coccobacilli').map((o: any) => o.key)).to.deep.equal(['Acinetobacter', 'H.influenzae']);
    expect(call('gram_stain_ddx', 'neg', 'cocci').map((o: any) => o.key)).to.deep.equal(['N.meningitidis', 'N.gonorrhoeae']);
    expect(call('gram_stain_ddx', 'positive', 'mold').map((o: any) => o.key)).to.deep.equal(['Aspergillus']);
    expect(error('gram_stain_ddx', 'purple', 'cocci')).to.match(/argument 1 'gram' must be positive/);
    expect(error('gram_stain_ddx', 'pos', 'spiral')).to.match(/argument 2 'shape' must be cocci/);
  });

  it('list_organisms returns the 30 keys in table order', () => {
    expect(call('list_organisms')).to.deep.equal(organisms.map((o) => o.key)).and.to.have.length(30);
  });
});

describe('micro tables', () => {
  it('holds every organism key modules.md §10.1 names', () => {
    const keys = ['E.coli', 'Klebsiella', 'Pseudomonas', 'MRSA', 'MSSA', 'S.aureus', 'Enterococcus_faecalis', 'VRE', 'Strep_pneumo', 'C.diff', 'Candida_albicans', 'S.epidermidis',
      'S.pyogenes', 'S.agalactiae', 'E.faecium', 'Proteus', 'Serratia', 'Acinetobacter', 'Stenotrophomonas', 'Bacteroides', 'H.influenzae', 'N.meningitidis', 'N.gonorrhoeae',
      'M.tuberculosis', 'Legionella', 'C.glabrata', 'C.auris', 'Aspergillus', 'Cryptococcus', 'P.jirovecii'];
    expect(organisms.map((o) => o.key)).to.have.members(keys);
  });

  it('every bacterium is read in a EUCAST table or has none (mycobacteria, Legionella and fungi are not in the shipped EUCAST tables)', () => {
    expect(organisms.filter((o) => o.eucast_group === null).map((o) => o.key)).to.have.members(['Candida_albicans', 'M.tuberculosis', 'Legionella', 'C.glabrata', 'C.auris', 'Aspergillus', 'Cryptococcus', 'P.jirovecii']);
    for (const o of organisms) if (o.eucast_group !== null) expect(call('identify', o.key).eucast_group).to.equal(o.eucast_group);
  });

  it('every bacterium with a CLSI group is mapped to one; the rest carry a note', () => {
    const groups = ['Enterobacterales', 'S. aureus', 'coagulase-negative staphylococci', 'Enterococcus', 'S. pneumoniae', 'beta-haemolytic streptococci', 'P. aeruginosa', 'Acinetobacter', 'S. maltophilia', 'H. influenzae', 'N. meningitidis', 'N. gonorrhoeae', 'anaerobes'];
    for (const o of organisms) {
      if (o.breakpoint_group === null) expect(o.breakpoint_note, o.key).to.be.a('string');
      else expect(groups, o.key).to.include(o.breakpoint_group);
    }
    expect(organisms.filter((o) => o.breakpoint_group === null).map((o) => o.key)).to.have.members(['C.diff', 'Candida_albicans', 'M.tuberculosis', 'Legionella', 'C.glabrata', 'C.auris', 'Aspergillus', 'Cryptococcus', 'P.jirovecii']);
    for (const row of rows) expect(groups, row.group).to.include(row.group);
  });

  it('breakpoint rows are on the dilution series, ordered S < SDD/I < R, and name their standard, edition and source', () => {
    for (const row of rows) {
      const values = [row.s, ...(row.i ?? []), ...(row.sdd ?? []), row.r].filter((v) => v !== null);
      for (const v of values) expect(dilutions, `${row.group} ${row.antibiotic}`).to.include(v);
      expect([...values].sort((a, b) => a - b)).to.deep.equal(values);
      for (const field of ['standard', 'edition', 'source']) expect(row[field]).to.be.a('string').and.not.equal('');
    }
  });

  it('the 15 infections with their tiers and aliases', () => {
    const infections = (regimenTable as any).infections as any[];
    expect(infections.map((i) => [i.key, Object.keys(i.tiers)])).to.deep.equal([
      ['CAP', ['mild', 'moderate', 'severe']], ['UTI', ['uncomplicated', 'complicated', 'urosepsis']], ['sepsis', ['empiric', 'if_MRSA', 'if_pseudomonas']],
      ['SSTI', ['purulent', 'non_purulent', 'severe']], ['meningitis', ['empiric_adult', 'empiric_neonate', 'if_listeria']], ['HAP_VAP', ['empiric', 'if_MRSA_risk', 'if_MDR_risk']],
      ['endocarditis', ['native_valve', 'prosthetic_valve', 'if_MSSA']], ['osteomyelitis', ['empiric', 'if_MSSA', 'if_MRSA']], ['CDI', ['initial', 'severe', 'recurrent']],
      ['intra_abdominal', ['mild_moderate', 'severe', 'if_VRE_risk']], ['febrile_neutropenia', ['empiric', 'if_MRSA_risk', 'if_fungal_risk']],
      ['diabetic_foot', ['mild', 'moderate_severe', 'if_MRSA']], ['nec_fasciitis', ['empiric', 'type_II_GAS']], ['pyelonephritis', ['outpatient', 'inpatient', 'severe']],
      ['TB', ['initial_phase', 'continuation', 'MDR_TB']],
    ]);
    for (const [alias, key] of [['uti', 'UTI'], ['urinary_tract_infection', 'UTI'], ['community_acquired_pneumonia', 'CAP'], ['hap', 'HAP_VAP'], ['cellulitis', 'SSTI'],
      ['neutropenic_fever', 'febrile_neutropenia'], ['necrotizing_fasciitis', 'nec_fasciitis'], ['tuberculosis', 'TB']]) {
      expect(call('empiric_therapy', alias!).key, alias).to.equal(key);
    }
  });
});
