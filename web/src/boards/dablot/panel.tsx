import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { DablotView } from '../../types';
import { DablotPiece, RANK, type Letter } from './drawing';

// Pieces left per side, by rank: the legend of the marks as well.
export function Panel({ state }: BoardProps<DablotView>) {
  const board: (Letter | null)[] = Array.isArray(state.view?.board) ? state.view.board : [];
  const count = (l: Letter) => board.filter((p) => p === l).length;
  const sides: Letter[][] = [
    ['S', 'P', 'K'],
    ['s', 'p', 'l'],
  ];
  return (
    <div class="dablot-panel">
      <h3>{t('dablot.pieces_left')}</h3>
      {sides.map((letters, side) => (
        <div class="dablot-side" key={side} data-side={side}>
          <strong>{t(`dablot.side.${side}`)}</strong>
          <ul>
            {letters.map((l) => {
              const n = count(l);
              return (
                <li key={l} class={n === 0 ? 'gone' : ''}>
                  <svg viewBox="-16 -16 32 32" class="legend-piece" aria-hidden="true">
                    <DablotPiece letter={l} r={15} />
                  </svg>
                  <span>{t(`dablot.piece.${l}`)}</span>
                  <span class="n">{RANK[l] === 1 ? n : n ? '✓' : '✗'}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <p class="small muted">{t('dablot.ranks')}</p>
    </div>
  );
}
