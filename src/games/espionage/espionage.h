// Espionage (seed 004; rulings "Espionage" and "Common to every game"; full rules in
// docs/rules/espionage.md). Two seats: 0 = Red (home rows 1-3), 1 = Blue (home rows 8-10), on a
// 10 x 10 board whose four middle rows (4-7) are neutral. Order of play: volcanoes are placed by
// lot on neutral squares (one chance node each), Red places its 30 pieces piece by piece, then
// Blue does, each setup one turn (MidTurn() from the first placement to the last) and secret
// until both are complete (others see only "waiting", "in progress" or "done"; then the occupied
// squares, not the ranks), the first player is drawn by lot (a chance node), then turns
// alternate. Bots set up from DrawSetup (setups.h). A turn is two moves with two different pieces
// (one move when only one piece can move; option moves_per_turn=1); a move is one orthogonal step
// onto an empty square or onto an enemy piece (combat, see Combat()). Capturing the Headquarters
// wins; a seat with no legal move at the start of its turn loses. EndGame ends a game outside
// the rules (a resignation, a loss on time, an abandoned game, a draw agreed) with the results
// given; any ending reveals everything to everyone (rulings "Common to every game").
//
// Options:
//   volcanoes         int 0..8, default 4: volcanoes placed by lot in the neutral rows
//   moves_per_turn    int 1..2, default 2
//   reveal_on_combat  bool, default false: both ranks of a combat become known to both seats
//   no_capture_draw   int 0..1000, default 50: after this many whole turns without a removed piece
//                     either seat may claim a draw at the start of its turn (0: never)
//   max_plies         int, default 2000: engine cap on play moves, then a draw (not a rule)
//   max_plies_without_capture  int, default 200: engine cap on play moves without a removed
//                     piece, then a draw (not a rule; as in Stratego)
//
// Action encoding (square = row * 10 + file, a1 = 0, j10 = 99):
//   square                   chance: a volcano on square ("volcano e5")
//   100 + seat               chance: seat moves first ("Red first", "Blue first")
//   200 + rank * 100 + sq    place a piece ("S:a1"; rank characters below)
//   1200 + from * 4 + dir    move; dir 0 north, 1 east, 2 south, 3 west ("a3-a4"; attack "a3xa4")
//   1600                     claim the no-capture draw ("claim draw")
// NumDistinctActions() = 1601. Rank characters: H Headquarters, 1 Corporal, 2 Second Lieutenant,
// 3 Captain, 4 Colonel, 5 General, S Spy, P Sapper, M Mine.
//
// Typed turns: during a seat's setup, a 30-character setup string places its whole army (each
// character a rank character; spaces and '/' ignored). Character i goes on square first + i with
// first = a1 for Red and a8 for Blue: Red a1..j1, a2..j2, a3..j3; Blue a8..j8, a9..j9, a10..j10.
// "random N" (N >= 0) places DrawSetup's setup for a generator seeded by N (setups.h). Both only
// before the seat's first placement.
// A play turn may be typed as its two moves separated by a space or ',' ("a3-a4 b3-b4").
//
// Facts (State::ActionFacts, TurnSteps; the words are written from them): {"kind": "volcano",
// "square"}, {"kind": "first", "seat"} (the lot), {"kind": "place", "rank", "square"} (to the
// seat placing; to any other viewer {"kind": "hidden_placement"}), {"kind": "move", "from", "to",
// "attack"}, {"kind": "claim_draw"}; ranks as rank characters. A turn's steps: a setup is one step
// {"kind": "setup", "seat", "complete"}, with for its own seat "army" (its ranks from its side,
// rows split by '/', once complete) or "placed" (the placement facts so far); then each action, a
// move that fought with "combat": {"attacker", "defender" (each null where the viewer did not see
// it), "result" ("attacker" or "defender": who won)}.
//
// Views: own ranks; the opponent's as "?" unless shown: by combat with reveal_on_combat (to both
// seats and spectators) or by the viewer's own Spies (to the viewer only: the owner of a
// recognised piece is not told, rulings "Espionage"); everything once the game is over (rule and
// cell rendering shared with Stratego: games/hidden_army/hidden_army.h). ViewText of the seat
// setting up also lists what it may type (a setup string, random N, or piece by piece). ViewJson:
// {"game", "phase" ("volcanoes"|"setup"|"lot"|"play"|"over"), "to_move", "mid_turn" (during a setup
// only for the seat setting up), "board" (100 entries: null, "volcano", or {"owner", "rank",
// "moved", "known" (the rank was shown to the piece's opponent, as far as the viewer may know:
// combat shows to everyone, a Spy to its own side only), "no_return" (square it may not step back
// onto, or null)}; the other seat's pieces are null until both setups are complete), "setup" (per
// seat "waiting"|"in progress"|"done"), "to_place" (per seat {"count", "pieces"} for the viewer's
// own seat, null for the other, until the game is over), "lost" (per seat {"pieces" (ranks the
// viewer knows), "hidden"}), "last_move" (null or {"from", "to", "removed" ("none"|"attacker"|
// "defender")}), "play_plies", "quiet_turns", "quiet_plies", "draw_claimable", "result" (null, or
// {"winner" (a seat or null), "ending" (how: "headquarters captured", "no move", "draw claimed",
// "move cap", "no-capture cap", "resignation", "time", "abandoned", "agreement"), "results" (per
// seat "win"|"loss"|"draw")})}. Every action can be
// taken back (UndoAction).
//
// ViewTensor: 101 planes x 10 rows x 10 files (plane, row, file; row 0 = row 1), exactly the
// information of ViewJson for the same viewer, from the side of P, the viewer (Red for a
// spectator), O the other seat (TensorLayout() names each plane; "count" and "all 1" planes hold
// one value on every square):
//   0-8 P's pieces of shown rank (H 1 2 3 4 5 S P M), 9 P's pieces of unknown rank, 10-19 the same
//   for O (1 on the piece's square; the other seat's pieces are absent during a setup); 20
//   volcanoes; 21 moved; 22 known (the JSON "known": combat for everyone, a Spy to its own side);
//   23-26 the piece's no-return square lies north, east, south, west; 27-31 phase volcanoes,
//   setup, lot, play, over; 32 P to move, 33 O to move (JSON "to_move"); 34 mid_turn; 35 P is
//   Blue; 36-37 P's setup in progress, done; 38-39 O's; 40-48 P's pieces left to place per rank,
//   49-57 O's (only once the game is over); 58-66 P's lost pieces of ranks the viewer knows, per
//   rank, 67 P's lost pieces of unknown rank (counts), 68-77 the same for O; 78 the last move's
//   square of departure, 79 its target; 80 it removed the attacker, 81 the defender; 82
//   play_plies, 83 quiet_turns, 84 quiet_plies (counts); 85 draw_claimable; 86-94 the ending
//   (headquarters captured, no move, draw claimed, move cap, no-capture cap, resignation, time,
//   abandoned, agreement); 95-97 P's result win, loss, draw; 98-100 O's.
//
// Position text (PositionText, ViewPositionText, EspionageGame::NewStateFromPosition): one line,
// the board then space-separated fields NAME=VALUE, all of them, in any order:
//   board        rows 10 to 1 separated by '/', each ten squares a to j: '.' empty, '~' a volcano
//                (neutral rows only), or a piece: 'R' or 'B' (owner), its rank character ('?' in a
//                view where unknown), then its marks in this order: ' moved, + known by combat to
//                both seats, ! recognised by an enemy Spy, and n|e|s|w the direction of its
//                no-return square (the square its last move came from)
//   phase        volcanoes | setup | lot | play | over
//   to_move      red | blue (the seat setting up or to move; red while volcanoes and the lot)
//   moves_done   moves made in the current turn (0 .. moves_per_turn - 1; the first piece of the
//                turn and whether the turn removed a piece follow from last_move)
//   placed       pieces each seat has placed, RED/BLUE ("30/30" in play; the armies to place are
//                what the board and removed pieces leave of the full army)
//   removed      the removed pieces in the order they were removed, tokens as on the board
//                without no-return marks and without separators ("R1'B3'+"), or -
//   last_move    - or FROM-TO, or FROMxTO:attacker|defender (which piece the attack removed)
//   plies        actions so far, chance included (the ply count)
//   play_plies, quiet_plies, quiet_turns   moves of play, moves since a removal, whole turns
//                since a removal (the no-capture draw and the engine caps)
//   result       - while the game goes on, else ENDING:RED/BLUE: ENDING one of
//                headquarters-captured, no-move, draw-claimed, move-cap, no-capture-cap,
//                resignation, time, abandoned, agreement; RED and BLUE win, loss or draw.
// The rules (options) come from the game. The parser refuses, naming the field: a malformed
// field, a missing, unknown or repeated one, more pieces of a rank than the army holds, armies
// that do not fit the phase (Red sets up before Blue, setups in the home rows, nothing removed
// before play, both armies whole in the lot and in play), a placed count that the pieces
// contradict, a volcano count other than the `volcanoes` option's (fewer only while they are
// being placed, or in a game ended then), a move of more than one step, moves_done
// out of range, a result that does not fit its ending. The initial position (4 volcanoes):
//   ........../........../........../........../........../........../........../........../
//   ........../.......... phase=volcanoes to_move=red moves_done=0 placed=0/0 removed=-
//   last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-
// (one line). A seat's view (ViewPositionText) has the same form as that seat may know it: the
// other seat's pieces absent ('.') during the setup, unknown ranks '?', '!' only on the enemy
// pieces the viewer's own Spies recognised (the owner is never told, rulings "Espionage"), the
// placed count and plies of a setup in progress '?' to the others; everything once over.
//
// Files: board.h the fast core (Position: rules and undo); this adapter's views in views.cc,
// notation and typed turns in notation.cc, SampleConsistentState in sampling.cc; setups.h the
// setup strings and the drawn setups.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"
#include "games/espionage/board.h"
#include "games/hidden_army/hidden_army.h"

namespace quartel::espionage {

inline constexpr int kNumPlanes = 101;

class EspionageGame : public engine::Game {
 public:
  explicit EspionageGame(const engine::GameOptions& options);
  int NumSeats() const override { return 2; }
  std::string SeatName(int seat) const override;
  std::unique_ptr<engine::State> NewInitialState() const override;
  std::unique_ptr<engine::State> NewStateFromPosition(std::string_view text) const override;
  std::unique_ptr<engine::State> NewStateFromView(std::string_view text, int viewer) const override;
  int NumDistinctActions() const override { return kNumActions; }
  int MaxGameLength() const override { return 8 + 2 * kHomeSquares + 1 + rules_.max_plies + 1; }
  std::vector<int> TensorShape() const override { return {kNumPlanes, kSize, kSize}; }
  std::vector<std::string> TensorLayout() const override;
  const Rules& rules() const { return rules_; }

 private:
  Rules rules_;
};

class EspionageState : public engine::State {
 public:
  EspionageState(const EspionageGame& game, const Position& position);

  engine::Seat CurrentSeat() const override;
  bool MidTurn() const override { return position_.MidTurn(); }
  bool MidTurnShown(engine::Seat viewer) const override;
  int PlyCount() const override { return position_.plies; }
  int ActionsUncountedBy(engine::Seat viewer) const override;

  void LegalActions(std::vector<Action>& out) const override { position_.LegalActions(out); }
  using engine::State::LegalActions;
  std::vector<engine::ChanceOutcome> ChanceOutcomes() const override;
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

  std::vector<engine::Outcome> Results() const override;
  std::vector<double> Returns() const override;
  bool EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) override;

  std::string PositionText() const override;
  std::string ViewPositionText(engine::Seat viewer) const override;

  Json ViewJson(engine::Seat viewer) const override;
  bool EndedAtCap() const override;
  void ViewTensor(engine::Seat viewer, std::span<float> out) const override;
  std::string ViewText(engine::Seat viewer, bool colour) const override;

  std::unique_ptr<engine::State> SampleConsistentState(engine::Seat seat, Rng& rng) const override;
  void CheckConsistency() const override { position_.Check(); }

  const Position& position() const { return position_; }

 private:
  bool Over() const { return position_.phase == Phase::kOver; }
  // The cell as the shared hidden-army grid shows it to `viewer` (see views.cc).
  hidden_army::Piece ArmyPiece(CellBits cell, engine::Seat viewer) const;
  // Whether `viewer` sees the piece on `cell` at all (not while it is part of a secret setup).
  bool Shown(engine::Seat viewer, CellBits cell) const;
  // "waiting", "in progress" or "done": all that others may know of `seat`'s setup.
  std::string SetupStatus(int seat) const;
  // Whether `viewer` may see the rank of `cell` (the shared rule, hidden_army.h).
  bool Sees(engine::Seat viewer, CellBits cell) const;
  // The last combat as `viewer` learnt it (views.cc).
  Json CombatFacts(engine::Seat viewer) const;
  // ActionFacts, or with `all_seen` every placement in full (the record's notation).
  Json FactsOf(Action action, engine::Seat viewer, bool all_seen) const;
  std::string Words(const Json& fact, Action action) const;
  // The rank character of `cell` as `viewer` sees it, or '?'.
  char ShownRank(engine::Seat viewer, CellBits cell) const;
  // The position text, full (no viewer) or as `viewer` may know it (position_text.cc).
  std::string PositionTextFor(std::optional<engine::Seat> viewer) const;
  std::string BoardText(std::optional<engine::Seat> viewer) const;
  std::string PieceText(CellBits cell, std::optional<engine::Seat> viewer, int back_dir) const;
  // The board planes of ViewTensor.
  void BoardPlanes(engine::Seat viewer, std::span<float> out) const;
  // The JSON board, per-seat setup, to_place and lost parts of ViewJson.
  Json BoardJson(engine::Seat viewer) const;
  Json LostJson(engine::Seat viewer, int seat) const;
  Json ResultJson() const;
  // The last move in words, projected for `viewer` ("Last move: ..."; needs a last move).
  std::string LastMoveText(engine::Seat viewer) const;
  // "Game over: ..." with the results and how the game ended (needs a game that is over).
  std::string OverLine() const;
  // The line under the board saying what happens now (whose setup, whose move, the lot).
  std::string PhaseText(engine::Seat viewer) const;
  // A turn of the play phase typed as its moves ("a3-a4 b3-b4").
  std::vector<Action> ParsePlayTurn(std::string_view text) const;
  // A whole setup typed at once ("random N" or a setup string), before the seat's first placement.
  std::vector<Action> ParseWholeSetup(std::string_view text) const;

  Position position_;
};

// Registers "espionage" with the engine's registry.
void Register();

}  // namespace quartel::espionage
