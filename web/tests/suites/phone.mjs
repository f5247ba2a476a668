// The phone: Stratego pieces dragged by touch.
import { h, test, newPage, newMatch, playMoves, waitFor, waitForAttribute, state, shot, log, DESKTOP, PHONE, expectedErrors, toleratedErrors } from '../harness.mjs';

export default async function () {
  await test('stratego: pieces dragged by touch on a phone (setup and play), the page not scrolled', async () => {
    const page = await newPage('stratego-touch', PHONE);
    await newMatch(page, 'stratego', { bots: ['random'] });
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
    // The click on Ready scrolled the page to the button: the board is brought back into view, as
    // a player would, so that both squares are on the screen.
    await page.locator('.strat-board').evaluate((b) => b.scrollIntoView({ block: 'center' }));
    await touchDrag(move[1], move[2]);
    await waitFor(page, (x) => x.view.play_plies > s.view.play_plies, `the dragged move ${move[0]}`, 5000);
    await shot(page, 'stratego-touch-drag');
    await page.context().close();
  });
}
