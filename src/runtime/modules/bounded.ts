// Functions proven bounded (issue 29's rule, issue 30's /call path): the only library functions the HTTP
// server may run on its own event loop. Each is a scalar score or formula with no state and no loop over
// caller-sized input, so its work is bounded by its declared parameter limits; test/bounded-functions.test.ts
// shows each one's work at the largest input the server runs in process. Every other function, and any
// call whose body is larger than BOUNDED_CALL_MAX_BYTES, runs in a pool worker under the run time limit.

/** The largest /v1/call body (bytes of JSON text) the server answers in process: it bounds every input, a patient's fields included. */
export const BOUNDED_CALL_MAX_BYTES = 4096;

/** `module.function` of each bounded function (canonical names; aliases follow them). */
export const BOUNDED_FUNCTIONS: readonly string[] = [
  // patient scores: fixed sets of named fields; the strict field check walks at most a 4 KiB patient
  ...[
    'qsofa', 'sofa', 'news2', 'cha2ds2_vasc', 'heart_score', 'framingham', 'meld', 'child_pugh', 'curb65', 'wells_pe',
    'glasgow_blatchford', 'kdigo_aki', 'apache_ii', 'has_bled', 'wells_dvt', 'perc', 'rcri', 'centor', 'feverpain',
    'sirs', 'fib4', 'psi', 'framingham_hard_chd', 'gcs', 'due_date', 'conception_date', 'gestational_age',
  ].map((name) => `scores.${name}`),
  ...['abg_interpret', 'corrected_calcium', 'corrected_sodium', 'fena', 'ldl_calculated'].map((name) => `lab.${name}`),
  ...[
    'hba1c_from_glucose', 'glucose_from_hba1c', 'gmi', 'carb_ratio', 'correction_dose', 'basal_rate', 'sliding_scale',
    'dka_check', 'hypo_check', 'homa_ir',
  ].map((name) => `glucose.${name}`),
  ...['spo2_from_ratio', 'perfusion_index', 'mean_arterial_pressure'].map((name) => `signal.${name}`),
  ...['bmi', 'total_energy', 'tpn_calculate', 'maintenance_fluids', 'bsa', 'target_weight'].map((name) => `nutrition.${name}`),
  ...['incidence_rate', 'prevalence', 'cfr', 'herd_immunity'].map((name) => `epi.${name}`),
  'biochem.ph_buffer',
  'chem.lipinski_check',
  'chem.admet_screen',
  'research.sample_size',
];
