// Espionage notation: actions in words for each viewer, turn descriptions, and what a player
// types (espionage.h, "Action encoding" and "Typed turns").
#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/espionage/espionage.h"
#include "games/espionage/setups.h"

namespace quartel::espionage {

using hidden_army::kSeatNames;

std::string EspionageState::ActionToString(Action action) const {
  if (action < 0 || action >= kNumActions) return fmt::format("action {} (out of range)", action);
  if (IsVolcano(action)) return "volcano " + SquareName(action);
  if (action < kFirstPlace) {
    return IsLot(action) ? fmt::format("{} first", kSeatNames[action - kFirstLot])
                         : fmt::format("action {} (unused)", action);
  }
  if (IsPlace(action)) {
    return fmt::format("{}:{}", RankChar(PlaceRank(action)), SquareName(PlaceSquare(action)));
  }
  if (action == kClaimDraw) return "claim draw";
  const int from = MoveFrom(action), to = Step(from, MoveDir(action));
  if (to == kNone) return fmt::format("move from {} off the board", SquareName(from));
  const CellBits a = position_.board[from], t = position_.board[to];
  const bool attack = IsPiece(a) && IsPiece(t) && Owner(a) != Owner(t);
  return fmt::format("{}{}{}", SquareName(from), attack ? 'x' : '-', SquareName(to));
}

// Another seat's placement shows neither its rank nor its square (setups are secret).
std::string EspionageState::ActionToStringFor(Action action, engine::Seat viewer) const {
  if (position_.phase == Phase::kSetup && viewer != position_.to_move && IsPlace(action)) {
    return "a hidden placement";
  }
  return ActionToString(action);
}

// A setup is one turn: told in one line, to the seat setting up as its setup string, to anyone
// else only as in progress or done (setups are secret until both are complete). The lot for the
// first move that follows the last setup is told after it ("set up its army; Blue first"). In the
// play, moves are told with what their combat showed `viewer`.
std::string EspionageState::DescribeTurn(std::span<const Action> actions,
                                         engine::Seat viewer) const {
  if (position_.phase != Phase::kSetup || actions.empty()) return DescribePlay(actions, viewer);
  const int seat = position_.to_move;
  EspionageState after(*this);
  std::size_t placed = 0;
  while (placed < actions.size() && after.position_.phase == Phase::kSetup) {
    after.DoApplyAction(actions[placed++], nullptr);
  }
  const bool done = ArmySize(after.position_.to_place[seat]) == 0;
  std::string text;
  if (viewer != seat) {
    text = done ? "set up its army" : "is setting up its army";
  } else if (!done) {
    text = engine::State::DescribeTurn(actions.first(placed), viewer);
  } else {
    text = "set up ";
    for (int i = 0; i < kHomeSquares; ++i) {
      if (i > 0 && i % kSize == 0) text += '/';
      text += RankChar(RankOf(after.position_.board[(seat == 0 ? 0 : 70) + i]));
    }
  }
  if (placed == actions.size()) return text;
  return text + "; " + after.DescribePlay(actions.subspan(placed), viewer);
}

// Each action in its notation, an attack followed by what its combat showed `viewer`
// ("c3xc4: Sapper takes an unseen piece"); a turn's two moves are told apart by a comma.
std::string EspionageState::DescribePlay(std::span<const Action> actions,
                                         engine::Seat viewer) const {
  EspionageState state(*this);
  std::string text;
  for (Action action : actions) {
    if (!text.empty()) text += ", ";
    text += state.ActionToStringFor(action, viewer);
    const bool move = state.position_.phase == Phase::kPlay && IsMove(action);
    state.DoApplyAction(action, nullptr);
    if (move && state.position_.last_removed != kRemovedNone) {
      text += ": " + state.CombatText(viewer);
    }
  }
  return text;
}

namespace {

// The move action for "a3-a4" or "a3xa4" (the separator at `sep`).
Action ParseMove(std::string_view text, std::string_view t, std::size_t sep) {
  const int from = ParseSquare(Trim(t.substr(0, sep)));
  const int to = ParseSquare(Trim(t.substr(sep + 1)));
  if (from == kNone || to == kNone) {
    throw Error(fmt::format("'{}' is not an Espionage move (e.g. a3-a4, a3xa4)", text));
  }
  for (int dir = 0; dir < kNumDirs; ++dir) {
    if (Step(from, dir) == to) return MoveAction(from, dir);
  }
  throw Error(fmt::format("'{}': a move is one step to an orthogonal neighbour", text));
}

// The action id `text` names, legal or not (EspionageState::StringToAction checks it).
Action ParseActionId(std::string_view text) {
  const std::string t = ToLower(Trim(text));
  const std::size_t colon = t.find(':');
  const std::size_t sep = t.find_first_of("-x");
  if (t == "claim draw") return kClaimDraw;
  if (t.rfind("volcano ", 0) == 0) {
    const int sq = ParseSquare(Trim(std::string_view(t).substr(8)));
    if (sq == kNone) throw Error(fmt::format("'{}' names no square", text));
    return sq;
  }
  if (t == "red first" || t == "blue first") return kFirstLot + (t[0] == 'b' ? 1 : 0);
  if (colon != std::string::npos) {
    const int rank = colon == 1 ? RankFromChar(t[0]) : kNone;
    const int sq = ParseSquare(Trim(std::string_view(t).substr(colon + 1)));
    if (rank == kNone || sq == kNone) {
      throw Error(fmt::format("'{}' is not an Espionage placement (e.g. S:a1, 5:c2)", text));
    }
    return PlaceAction(rank, sq);
  }
  if (sep != std::string::npos) return ParseMove(text, t, sep);
  throw Error(fmt::format("'{}' is not Espionage notation (e.g. S:a1, a3-a4, claim draw)", text));
}

}  // namespace

Action EspionageState::StringToAction(std::string_view text) const {
  const Action action = ParseActionId(text);
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("'{}': {}", Trim(text), why));
  return action;
}

// During a seat's setup, a whole setup typed at once (see the header): "random N", or a setup
// string, told apart from one placement ("S:a1") by having no ':' and either at least ten
// characters or rank characters only; anything else is one action (StringToAction explains).
std::vector<Action> EspionageState::StringToTurn(std::string_view text) const {
  const std::string_view t = Trim(text);
  std::size_t rank_chars = 0, length = 0;
  for (char c : t) {
    if (c == ' ' || c == '/') continue;
    ++length;
    rank_chars += RankFromChar(c) != kNone;
  }
  const bool random = ToLower(t).rfind("random", 0) == 0;
  const bool setup_string =
      t.find(':') == std::string_view::npos && (length >= 10 || rank_chars == length);
  if (position_.phase == Phase::kSetup && !t.empty() && (random || setup_string)) {
    return ParseWholeSetup(t);
  }
  if (position_.phase == Phase::kPlay && t.find_first_of(" ,") != std::string_view::npos &&
      ToLower(t) != "claim draw") {
    return ParsePlayTurn(text);
  }
  return {StringToAction(t)};
}

std::vector<Action> EspionageState::ParseWholeSetup(std::string_view t) const {
  const int seat = position_.to_move;
  if (position_.to_place[seat] != FullArmy()) {
    throw Error(
        fmt::format("'{}': {} has placed pieces already; place the rest one by one "
                    "(e.g. {})",
                    t, kSeatNames[seat], seat == 0 ? "H:a1" : "H:a10"));
  }
  const std::string lower = ToLower(t);
  if (lower.rfind("random", 0) != 0) return ParseSetup(t, seat);
  // "random N": DrawSetup seeded by N, so that the same words give the same setup.
  const auto number = ParseInteger(Trim(std::string_view(lower).substr(6)));
  if (!number) throw Error(fmt::format("'{}': random needs a number, e.g. random 7", t));
  if (*number < 0) throw Error(fmt::format("'{}': the number must be 0 or more", t));
  Rng rng(static_cast<std::uint64_t>(*number));
  return ParseSetup(DrawSetup(seat, rng), seat);
}

std::vector<Action> EspionageState::ParsePlayTurn(std::string_view text) const {
  std::vector<Action> actions;
  EspionageState copy(*this);
  std::string s(Trim(text));
  std::replace(s.begin(), s.end(), ',', ' ');
  for (const std::string& part : Split(s, ' ')) {
    if (Trim(part).empty()) continue;
    if (copy.CurrentSeat() != position_.to_move || (!actions.empty() && !copy.MidTurn())) {
      throw Error(fmt::format("'{}': the turn is over before '{}'", text, part));
    }
    const Action a = copy.StringToAction(part);
    copy.ApplyAction(a);
    actions.push_back(a);
  }
  if (copy.MidTurn()) throw Error(fmt::format("'{}': the turn needs a second move", text));
  return actions;
}

}  // namespace quartel::espionage
