// Dablot's steps in words (boards/words.ts): a turn (a jump chain and its stop) on one line.
import { has, t } from '../../i18n';
import type { DablotFact, Fact } from '../../types';
import type { WordsContext } from '../types';
import { matchWords, seatWords, type Wording, word } from '../words';

function pieceWords(letter: string): string {
  const key = `dablot.piece.${letter}`;
  return has(key) ? t(key) : letter;
}

const wording: Wording<DablotFact> = {
  ...matchWords,
  first: (f, c) => t('fact.dablot.first', { seat: seatWords(c, f.seat) }),
  step: (f) => t('fact.dablot.step', { from: f.from, to: f.to }),
  jump: (f) =>
    f.taken === null
      ? t('fact.dablot.jump', { from: f.from, to: f.to })
      : t('fact.dablot.jump.taken', { from: f.from, to: f.to, over: f.over, piece: pieceWords(f.taken) }),
  stop: () => t('fact.dablot.stop'),
};

export function dablotWords(steps: Fact[], context: WordsContext): string[] {
  return [(steps as DablotFact[]).map((step) => word(wording, step, context)).join(', ')];
}
