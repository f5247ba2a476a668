// The click layer, on top of the board: one element per square with the square's name (for the
// keyboard, screen readers and tests), turning clicks, keys and the start of a drag into the
// setup's or the play's handlers.
import { t } from '../../i18n';
import type { DragInfo } from './drag';
import { S, squareXY } from './geometry';
import { type GameId, isHome, isPiece, sqName } from './model';
import { rankName } from './pieces';
import type { Scene } from './scene';

function pieceTitle(game: GameId, p: { owner: number; rank: string; known?: boolean; moved?: boolean }, names: string[]) {
  let s = `${names[p.owner] ?? ''}: ${rankName(game, p.rank)}`;
  if (p.known) s += ` (${t('stratego.known')})`;
  if (p.moved && p.rank === '?') s += ` (${t('stratego.moved')})`;
  return s;
}

interface HitProps {
  scene: Scene;
  onClick: (sq: number) => void;
  startDrag: (e: PointerEvent, info: DragInfo, onStart?: () => void) => void;
}

export function HitLayer({ scene, onClick, startDrag }: HitProps) {
  const { cfg, board, flip, seat, setup, play } = scene;
  const editable = setup.editable;
  const hits = [];
  for (let i = 0; i < 100; i++) {
    const [x, y] = squareXY(i, flip);
    const c = board[i];
    const name = sqName(cfg, i);
    const hasDrag = (editable && c === null && setup.eff.has(i)) || (!editable && scene.interactive && play.moves.some((m) => m.from === i));
    const clickable =
      scene.interactive &&
      (editable
        ? seat !== null && isHome(cfg, seat, i) && c === null
        : play.moves.some((m) => m.from === i || (play.sel !== null && m.from === play.sel && m.to === i)) || play.rescueTargets.includes(i));
    hits.push(
      <rect
        key={`hit${i}`}
        data-square={name}
        class={`hit${clickable ? ' clickable' : ''}${hasDrag ? ' draggable' : ''}`}
        x={x}
        y={y}
        width={S}
        height={S}
        onClick={() => onClick(i)}
        tabindex={clickable ? 0 : undefined}
        role={clickable ? 'button' : undefined}
        aria-label={clickable ? name : undefined}
        onKeyDown={
          clickable
            ? (e: KeyboardEvent) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onClick(i);
                }
              }
            : undefined
        }
        onPointerDown={
          hasDrag
            ? (e: PointerEvent) => {
                if (editable) startDrag(e, { from: 'sq', sq: i, rank: setup.eff.get(i)! });
                else startDrag(e, { from: 'sq', sq: i, rank: isPiece(c) ? c.rank : '?' }, () => play.setSel(i));
              }
            : undefined
        }
      >
        {isPiece(c) ? (
          <title>{pieceTitle(scene.game, c, scene.names)}</title>
        ) : scene.showDraft && setup.eff.has(i) ? (
          <title>{rankName(scene.game, setup.eff.get(i)!)}</title>
        ) : null}
      </rect>,
    );
  }
  return <>{hits}</>;
}
