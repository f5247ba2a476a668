// Stratego (seed 003; rulings "Stratego"; full rules in docs/rules/stratego.md). Two seats:
// 0 = Red (sets up on ranks 1-4, moves first), 1 = Blue (ranks 7-10), on a 10 x 10 board with the
// lakes c5 d5 g5 h5 c6 d6 g6 h6. Red places its whole army piece by piece (one turn: MidTurn()
// from its first placement to its last), then Blue does; setups are secret until both are
// complete (a seat sees only whether the other's setup is in progress or done); then each seat
// sees where the other's pieces stand but not their ranks. The seats alternate one move: a piece
// steps one square orthogonally (a Scout any number of empty squares in a line) onto an empty
// square or onto an enemy piece, which is an attack: both ranks are shown and the weaker piece is
// removed (see board.cc Combat). Taking the Flag wins; a seat that cannot move loses. EndGame
// ends a game outside the rules (resignation, time, abandoned, agreement) and shows everything.
//
// Options:
//   army        classic (default, 40 pieces) | seed (the seed's 39 pieces; one square stays
//               empty) | barrage (Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb: 8 pieces
//               anywhere in the four rows)
//   repetition  seed (default: the third move back and forth between two squares is illegal) |
//               isf (the ISF two-squares rule: the fourth is illegal, a Scout's line shortened;
//               and the ISF more-squares (chase) rule, read as in board.h Chase) | five_moves
//               (Gravon's rule in 2004 and 2005: the sixth is illegal, a Scout's line shortened
//               as under isf; no chase rule)
//   max_plies                  int, default 2000: engine cap on play moves, then a draw
//   max_plies_without_capture  int, default 200: engine cap on play moves without combat, a draw
//   aggressor_advantage  bool, default false: seed tournament rule, equal ranks: the attacker wins
//   silent_defense       bool, default false: seed tournament rule, only the attacker's rank is
//                        shown in combat (unless a Scout attacks, or both pieces are removed)
//   rescue               bool, default false: seed tournament rule, see docs/rules/stratego.md
// A seat's setup is its own secret input, never an option (options are public and stored in
// records from the start): to script both setups (tests, bots, imports), play each seat's setup
// turn, e.g. StringToTurn("preset fortress"), or start from a position (PositionText below).
//
// Action encoding (square = row * 10 + file, a1 = 0, k10 = 99; see board.h):
//   rank * 100 + square                           place a piece ("X:a1", "B:c2", "F:a1")
//   1200 + (from * 4 + dir) * 9 + distance - 1    move; dir 0 north, 1 east, 2 south, 3 west
//                                                 ("a4-a5"; onto an enemy piece "a4xa5")
//   4800 + rank * 100 + square                    rescue a captured piece onto square
//                                                 ("rescue 9:e2"; option rescue)
//   6000                                          decline an offered rescue ("no rescue")
// NumDistinctActions() = 6001. Rank characters: F Flag, S Spy, 2 Scout, 3 Miner, 4 Sergeant,
// 5 Lieutenant, 6 Captain, 7 Major, 8 Colonel, 9 General, X Marshal (also read: 0, M), B Bomb.
// Perft counts actions (GameInfo::perft_counts_turns is false): a setup turn is too many.
//
// Typed turns: during a seat's setup, a 40-character setup string places its whole army at once
// (StringToTurn returns the placements). Character i is the square of file i % 10 on the seat's
// row i / 10 counted from its own side in notation order: Red a1..k1, a2..k2, a3..k3, a4..k4;
// Blue a7..k7, a8..k8, a9..k9, a10..k10 (the order of the Gravon field). Each character is a rank
// character or '.' for an empty square (as many as the army is short of 40). Spaces and '/' are
// ignored. "preset NAME" (setups.h: fortress, shoreline, blitz; Barrage: bunker, decoy, wings)
// and "random N" (a shuffle seeded by N) are whole setups too.
//
// Facts (State::ActionFacts, TurnSteps; the words are written from them): {"kind": "place",
// "rank", "square"} (to the seat placing; to any other viewer {"kind": "hidden_placement"}),
// {"kind": "move", "from", "to", "attack"}, {"kind": "rescue", "rank", "square"}, {"kind":
// "no_rescue"}; ranks as rank characters. A turn's steps: a setup is one step {"kind": "setup",
// "seat", "complete"}, with for its own seat "army" (the setup string, once complete) or "placed"
// (the placement facts so far); in the play each action, a move that fought with "combat":
// {"attacker", "defender" (null when the viewer did not see it), "result" ("attacker",
// "defender" or "both")}.
//
// Views (viewer = a seat or kSpectator): own pieces with ranks, the opponent's as "?" unless
// shown by combat or by a Scout's long move, and during the setup none of the opponent's pieces
// at all; everything once the game is over (the rule and the cell rendering are shared with
// Espionage: games/hidden_army/hidden_army.h). ViewText of the seat setting up also lists what it
// may type (setup string, presets, random N, piece by piece), and a seat's own pieces whose rank
// the opponent knows are marked '*'.
// ViewJson:
// {"game", "phase" ("setup"|"play"|"over"), "to_move", "board" (100 entries, index = square: null,
// "lake", or {"owner", "rank" (rank character or "?"), "moved", "known" (the opponent knows its
// rank)}), "to_place" (per seat: {"count", "pieces"}: for the owner only, else null),
// "setup_done" (per seat: whether its setup is complete), "setup" (the viewer's own setup as a
// 40-character setup string while it stands untouched, else null), "lost" (per seat: {"pieces"
// (rank characters of its removed pieces the viewer has seen), "hidden" (how many more)}),
// "last_move" (null or {"from", "to", "combat": null or {"attacker", "defender" (or "?"),
// "result"}, "scout_shown", "rescue": null or {"rank", "square"}}), "rescue_offered", "plies" (null
// during the setup), "play_plies", "quiet_plies", "result" (null or {"winner", "ending"})}.
// ViewTensor: 147 planes x 10 rows x 10 files (plane, row, file; row 0 = row 1), exactly the
// information of ViewJson for the same viewer, from the side of P, the viewer (Red for a
// spectator), O the other seat (TensorLayout() names each plane; "count" and "all 1" planes hold
// one value on every square; ranks in rank-code order F 1 2 3 4 5 6 7 8 9 10 B, as board.h):
//   0-11 P's pieces of shown rank, 12 P's pieces of unknown rank, 13-25 the same for O (1 on the
//   piece's square; during the setup only the viewer's own pieces); 26 moved; 27 known (the
//   opponent of the piece's owner knows its rank); 28 lakes; 29-31 phase setup, play, over; 32 P
//   to move, 33 O to move; 34 P is Blue; 35 P's setup done, 36 O's; 37-48 P's pieces left to place
//   per rank, 49-60 O's (only once the game is over) (counts); 61-72 P's lost pieces of ranks the
//   viewer has seen, per rank, 73 P's other lost pieces, 74-86 the same for O (counts); 87 the last
//   move's square of departure, 88 its target (1 on the square); 89 the last move was an attack;
//   90-101 the attacker's rank; 102-113 the defender's rank as the viewer knows it, 114 unknown to
//   the viewer; 115-117 the result: the attacker won, the defender won, both removed; 118 the long
//   move showed a Scout; 119-130 the rank rescued, 131 the square it was rescued onto (1 on it);
//   132 a rescue is offered; 133 plies (0 during the setup), 134 play_plies, 135 quiet_plies
//   (counts); 136 P won, 137 O won; 138-146 the ending: flag captured, no move, neither side can
//   move, move cap, no-capture cap, resignation, time, abandoned, agreement.
//
// Position text (PositionText; NewStateFromPosition parses it; position_text.cc): twelve fields
// separated by spaces. The rule options (army, repetition, ...) are the game's, not the text's.
//   board        ranks 10 down to 1 separated by '/', files a..k in each: '.' empty, '~' lake, or a
//                piece: r|b (owner), its rank character, then '+' if it has moved and '*' if its
//                rank is known to the opponent. What is not on the board is still to place
//                (setup) or lost. After the setup both Flags stand on the board, unless the game
//                ended by the capture of one (the loser's).
//   side         r|b: the seat to act (during the setup: the seat setting up; Red sets up first)
//   phase        setup|play|over
//   plies        actions applied, setup included; then play_plies, quiet_plies (the engine caps)
//   unseen       per seat "<red>/<blue>": the rank characters of its lost pieces the opponent has
//                not seen (silent_defense), '-' none
//   history      per seat three moves (five under repetition=five_moves; three are read under
//                any rule), newest first, "a4-a5,a5-a4,-" (repetition rules)
//   last         '-' or "<r|b>:<from>-<to>:<combat>:<marks>:<rescue>": combat '-' or
//                "<attacker>x<defender><a|d|b>" (attacker won, defender won, both removed); marks
//                '-' or s (long move showed a Scout) and d (combat showed the defender); rescue '-'
//                or "<rank>@<square>"
//   rescue       per seat "<rescues made>,<rescuer square or ->", then ":offered" while the seat
//                to act may rescue
//   chase        per seat '-' or "<stage>:<evader squares or ->:<kept position hashes, 16 hex
//                digits each, or ->" (repetition=isf, board.h Chase)
//   ending       '-' or "<flag|nomove|bothnomove|plycap|quietcap|resigned|time|abandoned|agreed>:
//                <winner r|b|->", then ":<red outcome>,<blue outcome>" for an ending outside the
//                rules, then ":setup" if it came during the setup
// The initial position:
//   ........../........../........../........../..~~..~~../..~~..~~../........../........../
//   ........../.......... r setup 0 0 0 -/- -,-,-/-,-,- - 0,-/0,- -/- -
// ViewPositionText: the same form as the viewer may know it (as ViewJson): ranks it has not seen
// are '?', the other seat's pieces are left out during the setup, plies is '?' during the setup,
// the opponent's unseen losses are one '?' each, a defender it was not shown is '?'; then a
// thirteenth field, what the board no longer shows:
//   lost         per seat "<red>/<blue>": its lost ranks the viewer knows, then '?' for each it
//                does not ("SS3?/-"), '-' none
// NewStateFromView reads a seat's view back: the other seat's unknown ranks dealt by a fixed rule
// (the Flag and Bombs to pieces that never moved, the rest in rank order; its setup, secret
// during the setup, a random one once it stands, else none yet), then drawn again as
// SampleConsistentState draws them (seed 0): a state the viewer cannot tell from the real one.
//
// Files: board.h the fast core (Position: rules and undo); this adapter in stratego.cc, its views
// in views.cc, notation and typed turns in notation.cc, SampleConsistentState in sampling.cc,
// position text in position_text.cc; setups.h the presets and random setups; gravon.h the Gravon
// archive's records.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"
#include "games/stratego/board.h"
#include "games/stratego/setups.h"

namespace quartel::stratego {

// ViewTensor's planes (the file comment).
inline constexpr int kPlaneBoard = 0;  // 13 for P, 13 for O
inline constexpr int kPlaneMoved = 26, kPlaneKnown = 27, kPlaneLakes = 28, kPlanePhase = 29;
inline constexpr int kPlaneToMove = 32, kPlaneViewerBlue = 34, kPlaneSetupDone = 35;
inline constexpr int kPlaneToPlace = 37;  // 12 for P, 12 for O
inline constexpr int kPlaneLost = 61;     // 13 for P, 13 for O
inline constexpr int kPlaneLastFrom = 87, kPlaneLastTo = 88, kPlaneAttack = 89;
inline constexpr int kPlaneAttacker = 90, kPlaneDefender = 102;  // 12 and 13 (unknown last)
inline constexpr int kPlaneCombatResult = 115, kPlaneScoutShown = 118, kPlaneRescueRank = 119;
inline constexpr int kPlaneRescueSquare = 131, kPlaneRescueOffered = 132, kPlaneCounters = 133;
inline constexpr int kPlaneWinner = 136, kPlaneEnding = 138;
inline constexpr int kNumPlanes = 147;

class StrategoGame : public engine::Game {
 public:
  explicit StrategoGame(const engine::GameOptions& options);

  int NumSeats() const override { return 2; }
  std::string SeatName(int seat) const override;
  std::unique_ptr<engine::State> NewInitialState() const override;
  int NumDistinctActions() const override { return kNumActions; }
  // Two setups of at most 40 placements each, then at most max_plies moves, each of which may be
  // followed by a rescue decision.
  int MaxGameLength() const override {
    return 2 * kSetupSquares + (rules_.rescue ? 2 : 1) * rules_.max_plies;
  }
  std::vector<int> TensorShape() const override { return {kNumPlanes, kSize, kSize}; }
  std::vector<std::string> TensorLayout() const override;
  std::unique_ptr<engine::State> NewStateFromPosition(std::string_view text) const override;
  std::unique_ptr<engine::State> NewStateFromView(std::string_view text, int viewer) const override;

  const Rules& rules() const { return rules_; }

 private:
  Rules rules_;
};

class StrategoState : public engine::State {
 public:
  StrategoState(const StrategoGame& game, const Position& position);

  engine::Seat CurrentSeat() const override;
  bool MidTurn() const override { return position_.MidTurn(); }
  bool MidTurnShown(engine::Seat viewer) const override;
  int PlyCount() const override { return position_.h.plies; }
  int ActionsUncountedBy(engine::Seat viewer) const override;

  void LegalActions(std::vector<Action>& out) const override { position_.LegalActions(out); }
  using engine::State::LegalActions;
  // The playouts' fast path: the same draw from a list on the stack, not copied into `scratch`.
  Action RandomLegalAction(Rng& rng, std::vector<Action>& /*scratch*/) const override {
    Action buffer[Position::kActionBuffer];
    const int n = position_.LegalActions(buffer);
    return buffer[rng.Below(static_cast<std::uint32_t>(n))];
  }
  std::string WhyIllegal(Action action) const override { return position_.WhyIllegal(action); }
  void DoApply(Action action, engine::UndoInfo* undo) override { position_.Apply(action, undo); }
  bool SupportsUndo() const override { return true; }
  void UndoAction(Action action, const engine::UndoInfo& undo) override {
    position_.Undo(action, undo);
  }

  std::string ActionToString(Action action) const override;
  std::string ActionToStringFor(Action action, engine::Seat viewer) const override;
  std::string DescribeTurn(std::span<const Action> actions, engine::Seat viewer) const override;
  Json ActionFacts(Action action, engine::Seat viewer) const override;
  Json TurnSteps(std::span<const Action> actions, engine::Seat viewer) const override;
  Action StringToAction(std::string_view text) const override;
  std::vector<Action> StringToTurn(std::string_view text) const override;

  std::unique_ptr<engine::State> Clone() const override;
  void CopyFrom(const engine::State& other) override;
  bool Equals(const engine::State& other) const override;

  bool EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) override;

  std::vector<engine::Outcome> Results() const override;
  std::vector<double> Returns() const override;

  Json ViewJson(engine::Seat viewer) const override;
  bool EndedAtCap() const override;
  void ViewTensor(engine::Seat viewer, std::span<float> out) const override;
  std::string ViewText(engine::Seat viewer, bool colour) const override;

  std::unique_ptr<engine::State> SampleConsistentState(engine::Seat seat, Rng& rng) const override;

  void CheckConsistency() const override { position_.Check(); }
  std::string PositionText() const override;
  std::string ViewPositionText(engine::Seat viewer) const override;

  const Position& position() const { return position_; }

 private:
  // Whether `viewer` may see the rank of the piece byte `p` (the shared rule, hidden_army.h).
  bool Sees(engine::Seat viewer, std::uint8_t p) const;
  // Whether the piece byte `p` (0: none) stands on `viewer`'s board: always, except another
  // seat's pieces during the setup.
  bool OnViewersBoard(engine::Seat viewer, std::uint8_t p) const;
  // The setup lines of the text view, as `viewer` may know them.
  std::string SetupStatus(engine::Seat viewer) const;
  // How the game ended, for the text view ("Blue wins: Red resigned").
  std::string EndingText() const;
  // SampleConsistentState during the setup: the other seat's placements drawn again.
  std::unique_ptr<engine::State> SampleSecretSetup(int seat, Rng& rng) const;
  // The rank character of the piece byte `p` as `viewer` sees it, or '?'.
  char ShownRank(engine::Seat viewer, std::uint8_t p) const;
  // The choices `seat` has to set up (its own view only, while it is setting up).
  std::string SetupPrompt(int seat) const;
  // The viewer's own setup as a 40-character setup string while it stands untouched (placed,
  // nothing moved or lost yet), so that it can be saved; "" otherwise and for a spectator.
  std::string OwnSetup(engine::Seat viewer) const;
  // The last move in words, projected for `viewer` ("Last move: ..."; needs a last move).
  std::string LastMoveText(engine::Seat viewer) const;
  // The last combat's defender as `viewer` knows it: its rank character or '?'.
  char DefenderChar(engine::Seat viewer) const;
  // The last combat as `viewer` learnt it: {"attacker", "defender" (a rank character, or null
  // when unseen), "result" ("attacker", "defender" or "both" won)}.
  Json CombatFacts(engine::Seat viewer) const;
  // ActionFacts, or with `all_seen` every placement in full (the record's notation).
  Json FactsOf(Action action, engine::Seat viewer, bool all_seen) const;
  std::string Words(const Json& fact, Action action) const;
  std::vector<Action> ParseSetup(std::string_view text) const;

  Position position_;
};

// The setup string that `text` stands for when typed by `seat` as its setup turn: "preset
// NAME" (setups.h) and "random N" (a shuffle of `army` seeded by N) are expanded, anything else is
// returned as it is (ParseSetupString checks it).
std::string ExpandSetupWords(std::string_view text, int seat, const Army& army);

// Registers "stratego" with the engine's registry.
void Register();

}  // namespace quartel::stratego
