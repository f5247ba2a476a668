#include "games/stratego/setups.h"

#include <fmt/format.h>

#include "core/error.h"

namespace quartel::stratego {

SetupRanks ParseSetupString(std::string_view text, const Army& army) {
  SetupRanks ranks;
  ranks.fill(kNone);
  Army used{};
  int index = 0;
  for (char c : text) {
    if (c == ' ' || c == '/') continue;
    if (index >= kSetupSquares) {
      throw Error(fmt::format("setup string: more than {} squares", kSetupSquares));
    }
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
  if (index != kSetupSquares) {
    throw Error(fmt::format("setup string: {} squares, needs {}", index, kSetupSquares));
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
  // Each holds the classic 40 (tests/stratego_setup_test.cc checks them).
  static const std::vector<Preset> presets = {
      {"fortress", "BFB3B5443B3B46B7236525X38977862S22462522",
       "Flag in the back row behind three Bombs; Scouts up front"},
      {"shoreline", "3B2FB75B34B54BB637457262X8S9262283432625",
       "Flag near the middle of the back row; strong pieces beside the lakes"},
      {"blitz", "4BFB3533B55B4B7643362X82S922768B26227542",
       "Flag boxed in on the left; Marshal and General ready to attack"},
  };
  return presets;
}

std::string PresetSetup(std::string_view name, int seat) {
  for (const Preset& preset : Presets()) {
    if (name != preset.name) continue;
    std::string red;
    for (const char* c = preset.red; *c; ++c) {
      if (*c != ' ') red += *c;
    }
    if (seat == 0) return red;
    // Turned round: Blue's own back row (rank 10) is the string's last row, files reversed.
    std::string blue(kSetupSquares, '.');
    for (int i = 0; i < kSetupSquares; ++i) {
      const int row = i / kSize, file = i % kSize;
      blue[(3 - row) * kSize + (kSize - 1 - file)] = red[i];
    }
    return blue;
  }
  std::string names;
  for (const Preset& preset : Presets())
    names += (names.empty() ? "" : ", ") + std::string(preset.name);
  throw Error(fmt::format("unknown Stratego setup preset '{}' (presets: {})", name, names));
}

std::string RandomSetup(const Army& army, Rng& rng) {
  std::string out;
  for (int rank = 0; rank < kNumRanks; ++rank) out.append(army[rank], RankChar(rank));
  out.resize(kSetupSquares, '.');
  for (std::size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[rng.Below(i)]);
  return out;
}

}  // namespace quartel::stratego
