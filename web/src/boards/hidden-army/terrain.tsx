// The board's lowest SVG layers: the frame, the squares (lakes, volcanoes, the home rows during the
// setup) and, drawn later over the pieces, the file letters and row numbers.
import { OX, OY, S, squareXY } from './geometry';
import { type Cell, type GameConfig, isHome } from './model';

export function Squares({ cfg, board, flip, seat, setupPhase }: { cfg: GameConfig; board: Cell[]; flip: boolean; seat: number | null; setupPhase: boolean }) {
  const squares = [];
  for (let i = 0; i < 100; i++) {
    const [x, y] = squareXY(i, flip);
    const c = board[i];
    const dark = (i % 10) + Math.floor(i / 10);
    let cls = `sq ${dark % 2 ? 'sq-b' : 'sq-a'}`;
    if (c === 'lake') cls += ' lake';
    if (c === 'volcano') cls += ' volcano';
    if (setupPhase && seat !== null && isHome(cfg, seat, i)) cls += ' home';
    if (setupPhase && seat !== null && isHome(cfg, 1 - seat, i)) cls += ' enemy-home';
    squares.push(<rect class={cls} x={x} y={y} width={S} height={S} key={`s${i}`} />);
    if (c === 'lake') squares.push(<Waves key={`w${i}`} x={x} y={y} />);
    if (c === 'volcano') squares.push(<Volcano key={`v${i}`} x={x} y={y} />);
  }
  return (
    <>
      <rect x={OX - 3} y={OY - 3} width={10 * S + 6} height={10 * S + 6} rx="6" class="frame" />
      {squares}
    </>
  );
}

function Waves({ x, y }: { x: number; y: number }) {
  return (
    <g class="waves" transform={`translate(${x} ${y})`}>
      <path d="M8 22 q6 -5 12 0 t12 0 t12 0" />
      <path d="M14 38 q6 -5 12 0 t12 0 t12 0" />
    </g>
  );
}

function Volcano({ x, y }: { x: number; y: number }) {
  return (
    <g class="volcano-art" transform={`translate(${x} ${y})`}>
      <path d="M8 52 L24 20 L36 20 L52 52 Z" class="cone" />
      <path d="M24 20 L36 20 L33 27 L27 27 Z" class="lava" />
      <path d="M30 16 q-4 -6 0 -11 M24 15 q-5 -3 -4 -9 M36 15 q5 -3 4 -9" class="smoke" />
    </g>
  );
}

export function Coords({ cfg, flip }: { cfg: GameConfig; flip: boolean }) {
  const labels = [];
  for (let k = 0; k < 10; k++) {
    const file = flip ? 9 - k : k;
    labels.push(
      <text class="coord" x={OX + k * S + S / 2} y={OY + 10 * S + 18} text-anchor="middle" key={`f${k}`}>
        {cfg.files[file]}
      </text>,
    );
    const row = flip ? k + 1 : 10 - k;
    labels.push(
      <text class="coord" x={OX - 6} y={OY + k * S + S / 2 + 5} text-anchor="end" key={`r${k}`}>
        {row}
      </text>,
    );
  }
  return <>{labels}</>;
}
