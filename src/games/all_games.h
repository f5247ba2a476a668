// Registers every game Quartel ships with the engine's registry. Idempotent; the CLI, the tests and
// the benchmarks call it once at start-up. (Explicit rather than static self-registration, which
// static libraries would silently drop.)
#pragma once

namespace quartel::games {
void RegisterAllGames();
}  // namespace quartel::games
