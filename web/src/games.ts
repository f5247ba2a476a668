import { useEffect, useState } from 'preact/hooks';
import { fetchGames } from './api';
import { has, t } from './i18n';
import type { GameInfo } from './types';

export function gameName(id: string) {
  return t(`game.${id}.name`);
}

// Seat colours of each game, for labels and the move list (boards draw their own).
export function seatColour(game: string, seat: number): string {
  const palettes: Record<string, string[]> = {
    stratego: ['#c0392b', '#2463b5'],
    espionage: ['#c0392b', '#2463b5'],
    dablot: ['#f1cf5a', '#a8322a'],
    conspiradores: ['#fbfaf6', '#24211d', '#2e8b57', '#f08a24'],
    war: ['#f4f4f4', '#c0392b', '#222222', '#2463b5', '#e0b000', '#2f8f3e'],  // branca, vermelha, preta, azul, amarela, verde
    war2: ['#f4f4f4', '#c0392b', '#222222', '#2463b5', '#e0b000', '#2f8f3e'],
  };
  return palettes[game]?.[seat] ?? '#888';
}

// A seat's name as the engine gives it ("Red", "white", "Sámi"), in the interface's language where
// the catalogue has it (WAR's colours stay Portuguese, as on the board).
export function seatName(name: string) {
  const key = `seatname.${name.toLowerCase()}`;
  return has(key) ? t(key) : name;
}

// What the catalogue (/api/games) says of one game: hidden information, draws by agreement, bots.
export function useGameInfo(id: string | undefined): GameInfo | null {
  const [info, setInfo] = useState<GameInfo | null>(null);
  useEffect(() => {
    if (!id) return;
    fetchGames()
      .then((games) => setInfo(games.find((g) => g.id === id) ?? null))
      .catch(() => {});
  }, [id]);
  return info;
}

// The bot levels the new-game page offers, weakest first: the spec sent to the server, the bot
// the game must have, and their names in the seat menu and in the seat bar. Beside random moves,
// the levels of src/ai/levels.h: a search and an evaluation per game, each measured by the
// ladder (docs/BOTS.md), whose rating the catalogue gives (GameInfo.levels).
export const BOT_LEVELS = [
  { spec: 'random', bot: 'random', menu: 'bot.random', short: 'bot.level_random' },
  { spec: 'beginner', bot: 'beginner', menu: 'bot.beginner', short: 'bot.level_beginner' },
  { spec: 'intermediate', bot: 'intermediate', menu: 'bot.intermediate', short: 'bot.level_intermediate' },
  { spec: 'advanced', bot: 'advanced', menu: 'bot.advanced', short: 'bot.level_advanced' },
  { spec: 'expert', bot: 'expert', menu: 'bot.expert', short: 'bot.level_expert' },
] as const;

// " · Elo 1620 ± 45": what the ladder measured for a level in this game (its default options);
// "" for random moves or an unmeasured level.
export function ladderRating(game: GameInfo, spec: string): string {
  const level = game.levels?.find((l) => l.name === spec);
  if (!level || level.elo === undefined) return '';
  return ` · ${t('bot.ladder_rating', { elo: String(level.elo), error: String(level.error95 ?? 0) })}`;
}
