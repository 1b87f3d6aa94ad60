import { expect } from 'chai';
import { ENZYMES, ENZYME_TABLE_SOURCE, PATHWAYS } from '../src/runtime/modules/biochem/tables.js';
import { libraryOf } from './helpers/library.js';

const { call, error } = libraryOf('biochem');
// bovine trypsin on Bz-GPA-pNA: Km 1.56 µM = 0.00156 mM, kcat 0.081 s⁻¹ (the table's cited row)
const KM = 0.00156;

describe('biochem kinetics', () => {
  it('michaelis_menten: at S = Km the rate is half of Vmax; at S = 3 Km three quarters; at S = 0 nothing', () => {
    const r = call('michaelis_menten', 'Trypsin', KM);
    expect(r).to.include({ type: 'BIOCHEM_KINETICS', enzyme: 'Trypsin', found: true, substrate_conc_mM: KM, velocity: 0.0405, vmax: 0.081, km: KM, fraction_vmax: 0.5, note: null });
    expect(r.organism).to.match(/bovine/);
    expect(call('michaelis_menten', 'trypsin', 3 * KM).fraction_vmax).to.equal(0.75);
    expect(call('michaelis_menten', 'Trypsin', 0)).to.include({ velocity: 0, fraction_vmax: 0 });
  });
  it('a source with Km but no Vmax: fraction of Vmax only, velocity null', () => {
    // lizard muscle LDH, pyruvate Km 0.020 mM: S = 0.06 mM → 0.06/0.08 = 0.75
    expect(call('michaelis_menten', 'lactate dehydrogenase', 0.06)).to.include({ enzyme: 'LDH', velocity: null, vmax: null, km: 0.02, fraction_vmax: 0.75 });
  });
  it('alkaline phosphatase (rabbit liver, 4-nitrophenyl phosphate, Km 0.5 mM, Vmax 0.02 mM/min): at S = 1.5 mM, 0.015 mM/min', () => {
    expect(call('michaelis_menten', 'alkaline phosphatase', 1.5)).to.include({ velocity: 0.015, fraction_vmax: 0.75, vmax_unit: 'mM/min (liver extract as assayed)' });
    // Ki 0.9 mM for phosphate: Km,app = 0.5 × (1 + 0.9/0.9) = 1.0; at S = 0.5 rate 0.02 × 0.5/1.5 = 0.0067 vs 0.01 → 33.33 %
    expect(call('competitive_inhibition', 'ALP', 0.5, 0.9, 0.9)).to.include({ km_apparent: 1, velocity_inhibited: 0.0067, velocity_uninhibited: 0.01, percent_inhibition: 33.33 });
  });
  it('an enzyme without published constants: found, every computed value null, a note', () => {
    const r = call('michaelis_menten', 'ALT', 1);
    expect(r).to.include({ enzyme: 'ALT', found: true, substrate_conc_mM: 1, velocity: null, km: null, fraction_vmax: null });
    expect(r.note).to.equal('no published kinetic constants are held for ALT (held for LDH, ALP, ACE, Trypsin, MAO_A, Xanthine_Oxidase)');
  });
  it('not found: found false with suggestions; bad arguments name the parameter', () => {
    expect(call('michaelis_menten', 'LHD', 1)).to.deep.equal({ type: 'BIOCHEM_KINETICS', enzyme: 'LHD', found: false, suggestions: ['LDH'] });
    expect(error('michaelis_menten', 'LDH', -1)).to.equal("biochem.michaelis_menten: argument 2 'substrate_conc' must be ≥ 0, got -1");
  });
  it('lineweaver_burk: 1/Vmax, −1/Km, Km/Vmax and the points in input order', () => {
    // 1/0.081 = 12.345679; −1/0.00156 = −641.025641; 0.00156/0.081 = 0.019259
    // S = 0.001: (Km + S)/(Vmax·S) = 0.00256/0.000081 = 31.604938
    expect(call('lineweaver_burk', 'Trypsin', [0.001, 0.002])).to.deep.include({
      y_intercept: 12.345679, x_intercept: -641.025641, slope: 0.019259,
      data_points: [{ inv_S: 1000, inv_V: 31.604938 }, { inv_S: 500, inv_V: 21.975309 }],
    });
    expect(call('lineweaver_burk', 'Xanthine_Oxidase', [0.043])).to.deep.include({ y_intercept: null, slope: null, x_intercept: -23.255814, data_points: [{ inv_S: 23.2558, inv_V: null }] });
    expect(error('lineweaver_burk', 'Trypsin', [0.001, 0])).to.equal("biochem.lineweaver_burk: argument 2 'substrate_concs' item 1 must be > 0, got 0");
    expect(error('lineweaver_burk', 'Trypsin', [1e-320])).to.match(/^biochem.lineweaver_burk: 'substrate_concs' \(1e-320 mM\) give a result too large/);
    expect(error('lineweaver_burk', 'Trypsin', [])).to.match(/must have at least 1 items/);
  });
  it('competitive_inhibition: I = Ki doubles Km; at S = Km the rate falls by a third', () => {
    // Km,app = 0.043 × 2 = 0.086; Vi/V0 = (0.043 + 0.043)/(0.086 + 0.043) = 2/3
    expect(call('competitive_inhibition', 'Xanthine_Oxidase', 0.043, 0.06, 0.06)).to.include({ inhibition_type: 'competitive', km_apparent: 0.086, percent_inhibition: 33.33, velocity_inhibited: null });
    expect(call('enzyme_inhibition', 'Trypsin', KM, 0, 1)).to.include({ percent_inhibition: 0, velocity_inhibited: 0.0405, velocity_uninhibited: 0.0405 });
    expect(error('competitive_inhibition', 'Trypsin', 1, 1)).to.equal("biochem.competitive_inhibition: argument 4 'ki' is required (inhibition constant Ki)");
    expect(error('competitive_inhibition', 'Trypsin', 1, 1, 0)).to.match(/argument 4 'ki' must be > 0/);
    expect(error('competitive_inhibition', 'Trypsin', 1, 1e6, 1e-320)).to.match(/'inhibitor_conc' and 'ki' give a result too large/);
    expect(error('competitive_inhibition', 'Trypsin', 0, 1, 1)).to.match(/argument 2 'substrate_conc' must be > 0/);
  });
});

describe('biochem enzymes and pathways', () => {
  it('get_enzyme: identity from ENZYME, kinetics null where no paper is held', () => {
    const r = call('get_enzyme', 'sgot');
    expect(r).to.include({ found: true, name: 'AST', ec_number: '2.6.1.1', accepted_name: 'Aspartate aminotransferase', km: null, inhibitors: null });
    expect(r.reaction).to.equal('L-aspartate + 2-oxoglutarate = oxaloacetate + L-glutamate.');
    expect(call('get_enzyme', 'xanthine oxidase')).to.include({ km: 0.043, optimal_ph: 8.4, optimal_temp: 37, substrate: 'xanthine', product: 'urate' });
    expect(call('get_enzyme', 'zymase')).to.include({ found: false, name: 'zymase' });
  });
  it('list_enzymes: the 25 enzymes of §12 in table order', () => {
    expect(call('list_enzymes')).to.deep.equal([
      'LDH', 'CK', 'ALT', 'AST', 'ALP', 'Amylase', 'Lipase', 'ACE', 'GGT', 'Cholinesterase', 'Trypsin', 'Pepsin', 'Carbonic_Anhydrase',
      'Thrombin', 'Renin', 'Tyrosine_Kinase', 'COX1', 'COX2', 'MAO_A', 'MAO_B', 'Aldolase', 'HMG_CoA_Reductase', 'Xanthine_Oxidase', 'DNA_Polymerase', 'RNA_Polymerase',
    ]);
  });
  it('get_pathway: the row with its steps; aliases resolve', () => {
    const r = call('pathway_lookup', 'TCA cycle');
    expect(r).to.include({ type: 'BIOCHEM_PATHWAY', found: true, name: 'krebs', net_nadh: 3, net_fadh2: 1, per: 'acetyl-CoA' });
    expect(r.steps).to.have.length(8);
    expect(call('get_pathway', 'glycolysis').steps.reduce((sum: number, s: any) => sum + s.atp_change, 0)).to.equal(2);
    expect(call('get_pathway', 'glycolisis')).to.deep.equal({ type: 'BIOCHEM_PATHWAY', found: false, name: 'glycolisis', suggestions: ['glycolysis'] });
  });
  it('atp_yield (P/O 2.5 and 1.5): glycolysis 7 per glucose, Krebs 10 per acetyl-CoA, β-oxidation 4 per cycle', () => {
    expect(call('atp_yield', 'glycolysis')).to.deep.equal({ type: 'BIOCHEM_ATP', pathway: 'glycolysis', found: true, cycles: 1, substrate_level_atp: 2, from_nadh: 5, from_fadh2: 0, total_atp: 7, per: 'glucose', defined: true, note: null });
    expect(call('atp_yield', 'krebs', 2)).to.include({ substrate_level_atp: 2, from_nadh: 15, from_fadh2: 3, total_atp: 20 });
    expect(call('atp_yield', 'beta_oxidation', 7).total_atp).to.equal(28); // palmitoyl-CoA: 7 cycles
    expect(call('atp_yield', 'gluconeogenesis').total_atp).to.equal(-11); // −6 ATP/GTP − 2 NADH × 2.5
    expect(call('atp_yield', 'urea_cycle').total_atp).to.equal(-4);
  });
  it('atp_yield: the electron transport chain has no defined yield; errors and misses', () => {
    expect(call('atp_yield', 'oxidative phosphorylation')).to.include({ pathway: 'electron_transport_chain', defined: false, total_atp: null, from_nadh: null });
    expect(error('atp_yield', 'krebs', 0)).to.match(/argument 2 'cycles' must be ≥ 1/);
    expect(error('atp_yield', 'krebs', 1.5)).to.match(/argument 2 'cycles' must be an integer/);
    expect(call('atp_yield', 'calvin')).to.include({ found: false });
  });
  it('table build checks: 25 enzymes from a recorded ENZYME release, kinetics with organism and source, 8 pathways', () => {
    expect(ENZYMES).to.have.length(25);
    expect(ENZYME_TABLE_SOURCE.sha256).to.match(/^[0-9a-f]{64}$/);
    for (const e of ENZYMES) {
      expect(e.ec_number, e.name).to.match(/^\d+\.\d+\.\d+\.\d+$/);
      expect(e.source).to.match(/^ExPASy ENZYME 27\.0/);
      if (e.kinetics) {
        expect(e.kinetics.organism, e.name).to.be.a('string').and.not.empty;
        expect(e.kinetics.source, e.name).to.be.a('string').and.not.empty;
        expect(e.kinetics.km, e.name).to.be.above(0);
      }
    }
    expect(PATHWAYS.map((p) => p.name)).to.deep.equal(['glycolysis', 'krebs', 'beta_oxidation', 'urea_cycle', 'pentose_phosphate', 'gluconeogenesis', 'fatty_acid_synthesis', 'electron_transport_chain']);
    for (const p of PATHWAYS.filter((x) => x.yield_defined)) {
      expect(p.steps.reduce((sum, s) => sum + (s.atp_change ?? 0), 0), p.name).to.equal(p.net_atp);
    }
  });
});

describe('biochem acid–base and osmolality', () => {
  it('ph_buffer: acetate pKa 4.76 at equal concentrations and at base:acid 10:1', () => {
    expect(call('ph_buffer', 4.76, 0.1, 0.1)).to.equal(4.76);
    expect(call('ph_buffer', 4.76, 0.01, 0.1)).to.equal(5.76);
    expect(call('ph_buffer', 6.1, 1.2, 24)).to.equal(7.4); // bicarbonate: 6.1 + log10(20) = 7.401
    expect(error('ph_buffer', 4.76, 0, 0.1)).to.match(/argument 2 'acid_conc' must be > 0/);
    expect(error('ph_buffer', 4.76, 1e-320, 1000)).to.match(/^biochem.ph_buffer: 'acid_conc' and 'base_conc' give a result too large/);
  });
  it('serum_osmolality: 2 × 140 + 90/18 + 14/2.8 = 290; 275 and 295 are normal, just outside is not', () => {
    expect(call('serum_osmolality', 140, 90, 14)).to.deep.equal({ type: 'BIOCHEM_OSMOLALITY', osmolality: 290, status: 'NORMAL', normal_range: '275-295 mOsm/kg', measured_osm: null, osmolal_gap: null, gap_status: null });
    expect(call('serum_osmolality', 134.5, 90, 2.8)).to.include({ osmolality: 275, status: 'NORMAL' });
    expect(call('serum_osmolality', 134.45, 90, 2.8)).to.include({ osmolality: 274.9, status: 'LOW' });
    expect(call('serum_osmolality', 144.5, 90, 2.8)).to.include({ osmolality: 295, status: 'NORMAL' });
    expect(call('serum_osmolality', 144.55, 90, 2.8)).to.include({ osmolality: 295.1, status: 'HIGH' });
  });
  it('osmolal gap: 10 is normal, above 10 elevated', () => {
    expect(call('serum_osmolality', 140, 90, 14, 300)).to.include({ osmolal_gap: 10, gap_status: 'NORMAL' });
    expect(call('serum_osmolality', 140, 90, 14, 300.1)).to.include({ osmolal_gap: 10.1, gap_status: 'ELEVATED' });
    expect(error('serum_osmolality', 140, 90, 14, 100)).to.match(/argument 4 'measured_osm' must be ≥ 150/);
  });
  it('anion_gap: 8 and 12 are normal; albumin 2.0 adds 5 (Figge)', () => {
    expect(call('anion_gap', 140, 104, 24)).to.deep.equal({ type: 'BIOCHEM_ANION_GAP', anion_gap: 12, anion_gap_corrected: null, status: 'NORMAL', normal_range: '8-12 mEq/L' });
    expect(call('anion_gap', 140, 103.9, 24)).to.include({ anion_gap: 12.1, status: 'ELEVATED' });
    expect(call('anion_gap', 136, 104, 24)).to.include({ anion_gap: 8, status: 'NORMAL' });
    expect(call('anion_gap', 135.9, 104, 24)).to.include({ anion_gap: 7.9, status: 'LOW' });
    expect(call('anion_gap', 140, 104, 24, 2.0)).to.include({ anion_gap: 12, anion_gap_corrected: 17, status: 'ELEVATED' });
    expect(call('anion_gap', 136, 106, 24, 4.8)).to.include({ anion_gap: 6, anion_gap_corrected: 4, status: 'LOW' });
    expect(error('anion_gap', 140, 104, 0)).to.match(/argument 3 'bicarb' must be ≥ 1/);
  });
});
