// What changed since the previous moment of play: the enemy ranks just shown (for a short flip)
// and the combat's fighters, completed from the viewer's earlier view.
import { useRef } from 'preact/hooks';
import { type ArmyView, type Cell, type Combat, type GameConfig, type Piece, isPiece, parseSq } from './model';

// The view before the last moment of play, and the enemy ranks shown since.
export interface Moment {
  before: ArmyView | null;
  revealed: Set<number>;
}

// Two views of the same moment of play: the same phase and count of moves.
function sameMoment(a: ArmyView | null, b: ArmyView | null): boolean {
  return !!a && !!b && a.phase === b.phase && a.play_plies === b.play_plies;
}

// Enemy ranks shown since the previous view (combat, a Scout's run, a Spy), for a short flip. The
// earlier view is the last one of another moment: a state that changes nothing on the board (a
// draw offered, a rescue after its combat) keeps the one before.
export function useMoment(cfg: GameConfig, view: ArmyView, board: Cell[], seat: number | null): Moment {
  const prev = useRef<{ view: ArmyView | null; before: ArmyView | null; revealed: Set<number> }>({ view: null, before: null, revealed: new Set() });
  if (prev.current.view !== view) {
    const before = sameMoment(prev.current.view, view) ? prev.current.before : prev.current.view;
    const revealed = new Set<number>();
    const old: Cell[] | undefined = before?.board;
    if (old && before?.phase !== 'setup') {
      const lm = view.last_move;
      const from = lm ? parseSq(cfg, lm.from) : -1, to = lm ? parseSq(cfg, lm.to) : -1;
      board.forEach((c, i) => {
        if (!isPiece(c) || c.rank === '?' || c.owner === seat) return;
        const was = i === to && isPiece(old[from]) && (old[from] as Piece).owner === c.owner ? old[from] : old[i];
        if (isPiece(was) && was.rank === '?') revealed.add(i);
      });
    }
    prev.current = { view, before, revealed };
  }
  return { before: prev.current.before, revealed: prev.current.revealed };
}

// A fighter whose rank the combat did not show (an Espionage combat shows none; the viewer's own
// piece that was removed is no longer on the board) takes it from the viewer's earlier view, where
// that view showed it: the viewer's own pieces, an enemy shown before. Only from a view at most two
// moves older, where the piece on the square is still the one that fought (a piece of the same owner
// there then was that one: another would have needed two moves of its owner to take its place).
export function withEarlierRanks(cfg: GameConfig, combat: Combat | null, before: ArmyView | null, view: ArmyView): Combat | null {
  if (!combat || !before || before.phase !== 'play') return combat;
  const d = Number(view.play_plies) - Number(before.play_plies);
  if (!(d >= 1 && d <= 2)) return combat;
  const fill = (p: Combat['attacker'], sq: number) => {
    const was: Cell = before.board[sq];
    return p.rank === '?' && isPiece(was) && was.owner === p.owner && was.rank !== '?' ? { ...p, rank: was.rank } : p;
  };
  const lm = view.last_move;
  if (!lm) return combat;
  return { ...combat, attacker: fill(combat.attacker, parseSq(cfg, lm.from)), defender: fill(combat.defender, parseSq(cfg, lm.to)) };
}
