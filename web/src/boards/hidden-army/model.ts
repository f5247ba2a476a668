// What the Stratego and Espionage boards share: the pieces and cells of a view, each game's
// configuration (boards/stratego/config.ts, boards/espionage/config.ts), squares and home rows,
// the moves among the legal actions' facts, and a random setup.
import type { EspionageView, Fact, LegalAction, StrategoView, Viewer } from '../../types';

// The view of either hidden-army game.
export type ArmyView = StrategoView | EspionageView;

export type GameId = 'stratego' | 'espionage';

export interface Piece {
  owner: number;
  rank: string; // a rank character, or '?' for a rank the viewer has not seen
  moved: boolean;
  known: boolean; // the rank was shown to the owner's opponent
  no_return?: string | null;
}
export type Cell = null | 'lake' | 'volcano' | Piece;

export interface GameConfig {
  id: GameId;
  files: string;
  homeRows: number; // setup rows per side
  // Ranks from strongest to weakest, then the pieces that never move: the order of trays and lists.
  order: string[];
  immobile: string[];
  // The piece that loses the game when taken, and what guards it in a sensible random setup.
  flag: string;
  guard: string;
  // The piece whose attack range is drawn when it is picked (Espionage's Spy), if any.
  spyRank: string | null;
  // The whole army as rank characters, for the game's options.
  army: (options: Record<string, unknown>) => string;
  // The presets offered in the setup, written from Red's side (a1.. first).
  presets: Preset[];
  // The combat of the last move, as the view tells it (each game writes it its own way).
  combat: (view: ArmyView, board: Cell[], lastTo: number) => Combat | null;
}

export interface Preset {
  name: string;
  army: string;
  red: string;
}

// A combat as the board shows it: both fighters (a rank or '?') and who won.
export interface Combat {
  attacker: { owner: number; rank: string };
  defender: { owner: number; rank: string };
  result: 'attacker' | 'defender' | 'both';
  square: string;
}

// A preset as `seat`'s setup string (Blue's back row is its string's last row, files reversed).
export function presetFor(cfg: GameConfig, red: string, seat: number): string {
  if (seat === 0) return red;
  const n = cfg.homeRows * 10;
  const out = Array<string>(n).fill('.');
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / 10), file = i % 10;
    out[(cfg.homeRows - 1 - row) * 10 + (9 - file)] = red[i];
  }
  return out.join('');
}

export function countRanks(pieces: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of pieces) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

export const sqIndex = (file: number, row: number) => row * 10 + file;

export function sqName(cfg: GameConfig, index: number): string {
  return cfg.files[index % 10] + String(Math.floor(index / 10) + 1);
}

export function parseSq(cfg: GameConfig, name: string): number {
  const file = cfg.files.indexOf(name[0]);
  const row = Number(name.slice(1)) - 1;
  if (file < 0 || !(row >= 0 && row < 10)) return -1;
  return row * 10 + file;
}

// The squares of `seat`'s setup, in the order of its setup string.
export function homeSquares(cfg: GameConfig, seat: number): number[] {
  const first = seat === 0 ? 0 : 10 - cfg.homeRows;
  const out: number[] = [];
  for (let r = 0; r < cfg.homeRows; r++) for (let f = 0; f < 10; f++) out.push((first + r) * 10 + f);
  return out;
}

export function isHome(cfg: GameConfig, seat: number, index: number): boolean {
  const row = Math.floor(index / 10);
  return seat === 0 ? row < cfg.homeRows : row >= 10 - cfg.homeRows;
}

export interface LegalMove {
  id: number;
  from: number;
  to: number;
  attack: boolean;
}

// The moves among the legal actions (their facts).
export function legalMoves(cfg: GameConfig, legal: LegalAction[]): LegalMove[] {
  const out: LegalMove[] = [];
  for (const { id, facts } of legal ?? []) {
    if (facts.kind !== 'move' || !('attack' in facts)) continue;
    const from = parseSq(cfg, facts.from), to = parseSq(cfg, facts.to);
    if (from >= 0 && to >= 0) out.push({ id, from, to, attack: facts.attack });
  }
  return out;
}

// The placements (or with `rescue` the rescues) among the legal actions.
export function legalPlacements(cfg: GameConfig, legal: LegalAction[], rescue: boolean) {
  const out: { id: number; rank: string; sq: number }[] = [];
  for (const { id, facts } of legal ?? []) {
    if (facts.kind !== (rescue ? 'rescue' : 'place') || !('rank' in facts)) continue;
    const sq = parseSq(cfg, facts.square);
    if (sq >= 0) out.push({ id, rank: facts.rank, sq });
  }
  return out;
}

// The moves among the last event's steps (an Espionage turn has two).
export function stepsMoved(cfg: GameConfig, steps: Fact[]): [number, number][] {
  const out: [number, number][] = [];
  for (const step of steps ?? []) {
    if (step.kind !== 'move') continue;
    const a = parseSq(cfg, step.from), b = parseSq(cfg, step.to);
    if (a >= 0 && b >= 0) out.push([a, b]);
  }
  return out;
}

export function isPiece(c: Cell | undefined): c is Piece {
  return !!c && typeof c === 'object';
}

export function seatOf(you: Viewer): number | null {
  return typeof you === 'number' && (you === 0 || you === 1) ? you : null;
}

// A sensible random completion of a draft setup: the Flag (Headquarters) on the back row with
// Bombs (Mines) beside it while they last, the rest shuffled over the free squares.
export function randomFill(cfg: GameConfig, seat: number, draft: Map<number, string>, remaining: string, blocked: (sq: number) => boolean): Map<number, string> {
  const out = new Map(draft);
  const left = remaining.split('');
  const home = homeSquares(cfg, seat);
  const free = () => home.filter((sq) => !out.has(sq) && !blocked(sq));
  const pick = <T,>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const backRow = seat === 0 ? 0 : 9;
  const take = (rank: string) => {
    const i = left.indexOf(rank);
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  };
  if (left.includes(cfg.flag)) {
    const back = free().filter((sq) => Math.floor(sq / 10) === backRow);
    const sq = pick(back.length ? back : free());
    if (sq !== undefined && take(cfg.flag)) {
      out.set(sq, cfg.flag);
      const f = sq % 10, r = Math.floor(sq / 10);
      const around = [
        [f - 1, r],
        [f + 1, r],
        [f, r + (seat === 0 ? 1 : -1)],
      ]
        .filter(([ff, rr]) => ff >= 0 && ff < 10 && isHome(cfg, seat, rr * 10 + ff))
        .map(([ff, rr]) => rr * 10 + ff)
        .filter((s) => !out.has(s) && !blocked(s));
      for (const s of around) {
        if (Math.random() < 0.85 && take(cfg.guard)) out.set(s, cfg.guard);
      }
    }
  }
  const squares = free();
  for (let i = squares.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [squares[i], squares[j]] = [squares[j], squares[i]];
  }
  for (const rank of left) {
    const sq = squares.pop();
    if (sq === undefined) break;
    out.set(sq, rank);
  }
  return out;
}

export function setupString(cfg: GameConfig, seat: number, draft: Map<number, string>): string {
  return homeSquares(cfg, seat)
    .map((sq) => draft.get(sq) ?? '.')
    .join('');
}
