import type { JSX } from 'preact';
import type { Fact, MatchState, Move, Viewer } from '../types';

// What every board component receives. A board draws `state.view` (the viewer's own view: it
// never holds what the viewer may not know) and turns clicks into moves among `state.legal`.
export interface BoardProps {
  game: string;
  options: Record<string, unknown>;
  state: MatchState;
  you: Viewer;
  seatNames: string[];
  // The text of the last event as this viewer was told it ("f6-e6", "attacked ... 3-1 vs 2").
  lastText: string;
  // The same as facts: what the board draws of the last event comes from these.
  lastSteps: Fact[];
  // False in the replay viewer and for spectators: draw only.
  interactive: boolean;
  act: (move: Move) => void;
}

export interface BoardModule {
  Board: (props: BoardProps) => JSX.Element;
  // A small drawing of the empty board for the home page.
  Preview: () => JSX.Element;
  // The side panel beside the board (hands, objectives, captured pieces); optional.
  Panel?: (props: BoardProps) => JSX.Element | null;
  // "Everything revealed" for the replay viewer: one view made of every seat's own view at the
  // same ply (each seat's secrets come from that seat's view). Optional: without it the replay
  // shows the views seat by seat only.
  reveal?: (views: any[]) => any;
  // A line of the move list as players read it (WAR: territory ids as the board names them);
  // optional, the server's text otherwise.
  moveText?: (text: string) => string;
}
