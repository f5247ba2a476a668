// What operators watch (GET /metrics, Prometheus text format): connections, open matches, moves,
// the latency from an action received to its event sent, and the bots' queue. Lock-free counters.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace quartel::server {

class Metrics {
 public:
  std::atomic<std::int64_t> connections{0};
  std::atomic<std::int64_t> open_matches{0};
  std::atomic<std::int64_t> rooms_in_memory{0};  // matches held in memory, running or finished
  std::atomic<std::int64_t> moves_total{0};      // actions of seats, applied and stored
  std::atomic<std::int64_t> messages_total{0};   // client messages received
  std::atomic<std::int64_t> errors_total{0};     // error messages sent
  std::atomic<std::int64_t> bot_queue{0};        // bot moves asked for and not yet answered

  // One action's latency, from its message received to its event sent.
  void ObserveLatency(std::chrono::steady_clock::duration latency);
  std::string PrometheusText() const;

 private:
  static constexpr std::array<double, 12> kBucketsMs{0.5, 1,   2,   5,   10,   20,
                                                     50,  100, 200, 500, 1000, 5000};
  std::array<std::atomic<std::int64_t>, kBucketsMs.size() + 1> buckets_{};
  std::atomic<std::int64_t> latency_count_{0};
  std::atomic<std::int64_t> latency_sum_us_{0};
};

}  // namespace quartel::server
