// The Stratego and Espionage board component. It draws the viewer's own view: its own pieces with
// their ranks, the enemy's as backs until shown. Setup by drag and drop (or tap a piece, then a
// square), a preset or a random arrangement, sent as one command; play by picking a piece and one
// of its legal destinations (from state.legal). The state lives in setup.ts and play.ts, the
// pointer in drag.tsx; this puts them together and lays out the layers and controls.
import { useMemo } from 'preact/hooks';
import { seatName } from '../../games';
import { t } from '../../i18n';
import { useRoving } from '../keyboard';
import { useZoom, ZoomBox, ZoomButton } from '../zoom';
import type { BoardProps } from '../types';
import type { ArmyView } from './model';
import { ClaimDraw, RescueControls } from './controls';
import { CombatPop, useBoardScale } from './combat-pop';
import { useCombatPop, useCombats } from './combats';
import { DragGhost, type DragInfo, type DropTarget, useDrag } from './drag';
import { H, S, squareXY, W } from './geometry';
import { HitLayer } from './hits';
import { Hints, Marks, PieceLayer } from './layers';
import { type Cell, type GameConfig, parseSq, seatOf, sqName } from './model';
import { useMoment } from './moment';
import { usePlay } from './play';
import { sceneOf } from './scene';
import { useSetup } from './setup';
import { SetupControls } from './setup-controls';
import { statusText } from './status';
import { Coords, Squares } from './terrain';
import './hidden-army.css';

export function HiddenArmyBoard(props: BoardProps<ArmyView> & { cfg: GameConfig }) {
  const { cfg, state } = props;
  const game = cfg.id;
  const view = state?.view ?? {};
  const board: Cell[] = Array.isArray(view.board) ? view.board : Array(100).fill(null);
  const seat = seatOf(props.you);
  const flip = seat === 1;
  const names = (props.seatNames ?? ['Red', 'Blue']).map(seatName);

  const setup = useSetup(cfg, props, seat, board);
  const play = usePlay(cfg, props);
  const moment = useMoment(cfg, view, board, seat);
  const combats = useCombats(cfg, props, board, moment.before);
  const pop = useCombatPop(combats.fresh, props.lastSteps, props.interactive && !state?.your_turn && !state?.over);
  const drag = useDrag(cfg, (info: DragInfo, target: DropTarget) => {
    if (setup.editable) return setup.drop(info, target);
    if (info.from === 'sq' && typeof target === 'number') play.moveTo(info.sq, target);
  });
  const onSquareClick = (sq: number) => {
    if (drag.clickSuppressed()) return;
    if (setup.editable) setup.click(sq);
    else play.click(sq);
  };

  // Zoomed in on a phone (44 px squares, the board wider than the screen), a touch pans the board
  // and a piece moves by tapping it, then its square: a drag would fight the pan.
  const zoom = useZoom(game);
  const startDrag: typeof drag.start = (e, info, onStart) => {
    if (zoom.on && e.pointerType === 'touch') return;
    drag.start(e, info, onStart);
  };
  const scale = useBoardScale(drag.svgRef);
  const scene = sceneOf(cfg, props, { board, flip, seat, names, setup, play }, moment);
  // The keyboard: the squares' centres as drawn, entered at the piece picked or one that may move.
  const spots = useMemo(
    () => Array.from({ length: 100 }, (_, i) => {
      const [x, y] = squareXY(i, flip);
      return { id: sqName(cfg, i), x: x + S / 2, y: y + S / 2 };
    }),
    [cfg, flip],
  );
  const movable = props.interactive && play.moves.length ? play.moves[0].from : null;
  const nav = useRoving(
    spots,
    'data-square',
    [play.sel !== null ? sqName(cfg, play.sel) : null, movable !== null ? sqName(cfg, movable) : null],
    (name) => onSquareClick(parseSq(cfg, name)),
    () => play.setSel(null),
  );
  // Chromium takes no touch-action from an SVG element inside the <svg>: while the viewer has a
  // piece to drag, the whole board keeps touches for itself (a drag, not a scroll of the page).
  const canDrag = !zoom.on && (setup.editable ? setup.eff.size > 0 : props.interactive && play.moves.length > 0);
  const rescue = play.rescues.length > 0 || !!play.noRescue;
  const status = statusText(game, view, state, {
    seat,
    names,
    mine: setup.mine,
    canConfirm: setup.canConfirm,
    rescue,
    presets: setup.presets.length > 0,
  });

  return (
    <div class={`strat strat-${game}${flip ? ' flipped' : ''}`}>
      <p class="strat-status" data-testid="strat-status" role="status">
        {status}
      </p>
      <ZoomBox zoom={zoom}>
      <svg ref={drag.svgRef} class={`strat-board${canDrag ? ' can-drag' : ''}`} viewBox={`0 0 ${W} ${H}`} role="application" aria-label={`${t(`${game}.board_label`)}: ${t('a11y.board_keys')}`} {...nav.container}>
        <Squares cfg={cfg} board={board} flip={flip} seat={seat} setupPhase={setup.setupPhase} />
        <Marks scene={scene} />
        <PieceLayer scene={scene} />
        <Hints scene={scene} />
        <Coords cfg={cfg} flip={flip} />
        {pop && <CombatPop cfg={cfg} combat={pop} flip={flip} scale={scale} names={names} />}
        <HitLayer scene={scene} nav={nav} onClick={onSquareClick} startDrag={startDrag} />
      </svg>
      </ZoomBox>
      <div class="strat-zoom-row">
        <ZoomButton zoom={zoom} />
      </div>
      {setup.editable && (
        <SetupControls cfg={cfg} seat={seat!} setup={setup} onTrayPointerDown={(e, rank) => drag.start(e, { from: 'tray', rank })} />
      )}
      {props.interactive && rescue && <RescueControls game={game} seat={seat} play={play} act={props.act} />}
      {props.interactive && play.claimDraw && <ClaimDraw id={play.claimDraw.id} act={props.act} />}
      <DragGhost game={game} owner={seat ?? 0} ghost={drag.ghost} />
    </div>
  );
}
