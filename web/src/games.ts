import { t } from './i18n';

export function gameName(id: string) {
  return t(`game.${id}.name`);
}

// Seat colours of each game, for labels and the move list (boards draw their own).
export function seatColour(game: string, seat: number): string {
  const palettes: Record<string, string[]> = {
    stratego: ['#c0392b', '#2463b5'],
    espionage: ['#c0392b', '#2463b5'],
    dablot: ['#2f6f3e', '#7b4a1e'],
    conspiradores: ['#222222', '#f4f4f4', '#c0392b', '#2463b5'],
    war: ['#f4f4f4', '#c0392b', '#222222', '#2463b5', '#e0b000', '#2f8f3e'],  // branca, vermelha, preta, azul, amarela, verde
    war2: ['#f4f4f4', '#c0392b', '#222222', '#2463b5', '#e0b000', '#2f8f3e'],
  };
  return palettes[game]?.[seat] ?? '#888';
}
