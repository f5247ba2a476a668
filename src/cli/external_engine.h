// Another program's engine as a Quartel bot: "engine:cmd=PROGRAM
// ARGS[,bot=SPEC][,ms=N|iterations=N]" runs PROGRAM (through /bin/sh) and speaks
// docs/ENGINE-PROTOCOL.md to it, so that `quartel arena`, `ladder` and `play` can pit Quartel's
// bots against it (or one Quartel against another). Registered by those commands only: the server
// never runs a command a bot spec names.
#pragma once

namespace quartel::cli {

// Registers the built-in bots and "engine" (idempotent): the bots of arena, ladder and play.
void RegisterCommandLineBots();

}  // namespace quartel::cli
