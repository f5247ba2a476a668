// Helpers for driving a game: sampling chance outcomes, random actions and whole random games.
// Used by the conformance suite, `quartel bench`, the random bot and the MCTS rollouts.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "engine/state.h"

namespace quartel::engine {

// An outcome drawn with the chance node's probabilities.
Action SampleChanceOutcome(const State& state, Rng& rng);
// A uniformly random legal action at a decision node, or a sampled outcome at a chance node.
// `scratch` is reused to avoid allocations; at a decision node it holds the legal actions after.
Action RandomAction(const State& state, Rng& rng, std::vector<Action>& scratch);
// The same action from the same draws of `rng` as RandomAction, by State::RandomLegalAction (a
// game's fast path), so `scratch` is left unspecified rather than holding the legal actions.
Action PlayoutAction(const State& state, Rng& rng, std::vector<Action>& scratch);
// Plays random actions until the game ends; returns the number of actions applied.
int PlayRandomToEnd(State& state, Rng& rng, std::vector<Action>& scratch);

// Turn-level move count (perft): the number of distinct ways to play the next `depth` turns, where
// a turn is every action a seat takes until MidTurn() is false again. Chance outcomes are summed
// over and are not turns. Terminal states before `depth` turns count 0.
std::uint64_t PerftTurns(const State& state, int depth);
// Action-level move count: the number of distinct sequences of `depth` actions, chance outcomes
// included as actions. For games whose turns are dozens of actions (WAR).
std::uint64_t PerftActions(const State& state, int depth);
// PerftTurns or PerftActions, as the game's GameInfo::perft_counts_turns says.
std::uint64_t PerftFor(const State& state, int depth);

// Applies the lowest outcome at each chance node until a seat must decide: "the first decision of
// a seat, after any opening draw", where perft starts.
void SkipOpeningChance(State& state);

}  // namespace quartel::engine
