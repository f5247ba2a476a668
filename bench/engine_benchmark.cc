// Google Benchmark micro-benchmarks of the engine API for every registered game: legal-move
// generation, apply, clone (heap) and copy (no heap), and the views. Each runs on a mid-game
// position reached by 30 random plies with a fixed seed. Run: build/release/quartel_microbench
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>

#include "engine/game.h"
#include "engine/playout.h"
#include "engine/state.h"
#include "games/all_games.h"

namespace {

using quartel::engine::Action;
using quartel::engine::State;

// States point to their game, which must outlive them: the games are kept here.
std::unique_ptr<State> MidGame(const std::string& id) {
  static std::map<std::string, std::shared_ptr<const quartel::engine::Game>> games;
  auto& game = games[id];
  if (!game) game = quartel::engine::LoadGame(id);
  auto state = game->NewInitialState();
  quartel::Rng rng(1);
  std::vector<Action> scratch;
  for (int ply = 0; ply < 30 && !state->IsTerminal(); ++ply) {
    state->DoApplyAction(quartel::engine::RandomAction(*state, rng, scratch), nullptr);
  }
  return state;
}

void BM_LegalActions(benchmark::State& bench, const std::string& id) {
  auto state = MidGame(id);
  std::vector<Action> actions;
  for (auto _ : bench) {
    state->LegalActions(actions);
    benchmark::DoNotOptimize(actions.data());
  }
}

void BM_Apply(benchmark::State& bench, const std::string& id) {
  auto state = MidGame(id);
  auto scratch = state->Clone();
  const Action action = state->LegalActions().front();
  for (auto _ : bench) {
    scratch->CopyFrom(*state);
    scratch->DoApplyAction(action, nullptr);
    benchmark::ClobberMemory();
  }
}

void BM_Clone(benchmark::State& bench, const std::string& id) {
  auto state = MidGame(id);
  for (auto _ : bench) benchmark::DoNotOptimize(state->Clone());
}

void BM_CopyFrom(benchmark::State& bench, const std::string& id) {
  auto state = MidGame(id);
  auto copy = state->Clone();
  for (auto _ : bench) {
    copy->CopyFrom(*state);
    benchmark::ClobberMemory();
  }
}

// Random playouts from the start, as `quartel bench` plays them (engine::PlayRandomToEnd): the
// items processed are plies, so the rate is plies a second on one core.
void BM_RandomPlayout(benchmark::State& bench, const std::string& id) {
  // The game outlives the state: MidGame keeps it.
  const auto start = MidGame(id)->shared_game()->NewInitialState();
  auto state = start->Clone();
  quartel::Rng rng(7);
  std::vector<Action> scratch;
  std::int64_t plies = 0;
  for (auto _ : bench) {
    state->CopyFrom(*start);
    plies += quartel::engine::PlayRandomToEnd(*state, rng, scratch);
  }
  bench.SetItemsProcessed(plies);
}

void BM_ViewJson(benchmark::State& bench, const std::string& id) {
  auto state = MidGame(id);
  for (auto _ : bench) benchmark::DoNotOptimize(state->ViewJson(0).dump());
}

void BM_ViewTensor(benchmark::State& bench, const std::string& id) {
  auto state = MidGame(id);
  std::vector<float> tensor(state->game().TensorSize());
  for (auto _ : bench) {
    state->ViewTensor(0, tensor);
    benchmark::DoNotOptimize(tensor.data());
  }
}

void RegisterAll() {
  quartel::games::RegisterAllGames();
  for (const auto& info : quartel::engine::RegisteredGames()) {
    const std::string id = info.id;
    benchmark::RegisterBenchmark(("LegalActions/" + id).c_str(), BM_LegalActions, id);
    benchmark::RegisterBenchmark(("Apply/" + id).c_str(), BM_Apply, id);
    benchmark::RegisterBenchmark(("RandomPlayout/" + id).c_str(), BM_RandomPlayout, id);
    benchmark::RegisterBenchmark(("Clone/" + id).c_str(), BM_Clone, id);
    benchmark::RegisterBenchmark(("CopyFrom/" + id).c_str(), BM_CopyFrom, id);
    benchmark::RegisterBenchmark(("ViewJson/" + id).c_str(), BM_ViewJson, id);
    benchmark::RegisterBenchmark(("ViewTensor/" + id).c_str(), BM_ViewTensor, id);
  }
}

}  // namespace

int main(int argc, char** argv) {
  RegisterAll();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
