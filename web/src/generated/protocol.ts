// Generated from schemas/*.schema.json by web/scripts/schema-types.mjs: do not edit; change a
// schema and run `node scripts/schema-types.mjs` in web/.

/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Seat".
 */
export type Seat = number;
/**
 * The match's own events, in every game.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "MatchFact".
 */
export type MatchFact =
  | {
      kind: 'begin';
    }
  | {
      kind: 'resign' | 'offer_draw' | 'agree_draw' | 'timeout' | 'claim_win' | 'abandon';
      seat: Seat | null;
    }
  | {
      kind: 'ended';
      ending: 'resignation' | 'time' | 'abandoned' | 'agreement';
    }
  | {
      kind: 'invalid';
      action: number;
    };
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Square".
 */
export type Square = string;
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Rank".
 */
export type Rank = string;
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "HiddenPlacement".
 */
export type HiddenPlacement =
  | {
      kind: 'place';
      rank: Rank;
      square: Square;
    }
  | {
      kind: 'hidden_placement';
    };
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "StrategoFact".
 */
export type StrategoFact =
  | MatchFact
  | HiddenPlacement
  | ArmyMove
  | ArmySetup
  | {
      kind: 'rescue';
      rank: Rank;
      square: Square;
    }
  | {
      kind: 'no_rescue';
    };
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "EspionageFact".
 */
export type EspionageFact =
  | MatchFact
  | HiddenPlacement
  | ArmyMove
  | ArmySetup
  | {
      kind: 'volcano';
      square: Square;
    }
  | {
      kind: 'first';
      seat: Seat;
    }
  | {
      kind: 'claim_draw';
    };
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "DablotPoint".
 */
export type DablotPoint = number;
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "DablotFact".
 */
export type DablotFact =
  | MatchFact
  | {
      kind: 'first';
      seat: Seat;
    }
  | {
      kind: 'stop';
    }
  | {
      kind: 'step';
      from: DablotPoint;
      to: DablotPoint;
    }
  | {
      kind: 'jump';
      from: DablotPoint;
      over: DablotPoint;
      to: DablotPoint;
      /**
       * The taken piece's letter, as the view writes it.
       */
      taken: DablotPiece | null;
    };
/**
 * A Dablot piece as the view writes it: S, P, K the Sámi soldier, Prince and King; s, p, l the Swedish soldier, Landlord's Son and Landlord.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "DablotPiece".
 */
export type DablotPiece = 'S' | 'P' | 'K' | 's' | 'p' | 'l';
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ConspiradoresPoint".
 */
export type ConspiradoresPoint = string;
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ConspiradoresFact".
 */
export type ConspiradoresFact =
  | MatchFact
  | {
      kind: 'order';
      /**
       * @minItems 2
       * @maxItems 4
       */
      order: Seat[];
    }
  | {
      kind: 'place';
      point: ConspiradoresPoint;
    }
  | {
      kind: 'step' | 'jump';
      from: ConspiradoresPoint;
      to: ConspiradoresPoint;
    }
  | {
      kind: 'stop';
    };
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Territory".
 */
export type Territory = string;
/**
 * A card as the notation names it: a territory ('brasil'), a WAR-II card ('novayork+mexico', 'n2') or 'joker'.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "WarCard".
 */
export type WarCard = string;
/**
 * @minItems 1
 * @maxItems 3
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Dice".
 */
export type Dice = number[];
/**
 * WAR and WAR-II. Territories and cards named as the notation names them, seats by number; another seat's card or objective is left out where the viewer may not see it.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "WarFact".
 */
export type WarFact =
  | MatchFact
  | {
      kind: 'claim' | 'centre';
      territory: Territory;
    }
  | {
      kind: 'place';
      territory: Territory;
      count: number;
    }
  | {
      kind: 'attack';
      from: Territory;
      to: Territory;
      dice: number;
    }
  | {
      kind: 'occupy';
      count: number;
      to?: Territory;
    }
  | {
      kind: 'move' | 'carry' | 'airlift';
      from: Territory;
      to: Territory;
      count: number;
    }
  | {
      kind: 'end';
      /**
       * the step it ends
       */
      ends?: 'reinforcement' | 'attacks' | 'movement';
    }
  | {
      kind: 'done';
      finishes?: 'card_use' | 'transport';
      territory?: Territory;
      amount?: number;
      for?: 'armies' | 'bombers';
      numbers?: WarCard[];
      /**
       * @minItems 2
       * @maxItems 2
       */
      between?: Territory[];
      from?: Territory;
      to?: Territory;
    }
  | {
      kind: 'trade';
      /**
       * @minItems 3
       * @maxItems 3
       */
      cards?: WarCard[];
      combination?: number;
      /**
       * once played: the armies it gives
       */
      armies?: number;
      /**
       * once played: the territories of its cards the trader holds (2 armies more on each)
       */
      bonus?: Territory[];
    }
  | {
      kind: 'air';
      to: Territory;
      bombers: number;
    }
  | {
      kind: 'use';
      card: WarCard;
      territory?: Territory;
    }
  | {
      kind: 'add' | 'discard';
      card: WarCard;
      /**
       * a card paid for an Information Centre transport
       */
      paid?: boolean;
    }
  | {
      kind: 'transport';
      from: Territory;
      to: Territory;
    }
  | {
      kind: 'spy' | 'dealer';
      seat: Seat;
    }
  | {
      kind: 'centre_move' | 'centre_transport';
      seat: Seat;
      territory: Territory;
    }
  | {
      kind: 'deal';
      seat: Seat;
      territory?: Territory;
      card?: WarCard;
    }
  | {
      kind: 'objective';
      seat: Seat;
      objective?: number;
    }
  | {
      kind: 'draw';
      seat: Seat;
      card?: WarCard;
    }
  | {
      kind: 'take';
      seat: Seat;
      from: Seat;
      card?: WarCard;
    }
  | {
      kind: 'roll';
      from: Territory;
      to: Territory;
      attack: Dice;
      defence: Dice;
      lost: number;
      destroyed: number;
      conquered?: boolean;
      eliminated?: Seat;
    }
  | {
      kind: 'air_round';
      target?: Territory;
      shot: number;
      destroyed: number;
    };
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Outcome".
 */
export type Outcome = 'win' | 'loss' | 'draw';
/**
 * What a seen objective card asks (war.h, ObjectiveFacts).
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "WarObjectiveCard".
 */
export type WarObjectiveCard =
  | {
      kind: 'not_drawn';
    }
  | {
      kind: 'reduced';
      strategic_centres: number;
    }
  | {
      kind: 'card';
      number: number;
      continents?: string[];
      any_continents?: number;
      territories?: number;
      min_armies?: number;
      destroy?: string;
      fallback_territories?: number;
      fallen_back?: boolean;
      strategic_centres?: number;
      ce_min_armies?: number;
      ce_continents?: string[];
      ce_distinct_continents?: number;
    };
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "View".
 */
export type View = WarView | StrategoView | EspionageView | DablotView | ConspiradoresView;
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Fact".
 */
export type Fact = WarFact | StrategoFact | EspionageFact | DablotFact | ConspiradoresFact;
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Steps".
 */
export type Steps = Fact[];
/**
 * Who is at the table, per seat: 'bot'; 'invited' (no one has come to the seat yet); 'connected' (someone holds it now); 'away' (someone came, and is not connected now). It says nothing of the game.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Presence".
 */
export type Presence = ('bot' | 'invited' | 'connected' | 'away')[];
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ServerFrame".
 */
export type ServerFrame =
  | HelloFrame
  | JoinedFrame
  | EventFrame
  | DraftFrame
  | ErrorFrame
  | LeftFrame
  | PongFrame
  | PresenceFrame
  | LobbyFrame
  | SeekPostedFrame
  | SeekAddedFrame
  | SeekRemovedFrame
  | SeekAcceptedFrame
  | SeekCancelledFrame
  | InvitationFrame
  | DeclinedFrame
  | MatchReadyFrame
  | RematchOfferFrame
  | ChatFrame
  | AwaitingFrame;

export interface QuartelProtocol {}
/**
 * A combat as the viewer learnt it: the ranks (null where the viewer did not see one) and who won.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Combat".
 */
export interface Combat {
  attacker: Rank | null;
  defender: Rank | null;
  result: 'attacker' | 'defender' | 'both';
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ArmyMove".
 */
export interface ArmyMove {
  kind: 'move';
  from: Square;
  to: Square;
  attack: boolean;
  combat?: Combat;
}
/**
 * A setup as one step: 'army' (complete) or 'placed' (so far) to its own seat only.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ArmySetup".
 */
export interface ArmySetup {
  kind: 'setup';
  seat: Seat;
  complete: boolean;
  army?: string;
  placed?: HiddenPlacement[];
}
/**
 * A piece of Stratego or Espionage: its rank character, '?' where the viewer does not see it.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ArmyPiece".
 */
export interface ArmyPiece {
  owner: Seat;
  rank: string;
  moved: boolean;
  /**
   * its rank was shown to the opponent
   */
  known: boolean;
  /**
   * Espionage: the square it may not go back to this turn.
   */
  no_return?: Square | null;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ArmyLost".
 */
export interface ArmyLost {
  /**
   * the ranks seen, one character each
   */
  pieces: string;
  hidden: number;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "StrategoView".
 */
export interface StrategoView {
  game: 'stratego';
  phase: 'setup' | 'play' | 'over';
  to_move: Seat | null;
  /**
   * @minItems 100
   * @maxItems 100
   */
  board: (null | 'lake' | ArmyPiece)[];
  /**
   * @minItems 2
   * @maxItems 2
   */
  to_place: {
    count: number | null;
    pieces: string | null;
  }[];
  /**
   * @minItems 2
   * @maxItems 2
   */
  setup_done: boolean[];
  /**
   * @minItems 2
   * @maxItems 2
   */
  lost: ArmyLost[];
  /**
   * the viewer's own setup string
   */
  setup: string | null;
  last_move: null | {
    from: Square;
    to: Square;
    combat: null | {
      attacker: string;
      defender: string;
      result: 'attacker' | 'defender' | 'both';
    };
    scout_shown: boolean;
    rescue: null | {
      rank: string;
      square: Square;
    };
  };
  rescue_offered: boolean;
  plies: number | null;
  play_plies: number;
  quiet_plies: number;
  result: null | {
    winner: Seat | null;
    ending: string;
  };
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "EspionageView".
 */
export interface EspionageView {
  game: 'espionage';
  phase: 'volcanoes' | 'setup' | 'lot' | 'play' | 'over';
  to_move: Seat | null;
  mid_turn: boolean;
  /**
   * @minItems 100
   * @maxItems 100
   */
  board: (null | 'volcano' | ArmyPiece)[];
  /**
   * @minItems 2
   * @maxItems 2
   */
  setup: ('waiting' | 'in progress' | 'done')[];
  /**
   * @minItems 2
   * @maxItems 2
   */
  to_place: (null | {
    count: number;
    pieces: string;
  })[];
  /**
   * @minItems 2
   * @maxItems 2
   */
  lost: ArmyLost[];
  last_move: null | {
    from: Square;
    to: Square;
    removed: 'none' | 'attacker' | 'defender';
  };
  play_plies: number;
  quiet_turns: number;
  quiet_plies: number;
  draw_claimable: boolean;
  result: null | {
    winner: Seat | null;
    ending: string;
    results: Outcome[];
  };
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "DablotView".
 */
export interface DablotView {
  game: 'dablot';
  /**
   * @minItems 72
   * @maxItems 72
   */
  board: (null | DablotPiece)[];
  to_move: Seat | null;
  /**
   * the point (1 to 72) a jump chain goes on from
   */
  chain_from: number | null;
  turn: number;
  result: null | {
    winner: Seat | null;
    /**
     * why it ended by the rules
     */
    ending: 'no pieces' | 'higher rank' | 'king and landlord' | 'no move' | 'turn cap';
  };
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ConspiradoresView".
 */
export interface ConspiradoresView {
  game: 'conspiradores';
  players: number;
  /**
   * @minItems 17
   * @maxItems 17
   */
  board: string[];
  sanctuaries: string[];
  order: string[];
  to_move: string | null;
  phase: 'placement' | 'movement' | 'over';
  turns: number;
  chain: null | {
    at: string;
    visited: string[];
  };
  sheltered: number[];
  unsheltered: number[];
  result: null | Outcome[];
  /**
   * once over, why: the others sheltered (sheltered), the turn cap, or nobody could move
   */
  ending: null | ('sheltered' | 'turn cap' | 'no move');
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "WarSeat".
 */
export interface WarSeat {
  colour: string;
  territories: number;
  armies: number;
  cards: number;
  bombers: number;
  reduced_to_one_territory: boolean;
  eliminated_by: string | null;
  /**
   * only where the viewer sees the hand
   */
  hand?: WarCardView[];
  /**
   * the objective in words, only where the viewer sees it
   */
  objective?: string;
  objective_card?: WarObjectiveCard;
  information_centre?: Territory | null;
}
/**
 * A card as the views give it (war.cc, CardFacts): its id as the notation names it, its territories (none for a joker or a WAR-II number card), a WAR territory card's figure, a number card's number, whether a WAR-II territory card holds a Strategic Centre.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "WarCardView".
 */
export interface WarCardView {
  card: string;
  territories: Territory[];
  figure?: 'triangle' | 'square' | 'circle';
  number?: number;
  strategic_centre?: boolean;
}
/**
 * WAR and WAR-II.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "WarView".
 */
export interface WarView {
  game: 'war' | 'war2';
  phase:
    | 'setup'
    | 'reinforcement'
    | 'attacks'
    | 'conquest'
    | 'movement'
    | 'card use'
    | 'transport'
    | 'information centre transport'
    | 'game over';
  /**
   * a seat, or -1 for chance
   */
  to_act: number;
  turn: number;
  first_round: boolean;
  territories: {
    id: Territory;
    /**
     * the owner's colour
     */
    owner: string | null;
    armies: number;
    strategic_centre?: boolean;
    movable?: number;
  }[];
  seats: WarSeat[];
  trades: number;
  next_trade_value: number;
  pile: number;
  discard: number;
  /**
   * WAR-II only: the used and discarded cards, face up (rulings)
   */
  discard_cards?: WarCardView[];
  /**
   * the winner's colour, or 'draw'
   */
  winner?: string;
  ending?: string;
  results?: Outcome[];
  prompt?: string;
  /**
   * armies to place: 'any' and per continent id
   */
  to_place?: {
    [k: string]: number | undefined;
  };
  attack?: {
    from: Territory;
    to: Territory;
    dice: number;
  };
  card_use?: {
    cards: WarCardView[];
    territory: Territory;
    amount: number;
    for: 'bombers' | 'armies';
  };
  /**
   * @minItems 2
   * @maxItems 2
   */
  transport?: Territory[];
  air_attack?: {
    target: Territory;
    bombers: number;
  };
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "LegalAction".
 */
export interface LegalAction {
  id: number;
  text: string;
  facts: Fact;
}
/**
 * STATE: computed by the server for its viewer only.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "MatchState".
 */
export interface MatchState {
  view: View;
  over: boolean;
  mid_turn: boolean;
  your_turn: boolean;
  to_act: Seat | 'chance' | null;
  legal: LegalAction[];
  result?: ('win' | 'loss' | 'draw')[];
  /**
   * once over, why: 'rules' (the view says how), or how it ended outside them
   */
  ending?: 'rules' | 'resignation' | 'time' | 'abandoned' | 'agreement';
  draw_offer?: Seat;
  clock?: Clock;
  /**
   * true when the viewer's seat may claim the win now: its opponent has been away past the grace period (claim_win)
   */
  claimable?: true;
}
/**
 * A match's clocks as of the frame, the same for every viewer (time is public): each seat's time left, the seats whose clock runs, and the increment (live) or the time of each move (correspondence).
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Clock".
 */
export interface Clock {
  kind: 'live' | 'correspondence';
  remaining_ms: number[];
  running: Seat[];
  increment_ms?: number;
  per_move_ms?: number;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "HelloFrame".
 */
export interface HelloFrame {
  type: 'hello';
  protocol: 2;
  server?: string;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "JoinedFrame".
 */
export interface JoinedFrame {
  type: 'joined';
  match: string;
  game: string;
  options: {
    [k: string]: string | undefined;
  };
  /**
   * 'person' or 'bot:SPEC'
   */
  seats: string[];
  seat_names: string[];
  you: Seat | 'spectator';
  event: number;
  resent: number;
  /**
   * the players' moves so far: their actions in the record, less chance outcomes and resignations
   */
  moves: number;
  state: MatchState;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
  presence: Presence;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "EventFrame".
 */
export interface EventFrame {
  type: 'event';
  match: string;
  event: number;
  kind: 'start' | 'action' | 'resign' | 'offer_draw' | 'agree_draw' | 'timeout' | 'claim_win' | 'abandon';
  by: Seat | 'chance' | null;
  text: string;
  steps: Steps;
  /**
   * the players' moves so far: their actions in the record, less chance outcomes and resignations
   */
  moves: number;
  state: MatchState;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "DraftFrame".
 */
export interface DraftFrame {
  type: 'draft';
  match: string;
  event: number;
  text: string;
  steps: Steps;
  state: MatchState;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ErrorFrame".
 */
export interface ErrorFrame {
  type: 'error';
  code:
    | 'bad_message'
    | 'unknown_type'
    | 'too_large'
    | 'rate_limited'
    | 'not_found'
    | 'forbidden'
    | 'not_joined'
    | 'stale'
    | 'not_your_turn'
    | 'illegal'
    | 'over'
    | 'limit'
    | 'unavailable';
  message: string;
  id?: string;
  match?: string;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "LeftFrame".
 */
export interface LeftFrame {
  type: 'left';
  match: string;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "PongFrame".
 */
export interface PongFrame {
  type: 'pong';
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * Sent to a match's viewers when a seat's presence changes.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "PresenceFrame".
 */
export interface PresenceFrame {
  type: 'presence';
  match: string;
  presence: Presence;
  /**
   * a match of two persons: per seat, whether it may claim the win now (its opponent away past the grace period)
   */
  claimable?: boolean[];
}
/**
 * A match's clock as chosen at the seek: none, live (initial time and an increment per move) or correspondence (a time per move).
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ClockSpec".
 */
export interface ClockSpec {
  kind: 'none' | 'live' | 'correspondence';
  initial_ms?: number;
  increment_ms?: number;
  per_move_ms?: number;
}
/**
 * A table offered in the lobby (docs/PROTOCOL.md, "Lobby").
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Seek".
 */
export interface Seek {
  seek: string;
  game: string;
  options: {
    [k: string]: string | undefined;
  };
  /**
   * the table's number of seats
   */
  seats: number;
  /**
   * the seeker's seat; -1: drawn at random
   */
  seat: number;
  /**
   * seat number -> bot spec
   */
  bots: {
    [k: string]: string | undefined;
  };
  clock: ClockSpec;
  rated: boolean;
  pool: string | null;
  min_rating: number | null;
  max_rating: number | null;
  /**
   * the seeker's name; null for a guest
   */
  by: string | null;
  /**
   * the seeker's rating in the pool
   */
  rating: number | null;
  /**
   * the persons at the table so far, the seeker first (null: a guest)
   */
  players: (string | null)[];
  /**
   * the persons still awaited
   */
  open: number;
  created_at: number;
  /**
   * an invitation: the invited player's name
   */
  invite?: string;
}
/**
 * A running match to watch, as the lobby lists it.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "LobbyMatch".
 */
export interface LobbyMatch {
  match: string;
  game: string;
  created_at: number;
  seats: string[];
  players: (string | null)[];
  moves: number;
  rated: boolean;
  clock: 'none' | 'live' | 'correspondence';
}
/**
 * A running match where the player's seat is to move.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "Awaiting".
 */
export interface Awaiting {
  match: string;
  game: string;
  seat: number;
}
/**
 * The answer to 'lobby': what this player may see now; live seek_added / seek_removed frames follow.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "LobbyFrame".
 */
export interface LobbyFrame {
  type: 'lobby';
  seeks: Seek[];
  matches: LobbyMatch[];
  awaiting: Awaiting[];
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * The answer to 'seek' and 'invite': the seek's id.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "SeekPostedFrame".
 */
export interface SeekPostedFrame {
  type: 'seek_posted';
  seek: string;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * To lobby subscribers who may see it: a new seek, or one changed (a seat taken at a table of more than two): replace by id.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "SeekAddedFrame".
 */
export interface SeekAddedFrame {
  type: 'seek_added';
  seek: Seek;
}
/**
 * To the lobby subscribers who were sent the seek: it is gone.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "SeekRemovedFrame".
 */
export interface SeekRemovedFrame {
  type: 'seek_removed';
  seek: string;
  reason: 'cancelled' | 'taken' | 'declined' | 'gone';
}
/**
 * The answer to 'accept_seek': the persons still awaited (0: the match is being made; match_ready follows).
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "SeekAcceptedFrame".
 */
export interface SeekAcceptedFrame {
  type: 'seek_accepted';
  seek: string;
  waiting: number;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * The answer to 'cancel_seek' and 'decline'.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "SeekCancelledFrame".
 */
export interface SeekCancelledFrame {
  type: 'seek_cancelled';
  seek: string;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * To every connection of the invited account: an invitation (accept_seek or decline).
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "InvitationFrame".
 */
export interface InvitationFrame {
  type: 'invitation';
  seek: Seek;
}
/**
 * To the inviter: the invitation was declined.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "DeclinedFrame".
 */
export interface DeclinedFrame {
  type: 'declined';
  seek: string;
  by: string;
}
/**
 * A match made from the lobby or a rematch: this person's seat and its token (join with it).
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "MatchReadyFrame".
 */
export interface MatchReadyFrame {
  type: 'match_ready';
  match: string;
  game: string;
  seat: number;
  token: string;
}
/**
 * To the seats of a finished match: `seat` asks for a rematch.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "RematchOfferFrame".
 */
export interface RematchOfferFrame {
  type: 'rematch_offer';
  match: string;
  seat: number;
}
/**
 * A line of a match's chat, to the connections joined as its seats (text: render as text, never as HTML).
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ChatFrame".
 */
export interface ChatFrame {
  type: 'chat';
  match: string;
  /**
   * the line's number in the match
   */
  n: number;
  seat: number;
  /**
   * the seat's account; null for a guest
   */
  name: string | null;
  text: string;
  /**
   * ms since the epoch
   */
  at: number;
  /**
   * sent on a join: a line said before
   */
  history?: boolean;
  /**
   * the id of the client's message this frame answers
   */
  id?: string;
}
/**
 * To a signed-in player's lobby connections when the seat to move changed in one of its matches: the whole list again, as in the lobby frame.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "AwaitingFrame".
 */
export interface AwaitingFrame {
  type: 'awaiting';
  awaiting: Awaiting[];
}
/**
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ReplayFrame".
 */
export interface ReplayFrame {
  ply: number;
  by: Seat | 'chance' | null;
  text: string;
  steps: Steps;
  state?: MatchState;
}
/**
 * POST /api/replay: one page of a record's frames as one viewer saw them.
 *
 * This interface was referenced by `QuartelProtocol`'s JSON-Schema
 * via the `definition` "ReplayAnswer".
 */
export interface ReplayAnswer {
  game: string;
  options: {
    [k: string]: string | undefined;
  };
  seat_names: string[];
  viewer: Seat | 'spectator';
  total: number;
  from: number;
  plies: ReplayFrame[];
}
