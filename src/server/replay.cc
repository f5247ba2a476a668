#include "server/replay.h"

#include <fmt/format.h>

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
    // The whole record is checked first, so that a bad one is refused before any frame; the
    // checked match's record has every entry's action resolved from its notation.
    const engine::Record record = engine::RecordFromJson(request["record"].dump());
    const engine::Match checked = engine::Match::Replay(record);
    const engine::Game& game = checked.game();
    const Seat viewer = ParseViewer(request.value("viewer", Json("spectator")), game.NumSeats());
    engine::Match match(checked.shared_game(), record.seats, record.start);
    Json plies = Json::array();
    auto frame = [&](Json by, std::string text, const std::vector<std::string>& ended) {
      const int ply = static_cast<int>(plies.size());
      plies.push_back({{"ply", ply},
                       {"by", std::move(by)},
                       {"text", std::move(text)},
                       {"state", ViewerState(match.state(), ended, ply, viewer, std::nullopt)}});
    };
    frame(Json(), "the game begins", {});
    for (const engine::RecordedAction& entry : checked.record().actions) {
      if (entry.resign) {
        match.Resign(entry.seat);
        frame(entry.seat, fmt::format("{} resigned", game.SeatName(entry.seat)), {});
        continue;
      }
      // Told as the live move list tells it (State::DescribeTurn), one action at a time.
      std::string text = match.state().DescribeTurn({&entry.action, 1}, viewer);
      const Seat by = match.state().CurrentSeat();
      match.Apply(entry.action);
      frame(ByOf(by), std::move(text), {});
    }
    if (!checked.record().ending.empty()) {
      // Ended outside its rules (a resignation, a draw agreed): the game ends here too, so that
      // the last frame shows every viewer everything, as the live match did.
      match.End(engine::ParseEndReason(checked.record().ending), checked.state().Results(),
                checked.record().ending_detail);
      frame(Json(), fmt::format("the game ended: {}", checked.record().ending),
            checked.record().result);
    }
    std::vector<std::string> names;
    for (int seat = 0; seat < game.NumSeats(); ++seat) names.push_back(game.SeatName(seat));
    return {200, Json{{"game", game.id()},
                      {"options", game.options().values()},
                      {"seat_names", names},
                      {"viewer", viewer == engine::kSpectator ? Json("spectator") : Json(viewer)},
                      {"plies", std::move(plies)}}};
  } catch (const Error& e) {
    return Refuse(e.what());
  } catch (const std::exception& e) {
    return Refuse(std::string("record: ") + e.what());
  }
}

}  // namespace quartel::server
