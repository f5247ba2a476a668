import type { Entry } from './index';

export const abstractBoards: Record<string, Entry> = {
  // Dablot
  'dablot.board_label': ['Dablot board: arrow keys move over the points, Enter picks', 'Tabuleiro de Dablot: as setas percorrem os pontos, Enter escolhe'],
  'dablot.hint.pick': ['Your turn: pick a piece (the glowing ones can move).', 'Sua vez: escolha uma peça (as que brilham podem mover).'],
  'dablot.hint.target': ['Pick where it goes (green). Red ring: the piece a capture takes.', 'Escolha o destino (verde). Anel vermelho: a peça que a captura leva.'],
  'dablot.hint.chain': ['The same piece may capture again: pick the next point, or stop.', 'A mesma peça pode capturar de novo: escolha o próximo ponto, ou pare.'],
  'dablot.hint.sent': ['Sent…', 'Enviado…'],
  'dablot.hint.wait': ['Waiting for {name}.', 'Aguardando {name}.'],
  'dablot.stop': ['Stop here', 'Parar aqui'],
  'dablot.cancel': ['Another piece', 'Outra peça'],
  'dablot.pieces_left': ['Pieces on the board', 'Peças no tabuleiro'],
  'dablot.side.0': ['Sámi', 'Sámi'],
  'dablot.side.1': ['Swedes', 'Suecos'],
  'dablot.piece.S': ['Sámi soldier', 'Soldado sámi'],
  'dablot.piece.P': ['Prince', 'Príncipe'],
  'dablot.piece.K': ['King', 'Rei'],
  'dablot.piece.s': ['Swedish soldier', 'Soldado sueco'],
  'dablot.piece.p': ["Landlord's Son", 'Filho do Proprietário'],
  'dablot.piece.l': ['Landlord', 'Proprietário'],
  'dablot.ranks': [
    'A piece captures only pieces of equal or lower rank: soldier < Prince, Son (diamond) < King, Landlord (crown).',
    'Uma peça só captura peças de posto igual ou menor: soldado < Príncipe, Filho (losango) < Rei, Proprietário (coroa).',
  ],
};
