// Espionage notation: actions in words for each viewer, turn descriptions, and what a player
// types (espionage.h, "Action encoding" and "Typed turns").
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/espionage/espionage.h"
#include "games/espionage/setups.h"
#include "games/hidden_army/hidden_army.h"

namespace quartel::espionage {

using hidden_army::kSeatNames;

// --- Facts (espionage.h, "Facts"), and the words written from them ----------------------------

// Another seat's placement shows neither its rank nor its square (setups are secret).
Json EspionageState::ActionFacts(Action action, engine::Seat viewer) const {
  return FactsOf(action, viewer, false);
}

// `all_seen`: as the record writes it, every placement in full.
Json EspionageState::FactsOf(Action action, engine::Seat viewer, bool all_seen) const {
  const Json invalid{{"kind", "invalid"}, {"action", action}};
  if (action < 0 || action >= kNumActions) return invalid;
  if (IsVolcano(action)) return Json{{"kind", "volcano"}, {"square", SquareName(action)}};
  if (action < kFirstPlace) {
    return IsLot(action) ? Json{{"kind", "first"}, {"seat", action - kFirstLot}} : invalid;
  }
  if (IsPlace(action)) {
    if (!all_seen && position_.phase == Phase::kSetup && viewer != position_.to_move) {
      return Json{{"kind", "hidden_placement"}};
    }
    return Json{{"kind", "place"},
                {"rank", std::string(1, RankChar(PlaceRank(action)))},
                {"square", SquareName(PlaceSquare(action))}};
  }
  if (action == kClaimDraw) return Json{{"kind", "claim_draw"}};
  const int from = MoveFrom(action), to = Step(from, MoveDir(action));
  if (to == kNone) return invalid;
  const CellBits a = position_.board[from], t = position_.board[to];
  const bool attack = IsPiece(a) && IsPiece(t) && Owner(a) != Owner(t);
  return Json{
      {"kind", "move"}, {"from", SquareName(from)}, {"to", SquareName(to)}, {"attack", attack}};
}

// A setup is one step, {"kind": "setup", "seat", "complete"}, with for its own seat "army" (its
// ranks, rows from its side split by '/', once complete) or "placed" (the placement facts so
// far): setups are secret until both are complete. The lot for the first move that follows the
// last setup, and in the play each action, are steps of their own, a move that fought with its
// "combat" as `viewer` learnt it.
Json EspionageState::TurnSteps(std::span<const Action> actions, engine::Seat viewer) const {
  Json steps = Json::array();
  EspionageState state(*this);
  std::size_t placed = 0;
  if (position_.phase == Phase::kSetup && !actions.empty()) {
    const int seat = position_.to_move;
    Json placements = Json::array();
    while (placed < actions.size() && state.position_.phase == Phase::kSetup) {
      placements.push_back(state.ActionFacts(actions[placed], seat));
      state.DoApplyAction(actions[placed++], nullptr);
    }
    const bool done = ArmySize(state.position_.to_place[seat]) == 0;
    Json step{{"kind", "setup"}, {"seat", seat}, {"complete", done}};
    if (viewer == seat && done) {
      std::string army;
      for (int i = 0; i < kHomeSquares; ++i) {
        if (i > 0 && i % kSize == 0) army += '/';
        army += RankChar(RankOf(state.position_.board[(seat == 0 ? 0 : 70) + i]));
      }
      step["army"] = army;
    }
    if (viewer == seat && !done) step["placed"] = std::move(placements);
    steps.push_back(std::move(step));
  }
  for (Action action : actions.subspan(placed)) {
    Json fact = state.ActionFacts(action, viewer);
    const bool move = state.position_.phase == Phase::kPlay && IsMove(action);
    state.DoApplyAction(action, nullptr);
    if (move && state.position_.last_removed != kRemovedNone) {
      fact["combat"] = state.CombatFacts(viewer);
    }
    steps.push_back(std::move(fact));
  }
  return steps;
}

namespace {

// The notation of one fact: "volcano e5", "Red first", "R:a1", "a hidden placement", "claim
// draw", "c3-c4", "c3xc4".
std::string Notation(const Json& fact) {
  const std::string& kind = fact.at("kind").get_ref<const std::string&>();
  if (kind == "volcano") return "volcano " + fact.at("square").get<std::string>();
  if (kind == "first") return fmt::format("{} first", kSeatNames[fact.at("seat").get<int>()]);
  if (kind == "hidden_placement") return "a hidden placement";
  if (kind == "place") {
    return fact.at("rank").get<std::string>() + ":" + fact.at("square").get<std::string>();
  }
  if (kind == "claim_draw") return "claim draw";
  if (kind == "move") return hidden_army::MoveNotation(fact);
  return fmt::format("action {} (out of range)", fact.at("action").get<int>());
}

std::string RankWords(const Json& rank) {
  if (!rank.is_string()) return "an unseen piece";
  return RankName(RankFromChar(rank.get<std::string>()[0]));
}

// "Sapper takes an unseen piece", "an unseen piece loses to Mine".
std::string CombatWords(const Json& combat) {
  return fmt::format("{} {} {}", RankWords(combat.at("attacker")),
                     combat.at("result") == "defender" ? "loses to" : "takes",
                     RankWords(combat.at("defender")));
}

// A setup told after the seat's name: to others "set up its army" or "is setting up its army";
// to the seat itself its placements so far, or "set up" and its army.
std::string SetupWords(const Json& step) {
  if (step.contains("army")) return fmt::format("set up {}", step.at("army").get<std::string>());
  if (step.contains("placed")) {
    std::vector<std::string> placed;
    for (const Json& fact : step.at("placed")) placed.push_back(Notation(fact));
    return fmt::format("{}", fmt::join(placed, " "));
  }
  return step.at("complete").get<bool>() ? "set up its army" : "is setting up its army";
}

}  // namespace

std::string EspionageState::ActionToString(Action action) const {
  return Words(FactsOf(action, engine::kSpectator, true), action);
}

std::string EspionageState::ActionToStringFor(Action action, engine::Seat viewer) const {
  return Words(ActionFacts(action, viewer), action);
}

// The notation of `fact`, the facts of `action`; an id that is no move named as such.
std::string EspionageState::Words(const Json& fact, Action action) const {
  if (fact.at("kind") != "invalid" || action < 0 || action >= kNumActions) return Notation(fact);
  if (action < kFirstPlace) return fmt::format("action {} (unused)", action);
  return fmt::format("move from {} off the board", SquareName(MoveFrom(action)));
}

// The setup, then the lot "; Blue first", then the play: each move with what its combat showed
// `viewer` ("c3xc4: Sapper takes an unseen piece"), a turn's two moves told apart by a comma.
std::string EspionageState::DescribeTurn(std::span<const Action> actions,
                                         engine::Seat viewer) const {
  const Json steps = TurnSteps(actions, viewer);
  std::string text, play;
  for (const Json& step : steps) {
    if (step.at("kind") == "setup") {
      text = SetupWords(step);
      continue;
    }
    if (!play.empty()) play += ", ";
    play += Notation(step);
    if (step.contains("combat")) play += ": " + CombatWords(step.at("combat"));
  }
  if (text.empty()) return play;
  return play.empty() ? text : fmt::format("{}; {}", text, play);
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
