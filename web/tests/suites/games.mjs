// The home page, and a match of every game against bots played by clicking its board, at both widths.
import { h, test, newPage, newMatch, playMoves, waitFor, waitForAttribute, state, shot, log, DESKTOP, PHONE, expectedErrors, toleratedErrors } from '../harness.mjs';

const games = [
  { game: 'dablot', bots: ['random'], moves: 6 },
  { game: 'conspiradores', bots: ['random'], moves: 6 },
  { game: 'stratego', bots: ['random'], moves: 6 },
  { game: 'espionage', bots: ['random'], moves: 6 },
  { game: 'war', bots: ['random', 'random'], seats: 3, moves: 12 },
  { game: 'war2', bots: ['random', 'random'], seats: 3, moves: 12 },
];

export default async function () {
  await test('home page lists the six games', async () => {
    const page = await newPage('home');
    await page.goto(`${h.address}/`);
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
      const driver = await import(`../drivers/${g.game}.mjs`);
      const page = await newPage(g.game);
      const url = await newMatch(page, g.game, g);
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
}
