// Espionage's steps in words (boards/words.ts): a turn's two moves on one line.
import { t } from '../../i18n';
import type { EspionageFact, Fact } from '../../types';
import { armyWords } from '../hidden-army/words';
import type { WordsContext } from '../types';
import { matchWords, seatWords, type Wording, word } from '../words';

const wording: Wording<EspionageFact> = {
  ...matchWords,
  ...armyWords('espionage'),
  volcano: (f) => t('fact.espionage.volcano', { square: f.square }),
  first: (f, c) => t('fact.espionage.first', { seat: seatWords(c, f.seat) }),
  claim_draw: () => t('fact.espionage.claim_draw'),
};

export function espionageWords(steps: Fact[], context: WordsContext): string[] {
  return [(steps as EspionageFact[]).map((step) => word(wording, step, context)).join(', ')];
}
