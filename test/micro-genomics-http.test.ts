import { expect } from 'chai';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { checkProtocol } from '../src/engine/index.js';

const quiet = (): void => {};

async function request(base: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(base + path, init);
  return { status: response.status, body: await response.json() };
}

describe('micro and genomics over HTTP and in the checker', function () {
  this.timeout(30_000);
  let server: RunningServer;
  let base: string;

  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 1500, maxQueue: 2, heapMb: 128, dev: true }, quiet);
    base = server.url;
  });
  after(async () => server.close());

  it('GET /modules and /health count both modules; /openapi.json describes their parameters', async () => {
    const modules = await request(base, '/modules');
    expect(modules.body.modules.micro).to.deep.equal(['identify', 'susceptibility', 'empiric_therapy', 'gram_stain_ddx', 'list_organisms']);
    expect(modules.body.modules.genomics).to.include.members(['get_phenotype', 'metabolizer_status', 'interaction_check', 'translate']);
    const health = await request(base, '/health');
    expect(health.body.modules).to.equal(modules.body.module_count);
    const openapi = await request(base, '/openapi.json');
    expect(openapi.body['x-library-functions']['micro.susceptibility'].parameters.map((p: any) => p.name)).to.deep.equal(['organism_key', 'antibiotic', 'mic_value', 'site', 'standard']);
    expect(openapi.body['x-library-functions']['genomics.dosing_guidance'].parameters[2]).to.include({ name: 'genotype', required: true });
  });

  it('POST /call answers with the specified fields and 400 for a bad argument', async () => {
    const ok = await request(base, '/call', { module: 'micro', function: 'susceptibility', args: ['Strep_pneumo', 'penicillin', 0.12], kwargs: { site: 'meningitis' } });
    expect(ok.status).to.equal(200);
    expect(Object.keys(ok.body.result)).to.deep.equal(['type', 'organism', 'antibiotic', 'standard', 'standard_version', 'found', 'unknown_input', 'suggestions', 'intrinsic_susceptibility', 'mic', 'interpretation', 'breakpoint', 'by_site', 'note']);
    expect(ok.body.result).to.include({ interpretation: 'RESISTANT', standard: 'EUCAST', standard_version: 'EUCAST Clinical Breakpoint Tables v. 15.0 (valid from 2025-01-01)' });
    const phenotype = await request(base, '/call', { module: 'genomics', function: 'metabolizer_status', args: ['CYP2D6', '*1/*1x2'] });
    expect(Object.keys(phenotype.body.result)).to.deep.equal(['type', 'gene', 'found', 'genotype', 'activity_score', 'phenotype', 'phenotype_full', 'unknown_alleles', 'source']);
    const bad = await request(base, '/call', { module: 'genomics', function: 'get_phenotype', args: ['CYP2D6', '*1-*2'] });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.match(/^genomics\.get_phenotype: argument 2 'genotype'/);
  });

  it('the checker knows both modules: arity and unknown functions are compile errors', () => {
    const diagnostics = checkProtocol('protocol P {\n    let a = med.micro.identify();\n    let b = med.genomics.get_phenotyp("CYP2D6", "*1/*1");\n}\n');
    expect(diagnostics.map((d) => d.message).join('\n')).to.match(/takes 1 argument/).and.to.match(/did you mean 'med\.genomics\.get_phenotype'/);
  });
});
