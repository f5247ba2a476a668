// Everything the SVG layers draw, worked out once per render from the view, the setup draft and
// the play's choices.
import type { BoardProps } from '../types';
import type { ArmyView } from './model';
import { type Moment, withEarlierRanks } from './moment';
import { type Cell, type Combat, type GameConfig, type GameId, isPiece, parseSq, stepsMoved } from './model';
import type { Play } from './play';
import { type Setup, setupDone } from './setup';

export interface Scene {
  cfg: GameConfig;
  game: GameId;
  board: Cell[];
  flip: boolean;
  seat: number | null;
  names: string[];
  interactive: boolean;
  setup: Setup;
  play: Play;
  // The last move: its squares (-1 when none), a key that changes with each move, whether the
  // play is on (a move to animate), and the earlier moves of the same event (Espionage's first).
  lastFrom: number;
  lastTo: number;
  moveKey: string;
  playing: boolean;
  earlier: [number, number][];
  // The picked Spy's square, whose attack range is drawn; the draft is drawn while it may change.
  spyRange: number | null;
  showDraft: boolean;
  pickedSq: number | null;
  revealed: Set<number>;
  combat: Combat | null;
}

export function sceneOf(
  cfg: GameConfig,
  props: BoardProps<ArmyView>,
  base: { board: Cell[]; flip: boolean; seat: number | null; names: string[]; setup: Setup; play: Play },
  moment: Moment,
): Scene {
  const view = props.state?.view ?? {};
  const { board, seat, setup, play } = base;
  const phase: string = view.phase ?? 'setup';
  const playing = phase === 'play' || phase === 'over';
  const lm = view.last_move;
  const lastFrom = lm ? parseSq(cfg, lm.from) : -1;
  const lastTo = lm ? parseSq(cfg, lm.to) : -1;
  const selPiece = play.sel !== null ? board[play.sel] : null;
  return {
    ...base,
    cfg,
    game: cfg.id,
    interactive: props.interactive,
    lastFrom,
    lastTo,
    moveKey: lm ? `${lm.from}-${lm.to}-${view.play_plies ?? ''}` : '',
    playing,
    earlier: playing ? stepsMoved(cfg, props.lastSteps).filter(([a, b]) => a !== lastFrom || b !== lastTo) : [],
    spyRange: cfg.spyRank !== null && isPiece(selPiece) && selPiece.rank === cfg.spyRank ? play.sel : null,
    showDraft: seat !== null && setup.setupPhase && !setupDone(view, seat),
    pickedSq: setup.pick?.kind === 'sq' ? setup.pick.sq : null,
    revealed: moment.revealed,
    combat: withEarlierRanks(cfg, cfg.combat(view, board, lastTo), moment.before, view),
  };
}
