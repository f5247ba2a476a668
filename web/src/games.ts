import { has, t } from './i18n';

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
