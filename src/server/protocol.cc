#include "server/protocol.h"

#include <fmt/format.h>

#include <array>
#include <set>
#include <tuple>

#include "core/text.h"

namespace quartel::server {
namespace {

struct TypeSpec {
  ClientType type;
  const char* name;
  std::set<std::string> fields;  // besides "type", "v" and "id"
  std::set<std::string> required;
};

const std::array<TypeSpec, 8>& TypeSpecs() {
  static const std::array<TypeSpec, 8> specs{{
      {ClientType::kJoin, "join", {"match", "token", "since"}, {"match"}},
      {ClientType::kLeave, "leave", {"match"}, {"match"}},
      {ClientType::kAct, "act", {"match", "event", "turn", "actions"}, {"match", "event"}},
      {ClientType::kResign, "resign", {"match", "event"}, {"match", "event"}},
      {ClientType::kOfferDraw, "offer_draw", {"match", "event"}, {"match", "event"}},
      {ClientType::kAcceptDraw, "accept_draw", {"match", "event"}, {"match", "event"}},
      {ClientType::kPing, "ping", {}, {}},
      {ClientType::kClaimWin, "claim_win", {"match"}, {"match"}},
  }};
  return specs;
}

[[noreturn]] void Bad(const std::string& message) {
  throw ProtocolError(ErrorCode::kBadMessage, message);
}

// A string field: at most `max_size` bytes and no control character (a NUL would cut short the
// text of any error that quotes it; no command, id, match or token has one).
std::string StringField(const Json& object, const char* name, std::size_t max_size) {
  const Json& value = object.at(name);
  if (!value.is_string()) Bad(std::string("'") + name + "' must be a string");
  const auto& text = value.get_ref<const std::string&>();
  if (text.size() > max_size) {
    Bad(std::string("'") + name + "' is longer than " + std::to_string(max_size) + " characters");
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      Bad(fmt::format("'{}' holds a control character (U+{:04X}) at byte {}", name, c, i));
    }
  }
  return text;
}

// `text` with its control characters shown as '?', to be quoted in an error (an error's text is
// a C string on its way: a NUL would end it).
std::string Printable(std::string text) {
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  return text;
}

// The "id" and "match" of a message, when they are well-formed strings: what an error echoes.
void EchoedFields(const Json& object, ClientMessage& message) {
  for (const auto& [name, field, max_size] :
       {std::tuple{"id", &message.id, std::size_t{64}}, {"match", &message.match, 64}}) {
    if (!object.contains(name)) continue;
    try {
      *field = StringField(object, name, max_size);
    } catch (const ProtocolError&) {
      // Reported below with the rest of the message.
    }
  }
}

int IntField(const Json& value, const std::string& name) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
      value.get<std::int64_t>() > 1'000'000'000) {
    Bad("'" + name + "' must be a non-negative integer");
  }
  return value.get<int>();
}

}  // namespace

std::string ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kBadMessage:
      return "bad_message";
    case ErrorCode::kUnknownType:
      return "unknown_type";
    case ErrorCode::kTooLarge:
      return "too_large";
    case ErrorCode::kRateLimited:
      return "rate_limited";
    case ErrorCode::kNotFound:
      return "not_found";
    case ErrorCode::kForbidden:
      return "forbidden";
    case ErrorCode::kNotJoined:
      return "not_joined";
    case ErrorCode::kStale:
      return "stale";
    case ErrorCode::kNotYourTurn:
      return "not_your_turn";
    case ErrorCode::kIllegal:
      return "illegal";
    case ErrorCode::kOver:
      return "over";
    case ErrorCode::kLimit:
      return "limit";
    case ErrorCode::kUnavailable:
      return "unavailable";
  }
  return "?";
}

ClientMessage ParseClientMessage(std::string_view text) {
  ClientMessage message;
  ParseClientMessage(text, message);
  return message;
}

void ParseClientMessage(std::string_view text, ClientMessage& message) {
  message = ClientMessage{};
  const Json object = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (object.is_discarded()) Bad("not JSON");
  if (!object.is_object()) Bad("a message is a JSON object");
  EchoedFields(object, message);
  if (!object.contains("type")) Bad("no 'type'");
  const std::string type = StringField(object, "type", 32);
  if (object.contains("v") && object["v"] != kProtocolVersion) {
    Bad("protocol version " + object["v"].dump() + " is not served (this server speaks " +
        std::to_string(kProtocolVersion) + ")");
  }
  const TypeSpec* spec = nullptr;
  for (const TypeSpec& candidate : TypeSpecs()) {
    if (type == candidate.name) spec = &candidate;
  }
  if (!spec) {
    throw ProtocolError(ErrorCode::kUnknownType,
                        "unknown message type '" + type +
                            "' (known: join, leave, act, resign, offer_draw, accept_draw, ping, "
                            "claim_win)");
  }
  for (const auto& [name, value] : object.items()) {
    if (name != "type" && name != "v" && name != "id" && !spec->fields.contains(name)) {
      Bad("unknown field '" + Excerpt(Printable(name), 40) + "' in a '" + type + "' message");
    }
  }
  for (const std::string& name : spec->required) {
    if (!object.contains(name)) Bad("a '" + type + "' message needs '" + name + "'");
  }

  message.type = spec->type;
  if (object.contains("id")) message.id = StringField(object, "id", 64);
  if (object.contains("match")) message.match = StringField(object, "match", 64);
  if (object.contains("token")) message.token = StringField(object, "token", 128);
  if (object.contains("since")) message.since = IntField(object["since"], "since");
  if (object.contains("event")) message.event = IntField(object["event"], "event");
  if (object.contains("turn")) message.turn = StringField(object, "turn", 4096);
  if (object.contains("actions")) {
    const Json& actions = object["actions"];
    if (!actions.is_array() || actions.empty() || actions.size() > 256) {
      Bad("'actions' must be a list of 1 to 256 action ids");
    }
    for (const Json& action : actions) message.actions.push_back(IntField(action, "actions"));
  }
  if (message.type == ClientType::kAct) {
    const bool has_turn = object.contains("turn");
    if (has_turn && object.contains("actions")) {
      Bad("an 'act' message has either 'turn' (a typed command) or 'actions' (ids), not both");
    }
    if (!has_turn && message.actions.empty()) {
      Bad("an 'act' message needs 'turn' (a typed command) or 'actions' (ids)");
    }
    if (has_turn && message.turn.find_first_not_of(' ') == std::string::npos) {
      Bad("'turn' is empty: type a command, as in the terminal (\"b4-b5\", \"end\")");
    }
  }
}

Json ErrorMessage(ErrorCode code, const std::string& message, const std::string& id,
                  const std::string& match) {
  Json out{{"type", "error"}, {"code", ErrorCodeName(code)}, {"message", message}};
  if (!id.empty()) out["id"] = id;
  if (!match.empty()) out["match"] = match;
  return out;
}

}  // namespace quartel::server
