// WAR-II's rules for players, from docs/rules/war2.md (seed 000, Grow's WAR-II, and the rulings).
import { War2Map } from './diagrams';
import type { GameRules } from './types';

export const war2: GameRules = {
  en: {
    summary:
      'WAR-II is Grow’s second WAR, for 3 to 6 players on the same 42-territory map. Each player has a **secret objective**. It adds **Strategic Centres** (CE), **bombers** and air attacks, and cards that are used for armies, bombers or transport instead of being traded in sets. What is not said here works as in WAR.',
    sections: [
      {
        id: 'aim',
        title: 'The aim',
        blocks: [
          'Meet your **secret objective** (shown to you alone, under “Your objective”). There are 20: the 14 of WAR, and six about Strategic Centres: hold 6 CEs; hold 8 CEs; hold all 3 CEs of Europe and all 3 of Asia; hold a CE in every continent; hold 5 CEs and 20 territories; hold 6 CEs with at least 3 armies on each.',
          'An objective **counts only after your first conquest**: territories are chosen at the start, so nobody may win before attacking. A player reduced to a single territory gets, from then on, the objective “conquer any three CEs”.',
        ],
      },
      {
        id: 'map',
        title: 'The map and the Strategic Centres',
        blocks: [
          { diagram: War2Map, caption: 'Each continent pays its **majority** value when you hold more than half of it, or its **totality** value when you hold all of it (never both), and ★ counts its Strategic Centres. These tables are printed on the board, not in the rule book: Quartel’s values are a reconstruction.' },
          'The 12 **Strategic Centres** (marked on the board): Nova York, Ottawa, Brasil, Inglaterra, Alemanha, Moscou, Egito, África do Sul, Oriente Médio, China, Japão and Austrália.',
        ],
      },
      {
        id: 'setup',
        title: 'The setup',
        blocks: [
          { list: [
            'A dealer is drawn; the 12 CE cards are dealt one at a time, and each CE you receive gets **2 armies**. (With 5 players only 10 are dealt; then each player in turn takes either one of the 2 CEs left, or two vacant non-CE territories in different continents.)',
            'Then, in turn, each player **claims a vacant territory** of its choice with 1 army, until the whole map is taken. Click a vacant territory to claim it.',
            'Objectives are drawn, the 61 cards shuffled, and the player after the one who claimed the last territory starts.',
          ] },
        ],
      },
      {
        id: 'turn',
        title: 'A turn',
        blocks: [
          '**Round 1** has two parts: first every player in turn receives and places its armies and bombers; then every player in turn plays the rest of a turn (attacks, cards, movement) without new income. **From round 2** each turn is complete: income, placement, attacks, movement, cards.',
          { list: [
            '**Income:** territories held divided by 2, rounded down, at least 3; plus each continent’s majority or totality value (placed in that continent); plus **1 army on each CE** you hold; plus **1 bomber per CE**, from your box of 10 to your air base. Example: 19 territories with 3 CEs, all of South America and 3 of Oceania give 9 + 3 + 3 + 2 = 17 armies.',
            '**Ground attacks** work as in WAR: up to 3 dice each, highest against highest, ties to the defender. There are no set trades.',
            '**Movement** works as in WAR, plus the **airlift**: armies may fly between two CEs of yours that do not border each other. An army moves once per turn, whatever carries it.',
            '**Cards:** a turn with at least one conquest ends with **3 cards** drawn, but never more than bring your hand to 5. At the end of your turn you keep at most 5.',
          ] },
        ],
      },
      {
        id: 'air',
        title: 'Air attacks',
        blocks: [
          'Bombers attack **any enemy territory with at least 2 armies**, anywhere on the map: from your air base during the attack phase, or from your box with a card. Each round:',
          { list: [
            'the defender rolls the **anti-aircraft die** (faces 0, 0, 0, 1, 2, 3): that many bombers are shot down;',
            'if bombers are left, the attacker rolls the **bomb die** (the same faces): that many armies are destroyed, never leaving the target below 1 army.',
          ] },
          'Rounds go on until no bomber is left or the target holds 1 army. An air attack **never conquers**. Afterwards every bomber goes back to the box (with Variante I, the survivors return to the air base).',
        ],
      },
      {
        id: 'cards',
        title: 'Using cards',
        blocks: [
          'There are 61 cards: 28 **number cards** (1, 2 or 3) and 33 **territory cards** (9 of them show two neighbouring territories). At any moment of your own turn:',
          { list: [
            '**Armies:** a card of a territory you hold, plus any number cards: 1 + their numbers armies on that territory.',
            '**Bombers:** a card of an enemy territory, plus any number cards: 1 + their numbers bombers from your box attack it.',
            '**Transport:** two cards of territories you hold: carry armies from one to the other (one always stays).',
          ] },
          'A two-territory card is used for one of them. Used cards go face up to the discard pile, which is shuffled back into the draw pile once it holds 10 or more. You may discard a card at will.',
        ],
      },
      {
        id: 'end',
        title: 'The end of the game',
        blocks: [
          'As in WAR: the first player to meet its objective wins at once, and everything is then shown. A player may resign at any time; with more than two left, its armies stay on the board as neutral. An eliminated player’s cards go to its eliminator, who may use them at once.',
        ],
      },
      {
        id: 'options',
        title: 'The options on the new-game page',
        blocks: [
          { list: [
            '**Number of players:** 3 to 6; the seats take the colours in order (white, red, black, blue, yellow, green).',
            '**Variante I:** bombers that survive a mission return to the air base instead of the box, ready to fly again.',
            '**Information Centre:** each player gets an Information Centre (CI) to place on one of its territories in its first three turns. While your CI stands on a territory of yours you may, once per turn, see all the cards of one opponent. Conquering the territory where another player’s CI stands lets you see that player’s cards and objective while you hold it. A CI moves at most once per turn, in the movement phase.',
            '**Turn cap** (under “Engine caps”): not a rule; the game is drawn after this many turns (1000 by default).',
          ] },
        ],
      },
    ],
    guide: [
      'Your secret objective is shown under “Your objective”; it counts only once you have conquered a territory.',
      'Each turn: place armies (click your territories), attack by land or by air, use cards, then move armies.',
      'Strategic Centres (CE) give an army and a bomber every turn: take and hold them.',
      'Ground dice work as in WAR: highest against highest, ties go to the defender.',
    ],
  },
  pt: {
    summary:
      'WAR-II é o segundo WAR da Grow, para 3 a 6 jogadores, no mesmo mapa de 42 territórios. Cada jogador tem um **objetivo secreto**. Acrescenta **Centros Estratégicos** (CE), **bombardeiros** e ataques aéreos, e cartas usadas para exércitos, bombardeiros ou transporte em vez de trocadas em conjuntos. O que não está dito aqui funciona como no WAR.',
    sections: [
      {
        id: 'aim',
        title: 'O objetivo',
        blocks: [
          'Cumprir o seu **objetivo secreto** (só você o vê, em “Seu objetivo”). São 20: os 14 do WAR e seis sobre Centros Estratégicos: ocupar 6 CEs; ocupar 8 CEs; ocupar os 3 CEs da Europa e os 3 da Ásia; ocupar um CE em cada continente; ocupar 5 CEs e 20 territórios; ocupar 6 CEs com pelo menos 3 exércitos em cada.',
          'O objetivo **só conta depois da sua primeira conquista**: os territórios são escolhidos no início, então ninguém vence sem atacar. O jogador reduzido a um só território passa a ter o objetivo “conquistar três CEs quaisquer”.',
        ],
      },
      {
        id: 'map',
        title: 'O mapa e os Centros Estratégicos',
        blocks: [
          { diagram: War2Map, caption: 'Cada continente paga o valor de **maioria** a quem ocupa mais da metade dele, ou o de **totalidade** a quem ocupa todo ele (nunca os dois), e ★ conta os seus Centros Estratégicos. Essas tabelas vêm impressas no tabuleiro, não no livro de regras: os valores do Quartel são uma reconstrução.' },
          'Os 12 **Centros Estratégicos** (marcados no tabuleiro): Nova York, Ottawa, Brasil, Inglaterra, Alemanha, Moscou, Egito, África do Sul, Oriente Médio, China, Japão e Austrália.',
        ],
      },
      {
        id: 'setup',
        title: 'A preparação',
        blocks: [
          { list: [
            'Sorteia-se quem distribui; as 12 cartas de CE são distribuídas uma a uma, e cada CE recebido ganha **2 exércitos**. (Com 5 jogadores só 10 são distribuídas; depois cada jogador, na sua vez, fica com um dos 2 CEs restantes, ou com dois territórios vagos que não sejam CE, em continentes diferentes.)',
            'Depois, na sua vez, cada jogador **escolhe um território vago** com 1 exército, até o mapa estar todo ocupado. Clique num território vago para escolhê-lo.',
            'Os objetivos são sorteados, as 61 cartas embaralhadas, e começa o jogador seguinte ao que escolheu o último território.',
          ] },
        ],
      },
      {
        id: 'turn',
        title: 'Uma vez',
        blocks: [
          'A **rodada 1** tem duas partes: primeiro cada jogador, na sua vez, recebe e coloca exércitos e bombardeiros; depois cada jogador, na sua vez, joga o resto de uma vez (ataques, cartas, remanejamento) sem nova renda. **A partir da rodada 2** cada vez é completa: renda, colocação, ataques, remanejamento, cartas.',
          { list: [
            '**Renda:** territórios ocupados divididos por 2, arredondado para baixo, no mínimo 3; mais o valor de maioria ou totalidade de cada continente (colocado nesse continente); mais **1 exército em cada CE** seu; mais **1 bombardeiro por CE**, da sua caixa de 10 para a sua base aérea. Exemplo: 19 territórios com 3 CEs, toda a América do Sul e 3 da Oceania dão 9 + 3 + 3 + 2 = 17 exércitos.',
            '**Ataques terrestres** como no WAR: até 3 dados de cada lado, o maior contra o maior, empate do defensor. Não há trocas de conjuntos.',
            '**Remanejamento** como no WAR, mais a **ponte aérea**: exércitos podem voar entre dois CEs seus que não fazem fronteira. Cada exército se move uma vez por vez, seja qual for o meio.',
            '**Cartas:** a vez com pelo menos uma conquista termina com **3 cartas** compradas, mas nunca acima de 5 na mão. No fim da sua vez você fica com no máximo 5.',
          ] },
        ],
      },
      {
        id: 'air',
        title: 'Ataques aéreos',
        blocks: [
          'Bombardeiros atacam **qualquer território inimigo com pelo menos 2 exércitos**, em qualquer lugar do mapa: da sua base aérea na fase de ataque, ou da sua caixa com uma carta. A cada rodada:',
          { list: [
            'o defensor rola o **dado antiaéreo** (faces 0, 0, 0, 1, 2, 3): esse número de bombardeiros é abatido;',
            'se sobram bombardeiros, o atacante rola o **dado de bombas** (as mesmas faces): esse número de exércitos é destruído, sem nunca deixar o alvo com menos de 1 exército.',
          ] },
          'As rodadas seguem até não sobrar bombardeiro ou o alvo ficar com 1 exército. O ataque aéreo **nunca conquista**. Depois, todos os bombardeiros voltam para a caixa (com a Variante I, os sobreviventes voltam para a base aérea).',
        ],
      },
      {
        id: 'cards',
        title: 'Uso das cartas',
        blocks: [
          'São 61 cartas: 28 **cartas de número** (1, 2 ou 3) e 33 **cartas de território** (9 delas com dois territórios vizinhos). A qualquer momento da sua vez:',
          { list: [
            '**Exércitos:** a carta de um território seu, mais cartas de número: 1 + os números em exércitos nesse território.',
            '**Bombardeiros:** a carta de um território inimigo, mais cartas de número: 1 + os números em bombardeiros da sua caixa o atacam.',
            '**Transporte:** duas cartas de territórios seus: leve exércitos de um para o outro (um sempre fica).',
          ] },
          'A carta de dois territórios vale para um deles. As cartas usadas vão viradas para cima para o descarte, que volta ao monte, embaralhado, quando tem 10 ou mais. Você pode descartar uma carta quando quiser.',
        ],
      },
      {
        id: 'end',
        title: 'O fim da partida',
        blocks: [
          'Como no WAR: vence na hora o primeiro a cumprir o objetivo, e tudo é então mostrado. Um jogador pode desistir a qualquer momento; com mais de dois na partida, seus exércitos ficam como neutros. As cartas do jogador eliminado vão para quem o eliminou, que pode usá-las na hora.',
        ],
      },
      {
        id: 'options',
        title: 'As opções da página de novo jogo',
        blocks: [
          { list: [
            '**Número de jogadores:** de 3 a 6; os lugares recebem as cores na ordem (branca, vermelha, preta, azul, amarela, verde).',
            '**Variante I:** os bombardeiros que sobrevivem a uma missão voltam para a base aérea em vez da caixa, prontos para voar de novo.',
            '**Centro de Informações:** cada jogador recebe um Centro de Informações (CI) para pôr num território seu nas suas três primeiras vezes. Enquanto o seu CI está num território seu, você pode, uma vez por vez, ver todas as cartas de um adversário. Quem conquista o território onde está o CI de outro jogador vê as cartas e o objetivo dele enquanto mantiver o território. O CI se move no máximo uma vez por vez, no remanejamento.',
            '**Limite de rodadas** (em “Limites do motor”): não é regra; a partida empata após este número de rodadas (1000, por padrão).',
          ] },
        ],
      },
    ],
    guide: [
      'Seu objetivo secreto aparece em “Seu objetivo”; ele só conta depois que você conquistar um território.',
      'Cada vez: coloque exércitos (clique nos seus territórios), ataque por terra ou pelo ar, use cartas e remaneje.',
      'Os Centros Estratégicos (CE) dão um exército e um bombardeiro a cada vez: tome-os e mantenha-os.',
      'Os dados terrestres são como no WAR: o maior contra o maior, empate do defensor.',
    ],
  },
};
