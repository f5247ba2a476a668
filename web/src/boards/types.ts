import type { JSX } from 'preact';
import type { Fact, GameState, Move, View, Viewer } from '../types';

// What every board component receives. A board draws `state.view` (the viewer's own view: it
// never holds what the viewer may not know; typed as its game's) and turns clicks into moves among
// `state.legal`.
export interface BoardProps<V extends View = View> {
  game: string;
  options: Record<string, unknown>;
  state: GameState<V>;
  you: Viewer;
  seatNames: string[];
  // What happened last, as facts: what the board draws of the last event comes from these.
  lastSteps: Fact[];
  // False in the replay viewer and for spectators: draw only.
  interactive: boolean;
  act: (move: Move) => void;
}

// What the move list needs to word a game's steps: the seats' names as the match gives them.
export interface WordsContext {
  seatNames: string[];
}

// Each method is written as a method so that a game's module (its own view type) is a module of
// any view.
export interface BoardModule<V extends View = View> {
  Board(props: BoardProps<V>): JSX.Element;
  // A small drawing of the empty board for the home page.
  Preview(): JSX.Element;
  // The side panel beside the board (hands, objectives, captured pieces); optional.
  Panel?(props: BoardProps<V>): JSX.Element | null;
  // "Everything revealed" for the replay viewer: one view made of every seat's own view at the
  // same ply (each seat's secrets come from that seat's view). Optional: without it the replay
  // shows the views seat by seat only.
  reveal?(views: V[]): V;
  // The move list's lines for one event's steps, worded in the interface's language from the
  // facts (i18n templates, one per kind of fact).
  words(steps: Fact[], context: WordsContext): string[];
}
