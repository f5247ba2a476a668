// The board of each game (boards/<game>/index.ts[x]); Stratego and Espionage share boards/hidden-army.
import type { BoardModule } from './types';
import { conspiradoresBoard } from './conspiradores';
import { dablotBoard } from './dablot';
import { espionageBoard } from './espionage';
import { generic } from './generic';
import { strategoBoard } from './stratego';
import { warBoard } from './war';

const registry: Record<string, BoardModule> = {
  war: warBoard,
  war2: warBoard,
  stratego: strategoBoard,
  espionage: espionageBoard,
  dablot: dablotBoard,
  conspiradores: conspiradoresBoard,
};

export function boardFor(game: string): BoardModule {
  return registry[game] ?? generic;
}
