// The connection: a dropped one catches up without a reload.
import { h, test, newPage, newMatch, playMoves, waitFor, waitForAttribute, state, shot, log, DESKTOP, PHONE, expectedErrors, toleratedErrors } from '../harness.mjs';

export default async function () {
  await test('a dropped connection catches up without a reload', async () => {
    const driver = await import('../drivers/dablot.mjs');
    const a = await newPage('drop-a');
    await newMatch(a, 'dablot', { bots: ['friend'] });
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
}
