#include "games/stratego/setups.h"

#include <fmt/format.h>

#include <array>
#include <vector>

#include "core/error.h"

namespace quartel::stratego {

SetupRanks ParseSetupString(std::string_view text, const Army& army) {
  // The length first: a string a square short is far likelier than a wrong rank.
  int squares = 0;
  for (char c : text) squares += c != ' ' && c != '/';
  if (squares != kSetupSquares) {
    throw Error(
        fmt::format("a setup string needs {} squares, this has {}", kSetupSquares, squares));
  }
  SetupRanks ranks;
  ranks.fill(kNone);
  Army used{};
  int index = 0;
  for (char c : text) {
    if (c == ' ' || c == '/') continue;
    const int at = index++;
    if (c == '.') continue;
    const int rank = RankFromChar(c);
    if (rank == kNone) {
      throw Error(
          fmt::format("setup string: character {} '{}' is not a rank character (F S 2-9 "
                      "X B, or '.')",
                      at + 1, c));
    }
    if (++used[rank] > army[rank]) {
      throw Error(fmt::format("setup string: more than {} {}", army[rank], RankName(rank)));
    }
    ranks[at] = static_cast<std::int8_t>(rank);
  }
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (used[rank] != army[rank]) {
      throw Error(fmt::format("setup string: {} {} of the {} the army has", used[rank],
                              RankName(rank), army[rank]));
    }
  }
  return ranks;
}

std::string SetupToString(const SetupRanks& ranks) {
  std::string out;
  for (int rank : ranks) out += rank == kNone ? '.' : RankChar(rank);
  return out;
}

std::string SetupString(const Position& position, int seat) {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Stratego has no seat {}", seat));
  if (position.h.phase == Phase::kSetup && ArmySize(position.h.to_place[seat]) != 0) {
    throw Error(fmt::format("{} has not finished its setup", seat == 0 ? "Red" : "Blue"));
  }
  SetupRanks ranks;
  const int first = seat == 0 ? 0 : 60;
  for (int i = 0; i < kSetupSquares; ++i) {
    const std::uint8_t p = position.board[first + i];
    ranks[i] = p != 0 && PieceOwner(p) == seat ? static_cast<std::int8_t>(PieceRank(p)) : kNone;
  }
  return SetupToString(ranks);
}

const std::vector<Preset>& Presets() {
  // Each holds its army (tests/stratego_setup_test.cc checks them).
  static const std::vector<Preset> presets = {
      {"fortress", ArmyKind::kClassic, "BFB3B5443B3B46B7236525X38977862S22462522",
       "Flag in the back row behind three Bombs; Scouts up front"},
      {"shoreline", ArmyKind::kClassic, "3B2FB75B34B54BB637457262X8S9262283432625",
       "Flag near the middle of the back row; strong pieces beside the lakes"},
      {"blitz", ArmyKind::kClassic, "4BFB3533B55B4B7643362X82S922768B26227542",
       "Flag boxed in on the left; Marshal and General ready to attack"},
      {"bunker", ArmyKind::kBarrage, "FB....................3.....S.2..X..9..2",
       "Flag in the corner with the Bomb beside it; a Scout on each wing"},
      {"decoy", ArmyKind::kBarrage, "....F.........B.....3........S.2.X..9.2.",
       "Flag in the middle of the back row, the Bomb in front of it"},
      {"wings", ArmyKind::kBarrage, ".........F.........BS.......3.2.X....9.2",
       "Flag in the right corner under its Bomb; Marshal and General on the wings"},
  };
  return presets;
}

std::string PresetNames(const Army& army) {
  std::string names;
  for (const Preset& preset : Presets()) {
    if (ArmyOf(preset.army) != army) continue;
    names += (names.empty() ? "" : ", ") + std::string(preset.name);
  }
  return names;
}

namespace {

// A setup written from Red's side (its back row first) as `seat`'s setup string: Blue's own back
// row (rank 10) is the string's last row, files reversed.
std::string TurnedForSeat(std::string_view red, int seat) {
  if (seat == 0) return std::string(red);
  std::string blue(kSetupSquares, '.');
  for (int i = 0; i < kSetupSquares; ++i) {
    const int row = i / kSize, file = i % kSize;
    blue[(3 - row) * kSize + (kSize - 1 - file)] = red[i];
  }
  return blue;
}

}  // namespace

std::string PresetSetup(std::string_view name, int seat, const Army& army) {
  for (const Preset& preset : Presets()) {
    if (name == preset.name && ArmyOf(preset.army) == army) return TurnedForSeat(preset.red, seat);
  }
  const std::string names = PresetNames(army);
  if (names.empty()) throw Error(fmt::format("there are no setup presets for this army"));
  throw Error(
      fmt::format("unknown Stratego setup preset '{}' for this army (presets: {})", name, names));
}

std::string RandomSetup(const Army& army, Rng& rng) {
  std::string out;
  for (int rank = 0; rank < kNumRanks; ++rank) out.append(army[rank], RankChar(rank));
  out.resize(kSetupSquares, '.');
  for (std::size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[rng.Below(i)]);
  return out;
}

namespace {

// Row weights (back row first) for where SampleSetup puts each rank, read from how players set up:
// Scouts forward to probe, Miners back for the endgame, officers in the middle and front rows.
constexpr std::array<std::array<int, 4>, kNumRanks> kRowWeights = {{
    {0, 0, 0, 0},  // Flag: placed first, on its own
    {1, 2, 3, 2},  // Spy, near the General
    {1, 1, 2, 4},  // Scout
    {3, 3, 2, 1},  // Miner
    {1, 2, 3, 3},  // Sergeant
    {1, 2, 3, 3},  // Lieutenant
    {1, 2, 3, 3},  // Captain
    {1, 2, 3, 3},  // Major
    {1, 2, 3, 3},  // Colonel
    {1, 1, 3, 3},  // General
    {1, 1, 3, 3},  // Marshal
    {3, 3, 2, 1},  // Bomb, when not guarding the Flag
}};
constexpr double kFlagOnBackRow = 0.85;
constexpr double kBombBesideFlag = 0.85;  // each neighbour of the Flag, while Bombs last
constexpr int kMaxFrontBombs = 2;         // so that the front row can always move

// An empty square of the grid (Red's orientation, row 0 at the back) drawn with `weights` by row;
// kNone when none is left.
int DrawSquare(const std::array<std::int8_t, kSetupSquares>& grid,
               const std::array<int, 4>& weights, Rng& rng) {
  int total = 0;
  for (int i = 0; i < kSetupSquares; ++i) total += grid[i] == kNone ? weights[i / kSize] : 0;
  if (total == 0) return kNone;
  int pick = static_cast<int>(rng.Below(static_cast<std::uint32_t>(total)));
  for (int i = 0; i < kSetupSquares; ++i) {
    if (grid[i] != kNone) continue;
    pick -= weights[i / kSize];
    if (pick < 0) return i;
  }
  return kNone;
}

}  // namespace

std::string SampleSetup(const Army& army, int seat, Rng& rng) {
  std::array<std::int8_t, kSetupSquares> grid;  // Red's orientation: index row * 10 + file
  grid.fill(kNone);
  Army left = army;
  // The Flag: mostly on the back row, on any file.
  const int flag_row = rng.Unit() < kFlagOnBackRow ? 0 : 1;
  const int flag = flag_row * kSize + static_cast<int>(rng.Below(kSize));
  if (left[kFlag] > 0) {
    grid[flag] = kFlag;
    --left[kFlag];
  }
  // Bombs on its neighbours, in a random order, while the army has Bombs.
  std::vector<int> beside;
  for (int dir = 0; dir < kNumDirs; ++dir) {
    const int next = Step(flag, dir, 1);
    if (next != kNone && next < kSetupSquares) beside.push_back(next);
  }
  for (std::size_t i = beside.size(); i > 1; --i) {
    std::swap(beside[i - 1], beside[rng.Below(static_cast<std::uint32_t>(i))]);
  }
  for (int sq : beside) {
    if (left[kBomb] > 0 && rng.Unit() < kBombBesideFlag) {
      grid[sq] = kBomb;
      --left[kBomb];
    }
  }
  // Every other piece in a random order, each on an empty square drawn by its rank's row weights.
  std::vector<int> pieces;
  for (int rank = 0; rank < kNumRanks; ++rank) pieces.insert(pieces.end(), left[rank], rank);
  for (std::size_t i = pieces.size(); i > 1; --i) {
    std::swap(pieces[i - 1], pieces[rng.Below(static_cast<std::uint32_t>(i))]);
  }
  int front_bombs = 0;
  for (int i = 3 * kSize; i < kSetupSquares; ++i) front_bombs += grid[i] == kBomb;
  for (int rank : pieces) {
    std::array<int, 4> weights = kRowWeights[rank];
    if (rank == kFlag) weights = {1, 1, 1, 1};
    if (rank == kBomb && front_bombs >= kMaxFrontBombs) weights[3] = 0;
    int sq = DrawSquare(grid, weights, rng);
    if (sq == kNone) sq = DrawSquare(grid, {1, 1, 1, 1}, rng);  // only the capped rows are left
    grid[sq] = static_cast<std::int8_t>(rank);
    front_bombs += rank == kBomb && sq >= 3 * kSize;
  }
  std::string red;
  for (int rank : grid) red += rank == kNone ? '.' : RankChar(rank);
  return TurnedForSeat(red, seat);
}

}  // namespace quartel::stratego
