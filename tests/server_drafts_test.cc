// A setup placed piece by piece (issue 19, §1): the number of placements is the seat's secret
// (rulings, "Stratego", "Espionage"), so the placements are stored as the seat's draft, answered
// to it alone, and published as one event when the setup is complete. Nothing the other seat or a
// spectator receives (frames, the match list, event numbers, refusals) depends on how many pieces
// are placed, and a restart keeps the draft.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server_client.h"
#include "server_test_helpers.h"

namespace quartel::server_test {
namespace {

using std::chrono::milliseconds;

// The number of events GET /api/matches counts for `match`.
int ListedEvents(unsigned short port, const std::string& match) {
  const HttpReply list = HttpGet(port, "/api/matches?state=running");
  for (const Json& listed : list.body["matches"]) {
    if (listed["match"] == match) return listed["events"];
  }
  ADD_FAILURE() << "match " << match << " is not listed: " << list.text;
  return -1;
}

// What a viewer that is not setting up is told now: a fresh join's frame, its refusal of an act
// on the last event and on the next, and the match list.
std::string WhatOthersSee(unsigned short port, const std::string& match, const std::string& token) {
  WsClient client(port);
  client.Send(JoinMessage(match, token));
  Json joined = NextOfType(client, "joined");
  joined.erase("presence");  // who is connected changes as these probes come and go
  std::string out = joined.dump();
  const int event = joined["event"];
  for (int on : {event, event + 1}) {
    client.Send(ActMessage(match, on, 0));
    Json refused = client.Next();
    while (refused["type"] == "presence") refused = client.Next();  // an earlier probe left
    refused.erase("id");
    out += "\n" + refused.dump();
  }
  return out + "\nlisted " + std::to_string(ListedEvents(port, match));
}

struct SetupCase {
  std::string game;
  int army;  // pieces per setup
};

class ServerDraftTest : public ::testing::TestWithParam<SetupCase> {};

TEST_P(ServerDraftTest, PlacementsAreNoEventForOthersAndSurviveARestart) {
  const SetupCase& setup = GetParam();
  TempDir dir;
  const std::string database = dir.File("quartel.db");
  std::string match, first_token, second_token;
  int first = -1;  // the seat that sets up first
  int start_event = -1;
  std::string others_before, spectator_before;
  {
    ServerProcess server(database, {"--rate", "100000"});
    PersonMatch persons(server.port(), setup.game);
    match = persons.id;
    const std::vector<Json>& joined = persons.last;
    first = joined[0]["state"]["your_turn"].get<bool>() ? 0 : 1;
    first_token = persons.tokens[first];
    second_token = persons.tokens[1 - first];
    WsClient& placer = *persons.seats[first];
    WsClient& other = *persons.seats[1 - first];
    WsClient spectator(server.port());
    spectator.Send(JoinMessage(match));
    NextOfType(spectator, "joined");
    start_event = joined[first]["event"];
    others_before = WhatOthersSee(server.port(), match, second_token);
    spectator_before = WhatOthersSee(server.port(), match, "");

    // Half the army, one piece a message: each answered to the placer alone, under one event.
    Json state = joined[first]["state"];
    for (int piece = 0; piece < setup.army / 2; ++piece) {
      placer.Send(ActMessage(match, start_event, LegalIds(state).front()));
      const Json draft = placer.Next();
      ASSERT_EQ(draft["type"], "draft") << draft.dump();
      EXPECT_EQ(draft["event"], start_event);
      EXPECT_EQ(draft["state"]["mid_turn"], true);
      EXPECT_EQ(draft["state"]["view"]["to_place"][first]["count"], setup.army - piece - 1);
      state = draft["state"];
    }
    EXPECT_FALSE(other.Receive(milliseconds(200))) << "the other seat heard of a placement";
    EXPECT_FALSE(spectator.Receive(milliseconds(1))) << "a spectator heard of a placement";
    EXPECT_EQ(WhatOthersSee(server.port(), match, second_token), others_before);
    EXPECT_EQ(WhatOthersSee(server.port(), match, ""), spectator_before);
    server.KillHard();
  }

  // After kill -9: the draft is kept, for the placer only; the others see what they saw.
  ServerProcess server(database, {"--rate", "100000"});
  EXPECT_EQ(WhatOthersSee(server.port(), match, second_token), others_before);
  EXPECT_EQ(WhatOthersSee(server.port(), match, ""), spectator_before);
  WsClient placer(server.port());
  placer.Send(JoinMessage(match, first_token));
  Json state = NextOfType(placer, "joined")["state"];
  EXPECT_EQ(state["view"]["to_place"][first]["count"], setup.army - setup.army / 2)
      << "the restart lost placements";
  WsClient other(server.port());
  other.Send(JoinMessage(match, second_token));
  NextOfType(other, "joined");
  WsClient spectator(server.port());
  spectator.Send(JoinMessage(match));
  NextOfType(spectator, "joined");

  // The rest, then one event for the whole setup, the same for the other seat and the spectator.
  for (int piece = setup.army / 2; piece < setup.army; ++piece) {
    placer.Send(ActMessage(match, start_event, LegalIds(state).front()));
    Json answer = placer.Next();
    while (answer["type"] == "presence") answer = placer.Next();  // the others came
    state = answer["state"];
    ASSERT_EQ(answer["type"], piece + 1 < setup.army ? "draft" : "event") << answer.dump();
  }
  for (WsClient* viewer : {&other, &spectator}) {
    const Json event = NextOfType(*viewer, "event");
    EXPECT_EQ(event["event"], start_event + 1);
    EXPECT_EQ(event["by"], first);
    EXPECT_NE(event["text"].get<std::string>().find("set up its army"), std::string::npos)
        << event["text"];
  }
  EXPECT_EQ(ListedEvents(server.port(), match), start_event + 2);
  const Json record = HttpGet(server.port(), "/api/matches/" + match + "/record").body;
  EXPECT_EQ(record["events"].size(), static_cast<std::size_t>(start_event + 2));
}

INSTANTIATE_TEST_SUITE_P(Server, ServerDraftTest,
                         ::testing::Values(SetupCase{"stratego", 40}, SetupCase{"espionage", 30}),
                         [](const ::testing::TestParamInfo<SetupCase>& info) {
                           return info.param.game;
                         });

// A draw offered while the other seat sets up piece by piece is an event for everyone; the
// placer's frame of it still shows its own placements, and its setup goes on under the new event.
TEST(ServerDraft, AnEventDuringADraftKeepsTheDraft) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--rate", "100000"});
  PersonMatch match(server.port(), "stratego");
  const int first = match.last[0]["state"]["your_turn"].get<bool>() ? 0 : 1;
  WsClient& placer = *match.seats[first];
  placer.Send(ActMessage(match.id, 0, LegalIds(match.last[first]["state"]).front()));
  const Json draft = NextOfType(placer, "draft");
  match.seats[1 - first]->Send(SeatMessage("offer_draw", match.id, 0));
  const Json offer = NextOfType(placer, "event");
  EXPECT_EQ(offer["event"], 1);
  EXPECT_EQ(offer["state"]["view"], draft["state"]["view"]) << "the placer's placement is gone";
  placer.Send(ActMessage(match.id, 1, LegalIds(offer["state"]).front()));
  EXPECT_EQ(NextOfType(placer, "draft")["event"], 1);
  // A resignation ends the match and its draft: nothing of the unfinished setup is published.
  match.seats[1 - first]->Send(SeatMessage("resign", match.id, 1));
  const Json over = NextOfType(placer, "event");
  EXPECT_EQ(over["state"]["over"], true);
  const Json record = HttpGet(server.port(), "/api/matches/" + match.id + "/record").body;
  EXPECT_EQ(record["ending"], "resignation");
  for (const Json& entry : record["actions"]) EXPECT_NE(entry.value("seat", -1), first);
}

}  // namespace
}  // namespace quartel::server_test
