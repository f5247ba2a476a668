// Conspiradores: the board (board.tsx), the side panel (panel.tsx), the drawing both share
// (drawing.tsx) and the home page's picture.
import type { BoardModule } from '../types';
import type { ConspiradoresView } from '../../types';
import { Board } from './board';
import { Lines, M, Piece, posOf, SANCTUARIES, SIZE } from './drawing';
import { Panel } from './panel';
import { conspiradoresWords } from './words';
import '../dablot/dablot.css';
import './conspiradores.css';

export { seatLetter } from './drawing';

function Preview() {
  // A few conspirators gathered in the Centre, two already safe.
  const demo: [string, number][] = [
    ['G9', 0], ['H9', 1], ['I9', 2], ['J9', 3], ['H8', 0], ['I10', 1], ['J8', 2], ['G10', 3], ['K9', 0], ['I8', 1],
    ['H10', 2], ['J10', 3], ['B1', 0], ['Q9', 1],
  ];
  return (
    <svg viewBox={`${M - 36} ${M - 36} ${SIZE - 2 * M + 72} ${SIZE - 2 * M + 72}`} class="consp-preview" aria-hidden="true">
      <Lines sanctuaries={SANCTUARIES} labels={false} />
      {demo.map(([p, seat]) => {
        const q = posOf(p);
        return (
          <g key={p} transform={`translate(${q.x},${q.y})`}>
            <Piece seat={seat} sheltered={SANCTUARIES.includes(p)} />
          </g>
        );
      })}
    </svg>
  );
}

export const conspiradoresBoard: BoardModule<ConspiradoresView> = { Board, Preview, Panel, words: conspiradoresWords };
