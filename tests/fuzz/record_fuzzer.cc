// libFuzzer target: arbitrary bytes as a game record. Parsing and replaying may only ever fail with
// quartel::Error (one clear line); any other exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/error.h"
#include "engine/record.h"
#include "games/all_games.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  quartel::games::RegisterAllGames();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const quartel::engine::Record record = quartel::engine::RecordFromJson(text);
    quartel::engine::Match::Replay(record);
  } catch (const quartel::Error&) {
    // Refused with a message: the expected outcome for bad input.
  }
  return 0;
}
