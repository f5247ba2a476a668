#include "server/replay.h"

#include <fmt/format.h>

#include <functional>

#include "core/error.h"
#include "engine/record.h"
#include "server/room.h"

namespace quartel::server {
namespace {

using engine::Seat;

Reply Refuse(const std::string& why) { return {400, Json{{"error", why}}}; }

Seat ParseViewer(const Json& viewer, int seats) {
  if (viewer.is_string() && viewer.get<std::string>() == "spectator") return engine::kSpectator;
  if (viewer.is_number_integer()) {
    const int seat = viewer.get<int>();
    if (seat >= 0 && seat < seats) return seat;
  }
  throw Error(fmt::format("viewer must be a seat from 0 to {} or \"spectator\"", seats - 1));
}

Json ByOf(Seat seat) { return seat == engine::kChanceSeat ? Json("chance") : Json(seat); }

// An optional whole-number field of the request, within [least, most].
int RangeField(const Json& request, const char* name, int fallback, int least, int most) {
  if (!request.contains(name)) return fallback;
  const Json& value = request.at(name);
  if (!value.is_number_integer() || value.get<std::int64_t>() < least ||
      value.get<std::int64_t>() > most) {
    throw Error(fmt::format("\"{}\" must be a whole number from {} to {}", name, least, most));
  }
  return value.get<int>();
}

}  // namespace

Reply ReplayFrames(std::string_view body) {
  Json request;
  try {
    request = Json::parse(body);
  } catch (const std::exception&) {
    return Refuse("the body is not JSON");
  }
  if (!request.is_object() || !request.contains("record")) {
    return Refuse("expected {\"record\": ..., \"viewer\": seat or \"spectator\"}");
  }
  try {
    for (const auto& [name, value] : request.items()) {
      if (name != "record" && name != "viewer" && name != "from" && name != "count" &&
          name != "states") {
        throw Error("unknown field \"" + name + "\" (known: record, viewer, from, count, states)");
      }
    }
    const bool states = request.value("states", Json(true)) == Json(true);
    const int from = RangeField(request, "from", 0, 0, 1 << 30);
    const int most = states ? kMostReplayFrames : kMostReplayLines;
    const int count = RangeField(request, "count", most, 1, most);
    // The whole record is checked first, so that a bad one is refused before any frame; the
    // checked match's record has every entry's action resolved from its notation.
    const engine::Record record = engine::RecordFromJsonValue(request["record"]);
    const Json viewer_field = request.value("viewer", Json("spectator"));
    request = Json();  // the record is parsed: its JSON is no longer needed
    const engine::Match checked = engine::Match::Replay(record);
    const engine::Game& game = checked.game();
    const Seat viewer = ParseViewer(viewer_field, game.NumSeats());
    const bool ended_outside = !checked.record().ending.empty();
    const int total =
        static_cast<int>(checked.record().actions.size()) + 1 + (ended_outside ? 1 : 0);
    const int end = std::min(total, from + count);
    engine::Match match(checked.shared_game(), record.seats, record.start);
    Json plies = Json::array();
    int ply = 0;
    auto frame = [&](Json by, const std::function<std::string()>& text, Json steps,
                     const OutsideEnding& ended) {
      if (ply >= from && ply < end) {
        Json entry{
            {"ply", ply}, {"by", std::move(by)}, {"text", text()}, {"steps", std::move(steps)}};
        if (states) entry["state"] = ViewerState(match.state(), ended, ply, viewer, std::nullopt);
        plies.push_back(std::move(entry));
      }
      ++ply;
    };
    frame(Json(), [] { return std::string("the game begins"); }, Json::array({{{"kind", "begin"}}}),
          {});
    for (const engine::RecordedAction& entry : checked.record().actions) {
      if (ply >= end) break;
      if (entry.resign) {
        match.Resign(entry.seat);
        frame(entry.seat, [&] { return fmt::format("{} resigned", game.SeatName(entry.seat)); },
              Json::array({{{"kind", "resign"}, {"seat", entry.seat}}}), {});
        continue;
      }
      // Told as the live move list tells it (State::DescribeTurn), one action at a time.
      const bool wanted = ply >= from;  // `ply` is this entry's frame
      const std::string text =
          wanted ? match.state().DescribeTurn({&entry.action, 1}, viewer) : std::string();
      Json steps = wanted ? match.state().TurnSteps({&entry.action, 1}, viewer) : Json();
      const Seat by = match.state().CurrentSeat();
      match.Apply(entry.action);
      frame(ByOf(by), [&] { return text; }, std::move(steps), {});
    }
    if (ended_outside && ply < end) {
      // Ended outside its rules (a resignation, a draw agreed): the game ends here too, so that
      // the last frame shows every viewer everything, as the live match did.
      // The record's outcomes: a perfect-information game's state keeps none of its own when
      // it ended outside its rules (engine::Match keeps them), so checked.state() has none.
      std::vector<engine::Outcome> results;
      for (const std::string& name : checked.record().result) {
        results.push_back(engine::ParseOutcome(name));
      }
      match.End(engine::ParseEndReason(checked.record().ending), results,
                checked.record().ending_detail);
      frame(
          Json(), [&] { return fmt::format("the game ended: {}", checked.record().ending); },
          Json::array({{{"kind", "ended"}, {"ending", checked.record().ending}}}),
          OutsideEnding{checked.record().ending, checked.record().result});
    }
    std::vector<std::string> names;
    for (int seat = 0; seat < game.NumSeats(); ++seat) names.push_back(game.SeatName(seat));
    return {200, Json{{"game", game.id()},
                      {"options", game.options().values()},
                      {"seat_names", names},
                      {"viewer", viewer == engine::kSpectator ? Json("spectator") : Json(viewer)},
                      {"total", total},
                      {"from", from},
                      {"plies", std::move(plies)}}};
  } catch (const Error& e) {
    return Refuse(e.what());
  } catch (const std::exception& e) {
    return Refuse(std::string("record: ") + e.what());
  }
}

}  // namespace quartel::server
