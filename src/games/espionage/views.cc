// Espionage views: JSON, text and tensor, each computed from what the viewer may know (espionage.h,
// "Views"; rulings "Espionage" and "Common to every game").
#include <fmt/format.h>

#include <algorithm>

#include "games/espionage/espionage.h"

namespace quartel::espionage {

using hidden_army::kSeatNames;

namespace {
constexpr const char* kRemovedNames[] = {"none", "attacker", "defender"};
constexpr const char* kPhaseNames[] = {"volcanoes", "setup", "lot", "play", "over"};
}  // namespace

// Its rank counts as known when combat showed it to both seats or, to the spying side only, when
// an enemy Spy recognised it. The owner is not told of a recognition while the game goes on: that
// would tell it that an adjacent enemy piece is a Spy (rulings "Espionage"); once it is over,
// everyone is.
hidden_army::Piece EspionageState::ArmyPiece(CellBits cell, engine::Seat viewer) const {
  const int owner = Owner(cell);
  const bool known =
      (cell & kKnownBit) || ((cell & kRecognisedBit) && (Over() || viewer == 1 - owner));
  return {owner, RankOf(cell), (cell & kMovedBit) != 0, known};
}

bool EspionageState::Sees(engine::Seat viewer, CellBits cell) const {
  return hidden_army::MaySee(viewer, ArmyPiece(cell, viewer), Over());
}

char EspionageState::ShownRank(engine::Seat viewer, CellBits cell) const {
  return hidden_army::ShownRank(viewer, ArmyPiece(cell, viewer), Over(), RankChar);
}

// Rulings "Espionage": setups are secret until both are complete. Until then a seat sees none
// of the other's pieces, not even where they stand; then the occupied squares show as usual.
bool EspionageState::Shown(engine::Seat viewer, CellBits cell) const {
  return position_.phase != Phase::kSetup || Owner(cell) == viewer;
}

// Whether a turn goes on is public, except during a setup, whose progress only its seat sees.
bool EspionageState::MidTurnShown(engine::Seat viewer) const {
  return MidTurn() && (position_.phase != Phase::kSetup || viewer == position_.to_move);
}

// The number of the setting-up seat's placements so far is its secret (rulings "Espionage").
int EspionageState::ActionsUncountedBy(engine::Seat viewer) const {
  if (position_.phase != Phase::kSetup || viewer == position_.to_move) return 0;
  return ArmySize(FullArmy()) - ArmySize(position_.to_place[position_.to_move]);
}

// All that anyone but `seat` may know of its setup: "waiting", "in progress" or "done".
std::string EspionageState::SetupStatus(int seat) const {
  if (ArmySize(position_.to_place[seat]) == 0) return "done";
  const bool setting_up = position_.phase == Phase::kSetup || Over();
  return setting_up && position_.to_move == seat ? "in progress" : "waiting";
}

// --- JSON
// -----------------------------------------------------------------------------------------

Json EspionageState::BoardJson(engine::Seat viewer) const {
  Json board = Json::array();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = position_.board[sq];
    if (c == kVolcano) {
      board.push_back("volcano");
    } else if (!IsPiece(c) || !Shown(viewer, c)) {
      board.push_back(nullptr);
    } else {
      Json cell = hidden_army::CellJson(ArmyPiece(c, viewer), ShownRank(viewer, c));
      const int back = position_.back[sq];
      cell["no_return"] = back == kNone ? Json(nullptr) : Json(SquareName(back));
      board.push_back(std::move(cell));
    }
  }
  return board;
}

// The ranks of `seat`'s removed pieces that `viewer` knows, and how many it does not.
Json EspionageState::LostJson(engine::Seat viewer, int seat) const {
  Army seen{};
  int hidden = 0;
  for (int i = 0; i < position_.num_removed; ++i) {
    const CellBits c = position_.removed[i];
    if (Owner(c) != seat) continue;
    if (Sees(viewer, c)) {
      ++seen[RankOf(c)];
    } else {
      ++hidden;
    }
  }
  return {{"pieces", RankString(seen)}, {"hidden", hidden}};
}

Json EspionageState::ResultJson() const {
  if (!Over()) return nullptr;
  Json results = Json::array();
  for (engine::Outcome outcome : Results()) results.push_back(engine::OutcomeName(outcome));
  const int winner = position_.winner;
  return {{"winner", winner == kNone ? Json(nullptr) : Json(winner)},
          {"ending", EndingName(position_.ending)},
          {"results", results}};
}

bool EspionageState::EndedAtCap() const {
  return position_.ending == kPlyCap || position_.ending == kQuietCap;
}

Json EspionageState::ViewJson(engine::Seat viewer) const {
  const Position& p = position_;
  Json view;
  view["game"] = "espionage";
  view["phase"] = kPhaseNames[static_cast<int>(p.phase)];
  view["to_move"] =
      (p.phase == Phase::kSetup || p.phase == Phase::kPlay) ? Json(p.to_move) : Json(nullptr);
  view["mid_turn"] = MidTurnShown(viewer);
  view["board"] = BoardJson(viewer);
  Json setup = Json::array(), to_place = Json::array(), lost = Json::array();
  for (int seat = 0; seat < 2; ++seat) {
    setup.push_back(SetupStatus(seat));
    // What is left to place is the seat's own secret until the game is over.
    to_place.push_back(Over() || viewer == seat ? Json{{"count", ArmySize(p.to_place[seat])},
                                                       {"pieces", RankString(p.to_place[seat])}}
                                                : Json(nullptr));
    lost.push_back(LostJson(viewer, seat));
  }
  view["setup"] = setup;
  view["to_place"] = to_place;
  view["lost"] = lost;
  if (p.last_from == kNone) {
    view["last_move"] = nullptr;
  } else {
    view["last_move"] = {{"from", SquareName(p.last_from)},
                         {"to", SquareName(p.last_to)},
                         {"removed", kRemovedNames[p.last_removed]}};
  }
  view["play_plies"] = p.play_plies;
  view["quiet_turns"] = p.quiet_turns;
  view["quiet_plies"] = p.quiet_plies;
  view["draw_claimable"] = p.DrawClaimable();
  view["result"] = ResultJson();
  return view;
}

// --- Tensor
// ---------------------------------------------------------------------------------------

namespace {

// The planes of ViewTensor (espionage.h, "ViewTensor"), P the viewer (Red for a spectator), O the
// other seat. "fill": the whole plane holds the value.
enum Plane : int {
  kPlanePieces = 0,          // + owner (0 P, 10 O) + shown rank (0-8) or 9 unknown: 1 on its square
  kPlaneVolcano = 20,        // 1 on a volcano
  kPlaneMoved = 21,          // 1 on a piece that has moved
  kPlaneKnown = 22,          // 1 on a piece whose rank its opponent was shown (JSON "known")
  kPlaneNoReturn = 23,       // + direction 0-3 (n, e, s, w) of the piece's no-return square
  kPlanePhase = 27,          // + phase 0-4 (volcanoes, setup, lot, play, over), fill
  kPlaneToMove = 32,         // + 0 P, 1 O is to move (JSON "to_move"), fill
  kPlaneMidTurn = 34,        // fill
  kPlaneViewerBlue = 35,     // fill: P is Blue
  kPlaneSetup = 36,          // + 2 * (0 P, 1 O) + (0 in progress, 1 done), fill
  kPlaneToPlace = 40,        // + 9 * (0 P, 1 O) + rank: pieces left to place, fill (where shown)
  kPlaneLost = 58,           // + 10 * (0 P, 1 O) + known rank (0-8) or 9 unknown: count, fill
  kPlaneLastFrom = 78,       // 1 on the last move's square of departure
  kPlaneLastTo = 79,         // 1 on its target
  kPlaneRemoved = 80,        // + 0 the attacker, 1 the defender was removed, fill
  kPlaneCounters = 82,       // + 0 play_plies, 1 quiet_turns, 2 quiet_plies: the count, fill
  kPlaneDrawClaimable = 85,  // fill
  kPlaneEnding = 86,         // + ending - 1 (1-9, EndingName), fill
  kPlaneResult = 95,         // + 3 * (0 P, 1 O) + (0 win, 1 loss, 2 draw), fill
};
static_assert(kPlaneResult + 6 == kNumPlanes);

const char* const kRankWords[kNumRanks] = {"Headquarters", "Corporals", "Second Lieutenants",
                                           "Captains",     "Colonels",  "Generals",
                                           "Spies",        "Sappers",   "Mines"};

}  // namespace

std::vector<std::string> EspionageGame::TensorLayout() const {
  static const char* kPhases[] = {"volcanoes", "setup", "lot", "play", "over"};
  static const char* kSides[] = {"own (the viewer's; Red's for a spectator)", "the opponent's"};
  static const char* kDirs[] = {"north", "east", "south", "west"};
  static const char* kOutcomes[] = {"win", "loss", "draw"};
  std::vector<std::string> layout;
  for (const char* side : kSides) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      layout.push_back(fmt::format("{} {} shown: 1 on each", side, kRankWords[rank]));
    }
    layout.push_back(fmt::format("{} pieces of rank unknown to the viewer: 1 on each", side));
  }
  layout.push_back("volcanoes: 1 on each");
  layout.push_back("pieces that have moved: 1 on each");
  layout.push_back("pieces whose rank their opponent was shown (known): 1 on each");
  for (const char* dir : kDirs) {
    layout.push_back(fmt::format("pieces whose no-return square lies {}: 1 on each", dir));
  }
  for (const char* phase : kPhases) layout.push_back(fmt::format("phase {}: all 1", phase));
  layout.push_back("own seat to move: all 1");
  layout.push_back("opponent to move: all 1");
  layout.push_back("a turn goes on (mid_turn): all 1");
  layout.push_back("the viewer is Blue: all 1");
  for (const char* side : {"own", "opponent's"}) {
    layout.push_back(fmt::format("{} setup in progress: all 1", side));
    layout.push_back(fmt::format("{} setup done: all 1", side));
  }
  for (const char* side : {"own", "opponent's (only once over)"}) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      layout.push_back(fmt::format("{} {} left to place: the count", side, kRankWords[rank]));
    }
  }
  for (const char* side : {"own", "opponent's"}) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      layout.push_back(
          fmt::format("{} lost {} the viewer knows: the count", side, kRankWords[rank]));
    }
    layout.push_back(fmt::format("{} lost pieces of rank unknown to the viewer: the count", side));
  }
  layout.push_back("last move's square of departure: 1");
  layout.push_back("last move's target square: 1");
  layout.push_back("the last move removed the attacker: all 1");
  layout.push_back("the last move removed the defender: all 1");
  layout.push_back("play_plies: the count");
  layout.push_back("quiet_turns: the count");
  layout.push_back("quiet_plies: the count");
  layout.push_back("a draw may be claimed: all 1");
  for (int ending = 1; ending < kNumEndings; ++ending) {
    layout.push_back(fmt::format("ended by {}: all 1", EndingName(ending)));
  }
  for (const char* side : {"own", "opponent's"}) {
    for (const char* outcome : kOutcomes) {
      layout.push_back(fmt::format("{} result {}: all 1", side, outcome));
    }
  }
  return layout;
}

// The board planes: each piece the viewer sees, as the JSON board shows it.
void EspionageState::BoardPlanes(engine::Seat viewer, std::span<float> out) const {
  const int me = viewer == 1 ? 1 : 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = position_.board[sq];
    if (c == kVolcano) out[kPlaneVolcano * kNumSquares + sq] = 1.0f;
    if (!IsPiece(c) || !Shown(viewer, c)) continue;
    const hidden_army::Piece piece = ArmyPiece(c, viewer);
    const int rank = Sees(viewer, c) ? RankOf(c) : kNumRanks;
    out[(kPlanePieces + (Owner(c) == me ? 0 : 10) + rank) * kNumSquares + sq] = 1.0f;
    if (piece.moved) out[kPlaneMoved * kNumSquares + sq] = 1.0f;
    if (piece.known) out[kPlaneKnown * kNumSquares + sq] = 1.0f;
    for (int dir = 0; dir < kNumDirs; ++dir) {
      if (position_.back[sq] != kNone && Step(sq, dir) == position_.back[sq]) {
        out[(kPlaneNoReturn + dir) * kNumSquares + sq] = 1.0f;
      }
    }
  }
}

// Everything the JSON view says outside the board, plane by plane (see Plane).
void EspionageState::ViewTensor(engine::Seat viewer, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const Position& p = position_;
  const int me = viewer == 1 ? 1 : 0;
  const auto fill = [&out](int plane, float value) {
    std::fill(out.begin() + plane * kNumSquares, out.begin() + (plane + 1) * kNumSquares, value);
  };
  BoardPlanes(viewer, out);
  fill(kPlanePhase + static_cast<int>(p.phase), 1.0f);
  if (p.phase == Phase::kSetup || p.phase == Phase::kPlay) {
    fill(kPlaneToMove + (p.to_move == me ? 0 : 1), 1.0f);
  }
  if (MidTurnShown(viewer)) fill(kPlaneMidTurn, 1.0f);
  if (me == 1) fill(kPlaneViewerBlue, 1.0f);
  for (int side = 0; side < 2; ++side) {
    const int seat = side == 0 ? me : 1 - me;
    const std::string status = SetupStatus(seat);
    if (status != "waiting") fill(kPlaneSetup + 2 * side + (status == "done" ? 1 : 0), 1.0f);
    if (Over() || viewer == seat) {
      for (int rank = 0; rank < kNumRanks; ++rank) {
        fill(kPlaneToPlace + 9 * side + rank, p.to_place[seat][rank]);
      }
    }
    for (int i = 0; i < p.num_removed; ++i) {
      const CellBits c = p.removed[i];
      if (Owner(c) != seat) continue;
      const int plane = kPlaneLost + 10 * side + (Sees(viewer, c) ? RankOf(c) : kNumRanks);
      fill(plane, out[plane * kNumSquares] + 1.0f);
    }
  }
  if (p.last_from != kNone) {
    out[kPlaneLastFrom * kNumSquares + p.last_from] = 1.0f;
    out[kPlaneLastTo * kNumSquares + p.last_to] = 1.0f;
    if (p.last_removed != kRemovedNone) {
      fill(kPlaneRemoved + (p.last_removed == kRemovedAttacker ? 0 : 1), 1.0f);
    }
  }
  fill(kPlaneCounters, static_cast<float>(p.play_plies));
  fill(kPlaneCounters + 1, static_cast<float>(p.quiet_turns));
  fill(kPlaneCounters + 2, static_cast<float>(p.quiet_plies));
  if (p.DrawClaimable()) fill(kPlaneDrawClaimable, 1.0f);
  if (!Over()) return;
  fill(kPlaneEnding + p.ending - 1, 1.0f);
  const std::vector<engine::Outcome> results = Results();
  for (int side = 0; side < 2; ++side) {
    fill(kPlaneResult + 3 * side + static_cast<int>(results[side == 0 ? me : 1 - me]), 1.0f);
  }
}

// --- Text
// -----------------------------------------------------------------------------------------

// The last move in words, naming a rank only where `viewer` knows it, and saying which piece
// combat removed (all that combat shows by default, rulings "Espionage"): "Last move: Red moved a
// piece c3-c4", "Last move: Red's Sapper c3xc4 attacked Blue's piece at c4; the defender was
// removed", and where the viewer knows the defender is a Mine that killed the attacker, "...; the
// attacker was removed and the Mine stays". The piece that moved is on the target square unless
// it was the one removed.
std::string EspionageState::LastMoveText(engine::Seat viewer) const {
  const CellBits on_to = position_.board[position_.last_to];
  const CellBits gone =
      position_.last_removed != 0 ? position_.removed[position_.num_removed - 1] : 0;
  const bool attacker_removed = position_.last_removed == 1;
  const CellBits attacker = attacker_removed ? gone : on_to;
  auto piece = [&](CellBits cell) {
    return fmt::format("{}'s {}", kSeatNames[Owner(cell)],
                       Sees(viewer, cell) ? RankName(RankOf(cell)) : std::string("piece"));
  };
  const std::string from = SquareName(position_.last_from), to = SquareName(position_.last_to);
  if (position_.last_removed == 0) {
    return Sees(viewer, attacker)
               ? fmt::format("Last move: {} moved {}-{}", piece(attacker), from, to)
               : fmt::format("Last move: {} moved a piece {}-{}", kSeatNames[Owner(attacker)], from,
                             to);
  }
  const CellBits defender = attacker_removed ? on_to : gone;
  const bool mine_stays = attacker_removed && RankOf(defender) == kMine && Sees(viewer, defender);
  return fmt::format("Last move: {} {}x{} attacked {} at {}; the {} was removed{}", piece(attacker),
                     from, to, piece(defender), to, attacker_removed ? "attacker" : "defender",
                     mine_stays ? " and the Mine stays" : "");
}

// The last combat as `viewer` learnt it: {"attacker", "defender" (rank characters, each null
// where the viewer does not see it), "result" ("attacker" or "defender": who won; the piece that
// survived stands on the target square, rulings "Espionage")}.
Json EspionageState::CombatFacts(engine::Seat viewer) const {
  const CellBits on_to = position_.board[position_.last_to];
  const CellBits gone = position_.removed[position_.num_removed - 1];
  const bool attacker_removed = position_.last_removed == kRemovedAttacker;
  const CellBits attacker = attacker_removed ? gone : on_to;
  const CellBits defender = attacker_removed ? on_to : gone;
  auto rank = [&](CellBits cell) {
    return Sees(viewer, cell) ? Json(std::string(1, RankChar(RankOf(cell)))) : Json();
  };
  return Json{{"attacker", rank(attacker)},
              {"defender", rank(defender)},
              {"result", attacker_removed ? "defender" : "attacker"}};
}

namespace {

// "Blue wins", "draw", or each seat's result where an ending outside the rules gave no plain win.
std::string Headline(int winner, const std::vector<engine::Outcome>& results) {
  if (winner != kNone) return fmt::format("{} wins", kSeatNames[winner]);
  if (results[0] == engine::Outcome::kDraw && results[1] == engine::Outcome::kDraw) return "draw";
  const auto verb = [](engine::Outcome o) {
    return o == engine::Outcome::kWin ? "wins" : o == engine::Outcome::kLoss ? "loses" : "draws";
  };
  return fmt::format("{} {}, {} {}", kSeatNames[0], verb(results[0]), kSeatNames[1],
                     verb(results[1]));
}

// How the game ended, naming who resigned or ran out of time.
std::string HowItEnded(int ending, const std::vector<engine::Outcome>& results,
                       const std::string& headline) {
  std::string losers;
  for (int seat = 0; seat < 2; ++seat) {
    if (results[seat] != engine::Outcome::kLoss) continue;
    losers += (losers.empty() ? "" : " and ") + std::string(kSeatNames[seat]);
  }
  const auto outside = [ending](engine::EndReason reason) {
    return ending == kFirstOutsideEnding + static_cast<int>(reason);
  };
  if (outside(engine::EndReason::kResignation) && !losers.empty()) return losers + " resigned";
  if (outside(engine::EndReason::kTime) && !losers.empty()) return losers + " ran out of time";
  if (outside(engine::EndReason::kAbandoned)) return "game abandoned";
  if (outside(engine::EndReason::kAgreement)) {
    return headline == "draw" ? "draw agreed" : "result agreed";
  }
  return EndingName(ending);
}

}  // namespace

// "Game over: Blue wins (Red resigned)": the results, then how the game ended.
std::string EspionageState::OverLine() const {
  const std::vector<engine::Outcome> results = Results();
  const std::string headline = Headline(position_.winner, results);
  return fmt::format("Game over: {} ({})\n", headline,
                     HowItEnded(position_.ending, results, headline));
}

// The line under the board: the volcanoes, a setup (its progress and choices only to the seat
// setting up: no presets in Espionage), the lot, whose move, or the result.
std::string EspionageState::PhaseText(engine::Seat viewer) const {
  const Position& p = position_;
  switch (p.phase) {
    case Phase::kOver:
      return OverLine();
    case Phase::kVolcanoes:
      return fmt::format("Placing volcanoes by lot ({} left)\n", p.volcanoes_left);
    case Phase::kLot:
      return "Drawing the first player by lot\n";
    case Phase::kSetup:
      if (viewer != p.to_move) return fmt::format("{} is setting up\n", kSeatNames[p.to_move]);
      return fmt::format("{} is setting up ({} pieces left to place: {})\n", kSeatNames[p.to_move],
                         ArmySize(p.to_place[p.to_move]), RankString(p.to_place[p.to_move])) +
             hidden_army::SetupPrompt(kHomeSquares, "", true, p.to_place[p.to_move] != FullArmy(),
                                      p.to_move == 0 ? "H:a1" : "H:a10");
    case Phase::kPlay:
      return fmt::format("{} to move ({} move of the turn){}\n", kSeatNames[p.to_move],
                         p.moves_done == 0 ? "first" : "second",
                         p.DrawClaimable() ? "; a draw may be claimed" : "");
  }
  return "";
}

// Row 10 on top; each square three characters: "R5 " a red General, "B? " a blue piece of unseen
// rank, " ^ " a volcano, " . " empty; a ' after the rank marks a piece that has moved.
std::string EspionageState::ViewText(engine::Seat viewer, bool colour) const {
  std::string out = hidden_army::BoardText("abcdefghij", [&](int sq) -> std::string {
    const CellBits c = position_.board[sq];
    if (c == kVolcano) return " ^ ";
    if (!IsPiece(c) || !Shown(viewer, c)) return " . ";
    return hidden_army::CellText(ArmyPiece(c, viewer), ShownRank(viewer, c), colour);
  });
  for (int seat = 0; seat < 2; ++seat) {
    const Json lost = LostJson(viewer, seat);
    out +=
        hidden_army::LostLine(seat, lost["pieces"].get<std::string>(), lost["hidden"].get<int>());
  }
  if (position_.last_from != kNone) out += LastMoveText(viewer) + "\n";
  return out + PhaseText(viewer);
}

}  // namespace quartel::espionage
