// `cpes lsp` driven over stdio as an editor drives it: initialize, open, change, complete, hover,
// signature help, definition, shutdown.
import { expect } from 'chai';
import { cpes } from './helpers/cli.js';
import { LspClient } from './helpers/lsp-client.js';

/** The text without its `|` marker, and the marker's line and character (0-based, as LSP counts). */
function cursor(marked: string): { text: string; position: { line: number; character: number } } {
  const at = marked.indexOf('|');
  const before = marked.slice(0, at).split('\n');
  return { text: marked.slice(0, at) + marked.slice(at + 1), position: { line: before.length - 1, character: before[before.length - 1]!.length } };
}

describe('cpes lsp', function () {
  this.timeout(120_000);
  let client: LspClient;
  let opened = 0;

  /** Opens a new document and waits for its first diagnostics. */
  async function open(text: string): Promise<{ uri: string; diagnostics: any[] }> {
    const uri = `file:///work/protocol-${++opened}.moiss`;
    client.notifyServer('textDocument/didOpen', { textDocument: { uri, languageId: 'moiss', version: 1, text } });
    const published = await client.nextNotification('textDocument/publishDiagnostics', (p) => p.uri === uri);
    return { uri, diagnostics: published.diagnostics };
  }

  async function at(method: string, marked: string): Promise<any> {
    const { text, position } = cursor(marked);
    const { uri } = await open(text);
    return client.request(method, { textDocument: { uri }, position });
  }

  before(async () => {
    client = new LspClient();
    const init = await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    expect(init.capabilities).to.deep.include({ hoverProvider: true, definitionProvider: true });
    expect(init.capabilities.completionProvider.triggerCharacters).to.include('.');
    expect(init.capabilities.signatureHelpProvider.triggerCharacters).to.include('(');
    client.notifyServer('initialized', {});
  });

  after(() => client.kill());

  it('publishes the checker diagnostics as the author types, and clears them once fixed', async () => {
    const { uri, diagnostics: all } = await open('protocol P {\n    let score = 1;\n    let band = scroe + 1;\n    alert "band " + band;\n}\n');
    const diagnostics = all.filter((d: any) => d.severity === 1);
    expect(diagnostics).to.have.length(1);
    // 'score' is never read while the typo stands: a warning beside the error
    expect(all.filter((d: any) => d.severity === 2).map((d: any) => d.range.start)).to.deep.equal([{ line: 1, character: 4 }]);
    expect(diagnostics[0]).to.deep.include({ severity: 1, source: 'cpes', range: { start: { line: 2, character: 15 }, end: { line: 2, character: 20 } } });
    expect(diagnostics[0].message).to.equal("unknown name 'scroe'; did you mean 'score'?");
    expect(diagnostics[0].data).to.deep.equal({ suggestion: 'score' });
    // the suggestion as a quick fix that replaces the misspelt name
    const actions = await client.request('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics } });
    expect(actions).to.deep.equal([
      { title: "Replace with 'score'", kind: 'quickfix', diagnostics, isPreferred: true, edit: { changes: { [uri]: [{ range: diagnostics[0].range, newText: 'score' }] } } },
    ]);
    client.notifyServer('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 15 }, end: { line: 2, character: 20 } }, text: 'score' }],
    });
    const fixed = await client.nextNotification('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 2);
    expect(fixed.diagnostics).to.deep.equal([]);
    // legal but probably wrong: a warning, not an error
    const { diagnostics: warned } = await open('protocol P {\n    let unused = 1;\n}\n');
    expect(warned.map((d: any) => d.severity)).to.deep.equal([2]);
    expect(warned[0].range.start).to.deep.equal({ line: 1, character: 4 });
    // a syntax error while typing: the missing semicolon is reported at its line
    client.notifyServer('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text: 'protocol P {\n    let score = 1\n    alert "x";\n}\n' }] });
    const broken = await client.nextNotification('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 3);
    expect(broken.diagnostics[0].message).to.match(/expected ';'/);
    expect(broken.diagnostics[0].range.start.line).to.be.oneOf([1, 2]);
  });

  it('completes modules after med. and functions with parameters and units after med.<module>.', async () => {
    const modules = await at('textDocument/completion', 'protocol P {\n    let s = med.|\n}');
    expect(modules.map((i: any) => i.label)).to.include.members(['scores', 'pk', 'lab', 'moiss']);
    expect(modules.find((i: any) => i.label === 'scores').kind).to.equal(9); // Module
    const functions = await at('textDocument/completion', 'protocol P {\n    let s = med.pk.calc|\n}');
    const dose = functions.find((i: any) => i.label === 'calculate_dose');
    expect(dose.kind).to.equal(3); // Function
    expect(dose.detail).to.equal('med.pk.calculate_dose(drug_name: string, weight_kg: number kg, dose_per_kg: number | null?, route: string | null?, indication: string | null?, every_h: number | null h?, patient: object | null?) → PK_DOSE record');
    expect(dose.documentation.value).to.include('**Sources**');
  });

  it('completes patient fields after p., result fields after a variable holding a declared result, and drugs after administer', async () => {
    const patient = await at('textDocument/completion', 'protocol P {\n    input: Patient p;\n    let w = p.|\n}');
    expect(patient.find((i: any) => i.label === 'weight')).to.deep.include({ detail: 'kg', documentation: 'unit kg; default 70' });
    expect(patient.find((i: any) => i.label === 'creatinine').detail).to.equal('mg/dL');
    const result = await at('textDocument/completion', 'protocol P {\n    input: Patient p;\n    let r = med.pk.calculate_dose("Vancomycin", p.weight);\n    let t = r.|\n}');
    expect(result.map((i: any) => i.label)).to.include.members(['total_dose', 'unit', 'level', 'is_safe']);
    // a variable that holds no library result offers nothing rather than guesses
    expect(await at('textDocument/completion', 'protocol P {\n    let n = 3;\n    let t = n.|\n}')).to.deep.equal([]);
    const drugs = await at('textDocument/completion', 'protocol P {\n    input: Patient p;\n    administer Vanc|\n}');
    expect(drugs.map((i: any) => i.label)).to.include.members(['Vancomycin', 'Heparin']);
    expect(drugs.find((i: any) => i.label === 'Vancomycin').detail).to.match(/routes .*IV/);
  });

  it("hovers with a function's description, parameters, result and sources", async () => {
    const hover = await at('textDocument/hover', 'protocol P {\n    input: Patient p;\n    let s = med.scores.qs|ofa(p);\n}');
    expect(hover.contents.kind).to.equal('markdown');
    expect(hover.contents.value).to.include('med.scores.qsofa(patient: patient, detail: boolean?) → integer');
    expect(hover.contents.value).to.include('quick SOFA');
    expect(hover.contents.value).to.include('**Result**: integer');
    expect(hover.contents.value).to.include('Seymour et al., JAMA 2016;315:762-774');
    const field = await at('textDocument/hover', 'protocol P {\n    input: Patient p;\n    let w = p.wei|ght;\n}');
    expect(field.contents.value).to.equal('**p.weight** (kg): unit kg; default 70');
    expect(await at('textDocument/hover', 'protocol P {\n    let w = 3|;\n}')).to.equal(null);
  });

  it('gives signature help with the active parameter, for library and protocol functions', async () => {
    const help = await at('textDocument/signatureHelp', 'protocol P {\n    input: Patient p;\n    let r = med.pk.calculate_dose("Vancomycin, (IV)", |\n}');
    expect(help.signatures[0].label).to.match(/^med\.pk\.calculate_dose\(drug_name: string, weight_kg: number kg/);
    expect(help.activeParameter).to.equal(1);
    expect(help.signatures[0].parameters[1]).to.deep.include({ label: 'weight_kg: number kg' });
    const own = await at('textDocument/signatureHelp', 'function triage(score, floor) {\n    return score + floor;\n}\nprotocol P {\n    let t = triage(max([1, 2]), |\n}');
    expect(own).to.deep.include({ activeParameter: 1 });
    expect(own.signatures[0].label).to.equal('triage(score, floor)');
  });

  it("goes to a protocol function's definition", async () => {
    const { text, position } = cursor('import med.scores;\n\nfunction triage(score) {\n    return score;\n}\nprotocol P {\n    let t = tri|age(2);\n}');
    const { uri } = await open(text);
    const location = await client.request('textDocument/definition', { textDocument: { uri }, position });
    expect(location).to.deep.equal({ uri, range: { start: { line: 2, character: 9 }, end: { line: 2, character: 15 } } });
    expect(await client.request('textDocument/definition', { textDocument: { uri }, position: { line: 6, character: 8 } })).to.equal(null);
  });

  it('shuts down and exits when the editor says so', async () => {
    expect(await client.request('shutdown', null)).to.equal(null);
    client.notifyServer('exit', null);
    expect(await client.exited()).to.equal(0);
  });

  it('refuses an unknown option with its usage, and explains itself with --help', () => {
    const wrong = cpes(['lsp', '--tcp']);
    expect([wrong.status, wrong.stderr.split('\n')[0]]).to.deep.equal([1, "cpes lsp: unknown option '--tcp'"]);
    const help = cpes(['lsp', '--help']);
    expect([help.status, help.stdout.split('\n')[0]]).to.deep.equal([0, 'usage: cpes lsp [--stdio]']);
  });
});
