// What the board, the panel and the preview draw alike: the points, the lines, the Sanctuaries and
// the pieces.
import { t } from '../../i18n';
import type { Spot } from '../dablot/points';

// Conspiradores: 17 x 17 points, columns A..Q left to right, rows 1..17 bottom to top, every point
// joined to its 8 neighbours; the Conspiracy Centre E7..M11; 39 Sanctuaries on the edges
// (docs/rules/conspiradores.md).

export const N = 17;
export const U = 40;
export const M = 46;
export const SIZE = (N - 1) * U + 2 * M;
export const R = 15;
// Room outside the paper for the row numbers and column letters ("17" is about 19 units wide).
export const PAD = 12;
const LABEL = 44; // from the outer lines to the labels' centres
export const COLS = 'ABCDEFGHIJKLMNOPQ';
export const SEATS = ['white', 'black', 'green', 'orange'];
export const LETTER_SEAT: Record<string, number> = { W: 0, B: 1, G: 2, O: 3 };

export const SANCTUARIES = [
  ...'A1 B1 D1 F1 H1 J1 L1 N1 P1 Q1'.split(' '),
  ...'A17 B17 D17 F17 H17 I17 J17 L17 N17 P17 Q17'.split(' '),
  ...'A2 A4 A6 A8 A9 A10 A12 A14 A16'.split(' '),
  ...'Q2 Q4 Q6 Q8 Q9 Q10 Q12 Q14 Q16'.split(' '),
];

const name = (c: number, r: number) => `${COLS[c]}${r}`;
const xy = (c: number, r: number) => ({ x: M + c * U, y: M + (N - r) * U });
export function posOf(point: string) {
  const c = COLS.indexOf(point[0].toUpperCase());
  const r = parseInt(point.slice(1), 10);
  return xy(c, r);
}

export const SPOTS: Spot[] = (() => {
  const out: Spot[] = [];
  for (let r = N; r >= 1; r--) for (let c = 0; c < N; c++) out.push({ id: name(c, r), ...xy(c, r) });
  return out;
})();

export function seatLetter(seat: number) {
  return t(`conspiradores.letter.${SEATS[seat]}`);
}
export function seatLabel(seatName: string) {
  return SEATS.includes(seatName) ? t(`conspiradores.seat.${seatName}`) : seatName;
}

export function Lines({ sanctuaries, labels = true }: { sanctuaries: string[]; labels?: boolean }) {
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
export function Piece({ seat, sheltered }: { seat: number; sheltered?: boolean }) {
  return (
    <g class={`consp-piece seat-${seat}${sheltered ? ' sheltered' : ''}`}>
      <circle class="body" r={R} />
      <text class="letter" y="1">
        {seatLetter(seat)}
      </text>
    </g>
  );
}
