// The board's middle SVG layers: the marks of the last moves and the Spy's range under the pieces,
// the pieces, and over them the hints (destinations, rescues, placements, the combat's clash).
import { S, squareXY } from './geometry';
import { homeSquares, isPiece } from './model';
import { PieceArt } from './pieces';
import type { Scene } from './scene';

export function Marks({ scene }: { scene: Scene }) {
  const { flip, lastFrom, lastTo, spyRange } = scene;
  const marks = [];
  for (const [a, b] of scene.earlier) {
    for (const sq of [a, b]) {
      const [x, y] = squareXY(sq, flip);
      marks.push(<rect class="mark-earlier" x={x + 2} y={y + 2} width={S - 4} height={S - 4} key={`e${sq}`} />);
    }
  }
  if (lastFrom >= 0) {
    const [x, y] = squareXY(lastFrom, flip);
    marks.push(<rect class="mark-last-from" x={x + 2} y={y + 2} width={S - 4} height={S - 4} key="lf" />);
  }
  if (lastTo >= 0) {
    const [x, y] = squareXY(lastTo, flip);
    marks.push(<rect class="mark-last-to" x={x + 2} y={y + 2} width={S - 4} height={S - 4} key="lt" />);
  }
  if (spyRange !== null) {
    const f = spyRange % 10, r = Math.floor(spyRange / 10);
    const [x0, y0] = squareXY(Math.max(0, r - 1) * 10 + Math.max(0, f - 1), flip);
    const [x1, y1] = squareXY(Math.min(9, r + 1) * 10 + Math.min(9, f + 1), flip);
    marks.push(
      <rect class="spy-range" x={Math.min(x0, x1) + 3} y={Math.min(y0, y1) + 3} width={Math.abs(x1 - x0) + S - 6} height={Math.abs(y1 - y0) + S - 6} rx="8" key="spy" />,
    );
  }
  return <>{marks}</>;
}

// The pieces on the board and the viewer's draft; the piece that just moved slides in from where it
// was, an enemy rank just shown flips.
export function PieceLayer({ scene }: { scene: Scene }) {
  const { board, flip, seat, setup, play, lastFrom, lastTo } = scene;
  const pieces = [];
  for (let i = 0; i < 100; i++) {
    const c = board[i];
    const [x, y] = squareXY(i, flip);
    let piece: { owner: number; rank: string; known?: boolean; moved?: boolean } | null = null;
    let draftPiece = false;
    if (isPiece(c)) piece = c;
    else if (scene.showDraft && c === null && setup.eff.has(i) && seat !== null) {
      piece = { owner: seat, rank: setup.eff.get(i)! };
      draftPiece = true;
    }
    if (!piece) continue;
    const arrive = i === lastTo && lastFrom >= 0 && lastFrom !== lastTo && scene.playing;
    const [fx, fy] = arrive ? squareXY(lastFrom, flip) : [x, y];
    const draggable = (setup.editable && draftPiece) || (!setup.editable && scene.interactive && play.moves.some((m) => m.from === i));
    const picked = i === play.sel || i === scene.pickedSq;
    const cls = ['pc', arrive ? 'arrive' : '', scene.revealed.has(i) ? 'revealed' : '', draftPiece ? 'draft' : '', draggable ? 'draggable' : '', picked ? 'picked' : ''].filter(Boolean).join(' ');
    pieces.push(
      <g
        key={arrive ? `p${i}-${scene.moveKey}` : `p${i}`}
        class={cls}
        transform={`translate(${x} ${y})`}
        style={arrive ? { '--dx': `${fx - x}px`, '--dy': `${fy - y}px` } : undefined}
      >
        <g class="pc-inner">
          <PieceArt game={scene.game} owner={piece.owner} rank={piece.rank} known={piece.known} moved={piece.moved} />
        </g>
      </g>,
    );
  }
  return <>{pieces}</>;
}

export function Hints({ scene }: { scene: Scene }) {
  const { flip, lastTo, play, setup } = scene;
  const hints = [];
  if (lastTo >= 0 && scene.playing) {
    const [x, y] = squareXY(lastTo, flip);
    hints.push(<rect class="ring-last-to" x={x + 1.5} y={y + 1.5} width={S - 3} height={S - 3} rx="4" key="ltr" />);
  }
  for (const m of play.targets) {
    const [x, y] = squareXY(m.to, flip);
    hints.push(
      m.attack ? (
        <rect class="hint-attack" x={x + 4} y={y + 4} width={S - 8} height={S - 8} rx="10" key={`h${m.to}`} />
      ) : (
        <circle class="hint-move" cx={x + S / 2} cy={y + S / 2} r="10" key={`h${m.to}`} />
      ),
    );
  }
  for (const sq of play.rescueTargets) {
    const [x, y] = squareXY(sq, flip);
    hints.push(<circle class="hint-move" cx={x + S / 2} cy={y + S / 2} r="10" key={`r${sq}`} />);
  }
  if (setup.editable && setup.pick) {
    for (const sq of homeSquares(scene.cfg, scene.seat!)) {
      if (scene.board[sq] !== null || sq === scene.pickedSq) continue;
      const [x, y] = squareXY(sq, flip);
      hints.push(<rect class="hint-place" x={x + 3} y={y + 3} width={S - 6} height={S - 6} rx="6" key={`p${sq}`} />);
    }
  }
  if (scene.combat) {
    const [x, y] = squareXY(lastTo, flip);
    hints.push(
      <g key={`c${scene.moveKey}`} transform={`translate(${x + S / 2} ${y + S / 2})`}>
        <g class="clash">
          <circle r="26" />
          <path d="M-16 -16 L16 16 M16 -16 L-16 16" />
        </g>
      </g>,
    );
  }
  return <>{hints}</>;
}
