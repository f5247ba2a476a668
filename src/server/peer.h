// One client connection as the match rooms see it: somewhere to send frames. The WebSocket
// session (server.cc) is one; tests and the fuzzer use their own.
#pragma once

#include <cstdint>
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
  // The account signed in on this connection (its session cookie), or 0 and "" for a guest. Set
  // once, before the connection's first message.
  std::int64_t account_id() const { return account_id_; }
  const std::string& account_name() const { return account_name_; }
  void SignedIn(std::int64_t id, std::string name) {
    account_id_ = id;
    account_name_ = std::move(name);
  }

 private:
  std::string address_;
  std::int64_t account_id_ = 0;
  std::string account_name_;
};

inline Frame MakeFrame(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

}  // namespace quartel::server
