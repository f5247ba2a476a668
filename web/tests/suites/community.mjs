// The end-to-end test (issue 22, "Browser tests"): three players sign up, each in a browser
// context of its own. Ana posts a rated Stratego seek with a rating range (1300 to 1700) and a short
// live clock; Bia sees it appear live and accepts; they play with clocks to the end: both set their
// armies up (the board's "random setup" and "Ready"), then Ana, to move, lets her clock run out and
// the server ends the match on time (its own flag: nobody resigns). Both profiles then show the
// ratings that Glicko-2 gives (computed here from Glickman's formulas, not copied from the server).
// Caio, whose Stratego rating is 1900 (a ratings row written into the server's SQLite file with the
// sqlite3 command before he opens the lobby: outside the range), never sees the seek: not in his
// lobby while it is open (nor in any frame his lobby's WebSocket receives), nor after a reload;
// a casual seek posted after it reaches him live, so his lobby does hear.
//
// Its own server, started with --min-clock-ms 1000 so that a live clock may be 15 s.
import { execFileSync } from 'node:child_process';
import { h, test, newPage, waitFor, shot, log, startOwnServer, DESKTOP, PHONE } from '../harness.mjs';
import { signUp, postSeek, openLobby, notReloaded, fitsWidth } from './lobby.mjs';

const suffix = String(Date.now() % 1e6);

// Glicko-2 for one game (Glickman, "Example of the Glicko-2 system", 2013, steps 1-8): the
// player's new rating and RD after scoring `s` against one opponent. tau 0.5, as docs/RATINGS.md.
export function glicko2(rating, rd, sigma, opponent, opponentRd, s, tau = 0.5) {
  const K = 173.7178;
  const mu = (rating - 1500) / K;
  const phi = rd / K;
  const muj = (opponent - 1500) / K;
  const phij = opponentRd / K;
  const g = 1 / Math.sqrt(1 + (3 * phij * phij) / (Math.PI * Math.PI));
  const E = 1 / (1 + Math.exp(-g * (mu - muj)));
  const v = 1 / (g * g * E * (1 - E));
  const delta = v * g * (s - E);
  const a = Math.log(sigma * sigma);
  const f = (x) => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 1e-6) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * g * (s - E);
  return { rating: 1500 + K * muNew, rd: K * phiNew, sigma: sigmaNew };
}

async function profileRating(page, address, name) {
  return page.evaluate(async (name) => (await (await fetch(`/api/players/${encodeURIComponent(name)}`)).json()).ratings.find((r) => r.pool === 'stratego') ?? null, name);
}

export default async function community() {
  await test('community: a rated Stratego seek with a rating range, played on the clock to a flag, rates both; a player outside the range never sees it', async () => {
    // The sanity of the formula above: Glickman's worked example's first game and the numbers.
    const first = glicko2(1500, 350, 0.06, 1500, 350, 1);
    if (Math.round(first.rating) !== 1662 || Math.round(first.rd) !== 290) throw new Error(`Glicko-2 here gives ${first.rating} / ${first.rd}`);
    const server = await startOwnServer(['--min-clock-ms', '1000']);
    const ana = { name: `Ana_${suffix}`, page: await newPage('community-ana', DESKTOP) };
    const bia = { name: `Bia_${suffix}`, page: await newPage('community-bia', PHONE) };
    const caio = { name: `Caio_${suffix}`, page: await newPage('community-caio', DESKTOP) };
    for (const p of [ana, bia, caio]) p.account = await signUp(p.page, server.address, p.name);

    // Caio's Stratego rating: 1900, outside 1300..1700.
    execFileSync('sqlite3', [server.db, `INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games) VALUES (${Number(caio.account.id)}, 'stratego', 1900, 60, 0.06, 40);`]);
    const caioRating = await profileRating(caio.page, server.address, caio.name);
    if (!caioRating || Math.round(caioRating.rating) !== 1900) throw new Error(`Caio's rating as the server reads it: ${JSON.stringify(caioRating)}`);

    // Every frame Caio's pages receive, to look for the seek in.
    const caioFrames = [];
    caio.page.on('websocket', (ws) => ws.on('framereceived', (f) => caioFrames.push(String(f.payload))));

    for (const p of [caio, bia, ana]) await openLobby(p.page, server.address);
    await postSeek(ana.page, { game: 'stratego', seat: 0, clock: 'live', minutes: 0.25, increment: 0, rated: true, min: 1300, max: 1700 });
    const own = ana.page.locator('[data-testid=own-seeks] [data-testid=seek][data-game=stratego]');
    await own.waitFor({ timeout: 10000 });
    const seekId = await own.getAttribute('data-seek');
    const seen = bia.page.locator(`[data-testid=seeks] [data-seek="${seekId}"]`);
    await seen.waitFor({ timeout: 10000 });
    await notReloaded(bia.page, 'Bia');
    const line = await seen.textContent();
    for (const words of ['Rated', 'ratings 1300 to 1700', '15 s + 0 s', ana.name]) if (!line.includes(words)) throw new Error(`Bia's seek line lacks "${words}": ${line}`);

    // A casual seek after it: Caio's lobby hears that one, live.
    await postSeek(ana.page, { game: 'dablot', clock: 'none', rated: false, min: '', max: '' });
    const control = ana.page.locator('[data-testid=own-seeks] [data-testid=seek][data-game=dablot]');
    await control.waitFor({ timeout: 10000 });
    if (/Rated|ratings/.test(await control.textContent())) throw new Error(`the control seek is not casual and open: ${await control.textContent()}`);
    await caio.page.locator('[data-testid=seeks] [data-testid=seek][data-game=dablot]').waitFor({ timeout: 10000 });
    await notReloaded(caio.page, 'Caio');
    if (await caio.page.locator(`[data-seek="${seekId}"]`).count()) throw new Error('Caio (1900) sees the 1300-1700 seek');
    await caio.page.reload();
    await caio.page.locator('.lobby[data-status=open]').waitFor();
    await caio.page.locator('[data-testid=seeks] [data-testid=seek][data-game=dablot]').waitFor({ timeout: 10000 });
    if (await caio.page.locator(`[data-seek="${seekId}"]`).count()) throw new Error('Caio sees the seek after a reload');
    await shot(bia.page, 'community-lobby-rated-seek-phone');
    await shot(ana.page, 'community-lobby-own-seeks-desktop');
    await shot(caio.page, 'community-lobby-outside-range-desktop');

    // Bia accepts: both land in the match, Ana Red (seat 0), Bia Blue.
    await seen.locator('[data-testid=seek-accept]').click();
    await Promise.all([ana.page.waitForURL(/\/match\//, { timeout: 15000 }), bia.page.waitForURL(/\/match\//, { timeout: 15000 })]);
    const id = /\/match\/([^/#?]+)/.exec(ana.page.url())[1];
    if (!bia.page.url().includes(id)) throw new Error(`Ana at ${ana.page.url()}, Bia at ${bia.page.url()}`);
    const start = await waitFor(ana.page, (s) => s.your_turn, 'Ana\'s setup');
    if (start.clock?.kind !== 'live' || start.clock.remaining_ms[0] > 15000) throw new Error(`the clock: ${JSON.stringify(start.clock)}`);
    await ana.page.click('[data-testid="strat-random"]');
    await ana.page.click('[data-testid="strat-ready"]');
    await waitFor(bia.page, (s) => s.your_turn, 'Bia\'s setup');
    await bia.page.click('[data-testid="strat-random"]');
    await bia.page.click('[data-testid="strat-ready"]');
    // Ana's move: she waits. Her clock runs red on both pages, and her page says so once.
    const playing = await waitFor(ana.page, (s) => s.your_turn && s.legal?.length > 0, 'Ana\'s first move');
    log(`  Ana's time at her first move: ${playing.clock.remaining_ms[0]} ms, Bia's ${playing.clock.remaining_ms[1]} ms`);
    await ana.page.locator('[data-testid=clock-0].running.low').waitFor({ timeout: 5000 });
    await bia.page.locator('[data-testid=clock-0].running.low').waitFor({ timeout: 5000 });
    const announced = await ana.page.locator('[data-testid=clock-announce]').textContent();
    if (!/under 20 seconds/.test(announced)) throw new Error(`Ana's page announced: "${announced}"`);
    const colour = await ana.page.locator('[data-testid=clock-0] .clock-time').evaluate((e) => getComputedStyle(e).color);
    if (colour !== 'rgb(179, 22, 27)') throw new Error(`a low clock's colour: ${colour}`);
    await ana.page.evaluate(() => window.scrollTo(0, 0));
    // On the phone the board scrolls under the clocks, which stay at the top.
    await bia.page.evaluate(() => window.scrollTo(0, 420));
    const clocksTop = await bia.page.locator('[data-testid=clocks]').evaluate((e) => e.getBoundingClientRect().top);
    if (Math.abs(clocksTop) > 1) throw new Error(`the phone's clocks are at ${clocksTop} px, not at the top of the screen`);
    await shot(ana.page, 'community-clocks-desktop');
    await shot(bia.page, 'community-clocks-phone');
    const over = await waitFor(ana.page, (s) => s.over, 'the flag', 30000);
    const overB = await waitFor(bia.page, (s) => s.over, 'the flag on Bia\'s page', 10000);
    if (over.ending !== 'time' || over.result?.[0] !== 'loss' || over.result?.[1] !== 'win') throw new Error(`the end: ${over.ending} ${JSON.stringify(over.result)}`);
    if (overB.ending !== 'time') throw new Error(`Bia's page: ${overB.ending}`);
    const ending = await bia.page.locator('[data-testid=ending]').textContent();
    if (!/ran out of time/.test(ending)) throw new Error(`Bia reads: ${ending}`);
    await bia.page.locator('[data-testid=game-over]').scrollIntoViewIfNeeded();
    await shot(bia.page, 'community-flag-phone');

    // The ratings, as Glicko-2 gives them: 1500/350/0.06 each before.
    const winner = glicko2(1500, 350, 0.06, 1500, 350, 1);
    const loser = glicko2(1500, 350, 0.06, 1500, 350, 0);
    for (const [p, expected] of [[bia, winner], [ana, loser]]) {
      let r = null;
      for (let i = 0; i < 50 && !(r && r.games === 1); i++) {
        r = await profileRating(p.page, server.address, p.name);
        if (!(r && r.games === 1)) await p.page.waitForTimeout(200);
      }
      if (!r || Math.round(r.rating) !== Math.round(expected.rating) || Math.round(r.deviation) !== Math.round(expected.rd)) throw new Error(`${p.name}'s Stratego rating: ${JSON.stringify(r)}; Glicko-2 gives ${expected.rating.toFixed(2)} / ${expected.rd.toFixed(2)}`);
      await p.page.goto(`${server.address}/player/${p.name}`);
      const row = p.page.locator('[data-testid=ratings] tr[data-pool=stratego]');
      await row.waitFor({ timeout: 10000 });
      const words = await row.textContent();
      if (!words.includes(String(Math.round(expected.rating))) || !words.includes(`± ${Math.round(expected.rd)}`)) throw new Error(`${p.name}'s profile row: ${words}`);
      log(`  ${p.name}: ${words.replace(/\s+/g, ' ').trim()} (Glicko-2: ${expected.rating.toFixed(2)} / ${expected.rd.toFixed(2)})`);
    }
    await shot(bia.page, 'community-profile-winner-phone');
    await fitsWidth(bia.page, PHONE.width, 'the winner\'s profile');

    // Caio never received the seek, in any frame.
    const leaked = caioFrames.filter((f) => f.includes(seekId));
    if (leaked.length) throw new Error(`Caio's WebSocket received the seek: ${leaked[0].slice(0, 200)}`);
    log(`  Caio's lobby received ${caioFrames.length} frames, none with the seek ${seekId}`);
    for (const p of [ana, bia, caio]) await p.page.context().close();
  });
}
