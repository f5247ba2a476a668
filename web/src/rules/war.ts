// WAR's rules for players, from docs/rules/war.md (seed 001, Grow's WAR, and the rulings).
import { WarCards, WarMap } from './diagrams';
import type { GameRules } from './types';

export const war: GameRules = {
  en: {
    summary:
      'WAR is Grow’s Brazilian edition of Risk, for 3 to 6 players: 42 territories in 6 continents, armies, dice and cards. Each player draws a **secret objective**, and the first to meet it wins at once.',
    sections: [
      {
        id: 'aim',
        title: 'The aim',
        blocks: [
          'Meet your **secret objective**. Only you see it, under “Your objective” beside the map. There are 14 objectives:',
          { list: [
            'conquer in full **Europe, Oceania** and a third continent of your choice;',
            'conquer in full **Europe, South America** and a third continent of your choice;',
            'conquer in full **Asia and South America**; **Asia and Africa**; **North America and Africa**; or **North America and Oceania**;',
            'conquer **24 territories** of your choice;',
            'conquer **18 territories** and hold each of them with at least two armies;',
            '**destroy completely** the armies of one colour. If that colour is yours, or another player eliminates it first, your objective becomes: conquer 24 territories.',
          ] },
          'The game ends the moment a player meets its objective, in any phase of any turn.',
        ],
      },
      {
        id: 'map',
        title: 'The map',
        blocks: [
          { diagram: WarMap, caption: 'The six continents, how many territories each has, and the armies a player receives each turn for holding all of it. Dashed lines: the continents that border each other; Alaska (Alasca) and Vladivostok are neighbours across the Pacific.' },
          'Territories are neighbours when they share a border or are joined by a **dotted line** across the sea; a dotted line works exactly like a border. The board names the territories and continents in Portuguese, as the printed game does: América do Norte (North America), América do Sul (South America), Europa, África, Ásia, Oceania.',
          { table: [
            ['Continent', 'Territories', 'Bonus'],
            ['Asia (Ásia)', '12', '7'],
            ['North America (América do Norte)', '9', '5'],
            ['Europe (Europa)', '7', '5'],
            ['Africa (África)', '6', '3'],
            ['South America (América do Sul)', '4', '2'],
            ['Oceania', '4', '2'],
          ] },
        ],
      },
      {
        id: 'setup',
        title: 'The setup',
        blocks: [
          'Everything is dealt by lot: a dealer is drawn, the 42 territory cards are dealt one at a time, and each player puts **1 army on every territory** it was dealt. Then each player draws an objective, and the player after the one who received the last territory starts. The colours, in seat order, are white (branca), red (vermelha), black (preta), blue (azul), yellow (amarela) and green (verde).',
        ],
      },
      {
        id: 'turn',
        title: 'A turn',
        blocks: [
          '**Round 1:** each player only receives armies and places them. **From round 2:** place your new armies, then attack, then move armies, then draw a card if you conquered at least one territory this turn.',
          { list: [
            '**New armies:** the number of territories you hold divided by 2, rounded down, at least 3 (19 territories give 9). Each continent you hold in full adds its bonus, placed **in that continent**. Click your territories to place them.',
            '**Attack:** click one of your territories with at least 2 armies, then a neighbouring enemy territory. You roll 1 to 3 dice (at most one fewer than your armies there); the defender rolls one die per army, up to 3. The dice are compared **highest with highest**, then the next; each lost pair costs that side one army, and **ties go to the defender**.',
            '**Conquest:** when the defender has no army left, you move in at least 1 army and at most as many as the dice you rolled last. You may attack again, from there too.',
            '**Move:** after your attacks, move armies between neighbouring territories of yours, always leaving at least 1 behind. An army moves at most once per turn (armies that conquered a territory may still move once).',
            '**Card:** a turn with at least one conquest ends with **one card** drawn, however many territories were taken.',
          ] },
        ],
      },
      {
        id: 'cards',
        title: 'Cards and trades',
        blocks: [
          { diagram: WarCards, caption: 'Each territory card shows a triangle, a square or a circle (14 of each); the 2 jokers stand for any figure. A **set** is three equal figures or three different ones.' },
          { list: [
            'From round 2, at the start of your turn, you may **trade a set** of 3 cards for armies. With **5 cards** you must trade.',
            'Trades are counted over the whole game, by every player: the 1st trade gives **4** armies, then 6, 8, 10, 12, 15, and 5 more each time after that (20, 25, …).',
            'Each traded card showing a territory you hold adds **2 armies** on that territory.',
            'A player who eliminates another takes its cards (up to a hand of 5).',
          ] },
        ],
      },
      {
        id: 'end',
        title: 'The end of the game',
        blocks: [
          { list: [
            'The first player to meet its objective wins; everybody’s objective is then shown.',
            'A player may **resign** at any time. With more than two players left, its armies stay on the board as **neutral**: they defend but never attack.',
            'Engine cap (for games left to bots, not a rule): after 1000 turns the game is a draw.',
          ] },
        ],
      },
      {
        id: 'options',
        title: 'The options on the new-game page',
        blocks: [
          { list: [
            '**Number of players:** 3 to 6; the seats take the colours in order (white, red, black, blue, yellow, green).',
            '**Turn cap** (under “Engine caps”): not a rule; the game is drawn after this many turns (1000 by default).',
          ] },
        ],
      },
    ],
    guide: [
      'Your secret objective is shown under “Your objective”: meet it to win.',
      'Each turn: place your new armies (click your territories), attack (your territory, then an enemy neighbour), then move armies.',
      'Dice: highest against highest; ties go to the defender.',
      'Conquer at least one territory in a turn to draw a card; trade three cards for more armies.',
    ],
  },
  pt: {
    summary:
      'WAR é a edição brasileira do Risk, da Grow, para 3 a 6 jogadores: 42 territórios em 6 continentes, exércitos, dados e cartas. Cada jogador sorteia um **objetivo secreto**, e o primeiro a cumpri-lo vence na hora.',
    sections: [
      {
        id: 'aim',
        title: 'O objetivo',
        blocks: [
          'Cumprir o seu **objetivo secreto**. Só você o vê, em “Seu objetivo”, junto ao mapa. Há 14 objetivos:',
          { list: [
            'conquistar na totalidade a **Europa, a Oceania** e mais um terceiro continente à sua escolha;',
            'conquistar na totalidade a **Europa, a América do Sul** e mais um terceiro continente à sua escolha;',
            'conquistar na totalidade a **Ásia e a América do Sul**; a **Ásia e a África**; a **América do Norte e a África**; ou a **América do Norte e a Oceania**;',
            'conquistar **24 territórios** à sua escolha;',
            'conquistar **18 territórios** e ocupar cada um deles com pelo menos dois exércitos;',
            '**destruir totalmente** os exércitos de uma cor. Se a cor for a sua, ou se outro jogador a eliminar antes, o objetivo passa a ser: conquistar 24 territórios.',
          ] },
          'A partida termina no momento em que um jogador cumpre o objetivo, em qualquer fase de qualquer vez.',
        ],
      },
      {
        id: 'map',
        title: 'O mapa',
        blocks: [
          { diagram: WarMap, caption: 'Os seis continentes, quantos territórios tem cada um e os exércitos que o jogador recebe a cada vez por dominá-lo inteiro. Linhas tracejadas: os continentes que fazem fronteira; Alasca e Vladivostok são vizinhos através do Pacífico.' },
          'Territórios são vizinhos quando têm fronteira ou estão ligados por uma **linha pontilhada** sobre o mar; a linha pontilhada vale exatamente como uma fronteira.',
          { table: [
            ['Continente', 'Territórios', 'Bônus'],
            ['Ásia', '12', '7'],
            ['América do Norte', '9', '5'],
            ['Europa', '7', '5'],
            ['África', '6', '3'],
            ['América do Sul', '4', '2'],
            ['Oceania', '4', '2'],
          ] },
        ],
      },
      {
        id: 'setup',
        title: 'A preparação',
        blocks: [
          'Tudo é sorteado: sorteia-se quem distribui, as 42 cartas de território são distribuídas uma a uma, e cada jogador põe **1 exército em cada território** que recebeu. Depois cada jogador sorteia um objetivo, e começa o jogador seguinte ao que recebeu o último território. As cores, na ordem dos lugares, são branca, vermelha, preta, azul, amarela e verde.',
        ],
      },
      {
        id: 'turn',
        title: 'Uma vez',
        blocks: [
          '**Rodada 1:** cada jogador só recebe e coloca exércitos. **A partir da rodada 2:** coloque os novos exércitos, depois ataque, depois remaneje, e compre uma carta se conquistou pelo menos um território nesta vez.',
          { list: [
            '**Novos exércitos:** o número de territórios que você tem dividido por 2, arredondado para baixo, no mínimo 3 (19 territórios dão 9). Cada continente dominado inteiro soma o seu bônus, colocado **nesse continente**. Clique nos seus territórios para colocá-los.',
            '**Ataque:** clique num território seu com pelo menos 2 exércitos e depois num território inimigo vizinho. Você rola de 1 a 3 dados (no máximo um a menos que seus exércitos ali); o defensor rola um dado por exército, até 3. Os dados são comparados **o maior com o maior**, depois o seguinte; cada par perdido custa um exército a esse lado, e **o empate é do defensor**.',
            '**Conquista:** quando o defensor fica sem exércitos, você move para lá pelo menos 1 exército e no máximo tantos quantos os dados que rolou por último. Pode atacar de novo, inclusive de lá.',
            '**Remanejamento:** depois dos ataques, mova exércitos entre territórios seus vizinhos, deixando sempre pelo menos 1. Cada exército se move no máximo uma vez por vez (os que conquistaram um território ainda podem se mover uma vez).',
            '**Carta:** a vez com pelo menos uma conquista termina com **uma carta** comprada, não importa quantos territórios foram tomados.',
          ] },
        ],
      },
      {
        id: 'cards',
        title: 'Cartas e trocas',
        blocks: [
          { diagram: WarCards, caption: 'Cada carta de território mostra um triângulo, um quadrado ou um círculo (14 de cada); os 2 coringas valem qualquer figura. Uma **troca** são três figuras iguais ou três diferentes.' },
          { list: [
            'A partir da rodada 2, no início da sua vez, você pode **trocar** 3 cartas por exércitos. Com **5 cartas** a troca é obrigatória.',
            'As trocas são contadas na partida toda, por todos os jogadores: a 1ª troca dá **4** exércitos, depois 6, 8, 10, 12, 15, e 5 a mais a cada vez depois disso (20, 25, …).',
            'Cada carta trocada que mostra um território seu soma **2 exércitos** nesse território.',
            'Quem elimina outro jogador fica com as cartas dele (até ter 5 na mão).',
          ] },
        ],
      },
      {
        id: 'end',
        title: 'O fim da partida',
        blocks: [
          { list: [
            'Vence o primeiro jogador a cumprir o objetivo; os objetivos de todos são então mostrados.',
            'Um jogador pode **desistir** a qualquer momento. Com mais de dois jogadores na partida, seus exércitos ficam no tabuleiro como **neutros**: defendem, mas nunca atacam.',
            'Limite do motor (para partidas deixadas aos robôs, não é regra): após 1000 rodadas a partida empata.',
          ] },
        ],
      },
      {
        id: 'options',
        title: 'As opções da página de novo jogo',
        blocks: [
          { list: [
            '**Número de jogadores:** de 3 a 6; os lugares recebem as cores na ordem (branca, vermelha, preta, azul, amarela, verde).',
            '**Limite de rodadas** (em “Limites do motor”): não é regra; a partida empata após este número de rodadas (1000, por padrão).',
          ] },
        ],
      },
    ],
    guide: [
      'Seu objetivo secreto aparece em “Seu objetivo”: cumpra-o para vencer.',
      'Cada vez: coloque os novos exércitos (clique nos seus territórios), ataque (um território seu, depois um vizinho inimigo) e remaneje.',
      'Dados: o maior contra o maior; o empate é do defensor.',
      'Conquiste pelo menos um território numa vez para comprar uma carta; troque três cartas por mais exércitos.',
    ],
  },
};
