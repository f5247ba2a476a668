#include "server/protocol.h"

#include <fmt/format.h>

#include <array>
#include <cstdint>
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

const std::vector<TypeSpec>& TypeSpecs() {
  static const std::vector<TypeSpec> specs{{
      {ClientType::kJoin, "join", {"match", "token", "since"}, {"match"}},
      {ClientType::kLeave, "leave", {"match"}, {"match"}},
      {ClientType::kAct, "act", {"match", "event", "turn", "actions"}, {"match", "event"}},
      {ClientType::kResign, "resign", {"match", "event"}, {"match", "event"}},
      {ClientType::kOfferDraw, "offer_draw", {"match", "event"}, {"match", "event"}},
      {ClientType::kAcceptDraw, "accept_draw", {"match", "event"}, {"match", "event"}},
      {ClientType::kPing, "ping", {}, {}},
      {ClientType::kLobby, "lobby", {}, {}},
      {ClientType::kSeek,
       "seek",
       {"game", "options", "seat", "bots", "clock", "rated", "min_rating", "max_rating"},
       {"game"}},
      {ClientType::kCancelSeek, "cancel_seek", {"seek"}, {"seek"}},
      {ClientType::kAcceptSeek, "accept_seek", {"seek"}, {"seek"}},
      {ClientType::kInvite,
       "invite",
       {"to", "game", "options", "seat", "bots", "clock", "rated", "min_rating", "max_rating"},
       {"to", "game"}},
      {ClientType::kDecline, "decline", {"seek"}, {"seek"}},
      {ClientType::kRematch, "rematch", {"match"}, {"match"}},
      {ClientType::kChat, "chat", {"match", "text"}, {"match", "text"}},
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

// The length of `text` in code points, or nullopt when it is not UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF included).
std::optional<std::size_t> Utf8CodePoints(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++count) {
    const auto c = static_cast<unsigned char>(text[i]);
    int length = 0;
    std::uint32_t point = 0;
    if (c < 0x80) {
      length = 1;
      point = c;
    } else if ((c & 0xe0) == 0xc0) {
      length = 2;
      point = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
      length = 3;
      point = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
      length = 4;
      point = c & 0x07;
    } else {
      return std::nullopt;
    }
    if (i + length > text.size()) return std::nullopt;
    for (int k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xc0) != 0x80) return std::nullopt;
      point = (point << 6) | (next & 0x3f);
    }
    constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (point < kSmallest[length] || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) {
      return std::nullopt;
    }
    i += length;
  }
  return count;
}

std::optional<int> RatingField(const Json& object, const char* name) {
  if (!object.contains(name) || object[name].is_null()) return std::nullopt;
  const Json& value = object[name];
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
      value.get<std::int64_t>() > 5000) {
    Bad(std::string("'") + name + "' must be a rating from 0 to 5000, or null");
  }
  return value.get<int>();
}

// The fields of the lobby's messages and of chat: their types and sizes (what they mean is the
// lobby's and the room's to check).
void ParseLobbyFields(const Json& object, ClientMessage& message) {
  if (object.contains("game")) message.game = StringField(object, "game", 32);
  if (object.contains("options")) {
    message.options = object["options"];
    if (!message.options.is_object() || message.options.size() > 16) {
      Bad("'options' must be an object of at most 16 options");
    }
  }
  if (object.contains("seat")) {
    const Json& seat = object["seat"];
    if (!seat.is_number_integer() || seat.get<std::int64_t>() < -1 ||
        seat.get<std::int64_t>() > 15) {
      Bad("'seat' must be a seat number, or -1 for a seat drawn at random");
    }
    message.seat = seat.get<int>();
  }
  if (object.contains("bots")) {
    message.bots = object["bots"];
    if (!message.bots.is_object() || message.bots.size() > 15) {
      Bad("'bots' must be an object: seat number -> bot (\"mcts:turn_ms=1500\")");
    }
    for (const auto& [seat, bot] : message.bots.items()) {
      const auto number = ParseInteger(seat);
      if (!number || *number < 0 || *number > 15 || !bot.is_string() ||
          bot.get_ref<const std::string&>().size() > 64) {
        Bad("'bots' must be an object: seat number -> bot (\"mcts:turn_ms=1500\")");
      }
    }
  }
  if (object.contains("clock") && !object["clock"].is_null()) {
    message.clock = object["clock"];
    if (!message.clock.is_object() || message.clock.size() > 8) {
      Bad("'clock' must be an object: {\"kind\": \"none\" | \"live\" | \"correspondence\", ...}");
    }
  }
  if (object.contains("rated")) {
    if (!object["rated"].is_boolean()) Bad("'rated' must be true or false");
    message.rated = object["rated"].get<bool>();
  }
  message.min_rating = RatingField(object, "min_rating");
  message.max_rating = RatingField(object, "max_rating");
  if (message.min_rating && message.max_rating && *message.min_rating > *message.max_rating) {
    Bad("'min_rating' is above 'max_rating'");
  }
  if (object.contains("to")) message.to = StringField(object, "to", 32);
  if (object.contains("seek")) message.seek = StringField(object, "seek", 64);
  if (object.contains("text")) {
    // Chat: one line, trimmed, 1 to 300 code points of valid UTF-8.
    const std::string text = StringField(object, "text", 4 * kMostChatCodePoints + 256);
    const std::string_view trimmed = Trim(text);
    const auto points = Utf8CodePoints(trimmed);
    if (!points) Bad("'text' is not valid UTF-8");
    if (*points == 0) Bad("'text' is empty");
    if (*points > static_cast<std::size_t>(kMostChatCodePoints)) {
      Bad("'text' is longer than " + std::to_string(kMostChatCodePoints) + " characters");
    }
    message.text = std::string(trimmed);
  }
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
    std::string known;
    for (const TypeSpec& candidate : TypeSpecs()) {
      known += (known.empty() ? "" : ", ") + std::string(candidate.name);
    }
    throw ProtocolError(ErrorCode::kUnknownType,
                        "unknown message type '" + type + "' (known: " + known + ")");
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
  ParseLobbyFields(object, message);
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
