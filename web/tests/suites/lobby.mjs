// The lobby and a match's table in the browser (issue 22): two players, each in a browser context
// of its own, signed up through the REST API (with the session's CSRF token). A posts a casual
// seek, B sees it appear without a reload and accepts it, and both land in the same match at
// different seats; a cancelled seek vanishes from B's lobby without a reload; the match's chat
// shows an HTML text literally (no element, no dialog), counts its characters, says the server's
// rate limit in words, and Mute hides it (remembered after a reload); after a resignation both ask
// for a rematch and land in a new match, seats swapped. Its own server (the accounts an address may
// make are few), screenshots of the lobby, the clocks and the chat at 1366 and 390.
import { h, test, newPage, waitFor, shot, log, startOwnServer, axeViolations, DESKTOP, PHONE } from '../harness.mjs';


// axe's serious and critical findings on the page (none expected).
export async function axe(page, where) {
  const found = await axeViolations(page, where);
  if (found.length) throw new Error(`axe: ${found.join('; ')}`);
}

const suffix = String(Date.now() % 1e6);
const PASSWORD = 'correct horse 1';

// The page's own first GET /api/session and this one may both go without a cookie: each makes a
// session, and the cookie set last wins, so the token read here may be the other session's (the
// client's post() sends again after a 403 for this reason). The page's own load is awaited first.
export async function signUp(page, address, name) {
  const pageSession = page.waitForResponse((r) => r.url().endsWith('/api/session'), { timeout: 10000 });
  await page.goto(`${address}/`);
  await pageSession;
  const answer = await page.evaluate(
    async ([name, password]) => {
      const { csrf } = await (await fetch('/api/session', { cache: 'no-store' })).json();
      const r = await fetch('/api/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ name, password }),
      });
      return { status: r.status, body: await r.json() };
    },
    [name, PASSWORD],
  );
  if (answer.status !== 201) throw new Error(`sign-up of ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.account;
}

// Fills the lobby's form and posts the seek (or the invitation, `invite`).
export async function postSeek(page, { game, count, bots = {}, seat = -1, clock = 'none', minutes, increment, days, rated, min, max, invite }) {
  await page.locator('#seek-game').selectOption(game);
  if (count !== undefined) await page.locator('#seek-count').selectOption(String(count));
  for (const [other, spec] of Object.entries(bots)) await page.locator(`#seek-other-${other}`).selectOption(spec);
  await page.locator('#seek-seat').selectOption(String(seat));
  await page.locator(`[data-testid=clock-kind-${clock}]`).check();
  if (minutes !== undefined) await page.locator('#seek-minutes').fill(String(minutes));
  if (increment !== undefined) await page.locator('#seek-increment').fill(String(increment));
  if (days !== undefined) await page.locator('#seek-days').fill(String(days));
  if (rated !== undefined) await page.locator('#seek-rated').setChecked(rated);
  if (min !== undefined) await page.locator('#seek-min').fill(String(min));
  if (max !== undefined) await page.locator('#seek-max').fill(String(max));
  if (invite !== undefined) await page.locator('#seek-invite').fill(invite);
  await page.locator('[data-testid=seek-submit]').click();
}

export async function openLobby(page, address) {
  await page.goto(`${address}/lobby`);
  await page.locator('.lobby[data-status=open]').waitFor({ timeout: 10000 });
  // A mark that a reload would wipe: the lists must change without one.
  await page.evaluate(() => (window.__notReloaded = true));
}
export async function notReloaded(page, who) {
  if (!(await page.evaluate(() => window.__notReloaded === true))) throw new Error(`${who}'s lobby was reloaded`);
}

// The page fits the screen's width (nothing reaches past it sideways).
export async function fitsWidth(page, width, where) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > width) throw new Error(`${where}: the page is ${wide} px wide at ${width}`);
}

function matchId(page) {
  return /\/match\/([^/#?]+)/.exec(page.url())?.[1] ?? null;
}

export default async function lobby() {
  let server = null;
  const players = {};
  let matchA = null;
  const dialogs = [];
  const start = async () => {
    if (server) return;
    server = await startOwnServer(['--claim-after-seconds', '2']);
    for (const [key, name, viewport] of [['a', `Lena_${suffix}`, DESKTOP], ['b', `Bruno_${suffix}`, PHONE]]) {
      const page = await newPage(`lobby-${key}`, viewport);
      page.on('dialog', (d) => {
        if (d.type() === 'confirm') return d.accept();
        dialogs.push(`${key}: ${d.type()} ${d.message()}`);
        return d.dismiss();
      });
      players[key] = { name, page, account: await signUp(page, server.address, name) };
    }
  };

  await test('lobby: a seek appears live for another player, who accepts it: both land in the match', async () => {
    await start();
    const { a, b } = players;
    await openLobby(b.page, server.address);
    await openLobby(a.page, server.address);
    await b.page.locator('[data-testid=no-seeks]').waitFor();
    await postSeek(a.page, { game: 'dablot', seat: 0, clock: 'live', minutes: 10, increment: 5 });
    await a.page.locator('[data-testid=own-seeks] [data-testid=seek]').waitFor({ timeout: 10000 });
    const seen = b.page.locator('[data-testid=seeks] [data-testid=seek][data-game=dablot]');
    await seen.waitFor({ timeout: 10000 });
    await notReloaded(b.page, 'B');
    const words = await seen.textContent();
    if (!words.includes(a.name) || !words.includes('10 min + 5 s') || !words.includes('Casual')) throw new Error(`B's seek line: ${words}`);
    await axe(a.page, 'the lobby with an own seek');
    await axe(b.page, 'the lobby with a seek to accept (phone)');
    await shot(a.page, 'lobby-own-seek-desktop');
    await shot(b.page, 'lobby-seek-phone');
    await fitsWidth(b.page, PHONE.width, 'the lobby');
    await seen.locator('[data-testid=seek-accept]').click();
    await Promise.all([a.page.waitForURL(/\/match\//, { timeout: 15000 }), b.page.waitForURL(/\/match\//, { timeout: 15000 })]);
    if (matchId(a.page) !== matchId(b.page)) throw new Error(`A is at ${a.page.url()}, B at ${b.page.url()}`);
    matchA = matchId(a.page);
    const [sa, sb] = [await waitFor(a.page, () => true, 'A\'s match'), await waitFor(b.page, () => true, 'B\'s match')];
    const seats = await Promise.all([a.page, b.page].map((p) => p.locator('.clock.mine').getAttribute('data-testid')));
    if (seats[0] !== 'clock-0' || seats[1] !== 'clock-1') throw new Error(`the players' own clocks: ${seats} (A chose seat 0)`);
    if (!sa.clock || sa.clock.kind !== 'live' || sa.clock.remaining_ms[0] > 600000 || sa.clock.remaining_ms[0] < 590000) throw new Error(`A's clock: ${JSON.stringify(sa.clock)}`);
    if (!sb.clock || sb.clock.increment_ms !== 5000) throw new Error(`B's clock: ${JSON.stringify(sb.clock)}`);
    log(`  the match ${matchA}: A plays seat 0, B seat 1`);
    // The clock of the seat to move (the dice chose it) runs on both pages, counted down between
    // frames; the other's stands.
    const now = await waitFor(b.page, (s) => s.clock?.running?.length === 1, 'a running clock');
    const runs = now.clock.running[0];
    const other = 1 - runs;
    const t0 = Number(await b.page.locator(`[data-testid=clock-${runs}]`).getAttribute('data-ms'));
    const o0 = Number(await b.page.locator(`[data-testid=clock-${other}]`).getAttribute('data-ms'));
    await b.page.waitForTimeout(1500);
    const t1 = Number(await b.page.locator(`[data-testid=clock-${runs}]`).getAttribute('data-ms'));
    const o1 = Number(await b.page.locator(`[data-testid=clock-${other}]`).getAttribute('data-ms'));
    if (!(t0 - t1 > 1000 && t0 - t1 < 2500)) throw new Error(`seat ${runs}'s clock on B's page went ${t0} -> ${t1} in 1.5 s`);
    if (o0 !== o1) throw new Error(`seat ${other}'s clock moved (${o0} -> ${o1}) on the other's turn`);
    if (!(await b.page.locator(`[data-testid=clock-${runs}].running`).count())) throw new Error('the clock is not shown running');
    if (await b.page.locator(`[data-testid=clock-${other}].running`).count()) throw new Error('both clocks are shown running');
  });

  await test('lobby: a cancelled seek vanishes from the other lobby without a reload', async () => {
    await start();
    const { a, b } = players;
    await openLobby(a.page, server.address);
    await openLobby(b.page, server.address);
    await postSeek(a.page, { game: 'stratego', clock: 'correspondence', days: 3 });
    const seen = b.page.locator('[data-testid=seeks] [data-testid=seek][data-game=stratego]');
    await seen.waitFor({ timeout: 10000 });
    if (!(await seen.textContent()).includes('3 days a move')) throw new Error(`the seek's clock: ${await seen.textContent()}`);
    await a.page.locator('[data-testid=own-seeks] [data-testid=seek-cancel]').click();
    await seen.waitFor({ state: 'detached', timeout: 10000 });
    await notReloaded(b.page, 'B');
    await a.page.locator('[data-testid=own-seeks]').waitFor({ state: 'detached', timeout: 10000 });
    await b.page.locator('[data-testid=no-seeks]').waitFor();
    // The match of the first test awaits one of them (the dice chose who starts): that one's lobby
    // lists it and counts it in the page's title.
    const titles = await Promise.all([a.page.title(), b.page.title()]);
    const waiting = titles.filter((t) => t === '(1) Lobby · Quartel').length;
    if (waiting !== 1 || !titles.every((t) => /^(\(1\) )?Lobby · Quartel$/.test(t))) throw new Error(`the lobbies' titles: ${titles.join(' | ')}`);
    const mover = titles[0].startsWith('(1)') ? a.page : b.page;
    if (!(await mover.locator(`[data-testid=awaiting] a[href="/match/${matchA}"]`).count())) throw new Error('the match awaiting the player is not listed');
    // The running match of the first test is listed to watch.
    if (matchA && !(await b.page.locator(`a[href="/match/${matchA}"]`).count())) throw new Error('the running match is not listed to watch');
  });

  await test('lobby: the chat shows HTML as text, counts, says the rate limit, and Mute hides it', async () => {
    await start();
    if (!matchA) throw new Error('no match from the first test');
    const { a, b } = players;
    for (const p of [a.page, b.page]) {
      await p.goto(`${server.address}/match/${matchA}`);
      await waitFor(p, () => true, 'the match');
      await p.locator('[data-testid=chat]').waitFor();
    }
    const evil = '<img src=x onerror="alert(1)"> <b>bold</b>';
    await a.page.locator('[data-testid=chat-input]').fill(evil);
    if ((await a.page.locator('[data-testid=chat-count]').textContent()) !== `${[...evil].length}/300`) throw new Error(`the counter: ${await a.page.locator('[data-testid=chat-count]').textContent()}`);
    await a.page.locator('[data-testid=chat-send]').click();
    const line = b.page.locator('[data-testid=chat-line] .chat-text').last();
    await b.page.waitForFunction((text) => [...document.querySelectorAll('[data-testid=chat-line] .chat-text')].some((e) => e.textContent === text), evil, { timeout: 10000 });
    if ((await line.textContent()) !== evil) throw new Error(`B reads: ${await line.textContent()}`);
    for (const p of [a.page, b.page]) {
      const elements = await p.locator('[data-testid=chat] img, [data-testid=chat] b').count();
      if (elements) throw new Error(`the chat made ${elements} elements of the text`);
    }
    await b.page.locator('[data-testid=chat-input]').fill('Boa sorte! 🙂');
    await b.page.locator('[data-testid=chat-send]').click();
    await a.page.waitForFunction(() => [...document.querySelectorAll('[data-testid=chat-line] .chat-text')].some((e) => e.textContent === 'Boa sorte! 🙂'), null, { timeout: 10000 });
    // Too long: the counter turns red and Send is off.
    await a.page.locator('[data-testid=chat-input]').fill('x'.repeat(301));
    if (!(await a.page.locator('[data-testid=chat-count].over').count()) || !(await a.page.locator('[data-testid=chat-send]').isDisabled())) throw new Error('301 characters may be sent');
    await axe(a.page, 'the match with clocks and chat');
    await shot(a.page, 'lobby-chat-desktop');
    await b.page.locator('[data-testid=chat]').scrollIntoViewIfNeeded();
    await shot(b.page, 'lobby-chat-phone');
    // The server's limit, in words: 5 lines in 10 s (A sent one above; 6 more).
    for (let i = 0; i < 6; i++) {
      await a.page.locator('[data-testid=chat-input]').fill(`line ${i}`);
      await a.page.locator('[data-testid=chat-send]').click();
    }
    await a.page.locator('[data-testid=chat-error]').waitFor({ timeout: 10000 });
    const refusal = await a.page.locator('[data-testid=chat-error]').textContent();
    if (!/at most 5 messages in 10 seconds/i.test(refusal)) throw new Error(`the refusal: ${refusal}`);
    // Mute: B's chat hides the lines, and stays muted after a reload.
    await b.page.locator('[data-testid=chat-mute]').click();
    await b.page.locator('[data-testid=chat-muted]').waitFor();
    if (await b.page.locator('[data-testid=chat-line]').count()) throw new Error('muted, the lines are still shown');
    await b.page.reload();
    await waitFor(b.page, () => true, 'the match again');
    await b.page.locator('[data-testid=chat-muted]').waitFor();
    await b.page.locator('[data-testid=chat-mute]').click();
    await b.page.locator('[data-testid=chat-line]').first().waitFor();
    if (dialogs.length) throw new Error(`dialogs: ${dialogs.join('; ')}`);
  });

  await test('lobby: after a resignation both ask for a rematch and land in a new match, seats swapped', async () => {
    await start();
    if (!matchA) throw new Error('no match from the first test');
    const { a, b } = players;
    await a.page.locator('.match-actions button', { hasText: 'Resign' }).click();
    await waitFor(a.page, (s) => s.over, 'the resignation');
    await waitFor(b.page, (s) => s.over, 'the resignation on B\'s page');
    await a.page.locator('[data-testid=rematch]').click();
    await b.page.locator('[data-testid=rematch-offer]').waitFor({ timeout: 10000 });
    const offer = await b.page.locator('[data-testid=rematch-offer]').textContent();
    if (!/offers a rematch/.test(offer)) throw new Error(`B reads: ${offer}`);
    await b.page.locator('[data-testid=rematch]').click();
    await Promise.all([
      a.page.waitForURL((u) => /\/match\//.test(u.pathname) && !u.pathname.includes(matchA), { timeout: 15000 }),
      b.page.waitForURL((u) => /\/match\//.test(u.pathname) && !u.pathname.includes(matchA), { timeout: 15000 }),
    ]);
    if (matchId(a.page) !== matchId(b.page)) throw new Error(`the rematch: A at ${a.page.url()}, B at ${b.page.url()}`);
    await waitFor(a.page, () => true, 'the rematch');
    const mine = await Promise.all([a.page, b.page].map((p) => p.locator('.clock.mine').getAttribute('data-testid')));
    if (mine[0] !== 'clock-1' || mine[1] !== 'clock-0') throw new Error(`the rematch's seats: ${mine} (A had seat 0)`);
    await shot(a.page, 'lobby-rematch-clocks-desktop');
    await shot(b.page, 'lobby-rematch-clocks-phone');
    if (dialogs.length) throw new Error(`dialogs: ${dialogs.join('; ')}`);
  });

  await test('lobby: an invitation by name reaches that player live; declined, then accepted; the one left behind claims the win', async () => {
    await start();
    const { a, b } = players;
    await openLobby(a.page, server.address);
    await openLobby(b.page, server.address);
    await postSeek(a.page, { game: 'dablot', clock: 'none', invite: b.name });
    const invitation = b.page.locator('[data-testid=invitations] [data-testid=seek]');
    await invitation.waitFor({ timeout: 10000 });
    await notReloaded(b.page, 'B');
    if (!(await invitation.textContent()).includes(a.name)) throw new Error(`the invitation: ${await invitation.textContent()}`);
    if (!(await a.page.locator('[data-testid=own-seeks]').textContent()).includes(`Invitation to ${b.name}`)) throw new Error('A does not see its invitation');
    await shot(b.page, 'lobby-invitation-phone');
    await invitation.locator('[data-testid=invitation-decline]').click();
    await a.page.getByText(`${b.name} declined your invitation.`).waitFor({ timeout: 10000 });
    await a.page.locator('[data-testid=own-seeks]').waitFor({ state: 'detached', timeout: 10000 });
    await invitation.waitFor({ state: 'detached', timeout: 10000 });
    await postSeek(a.page, { game: 'dablot', clock: 'none', invite: b.name });
    await invitation.waitFor({ timeout: 10000 });
    await invitation.locator('[data-testid=invitation-accept]').click();
    await Promise.all([a.page.waitForURL(/\/match\//, { timeout: 15000 }), b.page.waitForURL(/\/match\//, { timeout: 15000 })]);
    if (matchId(a.page) !== matchId(b.page)) throw new Error(`A is at ${a.page.url()}, B at ${b.page.url()}`);
    await waitFor(b.page, () => true, 'the invited match');
    // A leaves (its page goes to the lobby): past the grace period (2 s on this server) B may
    // claim the win, and does.
    await waitFor(a.page, () => true, 'the invited match on A\'s page');
    await a.page.goto(`${server.address}/lobby`);
    const claim = b.page.locator('[data-testid=claim-win]');
    await claim.waitFor({ timeout: 15000 });
    await b.page.evaluate(() => window.scrollTo(0, 0));
    const box = await claim.boundingBox();
    if (box.y + box.height > PHONE.height) throw new Error(`"Claim the win" is ${Math.round(box.y)} px down, below the phone's first screen`);
    await shot(b.page, 'lobby-claim-win-phone');
    await claim.click();
    const over = await waitFor(b.page, (s) => s.over, 'the claimed win');
    // B's own seat: the seat bar's one without a presence tag (the others' are "away" or "connected").
    const mine = Number(await b.page.evaluate(() => [...document.querySelectorAll('.seat-bar li[data-seat]')].find((li) => !li.querySelector('[data-testid=presence]'))?.dataset.seat));
    if (over.ending !== 'abandoned' || over.result?.[mine] !== 'win' || over.result?.[1 - mine] !== 'loss') throw new Error(`the claim by seat ${mine}: ${over.ending} ${JSON.stringify(over.result)}`);
    log(`  B claimed the win: ${JSON.stringify(over.result)}`);
  });

  await test('lobby: a WAR table of three with a bot fills with the second player and starts', async () => {
    await start();
    const { a, b } = players;
    await openLobby(a.page, server.address);
    await openLobby(b.page, server.address);
    await postSeek(a.page, { game: 'war', count: 3, seat: 0, bots: { 2: 'random' }, clock: 'none' });
    const seen = b.page.locator('[data-testid=seeks] [data-testid=seek][data-game=war]');
    await seen.waitFor({ timeout: 10000 });
    const words = await seen.textContent();
    if (!words.includes('3 players') || !/bots: \S+: random bot/i.test(words)) throw new Error(`B's WAR seek: ${words}`);
    await seen.locator('[data-testid=seek-accept]').click();
    await Promise.all([a.page.waitForURL(/\/match\//, { timeout: 15000 }), b.page.waitForURL(/\/match\//, { timeout: 15000 })]);
    if (matchId(a.page) !== matchId(b.page)) throw new Error(`A is at ${a.page.url()}, B at ${b.page.url()}`);
    await waitFor(a.page, () => true, 'the WAR match');
    const kinds = await a.page.locator('.seat-bar li[data-seat]').evaluateAll((lis) => lis.map((li) => li.querySelector('.muted')?.textContent));
    if (kinds.length !== 3 || kinds[0] !== 'You' || kinds[1] !== 'person' || kinds[2] === 'person') throw new Error(`the seats as A sees them: ${kinds.join(', ')}`);
  });

  await test('lobby: a correspondence match shows the time left for the move, and the next move\'s days; a spectator has no chat', async () => {
    await start();
    const { a, b } = players;
    await openLobby(a.page, server.address);
    await openLobby(b.page, server.address);
    await postSeek(a.page, { game: 'dablot', clock: 'correspondence', days: 2 });
    const seen = b.page.locator('[data-testid=seeks] [data-testid=seek][data-game=dablot]');
    await seen.waitFor({ timeout: 10000 });
    await seen.locator('[data-testid=seek-accept]').click();
    await Promise.all([a.page.waitForURL(/\/match\//, { timeout: 15000 }), b.page.waitForURL(/\/match\//, { timeout: 15000 })]);
    const s = await waitFor(a.page, (s) => s.clock?.running?.length === 1, 'the running clock');
    const runs = s.clock.running[0];
    const running = await a.page.locator(`[data-testid=clock-${runs}] .clock-time`).textContent();
    const other = await a.page.locator(`[data-testid=clock-${1 - runs}] .clock-time`).textContent();
    if (!/^1 day 23 h left$/.test(running) || other !== '2 days a move') throw new Error(`the correspondence clocks: "${running}", "${other}"`);
    await a.page.evaluate(() => window.scrollTo(0, 0));
    await shot(a.page, 'lobby-correspondence-desktop');
    // A spectator (a third context, a guest) watches: the clocks, no chat.
    const watcher = await newPage('lobby-watcher', DESKTOP);
    await watcher.goto(a.page.url());
    await waitFor(watcher, () => true, 'the watched match');
    await watcher.locator('[data-testid=clocks]').waitFor();
    if (await watcher.locator('[data-testid=chat]').count()) throw new Error('a spectator is shown the chat');
    await watcher.context().close();
  });

  await test('lobby: in Portuguese on a phone, the page fits and its words are Portuguese', async () => {
    await start();
    const page = await newPage('lobby-pt', PHONE, 'pt-BR');
    await openLobby(page, server.address);
    const heading = await page.locator('h1').textContent();
    if (heading !== 'Salão') throw new Error(`the heading: ${heading}`);
    await fitsWidth(page, PHONE.width, 'the lobby in Portuguese');
    await page.locator('.seek-form').scrollIntoViewIfNeeded();
    await axe(page, 'the lobby in Portuguese');
    await shot(page, 'lobby-form-pt-phone');
    await page.context().close();
  });
}
