// libFuzzer target: arbitrary bytes as a Gravon record (.xml, or .gsn when it starts with '#').
// Importing, and exporting what imported, may only ever fail with quartel::Error (one clear line);
// any other exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/error.h"
#include "engine/record.h"
#include "games/all_games.h"
#include "games/stratego/gravon.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  quartel::games::RegisterAllGames();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const quartel::engine::Record record = quartel::stratego::GravonToRecord(text);
    quartel::stratego::GravonToRecord(quartel::stratego::RecordToGravonXml(record));
  } catch (const quartel::Error&) {
    // Refused with a message: the expected outcome for bad input (or an unfinished game).
  }
  return 0;
}
