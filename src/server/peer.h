// One client connection as the match rooms see it: somewhere to send frames. The WebSocket
// session (server.cc) is one; tests and the fuzzer use their own.
#pragma once

#include <memory>
#include <string>

namespace quartel::server {

using Frame = std::shared_ptr<const std::string>;

class Peer {
 public:
  explicit Peer(std::string address) : address_(std::move(address)) {}
  virtual ~Peer() = default;
  // Queues a frame for the client; safe from any thread; frames arrive in the order sent.
  virtual void Send(Frame frame) = 0;
  // The client's network address (for the per-address limits and the logs).
  const std::string& address() const { return address_; }

 private:
  std::string address_;
};

inline Frame MakeFrame(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

}  // namespace quartel::server
