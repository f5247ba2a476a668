// What the board, the panel and the preview draw alike: the points, the lines and the pieces.
// Dablot Prejjesne: 72 points, the 42 corners of a grid of 5 x 6 squares and the 30 centres of the
// squares, numbered row by row from the Sámi side (docs/rules/dablot.md). Each square has both
// diagonals drawn; pieces stand on the points and move along the lines.

export const U = 100; // one square
export const M = 60; // margin around the grid
export const W = 5 * U + 2 * M;
export const H = 6 * U + 2 * M;
export const R = 30; // piece radius

// Grid coordinates of point k (1..72): x 0..5 left to right, y 0..6 from the Sámi side.
export const GRID: { x: number; y: number }[] = (() => {
  const out: { x: number; y: number }[] = [];
  for (let row = 0; row < 13; row++) {
    if (row % 2 === 0) for (let c = 0; c < 6; c++) out.push({ x: c, y: row / 2 });
    else for (let c = 0; c < 5; c++) out.push({ x: c + 0.5, y: row / 2 });
  }
  return out;
})();

// Screen position of point k; `flip` turns the board half round (the Swedes' own side at the bottom).
export function pos(k: number, flip: boolean): { x: number; y: number } {
  const g = GRID[k - 1];
  return flip ? { x: M + (5 - g.x) * U, y: M + g.y * U } : { x: M + g.x * U, y: M + (6 - g.y) * U };
}

export type Letter = 'S' | 'P' | 'K' | 's' | 'p' | 'l';
export const RANK: Record<Letter, number> = { S: 1, P: 2, K: 3, s: 1, p: 2, l: 3 };
const sideOf = (l: Letter) => (l === l.toUpperCase() ? 0 : 1);

export function Lines() {
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
