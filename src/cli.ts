#!/usr/bin/env node
// The `cpes` command: one subcommand per file under cli/, loaded only when used.
import { WORKER_ROLE_ARGUMENT } from './http/pool/messages.js';

const commands: Record<string, { summary: string; load: () => Promise<{ main(argv: string[]): Promise<number> }> }> = {
  check: { summary: 'check protocol files for syntax and compile errors', load: () => import('./cli/check.js') },
  run: { summary: 'run a protocol and print its log, alerts or the /v1/run JSON', load: () => import('./cli/run.js') },
  serve: { summary: 'serve the HTTP API', load: () => import('./cli/serve.js') },
  conformance: { summary: 'run the conformance fixtures against a deployment', load: () => import('./cli/conformance.js') },
  keys: { summary: 'create, list and revoke API keys', load: () => import('./cli/keys.js') },
  backup: { summary: 'copy the key store to a file while the server runs', load: async () => (await import('./cli/backup.js')).backup },
  restore: { summary: 'replace the key store with a backup (server stopped)', load: async () => (await import('./cli/backup.js')).restore },
  store: { summary: 'copy a SQLite store into PostgreSQL (store migrate --from FILE --to URL)', load: () => import('./cli/store.js') },
  research: { summary: 'rotate the research de-identification secret', load: () => import('./cli/research.js') },
  data: { summary: 'import, list and remove data packs (SNOMED CT map, laboratory ranges)', load: () => import('./cli/data.js') },
  version: { summary: 'print the engine, API, Node.js and reference table versions', load: () => import('./cli/version.js') },
  lsp: { summary: 'language server for editors over stdio: diagnostics, completion, hover, signatures', load: () => import('./cli/lsp.js') },
  docs: { summary: "print the protocol language reference or the library's functions (language | library)", load: () => import('./cli/docs.js') },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`);
  return (
    `usage: cpes <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'cpes <command> --help' for a command's options.\n` +
    "The protocol language: 'cpes docs language' (docs/language.md); the library's functions: 'cpes docs library' (docs/library.md)."
  );
}

async function dispatch(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === WORKER_ROLE_ARGUMENT) {
    // the single executable started by its own worker pool (src/http/pool): it runs protocols over IPC until the parent goes away
    await import('./http/pool/worker.js');
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 1 : 0;
  }
  const command = commands[name === '--version' ? 'version' : name];
  if (!command) {
    process.stderr.write(`cpes: unknown command '${name}'\n\n${usage()}\n`);
    return 1;
  }
  return (await command.load()).main(rest);
}

// A reader that closes the pipe early (`cpes docs library | head`) ends the output, not with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

dispatch(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`cpes: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
