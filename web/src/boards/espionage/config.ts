// What the Espionage board knows of its game: files, home rows, the army, rank characters (as the
// engine writes them in its views) and how a view tells a combat. No presets.
import { type ArmyView, type Combat, type GameConfig, type Cell, isPiece } from '../hidden-army/model';

const ARMY = 'H1111122223334455SSSSSPPPPMMMM';

// The last move's combat: the view says only which side was removed; the survivor on the square
// shows its rank where the viewer sees it.
function combat(view: ArmyView, board: Cell[], lastTo: number): Combat | null {
  if (view.game !== 'espionage') return null;
  const lm = view.last_move;
  if (!lm || lastTo < 0) return null;
  const there = board[lastTo];
  if (!lm.removed || lm.removed === 'none' || !isPiece(there)) return null;
  const survivor = there;
  const attackerSeat = lm.removed === 'defender' ? survivor.owner : 1 - survivor.owner;
  return {
    attacker: { owner: attackerSeat, rank: lm.removed === 'defender' ? survivor.rank : '?' },
    defender: { owner: 1 - attackerSeat, rank: lm.removed === 'attacker' ? survivor.rank : '?' },
    result: lm.removed === 'attacker' ? 'defender' : 'attacker',
    square: lm.to,
  };
}

export const ESPIONAGE: GameConfig = {
  id: 'espionage',
  files: 'abcdefghij',
  homeRows: 3,
  order: ['5', '4', '3', '2', '1', 'S', 'P', 'M', 'H'],
  immobile: ['M', 'H'],
  flag: 'H',
  guard: 'M',
  spyRank: 'S',
  army: () => ARMY,
  presets: [],
  combat,
};
