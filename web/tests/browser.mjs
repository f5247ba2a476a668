// The browser tests (issue 11, issue 21): the real server and the built web client, driven in
// Debian's Chromium by playwright-core (web/tests/harness.mjs). Each suite in web/tests/suites/
// is a list of tests; screenshots at desktop (1366x800) and phone (390x844) widths go to
// $QUARTEL_ARTIFACTS (build/web-tests). Any console error or page error fails the test.
//
// Usage: node web/tests/browser.mjs [--only NAME,...]   (from the repository root, after a build)
import fs from 'node:fs';
import path from 'node:path';
import { h, setUp, tearDown, log, artifacts } from './harness.mjs';

const onlyArg = process.argv.indexOf('--only');
h.only = onlyArg > 0 ? process.argv[onlyArg + 1].split(',') : null;

// The suites, in the order they run: each file's default export runs its tests.
const suitesDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'suites');
const order = ['games', 'replays', 'phone', 'connection', 'words'];
const suites = [...order, ...fs.readdirSync(suitesDir).map((f) => f.replace(/\.mjs$/, '')).filter((s) => !order.includes(s)).sort()];

await setUp();
try {
  for (const suite of suites) await (await import(`./suites/${suite}.mjs`)).default();
} finally {
  await tearDown();
}
log(`browser tests: ${h.passes} passed, ${h.failures} failed; screenshots in ${artifacts}`);
process.exit(h.failures ? 1 : 0);
