// `npm run docs`: writes docs/library.md from the registry, so the library reference can never
// disagree with the functions the service accepts. A test fails when it is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registry } from '../src/runtime/modules/index.js';
import { libraryReferenceMarkdown } from '../src/runtime/modules/reference.js';

const target = fileURLToPath(new URL('../docs/library.md', import.meta.url));
mkdirSync(fileURLToPath(new URL('../docs/', import.meta.url)), { recursive: true });
writeFileSync(target, libraryReferenceMarkdown(registry));
process.stdout.write(`wrote ${target}\n`);
