// `cpes keys create|list|revoke`: manage API keys in the store: the data directory's SQLite file, or
// PostgreSQL with --store (every instance on that database sees a change on its next request).
import { openKeyStore, storeLocation, StoreError, StoreUnavailableError, type KeyStore } from '../store/index.js';
import { TIERS } from '../store/tiers.js';

const USAGE = `usage:
  cpes keys create --owner ORG --tier ${TIERS.map((t) => t.id).join('|')} [--data-dir DIR | --store URL]
  cpes keys list [--data-dir DIR | --store URL]
  cpes keys revoke PREFIX [--data-dir DIR | --store URL]
(--data-dir defaults to $CPES_DATA_DIR or ./data; --store postgres://… to $CPES_STORE)`;

function parse(argv: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      const value = inline ?? argv[++i];
      if (value === undefined) throw new StoreError(`--${name} needs a value`);
      flags.set(name, value);
    } else positional.push(arg);
  }
  return { positional, flags };
}

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 1 : 0;
  }
  let store: KeyStore | null = null;
  try {
    const { positional, flags } = parse(argv);
    const [command, ...rest] = positional;
    for (const name of flags.keys()) {
      if (!['owner', 'tier', 'data-dir', 'store'].includes(name)) throw new StoreError(`unknown option '--${name}'`);
    }
    const dataDir = flags.get('data-dir') ?? process.env.CPES_DATA_DIR ?? './data';
    const location = storeLocation(flags.get('store') ?? process.env.CPES_STORE, dataDir, 1);
    const open = (): Promise<KeyStore> => openKeyStore(location);
    switch (command) {
      case 'create': {
        const owner = flags.get('owner');
        const tier = flags.get('tier');
        if (!owner || !tier || rest.length) throw new StoreError('create needs --owner ORG and --tier TIER');
        store = await open();
        const { key, prefix } = await store.createKey(owner, tier);
        process.stdout.write(`${key}\n`);
        process.stderr.write(`created key ${prefix}… for '${owner}' (tier ${tier}); it is shown only now\n`);
        return 0;
      }
      case 'list': {
        store = await open();
        const rows = await store.listKeys();
        const header = ['PREFIX', 'OWNER', 'TIER', 'CREATED', 'REVOKED', 'THIS MONTH'];
        const lines = rows.map((k) => [k.prefix, k.owner, k.tier, k.created, k.revoked ?? '-', String(k.requests_this_month)]);
        const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
        for (const line of [header, ...lines]) process.stdout.write(line.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd() + '\n');
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) throw new StoreError('revoke needs exactly one key prefix');
        store = await open();
        const revoked = await store.revokeKey(rest[0]!);
        process.stdout.write(`revoked ${revoked.prefix} (owner ${revoked.owner})\n`);
        return 0;
      }
      default:
        throw new StoreError(command === undefined ? 'no command given' : `unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof StoreError) {
      process.stderr.write(`cpes keys: ${error.message}\n${USAGE}\n`);
      return 1;
    }
    if (error instanceof StoreUnavailableError) {
      process.stderr.write(`cpes keys: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await store?.close();
  }
}
