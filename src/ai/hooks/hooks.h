// Per-game MCTS knowledge (rollout policies, evaluations, setups), one file per game beside this
// header. RegisterAllMctsHooks() is called by RegisterBuiltinBots().
#pragma once

namespace quartel::ai {
void RegisterDablotHooks();
void RegisterConspiradoresHooks();
void RegisterWarHooks();
void RegisterEspionageHooks();
void RegisterStrategoHooks();

inline void RegisterAllMctsHooks() {
  RegisterDablotHooks();
  RegisterConspiradoresHooks();
  RegisterWarHooks();
  RegisterEspionageHooks();
  RegisterStrategoHooks();
}
}  // namespace quartel::ai
