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

std::string ConspiradoresState::ActionToString(Action action) const {
  if (IsChanceAction(action)) {
    const auto& orders = PlayOrders(pos_.meta.num_seats);
    if (action >= static_cast<int>(orders.size())) return fmt::format("order #{}", action);
    std::string text = "order ";
    for (int k = 0; k < pos_.meta.num_seats; ++k) {
      text += fmt::format("{}{}", k ? "," : "", orders[action][k] + 1);
    }
    return text;
  }
  if (IsPlacement(action)) return PointName(From(action));
  if (IsStop(action)) return "stop";
  if (IsStep(action) || IsJump(action)) {
    const int to = To(action);
    if (to == kNoPoint) {
      return fmt::format("{}-off board {}", PointName(From(action)), kDirNames[Dir(action)]);
    }
    return PointName(From(action)) + "-" + PointName(to);
  }
  return fmt::format("action {}", action);
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

// The draw of the play order in words ("play order by lot: black, white"); moves as written.
std::string ConspiradoresState::DescribeTurn(std::span<const Action> actions, Seat viewer) const {
  if (actions.size() != 1 || !IsChanceAction(actions.front())) {
    return engine::State::DescribeTurn(actions, viewer);
  }
  const auto& order = PlayOrders(pos_.meta.num_seats).at(actions.front());
  std::vector<std::string> names;
  for (int k = 0; k < pos_.meta.num_seats; ++k) names.push_back(kSeatNames[order[k]]);
  return fmt::format("play order by lot: {}", fmt::join(names, ", "));
}

}  // namespace quartel::conspiradores
