// Dablot notation: actions, typed turns (a jump chain), and turn descriptions (dablot.h,
// "Action encoding").
#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/text.h"
#include "games/dablot/dablot.h"

namespace quartel::dablot {
namespace {

// A piece as players name it, with its side: "Swedish soldier", "King".
std::string PieceName(Piece piece) {
  switch (piece) {
    case Piece::kSamiSoldier:
      return "Sámi soldier";
    case Piece::kPrince:
      return "Prince";
    case Piece::kKing:
      return "King";
    case Piece::kSwedishSoldier:
      return "Swedish soldier";
    case Piece::kSon:
      return "Landlord's Son";
    case Piece::kLandlord:
      return "Landlord";
    case Piece::kEmpty:
      break;
  }
  return "nothing";
}

constexpr const char* kNotationExamples = "(e.g. 23-29, 23x35, stop)";

// The dir from `from` whose neighbour (jump = false) or landing (jump = true) is `to`, or kNone.
int DirTo(int from, int to, bool jump) {
  const Geometry& g = Geo();
  for (int d = 0; d < kNumDirs; ++d) {
    if ((jump ? g.landing[from][d] : g.neighbour[from][d]) == to) return d;
  }
  return kNone;
}

}  // namespace

std::string DablotState::ActionToString(Action action) const {
  if (action == kSamiFirst) return "Sámi first";
  if (action == kSwedesFirst) return "Swedes first";
  if (action == kStop) return "stop";
  if (!IsStep(action) && !IsJump(action)) return fmt::format("action {} (out of range)", action);
  const Geometry& g = Geo();
  const int from = ActionFrom(action), dir = ActionDir(action);
  const int to = IsStep(action) ? g.neighbour[from][dir] : g.landing[from][dir];
  if (to == kNone) {
    return fmt::format("{} from {} direction {} (off the lines)", IsStep(action) ? "step" : "jump",
                       from + 1, dir);
  }
  return fmt::format("{}{}{}", from + 1, IsStep(action) ? '-' : 'x', to + 1);
}

Action DablotState::ParseMove(std::string_view text) const {
  const std::size_t sep = text.find_first_of("-xX");
  if (sep == std::string_view::npos) {
    throw Error(fmt::format("'{}' is not Dablot notation {}", Excerpt(text), kNotationExamples));
  }
  const auto from = ParseInteger(Trim(text.substr(0, sep)));
  const auto to = ParseInteger(Trim(text.substr(sep + 1)));
  if (!from || !to) {
    throw Error(fmt::format("'{}' is not Dablot notation {}", Excerpt(text), kNotationExamples));
  }
  if (*from < 1 || *from > kNumPoints || *to < 1 || *to > kNumPoints) {
    throw Error(fmt::format("'{}': points are numbered 1 to 72", Excerpt(text)));
  }
  const bool jump = text[sep] != '-';
  const int dir = DirTo(static_cast<int>(*from - 1), static_cast<int>(*to - 1), jump);
  if (dir == kNone) {
    throw Error(
        jump ? fmt::format("'{}': {} is not two points along a line from {}", text, *to, *from)
             : fmt::format("'{}': point {} is not adjacent to {}", text, *to, *from));
  }
  const int index = static_cast<int>(*from - 1);
  return jump ? JumpAction(index, dir) : StepAction(index, dir);
}

Action DablotState::StringToAction(std::string_view text) const {
  const std::string lower = ToLower(Trim(text));
  Action action;
  if (lower == "stop") {
    action = kStop;
  } else if (lower == "sámi first" || lower == "sami first" || lower == "sÁmi first") {
    action = kSamiFirst;
  } else if (lower == "swedes first") {
    action = kSwedesFirst;
  } else {
    action = ParseMove(Trim(text));
  }
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("'{}': {}", Excerpt(Trim(text)), why));
  return action;
}

// What a player types: one action, or a chain of jumps "23x35x47" (23x35, then 35x47). Only the
// jumps typed: where the chain could go on the player is still to move, to jump on or stop.
std::vector<Action> DablotState::StringToTurn(std::string_view text) const {
  const std::string_view trimmed = Trim(text);
  const std::vector<std::string> hops = Split(ToLower(trimmed), 'x');
  if (hops.size() <= 2) return {StringToAction(trimmed)};
  std::vector<Action> actions;
  DablotState scratch(*this);
  for (std::size_t i = 0; i + 1 < hops.size(); ++i) {
    const std::string hop = hops[i] + "x" + hops[i + 1];
    if (i > 0 && !scratch.MidTurn()) {
      throw Error(fmt::format("'{}': the turn is over before {}", Excerpt(trimmed), hop));
    }
    try {
      actions.push_back(scratch.StringToAction(hop));
    } catch (const Error& error) {
      throw Error(fmt::format("'{}': {}", Excerpt(trimmed), error.what()));
    }
    scratch.DoApplyAction(actions.back(), nullptr);
  }
  return actions;
}

// Each capture says what it took: "23x35 takes the Swedish soldier on 29".
std::string DablotState::DescribeTurn(std::span<const Action> actions, engine::Seat) const {
  DablotState state(*this);
  std::string text;
  for (Action action : actions) {
    if (!text.empty()) text += ", ";
    text += state.ActionToString(action);
    if (IsJump(action)) {
      const int over = Geo().neighbour[ActionFrom(action)][ActionDir(action)];
      text += fmt::format(" takes the {} on {}", PieceName(state.position_.board[over]), over + 1);
    }
    state.DoApplyAction(action, nullptr);
  }
  return text;
}

}  // namespace quartel::dablot
