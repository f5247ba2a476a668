// POST /api/replay: a game record stepped through ply by ply, as one viewer saw it at each step.
// The web client's replay viewer asks it for a finished match's record or a record file the user
// opens; it holds only what the record holds, so it needs no match and no token.
#pragma once

#include <string_view>

#include "server/hub.h"

namespace quartel::server {

// `body`: {"record": a record (src/engine/record.h), "viewer": a seat number or "spectator"}.
// Answers {"game", "options", "seat_names", "viewer", "plies": [{"ply", "by", "text", "state"}]}:
// ply 0 is the start, ply N the state after the record's Nth entry; "text" is that entry as the
// viewer was told it and "state" is the server's STATE payload for the viewer (ViewerState). A
// malformed or illegal record is a 400 naming the ply and the reason.
Reply ReplayFrames(std::string_view body);

}  // namespace quartel::server
