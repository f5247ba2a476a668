// The words of the board's bar: what the viewer may do now, what an end button ends, and whom the
// board waits for.
import { seatName } from '../../games';
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { WarSeat, WarView } from '../../types';
import { NAME, type Act } from './legal';
import type { Selection } from './selection';

export function hintText(view: WarView, s: Selection, mine?: WarSeat): string {
  const { acts, byKind, pairActs, sel, tgt, attacks, moveLike } = s;
  const phase: string = view.phase;
  if (!acts.length) return '';
  if (byKind('occupy').length) return t('war.hint_occupy', { to: NAME[view.attack?.to ?? ''] ?? '' });
  if (byKind('place').length) {
    const bound = Object.entries(s.toPlace ?? {})
      .filter(([k, v]) => k !== 'any' && v > 0)
      .map(([k, v]) => `${v} ${t(`war.continent.${k}`)}`)
      .join(', ');
    return t('war.hint_place', { n: s.totalToPlace }) + (bound ? ` (${bound})` : '');
  }
  if (byKind('claim').length) return t('war.hint_claim');
  if (sel && tgt && attacks.length) return t('war.hint_attack_dice');
  if (sel && tgt && moveLike) return t(moveLike.kind === 'carry' ? 'war.hint_carry_count' : 'war.hint_move_count');
  if (sel) return t(attacks.length || pairActs.some((a) => a.a === sel && a.kind === 'attack') ? 'war.hint_attack_target' : 'war.hint_move_target', { from: NAME[sel] });
  if (phase === 'attacks' && pairActs.length) return t(byKind('air').length ? 'war.hint_attack_air' : 'war.hint_attack');
  if (pairActs.some((a) => a.kind === 'carry')) return t('war.hint_carry');
  if (pairActs.length) return t('war.hint_move');
  if (byKind('add').length) return t('war.hint_card_use');
  // Nothing on the map: say what there is to do, from the state.
  const ends = byKind('end').length + byKind('done').length;
  const trades = byKind('trade').length;
  const cards = mine?.hand?.length ?? 0;
  if (trades && !ends) return t('war.hint_trade_due', { n: cards, armies: view.next_trade_value });
  if (trades) return t(phase === 'reinforcement' ? 'war.hint_trade_offered' : 'war.hint_trade_or_end', { armies: view.next_trade_value });
  const others = acts.filter((a) => a.kind !== 'end' && a.kind !== 'done');
  if (others.length && others.every((a) => a.kind === 'discard')) return t('war.hint_discard', { n: cards });
  if (!others.length && phase === 'attacks') return t('war.hint_no_attack');
  if (!others.length && phase === 'movement') return t('war.hint_no_move');
  if (!others.length && phase === 'reinforcement') return t('war.hint_placed');
  if (!others.length) return t('war.hint_only_end');
  return t('war.hint_panel');
}

export function endLabel(a: Act, phase: string): string {
  if (a.kind === 'done') return t('war.done');
  return phase === 'attacks' ? t('war.end_attacks') : phase === 'movement' ? t('war.end_turn') : t('war.end_reinforcement');
}

export function waitingText(props: BoardProps<WarView>): string {
  const { state, seatNames } = props;
  const to = state.to_act;
  if (typeof to === 'number') return t('war.waiting', { who: seatNames[to] !== undefined ? seatName(seatNames[to]) : String(to) });
  return '';
}
