// The Dablot board: the points and pieces (turned for the Swedes), picking a piece and its move
// among the legal ones, the last move with the pieces it took, and the bar with the hint.
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { DablotView } from '../../types';
import { DablotPiece, GRID, H, Lines, pos, R, W, type Letter } from './drawing';
import { useRoving } from '../keyboard';
import { ArrowMarker, BoardBar, LastMoveLayer, lineHint, pointState, useLinePick } from './line-board';
import { stepsMoved, type Spot } from './points';

export function Board({ state, you, lastSteps, interactive, act, seatNames }: BoardProps<DablotView>) {
  const view = state.view ?? {};
  const board: (Letter | null)[] = Array.isArray(view.board) ? view.board : [];
  const flip = you === 1;
  const chainFrom: string | null = view.chain_from != null ? String(view.chain_from) : null;
  const pick = useLinePick(state, interactive, act, chainFrom);
  const { legal, selected, targets, canAct } = pick;

  const spots: Spot[] = useMemo(() => GRID.map((_, i) => ({ id: String(i + 1), ...pos(i + 1, flip) })), [flip]);
  // The keyboard enters at the piece picked, else one that may move.
  const nav = useRoving(spots, 'data-point', [selected, chainFrom, [...legal.moves.keys()][0]], pick.click, pick.unpick);
  const { cursor } = nav;

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
      <svg viewBox={`0 0 ${W} ${H}`} role="application" aria-label={t('dablot.board_label')} {...nav.container}>
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
              {...nav.item(s.id, `${s.id}: ${piece ? t(`dablot.piece.${piece}`) : t('a11y.empty')}${pointState(pick, s.id)}`)}
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
