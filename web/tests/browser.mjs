// The browser tests (issue 11, issue 21): the real server and the built web client, driven in
// Debian's Chromium by playwright-core (web/tests/harness.mjs). Each suite in web/tests/suites/
// is a list of tests; screenshots at desktop (1366x800) and phone (390x844) widths go to
// $QUARTEL_ARTIFACTS (build/web-tests). Any console error or page error fails the test.
//
// Usage: node web/tests/browser.mjs [--only NAME,...] [--jobs N] [--suite NAME]
//
// With --jobs N the suites run in N lanes at once, each suite in a process of its own with its own
// server and Chromium, its lines printed together when it ends; for machines with cores to spare.
// The default is one lane: on two cores Chromium's rendering is the limit (two lanes saved 100 s of
// 540, and tests that time what the page shows, such as a combat kept 1.8 s after the bot's reply,
// then missed by a few hundred milliseconds). --suite runs one suite in this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { h, setUp, tearDown, log, artifacts } from './harness.mjs';

const argument = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const only = argument('--only');
h.only = only ? only.split(',') : null;

// The suites, longest first, so that the lanes end together; any other suite file after them.
const suitesDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'suites');
const order = ['a11y', 'combat', 'rules', 'replays', 'accounts', 'words', 'lobby', 'community', 'turns',
               'games', 'bots', 'plain-words', 'connection', 'phone'];
const files = fs.readdirSync(suitesDir).map((f) => f.replace(/\.mjs$/, ''));
const suites = [...order.filter((s) => files.includes(s)), ...files.filter((s) => !order.includes(s)).sort()];

async function runHere(names) {
  await setUp();
  try {
    for (const suite of names) await (await import(`./suites/${suite}.mjs`)).default();
  } finally {
    await tearDown();
  }
  log(`browser tests: ${h.passes} passed, ${h.failures} failed; screenshots in ${artifacts}`);
  process.exit(h.failures ? 1 : 0);
}

// One suite in a child process; resolves with its tally once its lines are printed.
function runChild(suite) {
  const args = [process.argv[1], '--suite', suite, ...(only ? ['--only', only] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const tally = /^browser tests: (\d+) passed, (\d+) failed/m.exec(out);
      process.stdout.write(out.replace(/^browser tests: .*\n?/m, ''));
      if (!tally) log(`FAIL suite ${suite}: its process ended (${code}) before its tally`);
      resolve(tally ? { passes: Number(tally[1]), failures: Number(tally[2]) } : { passes: 0, failures: 1 });
    });
  });
}

async function runInLanes(lanes) {
  const queue = [...suites];
  const total = { passes: 0, failures: 0 };
  const lane = async () => {
    for (let suite = queue.shift(); suite; suite = queue.shift()) {
      const { passes, failures } = await runChild(suite);
      total.passes += passes;
      total.failures += failures;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  log(`browser tests: ${total.passes} passed, ${total.failures} failed; screenshots in ${artifacts}`);
  process.exit(total.failures ? 1 : 0);
}

function usage(problem) {
  console.error(`browser.mjs: ${problem}`);
  process.exit(2);
}

const suite = argument('--suite');
const jobs = Number(argument('--jobs') ?? 1);
if (suite) {
  if (!suites.includes(suite)) usage(`no suite '${suite}' (the suites: ${suites.join(', ')})`);
  await runHere([suite]);
} else if (!Number.isInteger(jobs) || jobs < 1) {
  usage(`--jobs takes a whole number of lanes, at least 1, not '${argument('--jobs')}'`);
} else if (jobs === 1) {
  await runHere(suites);
} else {
  await runInLanes(jobs);
}
