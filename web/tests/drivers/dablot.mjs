// Browser test driver for Dablot: one legal move (one step, one capture of a chain, or stop) made
// by clicking the board. Called by web/tests/browser.mjs with the match page open and your_turn.
export async function playMove(page) {
  const state = await page.evaluate(() => window.__quartel.state);
  const legal = state.legal ?? [];
  if (!legal.length) return;
  const pick = legal[Math.floor(Math.random() * legal.length)].text;
  if (/^stop$/i.test(pick)) {
    await page.click('[data-testid="stop"]');
  } else {
    const [from, to] = pick.split(/[-x]/);
    if (state.view.chain_from == null) await page.click(`[data-point="${from}"]`);
    await page.click(`[data-point="${to}"]`);
  }
}
