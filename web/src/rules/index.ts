// Every game's rules text, by game id (the ids of /api/games).
import { conspiradores } from './conspiradores';
import { dablot } from './dablot';
import { espionage } from './espionage';
import { stratego } from './stratego';
import { war } from './war';
import { war2 } from './war2';
import type { GameRules } from './types';

export const RULES: Record<string, GameRules> = { dablot, conspiradores, stratego, espionage, war, war2 };

export function rulesFor(game: string): GameRules | null {
  return RULES[game] ?? null;
}
