// Whole Stratego setups as 40-character strings (the format a seat's setup turn accepts in
// StringToTurn; see stratego.h; setups are a seat's secret input, never game options): parsing,
// reading a seat's setup back from a position, a few named public presets per army, uniformly
// random setups (typed "random N"), and the bots' setups, drawn from a broad distribution of
// sensible ones (SampleSetup).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "games/stratego/board.h"

namespace quartel::stratego {

// The rank standing on each of a seat's 40 setup squares (kNone: empty, only with army=seed), in
// the order of the setup string: Red a1..k1, a2..k2, ..., a4..k4; Blue a7..k7, ..., a10..k10.
using SetupRanks = std::array<std::int8_t, kSetupSquares>;

// Parses a setup string (rank characters, '.' for an empty square, spaces and '/' ignored) that
// must hold exactly `army` (as many '.' as the 40 squares exceed it); throws quartel::Error
// "setup string: <problem>", e.g. "a setup string needs 40 squares, this has 39".
SetupRanks ParseSetupString(std::string_view text, const Army& army);
std::string SetupToString(const SetupRanks& ranks);
// `seat`'s setup as a 40-character string: its pieces standing on its four setup rows now (right
// after the setup phase that is the setup it chose). Throws while the seat still has pieces to
// place.
std::string SetupString(const Position& position, int seat);

// Named presets, written from Red's side (back row a1..k1 first). For Blue the board is turned
// round (the square at file f of row r from Blue's own side), so a preset keeps its shape from
// either chair. They are public: the bots never use them (SampleSetup).
struct Preset {
  const char* name;
  ArmyKind army;    // the army it holds (classic: fortress, shoreline, blitz; Barrage: bunker,
                    // decoy, wings)
  const char* red;  // 40 characters, Red's orientation
  const char* description;
};
const std::vector<Preset>& Presets();
// The names of the presets holding `army`, comma-separated ("" when none).
std::string PresetNames(const Army& army);
// The preset's setup string for `seat`; throws quartel::Error listing the names of `army`'s
// presets when the name is unknown or holds another army.
std::string PresetSetup(std::string_view name, int seat, const Army& army = ClassicArmy());

// A uniformly random arrangement of `army` over the 40 squares (empty squares as '.'), valid for
// either seat.
std::string RandomSetup(const Army& army, Rng& rng);

// A setup for `seat` drawn from a broad distribution of sensible ones, for any army (issue 8,
// 1.8): the Flag mostly on the back row (any file), Bombs on most of its neighbours while the
// army has Bombs, the other Bombs mostly behind, and the movable ranks spread with a leaning by
// rank (Scouts forward, Miners back, officers in the middle rows). What the bots play.
std::string SampleSetup(const Army& army, int seat, Rng& rng);

}  // namespace quartel::stratego
