// The playground page at `/` (README "Editors and the playground"): one HTML page, its stylesheet and
// its bundled script (playground/, built by `npm run playground`), and the fixtures' example protocols.
// All are runtime assets, so the single executable serves them too. The page only calls /v1/check and
// /v1/run like any client; no script or style is inline, so a strict Content-Security-Policy holds.
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { readAssetDirectory } from '../util/assets.js';

/**
 * Scripts and styles from this server only; the editor's generated stylesheet carries the page's
 * one-time nonce (CodeMirror's cspNonce), which the page reads from its `csp-nonce` meta element.
 */
function pagePolicy(nonce: string | null): string {
  const styles = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  return `default-src 'none'; script-src 'self'; style-src ${styles}; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

const FILES: Record<string, { asset: string; type: string }> = {
  '/': { asset: 'index.html', type: 'text/html; charset=utf-8' },
  '/playground/app.js': { asset: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/playground/style.css': { asset: 'style.css', type: 'text/css; charset=utf-8' },
};

interface Example {
  name: string;
  description: string;
  code: string;
  patient?: unknown;
}

/** Every fixture protocol with its description and patient, for the page's menu. */
function fixtureExamples(): Example[] {
  const files = readAssetDirectory('fixtures');
  return Object.keys(files)
    .filter((file) => file.endsWith('.moiss'))
    .map((file) => {
      const name = file.slice(0, -'.moiss'.length);
      const meta = JSON.parse(files[`${name}.json`] ?? '{}') as { description?: string; patient?: unknown };
      return { name, description: meta.description ?? '', code: files[file]!, ...(meta.patient === undefined ? {} : { patient: meta.patient }) };
    });
}

export function playground(): Koa.Middleware {
  let files: Record<string, string> | null = null;
  let examples: string | null = null;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const file = FILES[ctx.path];
    let nonce: string | null = null;
    if (file) {
      files ??= readAssetDirectory('playground');
      ctx.type = file.type;
      ctx.body = files[file.asset];
      if (file.asset === 'index.html') {
        nonce = randomBytes(16).toString('base64');
        ctx.body = files[file.asset]!.replace('CSP_NONCE', nonce);
      }
    } else if (ctx.path === '/playground/examples.json') {
      examples ??= JSON.stringify(fixtureExamples());
      ctx.type = 'application/json';
      ctx.body = examples;
    } else return next();
    ctx.set('Content-Security-Policy', pagePolicy(nonce));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-cache');
  };
}
