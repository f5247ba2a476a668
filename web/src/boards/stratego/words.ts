// Stratego's steps in words (boards/words.ts): one line per step, as the terminal tells them.
import { t } from '../../i18n';
import type { Fact, StrategoFact } from '../../types';
import { armyWords } from '../hidden-army/words';
import type { WordsContext } from '../types';
import { matchWords, type Wording, word } from '../words';

const wording: Wording<StrategoFact> = {
  ...matchWords,
  ...armyWords('stratego'),
  rescue: (f) => t('fact.stratego.rescue', { rank: f.rank, square: f.square }),
  no_rescue: () => t('fact.stratego.no_rescue'),
};

export function strategoWords(steps: Fact[], context: WordsContext): string[] {
  return [(steps as StrategoFact[]).map((step) => word(wording, step, context)).join(', ')];
}
