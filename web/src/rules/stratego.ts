// Stratego's rules for players, from docs/rules/stratego.md (seed 003 and the rulings).
import { StrategoBoard } from './diagrams';
import type { GameRules } from './types';

export const stratego: GameRules = {
  en: {
    summary:
      'Two armies of 40 hidden pieces face each other across a 10 × 10 board with two lakes. You see where the enemy pieces stand, but not what they are, until they fight. Capture the enemy **Flag** to win.',
    sections: [
      {
        id: 'aim',
        title: 'The aim',
        blocks: [
          'Capture the enemy **Flag**: the piece that moves onto it wins the game at once. You also win when your opponent **cannot move**: every piece that could move is gone or blocked.',
        ],
      },
      {
        id: 'setup',
        title: 'The board and the setup',
        blocks: [
          { diagram: StrategoBoard, caption: 'Red sets up on rows 1–4, Blue on rows 7–10. Rows 5 and 6 start empty. The two **lakes** (c5 d5 c6 d6 and g5 h5 g6 h6) can never be entered or crossed. The files are a to k, with no j.' },
          'Each player places its **whole army** on its own four rows, in secret: drag the pieces onto your rows (or tap a piece, then a square), or pick a preset or Random, then press **Ready**. Your opponent sees nothing of your setup until both are done, and then only which squares your pieces stand on, never what they are. **Red moves first.**',
          { table: [
            ['Piece', 'Rank', 'How many', 'Special'],
            ['Marshal', '10', '1', 'The strongest, but falls to the Spy when the Spy attacks it'],
            ['General', '9', '1', ''],
            ['Colonel', '8', '2', ''],
            ['Major', '7', '3', ''],
            ['Captain', '6', '4', ''],
            ['Lieutenant', '5', '4', ''],
            ['Sergeant', '4', '4', ''],
            ['Miner', '3', '5', 'The only piece that defuses Bombs'],
            ['Scout', '2', '8', 'Moves any distance in a straight line'],
            ['Spy', 'S', '1', 'The weakest, except when it attacks the Marshal'],
            ['Bomb', 'B', '6', 'Never moves; destroys any attacker but a Miner'],
            ['Flag', 'F', '1', 'Never moves; lose it and you lose the game'],
          ] },
          'A common plan: put the Flag on your back row and surround it with Bombs, and keep a few Miners to open the enemy’s Bombs.',
        ],
      },
      {
        id: 'moving',
        title: 'Moving',
        blocks: [
          'Players take turns; a turn is **one move of one piece**, and you may not pass. On the board, pick one of your pieces, then a highlighted square.',
          { list: [
            'A piece moves **one square** forward, backward or sideways, never diagonally, onto an empty square or onto an enemy piece (an attack).',
            '**Bombs and the Flag never move.**',
            'A **Scout** moves any number of empty squares in a straight line (never over a lake or a piece) and may attack the piece at the end of its line. A Scout that moves more than one square shows the opponent what it is.',
            '**Back and forth:** a piece may not move between the same two squares on three of your turns in a row: the third such move is illegal.',
          ] },
        ],
      },
      {
        id: 'combat',
        title: 'Attacks',
        blocks: [
          'Moving onto an enemy piece attacks it. **Both pieces are shown** to both players and stay known for the rest of the game. Then:',
          { list: [
            'The **higher rank wins**; the lower one is removed. A winning attacker takes the square; a winning defender stays where it is.',
            '**Equal ranks:** both pieces are removed.',
            '**Spy:** when the Spy attacks the Marshal, the Marshal is removed. When the Marshal (or anyone else) attacks the Spy, the Spy is removed.',
            '**Bomb:** a Miner attacking a Bomb removes it and takes its square. Any other attacker is removed and the Bomb stays.',
            '**Flag:** any attacker captures it and wins.',
          ] },
          'Example: your Captain (6) attacks an unknown piece; it is a Lieutenant (5): the Lieutenant is removed and your Captain stands on its square, now known to your opponent.',
        ],
      },
      {
        id: 'end',
        title: 'The end of the game',
        blocks: [
          { list: [
            'The Flag is captured: the attacker’s side wins.',
            'A player who cannot move (no movable piece left, all blocked, or only moves the back-and-forth rule forbids) loses. If neither player can move, the game is a draw.',
            'A player may **resign** at any time, and the players may agree a draw.',
            'Engine caps (for games left to bots, not rules): the game is drawn after 2000 moves, or after 200 moves in a row without an attack.',
          ] },
          'When the game ends, every piece is shown.',
        ],
      },
      {
        id: 'options',
        title: 'The options on the new-game page',
        blocks: [
          'The “seed” is the printed Portuguese rule book Quartel’s Stratego was written from. The choices **As printed** (seed) keep that book’s text to the letter.',
          { list: [
            '**Army. Classic** (classic, the default): the usual 40-piece army above. **As printed in the rules** (seed): the list printed in that rule book, 39 pieces (5 Sergeants and 6 Scouts), so one square of your four rows stays empty. **Barrage** (barrage): a short game with 8 pieces (Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb) placed anywhere on your four rows.',
            '**Repetition rule. As printed** (seed, the default): the third move back and forth between two squares is illegal, as above. **ISF** (isf): the rule of the International Stratego Federation: the fourth such move is illegal, and a player chasing a piece may not recreate a position already seen during the chase. **Five moves** (five_moves): the old rule of the Gravon game server: the sixth such move is illegal.',
            '**Aggressor advantage** (tournament rule): when equal ranks fight, the attacker wins instead of both being removed.',
            '**Silent defence** (tournament rule): only the attacker’s rank is shown in a fight; the defender stays hidden, except when a Scout attacks.',
            '**Rescue** (tournament rule): when one of your pieces (not a Scout) reaches the enemy’s back row and survives, you may bring back one of your captured pieces (not a Bomb) onto an empty square of your half. Twice per player at most, and not twice with the same piece.',
            '**Engine caps** (under “Engine caps”): the move limits above, for unattended games.',
          ] },
        ],
      },
    ],
    guide: [
      'First set up your army on your four rows: drag the pieces (or press Random), then press Ready.',
      'On your turn pick one of your pieces, then a highlighted square: one square straight; Scouts go further.',
      'Moving onto an enemy piece attacks it: the higher rank wins, and both pieces are shown.',
      'Capture the enemy Flag, or leave the enemy with no move, to win.',
    ],
  },
  pt: {
    summary:
      'Dois exércitos de 40 peças ocultas se enfrentam num tabuleiro de 10 × 10 com dois lagos. Você vê onde estão as peças inimigas, mas não o que são, até que lutem. Capture a **Bandeira** inimiga para vencer.',
    sections: [
      {
        id: 'aim',
        title: 'O objetivo',
        blocks: [
          'Capture a **Bandeira** inimiga: a peça que entra na casa dela vence a partida na hora. Você também vence quando o adversário **não pode mover**: todas as peças que poderiam mover foram eliminadas ou estão bloqueadas.',
        ],
      },
      {
        id: 'setup',
        title: 'O tabuleiro e a montagem',
        blocks: [
          { diagram: StrategoBoard, caption: 'Vermelho monta nas fileiras 1–4, Azul nas fileiras 7–10. As fileiras 5 e 6 começam vazias. Os dois **lagos** (c5 d5 c6 d6 e g5 h5 g6 h6) nunca podem ser ocupados nem atravessados. As colunas vão de a a k, sem j.' },
          'Cada jogador coloca **todo o seu exército** nas suas quatro fileiras, em segredo: arraste as peças para suas fileiras (ou toque numa peça e depois numa casa), ou escolha uma formação pronta ou Aleatória, e aperte **Pronto**. O adversário não vê nada da sua montagem até que as duas estejam prontas, e depois só vê em que casas estão suas peças, nunca o que são. **Vermelho começa.**',
          { table: [
            ['Peça', 'Posto', 'Quantas', 'Especial'],
            ['Marechal', '10', '1', 'A mais forte, mas cai diante do Espião quando o Espião a ataca'],
            ['General', '9', '1', ''],
            ['Coronel', '8', '2', ''],
            ['Major', '7', '3', ''],
            ['Capitão', '6', '4', ''],
            ['Tenente', '5', '4', ''],
            ['Sargento', '4', '4', ''],
            ['Sapador', '3', '5', 'A única peça que desarma Bombas'],
            ['Explorador', '2', '8', 'Anda qualquer distância em linha reta'],
            ['Espião', 'S', '1', 'A mais fraca, menos quando ataca o Marechal'],
            ['Bomba', 'B', '6', 'Nunca se move; destrói qualquer atacante, menos o Sapador'],
            ['Bandeira', 'F', '1', 'Nunca se move; perdê-la é perder a partida'],
          ] },
          'Um plano comum: pôr a Bandeira na última fileira cercada de Bombas, e guardar alguns Sapadores para abrir as Bombas inimigas.',
        ],
      },
      {
        id: 'moving',
        title: 'Movimento',
        blocks: [
          'Os jogadores se alternam; cada vez é **um lance de uma peça**, e não se pode passar. No tabuleiro, escolha uma peça sua e depois uma casa destacada.',
          { list: [
            'Uma peça anda **uma casa** para a frente, para trás ou para o lado, nunca na diagonal, para uma casa vazia ou para uma peça inimiga (um ataque).',
            '**Bombas e a Bandeira nunca se movem.**',
            'O **Explorador** anda quantas casas vazias quiser em linha reta (nunca sobre um lago ou uma peça) e pode atacar a peça no fim da linha. Um Explorador que anda mais de uma casa revela ao adversário o que é.',
            '**Vaivém:** uma peça não pode ir e voltar entre as mesmas duas casas em três vezes seguidas suas: o terceiro lance assim é ilegal.',
          ] },
        ],
      },
      {
        id: 'combat',
        title: 'Ataques',
        blocks: [
          'Entrar na casa de uma peça inimiga é atacá-la. **As duas peças são mostradas** aos dois jogadores e ficam conhecidas até o fim da partida. Então:',
          { list: [
            'O **posto mais alto vence**; o mais baixo sai do jogo. O atacante que vence ocupa a casa; o defensor que vence fica onde está.',
            '**Postos iguais:** as duas peças saem do jogo.',
            '**Espião:** quando o Espião ataca o Marechal, o Marechal sai. Quando o Marechal (ou qualquer outra peça) ataca o Espião, o Espião sai.',
            '**Bomba:** o Sapador que ataca uma Bomba a remove e ocupa a casa. Qualquer outro atacante sai e a Bomba fica.',
            '**Bandeira:** qualquer atacante a captura e vence.',
          ] },
          'Exemplo: seu Capitão (6) ataca uma peça desconhecida; é um Tenente (5): o Tenente sai e seu Capitão fica na casa dele, agora conhecido pelo adversário.',
        ],
      },
      {
        id: 'end',
        title: 'O fim da partida',
        blocks: [
          { list: [
            'A Bandeira é capturada: vence o lado do atacante.',
            'Quem não pode mover (nenhuma peça móvel, todas bloqueadas, ou só lances proibidos pelo vaivém) perde. Se nenhum dos dois pode mover, a partida empata.',
            'Um jogador pode **desistir** a qualquer momento, e os jogadores podem combinar o empate.',
            'Limites do motor (para partidas deixadas aos robôs, não são regras): empate após 2000 lances, ou após 200 lances seguidos sem ataque.',
          ] },
          'Quando a partida termina, todas as peças são mostradas.',
        ],
      },
      {
        id: 'options',
        title: 'As opções da página de novo jogo',
        blocks: [
          'A “seed” é o livro de regras impresso, em português, do qual o Stratego do Quartel foi escrito. As escolhas **Como impresso** (seed) seguem esse texto à risca.',
          { list: [
            '**Exército. Clássico** (classic, o padrão): o exército de 40 peças acima. **Como nas regras impressas** (seed): a lista impressa nesse livro, 39 peças (5 Sargentos e 6 Exploradores), então uma casa das suas quatro fileiras fica vazia. **Barragem** (barrage): uma partida curta com 8 peças (Bandeira, Marechal, General, Sapador, 2 Exploradores, Espião, Bomba) postas em qualquer lugar das suas quatro fileiras.',
            '**Regra de repetição. Como impresso** (seed, o padrão): o terceiro vaivém entre duas casas é ilegal, como acima. **ISF** (isf): a regra da Federação Internacional de Stratego: o quarto vaivém é ilegal, e quem persegue uma peça não pode recriar uma posição já vista durante a perseguição. **Cinco lances** (five_moves): a regra antiga do servidor Gravon: o sexto vaivém é ilegal.',
            '**Vantagem do atacante** (regra de torneio): quando postos iguais lutam, vence o atacante, em vez de saírem os dois.',
            '**Defesa silenciosa** (regra de torneio): num ataque só o posto do atacante é mostrado; o defensor continua oculto, menos quando ataca um Explorador.',
            '**Resgate** (regra de torneio): quando uma peça sua (não Explorador) chega à última fileira inimiga e sobrevive, você pode trazer de volta uma peça capturada (não Bomba) para uma casa vazia da sua metade. No máximo duas vezes por jogador, e não duas vezes com a mesma peça.',
            '**Limites do motor** (em “Limites do motor”): os limites de lances acima, para partidas sem jogadores.',
          ] },
        ],
      },
    ],
    guide: [
      'Primeiro monte seu exército nas suas quatro fileiras: arraste as peças (ou use Aleatória) e aperte Pronto.',
      'Na sua vez, escolha uma peça sua e depois uma casa destacada: uma casa em linha reta; o Explorador vai mais longe.',
      'Entrar na casa de uma peça inimiga é atacá-la: vence o posto mais alto, e as duas peças são mostradas.',
      'Capture a Bandeira inimiga, ou deixe o inimigo sem lances, para vencer.',
    ],
  },
};
