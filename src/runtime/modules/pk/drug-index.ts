// docs/drugs.md (issue 24 item 4): every shipped drug with the names it answers to, its routes and what
// the table knows about it, generated from the tables by `npm run docs` so it cannot drift from them.
import { recordOf, conditionVocabulary, contraindicationRecords } from './contraindications.js';
import { abbreviations, drugs, interactions, rxnormNamesOf, tdmOf, type Drug } from './table.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const list = (items: readonly string[]): string => (items.length ? items.map((i) => cell(i)).join(', ') : '—');

type Block = { usual_high: number | null; usual_by_weight?: unknown; usual_by_bsa?: unknown; max_single?: unknown; max_rate?: unknown };

/** A block has a usual range: the top of a fixed one, a per-kg or per-m² one, or for a bolus the drug's usual daily total. */
const hasUsualRange = (d: Drug, kind: string, block: Block): boolean =>
  block.usual_high !== null || block.usual_by_weight !== undefined || block.usual_by_bsa !== undefined || (kind === 'bolus' && d.usual_daily !== undefined);

/**
 * Issue 22: a dosing block is checked when it has the top of a usual range (ten times it is the hard limit;
 * a per-kg range, or for a bolus the drug's usual daily total, counts) or a verified maximum of its kind.
 */
function blockChecked(d: Drug, kind: 'bolus' | 'infusion', block: Block): boolean {
  const limit = kind === 'bolus' ? block.max_single : block.max_rate;
  return hasUsualRange(d, kind, block) || limit !== null;
}

/** The drug routes a dose check still answers UNCHECKED for: no dosing, or a block with neither a usual range nor a limit. */
export function uncheckedRoutes(rows: readonly Drug[] = drugs.drugs): { drug: string; route: string }[] {
  return rows.flatMap((d) =>
    d.routes
      .filter((route) => {
        const blocks = Object.entries(d.dosing[route] ?? {}) as unknown as ['bolus' | 'infusion', Block][];
        return blocks.length === 0 || blocks.some(([kind, block]) => !blockChecked(d, kind, block));
      })
      .map((route) => ({ drug: d.name, route })),
  );
}

/** Each dosing block of each route: its usual range and whether its limit is verified (null = not verified). */
function dosingText(d: Drug): string {
  const parts: string[] = [];
  for (const [route, blocks] of Object.entries(d.dosing)) {
    for (const [kind, block] of Object.entries(blocks ?? {}) as unknown as [string, Record<string, unknown>][]) {
      const limit = block.max_single ?? block.max_rate ?? null;
      const usual = hasUsualRange(d, kind, block as unknown as Block) ? 'usual range' : 'no usual range';
      parts.push(`${route} ${kind} (${usual}; ${limit === null ? 'limit not verified' : limit === 'none' ? 'no label limit' : 'limit'})`);
    }
  }
  return parts.length ? parts.join('; ') : 'none';
}

const adjustmentText = (value: unknown): string => (value === null ? 'none needed' : value === 'see_label' ? 'not verified' : 'bands');

function contraindicationText(d: Drug): string {
  const record = recordOf(d.name);
  if (!record) return 'no record';
  if ('unread' in record) return 'not verified';
  return `${record.partial ? 'partly read' : 'read'}: ${record.read.section} (${record.conditions.length} conditions)`;
}

function drugRow(d: Drug): string {
  const rx = rxnormNamesOf(d.name);
  const names = [...d.aliases, ...(rx?.synonym ? [rx.synonym] : []), ...(rx?.brands ?? [])];
  const known = [
    `dosing: ${dosingText(d)}`,
    `renal: ${adjustmentText(d.renal)}`,
    `hepatic: ${adjustmentText(d.hepatic)}`,
    `contraindications: ${contraindicationText(d)}`,
    ...(tdmOf(d) ? ['drug levels (TDM)'] : []),
  ];
  return `| \`${d.name}\` | ${d.rxcui ?? '—'} | ${list(names)} | ${d.routes.join(', ')} | ${cell(known.join('; '))} | ${list(d.interaction_classes)} |`;
}

/** A drug's label Contraindications section was read whole (not in part, not unread). */
const readInFull = (d: Drug): boolean => {
  const r = recordOf(d.name);
  return r !== undefined && !('unread' in r) && !r.partial;
};

/**
 * Issue 24's measure: the drugs with both a dose check on every route (every dosing block has a usual range
 * or a verified limit) and their label Contraindications section read in full.
 */
export function checkedAndReadInFull(rows: readonly Drug[] = drugs.drugs, unchecked = uncheckedRoutes(rows)): Drug[] {
  const open = new Set(unchecked.map((u) => u.drug));
  return rows.filter((d) => readInFull(d) && !open.has(d.name));
}

export function drugIndexMarkdown(): string {
  const rows = drugs.drugs;
  const unchecked = uncheckedRoutes(rows);
  const read = rows.filter((d) => { const r = recordOf(d.name); return r !== undefined && !('unread' in r); });
  const whole = read.filter(readInFull);
  const checkedWhole = checkedAndReadInFull(rows, unchecked);
  const out = [
    '# The drug index',
    '',
    '<!-- Generated from the pk tables by `npm run docs`; do not edit by hand. -->',
    '',
    `The ${rows.length} drugs the \`pk\` module ships (table ${drugs.name} ${drugs.version}), the names each answers to, its routes`,
    'and what the table knows about it. A site formulary pack (`cpes data import formulary`) and `register_drug`',
    'add drugs; [library.md](library.md) describes the functions.',
    '',
    '## How names are matched',
    '',
    '- Case, spaces, hyphens, underscores, `/`, `+`, `&` and the word "and" between the parts of a combination are',
    '  ignored: `PiperacillinTazobactam`, `piperacillin/tazobactam`, `Piperacillin and Tazobactam` and',
    '  `Piperacillin_Tazobactam` are one name, and a combination written in the other order (`tazobactam/piperacillin`)',
    '  is found too.',
    '- A drug answers to its table name, its aliases, its RxNorm ingredient name and the US brand names RxNorm links',
    '  to products of exactly that ingredient in a form its routes cover (generated by `scripts/data/rxnorm-names.ts`).',
    '- The abbreviations below resolve to the drug their expansion names, wherever that drug comes from.',
    '- A name that resolves to nothing gets up to five close names (`suggestions`), also in the `administer` event.',
    '',
    '| Abbreviation | Expansion | Source |',
    '|---|---|---|',
    ...abbreviations.abbreviations.map((a) => `| \`${a.abbreviation}\` | ${cell(a.expansion)} | ${cell(a.source)} |`),
    '',
    '## Contraindications and rules',
    '',
    `${whole.length} of ${rows.length} drugs have the conditions of their label's Contraindications section verified, and`,
    `${read.length - whole.length} more were read only in part (${contraindicationRecords.name} ${contraindicationRecords.version}); for a condition`,
    'a partial reading does not name, and for any drug not read, `check_contraindications` answers',
    '`null` with the conditions it could not check, never `false`. The vocabulary of conditions and the rule format are',
    `described in [drug-data.md](drug-data.md); the vocabulary holds ${Object.keys(conditionVocabulary.conditions).length} conditions and`,
    `the interaction table ${interactions.rules.length} rules.`,
    '',
    `${checkedWhole.length} of ${rows.length} drugs have both a dose check on every route (a usual range or a verified limit for`,
    'every dosing block) and their label Contraindications section read in full.',
    '',
    '## Drug routes a dose check cannot judge yet',
    '',
    `${unchecked.length} of ${rows.reduce((n, d) => n + d.routes.length, 0)} drug routes have a dosing block with neither the top of a usual range nor a verified`,
    'limit, so a dose by them answers `UNCHECKED` (issue 22; the goal is none):',
    '',
    unchecked.length ? unchecked.map((u) => `\`${u.drug}\` ${u.route}`).join(', ') : 'none',
    '',
    '## Drugs',
    '',
    '"limit not verified" and "not verified" mean the table does not claim the value. A block with a usual range',
    'is bounded by ten times its top where no limit is verified; one with neither answers `UNCHECKED`, and a',
    'contraindication check answers `null` where the label was not read.',
    '',
    '| Drug | RxNorm | Also answers to | Routes | What is known | Interaction classes |',
    '|---|---|---|---|---|---|',
    ...rows.map(drugRow),
    '',
    '## Label sections read',
    '',
    '| Drug | Label | Section | Copy read | Date |',
    '|---|---|---|---|---|',
    ...read.map((d) => {
      const r = recordOf(d.name) as { read: { label: string; section: string; copy: string; date: string; set_id: string | null; version: string | null } };
      const setId = r.read.set_id ? ` (set id ${r.read.set_id}${r.read.version ? ` v${r.read.version}` : ''})` : '';
      return `| \`${d.name}\` | ${cell(r.read.label + setId)} | ${cell(r.read.section)} | ${cell(r.read.copy)} | ${r.read.date} |`;
    }),
    '',
  ];
  return out.join('\n');
}
