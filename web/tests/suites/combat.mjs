// Combat and dice you can follow (issue 21, point 5): a Stratego combat stays over the board long
// enough to read (the bot answers in a moment) and the side panel keeps the last one; WAR's map
// never moves when the dice choices and the roll appear, and on a phone the roll is in view; WAR's
// bar says what to do where the map offers nothing (no attack left, a trade due).
import { h, test, newPage, newMatch, waitFor, state, shot, log, DESKTOP, PHONE } from '../harness.mjs';
import * as strategoDriver from '../drivers/stratego.mjs';
import * as warDriver from '../drivers/war.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The combat shown over the board now, if any.
async function popNow(page) {
  return page.evaluate(() => {
    const g = document.querySelector('[data-testid="strat-combat-pop"]');
    if (!g) return null;
    return {
      square: g.getAttribute('data-combat-square'),
      attacker: g.getAttribute('data-attacker'),
      defender: g.getAttribute('data-defender'),
      result: g.getAttribute('data-result'),
      attackerOwner: Number(g.getAttribute('data-attacker-owner')),
      seq: g.getAttribute('data-seq'),
      pieces: g.querySelectorAll('.pop-fighter .pop-piece').length,
      lost: g.querySelectorAll('.pop-fighter.lost').length,
      outcome: g.querySelector('.pop-outcome')?.textContent ?? '',
    };
  });
}
const popKey = (p) => p && `${p.square} ${p.attacker} ${p.defender} ${p.result}`;

async function strategoCombat(viewport, tag, game = 'stratego') {
  const page = await newPage(`${game} combat ${tag}`, viewport);
  await newMatch(page, game, { bots: ['random'] });
  let pop = null;
  for (let i = 0; i < 300 && !pop; i++) {
    const s = await waitFor(page, (s) => s.your_turn || s.over, 'the viewer\'s turn', 60000);
    if (s.over) throw new Error('the game ended before any combat');
    pop = await popNow(page);
    if (pop) break;
    const attacks = (s.legal ?? []).map((l) => /^([a-k]\d+)x([a-k]\d+)$/.exec(l.text)).filter(Boolean);
    if (s.view.phase === 'play' && attacks.length && !(s.legal ?? []).some((l) => l.text === 'no rescue')) {
      const m = attacks[Math.floor(Math.random() * attacks.length)];
      await page.click(`[data-square="${m[1]}"]`);
      await page.click(`[data-square="${m[2]}"]`);
    } else {
      await strategoDriver.playMove(page);
    }
    // The viewer's combat shows at once; the bot's after its reply (looked for until the turn
    // comes back, not a fixed wait: a game may take dozens of moves to its first combat).
    const movedAt = Date.now();
    while (!pop && Date.now() - movedAt < 5000) {
      pop = await popNow(page);
      if (pop) break;
      const now = await state(page);
      if (Date.now() - movedAt > 300 && (now?.your_turn || now?.over)) {
        pop = await popNow(page);
        break;
      }
      await sleep(40);
    }
  }
  if (!pop) throw new Error('no combat in 300 moves');
  const seenAt = Date.now();
  if (pop.pieces !== 2) throw new Error(`the combat shows ${pop.pieces} pieces: ${JSON.stringify(pop)}`);
  if (!/^(attacker|defender|both)$/.test(pop.result) || pop.lost !== (pop.result === 'both' ? 2 : 1)) throw new Error(`the combat's outcome: ${JSON.stringify(pop)}`);
  if (pop.outcome.trim().length < 4) throw new Error(`no outcome in words: ${JSON.stringify(pop)}`);
  // Stratego shows both ranks in a combat; Espionage shows the viewer (Red) its own piece only,
  // and the other where the viewer saw it.
  const own = pop.attackerOwner === 0 ? pop.attacker : pop.defender;
  if (game === 'stratego' && (pop.attacker === '?' || pop.defender === '?')) throw new Error(`a Stratego combat with an unseen rank: ${JSON.stringify(pop)}`);
  if (own === '?') throw new Error(`the viewer's own piece is unseen: ${JSON.stringify(pop)}`);
  if (game === 'espionage') log(`  ${JSON.stringify(pop)}`);
  await page.waitForTimeout(300);
  await shot(page, `combat-${game}-pop-${tag}`);
  // The bot's reply (when the combat was the viewer's); the combat still shows 1.1 s after it (a
  // bot slower than 3.2 s: the combat stays while the viewer waits, 4.5 s at least). The page
  // keeps it 1.8 s after the reply it saw; this test sees the reply a little later, more so on a
  // loaded machine, and without the rule a late reply's combat would go 0.5 s after it.
  await waitFor(page, (s) => s.your_turn || s.over, 'the bot\'s reply', 10000);
  const replied = Date.now();
  const slow = replied - seenAt > 3200;
  if (slow) log(`  (the bot took ${replied - seenAt} ms)`);
  await sleep(Math.max(0, (slow ? seenAt + 4500 : replied + 1100) - Date.now()));
  const later = await popNow(page);
  if (!later || later.seq !== pop.seq) throw new Error(`the combat was gone ${Date.now() - replied} ms after the bot's reply (${Date.now() - seenAt} ms after it showed)`);
  // Each combat shown, once: [seq, what] as they follow one another.
  const shown = [[pop.seq, popKey(pop)]];
  const note = (p) => p.seq !== shown[shown.length - 1][0] && shown.push([p.seq, popKey(p)]);
  note(later);
  // It goes away by itself (a queued one follows), then the side panel keeps the last combat.
  for (const start = Date.now(); ; await sleep(80)) {
    const now = await popNow(page);
    if (!now) break;
    note(now);
    if (Date.now() - start > 9000) throw new Error('the combat overlay never went away');
  }
  const last = shown[shown.length - 1][1].split(' ');
  const panel = page.locator('[data-testid="strat-last-combat"] [data-testid="strat-combat"]');
  await panel.waitFor({ timeout: 3000 });
  const text = await panel.textContent();
  if (!text.includes(last[0])) throw new Error(`the last combat panel does not name ${last[0]}: ${text}`);
  const icons = await panel.locator('.fighter').count();
  if (icons !== 2) throw new Error(`the last combat panel shows ${icons} pieces`);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, `combat-${game}-panel-${tag}`);
  // A combat is shown once (an Espionage turn's first move comes as a draft, then in its event).
  const whats = shown.map(([, what]) => what);
  if (new Set(whats).size !== whats.length) throw new Error(`the same combat shown twice: ${whats.join(' / ')}`);
  await page.context().close();
}

// The map's frame on the page (its box, scrolled with the page).
async function mapBox(page) {
  return page.evaluate(() => {
    const r = document.querySelector('.war-map-frame').getBoundingClientRect();
    return { top: r.top + scrollY, left: r.left + scrollX, width: r.width, height: r.height };
  });
}
function sameBox(a, b, what) {
  for (const k of ['top', 'left', 'width', 'height']) {
    if (Math.abs(a[k] - b[k]) > 2) throw new Error(`the map moved ${what}: ${k} ${a[k].toFixed(1)} -> ${b[k].toFixed(1)}`);
  }
}
const armiesOf = (s, id) => s.view.territories.find((t) => t.id === id)?.armies ?? 0;
const hintOf = (page) => page.locator('[data-testid="war-hint"]').textContent();

// Plays the viewer's WAR turns by clicking: armies all on one territory, attacks while any is
// possible (the strongest against the weakest, the most dice), the most armies moved in, no
// trade unless due; `on` is told of each first: an attack to choose (with the conquests of the turn
// so far), no attack left, a trade. Each may answer 'stop' (the play stops) or 'end' (the phase
// ends instead).
async function playWar(page, on, limitMs) {
  const start = Date.now();
  let last = '';
  let conquests = 0;
  while (Date.now() - start < limitMs) {
    const s = await waitFor(page, (s) => (s.your_turn && JSON.stringify(s.view) + s.legal.length !== last) || s.over, 'the viewer\'s WAR turn', 60000);
    if (s.over) return 'over';
    const legal = s.legal ?? [];
    const of = (w) => legal.filter((l) => l.text.split(' ')[0] === w);
    const phase = s.view.phase;
    last = JSON.stringify(s.view) + legal.length;
    const place = of('place'), attacks = of('attack'), occupy = of('occupy'), trades = of('trade');
    // A selection left from the last attack is dropped, but not in a conquest: the page clears it
    // itself then, and a click on its Cancel would wait for a button already gone.
    if (!occupy.length && (await page.locator('[data-testid="war-cancel"]').count())) await page.locator('[data-testid="war-cancel"]').click({ timeout: 2000 }).catch(() => {});
    if (phase === 'reinforcement') conquests = 0;
    if (occupy.length) {
      conquests++;
      const n = Math.max(...occupy.map((l) => Number(l.text.split(' ')[1])));
      await page.locator(`[data-testid="war-occupy-${n}"]`).click();
    } else if (trades.length && !place.length) {
      const answer = await on.trade?.(s);
      if (answer === 'stop') return 'stopped';
      if (answer === 'end') await page.locator('[data-testid="war-end"]').click();
      else if (answer !== 'traded') await page.locator('[data-testid^="war-bar-trade-"]').first().click();
    } else if (place.length) {
      const ids = place.map((l) => l.text.split(' ').pop());
      const best = ids.sort((a, b) => armiesOf(s, b) - armiesOf(s, a))[0];
      if (await page.locator('[data-testid="war-count-all"]').count()) await page.locator('[data-testid="war-count-all"]').click();
      await page.locator(`[data-counter="${best}"] .war-badge`).click();
    } else if (phase === 'attacks' && attacks.length) {
      const pairs = attacks.map((l) => l.text.split(' ')).map(([, a, b, d]) => ({ a, b, d: Number(d), edge: armiesOf(s, a) - armiesOf(s, b) }));
      pairs.sort((x, y) => y.edge - x.edge || y.d - x.d);
      const { a, b, d, edge } = pairs[0];
      const answer = await on.attack?.(s, a, b, d, { edge, conquests });
      if (answer === 'stop') return 'stopped';
      if (answer === 'end') {
        await page.locator('[data-testid="war-end"]').click();
        continue;
      }
      await page.locator(`[data-counter="${a}"] .war-badge`).click();
      await page.locator(`[data-counter="${b}"] .war-badge`).click();
      await page.locator(`[data-testid="war-attack-${d}"]`).click();
    } else if (phase === 'attacks' && of('end').length) {
      if ((await on.noAttack?.(s)) === 'stop') return 'stopped';
      await page.locator('[data-testid="war-end"]').click();
    } else if (phase === 'movement' && of('end').length) {
      await page.locator('[data-testid="war-end"]').click();
    } else {
      await warDriver.playMove(page);
    }
  }
  return 'time';
}

// The map stays where it is while the dice choices come and go and the roll shows; the roll is in
// the viewport (on a phone, too).
async function warMapStill(viewport, tag, game = 'war') {
  const page = await newPage(`${game} dice ${tag}`, viewport);
  await newMatch(page, game, { bots: ['random', 'random'], seats: 3 });
  const end = await playWar(page, {
    attack: async (s, a, b, d) => {
      await page.waitForTimeout(200);
      const before = await mapBox(page);
      await page.locator(`[data-counter="${a}"] .war-badge`).click();
      await page.locator(`[data-counter="${b}"] .war-badge`).click();
      await page.locator(`[data-testid="war-attack-${d}"]`).waitFor();
      await page.waitForFunction(() => !/…/.test(document.querySelector('[data-testid="war-odds"]')?.textContent ?? '…'), null, { timeout: 5000 });
      const choosing = await mapBox(page);
      await shot(page, `combat-${game}-dice-choices-${tag}`);
      sameBox(before, choosing, 'when the dice choices appeared');
      const event = await page.locator('.match').getAttribute('data-event');
      await page.locator(`[data-testid="war-attack-${d}"]`).click();
      await page.waitForFunction((e) => document.querySelector('.match').getAttribute('data-event') !== e, event);
      await page.locator('[data-testid="war-dice"]').waitFor();
      await page.waitForTimeout(300);
      const after = await mapBox(page);
      sameBox(before, after, 'after the roll');
      const dice = await page.evaluate(() => {
        const r = document.querySelector('[data-testid="war-dice"]').getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight };
      });
      if (dice.top < 0 || dice.bottom > dice.h || dice.left < 0 || dice.right > dice.w) throw new Error(`the roll is out of view: ${JSON.stringify(dice)}`);
      await shot(page, `combat-${game}-dice-roll-${tag}`);
      return 'stop';
    },
  }, 120000);
  if (end !== 'stopped') throw new Error(`no attack to make (${end})`);
  await page.context().close();
}

// Where the map offers nothing, the bar says what to do: no attack left, a trade offered with
// nothing left to place (where it comes), a trade due (5 cards). The viewer attacks while it can until it has seen
// no attack left, then conquers one territory a turn (a card) and trades only when it must.
async function warHints() {
  const seen = {};
  // A game may end (a bot's objective) before the viewer holds five cards: another game then.
  for (let game = 0; game < 3 && (await warHintsGame(seen)) === 'over'; game++) log(`  the game ended first; another`);
  const all = ['no-attack', 'trade-due'];
  if (!all.every((w) => seen[w])) throw new Error(`not seen: ${all.filter((w) => !seen[w]).join(', ')}`);
}

async function warHintsGame(seen) {
  const page = await newPage('war hints');
  await newMatch(page, 'war', { bots: ['random', 'random'], seats: 3 });
  // Required: no attack left, a trade due; a trade offered is checked where it comes first.
  const all = ['no-attack', 'trade-due'];
  const check = async (what, pattern) => {
    const hint = (await hintOf(page)).trim();
    if (/see the panel/i.test(hint) || !pattern.test(hint)) throw new Error(`${what}: the hint says "${hint}"`);
    if (!seen[what]) {
      seen[what] = hint;
      log(`  ${what}: "${hint}"`);
      await shot(page, `combat-war-hint-${what}-desktop`);
      await page.setViewportSize(PHONE);
      await page.locator('[data-testid="war-hint"]').scrollIntoViewIfNeeded();
      const phoneHint = (await hintOf(page)).trim();
      if (phoneHint !== hint) throw new Error(`the phone's hint: "${phoneHint}"`);
      await shot(page, `combat-war-hint-${what}-phone`);
      await page.setViewportSize(DESKTOP);
    }
  };
  const end = await playWar(page, {
    attack: (s, a, b, d, { edge, conquests }) => (seen['no-attack'] && (conquests > 0 || edge < 2) ? 'end' : undefined),
    noAttack: async () => {
      await check('no-attack', /^No attack possible from your territories: end your attacks$/);
      return all.every((w) => seen[w]) ? 'stop' : undefined;
    },
    trade: async (s) => {
      const cards = s.view.seats[0]?.hand?.length;
      const due = !(s.legal ?? []).some((l) => l.text === 'end');
      if ((await page.locator('[data-testid^="war-bar-trade-"]').count()) === 0) throw new Error('no trade button in the bar');
      if (due) {
        if (cards < 5) throw new Error(`a trade due with ${cards} cards`);
        await check('trade-due', new RegExp(`^You hold ${cards} cards: trade three of them for \\d+ armies$`));
        // The bar's button trades: three cards fewer.
        await page.locator('[data-testid^="war-bar-trade-"]').first().click();
        await waitFor(page, (n) => n.view.seats[0]?.hand?.length === cards - 3, 'the trade');
        return all.every((w) => seen[w]) ? 'stop' : 'traded';
      }
      await check('trade-offered', /^All placed\. Trade three cards for \d+ armies, or go on to the attacks$/);
      return 'end';
    },
  }, 300000);
  await page.context().close();
  return all.every((w) => seen[w]) ? 'seen' : end;
}

export default async function () {
  await test('combat: WAR\'s map does not move when the dice choices and the roll appear, and the roll is in view (desktop)', () => warMapStill(DESKTOP, 'desktop'));
  await test('combat: WAR\'s map does not move when the dice choices and the roll appear, and the roll is in view (phone)', () => warMapStill(PHONE, 'phone'));
  await test('combat: WAR-II\'s map does not move when the dice choices and the roll appear, and the roll is in view (phone)', () => warMapStill(PHONE, 'phone', 'war2'));
  await test('combat: WAR\'s bar says what to do when no attack is left and a trade is due (or offered)', () => warHints());
  await test('combat: a Stratego combat stays over the board after the bot replies, and the panel keeps it (desktop)', () => strategoCombat(DESKTOP, 'desktop'));
  await test('combat: a Stratego combat stays over the board after the bot replies, and the panel keeps it (phone)', () => strategoCombat(PHONE, 'phone'));
  await test('combat: an Espionage combat shows over the board (the viewer\'s own rank; an unseen one stays a back)', () => strategoCombat(DESKTOP, 'desktop', 'espionage'));
}
