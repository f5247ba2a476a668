// The client-to-server messages of the WebSocket protocol (docs/PROTOCOL.md): a closed, versioned
// set, parsed and validated here and nowhere else. Anything not understood is a ProtocolError
// whose code and one-line message go back to the client; the connection stays up.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"

namespace quartel::server {

inline constexpr int kProtocolVersion = 2;

// The error codes a client can receive (the "code" of an "error" message).
enum class ErrorCode {
  kBadMessage,   // not JSON, not an object, a missing or mistyped field, an unknown field
  kUnknownType,  // "type" names no message of the protocol
  kTooLarge,     // over the maximum message size
  kRateLimited,  // too many messages; this one was dropped
  kNotFound,     // no such match
  kForbidden,    // a wrong token, or acting as a spectator
  kNotJoined,    // acting in a match this connection has not joined
  kStale,        // the action answers an event that is no longer the last one
  kNotYourTurn,  // not this seat's decision
  kIllegal,      // refused by the rules
  kOver,         // the match is over
  kLimit,        // a server limit: connections, matches per address
  kUnavailable,  // the server could not store the match; it is paused
};
std::string ErrorCodeName(ErrorCode code);

struct ProtocolError : std::runtime_error {
  ProtocolError(ErrorCode code, const std::string& message)
      : std::runtime_error(message), code(code) {}
  ErrorCode code;
};

enum class ClientType {
  kJoin,
  kLeave,
  kAct,
  kResign,
  kOfferDraw,
  kAcceptDraw,
  kPing,
  // The lobby (docs/PROTOCOL.md, "Lobby") and a match's chat ("Chat").
  kLobby,
  kSeek,
  kCancelSeek,
  kAcceptSeek,
  kInvite,
  kDecline,
  kRematch,
  kChat,
  // A seat claims the win over an opponent gone away (docs/PROTOCOL.md, "Clocks").
  kClaimWin,
};

struct ClientMessage {
  ClientType type = ClientType::kPing;
  std::string id;  // the client's own request id, echoed in the answer ("" when not given)
  std::string match;
  std::string token;         // join: the seat token; empty to watch
  std::optional<int> since;  // join: the last event this client saw (a reconnect)
  std::optional<int> event;  // act, resign, offer_draw, accept_draw: the event acted on
  std::string turn;          // act: a command as typed ("e2-e4", a whole setup)
  std::vector<int> actions;  // act: action ids, instead of a typed command
  // seek, invite: the table offered (checked by the lobby; "options", "bots" and "clock" are
  // objects, as sent).
  std::string game;
  Json options = Json::object();
  int seat = -1;               // the seeker's seat; -1: drawn at random
  Json bots = Json::object();  // seat number (a string) -> bot spec
  Json clock;                  // null: no clock
  bool rated = false;
  std::optional<int> min_rating;
  std::optional<int> max_rating;
  std::string to;    // invite: the invited player's name
  std::string seek;  // cancel_seek, accept_seek, decline: the seek's id
  std::string text;  // chat: the message, trimmed (1 to 300 code points)
};

// Chat's limits (docs/PROTOCOL.md, "Chat").
inline constexpr int kMostChatCodePoints = 300;

// Throws ProtocolError (kBadMessage or kUnknownType) naming the problem. `message` receives the
// "id" and "match" of the text first, whenever they are well-formed, so that an error about the
// rest of it can still echo them.
void ParseClientMessage(std::string_view text, ClientMessage& message);
ClientMessage ParseClientMessage(std::string_view text);

// {"type":"error","code":...,"message":...} (+ "id" and "match" when known).
Json ErrorMessage(ErrorCode code, const std::string& message, const std::string& id = "",
                  const std::string& match = "");

}  // namespace quartel::server
