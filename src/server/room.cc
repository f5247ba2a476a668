#include "server/room.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "core/error.h"
#include "core/rng.h"
#include "core/secret.h"
#include "engine/playout.h"
#include "engine/seat_handle.h"

namespace quartel::server {
namespace asio = boost::asio;
using engine::Action;
using engine::kChanceSeat;
using engine::kSpectator;
using engine::Seat;

namespace {

using SteadyClock = std::chrono::steady_clock;

// A seat's time ran out: where the game goes on without it (WAR with three or more left,
// State::ResignSeat) it leaves as by resignation; otherwise the game ends on time: a loss for it
// and a win for every other seat (or, where leaving ends the game, the results the rules give).
void ApplyTimeout(engine::Match& match, Seat seat) {
  auto trial = match.state().Clone();
  const bool resigned = trial->ResignSeat(seat);
  if (resigned && !trial->IsTerminal()) return match.Resign(seat);
  std::vector<engine::Outcome> results;
  if (resigned) {
    results = trial->Results();
  } else {
    results.assign(match.game().NumSeats(), engine::Outcome::kWin);
    results.at(seat) = engine::Outcome::kLoss;
  }
  match.End(engine::EndReason::kTime, results);
}

// Applies one stored entry to a match: live play, a restart and a replay for a viewer alike.
void ApplyEntryTo(engine::Match& match, const StoredEntry& entry) {
  switch (entry.kind) {
    case EntryKind::kAction:
      match.Apply(entry.action);
      break;
    case EntryKind::kResign:
      match.Resign(entry.seat);
      break;
    case EntryKind::kOfferDraw:
      break;  // an offer changes nothing in the game
    case EntryKind::kAgreeDraw:
      match.End(engine::EndReason::kAgreement,
                std::vector<engine::Outcome>(match.game().NumSeats(), engine::Outcome::kDraw));
      break;
    case EntryKind::kTimeout:
      ApplyTimeout(match, entry.seat);
      break;
    case EntryKind::kClaimWin: {
      // The claimer wins over an opponent gone past the grace period (two seats only).
      std::vector<engine::Outcome> results(match.game().NumSeats(), engine::Outcome::kLoss);
      results.at(entry.seat) = engine::Outcome::kWin;
      match.End(engine::EndReason::kAbandoned, results);
      break;
    }
    case EntryKind::kAbandon:
      // Nobody came back: no one won (every seat "draw", and nothing is rated).
      match.End(engine::EndReason::kAbandoned,
                std::vector<engine::Outcome>(match.game().NumSeats(), engine::Outcome::kDraw));
      break;
  }
}

std::int64_t WallClockMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// How the match ended outside its rules, if it did (OutsideEnding).
OutsideEnding EndedOutside(const engine::Match& match) {
  if (match.record().ending.empty()) return {};
  return {match.record().ending, match.record().result};
}

}  // namespace

std::vector<std::string> SeatLabels(const StoredMatch& stored) {
  std::vector<std::string> labels;
  for (const StoredSeat& seat : stored.seats) {
    labels.push_back(seat.bot ? "bot:" + seat.bot_spec : "person");
  }
  return labels;
}

Room::Room(Strand strand, RoomServices services, StoredMatch stored)
    : strand_(std::move(strand)),
      services_(std::move(services)),
      stored_(std::move(stored)),
      match_(engine::LoadGame(stored_.game, stored_.options), SeatLabels(stored_)),
      clock_timer_(strand_),
      absence_timer_(strand_) {
  std::vector<bool> timed;
  for (const StoredSeat& seat : stored_.seats) {
    bots_.push_back(seat.bot ? ai::MakeBot(seat.bot_spec, match_.game(), SecureRandom64())
                             : nullptr);
    timed.push_back(!seat.bot);
  }
  clock_ = MatchClock(stored_.clock, std::move(timed));
  away_since_.assign(stored_.seats.size(), std::nullopt);
  seat_came_.assign(stored_.seats.size(), false);
  for (const StoredEntry& entry : stored_.entries) {
    if (entry.seat >= 0) seat_came_.at(entry.seat) = true;
  }
}

std::shared_ptr<Room> Room::Restore(Strand strand, RoomServices services, StoredMatch stored) {
  std::vector<StoredEntry> entries = std::move(stored.entries);
  stored.entries.clear();
  auto room = std::make_shared<Room>(std::move(strand), std::move(services), std::move(stored));
  room->events_.push_back({EntryKind::kAction, kChanceSeat, 0, 0});  // event 0: the start
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const StoredEntry& entry = entries[i];
    if (entry.event == room->LastEvent() + 1) {
      room->events_.push_back({entry.kind, entry.seat, static_cast<int>(i), static_cast<int>(i),
                               room->events_.back().moves});
    } else if (entry.event != room->LastEvent()) {
      throw Error("match " + room->id() + ": entry " + std::to_string(i) + " skips an event");
    }
    if (entry.seat >= 0) room->seat_came_.at(entry.seat) = true;
    try {
      ApplyEntryTo(room->match_, entry);
    } catch (const Error& error) {
      throw Error("match " + room->id() + ": entry " + std::to_string(i) +
                  " does not replay: " + error.what());
    }
    room->stored_.entries.push_back(entry);
    room->events_.back().end_entry = static_cast<int>(i) + 1;
    if (entry.kind == EntryKind::kAction && entry.seat >= 0) ++room->events_.back().moves;
  }
  room->published_ = room->match_.state().Clone();
  room->seat_to_move_ = room->published_->CurrentSeat();
  // The clocks as stored after the last event; the seat to act goes on from there (the time
  // the server was down is not charged).
  if (room->stored_.last_clock) room->clock_.Restore(room->stored_.last_clock->remaining_ms);
  if (!room->match_.Over()) room->clock_.OnEvent(SteadyClock::now(), false, room->ClockedSeat());
  for (const auto& [seat, actions] : room->stored_.drafts) {
    if (room->match_.Over() || room->match_.state().CurrentSeat() != seat || actions.empty()) {
      continue;  // the turn ended by other means: nothing of it was published
    }
    Draft draft{seat, {}, room->match_.state().Clone()};
    try {
      for (Action action : actions) {
        draft.state->ApplyAction(action);
        draft.actions.push_back(action);
      }
      room->draft_ = std::move(draft);
    } catch (const Error&) {  // not its text: it names the seat's secret placements
      spdlog::error("match {}: a stored draft does not replay and is dropped", room->id());
    }
  }
  room->stored_.drafts.clear();
  return room;
}

void Room::Create(std::function<void(bool stored)> created) {
  auto start = match_.state().Clone();
  DrawChance();
  events_.push_back({EntryKind::kAction, kChanceSeat, 0, static_cast<int>(stored_.entries.size())});
  published_ = match_.state().Clone();
  seat_to_move_ = published_->CurrentSeat();
  std::optional<StoredClock> clock = ClockAfterEvent(events_.back());
  services_.commits.Submit(
      [stored = stored_, clock](Storage& storage) {
        storage.CreateMatch(stored);
        if (clock) storage.SaveEventClock(stored.id, *clock);
      },
      [self = shared_from_this(), created = std::move(created)](bool stored) {
        asio::post(self->strand_, [self, created, stored] {
          if (!stored) self->Fail("the database refused the new match");
          created(stored);
          if (!stored) return;
          self->UpdateAbsences();
          self->ArmClockTimer();
          self->MaybeStartBot();
        });
      });
}

void Room::Resume() {
  if (match_.Over()) return;
  UpdateAbsences();
  ArmClockTimer();
  if (match_.state().IsChanceNode()) {
    // Stored entries always end past the chance draws of their event; this repairs a database
    // written otherwise.
    auto start = match_.state().Clone();
    const int first = static_cast<int>(stored_.entries.size());
    DrawChance();
    Publish(EntryKind::kAction, kChanceSeat, first, std::move(start), std::nullopt);
    return;
  }
  MaybeStartBot();
}

std::optional<Seat> Room::SeatOfToken(const std::string& token) const {
  const std::string hash = Sha256Hex(token);
  for (std::size_t seat = 0; seat < stored_.seats.size(); ++seat) {
    const StoredSeat& stored = stored_.seats[seat];
    if (!stored.bot && ConstantTimeEquals(stored.token_hash, hash)) return static_cast<Seat>(seat);
  }
  return std::nullopt;
}

// --- Subscribers ---------------------------------------------------------------------------------

void Room::WhenPublished(std::function<void()> work) {
  if (commits_in_flight_ == 0) return work();
  after_commits_.push_back(std::move(work));
}

void Room::Join(const std::shared_ptr<Peer>& peer, Seat viewer, std::optional<int> since,
                const std::string& request_id) {
  auto again = [self = shared_from_this(), peer, viewer, since, request_id] {
    self->Join(peer, viewer, since, request_id);
  };
  // What it would be shown is not stored yet: it joins once it is. Only the seat setting up
  // waits for its draft: another viewer's join must not take longer while placements are stored.
  if (commits_in_flight_ > 0) return WhenPublished(std::move(again));
  if (draft_ && draft_->seat == viewer && draft_commits_in_flight_ > 0) {
    return after_draft_commits_.push_back(std::move(again));
  }
  std::erase_if(subscribers_, [&](const Subscriber& s) {
    auto locked = s.peer.lock();
    return !locked || locked == peer;
  });
  subscribers_.push_back({peer, viewer});
  if (viewer >= 0) seat_came_.at(viewer) = true;
  UpdateAbsences();
  // A reconnect: the events it missed, each as it saw it then, replayed from the stored entries.
  constexpr int kMostEventsResent = 200;
  const bool resend = since && *since < LastEvent() && LastEvent() - *since <= kMostEventsResent;
  if (resend) {
    ReplayEvents([&](int number, const EventSpan& span, const engine::State& start,
                     const engine::Match& after) {
      if (number <= *since) return;
      peer->Send(MakeFrame(
          EventMessage(number, span, start, after.state(), EndedOutside(after), viewer).dump()));
    });
  }
  Json joined{
      {"type", "joined"},
      {"match", id()},
      {"game", stored_.game},
      {"options", match_.game().options().values()},
      {"seats", SeatLabels(stored_)},
      {"seat_names", Json::array()},
      {"you", viewer == kSpectator ? Json("spectator") : Json(viewer)},
      {"event", LastEvent()},
      {"resent", resend ? LastEvent() - *since : 0},
      {"moves", events_[LastEvent()].moves},
      {"state", StatePayload(ShownState(viewer), EndedOutside(match_), LastEvent(), viewer)},
      {"presence", Presence()}};
  for (int seat = 0; seat < match_.game().NumSeats(); ++seat) {
    joined["seat_names"].push_back(match_.game().SeatName(seat));
  }
  if (!request_id.empty()) joined["id"] = request_id;
  peer->Send(MakeFrame(joined.dump()));
  if (viewer >= 0) SendChatHistory(peer);
  SendPresenceIfChanged(peer.get());
  if (failed_) {
    SendError(peer, ErrorCode::kUnavailable,
              "the server could not store this match's last event; it is paused until a restart",
              request_id);
  }
}

void Room::Leave(const Peer* peer) {
  std::erase_if(subscribers_, [&](const Subscriber& s) {
    auto locked = s.peer.lock();
    return !locked || locked.get() == peer;
  });
  UpdateAbsences();
  SendPresenceIfChanged(peer);
  CheckIdle();
}

Json Room::Presence() const {
  Json presence = Json::array();
  for (Seat seat = 0; seat < match_.game().NumSeats(); ++seat) {
    const bool connected =
        std::any_of(subscribers_.begin(), subscribers_.end(),
                    [&](const auto& s) { return s.viewer == seat && !s.peer.expired(); });
    if (bots_[seat])
      presence.push_back("bot");
    else if (connected)
      presence.push_back("connected");
    else
      presence.push_back(seat_came_[seat] ? "away" : "invited");
  }
  return presence;
}

void Room::SendPresenceIfChanged(const Peer* except) {
  Json presence{{"type", "presence"}, {"match", id()}, {"presence", Presence()}};
  if (ClaimsApply()) presence["claimable"] = Claimable();
  if (presence == presence_sent_) return;
  presence_sent_ = presence;
  const std::string frame = presence.dump();
  for (const Subscriber& subscriber : subscribers_) {
    auto peer = subscriber.peer.lock();
    if (peer && peer.get() != except) peer->Send(MakeFrame(frame));
  }
}

// --- A seat's messages ---------------------------------------------------------------------------

void Room::Handle(const std::shared_ptr<Peer>& peer, Seat seat, const ClientMessage& message,
                  std::chrono::steady_clock::time_point received) {
  try {
    if (failed_) {
      throw ProtocolError(ErrorCode::kUnavailable,
                          "the server could not store this match's last event; it is paused");
    }
    if (match_.Over()) throw ProtocolError(ErrorCode::kOver, "the match is over");
    if (message.type == ClientType::kClaimWin) {
      const auto now = SteadyClock::now();
      const std::string why = WhyNoClaim(seat, now);
      if (!why.empty()) throw ProtocolError(ErrorCode::kIllegal, why);
      AbandonBotTurn();
      const int first = static_cast<int>(stored_.entries.size());
      auto start = match_.state().Clone();
      ClaimWin(seat, now);
      return Publish(EntryKind::kClaimWin, seat, first, std::move(start), received);
    }
    if (!message.event || *message.event != LastEvent()) {
      throw ProtocolError(ErrorCode::kStale,
                          "stale: you answered event " + std::to_string(*message.event) +
                              ", the match is at event " + std::to_string(LastEvent()));
    }
    // A bot's turn not yet published gives way: the event this message makes comes first.
    if (message.type != ClientType::kAct) AbandonBotTurn();
    const int first = static_cast<int>(stored_.entries.size());
    auto start = match_.state().Clone();
    switch (message.type) {
      case ClientType::kAct:
        Act(seat, message, received);
        break;
      case ClientType::kResign:
        Resign(seat);
        DrawChance();
        Publish(EntryKind::kResign, seat, first, std::move(start), received);
        break;
      case ClientType::kOfferDraw:
        OfferDraw(seat);
        Publish(EntryKind::kOfferDraw, seat, first, std::move(start), received);
        break;
      case ClientType::kAcceptDraw:
        AcceptDraw(seat);
        Publish(EntryKind::kAgreeDraw, seat, first, std::move(start), received);
        break;
      default:
        throw ProtocolError(ErrorCode::kBadMessage, "not a seat's action");
    }
  } catch (const ProtocolError& error) {
    SendError(peer, error.code, error.what(), message.id);
  } catch (const Error& error) {
    // The rules refused what the checks let through (a seat resigning twice): nothing changed.
    SendError(peer, ErrorCode::kIllegal, error.what(), message.id);
  }
}

// A seat's command. Where the seat's turn goes on afterwards and is its own secret (a setup
// placed piece by piece), the actions join its draft and nobody else hears of them; otherwise the
// draft, if any, and these actions are published as one event.
void Room::Act(Seat seat, const ClientMessage& message,
               std::optional<std::chrono::steady_clock::time_point> received) {
  // The seat acts on its draft when it has one, else on the match (which a bot's turn not yet
  // published may have taken past what was shown: then it is not this seat's decision).
  const engine::State& from = draft_ && draft_->seat == seat ? *draft_->state : match_.state();
  const std::vector<Action> actions = CheckedActions(from, seat, message);
  auto after = from.Clone();
  for (Action action : actions) after->ApplyAction(action);
  if (after->CurrentSeat() == seat && after->ActionsUncountedBy(kSpectator) > 0) {
    return ExtendDraft(seat, actions, std::move(after));
  }
  const int first = static_cast<int>(stored_.entries.size());
  auto start = match_.state().Clone();
  // The whole turn, its draft first, is one event.
  std::vector<Action> turn;
  std::optional<Seat> draft_done;
  if (draft_ && draft_->seat == seat) {
    turn = std::move(draft_->actions);
    draft_.reset();
    draft_done = seat;
  }
  turn.insert(turn.end(), actions.begin(), actions.end());
  for (Action action : turn) {
    match_.Apply(action);
    stored_.entries.push_back({LastEvent() + 1, EntryKind::kAction, seat, action});
  }
  DrawChance();
  Publish(EntryKind::kAction, seat, first, std::move(start), received, draft_done);
}

void Room::ExtendDraft(Seat seat, const std::vector<Action>& actions,
                       std::unique_ptr<engine::State> after) {
  if (!draft_) draft_ = Draft{seat, {}, nullptr};
  const auto before = std::move(draft_->state);
  const engine::State& from = before ? *before : match_.state();
  const std::string text = from.DescribeTurn(actions, seat);
  Json steps = from.TurnSteps(actions, seat);
  draft_->actions.insert(draft_->actions.end(), actions.begin(), actions.end());
  draft_->state = std::move(after);
  Json frame{
      {"type", "draft"},           {"match", id()},
      {"event", LastEvent()},      {"text", text},
      {"steps", std::move(steps)}, {"state", StatePayload(*draft_->state, {}, LastEvent(), seat)}};
  ++draft_commits_in_flight_;
  services_.commits.Submit(
      [id = id(), seat, draft = draft_->actions](Storage& storage) {
        storage.SaveDraft(id, seat, draft);
      },
      [self = shared_from_this(), seat, frame = MakeFrame(frame.dump())](bool stored) {
        asio::post(self->strand_, [self, seat, frame, stored] {
          // Told to the seat alone either way: the others may not learn that it placed a piece.
          if (!stored) {
            self->Fail("the database refused a draft", seat);
          } else {
            for (const Subscriber& subscriber : self->subscribers_) {
              auto peer = subscriber.peer.lock();
              if (peer && subscriber.viewer == seat) peer->Send(frame);
            }
          }
          if (--self->draft_commits_in_flight_ > 0) return;
          auto waiting = std::move(self->after_draft_commits_);
          self->after_draft_commits_.clear();
          for (auto& work : waiting) work();
        });
      });
}

const engine::State& Room::ShownState(Seat viewer) const {
  return draft_ && draft_->seat == viewer ? *draft_->state : *published_;
}

std::vector<Action> Room::CheckedActions(const engine::State& state, Seat seat,
                                         const ClientMessage& message) const {
  const engine::SeatHandle handle(state, seat, LastEvent());
  if (!handle.IsMyDecision()) {
    throw ProtocolError(ErrorCode::kNotYourTurn, "it is not your decision");
  }
  if (!message.turn.empty()) {
    try {
      return handle.ParseTurn(message.turn, LastEvent());
    } catch (const Error& error) {
      throw ProtocolError(ErrorCode::kIllegal, error.what());
    }
  }
  // Action ids: each legal in turn, on a copy, before the match sees any.
  auto trial = state.Clone();
  std::vector<Action> actions;
  for (int action : message.actions) {
    const engine::SeatHandle trial_handle(*trial, seat, LastEvent());
    if (!trial_handle.IsMyDecision()) {
      throw ProtocolError(ErrorCode::kIllegal,
                          "your turn ended after " + std::to_string(actions.size()) + " actions");
    }
    if (action >= match_.game().NumDistinctActions()) {
      throw ProtocolError(ErrorCode::kIllegal,
                          "action " + std::to_string(action) + " is no action of this game");
    }
    const std::string why = trial_handle.WhyRefused(action, LastEvent());
    if (!why.empty()) throw ProtocolError(ErrorCode::kIllegal, why);
    trial->ApplyAction(action);
    actions.push_back(action);
  }
  return actions;
}

void Room::Resign(Seat seat) {
  match_.Resign(seat);
  stored_.entries.push_back({LastEvent() + 1, EntryKind::kResign, seat, -1});
}

void Room::OfferDraw(Seat seat) {
  if (!match_.game().info().draw_by_agreement) {
    throw ProtocolError(ErrorCode::kIllegal, "the rules of " + match_.game().info().display_name +
                                                 " have no draw by agreement");
  }
  const auto offer = StandingOffer();
  if (offer) {
    throw ProtocolError(ErrorCode::kIllegal,
                        offer == seat ? "your draw offer stands"
                                      : "a draw is offered to you: accept it or play on");
  }
  stored_.entries.push_back({LastEvent() + 1, EntryKind::kOfferDraw, seat, -1});
}

void Room::AcceptDraw(Seat seat) {
  const auto offer = StandingOffer();
  if (!offer || *offer == seat) {
    throw ProtocolError(ErrorCode::kIllegal, "no draw is offered to you");
  }
  const StoredEntry entry{LastEvent() + 1, EntryKind::kAgreeDraw, seat, -1};
  ApplyEntryTo(match_, entry);
  stored_.entries.push_back(entry);
}

// Each chance event draws with a fresh seed from the CSPRNG at the moment it happens: no seed
// exists that a client could learn (issue 10; rulings, "Common to every game").
void Room::DrawChance() {
  while (!match_.Over() && match_.state().IsChanceNode()) {
    Rng rng(SecureRandom64());
    const Action outcome = engine::SampleChanceOutcome(match_.state(), rng);
    match_.Apply(outcome);
    stored_.entries.push_back({LastEvent() + 1, EntryKind::kAction, kChanceSeat, outcome});
  }
}

// --- Publishing ----------------------------------------------------------------------------------

void Room::Publish(EntryKind kind, Seat by, int first_entry, std::unique_ptr<engine::State> start,
                   std::optional<std::chrono::steady_clock::time_point> received,
                   std::optional<Seat> draft_done) {
  EventSpan span{kind, by, first_entry, static_cast<int>(stored_.entries.size()),
                 events_.back().moves};
  for (int i = span.first_entry; i < span.end_entry; ++i) {
    if (stored_.entries[i].kind == EntryKind::kAction && stored_.entries[i].seat >= 0) ++span.moves;
  }
  services_.metrics.moves_total += span.moves - events_.back().moves;
  events_.push_back(span);

  published_ = match_.state().Clone();
  const Seat moved_before = seat_to_move_.exchange(published_->CurrentSeat());
  if (services_.on_turn && moved_before != seat_to_move_) {
    services_.on_turn(*this, moved_before, seat_to_move_);
  }
  // The end of the match ends a draft too: that turn was never published, and never will be.
  if (match_.Over()) draft_.reset();
  std::optional<StoredClock> clock = ClockAfterEvent(span);
  // Frames for the viewers someone watches as; a client joining meanwhile waits for the commit.
  std::vector<std::pair<Seat, Frame>> frames;
  for (Seat viewer : Viewers()) {
    const bool watched = std::any_of(subscribers_.begin(), subscribers_.end(),
                                     [&](const Subscriber& s) { return s.viewer == viewer; });
    if (!watched) continue;
    frames.emplace_back(viewer,
                        MakeFrame(EventMessage(LastEvent(), span, *start, ShownState(viewer),
                                               EndedOutside(match_), viewer)
                                      .dump()));
  }
  ++commits_in_flight_;
  const bool over = match_.Over();
  std::vector<std::string> result = match_.record().result;
  if (over && result.empty()) {
    for (engine::Outcome outcome : match_.state().Results()) {
      result.push_back(engine::OutcomeName(outcome));
    }
  }
  std::vector<StoredEntry> entries(stored_.entries.begin() + span.first_entry,
                                   stored_.entries.end());
  services_.commits.Submit(
      [id = id(), first_entry, entries = std::move(entries), over, result, draft_done, clock,
       ending = match_.record().ending](Storage& storage) {
        storage.AppendEntries(id, first_entry, entries);
        if (clock) storage.SaveEventClock(id, *clock);
        if (draft_done) storage.SaveDraft(id, *draft_done, {});
        if (over) storage.FinishMatch(id, result, ending);
      },
      [self = shared_from_this(), frames = std::move(frames), received, over](bool stored) {
        asio::post(self->strand_, [self, frames, received, over, stored] {
          if (!stored) {
            self->Fail("the database refused an event");
            return self->CommitDone();
          }
          // Counted as finished, and its latency observed, before anyone hears of it (the creator
          // may start another; a client that reads /metrics on the event must find it counted).
          if (over) self->services_.on_finished(self->id(), self->stored_.creator_address);
          if (received) {
            self->services_.metrics.ObserveLatency(std::chrono::steady_clock::now() - *received);
          }
          for (const Subscriber& subscriber : self->subscribers_) {
            auto peer = subscriber.peer.lock();
            if (!peer) continue;
            for (const auto& [viewer, frame] : frames) {
              if (viewer == subscriber.viewer) peer->Send(frame);
            }
          }
          self->CommitDone();
        });
      });
  ArmClockTimer();
  if (over) absence_timer_.cancel();
  MaybeStartBot();
}

void Room::CommitDone() {
  if (--commits_in_flight_ > 0) return;
  auto waiting = std::move(after_commits_);
  after_commits_.clear();
  for (auto& work : waiting) work();
  CheckIdle();
}

void Room::CheckIdle() {
  if (!match_.Over() || commits_in_flight_ > 0 || !services_.on_idle) return;
  const bool watched = std::any_of(subscribers_.begin(), subscribers_.end(),
                                   [](const Subscriber& s) { return !s.peer.expired(); });
  if (!watched) services_.on_idle(shared_from_this());
}

void Room::ReplayEvents(const std::function<void(int, const EventSpan&, const engine::State&,
                                                 const engine::Match&)>& visit) const {
  engine::Match replay(match_.shared_game(), SeatLabels(stored_));
  for (int number = 0; number <= LastEvent(); ++number) {
    const EventSpan& span = events_[number];
    const auto start = replay.state().Clone();
    for (int i = span.first_entry; i < span.end_entry; ++i) {
      ApplyEntryTo(replay, stored_.entries[i]);
    }
    visit(number, span, *start, replay);
  }
}

// An offer stands until the next event (docs/PROTOCOL.md).
std::optional<Seat> Room::StandingOffer() const {
  if (events_.back().kind != EntryKind::kOfferDraw) return std::nullopt;
  return events_.back().by;
}

std::vector<Seat> Room::Viewers() const {
  std::vector<Seat> viewers;
  for (Seat seat = 0; seat < match_.game().NumSeats(); ++seat) viewers.push_back(seat);
  viewers.push_back(kSpectator);
  return viewers;
}

Json Room::EventMessage(int number, const EventSpan& span, const engine::State& start,
                        const engine::State& state, const OutsideEnding& ended, Seat viewer) const {
  Json by = span.kind == EntryKind::kAbandon ? Json()
            : span.by == kChanceSeat         ? Json("chance")
                                             : Json(span.by);
  return Json{{"type", "event"},
              {"match", id()},
              {"event", number},
              {"kind", number == 0 ? "start" : EntryKindName(span.kind)},
              {"by", by},
              {"text", EventText(span, start, viewer)},
              {"steps", EventSteps(span, start, viewer)},
              {"moves", span.moves},
              {"state", StatePayload(state, ended, number, viewer)}};
}

Json Room::EventSteps(const EventSpan& span, const engine::State& start, Seat viewer) const {
  const Json seat = span.by >= 0 ? Json(span.by) : Json();
  switch (span.kind) {
    case EntryKind::kResign:
      return Json::array({{{"kind", "resign"}, {"seat", seat}}});
    case EntryKind::kOfferDraw:
      return Json::array({{{"kind", "offer_draw"}, {"seat", seat}}});
    case EntryKind::kAgreeDraw:
      return Json::array({{{"kind", "agree_draw"}, {"seat", seat}}});
    case EntryKind::kTimeout:
      return Json::array({{{"kind", "timeout"}, {"seat", seat}}});
    case EntryKind::kClaimWin:
      return Json::array({{{"kind", "claim_win"}, {"seat", seat}}});
    case EntryKind::kAbandon:
      return Json::array({{{"kind", "abandon"}, {"seat", Json()}}});
    case EntryKind::kAction:
      break;
  }
  std::vector<Action> actions;
  for (int i = span.first_entry; i < span.end_entry; ++i)
    actions.push_back(stored_.entries[i].action);
  if (actions.empty()) {
    return span.by == kChanceSeat ? Json::array({{{"kind", "begin"}}}) : Json::array();
  }
  return start.TurnSteps(actions, viewer);
}

std::string Room::EventText(const EventSpan& span, const engine::State& start, Seat viewer) const {
  const engine::Game& game = match_.game();
  const std::string who = span.by >= 0 ? game.SeatName(span.by) : "";
  switch (span.kind) {
    case EntryKind::kResign:
      return who + " resigns";
    case EntryKind::kOfferDraw:
      return who + " offers a draw";
    case EntryKind::kAgreeDraw:
      return who + " accepts the draw: the game is drawn";
    case EntryKind::kTimeout:
      return who + " ran out of time";
    case EntryKind::kClaimWin:
      return who + " claims the win: the opponent left the game";
    case EntryKind::kAbandon:
      return "the match is abandoned: no one has been back to it";
    case EntryKind::kAction:
      break;
  }
  std::vector<Action> actions;
  for (int i = span.first_entry; i < span.end_entry; ++i)
    actions.push_back(stored_.entries[i].action);
  if (actions.empty()) return span.by == kChanceSeat ? "the match begins" : "";
  return start.DescribeTurn(actions, viewer);
}

Json Room::StatePayload(const engine::State& state, const OutsideEnding& ended, int last_event,
                        Seat viewer) const {
  // An offer stands until the next event: the state after an offer is the only one that has it.
  const EventSpan& last = events_[last_event];
  Json payload =
      ViewerState(state, ended, last_event, viewer,
                  last.kind == EntryKind::kOfferDraw ? std::optional<Seat>(last.by) : std::nullopt);
  // Time is public: every viewer is shown the same clocks, as of this frame.
  const auto now = SteadyClock::now();
  if (clock_.enabled()) payload["clock"] = clock_.ToJson(now);
  if (viewer >= 0 && last_event == LastEvent() && !match_.Over() && ClaimsApply() &&
      WhyNoClaim(viewer, now).empty()) {
    payload["claimable"] = true;
  }
  return payload;
}

Json ViewerState(const engine::State& state, const OutsideEnding& ended, int version, Seat viewer,
                 std::optional<Seat> draw_offer) {
  const engine::SeatHandle handle(state, viewer, version);
  const bool over = state.IsTerminal() || !ended.empty();
  Json payload{{"view", handle.ViewJson()},
               {"over", over},
               // Only of the viewer's own turn: whether another seat's setup has begun is its
               // secret (rulings), and the sampled states of ServerFrames.* differ there.
               {"mid_turn", !over && handle.IsMyDecision() && state.MidTurn()},
               {"your_turn", !over && handle.IsMyDecision()}};
  const Seat to_act = over ? engine::kTerminalSeat : state.CurrentSeat();
  payload["to_act"] = to_act >= 0 ? Json(to_act) : to_act == kChanceSeat ? Json("chance") : Json();
  Json legal = Json::array();
  if (!over) {
    for (Action action : handle.LegalActions()) {
      legal.push_back({{"id", action},
                       {"text", handle.ActionToString(action)},
                       {"facts", handle.ActionFacts(action)}});
    }
  }
  payload["legal"] = std::move(legal);
  if (over) payload["ending"] = ended.empty() ? "rules" : ended.reason;
  if (!ended.empty()) {
    payload["result"] = ended.results;
  } else if (over) {
    Json result = Json::array();
    for (engine::Outcome outcome : state.Results()) result.push_back(engine::OutcomeName(outcome));
    payload["result"] = std::move(result);
  }
  if (draw_offer) payload["draw_offer"] = *draw_offer;
  return payload;
}

void Room::SendError(const std::shared_ptr<Peer>& peer, ErrorCode code, const std::string& message,
                     const std::string& request_id) {
  ++services_.metrics.errors_total;
  // Logged by code only: the message may speak of the seat's own secrets (its setup).
  spdlog::debug("match {}: refused a message: {}", id(), ErrorCodeName(code));
  peer->Send(MakeFrame(ErrorMessage(code, message, request_id, id()).dump()));
}

void Room::Fail(const std::string& why, std::optional<Seat> only) {
  failed_ = true;
  clock_timer_.cancel();
  absence_timer_.cancel();
  spdlog::error("match {}: {}; the match is paused until a restart", id(), why);
  for (const Subscriber& subscriber : subscribers_) {
    if (only && subscriber.viewer != *only) continue;
    if (auto peer = subscriber.peer.lock()) {
      SendError(peer, ErrorCode::kUnavailable,
                "the server could not store this match's last event; it is paused", "");
    }
  }
}

// --- Bots ----------------------------------------------------------------------------------------

void ThinkingBots::Add(const std::shared_ptr<std::atomic<bool>>& stop) {
  const std::lock_guard lock(mutex_);
  if (stopping_) stop->store(true);
  std::erase_if(stops_, [](const auto& weak) { return weak.expired(); });
  stops_.push_back(stop);
}

void ThinkingBots::StopAll() {
  const std::lock_guard lock(mutex_);
  stopping_ = true;
  for (const auto& weak : stops_) {
    if (const auto stop = weak.lock()) stop->store(true);
  }
}

void Room::MaybeStartBot() {
  if (failed_ || bot_thinking_ || match_.Over()) return;
  const Seat seat = match_.state().CurrentSeat();
  if (seat < 0 || !bots_[seat]) return;
  if (!bot_turn_start_) {
    bot_turn_start_ = match_.state().Clone();
    bot_turn_first_entry_ = static_cast<int>(stored_.entries.size());
  }
  bot_thinking_ = true;
  ++services_.metrics.bot_queue;
  std::shared_ptr<const engine::State> snapshot = match_.state().Clone();
  // Whatever budget its spec names, the bot answers within the server's limit: a timer asks it to
  // stop, and a searching bot answers from what it has found (quick bots finish first anyway).
  auto stop = std::make_shared<std::atomic<bool>>(false);
  services_.thinking.Add(stop);
  auto limit = std::make_shared<asio::steady_timer>(strand_, services_.timings.bot_decision_limit);
  limit->async_wait([stop](const boost::system::error_code& error) {
    if (!error) stop->store(true);
  });
  asio::post(services_.bots, [self = shared_from_this(), snapshot, seat, version = LastEvent(),
                              bot = bots_[seat].get(), stop, limit] {
    std::optional<Action> action;
    bot->SetStopFlag(stop.get());
    try {
      action = bot->ChooseAction(engine::SeatHandle(*snapshot, seat, version));
    } catch (const std::exception&) {
      // Not its text: it may speak of the bot's hidden pieces (logs hold no secrets).
      spdlog::error("match {}: bot {} failed; a random legal action is played", self->id(),
                    bot->Spec());
    }
    bot->SetStopFlag(nullptr);
    asio::post(self->strand_, [self, seat, version, action, limit] {
      limit->cancel();
      self->OnBotAction(seat, version, action);
    });
  });
}

void Room::OnBotAction(Seat seat, int version, std::optional<Action> action) {
  bot_thinking_ = false;
  --services_.metrics.bot_queue;
  if (failed_ || match_.Over()) return;
  if (version != LastEvent() || match_.state().CurrentSeat() != seat) {
    AbandonBotTurn();
    return MaybeStartBot();
  }
  const engine::SeatHandle handle(match_.state(), seat, LastEvent());
  if (!action || !handle.WhyRefused(*action, LastEvent()).empty()) {
    // A bot that fails must not stall the match: a uniformly random legal action instead.
    const std::vector<Action> legal = handle.LegalActions();
    Rng rng(SecureRandom64());
    action = legal[rng.Below(legal.size())];
  }
  match_.Apply(*action);
  stored_.entries.push_back({LastEvent() + 1, EntryKind::kAction, seat, *action});
  const bool chance = match_.state().IsChanceNode();
  DrawChance();
  if (!chance && !match_.Over() && match_.state().MidTurn() &&
      match_.state().CurrentSeat() == seat) {
    return MaybeStartBot();  // the same turn goes on: one event for all of it
  }
  auto start = std::move(bot_turn_start_);
  const int first = bot_turn_first_entry_;
  bot_turn_first_entry_ = -1;
  Publish(EntryKind::kAction, seat, first, std::move(start), std::nullopt);
}

// A bot's turn not yet published is taken back when something else must be published first (a
// resignation, a draw agreed): nobody has heard of it, and the bot plays it again if need be.
void Room::AbandonBotTurn() {
  if (!bot_turn_start_) return;
  while (static_cast<int>(stored_.entries.size()) > bot_turn_first_entry_) {
    match_.Undo();
    stored_.entries.pop_back();
  }
  bot_turn_start_.reset();
  bot_turn_first_entry_ = -1;
}

// --- Records -------------------------------------------------------------------------------------

Json Room::RecordFor(Seat viewer) const {
  if (match_.Over()) {
    Json record = engine::RecordToJson(match_.record());
    record["match"] = id();
    return record;
  }
  Json events = Json::array();
  ReplayEvents(
      [&](int number, const EventSpan& span, const engine::State& start, const engine::Match&) {
        events.push_back({{"event", number},
                          {"by", span.by == kChanceSeat ? Json("chance") : Json(span.by)},
                          {"text", EventText(span, start, viewer)},
                          {"steps", EventSteps(span, start, viewer)},
                          {"moves", span.moves}});
      });
  return Json{{"match", id()},
              {"game", stored_.game},
              {"options", match_.game().options().values()},
              {"seats", SeatLabels(stored_)},
              {"viewer", viewer == kSpectator ? Json("spectator") : Json(viewer)},
              {"running", true},
              {"events", std::move(events)}};
}

Json Room::Summary() const {
  Json summary{{"match", id()},
               {"game", stored_.game},
               {"options", match_.game().options().values()},
               {"seats", SeatLabels(stored_)},
               {"created_at", stored_.created_at},
               {"over", match_.Over()},
               {"event", LastEvent()}};
  const Seat to_act = match_.state().CurrentSeat();
  if (to_act >= 0) summary["to_act"] = to_act;
  if (match_.Over()) summary["result"] = match_.record().result;
  return summary;
}

// --- Clocks and absences -------------------------------------------------------------------------

std::optional<Seat> Room::ClockedSeat() const {
  if (failed_ || match_.Over() || !published_) return std::nullopt;
  const Seat seat = published_->CurrentSeat();
  if (seat < 0 || bots_[seat]) return std::nullopt;
  return seat;
}

std::optional<StoredClock> Room::ClockAfterEvent(const EventSpan& span) {
  if (!clock_.enabled()) return std::nullopt;
  const auto now = SteadyClock::now();
  // The running seat's turn ends with its own action when the decision passes on, or when a
  // new turn of its own begins (a turn spans several events: a WAR turn, a jump chain).
  const auto running = clock_.running();
  const bool turn_ended =
      running && span.kind == EntryKind::kAction && span.by == *running &&
      (match_.Over() || published_->CurrentSeat() != *running || !published_->MidTurn());
  clock_.OnEvent(now, turn_ended, ClockedSeat());
  return StoredClock{LastEvent(), WallClockMs(), clock_.RemainingAt(now)};
}

void Room::ArmClockTimer() {
  clock_timer_.cancel();
  const auto flag = clock_.FlagAt();
  if (!flag || failed_ || match_.Over()) return;
  clock_timer_.expires_at(*flag);
  clock_timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& error) {
    if (error) return;
    if (auto self = weak.lock()) self->OnClockTimer();
  });
}

void Room::OnClockTimer() {
  if (failed_ || match_.Over()) return;
  const auto seat = clock_.running();
  if (!seat) return;
  // The timer may be early or stale: only the clock decides.
  if (clock_.RemainingAt(SteadyClock::now())[*seat] > 0) return ArmClockTimer();
  Timeout(*seat);
}

void Room::Timeout(Seat seat) {
  AbandonBotTurn();
  const int first = static_cast<int>(stored_.entries.size());
  auto start = match_.state().Clone();
  const StoredEntry entry{LastEvent() + 1, EntryKind::kTimeout, seat, -1};
  ApplyEntryTo(match_, entry);
  stored_.entries.push_back(entry);
  DrawChance();  // the game may go on, with a chance draw first
  spdlog::info("match {}: seat {} ran out of time", id(), seat);
  Publish(EntryKind::kTimeout, seat, first, std::move(start), std::nullopt);
}

void Room::Abandon() {
  AbandonBotTurn();
  const int first = static_cast<int>(stored_.entries.size());
  auto start = match_.state().Clone();
  const StoredEntry entry{LastEvent() + 1, EntryKind::kAbandon, kChanceSeat, -1};
  ApplyEntryTo(match_, entry);
  stored_.entries.push_back(entry);
  spdlog::info("match {} is abandoned", id());
  Publish(EntryKind::kAbandon, kChanceSeat, first, std::move(start), std::nullopt);
}

void Room::ClaimWin(Seat seat, SteadyClock::time_point now) {
  (void)now;
  const StoredEntry entry{LastEvent() + 1, EntryKind::kClaimWin, seat, -1};
  ApplyEntryTo(match_, entry);
  stored_.entries.push_back(entry);
}

bool Room::PersonSeatConnected(Seat seat) const {
  return std::any_of(subscribers_.begin(), subscribers_.end(),
                     [&](const Subscriber& s) { return s.viewer == seat && !s.peer.expired(); });
}

// A seat may claim the win over an opponent gone away in a match of two persons whose clock is
// not a correspondence one (there the days of each move do it).
bool Room::ClaimsApply() const {
  return match_.game().NumSeats() == 2 && !bots_[0] && !bots_[1] &&
         stored_.clock.kind != ClockSpec::Kind::kCorrespondence;
}

// An unclocked match with a person in it ends as abandoned when no person comes back (a rated
// one too: abandoned, it is not rated); a clocked one ends by its clock, a bots' match by itself.
bool Room::AbandonApplies() const {
  return stored_.clock.kind == ClockSpec::Kind::kNone &&
         std::any_of(bots_.begin(), bots_.end(), [](const auto& bot) { return !bot; });
}

std::string Room::WhyNoClaim(Seat seat, SteadyClock::time_point now) const {
  if (!ClaimsApply()) {
    return "only a player of a two-person match (not a correspondence one) may claim the win";
  }
  const Seat other = 1 - seat;
  if (PersonSeatConnected(other)) return "your opponent is connected: the win cannot be claimed";
  if (!away_since_[other]) return "your opponent has not come to the match yet";
  const auto wait = *away_since_[other] + services_.timings.claim_after - now;
  if (wait > SteadyClock::duration::zero()) {
    const auto seconds = std::chrono::ceil<std::chrono::seconds>(wait).count();
    return "your opponent left " +
           std::to_string(
               std::chrono::duration_cast<std::chrono::seconds>(now - *away_since_[other])
                   .count()) +
           " s ago: the win may be claimed in " + std::to_string(seconds) + " s";
  }
  return "";
}

Json Room::Claimable() const {
  const auto now = SteadyClock::now();
  Json claimable = Json::array();
  for (Seat seat = 0; seat < match_.game().NumSeats(); ++seat) {
    claimable.push_back(!match_.Over() && !failed_ && WhyNoClaim(seat, now).empty());
  }
  return claimable;
}

void Room::UpdateAbsences() {
  const auto now = SteadyClock::now();
  bool anyone = false;
  for (Seat seat = 0; seat < match_.game().NumSeats(); ++seat) {
    if (bots_[seat]) continue;
    if (PersonSeatConnected(seat)) {
      away_since_[seat].reset();
      anyone = true;
    } else if (seat_came_[seat] && !away_since_[seat]) {
      away_since_[seat] = now;
    }
  }
  if (anyone) {
    nobody_since_.reset();
  } else if (!nobody_since_) {
    nobody_since_ = now;
  }
  absence_timer_.cancel();
  if (match_.Over() || failed_) return;
  std::optional<SteadyClock::time_point> next;
  const auto sooner = [&](SteadyClock::time_point at) {
    if (!next || at < *next) next = at;
  };
  if (ClaimsApply()) {
    for (const auto& since : away_since_) {
      if (since && *since + services_.timings.claim_after > now) {
        sooner(*since + services_.timings.claim_after);
      }
    }
  }
  if (AbandonApplies() && nobody_since_) sooner(*nobody_since_ + services_.timings.abandon_after);
  if (!next) return;
  absence_timer_.expires_at(*next);
  absence_timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& error) {
    if (error) return;
    if (auto self = weak.lock()) self->OnAbsenceTimer();
  });
}

void Room::OnAbsenceTimer() {
  if (failed_ || match_.Over()) return;
  if (AbandonApplies() && nobody_since_ &&
      SteadyClock::now() >= *nobody_since_ + services_.timings.abandon_after) {
    return Abandon();
  }
  SendPresenceIfChanged(nullptr);  // a claim may be made now
  UpdateAbsences();
}

// --- Chat ----------------------------------------------------------------------------------------

namespace {
constexpr std::size_t kChatLinesKept = 50;
constexpr std::size_t kChatLinesPerWindow = 5;
constexpr auto kChatWindow = std::chrono::seconds(10);
}  // namespace

void Room::Chat(const std::shared_ptr<Peer>& peer, Seat seat, const ClientMessage& message) {
  const auto persons = std::count_if(stored_.seats.begin(), stored_.seats.end(),
                                     [](const StoredSeat& s) { return !s.bot; });
  if (persons < 2) {
    return SendError(peer, ErrorCode::kForbidden,
                     "there is no chat against bots: only between two persons or more", message.id);
  }
  const auto now = std::chrono::steady_clock::now();
  auto& times = chat_times_[seat];
  while (!times.empty() && now - times.front() >= kChatWindow) times.pop_front();
  if (times.size() >= kChatLinesPerWindow) {
    return SendError(peer, ErrorCode::kRateLimited,
                     "at most 5 chat messages in 10 seconds: wait a moment", message.id);
  }
  times.push_back(now);
  const auto& account = stored_.seats.at(seat).account_name;
  Json line{{"type", "chat"},
            {"match", id()},
            {"n", ++chat_lines_},
            {"seat", seat},
            {"name", account.empty() ? Json(nullptr) : Json(account)},
            {"text", message.text},
            {"at", std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count()}};
  chat_.push_back(line);
  if (chat_.size() > kChatLinesKept) chat_.pop_front();
  const Frame frame = MakeFrame(line.dump());
  line["id"] = message.id;  // the sender's copy echoes its id: the acknowledgement
  const Frame own = message.id.empty() ? frame : MakeFrame(line.dump());
  bool sent_own = false;
  for (const Subscriber& subscriber : subscribers_) {
    auto to = subscriber.peer.lock();
    if (!to || subscriber.viewer < 0) continue;
    const bool sender = to == peer;
    to->Send(sender ? own : frame);
    sent_own = sent_own || sender;
  }
  if (!sent_own) peer->Send(own);
}

void Room::SendToSeats(const Frame& frame) {
  for (const Subscriber& subscriber : subscribers_) {
    if (subscriber.viewer < 0) continue;
    if (auto peer = subscriber.peer.lock()) peer->Send(frame);
  }
}

void Room::SendChatHistory(const std::shared_ptr<Peer>& peer) {
  for (Json line : chat_) {
    line["history"] = true;
    peer->Send(MakeFrame(line.dump()));
  }
}

std::vector<std::int64_t> Room::SeatAccounts() const {
  std::lock_guard lock(seat_accounts_mutex_);
  std::vector<std::int64_t> accounts;
  for (const StoredSeat& seat : stored_.seats) accounts.push_back(seat.bot ? 0 : seat.account_id);
  return accounts;
}

void Room::ClaimSeat(const std::string& token_hash, std::int64_t account_id,
                     const std::string& account_name) {
  std::lock_guard lock(seat_accounts_mutex_);
  for (StoredSeat& seat : stored_.seats) {
    if (!seat.bot && ConstantTimeEquals(seat.token_hash, token_hash)) {
      seat.account_id = account_id;
      seat.account_name = account_name;
    }
  }
}

}  // namespace quartel::server
