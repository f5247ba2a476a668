// The protocol's shapes (docs/PROTOCOL.md), as the client uses them.

export type Seat = number;
export type Viewer = Seat | 'spectator';

// The frames, views and facts are generated from the protocol's JSON Schemas (schemas/): the
// server's frames are checked against the same schemas in its tests.
export type {
  ArmyLost,
  ArmyMove,
  ArmySetup,
  HiddenPlacement,
  ArmyPiece,
  Combat,
  ConspiradoresFact,
  ConspiradoresView,
  DablotFact,
  DablotView,
  DraftFrame,
  ErrorFrame,
  EspionageFact,
  EspionageView,
  EventFrame,
  Fact,
  JoinedFrame,
  LegalAction,
  MatchFact,
  MatchState,
  Presence,
  ReplayAnswer,
  ReplayFrame,
  ServerFrame,
  StrategoFact,
  StrategoView,
  View,
  WarFact,
  WarCardView,
  WarObjectiveCard,
  WarSeat,
  WarView,
} from './generated/protocol';
import type { Fact, MatchState, View } from './generated/protocol';

// A match's state whose view is known to be one game's.
export type GameState<V extends View> = Omit<MatchState, 'view'> & { view: V };

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
  seat_names: Record<string, string[]>;  // by number of players
  has_chance: boolean;
  hidden_information: boolean;
  draw_by_agreement: boolean;
  rules_version: string;
  options: GameOption[];
  bots: { name: string; help: string }[];
  // The bot levels, weakest first, with the ladder's rating for the default options (docs/BOTS.md).
  levels?: { name: string; elo?: number; error95?: number; games?: number }[];
}

// One line of the move list: an event (live) or a record entry (replay).
export interface MoveLine {
  event: number;
  by: Seat | 'chance' | null;
  text: string;
  steps: Fact[];
  // The players' moves through this line (the record's count): on a move's line, its number.
  moves?: number;
}

// A move the player makes: action ids from `legal`, or a command as typed in the terminal.
export type Move = { actions: number[] } | { turn: string };
