// A match being played: the only authority over its state (issue 10, "Matches, seats, secrets").
// Every method runs on the room's strand, so a match's actions are handled one at a time, in
// order, without a lock, while other matches run on other threads.
//
// Events. Everything that happens is published as a numbered event (0: the match is created,
// with the chance draws that start it): one person's command (a move, a whole setup, a jump
// chain), the chance outcomes it led to, a bot's turn (up to a chance draw), a resignation, a draw
// offer or agreement. Each viewer (each seat, the spectators) receives each event computed from
// its own view: the words from State::DescribeTurn for that viewer, its JSON view after the event,
// and its legal actions when the decision is its own. An action names the event it answers (the
// last one); anything older is stale and refused.
//
// Drafts. A turn that is its seat's own secret while it lasts (a setup placed piece by piece:
// rulings, the number of placements is secret) is no event until it ends: its actions are stored
// as the seat's draft (durable, private), the seat alone is answered with a "draft" frame, and the
// match the others see does not change. When the turn ends, the draft and its last actions are
// published as one event. Nothing another viewer receives depends on how many placements it took.
//
// Durability: an event's entries are committed (CommitQueue) before any client hears of it. A
// room is rebuilt from its stored entries after a restart (Restore), exactly as it was.
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/json.h"
#include "engine/record.h"
#include "server/clock.h"
#include "server/commit_queue.h"
#include "server/metrics.h"
#include "server/peer.h"
#include "server/protocol.h"
#include "server/storage.h"

namespace quartel::server {

// How long a room waits for people who went away (docs/PROTOCOL.md, "Clocks"): a two-person
// match's seat may claim the win once its opponent has been away `claim_after`; an unclocked
// casual match ends as abandoned once no person has been connected for `abandon_after`.
struct RoomTimings {
  std::chrono::milliseconds claim_after{std::chrono::seconds(60)};
  std::chrono::milliseconds abandon_after{std::chrono::hours(1)};
  // The longest a bot thinks over one decision whatever its spec says (an iteration or node
  // budget reads no clock): then it is asked to answer with what it has (Bot::SetStopFlag).
  std::chrono::milliseconds bot_decision_limit{std::chrono::seconds(10)};
};

class Room;

// The stop flags of the bots thinking now. A shutdown asks each to answer at once: the limit's
// timer never fires once the network loop has stopped, and a bot with an iteration budget would
// hold the server's exit for as long as its search.
class ThinkingBots {
 public:
  void Add(const std::shared_ptr<std::atomic<bool>>& stop);
  void StopAll();

 private:
  std::mutex mutex_;
  bool stopping_ = false;
  std::vector<std::weak_ptr<std::atomic<bool>>> stops_;
};

struct RoomServices {
  CommitQueue& commits;
  boost::asio::thread_pool& bots;
  ThinkingBots& thinking;
  Metrics& metrics;
  // Called on the room's strand once the match is over and stored.
  std::function<void(const std::string& match_id, const std::string& creator)> on_finished;
  RoomTimings timings{};
  // Called on the room's strand when the match is over, stored, and nobody watches it any more:
  // the hub may forget the room (it is loaded again when someone views it).
  std::function<void(const std::shared_ptr<Room>& room)> on_idle{};
  // Called on the room's strand when an event changes the seat to move (public flow; `now` may be
  // kTerminalSeat or kChanceSeat): the lobby's "awaiting your move".
  std::function<void(const Room& room, engine::Seat before, engine::Seat now)> on_turn{};
};

// How a match ended outside its rules (a resignation, a draw agreed, time, abandoned): the
// record's EndReason name and the results, which a perfect-information game's state does not hold
// itself (State::EndGame). Empty while the match runs or when it ended by its rules.
struct OutsideEnding {
  std::string reason;
  std::vector<std::string> results;
  bool empty() const { return results.empty(); }
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  using Strand = boost::asio::strand<boost::asio::any_io_executor>;

  // A room for a stored match (its entries replayed: throws quartel::Error when they do not
  // replay), or for a new one (no entries: the initial chance draws are made and stored; `created`
  // is called once they are committed, with false when the database refused them).
  Room(Strand strand, RoomServices services, StoredMatch stored);
  static std::shared_ptr<Room> Restore(Strand strand, RoomServices services, StoredMatch stored);
  void Create(std::function<void(bool stored)> created);
  // After a restart: the bots carry on (on the strand).
  void Resume();

  Strand& strand() { return strand_; }
  const std::string& id() const { return stored_.id; }
  const StoredMatch& stored() const { return stored_; }
  const engine::Game& game() const { return match_.game(); }

  // The seat whose token this is, or nullopt. Thread-safe (the seats never change).
  std::optional<engine::Seat> SeatOfToken(const std::string& token) const;

  // --- On the strand ---
  // Subscribes `peer` as `viewer` (a seat or kSpectator) and sends it the match: the "joined"
  // message with its current view, preceded by the events after `since` when it names one (a
  // reconnect), or just the current view when too many are missing.
  void Join(const std::shared_ptr<Peer>& peer, engine::Seat viewer, std::optional<int> since,
            const std::string& request_id);
  void Leave(const Peer* peer);
  // A seat's message (act, resign, offer_draw, accept_draw). Errors go back to `peer` only.
  void Handle(const std::shared_ptr<Peer>& peer, engine::Seat seat, const ClientMessage& message,
              std::chrono::steady_clock::time_point received);
  // The record as `viewer` may know it: the full record once the match is over; while it runs,
  // only the events as that viewer saw them.
  Json RecordFor(engine::Seat viewer) const;
  // Runs `work` once every event published so far is stored and sent (at once when none is on
  // its way), so that what it shows a client (a join's state, a record) was committed first.
  void WhenPublished(std::function<void()> work);
  bool Over() const { return match_.Over(); }
  // Each seat's account (0: a guest or none), for any thread: a guest's seat becomes an account's
  // when it signs up (ClaimSeat), while the match runs.
  std::vector<std::int64_t> SeatAccounts() const;
  // On the strand: the seat whose token hashes to `token_hash` is now the account's.
  void ClaimSeat(const std::string& token_hash, std::int64_t account_id,
                 const std::string& account_name);
  // The seat whose decision the last published event awaits (public flow), or kTerminalSeat /
  // kChanceSeat. Thread-safe: the profiles' and the lobby's "awaiting your move".
  engine::Seat SeatToMove() const { return seat_to_move_.load(std::memory_order_relaxed); }
  bool HasSubscribers() const { return !subscribers_.empty(); }
  Json Summary() const;

  // --- Chat (docs/PROTOCOL.md, "Chat"), on the strand ---
  // A seat's line (`message.text`, checked by the protocol's parser) in a match of two persons or
  // more: sent to the connections joined as seats, and kept in memory (the last 50, which a seat
  // receives when it joins; a restart forgets them). Errors go back to `peer` only.
  void Chat(const std::shared_ptr<Peer>& peer, engine::Seat seat, const ClientMessage& message);
  // Sends `frame` to every connection joined as a seat (the players, not the spectators).
  void SendToSeats(const Frame& frame);
  // Tells the hub (RoomServices::on_idle) when the match is over, stored and unwatched.
  void CheckIdle();

 private:
  struct EventSpan {
    EntryKind kind = EntryKind::kAction;
    engine::Seat by = engine::kChanceSeat;  // who acted; kChanceSeat for chance alone
    int first_entry = 0;
    int end_entry = 0;
    // The players' moves through this event: their actions, less chance outcomes, resignations
    // and draw offers (what a record counts, and the match list's "moves").
    int moves = 0;
  };
  struct Subscriber {
    std::weak_ptr<Peer> peer;
    engine::Seat viewer;
  };
  // A seat's secret turn in progress (see "Drafts" above).
  struct Draft {
    engine::Seat seat = engine::kSpectator;
    std::vector<engine::Action> actions;
    std::unique_ptr<engine::State> state;  // the match's state with `actions` applied
  };

  void Act(engine::Seat seat, const ClientMessage& message,
           std::optional<std::chrono::steady_clock::time_point> received);
  // The actions of `message`, each legal in turn from `state` (the seat's draft or the match).
  std::vector<engine::Action> CheckedActions(const engine::State& state, engine::Seat seat,
                                             const ClientMessage& message) const;
  // Keeps `actions` (legal after the seat's draft so far) in the seat's draft, stores it, then
  // sends the seat its "draft" frame.
  void ExtendDraft(engine::Seat seat, const std::vector<engine::Action>& actions,
                   std::unique_ptr<engine::State> after);
  // The state `viewer` is shown now: its own draft's, or the last published one.
  const engine::State& ShownState(engine::Seat viewer) const;
  void Resign(engine::Seat seat);
  void OfferDraw(engine::Seat seat);
  void AcceptDraw(engine::Seat seat);
  void ClaimWin(engine::Seat seat, std::chrono::steady_clock::time_point now);

  // --- Clocks and absences (docs/PROTOCOL.md, "Clocks") ---
  // The seat whose clock runs in the published state (a person's seat to act), or none.
  std::optional<engine::Seat> ClockedSeat() const;
  // Updates the clocks for the event just published (`span`), and returns what to store.
  std::optional<StoredClock> ClockAfterEvent(const EventSpan& span);
  // Arms the flag timer at the running seat's flag, or cancels it.
  void ArmClockTimer();
  void OnClockTimer();
  // Publishes the end of a seat's time, or of the match as abandoned (an event each).
  void Timeout(engine::Seat seat);
  void Abandon();
  // Notes who went away when, then arms the absence timer at the next moment something changes
  // (a claim becomes possible, the match is abandoned).
  void UpdateAbsences();
  void OnAbsenceTimer();
  bool PersonSeatConnected(engine::Seat seat) const;
  // Why `seat` may not claim the win now ("" when it may).
  std::string WhyNoClaim(engine::Seat seat, std::chrono::steady_clock::time_point now) const;
  bool ClaimsApply() const;
  bool AbandonApplies() const;

  // Draws the chance outcomes due now from the CSPRNG, as entries of the event in progress.
  void DrawChance();
  // Ends the event in progress (entries from `first_entry`): stores it, then sends it.
  void Publish(EntryKind kind, engine::Seat by, int first_entry,
               std::unique_ptr<engine::State> start,
               std::optional<std::chrono::steady_clock::time_point> received,
               std::optional<engine::Seat> draft_done = std::nullopt);
  // Runs after a commit of this room on its strand: counts it done, then runs what waited for it.
  void CommitDone();
  void MaybeStartBot();
  void OnBotAction(engine::Seat seat, int version, std::optional<engine::Action> action);
  void AbandonBotTurn();
  // Pauses the match until a restart and tells its viewers (`only` that one: a draft's failure
  // is its seat's secret; the others learn of the pause when they next act).
  void Fail(const std::string& why, std::optional<engine::Seat> only = std::nullopt);

  // Who is at the table (docs/PROTOCOL.md, "Presence"): per seat "bot", "invited" (no one has
  // come to it yet), "connected" or "away". It says nothing of the game, only of connections.
  Json Presence() const;
  // Sends every viewer but `except` a "presence" frame when the presence changed (or who may
  // claim the win: "claimable").
  void SendPresenceIfChanged(const Peer* except);
  // Per seat, whether it may claim the win now.
  Json Claimable() const;

  std::optional<engine::Seat> StandingOffer() const;
  int LastEvent() const { return static_cast<int>(events_.size()) - 1; }
  std::vector<engine::Seat> Viewers() const;
  // The frame of event `number` for `viewer`: `start` is the state before it, `state` after it.
  // `ended`: the results when the match ended outside its rules by then (EndedOutside).
  Json EventMessage(int number, const EventSpan& span, const engine::State& start,
                    const engine::State& state, const OutsideEnding& ended,
                    engine::Seat viewer) const;
  Json StatePayload(const engine::State& state, const OutsideEnding& ended, int last_event,
                    engine::Seat viewer) const;
  // Replays the stored entries event by event: `visit` gets each event's number, span, the state
  // before it and the match after it (a reconnect's missed events, a running match's record).
  void ReplayEvents(const std::function<void(int, const EventSpan&, const engine::State&,
                                             const engine::Match&)>& visit) const;
  std::string EventText(const EventSpan& span, const engine::State& start,
                        engine::Seat viewer) const;
  // The same as facts (State::TurnSteps; docs/PROTOCOL.md, "Facts"): a resignation, a draw
  // offered or agreed and the match's beginning are facts of their own.
  Json EventSteps(const EventSpan& span, const engine::State& start, engine::Seat viewer) const;
  void SendError(const std::shared_ptr<Peer>& peer, ErrorCode code, const std::string& message,
                 const std::string& request_id);

  Strand strand_;
  RoomServices services_;
  StoredMatch stored_;  // creation data; `entries` holds every entry, stored or not yet
  engine::Match match_;
  std::vector<EventSpan> events_;
  std::vector<std::unique_ptr<ai::Bot>> bots_;  // per seat; null for a person
  std::vector<Subscriber> subscribers_;
  // The state after the last event published: what a joining client is shown. The match itself
  // may be ahead of it by a bot's turn not yet published.
  std::unique_ptr<engine::State> published_;
  std::atomic<engine::Seat> seat_to_move_{engine::kTerminalSeat};  // published_'s CurrentSeat
  mutable std::mutex seat_accounts_mutex_;  // stored_.seats' accounts, read off the strand
  int commits_in_flight_ = 0;
  std::vector<std::function<void()>> after_commits_;
  // The same for drafts: only the drafting seat's join waits for them.
  int draft_commits_in_flight_ = 0;
  std::vector<std::function<void()>> after_draft_commits_;
  bool failed_ = false;
  // A bot's turn in progress: it thinks on the pool while the room waits; its actions so far are
  // applied but not yet published (one event per bot turn, up to a chance draw).
  bool bot_thinking_ = false;
  std::unique_ptr<engine::State> bot_turn_start_;
  int bot_turn_first_entry_ = -1;
  std::optional<Draft> draft_;
  // Per seat: someone has held it since the server started, or it has acted in the match.
  std::vector<bool> seat_came_;
  Json presence_sent_;
  // The clocks (none when the match has none) and their timer; the absences and theirs.
  MatchClock clock_;
  boost::asio::steady_timer clock_timer_;
  std::vector<std::optional<std::chrono::steady_clock::time_point>> away_since_;  // per seat
  std::optional<std::chrono::steady_clock::time_point> nobody_since_;  // no person connected
  boost::asio::steady_timer absence_timer_;
  // The chat: its last lines (their frames) and, per seat, when it last spoke (the rate limit).
  void SendChatHistory(const std::shared_ptr<Peer>& peer);
  std::deque<Json> chat_;
  int chat_lines_ = 0;
  std::map<engine::Seat, std::deque<std::chrono::steady_clock::time_point>> chat_times_;
};

// The "state" of a frame, computed for `viewer` (a seat or kSpectator) through its SeatHandle
// only: its view, whose turn (public flow), its legal actions on its own decision, the result, a
// standing draw offer, and once over why ("ending": "rules" or the outside ending's reason).
// `version`: the event the state follows. Tests compare it on states a seat cannot tell apart.
Json ViewerState(const engine::State& state, const OutsideEnding& ended, int version,
                 engine::Seat viewer, std::optional<engine::Seat> draw_offer);

// The seat names a record and the match list show: "person" or "bot:<spec>".
std::vector<std::string> SeatLabels(const StoredMatch& stored);

}  // namespace quartel::server
