import { useMemo } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardModule, BoardProps } from '../types';
import { ArrowMarker, BoardBar, LastMoveLayer, lineHint, useLinePick } from './line-board';
import { stepsMoved, type Spot } from './points';
import './dablot.css';

// Dablot Prejjesne: 72 points, the 42 corners of a grid of 5 x 6 squares and the 30 centres of the
// squares, numbered row by row from the Sámi side (docs/rules/dablot.md). Each square has both
// diagonals drawn; pieces stand on the points and move along the lines.

const U = 100; // one square
const M = 60; // margin around the grid
const W = 5 * U + 2 * M;
const H = 6 * U + 2 * M;
const R = 30; // piece radius

// Grid coordinates of point k (1..72): x 0..5 left to right, y 0..6 from the Sámi side.
const GRID: { x: number; y: number }[] = (() => {
  const out: { x: number; y: number }[] = [];
  for (let row = 0; row < 13; row++) {
    if (row % 2 === 0) for (let c = 0; c < 6; c++) out.push({ x: c, y: row / 2 });
    else for (let c = 0; c < 5; c++) out.push({ x: c + 0.5, y: row / 2 });
  }
  return out;
})();

// Screen position of point k; `flip` turns the board half round (the Swedes' own side at the bottom).
function pos(k: number, flip: boolean): { x: number; y: number } {
  const g = GRID[k - 1];
  return flip ? { x: M + (5 - g.x) * U, y: M + g.y * U } : { x: M + g.x * U, y: M + (6 - g.y) * U };
}

type Letter = 'S' | 'P' | 'K' | 's' | 'p' | 'l';
const RANK: Record<Letter, number> = { S: 1, P: 2, K: 3, s: 1, p: 2, l: 3 };
const sideOf = (l: Letter) => (l === l.toUpperCase() ? 0 : 1);

function Lines() {
  const seg: string[] = [];
  // Corner grid lines.
  for (let y = 0; y <= 6; y++) seg.push(`M${M},${M + y * U}H${M + 5 * U}`);
  for (let x = 0; x <= 5; x++) seg.push(`M${M + x * U},${M}V${M + 6 * U}`);
  // Both diagonals of every square (through its centre).
  for (let y = 0; y < 6; y++)
    for (let x = 0; x < 5; x++) {
      const x0 = M + x * U;
      const y0 = M + y * U;
      seg.push(`M${x0},${y0}l${U},${U}M${x0 + U},${y0}l${-U},${U}`);
    }
  return (
    <g class="dablot-lines">
      <rect class="dablot-wood" x={M - 40} y={M - 40} width={5 * U + 80} height={6 * U + 80} rx="18" />
      <path d={seg.join('')} />
    </g>
  );
}

// A piece drawn at (0, 0): the side by its colour (light yellow, dark red), the rank by its mark
// (a plain disc, a diamond, a crown), so that colour is never the only clue.
export function DablotPiece({ letter, r = R }: { letter: Letter; r?: number }) {
  const side = sideOf(letter);
  const rank = RANK[letter];
  const s = r / 30;
  return (
    <g class={`dablot-piece side-${side} rank-${rank}`}>
      <circle class="body" r={r} />
      <circle class="rim" r={r * 0.72} />
      {rank === 2 && <path class="mark" d="M0,-12L9,0L0,12L-9,0Z" transform={`scale(${s})`} />}
      {rank === 3 && <path class="mark" d="M-13,8L-13,-7L-6.5,0L0,-11L6.5,0L13,-7L13,8Z" transform={`scale(${s})`} />}
    </g>
  );
}

function Board({ state, you, lastSteps, interactive, act, seatNames }: BoardProps) {
  const view = state.view ?? {};
  const board: (Letter | null)[] = Array.isArray(view.board) ? view.board : [];
  const flip = you === 1;
  const chainFrom: string | null = view.chain_from != null ? String(view.chain_from) : null;
  const pick = useLinePick(state, interactive, act, chainFrom);
  const { legal, selected, targets, cursor, canAct } = pick;

  const spots: Spot[] = useMemo(() => GRID.map((_, i) => ({ id: String(i + 1), ...pos(i + 1, flip) })), [flip]);

  // The last move: its steps and jumps, and the points whose pieces it took.
  const last = stepsMoved(lastSteps, false);
  // A jump (two lines long) took the piece halfway along it.
  const taken = last.flatMap(([a, b]) => {
    const p = GRID[+a - 1];
    const q = GRID[+b - 1];
    if (Math.hypot(q.x - p.x, q.y - p.y) < 1.2) return [];
    const k = GRID.findIndex((g) => g.x === (p.x + q.x) / 2 && g.y === (p.y + q.y) / 2);
    return k >= 0 ? [k + 1] : [];
  });
  const lastTo = last.length ? last[last.length - 1][1] : null;
  const lastFrom = last.length ? last[0][0] : null;

  const hint = lineHint(state, interactive, pick, seatNames, {
    sent: t('dablot.hint.sent'),
    chain: t('dablot.hint.chain'),
    target: t('dablot.hint.target'),
    pick: t('dablot.hint.pick'),
    wait: (name) => t('dablot.hint.wait', { name }),
  });

  return (
    <div class="line-board dablot-board">
      <svg viewBox={`0 0 ${W} ${H}`} role="application" aria-label={t('dablot.board_label')} {...pick.keys(spots)}>
        <ArrowMarker id="dablot-arrow" />
        <Lines />
        <LastMoveLayer segments={last} at={(k) => pos(+k, flip)} cut={R * 0.9} marker="dablot-arrow" from={lastFrom} fromR={R * 0.55}>
          {taken.map((k) => {
            const p = pos(k, flip);
            return !board[k - 1] ? <path key={k} class="taken" d={`M${p.x - 10},${p.y - 10}l20,20m0,-20l-20,20`} /> : null;
          })}
        </LastMoveLayer>
        {spots.map((s) => {
          const k = +s.id;
          const piece = board[k - 1];
          const isTarget = targets.has(s.id);
          const movable = canAct && !chainFrom && legal.moves.has(s.id);
          const cls = ['dablot-point'];
          if (isTarget || movable || chainFrom === s.id) cls.push('clickable');
          if (s.id === selected) cls.push('is-selected');
          if (movable && !selected) cls.push('is-movable');
          if (s.id === lastTo) cls.push('is-last');
          if (cursor === s.id) cls.push('is-cursor');
          return (
            <g
              key={s.id}
              class={cls.join(' ')}
              data-point={s.id}
              data-piece={piece ?? undefined}
              transform={`translate(${s.x},${s.y})`}
              onClick={() => pick.click(s.id)}
            >
              <circle class="hit" r={R + 6} />
              <circle class="dot" r={5} />
              <text class="num" y={R + 16}>
                {s.id}
              </text>
              {piece && <DablotPiece letter={piece} />}
              {piece && <title>{`${t(`dablot.piece.${piece}`)} (${s.id})`}</title>}
              {s.id === selected && <circle class="ring-selected" r={R + 5} />}
              {isTarget && <circle class="target" r={13} />}
              {cursor === s.id && <circle class="ring-cursor" r={R + 9} />}
            </g>
          );
        })}
        {selected &&
          [...targets.keys()].map((to) => {
            // A capture: mark the piece it would take (the point halfway along the line).
            const a = pos(+selected, flip);
            const b = pos(+to, flip);
            const mid = spots.find((s) => Math.abs(s.x - (a.x + b.x) / 2) < 1 && Math.abs(s.y - (a.y + b.y) / 2) < 1);
            if (!mid || !board[+mid.id - 1]) return null;
            return <circle key={`v${to}`} class="victim" cx={mid.x} cy={mid.y} r={R + 4} />;
          })}
      </svg>
      <BoardBar hint={hint} pick={pick} stop={t('dablot.stop')} cancel={t('dablot.cancel')} />
    </div>
  );
}

// Pieces left per side, by rank: the legend of the marks as well.
function Panel({ state }: BoardProps) {
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

export const dablotBoard: BoardModule = { Board, Preview, Panel };
