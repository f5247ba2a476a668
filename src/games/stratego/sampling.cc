// Stratego's SampleConsistentState: a state the seat cannot tell apart from the true one,
// everything it may not know drawn again (rulings "Stratego"; stratego.h, "Hidden information").
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

// Rulings "Stratego": during the setup the other seat's pieces are secret, squares and number
// included, so they are drawn again: a whole uniformly random setup when it is complete; when it
// is in progress, a random number of pieces (none to all but one) taken at random from a random
// setup. The draw uses only what `seat` knows (whether the other's setup is done), so two states
// the seat cannot tell apart give the same sample.
std::unique_ptr<engine::State> StrategoState::SampleSecretSetup(int seat, Rng& rng) const {
  auto sampled = std::make_unique<StrategoState>(*this);
  Position& pos = sampled->position_;
  const int other = 1 - seat;
  const Army army = pos.FullArmy();
  const int size = ArmySize(army);
  const int left = ArmySize(position_.h.to_place[other]);
  // Whose setup is under way is known; how far it has got is not.
  const bool in_progress = position_.h.to_move == other;
  if (!in_progress && left != 0) return sampled;  // its setup comes later: nothing placed
  const int first = other == 0 ? 0 : 60;
  const std::string setup = RandomSetup(army, rng);
  int keep = size;
  if (in_progress) {
    keep = static_cast<int>(rng.Below(static_cast<std::uint32_t>(size)));
    pos.h.plies += keep - (size - left);
  }
  std::vector<int> filled;
  for (int i = 0; i < kSetupSquares; ++i) {
    pos.board[first + i] = 0;
    if (setup[i] != '.') filled.push_back(i);
  }
  for (std::size_t i = filled.size(); i > 1; --i) {
    std::swap(filled[i - 1], filled[rng.Below(static_cast<std::uint32_t>(i))]);
  }
  pos.h.to_place[other] = army;
  for (int k = 0; k < keep; ++k) {
    const int rank = RankFromChar(setup[filled[k]]);
    pos.board[first + filled[k]] = MakePiece(other, rank);
    --pos.h.to_place[other][rank];
  }
  return sampled;
}

void FillHiddenDefender(Position& pos, int other) {
  LastMove& last = pos.h.last;
  const std::uint8_t stayed = pos.board[last.to];
  if (last.result == 1 && stayed != 0 && PieceOwner(stayed) == other) {
    last.defender = static_cast<std::int8_t>(PieceRank(stayed));
    return;
  }
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (pos.h.lost[other][rank] > pos.h.lost_known[other][rank]) {
      last.defender = static_cast<std::int8_t>(rank);
      return;
    }
  }
}

// The opponent's ranks that `seat` has not seen are dealt again, uniformly, over the opponent's
// pieces of unseen rank (on the board, and with silent_defense among its removed pieces of unseen
// rank too), keeping what `seat` knows: a piece that has moved is no Bomb or Flag, a removed piece
// is no Flag, and a game still going on means the opponent, when to move, has a move (rejection
// keeps the draw uniform). The Flag is dealt first over the unmoved pieces, then the Bombs over the
// remaining unmoved and removed slots, then the rest: every step is uniform with the same number
// of completions, so the whole deal is. Deeper inferences from the history (a defender that won
// under silent_defense outranks the attacker, say) are not used (docs/rules/stratego.md).
std::unique_ptr<engine::State> StrategoState::SampleConsistentState(engine::Seat seat,
                                                                    Rng& rng) const {
  if (position_.h.phase == Phase::kSetup && (seat == 0 || seat == 1)) {
    return SampleSecretSetup(seat, rng);
  }
  auto sampled = std::make_unique<StrategoState>(*this);
  if (position_.h.phase == Phase::kOver || (seat != 0 && seat != 1)) return sampled;
  const int other = 1 - seat;
  const Header& h = position_.h;
  // Slots: squares (>= 0) or removed pieces (-1 - index).
  std::vector<int> unmoved, moved, flags, bombs, mobile;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = position_.board[sq];
    if (p == 0 || PieceOwner(p) != other || (p & kRevealed)) continue;
    ((p & kMoved) ? moved : unmoved).push_back(sq);
    const int rank = PieceRank(p);
    (rank == kFlag ? flags : rank == kBomb ? bombs : mobile).push_back(rank);
  }
  std::vector<int> removed;
  for (int rank = 0; rank < kNumRanks; ++rank) {
    for (int n = h.lost_known[other][rank]; n < h.lost[other][rank]; ++n) {
      removed.push_back(-1 - static_cast<int>(removed.size()));
      (rank == kBomb ? bombs : mobile).push_back(rank);
    }
  }
  // The ranks were gathered in their true order: sorted, two states the seat cannot tell apart
  // give the same sample for the same rng (a bot's choice must not depend on hidden ranks).
  std::sort(mobile.begin(), mobile.end());
  auto shuffle = [&rng](std::vector<int>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.Below(i)]);
  };
  Position& pos = sampled->position_;
  for (int attempt = 0; attempt < 100; ++attempt) {
    pos.h.lost[other] = h.lost_known[other];
    shuffle(unmoved);
    shuffle(mobile);
    std::vector<int> bomb_slots(unmoved.begin() + flags.size(), unmoved.end());
    bomb_slots.insert(bomb_slots.end(), removed.begin(), removed.end());
    shuffle(bomb_slots);
    std::vector<int> mobile_slots(bomb_slots.begin() + bombs.size(), bomb_slots.end());
    mobile_slots.insert(mobile_slots.end(), moved.begin(), moved.end());
    auto assign = [&pos, other](int slot, int rank) {
      if (slot < 0) {
        ++pos.h.lost[other][rank];
      } else {
        pos.board[slot] = static_cast<std::uint8_t>((pos.board[slot] & 0xf0) | rank);
      }
    };
    for (std::size_t i = 0; i < flags.size(); ++i) assign(unmoved[i], kFlag);
    for (std::size_t i = 0; i < bombs.size(); ++i) assign(bomb_slots[i], kBomb);
    for (std::size_t i = 0; i < mobile.size(); ++i) assign(mobile_slots[i], mobile[i]);
    if (pos.h.phase != Phase::kPlay || pos.h.to_move != other || pos.h.rescue_pending ||
        pos.HasAnyMove(other)) {
      if (h.last.attacker != kNone && sampled->DefenderChar(seat) == '?') {
        FillHiddenDefender(pos, other);
      }
      return sampled;
    }
  }
  return std::make_unique<StrategoState>(*this);  // the true state is always consistent
}

}  // namespace quartel::stratego
