// Records: JSON round trip, exact replay, and refusal of malformed or illegal records with the ply
// and the reason (issue 2, section 2 and 8).
#include "engine/record.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "engine/playout.h"
#include "games/all_games.h"

namespace quartel::engine {
namespace {

std::string ErrorOf(const std::string& text) {
  try {
    Match::Replay(RecordFromJson(text));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

Record RandomRecord(const std::string& game_id, int plies, std::uint64_t seed) {
  games::RegisterAllGames();
  Match match(LoadGame(game_id), {"a", "b"});
  Rng rng(seed);
  std::vector<Action> scratch;
  for (int i = 0; i < plies && !match.state().IsTerminal(); ++i) {
    match.Apply(RandomAction(match.state(), rng, scratch));
  }
  return match.record();
}

TEST(Record, RoundTripReplaysExactly) {
  const Record record = RandomRecord("dablot", 60, 7);
  const std::string text = RecordToJson(record).dump(1);
  const Match replayed = Match::Replay(RecordFromJson(text));
  EXPECT_EQ(RecordToJson(replayed.record()).dump(), RecordToJson(record).dump());
}

TEST(Record, NotationAloneIsEnough) {
  Record record = RandomRecord("dablot", 30, 3);
  for (auto& entry : record.actions) entry.action = -1;
  const Match replayed = Match::Replay(record);
  EXPECT_EQ(replayed.record().actions.size(), record.actions.size());
}

TEST(Record, MalformedRecordsNameTheProblem) {
  EXPECT_NE(ErrorOf("{").find("record: not valid JSON"), std::string::npos);
  EXPECT_NE(ErrorOf("[]").find("top level must be an object"), std::string::npos);
  EXPECT_NE(ErrorOf("7e777").find("record: not valid JSON"),
            std::string::npos);  // found by fuzzing
  EXPECT_NE(ErrorOf(R"({"rules_version":"dablot-1","actions":[]})").find("no \"game\""),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"game":"go","rules_version":"1","actions":[]})").find("unknown game"),
            std::string::npos);
  EXPECT_NE(
      ErrorOf(R"({"game":"dablot","rules_version":"dablot-0","actions":[]})").find("rules version"),
      std::string::npos);
  EXPECT_NE(ErrorOf(R"({"game":"dablot","rules_version":"dablot-1","actions":[{}]})")
                .find("action 1 needs"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"game":"dablot","rules_version":"dablot-1","options":{"max_turns":"x"},)"
                    R"("actions":[]})")
                .find("max_turns"),
            std::string::npos);
}

TEST(Record, IllegalActionIsRefusedWithPlyAndReason) {
  Record record = RandomRecord("dablot", 10, 5);
  record.actions[4].action = 2;  // "stop" outside a jump chain
  record.actions[4].notation.clear();
  const std::string error = ErrorOf(RecordToJson(record).dump());
  EXPECT_NE(error.find("ply 5"), std::string::npos) << error;

  record = RandomRecord("dablot", 10, 5);
  record.actions[3].seat = 1 - record.actions[3].seat;
  EXPECT_NE(ErrorOf(RecordToJson(record).dump()).find("ply 4"), std::string::npos);

  record = RandomRecord("dablot", 10, 5);
  record.actions[2].notation = "1-2";
  EXPECT_NE(ErrorOf(RecordToJson(record).dump()).find("ply 3"), std::string::npos);
}

TEST(Record, ResignationEndsTheGame) {
  games::RegisterAllGames();
  Match match(LoadGame("dablot"), {"a", "b"});
  match.Apply(match.state().LegalActions().front());
  match.Resign(1);
  EXPECT_TRUE(match.Over());
  EXPECT_EQ(match.record().result, (std::vector<std::string>{"win", "loss"}));
  EXPECT_THROW(match.Apply(match.state().LegalActions().front()), Error);
  const Match replayed = Match::Replay(RecordFromJson(RecordToJson(match.record()).dump()));
  EXPECT_EQ(replayed.record().ending, "resignation");
}

TEST(Record, EndingsOutsideTheRulesRoundTrip) {
  games::RegisterAllGames();
  for (const auto& [reason, results] : std::vector<std::pair<EndReason, std::vector<Outcome>>>{
           {EndReason::kTime, {Outcome::kLoss, Outcome::kWin}},
           {EndReason::kAbandoned, {Outcome::kWin, Outcome::kLoss}},
           {EndReason::kAgreement, {Outcome::kDraw, Outcome::kDraw}}}) {
    Match match(LoadGame("dablot"), {"a", "b"});
    match.Apply(match.state().LegalActions().front());
    match.End(reason, results, "as the server said");
    EXPECT_TRUE(match.Over());
    EXPECT_FALSE(match.CanUndo());
    EXPECT_THROW(match.End(reason, results), Error);
    const Json json = RecordToJson(match.record());
    EXPECT_EQ(json.at("ending"), EndReasonName(reason));
    const Match replayed = Match::Replay(RecordFromJson(json.dump()));
    EXPECT_EQ(replayed.record().ending, EndReasonName(reason));
    EXPECT_EQ(replayed.record().result, match.record().result);
    EXPECT_EQ(replayed.record().ending_detail, "as the server said");
  }
  Match match(LoadGame("dablot"), {"a", "b"});
  EXPECT_THROW(match.End(EndReason::kTime, {Outcome::kLoss}), Error);  // one outcome per seat
}

TEST(Record, BadEndingsAreMalformed) {
  const std::string head = R"({"game": "dablot", "rules_version": "x", "actions": [], )";
  EXPECT_NE(ErrorOf(head + R"("ending": "bored", "result": ["win", "loss"]})").find("ending"),
            std::string::npos);
  EXPECT_NE(ErrorOf(head + R"("ending": "time"})").find("needs its \"result\""), std::string::npos);
  EXPECT_NE(ErrorOf(head + R"("result": ["won", "loss"]})").find("'won' is not an outcome"),
            std::string::npos);
  EXPECT_NE(ErrorOf(head + R"("ending_detail": "clock", "result": ["win", "loss"]})")
                .find("\"ending_detail\" needs an \"ending\""),
            std::string::npos);
}

TEST(Record, UndoRestoresTheRecordAndState) {
  games::RegisterAllGames();
  Match match(LoadGame("dablot"), {"a", "b"});
  Rng rng(11);
  std::vector<Action> scratch;
  for (int i = 0; i < 20; ++i) match.Apply(RandomAction(match.state(), rng, scratch));
  const auto before = match.state().Clone();
  const std::string record_before = RecordToJson(match.record()).dump();
  match.Apply(RandomAction(match.state(), rng, scratch));
  match.Undo();
  EXPECT_TRUE(match.state().Equals(*before));
  EXPECT_EQ(RecordToJson(match.record()).dump(), record_before);
}

}  // namespace
}  // namespace quartel::engine
