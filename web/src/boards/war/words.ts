// WAR's and WAR-II's steps in words (boards/words.ts), one line per step, as a turn is told: a
// step that repeats the one before (another army on the same territory, along the same link,
// another card drawn) adds to that line; an attack's choice of dice, the start of a card use or a
// transport and the armies carried are told by what follows them, or alone when nothing does; a
// conquest is told once the armies move in.
import { t } from '../../i18n';
import type { Fact, WarFact } from '../../types';
import type { WordsContext } from '../types';
import { listWords, matchWords, seatWords, type Wording, word } from '../words';
import { NAME } from './legal';

type Turn = WordsContext & {
  lines: string[];
  // The line the last step wrote, and the steps it gathers (one key per kind of gathering).
  key: string;
  gathered: WarFact[];
  conquest: string; // a conquest told once the armies move in
  carried: number; // armies carried by the transport under way
  last: boolean; // the step is the turn's last
};

const territory = (id: string) => NAME[id] ?? id;

function cardWords(card: string): string {
  if (card === 'joker') return t('war.joker');
  const number = /^n(\d)$/.exec(card);
  if (number) return t('fact.war.number_card', { n: number[1] });
  return card.split('+').map(territory).join('+');
}

const armies = (n: number) => t(n === 1 ? 'fact.war.army' : 'fact.war.armies', { n });
const bombers = (n: number) => t(n === 1 ? 'fact.war.bomber' : 'fact.war.bombers', { n });

// Adds a line, or rewrites the last one when `key` is the last step's.
function gather(turn: Turn, key: string, fact: WarFact, render: (facts: WarFact[]) => string) {
  if (key === turn.key) {
    turn.gathered.push(fact);
    turn.lines[turn.lines.length - 1] = render(turn.gathered);
    return '';
  }
  turn.key = key;
  turn.gathered = [fact];
  turn.lines.push(render(turn.gathered));
  return '';
}

// A line of its own (the turn's steps are lines; '' when the step gathered into one).
function line(turn: Turn, text: string) {
  turn.key = '';
  if (text) turn.lines.push(text);
  return '';
}

const sum = (facts: WarFact[]) => facts.reduce((n, f) => n + ('count' in f && typeof f.count === 'number' ? f.count : 0), 0);
const cardsOf = (facts: WarFact[]) => facts.flatMap((f) => ('card' in f && typeof f.card === 'string' ? [cardWords(f.card)] : []));

function drawn(facts: WarFact[], from?: string): string {
  const cards = cardsOf(facts);
  const what = cards.length === facts.length ? listWords(cards) : facts.length === 1 ? t('fact.war.a_card') : t('fact.war.cards', { n: facts.length });
  return from === undefined ? t('fact.war.draw', { cards: what }) : t('fact.war.take', { cards: what, seat: from });
}

const wording: Wording<WarFact, Turn> = {
  ...matchWords,
  dealer: (f, c) => line(c, t('fact.war.dealer', { seat: seatWords(c, f.seat) })),
  deal: (f, c) =>
    gather(c, 'deal', f, (facts) => {
      if (facts.length === 1 && f.territory !== undefined) return t('fact.war.deal.one', { territory: territory(f.territory), seat: seatWords(c, f.seat) });
      const tally = c.seatNames.map((_, seat) => `${seatWords(c, seat)} ${facts.filter((x) => 'seat' in x && x.seat === seat).length}`).join(', ');
      return t(f.card !== undefined ? 'fact.war.deal.centres' : 'fact.war.deal.tally', { tally });
    }),
  objective: (f, c) => gather(c, 'objective', f, (facts) => t(facts.length === 1 ? 'fact.war.objective' : 'fact.war.objective.many', { n: facts.length })),
  draw: (f, c) => gather(c, 'draw', f, (facts) => drawn(facts)),
  take: (f, c) => gather(c, `take ${f.from}`, f, (facts) => drawn(facts, seatWords(c, f.from))),
  claim: (f, c) => line(c, t('fact.war.claim', { territory: territory(f.territory) })),
  centre: (f, c) => line(c, t('fact.war.centre', { territory: territory(f.territory) })),
  place: (f, c) => gather(c, `place ${f.territory}`, f, (facts) => t('fact.war.place', { armies: armies(sum(facts)), territory: territory(f.territory) })),
  move: (f, c) => gather(c, `move ${f.from} ${f.to}`, f, (facts) => t('fact.war.move', { armies: armies(sum(facts)), from: territory(f.from), to: territory(f.to) })),
  airlift: (f, c) => gather(c, `airlift ${f.from} ${f.to}`, f, (facts) => t('fact.war.airlift', { armies: armies(sum(facts)), from: territory(f.from), to: territory(f.to) })),
  attack: (f, c) => (c.last ? line(c, t('fact.war.attack', { to: territory(f.to), from: territory(f.from), dice: f.dice })) : ''),
  roll: (f, c) => {
    line(c, t('fact.war.roll', { to: territory(f.to), from: territory(f.from), attack: f.attack.join('-'), defence: f.defence.join('-'), lost: f.lost, destroyed: f.destroyed }));
    if (!f.conquered) return '';
    c.conquest =
      f.eliminated === undefined
        ? t('fact.war.roll.conquered', { territory: territory(f.to) })
        : t('fact.war.roll.eliminating', { territory: territory(f.to), seat: seatWords(c, f.eliminated) });
    return '';
  },
  occupy: (f, c) => {
    const conquest = c.conquest;
    c.conquest = '';
    if (conquest) return line(c, t('fact.war.occupy.conquest', { conquest, n: f.count }));
    return line(c, t('fact.war.occupy', { armies: armies(f.count), territory: f.to === undefined ? '' : territory(f.to) }));
  },
  end: (f, c) => {
    if (!c.last) return '';
    const ends = f.ends;
    return line(c, t(ends === 'reinforcement' ? 'fact.war.end.reinforcement' : ends === 'attacks' ? 'fact.war.end.attacks' : ends === 'movement' ? 'fact.war.end.movement' : 'fact.war.done'));
  },
  done: (f, c) => {
    if (f.finishes === 'card_use' && f.territory !== undefined) {
      const numbers = (f.numbers ?? []).map(cardWords);
      const gives = f.for === 'bombers' ? t('fact.war.done.bombers', { bombers: bombers(f.amount ?? 0), territory: territory(f.territory) }) : t('fact.war.done.armies', { armies: armies(f.amount ?? 0), territory: territory(f.territory) });
      return line(c, numbers.length ? t('fact.war.done.card_use_numbers', { territory: territory(f.territory), cards: listWords(numbers), gives }) : t('fact.war.done.card_use', { territory: territory(f.territory), gives }));
    }
    if (f.finishes === 'transport' && f.between !== undefined) {
      const [a, b] = f.between.map(territory);
      const carried = c.carried;
      c.carried = 0;
      if (f.from === undefined || f.to === undefined) return line(c, t('fact.war.done.transport_nothing', { a, b }));
      const way = { a, b, from: territory(f.from), to: territory(f.to) };
      return line(c, carried === 0 ? t('fact.war.done.transport', way) : t('fact.war.done.transport_carried', { ...way, armies: armies(carried) }));
    }
    return c.last ? line(c, t('fact.war.done')) : '';
  },
  carry: (f, c) => {
    c.carried += f.count;
    return c.last ? line(c, t('fact.war.carry', { armies: armies(f.count), from: territory(f.from), to: territory(f.to) })) : '';
  },
  use: (f, c) => (c.last ? line(c, t('fact.war.use', { card: f.territory !== undefined ? territory(f.territory) : cardWords(f.card) })) : ''),
  add: (f, c) => (c.last ? line(c, t('fact.war.add', { card: cardWords(f.card) })) : ''),
  transport: (f, c) => (c.last ? line(c, t('fact.war.transport', { a: territory(f.from), b: territory(f.to) })) : ''),
  discard: (f, c) =>
    gather(c, f.paid ? 'paid' : 'discard', f, (facts) => t(f.paid ? 'fact.war.discard.paid' : 'fact.war.discard', { cards: listWords(cardsOf(facts)) })),
  trade: (f, c) => {
    if (f.cards === undefined || f.armies === undefined) return line(c, t('fact.war.trade_unseen'));
    const text = { cards: listWords(f.cards.map(cardWords)), armies: armies(f.armies) };
    return line(c, f.bonus?.length ? t('fact.war.trade_bonus', { ...text, territories: listWords(f.bonus.map(territory)) }) : t('fact.war.trade', text));
  },
  air: (f, c) => line(c, t('fact.war.air', { bombers: bombers(f.bombers), territory: territory(f.to) })),
  air_round: (f, c) => line(c, t('fact.war.air_round', { territory: f.target === undefined ? '' : territory(f.target), shot: f.shot, destroyed: f.destroyed })),
  spy: (f, c) => line(c, t('fact.war.spy', { seat: seatWords(c, f.seat) })),
  centre_move: (f, c) => line(c, t('fact.war.centre_move', { seat: seatWords(c, f.seat), territory: territory(f.territory) })),
  centre_transport: (f, c) => line(c, t('fact.war.centre_transport', { seat: seatWords(c, f.seat), territory: territory(f.territory) })),
};

export function warWords(steps: Fact[], context: WordsContext): string[] {
  const turn: Turn = { ...context, lines: [], key: '', gathered: [], conquest: '', carried: 0, last: false };
  const facts = steps as WarFact[];
  facts.forEach((fact, i) => {
    turn.last = i === facts.length - 1;
    const text = word(wording, fact, turn);
    if (text) line(turn, text); // the match's own facts
  });
  if (turn.conquest) line(turn, turn.conquest); // the game ended before the armies moved in
  // How the game ended is no step: the view and the result say it (the game-over panel).
  return turn.lines;
}
