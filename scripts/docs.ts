// `npm run docs`: writes docs/library.md from the registry and docs/drugs.md from the pk tables, so the
// references can never disagree with what the service accepts. A test fails when either is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registry } from '../src/runtime/modules/index.js';
import { drugIndexMarkdown, uncheckedRoutes } from '../src/runtime/modules/pk/drug-index.js';
import { libraryReferenceMarkdown } from '../src/runtime/modules/reference.js';

const target = fileURLToPath(new URL('../docs/library.md', import.meta.url));
mkdirSync(fileURLToPath(new URL('../docs/', import.meta.url)), { recursive: true });
writeFileSync(target, libraryReferenceMarkdown(registry));
process.stdout.write(`wrote ${target}\n`);
const drugIndex = fileURLToPath(new URL('../docs/drugs.md', import.meta.url));
writeFileSync(drugIndex, drugIndexMarkdown());
process.stdout.write(`wrote ${drugIndex}\n`);
process.stdout.write(`pk: ${uncheckedRoutes().length} drug routes have neither a usual range nor a verified limit (UNCHECKED)\n`);
