// Dablot Prejjesne: the board (board.tsx), the side panel (panel.tsx), the drawing both share
// (drawing.tsx) and the home page's picture.
import type { BoardModule } from '../types';
import type { DablotView } from '../../types';
import { Board } from './board';
import { DablotPiece, H, Lines, pos, W, type Letter } from './drawing';
import { Panel } from './panel';
import { dablotWords } from './words';
import './dablot.css';

export { DablotPiece } from './drawing';

// The home page's drawing: the board turned on its side, pieces in their starting places.
function Preview() {
  const start: (Letter | null)[] = [];
  for (let k = 1; k <= 72; k++) start.push(k <= 28 ? 'S' : k >= 45 ? 's' : null);
  start[32] = 'P';
  start[38] = 'K';
  start[33] = 'l';
  start[39] = 'p';
  return (
    <svg viewBox={`0 0 ${H} ${W}`} class="dablot-preview" aria-hidden="true">
      <g transform={`translate(0,${W}) rotate(-90)`}>
        <Lines />
      </g>
      {start.map((l, i) => {
        if (!l) return null;
        const p = pos(i + 1, false);
        return (
          <g key={i} transform={`translate(${p.y},${W - p.x})`}>
            <DablotPiece letter={l} />
          </g>
        );
      })}
    </svg>
  );
}

export const dablotBoard: BoardModule<DablotView> = { Board, Preview, Panel, words: dablotWords };
