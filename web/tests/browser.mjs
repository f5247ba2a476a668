// The browser tests (issue 11): the real server and the built web client, driven in Debian's
// Chromium by playwright-core. For each game a match against bots played by clicking the board;
// a short Dablot match to its end and its replay stepped through; a Stratego match watched as a
// spectator, with no hidden rank in the page; a dropped connection caught up without a reload.
// Screenshots of every board at desktop and phone widths go to $QUARTEL_ARTIFACTS (build/web-tests).
// Any console error or page error fails the run.
//
// Usage: node web/tests/browser.mjs [--only GAME,...]   (from the repository root, after a build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.mjs';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const binary = process.env.QUARTEL_BINARY ?? path.join(root, 'build/release/quartel');
const webDir = process.env.QUARTEL_WEB_DIR ?? path.join(root, 'build/release/web');
const artifacts = process.env.QUARTEL_ARTIFACTS ?? path.join(root, 'build/web-tests');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? process.argv[onlyArg + 1].split(',') : null;
fs.mkdirSync(artifacts, { recursive: true });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let failures = 0;
let passes = 0;

function log(...args) {
  console.log(...args);
}

// --- The server ------------------------------------------------------------------------------


// --- Pages -----------------------------------------------------------------------------------

const pageErrors = [];
// Console errors a test provokes on purpose (Chromium logs every 4xx answer), each allowed once,
// and those allowed any number of times while one test runs (reconnects failing while offline).
const expectedErrors = [];
let toleratedErrors = [];
function watchErrors(page, name) {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const expected = expectedErrors.findIndex((pattern) => pattern.test(msg.text()));
    if (expected >= 0) expectedErrors.splice(expected, 1);
    else if (!toleratedErrors.some((pattern) => pattern.test(msg.text()))) pageErrors.push(`${name}: console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(`${name}: page error: ${err.message}`));
}

async function state(page) {
  return page.evaluate(() => window.__quartel?.state ?? null);
}

async function waitFor(page, predicate, what, timeout = 30000) {
  const start = Date.now();
  for (;;) {
    const s = await state(page);
    if (s && predicate(s)) return s;
    const alert = await page.locator('.error[role=alert]').first().textContent({ timeout: 50 }).catch(() => null);
    if (alert) throw new Error(`the page shows an error while waiting for ${what}: ${alert}`);
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: false });
}

// Creates a match from the new-game form: seat 0 you, the others the given bots; options by id.
async function newMatch(page, base, game, { bots, seats, options = {} }) {
  await page.goto(`${base}/`);
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
async function playMoves(page, driver, moves, game) {
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

async function waitForAttribute(page, selector, name, value) {
  await page.waitForFunction(([sel, n, v]) => document.querySelector(sel)?.getAttribute(n) === v, [selector, name, value]);
}

async function test(name, body) {
  if (only && !only.some((o) => name.includes(o))) return;
  const started = Date.now();
  const errorsBefore = pageErrors.length;
  try {
    await body();
    if (pageErrors.length > errorsBefore) throw new Error(pageErrors.slice(errorsBefore).join('\n'));
    passes++;
    log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failures++;
    log(`FAIL ${name}: ${e.stack ?? e}`);
  } finally {
    toleratedErrors = [];
  }
}

// --- The tests -------------------------------------------------------------------------------

const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quartel-web-')), 'test.db');
let { server, address } = await startServer(binary, ['--db', db, '--web', webDir]);
const browser = await chromium.launch({
  executablePath: process.env.QUARTEL_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});

async function newPage(name, viewport = DESKTOP, locale = 'en-US') {
  const context = await browser.newContext({ viewport, locale, hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
  const page = await context.newPage();
  watchErrors(page, name);
  return page;
}

const games = [
  { game: 'dablot', bots: ['random'], moves: 6 },
  { game: 'conspiradores', bots: ['random'], moves: 6 },
  { game: 'stratego', bots: ['random'], moves: 6 },
  { game: 'espionage', bots: ['random'], moves: 6 },
  { game: 'war', bots: ['random', 'random'], seats: 3, moves: 12 },
  { game: 'war2', bots: ['random', 'random'], seats: 3, moves: 12 },
];

try {
  await test('home page lists the six games', async () => {
    const page = await newPage('home');
    await page.goto(`${address}/`);
    await page.locator('a.game-card').nth(5).waitFor();
    const ids = await page.locator('a.game-card').evaluateAll((cards) => cards.map((c) => c.dataset.game).sort());
    if (ids.join() !== 'conspiradores,dablot,espionage,stratego,war,war2') throw new Error(`games: ${ids}`);
    await shot(page, 'home-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'home-phone');
    await page.context().close();
  });

  for (const g of games) {
    await test(`${g.game}: a match against bots, played by clicking the board`, async () => {
      const driver = await import(`./drivers/${g.game}.mjs`);
      const page = await newPage(g.game);
      const url = await newMatch(page, address, g.game, g);
      const played = await playMoves(page, driver, g.moves, g.game);
      if (played < Math.min(3, g.moves)) throw new Error(`only ${played} moves played`);
      await shot(page, `${g.game}-desktop`);
      const phone = await newPage(`${g.game} phone`, PHONE);
      await phone.goto(url);
      await waitFor(phone, () => true, 'the phone page');
      await phone.waitForTimeout(300);
      await shot(phone, `${g.game}-phone`);
      await page.context().close();
      await phone.context().close();
    });
  }

  let dablotMatch = null;
  await test('dablot: a short match played to its end, then its replay stepped through', async () => {
    const driver = await import('./drivers/dablot.mjs');
    const page = await newPage('dablot-end');
    await newMatch(page, address, 'dablot', { bots: ['random'], options: { max_turns: 10 } });
    await playMoves(page, driver, 100, 'dablot');
    await page.locator('[data-testid=game-over]').waitFor({ timeout: 30000 });
    await shot(page, 'dablot-over');
    dablotMatch = /\/match\/([^#/]+)/.exec(page.url())[1];
    await page.locator('[data-testid=game-over] a.button').click();
    await page.waitForURL(/\/replay\//);
    await page.locator('[data-testid=ply]').waitFor();
    const plyText = async () => page.locator('.match.replay').getAttribute('data-ply');
    if ((await plyText()) !== '0') throw new Error(`the replay starts at ply ${await plyText()}`);
    for (let i = 0; i < 3; i++) await page.locator('[data-testid=forward]').click();
    if ((await plyText()) !== '3') throw new Error(`after three steps forward: ply ${await plyText()}`);
    await page.locator('[data-testid=back]').click();
    if ((await plyText()) !== '2') throw new Error(`after a step back: ply ${await plyText()}`);
    await page.locator('[data-testid=last]').click();
    const last = Number(await plyText());
    if (last < 10) throw new Error(`the last ply is ${last}`);
    await page.locator('[data-testid=game-over]').waitFor();
    await page.locator('.move-list li[data-ply="5"]').click();
    if ((await plyText()) !== '5') throw new Error(`jumping to ply 5 from the move list: ${await plyText()}`);
    await shot(page, 'dablot-replay');
    // The same game from a record file the user opens.
    const record = await (await fetch(`${address}/api/matches/${dablotMatch}/record`)).text();
    const file = path.join(path.dirname(db), 'dablot-record.json');
    fs.writeFileSync(file, record);
    await page.goto(`${address}/replay`);
    await page.locator('[data-testid=record-file]').setInputFiles(file);
    await page.locator('[data-testid=ply]').waitFor();
    await page.locator('[data-testid=last]').click();
    if (Number(await plyText()) !== last) throw new Error(`the file's last ply is ${await plyText()}, not ${last}`);
    expectedErrors.push(/status of 400/);
    await page.locator('[data-testid=record-file]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"game": "dablot"}') });
    await page.locator('.error').waitFor();
    await page.context().close();
  });

  await test('war: the replay shows each roll\'s dice as its facts give them', async () => {
    const created = await (await fetch(`${address}/api/matches`, {
      method: 'POST',
      body: JSON.stringify({ game: 'war', options: { max_turns: 4 }, seats: [0, 1, 2].map(() => ({ kind: 'bot', bot: 'random' })) }),
    })).json();
    let record;
    for (let tries = 0; tries < 300 && !record?.result; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      record = await (await fetch(`${address}/api/matches/${created.match}/record`)).json();
    }
    if (!record?.result) throw new Error('the bots did not finish');
    const rolls = record.actions.map((a, i) => (a.notation.startsWith('roll') ? i + 1 : -1)).filter((p) => p > 0);
    if (rolls.length === 0) throw new Error('no roll in the game');
    const page = await newPage('war-replay');
    await page.goto(`${address}/replay/${created.match}`);
    await page.locator('[data-testid=ply]').waitFor();
    for (const ply of [rolls[0], rolls[rolls.length - 1]]) {
      const frame = (await (await fetch(`${address}/api/replay`, {
        method: 'POST',
        body: JSON.stringify({ record, viewer: 'spectator', from: ply, count: 1, states: false }),
      })).json()).plies[0];
      const roll = frame.steps.find((s) => s.kind === 'roll');
      if (!roll) throw new Error(`ply ${ply}: no roll among ${JSON.stringify(frame.steps)}`);
      await page.locator(`.move-list li[data-ply="${ply}"]`).click();
      await waitForAttribute(page, '.match.replay', 'data-ply', String(ply));
      const shown = await page.locator('[data-testid=war-dice] .war-roll .war-die').allTextContents();
      const want = [...roll.attack, ...roll.defence].map(String);
      if (JSON.stringify(shown) !== JSON.stringify(want)) throw new Error(`ply ${ply}: the dice panel shows ${shown}, the roll was ${want}`);
      const where = await page.locator('[data-testid=war-dice] .war-roll-where').textContent();
      if (!where.includes('→')) throw new Error(`ply ${ply}: no attack named: ${where}`);
    }
    // The finished game's replay shows every seat's objective, worded from its card.
    const objectives = await page.locator('[data-testid=war-seen-objective]').allTextContents();
    if (objectives.length !== 3 || objectives.some((o) => o.replace('Objective:', '').trim().length < 10)) {
      throw new Error(`the other seats' objectives in the replay: ${JSON.stringify(objectives)}`);
    }
    await shot(page, 'war-replay-dice');
    await page.context().close();
  });

  await test('stratego: a spectator sees no hidden rank', async () => {
    const driver = await import('./drivers/stratego.mjs');
    const player = await newPage('stratego-player');
    const url = await newMatch(player, address, 'stratego', { bots: ['random'] });
    await playMoves(player, driver, 2, 'stratego');  // the setup, and a first move
    const spectator = await newPage('stratego-spectator');
    const frames = [];
    spectator.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await spectator.goto(url.replace(/#.*/, ''));
    const seen = await waitFor(spectator, (s) => s.view.phase === 'play', 'the spectator page');
    await spectator.waitForTimeout(500);
    // Every piece the spectator's view does not show: its rank is in the player's own view only.
    const mine = (await state(player)).view.board;
    const hidden = [];
    seen.view.board.forEach((cell, i) => {
      if (cell && typeof cell === 'object' && cell.owner === 0 && cell.rank === '?') {
        if (mine[i]?.owner !== 0 || mine[i].rank === '?') throw new Error(`square ${i}: the player does not see its own piece`);
        // Stratego's files are a-k without j.
        hidden.push({ square: 'abcdefghik'[i % 10] + (Math.floor(i / 10) + 1), rank: mine[i].rank, moved: cell.moved });
      }
    });
    if (hidden.length < 30) throw new Error(`only ${hidden.length} hidden pieces to check`);
    // No frame the spectator received names a rank its view hides.
    for (const text of frames) {
      const frame = JSON.parse(text);
      const board = frame.state?.view?.board;
      if (!board) continue;
      board.forEach((cell, i) => {
        if (cell && typeof cell === 'object' && cell.rank !== '?' && !cell.known && frame.state.view.phase === 'play')
          throw new Error(`a frame shows the spectator the rank at ${i}: ${JSON.stringify(cell)}`);
      });
    }
    // On the page, every hidden unmoved piece reads the same (its square's title), whatever its
    // rank, while the player's own page tells them apart.
    const titles = async (page) =>
      Promise.all(hidden.filter((h) => !h.moved).map((h) => page.locator(`[data-square="${h.square}"] title`).textContent()));
    const spectatorTitles = new Set(await titles(spectator));
    const playerTitles = new Set(await titles(player));
    if (spectatorTitles.size !== 1) throw new Error(`hidden pieces read differently: ${[...spectatorTitles].join(' | ')}`);
    if (playerTitles.size < 5) throw new Error(`the player's own pieces are not told apart: ${[...playerTitles].join(' | ')}`);
    const boardText = await spectator.locator('.board-area').textContent();
    for (const rankName of ['Marshal', 'General', 'Spy', 'Flag', 'Bomb']) {
      if (boardText.includes(rankName) && !seen.view.board.some((c) => c && c.rank !== '?' && c.known))
        throw new Error(`the spectator's board names a ${rankName}`);
    }
    await shot(spectator, 'stratego-spectator');
    await player.context().close();
    await spectator.context().close();
  });

  await test('stratego: the replay of a resigned game shows every piece at its end, whatever the lens; its record without seats', async () => {
    const driver = await import('./drivers/stratego.mjs');
    const page = await newPage('stratego-resign');
    await newMatch(page, address, 'stratego', { bots: ['random'] });
    await playMoves(page, driver, 2, 'stratego');  // the setup, and a first move
    page.once('dialog', (d) => d.accept());
    await page.locator('.match-actions button').first().click();  // Resign
    await page.locator('[data-testid=game-over] a.button').click();
    await page.waitForURL(/\/replay\//);
    await page.locator('[data-testid=lens]').selectOption('0');  // as Red saw it
    await page.locator('[data-testid=last]').click();
    const hiddenBlue = async () =>
      page.locator('[data-square] title').evaluateAll((ts) => ts.filter((t) => /^Blue: Unknown piece/.test(t.textContent)).length);
    await page.locator('[data-square] title').first().waitFor({ state: 'attached' });
    if ((await hiddenBlue()) !== 0) throw new Error(`at the end, as Red saw it: ${await hiddenBlue()} Blue pieces still hidden`);
    await shot(page, 'stratego-replay-resigned-end');
    await page.locator('[data-testid=back]').click();  // before the resignation the lens keeps Blue's secrets
    if ((await hiddenBlue()) < 30) throw new Error(`before the end, as Red saw it: only ${await hiddenBlue()} Blue pieces hidden`);
    // The same record as a file without "seats" (the record format makes them optional).
    const id = /\/replay\/([^#/?]+)/.exec(page.url())[1];
    const record = await (await fetch(`${address}/api/matches/${id}/record`)).json();
    delete record.seats;
    await page.goto(`${address}/replay`);
    await page.locator('[data-testid=record-file]').setInputFiles({ name: 'no-seats.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
    await page.locator('[data-testid=ply]').waitFor({ timeout: 10000 });
    await page.context().close();
  });

  await test('stratego: pieces dragged by touch on a phone (setup and play), the page not scrolled', async () => {
    const page = await newPage('stratego-touch', PHONE);
    await newMatch(page, address, 'stratego', { bots: ['random'] });
    const cdp = await page.context().newCDPSession(page);
    const touchDrag = async (from, to) => {
      const a = await page.locator(`[data-square="${from}"]`).boundingBox();
      const b = await page.locator(`[data-square="${to}"]`).boundingBox();
      const [x0, y0, x1, y1] = [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
      for (let k = 1; k <= 10; k++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + ((x1 - x0) * k) / 10, y: y0 + ((y1 - y0) * k) / 10 }] });
        await page.waitForTimeout(20);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForTimeout(200);
    };
    const title = (sq) => page.locator(`[data-square="${sq}"] title`).textContent();
    await page.locator('[data-testid=strat-random]').click();
    let [a1, d4] = [await title('a1'), await title('d4')];
    while (a1 === d4) {
      await page.locator('[data-testid=strat-clear]').click();
      await page.locator('[data-testid=strat-random]').click();
      [a1, d4] = [await title('a1'), await title('d4')];
    }
    const scrolled = await page.evaluate(() => scrollY);
    await touchDrag('a1', 'd4');
    if ((await title('d4')) !== a1 || (await title('a1')) !== d4) throw new Error(`the setup drag a1 -> d4 swapped nothing: ${await title('a1')}, ${await title('d4')}`);
    if ((await page.evaluate(() => scrollY)) !== scrolled) throw new Error('the setup drag scrolled the page');
    await page.locator('[data-testid=strat-ready]').click();
    const s = await waitFor(page, (x) => x.your_turn && x.view.phase === 'play', 'the first move');
    const move = s.legal.map((l) => /^([a-k]\d+)-([a-k]\d+)$/.exec(l.text)).find(Boolean);
    await touchDrag(move[1], move[2]);
    await waitFor(page, (x) => x.view.play_plies > s.view.play_plies, `the dragged move ${move[0]}`, 5000);
    await shot(page, 'stratego-touch-drag');
    await page.context().close();
  });

  await test('a dropped connection catches up without a reload', async () => {
    const driver = await import('./drivers/dablot.mjs');
    const a = await newPage('drop-a');
    await newMatch(a, address, 'dablot', { bots: ['friend'] });
    // The friend's seat link is on the page ("copy link for ...").
    const friendLink = await a.locator('.links button.copy').first().getAttribute('data-link');
    const b = await newPage('drop-b');
    await b.goto(friendLink);
    await waitFor(b, () => true, 'the friend page');
    const s = await state(a);
    // Whoever moves first, the other page drops its connection and stays offline while it moves.
    const [mover, dropped] = s.your_turn ? [a, b] : [b, a];
    await waitFor(mover, (x) => x.your_turn, 'the first mover');
    const eventBefore = Number(await dropped.locator('.match').getAttribute('data-event'));
    toleratedErrors.push(/WebSocket connection .* failed: .*ERR_INTERNET_DISCONNECTED/);
    await dropped.context().setOffline(true);
    await dropped.evaluate(() => window.__quartel.connection.drop());
    await dropped.locator('.conn-lost').waitFor();
    await driver.playMove(mover);
    await waitFor(mover, (x) => !x.your_turn, 'the move before the reconnect');
    const linesBefore = await dropped.locator('.move-list li').count();
    await dropped.context().setOffline(false);
    await dropped.locator('.conn-open').waitFor({ timeout: 20000 });
    await waitFor(dropped, (x) => x.your_turn, 'the dropped page to catch up');
    const eventAfter = Number(await dropped.locator('.match').getAttribute('data-event'));
    if (!(eventAfter > eventBefore)) throw new Error(`event ${eventBefore} -> ${eventAfter}`);
    await dropped.locator('.move-list li').nth(linesBefore).waitFor({ timeout: 10000 });
    await a.context().close();
    await b.context().close();
  });

  await test('the move list in Portuguese: every line of seven short random games, live and replayed', async () => {
    const page = await newPage('moves-pt', DESKTOP, 'pt-BR');
    // Every kind of line: the setups and their lots, combats (silent defence, rescues), jump
    // chains, four-player lots, WAR's deal, trades and endings, WAR-II's cards and Information
    // Centres. Short caps end each game by itself.
    const matches = [
      { game: 'dablot', bots: 1, options: { max_turns: 40 } },
      { game: 'conspiradores', bots: 3, options: { players: 4, max_turns: 80 } },
      { game: 'stratego', bots: 1, options: { max_plies: 60 } },
      { game: 'stratego', bots: 1, options: { max_plies: 60, silent_defense: true, rescue: true, army: 'barrage' } },
      { game: 'espionage', bots: 1, options: { max_plies: 60 } },
      { game: 'war', bots: 2, options: { max_turns: 10 } },
      { game: 'war2', bots: 2, options: { max_turns: 12, spy_centre: true } },
    ];
    let lines = 0;
    for (const m of matches) {
      const seats = [{ kind: 'person' }, ...Array.from({ length: m.bots }, () => ({ kind: 'bot', bot: 'random' }))];
      const created = await (
        await fetch(`${address}/api/matches`, { method: 'POST', body: JSON.stringify({ game: m.game, options: m.options, seats }) })
      ).json();
      if (!created.seats) throw new Error(`${m.game}: ${JSON.stringify(created)}`);
      await page.goto(`${address}${created.seats[0].link}`);
      // A quick random player of the person's seat, by the page's own connection: a setup at once
      // ("random N"), and mostly "end" where it may (the bots' turns and the replays show the rest).
      for (let step = 0; step < 2000; step++) {
        const s = await waitFor(page, (x) => x.your_turn || x.over, `${m.game}: the seat's turn`, 60000);
        if (s.over) break;
        const ends = s.legal.filter((l) => l.text === 'end' || l.text === 'done');
        const pick = ends.length && Math.random() < 0.6 ? ends[0] : s.legal[Math.floor(Math.random() * s.legal.length)];
        const armies = m.game === 'stratego' || m.game === 'espionage';
        const move = armies && s.view.phase === 'setup' && !s.mid_turn ? { turn: `random ${step}` } : { actions: [pick.id] };
        const before = await page.locator('.match').getAttribute('data-event');
        await page.evaluate((move) => window.__quartel.connection.act(move), move);
        await page.waitForFunction(
          ([event, json]) =>
            document.querySelector('.match')?.getAttribute('data-event') !== event ||
            JSON.stringify(window.__quartel.state) !== json,
          [before, JSON.stringify(s)],
          { timeout: 30000 },
        ).catch(async () => {
          const alert = await page.locator('.error').first().textContent({ timeout: 100 }).catch(() => '');
          throw new Error(`${m.game}: ${JSON.stringify(move)} changed nothing (${alert})`);
        });
        await page.waitForTimeout(50);  // under the server's 20 messages a second
      }
      // Opened again once finished: the move list comes from the replay, in the same words.
      await page.reload();
      await page.locator('[data-testid=game-over]').waitFor();
      await page.locator('.move-list li').nth(2).waitFor();
      // The replay as each seat saw it and as a spectator.
      const record = await (await fetch(`${address}/api/matches/${created.match}/record`)).json();
      const viewers = [...created.seats.map((_, i) => i), 'spectator'];
      lines += await page.evaluate(
        async ([record, viewers]) => {
          let n = 0;
          for (const viewer of viewers) {
            const answer = await (await fetch('/api/replay', { method: 'POST', body: JSON.stringify({ record, viewer, states: false }) })).json();
            if (answer.plies.length !== answer.total) throw new Error(`a replay of ${answer.total} frames answered ${answer.plies.length} lines`);
            for (const ply of answer.plies) {
              const words = window.__quartelWords(record.game, ply.steps, answer.seat_names);
              n += words.length;
              if (ply.steps.length && (words.length === 0 || words.some((w) => !w.trim() || w.includes('[fact.'))))
                throw new Error(`frame ${ply.ply} (${JSON.stringify(ply.steps)}) worded as ${JSON.stringify(words)}`);
            }
          }
          return n;
        },
        [record, viewers],
      );
      lines += await page.locator('.move-list li').count();
    }
    // What the templates make of some steps (a template that words them wrong fails here).
    const war = ['branca', 'vermelha', 'preta'];
    const expected = [
      ['war', war, [1, 2, 3].map(() => ({ kind: 'place', territory: 'brasil', count: 1 })), ['colocou 3 exércitos em Brasil']],
      ['war', war, [{ kind: 'trade', combination: 0, cards: ['brasil', 'peru', 'joker'], armies: 8, bonus: ['brasil'] }], ['trocou Brasil, Peru e Coringa por 8 exércitos (+2 em Brasil)']],
      ['war', war, [{ kind: 'dealer', seat: 2 }, ...[0, 1, 2, 0].map((seat) => ({ kind: 'deal', seat, territory: 'peru' }))], ['quem distribui: preta', 'territórios distribuídos: branca 2, vermelha 1, preta 1']],
      ['war', war, [{ kind: 'roll', from: 'brasil', to: 'peru', attack: [6, 5], defence: [4], lost: 0, destroyed: 1, conquered: true, eliminated: 1 }, { kind: 'occupy', count: 2, to: 'peru' }], ['atacou Peru a partir de Brasil: 6-5 contra 4, perdeu 0, destruiu 1', 'conquistou Peru (eliminando vermelha), moveu 2 para lá']],
      ['stratego', ['Red', 'Blue'], [{ kind: 'move', from: 'e6', to: 'e7', attack: true, combat: { attacker: '4', defender: '2', result: 'attacker' } }], ['e6xe7: Sargento (4) captura Explorador (2)']],
      ['espionage', ['Red', 'Blue'], [{ kind: 'move', from: 'c3', to: 'c4', attack: true, combat: { attacker: null, defender: 'M', result: 'defender' } }, { kind: 'move', from: 'd3', to: 'd4', attack: false }], ['c3xc4: uma peça não vista perde para Mina, d3-d4']],
      ['dablot', ['Sámi', 'Swedes'], [{ kind: 'jump', from: 26, over: 37, to: 48, taken: 's' }, { kind: 'stop' }], ['26x48 captura o Soldado sueco em 37, parou']],
      ['stratego', ['Red', 'Blue'], [{ kind: 'resign', seat: 0 }], ['Vermelho desiste']],
      ['conspiradores', ['white', 'black', 'green', 'orange'], [{ kind: 'order', order: [2, 0, 1, 3] }], ['ordem de jogo por sorteio: Verde, Branco, Preto e Laranja']],
    ];
    for (const [game, names, steps, pt] of expected) {
      const got = await page.evaluate(([game, steps, names]) => window.__quartelWords(game, steps, names), [game, steps, names]);
      if (JSON.stringify(got) !== JSON.stringify(pt)) throw new Error(`${game} ${JSON.stringify(steps)} in Portuguese: ${JSON.stringify(got)}, expected ${JSON.stringify(pt)}`);
    }
    log(`     ${lines} move-list lines in Portuguese`);
    await shot(page, 'moves-pt');
    await page.context().close();
  });
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

log(`browser tests: ${passes} passed, ${failures} failed; screenshots in ${artifacts}`);
process.exit(failures ? 1 : 0);
