// The playground at `/` in a real browser (Debian's Chromium through playwright-core): type a protocol
// with an error, see the diagnostic at its line, fix it, run it, read the alert in the timeline.
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { bundlePlayground, PLAYGROUND_BUNDLE } from '../scripts/playground.js';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { SqliteKeyStore } from '../src/store/sqlite/keys.js';

const quiet = (): void => {};
const CHROMIUM = '/usr/bin/chromium';

const WITH_ERROR = `protocol Screen {
    input: Patient p;
    let score = med.scores.qsofa(p);
    if scroe >= 2 {
        alert "Sepsis suspected: qSOFA " + score severity: critical;
    }
}
`;
const FIXED = WITH_ERROR.replace('scroe', 'score');

async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** Replaces the editor's whole text by pasting (text typed key by key would get auto-closed brackets and indentation). */
async function pasteProtocol(page: Page, text: string): Promise<void> {
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.evaluate(`{
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(text)});
    document.querySelector('.cm-content').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }`);
}

/** Problems the page reported: console errors (a refused script or style under the CSP shows here) and uncaught errors. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('the playground page', function () {
  this.timeout(180_000);
  let browser: Browser;
  let server: RunningServer;
  let origin: string;
  const screenshots = mkdtempSync(join(tmpdir(), 'cpes-playground-'));

  before(async () => {
    browser = await launch();
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 2, runTimeoutMs: 5000, maxQueue: 64, heapMb: 128, dev: true }, quiet);
    origin = server.url.replace(/\/v1$/, '');
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is served from this server with a strict policy and no inline code', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).to.include("script-src 'self'").and.include("default-src 'none'");
    const html = await page.text();
    expect(html).to.not.match(/<script(?![^>]*\bsrc=)[^>]*>/); // every script is a file
    expect(html).to.not.match(/\sstyle=|<style/);
    // a fresh nonce per page, for the editor's generated stylesheet only
    const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})">/.exec(html)?.[1];
    expect(page.headers.get('content-security-policy')).to.include(`style-src 'self' 'nonce-${nonce}'`);
    expect((await (await fetch(`${origin}/`)).text())).to.not.include(nonce!);
    expect(html).to.not.match(/https?:\/\//); // nothing from elsewhere
    const script = await fetch(`${origin}/playground/app.js`);
    expect(script.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(await script.text()).to.not.match(/\bimport\s*\(?\s*["']https?:/);
  });

  it('shows the diagnostic at its line, clears it when fixed, runs, and shows the alert in the timeline', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${origin}/`);
    await page.waitForSelector('.cm-content');
    await pasteProtocol(page, WITH_ERROR);
    // highlighted: keywords, strings and the library path each in their own colour
    const colours = await page.$$eval('.cm-line span', (spans: any[]) => Object.fromEntries(spans.map((s) => [s.textContent, s.ownerDocument.defaultView.getComputedStyle(s).color])));
    expect(colours).to.include({ protocol: 'rgb(123, 31, 162)', med: 'rgb(0, 131, 143)', '"Sepsis suspected: qSOFA "': 'rgb(46, 125, 50)' });
    const listed = await page.waitForSelector('#diagnostics li.error');
    expect(await listed.getAttribute('data-line')).to.equal('4');
    expect(await listed.textContent()).to.equal("line 4, column 8: error: unknown name 'scroe'; did you mean 'score'?");
    // the editor underlines the name on line 4 and marks the line in the gutter
    const underlined = await page.waitForSelector('.cm-lintRange-error');
    expect(await underlined.textContent()).to.equal('scroe');
    const lineOfMark = await underlined.evaluate((el: any) => [...el.ownerDocument.querySelectorAll('.cm-line')].indexOf(el.closest('.cm-line')) + 1);
    expect(lineOfMark).to.equal(4);
    await page.screenshot({ path: join(screenshots, 'diagnostic.png') });

    // the author moves to line 4, selects the misspelt name and types the right one
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End'); // the end of line 4, '    if scroe >= 2 {'
    for (let i = 0; i < 'scroe >= 2 {'.length; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'scroe'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('score');
    await page.waitForSelector('#diagnostics li.clean');
    expect(await page.$$eval('.cm-line', (lines: any[]) => lines.map((l) => l.textContent).join('\n'))).to.equal(FIXED.replace(/\n$/, '\n'));
    expect(await page.$('.cm-lintRange-error')).to.equal(null);

    await page.fill('#patient', '{"bp": 85, "rr": 30}');
    await page.click('#run');
    const alert = await page.waitForSelector('#timeline li.alert.critical');
    expect(await alert.textContent()).to.equal('line 5ALERT CRITICALSepsis suspected: qSOFA 2');
    expect(await page.textContent('#summary')).to.match(/^ran: \d+ events, 1 alert, /);
    const raw = JSON.parse((await page.textContent('#raw'))!);
    expect(raw).to.deep.include({ success: true, alerts: [{ severity: 'critical', message: 'Sepsis suspected: qSOFA 2', line: 5 }] });
    const shot = join(screenshots, 'run.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).to.be.greaterThan(10_000);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it('keeps the diagnostics of the text on screen when an answer for an older text arrives last', async () => {
    const page = await browser.newPage();
    // the check of the starter text is held until the pasted text's answer is listed, so it arrives last
    let releaseStarter!: () => void;
    const starterHeld = new Promise<void>((resolve) => (releaseStarter = resolve));
    let checks = 0;
    await page.route('**/v1/check', async (route) => {
      if (++checks === 1) await starterHeld;
      await route.continue();
    });
    const starterSent = page.waitForRequest('**/v1/check');
    await page.goto(`${origin}/`);
    await page.waitForSelector('.cm-content');
    await starterSent;
    await pasteProtocol(page, WITH_ERROR);
    await page.waitForSelector('#diagnostics li.error');
    const starterAnswered = page.waitForResponse((response) => response.url().endsWith('/v1/check') && checks >= 2);
    releaseStarter();
    await starterAnswered;
    await page.waitForTimeout(200); // let the page handle the late answer
    expect(await page.$$eval('#diagnostics li', (items: any[]) => items.map((li) => li.className))).to.deep.equal(['error']);
    await page.close();
  });

  it("offers the checker's suggestion as a fix on the underlined name", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForSelector('.cm-content');
    await pasteProtocol(page, WITH_ERROR);
    await page.hover('.cm-lintRange-error');
    const fix = await page.waitForSelector('.cm-tooltip-lint .cm-diagnosticAction');
    expect(await fix.textContent()).to.equal("use 'score'");
    await fix.click();
    await page.waitForSelector('#diagnostics li.clean');
    expect(await page.$$eval('.cm-line', (lines: any[]) => lines.map((l) => l.textContent).join('\n'))).to.equal(FIXED);
    await page.close();
  });

  it("offers the fixtures' example protocols in a menu", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForSelector('#examples option[value="alert-severities"]', { state: 'attached' });
    await page.selectOption('#examples', 'alert-severities');
    const fixture = readFileSync(new URL('../fixtures/alert-severities.moiss', import.meta.url), 'utf8');
    const firstLine = fixture.split('\n')[0]!.trim();
    await page.waitForFunction(`document.querySelector('.cm-content').textContent.includes(${JSON.stringify(firstLine)})`);
    expect(await page.$$eval('#examples option', (options) => options.length)).to.be.greaterThan(40);
    await page.close();
  });

  it('is the bundle `npm run playground` builds from playground/src', async () => {
    expect(readFileSync(PLAYGROUND_BUNDLE, 'utf8'), 'playground/app.js is stale: run `npm run playground`').to.equal(await bundlePlayground());
  });
});

describe('the playground page with keys', function () {
  this.timeout(180_000);
  let browser: Browser;
  let server: RunningServer;
  let key: string;

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-playground-keys-'));
    const store = SqliteKeyStore.open(dir);
    key = (await store.createKey('Clinic', 'enterprise')).key;
    await store.close();
    browser = await launch();
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers: 1, runTimeoutMs: 5000, maxQueue: 64, heapMb: 128, dev: false }, quiet);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks for a key, uses it, and keeps it only in the page', async () => {
    const page = await browser.newPage();
    await page.goto(server.url.replace(/\/v1$/, '/'));
    await page.waitForSelector('#key-form:not([hidden])');
    expect(await page.textContent('#status')).to.match(/needs an API key/);
    await page.fill('#key', key);
    await page.click('#key-form button');
    await page.waitForSelector('#diagnostics li.clean');
    const stored = await page.evaluate('({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie, url: location.href })');
    expect(stored).to.deep.equal({ local: 0, session: 0, cookie: '', url: server.url.replace(/\/v1$/, '/') });
    await page.click('#run');
    await page.waitForSelector('#timeline li');
    expect(await page.textContent('#summary')).to.match(/^ran: /);
    await page.close();
  });
});
