// The service's own API, called from the page with the key the user typed (kept in this module's
// memory only: never in storage, a cookie or the URL).
let apiKey: string | null = null;

export function setApiKey(key: string | null): void {
  apiKey = key && key.trim() ? key.trim() : null;
}

export interface CheckDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: 'error' | 'warning';
  message: string;
  suggestion?: string;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

async function post<T>(path: string, body: unknown): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (apiKey) headers['X-API-Key'] = apiKey;
  const response = await fetch(`/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

export const check = (code: string) => post<{ success: boolean; diagnostics?: CheckDiagnostic[]; error?: string }>('/check', { code });

export const run = (code: string, patient: unknown) => post<Record<string, unknown>>('/run', { code, patient });

export interface Example {
  name: string;
  description: string;
  code: string;
  patient?: Record<string, unknown>;
}

export async function examples(): Promise<Example[]> {
  const response = await fetch('/playground/examples.json');
  return response.ok ? ((await response.json()) as Example[]) : [];
}
