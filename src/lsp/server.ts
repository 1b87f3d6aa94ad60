// `cpes lsp`: a Language Server Protocol server over stdio. Diagnostics are the engine's check (the
// same as `cpes check` and POST /v1/check); completion, hover and signature help read the registry's
// declarations (library-info.ts) at positions found in the text (text-context.ts).
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  MarkupKind,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type Connection,
  type Diagnostic,
  type Hover,
  type Location,
  type SignatureHelp,
} from 'vscode-languageserver/node';
import { checkCode } from '../engine/index.js';
import {
  drugNames,
  functionMarkdown,
  functionsOf,
  libraryFunction,
  moduleDescription,
  moduleNames,
  parameterLabel,
  patientFields,
  resultFields,
  signatureLabel,
  type FieldInfo,
} from './library-info.js';
import { boundLibraryCall, completionContext, dottedNameAt, enclosingCall, functionDefinitions, patientVariable } from './text-context.js';

/** The checker's diagnostics as LSP ones: 1-based inclusive ends become 0-based exclusive ones. */
export function lspDiagnostics(text: string): Diagnostic[] {
  return checkCode(text).diagnostics.map((d) => ({
    range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn } },
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: 'cpes',
    message: d.message,
    ...(d.suggestion === undefined ? {} : { data: { suggestion: d.suggestion } }),
  }));
}

/** The fields reachable through `chain` (`p`, `r`, `r.dose_check`), or null when the chain names nothing known. */
function fieldsOf(text: string, chain: string[], offset: number): FieldInfo[] | null {
  const [root, ...path] = chain;
  if (root === undefined) return null;
  if (path.length === 0 && root === patientVariable(text, offset)) return patientFields();
  const bound = boundLibraryCall(text, root, offset);
  const fn = bound && libraryFunction(bound.module, bound.callable);
  if (!fn) return null;
  let fields = resultFields(fn);
  for (const step of path) {
    const next = fields.find((f) => f.name === step);
    if (!next) return null;
    fields = [...next.fields];
  }
  return fields;
}

function fieldItem(f: FieldInfo): CompletionItem {
  return { label: f.name, kind: CompletionItemKind.Field, detail: f.detail, documentation: f.description || undefined };
}

function complete(text: string, offset: number): CompletionItem[] {
  const context = completionContext(text, offset);
  if (!context) return [];
  switch (context.kind) {
    case 'module':
      return moduleNames().map((name) => ({ label: name, kind: CompletionItemKind.Module, detail: moduleDescription(name) }));
    case 'function':
      return functionsOf(context.module).map(({ callable, fn }) => ({
        label: callable,
        kind: CompletionItemKind.Function,
        detail: signatureLabel(context.module, callable, fn),
        documentation: { kind: MarkupKind.Markdown, value: functionMarkdown(context.module, callable, fn) },
      }));
    case 'drug':
      return drugNames().map((d) => ({ label: d.name, kind: CompletionItemKind.Value, detail: d.name === d.drug ? d.detail : `${d.drug}: ${d.detail}` }));
    case 'field':
      return (fieldsOf(text, context.chain, offset) ?? []).map(fieldItem);
  }
}

function hover(text: string, offset: number): Hover | null {
  const chain = dottedNameAt(text, offset);
  if (!chain) return null;
  const markdown = (value: string): Hover => ({ contents: { kind: MarkupKind.Markdown, value } });
  if (chain[0] === 'med') {
    const [, module, callable] = chain;
    if (module && callable) {
      const fn = libraryFunction(module, callable);
      return fn ? markdown(functionMarkdown(module, callable, fn)) : null;
    }
    const description = module ? moduleDescription(module) : undefined;
    return description ? markdown(`**med.${module}**: ${description}`) : null;
  }
  if (chain.length === 1) {
    const definition = functionDefinitions(text).find((d) => d.name === chain[0]);
    return definition ? markdown(`\`\`\`moiss\nfunction ${definition.name}(${definition.params})\n\`\`\`\nA function of this protocol.`) : null;
  }
  const field = (fieldsOf(text, chain.slice(0, -1), offset) ?? []).find((f) => f.name === chain[chain.length - 1]);
  return field ? markdown(`**${chain.join('.')}** (${field.detail})${field.description ? `: ${field.description}` : ''}`) : null;
}

function signatureHelp(text: string, offset: number): SignatureHelp | null {
  const call = enclosingCall(text, offset);
  if (!call) return null;
  const [first, module, callable] = call.callee;
  if (first === 'med' && module && callable && call.callee.length === 3) {
    const fn = libraryFunction(module, callable);
    if (!fn) return null;
    return {
      signatures: [{ label: signatureLabel(module, callable, fn), documentation: fn.description, parameters: fn.params.map((p) => ({ label: parameterLabel(p), documentation: p.description })) }],
      activeSignature: 0,
      activeParameter: Math.min(call.argument, Math.max(0, fn.params.length - 1)),
    };
  }
  const definition = call.callee.length === 1 ? functionDefinitions(text).find((d) => d.name === first) : undefined;
  if (!definition) return null;
  const params = definition.params ? definition.params.split(',').map((p) => p.trim()) : [];
  return {
    signatures: [{ label: `${definition.name}(${params.join(', ')})`, parameters: params.map((label) => ({ label })) }],
    activeSignature: 0,
    activeParameter: call.argument,
  };
}

function definition(document: TextDocument, offset: number): Location | null {
  const chain = dottedNameAt(document.getText(), offset);
  if (!chain || chain.length !== 1) return null;
  const found = functionDefinitions(document.getText()).find((d) => d.name === chain[0]);
  return found ? { uri: document.uri, range: { start: document.positionAt(found.start), end: document.positionAt(found.end) } } : null;
}

/** Serves one editor over the given streams until it sends `exit` or closes them. */
export function startLanguageServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Connection {
  const connection = createConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
  const documents = new TextDocuments(TextDocument);
  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: ['.', ' '] },
      hoverProvider: true,
      signatureHelpProvider: { triggerCharacters: ['(', ','] },
      definitionProvider: true,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    },
    serverInfo: { name: 'cpes' },
  }));
  documents.onDidChangeContent(({ document }) => {
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: lspDiagnostics(document.getText()) });
  });
  documents.onDidClose(({ document }) => void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] }));
  const at = (uri: string, position: { line: number; character: number }): { document: TextDocument; offset: number } | null => {
    const document = documents.get(uri);
    return document ? { document, offset: document.offsetAt(position) } : null;
  };
  connection.onCompletion(({ textDocument, position }) => {
    const found = at(textDocument.uri, position);
    return found ? complete(found.document.getText(), found.offset) : [];
  });
  connection.onHover(({ textDocument, position }) => {
    const found = at(textDocument.uri, position);
    return found ? hover(found.document.getText(), found.offset) : null;
  });
  connection.onSignatureHelp(({ textDocument, position }) => {
    const found = at(textDocument.uri, position);
    return found ? signatureHelp(found.document.getText(), found.offset) : null;
  });
  connection.onDefinition(({ textDocument, position }) => {
    const found = at(textDocument.uri, position);
    return found ? definition(found.document, found.offset) : null;
  });
  // the checker's suggestion ("did you mean 'score'?") as a quick fix that replaces the diagnostic's span
  connection.onCodeAction(({ textDocument, context }) =>
    context.diagnostics.flatMap((d): CodeAction[] => {
      const suggestion = (d.data as { suggestion?: unknown } | undefined)?.suggestion;
      if (d.source !== 'cpes' || typeof suggestion !== 'string') return [];
      return [{ title: `Replace with '${suggestion}'`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: { changes: { [textDocument.uri]: [{ range: d.range, newText: suggestion }] } } }];
    }),
  );
  documents.listen(connection);
  connection.listen();
  return connection;
}
