// Issue 21, point 1 "Rules at hand": every game's rules page in English and Portuguese with its
// diagrams, reached from the home card and the new-game page; the "?" of the match page opening the
// rules beside the board without leaving the match; the first-game guide, dismissed and remembered.
import { h, test, newPage, newMatch, waitFor, shot, axeViolations, DESKTOP, PHONE } from '../harness.mjs';



// Words each page must hold (headings aside), and the diagrams it draws.
const GAMES = [
  {
    game: 'stratego',
    en: ['Flag', 'Marshal', 'lakes', 'Miner', 'Scout', 'barrage', 'The “seed”'],
    pt: ['Bandeira', 'Marechal', 'lagos', 'Sapador', 'Explorador', 'barrage', 'A “seed”'],
    diagrams: ['stratego-board'],
  },
  {
    game: 'espionage',
    en: ['Headquarters', 'volcanoes', 'two moves with two different pieces', 'Sapper', 'recognises'],
    pt: ['Quartel-general', 'vulcões', 'dois lances com duas peças diferentes', 'Sapador', 'reconhece'],
    diagrams: ['espionage-board'],
  },
  {
    game: 'dablot',
    en: ['Sámi', 'Swedes', 'Landlord', 'King', 'race', 'equal or lower rank'],
    pt: ['Sámi', 'Suecos', 'Proprietário', 'Rei', 'corrida', 'posto igual ou menor'],
    diagrams: ['dablot-board'],
  },
  {
    game: 'conspiradores',
    en: ['Sanctuaries', 'Conspiracy Centre', 'jump', '39 Sanctuaries', 'Nothing is captured'],
    pt: ['Santuários', 'Centro da Conspiração', 'salto', '39 Santuários', 'Nada é capturado'],
    diagrams: ['conspiradores-board'],
  },
  {
    game: 'war',
    en: ['secret objective', 'North America', 'Bonus', 'joker', 'ties go to the defender', '6, 8, 10, 12, 15, and 5 more'],
    pt: ['objetivo secreto', 'América do Norte', 'Bônus', 'coringa', 'empate é do defensor', '6, 8, 10, 12, 15, e 5 a mais'],
    diagrams: ['war-continents', 'war-cards'],
  },
  {
    game: 'war2',
    en: ['Strategic Centres', 'bombers', 'anti-aircraft die', 'Variante I', 'majority', 'Information Centre'],
    pt: ['Centros Estratégicos', 'bombardeiros', 'dado antiaéreo', 'Variante I', 'maioria', 'Centro de Informações'],
    diagrams: ['war2-continents'],
  },
];
const HEADINGS = {
  en: { title: 'How to play', sections: ['The aim', 'The end of the game', 'The options on the new-game page'] },
  pt: { title: 'Como jogar', sections: ['O objetivo', 'O fim da partida', 'As opções da página de novo jogo'] },
};

// What the page's rules say: the h1, the section headings, the whole text, each diagram's size.
async function readRules(page, root = 'body') {
  return page.evaluate((root) => {
    const scope = document.querySelector(root);
    const text = scope.querySelector('.rules-text');
    return {
      title: (document.querySelector('.rules-page h1, #rules-drawer-title')?.textContent ?? '').trim(),
      sections: [...text.querySelectorAll('section > h2, section > h3')].map((h) => h.textContent.trim()),
      text: text.textContent,
      lang: text.getAttribute('lang'),
      diagrams: [...text.querySelectorAll('svg[data-diagram]')].map((svg) => ({
        name: svg.dataset.diagram,
        shapes: svg.querySelectorAll('rect, circle, path, line').length,
        width: svg.getBoundingClientRect().width,
        label: svg.getAttribute('aria-label') ?? '',
        sanctuaries: svg.querySelectorAll('[data-sanctuary]').length,
        continents: svg.querySelectorAll('[data-continent]').length,
      })),
    };
  }, root);
}

function checkRules(rules, g, lang) {
  const want = HEADINGS[lang];
  if (!rules.title.startsWith(want.title)) throw new Error(`${g.game} ${lang}: title "${rules.title}"`);
  for (const s of want.sections) if (!rules.sections.includes(s)) throw new Error(`${g.game} ${lang}: no section "${s}" in ${rules.sections}`);
  if (rules.sections.length < 4) throw new Error(`${g.game} ${lang}: only ${rules.sections.length} sections`);
  for (const word of g[lang]) if (!rules.text.includes(word)) throw new Error(`${g.game} ${lang}: the text never says "${word}"`);
  const other = lang === 'en' ? HEADINGS.pt : HEADINGS.en;
  for (const s of other.sections) if (rules.sections.includes(s)) throw new Error(`${g.game} ${lang}: a heading of the other language: ${s}`);
  if (rules.text.length < 1500) throw new Error(`${g.game} ${lang}: only ${rules.text.length} characters of rules`);
  if (rules.lang !== (lang === 'pt' ? 'pt-BR' : 'en')) throw new Error(`${g.game} ${lang}: lang="${rules.lang}"`);
  for (const name of g.diagrams) {
    const d = rules.diagrams.find((x) => x.name === name);
    if (!d) throw new Error(`${g.game} ${lang}: no diagram ${name} (${rules.diagrams.map((x) => x.name)})`);
    if (d.shapes < 12 || d.width < 200) throw new Error(`${g.game} ${lang}: diagram ${name} is empty or tiny (${d.shapes} shapes, ${d.width} px)`);
    if (!d.label) throw new Error(`${g.game} ${lang}: diagram ${name} has no label`);
    if (name === 'conspiradores-board' && d.sanctuaries !== 39) throw new Error(`${name}: ${d.sanctuaries} Sanctuaries drawn`);
    if (name.endsWith('continents') && d.continents !== 6) throw new Error(`${name}: ${d.continents} continents drawn`);
  }
}

// The board's box, and whether the drawer leaves it whole (nothing of the drawer over it).
async function boardBeside(page) {
  const board = await page.locator('.board-area').boundingBox();
  const drawer = await page.locator('[data-testid=rules-drawer]').boundingBox();
  if (!board || !drawer) throw new Error('no board or no drawer');
  if (board.x + board.width > drawer.x + 1) throw new Error(`the drawer (x ${drawer.x}) covers the board (${board.x}..${board.x + board.width})`);
  if (board.width < 300) throw new Error(`the board shrank to ${board.width} px`);
  // The board's middle is the board, not something laid over it.
  const hit = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('.board-area')), [board.x + board.width / 2, Math.min(board.y + board.height / 2, 700)]);
  if (!hit) throw new Error("the board's middle is covered");
}

export default async function () {
  await test('rules: every game has a rules page in English and in Portuguese, with its diagrams', async () => {
    const en = await newPage('rules en');
    const pt = await newPage('rules pt', DESKTOP, 'pt-BR');
    for (const g of GAMES) {
      await en.goto(`${h.address}/rules/${g.game}`);
      await en.locator('.rules-text section').first().waitFor();
      checkRules(await readRules(en), g, 'en');
      await pt.goto(`${h.address}/rules/${g.game}`);
      await pt.locator('.rules-text section').first().waitFor();
      checkRules(await readRules(pt), g, 'pt');
    }
    // The app's language switch turns the page over at once.
    await en.goto(`${h.address}/rules/dablot`);
    await en.locator('.rules-text').waitFor();
    await en.locator('.topbar select').selectOption('pt');
    await en.locator('.rules-page h1', { hasText: 'Como jogar Dablot' }).waitFor();
    checkRules(await readRules(en), GAMES.find((g) => g.game === 'dablot'), 'pt');
    await en.locator('.topbar select').selectOption('en');
    // A section link scrolls to it and stays on the page.
    await en.goto(`${h.address}/rules/war`);
    await en.locator('.rules-toc a[href="#rules-cards"]').click();
    await en.waitForFunction(() => Math.abs(document.querySelector('#rules-cards').getBoundingClientRect().top) < 80);
    if (new URL(en.url()).pathname !== '/rules/war') throw new Error(`the section link went to ${en.url()}`);
    await en.goto(`${h.address}/rules/stratego`);
    await en.locator('[data-diagram=stratego-board]').waitFor();
    await shot(en, 'rules-stratego-desktop');
    await pt.goto(`${h.address}/rules/war`);
    await pt.locator('[data-diagram=war-cards]').scrollIntoViewIfNeeded();
    await shot(pt, 'rules-war-pt-desktop');
    // An unknown game says so.
    await en.goto(`${h.address}/rules/chess`);
    await en.locator('.error', { hasText: 'There are no rules for' }).waitFor();
    await en.context().close();
    await pt.context().close();
    for (const game of ['stratego', 'conspiradores']) {
      const phone = await newPage(`rules phone ${game}`, PHONE);
      await phone.goto(`${h.address}/rules/${game}`);
      await phone.locator('[data-diagram]').first().scrollIntoViewIfNeeded();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) throw new Error(`${game}: the phone page is ${overflow} px wider than the screen`);
      await shot(phone, `rules-${game}-phone`);
      await phone.context().close();
    }
  });

  await test('rules: reached from the home card and from the new-game page', async () => {
    const page = await newPage('rules links');
    for (const game of ['war', 'dablot', 'espionage']) {
      await page.goto(`${h.address}/`);
      await page.locator(`a.game-card-rules[data-rules=${game}]`).click();
      await page.waitForURL(new RegExp(`/rules/${game}$`));
      await page.locator('.rules-page h1', { hasText: 'How to play' }).waitFor();
      await page.locator('[data-testid=rules-new-game]').click();
      await page.waitForURL(new RegExp(`/new/${game}$`));
      await page.locator('[data-testid=how-to-play]').click();
      await page.waitForURL(new RegExp(`/rules/${game}$`));
      checkRules(await readRules(page), GAMES.find((g) => g.game === game), 'en');
    }
    // The card itself still starts a game.
    await page.goto(`${h.address}/`);
    await page.locator('a.game-card[data-game=stratego]').click();
    await page.waitForURL(/\/new\/stratego$/);
    await page.context().close();
  });

  await test('rules: the "?" of a match opens the rules beside the board and stays on the match', async () => {
    const page = await newPage('rules drawer');
    await newMatch(page, 'stratego', { bots: ['random'] });
    const url = page.url();
    if (await page.locator('[data-testid=rules-drawer]').count()) throw new Error('the drawer is open before the "?"');
    await page.locator('[data-testid=rules-button]').click();
    const drawer = page.locator('[data-testid=rules-drawer]');
    await drawer.waitFor();
    const rules = await readRules(page, '#rules-drawer');
    checkRules(rules, GAMES[0], 'en');
    if (page.url() !== url) throw new Error(`the "?" left the match: ${page.url()}`);
    await boardBeside(page);
    await drawer.locator('[data-section=combat]').scrollIntoViewIfNeeded();
    await shot(page, 'match-rules-desktop');
    await page.locator('[data-testid=rules-close]').click();
    await drawer.waitFor({ state: 'detached' });
    if (page.url() !== url) throw new Error(`closing left the match: ${page.url()}`);
    const focused = await page.evaluate(() => document.activeElement?.dataset.testid);
    if (focused !== 'rules-button') throw new Error(`focus went to ${focused}, not back to the "?"`);
    await page.locator('[data-testid=rules-button]').click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    const width = await page.locator('.board-area').boundingBox();
    if (width.width < 700) throw new Error(`the board did not take its room back (${width.width} px)`);

    // On a phone the rules cover the screen until closed.
    const phone = await newPage('rules drawer phone', PHONE);
    await phone.goto(url);
    await waitFor(phone, () => true, 'the phone page');
    await phone.locator('[data-testid=rules-button]').click();
    const box = await phone.locator('[data-testid=rules-drawer]').boundingBox();
    if (box.width < PHONE.width - 1 || box.height < PHONE.height - 1) throw new Error(`the phone drawer is ${box.width} x ${box.height}`);
    const close = await phone.locator('[data-testid=rules-close]').boundingBox();
    if (close.width < 40 || close.height < 40) throw new Error(`the close button is ${close.width} x ${close.height}`);
    await shot(phone, 'match-rules-phone');
    await phone.locator('[data-testid=rules-close]').click();
    await phone.locator('.board-area').waitFor();
    if (phone.url() !== url) throw new Error(`the phone left the match: ${phone.url()}`);
    await phone.context().close();
    await page.context().close();
  });

  await test('rules: the first-game guide shows once per game, is dismissed and stays dismissed', async () => {
    const page = await newPage('guide');
    await newMatch(page, 'conspiradores', { bots: ['random'] });
    const guide = page.locator('[data-testid=first-game-guide]');
    await guide.waitFor();
    const text = await guide.textContent();
    for (const word of ['First game of Conspiradores', 'Sanctuary', 'Centre']) if (!text.includes(word)) throw new Error(`the guide never says "${word}": ${text}`);
    const first = await page.evaluate(() => document.querySelector('aside.side')?.firstElementChild?.dataset.testid);
    if (first !== 'first-game-guide') throw new Error(`the guide is not at the top of the side panel (${first})`);
    await shot(page, 'guide-desktop');
    // "All the rules" opens the drawer.
    await guide.locator('[data-testid=guide-rules]').click();
    await page.locator('[data-testid=rules-drawer] [data-diagram=conspiradores-board]').waitFor();
    await page.keyboard.press('Escape');
    await guide.locator('[data-testid=guide-dismiss]').click();
    await guide.waitFor({ state: 'detached' });
    await page.reload();
    await waitFor(page, () => true, 'the match after a reload');
    await page.locator('.side').first().waitFor();
    await page.waitForTimeout(300);
    if (await guide.count()) throw new Error('the guide came back after a reload');
    // Another game's first match shows its own guide.
    await newMatch(page, 'dablot', { bots: ['random'] });
    await guide.waitFor();
    if (!(await guide.textContent()).includes('First game of Dablot')) throw new Error('no Dablot guide');
    await page.context().close();

    // In Portuguese (the match made at desktop width, then seen at phone width).
    const pt = await newPage('guide pt', DESKTOP, 'pt-BR');
    await newMatch(pt, 'war', { bots: ['random', 'random'], seats: 3 });
    const ptGuide = pt.locator('[data-testid=first-game-guide]');
    await ptGuide.waitFor();
    const ptText = await ptGuide.textContent();
    for (const word of ['Primeira partida de WAR', 'objetivo secreto', 'Entendi']) if (!ptText.includes(word)) throw new Error(`the Portuguese guide never says "${word}": ${ptText}`);
    await pt.setViewportSize(PHONE);
    await ptGuide.scrollIntoViewIfNeeded();
    await shot(pt, 'guide-pt-phone');
    await pt.context().close();
  });

  await test('rules: no serious accessibility problem on the rules pages, the guide and the drawer', async () => {
    const problems = [];
    for (const [viewport, locale] of [[DESKTOP, 'en-US'], [PHONE, 'pt-BR']]) {
      const page = await newPage(`rules axe ${locale}`, viewport, locale);
      for (const { game } of GAMES) {
        await page.goto(`${h.address}/rules/${game}`);
        await page.locator('.rules-text section').first().waitFor();
        problems.push(...(await axeViolations(page, `/rules/${game} ${locale}`)));
      }
      await page.context().close();
    }
    const page = await newPage('rules axe match');
    await newMatch(page, 'espionage', { bots: ['random'] });
    await page.locator('[data-testid=first-game-guide]').waitFor();
    await page.locator('[data-testid=rules-button]').click();
    await page.locator('[data-testid=rules-drawer] .rules-table').first().waitFor();
    problems.push(...(await axeViolations(page, 'a match with the guide and the rules drawer')));
    await page.context().close();
    if (problems.length) throw new Error(problems.join('\n'));
  });
}
