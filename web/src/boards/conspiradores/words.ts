// Conspiradores' steps in words (boards/words.ts): a turn (a jump chain and its stop) on one line.
import { t } from '../../i18n';
import type { ConspiradoresFact, Fact } from '../../types';
import type { WordsContext } from '../types';
import { listWords, matchWords, seatWords, type Wording, word } from '../words';

const wording: Wording<ConspiradoresFact> = {
  ...matchWords,
  order: (f, c) => t('fact.conspiradores.order', { seats: listWords(f.order.map((seat) => seatWords(c, seat))) }),
  place: (f) => t('fact.conspiradores.place', { point: f.point }),
  step: (f) => t('fact.conspiradores.step', { from: f.from, to: f.to }),
  jump: (f) => t('fact.conspiradores.jump', { from: f.from, to: f.to }),
  stop: () => t('fact.conspiradores.stop'),
};

export function conspiradoresWords(steps: Fact[], context: WordsContext): string[] {
  return [(steps as ConspiradoresFact[]).map((step) => word(wording, step, context)).join(', ')];
}
