// The moves a player may type, as the terminal lists them, and the jump chains in them.
//
// A chain (a Dablot capture chain, a Conspiradores jump chain) is, through the engine API, a turn
// in which the seat that jumped is still to act (State::MidTurn) and may end it with the legal
// action written "stop" (docs/ARCHITECTURE.md: "a jump chain is one action per jump plus an
// explicit stop"). The terminal needs no more than that to list chains and to ask for the next
// jump; the text of a whole chain is the jumps joined at the point they share ("23x35" then
// "35x47" is "23x35x47"), and is listed only where the game's own parser reads it back.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/seat_handle.h"
#include "engine/state.h"

namespace quartel::cli {

// The legal "stop" of the chain the seat of `seat` is in, or nullopt when it is in no chain (or
// it is not its decision).
std::optional<engine::Action> ChainStop(const engine::SeatHandle& seat);

// The moves the seat of `seat` may type now (none unless it is its decision), for the `moves`
// command, worked out in a state it cannot tell from the real one (SeatHandle::SampleState): a
// count, then one line per group (the part of the notation before its first separator: a piece's
// point, a rank in a setup, a command word), wrapped to `width` columns. A jump after which the
// chain may go on is listed as its whole chains where they are few, else marked with a '+'.
std::string FormatMoves(const engine::SeatHandle& seat, std::size_t width = 80);

}  // namespace quartel::cli
