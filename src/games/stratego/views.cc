// Stratego views: JSON, text and tensor, each computed from what the viewer may know (stratego.h,
// "Views"; rulings "Stratego" and "Common to every game").
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

constexpr const char* kEndings[] = {
    "",          "flag captured",  "no move",     "neither side can move",
    "move cap",  "no-capture cap", "resignation", "time",
    "abandoned", "agreement"};
constexpr const char* kCombatResults[] = {"attacker", "defender", "both"};

std::string RankString(const Army& army) {
  std::string out;
  for (int rank = 0; rank < kNumRanks; ++rank) out.append(army[rank], RankChar(rank));
  return out;
}

// The piece byte (board.h) as the shared hidden-army grid reads it.
hidden_army::Piece ArmyPiece(std::uint8_t p) {
  return {PieceOwner(p), PieceRank(p), (p & kMoved) != 0, (p & kRevealed) != 0};
}

}  // namespace

bool StrategoState::Sees(engine::Seat viewer, std::uint8_t p) const {
  return hidden_army::MaySee(viewer, ArmyPiece(p), position_.h.phase == Phase::kOver);
}

// Rulings "Stratego": during the setup a seat sees only its own pieces (a spectator none), since
// setups are secret, squares included, until both are complete.
bool StrategoState::OnViewersBoard(engine::Seat viewer, std::uint8_t p) const {
  return p != 0 && (position_.h.phase != Phase::kSetup || viewer == PieceOwner(p));
}

std::string StrategoState::OwnSetup(engine::Seat viewer) const {
  const Header& h = position_.h;
  if ((viewer != 0 && viewer != 1) || ArmySize(h.to_place[viewer]) != 0 ||
      ArmySize(h.lost[viewer]) != 0) {
    return "";
  }
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = position_.board[sq];
    if (p != 0 && PieceOwner(p) == viewer && (p & kMoved)) return "";
  }
  return SetupString(position_, viewer);
}

char StrategoState::ShownRank(engine::Seat viewer, std::uint8_t p) const {
  return hidden_army::ShownRank(viewer, ArmyPiece(p), position_.h.phase == Phase::kOver, RankChar);
}

std::string StrategoState::SetupPrompt(int seat) const {
  const Header& h = position_.h;
  return hidden_army::SetupPrompt(kSetupSquares, PresetNames(position_.FullArmy()), true,
                                  h.to_place[seat] != position_.FullArmy(),
                                  seat == 0 ? "F:a1" : "F:a10");
}

// One line per seat while the armies are set up: what `viewer` may know of each setup (done, in
// progress, to come; its own progress in detail).
std::string StrategoState::SetupStatus(engine::Seat viewer) const {
  const Header& h = position_.h;
  std::string out;
  for (int seat = 0; seat < 2; ++seat) {
    if (ArmySize(h.to_place[seat]) == 0) {
      out += fmt::format("{}'s setup is done\n", kSeatNames[seat]);
    } else if (seat != h.to_move) {
      out += fmt::format("{} sets up after {}\n", kSeatNames[seat], kSeatNames[1 - seat]);
    } else if (viewer != seat) {
      out += fmt::format("{} is setting up its army\n", kSeatNames[seat]);
    }
  }
  if (viewer == h.to_move) {
    out += fmt::format("{} is setting up ({} pieces left to place: {})\n", kSeatNames[h.to_move],
                       ArmySize(h.to_place[h.to_move]), RankString(h.to_place[h.to_move]));
    out += SetupPrompt(h.to_move);
  }
  return out;
}

// How the game ended, e.g. "Red wins (flag captured)", "Blue wins: Red resigned", "Draw agreed".
std::string StrategoState::EndingText() const {
  const Header& h = position_.h;
  if (!EndedOutsideTheRules(h.ending)) {
    return h.winner == kNone
               ? fmt::format("draw ({})", kEndings[h.ending])
               : fmt::format("{} wins ({})", kSeatNames[h.winner], kEndings[h.ending]);
  }
  const auto results = Results();
  const int winner = h.winner;
  const bool decided = winner != kNone && results[1 - winner] == engine::Outcome::kLoss;
  const bool drawn = results[0] == engine::Outcome::kDraw && results[1] == engine::Outcome::kDraw;
  if (decided) {
    const char* w = kSeatNames[winner];
    const char* l = kSeatNames[1 - winner];
    switch (h.ending) {
      case kResigned:
        return fmt::format("{} wins: {} resigned", w, l);
      case kTime:
        return fmt::format("{} wins: {} lost on time", w, l);
      case kAbandoned:
        return fmt::format("{} wins: {} left the game", w, l);
      default:
        return fmt::format("{} wins by agreement", w);
    }
  }
  if (drawn && h.ending == kAgreed) return "Draw agreed";
  if (drawn && h.ending == kTime) return "Draw: time ran out";
  if (results[0] == engine::Outcome::kLoss && results[1] == engine::Outcome::kLoss &&
      h.ending == kAbandoned) {
    return "both players left the game (both lose)";
  }
  return fmt::format("ended by {}: Red {}, Blue {}", kEndings[h.ending],
                     engine::OutcomeName(results[0]), engine::OutcomeName(results[1]));
}

Json StrategoState::CombatFacts(engine::Seat viewer) const {
  const LastMove& last = position_.h.last;
  const char defender = DefenderChar(viewer);
  return Json{{"attacker", std::string(1, RankChar(last.attacker))},
              {"defender", defender == '?' ? Json() : Json(std::string(1, defender))},
              {"result", kCombatResults[last.result]}};
}

char StrategoState::DefenderChar(engine::Seat viewer) const {
  const LastMove& last = position_.h.last;
  const bool shown =
      last.defender_shown || position_.h.phase == Phase::kOver || viewer == 1 - last.seat;
  return shown ? RankChar(last.defender) : '?';
}

bool StrategoState::EndedAtCap() const {
  return position_.h.ending == kPlyCap || position_.h.ending == kQuietCap;
}

Json StrategoState::ViewJson(engine::Seat viewer) const {
  const Header& h = position_.h;
  const bool over = h.phase == Phase::kOver;
  const bool setup = h.phase == Phase::kSetup;
  Json view;
  view["game"] = "stratego";
  view["phase"] = setup ? "setup" : (over ? "over" : "play");
  view["to_move"] = over ? Json(nullptr) : Json(h.to_move);
  Json board = Json::array();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq)) {
      board.push_back("lake");
    } else if (!OnViewersBoard(viewer, p)) {
      board.push_back(nullptr);
    } else {
      board.push_back(hidden_army::CellJson(ArmyPiece(p), ShownRank(viewer, p)));
    }
  }
  view["board"] = board;
  Json to_place = Json::array();
  Json lost = Json::array();
  Json setup_done = Json::array();
  for (int seat = 0; seat < 2; ++seat) {
    const bool mine = over || viewer == seat;
    // Rulings: another seat learns only whether a setup is done, not how far it has got.
    to_place.push_back({{"count", mine ? Json(ArmySize(h.to_place[seat])) : Json(nullptr)},
                        {"pieces", mine ? Json(RankString(h.to_place[seat])) : Json(nullptr)}});
    setup_done.push_back(ArmySize(h.to_place[seat]) == 0);
    // Silent Defense: players keep their own captured pieces, so the opponent sees only the
    // ranks it was shown, and how many others are gone.
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    lost.push_back(
        {{"pieces", RankString(seen)}, {"hidden", ArmySize(h.lost[seat]) - ArmySize(seen)}});
  }
  view["to_place"] = to_place;
  view["setup_done"] = setup_done;
  view["lost"] = lost;
  const std::string own_setup = OwnSetup(viewer);
  view["setup"] = own_setup.empty() ? Json(nullptr) : Json(own_setup);
  if (h.last.from == kNone) {
    view["last_move"] = nullptr;
  } else {
    Json combat = nullptr;
    if (h.last.attacker != kNone) {
      combat = {{"attacker", std::string(1, RankChar(h.last.attacker))},
                {"defender", std::string(1, DefenderChar(viewer))},
                {"result", kCombatResults[h.last.result]}};
    }
    Json rescue = nullptr;
    if (h.last.rescue_rank != kNone) {
      rescue = {{"rank", std::string(1, RankChar(h.last.rescue_rank))},
                {"square", SquareName(h.last.rescue_square)}};
    }
    view["last_move"] = {{"from", SquareName(h.last.from)},
                         {"to", SquareName(h.last.to)},
                         {"combat", combat},
                         {"scout_shown", h.last.scout_revealed != 0},
                         {"rescue", rescue}};
  }
  view["rescue_offered"] = h.rescue_pending != 0;
  // During the setup the count of actions would tell how far the other seat has got.
  view["plies"] = setup ? Json(nullptr) : Json(h.plies);
  view["play_plies"] = h.play_plies;
  view["quiet_plies"] = h.quiet_plies;
  if (over) {
    view["result"] = {{"winner", h.winner == kNone ? Json(nullptr) : Json(h.winner)},
                      {"ending", kEndings[h.ending]}};
  } else {
    view["result"] = nullptr;
  }
  return view;
}

std::vector<std::string> StrategoGame::TensorLayout() const {
  static const char* kSides[] = {"own (the viewer's; Red's for a spectator)", "the opponent's"};
  std::vector<std::string> layout;
  const auto per_rank = [&layout](const std::string& what) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      layout.push_back(fmt::vformat(what, fmt::make_format_args(RankName(rank))));
    }
  };
  for (const char* side : kSides) {
    per_rank(std::string(side) + " {} shown: 1 on each");
    layout.push_back(fmt::format("{} pieces of rank unknown to the viewer: 1 on each", side));
  }
  layout.push_back("pieces that have moved: 1 on each");
  layout.push_back("pieces whose rank their owner's opponent knows: 1 on each");
  layout.push_back("lakes: 1 on each");
  for (const char* phase : {"setup", "play", "over"}) {
    layout.push_back(fmt::format("phase {}: all 1", phase));
  }
  layout.push_back("own seat to move: all 1");
  layout.push_back("opponent to move: all 1");
  layout.push_back("the viewer is Blue: all 1");
  layout.push_back("own setup done: all 1");
  layout.push_back("opponent's setup done: all 1");
  per_rank("own {} left to place: the count");
  per_rank("opponent's {} left to place (only once over): the count");
  for (const char* side : {"own", "opponent's"}) {
    per_rank(std::string(side) + " lost {} the viewer has seen: the count");
    layout.push_back(fmt::format("{} other lost pieces: the count", side));
  }
  layout.push_back("last move's square of departure: 1");
  layout.push_back("last move's target square: 1");
  layout.push_back("the last move was an attack: all 1");
  per_rank("the attacker was a {}: all 1");
  per_rank("the defender was a {} (as the viewer knows): all 1");
  layout.push_back("the defender's rank is unknown to the viewer: all 1");
  for (const char* result : {"the attacker won", "the defender won", "both were removed"}) {
    layout.push_back(fmt::format("{}: all 1", result));
  }
  layout.push_back("the last move's long step showed a Scout: all 1");
  per_rank("the last move rescued a {}: all 1");
  layout.push_back("the square the piece was rescued onto: 1");
  layout.push_back("a rescue is offered: all 1");
  layout.push_back("plies played (0 during the setup): the count");
  layout.push_back("play_plies (engine cap): the count");
  layout.push_back("quiet_plies (no-capture cap): the count");
  layout.push_back("own seat won: all 1");
  layout.push_back("opponent won: all 1");
  for (int ending = 1; ending < static_cast<int>(std::size(kEndings)); ++ending) {
    layout.push_back(fmt::format("ending: {}: all 1", kEndings[ending]));
  }
  return layout;
}

// The information of ViewJson, plane by plane (stratego.h); every value computed as ViewJson
// computes it, for the same viewer.
void StrategoState::ViewTensor(engine::Seat viewer, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const Header& h = position_.h;
  const bool over = h.phase == Phase::kOver;
  const int me = viewer == 1 ? 1 : 0;
  const auto fill = [&out](int plane, float value) {
    std::fill(out.begin() + plane * kNumSquares, out.begin() + (plane + 1) * kNumSquares, value);
  };
  const auto at = [&out](int plane, int square) -> float& {
    return out[plane * kNumSquares + square];
  };
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (IsLake(sq)) at(kPlaneLakes, sq) = 1.0f;
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq) || !OnViewersBoard(viewer, p)) continue;
    const hidden_army::Piece piece = ArmyPiece(p);
    const char shown = ShownRank(viewer, p);
    const int base = kPlaneBoard + (piece.owner == me ? 0 : kNumRanks + 1);
    at(shown == '?' ? base + kNumRanks : base + RankFromChar(shown), sq) = 1.0f;
    if (piece.moved) at(kPlaneMoved, sq) = 1.0f;
    if (piece.known) at(kPlaneKnown, sq) = 1.0f;
  }
  fill(kPlanePhase + (h.phase == Phase::kSetup ? 0 : over ? 2 : 1), 1.0f);
  if (!over) fill(kPlaneToMove + (h.to_move == me ? 0 : 1), 1.0f);
  if (me == 1) fill(kPlaneViewerBlue, 1.0f);
  for (int side = 0; side < 2; ++side) {
    const int seat = side == 0 ? me : 1 - me;
    const bool mine = over || viewer == seat;  // as ViewJson's to_place and lost
    if (ArmySize(h.to_place[seat]) == 0) fill(kPlaneSetupDone + side, 1.0f);
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (mine) fill(kPlaneToPlace + kNumRanks * side + rank, h.to_place[seat][rank]);
      fill(kPlaneLost + (kNumRanks + 1) * side + rank, seen[rank]);
    }
    fill(kPlaneLost + (kNumRanks + 1) * side + kNumRanks,
         static_cast<float>(ArmySize(h.lost[seat]) - ArmySize(seen)));
  }
  const LastMove& last = h.last;
  if (last.from != kNone) {
    at(kPlaneLastFrom, last.from) = 1.0f;
    at(kPlaneLastTo, last.to) = 1.0f;
    if (last.attacker != kNone) {
      fill(kPlaneAttack, 1.0f);
      fill(kPlaneAttacker + last.attacker, 1.0f);
      const char defender = DefenderChar(viewer);
      fill(kPlaneDefender + (defender == '?' ? kNumRanks : RankFromChar(defender)), 1.0f);
      fill(kPlaneCombatResult + last.result, 1.0f);
    }
    if (last.scout_revealed) fill(kPlaneScoutShown, 1.0f);
    if (last.rescue_rank != kNone) {
      fill(kPlaneRescueRank + last.rescue_rank, 1.0f);
      at(kPlaneRescueSquare, last.rescue_square) = 1.0f;
    }
  }
  if (h.rescue_pending) fill(kPlaneRescueOffered, 1.0f);
  if (h.phase != Phase::kSetup) fill(kPlaneCounters, static_cast<float>(h.plies));
  fill(kPlaneCounters + 1, static_cast<float>(h.play_plies));
  fill(kPlaneCounters + 2, static_cast<float>(h.quiet_plies));
  if (!over) return;
  if (h.winner != kNone) fill(kPlaneWinner + (h.winner == me ? 0 : 1), 1.0f);
  fill(kPlaneEnding + h.ending - 1, 1.0f);
}

// The last move in words, as `viewer` may know it, e.g. "Last move: Blue Scout b7-b4 attacked Red
// Major at b4 and lost (both revealed)". A piece whose rank the viewer has not seen is "an unknown
// piece"; combat shows the attacker's rank always (rulings "Stratego").
std::string StrategoState::LastMoveText(engine::Seat viewer) const {
  const Header& h = position_.h;
  const LastMove& last = h.last;
  const char* mover = kSeatNames[last.seat];
  const char* other = kSeatNames[1 - last.seat];
  const std::string squares = fmt::format("{}-{}", SquareName(last.from), SquareName(last.to));
  std::string out;
  if (last.attacker == kNone) {
    const std::uint8_t p = position_.board[last.to];
    out = Sees(viewer, p)
              ? fmt::format("Last move: {} {} {}", mover, RankName(PieceRank(p)), squares)
              : fmt::format("Last move: {} moved an unknown piece {}", mover, squares);
    if (last.scout_revealed) out += " (its long move showed a Scout)";
  } else {
    const char defender = DefenderChar(viewer);
    const std::string target = defender == '?'
                                   ? fmt::format("an unknown {} piece", other)
                                   : fmt::format("{} {}", other, RankName(last.defender));
    out = fmt::format("Last move: {} {} {} attacked {} at {} and {} ({})", mover,
                      RankName(last.attacker), squares, target, SquareName(last.to),
                      last.result == 0   ? "won"
                      : last.result == 1 ? "lost"
                                         : "both were removed",
                      last.defender_shown ? "both revealed" : "only the attacker revealed");
  }
  if (last.rescue_rank != kNone) {
    out += fmt::format("; {} rescued its {} onto {}", mover, RankName(last.rescue_rank),
                       SquareName(last.rescue_square));
  }
  return out;
}

// Rank 10 on top; each square is three characters: "R9 " a red General, "B? " a blue piece of
// unseen rank, "R5'" a piece that has moved, "R5*" the viewer's own piece whose rank the opponent
// knows, " ~ " a lake, " . " empty (or a square the viewer may not see during the setup). Below:
// what each side lost, the legend, the last move, whose turn.
std::string StrategoState::ViewText(engine::Seat viewer, bool colour) const {
  const Header& h = position_.h;
  const bool over = h.phase == Phase::kOver;
  std::string out = hidden_army::BoardText(kFileLetters, [&](int sq) -> std::string {
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq)) return " ~ ";
    if (!OnViewersBoard(viewer, p)) return " . ";
    const bool marked = !over && viewer == PieceOwner(p) && (p & kRevealed);
    return hidden_army::CellText(ArmyPiece(p), ShownRank(viewer, p), colour, marked);
  });
  for (int seat = 0; seat < 2; ++seat) {
    const bool mine = viewer == seat || over;
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    const int hidden = ArmySize(h.lost[seat]) - ArmySize(seen);
    out += hidden_army::LostLine(seat, RankString(seen), hidden);
  }
  if (!over && (viewer == 0 || viewer == 1) && h.phase == Phase::kPlay) {
    out += "Marks: ' has moved, * your piece whose rank the opponent knows\n";
  }
  const std::string own_setup = OwnSetup(viewer);
  if (!own_setup.empty()) out += fmt::format("Your setup: {}\n", own_setup);
  if (h.last.from != kNone) out += LastMoveText(viewer) + "\n";
  if (over) {
    out += fmt::format("Game over: {}\n", EndingText());
  } else if (h.phase == Phase::kSetup) {
    out += SetupStatus(viewer);
  } else if (h.rescue_pending) {
    out += fmt::format("{} may rescue a captured piece (or: no rescue)\n", kSeatNames[h.to_move]);
  } else {
    out += fmt::format("{} to move (move {})\n", kSeatNames[h.to_move], h.play_plies + 1);
  }
  return out;
}

}  // namespace quartel::stratego
