import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { ConspiradoresView } from '../../types';
import { Piece, SEATS, seatLabel } from './drawing';

// The play order, whose turn, and each seat's count of sheltered pieces and pieces still out.
export function Panel({ state, seatNames }: BoardProps<ConspiradoresView>) {
  const view = state.view ?? {};
  const order: string[] = Array.isArray(view.order) && view.order.length ? view.order : seatNames;
  const sheltered: number[] = view.sheltered ?? [];
  const unsheltered: number[] = view.unsheltered ?? [];
  return (
    <div class="consp-panel">
      <h3>{view.order?.length ? t('conspiradores.play_order') : t('conspiradores.seats')}</h3>
      <ol>
        {order.map((seatName) => {
          const seat = SEATS.indexOf(seatName);
          if (seat < 0) return null;
          const out = unsheltered[seat] ?? 0;
          const home = sheltered[seat] ?? 0;
          return (
            <li key={seatName} class={view.to_move === seatName ? 'to-move' : ''} data-seat={seat}>
              <svg viewBox="-17 -17 34 34" class="legend-piece" aria-hidden="true">
                <Piece seat={seat} />
              </svg>
              <span class="who">{seatLabel(seatName)}</span>
              <span class="counts">
                {out === 0 && home > 0 ? t('conspiradores.safe') : t('conspiradores.counts', { home, out })}
              </span>
            </li>
          );
        })}
      </ol>
      <p class="small muted">
        <svg viewBox="-18 -18 36 36" class="legend-piece inline" aria-hidden="true">
          <rect class="sanctuary" x="-17" y="-17" width="34" height="34" rx="7" />
        </svg>{' '}
        {t('conspiradores.legend', { free: Math.max(0, 39 - sheltered.reduce((a, b) => a + b, 0)) })}
      </p>
    </div>
  );
}
