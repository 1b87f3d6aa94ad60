import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { RESERVED_WORDS, CONTEXTUAL_KEYWORDS } from '../src/lexer/tokens.js';
import { registry } from '../src/runtime/modules/index.js';
import { drugIndexMarkdown } from '../src/runtime/modules/pk/drug-index.js';
import { libraryReferenceMarkdown } from '../src/runtime/modules/reference.js';
import { UNIT_SPELLINGS } from '../src/units/index.js';
import { cpes } from './helpers/cli.js';

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('documentation in the repository', () => {
  it('docs/library.md is what the registry generates now (run `npm run docs` after library changes)', () => {
    expect(read('docs/library.md') === libraryReferenceMarkdown(registry), 'docs/library.md is stale: run npm run docs').to.equal(true);
  });

  it('docs/drugs.md is what the pk tables generate now (run `npm run docs` after drug table changes)', () => {
    expect(read('docs/drugs.md') === drugIndexMarkdown(), 'docs/drugs.md is stale: run npm run docs').to.equal(true);
    expect(read('docs/library.md')).to.contain('[drugs.md](drugs.md)');
  });

  it('docs/library.md names every function, alias and parameter', () => {
    const text = read('docs/library.md');
    for (const f of registry.functions()) {
      expect(text).to.contain(`### \`med.${f.module}.${f.name}\``);
      for (const alias of f.aliases ?? []) expect(text).to.contain(`\`${alias}\``);
      for (const p of f.params) expect(text).to.contain(`\`${p.name}\``);
    }
  });

  it('docs/language.md lists the reserved words, the contextual keywords and every unit spelling', () => {
    const text = read('docs/language.md');
    const reserved = /Only these thirteen words are \*\*reserved\*\*/.test(text);
    expect(reserved).to.equal(true);
    expect(RESERVED_WORDS).to.have.length(13);
    for (const word of RESERVED_WORDS) expect(text).to.contain(`\`${word}\``);
    for (const word of CONTEXTUAL_KEYWORDS) expect(text).to.match(new RegExp(`\\b${word}\\b`));
    for (const unit of UNIT_SPELLINGS) expect(text, unit).to.contain(`\`${unit}\``);
  });

  it('the README and cpes --help send authors to the docs, not to a file outside the product', () => {
    const readme = read('README.md');
    expect(readme).to.contain('docs/language.md');
    expect(readme).to.contain('docs/library.md');
    expect(readme).to.not.contain('../shared/spec/language.md');
    const help = cpes(['--help']);
    expect(help.stdout).to.match(/docs\/language\.md/);
    expect(help.stdout).to.match(/docs\/library\.md/);
    // the references ship inside the product: cpes docs prints them (also from the single executable)
    const language = cpes(['docs', 'language']);
    expect([language.status, language.stdout]).to.deep.equal([0, read('docs/language.md')]);
    expect(cpes(['docs', 'library']).stdout).to.equal(read('docs/library.md'));
    const wrong = cpes(['docs', 'grammar']);
    expect([wrong.status, wrong.stderr]).to.deep.equal([1, wrong.stderr]);
    expect(wrong.stderr).to.match(/^usage: cpes docs language\|library/);
  });
});
