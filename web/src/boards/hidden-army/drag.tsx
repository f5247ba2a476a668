// Dragging a piece with pointer events (mouse, pen and touch alike): a drag starts once the
// pointer has moved a few pixels, a ghost piece follows it, and the drop goes to the square (or the
// tray) under the pointer. The click that ends a drag is swallowed.
import { useRef, useState } from 'preact/hooks';
import { S, W } from './geometry';
import { type GameConfig, type GameId, parseSq } from './model';
import { PieceIcon } from './pieces';

export type DragInfo = { from: 'tray'; rank: string } | { from: 'sq'; sq: number; rank: string };
export type DropTarget = number | 'tray' | null;
interface Ghost {
  x: number;
  y: number;
  rank: string;
  size: number;
}

export function useDrag(cfg: GameConfig, onDrop: (info: DragInfo, target: DropTarget) => void) {
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const suppressClick = useRef(false);
  // The drop of the latest render: a drag outlives the render it started in.
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;

  function start(e: PointerEvent, info: DragInfo, onStart?: () => void) {
    if (e.button !== undefined && e.button !== 0) return;
    const x0 = e.clientX, y0 = e.clientY;
    const rect = svgRef.current?.getBoundingClientRect();
    const size = rect ? (rect.width / W) * S : 48;
    let active = false;
    const move = (ev: PointerEvent) => {
      if (!active && Math.hypot(ev.clientX - x0, ev.clientY - y0) < 8) return;
      if (!active) onStart?.();
      active = true;
      ev.preventDefault();
      setGhost({ x: ev.clientX, y: ev.clientY, rank: info.rank, size });
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      if (!active) return;
      setGhost(null);
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false), 60);
      const el = document.elementFromPoint(ev.clientX, ev.clientY) as Element | null;
      const sqEl = el?.closest('[data-square]');
      const target = sqEl ? parseSq(cfg, sqEl.getAttribute('data-square') ?? '') : el?.closest('.strat-tray') ? 'tray' : null;
      dropRef.current(info, typeof target === 'number' && target < 0 ? null : target);
    };
    const cancel = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      setGhost(null);
    };
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
  }

  return { svgRef, ghost, start, clickSuppressed: () => suppressClick.current };
}

export function DragGhost({ game, owner, ghost }: { game: GameId; owner: number; ghost: Ghost | null }) {
  if (!ghost) return null;
  return (
    <div class="strat-ghost" style={{ left: `${ghost.x}px`, top: `${ghost.y}px`, width: `${ghost.size}px`, height: `${ghost.size}px` }}>
      <PieceIcon game={game} owner={owner} rank={ghost.rank} size={ghost.size} />
    </div>
  );
}
