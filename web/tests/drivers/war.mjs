// Browser test driver for WAR (and WAR-II, see war2.mjs): one legal move made by clicking the
// board, the bar above it or the side panel, never the move box.
const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function clickTerritory(page, id) {
  await page.locator(`[data-counter="${id}"] .war-badge`).click();
}

async function clickTestId(page, id) {
  await page.locator(`[data-testid="${id}"]`).first().click();
}

export async function playMove(page) {
  if (process.env.WAR_DRIVER_LOG) {
    const st = await page.evaluate(() => window.__quartel.state);
    console.log('war driver:', st.view.phase, (st.legal ?? []).length, 'legal');
  }
  const state = await page.evaluate(() => window.__quartel.state);
  const legal = state.legal ?? [];
  const of = (word) => legal.filter((l) => l.text.split(' ')[0] === word);
  // A selection left from an earlier move is dropped first.
  if (await page.locator('[data-testid="war-cancel"]').count()) await clickTestId(page, 'war-cancel');

  const occupy = of('occupy');
  if (occupy.length) return clickTestId(page, `war-occupy-${pick(occupy).text.split(' ')[1]}`);
  const adds = of('add');
  if (adds.length && Math.random() < 0.5) return clickTestId(page, `war-add-${pick(adds).text.split(' ')[1]}`);
  const trades = of('trade');
  if (trades.length && Math.random() < 0.6) return clickTestId(page, `war-trade-${pick(trades).id}`);
  // Card uses and transports now and then (WAR-II), through the hand and the panel's buttons.
  const cardActs = [...of('use'), ...of('transport'), ...of('centre'), ...of('spy')];
  if (cardActs.length && Math.random() < 0.12) return viaPanel(page, pick(cardActs));
  const singles = [...of('place'), ...of('claim')];
  if (singles.length) return clickTerritory(page, pick(singles).text.split(' ').pop());

  const pairs = [...of('attack'), ...of('move'), ...of('carry'), ...of('airlift')];
  const air = of('air');
  const ends = [...of('end'), ...of('done')];
  const r = Math.random();
  if (air.length && r < 0.15) {
    const [, target, n] = pick(air).text.split(' ');
    await clickTerritory(page, target);
    return clickTestId(page, `war-air-${n}`);
  }
  if (pairs.length && (r < 0.85 || !ends.length)) {
    const [word, a, b, c] = pick(pairs).text.split(' ');
    const [from, to] = word === 'attack' ? [a, b] : [b, c];
    await clickTerritory(page, from);
    await clickTerritory(page, to);
    if (word === 'attack') return clickTestId(page, `war-attack-${c}`);
    return clickTestId(page, 'war-move-go');
  }
  if (ends.length) return clickTestId(page, 'war-end');

  // What is left: card commands (use, discard) through the hand, the others as buttons.
  return viaPanel(page, pick(legal));
}

// A command the map has no control for: a card's menu for use and discard, else its button.
async function viaPanel(page, action) {
  const [word, name] = action.text.split(' ');
  if (word === 'use' || word === 'discard') {
    const ids = await page.locator('[data-testid^="war-card-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    const match = ids.find((id) => id === `war-card-${name}` || id.slice(9).split('+').includes(name));
    if (match) {
      await clickTestId(page, match);
      return clickTestId(page, `war-cardact-${action.id}`);
    }
  }
  if (await page.locator(`[data-testid="war-more-${action.id}"]`).count()) return clickTestId(page, `war-more-${action.id}`);
  // Many commands of one kind (where to place or move an Information Centre): a list and a button.
  const select = page.locator(`select[data-testid^="war-more-select-"]:has(option[value="${action.id}"])`).first();
  const key = (await select.getAttribute('data-testid')).slice('war-more-select-'.length);
  await select.selectOption(String(action.id));
  return clickTestId(page, `war-more-go-${key}`);
}
