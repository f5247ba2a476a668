// The click layer, on top of the board: one element per square named with what is on it (for the
// keyboard, screen readers and tests: ../keyboard.ts moves the focus over them), turning clicks,
// keys and the start of a drag into the setup's or the play's handlers.
import { t } from '../../i18n';
import type { Roving } from '../keyboard';
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

// What a square's name says: its name, what is on it, and what a click on it would do now
// ("e4: Red Sergeant (4), can move"), for the keyboard's focus and screen readers.
function squareLabel(scene: Scene, i: number): string {
  const { cfg, board, setup, play } = scene;
  const c = board[i];
  let what: string;
  if (isPiece(c)) {
    what = t('a11y.army_piece', { side: scene.names[c.owner] ?? '', rank: rankName(scene.game, c.rank) });
    if (c.known) what += ` (${t('stratego.known')})`;
    if (c.moved && c.rank === '?') what += ` (${t('stratego.moved')})`;
  } else if (c === 'lake' || c === 'volcano') what = t(`a11y.${c}`);
  else if (scene.showDraft && setup.eff.has(i)) what = t('a11y.army_draft', { rank: rankName(scene.game, setup.eff.get(i)!) });
  else what = t('a11y.empty');
  let doing = '';
  if (i === play.sel || i === scene.pickedSq) doing = t('a11y.picked');
  else if (play.targets.some((m) => m.to === i) || play.rescueTargets.includes(i)) doing = t('a11y.move_here');
  else if (scene.interactive && play.sel === null && play.moves.some((m) => m.from === i)) doing = t('a11y.can_move');
  else if (setup.editable && setup.pick && scene.seat !== null && isHome(cfg, scene.seat, i) && c === null && i !== scene.pickedSq) doing = t('a11y.place_here');
  return `${sqName(cfg, i)}: ${what}${doing ? `, ${doing}` : ''}`;
}

interface HitProps {
  scene: Scene;
  nav: Roving;
  onClick: (sq: number) => void;
  startDrag: (e: PointerEvent, info: DragInfo, onStart?: () => void) => void;
}

export function HitLayer({ scene, nav, onClick, startDrag }: HitProps) {
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
        {...nav.item(name, squareLabel(scene, i))}
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
