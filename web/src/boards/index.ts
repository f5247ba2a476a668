// The board of each game. A game without its own board yet would fall back to the move list and
// the move box of the match page, which every game has.
import type { BoardModule } from './types';
import { generic } from './generic';

const registry: Record<string, BoardModule> = {};

export function register(games: string[], module: BoardModule) {
  for (const game of games) registry[game] = module;
}

export function boardFor(game: string): BoardModule {
  return registry[game] ?? generic;
}
