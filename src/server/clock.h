// A match's clocks, kept by the server (docs/PROTOCOL.md, "Clocks"): the arithmetic alone, with no
// timer and no socket, so that it can be tested by itself. Room owns one, tells it of each event
// and arms a timer at FlagAt().
//
// Live: each timed seat starts with `initial_ms`; while its clock runs, the time is charged; when
// its turn ends, `increment_ms` is added. Correspondence: each turn has `per_move_ms` from the
// moment it became the seat's turn. A turn may span several events (a WAR turn, a Dablot jump
// chain): an event in the middle of it charges the time used so far and the clock runs on.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/json.h"
#include "server/storage.h"

namespace quartel::server {

class MatchClock {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;

  MatchClock() = default;
  // `timed`: per seat, whether its clock may run (a person's seat: a bot thinks within its own
  // budget and its clock never runs).
  MatchClock(const ClockSpec& spec, std::vector<bool> timed);

  bool enabled() const { return spec_.kind != ClockSpec::Kind::kNone; }
  const ClockSpec& spec() const { return spec_; }

  // Each seat's time left as stored (after a restart); a list of the wrong size is ignored.
  void Restore(const std::vector<std::int64_t>& remaining_ms);
  // An event happened at `now`: the running seat is charged the time since its clock started;
  // when `turn_ended`, its turn is over (live: the increment is added; correspondence: its next
  // turn has the whole time again). Then `next`'s clock runs from `now` (none: no clock runs; a
  // seat that is not timed never runs).
  void OnEvent(TimePoint now, bool turn_ended, std::optional<int> next);
  // Stops every clock at `now` (the match is over), charging the running seat.
  void Stop(TimePoint now);
  // The running seat's time is set to 0 (it flagged); no clock runs.
  void Flag(int seat);

  std::optional<int> running() const { return running_; }
  // Each seat's time left as of `now` (never below 0).
  std::vector<std::int64_t> RemainingAt(TimePoint now) const;
  // When the running seat's time runs out; none when no clock runs.
  std::optional<TimePoint> FlagAt() const;
  // STATE's "clock": {"kind", "remaining_ms", "running", "increment_ms" | "per_move_ms"}.
  Json ToJson(TimePoint now) const;

 private:
  ClockSpec spec_;
  std::vector<bool> timed_;
  std::vector<std::int64_t> remaining_ms_;  // as of `since_` for the running seat
  std::optional<int> running_;
  TimePoint since_{};
};

}  // namespace quartel::server
