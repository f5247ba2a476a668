// "Everything revealed" for the replay viewer: one view made of both seats' own views at the same
// ply. Each seat's pieces (with their ranks), what it has left to place and its lost pieces come
// from its own view; whether a piece's rank is known to its opponent comes from the opponent's.
import type { EspionageView, StrategoView } from '../../types';
import { type ArmyView, isPiece, type Cell } from './model';

export function reveal(views: ArmyView[]): ArmyView {
  const [v0, v1] = views;
  if (!v0 || !v1) return v0 ?? v1;
  const own = [v0, v1];
  const board: Cell[] = [];
  for (let i = 0; i < 100; i++) {
    const a: Cell = v0.board[i] ?? null, b: Cell = v1.board[i] ?? null;
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
      const other = own[1 - cell.owner]?.board[i];
      // Known to the opponent: its own view shows the rank (once the game is over everyone sees
      // every rank, and the owner's view marks what the opponent had been shown).
      const known = v0.phase === 'over' || !isPiece(other) ? !!cell.known : other.rank !== '?';
      cell = { ...cell, known };
    }
    board.push(cell);
  }
  const lost = [v0.lost[0], v1.lost[1] ?? v0.lost[1]];
  if (v0.game === 'stratego' && v1.game === 'stratego') {
    const merged: StrategoView = { ...v0, board: board as StrategoView['board'], lost, to_place: [v0.to_place[0], v1.to_place[1]] };
    const c0 = v0.last_move?.combat, c1 = v1.last_move?.combat;
    if (v0.last_move && c0 && c0.defender === '?' && c1) merged.last_move = { ...v0.last_move, combat: { ...c0, defender: c1.defender } };
    return merged;
  }
  if (v0.game === 'espionage' && v1.game === 'espionage') {
    const midTurn = typeof v0.to_move === 'number' ? (own[v0.to_move] as EspionageView).mid_turn : v0.mid_turn;
    return { ...v0, board: board as EspionageView['board'], lost, to_place: [v0.to_place[0], v1.to_place[1]], mid_turn: midTurn };
  }
  return v0;
}
