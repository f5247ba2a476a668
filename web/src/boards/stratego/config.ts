// What the Stratego board knows of its game: files, home rows, the armies by option, rank
// characters (as the engine writes them in its views), the presets and how a view tells a combat.
import { type ArmyView, type Combat, type GameConfig, type Cell, type Preset, isPiece } from '../hidden-army/model';

// The armies, as rank strings (for the counts of lost pieces).
const ARMIES: Record<string, string> = {
  classic: 'FS2222222233333444455556666777889XBBBBBB',
  seed: 'FS2222223333344444555566667778' + '89XBBBBBB',
  barrage: 'FS223X9B',
};

// The Stratego presets (src/games/stratego/setups.cc), written from Red's side: a1..k1 first.
const PRESETS: Preset[] = [
  { name: 'fortress', army: 'classic', red: 'BFB3B5443B3B46B7236525X38977862S22462522' },
  { name: 'shoreline', army: 'classic', red: '3B2FB75B34B54BB637457262X8S9262283432625' },
  { name: 'blitz', army: 'classic', red: '4BFB3533B55B4B7643362X82S922768B26227542' },
  { name: 'bunker', army: 'barrage', red: 'FB....................3.....S.2..X..9..2' },
  { name: 'decoy', army: 'barrage', red: '....F.........B.....3........S.2.X..9.2.' },
  { name: 'wings', army: 'barrage', red: '.........F.........BS.......3.2.X....9.2' },
];

// The last move's combat: the view names both ranks where the viewer saw them; the attacker is
// found from the survivor on the square, or from whose turn it is.
function combat(view: ArmyView, board: Cell[], lastTo: number): Combat | null {
  if (view.game !== 'stratego') return null;
  const lm = view.last_move;
  if (!lm || lastTo < 0) return null;
  const there = board[lastTo];
  const c = lm.combat;
  if (!c) return null;
  let attackerSeat: number;
  if (isPiece(there)) attackerSeat = c.result === 'attacker' ? there.owner : 1 - there.owner;
  else if (view.rescue_offered && typeof view.to_move === 'number') attackerSeat = view.to_move;
  else if (typeof view.to_move === 'number') attackerSeat = 1 - view.to_move;
  else attackerSeat = (view.play_plies ?? 1) % 2 === 1 ? 0 : 1;
  return {
    attacker: { owner: attackerSeat, rank: c.attacker ?? '?' },
    defender: { owner: 1 - attackerSeat, rank: c.defender ?? '?' },
    result: c.result === 'both' ? 'both' : c.result === 'defender' ? 'defender' : 'attacker',
    square: lm.to,
  };
}

export const STRATEGO: GameConfig = {
  id: 'stratego',
  files: 'abcdefghik',
  homeRows: 4,
  order: ['X', '9', '8', '7', '6', '5', '4', '3', '2', 'S', 'B', 'F'],
  immobile: ['B', 'F'],
  flag: 'F',
  guard: 'B',
  spyRank: null,
  army: (options) => {
    const army = String(options?.army ?? 'classic');
    return Object.prototype.hasOwnProperty.call(ARMIES, army) ? ARMIES[army] : ARMIES.classic;
  },
  presets: PRESETS,
  combat,
};
