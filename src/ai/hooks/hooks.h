// Per-game MCTS knowledge (rollout policies, evaluations), one file per game beside this header.
// RegisterAllMctsHooks() is called by RegisterBuiltinBots().
#pragma once

namespace quartel::ai {
void RegisterDablotHooks();
void RegisterConspiradoresHooks();
void RegisterWarHooks();
void RegisterEspionageHooks();

inline void RegisterAllMctsHooks() {
  RegisterDablotHooks();
  RegisterConspiradoresHooks();
  RegisterWarHooks();
  RegisterEspionageHooks();
}
}  // namespace quartel::ai
