#include "games/espionage/setups.h"

#include <fmt/format.h>

#include <array>
#include <utility>

#include "core/error.h"

namespace quartel::espionage {
namespace {

// The first square of `seat`'s setup string: a1 for Red, a8 for Blue.
int FirstSquare(int seat) { return seat == 0 ? 0 : 70; }

// Index into the setup string of the square `depth` rows in from `seat`'s back row (0 back row,
// 2 front row) on file `file`.
int SetupIndex(int seat, int depth, int file) {
  return (seat == 0 ? depth : 2 - depth) * 10 + file;
}

// How much more likely a piece is to stand in the front row, by rank (H, 1-5, S, P, M): the
// Generals and Colonels beat nearly anything they meet, Captains much, Spies recognise what comes
// near and Sappers clear Mines; Corporals and Second Lieutenants are as welcome further back.
constexpr std::array<int, kNumRanks> kFrontWeight = {0, 1, 1, 2, 3, 3, 2, 2, 0};

template <typename T>
void Shuffle(std::vector<T>& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    std::swap(items[i - 1], items[rng.Below(static_cast<std::uint32_t>(i))]);
  }
}

}  // namespace

std::vector<Action> ParseSetup(std::string_view text, int seat) {
  const Army army = FullArmy();
  Army used{};
  std::vector<Action> actions;
  int index = 0;
  for (char c : text) {
    if (c == ' ' || c == '/') continue;
    const int sq = FirstSquare(seat) + index++;
    if (index > kHomeSquares) continue;  // counted, reported below
    const int rank = RankFromChar(c);
    if (rank == kNone) {
      throw Error(
          fmt::format("setup string: '{}' on {} is not a rank character", c, SquareName(sq)));
    }
    if (++used[rank] > army[rank]) {
      throw Error(fmt::format("setup string: more than {} {}", army[rank], RankName(rank)));
    }
    actions.push_back(kFirstPlace + rank * 100 + sq);
  }
  if (index != kHomeSquares) {
    throw Error(
        fmt::format("setup string: {} square{} given, a setup needs {} (one rank character "
                    "per square of the three home rows)",
                    index, index == 1 ? "" : "s", kHomeSquares));
  }
  return actions;
}

std::string DrawSetup(int seat, Rng& rng) {
  std::string setup(kHomeSquares, '.');
  const auto put = [&](int depth, int file, int rank) {
    setup[SetupIndex(seat, depth, file)] = RankChar(rank);
  };
  // The Headquarters on the back row, a Mine on each orthogonal neighbour inside the home rows.
  const int hq = static_cast<int>(rng.Below(kSize));
  put(0, hq, kHq);
  int mines = FullArmy()[kMine];
  for (const auto& [depth, file] : {std::pair{0, hq - 1}, std::pair{0, hq + 1}, std::pair{1, hq}}) {
    if (file < 0 || file >= kSize) continue;
    put(depth, file, kMine);
    --mines;
  }
  // The Mines left over (one, or two beside a corner) on free squares of the two back rows.
  std::vector<int> back_squares;
  for (int depth = 0; depth < 2; ++depth) {
    for (int file = 0; file < kSize; ++file) {
      if (setup[SetupIndex(seat, depth, file)] == '.') back_squares.push_back(depth * 10 + file);
    }
  }
  Shuffle(back_squares, rng);
  for (int i = 0; i < mines; ++i) put(back_squares[i] / 10, back_squares[i] % 10, kMine);
  // The front row meets the enemy first: each of its squares draws one of the mobile pieces left,
  // weighted towards those that fight best there (kFrontWeight). The rest, shuffled, fill the
  // squares still free.
  std::vector<int> mobile;
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (rank != kHq && rank != kMine) mobile.insert(mobile.end(), FullArmy()[rank], rank);
  }
  for (int file = 0; file < kSize; ++file) {
    int total = 0;
    for (int rank : mobile) total += kFrontWeight[rank];
    int pick = static_cast<int>(rng.Below(static_cast<std::uint32_t>(total)));
    std::size_t i = 0;
    while (pick >= kFrontWeight[mobile[i]]) pick -= kFrontWeight[mobile[i++]];
    put(2, file, mobile[i]);
    mobile.erase(mobile.begin() + static_cast<std::ptrdiff_t>(i));
  }
  Shuffle(mobile, rng);
  for (char& square : setup) {
    if (square != '.') continue;
    square = RankChar(mobile.back());
    mobile.pop_back();
  }
  return setup;
}

}  // namespace quartel::espionage
