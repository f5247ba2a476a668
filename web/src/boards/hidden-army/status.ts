// The status line above the board: the phase, whose turn, and what the viewer may do now.
import { t } from '../../i18n';
import type { MatchState } from '../../types';
import type { ArmyView, GameId } from './model';

export interface StatusFacts {
  seat: number | null;
  names: string[];
  mine: boolean; // the viewer's own setup is not done
  canConfirm: boolean;
  rescue: boolean; // a rescue (or no rescue) is to choose
  presets: boolean; // presets are offered
}

export function statusText(game: GameId, view: ArmyView, state: MatchState, f: StatusFacts): string {
  const { seat, names } = f;
  const phase = view?.phase;
  const toMove = typeof view?.to_move === 'number' ? names[view.to_move] ?? '' : '';
  if (phase === 'volcanoes') return t('espionage.status_volcanoes');
  if (phase === 'lot') return t('espionage.status_lot');
  if (phase === 'over' || state?.over) return t('stratego.status_over');
  if (phase === 'setup') {
    if (seat === null) return t('stratego.status_setup_watch', { name: toMove });
    if (!f.mine) return t('stratego.status_setup_done', { name: names[1 - seat] ?? '' });
    if (f.canConfirm) return game === 'stratego' && !f.presets ? t('stratego.status_setup_yours_random') : t(`${game}.status_setup_yours`);
    return t('stratego.status_setup_early', { name: toMove });
  }
  if (state?.your_turn) {
    if (f.rescue) return t('stratego.status_rescue');
    if (view.game === 'espionage' && (view.mid_turn || state.mid_turn)) return t('espionage.status_second_move');
    return game === 'espionage' ? t('espionage.status_your_turn') : t('stratego.status_your_turn');
  }
  return t('stratego.status_their_turn', { name: toMove });
}
