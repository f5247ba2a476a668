#include "server/hub.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <cmath>
#include <ctime>
#include <mutex>

#include "ai/bot.h"
#include "ai/levels.h"
#include "core/error.h"
#include "core/secret.h"
#include "engine/game.h"
#include "server/accounts.h"
#include "server/ratings.h"

namespace quartel::server {
namespace asio = boost::asio;
using engine::kSpectator;
using engine::Seat;

namespace {

constexpr int kMostMatchesJoinedPerConnection = 32;
constexpr std::size_t kMostAwaitingListed = 100;  // Hub::Awaiting, newest first

[[noreturn]] void BadRequest(const std::string& message) { throw Error(message); }

// The options of a create request: an object of scalars, each as the text a user types.
std::map<std::string, std::string> OptionsFromJson(const Json& options) {
  if (!options.is_object()) BadRequest("'options' must be an object");
  std::map<std::string, std::string> out;
  for (const auto& [name, value] : options.items()) {
    if (value.is_string()) {
      out[name] = value.get<std::string>();
    } else if (value.is_boolean()) {
      out[name] = value.get<bool>() ? "true" : "false";
    } else if (value.is_number_integer()) {
      out[name] = std::to_string(value.get<std::int64_t>());
    } else {
      BadRequest("option '" + name + "' must be a string, a whole number or a boolean");
    }
  }
  return out;
}

// The value of `key` ("ms" a decision, "turn_ms" a turn) in a normalised bot spec
// ("mcts:ms=500"), when it gives one.
std::optional<long> BotBudgetMs(const std::string& spec, const std::string& key) {
  const auto at = spec.find(key + "=");
  if (at == std::string::npos || (at > 0 && spec[at - 1] != ':' && spec[at - 1] != ',')) {
    return std::nullopt;
  }
  try {
    return std::stol(spec.substr(at + key.size() + 1));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

Hub::Hub(asio::any_io_executor executor, Storage& storage, Accounts& accounts, int bot_threads,
         HubLimits limits)
    : executor_(std::move(executor)),
      storage_(storage),
      accounts_(accounts),
      limits_(limits),
      bots_(static_cast<std::size_t>(std::max(1, bot_threads))),
      commits_(storage),
      lobby_(*this, storage) {
  ai::RegisterBuiltinBots();
}

Hub::~Hub() { Stop(); }

int Hub::Start() {
  int restored = 0;
  for (StoredMatch& stored : storage_.LoadRunningMatches()) {
    const std::string id = stored.id;
    try {
      auto room = NewRoom(std::move(stored), /*restore=*/true);
      asio::post(room->strand(), [room] { room->Resume(); });
      ++restored;
    } catch (const std::exception&) {
      // Not the reason: a replay error quotes moves, secret ones included (logs hold no secrets).
      spdlog::error("match {} cannot be resumed and stays stored as it is", id);
    }
  }
  return restored;
}

void Hub::Stop() {
  thinking_.StopAll();
  bots_.stop();
  bots_.join();
  commits_.Stop();
}

RoomServices Hub::Services(bool running) {
  RoomServices services{commits_, bots_, thinking_, metrics_,
                        [](const std::string&, const std::string&) {}};
  if (running) {
    services.on_finished = [this](const std::string& id, const std::string& creator) {
      OnFinished(id, creator);
    };
  }
  services.timings.claim_after = std::chrono::seconds(limits_.claim_after_seconds);
  services.timings.abandon_after = std::chrono::seconds(limits_.abandon_after_seconds);
  services.timings.bot_decision_limit = std::chrono::milliseconds(limits_.max_bot_ms);
  services.on_idle = [this](const std::shared_ptr<Room>& room) { Forget(room); };
  services.on_turn = [this](const Room& room, Seat before, Seat now) {
    lobby_.TurnChanged(room.stored(), before, now);
  };
  return services;
}

void Hub::Forget(const std::shared_ptr<Room>& room) {
  std::unique_lock lock(rooms_mutex_);
  const auto found = rooms_.find(room->id());
  if (found == rooms_.end() || found->second != room) return;
  rooms_.erase(found);
  metrics_.rooms_in_memory = static_cast<std::int64_t>(rooms_.size());
}

std::shared_ptr<Room> Hub::NewRoom(StoredMatch stored, bool restore) {
  RoomServices services = Services(/*running=*/true);
  auto strand = asio::make_strand(executor_);
  std::shared_ptr<Room> room = restore
                                   ? Room::Restore(strand, services, std::move(stored))
                                   : std::make_shared<Room>(strand, services, std::move(stored));
  if (!room->Over()) {
    std::unique_lock lock(rooms_mutex_);
    ++running_per_address_[room->stored().creator_address];
    ++metrics_.open_matches;
  }
  if (restore) {
    std::unique_lock lock(rooms_mutex_);
    rooms_[room->id()] = room;
    metrics_.rooms_in_memory = static_cast<std::int64_t>(rooms_.size());
  }
  return room;
}

void Hub::OnFinished(const std::string& match_id, const std::string& creator) {
  accounts_.ApplyRatingsLater(match_id);
  std::unique_lock lock(rooms_mutex_);
  if (--running_per_address_[creator] <= 0) running_per_address_.erase(creator);
  --metrics_.open_matches;
  spdlog::info("match {} is over", match_id);
}

std::shared_ptr<Room> Hub::FindRoom(const std::string& match_id) const {
  std::shared_lock lock(rooms_mutex_);
  const auto found = rooms_.find(match_id);
  return found == rooms_.end() ? nullptr : found->second;
}

std::shared_ptr<Room> Hub::OpenRoom(const std::string& match_id) {
  if (auto room = FindRoom(match_id)) return room;
  std::optional<StoredMatch> stored = storage_.LoadMatch(match_id);
  if (!stored || !stored->finished) return nullptr;  // a running match is always in memory
  auto room =
      Room::Restore(asio::make_strand(executor_), Services(/*running=*/false), std::move(*stored));
  std::unique_lock lock(rooms_mutex_);
  auto opened = rooms_.emplace(match_id, room).first->second;
  metrics_.rooms_in_memory = static_cast<std::int64_t>(rooms_.size());
  return opened;
}

// --- REST ----------------------------------------------------------------------------------------

Json Hub::Catalogue() const {
  Json games = Json::array();
  for (const engine::GameInfo& info : engine::RegisteredGames()) {
    Json options = Json::array();
    for (const engine::OptionSpec& spec : info.options) {
      Json option{{"name", spec.name},
                  {"type", engine::OptionTypeName(spec.type)},
                  {"default", spec.default_value},
                  {"help", spec.help}};
      if (spec.type == engine::OptionType::kInt) {
        option["min"] = spec.min_value;
        option["max"] = spec.max_value;
      }
      if (!spec.choices.empty()) option["choices"] = spec.choices;
      options.push_back(std::move(option));
    }
    Json bots = Json::array();
    const auto game = engine::LoadGame(info.id);
    for (const ai::BotInfo& bot : ai::RegisteredBots()) {
      try {
        ai::MakeBot(bot.name, *game, 0);
        bots.push_back({{"name", bot.name}, {"help", bot.help}});
      } catch (const Error&) {
        // This bot does not play this game.
      }
    }
    // The levels, weakest first, with what the ladder measured for the game's default options
    // (docs/BOTS.md): the web client shows it beside each level's name.
    Json levels = Json::array();
    for (const std::string& level : ai::LevelNames()) {
      Json entry{{"name", level}};
      if (const auto measured = ai::LadderRating(*game, level)) {
        entry["elo"] = std::round(measured->elo);
        entry["error95"] = std::round(measured->error95);
        entry["games"] = measured->games;
      }
      levels.push_back(std::move(entry));
    }
    // Each seat's name for each number of players ("2": ["white", "black"]): what a seat is
    // called before the match exists (the new-game page's "Seat 1 (Red)").
    Json seat_names = Json::object();
    const bool has_players =
        std::any_of(info.options.begin(), info.options.end(),
                    [](const engine::OptionSpec& o) { return o.name == "players"; });
    for (const int count : info.seat_counts) {
      const auto sized =
          has_players ? engine::LoadGame(info.id, {{"players", std::to_string(count)}}) : game;
      Json names = Json::array();
      for (int seat = 0; seat < sized->NumSeats(); ++seat) names.push_back(sized->SeatName(seat));
      seat_names[std::to_string(count)] = std::move(names);
    }
    games.push_back({{"id", info.id},
                     {"name", info.display_name},
                     {"summary", info.summary},
                     {"seat_counts", info.seat_counts},
                     {"levels", std::move(levels)},
                     {"seat_names", std::move(seat_names)},
                     {"has_chance", info.has_chance},
                     {"hidden_information", info.hidden_information},
                     {"draw_by_agreement", info.draw_by_agreement},
                     {"rules_version", info.rules_version},
                     {"options", std::move(options)},
                     {"bots", std::move(bots)}});
  }
  return Json{{"protocol", kProtocolVersion}, {"games", std::move(games)}};
}

StoredMatch Hub::NewStoredMatch(const Json& request, const std::string& address,
                                const Identity& creator, std::vector<std::string>& tokens) const {
  if (!request.is_object()) BadRequest("the body must be a JSON object");
  for (const auto& [name, value] : request.items()) {
    if (name != "game" && name != "options" && name != "seats" && name != "rated" &&
        name != "clock") {
      BadRequest("unknown field '" + name + "' (known: game, options, seats, rated, clock)");
    }
  }
  if (!request.contains("game") || !request["game"].is_string()) BadRequest("'game' is required");
  if (!request.contains("seats") || !request["seats"].is_array()) {
    BadRequest(
        "'seats' is required: one {\"kind\": \"person\"} or {\"kind\": \"bot\", \"bot\": "
        "\"mcts:ms=500\"} per seat");
  }
  StoredMatch stored;
  stored.game = request["game"].get<std::string>();
  const engine::GameInfo& info = engine::FindGame(stored.game);
  stored.options = request.contains("options") ? OptionsFromJson(request["options"])
                                               : std::map<std::string, std::string>{};
  const Json& seats = request["seats"];
  const bool has_players_option =
      std::any_of(info.options.begin(), info.options.end(),
                  [](const engine::OptionSpec& spec) { return spec.name == "players"; });
  if (has_players_option && !stored.options.contains("players")) {
    stored.options["players"] = std::to_string(seats.size());
  }
  const auto game = engine::LoadGame(stored.game, stored.options);
  if (static_cast<int>(seats.size()) != game->NumSeats()) {
    BadRequest("'seats' lists " + std::to_string(seats.size()) + " seats but " + info.display_name +
               " with these options has " + std::to_string(game->NumSeats()));
  }
  for (const Json& seat : seats) {
    if (!seat.is_object() || !seat.contains("kind") || !seat["kind"].is_string()) {
      BadRequest("each seat is {\"kind\": \"person\"} or {\"kind\": \"bot\", \"bot\": SPEC}");
    }
    const std::string kind = seat["kind"].get<std::string>();
    StoredSeat stored_seat;
    if (kind == "person") {
      tokens.push_back(RandomToken(32));
      stored_seat.token_hash = Sha256Hex(tokens.back());
      // {"kind": "person", "mine": true}: the signed-in creator's own seat.
      if (seat.contains("mine") && (!seat["mine"].is_boolean()))
        BadRequest("'mine' is true or false");
      if (seat.value("mine", false) && creator.account_id != 0) {
        stored_seat.account_id = creator.account_id;
        stored_seat.account_name = creator.name;
      }
    } else if (kind == "bot") {
      if (!seat.contains("bot") || !seat["bot"].is_string()) {
        BadRequest("a bot seat names its bot: \"bot\": \"random\", \"mcts:ms=500\", ...");
      }
      stored_seat.bot = true;
      stored_seat.bot_spec = seat["bot"].get<std::string>();
      const auto bot = ai::MakeBot(stored_seat.bot_spec, *game, 0);  // throws on a bad spec
      stored_seat.bot_spec = bot->Spec();
      if (const auto account = accounts_.BotAccount(stored_seat.bot_spec)) {
        stored_seat.account_id = account->id;
        stored_seat.account_name = account->name;
      }
      for (const char* key : {"ms", "turn_ms"}) {
        const auto ms = BotBudgetMs(stored_seat.bot_spec, key);
        if (ms && *ms > limits_.max_bot_ms) {
          BadRequest("a bot may think at most " + std::to_string(limits_.max_bot_ms) +
                     " ms a move (or a turn) on this server");
        }
      }
      tokens.emplace_back();
    } else {
      BadRequest("unknown seat kind '" + kind + "' (person or bot)");
    }
    stored.seats.push_back(std::move(stored_seat));
  }
  if (request.contains("clock")) stored.clock = CheckedClock(request["clock"]);
  if (request.contains("rated")) {
    if (!request["rated"].is_boolean()) BadRequest("'rated' is true or false");
    stored.rated = request["rated"].get<bool>();
  }
  if (stored.rated) {
    // Rated from this path: a signed-in player against bots that have accounts (a rated match
    // between people comes from the lobby, where both are known).
    if (creator.account_id == 0) BadRequest("sign in to play a rated match");
    if (RatingPool(stored.game, stored.options).empty()) {
      BadRequest(info.display_name + " with these options is not rated");
    }
    int mine = 0;
    for (const StoredSeat& seat : stored.seats) {
      if (!seat.bot && seat.account_id != creator.account_id) {
        BadRequest("a rated match made here has one person seat, yours (\"mine\": true)");
      }
      if (seat.bot && seat.account_id == 0) {
        BadRequest(
            "in a rated match every bot is one with an account and a rating (GET /api/bots)");
      }
      mine += seat.bot ? 0 : 1;
    }
    if (mine != 1)
      BadRequest("a rated match made here has one person seat, yours (\"mine\": true)");
  }
  stored.id = RandomToken(12);
  stored.creator_address = address;
  stored.created_at = static_cast<std::int64_t>(std::time(nullptr));
  return stored;
}

void Hub::CreateMatch(const std::string& body, const std::string& address, const Identity& creator,
                      std::function<void(Reply)> done) {
  StoredMatch stored;
  std::vector<std::string> tokens;
  try {
    const Json request = Json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (request.is_discarded()) BadRequest("the body is not JSON");
    stored = NewStoredMatch(request, address, creator, tokens);
  } catch (const Error& error) {
    return done({400, {{"error", error.what()}}});
  }
  {
    std::shared_lock lock(rooms_mutex_);
    const auto found = running_per_address_.find(address);
    if (found != running_per_address_.end() &&
        found->second >= limits_.max_running_matches_per_address) {
      spdlog::warn("refused a match from {}: {} running matches", address, found->second);
      return done({429,
                   {{"error", "too many running matches from your address (at most " +
                                  std::to_string(limits_.max_running_matches_per_address) + ")"}}});
    }
  }
  Json answer{{"match", stored.id}, {"game", stored.game}, {"seats", Json::array()}};
  for (std::size_t seat = 0; seat < stored.seats.size(); ++seat) {
    Json entry{{"seat", seat}, {"kind", stored.seats[seat].bot ? "bot" : "person"}};
    if (stored.seats[seat].bot) {
      entry["bot"] = stored.seats[seat].bot_spec;
    } else {
      entry["token"] = tokens[seat];
      entry["link"] = "/match/" + stored.id + "#seat=" + tokens[seat];
    }
    answer["seats"].push_back(std::move(entry));
  }
  answer["watch"] = "/match/" + stored.id;
  std::shared_ptr<Room> room;
  try {
    room = NewRoom(std::move(stored), /*restore=*/false);
  } catch (const Error& error) {
    return done({400, {{"error", error.what()}}});
  }
  for (std::size_t seat = 0; seat < answer["seats"].size(); ++seat) {
    answer["seats"][seat]["name"] = room->game().SeatName(static_cast<int>(seat));
  }
  asio::post(room->strand(), [this, room, answer = std::move(answer), done = std::move(done)] {
    room->Create([this, room, answer, done](bool stored) {
      if (!stored) {
        OnFinished(room->id(), room->stored().creator_address);
        return done({503, {{"error", "the database refused the match; try again"}}});
      }
      {
        std::unique_lock lock(rooms_mutex_);
        rooms_[room->id()] = room;
        metrics_.rooms_in_memory = static_cast<std::int64_t>(rooms_.size());
      }
      spdlog::info("match {} created: {}", room->id(), room->stored().game);
      done({201, answer});
    });
  });
}

Reply Hub::ListMatches(const std::string& state, int limit) const {
  if (state != "running" && state != "finished") {
    return {400, {{"error", "state must be running or finished"}}};
  }
  Json list = Json::array();
  for (const MatchSummary& summary : storage_.ListMatches(state == "finished", limit)) {
    list.push_back({{"match", summary.id},
                    {"game", summary.game},
                    {"created_at", summary.created_at},
                    {"seats", summary.seat_kinds},
                    {"events", summary.events},
                    {"moves", summary.moves},
                    {"result", summary.result}});
  }
  return {200, {{"matches", std::move(list)}}};
}

Reply Hub::MatchInfo(const std::string& match_id) const {
  if (auto room = FindRoom(match_id); room && !room->Over()) {
    return {200,
            {{"match", match_id},
             {"game", room->stored().game},
             {"over", false},
             {"seats", SeatLabels(room->stored())}}};
  }
  std::optional<StoredMatch> stored = storage_.LoadMatch(match_id);
  if (!stored) return {404, {{"error", "no match '" + match_id + "'"}}};
  return {200,
          {{"match", match_id},
           {"game", stored->game},
           {"over", stored->finished},
           {"seats", SeatLabels(*stored)},
           {"result", stored->result}}};
}

void Hub::MatchRecord(const std::string& match_id, const std::string& token,
                      std::function<void(Reply)> done) {
  auto room = OpenRoom(match_id);
  if (!room) return done({404, {{"error", "no match '" + match_id + "'"}}});
  Seat viewer = kSpectator;
  if (!token.empty()) {
    const auto seat = room->SeatOfToken(token);
    if (!seat) {
      asio::post(room->strand(), [room] { room->CheckIdle(); });  // loaded for nothing
      return done({403, {{"error", "this token is no seat of match " + match_id}}});
    }
    viewer = *seat;
  }
  asio::post(room->strand(), [room, viewer, done = std::move(done)] {
    room->WhenPublished([room, viewer, done] {
      done({200, room->RecordFor(viewer)});
      room->CheckIdle();  // a finished match loaded for its record leaves memory again
    });
  });
}

ClockSpec Hub::CheckedClock(const Json& json) const {
  const ClockSpec clock = ClockSpecFromJson(json);
  const auto within = [](const char* what, std::int64_t value, std::int64_t least,
                         std::int64_t most, const std::string& unit, std::int64_t per_unit) {
    if (value < least || value > most) {
      BadRequest(std::string("a clock's ") + what + " is " + std::to_string(least / per_unit) +
                 " to " + std::to_string(most / per_unit) + " " + unit +
                 " (in ms: " + std::to_string(least) + " to " + std::to_string(most) + ")");
    }
  };
  constexpr std::int64_t kSecond = 1000, kDay = 86'400'000;
  switch (clock.kind) {
    case ClockSpec::Kind::kNone:
      break;
    case ClockSpec::Kind::kLive:
      within("initial_ms", clock.initial_ms, limits_.min_clock_ms, 3 * 3600 * kSecond, "seconds",
             kSecond);
      within("increment_ms", clock.increment_ms, 0, 180 * kSecond, "seconds", kSecond);
      break;
    case ClockSpec::Kind::kCorrespondence:
      // A day at least; a server started with a smaller --min-clock-ms (tests) allows that.
      within("per_move_ms", clock.per_move_ms,
             limits_.min_clock_ms < 10 * kSecond ? limits_.min_clock_ms : kDay, 14 * kDay, "days",
             kDay);
      break;
  }
  return clock;
}

void Hub::SeatClaimed(const std::string& match_id, const std::string& token_hash,
                      std::int64_t account_id, const std::string& account_name) {
  if (auto room = FindRoom(match_id)) {
    asio::post(room->strand(), [room, token_hash, account_id, account_name] {
      room->ClaimSeat(token_hash, account_id, account_name);
    });
  }
}

Json Hub::Awaiting(std::int64_t account_id) const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::shared_lock lock(rooms_mutex_);
    for (const auto& [id, room] : rooms_) rooms.push_back(room);
  }
  std::vector<std::pair<std::int64_t, Json>> found;
  for (const auto& room : rooms) {
    const Seat seat = room->SeatToMove();
    const std::vector<std::int64_t> accounts = room->SeatAccounts();
    if (account_id == 0 || seat < 0 || seat >= static_cast<int>(accounts.size()) ||
        accounts[seat] != account_id) {
      continue;
    }
    found.emplace_back(room->stored().created_at,
                       Json{{"match", room->id()}, {"game", room->stored().game}, {"seat", seat}});
  }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  Json out = Json::array();
  for (auto& [at, entry] : found) {
    if (out.size() >= kMostAwaitingListed) break;  // the answer stays bounded
    out.push_back(std::move(entry));
  }
  return out;
}

// --- The lobby -----------------------------------------------------------------------------------

StoredMatch Hub::TableMatch(const std::string& game, const Json& options,
                            const std::map<int, std::string>& bots) const {
  const auto loaded = engine::LoadGame(game, OptionsFromJson(options));  // throws on a bad one
  const int seats = loaded->NumSeats();
  Json request{{"game", game}, {"options", options}, {"seats", Json::array()}};
  for (const auto& [seat, bot] : bots) {
    if (seat < 0 || seat >= seats) {
      BadRequest("'bots' names seat " + std::to_string(seat) + "; the table has " +
                 std::to_string(seats));
    }
  }
  for (int seat = 0; seat < seats; ++seat) {
    const auto bot = bots.find(seat);
    request["seats"].push_back(bot == bots.end() ? Json{{"kind", "person"}}
                                                 : Json{{"kind", "bot"}, {"bot", bot->second}});
  }
  std::vector<std::string> tokens;  // the lobby makes the persons' own when the table is full
  return NewStoredMatch(request, "", Identity{}, tokens);
}

void Hub::StartMatch(StoredMatch stored,
                     std::function<void(const std::optional<ProtocolError>& refused)> done) {
  {
    std::shared_lock lock(rooms_mutex_);
    const auto found = running_per_address_.find(stored.creator_address);
    if (found != running_per_address_.end() &&
        found->second >= limits_.max_running_matches_per_address) {
      return done(ProtocolError(ErrorCode::kLimit,
                                "too many running matches from the seeker's address (at most " +
                                    std::to_string(limits_.max_running_matches_per_address) + ")"));
    }
  }
  std::shared_ptr<Room> room;
  try {
    room = NewRoom(std::move(stored), /*restore=*/false);
  } catch (const Error& error) {
    spdlog::error("a lobby match cannot be created: {}", error.what());
    return done(ProtocolError(ErrorCode::kUnavailable, "the match cannot be created"));
  }
  asio::post(room->strand(), [this, room, done = std::move(done)] {
    room->Create([this, room, done](bool stored) {
      if (!stored) {
        OnFinished(room->id(), room->stored().creator_address);
        return done(
            ProtocolError(ErrorCode::kUnavailable, "the database refused the match; try again"));
      }
      {
        std::unique_lock lock(rooms_mutex_);
        rooms_[room->id()] = room;
        metrics_.rooms_in_memory = static_cast<std::int64_t>(rooms_.size());
      }
      spdlog::info("match {} created from the lobby: {}", room->id(), room->stored().game);
      done(std::nullopt);
    });
  });
}

// --- WebSocket -----------------------------------------------------------------------------------

void Hub::OnMessage(const std::shared_ptr<Peer>& peer, Subscriptions& subscriptions,
                    const std::string& text) {
  const auto received = std::chrono::steady_clock::now();
  ++metrics_.messages_total;
  ClientMessage message;
  try {
    ParseClientMessage(text, message);
    if (!subscriptions.lobby_known && peer->account_id() != 0) {
      lobby_.Connected(peer);  // match_ready and invitations reach all the account's connections
      subscriptions.lobby_known = true;
    }
    switch (message.type) {
      case ClientType::kLobby:
      case ClientType::kSeek:
      case ClientType::kCancelSeek:
      case ClientType::kAcceptSeek:
      case ClientType::kInvite:
      case ClientType::kDecline:
        subscriptions.lobby_known = true;
        return lobby_.Handle(peer, message);
      case ClientType::kChat:
      case ClientType::kRematch: {
        const auto found = subscriptions.joined.find(message.match);
        if (found == subscriptions.joined.end()) {
          throw ProtocolError(ErrorCode::kNotJoined,
                              "join match " + message.match + " with your seat's token first");
        }
        const auto& [room, seat] = found->second;
        if (seat == kSpectator) {
          throw ProtocolError(ErrorCode::kForbidden,
                              message.type == ClientType::kChat
                                  ? "the chat is the players': a spectator reads the moves"
                                  : "a rematch is asked by a player");
        }
        if (message.type == ClientType::kChat) {
          asio::post(room->strand(), [room = room, seat = seat, peer, message] {
            room->Chat(peer, seat, message);
          });
          return;
        }
        subscriptions.lobby_known = true;
        asio::post(room->strand(), [this, room = room, seat = seat, peer, message] {
          try {
            lobby_.Rematch(peer, room->stored(), room->Over(), seat,
                           [&](const Frame& frame) { room->SendToSeats(frame); });
          } catch (const ProtocolError& error) {
            ++metrics_.errors_total;
            peer->Send(MakeFrame(
                ErrorMessage(error.code, error.what(), message.id, message.match).dump()));
          }
        });
        return;
      }
      case ClientType::kPing: {
        Json pong{{"type", "pong"}};
        if (!message.id.empty()) pong["id"] = message.id;
        peer->Send(MakeFrame(pong.dump()));
        return;
      }
      case ClientType::kJoin:
        return Join(peer, subscriptions, message);
      case ClientType::kLeave: {
        const auto found = subscriptions.joined.find(message.match);
        if (found == subscriptions.joined.end()) {
          throw ProtocolError(ErrorCode::kNotJoined, "you have not joined match " + message.match);
        }
        auto room = found->second.first;
        subscriptions.joined.erase(found);
        asio::post(room->strand(), [room, peer] { room->Leave(peer.get()); });
        Json left{{"type", "left"}, {"match", message.match}};
        if (!message.id.empty()) left["id"] = message.id;
        peer->Send(MakeFrame(left.dump()));
        return;
      }
      default:
        break;
    }
    const auto found = subscriptions.joined.find(message.match);
    if (found == subscriptions.joined.end()) {
      throw ProtocolError(ErrorCode::kNotJoined,
                          "join match " + message.match + " with your seat's token first");
    }
    const auto& [room, seat] = found->second;
    if (seat == kSpectator) {
      throw ProtocolError(ErrorCode::kForbidden, "a spectator does not act");
    }
    asio::post(room->strand(), [room = room, seat = seat, peer, message, received] {
      room->Handle(peer, seat, message, received);
    });
  } catch (const ProtocolError& error) {
    ++metrics_.errors_total;
    peer->Send(MakeFrame(ErrorMessage(error.code, error.what(), message.id, message.match).dump()));
  }
}

void Hub::Join(const std::shared_ptr<Peer>& peer, Subscriptions& subscriptions,
               const ClientMessage& message) {
  if (!subscriptions.joined.contains(message.match) &&
      subscriptions.joined.size() >= kMostMatchesJoinedPerConnection) {
    throw ProtocolError(ErrorCode::kLimit, "a connection may join at most " +
                                               std::to_string(kMostMatchesJoinedPerConnection) +
                                               " matches");
  }
  std::shared_ptr<Room> room;
  try {
    room = OpenRoom(message.match);
  } catch (const std::exception&) {  // its text may quote secret moves: not logged
    spdlog::error("match {} cannot be opened", message.match);
  }
  if (!room) throw ProtocolError(ErrorCode::kNotFound, "no match '" + message.match + "'");
  Seat viewer = kSpectator;
  if (!message.token.empty()) {
    const auto seat = room->SeatOfToken(message.token);
    if (!seat) {
      asio::post(room->strand(), [room] { room->CheckIdle(); });  // loaded for nothing
      throw ProtocolError(ErrorCode::kForbidden, "this token is no seat of match " + message.match);
    }
    viewer = *seat;
  } else if (peer->account_id() != 0) {
    // Signed in, without a token: the account's own seat, when it holds one (its profile's link).
    const std::vector<std::int64_t> accounts = room->SeatAccounts();
    for (std::size_t seat = 0; seat < accounts.size(); ++seat) {
      if (accounts[seat] == peer->account_id()) {
        viewer = static_cast<Seat>(seat);
        break;
      }
    }
  }
  subscriptions.joined[message.match] = {room, viewer};
  asio::post(room->strand(), [room, peer, viewer, since = message.since, id = message.id] {
    room->Join(peer, viewer, since, id);
  });
}

void Hub::OnClose(const Peer* peer, Subscriptions& subscriptions) {
  for (auto& [id, joined] : subscriptions.joined) {
    auto room = joined.first;
    asio::post(room->strand(), [room, peer] { room->Leave(peer); });
  }
  subscriptions.joined.clear();
  if (subscriptions.lobby_known) lobby_.Closed(peer);
}

}  // namespace quartel::server
