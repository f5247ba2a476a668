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

// Facts (dablot.h, "Facts"): {"kind": "first", "seat"}, {"kind": "stop"}, {"kind": "step",
// "from", "to"}, {"kind": "jump", "from", "over", "to", "taken"} with points numbered 1 to 72 and
// the taken piece's letter as the view writes it; {"kind": "invalid", "action"} for an id that is
// no move here. A perfect-information game: every viewer is told the same.
Json DablotState::ActionFacts(Action action, engine::Seat) const {
  if (action == kSamiFirst || action == kSwedesFirst) {
    return Json{{"kind", "first"}, {"seat", action == kSamiFirst ? 0 : 1}};
  }
  if (action == kStop) return Json{{"kind", "stop"}};
  const Geometry& g = Geo();
  if (!IsStep(action) && !IsJump(action)) return Json{{"kind", "invalid"}, {"action", action}};
  const int from = ActionFrom(action), dir = ActionDir(action);
  const int to = IsStep(action) ? g.neighbour[from][dir] : g.landing[from][dir];
  if (to == kNone) return Json{{"kind", "invalid"}, {"action", action}};
  if (IsStep(action)) return Json{{"kind", "step"}, {"from", from + 1}, {"to", to + 1}};
  const int over = g.neighbour[from][dir];
  const Piece taken = position_.board[over];
  return Json{
      {"kind", "jump"},
      {"from", from + 1},
      {"over", over + 1},
      {"to", to + 1},
      {"taken", taken == Piece::kEmpty ? Json() : Json(std::string(1, PieceLetter(taken)))}};
}

Json DablotState::TurnSteps(std::span<const Action> actions, engine::Seat viewer) const {
  DablotState state(*this);
  Json steps = Json::array();
  for (Action action : actions) {
    steps.push_back(state.ActionFacts(action, viewer));
    state.DoApplyAction(action, nullptr);
  }
  return steps;
}

namespace {

// The notation of one fact: "23-29", "23x35", "stop", "Sámi first".
std::string Notation(const Json& fact) {
  const std::string& kind = fact.at("kind").get_ref<const std::string&>();
  if (kind == "first") return fact.at("seat") == 0 ? "Sámi first" : "Swedes first";
  if (kind == "stop") return "stop";
  if (kind == "step" || kind == "jump") {
    return fmt::format("{}{}{}", fact.at("from").get<int>(), kind == "step" ? '-' : 'x',
                       fact.at("to").get<int>());
  }
  return fmt::format("action {} (out of range)", fact.at("action").get<int>());
}

// A step as the move list tells it: a capture says what it took, "23x35 takes the Swedish
// soldier on 29".
std::string Told(const Json& fact) {
  std::string text = Notation(fact);
  if (fact.at("kind") != "jump") return text;
  Piece taken = Piece::kEmpty;
  if (fact.at("taken").is_string()) PieceFromLetter(fact.at("taken").get<std::string>()[0], taken);
  return text + fmt::format(" takes the {} on {}", PieceName(taken), fact.at("over").get<int>());
}

}  // namespace

std::string DablotState::ActionToString(Action action) const {
  const Json fact = ActionFacts(action, engine::kSpectator);
  if (fact.at("kind") != "invalid" || (!IsStep(action) && !IsJump(action))) return Notation(fact);
  // A move off the lines: named by its parts, for error messages.
  return fmt::format("{} from {} direction {} (off the lines)", IsStep(action) ? "step" : "jump",
                     ActionFrom(action) + 1, ActionDir(action));
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

// The steps in words, a comma between them (Told).
std::string DablotState::DescribeTurn(std::span<const Action> actions, engine::Seat viewer) const {
  std::string text;
  for (const Json& step : TurnSteps(actions, viewer)) {
    if (!text.empty()) text += ", ";
    text += Told(step);
  }
  return text;
}

}  // namespace quartel::dablot
