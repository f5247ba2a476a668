// The protocol's shapes (docs/PROTOCOL.md), as the client uses them.

export type Seat = number;
export type Viewer = Seat | 'spectator';

// --- Facts: what an action or an event means, as data (docs/PROTOCOL.md, "Facts"). The client
// words them itself; it never reads the meaning out of `text`.

// The match's own events, for every game.
export type MatchFact =
  | { kind: 'begin' }
  | { kind: 'resign' | 'offer_draw' | 'agree_draw'; seat: Seat | null }
  | { kind: 'ended'; ending: string };

// A game that has not said more than words yet (WAR, WAR-II), and an id that is no action here.
export type WordsFact = { kind: 'words'; text: string } | { kind: 'invalid'; action: number };

// Stratego and Espionage. Ranks are rank characters, squares as the notation writes them ("e4").
export interface Combat {
  attacker: string | null;
  defender: string | null; // null: the viewer did not see it
  result: 'attacker' | 'defender' | 'both';
}
export type HiddenArmyFact =
  | { kind: 'place' | 'rescue'; rank: string; square: string }
  | { kind: 'hidden_placement' | 'no_rescue' | 'claim_draw' }
  | { kind: 'volcano'; square: string }
  | { kind: 'move'; from: string; to: string; attack: boolean; combat?: Combat }
  | { kind: 'setup'; seat: Seat; complete: boolean; army?: string; placed?: HiddenArmyFact[] };

// Dablot (points 1 to 72, pieces by their view letter) and Conspiradores (points "G9").
export type LineFact =
  | { kind: 'first'; seat: Seat }
  | { kind: 'stop' }
  | { kind: 'step'; from: number | string; to: number | string }
  | { kind: 'jump'; from: number | string; to: number | string; over?: number; taken?: string | null }
  | { kind: 'order'; order: Seat[] }
  | { kind: 'place'; point: string };

// WAR and WAR-II: territories and cards named as the notation names them ("brasil",
// "novayork+mexico", "n2", "joker"), seats by number; what the viewer may not know is left out
// (another seat's card or objective, a trade's cards before it is played).
export type WarFact =
  | { kind: 'claim' | 'centre'; territory: string }
  | { kind: 'place'; territory: string; count: number }
  | { kind: 'attack'; from: string; to: string; dice: number }
  | { kind: 'occupy'; count: number }
  | { kind: 'move' | 'carry' | 'airlift'; from: string; to: string; count: number }
  | { kind: 'end' | 'done' }
  | { kind: 'trade'; cards?: string[] }
  | { kind: 'air'; to: string; bombers: number }
  | { kind: 'use'; card: string; territory?: string }
  | { kind: 'add' | 'discard'; card: string }
  | { kind: 'transport'; from: string; to: string }
  | { kind: 'spy'; seat: Seat }
  | { kind: 'centre_move' | 'centre_transport'; seat: Seat; territory: string }
  | { kind: 'dealer'; seat: Seat }
  | { kind: 'deal'; seat: Seat; territory?: string; card?: string }
  | { kind: 'objective'; seat: Seat; objective?: number }
  | { kind: 'draw'; seat: Seat; card?: string }
  | { kind: 'take'; seat: Seat; from: Seat; card?: string }
  | { kind: 'roll'; from: string; to: string; attack: number[]; defence: number[]; lost: number; destroyed: number; conquered?: boolean; eliminated?: Seat }
  | { kind: 'air_round'; target?: string; shot: number; destroyed: number };

export type Fact = MatchFact | WordsFact | HiddenArmyFact | LineFact | WarFact;

export interface LegalAction {
  id: number;
  text: string;
  facts: Fact;
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
  steps: Fact[];
}

// A move the player makes: action ids from `legal`, or a command as typed in the terminal.
export type Move = { actions: number[] } | { turn: string };
