// Words: the move list in Portuguese, every line of seven short random games, live and replayed.
import { h, test, newPage, newMatch, playMoves, waitFor, waitForAttribute, state, shot, log, DESKTOP, PHONE, expectedErrors, toleratedErrors } from '../harness.mjs';

export default async function () {
  await test('the move list in Portuguese: every line of seven short random games, live and replayed', async () => {
    const page = await newPage('moves-pt', DESKTOP, 'pt-BR');
    // Every kind of line: the setups and their lots, combats (silent defence, rescues), jump
    // chains, four-player lots, WAR's deal, trades and endings, WAR-II's cards and Information
    // Centres. Short caps end each game by itself.
    const matches = [
      { game: 'dablot', bots: 1, options: { max_turns: 40 } },
      { game: 'conspiradores', bots: 3, options: { players: 4, max_turns: 80 } },
      { game: 'stratego', bots: 1, options: { max_plies: 60 } },
      { game: 'stratego', bots: 1, options: { max_plies: 60, silent_defense: true, rescue: true, army: 'barrage' } },
      { game: 'espionage', bots: 1, options: { max_plies: 60 } },
      { game: 'war', bots: 2, options: { max_turns: 10 } },
      { game: 'war2', bots: 2, options: { max_turns: 12, spy_centre: true } },
    ];
    let lines = 0;
    for (const m of matches) {
      const seats = [{ kind: 'person' }, ...Array.from({ length: m.bots }, () => ({ kind: 'bot', bot: 'random' }))];
      const created = await (
        await fetch(`${h.address}/api/matches`, { method: 'POST', body: JSON.stringify({ game: m.game, options: m.options, seats }) })
      ).json();
      if (!created.seats) throw new Error(`${m.game}: ${JSON.stringify(created)}`);
      await page.goto(`${h.address}${created.seats[0].link}`);
      // A quick random player of the person's seat, by the page's own connection: a setup at once
      // ("random N"), and mostly "end" where it may (the bots' turns and the replays show the rest).
      for (let step = 0; step < 2000; step++) {
        const s = await waitFor(page, (x) => x.your_turn || x.over, `${m.game}: the seat's turn`, 60000);
        if (s.over) break;
        const ends = s.legal.filter((l) => l.text === 'end' || l.text === 'done');
        const pick = ends.length && Math.random() < 0.6 ? ends[0] : s.legal[Math.floor(Math.random() * s.legal.length)];
        const armies = m.game === 'stratego' || m.game === 'espionage';
        const move = armies && s.view.phase === 'setup' && !s.mid_turn ? { turn: `random ${step}` } : { actions: [pick.id] };
        const before = await page.locator('.match').getAttribute('data-event');
        await page.evaluate((move) => window.__quartel.connection.act(move), move);
        await page.waitForFunction(
          ([event, json]) =>
            document.querySelector('.match')?.getAttribute('data-event') !== event ||
            JSON.stringify(window.__quartel.state) !== json,
          [before, JSON.stringify(s)],
          { timeout: 30000 },
        ).catch(async () => {
          const alert = await page.locator('.error').first().textContent({ timeout: 100 }).catch(() => '');
          throw new Error(`${m.game}: ${JSON.stringify(move)} changed nothing (${alert})`);
        });
        await page.waitForTimeout(50);  // under the server's 20 messages a second
      }
      // Opened again once finished: the move list comes from the replay, in the same words.
      await page.reload();
      await page.locator('[data-testid=game-over]').waitFor();
      await page.locator('.move-list li').nth(2).waitFor();
      // The replay as each seat saw it and as a spectator.
      const record = await (await fetch(`${h.address}/api/matches/${created.match}/record`)).json();
      const viewers = [...created.seats.map((_, i) => i), 'spectator'];
      lines += await page.evaluate(
        async ([record, viewers]) => {
          let n = 0;
          for (const viewer of viewers) {
            const answer = await (await fetch('/api/replay', { method: 'POST', body: JSON.stringify({ record, viewer, states: false }) })).json();
            if (answer.plies.length !== answer.total) throw new Error(`a replay of ${answer.total} frames answered ${answer.plies.length} lines`);
            for (const ply of answer.plies) {
              const words = window.__quartelWords(record.game, ply.steps, answer.seat_names);
              n += words.length;
              if (ply.steps.length && (words.length === 0 || words.some((w) => !w.trim() || w.includes('[fact.'))))
                throw new Error(`frame ${ply.ply} (${JSON.stringify(ply.steps)}) worded as ${JSON.stringify(words)}`);
            }
          }
          return n;
        },
        [record, viewers],
      );
      lines += await page.locator('.move-list li').count();
    }
    // What the templates make of some steps (a template that words them wrong fails here).
    const war = ['branca', 'vermelha', 'preta'];
    const expected = [
      ['war', war, [1, 2, 3].map(() => ({ kind: 'place', territory: 'brasil', count: 1 })), ['colocou 3 exércitos em Brasil']],
      ['war', war, [{ kind: 'trade', combination: 0, cards: ['brasil', 'peru', 'joker'], armies: 8, bonus: ['brasil'] }], ['trocou Brasil, Peru e Coringa por 8 exércitos (+2 em Brasil)']],
      ['war', war, [{ kind: 'dealer', seat: 2 }, ...[0, 1, 2, 0].map((seat) => ({ kind: 'deal', seat, territory: 'peru' }))], ['quem distribui: Preta', 'territórios distribuídos: Branca 2, Vermelha 1, Preta 1']],
      ['war', war, [{ kind: 'roll', from: 'brasil', to: 'peru', attack: [6, 5], defence: [4], lost: 0, destroyed: 1, conquered: true, eliminated: 1 }, { kind: 'occupy', count: 2, to: 'peru' }], ['atacou Peru a partir de Brasil: 6-5 contra 4, perdeu 0, destruiu 1', 'conquistou Peru (eliminando Vermelha), moveu 2 para lá']],
      ['stratego', ['Red', 'Blue'], [{ kind: 'move', from: 'e6', to: 'e7', attack: true, combat: { attacker: '4', defender: '2', result: 'attacker' } }], ['e6xe7: Sargento (4) captura Explorador (2)']],
      ['espionage', ['Red', 'Blue'], [{ kind: 'move', from: 'c3', to: 'c4', attack: true, combat: { attacker: null, defender: 'M', result: 'defender' } }, { kind: 'move', from: 'd3', to: 'd4', attack: false }], ['c3xc4: uma peça não vista perde para Mina, d3-d4']],
      ['dablot', ['Sámi', 'Swedes'], [{ kind: 'jump', from: 26, over: 37, to: 48, taken: 's' }, { kind: 'stop' }], ['26x48 captura o Soldado sueco em 37, parou']],
      ['stratego', ['Red', 'Blue'], [{ kind: 'resign', seat: 0 }], ['Vermelho desiste']],
      ['conspiradores', ['white', 'black', 'green', 'orange'], [{ kind: 'order', order: [2, 0, 1, 3] }], ['ordem de jogo por sorteio: Verde, Branco, Preto e Laranja']],
    ];
    for (const [game, names, steps, pt] of expected) {
      const got = await page.evaluate(([game, steps, names]) => window.__quartelWords(game, steps, names), [game, steps, names]);
      if (JSON.stringify(got) !== JSON.stringify(pt)) throw new Error(`${game} ${JSON.stringify(steps)} in Portuguese: ${JSON.stringify(got)}, expected ${JSON.stringify(pt)}`);
    }
    log(`     ${lines} move-list lines in Portuguese`);
    await shot(page, 'moves-pt');
    await page.context().close();
  });
}
