// Wording facts: each game words its steps with one function per kind of fact (a `Wording`), each
// of them through keyed templates of the catalogue (i18n/facts.ts), English and Portuguese alike.
// A `Wording` must word every kind of its game's facts (the kinds come from the JSON Schema's
// generated types): a kind without its words does not compile.
import { seatName } from '../games';
import { t } from '../i18n';
import type { MatchFact } from '../types';
import type { WordsContext } from './types';

type KindOf<F> = F extends { kind: infer K extends string } ? K : never;
// The facts of F whose kind may be K (a fact may stand for several kinds).
type FactOf<F, K> = F extends { kind: infer J } ? (K extends J ? F : never) : never;
export type Wording<F, C = WordsContext> = { [K in KindOf<F>]: (fact: FactOf<F, K>, context: C) => string };

export function word<F extends { kind: string }, C>(wording: Wording<F, C>, fact: F, context: C): string {
  const say = (wording as unknown as Record<string, ((fact: F, context: C) => string) | undefined>)[fact.kind];
  return say ? say(fact, context) : t('fact.unknown', { kind: fact.kind });
}

// A seat by its name in the interface's language.
export function seatWords(context: WordsContext, seat: number | null): string {
  if (seat === null) return '';
  const name = context.seatNames[seat];
  return name === undefined ? String(seat) : seatName(name);
}

// "a, b and c" in the interface's language.
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${t('fact.and')}${items[items.length - 1]}`;
}

const ENDINGS: Record<'resignation' | 'time' | 'abandoned' | 'agreement', () => string> = {
  resignation: () => t('fact.ending.resignation'),
  time: () => t('fact.ending.time'),
  abandoned: () => t('fact.ending.abandoned'),
  agreement: () => t('fact.ending.agreement'),
};

// The match's own events, the same in every game.
export const matchWords: Wording<MatchFact> = {
  begin: () => t('fact.match.begin'),
  resign: (f, c) => t('fact.match.resign', { seat: seatWords(c, f.seat) }),
  offer_draw: (f, c) => t('fact.match.offer_draw', { seat: seatWords(c, f.seat) }),
  agree_draw: (f, c) => t('fact.match.agree_draw', { seat: seatWords(c, f.seat) }),
  timeout: (f, c) => t('fact.match.timeout', { seat: seatWords(c, f.seat) }),
  claim_win: (f, c) => t('fact.match.claim_win', { seat: seatWords(c, f.seat) }),
  abandon: () => t('fact.match.abandon'),
  ended: (f) => t('fact.match.ended', { ending: ENDINGS[f.ending]() }),
  invalid: (f) => t('fact.match.invalid', { action: f.action }),
};
