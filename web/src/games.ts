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
// the game must have, and their names in the seat menu and in the seat bar.
export const BOT_LEVELS = [
  { spec: 'random', bot: 'random', menu: 'bot.random', short: 'bot.level_random' },
  { spec: 'heuristic', bot: 'heuristic', menu: 'bot.heuristic', short: 'bot.level_heuristic' },
  // Budgets per turn (a WAR turn is dozens of decisions): the searching levels answer within
  // about 0.5, 1.5 and 4 s a turn.
  { spec: 'mcts:turn_ms=500', bot: 'mcts', menu: 'bot.mcts_fast', short: 'bot.level_mcts_fast' },
  { spec: 'mcts:turn_ms=1500', bot: 'mcts', menu: 'bot.mcts', short: 'bot.level_mcts' },
  { spec: 'mcts:turn_ms=4000', bot: 'mcts', menu: 'bot.mcts_strong', short: 'bot.level_mcts_strong' },
] as const;
