// The move list in the interface's language. The server tells each event in English, as the
// engine's State::DescribeTurn words it for the viewer (and the server its own lines: the start, a
// resignation, a draw); each form is written here once, as a template: the English with named
// holes, the Portuguese with the same holes. `{a:kind}` is a hole of that kind (below); `{a}`
// again in the Portuguese puts it there, worded for the language. A line of no known form is shown
// as the engine gave it and noted in `untranslated` (the browser tests fail on any).
import { seatName } from '../games';
import { catalogue, lang, t } from './index';

type Kind = { re: string; pt: (text: string) => string };

// The objective named in an English line ("... draws the objective: Conquer 24 territories of your
// choice"), worded again: the board's panel words objectives from the view's data instead
// (boards/war/objective.ts); this stays with the rest of the line translation until the move list
// is worded from facts.
// Continent names as the objectives print them (Portuguese on the board in both languages).
function continentList(names: string) {
  return names.split(/, | and /).join(t('war.objective.and'));
}

function objectiveText(text: string | undefined): string | undefined {
  if (!text) return text;
  let m: RegExpExecArray | null;
  // The engine's own wordings (war.cc, ObjectiveText), in both languages.
  if (text === 'not yet drawn') return t('war.objective_hidden');
  if (/^Conquer any three Strategic Centres \(reduced to one territory/.test(text)) return t('war.objective.reduced');
  if ((m = /^(.+) \(now: conquer (\d+) territories of your choice\)$/.exec(text)))
    return t('war.objective.now', { objective: objectiveText(m[1]) ?? m[1], n: m[2] });
  if (lang.value === 'en') return text;
  if ((m = /^Conquer in full (.+) and a third continent of your choice$/.exec(text)))
    return t('war.objective.continents_and_third', { continents: continentList(m[1]) });
  if ((m = /^Conquer in full (.+)$/.exec(text))) return t('war.objective.continents', { continents: continentList(m[1]) });
  if ((m = /^Conquer (\d+) territories and occupy each of them with at least two armies$/.exec(text)))
    return t('war.objective.territories_two', { n: m[1] });
  if ((m = /^Conquer (\d+) territories of your choice$/.exec(text))) return t('war.objective.territories', { n: m[1] });
  if ((m = /^Destroy the (\w+) armies completely/.exec(text)))
    return t('war.objective.destroy', { colour: t(`war.objective.colour_${m[1]}`) });
  if ((m = /^Hold (\d+) Strategic Centres and (\d+) territories$/.exec(text)))
    return t('war.objective.ce_and_territories', { n: m[1], territories: m[2] });
  if ((m = /^Hold (\d+) Strategic Centres with at least (\d+) armies on each$/.exec(text)))
    return t('war.objective.ce_armies', { n: m[1], armies: m[2] });
  if ((m = /^Hold (\d+) Strategic Centres$/.exec(text))) return t('war.objective.ce', { n: m[1] });
  if ((m = /^Hold all 3 Strategic Centres of (.+) and all 3 of (.+)$/.exec(text)))
    return t('war.objective.ce_continents', { a: m[1], b: m[2] });
  if (text === 'Hold a Strategic Centre in every continent') return t('war.objective.ce_every');
  return text;
}


const PT_NOUNS: Record<string, [string, string]> = {
  army: ['exército', 'exércitos'],
  bomber: ['bombardeiro', 'bombardeiros'],
  card: ['carta', 'cartas'],
  'more card': ['carta a mais', 'cartas a mais'],
  objective: ['objetivo', 'objetivos'],
  die: ['dado', 'dados'],
};
const EN_PLURALS: Record<string, string> = {
  armies: 'army',
  bombers: 'bomber',
  cards: 'card',
  'more cards': 'more card',
  objectives: 'objective',
  dice: 'die',
};

// "3 armies" -> "3 exércitos".
function count(text: string): string {
  const m = /^(\d+) (.+)$/.exec(text);
  if (!m) return text;
  const noun = EN_PLURALS[m[2]] ?? m[2];
  const pt = PT_NOUNS[noun];
  return pt ? `${m[1]} ${pt[m[1] === '1' ? 0 : 1]}` : text;
}

// "a, b and c" -> "a, b e c", each item worded by `item`.
function list(text: string, item: (x: string) => string = (x) => x): string {
  const items = text.split(/, | and /).map(item);
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}` : items[0];
}

// The Portuguese of a catalogue entry (this table is Portuguese whatever the interface's language).
const pt = (key: string) => catalogue[key][1];

// WAR cards: "brasil (square)", "joker", "n2 (number card 2)", "peru+chile (CE)".
function card(text: string): string {
  if (text === 'joker') return pt('war.joker');
  if (text === 'a card') return 'uma carta';
  return text
    .replace(/\((square|triangle|circle)\)/, (_, f: string) => `(${pt(`war.figure.${f}`)})`)
    .replace(/\(number card (\d)\)/, '(carta numérica $1)');
}

// Ranks of Stratego and Espionage and pieces of Dablot by their English names, as the boards name
// them (the catalogue's, without a rank's "(4)").
const bare = (name: string) => name.replace(/ \(.+\)$/, '');
const PIECES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(catalogue)
      .filter(([key]) => /^(stratego\.rank|espionage\.rank|dablot\.piece)\./.test(key))
      .map(([, [en, ptName]]) => [bare(en), bare(ptName)]),
  ),
  'an unseen piece': 'uma peça não vista',
};
const ENDINGS: Record<string, string> = {
  rules: 'regras',
  resignation: 'desistência',
  time: 'tempo',
  abandoned: 'abandono',
  agreement: 'acordo',
};

// A regular expression that matches exactly one of `words` (the longest first).
function alternatives(words: string[]): string {
  return [...words].sort((a, b) => b.length - a.length).map(escape).join('|');
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const KINDS: Record<string, Kind> = {
  // A word as it stands: a territory id, a square, a setup string.
  id: { re: '(\\S+)', pt: (x) => x },
  n: { re: '(\\d+)', pt: (x) => x },
  count: { re: '(\\d+ (?:armies|army|bombers|bomber|more cards|more card|cards|card|objectives|objective|dice|die))', pt: count },
  // A seat's name never holds the marks that join parts of a line.
  // "2 bombers", "1 army": the number alone, where the Portuguese words the noun apart.
  bombers: { re: '(\\d+) (?:bombers|bomber)', pt: (x) => x },
  armies: { re: '(\\d+) (?:armies|army)', pt: (x) => x },
  seat: { re: '([^,;:]+?)', pt: seatName },
  seats: { re: '([^;:]+?)', pt: (x) => list(x, seatName) },
  // "branca 14, vermelha 14": a seat and a number each.
  tally: { re: '(.+?)', pt: (x) => x.split(', ').map((p) => p.replace(/^(.+) (\d+)$/, (_, s: string, n: string) => `${seatName(s)} ${n}`)).join(', ') },
  cards: { re: '(.+?)', pt: (x) => list(x, card) },
  ids: { re: '(.+?)', pt: (x) => list(x) },
  piece: { re: `(${alternatives(Object.keys(PIECES))})`, pt: (x) => PIECES[x] },
  dice: { re: '([\\d-]+ vs [\\d-]+)', pt: (x) => x.replace(' vs ', ' contra ') },
  ending: { re: '(.+?)', pt: (x) => ENDINGS[x] ?? x },
  objective: { re: '(.+)', pt: (x) => objectiveText(x) ?? x },
  // A move as written: "e4-e5", "e6xe7", "G9-G11-G13", "23x35", "X:a1", "volcano b7".
  move: { re: '((?:[A-Za-z0-9]:)?[A-Za-z]?\\d{1,2}(?:[-x][A-Za-z]?\\d{1,2})*)', pt: (x) => x },
  // Placements as written ("X:a1 9:b1"), a whole setup ("FS23.../..."): the notation, as it is.
  notation: { re: '(.+)', pt: (x) => x },
  // What the line's Portuguese leads to: another line of this table.
  line: { re: '(.+)', pt: (x) => translateLine(x) ?? x },
};

// [English, Portuguese]. The order matters only where two forms could match one line: the first
// wins.
const TEMPLATES: [string, string][] = [
  // The server's own lines (src/server/room.cc, replay.cc).
  ['the match begins', 'a partida começa'],
  ['the game begins', 'o jogo começa'],
  ['{s:seat} resigns', '{s} desiste'],
  ['{s:seat} resigned', '{s} desistiu'],
  ['{s:seat} offers a draw', '{s} propõe empate'],
  ['{s:seat} accepts the draw: the game is drawn', '{s} aceita o empate: o jogo termina empatado'],
  ['the game ended: {e:ending}', 'o jogo terminou: {e}'],

  // WAR and WAR-II (src/games/war/war_view.cc, DescribeTurn).
  ['dealer {s:seat}', 'quem distribui: {s}'],
  ['territories dealt: {l:tally}', 'territórios distribuídos: {l}'],
  ['Strategic Centres dealt: {l:tally}', 'Centros Estratégicos distribuídos: {l}'],
  ['1 objective drawn', '1 objetivo sorteado'],
  ['{n:n} objectives drawn', '{n} objetivos sorteados'],
  ['{a:id} dealt to {s:seat}', '{a} distribuído a {s}'],
  ['attacked {a:id} from {b:id}: {d:dice}, lost {x:n}, destroyed {y:n}', 'atacou {a} a partir de {b}: {d}, perdeu {x}, destruiu {y}'],
  ['conquered {a:id} (eliminating {s:seat}), moved {n:n} in', 'conquistou {a} (eliminando {s}), moveu {n} para lá'],
  ['conquered {a:id}, moved {n:n} in', 'conquistou {a}, moveu {n} para lá'],
  ['conquered {a:id} (eliminating {s:seat})', 'conquistou {a} (eliminando {s})'],
  ['conquered {a:id}', 'conquistou {a}'],
  ['moved {c:count} into {a:id}', 'moveu {c} para {a}'],
  ['took {c:count} from {s:seat}', 'tomou {c} de {s}'],
  ['took a card from {s:seat}', 'tomou uma carta de {s}'],
  ['took {k:cards} from {s:seat}', 'tomou {k} de {s}'],
  ['drew {c:count}', 'comprou {c}'],
  ['drew a card', 'comprou uma carta'],
  ['drew {k:cards}', 'comprou {k}'],
  ['air round over {a:id}: {b:bombers} shot down, {c:armies} destroyed', 'rodada aérea sobre {a}: bombardeiros abatidos {b}, exércitos destruídos {c}'],
  ['claimed {a:id}', 'ocupou {a}'],
  ['placed {c:count} on {a:id}', 'colocou {c} em {a}'],
  ['moved {c:count} from {a:id} to {b:id}', 'moveu {c} de {a} para {b}'],
  ['traded {k:cards} for {c:count} (+2 on {t:ids})', 'trocou {k} por {c} (+2 em {t})'],
  ['traded {k:cards} for {c:count}', 'trocou {k} por {c}'],
  ['placed its Information Centre on {a:id}', 'instalou seu Centro de Informações em {a}'],
  ["spied on {s:seat}'s cards", 'espionou as cartas de {s}'],
  ['moved the Information Centre of {s:seat} to {a:id}', 'moveu o Centro de Informações de {s} para {a}'],
  ['transported the Information Centre of {s:seat} to {a:id}', 'transportou o Centro de Informações de {s} para {a}'],
  ['sent {c:count} from the air base against {a:id}', 'enviou {c} da base aérea contra {a}'],
  ['used the card of {a:id} with {k:cards}: {c:count} against {b:id}', 'usou a carta de {a} com {k}: {c} contra {b}'],
  ['used the card of {a:id} with {k:cards}: {c:count} on {b:id}', 'usou a carta de {a} com {k}: {c} em {b}'],
  ['used the card of {a:id}: {c:count} against {b:id}', 'usou a carta de {a}: {c} contra {b}'],
  ['used the card of {a:id}: {c:count} on {b:id}', 'usou a carta de {a}: {c} em {b}'],
  ['used the cards of {a:id} and {b:id} for a transport, carrying nothing', 'usou as cartas de {a} e {b} para um transporte, sem levar nada'],
  ['used the cards of {a:id} and {b:id} for the transport from {x:id} to {y:id}', 'usou as cartas de {a} e {b} para o transporte de {x} para {y}'],
  ['used the cards of {a:id} and {b:id} to carry {c:count} from {x:id} to {y:id}', 'usou as cartas de {a} e {b} para levar {c} de {x} para {y}'],
  ['paid {k:cards} for the transport', 'pagou {k} pelo transporte'],
  ['discarded {k:cards}', 'descartou {k}'],
  ['airlifted {c:count} from {a:id} to {b:id}', 'levou por ponte aérea {c} de {a} para {b}'],
  ['went on to the attacks', 'passou aos ataques'],
  ['ended the attacks', 'encerrou os ataques'],
  ['ended the turn', 'encerrou a vez'],
  ['done', 'concluiu'],
  ['attacks {a:id} from {b:id} with {c:count}', 'ataca {a} a partir de {b} com {c}'],
  ['began to use the card of {a:id}', 'começou a usar a carta de {a}'],
  ['added {a:id}', 'acrescentou {a}'],
  ['began a transport between {a:id} and {b:id}', 'começou um transporte entre {a} e {b}'],
  ['carried 1 army from {a:id} to {b:id}', 'levou 1 exército de {a} para {b}'],
  ["Game over: drawn (the engine's turn cap)", 'Fim de jogo: empate (limite de rodadas do motor)'],
  ['Game over: {s:seat} wins (its objective is met)', 'Fim de jogo: {s} vence (cumpriu seu objetivo)'],
  ['Game over: {s:seat} wins (the last player left)', 'Fim de jogo: {s} vence (último jogador restante)'],
  ['Game over ({e:ending}): {r:line}', 'Fim de jogo ({e}): {r}'],
  ['{s:seats} wins', '{s} vence'],
  ['{s:seats} win', '{s} vencem'],
  ['{s:seats} loses', '{s} perde'],
  ['{s:seats} lose', '{s} perdem'],
  ['{s:seats} draws', '{s} empata'],
  ['{s:seats} draw', '{s} empatam'],
  // WAR's per-action wording where a replay steps action by action (ActionToStringFor).
  ['{s:seat} draws the objective: {o:objective}', '{s} sorteia o objetivo: {o}'],
  ['{s:seat} draws an objective', '{s} sorteia um objetivo'],

  // Stratego and Espionage (src/games/stratego/stratego.cc, espionage/notation.cc).
  ['set up its army: {x:notation}', 'montou seu exército: {x}'],
  ['is setting up its army: {x:notation}', 'está montando seu exército: {x}'],
  ['set up its army', 'montou seu exército'],
  ['is setting up its army', 'está montando seu exército'],
  ['set up {x:id}', 'montou {x}'],
  ['a hidden placement', 'uma colocação oculta'],
  ['{m:move}: {a:piece} takes {b:piece}', '{m}: {a} captura {b}'],
  ['{m:move}: {a:piece} loses to {b:piece}', '{m}: {a} perde para {b}'],
  ['{m:move}: {a:piece} and {b:piece} both removed', '{m}: {a} e {b} saem ambos'],
  ['{s:seat} first', '{s} começa'],
  ['volcano {a:id}', 'vulcão em {a}'],
  ['claim draw', 'reivindica empate'],
  ['no rescue', 'sem resgate'],
  ['rescue {m:move}', 'resgate {m}'],

  // Dablot (src/games/dablot/dablot.cc) and Conspiradores (conspiradores.cc).
  ['{m:move} takes the {p:piece} on {n:n}', '{m} captura o {p} em {n}'],
  ['stop', 'parou'],
  ['play order by lot: {s:seats}', 'ordem de jogo por sorteio: {s}'],

  // A move as written, alone.
  ['{m:move}', '{m}'],
];

type Rule = { re: RegExp; holes: { name: string; kind: Kind }[]; pt: string };

const RULES: Rule[] = TEMPLATES.map(([en, pt]) => {
  const holes: Rule['holes'] = [];
  let re = '';
  let at = 0;
  for (const m of en.matchAll(/\{(\w+):(\w+)\}/g)) {
    const kind = KINDS[m[2]];
    if (!kind) throw new Error(`moves.ts: unknown kind ${m[2]} in "${en}"`);
    re += escape(en.slice(at, m.index)) + kind.re;
    holes.push({ name: m[1], kind });
    at = m.index! + m[0].length;
  }
  re += escape(en.slice(at));
  return { re: new RegExp(`^${re}$`), holes, pt };
});

// One line (or part of one) in Portuguese, or null when no form fits. A line no single form fits
// may be several parts: "; " joins a setup's chance events and an ending, ", " the moves of a turn,
// " " the actions of a turn that the engine tells one by one (a Conspiradores jump chain).
export function translateLine(text: string): string | null {
  for (const rule of RULES) {
    const m = rule.re.exec(text);
    if (!m) continue;
    let out = rule.pt;
    rule.holes.forEach((hole, i) => (out = out.replaceAll(`{${hole.name}}`, hole.kind.pt(m[i + 1]))));
    return out;
  }
  for (const joint of ['; ', ', ', ' ']) {
    if (!text.includes(joint)) continue;
    const parts = text.split(joint).map(translateLine);
    if (parts.every((p) => p !== null)) return parts.join(joint);
  }
  return null;
}

// Lines of no known form since the page opened (the browser tests read them).
export const untranslated = new Set<string>();

// A move-list entry in the interface's language: each of its lines (a WAR turn has several).
export function moveListText(text: string): string {
  if (lang.value === 'en') return text;
  return text
    .split('\n')
    .map((part) => {
      const line = part.trim();
      const pt = translateLine(line);
      if (pt === null && line) untranslated.add(line);
      return pt ?? line;
    })
    .join('\n');
}
