// The words of Stratego's and Espionage's steps (the kinds both have); each game adds its own
// (stratego/words.ts, espionage/words.ts).
import { has, t } from '../../i18n';
import type { ArmyMove, ArmySetup, Combat, HiddenPlacement } from '../../types';
import type { WordsContext } from '../types';
import { type Wording, word } from '../words';

// A rank by its name in the catalogue (`stratego.rank.X`), or unseen.
function rankWords(game: string, rank: string | null): string {
  if (rank === null) return t('fact.army.unseen');
  const key = `${game}.rank.${rank}`;
  return has(key) ? t(key) : rank;
}

function combatWords(game: string, move: string, combat: Combat): string {
  const params = { move, attacker: rankWords(game, combat.attacker), defender: rankWords(game, combat.defender) };
  if (combat.result === 'attacker') return t('fact.army.combat.attacker', params);
  if (combat.result === 'defender') return t('fact.army.combat.defender', params);
  return t('fact.army.combat.both', params);
}

const placementWords: Wording<HiddenPlacement> = {
  place: (f) => t('fact.army.place', { rank: f.rank, square: f.square }),
  hidden_placement: () => t('fact.army.hidden_placement'),
};

// The kinds Stratego and Espionage share, for the game `game` (its rank names).
export function armyWords(game: string): Wording<HiddenPlacement | ArmyMove | ArmySetup> {
  return {
    ...placementWords,
    move: (f: ArmyMove) => {
      const move = t(f.attack ? 'fact.army.move.attack' : 'fact.army.move', { from: f.from, to: f.to });
      return f.combat ? combatWords(game, move, f.combat) : move;
    },
    setup: (f: ArmySetup, c: WordsContext) => {
      if (f.army !== undefined) return t('fact.army.setup.army', { army: f.army });
      if (f.placed?.length) return t('fact.army.setup.placed', { placed: f.placed.map((p) => word(placementWords, p, c)).join(' ') });
      return t(f.complete ? 'fact.army.setup' : 'fact.army.setup.progress');
    },
  };
}
