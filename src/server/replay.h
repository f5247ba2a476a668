// POST /api/replay: a game record stepped through ply by ply, as one viewer saw it at each step.
// The web client's replay viewer asks it for a finished match's record or a record file the user
// opens; it holds only what the record holds, so it needs no match and no token.
#pragma once

#include <string_view>

#include "server/hub.h"

namespace quartel::server {

// The most frames one answer holds: with their states, and with their words only.
inline constexpr int kMostReplayFrames = 200;
inline constexpr int kMostReplayLines = 5000;

// `body`: {"record": a record (src/engine/record.h), "viewer": a seat number or "spectator",
// "from": the first frame (default 0), "count": how many (default and most kMostReplayFrames, or
// kMostReplayLines without states), "states": false for the words only}. Answers {"game",
// "options", "seat_names", "viewer", "total": the record's number of frames, "from", "plies":
// [{"ply", "by", "text", "state"}]}: frame 0 is the start, frame N the state after the record's
// Nth entry, and one more where the record ended outside its rules; "text" is that entry as the
// viewer was told it and "state" is the server's STATE payload for the viewer (ViewerState). A
// malformed or illegal record is a 400 naming the ply and the reason. The whole record is checked
// whatever the range asked, and only the range is answered: the answer's size is bounded.
Reply ReplayFrames(std::string_view body);

}  // namespace quartel::server
