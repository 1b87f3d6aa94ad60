// biochem, epi, nutrition and fhir through the live HTTP API: listed, described, callable, checked at compile time.
import { expect } from 'chai';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { errorsOf } from './helpers/diagnostics.js';

const CALLABLE = {
  biochem: ['michaelis_menten', 'lineweaver_burk', 'competitive_inhibition', 'get_pathway', 'atp_yield', 'get_enzyme', 'list_enzymes', 'ph_buffer', 'serum_osmolality', 'anion_gap', 'delta_gap', 'enzyme_inhibition', 'pathway_lookup'],
  epi: ['r0', 'sir_model', 'seir_model', 'incidence_rate', 'prevalence', 'cfr', 'herd_immunity', 'disease_params'],
  nutrition: ['bmi', 'ideal_body_weight', 'adjusted_body_weight', 'harris_benedict', 'mifflin_st_jeor', 'total_energy', 'icu_caloric_target', 'tpn_calculate', 'maintenance_fluids', 'bsa', 'target_weight', 'body_surface_area'],
  fhir: ['to_fhir', 'to_patient', 'from_fhir', 'search_url', 'medication_request', 'condition', 'to_json', 'to_bundle', 'to_medication_request'],
};

describe('library IV over HTTP (biochem, epi, nutrition, fhir)', function () {
  this.timeout(30_000);
  let server: RunningServer;
  let base: string;
  const get = async (path: string): Promise<any> => (await fetch(base + path)).json();
  const call = async (body: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(`${base}/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };

  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 2, heapMb: 256, dev: true }, () => {});
    base = server.url;
  });
  after(async () => server.close());

  it('/modules lists every function and alias; /health counts the modules', async () => {
    const listing = await get('/modules');
    for (const [module, names] of Object.entries(CALLABLE)) expect(listing.modules[module], module).to.deep.equal(names);
    expect((await get('/health')).modules).to.equal(listing.module_count);
  });

  it('/openapi.json describes every parameter with its unit and the result fields', async () => {
    const functions = (await get('/openapi.json'))['x-library-functions'];
    expect(functions['nutrition.bmi'].parameters[0]).to.include({ name: 'weight_kg', unit: 'kg', required: true, minimum: 0.3 });
    expect(functions['epi.sir_model'].parameters[4]).to.include({ name: 'days', default: 100, maximum: 3650, required: false });
    expect(functions['biochem.competitive_inhibition'].aliases).to.deep.equal(['enzyme_inhibition']);
    expect(functions['fhir.from_fhir'].result.fields.map((f: { name: string }) => f.name)).to.include.members(['temp', 'glucose', 'warnings']);
    for (const module of Object.keys(CALLABLE)) {
      for (const [name, fn] of Object.entries<any>(functions).filter(([key]) => key.startsWith(`${module}.`))) {
        expect(fn.sources, name).to.not.be.empty;
        for (const p of fn.parameters) expect(p.description, `${name} ${p.name}`).to.be.a('string').and.not.empty;
      }
    }
  });

  it('POST /call runs each module and answers 400 naming the argument', async () => {
    expect((await call({ module: 'nutrition', function: 'bmi', args: [70, 175] })).body.result.bmi).to.equal(22.9);
    expect((await call({ module: 'epi', function: 'cfr', kwargs: { deaths: 3, confirmed_cases: 7 } })).body.result.cfr_percent).to.equal(42.857);
    expect((await call({ module: 'biochem', function: 'ph_buffer', args: [6.1, 1.2, 24] })).body.result).to.equal(7.4);
    const condition = await call({ module: 'fhir', function: 'condition', args: ['A41.9', 'Sepsis'] });
    expect(condition.body.result.resourceType).to.equal('Condition');
    const bad = await call({ module: 'fhir', function: 'from_fhir', args: [{ resourceType: 'Observation' }] });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.match(/^fhir.from_fhir: argument 1 'bundle' must be a FHIR Bundle/);
    const typo = await call({ module: 'epi', function: 'sir_model', args: [10000, 10, 0.3, 0.1], kwargs: { dayz: 30 } });
    expect(typo.body.error).to.equal("epi.sir_model: unknown parameter 'dayz'; did you mean 'days'?");
  });

  it('protocols are checked against the same registry at compile time', () => {
    expect(errorsOf('protocol P { let x = med.nutrition.bmii(70, 175); }')[0]!.message).to.match(/did you mean 'med.nutrition.bmi'/);
    expect(errorsOf('protocol P { let x = med.epi.sir_model(100, 1, 0.3, 0.1, 30, 1); }')[0]!.message).to.match(/takes 4 to 5 arguments but is given 6/);
    expect(errorsOf('protocol P { let x = med.fhir.to_bundle({"hr": 80}); }')).to.deep.equal([]);
  });
});
