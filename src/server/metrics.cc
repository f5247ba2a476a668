#include "server/metrics.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>

namespace quartel::server {

void Metrics::ObserveLatency(std::chrono::steady_clock::duration latency) {
  const double ms = std::chrono::duration<double, std::milli>(latency).count();
  std::size_t bucket = 0;
  while (bucket < kBucketsMs.size() && ms > kBucketsMs[bucket]) ++bucket;
  buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_count_.fetch_add(1, std::memory_order_relaxed);
  latency_sum_us_.fetch_add(static_cast<std::int64_t>(ms * 1000), std::memory_order_relaxed);
}

std::string Metrics::PrometheusText() const {
  std::string out;
  const auto gauge = [&](const char* name, const char* type, const char* help,
                         const std::atomic<std::int64_t>& value) {
    out += fmt::format("# HELP {0} {1}\n# TYPE {0} {2}\n{0} {3}\n", name, help, type, value.load());
  };
  gauge("quartel_connections", "gauge", "Open WebSocket connections.", connections);
  gauge("quartel_open_matches", "gauge", "Matches in progress.", open_matches);
  gauge("quartel_rooms_in_memory", "gauge",
        "Matches held in memory (running, or finished and watched).", rooms_in_memory);
  gauge("quartel_moves_total", "counter", "Actions of seats applied and stored.", moves_total);
  gauge("quartel_messages_total", "counter", "Client messages received.", messages_total);
  gauge("quartel_errors_total", "counter", "Error messages sent to clients.", errors_total);
  gauge("quartel_bot_queue", "gauge", "Bot moves asked for and not yet answered.", bot_queue);
  // The process's memory now and at its peak (Linux: /proc/self/status, VmRSS and VmHWM).
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    const bool now = line.starts_with("VmRSS:"), peak = line.starts_with("VmHWM:");
    if (!now && !peak) continue;
    const long long kib = std::atoll(line.c_str() + 6);
    out += fmt::format("# HELP {0} {1}\n# TYPE {0} gauge\n{0} {2}\n",
                       now ? "quartel_resident_memory_bytes" : "quartel_peak_resident_memory_bytes",
                       now ? "Memory the server holds now." : "The most memory the server held.",
                       kib * 1024);
  }
  out +=
      "# HELP quartel_action_latency_seconds From an action received to its event sent.\n"
      "# TYPE quartel_action_latency_seconds histogram\n";
  std::int64_t cumulative = 0;
  for (std::size_t i = 0; i < kBucketsMs.size(); ++i) {
    cumulative += buckets_[i].load();
    out += fmt::format("quartel_action_latency_seconds_bucket{{le=\"{}\"}} {}\n",
                       kBucketsMs[i] / 1000, cumulative);
  }
  cumulative += buckets_.back().load();
  out += fmt::format("quartel_action_latency_seconds_bucket{{le=\"+Inf\"}} {}\n", cumulative);
  out += fmt::format("quartel_action_latency_seconds_sum {}\n", latency_sum_us_.load() / 1e6);
  out += fmt::format("quartel_action_latency_seconds_count {}\n", latency_count_.load());
  return out;
}

}  // namespace quartel::server
