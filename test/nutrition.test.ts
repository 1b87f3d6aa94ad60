import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';

const { call, error } = libraryOf('nutrition');

describe('nutrition.bmi', () => {
  it('70 kg, 175 cm → 22.9 Normal (70 / 1.75² = 22.857)', () => {
    expect(call('bmi', 70, 175)).to.deep.equal({ type: 'NUTR_BMI', bmi: 22.9, category: 'Normal', weight_kg: 70, height_cm: 175 });
  });
  it('WHO classes on the rounded BMI, both sides of every cut (height 100 cm: BMI = weight)', () => {
    const cases: [number, string][] = [
      [18.44, 'Underweight'], [18.46, 'Normal'], // 18.4 / 18.5 after rounding
      [24.94, 'Normal'], [24.96, 'Overweight'], // 24.9 / 25.0
      [29.94, 'Overweight'], [29.96, 'Obese Class I'],
      [34.94, 'Obese Class I'], [34.96, 'Obese Class II'],
      [39.94, 'Obese Class II'], [39.96, 'Obese Class III'],
    ];
    for (const [w, category] of cases) expect(call('bmi', w, 100).category, String(w)).to.equal(category);
  });
  it('argument errors name the parameter', () => {
    expect(error('bmi', 0.2, 170)).to.equal("nutrition.bmi: argument 1 'weight_kg' must be ≥ 0.3, got 0.2");
    expect(error('bmi', 70, 251)).to.equal("nutrition.bmi: argument 2 'height_cm' must be ≤ 250, got 251");
    expect(error('bmi', '70', 170)).to.match(/argument 1 'weight_kg' must be a number, got string/);
  });
});

describe('nutrition body weights', () => {
  it('§23: ideal_body_weight(165, female) → 56.9 (45.5 + 2.3 × (64.96 − 60))', () => {
    expect(call('ideal_body_weight', 165, 'female')).to.deep.equal({ type: 'NUTR_IBW', ibw_kg: 56.9, height_cm: 165, sex: 'F', formula: 'Devine', extrapolated: false });
  });
  it('Devine male 180 cm → 75.0 (50 + 2.3 × 10.87); 152.4 cm is 60 in exactly, not extrapolated; 152 cm is', () => {
    expect(call('ideal_body_weight', 180, 'M').ibw_kg).to.equal(75);
    expect(call('ideal_body_weight', 152.4, 'M')).to.include({ ibw_kg: 50, extrapolated: false });
    // 152 cm = 59.84 in → 50 − 2.3 × 0.157 = 49.64
    expect(call('ideal_body_weight', 152, 'm')).to.include({ ibw_kg: 49.6, extrapolated: true });
  });
  it('below the height where the extended line reaches 0 kg the formula has no answer', () => {
    // female: 60 − 45.5/2.3 = 40.22 in = 102.2 cm
    expect(call('ideal_body_weight', 103, 'F').ibw_kg).to.equal(0.8); // 45.5 − 2.3 × (60 − 40.551)
    expect(error('ideal_body_weight', 100, 'F')).to.match(/^nutrition.ideal_body_weight: the Devine formula gives no positive ideal weight below 102.2 cm/);
    expect(error('ideal_body_weight', 165, 'U')).to.equal("nutrition.ideal_body_weight: argument 'sex' must be 'M', 'F', 'male' or 'female', got \"U\"");
  });
  it('adjusted_body_weight: 100 kg, 180 cm man → 85.0 (75.0 + 0.4 × 25.0), use_adjusted on > 120 % of IBW', () => {
    // IBW 180 cm male = 50 + 2.3 × (70.866 − 60) = 74.99
    expect(call('adjusted_body_weight', 100, 180, 'M')).to.deep.equal({ type: 'NUTR_ADJBW', adjusted_bw_kg: 85, ibw_kg: 75, actual_kg: 100, use_adjusted: true });
    // 152.4 cm man: IBW exactly 50 → 1.2 × IBW = 60
    expect(call('adjusted_body_weight', 60, 152.4, 'M').use_adjusted).to.equal(false);
    expect(call('adjusted_body_weight', 60.1, 152.4, 'M').use_adjusted).to.equal(true);
  });
});

describe('nutrition energy', () => {
  it('§23: harris_benedict(80, 180, 30, M) → 1864 (66.5 + 1100 + 900.54 − 202.65)', () => {
    expect(call('harris_benedict', 80, 180, 30, 'M')).to.deep.equal({ type: 'NUTR_BEE', bee_kcal: 1864, formula: 'Harris-Benedict', weight_kg: 80, height_cm: 180, age: 30, sex: 'M' });
  });
  it('harris_benedict female 60 kg, 165 cm, 40 y → 655.1 + 573.78 + 305.25 − 187.04 = 1347', () => {
    expect(call('harris_benedict', 60, 165, 40, 'female').bee_kcal).to.equal(1347);
  });
  it('mifflin_st_jeor: 80 kg, 180 cm, 30 y man → 1780; same woman → 1614', () => {
    expect(call('mifflin_st_jeor', 80, 180, 30, 'M')).to.deep.equal({ type: 'NUTR_REE', ree_kcal: 1780, formula: 'Mifflin-St Jeor', weight_kg: 80, height_cm: 180, age: 30, sex: 'M' });
    expect(call('mifflin_st_jeor', 80, 180, 30, 'F').ree_kcal).to.equal(1614);
    expect(error('mifflin_st_jeor', 80, 180, 121, 'M')).to.match(/argument 3 'age' must be ≤ 120/);
    // 10 × 0.3 + 6.25 × 30 − 5 × 120 + 5 = −404.5
    expect(error('mifflin_st_jeor', 0.3, 30, 120, 'M')).to.equal('nutrition.mifflin_st_jeor: the equation gives -404 kcal/day for these inputs, which is no answer; it was derived for adults');
    expect(error('harris_benedict', 0.3, 30, 120, 'M')).to.match(/^nutrition.harris_benedict: the equation gives -5\d\d kcal\/day/);
  });
  it('total_energy: 1500 × 1.2 × 1.5 = 2700; defaults sedentary and none', () => {
    expect(call('total_energy', 1500, 'bedrest', 'sepsis')).to.deep.equal({ type: 'NUTR_TEE', tee_kcal: 2700, bee_kcal: 1500, activity_factor: 1.2, stress_factor: 1.5, activity: 'bedrest', stress: 'sepsis' });
    expect(call('total_energy', 1500).tee_kcal).to.equal(1950);
    expect(call('total_energy', 1000, 'very_active', 'burns_60').tee_kcal).to.equal(3800);
    expect(error('total_energy', 1500, 'sedentary', 'sepsis2')).to.match(/argument 3 'stress' must be one of "none", "minor_surgery", .*"burns_60", got "sepsis2"/);
    expect(error('total_energy', 0)).to.match(/argument 1 'bee_kcal' must be > 0/);
  });
});

describe('nutrition.icu_caloric_target', () => {
  it('§23: (70, acute) → 840–1750 kcal, protein 84–140 g (ASPEN 2022)', () => {
    expect(call('icu_caloric_target', 70, 'acute')).to.deep.include({
      phase: 'acute', calorie_target_low: 840, calorie_target_high: 1750, protein_target_g: 84, protein_target_high_g: 140, kcal_per_kg_range: '12-25', protein_g_per_kg: '1.2-2', weight_basis: 'actual', weight_kg: 70,
    });
    expect(call('icu_caloric_target', 70, 'early').phase).to.equal('acute');
    expect(call('icu_caloric_target', 70).calorie_target_low).to.equal(840);
  });
  it('recovery: 25–30 kcal/kg → 1750–2100', () => {
    expect(call('icu_caloric_target', 70, 'recovery')).to.include({ calorie_target_low: 1750, calorie_target_high: 2100, kcal_per_kg_range: '25-30' });
  });
  it('obese: BMI 30–50 on actual weight, > 50 on ideal; protein 2.0 (BMI < 40) or 2.5 g/kg IBW', () => {
    // 170 cm man: IBW 50 + 2.3 × (66.929 − 60) = 65.94 kg
    expect(call('icu_caloric_target', 101.15, 'obese', 170, 'M')).to.include({ calorie_target_low: 1113, calorie_target_high: 1416, protein_target_g: 132, weight_basis: 'actual', protein_g_per_kg: '2' }); // BMI 35.0
    expect(call('icu_caloric_target', 115.6, 'obese', 170, 'M')).to.include({ protein_target_g: 165, protein_g_per_kg: '2.5' }); // BMI 40.0 exactly
    expect(call('icu_caloric_target', 115.5, 'obese', 170, 'M')).to.include({ protein_target_g: 132 }); // BMI 39.97
    expect(call('icu_caloric_target', 144.5, 'obese', 170, 'M')).to.include({ weight_basis: 'actual', calorie_target_low: 1590 }); // BMI 50.0 exactly
    // BMI 50.03: 22–25 kcal/kg × 65.94 kg
    expect(call('icu_caloric_target', 144.6, 'obese', 170, 'M')).to.include({ weight_basis: 'ideal', calorie_target_low: 1451, calorie_target_high: 1648, weight_kg: 65.9, ibw_kg: 65.9 });
  });
  it('obese argument errors: missing height or sex, BMI below 30; unknown phase', () => {
    expect(error('icu_caloric_target', 120, 'obese')).to.equal("nutrition.icu_caloric_target: phase 'obese' needs 'height_cm' and 'sex' (for BMI and ideal weight)");
    expect(error('icu_caloric_target', 86.6, 'obese', 170, 'M')).to.match(/applies from BMI 30, got BMI 29.97;/);
    expect(call('icu_caloric_target', 86.7, 'obese', 170, 'M').phase).to.equal('obese'); // BMI 30.0
    expect(error('icu_caloric_target', 70, 'chronic')).to.match(/argument 2 'phase' must be one of "acute", "early", "recovery", "obese"/);
  });
});

describe('nutrition.tpn_calculate', () => {
  it('70 kg, 1750 kcal, 105 g protein (hand computed)', () => {
    // protein 420 kcal; NPC 1330: dextrose 864.5 kcal / 3.4 = 254.26 g, lipid 465.5 kcal / 10 = 46.55 g
    // GIR 254262/(70 × 1440) = 2.52; volume 1050 + 363.2 + 232.8 = 1646 mL; NPC:N 1330/16.8 = 79.2;
    // lipid 46.55/70 = 0.665, whose double lies below the tie → 0.66
    expect(call('tpn_calculate', 70, 1750, 105)).to.deep.equal({
      type: 'NUTR_TPN', total_kcal: 1750, protein_g: 105, protein_kcal: 420, dextrose_g: 254.3, dextrose_kcal: 864.5, lipid_g: 46.5, lipid_kcal: 465.5,
      lipid_g_per_kg: 0.66, glucose_infusion_rate_mg_kg_min: 2.52, estimated_volume_ml: 1646, npc_n_ratio: 79, npn_ratio: 79, weight_kg: 70,
      gir_safe: true, gir_warning: null, lipid_warning: null,
    });
  });
  it('GIR above 5 mg/kg/min and lipid above 2.5 g/kg/day warn', () => {
    // 10 kg, 2000 kcal, 50 g: NPC 1800 → dextrose 344.1 g → GIR 23.9; lipid 63 g → 6.3 g/kg
    const r = call('tpn_calculate', 10, 2000, 50);
    expect(r).to.include({ gir_safe: false, glucose_infusion_rate_mg_kg_min: 23.9, lipid_g_per_kg: 6.3 });
    expect(r.gir_warning).to.match(/23.9 mg\/kg\/min exceeds 5/);
    expect(r.lipid_warning).to.match(/6.3 g\/kg\/day exceeds 2.5/);
  });
  it('GIR exactly 5 is safe: dextrose 504 g for 70 kg (504000 / 100800)', () => {
    // NPC = 504 × 3.4 / 0.65 = 2636.3077; with 100 g protein the target is 3036.3077
    expect(call('tpn_calculate', 70, 400 + (504 * 3.4) / 0.65, 100)).to.include({ glucose_infusion_rate_mg_kg_min: 5, gir_safe: true, gir_warning: null });
    expect(call('tpn_calculate', 70, 401 + (504 * 3.4) / 0.65, 100).gir_safe).to.equal(false);
  });
  it('protein calories at or above the target are an argument error', () => {
    expect(error('tpn_calculate', 70, 400, 100)).to.match(/^nutrition.tpn_calculate: 'protein_target_g' 100 g gives 400 kcal, which leaves no non-protein calories/);
    expect(error('tpn_calculate', 70, 1500, 0)).to.match(/argument 3 'protein_target_g' must be > 0/);
    expect(error('tpn_calculate', 70, 1500, 1e-320)).to.match(/^nutrition.tpn_calculate: 'calorie_target' and 'protein_target_g' give a result too large/);
  });
});

describe('nutrition.maintenance_fluids', () => {
  it('Holliday–Segar at 10, 20 and 70 kg, with the 4-2-1 rate', () => {
    expect(call('maintenance_fluids', 70)).to.deep.equal({ type: 'NUTR_FLUIDS', daily_volume_ml: 2500, hourly_rate_ml: 104.2, hourly_4_2_1_ml: 110, weight_kg: 70, formula: 'Holliday-Segar' });
    expect(call('maintenance_fluids', 10)).to.include({ daily_volume_ml: 1000, hourly_4_2_1_ml: 40 });
    expect(call('maintenance_fluids', 20)).to.include({ daily_volume_ml: 1500, hourly_rate_ml: 62.5, hourly_4_2_1_ml: 60 });
    expect(call('maintenance_fluids', 3.5)).to.include({ daily_volume_ml: 350, hourly_4_2_1_ml: 14 });
  });
});
