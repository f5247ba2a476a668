// The keyboard on every board (issue 21, point 9): one square, point or territory of the board is in
// the Tab order (a "roving" tab stop); the arrow keys move the focus to the next one in that
// direction, Enter or Space clicks it, Escape drops a half-made choice. Each of them is a button
// whose name says what is on it ("e4: Red Sergeant (4)"), so that moving the focus announces it.
// The board's <svg> gets `container`, each square `item(id, label)`.
import { useRef, useState } from 'preact/hooks';
import { type Spot, stepSpot } from './dablot/points';

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

// The nearest spot from `from` within 45 degrees of the direction (dx, dy): for a map, whose
// territories are on no grid. `from` itself when there is none.
export function stepFree(spots: Spot[], from: Spot, dx: number, dy: number): Spot {
  let best = from;
  let bestScore = Infinity;
  for (const s of spots) {
    const vx = s.x - from.x;
    const vy = s.y - from.y;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 0.5 || across > along) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

export interface Roving {
  // The square the keyboard is on (its ring is drawn), or null when the board has no keyboard focus.
  cursor: string | null;
  container: {
    onKeyDown: (e: KeyboardEvent) => void;
    onfocusout: (e: FocusEvent) => void;
  };
  item: (id: string, label: string) => {
    tabindex: number;
    role: 'button';
    'aria-label': string;
    onFocus: (e: FocusEvent) => void;
  };
}

// `attr`: the data attribute that names each square's element (data-point, data-square...);
// `preferred`: where Tab enters the board when the keyboard has not been on it (the selected
// piece, a movable one), the first that is a spot; `activate`: what a click on a square does.
export function useRoving(
  spots: Spot[],
  attr: string,
  preferred: (string | null | undefined)[],
  activate: (id: string) => void,
  escape?: () => void,
  step: (spots: Spot[], from: Spot, dx: number, dy: number) => Spot = stepSpot,
): Roving {
  const [cursor, setCursor] = useState<string | null>(null);
  const last = useRef<string | null>(null);
  const has = (id: string | null | undefined) => !!id && spots.some((s) => s.id === id);
  const tabStop = [cursor, last.current, ...preferred].find(has) ?? spots[Math.floor(spots.length / 2)]?.id;
  const idOf = (e: Event) => (e.target as Element | null)?.closest?.(`[${attr}]`)?.getAttribute(attr) ?? null;

  const onKeyDown = (e: KeyboardEvent) => {
    const here = spots.find((s) => s.id === (idOf(e) ?? tabStop));
    if (!here) return;
    const dir = ARROWS[e.key];
    if (dir) {
      e.preventDefault();
      const next = step(spots, here, dir[0], dir[1]);
      const el = (e.currentTarget as Element).querySelector(`[${attr}="${next.id}"]`) as SVGElement | null;
      el?.focus();
      el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate(here.id);
    } else if (e.key === 'Escape' && escape) {
      e.preventDefault();
      escape();
    }
  };
  const onfocusout = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null;
    if (!to || !(e.currentTarget as Element).contains(to)) setCursor(null);
  };
  const item = (id: string, label: string) => ({
    tabindex: id === tabStop ? 0 : -1,
    role: 'button' as const,
    'aria-label': label,
    onFocus: (e: FocusEvent) => {
      last.current = id;
      // The ring shows where the keyboard is, not where a click landed.
      setCursor((e.currentTarget as Element).matches(':focus-visible') ? id : null);
    },
  });
  return { cursor, container: { onKeyDown, onfocusout }, item };
}
