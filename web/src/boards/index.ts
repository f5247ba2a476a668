// The board of each game (boards/<game>/index.tsx).
import type { BoardModule } from './types';
import { conspiradoresBoard } from './conspiradores';
import { dablotBoard } from './dablot';
import { generic } from './generic';
import { strategoBoard } from './stratego';
import { warBoard } from './war';

const registry: Record<string, BoardModule> = {
  war: warBoard,
  war2: warBoard,
  stratego: strategoBoard,
  espionage: strategoBoard,
  dablot: dablotBoard,
  conspiradores: conspiradoresBoard,
};

export function boardFor(game: string): BoardModule {
  return registry[game] ?? generic;
}
