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

std::string StrategoState::ActionToString(Action action) const {
  if (action < 0 || action >= kNumActions) return fmt::format("action {} (out of range)", action);
  if (IsPlace(action)) {
    return fmt::format("{}:{}", RankChar(PlaceRank(action)), SquareName(PlaceSquare(action)));
  }
  if (action == kNoRescue) return "no rescue";
  if (IsRescue(action)) {
    const int index = action - kFirstRescue;
    return fmt::format("rescue {}:{}", RankChar(index / kNumSquares),
                       SquareName(index % kNumSquares));
  }
  const int from = MoveFrom(action);
  const int to = Step(from, MoveDir(action), MoveDistance(action));
  if (to == kNone) return fmt::format("move from {} off the board", SquareName(from));
  const std::uint8_t target = position_.board[to];
  const bool attack = (target & kOccupied) && (position_.board[from] & kOccupied) &&
                      PieceOwner(target) != PieceOwner(position_.board[from]);
  return fmt::format("{}{}{}", SquareName(from), attack ? 'x' : '-', SquareName(to));
}

// Rulings "Stratego": setups are secret until both are complete, so another seat is told neither
// the rank nor the square of a placement. Moves and rescues are public (a rescued piece comes
// back in the open).
std::string StrategoState::ActionToStringFor(Action action, engine::Seat viewer) const {
  if (IsPlace(action) && viewer != CurrentSeat()) return "a hidden placement";
  // During the setups a move (never legal then) is written without 'x': whether its target holds
  // a piece of a setup in progress is not another viewer's to know.
  if (position_.h.phase == Phase::kSetup && !IsRescue(action) && action != kNoRescue &&
      !IsPlace(action) && action >= 0 && action < kNumActions) {
    const int from = MoveFrom(action);
    const int to = Step(from, MoveDir(action), MoveDistance(action));
    if (to != kNone) return fmt::format("{}-{}", SquareName(from), SquareName(to));
  }
  return ActionToString(action);
}

// A setup is one turn (MidTurn): told in one line, "set up its army"; the owner also sees
// the setup string.
std::string StrategoState::DescribeTurn(std::span<const Action> actions,
                                        engine::Seat viewer) const {
  if (actions.empty() || !IsPlace(actions.front())) return DescribePlay(actions, viewer);
  const int seat = position_.h.to_move;
  Position after = position_;
  std::vector<std::string> placed;
  for (Action action : actions) {
    if (IsPlace(action)) placed.push_back(ActionToString(action));
    after.Apply(action);
  }
  const bool done = ArmySize(after.h.to_place[seat]) == 0;
  // Told after the seat's name (the move list, the terminal), as Espionage tells it.
  std::string text = done ? "set up its army" : "is setting up its army";
  if (viewer == seat) {
    text += ": " + (done ? SetupString(after, seat) : fmt::format("{}", fmt::join(placed, " ")));
  }
  return text;
}

// Moves in their notation, an attack with its combat as `viewer` learnt it (rulings "Stratego":
// combat shows both ranks, or only the attacker's with silent_defense): "e6xe7: Sergeant takes
// Scout", "d4xd5: Scout loses to Marshal", "c4xc5: Major and Major both removed"; a rescue that
// follows in the same turn after a comma.
std::string StrategoState::DescribePlay(std::span<const Action> actions,
                                        engine::Seat viewer) const {
  StrategoState state(*this);
  std::string text;
  for (Action action : actions) {
    if (!text.empty()) text += ", ";
    text += state.ActionToStringFor(action, viewer);
    const bool move = state.position_.h.phase == Phase::kPlay && !IsPlace(action) &&
                      !IsRescue(action) && action != kNoRescue;
    state.DoApplyAction(action, nullptr);
    if (move && state.position_.h.last.attacker != kNone) text += ": " + state.CombatText(viewer);
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
