// Helpers shared by the two line boards (Dablot and Conspiradores): pieces stand on points, moves
// go from point to point, and the keyboard walks over the points.

export interface Spot {
  id: string; // the point as the notation writes it ("23", "G9")
  x: number; // screen coordinates in the SVG's viewBox
  y: number;
}

// The next point from `from` in the direction (dx, dy) (screen axes, one of them 0): left and
// right stay on the row; up and down go to the next row that has a point, the one nearest across
// (so that the centre rows of Dablot are reached too). `from` itself when there is none.
export function stepSpot(spots: Spot[], from: Spot, dx: number, dy: number): Spot {
  let best: Spot = from;
  let bestAlong = Infinity;
  let bestAcross = Infinity;
  for (const s of spots) {
    const vx = s.x - from.x;
    const vy = s.y - from.y;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 0.5) continue;
    if (dx !== 0 && across > 0.5) continue; // left, right: the same row only
    if (along < bestAlong - 0.5 || (along < bestAlong + 0.5 && across < bestAcross)) {
      best = s;
      bestAlong = along;
      bestAcross = across;
    }
  }
  return best;
}

const arrows: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

// Keyboard on a board: arrows move the cursor, Enter or Space clicks the point under it, Escape
// drops the selection. Returns true when the key was the board's.
export function boardKey(
  e: KeyboardEvent,
  spots: Spot[],
  cursor: string | null,
  setCursor: (id: string) => void,
  click: (id: string) => void,
  escape: () => void,
): boolean {
  const here = spots.find((s) => s.id === cursor) ?? null;
  const dir = arrows[e.key];
  if (dir) {
    if (!here) setCursor(spots[Math.floor(spots.length / 2)].id);
    else setCursor(stepSpot(spots, here, dir[0], dir[1]).id);
    return true;
  }
  if ((e.key === 'Enter' || e.key === ' ') && here) {
    click(here.id);
    return true;
  }
  if (e.key === 'Escape') {
    escape();
    return true;
  }
  return false;
}

// The moves of a legal list, split by kind. `sep` is what joins the two points of a move.
export interface ParsedLegal {
  // from -> (to -> action id); steps and jumps alike
  moves: Map<string, Map<string, number>>;
  // point -> action id (Conspiradores' placements)
  places: Map<string, number>;
  stop: number | null;
}

export function parseLegal(legal: { id: number; text: string }[], sep: RegExp, point: RegExp): ParsedLegal {
  const moves = new Map<string, Map<string, number>>();
  const places = new Map<string, number>();
  let stop: number | null = null;
  for (const { id, text } of legal) {
    const s = text.trim();
    if (/^stop$/i.test(s)) {
      stop = id;
      continue;
    }
    const parts = s.split(sep);
    if (parts.length === 2 && point.test(parts[0]) && point.test(parts[1])) {
      const from = parts[0].toUpperCase();
      const to = parts[1].toUpperCase();
      if (!moves.has(from)) moves.set(from, new Map());
      moves.get(from)!.set(to, id);
    } else if (parts.length === 1 && point.test(parts[0])) {
      places.set(parts[0].toUpperCase(), id);
    }
  }
  return { moves, places, stop };
}

// The segments of a move as the last event told it: "23x35 takes ..., 35x47 takes ..." or
// "J10-H12 H12-F10 stop" or "G9-G11-G13" give their (from, to) pairs in order; a lone point
// ("G9", a placement) gives [G9, G9] where `lone` says so.
export function parseMoveText(text: string, point: string, lone: boolean): [string, string][] {
  const out: [string, string][] = [];
  const chain = new RegExp(`\\b(${point})((?:[-x](?:${point}))*)\\b`, 'gi');
  for (const m of text.matchAll(chain)) {
    const pts = m[0].split(/[-x]/i).map((p) => p.toUpperCase());
    if (pts.length === 1 && lone) out.push([pts[0], pts[0]]);
    for (let i = 0; i + 1 < pts.length; i++) out.push([pts[i], pts[i + 1]]);
  }
  return out;
}
