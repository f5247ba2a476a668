// Conspiradores' rules for players, from docs/rules/conspiradores.md (seed 002, first part, and the
// rulings).
import { ConspiradoresBoard } from './diagrams';
import type { GameRules } from './types';

export const conspiradores: GameRules = {
  en: {
    summary:
      'The conspirators meet in the Conspiracy Centre; the police arrive, and everyone races for the **Sanctuaries** on the edges of the board. There are 40 pieces and only 39 Sanctuaries, so one piece is always left out: its owner **loses**. There is no winner, only a loser.',
    sections: [
      {
        id: 'aim',
        title: 'The aim',
        blocks: [
          'Bring **all your pieces onto Sanctuaries** before the others do. The last player with pieces still outside loses; everybody else wins.',
        ],
      },
      {
        id: 'board',
        title: 'The board',
        blocks: [
          { diagram: ConspiradoresBoard, caption: '17 × 17 points: columns A to Q, rows 1 to 17 (E7 is column E, row 7). Every point is joined to its **8 neighbours**, straight and diagonal. The **Conspiracy Centre** is the 45 points of columns E–M, rows 7–11. The 39 **Sanctuaries** (gold tiles) lie on the outer lines.' },
          'The Sanctuaries: on row 1, A B D F H J L N P Q (none on I1); on row 17, A B D F H I J L N P Q; on column A and on column Q, rows 2 4 6 8 9 10 12 14 16.',
        ],
      },
      {
        id: 'players',
        title: 'Players and the play order',
        blocks: [
          '**2 players** (white and black), 20 pieces each, or **4 players** (white, black, green, orange), 10 pieces each. The play order is drawn by lot at the start.',
        ],
      },
      {
        id: 'placement',
        title: 'First: placing the conspirators',
        blocks: [
          'In play order, each player places **one piece** on any empty point of the Conspiracy Centre, until all 40 are placed (5 points of the Centre stay empty). Nothing moves during this phase.',
        ],
      },
      {
        id: 'moving',
        title: 'Then: running for the Sanctuaries',
        blocks: [
          'On your turn you move **one** of your pieces that is not yet sheltered:',
          { list: [
            'a **step** to any of the 8 neighbouring points, if it is empty; or',
            'a **jump** over a neighbouring piece of **any colour** (yours or another’s, sheltered or not) to the empty point just beyond it, on the same line. **Nothing is captured**: the jumped piece stays where it is.',
          ] },
          'Jumps may be **chained** with the same piece: you may stop after any jump (**Stop here**); a jump may not land on a point the piece already visited this turn (its starting point included); and the chain ends when the piece lands on a Sanctuary.',
          'A piece on a Sanctuary is **sheltered** and never moves again (others may still jump over it). A Sanctuary holds one piece only. A player who has no legal move simply misses the turn.',
        ],
      },
      {
        id: 'end',
        title: 'The end of the game',
        blocks: [
          { list: [
            'A player whose pieces are **all sheltered** is safe and stops playing.',
            'When only **one player** still has pieces outside the Sanctuaries, that player **loses** and all the others win. With 4 players this can happen early: when three are safe, the fourth loses.',
            'A player may **resign** at any time.',
          ] },
        ],
      },
      {
        id: 'options',
        title: 'The options on the new-game page',
        blocks: [
          { list: [
            '**Number of players:** 2 (20 pieces each) or 4 (10 pieces each).',
            '**Turn cap** (under “Engine caps”): not a rule. After this many turns, placements included (2000 by default), the players with the most pieces outside lose, so that games left to bots always end.',
          ] },
        ],
      },
    ],
    guide: [
      'First place your pieces one at a time on the free points of the Centre (green).',
      'Then move one piece a turn: a step to any of the 8 neighbours, or a jump over any piece; jumps can chain.',
      'A piece that reaches a Sanctuary on the edge is safe there for good.',
      '40 pieces, 39 Sanctuaries: the player left with the last piece outside loses.',
    ],
  },
  pt: {
    summary:
      'Os conspiradores se reúnem no Centro da Conspiração; a polícia chega, e todos correm para os **Santuários** nas bordas do tabuleiro. São 40 peças e só 39 Santuários, então uma peça sempre fica de fora: seu dono **perde**. Não há vencedor, só um perdedor.',
    sections: [
      {
        id: 'aim',
        title: 'O objetivo',
        blocks: [
          'Levar **todas as suas peças aos Santuários** antes dos outros. O último jogador com peças ainda de fora perde; todos os outros vencem.',
        ],
      },
      {
        id: 'board',
        title: 'O tabuleiro',
        blocks: [
          { diagram: ConspiradoresBoard, caption: '17 × 17 pontos: colunas A a Q, fileiras 1 a 17 (E7 é a coluna E, fileira 7). Cada ponto se liga aos seus **8 vizinhos**, em linha reta e na diagonal. O **Centro da Conspiração** são os 45 pontos das colunas E–M, fileiras 7–11. Os 39 **Santuários** (casas douradas) ficam nas linhas de fora.' },
          'Os Santuários: na fileira 1, A B D F H J L N P Q (nenhum em I1); na fileira 17, A B D F H I J L N P Q; nas colunas A e Q, fileiras 2 4 6 8 9 10 12 14 16.',
        ],
      },
      {
        id: 'players',
        title: 'Jogadores e ordem de jogo',
        blocks: [
          '**2 jogadores** (branco e preto), 20 peças cada, ou **4 jogadores** (branco, preto, verde, laranja), 10 peças cada. A ordem de jogo é sorteada no início.',
        ],
      },
      {
        id: 'placement',
        title: 'Primeiro: colocar os conspiradores',
        blocks: [
          'Na ordem de jogo, cada jogador coloca **uma peça** em qualquer ponto vazio do Centro da Conspiração, até que as 40 estejam colocadas (5 pontos do Centro ficam vazios). Nada se move nesta fase.',
        ],
      },
      {
        id: 'moving',
        title: 'Depois: a corrida aos Santuários',
        blocks: [
          'Na sua vez você move **uma** das suas peças que ainda não está abrigada:',
          { list: [
            'um **passo** para qualquer dos 8 pontos vizinhos, se estiver vazio; ou',
            'um **salto** sobre uma peça vizinha de **qualquer cor** (sua ou de outro, abrigada ou não) até o ponto vazio logo depois dela, na mesma linha. **Nada é capturado**: a peça saltada fica onde está.',
          ] },
          'A mesma peça pode **encadear** saltos: você pode parar depois de qualquer salto (**Parar aqui**); um salto não pode cair num ponto onde a peça já esteve nesta vez (inclusive o de partida); e a cadeia termina quando a peça cai num Santuário.',
          'A peça num Santuário está **abrigada** e nunca mais se move (as outras ainda podem saltar sobre ela). Cada Santuário abriga uma só peça. Quem não tem lance legal simplesmente perde a vez.',
        ],
      },
      {
        id: 'end',
        title: 'O fim da partida',
        blocks: [
          { list: [
            'O jogador com **todas as peças abrigadas** está a salvo e para de jogar.',
            'Quando só **um jogador** ainda tem peças fora dos Santuários, ele **perde** e todos os outros vencem. Com 4 jogadores isso pode acontecer antes: quando três estão a salvo, o quarto perde.',
            'Um jogador pode **desistir** a qualquer momento.',
          ] },
        ],
      },
      {
        id: 'options',
        title: 'As opções da página de novo jogo',
        blocks: [
          { list: [
            '**Número de jogadores:** 2 (20 peças cada) ou 4 (10 peças cada).',
            '**Limite de vezes** (em “Limites do motor”): não é regra. Após este número de vezes, colocações incluídas (2000, por padrão), perdem os jogadores com mais peças de fora, para que partidas deixadas aos robôs sempre terminem.',
          ] },
        ],
      },
    ],
    guide: [
      'Primeiro coloque suas peças, uma de cada vez, nos pontos livres do Centro (verdes).',
      'Depois mova uma peça por vez: um passo para qualquer dos 8 vizinhos, ou um salto sobre qualquer peça; os saltos podem encadear.',
      'A peça que chega a um Santuário na borda fica a salvo para sempre.',
      '40 peças, 39 Santuários: quem ficar com a última peça de fora perde.',
    ],
  },
};
