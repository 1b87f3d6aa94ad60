// Issue 25: the README's MedCalc-Bench table has exactly the 55 names of the issue, one row each, and every
// function it names is listed by GET /v1/modules and answers POST /v1/call.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { startServer, type RunningServer } from '../src/cli/serve.js';

const MEDCALC_BENCH = [
  'Creatinine Clearance (Cockcroft-Gault Equation)', 'CKD-EPI Equations for Glomerular Filtration Rate', 'CHA2DS2-VASc Score for Atrial Fibrillation Stroke Risk',
  'Mean Arterial Pressure (MAP)', 'Body Mass Index (BMI)', 'Calcium Correction for Hypoalbuminemia', "Wells' Criteria for Pulmonary Embolism", 'MDRD GFR Equation',
  'Ideal Body Weight', 'QTc Bazett Calculator', 'Estimated Due Date', 'Child-Pugh Score for Cirrhosis Mortality', "Wells' Criteria for DVT",
  'Revised Cardiac Risk Index for Pre-Operative Risk', 'HEART Score for Major Cardiac Events', 'Fibrosis-4 (FIB-4) Index for Liver Fibrosis',
  'Centor Score (Modified/McIsaac) for Strep Pharyngitis', 'Glasgow Coma Score (GCS)', 'Maintenance Fluids Calculations', 'MELD Na (UNOS/OPTN)',
  'Steroid Conversion Calculator', 'HAS-BLED Score for Major Bleeding Risk', 'Sodium Correction for Hyperglycemia', 'Glasgow-Blatchford Bleeding Score (GBS)',
  'APACHE II Score', 'PSI Score: Pneumonia Severity Index for CAP', 'Serum Osmolality', 'HOMA-IR (Homeostatic Model Assessment for Insulin Resistance)',
  'Charlson Comorbidity Index (CCI)', 'FeverPAIN Score for Strep Pharyngitis', 'Caprini Score for Venous Thromboembolism (2005)', 'Free Water Deficit', 'Anion Gap',
  'Fractional Excretion of Sodium (FENa)', 'Sequential Organ Failure Assessment (SOFA) Score', 'LDL Calculated', 'CURB-65 Score for Pneumonia Severity',
  'Framingham Risk Score for Hard Coronary Heart Disease', 'PERC Rule for Pulmonary Embolism', 'Morphine Milligram Equivalents (MME) Calculator', 'SIRS Criteria',
  'QTc Fridericia Calculator', 'QTc Framingham Calculator', 'QTc Hodges Calculator', 'QTc Rautaharju Calculator', 'Body Surface Area Calculator', 'Target weight',
  'Adjusted Body Weight', 'Delta Gap', 'Delta Ratio', 'Albumin Corrected Anion Gap', 'Albumin Corrected Delta Gap', 'Albumin Corrected Delta Ratio',
  'Estimated of Conception', 'Estimated Gestational Age',
];

interface Row {
  name: string;
  module: string;
  fn: string;
  source: string;
}

function readmeRows(): Row[] {
  const text = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const rows: Row[] = [];
  for (const line of text.split('\n')) {
    const match = /^\| (.+?) \| med\.([a-z0-9_]+)\.([a-z0-9_]+) \| (.+) \|$/.exec(line);
    if (match) rows.push({ name: match[1]!, module: match[2]!, fn: match[3]!, source: match[4]! });
  }
  return rows;
}

describe('README: the MedCalc-Bench calculators (issue 25)', function () {
  this.timeout(30_000);
  let server: RunningServer;

  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 1500, maxQueue: 2, heapMb: 128, dev: true }, () => {});
  });
  after(async () => server.close());

  it('has exactly the 55 names of the issue, once each, each with a source', () => {
    const rows = readmeRows();
    expect(MEDCALC_BENCH).to.have.length(55);
    expect(rows.map((r) => r.name)).to.have.members(MEDCALC_BENCH);
    expect(rows).to.have.length(55);
    for (const row of rows) expect(row.source.trim(), row.name).to.match(/\w{3,}/);
  });

  it('every function in the table is listed by GET /v1/modules', async () => {
    const listing = (await (await fetch(`${server.url}/modules`)).json()) as { module_count: number; modules: Record<string, string[]> };
    expect(listing.module_count).to.equal(19);
    const missing = readmeRows().filter((r) => !(listing.modules[r.module] ?? []).includes(r.fn)).map((r) => `${r.name}: med.${r.module}.${r.fn}`);
    expect(missing).to.deep.equal([]);
  });

  it('POST /v1/call answers a new calculator and names a bad parameter', async () => {
    const call = async (body: unknown) => {
      const response = await fetch(`${server.url}/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as any };
    };
    const ok = await call({ module: 'lab', function: 'creatinine_clearance', args: [60, 72, 'M', 88.4], kwargs: { creatinine_unit: 'umol/L' } });
    expect(ok.status).to.equal(200);
    expect(ok.body.result).to.include({ crcl_ml_min: 80, creatinine_unit: 'umol/L' });
    const bad = await call({ module: 'signal', function: 'qtc', args: [400, 75], kwargs: { formula: 'bazet' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.match(/^signal.qtc: argument 3 'formula' must be one of/);
  });
});
