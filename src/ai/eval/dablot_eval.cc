// Dablot's evaluation for the alpha-beta bot (alphabeta.h), from the board of the concrete state
// (read only). Units: a soldier is 100.
//   - Material by rank (soldier < Prince/Son < King/Landlord, seed 002). A King can be taken only
//     by the Landlord and the other way round (rulings "Dablot"), so the one whose counterpart is
//     gone is invulnerable: a bonus.
//   - Mobility: the steps each side could make (a side that cannot move loses).
//   - Threats: a piece that an enemy could jump now (equal or lower rank, empty landing) is en
//     prise; the side to act is about to take one of its own threats (the quiescence search plays
//     the captures), the other side's count against it.
//   - Finishing (issue 23, section 3): when one side leads, its pieces close in on the enemy pieces
//     they can take (line distance), so that a won ending is played out instead of shuffled; and
//     the seat searched for seeks contact at any balance (a contempt for the draw at the cap).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "ai/alphabeta.h"
#include "games/dablot/dablot.h"

namespace quartel::ai {
namespace {

namespace db = dablot;

constexpr std::array<int, 4> kRankValue = {0, 100, 300, 650};
constexpr int kInvulnerable = 250;  // the King (Landlord) whose counterpart was taken
constexpr int kMobility = 3;        // per step available
constexpr int kEnPrise = 12;        // per piece of the side not to act that could be taken
constexpr int kCloseIn = 6;         // per line of distance, for the leading side
constexpr int kContact = 4;         // per line of distance, for the seat searched for

class DablotEval : public AlphaBetaEval {
 public:
  int Evaluate(const engine::State& state, engine::Seat seat) const override {
    const db::Position& pos = static_cast<const db::DablotState&>(state).position();
    const db::Geometry& g = db::Geo();
    std::array<int, 2> material{}, mobility{}, en_prise{}, count{};
    std::array<bool, 2> has_top{};  // King / Landlord on the board
    for (int p = 0; p < db::kNumPoints; ++p) {
      const db::Piece piece = pos.board[p];
      if (piece == db::Piece::kEmpty) continue;
      const int owner = db::Owner(piece), rank = db::Rank(piece);
      material[owner] += kRankValue[rank];
      ++count[owner];
      if (rank == 3) has_top[owner] = true;
      const db::Link* links = g.links[p].data();
      for (int i = 0, n = g.num_links[p]; i < n; ++i) {
        const db::Piece there = pos.board[links[i].to];
        if (there == db::Piece::kEmpty) {
          ++mobility[owner];
        } else if (db::Owner(there) != owner && db::Rank(there) <= rank &&
                   links[i].land != db::kNone && pos.board[links[i].land] == db::Piece::kEmpty) {
          ++en_prise[1 - owner];
        }
      }
    }
    int score = material[0] - material[1];
    for (int s = 0; s < 2; ++s) {
      if (has_top[s] && !has_top[1 - s]) score += s == 0 ? kInvulnerable : -kInvulnerable;
    }
    score += kMobility * (mobility[0] - mobility[1]);
    // The side to act takes its threats (quiescence); the other side's pieces en prise count.
    const int to_act = pos.h.to_move;
    score += to_act == 0 ? -kEnPrise * en_prise[0] : kEnPrise * en_prise[1];
    score += CloseIn(pos, material, count);
    // Contempt for the shuffle: the seat searching for wants contact (two such bots that only
    // guard their lines play to the engine's cap).
    const int contact = kContact * MeanDistance(pos, seat);
    return (seat == 0 ? score : -score) - contact;
  }

  std::uint64_t Hash(const engine::State& state) const override {
    const db::Position& pos = static_cast<const db::DablotState&>(state).position();
    std::uint64_t words[9];
    static_assert(sizeof(words) == sizeof(pos.board));
    std::memcpy(words, pos.board.data(), sizeof(words));
    std::uint64_t h =
        MixHash(static_cast<std::uint64_t>(pos.h.to_move) |
                static_cast<std::uint64_t>(static_cast<std::uint8_t>(pos.h.chain)) << 8 |
                static_cast<std::uint64_t>(pos.h.race) << 16 |
                static_cast<std::uint64_t>(pos.h.phase) << 24);
    for (int i = 0; i < 9; ++i) h = MixHash(h ^ (words[i] + 0x9e3779b97f4a7c15ULL * (i + 1)));
    return h;
  }

  // Captures first, the most valuable taken piece first; a step that takes a piece out of reach
  // of a capture next; the rest by history.
  void OrderScores(const engine::State& state, const std::vector<engine::Action>& actions,
                   std::vector<int>& scores) const override {
    const db::Position& pos = static_cast<const db::DablotState&>(state).position();
    const db::Geometry& g = db::Geo();
    scores.resize(actions.size());
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const engine::Action a = actions[i];
      if (db::IsJump(a)) {
        const int over = g.neighbour[db::ActionFrom(a)][db::ActionDir(a)];
        scores[i] = 1000 + kRankValue[db::Rank(pos.board[over])] -
                    kRankValue[db::Rank(pos.board[db::ActionFrom(a)])] / 10;
      } else if (db::IsStop(a)) {
        scores[i] = 500;
      } else {
        scores[i] = 0;
      }
    }
  }

  bool IsTactical(const engine::State&, engine::Action action) const override {
    return db::IsJump(action);
  }

 private:
  // The leading side's pieces toward the nearest enemy each can take, weighed more as the board
  // empties. Zero when material is level.
  static int CloseIn(const db::Position& pos, const std::array<int, 2>& material,
                     const std::array<int, 2>& count) {
    if (material[0] == material[1]) return 0;
    const int leader = material[0] > material[1] ? 0 : 1;
    const int total = count[0] + count[1];
    if (total > 24) return 0;
    // Per piece that can hunt, the mean distance; more weight on a nearly empty board.
    const int weight = kCloseIn * (32 - total) / 8;
    const int value = -weight * MeanDistance(pos, leader);
    return leader == 0 ? value : -value;
  }

  // The mean line distance from the pieces of `seat` to the nearest enemy piece each can take.
  static int MeanDistance(const db::Position& pos, int leader) {
    const db::Geometry& g = db::Geo();
    int distance = 0, pieces = 0;
    for (int p = 0; p < db::kNumPoints; ++p) {
      const db::Piece mine = pos.board[p];
      if (mine == db::Piece::kEmpty || db::Owner(mine) != leader) continue;
      int nearest = 32;
      for (int q = 0; q < db::kNumPoints; ++q) {
        const db::Piece theirs = pos.board[q];
        if (theirs == db::Piece::kEmpty || db::Owner(theirs) == leader) continue;
        if (db::Rank(theirs) > db::Rank(mine)) continue;
        nearest = std::min<int>(nearest, g.distance[p][q]);
      }
      if (nearest < 32) {
        distance += nearest;
        ++pieces;
      }
    }
    return pieces == 0 ? 0 : distance / pieces;
  }
};

}  // namespace

std::unique_ptr<AlphaBetaEval> MakeDablotEval() { return std::make_unique<DablotEval>(); }

}  // namespace quartel::ai
