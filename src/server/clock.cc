#include "server/clock.h"

#include <algorithm>

namespace quartel::server {
namespace {

std::int64_t Ms(std::chrono::steady_clock::duration duration) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(duration).count();
}

}  // namespace

MatchClock::MatchClock(const ClockSpec& spec, std::vector<bool> timed)
    : spec_(spec), timed_(std::move(timed)) {
  const std::int64_t start = spec_.kind == ClockSpec::Kind::kLive             ? spec_.initial_ms
                             : spec_.kind == ClockSpec::Kind::kCorrespondence ? spec_.per_move_ms
                                                                              : 0;
  remaining_ms_.assign(timed_.size(), start);
}

void MatchClock::Restore(const std::vector<std::int64_t>& remaining_ms) {
  if (remaining_ms.size() != remaining_ms_.size()) return;
  for (std::size_t seat = 0; seat < remaining_ms.size(); ++seat) {
    remaining_ms_[seat] = std::max<std::int64_t>(0, remaining_ms[seat]);
  }
}

void MatchClock::OnEvent(TimePoint now, bool turn_ended, std::optional<int> next) {
  if (!enabled()) return;
  if (running_) {
    std::int64_t& left = remaining_ms_[*running_];
    left = std::max<std::int64_t>(0, left - Ms(now - since_));
    if (turn_ended) {
      if (spec_.kind == ClockSpec::Kind::kLive) {
        left += spec_.increment_ms;
      } else {
        left = spec_.per_move_ms;
      }
    }
  }
  running_.reset();
  if (next && *next >= 0 && *next < static_cast<int>(timed_.size()) && timed_[*next]) {
    running_ = next;
    since_ = now;
  }
}

void MatchClock::Stop(TimePoint now) { OnEvent(now, false, std::nullopt); }

void MatchClock::Flag(int seat) {
  if (seat >= 0 && seat < static_cast<int>(remaining_ms_.size())) remaining_ms_[seat] = 0;
  running_.reset();
}

std::vector<std::int64_t> MatchClock::RemainingAt(TimePoint now) const {
  std::vector<std::int64_t> out = remaining_ms_;
  if (running_) out[*running_] = std::max<std::int64_t>(0, out[*running_] - Ms(now - since_));
  return out;
}

std::optional<MatchClock::TimePoint> MatchClock::FlagAt() const {
  if (!running_) return std::nullopt;
  return since_ + std::chrono::milliseconds(remaining_ms_[*running_]);
}

Json MatchClock::ToJson(TimePoint now) const {
  Json out{{"kind", ClockKindName(spec_.kind)},
           {"remaining_ms", RemainingAt(now)},
           {"running", running_ ? Json::array({*running_}) : Json::array()}};
  if (spec_.kind == ClockSpec::Kind::kLive) {
    out["increment_ms"] = spec_.increment_ms;
  } else {
    out["per_move_ms"] = spec_.per_move_ms;
  }
  return out;
}

}  // namespace quartel::server
