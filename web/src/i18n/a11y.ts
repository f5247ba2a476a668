import type { Entry } from './index';

// What the boards say to a screen reader and the keyboard (issue 21, point 9), and the zoom
// (point 7): each square's, point's and territory's name says what is on it.
export const a11y: Record<string, Entry> = {
  'a11y.empty': ['empty', 'vazio'],
  'a11y.picked': ['picked', 'escolhida'],
  'a11y.can_move': ['can move', 'pode mover'],
  'a11y.move_here': ['move here', 'mover para cá'],
  'a11y.place_here': ['place here', 'colocar aqui'],
  'a11y.sanctuary': ['Sanctuary', 'Santuário'],
  'a11y.conspirator': ['{colour} conspirator', 'conspirador {colour}'],
  'a11y.lake': ['lake', 'lago'],
  'a11y.volcano': ['volcano', 'vulcão'],
  'a11y.army_piece': ['{side} {rank}', '{rank} do {side}'],
  'a11y.army_draft': ['your {rank} (not sent yet)', 'sua peça: {rank} (ainda não enviada)'],
  'a11y.board_keys': ['arrow keys move over the board, Enter or Space picks', 'as setas percorrem o tabuleiro, Enter ou Espaço escolhe'],
  'a11y.war_owned': ['{name}: {owner}, {n} armies', '{name}: {owner}, {n} exércitos'],
  'a11y.war_owned_one': ['{name}: {owner}, 1 army', '{name}: {owner}, 1 exército'],
  'a11y.war_vacant': ['{name}: no one', '{name}: sem dono'],
  'a11y.war_here': ['can be picked', 'pode ser escolhido'],
  'a11y.zoom_in': ['Zoom in', 'Ampliar'],
  'a11y.zoom_out': ['Zoom out', 'Reduzir'],
};
