// Whole Espionage setups as 30-character strings (espionage.h, "Typed turns"): parsing one into
// placements, and drawing one at random from a broad distribution of sensible setups, for any
// bot and for the typed "random N".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "games/espionage/espionage.h"

namespace quartel::espionage {

// The placements of a setup string for `seat`, in square order: character i (spaces and '/'
// ignored) goes on square a1 + i for Red and a8 + i for Blue. The string must hold exactly the
// full army (FullArmy()); throws quartel::Error "setup string: <problem>" naming it otherwise.
std::vector<Action> ParseSetup(std::string_view text, int seat);

// A whole setup for `seat` as a setup string, drawn so that the Headquarters is protected and
// everything else varies: the Headquarters on the back row, on any of the ten files; a Mine on
// each of its orthogonal neighbours in the home rows (two or three); the Mines left over on
// random free squares of the two back rows; the front row drawn from the mobile pieces with
// weights that favour Generals, Colonels, Captains, Spies and Sappers; the other mobile pieces
// shuffled over the rest. Any mobile piece may stand anywhere it fits, and two draws are almost
// never alike (the mobile pieces alone have 7.8e16 arrangements), so an opponent who knows the
// distribution learns little more than where the Headquarters may stand.
std::string DrawSetup(int seat, Rng& rng);

}  // namespace quartel::espionage
