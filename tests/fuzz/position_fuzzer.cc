// libFuzzer target: arbitrary bytes as a position text (quartel show/perft/play --position,
// records' "start", serialised states) and as a seat's view (quartel engine's position view). The
// first byte picks the game and the viewing seat. A text is either refused with quartel::Error or
// gives a state whose invariants hold, whose text reads back to an equal state (a view: whose view
// reads back to a state with the same view), and from which a few legal actions can be played.
// Anything else is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/state.h"
#include "games/all_games.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace quartel;
  games::RegisterAllGames();
  static const std::vector<engine::GameInfo> kGames = engine::RegisteredGames();
  if (size == 0) return 0;
  const engine::GameInfo& info = kGames[data[0] % kGames.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto game = engine::LoadGame(info.id);
  const int viewer = data[0] / static_cast<int>(kGames.size()) % game->NumSeats();
  try {
    const auto read = game->NewStateFromView(text, viewer);
    read->CheckConsistency();
    const std::string view = read->ViewPositionText(viewer);
    if (game->NewStateFromView(view, viewer)->ViewPositionText(viewer) != view) __builtin_trap();
  } catch (const Error&) {
    // refused with a message
  }
  std::unique_ptr<engine::State> state;
  try {
    state = game->NewStateFromPosition(text);
  } catch (const Error&) {
    return 0;  // refused with a message: the expected outcome for bad input
  }
  state->CheckConsistency();
  if (!game->NewStateFromPosition(state->PositionText())->Equals(*state)) __builtin_trap();
  Rng rng(size);
  std::vector<engine::Action> scratch;
  for (int ply = 0; ply < 8 && !state->IsTerminal(); ++ply) {
    state->ApplyAction(engine::RandomAction(*state, rng, scratch));
  }
  return 0;
}
