// The protocol's shapes (docs/PROTOCOL.md), as the client uses them.

export type Seat = number;
export type Viewer = Seat | 'spectator';

export interface LegalAction {
  id: number;
  text: string;
}

// STATE: computed by the server for this viewer only.
export interface MatchState {
  view: any;
  over: boolean;
  mid_turn: boolean;
  your_turn: boolean;
  to_act: Seat | 'chance' | null;
  legal: LegalAction[];
  result?: string[];
  draw_offer?: Seat;
}

export interface GameOption {
  name: string;
  type: 'bool' | 'int' | 'string';
  default: string | number | boolean;
  help: string;
  min?: number;
  max?: number;
  choices?: string[];
}

export interface GameInfo {
  id: string;
  name: string;
  summary: string;
  seat_counts: number[];
  has_chance: boolean;
  hidden_information: boolean;
  draw_by_agreement: boolean;
  rules_version: string;
  options: GameOption[];
  bots: { name: string; help: string }[];
}

// One line of the move list: an event (live) or a record entry (replay).
export interface MoveLine {
  event: number;
  by: Seat | 'chance' | null;
  text: string;
}

// A move the player makes: action ids from `legal`, or a command as typed in the terminal.
export type Move = { actions: number[] } | { turn: string };
