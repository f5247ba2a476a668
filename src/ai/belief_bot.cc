// The "belief" bot (belief_bot.h): determinized alpha-beta over worlds drawn by a belief model.
//
// Files of this bot: this one only. Per game, an Ops struct (StrategoOps, EspionageOps) reads and
// writes the game's fast Position; everything else (the setup prior, the belief deal, the search,
// the evaluation, the root's pull toward targets) is written once over it.
#include "ai/belief_bot.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/bot.h"
#include "ai/turn_budget.h"
#include "core/error.h"
#include "core/json.h"
#include "games/espionage/espionage.h"
#include "games/espionage/setups.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::ai {
namespace {

using engine::Action;
using Clock = std::chrono::steady_clock;

constexpr int kSquares = 100;
constexpr int kMaxRanks = 12;  // Stratego's; Espionage has 9
constexpr double kWin = 100000;
constexpr double kDrawValue = -30;  // a draw is worse than playing on at equal material
// Shares of the best capture waiting at a leaf, for the side to move and the other side. The
// bot's own captures count less than the opponent's: in a world the bot sees the enemy's ranks,
// and counting its own best capture in full would lure it next to unknown pieces as if it knew
// which of them it beats (strategy fusion); the opponent seeing the bot's ranks only makes it
// careful.
constexpr double kOwnStm = 0.3, kTheirStm = 0.7, kOwnOther = 0.1, kTheirOther = 0.2;
constexpr double kApproach = 3;  // per square nearer a target (root only)
// An enemy piece at Manhattan distance d <= 3 from the own Flag / Headquarters costs kDanger / d;
// an own piece as near the enemy's (in the world at hand) earns kPressure / d.
constexpr double kDanger = 60;
constexpr double kPressure = 15;
constexpr int kFar = 40;            // distance when no target is reachable
constexpr int kPriorDraws = 3000;   // setups drawn for the setup prior
constexpr double kPriorMix = 0.85;  // weight of the drawn setups against a flat prior

// One piece of a world.
struct Piece {
  int owner = -1;
  int rank = 0;
  bool moved = false;
  bool shown = false;  // its rank is known to its owner's opponent
};

// Both games number squares row * 10 + file; directions north, east, south, west.
int Neighbour(int sq, int dir) {
  static constexpr int kDr[4] = {1, 0, -1, 0}, kDf[4] = {0, 1, 0, -1};
  const int row = sq / 10 + kDr[dir], file = sq % 10 + kDf[dir];
  return row < 0 || row > 9 || file < 0 || file > 9 ? -1 : row * 10 + file;
}

// What a game's ranks are worth and how they fight. gain[a][d]: the material a piece of rank a
// wins (negative: loses) by attacking one of rank d.
struct Model {
  int num_ranks = 0;
  int win_rank = 0;  // Flag / Headquarters
  std::array<bool, kMaxRanks> immobile{};
  std::array<double, kMaxRanks> value{};
  std::array<std::array<double, kMaxRanks>, kMaxRanks> gain{};
  double shown_penalty = 0.1;  // share of an own piece's value lost once its rank is known
  // beaten_by[a]: bit d set when a defender of rank d stays after an attack by rank a.
  std::array<std::uint16_t, kMaxRanks> beaten_by{};
};

// --- Per-game access to the fast Position ------------------------------------------------------

struct StrategoOps {
  using Pos = stratego::Position;
  static const Pos& Of(const engine::State& state) {
    return static_cast<const stratego::StrategoState&>(state).position();
  }
  static int ToMove(const Pos& p) { return p.h.to_move; }
  static bool Over(const Pos& p) { return p.h.phase == stratego::Phase::kOver; }
  static bool InPlay(const Pos& p) { return p.h.phase == stratego::Phase::kPlay; }
  static int Winner(const Pos& p) { return p.h.winner; }
  static int MovesLeft(const Pos&) { return 1; }
  static bool Blocked(const Pos&, int sq) { return stratego::IsLake(sq); }
  static bool At(const Pos& p, int sq, Piece& out) {
    const std::uint8_t c = p.board[sq];
    if (c == 0) return false;
    out = {stratego::PieceOwner(c), stratego::PieceRank(c), (c & stratego::kMoved) != 0,
           (c & stratego::kRevealed) != 0};
    return true;
  }
  static int RankFromChar(char c) { return stratego::RankFromChar(c); }
  static void SetRank(Pos& p, int sq, int rank) {
    p.board[sq] = static_cast<std::uint8_t>((p.board[sq] & 0xf0) | rank);
  }
  static bool Move(Action a, int& from, int& to) {
    if (!stratego::IsMove(a)) return false;
    from = stratego::MoveFrom(a);
    to = stratego::Step(from, stratego::MoveDir(a), stratego::MoveDistance(a));
    return to >= 0;
  }
};

struct EspionageOps {
  using Pos = espionage::Position;
  static const Pos& Of(const engine::State& state) {
    return static_cast<const espionage::EspionageState&>(state).position();
  }
  static int ToMove(const Pos& p) { return p.to_move; }
  static bool Over(const Pos& p) { return p.phase == espionage::Phase::kOver; }
  static bool InPlay(const Pos& p) { return p.phase == espionage::Phase::kPlay; }
  static int Winner(const Pos& p) { return p.winner; }
  // Moves the seat to move has left in its turn (two a turn by default).
  static int MovesLeft(const Pos& p) { return p.rules.moves_per_turn - p.moves_done; }
  static bool Blocked(const Pos& p, int sq) { return p.board[sq] == espionage::kVolcano; }
  static bool At(const Pos& p, int sq, Piece& out) {
    const espionage::CellBits c = p.board[sq];
    if (!espionage::IsPiece(c)) return false;
    out = {espionage::Owner(c), espionage::RankOf(c), (c & espionage::kMovedBit) != 0,
           (c & (espionage::kKnownBit | espionage::kRecognisedBit)) != 0};
    return true;
  }
  static int RankFromChar(char c) { return espionage::RankFromChar(c); }
  static void SetRank(Pos& p, int sq, int rank) {
    p.board[sq] = static_cast<espionage::CellBits>((p.board[sq] & ~0x0f) | rank);
  }
  static bool Move(Action a, int& from, int& to) {
    if (!espionage::IsMove(a)) return false;
    from = espionage::MoveFrom(a);
    to = espionage::Step(from, espionage::MoveDir(a));
    return to >= 0;
  }
};

// --- The setup prior -----------------------------------------------------------------------------

// like[sq][r]: how much likelier rank r stands on setup square sq than on an average one, in the
// game's own distribution of sensible setups (drawn kPriorDraws times, mixed with a flat prior so
// that no setup is ruled out).
struct SetupPrior {
  std::array<std::array<double, kMaxRanks>, kSquares> like{};
};

// The prior of `seat`'s setups given the placements of `draw(rng)` (rank, square pairs).
template <typename Draw>
std::shared_ptr<const SetupPrior> BuildPrior(int num_ranks, Draw draw) {
  std::array<std::array<double, kMaxRanks>, kSquares> count{};
  std::array<double, kMaxRanks> total{};
  double pieces = 0;
  Rng rng(0x5e7u);  // fixed: the prior is part of the bot, the same in every game
  for (int n = 0; n < kPriorDraws; ++n) {
    for (const auto& [rank, sq] : draw(rng)) {
      count[sq][rank] += 1;
      total[rank] += 1;
      pieces += 1;
    }
  }
  auto prior = std::make_shared<SetupPrior>();
  for (int sq = 0; sq < kSquares; ++sq) {
    for (int r = 0; r < num_ranks; ++r) {
      const double base = total[r] / pieces;  // share of rank r in the army
      if (base <= 0) continue;
      prior->like[sq][r] = kPriorMix * (count[sq][r] / kPriorDraws) / base + (1 - kPriorMix);
    }
  }
  return prior;
}

// Cached per game kind and seat (the draws take a few tens of milliseconds).
std::shared_ptr<const SetupPrior> CachedPrior(const engine::Game& game, int seat) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::shared_ptr<const SetupPrior>> cache;
  int kind = 100;  // Espionage
  const auto* s = dynamic_cast<const stratego::StrategoGame*>(&game);
  if (s != nullptr) kind = static_cast<int>(s->rules().army);
  std::lock_guard lock(mutex);
  auto& slot = cache[{kind, seat}];
  if (slot) return slot;
  using Placements = std::vector<std::pair<int, int>>;
  if (s != nullptr) {
    const stratego::Army army = stratego::ArmyOf(s->rules().army);
    slot = BuildPrior(stratego::kNumRanks, [&](Rng& rng) {
      const std::string text = stratego::SampleSetup(army, seat, rng);
      Placements out;
      for (int i = 0; i < static_cast<int>(text.size()); ++i) {
        const int rank = stratego::RankFromChar(text[i]);
        if (rank >= 0) out.emplace_back(rank, (seat == 0 ? 0 : 60) + i);
      }
      return out;
    });
  } else {
    slot = BuildPrior(espionage::kNumRanks, [&](Rng& rng) {
      Placements out;
      for (Action a : espionage::ParseSetup(espionage::DrawSetup(seat, rng), seat)) {
        out.emplace_back(espionage::PlaceRank(a), espionage::PlaceSquare(a));
      }
      return out;
    });
  }
  return slot;
}

// --- The belief deal
// -------------------------------------------------------------------------------

// Ranks an enemy piece may still hold, per square (bit r: rank r), as the bot's own past attacks
// taught it: an unmoved piece that beat the bot's attacker of rank a holds a rank that beats a
// (Espionage's combat shows no rank, so without this the bot would believe the Mine that just
// took its General may still be the Headquarters). All ones: nothing learnt.
using RankMasks = std::array<std::uint16_t, kSquares>;
RankMasks NothingLearnt() {
  RankMasks masks;
  masks.fill(0xffff);
  return masks;
}

// Deals `other`'s unseen ranks in world `p` again: the immobile ranks (Flag or Headquarters first,
// then Bombs or Mines) over its unmoved pieces of unseen rank, each drawn with the likelihood of
// its setup square (an unmoved piece stands where it was set up), then the mobile ranks over the
// rest, unmoved pieces weighted by their square, moved ones by the count left. It reads the
// squares of unseen pieces, whether they moved, and how many of each rank they hold: all public or
// order-free, so the same view and rng give the same deal. Moved pieces never get an immobile rank.
template <class Ops>
void DealBelief(typename Ops::Pos& p, int other, const Model& model, const SetupPrior& prior,
                const RankMasks& masks, Rng& rng) {
  // The prior weight of `rank` on `sq`, nil where the bot's attacks ruled it out.
  const auto like = [&](int sq, int rank, bool use_masks) {
    return use_masks && !((masks[sq] >> rank) & 1) ? 0.0 : prior.like[sq][rank];
  };
  std::vector<int> unmoved, moved;
  std::array<int, kMaxRanks> count{};
  for (int sq = 0; sq < kSquares; ++sq) {
    Piece piece;
    if (!Ops::At(p, sq, piece) || piece.owner != other || piece.shown) continue;
    (piece.moved ? moved : unmoved).push_back(sq);
    ++count[piece.rank];
  }
  // Draws one slot of `slots` with the weight of rank `rank` on it, and removes it.
  // (What was learnt is dropped where it leaves no slot.)
  const auto pick = [&](std::vector<int>& slots, int rank) {
    double total = 0;
    for (int sq : slots) total += like(sq, rank, true);
    const bool use_masks = total > 0;
    if (!use_masks) {
      for (int sq : slots) total += like(sq, rank, false);
    }
    double x = rng.Unit() * total;
    std::size_t i = 0;
    for (; i + 1 < slots.size(); ++i) {
      x -= like(slots[i], rank, use_masks);
      if (x < 0) break;
    }
    const int sq = slots[i];
    slots[i] = slots.back();
    slots.pop_back();
    return sq;
  };
  std::vector<int> order = {model.win_rank};
  for (int r = 0; r < model.num_ranks; ++r) {
    if (model.immobile[r] && r != model.win_rank) order.push_back(r);
  }
  for (int rank : order) {
    for (; count[rank] > 0 && !unmoved.empty(); --count[rank]) {
      Ops::SetRank(p, pick(unmoved, rank), rank);
    }
  }
  std::vector<std::pair<int, bool>> rest;
  for (int sq : unmoved) rest.emplace_back(sq, true);
  for (int sq : moved) rest.emplace_back(sq, false);
  for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[rng.Below(i)]);
  for (const auto& [sq, is_unmoved] : rest) {
    std::array<double, kMaxRanks> weight{};
    double total = 0;
    for (int pass = 0; pass < 2 && total <= 0; ++pass) {
      for (int r = 0; r < model.num_ranks; ++r) {
        if (count[r] <= 0 || model.immobile[r]) continue;
        weight[r] = count[r] * (is_unmoved ? like(sq, r, pass == 0) : 1.0);
        total += weight[r];
      }
    }
    if (total <= 0) break;  // cannot happen: as many mobile ranks as slots are left
    double x = rng.Unit() * total;
    int rank = 0;
    for (int r = 0; r < model.num_ranks; ++r) {
      if (weight[r] <= 0) continue;
      rank = r;
      x -= weight[r];
      if (x < 0) break;
    }
    --count[rank];
    Ops::SetRank(p, sq, rank);
  }
}

// --- The search ----------------------------------------------------------------------------------

template <class Ops>
class Searcher {
 public:
  using Pos = typename Ops::Pos;
  Searcher(const Model& model, int me) : model_(model), me_(me) {}

  // The value of `p` for the bot after `depth` more plies (alpha-beta, each seat for itself).
  double Search(Pos& p, int depth, double alpha, double beta) {
    if (Ops::Over(p)) {
      const int winner = Ops::Winner(p);
      if (winner < 0) return kDrawValue;
      return (winner == me_ ? 1 : -1) * (kWin + depth);  // sooner wins, later losses
    }
    if (depth <= 0) return Evaluate(p);
    if (static_cast<int>(buffers_.size()) <= depth) buffers_.resize(depth + 1);
    std::vector<Action>& moves = buffers_[depth];
    p.LegalActions(moves);
    if (moves.empty()) return Evaluate(p);
    const bool maximise = Ops::ToMove(p) == me_;
    double best = maximise ? -kWin * 2 : kWin * 2;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Action action = buffers_[depth][i];
      engine::UndoInfo undo;
      p.Apply(action, &undo);
      const double v = Search(p, depth - 1, alpha, beta);
      p.Undo(action, undo);
      if (maximise) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  // Material (rank values, less a share for own ranks the opponent knows), then the best capture
  // waiting for each side next to its pieces: most of it for the side to move, a little for the
  // other (which may not get to play it).
  double Evaluate(const Pos& p) const {
    std::array<Piece, kSquares> cells;
    std::array<bool, kSquares> full{};
    double material = 0;
    for (int sq = 0; sq < kSquares; ++sq) {
      Piece& piece = cells[sq];
      if (!Ops::At(p, sq, piece)) continue;
      full[sq] = true;
      const double v = model_.value[piece.rank];
      if (piece.owner == me_) {
        material += piece.shown ? v * (1 - model_.shown_penalty) : v;
      } else {
        material -= v;
      }
    }
    // The best capture each side has waiting: next to its pieces, and for a side to move with two
    // moves left (Espionage) also one step away over an empty square.
    const int stm = Ops::ToMove(p);
    std::array<double, 2> best_gain{};
    for (int sq = 0; sq < kSquares; ++sq) {
      if (!full[sq] || model_.immobile[cells[sq].rank]) continue;
      const Piece& a = cells[sq];
      const bool two = a.owner == stm && Ops::MovesLeft(p) >= 2;
      double& best = best_gain[a.owner];
      for (int dir = 0; dir < 4; ++dir) {
        const int n = Neighbour(sq, dir);
        if (n < 0) continue;
        if (full[n]) {
          if (cells[n].owner != a.owner) best = std::max(best, model_.gain[a.rank][cells[n].rank]);
          continue;
        }
        if (!two || Ops::Blocked(p, n)) continue;
        for (int dir2 = 0; dir2 < 4; ++dir2) {
          const int m = Neighbour(n, dir2);
          if (m < 0 || m == sq || !full[m] || cells[m].owner == a.owner) continue;
          best = std::max(best, model_.gain[a.rank][cells[m].rank]);
        }
      }
    }
    material += FlagTerms(cells, full);
    const int you = 1 - me_;
    if (stm == me_) {
      return material + kOwnStm * best_gain[me_] - kTheirOther * best_gain[you];
    }
    return material - kTheirStm * best_gain[you] + kOwnOther * best_gain[me_];
  }

 private:
  // Danger to the own Flag (or Headquarters) from enemy pieces near it, pressure on the enemy's.
  double FlagTerms(const std::array<Piece, kSquares>& cells,
                   const std::array<bool, kSquares>& full) const {
    std::array<int, 2> flag = {-1, -1};
    for (int sq = 0; sq < kSquares; ++sq) {
      if (full[sq] && cells[sq].rank == model_.win_rank) flag[cells[sq].owner] = sq;
    }
    double term = 0;
    for (int sq = 0; sq < kSquares; ++sq) {
      if (!full[sq] || model_.immobile[cells[sq].rank]) continue;
      const int target = flag[1 - cells[sq].owner];
      if (target < 0) continue;
      const int d = std::abs(sq / 10 - target / 10) + std::abs(sq % 10 - target % 10);
      if (d > 3) continue;
      term += cells[sq].owner == me_ ? kPressure / d : -kDanger / d;
    }
    return term;
  }

  const Model& model_;
  int me_;
  std::vector<std::vector<Action>> buffers_;
};

struct BeliefConfig {
  std::int64_t iterations = 8;  // worlds a decision
  std::int64_t milliseconds = 0;
  int depth = 0;  // plies; 0: the game's default (BeliefBot's constructor)
  double temperature = 0;
  // When not null and set (Bot::SetStopFlag), no more worlds are drawn once one has been searched.
  const std::atomic<bool>* stop = nullptr;
};

// What a game brings to the bot: its rank model, its setups, and the typed search.
class GameDriver {
 public:
  virtual ~GameDriver() = default;
  virtual std::vector<Action> SetupPlan(int seat, Rng& rng) const = 0;
  // The squares of a move action (false for any other action), a rank character's rank (or -1),
  // and the ranks that stay after an attack by rank `a` (Model::beaten_by).
  virtual bool Move(Action action, int& from, int& to) const = 0;
  virtual int RankFromChar(char c) const = 0;
  virtual std::uint16_t BeatenBy(int a) const = 0;
  // The world of SampleBeliefWorld.
  virtual std::unique_ptr<engine::State> World(const engine::SeatHandle& seat,
                                               const RankMasks& masks, Rng& rng) const = 0;
  // Scores of `legal` (the seat's legal moves in the play), the higher the better.
  virtual std::vector<double> Scores(const engine::SeatHandle& seat,
                                     const std::vector<Action>& legal, const RankMasks& masks,
                                     const BeliefConfig& config,
                                     std::optional<Clock::time_point> deadline, Rng& rng) const = 0;
};

template <class Ops>
class Driver : public GameDriver {
 public:
  using Pos = typename Ops::Pos;
  Driver(const engine::Game& game, Model model) : game_(game), model_(std::move(model)) {}

  std::unique_ptr<engine::State> World(const engine::SeatHandle& seat, const RankMasks& masks,
                                       Rng& rng) const override {
    std::unique_ptr<engine::State> world = seat.SampleState(rng);
    const Pos& p = Ops::Of(*world);
    if (!Ops::InPlay(p)) return world;
    Pos dealt = p;
    DealBelief<Ops>(dealt, 1 - seat.viewer(), model_, *CachedPrior(game_, 1 - seat.viewer()), masks,
                    rng);
    return MakeState(dealt);
  }

  std::vector<double> Scores(const engine::SeatHandle& seat, const std::vector<Action>& legal,
                             const RankMasks& masks, const BeliefConfig& config,
                             std::optional<Clock::time_point> deadline, Rng& rng) const override {
    const int me = seat.viewer();
    const auto prior = CachedPrior(game_, 1 - me);
    std::vector<double> sum(legal.size(), 0);
    // Beliefs over the enemy's squares, summed over the worlds (for the root's pull).
    std::array<std::array<double, kMaxRanks>, kSquares> seen{};
    Searcher<Ops> searcher(model_, me);
    std::vector<Action> world_legal;
    int worlds = 0;
    Pos first{};
    for (std::int64_t i = 0; config.iterations <= 0 || i < config.iterations; ++i) {
      if (worlds > 0 && ((deadline && Clock::now() >= *deadline) ||
                         (config.stop != nullptr && config.stop->load()))) {
        break;
      }
      const std::unique_ptr<engine::State> sample = seat.SampleState(rng);
      Pos p = Ops::Of(*sample);
      DealBelief<Ops>(p, 1 - me, model_, *prior, masks, rng);
      // The world's moves are the seat's own (they depend on its view only); checked anyway.
      p.LegalActions(world_legal);
      std::sort(world_legal.begin(), world_legal.end());
      if (world_legal != legal) continue;
      if (worlds == 0) first = p;
      ++worlds;
      for (int sq = 0; sq < kSquares; ++sq) {
        Piece piece;
        if (Ops::At(p, sq, piece) && piece.owner != me) seen[sq][piece.rank] += 1;
      }
      for (std::size_t k = 0; k < legal.size(); ++k) {
        engine::UndoInfo undo;
        p.Apply(legal[k], &undo);
        sum[k] += searcher.Search(p, config.depth - 1, -kWin * 2, kWin * 2);
        p.Undo(legal[k], undo);
      }
      if (!deadline && config.iterations <= 0) break;  // cannot happen: one of them is set
    }
    if (worlds == 0) return sum;  // no world matched: every action scores the same
    for (double& s : sum) s /= worlds;
    AddPull(first, me, seen, worlds, legal, sum);
    return sum;
  }

  std::vector<Action> SetupPlan(int seat, Rng& rng) const override;
  bool Move(Action action, int& from, int& to) const override {
    return Ops::Move(action, from, to);
  }
  int RankFromChar(char c) const override { return Ops::RankFromChar(c); }
  std::uint16_t BeatenBy(int a) const override {
    return a >= 0 && a < kMaxRanks ? model_.beaten_by[a] : 0xffff;
  }

 private:
  std::unique_ptr<engine::State> MakeState(const Pos& p) const;

  // The root's pull toward targets (the heuristic bot's approach, on the worlds' beliefs): a quiet
  // move scores kApproach per square it brings its piece nearer the nearest enemy piece that the
  // piece's rank expects to beat (the likely Flag included: its value is a win).
  void AddPull(const Pos& p, int me,
               const std::array<std::array<double, kMaxRanks>, kSquares>& seen, int worlds,
               const std::vector<Action>& legal, std::vector<double>& scores) const {
    std::array<std::array<int, kSquares>, kMaxRanks> dist;
    std::array<bool, kMaxRanks> have{};
    for (std::size_t k = 0; k < legal.size(); ++k) {
      int from = 0, to = 0;
      Piece piece, target;
      if (!Ops::Move(legal[k], from, to) || !Ops::At(p, from, piece) || Ops::At(p, to, target)) {
        continue;
      }
      const int a = piece.rank;
      if (!have[a]) {
        dist[a] = Distances(p, me, a, seen, worlds);
        have[a] = true;
      }
      scores[k] += kApproach * (std::min(dist[a][from], kFar) - std::min(dist[a][to], kFar));
    }
  }

  std::array<int, kSquares> Distances(
      const Pos& p, int me, int a, const std::array<std::array<double, kMaxRanks>, kSquares>& seen,
      int worlds) const {
    std::array<int, kSquares> dist;
    dist.fill(kFar);
    std::deque<int> queue;
    for (int sq = 0; sq < kSquares; ++sq) {
      Piece piece;
      if (!Ops::At(p, sq, piece) || piece.owner == me) continue;
      double expected = 0;
      for (int d = 0; d < model_.num_ranks; ++d) expected += seen[sq][d] * model_.gain[a][d];
      if (expected / worlds > 0) {
        dist[sq] = 0;
        queue.push_back(sq);
      }
    }
    while (!queue.empty()) {
      const int sq = queue.front();
      queue.pop_front();
      for (int dir = 0; dir < 4; ++dir) {
        const int n = Neighbour(sq, dir);
        if (n < 0 || Ops::Blocked(p, n) || dist[n] <= dist[sq] + 1) continue;
        dist[n] = dist[sq] + 1;
        queue.push_back(n);
      }
    }
    return dist;
  }

  const engine::Game& game_;
  Model model_;
};

template <>
std::unique_ptr<engine::State> Driver<StrategoOps>::MakeState(const Pos& p) const {
  return std::make_unique<stratego::StrategoState>(
      static_cast<const stratego::StrategoGame&>(game_), p);
}
template <>
std::unique_ptr<engine::State> Driver<EspionageOps>::MakeState(const Pos& p) const {
  return std::make_unique<espionage::EspionageState>(
      static_cast<const espionage::EspionageGame&>(game_), p);
}

// A setup drawn from the game's own distribution of sensible ones, as the other bots' (setups.h).
template <>
std::vector<Action> Driver<StrategoOps>::SetupPlan(int seat, Rng& rng) const {
  const auto& rules = static_cast<const stratego::StrategoGame&>(game_).rules();
  const std::string text = stratego::SampleSetup(stratego::ArmyOf(rules.army), seat, rng);
  std::vector<Action> plan;
  for (int i = 0; i < static_cast<int>(text.size()); ++i) {
    const int rank = stratego::RankFromChar(text[i]);
    if (rank >= 0) plan.push_back(stratego::PlaceAction(rank, (seat == 0 ? 0 : 60) + i));
  }
  return plan;
}
template <>
std::vector<Action> Driver<EspionageOps>::SetupPlan(int seat, Rng& rng) const {
  return espionage::ParseSetup(espionage::DrawSetup(seat, rng), seat);
}

// Fills gain[][] from the values and a combat rule (0 attacker wins, 1 defender, 2 both removed).
template <typename Fight>
void FillGains(Model& m, Fight fight) {
  for (int a = 0; a < m.num_ranks; ++a) {
    if (m.immobile[a]) continue;
    for (int d = 0; d < m.num_ranks; ++d) {
      const int result = fight(a, d);
      if (result == 1) m.beaten_by[a] = static_cast<std::uint16_t>(m.beaten_by[a] | (1u << d));
      m.gain[a][d] = result == 0 ? m.value[d] : result == 1 ? -m.value[a] : m.value[d] - m.value[a];
    }
  }
}

Model StrategoModel(const stratego::Rules& rules) {
  using namespace stratego;
  Model m;
  m.num_ranks = kNumRanks;
  m.win_rank = kFlag;
  m.immobile[kFlag] = m.immobile[kBomb] = true;
  // F S 2 3 4 5 6 7 8 9 X B: the heuristic bot's values (a Flag's only in the leaves' captures).
  m.value = {1000, 30, 10, 25, 15, 20, 30, 45, 70, 110, 160, 12};
  const bool aggressor = rules.aggressor_advantage != 0;
  FillGains(m, [aggressor](int a, int d) { return static_cast<int>(Combat(a, d, aggressor)); });
  return m;
}

Model EspionageModel() {
  using namespace espionage;
  Model m;
  m.num_ranks = kNumRanks;
  m.win_rank = kHq;
  m.immobile[kHq] = m.immobile[kMine] = true;
  // H, Corporal .. General, Spy, Sapper, Mine.
  m.value = {1000, 10, 15, 25, 40, 60, 14, 22, 8};
  FillGains(m, [](int a, int d) { return Resolve(a, d) == Combat::kAttackerWins ? 0 : 1; });
  return m;
}

std::unique_ptr<GameDriver> MakeDriver(const engine::Game& game) {
  if (const auto* s = dynamic_cast<const stratego::StrategoGame*>(&game)) {
    return std::make_unique<Driver<StrategoOps>>(game, StrategoModel(s->rules()));
  }
  if (dynamic_cast<const espionage::EspionageGame*>(&game) != nullptr) {
    return std::make_unique<Driver<EspionageOps>>(game, EspionageModel());
  }
  throw Error("belief: plays Stratego and Espionage only, not " + game.id());
}

class BeliefBot : public Bot {
 public:
  BeliefBot(const engine::Game& game, BeliefConfig config, std::optional<TurnBudget> turn_budget,
            std::uint64_t seed, std::string spec)
      : driver_(MakeDriver(game)),
        config_(config),
        turn_budget_(std::move(turn_budget)),
        rng_(seed),
        spec_(std::move(spec)) {
    const auto* e = dynamic_cast<const espionage::EspionageGame*>(&game);
    two_moves_ = e != nullptr && e->rules().moves_per_turn == 2;
    // Two plies see the opponent's answer; with two moves a turn it takes three (measured:
    // Espionage at depth 1 or 2 lost nearly every game to `heuristic`, at 3 a third of them).
    if (config_.depth == 0) config_.depth = two_moves_ ? 3 : 2;
  }

  Action ChooseAction(const engine::SeatHandle& seat) override {
    if (turn_budget_) turn_budget_->OnDecision(!seat.MidTurn());
    const std::vector<Action> legal = seat.LegalActions();
    if (legal.empty()) throw Error("belief: not the seat's decision");
    const Json view = seat.ViewJson();
    if (view.value("phase", std::string()) == "setup") {
      masks_ = NothingLearnt();
      attack_ = {-1, -1};
      return Setup(seat, legal);
    }
    Learn(view, seat.viewer());
    const Action action = legal.size() == 1 ? legal.front() : Search(seat, legal);
    Remember(view, seat.viewer(), action);
    return action;
  }

  std::string Spec() const override { return spec_; }
  void SetStopFlag(const std::atomic<bool>* stop) override { config_.stop = stop; }

 private:
  // An enemy piece of unknown rank that never moved stands on `sq` in `view`.
  static bool UnmovedUnknownEnemy(const Json& view, int sq, int me) {
    const Json& cell = view.at("board")[sq];
    return cell.is_object() && cell.at("owner").get<int>() != me &&
           cell.at("rank").get<std::string>() == "?" && !cell.at("moved").get<bool>();
  }

  // What the bot's last attack taught it: its attacker is gone and the unmoved defender stands,
  // so the defender beats the attacker's rank. What was learnt of a square is forgotten once no
  // unmoved enemy piece of unknown rank stands there.
  void Learn(const Json& view, int me) {
    for (int sq = 0; sq < kSquares; ++sq) {
      if (!UnmovedUnknownEnemy(view, sq, me)) masks_[sq] = 0xffff;
    }
    if (attack_.first >= 0 && UnmovedUnknownEnemy(view, attack_.first, me)) {
      masks_[attack_.first] &= driver_->BeatenBy(attack_.second);
    }
    attack_ = {-1, -1};
  }

  // Notes an attack on an enemy piece (its square, the attacker's rank) for Learn.
  void Remember(const Json& view, int me, Action action) {
    int from = 0, to = 0;
    if (!driver_->Move(action, from, to)) return;
    const Json& board = view.at("board");
    if (!board[to].is_object() || board[to].at("owner").get<int>() == me) return;
    const std::string rank = board[from].at("rank").get<std::string>();
    attack_ = {to, rank.empty() ? -1 : driver_->RankFromChar(rank[0])};
  }

  Action Search(const engine::SeatHandle& seat, const std::vector<Action>& legal) {
    std::optional<Clock::time_point> deadline;
    std::int64_t ms = config_.milliseconds;
    if (turn_budget_) {
      // Espionage's first move of a turn leaves a second: half the turn's time each.
      const TurnWeights weights{1.0, two_moves_ && !seat.MidTurn() ? 1.0 : 0.0};
      const std::int64_t allotted = turn_budget_->Allot(weights).count();
      ms = ms > 0 ? std::min(ms, allotted) : allotted;
    }
    if (ms > 0) deadline = Clock::now() + std::chrono::milliseconds(ms);
    const std::vector<double> scores =
        driver_->Scores(seat, legal, masks_, config_, deadline, rng_);
    return Pick(legal, scores);
  }

  // The next placement of the drawn setup while it stays legal; a new draw otherwise.
  Action Setup(const engine::SeatHandle& seat, const std::vector<Action>& legal) {
    const auto is_legal = [&](Action a) {
      return std::binary_search(legal.begin(), legal.end(), a);
    };
    if (next_ >= plan_.size() || !is_legal(plan_[next_])) {
      plan_ = driver_->SetupPlan(seat.viewer(), rng_);
      next_ = 0;
    }
    if (next_ < plan_.size() && is_legal(plan_[next_])) return plan_[next_++];
    return legal[rng_.Below(static_cast<std::uint32_t>(legal.size()))];
  }

  // The best score (ties to the first), or with a temperature a draw from exp(score / T).
  Action Pick(const std::vector<Action>& legal, const std::vector<double>& scores) {
    const double top = *std::max_element(scores.begin(), scores.end());
    if (config_.temperature <= 0) {
      for (std::size_t k = 0; k < legal.size(); ++k) {
        if (scores[k] == top) return legal[k];
      }
    }
    std::vector<double> weight(legal.size());
    double total = 0;
    for (std::size_t k = 0; k < legal.size(); ++k) {
      weight[k] = std::exp((scores[k] - top) / config_.temperature);
      total += weight[k];
    }
    double x = rng_.Unit() * total;
    for (std::size_t k = 0; k < legal.size(); ++k) {
      x -= weight[k];
      if (x < 0) return legal[k];
    }
    return legal.back();
  }

  std::unique_ptr<GameDriver> driver_;
  BeliefConfig config_;
  std::optional<TurnBudget> turn_budget_;
  Rng rng_;
  std::string spec_;
  std::vector<Action> plan_;
  std::size_t next_ = 0;
  bool two_moves_ = false;  // Espionage: a turn is two moves
  RankMasks masks_ = NothingLearnt();
  std::pair<int, int> attack_ = {-1, -1};  // the last attack's target square and rank
};

std::int64_t ParseInt(const std::string& key, const std::string& value, std::int64_t lo,
                      std::int64_t hi) {
  return ParseBotInteger("belief", key, value, lo, hi);
}

std::unique_ptr<Bot> MakeBeliefBot(const engine::Game& game,
                                   const std::map<std::string, std::string>& params,
                                   std::uint64_t seed) {
  BeliefConfig config;
  constexpr std::int64_t kMost = 1'000'000'000;
  if (auto it = params.find("iterations"); it != params.end()) {
    config.iterations = ParseInt(it->first, it->second, 1, kMost);
  }
  if (auto it = params.find("ms"); it != params.end()) {
    config.milliseconds = ParseInt(it->first, it->second, 1, kMost);
    if (params.count("iterations") == 0) config.iterations = 0;  // time alone limits
  }
  std::optional<TurnBudget> turn_budget;
  if (auto it = params.find("turn_ms"); it != params.end()) {
    turn_budget.emplace(std::chrono::milliseconds(ParseInt(it->first, it->second, 1, kMost)));
    if (params.count("iterations") == 0) config.iterations = 0;
  }
  if (auto it = params.find("depth"); it != params.end()) {
    config.depth = static_cast<int>(ParseInt(it->first, it->second, 1, 4));
  }
  if (auto it = params.find("temperature"); it != params.end()) {
    config.temperature = ParseBotNumber("belief", "temperature", it->second, 0,
                                        std::numeric_limits<double>::max(), "a number >= 0");
  }
  return std::make_unique<BeliefBot>(game, config, std::move(turn_budget), seed,
                                     FormatBotSpec("belief", params));
}

}  // namespace

std::unique_ptr<engine::State> SampleBeliefWorld(const engine::SeatHandle& seat, Rng& rng) {
  return MakeDriver(seat.game())->World(seat, NothingLearnt(), rng);
}

void RegisterBeliefBot() {
  RegisterBot({.name = "belief",
               .help =
                   "Stratego and Espionage: alpha-beta over worlds drawn by a belief model "
                   "(keys: iterations (worlds a decision, default 8), ms (a decision), "
                   "turn_ms (the seat's whole turn), depth (plies, 1-4; default 2, Espionage 3), "
                   "temperature (0 plays the best; higher slips more), seed)",
               .factory = MakeBeliefBot,
               .keys = {"iterations", "ms", "turn_ms", "depth", "temperature"}});
}

}  // namespace quartel::ai
