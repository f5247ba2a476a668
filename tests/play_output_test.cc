// What `quartel play` prints: a moves list in groups, the game's own help, one line per bot turn
// and per run of chance events, no board after every command inside a turn, the final board in
// full after any ending, long input never echoed whole, colours readable on light and dark
// terminals.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/text.h"
#include "engine/playout.h"
#include "play_test_helpers.h"

namespace quartel::cli {
namespace {

using engine::Action;

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// What was printed between the n-th prompt ("> ", 0-based) and the next.
std::string AfterPrompt(const std::string& out, int n) {
  std::size_t at = 0;
  for (int i = 0; i <= n; ++i) at = out.find("> ", at) + 2;
  return out.substr(at, out.find("> ", at) - at);
}

engine::Match NewMatch(const std::string& game_id, const std::string& options = "") {
  games::RegisterAllGames();
  const auto game = engine::LoadGame(game_id, engine::ParseOptionList(options));
  return engine::Match(game, std::vector<std::string>(game->NumSeats(), "human"));
}

TEST(PlayOutput, MovesAreGroupedOnShortLines) {
  const std::string listing = AfterPrompt(PlayOutput("dablot", "human,human", "", "moves\n"), 0);
  const auto lines = Lines(listing);
  ASSERT_GT(lines.size(), 3u) << listing;
  EXPECT_NE(lines.front().find("moves"), std::string::npos) << listing;  // "11 moves ..."
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (!lines[i].starts_with("    ")) continue;  // the next prompt
    EXPECT_LE(lines[i].size(), 80u) << lines[i];
    // "    23: 23-29 23-30": a group label, then the moves of that piece.
    std::istringstream words(lines[i]);
    std::string label, move;
    words >> label;
    ASSERT_EQ(label.back(), ':') << lines[i];
    while (words >> move) EXPECT_EQ(move.rfind(label.substr(0, label.size() - 1), 0), 0u) << move;
  }
}

TEST(PlayOutput, HelpIsTheGamesOwn) {
  const std::string dablot = AfterPrompt(PlayOutput("dablot", "human,human", "", "help\n"), 0);
  EXPECT_NE(dablot.find("23x35x47"), std::string::npos) << dablot;
  EXPECT_NE(dablot.find("stop"), std::string::npos) << dablot;
  const std::string conspiradores =
      AfterPrompt(PlayOutput("conspiradores", "human,human", "", "help\n"), 0);
  EXPECT_NE(conspiradores.find("G9-H10"), std::string::npos) << conspiradores;
  for (const std::string& help : {dablot, conspiradores}) {
    for (const char* other : {"Stratego", "WAR", "Espionage", "attack", "F:a1"}) {
      EXPECT_EQ(help.find(other), std::string::npos) << other << " in\n" << help;
    }
    EXPECT_NE(help.find("moves"), std::string::npos);
    EXPECT_NE(help.find("resign"), std::string::npos);
  }
}

// The deal of WAR is a run of chance events: one line, not one per card.
TEST(PlayOutput, RunOfChanceEventsIsOneLine) {
  const std::string out = PlayOutput("war", "human,random,random", "", "quit\n");
  const std::string before_prompt = out.substr(0, out.find("> "));
  EXPECT_EQ(Count(before_prompt, "Chance:"), 1u) << before_prompt;
}

// Inside a WAR turn each placement prints a short line; the board is not drawn again until the
// turn passes (or the player asks).
TEST(PlayOutput, NoBoardAfterEachCommandInsideATurn) {
  int typed = 0;
  TerminalRun run(NewMatch("war", "players=3"), {"human", "random", "random"},
                  [&](const engine::State& state, const std::string&) -> std::string {
                    if (++typed > 3 || state.CurrentSeat() != 0) return "quit\n";
                    return state.ActionToString(state.LegalActions().front()) + "\n";
                  });
  const std::string out = run.Run();
  const std::size_t first_prompt = out.find("> ");
  ASSERT_NE(first_prompt, std::string::npos);
  EXPECT_GE(typed, 3);
  // The board's summary line "Players: ..." is drawn once before the first prompt, then no more.
  EXPECT_EQ(Count(out.substr(first_prompt), "Players:"), 0u) << out.substr(first_prompt);
  // Three short lines, one per placement, and the note on leaving.
  EXPECT_LE(Count(out.substr(first_prompt), "\n"), 5u) << out.substr(first_prompt);
}

// After any ending, resignation included, the final board is shown as everyone may now see it.
TEST(PlayOutput, FinalBoardAfterResignation) {
  for (const std::string game : {"dablot", "stratego"}) {
    int typed = 0;
    TerminalRun run(NewMatch(game), {"human", "random"},
                    [&](const engine::State& state, const std::string&) -> std::string {
                      if (++typed > 5) return "";
                      if (state.IsTerminal()) return "\n";
                      return game == "stratego" && state.PlyCount() == 0 ? "random 3\n"
                                                                         : "resign\n";
                    });
    const std::string out = run.Run();
    ASSERT_TRUE(run.match().Over()) << out;
    const std::size_t resigned = out.find("resigns");
    ASSERT_NE(resigned, std::string::npos) << out;
    const std::string final_board = run.match().state().ViewText(engine::kSpectator, false);
    EXPECT_NE(out.find(final_board, resigned), std::string::npos) << game << "\n"
                                                                  << final_board << "\nnot in\n"
                                                                  << out.substr(resigned);
  }
}

TEST(PlayOutput, LongInputIsNotEchoed) {
  const std::string long_line(500, 'a');
  const std::string out = PlayOutput("dablot", "human,human", "", long_line + "\nquit\n");
  EXPECT_EQ(out.find(std::string(61, 'a')), std::string::npos);
  EXPECT_NE(out.find("too long"), std::string::npos);
  const std::string bad_move = "23-29" + std::string(150, 'z');
  const std::string refused = PlayOutput("dablot", "human,human", "", bad_move + "\nquit\n");
  EXPECT_EQ(refused.find(std::string(61, 'z')), std::string::npos) << refused;
  EXPECT_NE(refused.find("zzz"), std::string::npos);  // an excerpt is named
  const std::string war = PlayOutput("war", "human,random,random", "",
                                     "attack " + std::string(150, 'q') + " x\nquit\n");
  EXPECT_EQ(war.find(std::string(61, 'q')), std::string::npos);
}

// SGR codes that set a white or yellow foreground (37, 97, 33, 93) with no background of their
// own are unreadable on a light (or, for yellow, also on some dark) terminal.
std::vector<std::string> UnreadableCodes(const std::string& text) {
  std::vector<std::string> bad;
  const std::regex sgr("\x1b\\[([0-9;]*)m");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), sgr); it != std::sregex_iterator();
       ++it) {
    bool light_foreground = false, background = false;
    for (const std::string& code : Split((*it)[1].str(), ';')) {
      light_foreground |= code == "33" || code == "37" || code == "93" || code == "97";
      background |= (code >= "40" && code <= "47" && code.size() == 2) ||
                    (code.size() == 3 && code >= "100" && code <= "107");
    }
    if (light_foreground && !background) bad.push_back((*it)[1].str());
  }
  return bad;
}

TEST(PlayOutput, ColoursReadableOnLightAndDarkTerminals) {
  for (const auto& [game_id, options] : std::vector<std::pair<std::string, std::string>>{
           {"dablot", ""}, {"conspiradores", "players=4"}, {"conspiradores", "players=2"}}) {
    engine::Match match = NewMatch(game_id, options);
    Rng rng(7);
    std::vector<Action> scratch;
    for (int i = 0; i < 60 && !match.Over(); ++i) {
      match.Apply(engine::RandomAction(match.state(), rng, scratch));
    }
    const std::string view = match.state().ViewText(0, true);
    EXPECT_TRUE(UnreadableCodes(view).empty())
        << game_id << ": " << fmt::format("{}", fmt::join(UnreadableCodes(view), " "));
  }
}

// Conspiradores' draw of the play order is told with the seats' names, not the record notation.
TEST(PlayOutput, PlayOrderIsToldInWords) {
  const std::string out = PlayOutput("conspiradores", "human,human", "", "quit\n");
  const std::string chance = out.substr(out.find("Chance:"));
  const std::string line = chance.substr(0, chance.find('\n'));
  EXPECT_EQ(line.find("order 1,2"), std::string::npos) << line;
  EXPECT_EQ(line.find("order 2,1"), std::string::npos) << line;
  EXPECT_NE(line.find("white"), std::string::npos) << line;
  EXPECT_NE(line.find("black"), std::string::npos) << line;
}

TEST(PlayOutput, PluralsAndExcerpts) {
  EXPECT_EQ(Plural(1, "move"), "1 move");
  EXPECT_EQ(Plural(0, "move"), "0 moves");
  EXPECT_EQ(Plural(2, "army", "armies"), "2 armies");
  EXPECT_EQ(Excerpt("short"), "short");
  const std::string excerpt = Excerpt(std::string(100, 'b'));
  EXPECT_LE(excerpt.size(), 60u);
  EXPECT_EQ(excerpt.substr(excerpt.size() - 3), "...");
  // A cut never splits a UTF-8 character.
  const std::string accents = Excerpt(std::string(56, 'a') + "ááááá");
  EXPECT_EQ(accents, std::string(56, 'a') + "...");
}

}  // namespace
}  // namespace quartel::cli
