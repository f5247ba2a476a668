#include "engine/record.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "core/error.h"

namespace quartel::engine {
namespace {

Json SeatToJson(Seat seat) { return seat == kChanceSeat ? Json("chance") : Json(seat); }

[[noreturn]] void Malformed(const std::string& what) { throw Error("record: " + what); }

const Json& Require(const Json& object, const char* key, const std::string& where) {
  if (!object.contains(key)) Malformed(fmt::format("{} has no \"{}\"", where, key));
  return object.at(key);
}

std::string RequireString(const Json& object, const char* key, const std::string& where) {
  const Json& value = Require(object, key, where);
  if (!value.is_string()) Malformed(fmt::format("{}: \"{}\" must be a string", where, key));
  return value.get<std::string>();
}

RecordedAction ParseEntry(const Json& entry, std::size_t ply) {
  const std::string where = fmt::format("action {}", ply + 1);
  if (!entry.is_object()) Malformed(where + " must be an object");
  RecordedAction recorded;
  recorded.seat = kTerminalSeat;  // "not given"
  if (entry.contains("seat")) {
    const Json& seat = entry.at("seat");
    if (seat.is_string() && seat.get<std::string>() == "chance") {
      recorded.seat = kChanceSeat;
    } else if (seat.is_number_integer() && seat.get<long long>() >= 0 &&
               seat.get<long long>() < 64) {
      recorded.seat = seat.get<int>();
    } else {
      Malformed(where + ": \"seat\" must be a seat number or \"chance\"");
    }
  }
  if (entry.contains("resign")) {
    if (entry.at("resign") != true || recorded.seat < 0 || entry.contains("action")) {
      Malformed(where + ": a resignation is {\"seat\": N, \"resign\": true}");
    }
    recorded.resign = true;
    return recorded;
  }
  if (entry.contains("action")) {
    const Json& action = entry.at("action");
    if (!action.is_number_integer() || action.get<long long>() < 0 ||
        action.get<long long>() > 1'000'000'000) {
      Malformed(where + ": \"action\" must be a non-negative integer");
    }
    recorded.action = action.get<Action>();
  }
  if (entry.contains("notation")) recorded.notation = RequireString(entry, "notation", where);
  if (recorded.action < 0 && recorded.notation.empty()) {
    Malformed(where + " needs \"action\" or \"notation\"");
  }
  return recorded;
}

// The action an entry stands for in `state`, checked against everything the entry says.
Action ResolveEntry(const State& state, const RecordedAction& entry) {
  if (entry.seat != kTerminalSeat && entry.seat != state.CurrentSeat()) {
    throw Error(fmt::format("the record says seat {} acts, but it is {}'s turn",
                            entry.seat == kChanceSeat ? "chance" : std::to_string(entry.seat),
                            state.CurrentSeat() == kChanceSeat
                                ? std::string("chance")
                                : std::to_string(state.CurrentSeat())));
  }
  Action action = entry.action;
  if (action < 0) action = state.StringToAction(entry.notation);
  const std::string why = state.WhyIllegal(action);
  if (!why.empty()) throw Error(why);
  if (!entry.notation.empty() && entry.action >= 0) {
    const std::string printed = state.ActionToString(action);
    if (printed != entry.notation && state.StringToAction(entry.notation) != action) {
      throw Error(fmt::format("action {} is '{}', not '{}'", action, printed, entry.notation));
    }
  }
  return action;
}

}  // namespace

Json RecordToJson(const Record& record) {
  Json json;
  json["game"] = record.game;
  json["options"] = Json::object();
  for (const auto& [name, value] : record.options) json["options"][name] = value;
  json["rules_version"] = record.rules_version;
  json["seats"] = record.seats;
  if (!record.start.empty()) json["start"] = record.start;
  json["actions"] = Json::array();
  for (const auto& entry : record.actions) {
    if (entry.resign) {
      json["actions"].push_back({{"seat", SeatToJson(entry.seat)}, {"resign", true}});
      continue;
    }
    json["actions"].push_back(
        {{"seat", SeatToJson(entry.seat)}, {"action", entry.action}, {"notation", entry.notation}});
  }
  if (!record.ending.empty()) json["ending"] = record.ending;
  if (!record.ending_detail.empty()) json["ending_detail"] = record.ending_detail;
  if (!record.result.empty()) json["result"] = record.result;
  return json;
}

Record RecordFromJson(std::string_view text) {
  Json json;
  try {
    json = Json::parse(text);
  } catch (const Json::parse_error& e) {
    Malformed(fmt::format("not valid JSON (byte {})", e.byte));
  } catch (const Json::exception&) {
    Malformed("not valid JSON (a number out of range)");  // e.g. 7e777 overflows a double
  }
  return RecordFromJsonValue(json);
}

Record RecordFromJsonValue(const Json& json) {
  if (!json.is_object()) Malformed("the top level must be an object");
  Record record;
  record.game = RequireString(json, "game", "the record");
  record.rules_version = RequireString(json, "rules_version", "the record");
  if (json.contains("options")) {
    const Json& options = json.at("options");
    if (!options.is_object()) Malformed("\"options\" must be an object");
    for (const auto& [name, value] : options.items()) {
      if (value.is_string()) {
        record.options[name] = value.get<std::string>();
      } else if (value.is_number_integer() || value.is_boolean()) {
        record.options[name] = value.dump();
      } else {
        Malformed(fmt::format("option \"{}\" must be a string, number or boolean", name));
      }
    }
  }
  if (json.contains("seats")) {
    const Json& seats = json.at("seats");
    if (!seats.is_array()) Malformed("\"seats\" must be an array of strings");
    for (const Json& seat : seats) {
      if (!seat.is_string()) Malformed("\"seats\" must be an array of strings");
      record.seats.push_back(seat.get<std::string>());
    }
  }
  if (json.contains("start")) record.start = RequireString(json, "start", "the record");
  const Json& actions = Require(json, "actions", "the record");
  if (!actions.is_array()) Malformed("\"actions\" must be an array");
  for (std::size_t ply = 0; ply < actions.size(); ++ply) {
    record.actions.push_back(ParseEntry(actions[ply], ply));
  }
  if (json.contains("ending")) {
    const Json& ending = json.at("ending");
    if (!ending.is_string()) Malformed("\"ending\" must be a string");
    try {
      ParseEndReason(ending.get<std::string>());
    } catch (const Error& e) {
      Malformed(fmt::format("\"ending\": {}", e.what()));
    }
    if (!json.contains("result")) Malformed("a record with an \"ending\" needs its \"result\"");
    record.ending = ending.get<std::string>();
  }
  if (json.contains("ending_detail")) {
    if (record.ending.empty()) Malformed("\"ending_detail\" needs an \"ending\"");
    record.ending_detail = RequireString(json, "ending_detail", "the record");
  }
  if (json.contains("result")) {
    const Json& result = json.at("result");
    if (!result.is_array()) Malformed("\"result\" must be an array of outcomes");
    for (const Json& outcome : result) {
      if (!outcome.is_string()) Malformed("\"result\" must be an array of outcomes");
      try {
        ParseOutcome(outcome.get<std::string>());
      } catch (const Error& e) {
        Malformed(fmt::format("\"result\": {}", e.what()));
      }
      record.result.push_back(outcome.get<std::string>());
    }
  }
  return record;
}

Record ReadRecordFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(fmt::format("cannot read record file '{}'", path));
  std::stringstream text;
  text << in.rdbuf();
  try {
    return RecordFromJson(text.str());
  } catch (const Error& e) {
    throw Error(fmt::format("{}: {}", path, e.what()));
  }
}

void WriteRecordFile(const std::string& path, const Record& record) {
  std::ofstream out(path);
  if (!out) throw Error(fmt::format("cannot write record file '{}'", path));
  out << RecordToJson(record).dump(1) << "\n";
  if (!out) throw Error(fmt::format("error writing record file '{}'", path));
}

Match::Match(std::shared_ptr<const Game> game, std::vector<std::string> seats, std::string start)
    : game_(std::move(game)),
      state_(start.empty() ? game_->NewInitialState() : game_->NewStateFromPosition(start)) {
  record_.game = game_->id();
  record_.options = game_->options().values();
  record_.rules_version = game_->info().rules_version;
  record_.seats = std::move(seats);
  record_.start = std::move(start);
}

Match Match::Replay(const Record& record) {
  const GameInfo& info = FindGame(record.game);
  if (record.rules_version != info.rules_version) {
    throw Error(fmt::format("record: rules version '{}' does not match this engine's '{}'",
                            record.rules_version, info.rules_version));
  }
  Match match = [&] {
    try {
      return Match(LoadGame(record.game, record.options), record.seats, record.start);
    } catch (const Error& e) {
      throw Error(fmt::format("record: {}", e.what()));
    }
  }();
  for (std::size_t ply = 0; ply < record.actions.size(); ++ply) {
    const RecordedAction& entry = record.actions[ply];
    try {
      if (match.Over()) throw Error("the game is already over");
      if (entry.resign) {
        if (!match.state_->ResignSeat(entry.seat))
          throw Error("this game cannot go on after a resignation");
        match.RecordResignation(entry.seat);
        continue;
      }
      match.Apply(ResolveEntry(match.state(), entry));
    } catch (const Error& e) {
      const std::string shown = entry.resign             ? std::string("resign")
                                : entry.notation.empty() ? fmt::format("action {}", entry.action)
                                                         : entry.notation;
      throw Error(fmt::format("record: ply {} ({}): {}", ply + 1, shown, e.what()));
    }
  }
  if (!record.ending.empty()) {
    try {
      std::vector<Outcome> results;
      for (const std::string& name : record.result) results.push_back(ParseOutcome(name));
      match.End(ParseEndReason(record.ending), results, record.ending_detail);
    } catch (const Error& e) {
      throw Error(fmt::format("record: {}", e.what()));
    }
  }
  if (!record.result.empty() && record.result != match.record().result) {
    throw Error("record: the stated result does not match the replayed game");
  }
  return match;
}

std::string SerializeState(const State& state) {
  const Game& game = state.game();
  Json json;
  json["game"] = game.id();
  json["options"] = Json::object();
  for (const auto& [name, value] : game.options().values()) json["options"][name] = value;
  json["rules_version"] = game.info().rules_version;
  json["position"] = state.PositionText();
  return json.dump();
}

std::unique_ptr<State> DeserializeState(std::string_view text) {
  try {
    Json json;
    try {
      json = Json::parse(text);
    } catch (const Json::exception& e) {
      throw Error("not valid JSON");
    }
    if (!json.is_object()) throw Error("the top level must be an object");
    const std::string where = "the state";
    const std::string id = RequireString(json, "game", where);
    const std::string version = RequireString(json, "rules_version", where);
    const std::string position = RequireString(json, "position", where);
    std::map<std::string, std::string> options;
    const Json& given = Require(json, "options", where);
    if (!given.is_object()) throw Error("\"options\" must be an object");
    for (const auto& [name, value] : given.items()) {
      if (!value.is_string()) throw Error(fmt::format("option \"{}\" must be a string", name));
      options[name] = value.get<std::string>();
    }
    const auto game = LoadGame(id, options);
    if (version != game->info().rules_version) {
      throw Error(fmt::format("rules version '{}' does not match this engine's '{}'", version,
                              game->info().rules_version));
    }
    return game->NewStateFromPosition(position);
  } catch (const Error& e) {
    std::string_view what = e.what();
    if (what.starts_with("record: ")) what.remove_prefix(8);
    throw Error(fmt::format("state: {}", what));
  }
}

void Match::Apply(Action action) {
  if (!record_.ending.empty()) throw Error("the game is over (" + record_.ending + ")");
  const Seat seat = state_->CurrentSeat();
  std::string notation = state_->ActionToString(action);
  UndoInfo undo;
  if (state_->SupportsUndo()) {
    state_->ApplyAction(action, undo);
  } else {
    state_->ApplyAction(action);
  }
  undo_stack_.push_back(undo);
  record_.actions.push_back({seat, action, std::move(notation)});
  if (state_->IsTerminal()) {
    for (Outcome outcome : state_->Results()) record_.result.push_back(OutcomeName(outcome));
  }
}

void Match::Resign(Seat seat) {
  if (Over()) throw Error("the game is already over");
  if (seat < 0 || seat >= game_->NumSeats()) {
    throw Error(fmt::format("seat {} cannot resign: there is no such seat", seat));
  }
  if (state_->ResignSeat(seat)) {  // the game goes on without it
    RecordResignation(seat);
    return;
  }
  std::vector<Outcome> results(game_->NumSeats(), Outcome::kWin);
  results[seat] = Outcome::kLoss;
  End(EndReason::kResignation, results);
}

void Match::End(EndReason reason, const std::vector<Outcome>& results, std::string detail) {
  if (Over()) throw Error("the game is already over");
  if (static_cast<int>(results.size()) != game_->NumSeats()) {
    throw Error(fmt::format("an ending needs one outcome per seat ({}), not {}", game_->NumSeats(),
                            results.size()));
  }
  state_->EndGame(reason, results);  // false: a perfect-information game, nothing to reveal
  record_.ending = EndReasonName(reason);
  record_.ending_detail = std::move(detail);
  record_.result.clear();
  for (Outcome outcome : results) record_.result.push_back(OutcomeName(outcome));
}

void Match::RecordResignation(Seat seat) {
  record_.actions.push_back({seat, -1, "", true});
  undo_stack_.push_back({});
  if (state_->IsTerminal()) {
    for (Outcome outcome : state_->Results()) record_.result.push_back(OutcomeName(outcome));
  }
}

void Match::Undo() {
  if (!record_.ending.empty()) throw Error("the game is over; it cannot be taken back");
  if (!record_.actions.empty() && record_.actions.back().resign) {
    throw Error("a resignation cannot be taken back");
  }
  if (record_.actions.empty()) throw Error("there is nothing to undo");
  const Action action = record_.actions.back().action;
  record_.actions.pop_back();
  record_.result.clear();
  if (state_->SupportsUndo()) {
    state_->UndoAction(action, undo_stack_.back());
    undo_stack_.pop_back();
    return;
  }
  Match replayed = Replay(record_);
  *this = std::move(replayed);
}

}  // namespace quartel::engine
