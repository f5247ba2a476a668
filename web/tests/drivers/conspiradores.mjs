// Browser test driver for Conspiradores: one legal move (a placement, a step, one jump of a chain,
// or stop) made by clicking the board. Called by web/tests/browser.mjs with your_turn true.
export async function playMove(page) {
  const state = await page.evaluate(() => window.__quartel.state);
  const legal = state.legal ?? [];
  if (!legal.length) return;
  const pick = legal[Math.floor(Math.random() * legal.length)].text;
  if (/^stop$/i.test(pick)) {
    await page.click('[data-testid="stop"]');
  } else if (!pick.includes('-')) {
    await page.click(`[data-point="${pick.toUpperCase()}"]`);
  } else {
    const [from, to] = pick.toUpperCase().split('-');
    if (!state.view.chain) await page.click(`[data-point="${from}"]`);
    await page.click(`[data-point="${to}"]`);
  }
}
