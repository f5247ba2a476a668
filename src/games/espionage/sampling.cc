// SampleConsistentState: a state the seat cannot tell apart from the true one, everything it may
// not know drawn again (espionage.h, "Views"; the conformance suite checks the views agree).
#include <algorithm>
#include <vector>

#include "core/rng.h"
#include "games/espionage/espionage.h"

namespace quartel::espionage {
namespace {

// Which of `seat`'s own pieces (on the board and removed) an enemy Spy recognised is drawn
// again, a fair coin each: the seat is never told (rulings "Espionage"), so a state it cannot
// tell apart may differ there (in the play phase: before it nothing can have been recognised).
void RedrawRecognitions(Position& q, int seat, Rng& rng) {
  const auto redraw = [&](CellBits& cell) {
    if (!IsPiece(cell) || Owner(cell) != seat) return;
    cell = rng.Below(2) != 0 ? static_cast<CellBits>(cell | kRecognisedBit)
                             : static_cast<CellBits>(cell & ~kRecognisedBit);
  };
  for (CellBits& cell : q.board) redraw(cell);
  for (int i = 0; i < q.num_removed; ++i) redraw(q.removed[i]);
}

// While `other` sets up, its setup is secret (rulings "Espionage": a seat sees only that it is
// in progress): how many pieces it has placed (below 30, uniformly), on which squares of its home
// rows and which of its pieces (uniformly) are drawn again, the ply count following.
void RedrawSetupInProgress(Position& q, int other, Rng& rng) {
  std::vector<int> squares;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (!IsHome(other, sq)) continue;
    if (IsPiece(q.board[sq])) --q.plies;
    q.board[sq] = 0;
    squares.push_back(sq);
  }
  std::vector<int> army;
  for (int rank = 0; rank < kNumRanks; ++rank) army.insert(army.end(), FullArmy()[rank], rank);
  const int placed = static_cast<int>(rng.Below(kHomeSquares));
  for (int i = 0; i < placed; ++i) {
    std::swap(squares[i], squares[i + rng.Below(static_cast<std::uint32_t>(squares.size() - i))]);
    std::swap(army[i], army[i + rng.Below(static_cast<std::uint32_t>(army.size() - i))]);
  }
  q.to_place[other] = FullArmy();
  for (int i = 0; i < placed; ++i) {
    q.board[squares[i]] = MakeCell(other, army[i]);
    --q.to_place[other][army[i]];
  }
  q.plies += placed;
}

// The opponent's pieces whose rank the seat does not know, as slots (0..99 a square, 100 + i the
// i-th removed piece, 200 + k an unplaced piece) by what the seat knows may stand there, and
// their ranks.
struct UnknownRanks {
  std::vector<int> hq_ok;    // unmoved pieces on the board and unplaced ones: any rank
  std::vector<int> mine_ok;  // unmoved removed pieces: no Headquarters (the game goes on)
  std::vector<int> any;      // pieces that moved: neither a Headquarters nor a Mine
  int hqs = 0, mines = 0;
  std::vector<int> rest;  // the other ranks, sorted
};

// The opponent `other`'s pieces of unknown rank (`seen(cell)`: the seat knows the rank), gathered
// in their true order; the ranks are sorted so that two states the seat cannot tell apart give the
// same sample for the same rng (a bot's choice must not depend on hidden ranks).
template <typename Seen>
UnknownRanks GatherUnknownRanks(const Position& p, int other, Seen seen) {
  UnknownRanks u;
  std::vector<int> ranks;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = p.board[sq];
    if (!IsPiece(c) || Owner(c) != other || seen(c)) continue;
    ((c & kMovedBit) ? u.any : u.hq_ok).push_back(sq);
    ranks.push_back(RankOf(c));
  }
  for (int i = 0; i < p.num_removed; ++i) {
    const CellBits c = p.removed[i];
    if (Owner(c) != other || seen(c)) continue;
    ((c & kMovedBit) ? u.any : u.mine_ok).push_back(100 + i);
    ranks.push_back(RankOf(c));
  }
  for (int rank = 0, k = 0; rank < kNumRanks; ++rank) {
    for (int n = 0; n < p.to_place[other][rank]; ++n) {
      u.hq_ok.push_back(200 + k++);
      ranks.push_back(rank);
    }
  }
  for (int r : ranks) {
    if (r == kHq) {
      ++u.hqs;
    } else if (r == kMine) {
      ++u.mines;
    } else {
      u.rest.push_back(r);
    }
  }
  std::sort(u.rest.begin(), u.rest.end());
  return u;
}

void Shuffle(std::vector<int>& v, Rng& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.Below(i)]);
}

// Writes `rank` into `slot` of `q` (an unplaced slot counts into `unplaced`).
void Assign(Position& q, Army& unplaced, int slot, int rank) {
  if (slot < 100) {
    q.board[slot] = static_cast<CellBits>((q.board[slot] & ~0x0f) | rank);
  } else if (slot < 200) {
    q.removed[slot - 100] = static_cast<CellBits>((q.removed[slot - 100] & ~0x0f) | rank);
  } else {
    ++unplaced[rank];
  }
}

// Deals the unknown ranks over their slots of `q`, uniformly: the Headquarters first over the
// slots that may hold it, then the Mines, then the rest (each step uniform with the same number
// of completions).
void DealRanks(const UnknownRanks& u, Position& q, int other, Rng& rng) {
  std::vector<int> a = u.hq_ok;
  Shuffle(a, rng);
  std::vector<int> b(a.begin() + u.hqs, a.end());
  b.insert(b.end(), u.mine_ok.begin(), u.mine_ok.end());
  Shuffle(b, rng);
  std::vector<int> c(b.begin() + u.mines, b.end());
  c.insert(c.end(), u.any.begin(), u.any.end());
  Shuffle(c, rng);
  Army unplaced{};
  for (int i = 0; i < u.hqs; ++i) Assign(q, unplaced, a[i], kHq);
  for (int i = 0; i < u.mines; ++i) Assign(q, unplaced, b[i], kMine);
  for (std::size_t i = 0; i < u.rest.size(); ++i) Assign(q, unplaced, c[i], u.rest[i]);
  q.to_place[other] = unplaced;
}

}  // namespace

// Everything `seat` cannot know is drawn again:
//   - the other seat's setup while it is in progress (RedrawSetupInProgress);
//   - which of the seat's own pieces the opponent's Spies recognised (RedrawRecognitions);
//   - the opponent's ranks that `seat` does not know, dealt again over the opponent's slots of
//     unknown rank: its pieces on the board and its removed pieces. What `seat` knows is kept: a
//     piece that has moved is no Mine or Headquarters, a removed piece is no Headquarters (the
//     game goes on), and a game going on means the opponent, when to move, has a move (rejection
//     keeps the draw uniform). DealRanks says how.
// Deeper inferences from combat outcomes or from a Spy's reveal are not used
// (docs/rules/espionage.md).
std::unique_ptr<engine::State> EspionageState::SampleConsistentState(engine::Seat seat,
                                                                     Rng& rng) const {
  auto sampled = std::make_unique<EspionageState>(*this);
  if (Over() || (seat != 0 && seat != 1)) return sampled;
  const int other = 1 - seat;
  if (position_.phase == Phase::kSetup && position_.to_move == other) {
    RedrawSetupInProgress(sampled->position_, other, rng);
    return sampled;
  }
  if (position_.phase == Phase::kPlay) RedrawRecognitions(sampled->position_, seat, rng);
  const UnknownRanks unknown =
      GatherUnknownRanks(position_, other, [&](CellBits c) { return Sees(seat, c); });
  Position& q = sampled->position_;
  for (int attempt = 0; attempt < 100; ++attempt) {
    DealRanks(unknown, q, other, rng);
    if (q.phase != Phase::kPlay || q.to_move != other || q.HasMove(other)) return sampled;
  }
  return std::make_unique<EspionageState>(*this);  // the true state is always consistent
}

}  // namespace quartel::espionage
