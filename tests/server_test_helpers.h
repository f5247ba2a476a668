// What the server tests share: a folder of their own, match creation, protocol messages, and a
// two-person match whose seats play random legal actions.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/json.h"
#include "server_client.h"

namespace quartel::server_test {

// A folder of the test's own for databases and logs, removed at the end.
class TempDir {
 public:
  TempDir() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("quartel_server_test_" + std::to_string(getpid()) + "_" + test->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string File(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline Json PersonSeat() { return Json{{"kind", "person"}}; }
inline Json BotSeat(const std::string& bot) { return Json{{"kind", "bot"}, {"bot", bot}}; }

// POST /api/matches; the answer of a created match (201).
inline Json CreateMatch(unsigned short port, const std::string& game, const Json& options,
                        const std::vector<Json>& seats) {
  const Json request{{"game", game}, {"options", options}, {"seats", seats}};
  const HttpReply reply = HttpPost(port, "/api/matches", request.dump());
  EXPECT_EQ(reply.status, 201) << reply.body.dump();
  return reply.body;
}

inline Json JoinMessage(const std::string& match, const std::string& token = "",
                        std::optional<int> since = std::nullopt) {
  Json join{{"type", "join"}, {"match", match}};
  if (!token.empty()) join["token"] = token;
  if (since) join["since"] = *since;
  return join;
}

inline Json ActMessage(const std::string& match, int event, int action) {
  return Json{{"type", "act"}, {"match", match}, {"event", event}, {"actions", {action}}};
}

// The next message of `client` that is not one of `skipped` types.
inline Json NextOfType(WsClient& client, const std::string& type) {
  for (;;) {
    Json message = client.Next();
    if (message["type"] == type) return message;
    if (message["type"] == "error") throw std::runtime_error("unexpected error: " + message.dump());
  }
}

inline std::vector<int> LegalIds(const Json& state) {
  std::vector<int> ids;
  for (const Json& legal : state["legal"]) ids.push_back(legal["id"].get<int>());
  return ids;
}

// Sends `message` and expects an error with `code` as the answer.
inline void ExpectRefused(WsClient& client, const std::string& text, const std::string& code) {
  SCOPED_TRACE(text.substr(0, 120));
  client.SendText(text);
  const Json answer = client.Next();
  EXPECT_EQ(answer["type"], "error") << answer.dump();
  EXPECT_EQ(answer["code"], code) << answer.dump();
}

inline Json SeatMessage(const std::string& type, const std::string& match, int event) {
  return Json{{"type", type}, {"match", match}, {"event", event}};
}

// A match of two persons, each seat on its own connection; moves are random legal actions.
struct PersonMatch {
  PersonMatch(unsigned short port, const std::string& game) {
    const Json created = CreateMatch(port, game, Json::object(), {PersonSeat(), PersonSeat()});
    id = created["match"];
    for (int seat = 0; seat < 2; ++seat) {
      tokens.push_back(created["seats"][seat]["token"]);
      seats.push_back(std::make_unique<WsClient>(port));
      seats[seat]->Send(JoinMessage(id, created["seats"][seat]["token"]));
      last.push_back(NextOfType(*seats[seat], "joined"));
    }
    // The first seat is told that the second came (presence): read, so that each seat's next
    // message is the answer to what it sends.
    NextOfType(*seats[0], "presence");
  }
  // The seat to act plays; returns the number of the event it made (both seats have read it).
  int Move() {
    const int mover = last[0]["state"]["your_turn"].get<bool>() ? 0 : 1;
    const std::vector<int> legal = LegalIds(last[mover]["state"]);
    EXPECT_FALSE(legal.empty());
    seats[mover]->Send(ActMessage(id, last[mover]["event"], legal[random() % legal.size()]));
    for (int seat = 0; seat < 2; ++seat) last[seat] = NextOfType(*seats[seat], "event");
    return last[0]["event"];
  }

  std::string id;
  std::vector<std::string> tokens;  // each seat's
  std::vector<std::unique_ptr<WsClient>> seats;
  std::vector<Json> last;  // each seat's last "joined" or "event"
  std::mt19937 random{5};
};

}  // namespace quartel::server_test
