// The board of the hidden-army games, Stratego and Espionage: one module made for a game's
// configuration (boards/stratego/config.ts, boards/espionage/config.ts). Its parts, one job each:
//   model.ts        cells, squares, the moves and placements among the legal actions
//   setup.ts        the setup draft (state) and what clicks and drops do to it
//   play.ts         the piece picked in play, rescues, and what clicks do
//   drag.tsx        dragging with pointer events, and the piece under the finger
//   moment.ts       what changed since the previous view: ranks shown, the combat's fighters
//   combats.ts      the combats seen (the last event's steps), and the one shown over the board
//   combat-pop.tsx  that combat over the board, by its square, for a few seconds
//   scene.ts        what the SVG layers draw, worked out once per render; geometry.ts, where
//   terrain.tsx, layers.tsx, hits.tsx   the SVG layers, bottom to top
//   board.tsx       the component: puts the above together and lays out the board and controls
//   status.ts       the status line above the board
//   controls.tsx, setup-controls.tsx    the controls under the board (and the combat in words)
//   panel.tsx, preview.tsx, reveal.ts   the side panel, the home page's drawing, the replay's merge
import type { BoardModule, BoardProps } from '../types';
import type { ArmyView } from './model';
import { HiddenArmyBoard } from './board';
import type { GameConfig } from './model';
import { HiddenArmyPanel } from './panel';
import { Preview } from './preview';
import { reveal } from './reveal';
import type { WordsContext } from '../types';
import type { Fact } from '../../types';

export function hiddenArmyBoard(cfg: GameConfig, words: (steps: Fact[], context: WordsContext) => string[]): BoardModule<ArmyView> {
  return {
    Board: (props: BoardProps<ArmyView>) => <HiddenArmyBoard cfg={cfg} {...props} />,
    Preview,
    Panel: (props: BoardProps<ArmyView>) => <HiddenArmyPanel cfg={cfg} {...props} />,
    reveal,
    words,
  };
}
