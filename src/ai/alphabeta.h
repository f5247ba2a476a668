// Alpha-beta search for the two perfect-information race-and-capture games, Dablot and
// Conspiradores (issue 23, sections 2 and 3), registered as the bot "alphabeta".
//
// Iterative deepening, principal-variation search with a transposition table, move ordering (the
// table's move, then the game's own order: captures and sheltering moves first, then killers and
// history) and a quiescence search over the game's tactical actions (Dablot's captures, the
// continuation of a jump chain). A jump chain is several actions by the same seat: a child whose
// seat is on the same side as its parent's is not negated. With more than two seats the search is
// paranoid: the root seat against all the others, who are taken to play as one side.
//
// Scores are in hundredths of a soldier (Dablot) or of a step (Conspiradores), from the side to
// move; a won game scores kWinScore less its distance in actions from the root, so that the bot
// prefers the shorter of two wins and the longer of two losses. A position the bot has already
// had to move in during the game scores a little below a draw for it, so that it does not shuffle
// to the turn cap (neither game has a repetition rule).
//
// Per-game knowledge enters through AlphaBetaEval (src/ai/eval/).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/rng.h"
#include "engine/seat_handle.h"
#include "engine/state.h"

namespace quartel::ai {

inline constexpr int kWinScore = 1'000'000;
// Scores within this distance of kWinScore are wins found by the search (kWinScore - actions).
inline constexpr int kWinBand = 10'000;

// What the search knows of one game. Every method reads `state`, a decision of a non-terminal
// state of that game (the concrete class: DablotState, ConspiradoresState), and never changes it.
class AlphaBetaEval {
 public:
  virtual ~AlphaBetaEval() = default;
  // The static value of `state` for `seat`, |value| < kWinScore - kWinBand. With more than two
  // seats, `seat` against the most dangerous of the others.
  virtual int Evaluate(const engine::State& state, engine::Seat seat) const = 0;
  // A 64-bit key of everything the rules depend on but the turn counters.
  virtual std::uint64_t Hash(const engine::State& state) const = 0;
  // One ordering score per action of `actions` (legal in `state`) into `scores`: higher first.
  virtual void OrderScores(const engine::State& state, const std::vector<engine::Action>& actions,
                           std::vector<int>& scores) const = 0;
  // Whether the quiescence search tries `action` (a capture, a chain's next jump).
  virtual bool IsTactical(const engine::State& state, engine::Action action) const = 0;
};

// Mixes a word into a well-spread 64-bit key (MurmurHash3's 64-bit finaliser), for
// AlphaBetaEval::Hash: the evaluations fold a position's words through it.
inline std::uint64_t MixHash(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

// The evaluation for `game_id`, or null when alphabeta does not play that game.
std::unique_ptr<AlphaBetaEval> MakeAlphaBetaEval(const std::string& game_id);
std::unique_ptr<AlphaBetaEval> MakeDablotEval();         // eval/dablot_eval.cc
std::unique_ptr<AlphaBetaEval> MakeConspiradoresEval();  // eval/conspiradores_eval.cc

struct AlphaBetaConfig {
  int max_depth = 64;             // nominal depth in actions
  std::int64_t nodes = 0;         // node budget per decision (0: none)
  std::int64_t milliseconds = 0;  // time per decision (0: none)
  double temperature = 0;         // > 0: the root move by softmax of exact scores
  int tt_log2 = 20;               // transposition table: at most 2^tt_log2 entries of 16 bytes
  // When not null and set (from another thread: Bot::SetStopFlag), the search stops as a spent
  // budget stops it and answers from the deepest iteration completed.
  const std::atomic<bool>* stop = nullptr;
};

struct AlphaBetaStats {
  int depth = 0;           // the deepest iteration completed
  std::int64_t nodes = 0;  // nodes visited (actions applied)
  int score = 0;           // the chosen action's score for the seat to act
};

// One searcher keeps its history from decision to decision; its transposition table lives for one
// decision, growing with the search (at most 16 MB at the default size: a server keeps many idle
// bots).
class AlphaBetaSearcher {
 public:
  explicit AlphaBetaSearcher(std::unique_ptr<AlphaBetaEval> eval);
  ~AlphaBetaSearcher();
  // An action for the seat of `seat` (its own decision), searched in SeatHandle::SampleState's
  // state (perfect information: the real one). `rng` draws only the temperature's choice.
  engine::Action Choose(const engine::SeatHandle& seat, const AlphaBetaConfig& config, Rng& rng,
                        AlphaBetaStats* stats = nullptr);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// Registers "alphabeta" (keys depth, nodes, ms, turn_ms, temperature, seed) for Dablot and
// Conspiradores. With no budget given: ms=1000. depth and nodes alone are deterministic.
void RegisterAlphaBetaBot();

}  // namespace quartel::ai
