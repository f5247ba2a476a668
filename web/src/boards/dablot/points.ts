import type { Fact, LegalAction } from '../../types';

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

// The moves of a legal list, split by kind (from their facts).
export interface ParsedLegal {
  // from -> (to -> action id); steps and jumps alike
  moves: Map<string, Map<string, number>>;
  // point -> action id (Conspiradores' placements)
  places: Map<string, number>;
  stop: number | null;
}

export function legalMoves(legal: LegalAction[]): ParsedLegal {
  const moves = new Map<string, Map<string, number>>();
  const places = new Map<string, number>();
  let stop: number | null = null;
  for (const { id, facts } of legal) {
    if (facts.kind === 'stop') stop = id;
    else if (facts.kind === 'place' && 'point' in facts) places.set(facts.point, id);
    else if (facts.kind === 'step' || facts.kind === 'jump') {
      const from = String(facts.from);
      if (!moves.has(from)) moves.set(from, new Map());
      moves.get(from)!.set(String(facts.to), id);
    }
  }
  return { moves, places, stop };
}

// The segments of the last event's steps and jumps, (from, to) in order; a placement ("G9")
// gives [G9, G9] where `lone` says so.
export function stepsMoved(steps: Fact[], lone: boolean): [string, string][] {
  const out: [string, string][] = [];
  for (const step of steps) {
    if (step.kind === 'step' || step.kind === 'jump') out.push([String(step.from), String(step.to)]);
    else if (lone && step.kind === 'place' && 'point' in step) out.push([step.point, step.point]);
  }
  return out;
}
