// Accounts in the browser (issue 22): signing up, out and in (the name in the top bar), a wrong
// password answered in the server's words, a guest's match kept by signing up, a password
// changed (the old one refused, the account's other session ended), a name carrying HTML refused
// by the server's rule and never rendered as HTML, the profile (ratings with provisional ones
// marked, the history chart, the matches) and the leaderboards at both widths, the new-game page's
// bots with their ratings, the top bar on a phone in Portuguese, and axe on every new page.
//
// Few accounts: the server lets an address sign up a few times only (and tries sign-ins per name),
// so the tests share one account, made by the first test.
import { h, test, newPage, newMatch, waitFor, shot, log, DESKTOP, PHONE, expectedErrors, axeViolations } from '../harness.mjs';


const suffix = String(Date.now() % 1e6);
const me = { name: `Ana_${suffix}`, password: 'correct horse 1', page: null };
const NEW_PASSWORD = 'battery staple 22';

async function sessionOf(page) {
  return page.evaluate(async () => (await (await fetch('/api/session', { cache: 'no-store' })).json()).account);
}

async function fillAndSubmit(page, mode, name, password) {
  await page.goto(`${h.address}/${mode}`);
  await page.locator('#account-name').fill(name);
  await page.locator('#account-password').fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/${mode}`));
  await page.locator('[data-testid=account-submit]').click();
  const response = await answer;
  return { status: response.status(), body: await response.json().catch(() => ({})) };
}

async function topBarName(page) {
  await page.locator('[data-testid=nav-me]').waitFor({ timeout: 10000 });
  return (await page.locator('[data-testid=nav-me]').textContent()).trim();
}

// The page is no wider than the screen, and every link and control of the top bar lies inside it.
async function fitsThePhone(page, where) {
  const problems = await page.evaluate((width) => {
    const out = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const e of document.querySelectorAll('.topbar a, .topbar button, .topbar select')) {
      const r = e.getBoundingClientRect();
      if (r.right > width + 0.5 || r.left < -0.5) out.push(`"${e.textContent.trim()}" reaches ${Math.round(r.left)}..${Math.round(r.right)} px`);
    }
    return out;
  }, PHONE.width);
  if (problems.length) throw new Error(`${where} at ${PHONE.width} px: ${problems.join('; ')}`);
}


// A rated Dablot match against the random bot's account, set up on the new-game page ("Rated",
// offered to a signed-in player against bots) and resigned on its page: a loss the ratings count.
// `awaiting`: first check that the profile lists the match among the games awaiting the player.
async function ratedLossToBot(page, awaiting = false) {
  await page.goto(`${h.address}/new/dablot`);
  await page.locator('#seat-1').selectOption('random');
  await page.locator('#rated').setChecked(true);
  await page.locator('[data-testid=start]').click();
  await page.waitForURL(/\/match\//);
  const id = /\/match\/([^/#?]+)/.exec(page.url())[1];
  await waitFor(page, () => true, 'the rated match');
  if (awaiting) {
    await waitFor(page, (s) => s.your_turn, 'the player\'s turn');
    await page.goto(`${h.address}/player/${me.name}`);
    const row = page.locator(`[data-testid=awaiting] li[data-match="${id}"]`);
    await row.waitFor({ timeout: 5000 }).catch(() => {
      throw new Error(`the profile does not list the match ${id} as awaiting the player's move`);
    });
    await row.locator('.links a').click();
    await page.waitForURL(new RegExp(`/match/${id}`));
    await waitFor(page, (s) => s.your_turn, 'the player\'s turn, back on the match');
  }
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: /^resign$/i }).click({ timeout: 10000 });
  await waitFor(page, (s) => s.over, 'the resignation');
  return id;
}

export default async function () {
  await test('accounts: sign up (the name in the top bar, the autocomplete attributes); the cookie is HttpOnly, SameSite=Lax', async () => {
    const page = await newPage('accounts-signup');
    me.page = page;
    await page.goto(`${h.address}/`);
    await page.locator('[data-testid=nav-signup]').click();
    await page.waitForURL(/\/signup$/);
    if ((await page.locator('#account-name').getAttribute('autocomplete')) !== 'username') throw new Error('the name field is not autocomplete=username');
    if ((await page.locator('#account-password').getAttribute('autocomplete')) !== 'new-password') throw new Error('the sign-up password is not autocomplete=new-password');
    // A guest is offered no rated game.
    await page.goto(`${h.address}/new/dablot`);
    await page.locator('#seat-1').waitFor();
    await page.waitForTimeout(300);
    if (await page.locator('#rated').count()) throw new Error('a guest is offered a rated game');
    // A guest's match first: signing up keeps it.
    const url = await newMatch(page, 'dablot', { bots: ['random'] });
    me.guestMatch = /\/match\/([^/#?]+)/.exec(url)[1];
    const up = await fillAndSubmit(page, 'signup', me.name, me.password);
    if (up.status !== 201) throw new Error(`sign-up answered ${up.status}: ${JSON.stringify(up.body)}`);
    await page.waitForURL(/\/player\//);
    if ((await topBarName(page)) !== me.name) throw new Error(`the top bar shows "${await topBarName(page)}", not ${me.name}`);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'quartel_session');
    if (!cookie?.httpOnly || cookie.sameSite !== 'Lax') throw new Error(`the session cookie: ${JSON.stringify(cookie)}`);
    if (await page.evaluate(() => document.cookie.includes('quartel_session'))) throw new Error('the page can read the session cookie');

  });

  await test("accounts: a guest's match is the account's after signing up (the profile lists it)", async () => {
    if (!me.guestMatch) throw new Error('no account (the sign-up test failed)');
    const page = me.page;
    await page.goto(`${h.address}/player/${me.name}`);
    await page.locator('[data-testid=profile-name]').waitFor();
    const listed = await page.locator(`.profile-matches li[data-match="${me.guestMatch}"]`).count();
    if (!listed) throw new Error(`the profile does not list the match ${me.guestMatch} played as a guest`);
    const api = await page.evaluate(async (n) => (await fetch(`/api/players/${n}`)).json(), me.name);
    const seat = api.running.concat(api.finished).find((m) => m.match === me.guestMatch);
    if (!seat || !seat.players.includes(me.name)) throw new Error(`the server's profile: ${JSON.stringify(seat)}`);
  });

  await test("accounts: a name carrying HTML is refused by the server's rule, in its words, never rendered", async () => {
    const page = await newPage('accounts-html-name');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      d.dismiss();
    });
    expectedErrors.push(/status of 400/);
    const bad = '<img src=x onerror=alert(1)>';
    const answer = await fillAndSubmit(page, 'signup', bad, 'a good password');
    if (answer.status !== 400) throw new Error(`the name ${bad} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const shown = (await page.locator('[data-testid=account-error]').textContent()).trim();
    if (!shown.includes(answer.body.error)) throw new Error(`the page shows "${shown}", not the server's "${answer.body.error}"`);
    if (await page.locator('img[src=x]').count()) throw new Error('the name was rendered as HTML');
    // The profile of such a name: no player, the name shown as text.
    expectedErrors.push(/status of 404/);
    await page.goto(`${h.address}/player/${encodeURIComponent(bad)}`);
    await page.locator('.error').waitFor();
    if (!(await page.locator('.error').textContent()).includes(bad)) throw new Error('the profile does not show the name as text');
    if (await page.locator('img[src=x]').count()) throw new Error('the profile rendered the name as HTML');
    await page.waitForTimeout(300);
    if (dialogs) throw new Error('a script ran');
    await page.context().close();
  });

  // Sign-in attempts are counted per name (5 at once, then one a minute): this test makes four.
  await test('accounts: the password changed (the other session ends), sign out, the old password refused in the server\'s words, signed in again with the new one', async () => {
    if (!me.guestMatch) throw new Error('no account (the sign-up test failed)');
    const page = me.page;
    // A second browser signed in to the same account.
    const other = await newPage('accounts-other-session');
    const there = await fillAndSubmit(other, 'signin', me.name, me.password);
    if (there.status !== 200) throw new Error(`the second sign-in answered ${there.status}`);
    if ((await sessionOf(other))?.name !== me.name) throw new Error('the second browser is not signed in');

    await page.goto(`${h.address}/account`);
    await page.locator('#password-old').fill(me.password);
    await page.locator('#password-new').fill(NEW_PASSWORD);
    await page.locator('[data-testid=password-submit]').click();
    await page.locator('[data-testid=password-changed]').waitFor();
    await shot(page, 'accounts-account-desktop');
    if ((await sessionOf(page))?.name !== me.name) throw new Error('the password change signed this browser out');
    if ((await sessionOf(other)) !== null) throw new Error("the account's other session goes on after the password changed");
    await other.context().close();

    await page.locator('[data-testid=nav-signout]').click();
    await page.locator('[data-testid=nav-signin]').waitFor();
    if ((await sessionOf(page)) !== null) throw new Error('signed out, the session still has an account');

    // The old password: the page shows the server's words, and the session stays a guest's.
    expectedErrors.push(/status of 401/);
    const wrong = await fillAndSubmit(page, 'signin', me.name, me.password);
    if (wrong.status !== 401) throw new Error(`the old password answered ${wrong.status}`);
    if ((await page.locator('#account-password').getAttribute('autocomplete')) !== 'current-password') throw new Error('the sign-in password is not autocomplete=current-password');
    const shown = (await page.locator('[data-testid=account-error]').textContent()).trim();
    if (!shown.toLowerCase().includes(String(wrong.body.error).toLowerCase().replace(/\.$/, ''))) throw new Error(`the page shows "${shown}" for the server's "${wrong.body.error}"`);
    await shot(page, 'accounts-wrong-password-desktop');
    if ((await sessionOf(page)) !== null) throw new Error('a wrong password signed in');

    // Signing in from a page comes back to it.
    await page.goto(`${h.address}/leaderboards`);
    await page.locator('[data-testid=nav-signin]').click();
    await page.waitForURL(/\/signin$/);
    await page.locator('#account-name').fill(me.name);
    await page.locator('#account-password').fill(NEW_PASSWORD);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/signin'));
    await page.locator('[data-testid=account-submit]').click();
    const back = await answer;
    if (back.status() !== 200) throw new Error(`the new password answered ${back.status()}: ${await back.text()}`);
    await page.waitForURL((u) => u.pathname === '/leaderboards');
    if ((await topBarName(page)) !== me.name) throw new Error('signed in again, the top bar does not show the name');
    me.password = NEW_PASSWORD;
  });

  await test('accounts: rated losses to Bot-Random: the profile (provisional "?", the chart), the leaderboards and the new-game page at 1366 and 390', async () => {
    if (!me.guestMatch) throw new Error('no account (the sign-up test failed)');
    const page = me.page;
    const ids = [await ratedLossToBot(page, true), await ratedLossToBot(page)];
    // The ratings are applied once the match is over.
    let profile;
    for (let i = 0; ; i++) {
      profile = await page.evaluate(async (n) => (await fetch(`/api/players/${n}`)).json(), me.name);
      if (profile.history?.dablot?.length >= 2) break;
      if (i > 50) throw new Error(`the ratings after two rated losses: ${JSON.stringify(profile.ratings)} ${JSON.stringify(profile.history)}`);
      await page.waitForTimeout(200);
    }
    const rating = profile.ratings.find((r) => r.pool === 'dablot');
    if (!(rating.rating < 1500)) throw new Error(`two losses left the rating at ${rating.rating}`);

    await page.goto(`${h.address}/player/${me.name}`);
    const cell = page.locator('[data-testid=ratings] tr[data-pool=dablot] .rating');
    await cell.waitFor();
    const text = (await cell.textContent()).replace(/\s+/g, ' ').trim();
    const expected = `${Math.round(rating.rating)}${rating.provisional ? '? (provisional)' : ''}`;
    if (text !== expected) throw new Error(`the profile shows the rating as "${text}", not "${expected}"`);
    const chart = page.locator('figure.chart[data-pool=dablot] svg[data-testid=rating-chart]');
    if ((await chart.getAttribute('data-points')) !== String(profile.history.dablot.length)) throw new Error('the chart does not draw every rated game');
    if ((await chart.locator('circle.point').count()) !== profile.history.dablot.length) throw new Error('the chart has not one point per rated game');
    for (const id of ids) {
      const row = page.locator(`[data-testid=finished] li[data-match="${id}"]`);
      if (!(await row.count())) throw new Error(`the profile does not list the finished match ${id}`);
      if ((await row.locator('a[data-testid=replay-link]').getAttribute('href')) !== `/replay/${id}`) throw new Error('no replay link');
      if ((await row.locator('a[data-testid=match-link]').getAttribute('href')) !== `/match/${id}`) throw new Error('no match link');
    }
    await shot(page, 'accounts-profile-desktop');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(200);
    await fitsThePhone(page, 'the profile');
    await shot(page, 'accounts-profile-phone');
    await page.locator('.charts').scrollIntoViewIfNeeded();
    await shot(page, 'accounts-profile-chart-phone');
    await page.setViewportSize(DESKTOP);

    // The pool's leaderboard: the player and the bot, the bot marked, provisional marked.
    await page.goto(`${h.address}/leaderboard/dablot`);
    const row = page.locator(`table.leaderboard tr[data-name="${me.name}"]`);
    await row.waitFor();
    if (!(await row.locator(`a[href="/player/${me.name}"]`).count())) throw new Error('the leaderboard does not link the player to their page');
    if (rating.provisional && !(await row.locator('.rating[data-provisional=true]').count())) throw new Error('a provisional rating is not marked');
    const botRow = page.locator('table.leaderboard tr[data-name="Bot-Random"]');
    if (!(await botRow.count())) throw new Error('Bot-Random, who won twice, is not on the leaderboard');
    if (!(await botRow.locator('.bot-tag').count())) throw new Error('the bot is not marked as a bot');
    await shot(page, 'accounts-leaderboard-desktop');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(200);
    await fitsThePhone(page, 'the leaderboard');
    await shot(page, 'accounts-leaderboard-phone');
    await page.setViewportSize(DESKTOP);

    await page.locator('a[href="/leaderboards"]').first().click();
    await page.locator('.board-card[data-pool=dablot] table.leaderboard').waitFor();
    await shot(page, 'accounts-leaderboards-desktop');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(200);
    await fitsThePhone(page, 'the leaderboards');
    await shot(page, 'accounts-leaderboards-phone');
    await page.setViewportSize(DESKTOP);

    // The new-game page names the bot's rating in Dablot.
    const bots = await page.evaluate(async () => (await fetch('/api/bots')).json());
    const random = bots.bots.find((b) => b.spec === 'random').ratings.find((r) => r.pool === 'dablot');
    await page.goto(`${h.address}/new/dablot`);
    await page.locator('#seat-1').waitFor();
    const want = `${Math.round(random.rating)}${random.provisional ? '?' : ''}`;
    await page.waitForFunction((w) => [...document.querySelectorAll('#seat-1 option')].some((o) => o.value === 'random' && o.textContent.trim().endsWith(`· ${w}`)), want, { timeout: 5000 }).catch(async () => {
      const texts = await page.locator('#seat-1 option').allTextContents();
      throw new Error(`the new-game page's bots: ${texts.join(' | ')} (Bot-Random is ${want})`);
    });
    await page.locator('#seat-1').selectOption('random');
    await page.locator('#rated').waitFor();
    await shot(page, 'accounts-new-game-rated-desktop');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(200);
    await fitsThePhone(page, 'the new-game page');
    await page.locator('#rated').scrollIntoViewIfNeeded();
    await shot(page, 'accounts-new-game-rated-phone');
    await page.setViewportSize(DESKTOP);
  });

  await test('accounts: the top bar on a phone, in English and Portuguese, a guest and signed in', async () => {
    for (const locale of ['en-US', 'pt-BR']) {
      const guest = await newPage(`accounts-topbar-${locale}`, PHONE, locale);
      await guest.goto(`${h.address}/`);
      await guest.locator('[data-testid=nav-signup]').waitFor();
      await fitsThePhone(guest, `the home page (${locale}, a guest)`);
      await shot(guest, `accounts-topbar-guest-${locale}-phone`);
      await guest.context().close();
    }
    if (!me.guestMatch) throw new Error('no account (the sign-up test failed)');
    // The signed-in browser (sign-ins are counted per name), on a phone, in Portuguese.
    const page = me.page;
    await page.setViewportSize(PHONE);
    await page.goto(`${h.address}/`);
    await page.locator('.topbar select').selectOption('pt');
    if ((await topBarName(page)) !== me.name) throw new Error('the top bar does not show the name');
    await page.waitForTimeout(200);
    await fitsThePhone(page, 'the home page (pt-BR, signed in)');
    await shot(page, 'accounts-topbar-signed-in-pt-phone');
    await page.goto(`${h.address}/signup`);
    await page.locator('#account-name').waitFor();
    await fitsThePhone(page, 'the sign-up page (pt-BR)');
    await shot(page, 'accounts-signup-pt-phone');
    await page.locator('.topbar select').selectOption('en');
    await page.setViewportSize(DESKTOP);
  });

  await test('accounts: axe finds no serious violation on the sign-in, sign-up, account, profile and leaderboard pages', async () => {
    const page = me.page ?? (await newPage('accounts-axe'));
    const problems = [];
    const pages = [
      ['/signin', '#account-name'],
      ['/signup', '#account-name'],
      ['/account', 'h1'],
      [`/player/${me.name}`, '[data-testid=profile-name]'],
      ['/player/Bot-Random', '[data-testid=profile-name]'],
      ['/leaderboards', '.board-card'],
      ['/leaderboard/dablot', 'h1'],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${h.address}${path}`);
      await page.locator(ready).first().waitFor();
      await page.waitForTimeout(200);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await page.waitForTimeout(150);
        problems.push(...(await axeViolations(page, `${path} at ${size.width}`)));
      }
      await page.setViewportSize(DESKTOP);
    }
    if (problems.length) throw new Error(`${problems.length} serious accessibility problems:\n  ${problems.join('\n  ')}`);
  });
}
