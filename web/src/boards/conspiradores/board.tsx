// The Conspiradores board: the points and pieces, picking a piece and its move (or a placement)
// among the legal ones, the last move drawn, and the bar with the hint.
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { ConspiradoresView } from '../../types';
import { ArrowMarker, BoardBar, LastMoveLayer, lineHint, pointState, useLinePick } from '../dablot/line-board';
import { useRoving } from '../keyboard';
import { useZoom, ZoomBox, ZoomButton } from '../zoom';
import { stepsMoved } from '../dablot/points';
import { COLS, LETTER_SEAT, Lines, PAD, Piece, posOf, R, SANCTUARIES, SEATS, SIZE, SPOTS, seatLabel, U } from './drawing';

export function Board({ state, lastSteps, interactive, act, seatNames }: BoardProps<ConspiradoresView>) {
  const view = state.view ?? {};
  const rows: string[] = Array.isArray(view.board) ? view.board : [];
  const sanctuaries: string[] = Array.isArray(view.sanctuaries) ? view.sanctuaries : SANCTUARIES;
  const sanctSet = useMemo(() => new Set(sanctuaries.map((s) => s.toUpperCase())), [sanctuaries]);
  const chainAt: string | null = view.chain?.at ? String(view.chain.at).toUpperCase() : null;
  const visited: string[] = Array.isArray(view.chain?.visited) ? view.chain.visited : [];
  const pick = useLinePick(state, interactive, act, chainAt);
  const { legal, selected, targets, canAct } = pick;
  // The keyboard enters at the piece picked, else one that may move, else a point to place on.
  const nav = useRoving(SPOTS, 'data-point', [selected, chainAt, [...legal.moves.keys()][0], [...legal.places.keys()][0]], pick.click, pick.unpick);
  const { cursor } = nav;
  const zoom = useZoom('conspiradores');

  const pieceAt = (c: number, r: number): number | null => {
    const ch = rows[r - 1]?.[c];
    return ch !== undefined && ch in LETTER_SEAT ? LETTER_SEAT[ch] : null;
  };

  const last = stepsMoved(lastSteps, true);
  const lastTo = last.length ? last[last.length - 1][1] : null;
  const lastFrom = last.length && last[0][0] !== last[0][1] ? last[0][0] : null;

  const hint = lineHint(
    state,
    interactive,
    pick,
    seatNames,
    {
      sent: t('conspiradores.hint.sent'),
      place: t('conspiradores.hint.place'),
      chain: t('conspiradores.hint.chain'),
      target: t('conspiradores.hint.target'),
      pick: t('conspiradores.hint.pick'),
      wait: (name) => t('conspiradores.hint.wait', { name }),
    },
    view.phase === 'placement',
  );

  return (
    <div class="line-board consp-board">
      <ZoomBox zoom={zoom}>
      <svg
        viewBox={`${-PAD} ${-PAD} ${SIZE + 2 * PAD} ${SIZE + 2 * PAD}`}
        role="application"
        aria-label={t('conspiradores.board_label')}
        {...nav.container}
      >
        <ArrowMarker id="consp-arrow" />
        <Lines sanctuaries={sanctuaries} />
        <LastMoveLayer segments={last} at={posOf} cut={R} marker="consp-arrow" from={lastFrom} fromR={R * 0.6}>
          {visited.map((v) => (
            <circle key={v} class="visited" cx={posOf(v).x} cy={posOf(v).y} r={R + 3} />
          ))}
        </LastMoveLayer>
        {SPOTS.map((s) => {
          const c = COLS.indexOf(s.id[0]);
          const r = parseInt(s.id.slice(1), 10);
          const seat = pieceAt(c, r);
          const isTarget = targets.has(s.id);
          const movable = canAct && !chainAt && legal.moves.has(s.id);
          const cls = ['consp-point'];
          if (isTarget || movable) cls.push('clickable');
          if (s.id === selected) cls.push('is-selected');
          if (movable && !selected) cls.push('is-movable');
          if (s.id === lastTo) cls.push('is-last');
          const sheltered = sanctSet.has(s.id) ? `, ${t('a11y.sanctuary')}` : '';
          const what = seat === null ? t('a11y.empty') : t('a11y.conspirator', { colour: seatLabel(SEATS[seat]) });
          return (
            <g
              key={s.id}
              class={cls.join(' ')}
              data-point={s.id}
              data-seat={seat ?? undefined}
              transform={`translate(${s.x},${s.y})`}
              onClick={() => pick.click(s.id)}
              {...nav.item(s.id, `${s.id}: ${what}${sheltered}${pointState(pick, s.id)}`)}
            >
              <rect class="hit" x={-U / 2} y={-U / 2} width={U} height={U} />
              {seat === null && <circle class="dot" r={sanctSet.has(s.id) ? 4 : 2.6} />}
              {seat !== null && <Piece seat={seat} sheltered={sanctSet.has(s.id)} />}
              {seat !== null && <title>{`${seatLabel(SEATS[seat])} (${s.id})${sanctSet.has(s.id) ? ' · ' + t('conspiradores.sheltered_one') : ''}`}</title>}
              {s.id === selected && <circle class="ring-selected" r={R + 4} />}
              {isTarget && <circle class="target" r={9} />}
              {cursor === s.id && <rect class="ring-cursor" x={-U / 2 + 2} y={-U / 2 + 2} width={U - 4} height={U - 4} rx="6" />}
            </g>
          );
        })}
      </svg>
      </ZoomBox>
      <BoardBar hint={hint} pick={pick} stop={t('conspiradores.stop')} cancel={t('conspiradores.cancel')}>
        <ZoomButton zoom={zoom} />
      </BoardBar>
    </div>
  );
}
