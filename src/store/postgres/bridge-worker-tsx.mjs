// From a checkout run through tsx (tests, `npx tsx src/cli.ts`): worker threads of Node 20 do not inherit
// tsx's loader, so the bridge's thread registers it before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./bridge-worker.ts');
