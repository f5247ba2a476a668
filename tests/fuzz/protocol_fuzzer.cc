// libFuzzer target: arbitrary bytes as WebSocket messages of one client (one per line), through the
// protocol parser and the dispatcher (Hub::OnMessage) into a live Dablot match and a live Stratego
// match. "$MATCH", "$STRATEGO", "$TOKEN" and "$STOKEN" in the input become the matches' ids and
// their first seats' tokens, so the fuzzer reaches joins and actions. Every input must be answered
// (an error message is fine); a crash, a sanitizer report or an exception escaping is a bug.
#include <boost/asio/io_context.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/json.h"
#include "games/all_games.h"
#include "server/accounts.h"
#include "server/hub.h"
#include "server/storage.h"

namespace {

using namespace quartel::server;

class CollectingPeer : public Peer {
 public:
  CollectingPeer() : Peer("fuzzer") {}
  void Send(Frame frame) override { last = *frame; }
  std::string last;
};

struct World {
  World() {
    quartel::games::RegisterAllGames();
    storage = OpenSqliteStorage(":memory:");
    accounts = std::make_unique<Accounts>(*storage, false);
    hub = std::make_unique<Hub>(io.get_executor(), *storage, *accounts, 1, HubLimits{});
    dablot = Create(R"({"game":"dablot","seats":[{"kind":"person"},{"kind":"person"}]})");
    stratego = Create(R"({"game":"stratego","seats":[{"kind":"person"},{"kind":"person"}]})");
  }
  quartel::Json Create(const std::string& body) {
    quartel::Json answer;
    hub->CreateMatch(body, "fuzzer", Identity{}, [&](Reply reply) { answer = reply.body; });
    while (answer.is_null()) {
      io.restart();
      io.run_for(std::chrono::milliseconds(10));
    }
    return answer;
  }
  static void Replace(std::string& text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
      text.replace(at, from.size(), to);
    }
  }

  boost::asio::io_context io;
  std::unique_ptr<Storage> storage;
  std::unique_ptr<Accounts> accounts;
  std::unique_ptr<Hub> hub;
  quartel::Json dablot, stratego;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static World world;
  std::string text(reinterpret_cast<const char*>(data), size);
  World::Replace(text, "$MATCH", world.dablot["match"].get<std::string>());
  World::Replace(text, "$STRATEGO", world.stratego["match"].get<std::string>());
  World::Replace(text, "$STOKEN", world.stratego["seats"][0]["token"].get<std::string>());
  World::Replace(text, "$TOKEN", world.dablot["seats"][0]["token"].get<std::string>());
  auto peer = std::make_shared<CollectingPeer>();
  Subscriptions subscriptions;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    world.hub->OnMessage(peer, subscriptions, text.substr(start, end - start));
    world.io.restart();
    world.io.poll();
    start = end + 1;
  }
  world.hub->OnClose(peer.get(), subscriptions);
  world.io.restart();
  world.io.poll();
  return 0;
}
