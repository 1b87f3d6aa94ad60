import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { syntaxDiagramsHtml } from '../src/parser/diagrams.js';

describe('grammar artifacts', () => {
  it('grammar/diagrams.html is what the parser generates now (run `npm run grammar` after grammar changes)', () => {
    const committed = readFileSync(new URL('../grammar/diagrams.html', import.meta.url), 'utf8');
    expect(committed === syntaxDiagramsHtml(), 'grammar/diagrams.html is stale: run npm run grammar').to.equal(true);
  });
});
