// Accessibility (issue 21, points 7 and 9): axe-core run on every page at both widths (no serious
// or critical violation), the muted grey's contrast, every square, point and territory named with
// what is on it, one move of every game played with the keyboard alone, and the phone's touch
// targets (Conspiradores' points and WAR's territories, zoomed in) of at least 40 px.
import { h, test, newPage, newMatch, playMoves, waitFor, shot, log, DESKTOP, PHONE, axeViolations } from '../harness.mjs';


const GAMES = [
  { game: 'dablot', bots: ['random'] },
  { game: 'conspiradores', bots: ['random'] },
  { game: 'stratego', bots: ['random'] },
  { game: 'espionage', bots: ['random'] },
  // A turn cap, so that the bots' game after a resignation ends soon.
  { game: 'war', bots: ['random', 'random'], seats: 3, options: { max_turns: 15 } },
  { game: 'war2', bots: ['random', 'random'], seats: 3, options: { max_turns: 15 } },
];


// axe at both widths: the page as the desktop shows it, then as the phone does.
async function axeBoth(page, where, problems) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  problems.push(...(await axeViolations(page, `${where} (desktop)`)));
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  problems.push(...(await axeViolations(page, `${where} (phone)`)));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > PHONE.width) problems.push(`${where} (phone): the page is ${wide} px wide, wider than the phone's ${PHONE.width}`);
  await page.setViewportSize(DESKTOP);
}

function fail(problems) {
  if (problems.length) throw new Error(`${problems.length} serious accessibility problems:\n  ${problems.join('\n  ')}`);
}

// WCAG's contrast of two #rrggbb colours.
function contrast(a, b) {
  const lum = (hex) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

export default async function () {
  await keyboardTests();
  await phoneTests();
  await test('a11y: axe finds no serious violation on the home page, each new-game page and a replay', async () => {
    const page = await newPage('a11y-pages');
    const problems = [];
    await page.goto(`${h.address}/`);
    await page.locator('a.game-card').nth(5).waitFor();
    await axeBoth(page, 'home', problems);
    for (const { game } of GAMES) {
      await page.goto(`${h.address}/new/${game}`);
      await page.locator('[data-testid=start]').waitFor();
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      await axeBoth(page, `new ${game}`, problems);
    }
    fail(problems);
    await page.context().close();
  });

  for (const g of GAMES) {
    await test(`a11y: ${g.game}: axe finds no serious violation in a match (each phase), its end and its replay`, async () => {
      const driver = await import(`../drivers/${g.game}.mjs`);
      const page = await newPage(`a11y-${g.game}`);
      page.on('dialog', (d) => d.accept());
      const problems = [];
      await newMatch(page, g.game, g);
      await waitFor(page, (s) => s.your_turn, 'the first turn', 60000);
      await axeBoth(page, `${g.game} first turn`, problems);
      await playMoves(page, driver, 2, g.game);
      await waitFor(page, (s) => s.your_turn || s.over, 'a later turn', 60000);
      await axeBoth(page, `${g.game} later turn`, problems);
      await shot(page, `a11y-${g.game}-desktop`);
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(200);
      await shot(page, `a11y-${g.game}-phone`);
      await page.setViewportSize(DESKTOP);
      // Resign: the game-over box, then its replay.
      await page.getByRole('button', { name: /^resign$/i }).click();
      if (g.seats > 2) {
        // WAR goes on without the seat that resigned, to the end of the two random bots' game.
        await waitFor(page, (s) => s.view.seats[0].eliminated_by || s.over, 'the resignation');
        await axeBoth(page, `${g.game} resigned, the game going on`, problems);
      }
      await waitFor(page, (s) => s.over, 'the game over', 240000);
      await page.locator('[data-testid=game-over]').waitFor();
      await axeBoth(page, `${g.game} over`, problems);
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(200);
      await shot(page, `a11y-${g.game}-over-phone`);
      await page.setViewportSize(DESKTOP);
      await page.locator('[data-testid=game-over] a.button').click();
      await page.waitForURL(/\/replay\//);
      await page.locator('.replay .move-list li, .replay .error').first().waitFor();
      const refused = await page.locator('.replay .error').textContent({ timeout: 50 }).catch(() => null);
      if (refused) problems.push(`the replay of the resigned ${g.game} game is refused: ${refused}`);
      else await axeBoth(page, `${g.game} replay`, problems);
      fail(problems);
      await page.context().close();
    });
  }
}

// ---- The keyboard alone ----------------------------------------------------------------------

// Presses Tab until the focus is on an element matching `selector` (from wherever it is).
async function tabTo(page, selector, most = 200) {
  for (let k = 0; k < most; k++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

// The attribute naming the focused board element, and where it is on the screen.
async function focused(page, attr) {
  return page.evaluate((a) => {
    const el = document.activeElement?.closest(`[${a}]`);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { id: el.getAttribute(a), x: r.x + r.width / 2, y: r.y + r.height / 2, label: el.getAttribute('aria-label') };
  }, attr);
}

// Walks the keyboard's focus over the board with the arrow keys to the element named `id`:
// each press toward it, along the longer way first, the other when that one does not move.
async function arrowTo(page, attr, id) {
  const seen = new Map();
  for (let k = 0; k < 120; k++) {
    const here = await focused(page, attr);
    if (!here) throw new Error('the focus left the board');
    if (here.id === id) return here;
    const there = await page.locator(`[${attr}="${id}"]`).first().boundingBox();
    const [dx, dy] = [there.x + there.width / 2 - here.x, there.y + there.height / 2 - here.y];
    const ways = Math.abs(dx) >= Math.abs(dy) ? [dx > 0 ? 'ArrowRight' : 'ArrowLeft', dy > 0 ? 'ArrowDown' : 'ArrowUp'] : [dy > 0 ? 'ArrowDown' : 'ArrowUp', dx > 0 ? 'ArrowRight' : 'ArrowLeft'];
    // A place seen before: take the other way this time (a map is no grid).
    const visits = seen.get(here.id) ?? 0;
    seen.set(here.id, visits + 1);
    if (visits % 2) ways.reverse();
    let moved = false;
    for (const way of ways) {
      await page.keyboard.press(way);
      if ((await focused(page, attr))?.id !== here.id) {
        moved = true;
        break;
      }
    }
    if (!moved) throw new Error(`the arrows cannot leave ${here.id} toward ${id}`);
  }
  throw new Error(`the arrows never reached ${id}`);
}

// One move of each game by the keyboard alone: Tab to the board (or the setup's buttons), the
// arrows to a piece and its destination, Enter.
const KEYBOARD = {
  dablot: { attr: 'data-point', pick: (s) => s.legal.map((l) => l.facts).find((f) => f.kind === 'step' || f.kind === 'jump') },
  conspiradores: { attr: 'data-point', pick: (s) => s.legal.map((l) => l.facts).find((f) => f.kind === 'place' || f.kind === 'step' || f.kind === 'jump') },
  stratego: { attr: 'data-square', setup: true },
  espionage: { attr: 'data-square', setup: true },
  war: { attr: 'data-territory' },
  war2: { attr: 'data-territory' },
};

async function keyboardMove(page, game) {
  const { attr } = KEYBOARD[game];
  let s = await waitFor(page, (x) => x.your_turn, 'the first turn', 60000);
  if (KEYBOARD[game].setup) {
    await tabTo(page, '[data-testid=strat-random]');
    await page.keyboard.press('Enter');
    await tabTo(page, '[data-testid=strat-ready]');
    await page.keyboard.press('Enter');
    s = await waitFor(page, (x) => x.your_turn && x.view.phase === 'play', 'the first move of the play', 60000);
    const m = s.legal.map((l) => /^([a-k]\d+)[-x]([a-k]\d+)$/.exec(l.text)).find(Boolean);
    if (!m) throw new Error(`no move among ${s.legal.map((l) => l.text).join(', ')}`);
    return twoPresses(page, attr, m[1], m[2], s);
  }
  if (game.startsWith('war')) {
    // A placement: one territory, one press.
    const place = s.legal.find((l) => l.facts.kind === 'place' || l.facts.kind === 'claim');
    if (!place) throw new Error(`no placement among ${s.legal.slice(0, 5).map((l) => l.text).join(', ')}`);
    const id = place.text.split(' ').pop();
    await tabTo(page, `[${attr}]`);
    const at = await arrowTo(page, attr, id);
    const tv = s.view.territories.find((x) => x.id === id);
    if (tv.owner && !at.label.includes(`${tv.armies} arm`)) throw new Error(`${id}'s name says no armies: ${at.label}`);
    await page.keyboard.press('Enter');
    await waitFor(page, (x) => JSON.stringify(x.view) !== JSON.stringify(s.view), `the placement on ${id}`);
    return `${id} (${at.label})`;
  }
  const f = KEYBOARD[game].pick(s);
  if (f.kind === 'place') {
    await tabTo(page, `[${attr}]`);
    const at = await arrowTo(page, attr, f.point.toUpperCase());
    if (!/place here|colocar aqui/.test(at.label)) throw new Error(`${f.point} is not named as a placement: ${at.label}`);
    await page.keyboard.press('Enter');
    await waitFor(page, (x) => JSON.stringify(x.view) !== JSON.stringify(s.view), `the placement on ${f.point}`);
    return `${f.point} (${at.label})`;
  }
  const up = (x) => (game === 'conspiradores' ? String(x).toUpperCase() : String(x));
  return twoPresses(page, attr, up(f.from), up(f.to), s);
}

async function twoPresses(page, attr, from, to, s) {
  await tabTo(page, `[${attr}]`);
  const a = await arrowTo(page, attr, from);
  await page.keyboard.press('Enter');
  const b = await arrowTo(page, attr, to);
  if (!/move here|mover para cá/.test(b.label)) throw new Error(`the destination ${to} is not named as one: ${b.label}`);
  await page.keyboard.press('Enter');
  await waitFor(page, (x) => JSON.stringify(x.view) !== JSON.stringify(s.view), `the move ${from}-${to}`);
  return `${from} (${a.label}) to ${to} (${b.label})`;
}

async function keyboardTests() {
  for (const g of GAMES) {
    await test(`a11y: ${g.game}: one move played with the keyboard alone, each square named with what is on it`, async () => {
      const page = await newPage(`keys-${g.game}`);
      await newMatch(page, g.game, g);
      await page.evaluate(() => document.activeElement?.blur());
      const played = await keyboardMove(page, g.game);
      log(`  ${g.game}: ${played}`);
      await shot(page, `a11y-keys-${g.game}`);
      // Every square of the board is named "<square>: <what is on it>", from the view.
      const labels = await page.evaluate((a) => Object.fromEntries([...document.querySelectorAll(`svg [${a}][role=button]`)].map((e) => [e.getAttribute(a), e.getAttribute('aria-label')])), KEYBOARD[g.game].attr);
      const s = await waitFor(page, () => true, 'the state');
      checkNames(g.game, labels, s.view);
      await page.context().close();
    });
  }
  await test('a11y: the squares are named in Portuguese too', async () => {
    const page = await newPage('keys-pt', DESKTOP, 'pt-BR');
    await newMatch(page, 'stratego', { bots: ['random'] });
    await waitFor(page, (x) => x.your_turn, 'the first turn', 60000);
    await page.locator('[data-testid=strat-random]').click();
    const names = await page.evaluate(() => ['a1', 'e5', 'c5', 'a10'].map((q) => document.querySelector(`[data-square="${q}"]`).getAttribute('aria-label')));
    log(`  ${names.join(' | ')}`);
    const [own, empty, lake, enemy] = names;
    if (!/^a1: .+ \(ainda não enviada\)/.test(own) || empty !== 'e5: vazio' || lake !== 'c5: lago' || !/^a10: /.test(enemy)) throw new Error(`in Portuguese: ${names.join(' | ')}`);
    await page.context().close();
  });
}

const DABLOT = { S: 'Sámi soldier', P: 'Prince', K: 'King', s: 'Swedish soldier', p: "Landlord's Son", l: 'Landlord' };
const CONSP = { W: 'White', B: 'Black', G: 'Green', O: 'Orange' };
function checkNames(game, labels, view) {
  const wrong = [];
  const expect = (id, text) => {
    if (!labels[id]?.startsWith(`${id}: ${text}`)) wrong.push(`${id}: "${labels[id]}", not "${id}: ${text}…"`);
  };
  if (game === 'dablot') {
    if (Object.keys(labels).length !== 72) wrong.push(`${Object.keys(labels).length} points named, not 72`);
    view.board.forEach((p, i) => expect(String(i + 1), p ? DABLOT[p] : 'empty'));
  } else if (game === 'conspiradores') {
    if (Object.keys(labels).length !== 289) wrong.push(`${Object.keys(labels).length} points named, not 289`);
    view.board.forEach((row, r) => [...row].forEach((ch, c) => expect(`${'ABCDEFGHIJKLMNOPQ'[c]}${r + 1}`, CONSP[ch] ? `${CONSP[ch]} conspirator` : 'empty')));
  } else if (game === 'stratego' || game === 'espionage') {
    if (Object.keys(labels).length !== 100) wrong.push(`${Object.keys(labels).length} squares named, not 100`);
    const files = game === 'stratego' ? 'abcdefghik' : 'abcdefghij';
    const sides = ['Red', 'Blue'];
    view.board.forEach((c, i) => {
      const id = `${files[i % 10]}${Math.floor(i / 10) + 1}`;
      if (!(id in labels)) return wrong.push(`${id}: no name (files ${files}?)`);
      if (c === null) expect(id, 'empty');
      else if (c === 'lake' || c === 'volcano') expect(id, c);
      else expect(id, `${sides[c.owner]} ${c.rank === '?' ? 'Unknown piece' : ''}`);
    });
    // The viewer's own pieces say their rank.
    const own = view.board.findIndex((c) => c && typeof c === 'object' && c.owner === 0 && c.rank !== '?');
    if (own < 0 || /Unknown/.test(labels[`${files[own % 10]}${Math.floor(own / 10) + 1}`])) wrong.push('the own pieces say no rank');
  } else {
    if (Object.keys(labels).length !== 42) wrong.push(`${Object.keys(labels).length} territories named, not 42`);
    for (const tv of view.territories) {
      const l = labels[tv.id] ?? '';
      if (tv.owner ? !l.includes(`, ${tv.armies} arm`) : !/no one/.test(l)) wrong.push(`${tv.id}: "${l}" for ${tv.owner} ${tv.armies}`);
    }
  }
  if (wrong.length) throw new Error(`squares misnamed:\n  ${wrong.slice(0, 8).join('\n  ')}`);
}

// ---- The phone ---------------------------------------------------------------------------------

async function phoneTests() {
  await test('a11y: the muted grey has 4.5:1 contrast on every background it is written on', async () => {
    const page = await newPage('contrast');
    await page.goto(`${h.address}/`);
    await page.locator('a.game-card').nth(5).waitFor();
    const vars = await page.evaluate(() => {
      const css = getComputedStyle(document.documentElement);
      return ['--muted', '--bg', '--panel'].map((v) => css.getPropertyValue(v).trim());
    });
    const [muted, ...backs] = vars;
    const low = [...backs, '#ece6d8', '#fbe3c8', '#ffffff'].map((b) => [b, contrast(muted, b)]).filter(([, c]) => c < 4.5);
    if (low.length) throw new Error(`the muted grey ${muted}: ${low.map(([b, c]) => `${c.toFixed(2)}:1 on ${b}`).join(', ')}`);
    log(`  --muted ${muted}: ${backs.map((b) => `${contrast(muted, b).toFixed(2)}:1 on ${b}`).join(', ')}`);
    await page.context().close();
  });

  await test('a11y: phone: Conspiradores points zoomed in are 40 px touch targets, and a point is played by a tap', async () => {
    const page = await newPage('consp-phone', PHONE);
    await newMatch(page, 'conspiradores', { bots: ['random'] });
    const s = await waitFor(page, (x) => x.your_turn, 'the first turn', 60000);
    const before = await page.locator('[data-point="I9"] .hit').boundingBox();
    await shot(page, 'a11y-consp-phone-whole');
    await page.locator('[data-testid=zoom]').click();
    await page.waitForFunction(() => document.querySelector('.zoom-box')?.dataset.zoomed === 'true');
    const sizes = await page.locator('[data-point] .hit').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
    const small = sizes.filter((x) => x < 40);
    log(`  ${sizes.length} points: ${before.width.toFixed(1)} px whole, ${Math.min(...sizes).toFixed(1)} px zoomed in`);
    if (sizes.length !== 289 || small.length) throw new Error(`${small.length} of ${sizes.length} points under 40 px (smallest ${Math.min(...sizes).toFixed(1)})`);
    // A placement tapped in the zoomed board: the point is scrolled to and tapped.
    const place = s.legal.find((l) => l.facts.kind === 'place');
    const point = page.locator(`[data-point="${place.facts.point.toUpperCase()}"] .hit`);
    await point.scrollIntoViewIfNeeded();
    await point.tap();
    await waitFor(page, (x) => JSON.stringify(x.view) !== JSON.stringify(s.view), 'the tapped placement');
    await shot(page, 'a11y-consp-phone-zoomed');
    // Zoomed out again on a reload? No: the choice is remembered.
    await page.reload();
    await page.locator('.zoom-box[data-zoomed=true]').waitFor();
    await page.context().close();
  });

  await test('a11y: phone: Stratego squares zoomed in are 40 px touch targets; the setup and a move are played by taps', async () => {
    const page = await newPage('strat-phone', PHONE);
    await newMatch(page, 'stratego', { bots: ['random'] });
    await waitFor(page, (x) => x.your_turn, 'the setup', 60000);
    const before = await page.locator('[data-square="e4"]').boundingBox();
    await page.locator('[data-testid=zoom]').click();
    await page.waitForFunction(() => document.querySelector('.zoom-box')?.dataset.zoomed === 'true');
    const sizes = await page.locator('[data-square]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
    const small = sizes.filter((x) => x < 40);
    log(`  ${sizes.length} squares: ${before.width.toFixed(1)} px whole, ${Math.min(...sizes).toFixed(1)} px zoomed in`);
    if (sizes.length !== 100 || small.length) throw new Error(`${small.length} of ${sizes.length} squares under 40 px (smallest ${Math.min(...sizes).toFixed(1)})`);
    // The setup by taps: a random army, two of its pieces swapped by tapping one, then the other.
    await page.locator('[data-testid=strat-random]').tap();
    const title = (sq) => page.locator(`[data-square="${sq}"] title`).textContent();
    const [a1, b1] = [await title('a1'), await title('b1')];
    for (const sq of ['a1', 'b1']) {
      await page.locator(`[data-square="${sq}"]`).scrollIntoViewIfNeeded();
      await page.locator(`[data-square="${sq}"]`).tap();
    }
    if (a1 !== b1 && ((await title('a1')) !== b1 || (await title('b1')) !== a1)) throw new Error(`tapping a1 then b1 swapped nothing: ${await title('a1')}, ${await title('b1')}`);
    await page.locator('[data-testid=strat-ready]').tap();
    const s = await waitFor(page, (x) => x.your_turn && x.view.phase === 'play', 'the first move', 60000);
    // A move by taps in the zoomed board: the piece, then its square.
    const move = s.legal.map((l) => /^([a-k]\d+)-([a-k]\d+)$/.exec(l.text)).find(Boolean);
    for (const sq of [move[1], move[2]]) {
      await page.locator(`[data-square="${sq}"]`).scrollIntoViewIfNeeded();
      await page.locator(`[data-square="${sq}"]`).tap();
    }
    await waitFor(page, (x) => x.view.play_plies > s.view.play_plies, `the tapped move ${move[0]}`, 10000);
    await shot(page, 'a11y-stratego-phone-zoomed');
    // The same page wide: the board whole, whatever the phone chose.
    await page.setViewportSize(DESKTOP);
    const wide = await page.locator('[data-square="e4"]').boundingBox();
    const box = await page.locator('.board-area').boundingBox();
    if (wide.x + wide.width * 6 > box.x + box.width) throw new Error('the zoom of the phone spills onto a wide screen');
    await page.context().close();
  });

  await test('a11y: phone: WAR territories zoomed in are 40 px touch targets with names 12 px tall', async () => {
    const page = await newPage('war-phone', PHONE);
    await newMatch(page, 'war', { bots: ['random', 'random'], seats: 3 });
    const s = await waitFor(page, (x) => x.your_turn, 'the first turn', 60000);
    const nameSize = () =>
      page.evaluate(() => {
        const svg = document.querySelector('.war-board svg.war-map');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return parseFloat(getComputedStyle(document.querySelector('.war-name')).fontSize) * scale;
      });
    const whole = await nameSize();
    await shot(page, 'a11y-war-phone-whole');
    // "Zoom in" is on the first screen, not under the map.
    const button = await page.locator('[data-testid=zoom]').boundingBox();
    if (button.y + button.height > PHONE.height) throw new Error(`"Zoom in" is at y ${button.y.toFixed(0)}, below the screen`);
    await page.locator('[data-testid=zoom]').click();
    await page.locator('.war-scroll[data-zoomed=true]').waitFor();
    const zoomed = await nameSize();
    const sizes = await page.locator('[data-hit]').evaluateAll((els) => els.map((e) => [e.dataset.hit, e.getBoundingClientRect()]).map(([id, r]) => [id, Math.min(r.width, r.height)]));
    log(`  names ${whole.toFixed(1)} px whole, ${zoomed.toFixed(1)} px zoomed in; touch areas ${Math.min(...sizes.map((x) => x[1])).toFixed(1)} px`);
    if (zoomed < 12) throw new Error(`the names are ${zoomed.toFixed(1)} px tall zoomed in`);
    const small = sizes.filter(([, x]) => x < 40);
    if (sizes.length !== 42 || small.length) throw new Error(`touch areas under 40 px: ${small.map(([id, x]) => `${id} ${x.toFixed(1)}`).join(', ')}`);
    // A territory's touch area, tapped at its edge (outside the counter), places an army there.
    const place = s.legal.find((l) => l.facts.kind === 'place' || l.facts.kind === 'claim');
    const id = place.text.split(' ').pop();
    const hit = page.locator(`[data-hit="${id}"]`);
    await hit.scrollIntoViewIfNeeded();
    const box = await hit.boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + 3);
    await page.waitForTimeout(300);
    await shot(page, 'a11y-war-phone-zoomed');
    await waitFor(page, (x) => JSON.stringify(x.view) !== JSON.stringify(s.view), `the tapped placement on ${id}`);
    await page.context().close();
  });

  await test('a11y: phone: "Accept the draw" is in view when the opponent offers one', async () => {
    const host = await newPage('draw-host', PHONE);
    await newMatch(host, 'stratego', { bots: ['friend'] });
    const link = await host.locator('[data-testid=invite]:visible button.copy, .links button.copy').first().getAttribute('data-link');
    const friend = await newPage('draw-friend', PHONE);
    await friend.goto(link);
    await waitFor(friend, () => true, 'the friend page');
    await friend.getByRole('button', { name: /offer a draw/i }).click();
    await host.evaluate(() => window.scrollTo(0, 0));
    const accept = host.getByRole('button', { name: /accept the draw/i });
    await accept.waitFor();
    await host.waitForTimeout(200);
    const box = await accept.boundingBox();
    await shot(host, 'a11y-draw-phone');
    if (box.y < 0 || box.y + box.height > PHONE.height) throw new Error(`"Accept the draw" is at y ${box.y.toFixed(0)}, out of the ${PHONE.height} px screen`);
    await accept.click();
    await waitFor(host, (x) => x.over, 'the draw agreed');
    await host.context().close();
    await friend.context().close();
  });

  await test('a11y: phone: "Replay this game" is in view when a game ends', async () => {
    const page = await newPage('over-phone', PHONE);
    page.on('dialog', (d) => d.accept());
    await newMatch(page, 'stratego', { bots: ['random'] });
    await waitFor(page, (x) => x.your_turn, 'the first turn', 60000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /^resign$/i }).click();
    await waitFor(page, (s) => s.over, 'the game over');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    const replay = await page.locator('[data-testid=game-over] a.button').boundingBox();
    await shot(page, 'a11y-over-phone');
    if (replay.y < 0 || replay.y + replay.height > PHONE.height) throw new Error(`"Replay this game" is at y ${replay.y.toFixed(0)}, out of the ${PHONE.height} px screen`);
    await page.context().close();
  });
}
