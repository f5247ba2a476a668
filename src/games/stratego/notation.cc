// Stratego notation: actions in words for each viewer, turn descriptions, and what a player types
// (stratego.h, "Action encoding" and "Typed turns").
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/hidden_army/hidden_army.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::stratego {

using hidden_army::kSeatNames;

namespace {

// The move action from `from` to `to` along a line, or kNone.
Action LineAction(int from, int to) {
  for (int dir = 0; dir < kNumDirs; ++dir) {
    for (int d = 1; d <= kMaxDistance; ++d) {
      if (Step(from, dir, d) == to) return MoveAction(from, dir, d);
    }
  }
  return kNone;
}

// Text that can only be meant as a setup string: rank characters and '.', at least eight
// squares (a move or a placement is shorter, or has '-' or ':').
bool LooksLikeSetupString(std::string_view text) {
  int squares = 0;
  for (char c : text) {
    if (c == ' ' || c == '/') continue;
    if (c != '.' && RankFromChar(c) == kNone) return false;
    ++squares;
  }
  return squares >= 8;
}

}  // namespace

// --- Facts (stratego.h, "Facts"), and the words written from them -----------------------------

// Rulings "Stratego": setups are secret until both are complete, so another seat is told neither
// the rank nor the square of a placement. Moves and rescues are public (a rescued piece comes
// back in the open). During the setups a move (never legal then) is no attack: whether its target
// holds a piece of a setup in progress is not another viewer's to know.
Json StrategoState::ActionFacts(Action action, engine::Seat viewer) const {
  return FactsOf(action, viewer, false);
}

// `all_seen`: as the record writes it, every placement in full.
Json StrategoState::FactsOf(Action action, engine::Seat viewer, bool all_seen) const {
  if (action < 0 || action >= kNumActions) return Json{{"kind", "invalid"}, {"action", action}};
  if (IsPlace(action)) {
    if (!all_seen && viewer != CurrentSeat()) return Json{{"kind", "hidden_placement"}};
    return Json{{"kind", "place"},
                {"rank", std::string(1, RankChar(PlaceRank(action)))},
                {"square", SquareName(PlaceSquare(action))}};
  }
  if (action == kNoRescue) return Json{{"kind", "no_rescue"}};
  if (IsRescue(action)) {
    const int index = action - kFirstRescue;
    return Json{{"kind", "rescue"},
                {"rank", std::string(1, RankChar(index / kNumSquares))},
                {"square", SquareName(index % kNumSquares)}};
  }
  const int from = MoveFrom(action);
  const int to = Step(from, MoveDir(action), MoveDistance(action));
  if (to == kNone) return Json{{"kind", "invalid"}, {"action", action}};
  const std::uint8_t target = position_.board[to];
  const bool attack = (all_seen || position_.h.phase != Phase::kSetup) && (target & kOccupied) &&
                      (position_.board[from] & kOccupied) &&
                      PieceOwner(target) != PieceOwner(position_.board[from]);
  return Json{
      {"kind", "move"}, {"from", SquareName(from)}, {"to", SquareName(to)}, {"attack", attack}};
}

// A setup is one turn (MidTurn), one step: {"kind": "setup", "seat", "complete"}, and for its
// own seat "army" (the setup string, once complete) or "placed" (the placements so far). In the
// play, each action is a step, a move with its "combat" as `viewer` learnt it (rulings
// "Stratego": combat shows both ranks, or only the attacker's with silent_defense).
Json StrategoState::TurnSteps(std::span<const Action> actions, engine::Seat viewer) const {
  Json steps = Json::array();
  StrategoState state(*this);
  if (!actions.empty() && IsPlace(actions.front())) {
    const int seat = position_.h.to_move;
    Json placed = Json::array();
    for (Action action : actions) {
      if (IsPlace(action)) placed.push_back(ActionFacts(action, seat));
      state.position_.Apply(action);
    }
    const bool done = ArmySize(state.position_.h.to_place[seat]) == 0;
    Json step{{"kind", "setup"}, {"seat", seat}, {"complete", done}};
    if (viewer == seat && done) step["army"] = SetupString(state.position_, seat);
    if (viewer == seat && !done) step["placed"] = std::move(placed);
    steps.push_back(std::move(step));
    return steps;
  }
  for (Action action : actions) {
    Json fact = state.ActionFacts(action, viewer);
    const bool move = state.position_.h.phase == Phase::kPlay && fact.at("kind") == "move";
    state.DoApplyAction(action, nullptr);
    if (move && state.position_.h.last.attacker != kNone)
      fact["combat"] = state.CombatFacts(viewer);
    steps.push_back(std::move(fact));
  }
  return steps;
}

namespace {

// The notation of one fact: "X:a1", "a hidden placement", "rescue 9:b2", "no rescue", "e6-e7",
// "e6xe7".
std::string Notation(const Json& fact) {
  const std::string& kind = fact.at("kind").get_ref<const std::string&>();
  if (kind == "hidden_placement") return "a hidden placement";
  if (kind == "place" || kind == "rescue") {
    return fmt::format("{}{}:{}", kind == "rescue" ? "rescue " : "",
                       fact.at("rank").get<std::string>(), fact.at("square").get<std::string>());
  }
  if (kind == "no_rescue") return "no rescue";
  if (kind == "move") return hidden_army::MoveNotation(fact);
  return fmt::format("action {} (out of range)", fact.at("action").get<int>());
}

std::string RankWords(const Json& rank) {
  if (!rank.is_string()) return "an unseen piece";
  return RankName(RankFromChar(rank.get<std::string>()[0]));
}

// A combat in words: "Sergeant takes Scout", "Scout loses to Marshal", "Major and Major both
// removed".
std::string CombatWords(const Json& combat) {
  const std::string attacker = RankWords(combat.at("attacker"));
  const std::string defender = RankWords(combat.at("defender"));
  if (combat.at("result") == "attacker") return fmt::format("{} takes {}", attacker, defender);
  if (combat.at("result") == "defender") return fmt::format("{} loses to {}", attacker, defender);
  return fmt::format("{} and {} both removed", attacker, defender);
}

// One step told after the seat's name (the move list, the terminal), as Espionage tells it: "set
// up its army: <setup>", "is setting up its army: X:a1 B:c2", "e6xe7: Sergeant takes Scout".
std::string Told(const Json& step) {
  if (step.at("kind") == "setup") {
    std::string text =
        step.at("complete").get<bool>() ? "set up its army" : "is setting up its army";
    if (step.contains("army")) text += ": " + step.at("army").get<std::string>();
    if (step.contains("placed")) {
      std::vector<std::string> placed;
      for (const Json& fact : step.at("placed")) placed.push_back(Notation(fact));
      text += fmt::format(": {}", fmt::join(placed, " "));
    }
    return text;
  }
  std::string text = Notation(step);
  if (step.contains("combat")) text += ": " + CombatWords(step.at("combat"));
  return text;
}

}  // namespace

std::string StrategoState::ActionToString(Action action) const {
  return Words(FactsOf(action, engine::kSpectator, true), action);
}

std::string StrategoState::ActionToStringFor(Action action, engine::Seat viewer) const {
  return Words(ActionFacts(action, viewer), action);
}

// The notation of `fact`, the facts of `action`; a move off the board named by its square.
std::string StrategoState::Words(const Json& fact, Action action) const {
  if (fact.at("kind") == "invalid" && action >= 0 && action < kNumActions) {
    return fmt::format("move from {} off the board", SquareName(MoveFrom(action)));
  }
  return Notation(fact);
}

// The steps in words, a comma between a move and the rescue that follows it.
std::string StrategoState::DescribeTurn(std::span<const Action> actions,
                                        engine::Seat viewer) const {
  std::string text;
  for (const Json& step : TurnSteps(actions, viewer)) {
    if (!text.empty()) text += ", ";
    text += Told(step);
  }
  return text;
}

Action StrategoState::StringToAction(std::string_view text) const {
  std::string t = ToLower(Trim(text));
  Action action = kNone;
  const bool rescue = t.rfind("rescue ", 0) == 0;
  if (rescue) t = std::string(Trim(t.substr(7)));
  const std::size_t colon = t.find(':');
  const std::size_t sep = t.find_first_of("-x");
  if (colon != std::string::npos) {
    const int rank = colon == 1 ? RankFromChar(t[0]) : kNone;
    const int sq = ParseSquare(std::string(Trim(t.substr(colon + 1))));
    if (rank == kNone || sq == kNone) {
      throw Error(fmt::format("'{}' is not a Stratego placement (e.g. X:a1, B:c2, 2:e4)", text));
    }
    action = rescue ? RescueAction(rank, sq) : PlaceAction(rank, sq);
  } else if (t == "no rescue") {
    action = kNoRescue;
  } else if (sep != std::string::npos) {
    const int from = ParseSquare(std::string(Trim(t.substr(0, sep))));
    const int to = ParseSquare(std::string(Trim(t.substr(sep + 1))));
    if (from == kNone || to == kNone) {
      throw Error(fmt::format("'{}' is not a Stratego move (e.g. a4-a5, a4xa5)", text));
    }
    action = LineAction(from, to);
    if (action == kNone) {
      throw Error(fmt::format("'{}': {} and {} are not on one line", text, SquareName(from),
                              SquareName(to)));
    }
  } else {
    throw Error(fmt::format("'{}' is not Stratego notation (e.g. X:a1, a4-a5, a4xa5)", text));
  }
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("'{}': {}", Trim(text), why));
  return action;
}

std::vector<Action> StrategoState::ParseSetup(std::string_view text) const {
  const Position& p = position_;
  const int seat = p.h.to_move;
  const Army army = p.FullArmy();
  if (p.h.to_place[seat] != army) {
    throw Error(
        fmt::format("a setup string needs {} to have placed nothing yet", kSeatNames[seat]));
  }
  const SetupRanks ranks = ParseSetupString(text, army);
  std::vector<Action> actions;
  const int first = seat == 0 ? 0 : 60;
  for (int i = 0; i < kSetupSquares; ++i) {
    if (ranks[i] != kNone) actions.push_back(PlaceAction(ranks[i], first + i));
  }
  return actions;
}

// During a setup, a setup string, "preset NAME" or "random N" (a seeded shuffle, so the same words
// give the same setup) is the whole setup as one typed turn (see the header); the record keeps
// the resulting placements.
std::vector<Action> StrategoState::StringToTurn(std::string_view text) const {
  const std::string_view t = Trim(text);
  if (position_.h.phase == Phase::kSetup) {
    const std::string expanded = ExpandSetupWords(t, position_.h.to_move, position_.FullArmy());
    if (expanded != t || LooksLikeSetupString(t)) return ParseSetup(expanded);
  }
  return {StringToAction(t)};
}

std::string ExpandSetupWords(std::string_view text, int seat, const Army& army) {
  std::vector<std::string> words;
  for (const std::string& word : Split(ToLower(Trim(text)), ' ')) {
    if (!word.empty()) words.push_back(word);
  }
  if (words.empty()) return std::string(text);
  if (words[0] == "preset") {
    const std::string names = PresetNames(army);
    if (words.size() != 2) {
      throw Error(fmt::format("'{}': preset needs a name: preset NAME ({})", Trim(text),
                              names.empty() ? "none for this army" : names));
    }
    return PresetSetup(words[1], seat, army);
  }
  if (words[0] == "random") {
    if (words.size() == 1) {
      throw Error(
          "'random': random needs a number, e.g. random 7 (the same number, the same setup)");
    }
    const auto seed = words.size() == 2 ? ParseInteger(words[1]) : std::nullopt;
    if (!seed || *seed < 0) {
      throw Error(
          fmt::format("'{}': N must be a whole number from 0 up, e.g. random 7", Trim(text)));
    }
    Rng rng(static_cast<std::uint64_t>(*seed));
    return RandomSetup(army, rng);
  }
  return std::string(text);
}

}  // namespace quartel::stratego
