import { useMemo } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardModule, BoardProps } from '../types';
import { ArrowMarker, BoardBar, LastMoveLayer, lineHint, useLinePick } from '../dablot/line-board';
import { stepsMoved, type Spot } from '../dablot/points';
import '../dablot/dablot.css';
import './conspiradores.css';

// Conspiradores: 17 x 17 points, columns A..Q left to right, rows 1..17 bottom to top, every point
// joined to its 8 neighbours; the Conspiracy Centre E7..M11; 39 Sanctuaries on the edges
// (docs/rules/conspiradores.md).

const N = 17;
const U = 40;
const M = 46;
const SIZE = (N - 1) * U + 2 * M;
const R = 15;
// Room outside the paper for the row numbers and column letters ("17" is about 19 units wide).
const PAD = 12;
const LABEL = 44; // from the outer lines to the labels' centres
const COLS = 'ABCDEFGHIJKLMNOPQ';
const SEATS = ['white', 'black', 'green', 'orange'];
const LETTER_SEAT: Record<string, number> = { W: 0, B: 1, G: 2, O: 3 };

const SANCTUARIES = [
  ...'A1 B1 D1 F1 H1 J1 L1 N1 P1 Q1'.split(' '),
  ...'A17 B17 D17 F17 H17 I17 J17 L17 N17 P17 Q17'.split(' '),
  ...'A2 A4 A6 A8 A9 A10 A12 A14 A16'.split(' '),
  ...'Q2 Q4 Q6 Q8 Q9 Q10 Q12 Q14 Q16'.split(' '),
];

const name = (c: number, r: number) => `${COLS[c]}${r}`;
const xy = (c: number, r: number) => ({ x: M + c * U, y: M + (N - r) * U });
function posOf(point: string) {
  const c = COLS.indexOf(point[0].toUpperCase());
  const r = parseInt(point.slice(1), 10);
  return xy(c, r);
}

const SPOTS: Spot[] = (() => {
  const out: Spot[] = [];
  for (let r = N; r >= 1; r--) for (let c = 0; c < N; c++) out.push({ id: name(c, r), ...xy(c, r) });
  return out;
})();

export function seatLetter(seat: number) {
  return t(`conspiradores.letter.${SEATS[seat]}`);
}
function seatLabel(seatName: string) {
  return SEATS.includes(seatName) ? t(`conspiradores.seat.${seatName}`) : seatName;
}

function Lines({ sanctuaries, labels = true }: { sanctuaries: string[]; labels?: boolean }) {
  const lo = M;
  const hi = M + (N - 1) * U;
  const straight: string[] = [];
  for (let i = 0; i < N; i++) {
    const v = M + i * U;
    straight.push(`M${lo},${v}H${hi}M${v},${lo}V${hi}`);
  }
  // Diagonals: the lines x+y = k and x-y = k across the grid.
  const diag: string[] = [];
  for (let k = 1; k < 2 * (N - 1); k++) {
    const a0 = Math.max(0, k - (N - 1));
    const a1 = Math.min(N - 1, k);
    diag.push(`M${M + a0 * U},${M + (k - a0) * U}L${M + a1 * U},${M + (k - a1) * U}`);
    const b0 = Math.max(0, k - (N - 1));
    const b1 = Math.min(N - 1, k);
    diag.push(`M${M + b0 * U},${hi - (k - b0) * U}L${M + b1 * U},${hi - (k - b1) * U}`);
  }
  const centreA = xy(4, 11);
  const centreB = xy(12, 7);
  return (
    <g class="consp-lines">
      <rect class="consp-paper" x={M - 34} y={M - 34} width={(N - 1) * U + 68} height={(N - 1) * U + 68} rx="14" />
      <rect
        class="consp-centre"
        x={centreA.x - U / 2}
        y={centreA.y - U / 2}
        width={centreB.x - centreA.x + U}
        height={centreB.y - centreA.y + U}
        rx="8"
      />
      <path class="diag" d={diag.join('')} />
      <path class="straight" d={straight.join('')} />
      {sanctuaries.map((s) => {
        const p = posOf(s);
        return <rect key={s} class="sanctuary" x={p.x - 17} y={p.y - 17} width="34" height="34" rx="7" data-sanctuary={s} />;
      })}
      {labels &&
        [...COLS].map((c, i) => (
        <g key={c} class="coord">
          <text x={M + i * U} y={M - LABEL}>
            {c}
          </text>
          <text x={M + i * U} y={M + (N - 1) * U + LABEL}>
            {c}
          </text>
        </g>
      ))}
      {labels &&
        Array.from({ length: N }, (_, i) => (
        <g key={i} class="coord">
          <text x={M - LABEL} y={M + (N - 1 - i) * U}>
            {i + 1}
          </text>
          <text x={M + (N - 1) * U + LABEL} y={M + (N - 1 - i) * U}>
            {i + 1}
          </text>
        </g>
      ))}
    </g>
  );
}

// A conspirator: its seat's colour and its seat's letter (for colour-blind players).
function Piece({ seat, sheltered }: { seat: number; sheltered?: boolean }) {
  return (
    <g class={`consp-piece seat-${seat}${sheltered ? ' sheltered' : ''}`}>
      <circle class="body" r={R} />
      <text class="letter" y="1">
        {seatLetter(seat)}
      </text>
    </g>
  );
}

function Board({ state, lastSteps, interactive, act, seatNames }: BoardProps) {
  const view = state.view ?? {};
  const rows: string[] = Array.isArray(view.board) ? view.board : [];
  const sanctuaries: string[] = Array.isArray(view.sanctuaries) ? view.sanctuaries : SANCTUARIES;
  const sanctSet = useMemo(() => new Set(sanctuaries.map((s) => s.toUpperCase())), [sanctuaries]);
  const chainAt: string | null = view.chain?.at ? String(view.chain.at).toUpperCase() : null;
  const visited: string[] = Array.isArray(view.chain?.visited) ? view.chain.visited : [];
  const pick = useLinePick(state, interactive, act, chainAt);
  const { legal, selected, targets, cursor, canAct } = pick;

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
      <svg
        viewBox={`${-PAD} ${-PAD} ${SIZE + 2 * PAD} ${SIZE + 2 * PAD}`}
        role="application"
        aria-label={t('conspiradores.board_label')}
        {...pick.keys(SPOTS)}
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
          return (
            <g
              key={s.id}
              class={cls.join(' ')}
              data-point={s.id}
              data-seat={seat ?? undefined}
              transform={`translate(${s.x},${s.y})`}
              onClick={() => pick.click(s.id)}
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
      <BoardBar hint={hint} pick={pick} stop={t('conspiradores.stop')} cancel={t('conspiradores.cancel')} />
    </div>
  );
}

// The play order, whose turn, and each seat's count of sheltered pieces and pieces still out.
function Panel({ state, seatNames }: BoardProps) {
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

export const conspiradoresBoard: BoardModule = { Board, Preview, Panel };
