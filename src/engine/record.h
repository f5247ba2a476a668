// Game records: the game id, its options, the rules version, the seats and every action (chance
// outcomes included) as JSON text. Replaying a record reproduces the game exactly; a malformed or
// illegal record is refused with the ply and the reason.
//
// Format (keys in this order):
//   {"game": "dablot", "options": {"max_turns": "1000"}, "rules_version": "dablot-1",
//    "seats": ["human", "bot:mcts"],
//    "actions": [{"seat": "chance", "action": 0, "notation": "Sámi first"},
//                {"seat": 0, "action": 433, "notation": "23-29"}, ...],
//    "result": ["win", "loss"]}
// A resignation after which the game goes on (WAR with 3+ players left) is an entry
// {"seat": 2, "resign": true}. A game that ended other than by its rules has "ending" (an
// EndReason name: "resignation", "time", "abandoned" or "agreement"; with "ending_detail", the
// words of the server an imported game came from) and then needs "result"; a
// resignation that ends the game is a loss for that seat and a win for every other. An entry needs
// "action" or "notation" (or both, which must then agree); "seat" is checked when present.
// "result" is written for finished games and checked on replay when present. A game that starts
// from a position other than the initial one has "start": that position's text
// (State::PositionText), after "seats"; its actions are played from there.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "engine/game.h"
#include "engine/seat_handle.h"
#include "engine/state.h"

namespace quartel::engine {

struct RecordedAction {
  Seat seat = kChanceSeat;  // kChanceSeat for chance outcomes
  Action action = -1;       // -1 when only the notation was given
  std::string notation;
  bool resign = false;  // the seat resigned here and the game went on (State::ResignSeat)
};

struct Record {
  std::string game;
  std::map<std::string, std::string> options;
  std::string rules_version;
  std::vector<std::string> seats;
  std::string start;  // the position text the game starts from; empty: the initial state
  std::vector<RecordedAction> actions;
  std::vector<std::string> result;  // outcome names per seat; empty while the game goes on
  std::string ending;  // an EndReason name when the game ended outside its rules, else empty
  // With an ending: how the source of an imported game worded it ("player clock and missing"), so
  // that an export can write back the same ending; empty otherwise.
  std::string ending_detail;
};

Json RecordToJson(const Record& record);
// Parses the JSON text of a record; throws quartel::Error "record: <what is wrong>".
Record RecordFromJson(std::string_view text);
// The same, from JSON already parsed.
Record RecordFromJsonValue(const Json& json);
Record ReadRecordFile(const std::string& path);
void WriteRecordFile(const std::string& path, const Record& record);

// A full state as text, exactly (the server's snapshots, research): the game, its options and rules
// version, and the state's PositionText. Holds everything hidden: never for a seat.
std::string SerializeState(const State& state);
// The state SerializeState wrote (Equals it, same PlyCount); throws quartel::Error "state: <what is
// wrong>" on malformed text, an unknown game, a bad option, another rules version or bad position.
std::unique_ptr<State> DeserializeState(std::string_view text);

// A game in progress: the state plus the record that leads to it and what undo needs.
class Match {
 public:
  // From the initial state, or from the position `start` (State::PositionText; bad text throws).
  Match(std::shared_ptr<const Game> game, std::vector<std::string> seats, std::string start = "");
  // Replays `record` (checking the rules version, each action, seat and notation, and the result);
  // throws quartel::Error "ply N (notation): reason" at the first problem.
  static Match Replay(const Record& record);

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> shared_game() const { return game_; }
  const State& state() const { return *state_; }
  const Record& record() const { return record_; }
  // Counts everything that has happened (the record's entries: actions, chance outcomes and
  // resignations): the version a seat's input must answer.
  int version() const { return static_cast<int>(record_.actions.size()); }
  // `viewer`'s way into the game (a seat or kSpectator): what it sees, may do and may type. Its
  // version leaves out the entries the viewer may not count (another seat's setup placements in
  // progress, State::ActionsUncountedBy).
  SeatHandle Handle(Seat viewer) const {
    return SeatHandle(*state_, viewer, version() - state_->ActionsUncountedBy(viewer));
  }

  // Checked apply: an illegal action throws and changes nothing.
  void Apply(Action action);
  // Takes back the last action (exactly, via UndoAction where the game supports it, otherwise by
  // replaying the record without it). Throws when there is nothing to undo.
  void Undo();
  bool CanUndo() const { return !record_.actions.empty() && record_.ending.empty(); }
  // `seat` resigns. Where the game goes on without it (State::ResignSeat) the resignation is
  // recorded as an entry; otherwise the game is over, a loss for it and a win for everyone else.
  void Resign(Seat seat);
  // Ends the game outside its rules (State::EndGame) with one outcome per seat: a loss on time,
  // an abandoned game, a draw agreed. Throws when the game is over or `results` has the wrong size.
  void End(EndReason reason, const std::vector<Outcome>& results, std::string detail = "");
  bool Over() const { return state_->IsTerminal() || !record_.ending.empty(); }

 private:
  void RecordResignation(Seat seat);

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  Record record_;
  std::vector<UndoInfo> undo_stack_;
};

}  // namespace quartel::engine
