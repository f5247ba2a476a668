// Conspiradores notation: actions, typed turns (a jump chain), and turn descriptions
// (conspiradores.h, "Action encoding").
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/text.h"
#include "games/conspiradores/conspiradores.h"

namespace quartel::conspiradores {
namespace {

// Direction and kind of the move from `from` to `to`: distance 1 is a step, distance 2 on a line a
// jump. Returns -1 when the two points are not on one line at distance 1 or 2.
int DirBetween(int from, int to, bool* jump) {
  const int dc = ColOf(to) - ColOf(from), dr = RowOf(to) - RowOf(from);
  const int dist = std::max(std::abs(dc), std::abs(dr));
  if (dist == 0 || dist > 2) return -1;
  if ((dc != 0 && std::abs(dc) != dist) || (dr != 0 && std::abs(dr) != dist)) return -1;
  for (int d = 0; d < kNumDirs; ++d) {
    if (kDirCol[d] * dist == dc && kDirRow[d] * dist == dr) {
      *jump = dist == 2;
      return d;
    }
  }
  return -1;
}

}  // namespace

// Facts (conspiradores.h, "Facts"). A perfect-information game: every viewer is told the same.
Json ConspiradoresState::ActionFacts(Action action, Seat) const {
  if (IsChanceAction(action)) {
    const auto& orders = PlayOrders(pos_.meta.num_seats);
    if (action >= static_cast<int>(orders.size()))
      return Json{{"kind", "invalid"}, {"action", action}};
    Json order = Json::array();
    for (int k = 0; k < pos_.meta.num_seats; ++k) order.push_back(orders[action][k]);
    return Json{{"kind", "order"}, {"order", std::move(order)}};
  }
  if (IsPlacement(action)) return Json{{"kind", "place"}, {"point", PointName(From(action))}};
  if (IsStop(action)) return Json{{"kind", "stop"}};
  if ((IsStep(action) || IsJump(action)) && To(action) != kNoPoint) {
    return Json{{"kind", IsStep(action) ? "step" : "jump"},
                {"from", PointName(From(action))},
                {"to", PointName(To(action))}};
  }
  return Json{{"kind", "invalid"}, {"action", action}};
}

Json ConspiradoresState::TurnSteps(std::span<const Action> actions, Seat viewer) const {
  Position at = pos_;
  Json steps = Json::array();
  for (Action action : actions) {
    ConspiradoresState probe(static_cast<const ConspiradoresGame&>(game()));
    probe.pos_ = at;
    steps.push_back(probe.ActionFacts(action, viewer));
    at.Apply(action, nullptr);
  }
  return steps;
}

namespace {

// The notation of one fact: "order 2,1", "G9", "stop", "G9-H10" (a step or a jump alike).
std::string Notation(const Json& fact) {
  const std::string& kind = fact.at("kind").get_ref<const std::string&>();
  if (kind == "order") {
    std::string text = "order ";
    for (std::size_t k = 0; k < fact.at("order").size(); ++k) {
      text += fmt::format("{}{}", k ? "," : "", fact.at("order")[k].get<int>() + 1);
    }
    return text;
  }
  if (kind == "place") return fact.at("point").get<std::string>();
  if (kind == "stop") return "stop";
  if (kind == "step" || kind == "jump") {
    return fact.at("from").get<std::string>() + "-" + fact.at("to").get<std::string>();
  }
  return fmt::format("action {}", fact.at("action").get<int>());
}

}  // namespace

std::string ConspiradoresState::ActionToString(Action action) const {
  const Json fact = ActionFacts(action, engine::kSpectator);
  if (fact.at("kind") != "invalid") return Notation(fact);
  if (IsChanceAction(action)) return fmt::format("order #{}", action);
  // A move off the board: named by its parts, for error messages.
  if (IsStep(action) || IsJump(action)) {
    return fmt::format("{}-off board {}", PointName(From(action)), kDirNames[Dir(action)]);
  }
  return Notation(fact);
}

Action ConspiradoresState::StringToAction(std::string_view raw) const {
  const std::string text = ToLower(Trim(raw));
  auto fail = [&](const std::string& why) {
    return Error(fmt::format("'{}': {}", Excerpt(Trim(raw)), why));
  };
  Action action = -1;
  if (text == "stop") {
    action = kStopAction;
  } else if (text.starts_with("order")) {
    const auto parts = Split(std::string_view(text).substr(5), ',');
    std::array<std::uint8_t, kMaxSeats> order{0, 1, 2, 3};
    if (static_cast<int>(parts.size()) != pos_.meta.num_seats) {
      throw fail(fmt::format("an order lists all {} seats, e.g. order 2,1", pos_.meta.num_seats));
    }
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const auto seat = ParseInteger(parts[k]);
      if (!seat || *seat < 1 || *seat > pos_.meta.num_seats) throw fail("not a seat number");
      order[k] = static_cast<std::uint8_t>(*seat - 1);
    }
    const auto& orders = PlayOrders(pos_.meta.num_seats);
    const auto it = std::find(orders.begin(), orders.end(), order);
    if (it == orders.end()) throw fail("each seat must appear once");
    action = static_cast<Action>(it - orders.begin());
  } else if (const auto dash = text.find('-'); dash != std::string::npos) {
    const auto from = ParsePoint(std::string_view(text).substr(0, dash));
    const auto to = ParsePoint(std::string_view(text).substr(dash + 1));
    if (!from || !to) throw fail("expected two points like G9-H10");
    bool jump = false;
    const int dir = DirBetween(*from, *to, &jump);
    if (dir < 0) throw fail("the points are not 1 (step) or 2 (jump) apart on a line");
    action = jump ? JumpAction(*from, dir) : StepAction(*from, dir);
  } else if (const auto point = ParsePoint(text)) {
    action = PlaceAction(*point);
  } else {
    throw fail("expected a point (G9), a step (G9-H10), a jump (G9-G11), stop, or order 2,1");
  }
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw fail(why);
  return action;
}

// What a player types: one action, or a chain of jumps "G9-G11-I13" (G9-G11, then G11-I13). Only
// the jumps typed: where the chain could go on the player is still to move, to jump on or stop.
std::vector<Action> ConspiradoresState::StringToTurn(std::string_view raw) const {
  const auto parts = Split(raw, '-');
  if (parts.size() <= 2) return {StringToAction(raw)};
  std::vector<Action> turn;
  Position at = pos_;
  for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
    if (k > 0 && !at.InChain()) {
      throw Error(
          fmt::format("'{}': the chain has ended at {}", Excerpt(Trim(raw)), Excerpt(parts[k], 8)));
    }
    ConspiradoresState probe(static_cast<const ConspiradoresGame&>(game()));
    probe.pos_ = at;
    const Action action = probe.StringToAction(parts[k] + "-" + parts[k + 1]);
    if (!IsJump(action)) {
      throw Error(
          fmt::format("'{}': {}-{} is not a jump", Excerpt(Trim(raw)), parts[k], parts[k + 1]));
    }
    at.Apply(action, nullptr);
    turn.push_back(action);
  }
  return turn;
}

// The draw of the play order in words ("play order by lot: black, white"); moves as written, a
// space between them.
std::string ConspiradoresState::DescribeTurn(std::span<const Action> actions, Seat viewer) const {
  const Json steps = TurnSteps(actions, viewer);
  if (steps.size() == 1 && steps[0].at("kind") == "order") {
    std::vector<std::string> names;
    for (const Json& seat : steps[0].at("order")) names.push_back(kSeatNames[seat.get<int>()]);
    return fmt::format("play order by lot: {}", fmt::join(names, ", "));
  }
  std::string text;
  for (const Json& step : steps) {
    if (!text.empty()) text += ' ';
    text += Notation(step);
  }
  return text;
}

}  // namespace quartel::conspiradores
