// Dablot Prejjesne's rules for players, from docs/rules/dablot.md (seed 002, second part, and the
// rulings).
import { DablotBoard } from './diagrams';
import type { GameRules } from './types';

export const dablot: GameRules = {
  en: {
    summary:
      'Dablot Prejjesne is an old game of the Sámi of Lapland, a cousin of checkers: the **Sámi** (yellow) against the **Swedes** (red), 30 pieces each on a board of 72 points. Pieces capture by jumping, and a King can take anything.',
    sections: [
      {
        id: 'aim',
        title: 'The aim',
        blocks: [
          'Leave your opponent **with no move**: a player who has no piece left, or whose pieces are all blocked, when its turn comes, **loses**.',
        ],
      },
      {
        id: 'board',
        title: 'The board and the pieces',
        blocks: [
          { diagram: DablotBoard, caption: 'The 72 points: the 42 corners of 6 rows of 5 squares, and the 30 centres of the squares. Lines join each corner to the corners beside, above and below it, and each centre to the four corners of its square. Pieces move **only along the lines**. Points are numbered 1 to 72, row by row from the Sámi side.' },
          'Each side has **28 soldiers and two higher pieces**. The Sámi: soldiers on 1–28, the **Prince** (P) on 33 and the **King** (K) on 39. The Swedes: soldiers on 45–72, the **Landlord’s Son** (S) on 40 and the **Landlord** (L) on 34.',
          { table: [
            ['Rank', 'Sámi', 'Swedes', 'May capture'],
            ['1', 'soldier', 'soldier', 'soldiers'],
            ['2', 'Prince', 'Landlord’s Son', 'soldiers, and the Prince or the Son'],
            ['3', 'King', 'Landlord', 'anything'],
          ] },
          'Who moves first is drawn by lot; then the players alternate.',
        ],
      },
      {
        id: 'moving',
        title: 'Moving and capturing',
        blocks: [
          'On your turn you move **exactly one piece**; you may not pass. The piece either:',
          { list: [
            '**steps** along a line to a neighbouring empty point, in any direction; or',
            '**captures**: it jumps along a line over a neighbouring enemy piece of **equal or lower rank** to the empty point just beyond it, on the same line. The jumped piece is removed at once.',
          ] },
          'After a capture, the **same piece may capture again**, as often as it can (a chain), even through points it has visited before. Captures are **never compulsory**, and you may end a chain whenever you like (**Stop here**). When no further capture is possible, the turn ends by itself.',
          'On the board, pick one of your glowing pieces, then a green point. A red ring shows the piece a capture takes.',
        ],
      },
      {
        id: 'end',
        title: 'The end of the game',
        blocks: [
          { list: [
            'A player with **no pieces**, or who **cannot move**, when its turn comes, loses.',
            'When each player has **exactly one piece** left: the higher rank wins at once; **King against Landlord** is a draw (the only draw in the rules).',
            'One piece each of **equal rank** (two soldiers, or Prince against Son): a **race**. Each piece must head straight for the other: it must capture when it can, and otherwise may only step to a point closer to the enemy piece. The first capture wins; a piece that has no such move loses.',
            'A player may **resign** at any time.',
          ] },
        ],
      },
      {
        id: 'options',
        title: 'The options on the new-game page',
        blocks: [
          '**Turn cap** (under “Engine caps”): not a rule. After this many turns (1000 by default) the game is drawn, so that games left to bots always end.',
        ],
      },
    ],
    guide: [
      'Pick one of your glowing pieces, then a green point: a step along a line, or a jump over an enemy piece.',
      'A jump captures the piece jumped; the same piece may jump again, or press Stop here.',
      'A piece captures only pieces of equal or lower rank: soldier < Prince / Son < King / Landlord.',
      'Leave your opponent with no piece or no move to win.',
    ],
  },
  pt: {
    summary:
      'Dablot Prejjesne é um jogo antigo dos Sámi da Lapônia, parente das damas: os **Sámi** (amarelos) contra os **Suecos** (vermelhos), 30 peças de cada lado num tabuleiro de 72 pontos. As peças capturam saltando, e o Rei pode tomar qualquer peça.',
    sections: [
      {
        id: 'aim',
        title: 'O objetivo',
        blocks: [
          'Deixar o adversário **sem lance**: quem não tem mais peças, ou tem todas bloqueadas, quando chega a sua vez, **perde**.',
        ],
      },
      {
        id: 'board',
        title: 'O tabuleiro e as peças',
        blocks: [
          { diagram: DablotBoard, caption: 'Os 72 pontos: os 42 cantos de 6 fileiras de 5 quadrados e os 30 centros dos quadrados. Linhas ligam cada canto aos cantos ao lado, acima e abaixo, e cada centro aos quatro cantos do seu quadrado. As peças andam **só pelas linhas**. Os pontos são numerados de 1 a 72, fileira por fileira a partir do lado Sámi.' },
          'Cada lado tem **28 soldados e duas peças maiores**. Os Sámi: soldados em 1–28, o **Príncipe** (P) em 33 e o **Rei** (R) em 39. Os Suecos: soldados em 45–72, o **Filho do Proprietário** (F) em 40 e o **Proprietário** (Pr) em 34.',
          { table: [
            ['Posto', 'Sámi', 'Suecos', 'Pode capturar'],
            ['1', 'soldado', 'soldado', 'soldados'],
            ['2', 'Príncipe', 'Filho do Proprietário', 'soldados, e o Príncipe ou o Filho'],
            ['3', 'Rei', 'Proprietário', 'qualquer peça'],
          ] },
          'Quem começa é sorteado; depois os jogadores se alternam.',
        ],
      },
      {
        id: 'moving',
        title: 'Movimento e captura',
        blocks: [
          'Na sua vez você move **exatamente uma peça**; não se pode passar. A peça:',
          { list: [
            '**anda** por uma linha até um ponto vizinho vazio, em qualquer direção; ou',
            '**captura**: salta, por uma linha, sobre uma peça inimiga vizinha de **posto igual ou menor** até o ponto vazio logo depois dela, na mesma linha. A peça saltada sai na hora.',
          ] },
          'Depois de uma captura, **a mesma peça pode capturar de novo**, quantas vezes puder (uma cadeia), mesmo passando por pontos onde já esteve. Capturar **nunca é obrigatório**, e você pode encerrar a cadeia quando quiser (**Parar aqui**). Quando não há mais captura possível, a vez termina sozinha.',
          'No tabuleiro, escolha uma das suas peças que brilham e depois um ponto verde. Um anel vermelho mostra a peça que a captura leva.',
        ],
      },
      {
        id: 'end',
        title: 'O fim da partida',
        blocks: [
          { list: [
            'Quem **não tem peças**, ou **não pode mover**, quando chega a sua vez, perde.',
            'Quando cada jogador tem **só uma peça**: vence na hora o posto mais alto; **Rei contra Proprietário** empata (o único empate das regras).',
            'Uma peça de cada lado **do mesmo posto** (dois soldados, ou Príncipe contra Filho): uma **corrida**. Cada peça deve ir direto para a outra: deve capturar quando puder e, se não, só pode andar para um ponto mais perto da peça inimiga. Vence a primeira captura; a peça que não tem esse lance perde.',
            'Um jogador pode **desistir** a qualquer momento.',
          ] },
        ],
      },
      {
        id: 'options',
        title: 'As opções da página de novo jogo',
        blocks: [
          '**Limite de vezes** (em “Limites do motor”): não é regra. Após este número de vezes (1000, por padrão) a partida empata, para que partidas deixadas aos robôs sempre terminem.',
        ],
      },
    ],
    guide: [
      'Escolha uma das suas peças que brilham e depois um ponto verde: um passo por uma linha, ou um salto sobre uma peça inimiga.',
      'O salto captura a peça saltada; a mesma peça pode saltar de novo, ou aperte Parar aqui.',
      'Uma peça só captura peças de posto igual ou menor: soldado < Príncipe / Filho < Rei / Proprietário.',
      'Deixe o adversário sem peças ou sem lances para vencer.',
    ],
  },
};
