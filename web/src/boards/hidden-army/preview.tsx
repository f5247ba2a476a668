// The home page's drawing of the board: lakes, both armies' backs and the sides' marks.
import { PieceArt, SIDE_FILL, SideMark } from './pieces';

export function Preview() {
  const cells = [];
  const lakes = new Set([42, 43, 46, 47, 52, 53, 56, 57]);
  for (let i = 0; i < 100; i++) {
    const f = i % 10, r = Math.floor(i / 10);
    const x = 30 + f * 10, y = 2 + (9 - r) * 10;
    cells.push(<rect x={x} y={y} width="10" height="10" fill={lakes.has(i) ? '#7fb3d5' : (f + r) % 2 ? '#bcd69c' : '#c9e0ab'} />);
    const owner = r < 4 ? 0 : r > 5 ? 1 : -1;
    if (owner >= 0 && (i * 7) % 5 !== 0) {
      cells.push(
        <g transform={`translate(${x} ${y}) scale(${10 / 60})`}>
          <PieceArt game="stratego" owner={owner} rank={owner === 0 ? '?' : '?'} />
        </g>,
      );
    }
  }
  return (
    <svg viewBox="0 0 160 104" class="strat-preview">
      <rect x="0" y="0" width="160" height="104" fill="#ece6d8" />
      {cells}
      <g fill={SIDE_FILL[0]}>
        <SideMark owner={0} x={14} y={82} r={7} />
      </g>
      <g fill={SIDE_FILL[1]}>
        <SideMark owner={1} x={146} y={22} r={7} />
      </g>
    </svg>
  );
}
