// MCTS knowledge for Conspiradores: the game is a race to the Sanctuaries, so rollouts prefer moves
// that shelter a piece or bring it nearer a free Sanctuary, and rollouts stop early with a value
// from how far each player still is from sheltering all its pieces.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>

#include "ai/hooks/hooks.h"
#include "ai/mcts.h"
#include "games/conspiradores/conspiradores.h"

namespace quartel::ai {
namespace {

namespace cs = conspiradores;

// The free Sanctuaries of a position, as points.
struct FreeSanctuaries {
  std::array<int, cs::kNumSanctuaries> points{};
  int count = 0;

  explicit FreeSanctuaries(const cs::Position& pos) {
    cs::kSanctuaries.Minus(pos.Occupied()).ForEach([&](int p) { points[count++] = p; });
  }
  // Chebyshev distance (steps) to the nearest free Sanctuary; 17 when none is free.
  int Distance(int point) const {
    int best = cs::kSize;
    const int c = cs::ColOf(point), r = cs::RowOf(point);
    for (int k = 0; k < count; ++k) {
      const int d =
          std::max(std::abs(cs::ColOf(points[k]) - c), std::abs(cs::RowOf(points[k]) - r));
      best = std::min(best, d);
    }
    return best;
  }
};

constexpr int kCandidates = 8;                  // legal moves sampled per rollout step
constexpr int kConspiradoresRolloutPlies = 16;  // rollouts are evaluated after this many plies
constexpr double kDistanceScale = 12.0;         // distance units per tanh unit in Evaluate

class ConspiradoresHooks : public MctsHooks {
 public:
  engine::Action RolloutAction(const engine::State& state, Rng& rng,
                               std::vector<engine::Action>& scratch) const override {
    if (state.IsChanceNode()) return MctsHooks::RolloutAction(state, rng, scratch);
    const auto& pos = static_cast<const cs::ConspiradoresState&>(state).position();
    state.LegalActions(scratch);
    const auto size = static_cast<std::uint32_t>(scratch.size());
    if (pos.meta.phase != cs::Phase::kMovement || size == 1 || rng.Below(10) == 0) {
      return scratch[rng.Below(size)];
    }
    const FreeSanctuaries free(pos);
    engine::Action best = scratch[rng.Below(size)];
    int best_score = Score(best, free);
    for (int k = 1; k < kCandidates; ++k) {
      const engine::Action action = scratch[rng.Below(size)];
      const int score = Score(action, free);
      if (score > best_score) {
        best = action;
        best_score = score;
      }
    }
    return best;
  }

  bool Evaluate(const engine::State& state, int rollout_plies,
                std::vector<double>& values) const override {
    if (rollout_plies < kConspiradoresRolloutPlies) return false;
    if (state.IsTerminal() || state.IsChanceNode()) return false;
    const auto& pos = static_cast<const cs::ConspiradoresState&>(state).position();
    if (pos.meta.phase != cs::Phase::kMovement || pos.InChain()) return false;
    const FreeSanctuaries free(pos);
    const int n = pos.meta.num_seats;
    // Work left per seat: the steps its unsheltered pieces still need, plus one per piece.
    std::array<double, cs::kMaxSeats> work{};
    double total = 0;
    for (int s = 0; s < n; ++s) {
      pos.pieces[s].Minus(cs::kSanctuaries).ForEach([&](int p) {
        work[s] += 1 + free.Distance(p);
      });
      total += work[s];
    }
    values.assign(n, 0.0);
    for (int s = 0; s < n; ++s) {
      const double others = (total - work[s]) / (n - 1);
      values[s] = std::tanh((others - work[s]) / kDistanceScale);
    }
    return true;
  }

 private:
  // Sheltering a piece beats everything; otherwise the distance gained toward a free Sanctuary.
  static int Score(engine::Action action, const FreeSanctuaries& free) {
    if (cs::IsStop(action) || cs::IsPlacement(action)) return 0;
    const int to = cs::To(action);
    if (cs::IsSanctuary(to)) return 100;
    return 2 * (free.Distance(cs::From(action)) - free.Distance(to)) + (cs::IsJump(action) ? 1 : 0);
  }
};

}  // namespace

void RegisterConspiradoresHooks() {
  RegisterMctsHooks("conspiradores", [] { return std::make_unique<ConspiradoresHooks>(); });
}

}  // namespace quartel::ai
