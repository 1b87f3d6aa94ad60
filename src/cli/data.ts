// `cpes data import|list|remove`: the operator's data packs in the data directory (licensed or site-owned
// reference data that cpes does not ship). Running servers use a change from their next request.
import { registry } from '../runtime/modules/index.js';
import { importPack, readIndex, removePack } from '../runtime/packs/store.js';
import { PackError, type PackKind } from '../runtime/packs/types.js';

const USAGE = `usage:
  cpes data import KIND FILE [FILE2] [--data-dir DIR]
                                                validate FILE (and FILE2 for kinds that take one) completely,
                                                then install it as KIND's next version
  cpes data list [--data-dir DIR]               installed packs with version, file, checksum and rows
  cpes data remove KIND [--data-dir DIR]        uninstall KIND (the shipped default, or nothing, answers again)
kinds:
${registry.packKinds.map((k) => `  ${k.kind.padEnd(18)} ${k.summary}${k.companion ? `\n  ${''.padEnd(18)} FILE2 (optional): ${k.companion}` : ''}`).join('\n')}
(--data-dir defaults to $CPES_DATA_DIR or ./data; running servers pick a change up on their next request)`;

function parse(argv: string[]): { positional: string[]; dataDir: string } {
  const positional: string[] = [];
  let dataDir = process.env.CPES_DATA_DIR || './data';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir' || arg.startsWith('--data-dir=')) {
      const value = arg.includes('=') ? arg.slice('--data-dir='.length) : argv[++i];
      if (!value) throw new PackError('--data-dir needs a value');
      dataDir = value;
    } else if (arg.startsWith('--')) throw new PackError(`unknown option '${arg}'`);
    else positional.push(arg);
  }
  return { positional, dataDir };
}

function kindOrError(name: string | undefined): PackKind {
  const kind = name === undefined ? undefined : registry.packKind(name);
  if (!kind) throw new PackError(`${name === undefined ? 'no kind given' : `unknown kind '${name}'`}; kinds: ${registry.packKinds.map((k) => k.kind).join(', ')}`);
  return kind;
}

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 1 : 0;
  }
  try {
    const { positional, dataDir } = parse(argv);
    const [command, ...rest] = positional;
    switch (command) {
      case 'import': {
        if (rest.length < 2 || rest.length > 3) throw new PackError('import needs a KIND and a FILE (and a second FILE for kinds that read one)');
        const meta = importPack(dataDir, kindOrError(rest[0]), rest[1]!, new Date(), rest[2]);
        const companion = meta.companion ? ` with ${meta.companion.file_name} (sha256 ${meta.companion.sha256})` : '';
        process.stdout.write(
          `imported ${meta.kind} v${meta.version} from ${meta.file_name}${companion}: ${meta.rows} rows${meta.label ? `, ${meta.label}` : ''}, sha256 ${meta.sha256}\n` +
            'running servers use it from their next request\n',
        );
        return 0;
      }
      case 'list': {
        if (rest.length) throw new PackError('list takes no arguments');
        const packs = Object.values(readIndex(dataDir).packs);
        if (packs.length === 0) {
          process.stdout.write(`no data packs installed in ${dataDir}\n`);
          return 0;
        }
        const header = ['KIND', 'VERSION', 'ROWS', 'FILE', 'LABEL', 'IMPORTED', 'SHA256'];
        const lines = packs.map((p) => [p.kind, `v${p.version}`, String(p.rows), p.file_name, p.label ?? '-', p.imported_at, p.sha256]);
        const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
        for (const line of [header, ...lines]) process.stdout.write(line.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd() + '\n');
        return 0;
      }
      case 'remove': {
        if (rest.length !== 1) throw new PackError('remove needs exactly one KIND');
        const meta = removePack(dataDir, kindOrError(rest[0]).kind);
        process.stdout.write(`removed ${meta.kind} v${meta.version} (${meta.file_name}); running servers stop using it from their next request\n`);
        return 0;
      }
      default:
        throw new PackError(command === undefined ? 'no command given' : `unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof PackError) {
      process.stderr.write(`cpes data: ${error.message}\n${error.problems.length ? '' : `${USAGE}\n`}`);
      return 1;
    }
    throw error;
  }
}
