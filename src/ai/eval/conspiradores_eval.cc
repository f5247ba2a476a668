// Conspiradores' evaluation for the alpha-beta bot (alphabeta.h), from the position of the concrete
// state (read only). The game is a race: the last seat with an unsheltered piece loses (seed 002,
// first part; rulings "Conspiradores"). Units: one step is 100.
//   - Work left per seat: for each unsheltered piece, the king-move distance to a free Sanctuary,
//     one less when the piece can jump toward the nearest now (chain potential); an unplaced piece
//     counts as a piece in the middle of the Centre. A Sanctuary holds one piece and there is one
//     fewer than pieces, so the pieces share them out, nearest first (blocking: a Sanctuary taken
//     or nearer to an enemy piece is not one's own), and the piece left without one counts a little
//     more.
//   - With two seats: the opponent's work less one's own, and a tempo for the side to act. With
//     four (paranoid): the work of the slowest opponent still racing less one's own.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "ai/alphabeta.h"
#include "games/conspiradores/conspiradores.h"

namespace quartel::ai {
namespace {

namespace cs = conspiradores;

constexpr int kStep = 100;
constexpr int kTempo = 40;
// Per unsheltered piece, on top of its steps: a piece sheltered is progress for good, a step
// nearer may be undone or blocked (and searches that only trade steps never finish).
constexpr int kUnsheltered = 150;
constexpr int kUnplacedDistance = 6;
// Steps counted, beyond its nearest free Sanctuary, for the piece none is left for: small, as
// which piece that is changes with every step until the end.
constexpr int kLeftOut = 1;
constexpr int kNoSanctuary = 2 * cs::kSize;  // every Sanctuary taken

int Chebyshev(int a, int b) {
  return std::max(std::abs(cs::ColOf(a) - cs::ColOf(b)), std::abs(cs::RowOf(a) - cs::RowOf(b)));
}

// For each point, the Sanctuaries nearest first (king-move distance), with their distances.
struct NearestSanctuaries {
  std::array<std::array<std::int16_t, cs::kNumSanctuaries>, cs::kNumPoints> point{};
  std::array<std::array<std::int8_t, cs::kNumSanctuaries>, cs::kNumPoints> distance{};

  NearestSanctuaries() {
    std::vector<int> sanctuaries;
    cs::kSanctuaries.ForEach([&](int p) { sanctuaries.push_back(p); });
    for (int p = 0; p < cs::kNumPoints; ++p) {
      std::vector<int> sorted = sanctuaries;
      std::stable_sort(sorted.begin(), sorted.end(),
                       [&](int a, int b) { return Chebyshev(p, a) < Chebyshev(p, b); });
      for (int k = 0; k < cs::kNumSanctuaries; ++k) {
        point[p][k] = static_cast<std::int16_t>(sorted[k]);
        distance[p][k] = static_cast<std::int8_t>(Chebyshev(p, sorted[k]));
      }
    }
  }

  // Distance from `from` to the nearest Sanctuary not in `occupied`.
  int Free(int from, const cs::Bits& occupied) const {
    for (int k = 0; k < cs::kNumSanctuaries; ++k) {
      if (!occupied.Test(point[from][k])) return distance[from][k];
    }
    return kNoSanctuary;
  }
};

const NearestSanctuaries& Nearest() {
  static const NearestSanctuaries table;
  return table;
}

class ConspiradoresEval : public AlphaBetaEval {
 public:
  int Evaluate(const engine::State& state, engine::Seat seat) const override {
    const cs::Position& pos = static_cast<const cs::ConspiradoresState&>(state).position();
    const int n = pos.meta.num_seats;
    std::array<int, cs::kMaxSeats> work{};
    std::array<bool, cs::kMaxSeats> racing{};
    Work(pos, work);
    for (int s = 0; s < n; ++s) {
      work[s] = work[s] * kStep + kUnsheltered * pos.Unsheltered(s);
      racing[s] = pos.Unsheltered(s) > 0;
    }
    const engine::Seat to_act = pos.ToMove();
    if (n == 2) {
      int score = work[1 - seat] - work[seat];
      score += to_act == seat ? kTempo : -kTempo;
      return score;
    }
    int slowest = 0;
    for (int s = 0; s < n; ++s) {
      if (s != seat && racing[s]) slowest = std::max(slowest, work[s]);
    }
    return slowest - work[seat] + (to_act == seat ? kTempo : 0);
  }

  std::uint64_t Hash(const engine::State& state) const override {
    const cs::Position& pos = static_cast<const cs::ConspiradoresState&>(state).position();
    std::uint64_t h =
        MixHash(static_cast<std::uint64_t>(static_cast<std::uint16_t>(pos.meta.chain_at)) |
                static_cast<std::uint64_t>(pos.meta.order_pos) << 16 |
                static_cast<std::uint64_t>(pos.meta.phase) << 24 |
                static_cast<std::uint64_t>(pos.meta.placed) << 32);
    std::uint64_t salt = 0x9e3779b97f4a7c15ULL;
    for (int s = 0; s < pos.meta.num_seats; ++s) {
      for (const std::uint64_t word : pos.pieces[s].w) {
        h = MixHash(h ^ (word + salt));
        salt += 0x9e3779b97f4a7c15ULL;
      }
    }
    if (pos.InChain()) {
      for (const std::uint64_t word : pos.visited.w)
        h = MixHash(h ^ (word + 0x632be59bd9b4e019ULL));
    }
    return h;
  }

  // Sheltering first, then the distance gained toward a free Sanctuary (a jump chain's next jump
  // before stopping), placements nearest the edge first.
  void OrderScores(const engine::State& state, const std::vector<engine::Action>& actions,
                   std::vector<int>& scores) const override {
    const cs::Position& pos = static_cast<const cs::ConspiradoresState&>(state).position();
    const cs::Bits occupied = pos.Occupied();
    const NearestSanctuaries& nearest = Nearest();
    scores.resize(actions.size());
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const engine::Action a = actions[i];
      if (cs::IsPlacement(a)) {
        scores[i] = -nearest.Free(cs::From(a), occupied);
      } else if (cs::IsStep(a) || cs::IsJump(a)) {
        const int to = cs::To(a);
        scores[i] = cs::IsSanctuary(to)
                        ? 1000
                        : 10 * (nearest.Free(cs::From(a), occupied) - nearest.Free(to, occupied)) +
                              (cs::IsJump(a) ? 5 : 0);
      } else {
        scores[i] = 0;
      }
    }
  }

  bool IsTactical(const engine::State& state, engine::Action action) const override {
    return cs::IsJump(action) && state.MidTurn();
  }

 private:
  // Steps each seat still needs to shelter every piece, as if nothing blocked the way. Each
  // Sanctuary goes to one piece: the nearest pieces claim theirs first (level by level of
  // distance; at equal distance the seat to act first), and a piece left without one (there is
  // one Sanctuary fewer than pieces) counts kLeftOut.
  static void Work(const cs::Position& pos, std::array<int, cs::kMaxSeats>& work) {
    const NearestSanctuaries& nearest = Nearest();
    const cs::Bits occupied = pos.Occupied();
    const int n = pos.meta.num_seats;
    std::array<std::int16_t, cs::kTotalPieces> piece{};
    std::array<std::int8_t, cs::kTotalPieces> owner{};
    std::array<std::int8_t, cs::kTotalPieces> cursor{};
    std::array<std::int8_t, cs::kTotalPieces> bonus{};
    int count = 0;
    const engine::Seat to_act = pos.ToMove();
    const int first = to_act >= 0 ? to_act : 0;
    for (int k = 0; k < n; ++k) {
      const int s = (first + k) % n;
      pos.pieces[s].Minus(cs::kSanctuaries).ForEach([&](int p) {
        piece[count] = static_cast<std::int16_t>(p);
        owner[count] = static_cast<std::int8_t>(s);
        const int d = nearest.Free(p, occupied);
        bonus[count] = d >= 2 && CanJumpCloser(p, d, occupied) ? 1 : 0;
        ++count;
      });
      if (!pos.meta.custom) {
        work[s] += kUnplacedDistance * (pos.PiecesPerSeat() - pos.pieces[s].Count());
      }
    }
    cs::Bits claimed = occupied & cs::kSanctuaries;
    int left = count;
    for (int level = 1; level < cs::kSize && left > 0; ++level) {
      for (int i = 0; i < count; ++i) {
        if (cursor[i] < 0) continue;  // placed already
        const int p = piece[i];
        int c = cursor[i];
        while (c < cs::kNumSanctuaries && nearest.distance[p][c] <= level &&
               claimed.Test(nearest.point[p][c])) {
          ++c;
        }
        if (c < cs::kNumSanctuaries && nearest.distance[p][c] <= level) {
          claimed.Set(nearest.point[p][c]);
          work[owner[i]] += level - bonus[i];
          cursor[i] = -1;
          --left;
        } else {
          cursor[i] = static_cast<std::int8_t>(c);
        }
      }
    }
    for (int i = 0; i < count; ++i) {
      if (cursor[i] >= 0) work[owner[i]] += nearest.Free(piece[i], occupied) + kLeftOut;
    }
  }

  // Whether the piece on `p`, `d` steps from the nearest free Sanctuary, can jump now to a point
  // nearer one.
  static bool CanJumpCloser(int p, int d, const cs::Bits& occupied) {
    const NearestSanctuaries& nearest = Nearest();
    for (int dir = 0; dir < cs::kNumDirs; ++dir) {
      const int over = cs::Neighbour(p, dir);
      if (over == cs::kNoPoint || !occupied.Test(over)) continue;
      const int land = cs::JumpLanding(p, dir);
      if (land == cs::kNoPoint || occupied.Test(land)) continue;
      if (nearest.Free(land, occupied) <= d - 2) return true;
    }
    return false;
  }
};

}  // namespace

std::unique_ptr<AlphaBetaEval> MakeConspiradoresEval() {
  return std::make_unique<ConspiradoresEval>();
}

}  // namespace quartel::ai
