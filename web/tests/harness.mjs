// What the browser tests share: the real server (`quartel serve` on a fresh SQLite file) and the
// built web client, Debian's Chromium driven by playwright-core, pages that fail the test on any
// console or page error, and helpers to create and play matches. Each suite (web/tests/suites/)
// imports from here; web/tests/browser.mjs runs them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.mjs';
import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const binary = process.env.QUARTEL_BINARY ?? path.join(root, 'build/release/quartel');
const webDir = process.env.QUARTEL_WEB_DIR ?? path.join(root, 'build/release/web');
export const artifacts = process.env.QUARTEL_ARTIFACTS ?? path.join(root, 'build/web-tests');

// The two widths every page is seen at: a laptop and a phone.
export const DESKTOP = { width: 1366, height: 800 };
export const PHONE = { width: 390, height: 844 };

// The running server and browser, and the tally. `only` picks tests by part of their name.
export const h = { address: null, server: null, db: null, browser: null, only: null, passes: 0, failures: 0 };

export function log(...args) {
  console.log(...args);
}

// Console errors a test provokes on purpose (Chromium logs every 4xx answer), each allowed once,
// and those allowed any number of times while one test runs (reconnects failing while offline).
const pageErrors = [];
export const expectedErrors = [];
export const toleratedErrors = [];
function watchErrors(page, name) {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const expected = expectedErrors.findIndex((pattern) => pattern.test(msg.text()));
    if (expected >= 0) expectedErrors.splice(expected, 1);
    else if (!toleratedErrors.some((pattern) => pattern.test(msg.text()))) pageErrors.push(`${name}: console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(`${name}: page error: ${err.message}`));
}

export async function setUp() {
  fs.mkdirSync(artifacts, { recursive: true });
  h.db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quartel-web-')), 'test.db');
  Object.assign(h, await startServer(binary, ['--db', h.db, '--web', webDir]));
  h.browser = await chromium.launch({
    executablePath: process.env.QUARTEL_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync'],
  });
}

export async function tearDown() {
  await h.browser?.close();
  h.server?.kill('SIGTERM');
  for (const own of ownServers) own.server.kill('SIGTERM');
}

// A server of a suite's own, on a fresh SQLite file, with extra arguments (`--min-clock-ms 1000`):
// for tests that need its database (`db`) or limits of their own (each server lets an address make
// only a few accounts). Stopped with the browser.
const ownServers = [];
export async function startOwnServer(args = []) {
  const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quartel-web-')), 'test.db');
  const own = { db, ...(await startServer(binary, ['--db', db, '--web', webDir, ...args])) };
  ownServers.push(own);
  return own;
}

export async function newPage(name, viewport = DESKTOP, locale = 'en-US') {
  const phone = viewport.width < 500;
  const context = await h.browser.newContext({ viewport, locale, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  watchErrors(page, name);
  return page;
}

export async function state(page) {
  return page.evaluate(() => window.__quartel?.state ?? null);
}

// Polls the page's state until `predicate` holds. The state and any error the page shows come in
// one round trip, every 25 ms: most waits are for the server's answer to a click, a few
// milliseconds away, and a test plays hundreds of moves.
export async function waitFor(page, predicate, what, timeout = 30000) {
  const start = Date.now();
  for (;;) {
    const { s, alert } = await page.evaluate(() => ({
      s: window.__quartel?.state ?? null,
      alert: document.querySelector('.error[role=alert]')?.textContent ?? null,
    }));
    if (s && predicate(s)) return s;
    if (alert) throw new Error(`the page shows an error while waiting for ${what}: ${alert}`);
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(25);
  }
}

export async function waitForAttribute(page, selector, name, value) {
  await page.waitForFunction(([sel, n, v]) => document.querySelector(sel)?.getAttribute(n) === v, [selector, name, value]);
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: false });
}

// Creates a match from the new-game form: seat 0 you, the others the given bots; options by id.
export async function newMatch(page, game, { bots, seats, options = {} }) {
  await page.goto(`${h.address}/`);
  await page.locator(`a.game-card[data-game="${game}"]`).click();
  await page.locator('[data-testid=start]').waitFor();
  if (seats) await page.locator('#seat-count').selectOption(String(seats));
  for (let i = 0; i < bots.length; i++) await page.locator(`#seat-${i + 1}`).selectOption(bots[i]);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  for (const [name, value] of Object.entries(options)) {
    const input = page.locator(`#option-${name}`);
    if (typeof value === 'boolean') await input.setChecked(value);
    else if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(String(value));
    else await input.fill(String(value));
  }
  await page.locator('[data-testid=start]').click();
  await page.waitForURL(/\/match\//);
  await waitFor(page, () => true, 'the match to load');
  return page.url();
}

// Plays `moves` of the viewer's own moves by clicking the board (the game's driver), each one
// checked to change the state.
export async function playMoves(page, driver, moves, game) {
  let played = 0;
  while (played < moves) {
    const s = await waitFor(page, (s) => s.your_turn || s.over, `${game}: the viewer's turn`, 60000);
    if (s.over) break;
    const before = await page.locator('.match').getAttribute('data-event');
    const beforeView = JSON.stringify(s.view);
    await driver.playMove(page);
    await waitFor(
      page,
      (now) => JSON.stringify(now.view) !== beforeView || now.over,
      `${game}: the move to be played (event ${before})`,
    );
    played++;
  }
  return played;
}

// Runs one test: it fails on a thrown error or on any console or page error it caused.
export async function test(name, body) {
  if (h.only && !h.only.some((o) => name.includes(o))) return;
  const started = Date.now();
  const errorsBefore = pageErrors.length;
  try {
    await body();
    if (pageErrors.length > errorsBefore) throw new Error(pageErrors.slice(errorsBefore).join('\n'));
    h.passes++;
    log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    h.failures++;
    log(`FAIL ${name}: ${e.stack ?? e}`);
  } finally {
    toleratedErrors.length = 0;
  }
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe-core on the page as it is: its serious and critical violations, each worded on one line
// (where, rule, impact, help, the first nodes); the minor ones are logged.
export async function axeViolations(page, where) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(1).join(' ').trim()}`) }));
  });
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of result.filter((v) => !bad.includes(v))) log(`  axe (${v.impact}) at ${where}: ${v.id} (${v.nodes.length})`);
  return bad.map((v) => `${where}: ${v.id} (${v.impact}, ${v.help}) at ${v.nodes.length} nodes, e.g. ${v.nodes.slice(0, 3).join(' | ')}`);
}
