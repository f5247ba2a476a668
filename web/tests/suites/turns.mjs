// Issue 21, points 2-4: inviting a friend without giving away a seat (two browser contexts), the
// turn in the tab's title with a sound and a notification, and a connection that tells the truth
// (the server silenced, the indicator within seconds, a move pending until it is answered).
import { h, test, newPage, newMatch, waitFor, state, shot, DESKTOP, PHONE, toleratedErrors } from '../harness.mjs';

const dablot = () => import('../drivers/dablot.mjs');
const presenceOf = (page, seat) => page.locator(`.seat-bar li[data-seat="${seat}"] [data-testid=presence]`).textContent({ timeout: 100 }).catch(() => null);
async function until(what, check, timeout = 10000) {
  const start = Date.now();
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export default async function () {
  for (const viewport of [DESKTOP, PHONE]) {
    const width = viewport.width;
    await test(`invite (${width}): the friend's link shown at once, no seat secret in the address bar, the friend's seat joined and connected`, async () => {
      const host = await newPage(`invite-host-${width}`, viewport);
      await newMatch(host, 'dablot', { bots: ['friend'] });
      const url = host.url();
      if (url.includes('#') || url.includes('seat=')) throw new Error(`the host's address bar holds ${url}`);
      // The invitation is on screen at once, with the link, Copy and the words to send it.
      const invite = host.locator('[data-testid=invite]:visible');
      await invite.waitFor();
      if (!(await invite.locator('button.copy').evaluate((e) => e.getBoundingClientRect().bottom <= innerHeight)))
        throw new Error('the invitation\'s Copy button is not in view');
      const text = await invite.textContent();
      if (!/send this link to your friend/i.test(text)) throw new Error(`the invitation says: ${text}`);
      const link = await invite.locator('button.copy').getAttribute('data-link');
      if (!/#seat=/.test(link)) throw new Error(`the friend's link: ${link}`);
      if ((await invite.locator('input').inputValue()) !== link) throw new Error('the link field differs from the copied link');
      await until('"not joined yet"', async () => /not joined/.test((await presenceOf(host, 1)) ?? ''));
      await shot(host, `invite-host-${width}`);
      // The host's own address, pasted anywhere, only lets one watch.
      const stranger = await newPage(`invite-stranger-${width}`, viewport);
      await stranger.goto(url);
      const seen = await waitFor(stranger, () => true, 'the stranger page');
      if (!/watching/i.test(await stranger.evaluate(() => document.querySelector('.match .tag')?.textContent))) throw new Error('the host\'s address gave a seat');
      if (seen.your_turn || seen.legal.length) throw new Error('the stranger can move');
      // The friend opens the link: plays Swedes' seat, and the address bar loses the secret.
      const friend = await newPage(`invite-friend-${width}`, viewport);
      await friend.goto(link);
      await waitFor(friend, () => true, 'the friend page');
      if (friend.url().includes('seat=')) throw new Error(`the friend's address bar holds ${friend.url()}`);
      const joined = await friend.evaluate(() => window.__quartel.state);
      if (!joined) throw new Error('no state');
      await until('the host to see the friend connected', async () => (await presenceOf(host, 1)) === 'connected');
      if (await host.locator('[data-testid=invite]').count()) throw new Error('the invitation stays after the friend came');
      // A reload keeps each their seat.
      await friend.reload();
      await waitFor(friend, () => true, 'the friend page again');
      const mover = (await state(host)).your_turn ? host : friend;
      await (await dablot()).playMove(mover);
      await waitFor(host, (s) => s.view !== null && !s.mid_turn, 'the move');
      // The friend leaves: the host's page says so.
      await friend.context().close();
      await until('the host to see the friend away', async () => /not connected/.test((await presenceOf(host, 1)) ?? ''));
      await shot(host, `invite-away-${width}`);
      await stranger.context().close();
      await host.context().close();
    });
  }

  await test('the title on a turn change, a move sound, and a notification when the tab is hidden', async () => {
    const page = await newPage('title');
    await page.context().grantPermissions(['notifications'], { origin: h.address });
    // Notifications are recorded, and the tab reads as hidden once the test says so.
    await page.addInitScript(() => {
      window.__notes = [];
      window.Notification = class {
        static permission = 'granted';
        static requestPermission() { return Promise.resolve('granted'); }
        constructor(title, options) { window.__notes.push({ title, body: options?.body }); }
        close() {}
      };
      let hidden = false;
      Object.defineProperty(document, 'hidden', { get: () => hidden });
      Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
      window.__hide = () => { hidden = true; document.dispatchEvent(new Event('visibilitychange')); };
    });
    await newMatch(page, 'dablot', { bots: ['random'] });
    const s = await waitFor(page, (x) => x.your_turn || x.to_act === 1, 'a turn');
    if (!s.your_turn) await waitFor(page, (x) => x.your_turn, 'your turn');
    await until('the title to say your turn', async () => (await page.title()) === '(1) Your turn · Dablot');
    const soundsBefore = await page.evaluate(() => window.__quartelSounds ?? 0);
    await page.evaluate(() => window.__hide());
    await (await dablot()).playMove(page);
    await until('the title to say the game only', async () => (await page.title()) === 'Dablot · Quartel' || (await page.title()).startsWith('(1)'));
    // The bot answers: the title says your turn again, a notification came as the tab is hidden.
    await waitFor(page, (x) => x.your_turn || x.over, 'your turn again');
    await until('the title to say your turn again', async () => (await page.title()) === '(1) Your turn · Dablot');
    const notes = await until('a notification', async () => (await page.evaluate(() => window.__notes)).length ? page.evaluate(() => window.__notes) : null);
    if (notes[0].title !== 'Your turn' || notes[0].body !== 'Dablot') throw new Error(`notification: ${JSON.stringify(notes)}`);
    const sounds = await page.evaluate(() => window.__quartelSounds ?? 0);
    if (sounds < soundsBefore + 2) throw new Error(`${sounds - soundsBefore} sounds for two moves`);
    // The sound switched off: the next moves are silent.
    await page.locator('[data-testid=sound]').click();
    if ((await page.locator('[data-testid=sound]').textContent()) !== 'Sound: off') throw new Error('the sound switch');
    const silentFrom = await page.evaluate(() => window.__quartelSounds);
    await (await dablot()).playMove(page);
    await waitFor(page, (x) => x.your_turn || x.over, 'your turn after a silent move');
    if ((await page.evaluate(() => window.__quartelSounds)) !== silentFrom) throw new Error('a sound with the sound off');
    await page.context().close();
  });

  await test('the network cut: "reconnecting…" within seconds, a move made meanwhile pending until the server answers', async () => {
    const page = await newPage('network-cut');
    await newMatch(page, 'dablot', { bots: ['random'] });
    const before = await waitFor(page, (x) => x.your_turn, 'your turn');
    await page.locator('.conn-open').waitFor();
    toleratedErrors.push(/WebSocket connection .* failed/);
    // The server stops answering, its sockets still open (a network gone quiet).
    h.server.kill('SIGSTOP');
    const cut = Date.now();
    try {
      await page.locator('.conn-lost').waitFor({ timeout: 15000 });
      const seconds = (Date.now() - cut) / 1000;
      if (seconds > 12) throw new Error(`"reconnecting…" after ${seconds} s`);
      const said = await page.locator('.conn').textContent();
      if (!/reconnecting/.test(said)) throw new Error(`the indicator says ${said}`);
      // A move made now shows as pending, and the board takes no other.
      await (await dablot()).playMove(page);
      await page.locator('[data-testid=pending]').waitFor({ timeout: 5000 });
      await shot(page, 'network-cut-pending-1366');
      await page.setViewportSize(PHONE);
      if (!(await page.locator('[data-testid=pending]').evaluate((e) => e.getBoundingClientRect().bottom <= innerHeight)))
        throw new Error('the pending move is not in view on the phone');
      await shot(page, 'network-cut-pending-390');
      await page.setViewportSize(DESKTOP);
      await page.waitForTimeout(Math.max(0, 20000 - (Date.now() - cut)));
      if (!(await page.locator('[data-testid=pending]').isVisible())) throw new Error('the pending move vanished while offline');
      const still = await page.locator('.conn').textContent();
      if (!/reconnecting/.test(still)) throw new Error(`after ${((Date.now() - cut) / 1000).toFixed(0)} s the indicator says ${still}`);
    } finally {
      h.server.kill('SIGCONT');
    }
    // The server back: the connection comes back, the move is answered (played), pending gone.
    await page.locator('.conn-open').waitFor({ timeout: 20000 });
    await waitFor(page, (x) => JSON.stringify(x.view) !== JSON.stringify(before.view), 'the pending move to be played', 20000);
    await page.locator('[data-testid=pending]').waitFor({ state: 'detached', timeout: 10000 });
    await page.context().close();
  });
}
