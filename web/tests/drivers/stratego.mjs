// Browser test driver for Stratego (and Espionage: espionage.mjs reuses it). With the match page
// open and the viewer's turn, it makes ONE move by clicking the board: a whole setup (Random, then
// Ready), a rescue choice, or a piece and one of its legal destinations.
export async function playMove(page) {
  const state = await page.evaluate(() => window.__quartel.state);
  const legal = state.legal ?? [];
  const view = state.view ?? {};
  if (view.phase === 'setup') {
    await page.click('[data-testid="strat-random"]');
    await page.click('[data-testid="strat-ready"]');
  } else if (legal.some((l) => l.text === 'no rescue')) {
    const rescue = legal.find((l) => l.text.startsWith('rescue '));
    if (rescue) {
      const m = /^rescue (\S):(\S+)$/.exec(rescue.text);
      await page.click(`[data-testid="strat-rescue-${m[1]}"]`);
      await page.click(`[data-square="${m[2]}"]`);
    } else {
      await page.click('[data-testid="strat-no-rescue"]');
    }
  } else {
    const moves = legal.map((l) => /^([a-k]\d+)[-x]([a-k]\d+)$/.exec(l.text)).filter(Boolean);
    if (moves.length === 0) {
      if (legal.some((l) => l.text === 'claim draw')) await page.click('[data-testid="strat-claim-draw"]');
      else throw new Error(`no move to click among ${legal.map((l) => l.text).join(', ')}`);
    } else {
      const m = moves[Math.floor(Math.random() * moves.length)];
      await page.click(`[data-square="${m[1]}"]`);
      await page.click(`[data-square="${m[2]}"]`);
    }
  }
}
