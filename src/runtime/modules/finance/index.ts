// modules.md §18: a billing ledger for one run, priced from the installation's price list, in integer
// cents. Charges that must outlive the run go through db.log_billing.
import { suggestNames } from '../../../util/names.js';
import { ArgumentError, type CallContext, type FunctionSpec, type JsonObject, type ModuleDef, type ResultField } from '../types.js';
import { normalizeCode, priceList, type PriceEntry, type PriceList } from './price-list.js';

/** A bound on one run's ledger, so a runaway loop cannot grow it without limit. */
const MAX_LEDGER_LINES = 10_000;

interface LedgerLine {
  seq: number;
  entry: PriceEntry;
  rationale: string;
  time: string;
}

const ledgerOf = (ctx: CallContext): LedgerLine[] => ctx.state.slot('finance', () => [] as LedgerLine[]);
const dollars = (cents: number): number => cents / 100;
const totalCents = (ledger: readonly LedgerLine[]): number => ledger.reduce((sum, line) => sum + line.entry.cents, 0);

/** The installed price list; a replacement file that cannot be loaded is reported, never priced as $0. */
function listFor(label: string): PriceList {
  try {
    return priceList();
  } catch (error) {
    throw new ArgumentError(`${label}: the installation's price list is unusable (${(error as Error).message}); ask the operator to fix it`);
  }
}

function priceOf(code: string, label: string, where: string): PriceEntry {
  const list = listFor(label);
  const entry = list.byCode.get(normalizeCode(code));
  if (entry) return entry;
  const near = suggestNames(code, list.byCode.keys());
  throw new ArgumentError(
    `${label}: ${where} '${code}' is not in the price list (${list.name} ${list.version})` + (near.length ? `; did you mean ${near.map((c) => `'${c}'`).join(', ')}?` : ''),
  );
}

const SOURCE = "the installation's price list (cpes serve --price-list); shipped: MOISSCode's placeholder prices, price_source 'placeholder'";

const code: ResultField = { name: 'code', type: 'string', description: 'the CPT or HCPCS code as the price list writes it' };
const desc: ResultField = { name: 'desc', type: 'string', description: "the price list's description of the code" };
const price: ResultField = { name: 'price', type: 'number', unit: 'USD', description: 'the price of one line' };
const total: ResultField = { name: 'total', type: 'number', unit: 'USD', description: "the sum of this run's ledger" };

const fn = (spec: Omit<FunctionSpec, 'state' | 'sources'>): FunctionSpec => ({ ...spec, state: 'run', sources: [SOURCE] });

const finance: ModuleDef = {
  name: 'finance',
  description: "A billing ledger for one run, priced from the installation's price list (integer cents).",
  functions: [
    fn({
      name: 'bill',
      aliases: ['bill_cpt'],
      description: "Adds a priced line to this run's ledger; a code not in the price list is refused with suggestions.",
      params: [
        { name: 'code', type: ['string', 'integer'], minimum: 0, maxLength: 20, description: 'CPT or HCPCS code; an integer is read as its digits (99291)' },
        { name: 'rationale', type: 'string', default: '', maxLength: 500, description: 'why it is billed' },
      ],
      result: {
        type: 'FINANCE_EVENT',
        description: 'the line billed',
        fields: [
          code,
          desc,
          price,
          { name: 'rationale', type: 'string', description: 'why it is billed, as given' },
          { ...total, description: "the sum of this run's ledger with this line" },
          { name: 'price_source', type: 'string', description: "where the price comes from (the shipped list says 'placeholder')" },
        ],
      },
      impl: (a, ctx) => {
        const entry = priceOf(String(a.code), 'finance.bill', "argument 1 'code'");
        const ledger = ledgerOf(ctx);
        if (ledger.length >= MAX_LEDGER_LINES) throw new ArgumentError(`finance.bill: this run's ledger already holds ${MAX_LEDGER_LINES} lines (the limit)`);
        ledger.push({ seq: ledger.length + 1, entry, rationale: a.rationale as string, time: ctx.now().toISOString() });
        return {
          type: 'FINANCE_EVENT',
          code: entry.code,
          desc: entry.description,
          price: dollars(entry.cents),
          rationale: a.rationale as string,
          total: dollars(totalCents(ledger)),
          price_source: entry.price_source,
        };
      },
    }),
    fn({
      name: 'get_total',
      description: "The sum of this run's ledger in USD (0 on /call, whose ledger starts empty).",
      params: [],
      result: { bare: 'number', unit: 'USD', description: "the sum of this run's ledger" },
      impl: (_a, ctx) => dollars(totalCents(ledgerOf(ctx))),
    }),
    fn({
      name: 'get_ledger',
      description: "A copy of this run's ledger in billing order.",
      params: [],
      result: {
        bare: 'array',
        description: 'the lines in billing order',
        items: {
          type: 'object',
          description: 'one ledger line',
          fields: [
            { name: 'seq', type: 'integer', description: 'the line number, from 1' },
            code,
            desc,
            price,
            { name: 'rationale', type: 'string', description: 'why it was billed' },
            { name: 'time', type: 'string', description: 'when it was billed (ISO 8601, UTC)' },
          ],
        },
      },
      impl: (_a, ctx) =>
        ledgerOf(ctx).map((l) => ({ seq: l.seq, code: l.entry.code, desc: l.entry.description, price: dollars(l.entry.cents), rationale: l.rationale, time: l.time })),
    }),
    fn({
      name: 'estimate_cost',
      description: 'Prices a list of codes without recording them; unknown codes are listed, not priced.',
      params: [{ name: 'codes', type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 500, description: 'CPT or HCPCS codes' }],
      result: {
        type: 'FINANCE_ESTIMATE',
        description: 'the codes priced, nothing recorded',
        fields: [
          { name: 'items', type: 'array', description: 'the codes found, in the order given', items: { type: 'object', description: 'one priced code', fields: [code, desc, price] } },
          { name: 'unknown_codes', type: 'array', description: 'the codes not in the price list, as given', items: { type: 'string', description: 'a code' } },
          { ...total, description: 'the sum of the codes found' },
        ],
      },
      impl: (a) => {
        const list = listFor('finance.estimate_cost');
        const items: JsonObject[] = [];
        const unknown: string[] = [];
        let cents = 0;
        for (const code of a.codes as string[]) {
          const entry = list.byCode.get(normalizeCode(code));
          if (!entry) {
            unknown.push(code);
            continue;
          }
          cents += entry.cents;
          items.push({ code: entry.code, desc: entry.description, price: dollars(entry.cents) });
        }
        return { type: 'FINANCE_ESTIMATE', items, unknown_codes: unknown, total: dollars(cents) };
      },
    }),
    fn({
      name: 'summary',
      description: "Line count, total and per-code amounts of this run's ledger (codes in order of first billing).",
      params: [],
      result: {
        type: 'FINANCE_SUMMARY',
        description: "this run's ledger summed",
        fields: [
          { name: 'count', type: 'integer', description: 'lines in the ledger' },
          total,
          {
            name: 'by_code',
            type: 'array',
            description: 'each code in order of first billing',
            items: {
              type: 'object',
              description: 'one code',
              fields: [code, { name: 'count', type: 'integer', description: 'lines of this code' }, { name: 'amount', type: 'number', unit: 'USD', description: 'the sum of its lines' }],
            },
          },
        ],
      },
      impl: (_a, ctx) => {
        const ledger = ledgerOf(ctx);
        const byCode = new Map<string, { count: number; cents: number }>();
        for (const line of ledger) {
          const row = byCode.get(line.entry.code) ?? { count: 0, cents: 0 };
          row.count += 1;
          row.cents += line.entry.cents;
          byCode.set(line.entry.code, row);
        }
        return {
          type: 'FINANCE_SUMMARY',
          count: ledger.length,
          total: dollars(totalCents(ledger)),
          by_code: [...byCode].map(([code, r]) => ({ code, count: r.count, amount: dollars(r.cents) })),
        };
      },
    }),
  ],
};

export default finance;
