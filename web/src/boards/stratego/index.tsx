// The Stratego and Espionage boards (one module; the game is props.game). The board draws the
// viewer's own view: its own pieces with their ranks, the enemy's as backs until shown. Setup by
// drag and drop (or tap a piece, then a square), a preset or a random arrangement, sent as one
// command; play by picking a piece and one of its legal destinations (from state.legal).
import { seatName } from '../../games';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BoardModule, BoardProps } from '../types';
import { t } from '../../i18n';
import {
  type Cell,
  type GameConfig,
  type GameId,
  type Piece,
  PRESETS,
  armyOf,
  configFor,
  countRanks,
  homeSquares,
  isHome,
  isPiece,
  legalMoves,
  legalPlacements,
  stepsMoved,
  parseSq,
  presetFor,
  randomFill,
  seatOf,
  setupString,
  sqName,
} from './model';
import { PieceArt, PieceIcon, SIDE_FILL, SideMark, rankName } from './pieces';
import { StrategoPanel } from './panel';
import { reveal } from './reveal';
import './stratego.css';

const S = 60; // a square
const OX = 24; // room for the row numbers
const OY = 6;
const W = OX + 10 * S + 6;
const H = OY + 10 * S + 26;

function setupDone(view: any, seat: number): boolean {
  if (Array.isArray(view?.setup_done)) return !!view.setup_done[seat];
  if (Array.isArray(view?.setup)) return view.setup[seat] === 'done';
  return view?.phase === 'play' || view?.phase === 'over' || view?.phase === 'lot';
}

// Where a square is drawn: Blue sees its own rows at the bottom (the board turned round).
function squareXY(index: number, flip: boolean): [number, number] {
  const file = index % 10, row = Math.floor(index / 10);
  const col = flip ? 9 - file : file;
  const line = flip ? row : 9 - row;
  return [OX + col * S, OY + line * S];
}

type Pick = { kind: 'tray'; rank: string } | { kind: 'sq'; sq: number } | null;
type DragInfo = { from: 'tray'; rank: string } | { from: 'sq'; sq: number; rank: string };

function StrategoBoard(props: BoardProps) {
  const game = (props.game === 'espionage' ? 'espionage' : 'stratego') as GameId;
  const cfg = configFor(game);
  const state = props.state;
  const view = state?.view ?? {};
  const board: Cell[] = Array.isArray(view.board) ? view.board : Array(100).fill(null);
  const seat = seatOf(props.you);
  const flip = seat === 1;
  const phase: string = view.phase ?? 'setup';
  const names = (props.seatNames ?? ['Red', 'Blue']).map(seatName);

  const [sel, setSel] = useState<number | null>(null);
  const [pick, setPick] = useState<Pick>(null);
  const [draft, setDraft] = useState<Map<number, string>>(new Map());
  const [rescueRank, setRescueRank] = useState<string | null>(null);
  const [ghost, setGhost] = useState<{ x: number; y: number; rank: string; size: number } | null>(null);
  const suppressClick = useRef(false);
  const svgRef = useRef<SVGSVGElement>(null);

  // A new state ends any half-made choice.
  useEffect(() => {
    setSel(null);
    setRescueRank(null);
  }, [state]);

  // Enemy ranks shown since the previous view (combat, a Scout's run, a Spy), for a short flip. The
  // earlier view is the last one of another moment: a state that changes nothing on the board (a
  // draw offered, a rescue after its combat) keeps the one before.
  const prev = useRef<{ view: any; before: any; revealed: Set<number> }>({ view: null, before: null, revealed: new Set() });
  if (prev.current.view !== view) {
    const before = sameMoment(prev.current.view, view) ? prev.current.before : prev.current.view;
    const revealed = new Set<number>();
    const old: Cell[] | undefined = before?.board;
    if (old && before?.phase !== 'setup') {
      const lm = view.last_move;
      const from = lm ? parseSq(cfg, lm.from) : -1, to = lm ? parseSq(cfg, lm.to) : -1;
      board.forEach((c, i) => {
        if (!isPiece(c) || c.rank === '?' || c.owner === seat) return;
        const was = i === to && isPiece(old[from]) && (old[from] as Piece).owner === c.owner ? old[from] : old[i];
        if (isPiece(was) && was.rank === '?') revealed.add(i);
      });
    }
    prev.current = { view, before, revealed };
  }
  const revealed = prev.current.revealed;

  const legal = state?.legal ?? [];
  const moves = useMemo(() => legalMoves(cfg, legal), [legal, cfg]);
  const rescues = useMemo(() => (view.rescue_offered ? legalPlacements(cfg, legal, true) : []), [legal, view.rescue_offered, cfg]);
  const noRescue = legal.find((l) => l.facts.kind === 'no_rescue');
  const claimDraw = legal.find((l) => l.facts.kind === 'claim_draw');

  // --- Setup
  const setupPhase = phase === 'setup' || phase === 'volcanoes';
  const mine = seat !== null && setupPhase && !setupDone(view, seat);
  const setupEditable = mine && props.interactive;
  const canConfirm = setupEditable && !!state?.your_turn && phase === 'setup';
  const army = armyOf(game, props.options ?? {});
  const toPlace: string = seat !== null ? (view.to_place?.[seat]?.pieces ?? army) : '';
  const locked = useMemo(() => {
    const s = new Set<number>();
    if (seat !== null) board.forEach((c, i) => isPiece(c) && c.owner === seat && s.add(i));
    return s;
  }, [board, seat]);
  // The draft as it stands against the server's board: squares now taken and ranks used up drop out.
  const { eff, remaining } = useMemo(() => {
    const left = countRanks(toPlace);
    const eff = new Map<number, string>();
    if (seat !== null) {
      for (const [sq, r] of draft) {
        if (board[sq] !== null || !isHome(cfg, seat, sq) || !(left[r] > 0)) continue;
        left[r]--;
        eff.set(sq, r);
      }
    }
    return { eff, remaining: left };
  }, [draft, toPlace, board, seat, cfg]);
  const leftCount = Object.values(remaining).reduce((a, b) => a + b, 0);

  const place = (next: Map<number, string>) => setDraft(next);

  function setupDrop(info: DragInfo, target: number | 'tray' | null) {
    if (seat === null) return;
    const next = new Map(eff);
    if (target === 'tray') {
      if (info.from === 'sq') next.delete(info.sq);
      place(next);
      setPick(null);
      return;
    }
    if (target === null || !isHome(cfg, seat, target) || board[target] !== null) return;
    if (info.from === 'tray') {
      next.set(target, info.rank);
    } else if (info.sq !== target) {
      const other = next.get(target);
      next.set(target, info.rank);
      if (other) next.set(info.sq, other);
      else next.delete(info.sq);
    }
    place(next);
    setPick(null);
  }

  function setupClick(sq: number) {
    if (seat === null || !isHome(cfg, seat, sq) || board[sq] !== null) {
      setPick(null);
      return;
    }
    const here = eff.get(sq);
    if (pick?.kind === 'tray') {
      if (!(remaining[pick.rank] > 0) && here !== pick.rank) return setPick(null);
      const next = new Map(eff);
      next.set(sq, pick.rank);
      place(next);
      if ((remaining[pick.rank] ?? 0) - (here === pick.rank ? 0 : 1) <= 0) setPick(null);
      return;
    }
    if (pick?.kind === 'sq') {
      if (pick.sq !== sq) setupDrop({ from: 'sq', sq: pick.sq, rank: eff.get(pick.sq) ?? '' }, sq);
      setPick(null);
      return;
    }
    if (here) setPick({ kind: 'sq', sq });
  }

  function confirmSetup() {
    if (seat === null || !canConfirm || leftCount > 0) return;
    if (locked.size === 0) {
      props.act({ turn: setupString(cfg, seat, eff) });
      return;
    }
    // Part of the army is already placed (typed in the move box): the rest as one list of actions.
    const placements = legalPlacements(cfg, legal, false);
    const ids: number[] = [];
    for (const [sq, r] of eff) {
      const p = placements.find((x) => x.sq === sq && x.rank === r);
      if (p) ids.push(p.id);
    }
    if (ids.length) props.act({ actions: ids });
  }

  // --- Play
  function playClick(sq: number) {
    if (rescueRank) {
      const r = rescues.find((x) => x.rank === rescueRank && x.sq === sq);
      if (r) props.act({ actions: [r.id] });
      setRescueRank(null);
      return;
    }
    if (!props.interactive) return;
    if (sel !== null) {
      const m = moves.find((x) => x.from === sel && x.to === sq);
      if (m) {
        props.act({ actions: [m.id] });
        setSel(null);
        return;
      }
    }
    if (moves.some((x) => x.from === sq)) setSel(sq === sel ? null : sq);
    else setSel(null);
  }

  function onSquareClick(sq: number) {
    if (suppressClick.current) return;
    if (setupEditable) setupClick(sq);
    else playClick(sq);
  }

  // --- Dragging (pointer events: mouse, pen and touch alike)
  const dropRef = useRef<(info: DragInfo, target: number | 'tray' | null) => void>(() => {});
  dropRef.current = (info, target) => {
    if (setupEditable) return setupDrop(info, target);
    if (info.from === 'sq' && typeof target === 'number') {
      const m = moves.find((x) => x.from === info.sq && x.to === target);
      if (m) {
        props.act({ actions: [m.id] });
        setSel(null);
      }
    }
  };

  function startDrag(e: PointerEvent, info: DragInfo, onStart?: () => void) {
    if (e.button !== undefined && e.button !== 0) return;
    const x0 = e.clientX, y0 = e.clientY;
    const rect = svgRef.current?.getBoundingClientRect();
    const size = rect ? (rect.width / W) * S : 48;
    let active = false;
    const move = (ev: PointerEvent) => {
      if (!active && Math.hypot(ev.clientX - x0, ev.clientY - y0) < 8) return;
      if (!active) onStart?.();
      active = true;
      ev.preventDefault();
      setGhost({ x: ev.clientX, y: ev.clientY, rank: info.rank, size });
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      if (!active) return;
      setGhost(null);
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false), 60);
      const el = document.elementFromPoint(ev.clientX, ev.clientY) as Element | null;
      const sqEl = el?.closest('[data-square]');
      const target = sqEl ? parseSq(cfg, sqEl.getAttribute('data-square') ?? '') : el?.closest('.strat-tray') ? 'tray' : null;
      dropRef.current(info, typeof target === 'number' && target < 0 ? null : target);
    };
    const cancel = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      setGhost(null);
    };
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
  }

  // --- What to draw
  const lm = view.last_move;
  const lastFrom = lm ? parseSq(cfg, lm.from) : -1;
  const lastTo = lm ? parseSq(cfg, lm.to) : -1;
  const moveKey = lm ? `${lm.from}-${lm.to}-${view.play_plies ?? ''}` : '';
  const earlier = phase === 'play' || phase === 'over' ? stepsMoved(cfg, props.lastSteps).filter(([a, b]) => a !== lastFrom || b !== lastTo) : [];
  const targets = sel !== null ? moves.filter((m) => m.from === sel) : [];
  const rescueTargets = rescueRank ? rescues.filter((r) => r.rank === rescueRank).map((r) => r.sq) : [];
  const selPiece = sel !== null ? board[sel] : null;
  const spyRange = game === 'espionage' && isPiece(selPiece) && selPiece.rank === 'S' ? sel : null;
  const showDraft = seat !== null && setupPhase && !setupDone(view, seat);
  const pickedSq = pick?.kind === 'sq' ? pick.sq : null;
  const combat = withEarlierRanks(cfg, combatOf(game, view, board, lastTo), prev.current.before, view);

  const squares = [];
  for (let i = 0; i < 100; i++) {
    const [x, y] = squareXY(i, flip);
    const c = board[i];
    const dark = (i % 10) + Math.floor(i / 10);
    let cls = `sq ${dark % 2 ? 'sq-b' : 'sq-a'}`;
    if (c === 'lake') cls += ' lake';
    if (c === 'volcano') cls += ' volcano';
    if (setupPhase && seat !== null && isHome(cfg, seat, i)) cls += ' home';
    if (setupPhase && seat !== null && isHome(cfg, 1 - seat, i)) cls += ' enemy-home';
    squares.push(
      <rect class={cls} x={x} y={y} width={S} height={S} key={`s${i}`} />,
    );
    if (c === 'lake') squares.push(<Waves key={`w${i}`} x={x} y={y} />);
    if (c === 'volcano') squares.push(<Volcano key={`v${i}`} x={x} y={y} />);
  }

  const marks = [];
  for (const [a, b] of earlier) {
    for (const sq of [a, b]) {
      const [x, y] = squareXY(sq, flip);
      marks.push(<rect class="mark-earlier" x={x + 2} y={y + 2} width={S - 4} height={S - 4} key={`e${sq}`} />);
    }
  }
  if (lastFrom >= 0) {
    const [x, y] = squareXY(lastFrom, flip);
    marks.push(<rect class="mark-last-from" x={x + 2} y={y + 2} width={S - 4} height={S - 4} key="lf" />);
  }
  if (lastTo >= 0) {
    const [x, y] = squareXY(lastTo, flip);
    marks.push(<rect class="mark-last-to" x={x + 2} y={y + 2} width={S - 4} height={S - 4} key="lt" />);
  }
  if (spyRange !== null) {
    const f = spyRange % 10, r = Math.floor(spyRange / 10);
    const [x0, y0] = squareXY(Math.max(0, r - 1) * 10 + Math.max(0, f - 1), flip);
    const [x1, y1] = squareXY(Math.min(9, r + 1) * 10 + Math.min(9, f + 1), flip);
    marks.push(
      <rect class="spy-range" x={Math.min(x0, x1) + 3} y={Math.min(y0, y1) + 3} width={Math.abs(x1 - x0) + S - 6} height={Math.abs(y1 - y0) + S - 6} rx="8" key="spy" />,
    );
  }

  const pieces = [];
  for (let i = 0; i < 100; i++) {
    const c = board[i];
    const [x, y] = squareXY(i, flip);
    let piece: { owner: number; rank: string; known?: boolean; moved?: boolean } | null = null;
    let draftPiece = false;
    if (isPiece(c)) piece = c;
    else if (showDraft && c === null && eff.has(i) && seat !== null) {
      piece = { owner: seat, rank: eff.get(i)! };
      draftPiece = true;
    }
    if (!piece) continue;
    const arrive = i === lastTo && lastFrom >= 0 && lastFrom !== lastTo && (phase === 'play' || phase === 'over');
    const [fx, fy] = arrive ? squareXY(lastFrom, flip) : [x, y];
    const draggable = (setupEditable && draftPiece) || (!setupEditable && props.interactive && moves.some((m) => m.from === i));
    const cls = ['pc', arrive ? 'arrive' : '', revealed.has(i) ? 'revealed' : '', draftPiece ? 'draft' : '', draggable ? 'draggable' : '', i === sel || i === pickedSq ? 'picked' : ''].filter(Boolean).join(' ');
    pieces.push(
      <g
        key={arrive ? `p${i}-${moveKey}` : `p${i}`}
        class={cls}
        transform={`translate(${x} ${y})`}
        style={arrive ? { '--dx': `${fx - x}px`, '--dy': `${fy - y}px` } : undefined}
      >
        <g class="pc-inner">
          <PieceArt game={game} owner={piece.owner} rank={piece.rank} known={piece.known} moved={piece.moved} />
        </g>
      </g>,
    );
  }

  const hints = [];
  if (lastTo >= 0 && (phase === 'play' || phase === 'over')) {
    const [x, y] = squareXY(lastTo, flip);
    hints.push(<rect class="ring-last-to" x={x + 1.5} y={y + 1.5} width={S - 3} height={S - 3} rx="4" key="ltr" />);
  }
  for (const m of targets) {
    const [x, y] = squareXY(m.to, flip);
    hints.push(
      m.attack ? (
        <rect class="hint-attack" x={x + 4} y={y + 4} width={S - 8} height={S - 8} rx="10" key={`h${m.to}`} />
      ) : (
        <circle class="hint-move" cx={x + S / 2} cy={y + S / 2} r="10" key={`h${m.to}`} />
      ),
    );
  }
  for (const sq of rescueTargets) {
    const [x, y] = squareXY(sq, flip);
    hints.push(<circle class="hint-move" cx={x + S / 2} cy={y + S / 2} r="10" key={`r${sq}`} />);
  }
  if (setupEditable && pick) {
    for (const sq of homeSquares(cfg, seat!)) {
      if (board[sq] !== null || sq === pickedSq) continue;
      const [x, y] = squareXY(sq, flip);
      hints.push(<rect class="hint-place" x={x + 3} y={y + 3} width={S - 6} height={S - 6} rx="6" key={`p${sq}`} />);
    }
  }
  if (combat) {
    const [x, y] = squareXY(lastTo, flip);
    hints.push(
      <g key={`c${moveKey}`} transform={`translate(${x + S / 2} ${y + S / 2})`}>
        <g class="clash">
          <circle r="26" />
          <path d="M-16 -16 L16 16 M16 -16 L-16 16" />
        </g>
      </g>,
    );
  }

  // The click layer: one element per square, on top, with the square's name for tests.
  const hits = [];
  for (let i = 0; i < 100; i++) {
    const [x, y] = squareXY(i, flip);
    const c = board[i];
    const name = sqName(cfg, i);
    const hasDrag = (setupEditable && c === null && eff.has(i)) || (!setupEditable && props.interactive && moves.some((m) => m.from === i));
    const clickable =
      props.interactive &&
      (setupEditable
        ? seat !== null && isHome(cfg, seat, i) && c === null
        : moves.some((m) => m.from === i || (sel !== null && m.from === sel && m.to === i)) || rescueTargets.includes(i));
    hits.push(
      <rect
        key={`hit${i}`}
        data-square={name}
        class={`hit${clickable ? ' clickable' : ''}${hasDrag ? ' draggable' : ''}`}
        x={x}
        y={y}
        width={S}
        height={S}
        onClick={() => onSquareClick(i)}
        tabindex={clickable ? 0 : undefined}
        role={clickable ? 'button' : undefined}
        aria-label={clickable ? name : undefined}
        onKeyDown={
          clickable
            ? (e: KeyboardEvent) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSquareClick(i);
                }
              }
            : undefined
        }
        onPointerDown={
          hasDrag
            ? (e: PointerEvent) => {
                if (setupEditable) startDrag(e, { from: 'sq', sq: i, rank: eff.get(i)! });
                else startDrag(e, { from: 'sq', sq: i, rank: isPiece(c) ? c.rank : '?' }, () => setSel(i));
              }
            : undefined
        }
      >
        {isPiece(c) ? <title>{pieceTitle(game, c, names)}</title> : showDraft && eff.has(i) ? <title>{rankName(game, eff.get(i)!)}</title> : null}
      </rect>,
    );
  }

  const labels = [];
  for (let k = 0; k < 10; k++) {
    const file = flip ? 9 - k : k;
    labels.push(
      <text class="coord" x={OX + k * S + S / 2} y={OY + 10 * S + 18} text-anchor="middle" key={`f${k}`}>
        {cfg.files[file]}
      </text>,
    );
    const row = flip ? k + 1 : 10 - k;
    labels.push(
      <text class="coord" x={OX - 6} y={OY + k * S + S / 2 + 5} text-anchor="end" key={`r${k}`}>
        {row}
      </text>,
    );
  }

  // Chromium takes no touch-action from an SVG element inside the <svg>: while the viewer has a
  // piece to drag, the whole board keeps touches for itself (a drag, not a scroll of the page).
  const canDrag = setupEditable ? eff.size > 0 : props.interactive && moves.length > 0;

  const armyName = String(props.options?.army ?? 'classic');
  const presets = presetsFor(game, armyName, locked.size > 0);
  const status = statusText(game, view, state, seat, names, mine, canConfirm, rescues.length > 0 || !!noRescue, presets.length > 0);

  return (
    <div class={`strat strat-${game}${flip ? ' flipped' : ''}`}>
      <p class="strat-status" data-testid="strat-status" role="status">
        {status}
      </p>
      <svg ref={svgRef} class={`strat-board${canDrag ? ' can-drag' : ''}`} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t(`${game}.board_label`)}>
        <rect x={OX - 3} y={OY - 3} width={10 * S + 6} height={10 * S + 6} rx="6" class="frame" />
        {squares}
        {marks}
        {pieces}
        {hints}
        {labels}
        {hits}
      </svg>
      {combat && <CombatLine game={game} combat={combat} names={names} />}
      {setupEditable && (
        <SetupControls
          game={game}
          cfg={cfg}
          seat={seat!}
          remaining={remaining}
          leftCount={leftCount}
          pick={pick}
          canConfirm={canConfirm}
          anyDraft={eff.size > 0}
          presets={presets}
          onPickRank={(rank) => setPick(pick?.kind === 'tray' && pick.rank === rank ? null : { kind: 'tray', rank })}
          onTrayPointerDown={(e, rank) => startDrag(e, { from: 'tray', rank })}
          onTrayClick={() => {
            if (pick?.kind === 'sq') setupDrop({ from: 'sq', sq: pick.sq, rank: eff.get(pick.sq) ?? '' }, 'tray');
          }}
          onPreset={(red) => {
            const s = presetFor(red, seat!);
            const next = new Map<number, string>();
            homeSquares(cfg, seat!).forEach((sq, k) => s[k] !== '.' && next.set(sq, s[k]));
            setDraft(next);
            setPick(null);
          }}
          onRandom={() => {
            let rest = '';
            for (const r of Object.keys(remaining)) rest += r.repeat(remaining[r]);
            setDraft(randomFill(cfg, seat!, eff, rest, (sq) => board[sq] !== null));
            setPick(null);
          }}
          onClear={() => {
            setDraft(new Map());
            setPick(null);
          }}
          onRemove={() => pick?.kind === 'sq' && setupDrop({ from: 'sq', sq: pick.sq, rank: eff.get(pick.sq) ?? '' }, 'tray')}
          onReady={confirmSetup}
        />
      )}
      {props.interactive && (rescues.length > 0 || noRescue) && (
        <div class="strat-controls">
          <span>{t('stratego.rescue_prompt')}</span>
          {[...new Set(rescues.map((r) => r.rank))].map((rank) => (
            <button
              key={rank}
              class={`chip${rescueRank === rank ? ' on' : ''}`}
              data-testid={`strat-rescue-${rank}`}
              onClick={() => setRescueRank(rescueRank === rank ? null : rank)}
              title={rankName(game, rank)}
            >
              <PieceIcon game={game} owner={seat ?? 0} rank={rank} size={30} />
            </button>
          ))}
          {noRescue && (
            <button data-testid="strat-no-rescue" onClick={() => props.act({ actions: [noRescue.id] })}>
              {t('stratego.no_rescue')}
            </button>
          )}
        </div>
      )}
      {props.interactive && claimDraw && (
        <div class="strat-controls">
          <button data-testid="strat-claim-draw" onClick={() => props.act({ actions: [claimDraw.id] })}>
            {t('espionage.claim_draw')}
          </button>
        </div>
      )}
      {ghost && (
        <div class="strat-ghost" style={{ left: `${ghost.x}px`, top: `${ghost.y}px`, width: `${ghost.size}px`, height: `${ghost.size}px` }}>
          <PieceIcon game={game} owner={seat ?? 0} rank={ghost.rank} size={ghost.size} />
        </div>
      )}
    </div>
  );
}

function Waves({ x, y }: { x: number; y: number }) {
  return (
    <g class="waves" transform={`translate(${x} ${y})`}>
      <path d="M8 22 q6 -5 12 0 t12 0 t12 0" />
      <path d="M14 38 q6 -5 12 0 t12 0 t12 0" />
    </g>
  );
}

function Volcano({ x, y }: { x: number; y: number }) {
  return (
    <g class="volcano-art" transform={`translate(${x} ${y})`}>
      <path d="M8 52 L24 20 L36 20 L52 52 Z" class="cone" />
      <path d="M24 20 L36 20 L33 27 L27 27 Z" class="lava" />
      <path d="M30 16 q-4 -6 0 -11 M24 15 q-5 -3 -4 -9 M36 15 q5 -3 4 -9" class="smoke" />
    </g>
  );
}

function pieceTitle(game: GameId, p: { owner: number; rank: string; known?: boolean; moved?: boolean }, names: string[]) {
  let s = `${names[p.owner] ?? ''}: ${rankName(game, p.rank)}`;
  if (p.known) s += ` (${t('stratego.known')})`;
  if (p.moved && p.rank === '?') s += ` (${t('stratego.moved')})`;
  return s;
}

interface Combat {
  attacker: { owner: number; rank: string };
  defender: { owner: number; rank: string };
  result: 'attacker' | 'defender' | 'both';
  square: string;
}

function combatOf(game: GameId, view: any, board: Cell[], lastTo: number): Combat | null {
  const lm = view?.last_move;
  if (!lm || lastTo < 0) return null;
  const there = board[lastTo];
  if (game === 'stratego') {
    const c = lm.combat;
    if (!c) return null;
    let attackerSeat: number;
    if (isPiece(there)) attackerSeat = c.result === 'attacker' ? there.owner : 1 - there.owner;
    else if (view.rescue_offered && typeof view.to_move === 'number') attackerSeat = view.to_move;
    else if (typeof view.to_move === 'number') attackerSeat = 1 - view.to_move;
    else attackerSeat = (view.play_plies ?? 1) % 2 === 1 ? 0 : 1;
    return {
      attacker: { owner: attackerSeat, rank: c.attacker ?? '?' },
      defender: { owner: 1 - attackerSeat, rank: c.defender ?? '?' },
      result: c.result === 'both' ? 'both' : c.result === 'defender' ? 'defender' : 'attacker',
      square: lm.to,
    };
  }
  if (!lm.removed || lm.removed === 'none' || !isPiece(there)) return null;
  const survivor = there;
  const attackerSeat = lm.removed === 'defender' ? survivor.owner : 1 - survivor.owner;
  return {
    attacker: { owner: attackerSeat, rank: lm.removed === 'defender' ? survivor.rank : '?' },
    defender: { owner: 1 - attackerSeat, rank: lm.removed === 'attacker' ? survivor.rank : '?' },
    result: lm.removed === 'attacker' ? 'defender' : 'attacker',
    square: lm.to,
  };
}

// Two views of the same moment of play: the same phase and count of moves.
function sameMoment(a: any, b: any): boolean {
  return !!a && !!b && a.phase === b.phase && a.play_plies === b.play_plies;
}

// A fighter whose rank the combat did not show (an Espionage combat shows none; the viewer's own
// piece that was removed is no longer on the board) takes it from the viewer's earlier view, where
// that view showed it: the viewer's own pieces, an enemy shown before. Only from a view at most two
// moves older, where the piece on the square is still the one that fought (a piece of the same owner
// there then was that one: another would have needed two moves of its owner to take its place).
function withEarlierRanks(cfg: GameConfig, combat: Combat | null, before: any, view: any): Combat | null {
  if (!combat || !before || before.phase !== 'play' || !Array.isArray(before.board)) return combat;
  const d = Number(view.play_plies) - Number(before.play_plies);
  if (!(d >= 1 && d <= 2)) return combat;
  const fill = (p: Combat['attacker'], sq: number) => {
    const was: Cell = before.board[sq];
    return p.rank === '?' && isPiece(was) && was.owner === p.owner && was.rank !== '?' ? { ...p, rank: was.rank } : p;
  };
  const lm = view.last_move;
  return { ...combat, attacker: fill(combat.attacker, parseSq(cfg, lm.from)), defender: fill(combat.defender, parseSq(cfg, lm.to)) };
}

function CombatLine({ game, combat, names }: { game: GameId; combat: Combat; names: string[] }) {
  const a = combat.attacker, d = combat.defender;
  const who = (p: { owner: number; rank: string }) =>
    p.rank === '?' ? t('stratego.side_piece', { side: names[p.owner] ?? '' }) : t('stratego.side_rank', { side: names[p.owner] ?? '', rank: rankName(game, p.rank) });
  const outcome =
    combat.result === 'both' ? t('stratego.combat_both') : combat.result === 'attacker' ? t('stratego.combat_attacker_wins') : t('stratego.combat_defender_wins');
  return (
    <div class="strat-combat" data-testid="strat-combat" key={`${combat.square}-${a.rank}-${d.rank}`}>
      <span class={`fighter${combat.result === 'defender' || combat.result === 'both' ? ' lost' : ' won'}`}>
        <PieceIcon game={game} owner={a.owner} rank={a.rank} size={34} />
      </span>
      <span class="vs" aria-hidden="true">
        ⚔
      </span>
      <span class={`fighter${combat.result === 'attacker' || combat.result === 'both' ? ' lost' : ' won'}`}>
        <PieceIcon game={game} owner={d.owner} rank={d.rank} size={34} />
      </span>
      <span class="combat-text">
        {t('stratego.combat', { attacker: who(a), defender: who(d), square: combat.square })} <b>{outcome}</b>
      </span>
    </div>
  );
}

// The presets offered for this army: Stratego's, while nothing is placed yet by the move box.
function presetsFor(game: GameId, army: string, anyLocked: boolean) {
  return game === 'stratego' && !anyLocked ? PRESETS.filter((x) => x.army === army) : [];
}

function statusText(
  game: GameId,
  view: any,
  state: BoardProps['state'],
  seat: number | null,
  names: string[],
  mine: boolean,
  canConfirm: boolean,
  rescue: boolean,
  presets: boolean,
): string {
  const phase = view?.phase;
  const toMove = typeof view?.to_move === 'number' ? names[view.to_move] ?? '' : '';
  if (phase === 'volcanoes') return t('espionage.status_volcanoes');
  if (phase === 'lot') return t('espionage.status_lot');
  if (phase === 'over' || state?.over) return t('stratego.status_over');
  if (phase === 'setup') {
    if (seat === null) return t('stratego.status_setup_watch', { name: toMove });
    if (!mine) return t('stratego.status_setup_done', { name: names[1 - seat] ?? '' });
    if (canConfirm) return game === 'stratego' && !presets ? t('stratego.status_setup_yours_random') : t(`${game}.status_setup_yours`);
    return t('stratego.status_setup_early', { name: toMove });
  }
  if (state?.your_turn) {
    if (rescue) return t('stratego.status_rescue');
    if (game === 'espionage' && (view?.mid_turn || state.mid_turn)) return t('espionage.status_second_move');
    return game === 'espionage' ? t('espionage.status_your_turn') : t('stratego.status_your_turn');
  }
  return t('stratego.status_their_turn', { name: toMove });
}

interface SetupControlsProps {
  game: GameId;
  cfg: GameConfig;
  seat: number;
  remaining: Record<string, number>;
  leftCount: number;
  pick: Pick;
  canConfirm: boolean;
  anyDraft: boolean;
  presets: { name: string; red: string }[];
  onPickRank: (rank: string) => void;
  onTrayPointerDown: (e: PointerEvent, rank: string) => void;
  onTrayClick: () => void;
  onPreset: (red: string) => void;
  onRandom: () => void;
  onClear: () => void;
  onRemove: () => void;
  onReady: () => void;
}

function SetupControls(p: SetupControlsProps) {
  const ranks = p.cfg.order.filter((r) => p.remaining[r] !== undefined);
  return (
    <div class="strat-setup">
      <div class="strat-tray" data-testid="strat-tray" onClick={(e) => e.target === e.currentTarget && p.onTrayClick()}>
        {p.leftCount === 0 ? (
          <span class="muted small">{t('stratego.tray_empty')}</span>
        ) : (
          ranks.map((rank) => {
            const n = p.remaining[rank] ?? 0;
            const on = p.pick?.kind === 'tray' && p.pick.rank === rank;
            return (
              <button
                key={rank}
                class={`tray-piece${on ? ' on' : ''}${n === 0 ? ' none' : ''}`}
                data-testid={`strat-tray-${rank}`}
                data-rank={rank}
                disabled={n === 0}
                title={rankName(p.game, rank)}
                aria-pressed={on}
                onClick={() => p.onPickRank(rank)}
                onPointerDown={(e) => n > 0 && p.onTrayPointerDown(e as unknown as PointerEvent, rank)}
              >
                <PieceIcon game={p.game} owner={p.seat} rank={rank} size={40} />
                <span class="count">×{n}</span>
              </button>
            );
          })
        )}
      </div>
      <div class="strat-buttons">
        {p.presets.map((x) => (
          <button key={x.name} data-testid={`strat-preset-${x.name}`} onClick={() => p.onPreset(x.red)}>
            {t(`stratego.preset.${x.name}`)}
          </button>
        ))}
        <button data-testid="strat-random" onClick={p.onRandom}>
          {p.anyDraft ? t('stratego.fill_random') : t('stratego.random')}
        </button>
        {p.anyDraft && (
          <button data-testid="strat-clear" onClick={p.onClear}>
            {t('stratego.clear')}
          </button>
        )}
        {p.pick?.kind === 'sq' && (
          <button data-testid="strat-remove" onClick={p.onRemove}>
            {t('stratego.remove')}
          </button>
        )}
        <button class="primary" data-testid="strat-ready" disabled={!p.canConfirm || p.leftCount > 0} onClick={p.onReady}>
          {p.leftCount > 0 ? t('stratego.ready_left', { n: p.leftCount }) : p.canConfirm ? t('stratego.ready') : t('stratego.ready_wait')}
        </button>
      </div>
    </div>
  );
}

function Preview() {
  const cells = [];
  const lakes = new Set([42, 43, 46, 47, 52, 53, 56, 57]);
  for (let i = 0; i < 100; i++) {
    const f = i % 10, r = Math.floor(i / 10);
    const x = 30 + f * 10, y = 2 + (9 - r) * 10;
    cells.push(<rect x={x} y={y} width="10" height="10" fill={lakes.has(i) ? '#7fb3d5' : (f + r) % 2 ? '#bcd69c' : '#c9e0ab'} />);
    const owner = r < 4 ? 0 : r > 5 ? 1 : -1;
    if (owner >= 0 && (i * 7) % 5 !== 0) {
      cells.push(
        <g transform={`translate(${x} ${y}) scale(${10 / 60})`}>
          <PieceArt game="stratego" owner={owner} rank={owner === 0 ? '?' : '?'} />
        </g>,
      );
    }
  }
  return (
    <svg viewBox="0 0 160 104" class="strat-preview">
      <rect x="0" y="0" width="160" height="104" fill="#ece6d8" />
      {cells}
      <g fill={SIDE_FILL[0]}>
        <SideMark owner={0} x={14} y={82} r={7} />
      </g>
      <g fill={SIDE_FILL[1]}>
        <SideMark owner={1} x={146} y={22} r={7} />
      </g>
    </svg>
  );
}

export const strategoBoard: BoardModule = {
  Board: StrategoBoard,
  Preview,
  Panel: StrategoPanel,
  reveal,
};
