// Where the squares of the 10 x 10 board are drawn, in the board's SVG units.
export const S = 60; // a square
export const OX = 24; // room for the row numbers
export const OY = 6;
export const W = OX + 10 * S + 6;
export const H = OY + 10 * S + 26;

// Where a square is drawn: Blue sees its own rows at the bottom (the board turned round).
export function squareXY(index: number, flip: boolean): [number, number] {
  const file = index % 10, row = Math.floor(index / 10);
  const col = flip ? 9 - file : file;
  const line = flip ? row : 9 - row;
  return [OX + col * S, OY + line * S];
}
