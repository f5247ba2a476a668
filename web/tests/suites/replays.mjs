// Replays: a Dablot match to its end and its replay stepped through (and opened from a file);
// WAR's dice in a replay; WAR-II's used cards face up; a Stratego spectator who sees no hidden
// rank; a resigned game's replay.
import fs from 'node:fs';
import path from 'node:path';
import { h, test, newPage, newMatch, playMoves, waitFor, waitForAttribute, state, shot, log, DESKTOP, PHONE, expectedErrors, toleratedErrors } from '../harness.mjs';

export default async function () {
  let dablotMatch = null;
  await test('dablot: a short match played to its end, then its replay stepped through', async () => {
    const driver = await import('../drivers/dablot.mjs');
    const page = await newPage('dablot-end');
    await newMatch(page, 'dablot', { bots: ['random'], options: { max_turns: 10 } });
    await playMoves(page, driver, 100, 'dablot');
    await page.locator('[data-testid=game-over]').waitFor({ timeout: 30000 });
    await shot(page, 'dablot-over');
    dablotMatch = /\/match\/([^#/]+)/.exec(page.url())[1];
    await page.locator('[data-testid=game-over] a.button').click();
    await page.waitForURL(/\/replay\//);
    await page.locator('[data-testid=ply]').waitFor();
    const plyText = async () => page.locator('.match.replay').getAttribute('data-ply');
    if ((await plyText()) !== '0') throw new Error(`the replay starts at ply ${await plyText()}`);
    for (let i = 0; i < 3; i++) await page.locator('[data-testid=forward]').click();
    if ((await plyText()) !== '3') throw new Error(`after three steps forward: ply ${await plyText()}`);
    await page.locator('[data-testid=back]').click();
    if ((await plyText()) !== '2') throw new Error(`after a step back: ply ${await plyText()}`);
    await page.locator('[data-testid=last]').click();
    const last = Number(await plyText());
    if (last < 10) throw new Error(`the last ply is ${last}`);
    await page.locator('[data-testid=game-over]').waitFor();
    await page.locator('.move-list li[data-ply="5"]').click();
    if ((await plyText()) !== '5') throw new Error(`jumping to ply 5 from the move list: ${await plyText()}`);
    await shot(page, 'dablot-replay');
    // The same game from a record file the user opens.
    const record = await (await fetch(`${h.address}/api/matches/${dablotMatch}/record`)).text();
    const file = path.join(path.dirname(h.db), 'dablot-record.json');
    fs.writeFileSync(file, record);
    await page.goto(`${h.address}/replay`);
    await page.locator('[data-testid=record-file]').setInputFiles(file);
    await page.locator('[data-testid=ply]').waitFor();
    await page.locator('[data-testid=last]').click();
    if (Number(await plyText()) !== last) throw new Error(`the file's last ply is ${await plyText()}, not ${last}`);
    expectedErrors.push(/status of 400/);
    await page.locator('[data-testid=record-file]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"game": "dablot"}') });
    await page.locator('.error').waitFor();
    await page.context().close();
  });

  await test('war: the replay shows each roll\'s dice as its facts give them', async () => {
    // Random bots may end four turns without an attack (about one game in twenty-five): another
    // game, then, until one has a roll.
    let created;
    let record;
    let rolls = [];
    for (let game = 0; game < 5 && rolls.length === 0; game++) {
      created = await (await fetch(`${h.address}/api/matches`, {
        method: 'POST',
        body: JSON.stringify({ game: 'war', options: { max_turns: 4 }, seats: [0, 1, 2].map(() => ({ kind: 'bot', bot: 'random' })) }),
      })).json();
      record = undefined;
      for (let tries = 0; tries < 300 && !record?.result; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        record = await (await fetch(`${h.address}/api/matches/${created.match}/record`)).json();
      }
      if (!record?.result) throw new Error('the bots did not finish');
      rolls = record.actions.map((a, i) => (a.notation.startsWith('roll') ? i + 1 : -1)).filter((p) => p > 0);
    }
    if (rolls.length === 0) throw new Error('no roll in five games');
    const page = await newPage('war-replay');
    await page.goto(`${h.address}/replay/${created.match}`);
    await page.locator('[data-testid=ply]').waitFor();
    for (const ply of [rolls[0], rolls[rolls.length - 1]]) {
      const frame = (await (await fetch(`${h.address}/api/replay`, {
        method: 'POST',
        body: JSON.stringify({ record, viewer: 'spectator', from: ply, count: 1, states: false }),
      })).json()).plies[0];
      const roll = frame.steps.find((s) => s.kind === 'roll');
      if (!roll) throw new Error(`ply ${ply}: no roll among ${JSON.stringify(frame.steps)}`);
      await page.locator(`.move-list li[data-ply="${ply}"]`).click();
      await waitForAttribute(page, '.match.replay', 'data-ply', String(ply));
      const shown = await page.locator('[data-testid=war-dice] .war-roll .war-die').allTextContents();
      const want = [...roll.attack, ...roll.defence].map(String);
      if (JSON.stringify(shown) !== JSON.stringify(want)) throw new Error(`ply ${ply}: the dice panel shows ${shown}, the roll was ${want}`);
      const where = await page.locator('[data-testid=war-dice] .war-roll-where').textContent();
      if (!where.includes('→')) throw new Error(`ply ${ply}: no attack named: ${where}`);
    }
    // The finished game's replay shows every seat's objective, worded from its card.
    const objectives = await page.locator('[data-testid=war-seen-objective]').allTextContents();
    if (objectives.length !== 3 || objectives.some((o) => o.replace('Objective:', '').trim().length < 10)) {
      throw new Error(`the other seats' objectives in the replay: ${JSON.stringify(objectives)}`);
    }
    await shot(page, 'war-replay-dice');
    await page.context().close();
  });

  // Rulings "WAR-II": used and discarded cards go face up to the discard pile, for everyone.
  await test('war2: the used cards lie face up beside the pile, as many as the view counts', async () => {
    // Random bots use cards in most games of twelve turns; else another game, at most three.
    let created;
    let at;
    for (let game = 0; game < 3 && !at; game++) {
      created = await (await fetch(`${h.address}/api/matches`, {
        method: 'POST',
        body: JSON.stringify({ game: 'war2', options: { max_turns: 12 }, seats: [0, 1, 2].map(() => ({ kind: 'bot', bot: 'random' })) }),
      })).json();
      let record;
      for (let tries = 0; tries < 300 && !record?.result; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        record = await (await fetch(`${h.address}/api/matches/${created.match}/record`)).json();
      }
      if (!record?.result) throw new Error('the bots did not finish');
      // The last ply with a card used and not yet shuffled back: its view, as a spectator sees it.
      const frames = (await (await fetch(`${h.address}/api/replay`, {
        method: 'POST',
        body: JSON.stringify({ record, viewer: 'spectator', states: true }),
      })).json()).plies;
      at = frames.findLast((f) => (f.state?.view?.discard ?? 0) > 0);
    }
    if (!at) throw new Error('no card was used in three matches');
    const page = await newPage('war2-used-cards');
    await page.goto(`${h.address}/replay/${created.match}`);
    await page.locator(`.move-list li[data-ply="${at.ply}"]`).click();
    await waitForAttribute(page, '.match.replay', 'data-ply', String(at.ply));
    const shown = (await page.locator('[data-testid^=war-used-]').evaluateAll((els) => els.map((e) => e.dataset.testid))).map((x) => x.replace('war-used-', ''));
    const want = at.state.view.discard_cards.map((c) => c.card);
    if (shown.length !== at.state.view.discard || JSON.stringify(shown) !== JSON.stringify(want)) {
      throw new Error(`ply ${at.ply}: the page shows ${JSON.stringify(shown)}, the view's used cards are ${JSON.stringify(want)}`);
    }
    await page.locator('.war-used-cards').scrollIntoViewIfNeeded();
    await shot(page, 'war2-used-cards');
    await page.context().close();
  });

  await test('stratego: a spectator sees no hidden rank', async () => {
    const driver = await import('../drivers/stratego.mjs');
    const player = await newPage('stratego-player');
    const url = await newMatch(player, 'stratego', { bots: ['random'] });
    await playMoves(player, driver, 2, 'stratego');  // the setup, and a first move
    const spectator = await newPage('stratego-spectator');
    const frames = [];
    spectator.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await spectator.goto(url.replace(/#.*/, ''));
    const seen = await waitFor(spectator, (s) => s.view.phase === 'play', 'the spectator page');
    await spectator.waitForTimeout(500);
    // Every piece the spectator's view does not show: its rank is in the player's own view only.
    const mine = (await state(player)).view.board;
    const hidden = [];
    seen.view.board.forEach((cell, i) => {
      if (cell && typeof cell === 'object' && cell.owner === 0 && cell.rank === '?') {
        if (mine[i]?.owner !== 0 || mine[i].rank === '?') throw new Error(`square ${i}: the player does not see its own piece`);
        // Stratego's files are a-k without j.
        hidden.push({ square: 'abcdefghik'[i % 10] + (Math.floor(i / 10) + 1), rank: mine[i].rank, moved: cell.moved });
      }
    });
    if (hidden.length < 30) throw new Error(`only ${hidden.length} hidden pieces to check`);
    // No frame the spectator received names a rank its view hides.
    for (const text of frames) {
      const frame = JSON.parse(text);
      const board = frame.state?.view?.board;
      if (!board) continue;
      board.forEach((cell, i) => {
        if (cell && typeof cell === 'object' && cell.rank !== '?' && !cell.known && frame.state.view.phase === 'play')
          throw new Error(`a frame shows the spectator the rank at ${i}: ${JSON.stringify(cell)}`);
      });
    }
    // On the page, every hidden unmoved piece reads the same (its square's title), whatever its
    // rank, while the player's own page tells them apart.
    const titles = async (page) =>
      Promise.all(hidden.filter((h) => !h.moved).map((h) => page.locator(`[data-square="${h.square}"] title`).textContent()));
    const spectatorTitles = new Set(await titles(spectator));
    const playerTitles = new Set(await titles(player));
    if (spectatorTitles.size !== 1) throw new Error(`hidden pieces read differently: ${[...spectatorTitles].join(' | ')}`);
    if (playerTitles.size < 5) throw new Error(`the player's own pieces are not told apart: ${[...playerTitles].join(' | ')}`);
    const boardText = await spectator.locator('.board-area').textContent();
    for (const rankName of ['Marshal', 'General', 'Spy', 'Flag', 'Bomb']) {
      if (boardText.includes(rankName) && !seen.view.board.some((c) => c && c.rank !== '?' && c.known))
        throw new Error(`the spectator's board names a ${rankName}`);
    }
    await shot(spectator, 'stratego-spectator');
    await player.context().close();
    await spectator.context().close();
  });

  await test('stratego: the replay of a resigned game shows every piece at its end, whatever the lens; its record without seats', async () => {
    const driver = await import('../drivers/stratego.mjs');
    const page = await newPage('stratego-resign');
    await newMatch(page, 'stratego', { bots: ['random'] });
    await playMoves(page, driver, 2, 'stratego');  // the setup, and a first move
    page.once('dialog', (d) => d.accept());
    await page.locator('.match-actions button').first().click();  // Resign
    await page.locator('[data-testid=game-over] a.button').click();
    await page.waitForURL(/\/replay\//);
    await page.locator('[data-testid=lens]').selectOption('0');  // as Red saw it
    await page.locator('[data-testid=last]').click();
    const hiddenBlue = async () =>
      page.locator('[data-square] title').evaluateAll((ts) => ts.filter((t) => /^Blue: Unknown piece/.test(t.textContent)).length);
    await page.locator('[data-square] title').first().waitFor({ state: 'attached' });
    if ((await hiddenBlue()) !== 0) throw new Error(`at the end, as Red saw it: ${await hiddenBlue()} Blue pieces still hidden`);
    await shot(page, 'stratego-replay-resigned-end');
    await page.locator('[data-testid=back]').click();  // before the resignation the lens keeps Blue's secrets
    if ((await hiddenBlue()) < 30) throw new Error(`before the end, as Red saw it: only ${await hiddenBlue()} Blue pieces hidden`);
    // The same record as a file without "seats" (the record format makes them optional).
    const id = /\/replay\/([^#/?]+)/.exec(page.url())[1];
    const record = await (await fetch(`${h.address}/api/matches/${id}/record`)).json();
    delete record.seats;
    await page.goto(`${h.address}/replay`);
    await page.locator('[data-testid=record-file]').setInputFiles({ name: 'no-seats.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
    await page.locator('[data-testid=ply]').waitFor({ timeout: 10000 });
    await page.context().close();
  });
}
