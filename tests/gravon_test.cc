// Gravon records (games/stratego/gravon.h): the hand-written files in tests/data/gravon/ (from the
// StraDoS2 description in shared/reference/stratego-espionage.md) import into Quartel records
// that replay, finished Quartel games export to XML that reads back, and malformed files are
// refused naming the line and the problem.
#include "games/stratego/gravon.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/record.h"
#include "games/all_games.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::stratego {
namespace {

std::string DataFile(const std::string& name) {
  return std::string(QUARTEL_SOURCE_DIR) + "/tests/data/gravon/" + name;
}

// The 100-character field of a Gravon XML file, read with a pattern (independently of the
// importer).
std::string ReadGravonField(const std::string& path) {
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t at = text.find("content=\"");
  return at == std::string::npos ? "" : text.substr(at + 9, kNumSquares);
}

const Position& PositionOf(const engine::Match& match) {
  return static_cast<const StrategoState&>(match.state()).position();
}

// The message of the Error `f` throws ("" if none).
template <typename F>
std::string ErrorOf(F f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Gravon, XmlImportReplaysToTheFlagCapture) {
  games::RegisterAllGames();
  const engine::Record record = ReadGravonFile(DataFile("flag_capture.xml"));
  EXPECT_EQ(record.game, "stratego");
  EXPECT_EQ(record.seats, (std::vector<std::string>{"alice", "bob & co"}));
  // Red's 40 placements, Blue's 40, then the three moves.
  ASSERT_EQ(record.actions.size(), 83u);
  EXPECT_EQ(record.actions[80].notation, "a4-a6");
  EXPECT_EQ(record.actions[82].notation, "a6xa7");
  EXPECT_EQ(record.result, (std::vector<std::string>{"win", "loss"}));
  const engine::Match match = engine::Match::Replay(record);
  EXPECT_TRUE(match.Over());
  EXPECT_EQ(PositionOf(match).h.ending, kFlagCaptured);
  // The JSON form reads back too.
  EXPECT_NO_THROW(
      engine::Match::Replay(engine::RecordFromJson(engine::RecordToJson(record).dump())));
}

// Issue 9, 1: the field's two setups are the seats' setup turns in the record (Red's placements,
// then Blue's), not options; a record cut before the end holds no setup in its options.
TEST(Gravon, ImportedSetupsAreTheSeatsTurnsNotOptions) {
  games::RegisterAllGames();
  const engine::Record record = ReadGravonFile(DataFile("flag_capture.xml"));
  for (const auto& [name, value] : record.options) {
    EXPECT_EQ(name.find("setup"), std::string::npos) << name;
  }
  ASSERT_GT(record.actions.size(), 2u * kSetupSquares);
  for (int i = 0; i < 2 * kSetupSquares; ++i) {
    EXPECT_EQ(record.actions[i].seat, i < kSetupSquares ? 0 : 1) << i;
    EXPECT_TRUE(IsPlace(record.actions[i].action)) << i;
  }
  engine::Record unfinished = record;
  unfinished.actions.resize(2 * kSetupSquares + 1);
  unfinished.result.clear();
  unfinished.ending.clear();
  const engine::Match match = engine::Match::Replay(unfinished);
  EXPECT_FALSE(match.Over());
  EXPECT_EQ(match.record().options, record.options);
  // The field's setups stand as the file wrote them (Red a1..k4, Blue a7..k10).
  const std::string field = ReadGravonField(DataFile("flag_capture.xml"));
  engine::Record setups_only = record;
  setups_only.actions.resize(2 * kSetupSquares);
  setups_only.result.clear();
  setups_only.ending.clear();
  setups_only.ending_detail.clear();
  const engine::Match setups_played = engine::Match::Replay(setups_only);
  const Position& p = PositionOf(setups_played);
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (!InSetupRows(0, sq) && !InSetupRows(1, sq)) continue;
    EXPECT_EQ(p.board[sq] == 0, field[sq] == 'A') << SquareName(sq);
  }
}

TEST(Gravon, GsnImportMatchesTheXml) {
  games::RegisterAllGames();
  const engine::Record xml = ReadGravonFile(DataFile("flag_capture.xml"));
  const engine::Record gsn = ReadGravonFile(DataFile("flag_capture.gsn"));
  EXPECT_EQ(gsn.options, xml.options);
  ASSERT_EQ(gsn.actions.size(), xml.actions.size());
  for (std::size_t i = 0; i < gsn.actions.size(); ++i) {
    EXPECT_EQ(gsn.actions[i].action, xml.actions[i].action);
  }
  EXPECT_EQ(gsn.result, xml.result);
  EXPECT_EQ(gsn.seats[1], "bob");
}

TEST(Gravon, ForfeitBecomesAResignation) {
  games::RegisterAllGames();
  const engine::Record record = ReadGravonFile(DataFile("forfeit.xml"));
  EXPECT_EQ(record.ending, "resignation");
  EXPECT_EQ(record.result,
            (std::vector<std::string>{"loss", "win"}));  // winner 2: Blue won, Red forfeited
  EXPECT_EQ(record.result, (std::vector<std::string>{"loss", "win"}));
  EXPECT_NO_THROW(engine::Match::Replay(record));
}

TEST(Gravon, ExportReadsBack) {
  games::RegisterAllGames();
  const engine::Record original = ReadGravonFile(DataFile("flag_capture.xml"));
  const std::string xml = RecordToGravonXml(original);
  EXPECT_NE(xml.find("<result type=\"1\" winner=\"1\"/>"), std::string::npos) << xml;
  EXPECT_NE(xml.find("source=\"A6\" target=\"A7\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("bob &amp; co"), std::string::npos) << xml;
  const engine::Record back = GravonToRecord(xml);
  EXPECT_EQ(back.options, original.options);
  EXPECT_EQ(back.seats, original.seats);
  EXPECT_EQ(back.result, original.result);
  ASSERT_EQ(back.actions.size(), original.actions.size());
  for (std::size_t i = 0; i < back.actions.size(); ++i) {
    EXPECT_EQ(back.actions[i].action, original.actions[i].action);
  }
  // A resignation exports as a forfeit and comes back as one.
  const engine::Record forfeit =
      GravonToRecord(RecordToGravonXml(ReadGravonFile(DataFile("forfeit.xml"))));
  EXPECT_EQ(forfeit.ending, "resignation");
  EXPECT_EQ(forfeit.result, (std::vector<std::string>{"loss", "win"}));
}

// A whole random game played with placements (not the setup options) exports and reads back to
// the same final position.
TEST(Gravon, RandomQuartelGameRoundTrips) {
  games::RegisterAllGames();
  auto game = engine::LoadGame("stratego", {{"repetition", "isf"}});
  Rng rng(11);
  int exported = 0;
  for (int g = 0; g < 5; ++g) {
    engine::Match match(game, {"bot:random", "bot:random"});
    for (int seat = 0; seat < 2; ++seat) {
      for (Action a : match.state().StringToTurn(RandomSetup(ClassicArmy(), rng))) match.Apply(a);
    }
    std::vector<Action> legal;
    while (!match.Over()) {
      match.state().LegalActions(legal);
      match.Apply(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
    }
    const engine::Record back = GravonToRecord(RecordToGravonXml(match.record()));
    const engine::Match replayed = engine::Match::Replay(back);
    EXPECT_EQ(PositionOf(replayed).board, PositionOf(match).board);
    // A draw by an engine cap goes out as a tie (type 4) and comes back as a draw agreed.
    EXPECT_EQ(back.result, match.record().result);
    ++exported;
  }
  EXPECT_EQ(exported, 5);
}

// .gsn export: finished random games (placements, default options) export as .gsn and import
// back to the same actions and result.
TEST(Gravon, GsnExportRoundTrips) {
  games::RegisterAllGames();
  auto game = engine::LoadGame("stratego");
  Rng rng(23);
  int decided = 0;
  for (int g = 0; g < 6; ++g) {
    engine::Match match(game, {"alice", "bob"});
    for (int seat = 0; seat < 2; ++seat) {
      for (Action a : match.state().StringToTurn(RandomSetup(ClassicArmy(), rng))) match.Apply(a);
    }
    std::vector<Action> legal;
    while (!match.Over()) {
      match.state().LegalActions(legal);
      match.Apply(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
    }
    const std::string gsn = RecordToGravonGsn(match.record());
    ASSERT_EQ(gsn.rfind("# Quartel Stratego-Notation v1\ntype 0\n", 0), 0u) << gsn;
    EXPECT_NE(gsn.find("\nEND\nalice vs bob result "), std::string::npos) << gsn;
    const engine::Record back = GravonToRecord(gsn);
    EXPECT_EQ(back.seats, match.record().seats);
    // The import places each setup in setup-string order: compare the moves, which follow.
    std::vector<Action> moves, back_moves;
    for (const auto& entry : match.record().actions) {
      if (IsMove(entry.action)) moves.push_back(entry.action);
    }
    for (const auto& entry : back.actions) {
      if (IsMove(entry.action)) back_moves.push_back(entry.action);
    }
    EXPECT_EQ(back_moves, moves);
    const engine::Match replayed = engine::Match::Replay(back);
    EXPECT_EQ(PositionOf(replayed).board, PositionOf(match).board);
    if (PositionOf(match).h.ending == kFlagCaptured || PositionOf(match).h.ending == kNoMove) {
      EXPECT_EQ(back.result, match.record().result);
      ++decided;
    }
    // The XML export of the same game imports to the same record.
    const engine::Record from_xml = GravonToRecord(RecordToGravonXml(match.record()));
    EXPECT_EQ(from_xml.options, back.options);
    EXPECT_EQ(from_xml.result, back.result);
  }
  EXPECT_GT(decided, 0);
  // The hand-written file exports back to its own moves and result line.
  const std::string gsn = RecordToGravonGsn(ReadGravonFile(DataFile("flag_capture.gsn")));
  EXPECT_NE(gsn.find("A4-A6\nE7-E6\nA6-A7\nEND\nalice vs bob result 1 winner 1\n"),
            std::string::npos)
      << gsn;
}

TEST(Gravon, ExportRefusesWhatGravonCannotHold) {
  games::RegisterAllGames();
  engine::Match unfinished(engine::LoadGame("stratego"), {"a", "b"});
  EXPECT_NE(ErrorOf([&] { RecordToGravonXml(unfinished.record()); }).find("finished"),
            std::string::npos);
  engine::Record other = unfinished.record();
  other.game = "dablot";
  EXPECT_NE(ErrorOf([&] { RecordToGravonXml(other); }).find("only Stratego"), std::string::npos);
}

TEST(Gravon, MalformedFilesNameTheLineAndTheProblem) {
  games::RegisterAllGames();
  std::string what = ErrorOf([] { ReadGravonFile(DataFile("illegal_move.xml")); });
  EXPECT_NE(what.find("line 8: move 2 E7-E5"), std::string::npos) << what;
  what = ErrorOf([] { ReadGravonFile(DataFile("short_field.xml")); });
  EXPECT_NE(what.find("line 6: the field has 99 characters"), std::string::npos) << what;
  what = ErrorOf([] { ReadGravonFile(DataFile("bad_square.xml")); });
  EXPECT_NE(what.find("line 7: move: 'Z6' is not a square"), std::string::npos) << what;
  what = ErrorOf([] { ReadGravonFile(DataFile("no_such_file.xml")); });
  EXPECT_NE(what.find("cannot read"), std::string::npos) << what;

  const std::string field =
      "BMBEBGFFEBEBFHBIDEHGDGLEJKIIJHDCDDFHDGDDAA__AA__AAAA__AA__AA"
      "YPSPTRPPOPTVUUWVQXSPSTQPUNTRNQNQRRSNQNPN";
  what = ErrorOf([] { GravonToRecord("<root/>"); });
  EXPECT_NE(what.find("no <game>"), std::string::npos) << what;
  what = ErrorOf([] { GravonToRecord("<game>\n<player>x</player>\n</game>"); });
  EXPECT_NE(what.find("no <field>"), std::string::npos) << what;
  what = ErrorOf([] { GravonToRecord("<game>\n<field content=\"AAA\"\n"); });
  EXPECT_NE(what.find("line 2: <field> is not closed"), std::string::npos) << what;
  what = ErrorOf([&] {
    GravonToRecord("<game>\n<field content=\"" + field + "\"/>\n<move source=\"A4\"/>\n</game>");
  });
  EXPECT_NE(what.find("line 3: <move> has no target"), std::string::npos) << what;
  std::string two_flags = field;
  two_flags[1] = 'M';
  two_flags[0] = 'M';
  what = ErrorOf([&] { GravonToRecord("<game>\n\n<field content=\"" + two_flags + "\"/>"); });
  EXPECT_NE(what.find("line 3: Red's setup"), std::string::npos) << what;
  std::string blue_on_red = field;
  blue_on_red[0] = 'N';
  what = ErrorOf([&] { GravonToRecord("<game><field content=\"" + blue_on_red + "\"/>"); });
  EXPECT_NE(what.find("line 1: field character 1 'N' on a1 is not a Red piece"), std::string::npos)
      << what;
  what = ErrorOf([&] {
    GravonToRecord("<game><field content=\"" + field +
                   "\"/>\n<move source=\"A4\" target=\"A6\"/>\n<result type=\"1\" winner=\"2\"/>");
  });
  EXPECT_NE(what.find("line 3: the file says 'flag captured', but the moves do not end the game"),
            std::string::npos)
      << what;
  what = ErrorOf([&] {
    GravonToRecord("<game><field content=\"" + field +
                   "\"/>\n<move source=\"A4\" target=\"A6\"/>\n<result type=\"5\" winner=\"2\"/>");
  });
  EXPECT_NE(what.find("line 3: result type 5 is not a Gravon ending"), std::string::npos) << what;
  what = ErrorOf([&] {
    GravonToRecord("<game><field content=\"" + field +
                   "\"/>\n<move source=\"A4\" target=\"A6\"/>\n<result type=\"1\" winner=\"7\"/>");
  });
  EXPECT_NE(what.find("line 3: winner 7"), std::string::npos) << what;
  // .gsn
  what = ErrorOf(
      [&] { GravonToRecord("#X38FA11 Stratego-Notation v1\ntype 0\n" + field + "\nA4\n"); });
  EXPECT_NE(what.find("line 4: 'A4' is not a move"), std::string::npos) << what;
  what = ErrorOf(
      [&] { GravonToRecord("#X38FA11 Stratego-Notation v1\ntype 0\n" + field + "\nA4-A6\n"); });
  EXPECT_NE(what.find("do not end with END"), std::string::npos) << what;
  what = ErrorOf([&] {
    GravonToRecord("#X38FA11 Stratego-Notation v1\ntype 0\n" + field + "\nA4-A6\nEND\nnonsense\n");
  });
  EXPECT_NE(what.find("line 6: expected '<red> vs <blue>"), std::string::npos) << what;
}

// ==== Files in the real archive's layout (issue 8, section 3) ====
// <stratego> root, players after the moves, rank 10 written ':' ("K:"), every result type, both
// armies: written by hand from the format (tests/data/gravon/*.xml, and below).

TEST(GravonFormat, RealLayoutWithColonSquaresImports) {
  games::RegisterAllGames();
  const engine::Record xml = ReadGravonFile(DataFile("classic_flag.xml"));
  EXPECT_EQ(xml.seats, (std::vector<std::string>{"alice", "bob & co"}));
  ASSERT_EQ(xml.actions.size(), 85u);  // 80 placements, then the moves
  EXPECT_EQ(xml.actions[80].notation, "k4xk7");
  EXPECT_EQ(xml.actions[84].notation, "k1xk10");
  EXPECT_EQ(xml.result, (std::vector<std::string>{"win", "loss"}));
  EXPECT_TRUE(xml.ending.empty());
  EXPECT_EQ(xml.options.count("gravon_result"), 0u);  // an ending is no rule option
  EXPECT_EQ(PositionOf(engine::Match::Replay(xml)).h.ending, kFlagCaptured);
  const engine::Record gsn = ReadGravonFile(DataFile("classic_flag.gsn"));
  ASSERT_EQ(gsn.actions.size(), xml.actions.size());
  for (std::size_t i = 0; i < gsn.actions.size(); ++i) {
    EXPECT_EQ(gsn.actions[i].action, xml.actions[i].action);
  }
  EXPECT_EQ(gsn.result, xml.result);
}

TEST(GravonFormat, BarrageGamesEndByTheRules) {
  games::RegisterAllGames();
  const engine::Record draw = ReadGravonFile(DataFile("barrage_both_unable.xml"));
  EXPECT_EQ(draw.options.at("army"), "barrage");
  EXPECT_EQ(draw.result, (std::vector<std::string>{"draw", "draw"}));
  EXPECT_EQ(PositionOf(engine::Match::Replay(draw)).h.ending, kBothNoMove);
  const engine::Record no_move = ReadGravonFile(DataFile("barrage_no_move.xml"));
  EXPECT_EQ(no_move.actions[2 * 8 + 1].notation,
            "i10xi4");  // after Barrage's 8 + 8 placements  // Gravon's "I:"
  EXPECT_EQ(no_move.result, (std::vector<std::string>{"win", "loss"}));
  EXPECT_EQ(PositionOf(engine::Match::Replay(no_move)).h.ending, kNoMove);
  // Exported back: the Barrage game type and the same result.
  for (const engine::Record* record : {&draw, &no_move}) {
    const std::string out = RecordToGravonXml(*record);
    EXPECT_NE(out.find("<game type=\"barrage\">"), std::string::npos) << out;
    const engine::Record back = GravonToRecord(out);
    EXPECT_EQ(back.options, record->options);
    EXPECT_EQ(back.result, record->result);
  }
  EXPECT_NE(RecordToGravonXml(draw).find("<result type=\"2\" winner=\"3\"/>"), std::string::npos);
  EXPECT_NE(RecordToGravonXml(no_move).find("<result type=\"0\" winner=\"1\"/>"),
            std::string::npos);
  // .gsn has no known code for Barrage.
  EXPECT_NE(ErrorOf([&] { RecordToGravonGsn(draw); }).find("Barrage"), std::string::npos);
}

// A Gravon file in the archive's layout, written here from the format: the classic field of
// classic_flag.xml, its first two moves, then `type` and `winner`.
std::string ArchiveFile(int type, int winner) {
  std::ifstream in(DataFile("classic_flag.xml"));
  const std::string flag((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t at = flag.find("<field content=\"") + 16;
  const std::string field = flag.substr(at, 100);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"classic\">\n  \n"
         "  <field content=\"" +
         field +
         "\"/>\n"
         "  <move id=\"1\" source=\"K4\" target=\"K7\"/>\n"
         "  <move id=\"2\" source=\"K8\" target=\"K3\"/>\n"
         "  <player id=\"1\">Player 1</player>\n  <player id=\"2\">Player 2</player>\n"
         "  <result type=\"" +
         std::to_string(type) + "\" winner=\"" + std::to_string(winner) +
         "\"/>\n </game>\n</stratego>";
}

// Every ending outside the rules is kept as the record's "ending" with the file's winner, and
// exported back with the same result type and winner (reference file: 3 forfeit, 4 tie agreed,
// 10 both missing, 11 player clock, 12 game clock, 13 player clock and missing, 14 opponent
// missing).
TEST(GravonFormat, EveryEndingOutsideTheRulesRoundTrips) {
  games::RegisterAllGames();
  struct Case {
    int type, winner;
    const char* ending;
    std::vector<std::string> result;
  };
  const std::vector<Case> cases = {
      {3, 1, "resignation", {"win", "loss"}}, {3, 2, "resignation", {"loss", "win"}},
      {4, 3, "agreement", {"draw", "draw"}},  {4, 1, "agreement", {"win", "loss"}},
      {10, 3, "abandoned", {"draw", "draw"}}, {11, 2, "time", {"loss", "win"}},
      {12, 3, "time", {"draw", "draw"}},      {13, 1, "time", {"win", "loss"}},
      {14, 2, "abandoned", {"loss", "win"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::to_string(c.type) + " winner " + std::to_string(c.winner));
    const engine::Record record = GravonToRecord(ArchiveFile(c.type, c.winner));
    EXPECT_EQ(record.ending, c.ending);
    EXPECT_EQ(record.result, c.result);
    ASSERT_EQ(record.actions.size(), 82u);  // 80 placements, then the moves
    const engine::Match replayed = engine::Match::Replay(record);
    EXPECT_TRUE(replayed.state().IsTerminal());
    const std::string out = RecordToGravonXml(record);
    const std::string expected = "<result type=\"" + std::to_string(c.type) + "\" winner=\"" +
                                 std::to_string(c.winner) + "\"/>";
    EXPECT_NE(out.find(expected), std::string::npos) << out;
    EXPECT_EQ(GravonToRecord(out).result, c.result);
  }
}

// The archive's odd case: "tie agreed" naming winner 1 keeps its winner.
TEST(GravonFormat, TieAgreedWithAWinnerKeepsTheWinner) {
  games::RegisterAllGames();
  const engine::Record record = ReadGravonFile(DataFile("classic_tie_winner.xml"));
  EXPECT_EQ(record.ending, "agreement");
  EXPECT_EQ(record.result, (std::vector<std::string>{"win", "loss"}));
  EXPECT_NE(RecordToGravonXml(record).find("<result type=\"4\" winner=\"1\"/>"), std::string::npos);
}

TEST(GravonFormat, ClassicFreeIsRefusedClearly) {
  games::RegisterAllGames();
  const std::string what = ErrorOf([] { ReadGravonFile(DataFile("classicfree.xml")); });
  EXPECT_NE(what.find("line 4: game type 'classicfree' (a free position"), std::string::npos)
      << what;
}

// Export writes what Gravon's tools read: the archive's layout and square notation.
TEST(GravonFormat, ExportWritesTheArchiveLayout) {
  games::RegisterAllGames();
  const engine::Record record = ReadGravonFile(DataFile("classic_flag.xml"));
  const std::string out = RecordToGravonXml(record);
  EXPECT_EQ(out.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game "
                      "type=\"classic\">\n",
                      0),
            0u)
      << out;
  EXPECT_NE(out.find("<move id=\"5\" source=\"K1\" target=\"K:\"/>"), std::string::npos) << out;
  EXPECT_EQ(out.find("10\""), std::string::npos) << out;  // never "K10"
  EXPECT_LT(out.find("<move id=\"5\""), out.find("<player id=\"1\">alice</player>"));
  EXPECT_NE(out.find(" </game>\n</stratego>"), std::string::npos) << out;
  const std::string gsn = RecordToGravonGsn(record);
  EXPECT_NE(gsn.find("\nK1-K:\nEND\n"), std::string::npos) << gsn;
  // Gravon has none of these rules (a game they do not change: the Scout takes the Flag).
  for (const char* option : {"silent_defense", "rescue", "aggressor_advantage"}) {
    engine::Record other = ReadGravonFile(DataFile("flag_capture.xml"));
    other.options[option] = "true";
    const std::string what = ErrorOf([&] { RecordToGravonXml(other); });
    EXPECT_NE(what.find("Gravon records have no"), std::string::npos) << option << ": " << what;
  }
}

TEST(Gravon, CliImportAndExport) {
  games::RegisterAllGames();
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string json = dir + "/quartel_gravon_test.json";
  const std::string xml = dir + "/quartel_gravon_test.xml";
  std::ostringstream printed;
  EXPECT_EQ(cli::Import(DataFile("flag_capture.xml"), "", printed), 0);
  EXPECT_NE(printed.str().find("\"a6xa7\""), std::string::npos) << printed.str();
  std::ostringstream quiet;
  EXPECT_EQ(cli::Import(DataFile("flag_capture.gsn"), json, quiet), 0);
  EXPECT_EQ(quiet.str(), "");
  EXPECT_EQ(cli::Export(json, xml, quiet), 0);
  EXPECT_EQ(ReadGravonFile(xml).result, (std::vector<std::string>{"win", "loss"}));
  // An output file ending in .gsn gets Gravon's text notation.
  const std::string gsn = dir + "/quartel_gravon_test.gsn";
  EXPECT_EQ(cli::Export(json, gsn, quiet), 0);
  EXPECT_EQ(ReadGravonFile(gsn).result, (std::vector<std::string>{"win", "loss"}));
  std::remove(gsn.c_str());
  std::ostringstream exported;
  EXPECT_EQ(cli::Export(json, "", exported), 0);
  EXPECT_NE(exported.str().find("<field content="), std::string::npos);
  std::remove(json.c_str());
  std::remove(xml.c_str());
  const std::string what = ErrorOf([] {
    std::ostringstream out;
    cli::Import(DataFile("illegal_move.xml"), "", out);
  });
  EXPECT_NE(what.find("illegal_move.xml: line 8"), std::string::npos) << what;
}

// `quartel export FILE --format xml|gsn`: the format chosen overrides the output's extension;
// without it the extension decides (above).
TEST(Gravon, CliExportFormat) {
  games::RegisterAllGames();
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string json = dir + "/quartel_gravon_format_test.json";
  std::ostringstream quiet;
  ASSERT_EQ(cli::Import(DataFile("flag_capture.gsn"), json, quiet), 0);
  std::ostringstream gsn_printed;
  EXPECT_EQ(cli::Export(json, "", gsn_printed, "gsn"), 0);
  EXPECT_EQ(gsn_printed.str().rfind("# Quartel Stratego-Notation", 0), 0u) << gsn_printed.str();
  EXPECT_EQ(GravonToRecord(gsn_printed.str()).result, (std::vector<std::string>{"win", "loss"}));
  std::ostringstream xml_printed;
  EXPECT_EQ(cli::Export(json, "", xml_printed, "xml"), 0);
  EXPECT_NE(xml_printed.str().find("<field content="), std::string::npos) << xml_printed.str();
  // XML written to a file named .gsn, and .gsn to a file named .xml: the format wins.
  const std::string named_gsn = dir + "/quartel_gravon_format_test.gsn";
  const std::string named_xml = dir + "/quartel_gravon_format_test.xml";
  EXPECT_EQ(cli::Export(json, named_gsn, quiet, "xml"), 0);
  EXPECT_EQ(cli::Export(json, named_xml, quiet, "gsn"), 0);
  for (const std::string& file : {named_gsn, named_xml}) {
    std::ifstream in(file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, file == named_gsn ? xml_printed.str() : gsn_printed.str());
    EXPECT_EQ(ReadGravonFile(file).result, (std::vector<std::string>{"win", "loss"}));
    std::remove(file.c_str());
  }
  const std::string what = ErrorOf([&] {
    std::ostringstream out;
    cli::Export(json, "", out, "pgn");
  });
  EXPECT_NE(what.find("unknown export format 'pgn'"), std::string::npos) << what;
  std::remove(json.c_str());
}

// The archive's date in a Gravon file name chooses the repetition rule of its time
// (docs/rules/stratego.md, "Gravon records").
TEST(GravonRepetition, TheFileNamesDateNamesTheRule) {
  EXPECT_EQ(GravonRepetitionOfName("classic-2004.11-5.xml"), "five_moves");
  EXPECT_EQ(GravonRepetitionOfName("/archive/barrage-2005.3-12.gsn"), "five_moves");
  EXPECT_EQ(GravonRepetitionOfName("classic-2006.7-1.xml"), "isf");
  EXPECT_EQ(GravonRepetitionOfName("strados2005-1/classic-2015.2-349.xml"), "isf");
  EXPECT_EQ(GravonRepetitionOfName("game.xml"), "");
  EXPECT_EQ(GravonRepetitionOfName("12005.3.xml"), "");
}

// A game of 2005 in which a piece goes back and forth five times: refused under ISF at the
// fourth, imported under its year's rule (five_moves) from a dated file name, by trying the rules
// in order from an undated one, and as --repetition says.
TEST(GravonRepetition, AGameOf2005ImportsUnderItsYearsRule) {
  games::RegisterAllGames();
  engine::Match match(engine::LoadGame("stratego", {{"repetition", "five_moves"}}),
                      {"Red", "Blue"});
  for (const char* setup : {"preset fortress", "preset shoreline"}) {
    for (Action action : match.state().StringToTurn(setup)) match.Apply(action);
  }
  // Each seat's first step onto an empty square, then back and forth: five moves each.
  std::array<std::array<std::string, 2>, 2> shuttle;
  for (int move = 0; move < 10; ++move) {
    const int seat = match.state().CurrentSeat();
    if (move < 2) {
      for (Action action : match.state().LegalActions()) {
        const std::string notation = match.state().ActionToString(action);
        const auto dash = notation.find('-');
        const std::string from = notation.substr(0, dash), to = notation.substr(dash + 1);
        const bool step = from[0] == to[0]
                              ? std::abs(std::stoi(from.substr(1)) - std::stoi(to.substr(1))) == 1
                              : from.substr(1) == to.substr(1);
        if (dash != std::string::npos && step) {
          shuttle[seat] = {notation, to + "-" + from};
          break;
        }
      }
    }
    match.Apply(match.state().StringToAction(shuttle[seat][move / 2 % 2]));
  }
  match.Resign(0);
  const std::string xml = RecordToGravonXml(match.record());
  const std::string dir = std::filesystem::temp_directory_path().string();
  const auto write = [&](const std::string& name) {
    const std::string path = dir + "/" + name;
    std::ofstream(path) << xml;
    return path;
  };
  const std::string of_2005 = write("classic-2005.3-17.xml");
  const std::string of_2015 = write("classic-2015.2-17.xml");
  const std::string undated = write("quartel_gravon_undated_test.xml");
  EXPECT_EQ(ReadGravonFile(of_2005).options.at("repetition"), "five_moves");
  EXPECT_EQ(ReadGravonFile(undated).options.at("repetition"), "five_moves");
  std::string what = ErrorOf([&] { ReadGravonFile(of_2015); });
  EXPECT_NE(what.find("move 7"), std::string::npos) << what;  // Red's fourth back-and-forth
  what = ErrorOf([&] { ReadGravonFile(of_2005, "isf"); });
  EXPECT_NE(what.find("move 7"), std::string::npos) << what;
  EXPECT_EQ(ReadGravonFile(of_2015, "five_moves").actions.size(), match.record().actions.size());
  // The importer's own command: the 2005 file imports and replays.
  std::ostringstream out;
  EXPECT_EQ(cli::Import(of_2005, "", out), 0);
  EXPECT_NE(out.str().find("\"five_moves\""), std::string::npos);
  for (const std::string& file : {of_2005, of_2015, undated}) std::remove(file.c_str());
}

}  // namespace
}  // namespace quartel::stratego
