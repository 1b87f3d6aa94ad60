// An editor's side of the Language Server Protocol, as small as the tests need: `cpes lsp` started
// as a child, JSON-RPC messages framed with Content-Length over its stdin and stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

interface Message {
  id?: number;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string };
}

export class LspClient {
  private readonly child: ChildProcess;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (message: Message) => void>();
  private readonly notifications: Message[] = [];
  private readonly waiters: { method: string; match: (params: any) => boolean; resolve: (params: any) => void }[] = [];
  stderr = '';

  constructor(args: string[] = ['lsp', '--stdio']) {
    this.child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d) => (this.stderr += d));
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.readMessages();
    });
  }

  private readMessages(): void {
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())![1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as Message;
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      if (message.id !== undefined && message.method === undefined) this.pending.get(message.id)?.(message);
      else if (message.method) this.notify(message);
    }
  }

  private notify(message: Message): void {
    const waiter = this.waiters.findIndex((w) => w.method === message.method && w.match(message.params));
    if (waiter >= 0) this.waiters.splice(waiter, 1)[0]!.resolve(message.params);
    else this.notifications.push(message);
  }

  private write(message: Message): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.child.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  request(method: string, params: unknown): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)));
      this.write({ id, method, params });
    });
  }

  notifyServer(method: string, params: unknown): void {
    this.write({ method, params });
  }

  /** The next notification of `method` whose params match (one that already came counts). */
  nextNotification(method: string, match: (params: any) => boolean = () => true): Promise<any> {
    const index = this.notifications.findIndex((n) => n.method === method && match(n.params));
    if (index >= 0) return Promise.resolve(this.notifications.splice(index, 1)[0]!.params);
    return new Promise((resolve) => this.waiters.push({ method, match, resolve }));
  }

  /** Resolves with the exit code once the server process ends. */
  exited(): Promise<number | null> {
    if (this.child.exitCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  kill(): void {
    this.child.kill();
  }
}
