// The rules pages' board diagrams, inline SVG drawn from the rules' own facts (docs/rules/*.md):
// setup zones and lakes, Dablot's lines, Conspiradores' Centre and Sanctuaries, WAR's continents
// and cards. They explain; they are not the playing boards (boards/ draws those).
import type { RulesLang } from './types';

type Words = Record<string, [string, string]>;
const say = (words: Words, lang: RulesLang, key: string) => words[key][lang === 'pt' ? 1 : 0];

// ---- Stratego and Espionage: the setup rows, the lakes or the volcanoes ----

const ARMY_WORDS: Words = {
  red: ['Red', 'Vermelho'],
  blue: ['Blue', 'Azul'],
  rows: ['rows', 'fileiras'],
  neutral: ['neutral rows', 'fileiras neutras'],
  lake: ['lake', 'lago'],
  stratego: ['Stratego board: Red sets up on rows 1 to 4, Blue on rows 7 to 10; two lakes in rows 5 and 6', 'Tabuleiro de Stratego: Vermelho monta nas fileiras 1 a 4, Azul nas 7 a 10; dois lagos nas fileiras 5 e 6'],
  espionage: ['Espionage board: Red sets up on rows 1 to 3, Blue on rows 8 to 10; rows 4 to 7 are neutral, with volcanoes drawn by lot', 'Tabuleiro de Espionagem: Vermelho monta nas fileiras 1 a 3, Azul nas 8 a 10; as fileiras 4 a 7 são neutras, com vulcões sorteados'],
};

const LAKES = ['c5', 'd5', 'g5', 'h5', 'c6', 'd6', 'g6', 'h6'];
const EXAMPLE_VOLCANOES = ['b4', 'g4', 'i5', 'c7'];

export function ArmyBoard({ game, lang }: { game: 'stratego' | 'espionage'; lang: RulesLang }) {
  const cell = 30;
  const left = 22;
  const files = game === 'stratego' ? 'abcdefghik' : 'abcdefghij';
  const home = game === 'stratego' ? 4 : 3;
  const x = (f: number) => left + f * cell;
  const y = (row: number) => (10 - row) * cell + 2;  // row 1..10, Red at the bottom
  const zone = (row: number) => (row <= home ? 'red' : row > 10 - home ? 'blue' : 'neutral');
  const fills = { red: '#f4d3cc', blue: '#d2def3', neutral: '#efe9dc' };
  const squares = [];
  for (let row = 1; row <= 10; row++) {
    for (let f = 0; f < 10; f++) {
      const name = `${files[f]}${row}`;
      const lake = game === 'stratego' && LAKES.includes(name);
      const volcano = game === 'espionage' && EXAMPLE_VOLCANOES.includes(name);
      squares.push(
        <rect key={name} x={x(f)} y={y(row)} width={cell} height={cell} fill={lake ? '#8dbbe0' : fills[zone(row)]} stroke="#b9ae98" stroke-width="0.6" />,
      );
      if (volcano) {
        squares.push(
          <path key={`v${name}`} d={`M${x(f) + 5} ${y(row) + 25} L${x(f) + 15} ${y(row) + 6} L${x(f) + 25} ${y(row) + 25} Z`} fill="#8a4b2e" stroke="#4a2414" />,
          <path key={`s${name}`} d={`M${x(f) + 12} ${y(row) + 8} q3 -5 6 0`} fill="none" stroke="#d9541e" stroke-width="1.5" />,
        );
      }
    }
  }
  const lakes = game === 'stratego'
    ? [2, 6].map((f) => (
        <g key={`lake${f}`}>
          <rect x={x(f)} y={y(6)} width={cell * 2} height={cell * 2} fill="#8dbbe0" stroke="#3f7fb0" stroke-width="1.5" rx="4" />
          <text x={x(f) + cell} y={y(6) + cell + 4} text-anchor="middle" font-size="11" fill="#143d5c">{say(ARMY_WORDS, lang, 'lake')}</text>
        </g>
      ))
    : null;
  // A zone's name, in the middle of its rows from..to.
  const label = (from: number, to: number, text: string, colour: string) => (
    <text x={x(5)} y={(y(to) + y(from) + cell) / 2 + 5} text-anchor="middle" font-size="13" font-weight="700" fill={colour} stroke="#fffdf8" stroke-width="3" paint-order="stroke">{text}</text>
  );
  const rows = say(ARMY_WORDS, lang, 'rows');
  return (
    <svg class="rules-diagram" viewBox={`0 0 ${left + 10 * cell + 4} ${10 * cell + 22}`} role="img" aria-label={say(ARMY_WORDS, lang, game)} data-diagram={`${game}-board`}>
      {squares}
      {lakes}
      {label(1, home, `${say(ARMY_WORDS, lang, 'red')} · ${rows} 1–${home}`, '#8f2418')}
      {label(11 - home, 10, `${say(ARMY_WORDS, lang, 'blue')} · ${rows} ${11 - home}–10`, '#1d4f94')}
      {game === 'espionage' && label(4, 7, `${say(ARMY_WORDS, lang, 'neutral')} 4–7`, '#5b5545')}
      {Array.from(files).map((f, i) => (
        <text key={f} x={x(i) + cell / 2} y={10 * cell + 16} text-anchor="middle" font-size="11" fill="#555">{f}</text>
      ))}
      {Array.from({ length: 10 }, (_, i) => (
        <text key={i} x={left - 4} y={y(i + 1) + cell / 2 + 4} text-anchor="end" font-size="11" fill="#555">{i + 1}</text>
      ))}
    </svg>
  );
}

export const StrategoBoard = ({ lang }: { lang: RulesLang }) => <ArmyBoard game="stratego" lang={lang} />;
export const EspionageBoard = ({ lang }: { lang: RulesLang }) => <ArmyBoard game="espionage" lang={lang} />;

// ---- Dablot: 42 corners and 30 centres, and the armies as they start ----

const DABLOT_WORDS: Words = {
  label: ['Dablot board: 72 points joined by lines; the Sámi start at the bottom, the Swedes at the top', 'Tabuleiro de Dablot: 72 pontos ligados por linhas; os Sámi começam embaixo, os Suecos em cima'],
  sami: ['Sámi', 'Sámi'],
  swedes: ['Swedes', 'Suecos'],
  K: ['K', 'R'],
  P: ['P', 'P'],
  L: ['L', 'Pr'],
  S: ['S', 'F'],
};

// Point number -> [x, y] in squares (0..5 across, 0..6 up from the Sámi side).
export function dablotPoint(n: number): [number, number] {
  const k = Math.floor((n - 1) / 11);
  const i = (n - 1) % 11;
  return i < 6 ? [i, k] : [i - 6 + 0.5, k + 0.5];
}

export function DablotBoard({ lang }: { lang: RulesLang }) {
  const s = 44;
  const m = 24;
  const px = (p: [number, number]) => [m + p[0] * s, m + (6 - p[1]) * s] as const;
  const lines = [];
  for (let r = 0; r <= 6; r++) lines.push(`M${m} ${m + r * s}H${m + 5 * s}`);
  for (let c = 0; c <= 5; c++) lines.push(`M${m + c * s} ${m}V${m + 6 * s}`);
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 5; c++) {
      const [x0, y0] = [m + c * s, m + r * s];
      lines.push(`M${x0} ${y0}l${s} ${s}M${x0 + s} ${y0}l${-s} ${s}`);
    }
  const special: Record<number, 'K' | 'P' | 'L' | 'S'> = { 39: 'K', 33: 'P', 34: 'L', 40: 'S' };
  const points = [];
  for (let n = 1; n <= 72; n++) {
    const [x, y] = px(dablotPoint(n));
    const sami = n <= 28 || n === 33 || n === 39;
    const swede = n >= 45 || n === 34 || n === 40;
    if (sami || swede) {
      points.push(
        <g key={n}>
          <circle cx={x} cy={y} r={special[n] ? 13 : 10} fill={sami ? '#f1cf5a' : '#a8322a'} stroke={sami ? '#7a5d00' : '#4d120c'} stroke-width="1.5" />
          {special[n] && (
            <text x={x} y={y + 4.5} text-anchor="middle" font-size="12" font-weight="700" fill={sami ? '#3b2c00' : '#fff'}>{say(DABLOT_WORDS, lang, special[n])}</text>
          )}
        </g>,
      );
    } else {
      points.push(
        <g key={n}>
          <circle cx={x} cy={y} r="3" fill="#6b5a3a" />
          <text x={x + 5} y={y - 5} font-size="9" fill="#4a4238">{n}</text>
        </g>,
      );
    }
  }
  return (
    <svg class="rules-diagram" viewBox={`0 0 ${2 * m + 5 * s + 70} ${2 * m + 6 * s}`} role="img" aria-label={say(DABLOT_WORDS, lang, 'label')} data-diagram="dablot-board">
      <rect x="4" y="4" width={2 * m + 5 * s - 8} height={2 * m + 6 * s - 8} rx="6" fill="#efe2c4" stroke="#b9a57a" />
      <path d={lines.join('')} stroke="#8a7650" stroke-width="1.2" fill="none" />
      {points}
      <text x={2 * m + 5 * s + 4} y={m + 4} font-size="12" font-weight="700" fill="#8f2418">{say(DABLOT_WORDS, lang, 'swedes')}</text>
      <text x={2 * m + 5 * s + 4} y={m + 6 * s + 4} font-size="12" font-weight="700" fill="#7a5d00">{say(DABLOT_WORDS, lang, 'sami')}</text>
      {[1, 6, 67, 72].map((n) => {
        const [x, y] = px(dablotPoint(n));
        return <text key={`n${n}`} x={x} y={y + (n < 10 ? 22 : -14)} text-anchor="middle" font-size="9" fill="#4a4238">{n}</text>;
      })}
    </svg>
  );
}

// ---- Conspiradores: 17 x 17 points, the Centre and the 39 Sanctuaries ----

const CONSPIRADORES_WORDS: Words = {
  label: ['Conspiradores board: 17 by 17 points; the Conspiracy Centre in the middle, 39 Sanctuaries on the edges', 'Tabuleiro de Conspiradores: 17 por 17 pontos; o Centro da Conspiração no meio, 39 Santuários nas bordas'],
  centre: ['Conspiracy Centre', 'Centro da Conspiração'],
  sanctuary: ['Sanctuary', 'Santuário'],
};

export const SANCTUARIES = [
  'A1', 'B1', 'D1', 'F1', 'H1', 'J1', 'L1', 'N1', 'P1', 'Q1',
  'A17', 'B17', 'D17', 'F17', 'H17', 'I17', 'J17', 'L17', 'N17', 'P17', 'Q17',
  'A2', 'A4', 'A6', 'A8', 'A9', 'A10', 'A12', 'A14', 'A16',
  'Q2', 'Q4', 'Q6', 'Q8', 'Q9', 'Q10', 'Q12', 'Q14', 'Q16',
];

export function ConspiradoresBoard({ lang }: { lang: RulesLang }) {
  const s = 18;
  const left = 24;
  const top = 12;
  const cols = 'ABCDEFGHIJKLMNOPQ';
  const x = (c: number) => left + c * s;
  const y = (r: number) => top + (17 - r) * s;  // r = row 1..17
  const lines = [];
  for (let i = 0; i < 17; i++) {
    lines.push(`M${x(0)} ${y(i + 1)}H${x(16)}`, `M${x(i)} ${y(1)}V${y(17)}`);
  }
  for (let d = -15; d <= 15; d++) {
    // Diagonals c - r = d (rising) and c + r = const (falling), clipped to the board.
    const c0 = Math.max(0, d);
    const c1 = Math.min(16, 16 + d);
    lines.push(`M${x(c0)} ${y(c0 - d + 1)}L${x(c1)} ${y(c1 - d + 1)}`);
    const e = d + 16;  // c + (r-1) = e
    const f0 = Math.max(0, e - 16);
    const f1 = Math.min(16, e);
    lines.push(`M${x(f0)} ${y(e - f0 + 1)}L${x(f1)} ${y(e - f1 + 1)}`);
  }
  const sanctuary = new Set(SANCTUARIES);
  const points = [];
  for (let r = 1; r <= 17; r++)
    for (let c = 0; c < 17; c++) {
      const name = `${cols[c]}${r}`;
      if (sanctuary.has(name))
        points.push(<rect key={name} x={x(c) - 6} y={y(r) - 6} width="12" height="12" rx="2" fill="#f4cf5e" stroke="#9a7312" stroke-width="1.2" data-sanctuary={name} />);
      else points.push(<circle key={name} cx={x(c)} cy={y(r)} r="2.2" fill="#6b5a3a" />);
    }
  const width = left + 16 * s + 12;
  const height = top + 16 * s + 30;
  return (
    <svg class="rules-diagram" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={say(CONSPIRADORES_WORDS, lang, 'label')} data-diagram="conspiradores-board">
      <rect x={x(0) - 9} y={y(17) - 9} width={16 * s + 18} height={16 * s + 18} rx="6" fill="#f3ecdc" stroke="#c9bfa9" />
      <rect x={x(4) - s / 2} y={y(11) - s / 2} width={9 * s} height={5 * s} rx="4" fill="#ecd3c2" stroke="#b5462b" stroke-dasharray="5 3" />
      <path d={lines.join('')} stroke="#cdbf9f" stroke-width="0.7" fill="none" />
      {points}
      <text x={x(8)} y={y(9) + 4} text-anchor="middle" font-size="12" font-weight="700" fill="#6b2414" stroke="#ecd3c2" stroke-width="3" paint-order="stroke">{say(CONSPIRADORES_WORDS, lang, 'centre')}</text>
      {Array.from(cols).map((c, i) => (
        <text key={c} x={x(i)} y={y(1) + 22} text-anchor="middle" font-size="9" fill="#555">{c}</text>
      ))}
      {Array.from({ length: 17 }, (_, i) => (
        <text key={i} x={left - 12} y={y(i + 1) + 3} text-anchor="end" font-size="9" fill="#555">{i + 1}</text>
      ))}
    </svg>
  );
}

// ---- WAR and WAR-II: the six continents, how they connect, and the cards ----

const WAR_WORDS: Words = {
  label: ['The six continents of the WAR map and the borders between them', 'Os seis continentes do mapa do WAR e as fronteiras entre eles'],
  na: ['North America', 'América do Norte'],
  sa: ['South America', 'América do Sul'],
  eu: ['Europe', 'Europa'],
  af: ['Africa', 'África'],
  as: ['Asia', 'Ásia'],
  oc: ['Oceania', 'Oceania'],
  territories: ['territories', 'territórios'],
  bonus: ['bonus', 'bônus'],
  majority: ['majority', 'maioria'],
  all: ['all of it', 'totalidade'],
  ce: ['CE', 'CE'],
};

interface Continent { id: string; x: number; y: number; w: number; h: number; fill: string; size: number; bonus: number; majority: number; total: number; ces: number }
const CONTINENTS: Continent[] = [
  { id: 'na', x: 14, y: 26, w: 160, h: 104, fill: '#f0cf7a', size: 9, bonus: 5, majority: 3, total: 6, ces: 2 },
  { id: 'sa', x: 40, y: 166, w: 150, h: 104, fill: '#9fcf8f', size: 4, bonus: 2, majority: 2, total: 3, ces: 1 },
  { id: 'eu', x: 196, y: 26, w: 150, h: 104, fill: '#9dbfe6', size: 7, bonus: 5, majority: 3, total: 6, ces: 3 },
  { id: 'af', x: 210, y: 166, w: 150, h: 104, fill: '#e7a978', size: 6, bonus: 3, majority: 2, total: 4, ces: 2 },
  { id: 'as', x: 368, y: 26, w: 160, h: 104, fill: '#d7dd8c', size: 12, bonus: 7, majority: 4, total: 8, ces: 3 },
  { id: 'oc', x: 382, y: 166, w: 146, h: 104, fill: '#d7a7d9', size: 4, bonus: 2, majority: 2, total: 3, ces: 1 },
];
// Continent pairs with at least one border or dotted sea line between them (reference/war-board.md).
const LINKS: [string, string][] = [['na', 'sa'], ['na', 'eu'], ['sa', 'af'], ['eu', 'af'], ['eu', 'as'], ['af', 'as'], ['as', 'oc']];

export function WarContinents({ lang, war2 = false }: { lang: RulesLang; war2?: boolean }) {
  const at = (id: string) => CONTINENTS.find((c) => c.id === id)!;
  const centre = (c: Continent) => [c.x + c.w / 2, c.y + c.h / 2] as const;
  const w = (k: string) => say(WAR_WORDS, lang, k);
  return (
    <svg class="rules-diagram" viewBox="0 0 540 280" role="img" aria-label={w('label')} data-diagram={war2 ? 'war2-continents' : 'war-continents'}>
      {LINKS.map(([a, b]) => {
        const [x1, y1] = centre(at(a));
        const [x2, y2] = centre(at(b));
        return <line key={a + b} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#6d6350" stroke-width="3" stroke-dasharray="7 5" />;
      })}
      {/* Alasca - Vladivostok: across the Pacific, over the top of the map. */}
      <path d="M44 26 C 64 2, 480 2, 500 26" fill="none" stroke="#6d6350" stroke-width="3" stroke-dasharray="7 5" />
      {CONTINENTS.map((c) => (
        <g key={c.id} data-continent={c.id}>
          <rect x={c.x} y={c.y} width={c.w} height={c.h} rx="12" fill={c.fill} stroke="#4b4536" stroke-width="1.2" />
          <text x={c.x + c.w / 2} y={c.y + 24} text-anchor="middle" font-size="14" font-weight="700" fill="#1f2328">{w(c.id)}</text>
          <text x={c.x + c.w / 2} y={c.y + 43} text-anchor="middle" font-size="12" fill="#1f2328">{`${c.size} ${w('territories')}`}</text>
          {war2 ? (
            <>
              <text x={c.x + c.w / 2} y={c.y + 60} text-anchor="middle" font-size="12" fill="#1f2328">{`${w('majority')} +${c.majority}`}</text>
              <text x={c.x + c.w / 2} y={c.y + 76} text-anchor="middle" font-size="12" fill="#1f2328">{`${w('all')} +${c.total}`}</text>
              <text x={c.x + c.w / 2} y={c.y + 94} text-anchor="middle" font-size="12" font-weight="700" fill="#1f2328">{`★ ${c.ces} ${w('ce')}`}</text>
            </>
          ) : (
            <text x={c.x + c.w / 2} y={c.y + 70} text-anchor="middle" font-size="15" font-weight="700" fill="#1f2328">{`${w('bonus')} +${c.bonus}`}</text>
          )}
        </g>
      ))}
    </svg>
  );
}

export const WarMap = ({ lang }: { lang: RulesLang }) => <WarContinents lang={lang} />;
export const War2Map = ({ lang }: { lang: RulesLang }) => <WarContinents lang={lang} war2 />;

const CARD_WORDS: Words = {
  label: ['WAR cards: each shows a triangle, a square or a circle; a joker stands for any; a set is three equal or three different figures', 'Cartas do WAR: cada uma mostra um triângulo, um quadrado ou um círculo; o coringa vale qualquer um; uma troca são três figuras iguais ou três diferentes'],
  joker: ['Joker', 'Coringa'],
  equal: ['3 equal', '3 iguais'],
  different: ['3 different', '3 diferentes'],
  jokerset: ['with a joker', 'com coringa'],
  notset: ['2 equal, 1 other', '2 iguais e 1 outra'],
  set: ['a set', 'troca'],
  noset: ['not a set', 'não é troca'],
  trades: ['Armies for the 1st, 2nd, 3rd… trade of the game:', 'Exércitos da 1ª, 2ª, 3ª… troca da partida:'],
};

type Figure = 'T' | 'Q' | 'C' | 'J';
function FigureShape({ figure, x, y, r }: { figure: Figure; x: number; y: number; r: number }) {
  if (figure === 'T') return <path d={`M${x} ${y - r} L${x + r} ${y + r * 0.8} L${x - r} ${y + r * 0.8} Z`} fill="#2d6a4f" />;
  if (figure === 'Q') return <rect x={x - r * 0.85} y={y - r * 0.85} width={r * 1.7} height={r * 1.7} fill="#b5462b" />;
  if (figure === 'C') return <circle cx={x} cy={y} r={r * 0.9} fill="#2463b5" />;
  return (
    <g>
      <FigureShape figure="T" x={x - r * 0.9} y={y} r={r * 0.45} />
      <FigureShape figure="Q" x={x} y={y} r={r * 0.45} />
      <FigureShape figure="C" x={x + r * 0.9} y={y} r={r * 0.45} />
    </g>
  );
}

function Card({ x, y, w, h, figure, name }: { x: number; y: number; w: number; h: number; figure: Figure; name?: string }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx="6" fill="#fffdf6" stroke="#7d7463" stroke-width="1.2" />
      {name && <text x={x + w / 2} y={y + 15} text-anchor="middle" font-size="11" fill="#1f2328">{name}</text>}
      <FigureShape figure={figure} x={x + w / 2} y={y + h / 2 + (name ? 6 : 0)} r={Math.min(w, h) / 4.2} />
    </g>
  );
}

export function WarCards({ lang }: { lang: RulesLang }) {
  const w = (k: string) => say(CARD_WORDS, lang, k);
  const examples: [Figure[], string][] = [
    [['T', 'T', 'T'], 'equal'],
    [['T', 'Q', 'C'], 'different'],
    [['Q', 'C', 'J'], 'jokerset'],
    [['T', 'T', 'C'], 'notset'],
  ];
  const values = [4, 6, 8, 10, 12, 15, 20, 25];
  return (
    <svg class="rules-diagram" viewBox="0 0 536 292" role="img" aria-label={w('label')} data-diagram="war-cards">
      <Card x={20} y={10} w={80} h={104} figure="T" name="Alasca" />
      <Card x={120} y={10} w={80} h={104} figure="Q" name="Califórnia" />
      <Card x={220} y={10} w={80} h={104} figure="C" name="Brasil" />
      <Card x={320} y={10} w={80} h={104} figure="J" name={w('joker')} />
      {examples.map(([figures, key], i) => {
        const x0 = 20 + i * 130;
        return (
          <g key={key}>
            {figures.map((f, j) => <Card key={j} x={x0 + j * 36} y={134} w={32} h={44} figure={f} />)}
            <text x={x0 + 52} y={194} text-anchor="middle" font-size="12" fill="#1f2328">{w(key)}</text>
            <text x={x0 + 52} y={210} text-anchor="middle" font-size="12" font-weight="700" fill={key === 'notset' ? '#a4161a' : '#2d6a4f'}>{w(key === 'notset' ? 'noset' : 'set')}</text>
          </g>
        );
      })}
      <text x="20" y="238" font-size="13" fill="#1f2328">{w('trades')}</text>
      {values.map((v, i) => (
        <g key={i}>
          <rect x={20 + i * 58} y={248} width="50" height="34" rx="6" fill="#f0cf7a" stroke="#7d6a2a" />
          <text x={45 + i * 58} y={271} text-anchor="middle" font-size="16" font-weight="700" fill="#1f2328">{v}</text>
        </g>
      ))}
      <text x={20 + 8 * 58} y={271} font-size="16" fill="#1f2328">…</text>
    </svg>
  );
}
