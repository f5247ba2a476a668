// Dablot rule tests (seed 002, second part; shared rulings "Dablot"; docs/rules/dablot.md), with an
// independent brute-force turn counter that cross-checks the engine's perft. The counter uses only
// the reference adjacency list (shared/reference/abstract-boards.md, copied below) and coordinates
// it derives itself; it never calls the engine's move generator.
#include "games/dablot/dablot.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"

namespace quartel::dablot {
namespace {

using engine::Action;

// Reference adjacency, 1-based, exactly as in shared/reference/abstract-boards.md (191 lines).
constexpr const char* kReferenceAdjacency =
    "1:2,7,12 2:1,3,7,8,13 3:2,4,8,9,14 4:3,5,9,10,15 5:4,6,10,11,16 6:5,11,17 7:1,2,12,13 "
    "8:2,3,13,14 9:3,4,14,15 10:4,5,15,16 11:5,6,16,17 12:1,7,13,18,23 13:2,7,8,12,14,18,19,24 "
    "14:3,8,9,13,15,19,20,25 15:4,9,10,14,16,20,21,26 16:5,10,11,15,17,21,22,27 17:6,11,16,22,28 "
    "18:12,13,23,24 19:13,14,24,25 20:14,15,25,26 21:15,16,26,27 22:16,17,27,28 "
    "23:12,18,24,29,34 24:13,18,19,23,25,29,30,35 25:14,19,20,24,26,30,31,36 "
    "26:15,20,21,25,27,31,32,37 27:16,21,22,26,28,32,33,38 28:17,22,27,33,39 29:23,24,34,35 "
    "30:24,25,35,36 31:25,26,36,37 32:26,27,37,38 33:27,28,38,39 34:23,29,35,40,45 "
    "35:24,29,30,34,36,40,41,46 36:25,30,31,35,37,41,42,47 37:26,31,32,36,38,42,43,48 "
    "38:27,32,33,37,39,43,44,49 39:28,33,38,44,50 40:34,35,45,46 41:35,36,46,47 42:36,37,47,48 "
    "43:37,38,48,49 44:38,39,49,50 45:34,40,46,51,56 46:35,40,41,45,47,51,52,57 "
    "47:36,41,42,46,48,52,53,58 48:37,42,43,47,49,53,54,59 49:38,43,44,48,50,54,55,60 "
    "50:39,44,49,55,61 51:45,46,56,57 52:46,47,57,58 53:47,48,58,59 54:48,49,59,60 55:49,50,60,61 "
    "56:45,51,57,62,67 57:46,51,52,56,58,62,63,68 58:47,52,53,57,59,63,64,69 "
    "59:48,53,54,58,60,64,65,70 60:49,54,55,59,61,65,66,71 61:50,55,60,66,72 62:56,57,67,68 "
    "63:57,58,68,69 64:58,59,69,70 65:59,60,70,71 66:60,61,71,72 67:56,62,68 "
    "68:57,62,63,67,69 69:58,63,64,68,70 70:59,64,65,69,71 71:60,65,66,70,72 72:61,66,71";

std::map<int, std::set<int>> ParseReference() {
  std::map<int, std::set<int>> adjacency;
  std::istringstream in(kReferenceAdjacency);
  std::string entry;
  while (in >> entry) {
    const auto colon = entry.find(':');
    const int point = std::stoi(entry.substr(0, colon));
    std::istringstream list(entry.substr(colon + 1));
    std::string item;
    while (std::getline(list, item, ',')) adjacency[point].insert(std::stoi(item));
  }
  return adjacency;
}

const DablotGame& Game(const std::map<std::string, std::string>& options = {}) {
  static std::map<std::map<std::string, std::string>, std::shared_ptr<const engine::Game>> cache;
  games::RegisterAllGames();
  auto& game = cache[options];
  if (!game) game = engine::LoadGame("dablot", options);
  return static_cast<const DablotGame&>(*game);
}

// A state at the start of `to_move`'s turn with the pieces of `placement`: tokens
// "<letter><point>" (letters of the views, points 1-72), e.g. "K39 S1 s45 l34", written as
// position text (dablot.h) and parsed.
std::unique_ptr<DablotState> Place(const std::string& placement, int to_move) {
  std::string board(kNumPoints, '.');
  std::istringstream tokens(placement);
  std::string token;
  while (tokens >> token) board[std::stoi(token.substr(1)) - 1] = token[0];
  std::string text;
  for (int y = 0, point = 0; y < kGridHeight; ++y) {
    const int length = y % 2 == 0 ? 6 : 5;
    text += (y > 0 ? "/" : "") + board.substr(point, length);
    point += length;
  }
  text += to_move == 0 ? " sami - 0 0 -" : " swedes - 0 0 -";
  auto state = Game().NewStateFromPosition(text);
  return std::unique_ptr<DablotState>(static_cast<DablotState*>(state.release()));
}

bool IsLegal(const engine::State& state, const std::string& text) {
  try {
    state.StringToAction(text);
    return true;
  } catch (const Error&) {
    return false;
  }
}

std::string ErrorOf(const engine::State& state, const std::string& text) {
  try {
    state.StringToAction(text);
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

void Play(engine::State& state, const std::string& turn) {
  for (Action action : state.StringToTurn(turn)) state.ApplyAction(action);
}

// ==== Independent brute force ====
// A board is 73 chars (index 0 unused): '.' empty or a letter S P K (Sámi) s p l (Swedes).
class BruteForce {
 public:
  BruteForce() : adjacency_(ParseReference()) {
    // Coordinates: rows alternate 6 corners (x = 0, 2, .., 10) and 5 centres (x = 1, 3, .., 9).
    int point = 1;
    for (int row = 0; row < 13; ++row) {
      for (int i = 0; i < (row % 2 == 0 ? 6 : 5); ++i) {
        x_[point] = 2 * i + row % 2;
        y_[point++] = row;
      }
    }
    // A jump a -> b -> c needs c adjacent to b and collinear: c - b == b - a.
    for (const auto& [a, neighbours] : adjacency_) {
      for (int b : neighbours) {
        for (int c : adjacency_.at(b)) {
          if (x_[c] - x_[b] == x_[b] - x_[a] && y_[c] - y_[b] == y_[b] - y_[a]) {
            jumps_[a].push_back({b, c});
          }
        }
      }
    }
    for (int s = 1; s <= 72; ++s) {  // BFS distances, for the one-against-one race
      std::vector<int> queue = {s};
      distance_[s].fill(-1);
      distance_[s][s] = 0;
      for (std::size_t i = 0; i < queue.size(); ++i) {
        for (int n : adjacency_.at(queue[i])) {
          if (distance_[s][n] < 0) {
            distance_[s][n] = distance_[s][queue[i]] + 1;
            queue.push_back(n);
          }
        }
      }
    }
  }

  int NumJumpLines() const {
    int total = 0;
    for (const auto& [a, list] : jumps_) total += static_cast<int>(list.size());
    return total;
  }

  // Ways to play `depth` turns with `side` to start a turn on `board`.
  std::uint64_t Count(std::string board, int side, int depth) const {
    if (depth == 0) return 1;
    std::vector<int> mine = Pieces(board, side), theirs = Pieces(board, 1 - side);
    if (mine.empty()) return 0;
    bool race = false;
    if (mine.size() == 1 && theirs.size() == 1) {
      const int a = RankOf(board[mine[0]]), b = RankOf(board[theirs[0]]);
      if (a != b || a == 3) return 0;  // decided at once, or the King-Landlord draw
      race = true;
    }
    std::uint64_t total = 0;
    if (race) return CountRace(board, side, depth, mine[0], theirs[0]);
    for (int from : mine) {
      for (int to : adjacency_.at(from)) {
        if (board[to] != '.') continue;
        std::string next = board;
        std::swap(next[from], next[to]);
        total += Count(next, 1 - side, depth - 1);
      }
      total += Captures(board, side, depth, from);
    }
    return total;
  }

 private:
  static int OwnerOf(char c) { return c == '.' ? -1 : (std::isupper(c) ? 0 : 1); }
  static int RankOf(char c) {
    switch (c) {
      case 'S':
      case 's':
        return 1;
      case 'P':
      case 'p':
        return 2;
      default:
        return 3;
    }
  }
  static std::vector<int> Pieces(const std::string& board, int side) {
    std::vector<int> found;
    for (int p = 1; p <= 72; ++p) {
      if (OwnerOf(board[p]) == side) found.push_back(p);
    }
    return found;
  }

  // Every capture from `at`, each followed by: the turn ending there, or more captures.
  std::uint64_t Captures(const std::string& board, int side, int depth, int at) const {
    std::uint64_t total = 0;
    const auto it = jumps_.find(at);
    for (const auto& [over, land] : it->second) {
      if (board[land] != '.' || OwnerOf(board[over]) != 1 - side) continue;
      if (RankOf(board[over]) > RankOf(board[at])) continue;
      std::string next = board;
      next[land] = next[at];
      next[at] = next[over] = '.';
      total += Count(next, 1 - side, depth - 1);   // the turn ends after this capture
      total += Captures(next, side, depth, land);  // or goes on with another one
    }
    return total;
  }

  std::uint64_t CountRace(const std::string& board, int side, int depth, int me, int enemy) const {
    for (const auto& [over, land] : jumps_.at(me)) {
      if (over != enemy) continue;
      std::string next = board;  // the capture is compulsory, and leaves the enemy no piece
      next[land] = next[me];
      next[me] = next[over] = '.';
      return Count(next, 1 - side, depth - 1);
    }
    std::uint64_t total = 0;
    for (int to : adjacency_.at(me)) {
      if (board[to] != '.' || distance_[to][enemy] >= distance_[me][enemy]) continue;
      std::string next = board;
      std::swap(next[me], next[to]);
      total += Count(next, 1 - side, depth - 1);
    }
    return total;
  }

  std::map<int, std::set<int>> adjacency_;
  std::array<int, 73> x_{}, y_{};
  std::map<int, std::vector<std::pair<int, int>>> jumps_;
  std::array<std::array<int, 73>, 73> distance_{};
};

std::string BoardOf(const std::string& placement) {
  std::string board(73, '.');
  std::istringstream in(placement);
  std::string token;
  while (in >> token) board[std::stoi(token.substr(1))] = token[0];
  return board;
}

std::string InitialPlacement() {
  std::string placement;
  for (int p = 1; p <= 28; ++p) placement += fmt::format("S{} ", p);
  for (int p = 45; p <= 72; ++p) placement += fmt::format("s{} ", p);
  return placement + "P33 K39 l34 p40";
}

// ==== Geometry ====

TEST(DablotGeometry, EqualsReferenceAdjacency) {
  const auto reference = ParseReference();
  const Geometry& g = Geo();
  int lines = 0;
  for (int p = 0; p < kNumPoints; ++p) {
    std::set<int> ours;
    for (int d = 0; d < kNumDirs; ++d) {
      if (g.neighbour[p][d] != kNone) ours.insert(g.neighbour[p][d] + 1);
    }
    EXPECT_EQ(ours, reference.at(p + 1)) << "point " << p + 1;
    lines += static_cast<int>(ours.size());
  }
  EXPECT_EQ(lines / 2, 191);
}

TEST(DablotGeometry, SymmetricUnderHalfTurn) {
  const auto reference = ParseReference();
  for (const auto& [p, neighbours] : reference) {
    std::set<int> mirrored;
    for (int n : neighbours) mirrored.insert(73 - n);
    EXPECT_EQ(mirrored, reference.at(73 - p));
  }
  const Geometry& g = Geo();
  for (int p = 0; p < kNumPoints; ++p) {
    for (int d = 0; d < kNumDirs; ++d) {
      const int land = g.landing[p][d], mirror = g.landing[71 - p][(d + 4) % 8];
      EXPECT_EQ(land == kNone ? kNone : 71 - land, mirror);
    }
  }
}

TEST(DablotGeometry, JumpsAreCollinearAndMatchBruteForce) {
  const Geometry& g = Geo();
  int jumps = 0;
  for (int p = 0; p < kNumPoints; ++p) {
    for (int d = 0; d < kNumDirs; ++d) {
      const int n = g.neighbour[p][d], land = g.landing[p][d];
      if (land == kNone) continue;
      ++jumps;
      EXPECT_EQ(g.x[land] - g.x[n], g.x[n] - g.x[p]);
      EXPECT_EQ(g.y[land] - g.y[n], g.y[n] - g.y[p]);
    }
  }
  EXPECT_EQ(jumps, BruteForce().NumJumpLines());
  // Point 1 jumps to 3 (over 2), 13 (over 7) and 23 (over 12); point 7 only to 19 (over 13).
  EXPECT_EQ(g.landing[0][2], 2);
  EXPECT_EQ(g.landing[0][1], 12);
  EXPECT_EQ(g.landing[0][0], 22);
  int from_seven = 0;
  for (int d = 0; d < kNumDirs; ++d) from_seven += g.landing[6][d] != kNone;
  EXPECT_EQ(from_seven, 1);
}

// ==== Set-up and chance ====

TEST(DablotSetup, InitialLayoutAndLot) {
  auto state = Game().NewInitialState();
  ASSERT_TRUE(state->IsChanceNode());
  const auto outcomes = state->ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].action, kSamiFirst);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  EXPECT_EQ(outcomes[1].action, kSwedesFirst);
  EXPECT_DOUBLE_EQ(outcomes[1].probability, 0.5);
  EXPECT_EQ(state->ActionToString(kSamiFirst), "Sámi first");
  EXPECT_EQ(state->StringToAction("SWEDES FIRST"), kSwedesFirst);
  EXPECT_EQ(state->StringToAction("sami first"), kSamiFirst);
  EXPECT_FALSE(state->WhyIllegal(kStop).empty());

  const auto& pos = static_cast<const DablotState&>(*state).position();
  EXPECT_EQ(pos.board, Place(InitialPlacement(), 0)->position().board);
  EXPECT_EQ(pos.board[32], Piece::kPrince);
  EXPECT_EQ(pos.board[38], Piece::kKing);
  EXPECT_EQ(pos.board[33], Piece::kLandlord);
  EXPECT_EQ(pos.board[39], Piece::kSon);
  for (int p : {29, 30, 31, 32, 35, 36, 37, 38, 41, 42, 43, 44}) {
    EXPECT_EQ(pos.board[p - 1], Piece::kEmpty) << p;
  }
  state->ApplyAction(kSwedesFirst);
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(state->PlyCount(), 1);
  EXPECT_FALSE(state->WhyIllegal(kSamiFirst).empty());
}

// ==== Steps, captures, chains ====

TEST(DablotMoves, StepsToAdjacentEmptyPoints) {
  auto state = Place(InitialPlacement(), 0);
  EXPECT_TRUE(IsLegal(*state, "23-29"));
  EXPECT_TRUE(IsLegal(*state, "24-35"));   // along the vertical line
  EXPECT_TRUE(IsLegal(*state, "27-32"));   // along a diagonal
  EXPECT_FALSE(IsLegal(*state, "1-2"));    // occupied
  EXPECT_FALSE(IsLegal(*state, "23-30"));  // not adjacent
  EXPECT_FALSE(IsLegal(*state, "45-40"));  // not yours
  EXPECT_FALSE(IsLegal(*state, "29-30"));  // no piece
  EXPECT_FALSE(IsLegal(*state, "18-19"));  // centres are not joined
  Play(*state, "33-38");
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(state->position().board[37], Piece::kPrince);
}

TEST(DablotMoves, CaptureByRank) {
  // Soldier on 24 faces the piece on 35; the landing is 46.
  EXPECT_TRUE(IsLegal(*Place("S24 s35 S1 s72", 0), "24x46"));
  EXPECT_FALSE(IsLegal(*Place("S24 p35 S1 s72", 0), "24x46"));  // soldier cannot take the Son
  EXPECT_FALSE(IsLegal(*Place("S24 l35 S1 s72", 0), "24x46"));  // nor the Landlord
  EXPECT_FALSE(IsLegal(*Place("s24 P35 s1 S72", 1), "24x46"));  // nor the Prince
  EXPECT_FALSE(IsLegal(*Place("s24 K35 s1 S72", 1), "24x46"));  // nor the King
  EXPECT_TRUE(IsLegal(*Place("P24 p35 S1 s72", 0), "24x46"));   // Prince takes the Son
  EXPECT_TRUE(IsLegal(*Place("P24 s35 S1 s72", 0), "24x46"));   // and soldiers
  EXPECT_FALSE(IsLegal(*Place("P24 l35 S1 s72", 0), "24x46"));  // not the Landlord
  EXPECT_TRUE(IsLegal(*Place("K24 l35 S1 s72", 0), "24x46"));   // King takes the Landlord
  EXPECT_TRUE(IsLegal(*Place("l24 K35 s1 S72", 1), "24x46"));   // and vice versa
  EXPECT_NE(ErrorOf(*Place("S24 p35 S1 s72", 0), "24x46").find("outranks"), std::string::npos);
  // The landing must be empty, and exist.
  EXPECT_NE(ErrorOf(*Place("S24 s35 s46 S1 s72", 0), "24x46").find("occupied"), std::string::npos);
  EXPECT_FALSE(IsLegal(*Place("S24 S35 S1 s72", 0), "24x46"));  // own piece
  EXPECT_FALSE(IsLegal(*Place("S24 S1 s72", 0), "24x46"));      // nothing to jump
  auto state = Place("S24 s35 S1 s72", 0);
  Play(*state, "24x46");
  EXPECT_EQ(state->position().board[34], Piece::kEmpty);  // removed at once
  EXPECT_EQ(state->position().board[45], Piece::kSamiSoldier);
  EXPECT_EQ(state->position().h.counts[1], 1);
}

// King on 1 with Swedish soldiers on 2, 14, 24, 12 and 8: the chain 1x3x25x23x1 goes round the
// square and comes back to its start (revisiting is allowed), and 1x13 could follow if 7 were
// there.
constexpr const char* kLoop = "K1 s2 s14 s24 s12 s8 S40 s72 s71";

TEST(DablotMoves, ChainContinueOrStop) {
  auto state = Place(kLoop, 0);
  state->ApplyAction(state->StringToAction("1x3"));
  EXPECT_TRUE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 0);
  auto legal = state->LegalActions();
  EXPECT_EQ(legal.front(), kStop);
  EXPECT_EQ(legal.size(), 3u);             // stop, 3x13 (over 8), 3x25 (over 14)
  EXPECT_FALSE(IsLegal(*state, "40-45"));  // another piece may not move mid-chain
  EXPECT_FALSE(IsLegal(*state, "3-4"));    // nor the chain piece step
  auto stopped = state->Clone();
  stopped->ApplyAction(kStop);
  EXPECT_FALSE(stopped->MidTurn());
  EXPECT_EQ(stopped->CurrentSeat(), 1);
  state->ApplyAction(state->StringToAction("3x25"));
  EXPECT_TRUE(state->MidTurn());
  state->ApplyAction(state->StringToAction("25x23"));
  EXPECT_TRUE(state->MidTurn());
  state->ApplyAction(state->StringToAction("23x1"));  // back on its starting point
  EXPECT_FALSE(state->MidTurn());  // nothing left to capture: the turn ends by itself
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(state->position().board[0], Piece::kKing);
  EXPECT_EQ(state->position().h.counts[1], 3);
}

// A typed chain is the jumps typed, no more: where the chain could go on the player is still to
// move (the terminal asks for the next jump or stop); nothing adds a stop on its own.
TEST(DablotMoves, TypedChainIsTheJumpsTyped) {
  auto state = Place(kLoop, 0);
  const auto turn = state->StringToTurn("1x3x25x23x1");
  EXPECT_EQ(turn.size(), 4u);
  const auto partial = state->StringToTurn("1x3x25");
  ASSERT_EQ(partial.size(), 2u);
  EXPECT_EQ(std::count(partial.begin(), partial.end(), kStop), 0);
  auto after = state->Clone();
  for (Action action : partial) after->ApplyAction(action);
  EXPECT_TRUE(after->MidTurn());  // 25x23 is still possible
  EXPECT_EQ(after->CurrentSeat(), 0);
  EXPECT_EQ(state->StringToTurn("1x3"), std::vector<Action>{state->StringToAction("1x3")});
  EXPECT_THROW(state->StringToTurn("1x3x5"), Error);
  EXPECT_THROW(state->StringToTurn("1x3x25x23x1x13"), Error);
}

TEST(DablotMoves, NoPassing) {
  auto state = Place(InitialPlacement(), 0);
  const auto legal = state->LegalActions();
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), kStop) == legal.end());
  EXPECT_NE(ErrorOf(*state, "stop").find("no passing"), std::string::npos);
}

// ==== Endings ====

TEST(DablotEnd, BlockedPlayerLoses) {
  // The Swedish soldier on 1 is walled in by Sámi soldiers that cannot be jumped (landings full).
  const std::string wall = "s1 S2 S7 S3 S13 S23 S40";
  auto state = Place(wall + " S18", 0);
  auto blocked = state->Clone();
  Play(*blocked, "18-12");
  EXPECT_TRUE(blocked->IsTerminal());
  EXPECT_EQ(blocked->Returns(), (std::vector<double>{1, -1}));
  Play(*state, "18-24");
  EXPECT_FALSE(state->IsTerminal());
  EXPECT_EQ(state->CurrentSeat(), 1);
}

TEST(DablotEnd, NoPiecesLoses) {
  auto state = Place("S24 S1 s35", 0);
  auto other = state->Clone();
  Play(*state, "24x46");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Results(),
            (std::vector<engine::Outcome>{engine::Outcome::kWin, engine::Outcome::kLoss}));
  Play(*other, "24-29");
  EXPECT_FALSE(other->IsTerminal());
}

TEST(DablotEnd, OneAgainstOneHigherRankWins) {
  auto king = Place("K24 s35 s72", 0);
  Play(*king, "24x46");  // King against a soldier
  ASSERT_TRUE(king->IsTerminal());
  EXPECT_EQ(king->Returns(), (std::vector<double>{1, -1}));
  auto prince = Place("P24 s35 l72", 0);
  Play(*prince, "24x46");  // Prince against the Landlord
  ASSERT_TRUE(prince->IsTerminal());
  EXPECT_EQ(prince->Returns(), (std::vector<double>{-1, 1}));
  auto two = Place("P24 S1 s35 l72", 0);  // two pieces against one: play goes on
  Play(*two, "24x46");
  EXPECT_FALSE(two->IsTerminal());
}

TEST(DablotEnd, KingAgainstLandlordDraws) {
  auto state = Place("K24 s35 l72", 0);
  Play(*state, "24x46");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{0, 0}));
  EXPECT_EQ(state->ViewJson(engine::kSpectator)["result"]["winner"], nullptr);
}

TEST(DablotEnd, SoldierRaceOnlyApproaches) {
  auto state = Place("S1 s72", 0);
  ASSERT_FALSE(state->IsTerminal());
  const Geometry& g = Geo();
  const int before = g.distance[0][71];
  const auto legal = state->LegalActions();
  ASSERT_FALSE(legal.empty());
  for (Action a : legal) {
    ASSERT_TRUE(IsStep(a));
    EXPECT_LT(g.distance[g.neighbour[0][ActionDir(a)]][71], before);
  }
  EXPECT_TRUE(IsLegal(*state, "1-7"));
  EXPECT_NE(ErrorOf(*Place("S7 s72", 0), "7-1").find("approach"), std::string::npos);
  // Prince and Son race the same way.
  EXPECT_FALSE(IsLegal(*Place("P7 p72", 0), "7-1"));
  EXPECT_TRUE(IsLegal(*Place("P7 p72", 0), "7-13"));
}

TEST(DablotEnd, RaceCaptureIsCompulsoryAndWins) {
  auto state = Place("S24 s35", 0);
  const auto legal = state->LegalActions();
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_EQ(state->ActionToString(legal[0]), "24x46");
  EXPECT_NE(ErrorOf(*state, "24-29").find("compulsory"), std::string::npos);
  Play(*state, "24x46");
  EXPECT_EQ(state->Returns(), (std::vector<double>{1, -1}));
  // Next to the enemy with no landing beyond: no approaching move, so the mover loses. The
  // Swedes step next to the soldier on 2 from the side it cannot jump over.
  auto stuck = Place("S2 s12", 1);
  Play(*stuck, "12-1");
  ASSERT_TRUE(stuck->IsTerminal());
  EXPECT_EQ(stuck->Returns(), (std::vector<double>{-1, 1}));
}

TEST(DablotEnd, MaxTurnsDraws) {
  const auto& game = Game({{"max_turns", "10"}});
  EXPECT_EQ(game.MaxGameLength(), 1 + 10 + 59);
  auto state = game.NewInitialState();
  engine::SkipOpeningChance(*state);
  const auto& dablot = static_cast<const DablotState&>(*state);
  for (int turn = 0; turn < 10; ++turn) {
    EXPECT_FALSE(state->IsTerminal());
    // Shuffle the Prince between 33 and 38, the Landlord between 34 and 35.
    const std::string moves[4] = {"33-38", "34-35", "38-33", "35-34"};
    Play(*state, moves[turn % 4]);
  }
  EXPECT_EQ(dablot.position().h.turns, 10);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{0, 0}));
  EXPECT_THROW(engine::LoadGame("dablot", {{"max_turns", "5"}}), Error);
}

// ==== Engine contract over random games ====

// Plays random games, calling `check` at every node. Odd seeds play uniformly (those games mostly
// reach the turn cap); even seeds capture whenever they can, so that games end by the rules (no
// pieces, blocked, one against one, the race) and those states are checked too.
template <typename Check>
void ForRandomStates(int games, Check check) {
  std::vector<Action> scratch;
  for (int seed = 1; seed <= games; ++seed) {
    Rng rng(seed);
    auto state = Game().NewInitialState();
    while (!state->IsTerminal()) {
      check(static_cast<const DablotState&>(*state));
      Action action = engine::RandomAction(*state, rng, scratch);
      if (seed % 2 == 0 && !state->IsChanceNode() && IsJump(scratch.back())) {
        action = scratch.back();
      }
      state->DoApplyAction(action, nullptr);
    }
    check(static_cast<const DablotState&>(*state));
  }
}

void ExpectWhyIllegalAgrees(const engine::State& state) {
  const auto legal = state.LegalActions();
  ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
  std::set<Action> legal_set(legal.begin(), legal.end());
  for (Action a = -2; a < kNumActions + 2; ++a) {
    ASSERT_EQ(state.WhyIllegal(a).empty(), legal_set.count(a) == 1)
        << a << " " << state.ActionToString(a) << ": " << state.WhyIllegal(a);
  }
}

TEST(DablotContract, CapturingGamesEndByTheRules) {
  int decisive = 0;
  ForRandomStates(6, [&](const DablotState& state) {
    decisive += state.IsTerminal() && state.Returns()[0] != 0;
  });
  EXPECT_GE(decisive, 3);
}

TEST(DablotContract, UndoRestoresEveryAction) {
  ForRandomStates(4, [](const DablotState& state) {
    auto child = state.Clone();
    for (Action a : state.LegalActions()) {
      engine::UndoInfo undo;
      child->ApplyAction(a, undo);
      child->UndoAction(a, undo);
      ASSERT_TRUE(child->Equals(state)) << state.ActionToString(a);
    }
  });
}

TEST(DablotContract, WhyIllegalAgreesWithLegalActions) {
  ForRandomStates(4, [](const DablotState& state) { ExpectWhyIllegalAgrees(state); });
  for (const char* race : {"S1 s72", "S24 s35", "P7 p72"}) {
    ExpectWhyIllegalAgrees(*Place(race, 0));
  }
  auto stuck = Place("S2 s12", 1);  // the race lost by the Sámi soldier that cannot approach
  stuck->ApplyAction(stuck->StringToAction("12-1"));
  ExpectWhyIllegalAgrees(*stuck);
  auto chain = Place(kLoop, 0);
  chain->ApplyAction(chain->StringToAction("1x3"));
  ExpectWhyIllegalAgrees(*chain);
}

TEST(DablotContract, NotationRoundTrip) {
  ForRandomStates(4, [](const DablotState& state) {
    for (Action a : state.LegalActions()) {
      ASSERT_EQ(state.StringToAction(state.ActionToString(a)), a) << state.ActionToString(a);
    }
  });
}

TEST(DablotContract, ViewsAndConsistency) {
  ForRandomStates(2, [](const DablotState& state) {
    state.CheckConsistency();
    std::vector<float> tensor(Game().TensorSize());
    state.ViewTensor(0, tensor);
    const Json view = state.ViewJson(engine::kSpectator);
    ASSERT_EQ(view["board"].size(), 72u);
    ASSERT_FALSE(state.ViewText(0, true).empty());
  });
}

TEST(DablotNotation, IllegalTextErrors) {
  auto state = Place(InitialPlacement(), 0);
  EXPECT_NE(ErrorOf(*state, "hello").find("'hello'"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "0-1").find("1 to 72"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "23-40").find("not adjacent"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "1-2").find("occupied"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "45-40").find("not yours"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "29-35").find("no piece"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "23x36").find("two points along a line"), std::string::npos);
  EXPECT_FALSE(state->WhyIllegal(-1).empty());
  EXPECT_FALSE(state->WhyIllegal(kNumActions).empty());
}

// A long line is named by an excerpt, never echoed whole.
TEST(DablotNotation, LongTextIsNotEchoed) {
  auto state = Place(InitialPlacement(), 0);
  const std::string error = ErrorOf(*state, "23-29" + std::string(150, 'z'));
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(error.find(std::string(61, 'z')), std::string::npos) << error;
  EXPECT_THROW(state->StringToTurn("23x35" + std::string(150, 'x')), Error);
}

// ==== What players read ====

// Each capture of a turn names the piece it took and where (rulings "Dablot": the captured piece
// is removed at once).
TEST(DablotText, CapturesSayWhatTheyTook) {
  auto state = Place("S24 s35 S1 s72", 0);
  const std::vector<Action> capture = {state->StringToAction("24x46")};
  EXPECT_EQ(state->DescribeTurn(capture, engine::kSpectator),
            "24x46 takes the Swedish soldier on 35");
  auto loop = Place(kLoop, 0);
  const auto chain = loop->StringToTurn("1x3x25");
  EXPECT_EQ(loop->DescribeTurn(chain, 1),
            "1x3 takes the Swedish soldier on 2, 3x25 takes the Swedish soldier on 14");
  auto steps = Place(InitialPlacement(), 0);
  EXPECT_EQ(steps->DescribeTurn(std::vector<Action>{steps->StringToAction("23-29")}, 0), "23-29");
}

TEST(DablotText, LegendNamesPiecesAndRanks) {
  const std::string text = Place(InitialPlacement(), 0)->ViewText(0, false);
  for (const char* part : {"S soldier", "P Prince", "K King", "s soldier", "p Landlord's Son",
                           "l Landlord", "Ranks: soldier < Prince, Son < King, Landlord"}) {
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  }
}

TEST(DablotText, NotationHelpExamplesAreLegalNotation) {
  const std::string& help = engine::FindGame("dablot").notation_help;
  for (const char* example : {"23-29", "23x35", "23x35x47", "stop"}) {
    EXPECT_NE(help.find(example), std::string::npos) << example;
  }
}

// ==== Perft, cross-checked by the brute force ====

void ExpectPerft(const engine::State& state, const std::string& placement, int side,
                 const std::vector<std::uint64_t>& expected) {
  const BruteForce brute;
  for (std::size_t depth = 1; depth <= expected.size(); ++depth) {
    const std::uint64_t engine_count = engine::PerftTurns(state, static_cast<int>(depth));
    EXPECT_EQ(engine_count, brute.Count(BoardOf(placement), side, static_cast<int>(depth)))
        << "depth " << depth;
    EXPECT_EQ(engine_count, expected[depth - 1]) << "depth " << depth;
  }
}

TEST(DablotPerft, FromTheStart) {
  auto state = Game().NewInitialState();
  engine::SkipOpeningChance(*state);  // Sámi move first
  // 15 = 12 soldier steps + Prince 33-38 + King 39-38, 39-44.
  ExpectPerft(*state, InitialPlacement(), 0, {15, 223, 4361, 85421});
}

// Positions reached by random play (seed 7) after 15, 50 and 80 turns, with captures available.
constexpr const char* kMid15 =
    "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 S11 S12 S13 S14 S15 S16 S17 S18 S19 S20 S21 S22 S23 S24 S25 "
    "S28 P33 l34 p35 S37 S38 s41 K44 s45 s46 s47 s48 s49 s50 s51 s52 s53 s54 s55 s56 s57 s58 s59 "
    "s60 s61 s63 s64 s65 s66 s67 s68 s69 s70 s71 s72";
constexpr const char* kMid50 =
    "S1 S2 S3 S4 S5 S6 S7 S8 S10 S11 S12 S13 S14 S15 S16 S17 S18 p19 S20 S21 S22 S23 S25 S26 S28 "
    "S33 l34 s35 K39 s40 s41 s42 s43 s45 s46 s48 P49 s50 s52 s54 s55 s56 s58 s59 s60 s61 s62 s63 "
    "s64 s65 s66 s67 s68 s69 s70 s71 s72";
constexpr const char* kMid80 =
    "S1 S2 S3 S5 S6 S7 S8 S9 S10 S11 S12 S13 S15 S17 S18 p19 S20 S21 S22 S25 S26 S27 S28 l30 s31 "
    "S33 s34 s35 S36 K39 s41 s43 s46 s47 s50 s51 s53 s55 s56 P57 s58 s60 s61 s62 s63 s64 s65 s66 "
    "s67 s68 s69 s70 s71 s72";

TEST(DablotPerft, MidGame15) { ExpectPerft(*Place(kMid15, 1), kMid15, 1, {21, 575, 13389}); }
TEST(DablotPerft, MidGame50) { ExpectPerft(*Place(kMid50, 0), kMid50, 0, {34, 1156, 43322}); }
TEST(DablotPerft, MidGame80) { ExpectPerft(*Place(kMid80, 0), kMid80, 0, {40, 1566, 66088}); }
TEST(DablotPerft, LoopChain) {
  // Depth 1 by hand: 5 steps (40-34, 40-35, 40-45, 40-46, 1-7) and 12 capture turns: via 1x3 the
  // stops after 1x3, 3x13, 3x25, 25x23 and the ends 13x15, 13x35, 23x1 (7); via 1x23 the stops
  // after 1x23, 23x25, 25x3 and the ends 3x1, 3x13 (5).
  ExpectPerft(*Place(kLoop, 0), kLoop, 0, {17, 360, 4256, 90767});
}

}  // namespace
}  // namespace quartel::dablot
