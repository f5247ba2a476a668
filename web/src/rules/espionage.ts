// Espionage's rules for players, from docs/rules/espionage.md (seed 004 and the rulings).
import { EspionageBoard } from './diagrams';
import type { GameRules } from './types';

const TABLE_EN = [
  ['Attacker ↓ / defender →', 'H', '1', '2', '3', '4', '5', 'Spy', 'Sapper', 'Mine'],
  ['Corporal (1)', 'wins', 'wins', 'dies', 'dies', 'dies', 'dies', 'wins', 'wins', 'dies'],
  ['Second Lieutenant (2)', 'wins', 'wins', 'wins', 'dies', 'dies', 'dies', 'wins', 'wins', 'dies'],
  ['Captain (3)', 'wins', 'wins', 'wins', 'wins', 'dies', 'dies', 'wins', 'wins', 'dies'],
  ['Colonel (4)', 'wins', 'wins', 'wins', 'wins', 'wins', 'dies', 'wins', 'wins', 'dies'],
  ['General (5)', 'wins', 'wins', 'wins', 'wins', 'wins', 'wins', 'wins', 'wins', 'dies'],
  ['Spy', 'wins', 'dies', 'dies', 'dies', 'dies', 'dies', 'wins', 'wins', 'dies'],
  ['Sapper', 'wins', 'dies', 'dies', 'dies', 'dies', '**wins**', 'wins', 'wins', '**wins**'],
];
const TABLE_PT = TABLE_EN.map((row, i) =>
  i === 0
    ? ['Atacante ↓ / defensor →', 'QG', '1', '2', '3', '4', '5', 'Espião', 'Sapador', 'Mina']
    : row.map((cell, j) =>
        j === 0
          ? ['', 'Cabo (1)', 'Segundo-tenente (2)', 'Capitão (3)', 'Coronel (4)', 'General (5)', 'Espião', 'Sapador'][i]
          : cell.replace('wins', 'vence').replace('dies', 'morre'),
      ),
);

export const espionage: GameRules = {
  en: {
    summary:
      'Stratego’s Italian cousin: 30 hidden pieces a side, volcanoes in no man’s land, **two moves a turn**, and Spies that recognise the pieces around them. Fights do not show ranks. Capture the enemy **Headquarters** to win.',
    sections: [
      {
        id: 'aim',
        title: 'The aim',
        blocks: [
          'Capture the enemy **Headquarters** (H): any piece that moves onto it wins the game at once. You also win when your opponent has **no legal move** at the start of its turn.',
        ],
      },
      {
        id: 'setup',
        title: 'The board and the setup',
        blocks: [
          { diagram: EspionageBoard, caption: 'Red sets up on rows 1–3, Blue on rows 8–10; rows 4–7 are neutral. Before the setup, **volcanoes** (4 by default) are placed by lot on neutral squares; the triangles show one such draw. Both players see them, and no piece may ever enter one.' },
          'Red sets up first, then Blue, each **in secret** on its own three rows: drag the pieces (or tap a piece, then a square), or press Random, then **Ready**. Once both armies stand, each player sees where the enemy pieces are, never what they are. Then a lot decides who moves first.',
          { table: [
            ['Piece', 'How many', 'Moves?'],
            ['Headquarters (H)', '1', 'no'],
            ['Corporal (1)', '5', 'yes'],
            ['Second Lieutenant (2)', '4', 'yes'],
            ['Captain (3)', '3', 'yes'],
            ['Colonel (4)', '2', 'yes'],
            ['General (5)', '2', 'yes'],
            ['Spy', '5', 'yes'],
            ['Sapper', '4', 'yes'],
            ['Mine', '4', 'no'],
          ] },
        ],
      },
      {
        id: 'moving',
        title: 'Moving',
        blocks: [
          { list: [
            'A turn is **two moves with two different pieces**. If, after your first move, no other piece can move, the turn is that one move. The second move is compulsory when it is possible.',
            'A move is **one square** forward, backward or sideways, onto an empty square or onto an enemy piece (an attack). The Headquarters and Mines never move.',
            '**No return:** a piece may not move back onto the square it has just left until it has made a different move, even in a later turn, and even to attack.',
          ] },
          'On the board, pick one of your pieces, then a highlighted square; then do the same with another piece.',
        ],
      },
      {
        id: 'combat',
        title: 'Combat',
        blocks: [
          'Moving onto an enemy piece attacks it, and **exactly one piece is removed**. Ranks are **not shown**: both players see only whether the attacker or the defender was removed.',
          { list: [
            'A soldier (1 to 5) that attacks a soldier of **equal or lower rank wins**; attacking a higher rank it dies. Soldiers also beat Spies and Sappers.',
            'A **Spy** captures only Spies and Sappers (and the Headquarters).',
            'A **Sapper** captures Sappers, Spies and, when it attacks, **Generals**. A Sapper that enters a **Mine** removes it and stays there.',
            'Any other piece that enters a **Mine** dies, and the Mine stays.',
            'Any piece captures the **Headquarters**.',
          ] },
          { table: TABLE_EN },
        ],
      },
      {
        id: 'spies',
        title: 'Spies',
        blocks: [
          'A **Spy recognises** every enemy piece on the 8 squares around it, whenever the Spy moves next to them or they move next to it. A recognised piece stays known to you for the rest of the game, even when it moves away. Only the Spy’s owner learns this: the owner of the recognised piece is not told.',
        ],
      },
      {
        id: 'end',
        title: 'The end of the game',
        blocks: [
          { list: [
            'The Headquarters is captured: the attacker’s side wins.',
            'A player with no legal move at the start of its turn (for instance, no movable piece left) loses.',
            'After 50 whole turns in a row with no piece removed, either player may **claim a draw** at the start of its turn.',
            'A player may **resign** at any time, and the players may agree a draw.',
            'Engine caps (for games left to bots, not rules): a draw after 2000 moves, or after 200 moves without a removed piece.',
          ] },
          'When the game ends, every piece is shown.',
        ],
      },
      {
        id: 'options',
        title: 'The options on the new-game page',
        blocks: [
          { list: [
            '**Volcanoes:** how many volcanoes are placed by lot on the neutral rows, 0 to 8 (4 by default).',
            '**Moves per turn:** 2 (the default) or 1, as in Stratego.',
            '**Reveal on combat:** a fight shows both pieces’ ranks to both players.',
            '**Draw claim after:** how many whole turns without a removed piece allow a player to claim a draw (50 by default; 0: never).',
            '**Engine caps** (under “Engine caps”): the move limits above, for unattended games.',
          ] },
        ],
      },
    ],
    guide: [
      'First set up your 30 pieces on your three rows: drag them (or press Random), then press Ready.',
      'Each turn is two moves with two different pieces: pick a piece, then a highlighted square.',
      'Fights do not show ranks: you learn only which piece was removed. Your Spies recognise enemy pieces next to them.',
      'Capture the enemy Headquarters to win.',
    ],
  },
  pt: {
    summary:
      'O primo italiano do Stratego: 30 peças ocultas de cada lado, vulcões na terra de ninguém, **dois lances por vez** e Espiões que reconhecem as peças em volta. Os combates não mostram os postos. Capture o **Quartel-general** inimigo para vencer.',
    sections: [
      {
        id: 'aim',
        title: 'O objetivo',
        blocks: [
          'Capture o **Quartel-general** inimigo (QG): qualquer peça que entra na casa dele vence a partida na hora. Você também vence quando o adversário **não tem lance legal** no início da vez dele.',
        ],
      },
      {
        id: 'setup',
        title: 'O tabuleiro e a montagem',
        blocks: [
          { diagram: EspionageBoard, caption: 'Vermelho monta nas fileiras 1–3, Azul nas fileiras 8–10; as fileiras 4–7 são neutras. Antes da montagem, **vulcões** (4, por padrão) são sorteados em casas neutras; os triângulos mostram um sorteio possível. Os dois jogadores os veem, e nenhuma peça pode entrar num vulcão.' },
          'Vermelho monta primeiro, depois Azul, cada um **em segredo** nas suas três fileiras: arraste as peças (ou toque numa peça e depois numa casa), ou use Aleatória, e aperte **Pronto**. Com os dois exércitos montados, cada jogador vê onde estão as peças inimigas, nunca o que são. Depois, um sorteio decide quem começa.',
          { table: [
            ['Peça', 'Quantas', 'Move?'],
            ['Quartel-general (QG)', '1', 'não'],
            ['Cabo (1)', '5', 'sim'],
            ['Segundo-tenente (2)', '4', 'sim'],
            ['Capitão (3)', '3', 'sim'],
            ['Coronel (4)', '2', 'sim'],
            ['General (5)', '2', 'sim'],
            ['Espião', '5', 'sim'],
            ['Sapador', '4', 'sim'],
            ['Mina', '4', 'não'],
          ] },
        ],
      },
      {
        id: 'moving',
        title: 'Movimento',
        blocks: [
          { list: [
            'Cada vez são **dois lances com duas peças diferentes**. Se, depois do primeiro lance, nenhuma outra peça pode mover, a vez é esse único lance. O segundo lance é obrigatório quando possível.',
            'Um lance é **uma casa** para a frente, para trás ou para o lado, para uma casa vazia ou para uma peça inimiga (um ataque). O Quartel-general e as Minas nunca se movem.',
            '**Sem volta:** uma peça não pode voltar para a casa que acabou de deixar até ter feito outro lance, mesmo numa vez seguinte, e mesmo para atacar.',
          ] },
          'No tabuleiro, escolha uma peça sua e depois uma casa destacada; depois faça o mesmo com outra peça.',
        ],
      },
      {
        id: 'combat',
        title: 'Combate',
        blocks: [
          'Entrar na casa de uma peça inimiga é atacá-la, e **sai exatamente uma peça**. Os postos **não são mostrados**: os dois jogadores veem apenas se saiu o atacante ou o defensor.',
          { list: [
            'Um soldado (1 a 5) que ataca um soldado de **posto igual ou menor vence**; se ataca um posto maior, morre. Os soldados também vencem Espiões e Sapadores.',
            'O **Espião** só captura Espiões e Sapadores (e o Quartel-general).',
            'O **Sapador** captura Sapadores, Espiões e, quando ataca, **Generais**. O Sapador que entra numa **Mina** a remove e fica na casa.',
            'Qualquer outra peça que entra numa **Mina** morre, e a Mina fica.',
            'Qualquer peça captura o **Quartel-general**.',
          ] },
          { table: TABLE_PT },
        ],
      },
      {
        id: 'spies',
        title: 'Espiões',
        blocks: [
          'O **Espião reconhece** toda peça inimiga nas 8 casas em volta dele, sempre que ele se move para perto delas ou elas se movem para perto dele. A peça reconhecida fica conhecida por você até o fim da partida, mesmo que se afaste. Só o dono do Espião fica sabendo: o dono da peça reconhecida não é avisado.',
        ],
      },
      {
        id: 'end',
        title: 'O fim da partida',
        blocks: [
          { list: [
            'O Quartel-general é capturado: vence o lado do atacante.',
            'Quem não tem lance legal no início da sua vez (por exemplo, nenhuma peça móvel) perde.',
            'Depois de 50 vezes completas seguidas sem nenhuma peça removida, qualquer jogador pode **pedir empate** no início da sua vez.',
            'Um jogador pode **desistir** a qualquer momento, e os jogadores podem combinar o empate.',
            'Limites do motor (para partidas deixadas aos robôs, não são regras): empate após 2000 lances, ou após 200 lances sem peça removida.',
          ] },
          'Quando a partida termina, todas as peças são mostradas.',
        ],
      },
      {
        id: 'options',
        title: 'As opções da página de novo jogo',
        blocks: [
          { list: [
            '**Vulcões:** quantos vulcões são sorteados nas fileiras neutras, de 0 a 8 (4, por padrão).',
            '**Lances por vez:** 2 (o padrão) ou 1, como no Stratego.',
            '**Revelar no combate:** o combate mostra os postos das duas peças aos dois jogadores.',
            '**Pedido de empate após:** quantas vezes completas sem peça removida permitem pedir empate (50, por padrão; 0: nunca).',
            '**Limites do motor** (em “Limites do motor”): os limites de lances acima, para partidas sem jogadores.',
          ] },
        ],
      },
    ],
    guide: [
      'Primeiro monte suas 30 peças nas suas três fileiras: arraste-as (ou use Aleatória) e aperte Pronto.',
      'Cada vez são dois lances com duas peças diferentes: escolha uma peça e depois uma casa destacada.',
      'O combate não mostra postos: você só sabe qual peça saiu. Seus Espiões reconhecem as peças inimigas ao lado deles.',
      'Capture o Quartel-general inimigo para vencer.',
    ],
  },
};
