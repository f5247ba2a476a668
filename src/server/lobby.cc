#include "server/lobby.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <random>

#include "core/error.h"
#include "core/secret.h"
#include "server/hub.h"
#include "server/ratings.h"

namespace quartel::server {
using engine::Seat;

namespace {

// A seat drawn among `free` (not empty), from the operating system's entropy.
Seat DrawSeat(const std::vector<Seat>& free) {
  std::random_device device;
  std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
  return free[pick(device)];
}

Json OptionsJson(const std::map<std::string, std::string>& options) {
  Json out = Json::object();
  for (const auto& [name, value] : options) out[name] = value;
  return out;
}

}  // namespace

int Lobby::Seek::PersonsNeeded() const {
  return static_cast<int>(std::count_if(table.seats.begin(), table.seats.end(),
                                        [](const StoredSeat& seat) { return !seat.bot; }));
}

Lobby::Lobby(Hub& hub, Storage& storage, LobbyLimits limits)
    : hub_(hub), storage_(storage), limits_(limits) {}

std::size_t Lobby::SeekCount() {
  std::lock_guard lock(mutex_);
  return seeks_.size();
}

Lobby::Person Lobby::PersonOf(const std::shared_ptr<Peer>& peer) {
  return Person{peer->account_id(), peer->account_name(), peer.get(), peer};
}

double Lobby::RatingIn(std::int64_t account, const std::string& pool) {
  if (account == 0 || pool.empty()) return 1500;
  for (const StoredRating& rating : storage_.RatingsOf(account)) {
    if (rating.pool == pool) return rating.rating;
  }
  return 1500;
}

double Lobby::CachedRatingIn(std::int64_t account, const std::string& pool) {
  const auto now = std::chrono::steady_clock::now();
  const std::string key = std::to_string(account) + " " + pool;
  {
    std::lock_guard lock(cache_mutex_);
    const auto found = rating_cache_.find(key);
    if (found != rating_cache_.end() && now - found->second.second < std::chrono::seconds(5)) {
      return found->second.first;
    }
  }
  const double rating = RatingIn(account, pool);
  std::lock_guard lock(cache_mutex_);
  if (rating_cache_.size() >= 20000) rating_cache_.clear();
  rating_cache_[key] = {rating, now};
  return rating;
}

bool Lobby::Visible(const Seek& seek, std::int64_t account, const Peer* key, double rating) {
  const Person viewer{account, "", key, {}};
  if (seek.seeker.Same(viewer)) return true;
  for (const Person& taker : seek.takers) {
    if (taker.Same(viewer)) return true;
  }
  if (seek.invitee != 0) return account == seek.invitee;
  if (account == 0) return !seek.table.rated && !seek.min_rating && !seek.max_rating;
  const long shown = std::lround(rating);  // as the player sees it
  if (seek.min_rating && shown < *seek.min_rating) return false;
  if (seek.max_rating && shown > *seek.max_rating) return false;
  return true;
}

Json Lobby::SeekJson(const Seek& seek) {
  Json bots = Json::object();
  for (std::size_t seat = 0; seat < seek.table.seats.size(); ++seat) {
    if (seek.table.seats[seat].bot) bots[std::to_string(seat)] = seek.table.seats[seat].bot_spec;
  }
  Json players = Json::array();
  players.push_back(seek.seeker.account ? Json(seek.seeker.name) : Json(nullptr));
  for (const Person& taker : seek.takers) {
    players.push_back(taker.account ? Json(taker.name) : Json(nullptr));
  }
  Json out{{"seek", seek.id},
           {"game", seek.table.game},
           {"options", OptionsJson(seek.table.options)},
           {"seats", seek.table.seats.size()},
           {"seat", seek.seeker_seat},
           {"bots", std::move(bots)},
           {"clock", ClockSpecToJson(seek.table.clock)},
           {"rated", seek.table.rated},
           {"pool", seek.pool.empty() ? Json(nullptr) : Json(seek.pool)},
           {"min_rating", seek.min_rating ? Json(*seek.min_rating) : Json(nullptr)},
           {"max_rating", seek.max_rating ? Json(*seek.max_rating) : Json(nullptr)},
           {"by", seek.seeker.account ? Json(seek.seeker.name) : Json(nullptr)},
           {"rating", seek.seeker_rating ? Json(std::lround(*seek.seeker_rating)) : Json(nullptr)},
           {"players", std::move(players)},
           {"open", seek.PersonsNeeded() - 1 - static_cast<int>(seek.takers.size())},
           {"created_at", seek.created_at}};
  if (seek.invitee != 0) out["invite"] = seek.invitee_name;
  return out;
}

// --- Messages ------------------------------------------------------------------------------------

void Lobby::Handle(const std::shared_ptr<Peer>& peer, const ClientMessage& message) {
  switch (message.type) {
    case ClientType::kLobby:
      return Subscribe(peer, message.id);
    case ClientType::kSeek:
      return Post(peer, message, /*invitation=*/false);
    case ClientType::kInvite:
      return Post(peer, message, /*invitation=*/true);
    case ClientType::kCancelSeek:
      return Cancel(peer, message);
    case ClientType::kAcceptSeek:
      return Accept(peer, message);
    case ClientType::kDecline:
      return Decline(peer, message);
    default:
      throw ProtocolError(ErrorCode::kBadMessage, "not a lobby message");
  }
}

void Lobby::Connected(const std::shared_ptr<Peer>& peer) {
  if (peer->account_id() == 0) return;
  std::lock_guard lock(mutex_);
  accounts_[peer->account_id()][peer.get()] = peer;
}

void Lobby::Subscribe(const std::shared_ptr<Peer>& peer, const std::string& request_id) {
  const Person me = PersonOf(peer);
  // The database first, outside the lock.
  std::map<std::string, double> ratings;
  if (me.account) {
    for (const StoredRating& rating : storage_.RatingsOf(me.account)) {
      ratings[rating.pool] = rating.rating;
    }
  }
  Json matches = Json::array();
  for (const MatchSummary& summary : storage_.ListMatches(false, limits_.listed_matches)) {
    Json players = Json::array();
    for (const std::string& name : summary.seat_accounts) {
      players.push_back(name.empty() ? Json(nullptr) : Json(name));
    }
    matches.push_back({{"match", summary.id},
                       {"game", summary.game},
                       {"created_at", summary.created_at},
                       {"seats", summary.seat_kinds},
                       {"players", std::move(players)},
                       {"moves", summary.moves},
                       {"rated", summary.rated},
                       {"clock", summary.clock}});
  }
  const Json awaiting = me.account ? hub_.Awaiting(me.account) : Json::array();

  std::lock_guard lock(mutex_);
  if (!subscribers_.contains(peer.get()) &&
      static_cast<int>(subscribers_.size()) >= limits_.subscribers) {
    throw ProtocolError(ErrorCode::kLimit, "the lobby is full; try again later");
  }
  subscribers_[peer.get()] = Subscriber{peer, me.account};
  Json seeks = Json::array();
  for (const std::string& id : seek_order_) {
    Seek& seek = seeks_.at(id);
    const auto rating = ratings.find(seek.pool);
    if (!Visible(seek, me.account, peer.get(), rating == ratings.end() ? 1500 : rating->second)) {
      continue;
    }
    seeks.push_back(SeekJson(seek));
    seek.shown.insert(peer.get());
  }
  Json answer{{"type", "lobby"},
              {"seeks", std::move(seeks)},
              {"matches", std::move(matches)},
              {"awaiting", awaiting}};
  if (!request_id.empty()) answer["id"] = request_id;
  peer->Send(MakeFrame(answer.dump()));
}

void Lobby::Post(const std::shared_ptr<Peer>& peer, const ClientMessage& message, bool invitation) {
  const Person me = PersonOf(peer);
  const bool ranged = message.min_rating || message.max_rating;
  if (message.rated && !me.account) {
    throw ProtocolError(ErrorCode::kForbidden, "a rated game needs an account: sign in first");
  }
  if (ranged && !me.account) {
    throw ProtocolError(ErrorCode::kForbidden, "a rating range needs an account: sign in first");
  }
  Seek seek;
  if (invitation) {
    if (!me.account) {
      throw ProtocolError(ErrorCode::kForbidden, "sign in to invite a player by name");
    }
    if (ranged) {
      throw ProtocolError(ErrorCode::kBadMessage,
                          "an invitation names its player: it has no rating range");
    }
    const std::optional<Account> invitee = storage_.FindAccount(message.to);
    if (!invitee || !invitee->bot_spec.empty()) {
      throw ProtocolError(ErrorCode::kNotFound, "no player '" + message.to + "'");
    }
    if (invitee->id == me.account) {
      throw ProtocolError(ErrorCode::kBadMessage, "you cannot invite yourself");
    }
    seek.invitee = invitee->id;
    seek.invitee_name = invitee->name;
  }
  std::map<int, std::string> bots;
  for (const auto& [seat, bot] : message.bots.items()) {
    bots[std::stoi(seat)] = bot.get<std::string>();  // checked by the protocol's parser
  }
  try {
    std::vector<std::string> tokens;
    seek.table = hub_.TableMatch(message.game, message.options, bots);
    if (!message.clock.is_null()) seek.table.clock = hub_.CheckedClock(message.clock);
  } catch (const std::exception& error) {  // quartel::Error: the game, an option, a bot, the clock
    throw ProtocolError(ErrorCode::kBadMessage, error.what());
  }
  seek.table.rated = message.rated;
  const int seats = static_cast<int>(seek.table.seats.size());
  if (message.seat >= seats) {
    throw ProtocolError(ErrorCode::kBadMessage, "there is no seat " + std::to_string(message.seat) +
                                                    " (the table has " + std::to_string(seats) +
                                                    ")");
  }
  if (message.seat >= 0 && seek.table.seats[message.seat].bot) {
    throw ProtocolError(ErrorCode::kBadMessage,
                        "seat " + std::to_string(message.seat) + " is a bot's: choose another");
  }
  seek.seeker_seat = message.seat;
  if (seek.PersonsNeeded() < 2) {
    throw ProtocolError(ErrorCode::kBadMessage,
                        "a seek waits for another person: leave at least one seat to a person "
                        "(to play bots alone, create a match)");
  }
  if (invitation && seek.PersonsNeeded() != 2) {
    throw ProtocolError(ErrorCode::kBadMessage,
                        "an invitation is for two persons: give the other seats to bots");
  }
  seek.pool = RatingPool(seek.table.game, seek.table.options);
  if ((message.rated || ranged) && seek.pool.empty()) {
    throw ProtocolError(ErrorCode::kBadMessage, "this game is not rated");
  }
  if (message.rated && seek.PersonsNeeded() != seats) {
    throw ProtocolError(ErrorCode::kBadMessage, "a rated game has no bot seats");
  }
  if (me.account && !seek.pool.empty()) seek.seeker_rating = RatingIn(me.account, seek.pool);
  seek.min_rating = message.min_rating;
  seek.max_rating = message.max_rating;
  seek.seeker = me;
  seek.id = RandomToken(12);
  seek.created_at = static_cast<std::int64_t>(std::time(nullptr));
  const std::string id = seek.id;
  {
    std::lock_guard lock(mutex_);
    const auto own = std::count_if(seeks_.begin(), seeks_.end(),
                                   [&](const auto& entry) { return entry.second.seeker.Same(me); });
    if (own >= limits_.seeks_per_owner) {
      throw ProtocolError(ErrorCode::kLimit, "you may have " +
                                                 std::to_string(limits_.seeks_per_owner) +
                                                 " open seeks at once: cancel one first");
    }
    if (static_cast<int>(seeks_.size()) >= limits_.seeks) {
      throw ProtocolError(ErrorCode::kLimit, "the lobby is full; try again later");
    }
    Json posted{{"type", "seek_posted"}, {"seek", id}};
    if (!message.id.empty()) posted["id"] = message.id;
    peer->Send(MakeFrame(posted.dump()));
    if (invitation) {
      const Json frame{{"type", "invitation"}, {"seek", SeekJson(seek)}};
      SendToAccountLocked(seek.invitee, MakeFrame(frame.dump()));
    }
    seeks_.emplace(id, std::move(seek));
    seek_order_.push_back(id);
  }
  spdlog::info("seek {} posted: {}", id, message.game);
  Announce(id);
}

void Lobby::Cancel(const std::shared_ptr<Peer>& peer, const ClientMessage& message) {
  const Person me = PersonOf(peer);
  bool changed = false;
  {
    std::lock_guard lock(mutex_);
    const auto found = seeks_.find(message.seek);
    if (found == seeks_.end() || !Visible(found->second, me.account, peer.get(), 0)) {
      // Visible with any rating: the seeker's and takers' own seeks are visible to them.
      throw ProtocolError(ErrorCode::kNotFound, "no seek '" + message.seek + "'");
    }
    Seek& seek = found->second;
    const auto taker = std::find_if(seek.takers.begin(), seek.takers.end(),
                                    [&](const Person& p) { return p.Same(me); });
    if (seek.seeker.Same(me)) {
      RemoveLocked(found, "cancelled");
    } else if (taker != seek.takers.end()) {
      seek.takers.erase(taker);  // leaves the table it had taken a seat at
      changed = true;
    } else {
      throw ProtocolError(ErrorCode::kForbidden, "only its seeker cancels a seek");
    }
    Json answer{{"type", "seek_cancelled"}, {"seek", message.seek}};
    if (!message.id.empty()) answer["id"] = message.id;
    peer->Send(MakeFrame(answer.dump()));
  }
  if (changed) Announce(message.seek);
}

void Lobby::Decline(const std::shared_ptr<Peer>& peer, const ClientMessage& message) {
  const Person me = PersonOf(peer);
  std::lock_guard lock(mutex_);
  const auto found = seeks_.find(message.seek);
  if (found == seeks_.end() || me.account == 0 || found->second.invitee != me.account) {
    throw ProtocolError(ErrorCode::kNotFound, "no invitation '" + message.seek + "'");
  }
  const Json declined{{"type", "declined"}, {"seek", message.seek}, {"by", me.name}};
  SendToPersonLocked(found->second.seeker, MakeFrame(declined.dump()));
  RemoveLocked(found, "declined");
  Json answer{{"type", "seek_cancelled"}, {"seek", message.seek}};
  if (!message.id.empty()) answer["id"] = message.id;
  peer->Send(MakeFrame(answer.dump()));
}

void Lobby::Accept(const std::shared_ptr<Peer>& peer, const ClientMessage& message) {
  const Person me = PersonOf(peer);
  const auto unknown = [&] {
    return ProtocolError(ErrorCode::kNotFound, "no seek '" + message.seek + "'");
  };
  std::string pool;
  {
    std::lock_guard lock(mutex_);
    const auto found = seeks_.find(message.seek);
    if (found == seeks_.end()) throw unknown();
    pool = found->second.pool;
  }
  const double rating = RatingIn(me.account, pool);  // the database, outside the lock
  std::optional<Table> table;
  {
    std::lock_guard lock(mutex_);
    const auto found = seeks_.find(message.seek);
    if (found == seeks_.end() || !Visible(found->second, me.account, peer.get(), rating)) {
      throw unknown();
    }
    Seek& seek = found->second;
    if (seek.seeker.Same(me)) {
      throw ProtocolError(ErrorCode::kForbidden, "this is your own seek");
    }
    if (std::any_of(seek.takers.begin(), seek.takers.end(),
                    [&](const Person& p) { return p.Same(me); })) {
      throw ProtocolError(ErrorCode::kForbidden, "you have a seat at this table already");
    }
    seek.takers.push_back(me);
    const int waiting = seek.PersonsNeeded() - 1 - static_cast<int>(seek.takers.size());
    Json answer{{"type", "seek_accepted"}, {"seek", seek.id}, {"waiting", waiting}};
    if (!message.id.empty()) answer["id"] = message.id;
    peer->Send(MakeFrame(answer.dump()));
    if (waiting == 0) {
      // The table is full: the seeker's seat as chosen (or drawn), the others drawn.
      table.emplace();
      table->match = seek.table;
      std::vector<Seat> free;
      for (Seat seat = 0; seat < static_cast<Seat>(seek.table.seats.size()); ++seat) {
        if (!seek.table.seats[seat].bot) free.push_back(seat);
      }
      const Seat seeker_seat = seek.seeker_seat >= 0 ? seek.seeker_seat : DrawSeat(free);
      table->persons[seeker_seat] = seek.seeker;
      table->creator = seek.seeker;
      std::erase(free, seeker_seat);
      for (const Person& taker : seek.takers) {
        const Seat seat = DrawSeat(free);
        table->persons[seat] = taker;
        std::erase(free, seat);
      }
      RemoveLocked(found, "taken");
    }
  }
  if (table) {
    Create(std::move(*table));
  } else {
    Announce(message.seek);
  }
}

// --- Rematch -------------------------------------------------------------------------------------

void Lobby::Rematch(const std::shared_ptr<Peer>& peer, const StoredMatch& stored, bool over,
                    Seat seat, const std::function<void(const Frame&)>& to_table) {
  if (!over) throw ProtocolError(ErrorCode::kForbidden, "a rematch follows a finished match");
  if (stored.seats.size() != 2) {
    throw ProtocolError(ErrorCode::kForbidden, "a rematch is for two-player matches");
  }
  Person me = PersonOf(peer);
  // The seat's account, whichever connection holds its token.
  me.account = stored.seats[seat].account_id;
  me.name = stored.seats[seat].account_name;
  std::optional<Table> table;
  {
    std::lock_guard lock(mutex_);
    if (!rematches_.contains(stored.id) &&
        static_cast<int>(rematches_.size()) >= limits_.pending_rematches) {
      // The rematches made are forgotten first (a late ask then offers a new one).
      std::erase_if(rematches_, [](const auto& entry) { return !entry.second.created.empty(); });
    }
    if (!rematches_.contains(stored.id) &&
        static_cast<int>(rematches_.size()) >= limits_.pending_rematches && !rematches_.empty()) {
      rematches_.erase(rematches_.begin());  // an old ask is forgotten rather than refuse this one
    }
    PendingRematch& pending = rematches_[stored.id];
    if (!pending.created.empty()) {
      throw ProtocolError(ErrorCode::kForbidden,
                          "the rematch was made already: match " + pending.created);
    }
    pending.asked[seat] = me;
    const Seat other = 1 - seat;
    if (!stored.seats[other].bot && !pending.asked.contains(other)) {
      // To both seats: the asker's acknowledgement too.
      to_table(
          MakeFrame(Json{{"type", "rematch_offer"}, {"match", stored.id}, {"seat", seat}}.dump()));
      return;
    }
    // Both asked (or the other is a bot): the same table, the seats swapped.
    std::map<int, std::string> bots;
    for (Seat old = 0; old < 2; ++old) {
      if (stored.seats[old].bot) bots[1 - old] = stored.seats[old].bot_spec;
    }
    table.emplace();
    try {
      std::vector<std::string> tokens;
      table->match = hub_.TableMatch(stored.game, OptionsJson(stored.options), bots);
    } catch (const Error& error) {
      rematches_.erase(stored.id);
      throw ProtocolError(ErrorCode::kBadMessage, error.what());
    }
    table->match.rated = stored.rated;
    table->match.clock = stored.clock;
    for (Seat old = 0; old < 2; ++old) {
      if (stored.seats[old].bot) continue;
      Person person = pending.asked.at(old);
      person.account = stored.seats[old].account_id;
      person.name = stored.seats[old].account_name;
      table->persons[1 - old] = person;
    }
    table->creator = me;
    pending.created = "(being created)";
  }
  const std::string created = Create(std::move(*table));
  std::lock_guard lock(mutex_);
  rematches_[stored.id].created = created;
}

void Lobby::TurnChanged(const StoredMatch& stored, Seat before, Seat now) {
  std::set<std::int64_t> accounts;
  for (const Seat seat : {before, now}) {
    if (seat < 0 || seat >= static_cast<Seat>(stored.seats.size())) continue;
    if (!stored.seats[seat].bot && stored.seats[seat].account_id != 0) {
      accounts.insert(stored.seats[seat].account_id);
    }
  }
  // Guests and bots: nobody to tell.
  for (const std::int64_t account : accounts) {
    const auto subscribed = [&] {
      std::vector<std::shared_ptr<Peer>> peers;
      const auto found = accounts_.find(account);
      if (found == accounts_.end()) return peers;
      for (const auto& [key, weak] : found->second) {
        if (!subscribers_.contains(key)) continue;  // only the lobby's subscribers
        if (auto peer = weak.lock()) peers.push_back(std::move(peer));
      }
      return peers;
    };
    {
      std::lock_guard lock(mutex_);
      if (subscribed().empty()) continue;
    }
    // The whole list, computed outside the lock (every room's seat to move: atomics).
    const Frame frame =
        MakeFrame(Json{{"type", "awaiting"}, {"awaiting", hub_.Awaiting(account)}}.dump());
    std::lock_guard lock(mutex_);
    for (const auto& peer : subscribed()) peer->Send(frame);
  }
}

// --- Creating the match --------------------------------------------------------------------------

std::string Lobby::Create(Table table) {
  StoredMatch& match = table.match;
  match.id = RandomToken(12);
  match.created_at = static_cast<std::int64_t>(std::time(nullptr));
  // The running matches per address count it against the seeker's (the rematch's last asker's).
  match.creator_address.clear();
  if (auto peer = table.creator.peer.lock()) match.creator_address = peer->address();
  std::map<Seat, std::string> tokens;
  for (auto& [seat, person] : table.persons) {
    tokens[seat] = RandomToken(32);
    StoredSeat& stored = match.seats.at(seat);
    stored.token_hash = Sha256Hex(tokens[seat]);
    stored.account_id = person.account;
    stored.account_name = person.name;
    if (auto peer = person.peer.lock(); peer && match.creator_address.empty()) {
      match.creator_address = peer->address();
    }
  }
  const std::string id = match.id;
  spdlog::info("lobby match {} ({}): {} persons", id, match.game, table.persons.size());
  const std::string game = match.game;
  hub_.StartMatch(std::move(match), [this, id, game, persons = table.persons,
                                     tokens](const std::optional<ProtocolError>& refused) {
    std::lock_guard lock(mutex_);
    for (const auto& [seat, person] : persons) {
      const Json frame = !refused ? Json{{"type", "match_ready"},
                                         {"match", id},
                                         {"game", game},
                                         {"seat", seat},
                                         {"token", tokens.at(seat)}}
                                  : ErrorMessage(refused->code, refused->what());
      SendToPersonLocked(person, MakeFrame(frame.dump()));
    }
  });
  return id;
}

// --- The list and its subscribers ----------------------------------------------------------------

void Lobby::Announce(const std::string& seek_id) {
  std::vector<std::pair<std::shared_ptr<Peer>, std::int64_t>> targets;
  Seek copy;
  {
    std::lock_guard lock(mutex_);
    const auto found = seeks_.find(seek_id);
    if (found == seeks_.end()) return;
    copy.seeker = found->second.seeker;
    copy.takers = found->second.takers;
    copy.invitee = found->second.invitee;
    copy.table.rated = found->second.table.rated;
    copy.min_rating = found->second.min_rating;
    copy.max_rating = found->second.max_rating;
    copy.pool = found->second.pool;
    for (const auto& [key, subscriber] : subscribers_) {
      if (auto peer = subscriber.peer.lock()) targets.emplace_back(peer, subscriber.account);
    }
  }
  // Each subscriber's rating in the seek's pool, from the database (only where a range asks).
  const bool ranged = copy.min_rating || copy.max_rating;
  std::map<std::int64_t, double> ratings;
  std::vector<std::shared_ptr<Peer>> shown;
  for (const auto& [peer, account] : targets) {
    double rating = 1500;
    if (ranged && account != 0) {
      const auto known = ratings.find(account);
      rating = known != ratings.end() ? known->second
                                      : (ratings[account] = CachedRatingIn(account, copy.pool));
    }
    if (Visible(copy, account, peer.get(), rating)) shown.push_back(peer);
  }
  std::lock_guard lock(mutex_);
  const auto found = seeks_.find(seek_id);
  if (found == seeks_.end()) return;  // removed meanwhile: nobody hears of it
  const Frame frame =
      MakeFrame(Json{{"type", "seek_added"}, {"seek", SeekJson(found->second)}}.dump());
  for (const auto& peer : shown) {
    if (!subscribers_.contains(peer.get())) continue;
    peer->Send(frame);
    found->second.shown.insert(peer.get());
  }
}

void Lobby::RemoveLocked(std::unordered_map<std::string, Seek>::iterator seek,
                         const std::string& why) {
  const Frame frame =
      MakeFrame(Json{{"type", "seek_removed"}, {"seek", seek->first}, {"reason", why}}.dump());
  for (const Peer* key : seek->second.shown) {
    const auto subscriber = subscribers_.find(key);
    if (subscriber == subscribers_.end()) continue;
    if (auto peer = subscriber->second.peer.lock()) peer->Send(frame);
  }
  std::erase(seek_order_, seek->first);
  seeks_.erase(seek);
}

void Lobby::SendToAccountLocked(std::int64_t account, const Frame& frame) {
  const auto found = accounts_.find(account);
  if (found == accounts_.end()) return;
  for (const auto& [key, weak] : found->second) {
    if (auto peer = weak.lock()) peer->Send(frame);
  }
}

void Lobby::SendToPersonLocked(const Person& person, const Frame& frame) {
  bool sent_to_own = false;
  if (person.account != 0) {
    const auto found = accounts_.find(person.account);
    if (found != accounts_.end()) {
      for (const auto& [key, weak] : found->second) {
        if (auto peer = weak.lock()) {
          peer->Send(frame);
          sent_to_own = sent_to_own || key == person.key;
        }
      }
    }
  }
  if (!sent_to_own) {
    if (auto peer = person.peer.lock()) peer->Send(frame);
  }
}

void Lobby::Closed(const Peer* peer) {
  const std::int64_t account = peer->account_id();
  std::vector<std::string> changed;
  std::unique_lock lock(mutex_);
  subscribers_.erase(peer);
  bool last = false;
  if (account != 0) {
    const auto found = accounts_.find(account);
    if (found != accounts_.end()) {
      found->second.erase(peer);
      if (found->second.empty()) {
        accounts_.erase(found);
        last = true;
      }
    } else {
      last = true;
    }
  }
  // Whether `person` left with this connection: a guest's connection, an account's last one.
  const auto gone = [&](const Person& person) {
    return person.account != 0 ? last && person.account == account
                               : account == 0 && person.key == peer;
  };
  for (auto it = seeks_.begin(); it != seeks_.end();) {
    Seek& seek = it->second;
    seek.shown.erase(peer);
    if (gone(seek.seeker)) {
      const auto next = std::next(it);
      RemoveLocked(it, "gone");
      it = next;
      continue;
    }
    if (std::erase_if(seek.takers, gone) > 0) changed.push_back(seek.id);
    ++it;
  }
  for (auto it = rematches_.begin(); it != rematches_.end();) {
    std::erase_if(it->second.asked, [&](const auto& entry) { return gone(entry.second); });
    it = it->second.asked.empty() && it->second.created.empty() ? rematches_.erase(it)
                                                                : std::next(it);
  }
  lock.unlock();  // Announce takes the lock itself
  for (const std::string& id : changed) Announce(id);
}

}  // namespace quartel::server
