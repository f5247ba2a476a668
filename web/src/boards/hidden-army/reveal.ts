// "Everything revealed" for the replay viewer: one view made of both seats' own views at the same
// ply. Each seat's pieces (with their ranks), what it has left to place and its lost pieces come
// from its own view; whether a piece's rank is known to its opponent comes from the opponent's.
import { isPiece, type Cell } from './model';

export function reveal(views: any[]): any {
  const v0 = views?.[0], v1 = views?.[1];
  if (!v0 || !v1) return v0 ?? v1 ?? null;
  const own = [v0, v1];
  const board: Cell[] = [];
  for (let i = 0; i < 100; i++) {
    const a: Cell = v0.board?.[i] ?? null, b: Cell = v1.board?.[i] ?? null;
    if (a === 'lake' || a === 'volcano') {
      board.push(a);
      continue;
    }
    let cell: Cell = null;
    if (isPiece(a) && a.owner === 0) cell = a;
    else if (isPiece(b) && b.owner === 1) cell = b;
    else if (isPiece(a)) cell = a;
    else if (isPiece(b)) cell = b;
    if (isPiece(cell)) {
      const other = own[1 - cell.owner]?.board?.[i];
      // Known to the opponent: its own view shows the rank (once the game is over everyone sees
      // every rank, and the owner's view marks what the opponent had been shown).
      const known = v0.phase === 'over' || !isPiece(other) ? !!cell.known : other.rank !== '?';
      cell = { ...cell, known };
    }
    board.push(cell);
  }
  const merged: any = { ...v0, board };
  if (Array.isArray(v0.to_place)) merged.to_place = [v0.to_place[0], v1.to_place?.[1] ?? null];
  if (Array.isArray(v0.lost)) merged.lost = [v0.lost[0], v1.lost?.[1] ?? v0.lost[1]];
  if (v0.last_move?.combat && v0.last_move.combat.defender === '?' && v1.last_move?.combat) {
    merged.last_move = { ...v0.last_move, combat: { ...v0.last_move.combat, defender: v1.last_move.combat.defender } };
  }
  if (typeof v0.to_move === 'number') merged.mid_turn = own[v0.to_move]?.mid_turn ?? v0.mid_turn;
  merged.setup = Array.isArray(v0.setup) ? v0.setup : null;
  return merged;
}
