// libFuzzer target: arbitrary text as move notation for every game, in positions reached by
// actions the input itself chooses. Parsing may only fail with quartel::Error; a parsed action must
// be legal where it was parsed.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "core/error.h"
#include "engine/game.h"
#include "engine/state.h"
#include "games/all_games.h"

namespace {

void FuzzGame(const quartel::engine::Game& game, const std::uint8_t* data, std::size_t size) {
  auto state = game.NewInitialState();
  // The first bytes pick actions to reach a position; the rest is the text to parse.
  const std::size_t steps = size > 0 ? data[0] % 32 : 0;
  std::size_t used = 1;
  for (std::size_t i = 0; i < steps && used < size && !state->IsTerminal(); ++i, ++used) {
    const auto legal = state->LegalActions();
    state->DoApplyAction(legal[data[used] % legal.size()], nullptr);
  }
  if (used > size) used = size;
  const std::string_view text(reinterpret_cast<const char*>(data + used), size - used);
  try {
    const auto action = state->StringToAction(text);
    if (!state->WhyIllegal(action).empty()) std::abort();  // parsed but illegal: a bug
  } catch (const quartel::Error&) {
  }
  try {
    for (const auto action : state->StringToTurn(text)) {
      if (!state->WhyIllegal(action).empty()) std::abort();
      state->DoApplyAction(action, nullptr);
    }
  } catch (const quartel::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  quartel::games::RegisterAllGames();
  for (const auto& info : quartel::engine::RegisteredGames()) {
    static thread_local std::map<std::string, std::shared_ptr<const quartel::engine::Game>> cache;
    auto& game = cache[info.id];
    if (!game) game = quartel::engine::LoadGame(info.id);
    FuzzGame(*game, data, size);
  }
  return 0;
}
