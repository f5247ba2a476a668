// Issue 21, point 8: words a newcomer reads. English pages in English (WAR's colours and
// continents), each seat's colour on the new-game page, the options explained, why a game ended,
// and one count of moves, named the same, live, in the replay and on the home page.
import { h, test, newPage, newMatch, playMoves, waitFor, shot } from '../harness.mjs';

const PORTUGUESE = /\b(branca|vermelha|preta|azul|amarela|verde|América do|Ásia|África)\b/;

export default async function () {
  await test('words: WAR in English says its colours and continents in English', async () => {
    const page = await newPage('war-english');
    await newMatch(page, 'war', { bots: ['random', 'random'], seats: 3 });
    await page.locator('.war-continents').waitFor();
    const text = await page.locator('.match').innerText();
    const found = PORTUGUESE.exec(text);
    if (found) throw new Error(`the English page says "${found[0]}": …${text.slice(Math.max(0, found.index - 60), found.index + 40)}…`);
    for (const word of ['North America', 'White', 'Red', 'Black']) if (!text.includes(word)) throw new Error(`no "${word}" on the page`);
    // A spectator's bar names whom the board waits for.
    const watcher = await newPage('war-english-watcher');
    await watcher.goto(page.url());
    await watcher.locator('.war-continents').waitFor();
    await watcher.waitForTimeout(300);
    const watched = await watcher.locator('.match').innerText();
    const there = PORTUGUESE.exec(watched);
    if (there) throw new Error(`the spectator's page says "${there[0]}": …${watched.slice(Math.max(0, there.index - 60), there.index + 40)}…`);
    await watcher.context().close();
    await page.context().close();
  });

  await test('words: the new-game page names each seat\'s colour and explains the options', async () => {
    const page = await newPage('new-game-words');
    await page.goto(`${h.address}/new/stratego`);
    await page.locator('[data-testid=start]').waitFor();
    const labels = await page.locator('.seat-choice label').allTextContents();
    if (JSON.stringify(labels) !== JSON.stringify(['Seat 1 (Red)', 'Seat 2 (Blue)'])) throw new Error(`seats: ${JSON.stringify(labels)}`);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const armies = await page.locator('#option-army option').allTextContents();
    if (armies.some((a) => a === 'seed' || a === 'classic')) throw new Error(`army choices: ${armies}`);
    const help = await page.locator('#option-army ~ .help, #option-army + .help').first().textContent();
    if (!/39 pieces/.test(help) || /\bseed\b/.test(help)) throw new Error(`the army help: ${help}`);
    const repetition = await page.locator('#option-repetition option').allTextContents();
    if (repetition.includes('seed')) throw new Error(`repetition choices: ${repetition}`);
    await page.goto(`${h.address}/new/war`);
    await page.locator('#seat-count').selectOption('4');
    const war = await page.locator('.seat-choice label').allTextContents();
    if (war[3] !== 'Seat 4 (Blue)') throw new Error(`WAR seats: ${JSON.stringify(war)}`);
    await shot(page, 'new-game-war-seats');
    await page.context().close();
  });

  await test('words: the game-over box says why, and the moves are one count live, in the replay and on the home page', async () => {
    const driver = await import('../drivers/dablot.mjs');
    const page = await newPage('dablot-why');
    await newMatch(page, 'dablot', { bots: ['random'], options: { max_turns: 10 } });
    await playMoves(page, driver, 100, 'dablot');
    await page.locator('[data-testid=game-over]').first().waitFor();
    const why = await page.locator('[data-testid=ending]').first().textContent();
    if (!/turn cap|lost every piece|could not move|higher rank|King against/.test(why)) throw new Error(`the game-over box says: ${why}`);
    const live = Number((await page.locator('[data-testid=move-count]').textContent()).replace(/\D/g, ''));
    if (!(live >= 10)) throw new Error(`the live count: ${live}`);
    const id = /\/match\/([^#/?]+)/.exec(page.url())[1];
    await page.locator('[data-testid=game-over] a.button').first().click();
    await page.waitForURL(/\/replay\//);
    await page.locator('[data-testid=last]').click();
    const replayed = await page.locator('[data-testid=ply]').textContent();
    if (replayed !== `move ${live} of ${live}`) throw new Error(`the replay says "${replayed}", the match ${live} moves`);
    await page.goto(`${h.address}/`);
    const finished = await (await fetch(`${h.address}/api/matches?state=finished&limit=100`)).json();
    const listed = finished.matches.find((m) => m.match === id);
    if (listed?.moves !== live) throw new Error(`the match list says ${listed?.moves} moves, the match ${live}`);
    // Opened again, the finished match's own list (from its record) ends on the same count.
    await page.goto(`${h.address}/match/${id}`);
    await page.locator('.move-list li').nth(3).waitFor();
    const again = Number((await page.locator('[data-testid=move-count]').textContent()).replace(/\D/g, ''));
    if (again !== live) throw new Error(`reopened: ${again} moves, live ${live}`);
    // A resignation says who.
    const strat = await newPage('stratego-why');
    await newMatch(strat, 'stratego', { bots: ['random'] });
    strat.once('dialog', (d) => d.accept());
    await strat.locator('.match-actions button').first().click();
    const resigned = await strat.locator('[data-testid=ending]').first().textContent();
    if (resigned !== 'Red resigned.') throw new Error(`after a resignation: ${resigned}`);
    await shot(strat, 'game-over-why');
    await strat.context().close();
    await page.context().close();
  });
}
