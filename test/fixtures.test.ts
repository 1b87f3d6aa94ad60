import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { judge, loadFixtures } from '../src/cli/fixtures.js';
import { runProtocol } from '../src/engine/index.js';

const dir = fileURLToPath(new URL('../fixtures', import.meta.url));
const fixtures = await loadFixtures(dir);

describe('conformance fixtures through the engine', () => {
  it('has fixtures for statements, errors and units', () => {
    expect(fixtures.length).to.be.greaterThan(30);
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: ${fixture.description}`, () => {
      const outcome = runProtocol(fixture.code, fixture.patient as never);
      const status = outcome.kind === 'invalid' ? 400 : 200;
      expect(judge(fixture.expect, status, outcome.body as never)).to.deep.equal([]);
    });
  }

  it('the judge reports every kind of difference', () => {
    const problems = judge(
      { status: 200, success: true, events: ['[1] LOG: b', '[1] LOG: a'], alerts: [], error: '^x$', diagnostics: [{ line: 1, column: 2 }], events_dropped: 0 },
      400,
      { success: false, events: [{ event: '[1] LOG: a' }, { event: '[1] LOG: b' }], alerts: [{}], error: 'y', diagnostics: [], stats: {} },
    );
    expect(problems).to.have.length(7);
  });
});
