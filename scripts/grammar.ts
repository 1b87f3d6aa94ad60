// `npm run grammar`: writes grammar/diagrams.html, the syntax diagrams Chevrotain draws from the parser
// itself, so the picture can never disagree with the grammar that runs. A test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { syntaxDiagramsHtml } from '../src/parser/diagrams.js';

const target = fileURLToPath(new URL('../grammar/diagrams.html', import.meta.url));
writeFileSync(target, syntaxDiagramsHtml());
process.stdout.write(`wrote ${target}\n`);
