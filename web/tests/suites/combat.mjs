// Combat and dice you can follow (issue 21, point 5): a Stratego combat stays over the board long
// enough to read (the bot answers in a moment) and the side panel keeps the last one; WAR's map
// never moves when the dice choices and the roll appear, and on a phone the roll is in view; WAR's
// bar says what to do where the map offers nothing (no attack left, a trade due).
import { h, test, newPage, newMatch, waitFor, shot, log, DESKTOP, PHONE } from '../harness.mjs';
import * as strategoDriver from '../drivers/stratego.mjs';
import * as warDriver from '../drivers/war.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The combat shown over the board now, if any.
async function popNow(page) {
  return page.evaluate(() => {
    const g = document.querySelector('[data-testid="strat-combat-pop"]');
    if (!g) return null;
    return {
      square: g.getAttribute('data-square'),
      attacker: g.getAttribute('data-attacker'),
      defender: g.getAttribute('data-defender'),
      result: g.getAttribute('data-result'),
      pieces: g.querySelectorAll('.pop-fighter .pop-piece').length,
      lost: g.querySelectorAll('.pop-fighter.lost').length,
      outcome: g.querySelector('.pop-outcome')?.textContent ?? '',
    };
  });
}
const popKey = (p) => p && `${p.square} ${p.attacker} ${p.defender} ${p.result}`;

async function strategoCombat(viewport, tag) {
  const page = await newPage(`stratego combat ${tag}`, viewport);
  await newMatch(page, 'stratego', { bots: ['random'] });
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
    // The viewer's combat shows at once; the bot's after its reply.
    for (const start = Date.now(); Date.now() - start < 1500 && !pop; await sleep(40)) pop = await popNow(page);
  }
  if (!pop) throw new Error('no combat in 300 moves');
  const seenAt = Date.now();
  if (pop.pieces !== 2) throw new Error(`the combat shows ${pop.pieces} pieces: ${JSON.stringify(pop)}`);
  if (!/^(attacker|defender|both)$/.test(pop.result) || pop.lost !== (pop.result === 'both' ? 2 : 1)) throw new Error(`the combat's outcome: ${JSON.stringify(pop)}`);
  if (pop.outcome.trim().length < 4) throw new Error(`no outcome in words: ${JSON.stringify(pop)}`);
  // Stratego shows both ranks in a combat: neither is a back.
  if (pop.attacker === '?' || pop.defender === '?') throw new Error(`a Stratego combat with an unseen rank: ${JSON.stringify(pop)}`);
  await shot(page, `combat-stratego-pop-${tag}`);
  // The bot's reply (when the combat was the viewer's); the combat still shows 1.5 s after it.
  await waitFor(page, (s) => s.your_turn || s.over, 'the bot\'s reply', 10000);
  const replied = Date.now();
  if (replied - seenAt > 900) log(`  (the bot took ${replied - seenAt} ms)`);
  await sleep(Math.max(0, 1500 - (Date.now() - replied)));
  const later = await popNow(page);
  const shown = [popKey(pop)];
  if (!later) throw new Error(`the combat was gone ${Date.now() - replied} ms after the bot's reply (${Date.now() - seenAt} ms after it showed)`);
  if (!shown.includes(popKey(later))) shown.push(popKey(later));
  // It goes away by itself (a queued one follows), then the side panel keeps the last combat.
  for (const start = Date.now(); ; await sleep(80)) {
    const now = await popNow(page);
    if (!now) break;
    if (!shown.includes(popKey(now))) shown.push(popKey(now));
    if (Date.now() - start > 9000) throw new Error('the combat overlay never went away');
  }
  const last = shown[shown.length - 1].split(' ');
  const panel = page.locator('[data-testid="strat-last-combat"] [data-testid="strat-combat"]');
  await panel.waitFor({ timeout: 3000 });
  const text = await panel.textContent();
  if (!text.includes(last[0])) throw new Error(`the last combat panel does not name ${last[0]}: ${text}`);
  const icons = await panel.locator('.fighter').count();
  if (icons !== 2) throw new Error(`the last combat panel shows ${icons} pieces`);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, `combat-stratego-panel-${tag}`);
  await page.context().close();
}

export default async function () {
  await test('combat: a Stratego combat stays over the board after the bot replies, and the panel keeps it (desktop)', () => strategoCombat(DESKTOP, 'desktop'));
  await test('combat: a Stratego combat stays over the board after the bot replies, and the panel keeps it (phone)', () => strategoCombat(PHONE, 'phone'));
}
