// libFuzzer target: arbitrary bytes as a WAR map file (the JSON a local user may give). Parsing may
// only ever fail with quartel::Error (one clear line); a map that parses must be consistent enough
// to look up every territory and link. Any other exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.h"
#include "games/war/map.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const quartel::war::WarMap map = quartel::war::ParseMap(text, "fuzz.json");
    for (int from = 0; from < map.NumTerritories(); ++from) {
      if (map.FindTerritory(map.territories[from].id) != from) __builtin_trap();
      for (int to = 0; to < map.NumTerritories(); ++to) (void)map.FindLink(from, to);
    }
    for (int trade = 0; trade < 20; ++trade) (void)map.TradeValue(trade);
  } catch (const quartel::Error&) {
    // Refused with a message: the expected outcome for bad input.
  }
  return 0;
}
