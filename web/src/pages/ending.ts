// Why a match ended, in words (the game-over box): the state's "ending" says whether it ended by
// the rules or outside them (a resignation, a draw agreed); by the rules, the game's view says how.
import { seatName } from '../games';
import { has, t } from '../i18n';
import type { MatchState } from '../types';

export function endingWords(game: string, state: MatchState, names: string[]): string {
  const loser = (state.result ?? []).findIndex((r) => r === 'loss');
  const losers = (state.result ?? []).filter((r) => r === 'loss').length;
  const name = loser >= 0 && losers === 1 ? seatName(names[loser] ?? '') : '';
  const ending = state.ending ?? 'rules';
  if (ending !== 'rules') return t(name ? `ending.${ending}_by` : `ending.${ending}`, { name });
  const view = state.view as unknown as Record<string, unknown>;
  let why: string | null = null;
  if (game === 'war' || game === 'war2') {
    const winner = typeof view.winner === 'string' ? view.winner : null;
    if (winner && winner !== 'draw') return t('ending.war.objective', { name: seatName(winner) });
    why = 'turn cap';
  } else if (game === 'conspiradores') {
    why = typeof view.ending === 'string' ? view.ending : null;
  } else {
    const result = view.result as { ending?: string } | null;
    why = result?.ending ?? null;
  }
  if (!why) return '';
  const key = `ending.${game}.${why.replace(/[ -]/g, '_')}`;
  const common = `ending.${why.replace(/[ -]/g, '_')}`;
  return has(key) ? t(key, { name }) : has(common) ? t(common, { name }) : why;
}
