// Whole Stratego setups (games/stratego/setups.h): a seat's setup as one turn (never an option),
// saving a setup as its 40-character string, the named presets and random setups.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/record.h"
#include "games/all_games.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"
#include "stratego_test_helpers.h"

namespace quartel::stratego {
namespace {

const StrategoState& AsStratego(const engine::State& state) {
  return static_cast<const StrategoState&>(state);
}

// Issue 9, 1: a seat's setup is its private input, played as its setup turn, never a game option
// (options are printed at the start and stored in records before the game ends).
TEST(StrategoSetup, SetupsAreNoGameOptions) {
  games::RegisterAllGames();
  for (const engine::OptionSpec& spec : engine::FindGame("stratego").options) {
    EXPECT_EQ(spec.name.find("setup"), std::string::npos) << spec.name;
  }
  for (const char* name : {"setup", "setup_red", "setup_blue"}) {
    EXPECT_THROW(LoadStratego({{name, "preset fortress"}}), Error) << name;
  }
  const auto game = LoadStratego({});  // kept: a range-for over a temporary's member dangles
  for (const auto& [name, value] : game->options().values()) {
    EXPECT_EQ(name.find("setup"), std::string::npos) << name;
  }
}

TEST(StrategoSetup, PresetsHoldTheClassicArmyFromBothSides) {
  ASSERT_GE(Presets().size(), 3u);
  for (const Preset& preset : Presets()) {
    if (preset.army != ArmyKind::kClassic) continue;  // Barrage: StrategoBarrage below
    for (int seat = 0; seat < 2; ++seat) {
      const std::string setup = PresetSetup(preset.name, seat);
      EXPECT_EQ(setup.size(), 40u) << preset.name;
      EXPECT_NO_THROW(ParseSetupString(setup, ClassicArmy())) << preset.name;
    }
    // Turned round for Blue: Red's a1 (back row, left) is Blue's k10 (back row, left for Blue).
    EXPECT_EQ(PresetSetup(preset.name, 1)[39], PresetSetup(preset.name, 0)[0]);
  }
  EXPECT_THROW(PresetSetup("no-such-preset", 0), Error);
}

TEST(StrategoSetup, ParseRejectsWrongArmiesWithAClearMessage) {
  const std::string good = PresetSetup("fortress", 0);
  EXPECT_EQ(SetupToString(ParseSetupString(good, ClassicArmy())), good);
  try {
    ParseSetupString(good.substr(0, 39), ClassicArmy());
    FAIL() << "a short string was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("a setup string needs 40 squares, this has 39"),
              std::string::npos)
        << e.what();
  }
  std::string two_flags = good;
  two_flags[two_flags.find('X')] = 'F';
  EXPECT_THROW(ParseSetupString(two_flags, ClassicArmy()), Error);
  std::string bad_char = good;
  bad_char[5] = 'Q';
  EXPECT_THROW(ParseSetupString(bad_char, ClassicArmy()), Error);
}

TEST(StrategoSetup, RandomSetupsAreValidAndVary) {
  Rng rng(7);
  const std::string first = RandomSetup(ClassicArmy(), rng);
  EXPECT_NO_THROW(ParseSetupString(first, ClassicArmy()));
  bool differs = false;
  for (int i = 0; i < 20; ++i) {
    const std::string setup = RandomSetup(ClassicArmy(), rng);
    EXPECT_NO_THROW(ParseSetupString(setup, ClassicArmy()));
    differs |= setup != first;
  }
  EXPECT_TRUE(differs);
  // The seed's army of 39 leaves one square empty.
  const std::string seed = RandomSetup(SeedArmy(), rng);
  EXPECT_EQ(std::count(seed.begin(), seed.end(), '.'), 1);
  EXPECT_NO_THROW(ParseSetupString(seed, SeedArmy()));
}

// Plays `text` (a setup string, "preset NAME" or "random N") as the setup turn of the seat to act.
void PlaySetup(engine::State& state, const std::string& text) {
  for (Action a : state.StringToTurn(text)) state.ApplyAction(a);
}

// Both setups scripted as the seats' turns start the play phase, Red to move.
TEST(StrategoSetup, BothSetupTurnsStartThePlayPhase) {
  const std::string red = PresetSetup("fortress", 0), blue = PresetSetup("blitz", 1);
  auto state = LoadStratego({})->NewInitialState();
  PlaySetup(*state, red);
  EXPECT_EQ(AsStratego(*state).position().h.phase, Phase::kSetup);
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_THROW(SetupString(AsStratego(*state).position(), 1), Error);
  PlaySetup(*state, blue);
  const Position& p = AsStratego(*state).position();
  EXPECT_EQ(p.h.phase, Phase::kPlay);
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(SetupString(p, 0), red);
  EXPECT_EQ(SetupString(p, 1), blue);
  EXPECT_NO_THROW(state->CheckConsistency());
  // Red's first piece in the string stands on a1, Blue's on a7.
  EXPECT_EQ(PieceRank(p.board[0]), RankFromChar(red[0]));
  EXPECT_EQ(PieceRank(p.board[60]), RankFromChar(blue[0]));
}

TEST(StrategoSetup, SetupTurnsUndoAndReplay) {
  engine::Match match(LoadStratego({}), {"human", "human"});
  for (Action a : match.state().StringToTurn(PresetSetup("blitz", 0))) match.Apply(a);
  const std::vector<Action> setup = match.state().StringToTurn("preset shoreline");
  for (Action a : setup) match.Apply(a);
  EXPECT_EQ(AsStratego(match.state()).position().h.phase, Phase::kPlay);
  EXPECT_EQ(SetupString(AsStratego(match.state()).position(), 1), PresetSetup("shoreline", 1));
  match.Undo();
  EXPECT_EQ(AsStratego(match.state()).position().h.phase, Phase::kSetup);
  EXPECT_EQ(match.state().CurrentSeat(), 1);
  EXPECT_NO_THROW(match.state().CheckConsistency());
  match.Apply(setup.back());
  EXPECT_NO_THROW(engine::Match::Replay(match.record()));
  for (const auto& [name, value] : match.record().options) {
    EXPECT_EQ(name.find("setup"), std::string::npos) << name;
  }
}

// Presets and seeded random setups are whole setup turns.
TEST(StrategoSetup, PresetAndRandomSetupTurns) {
  auto state = LoadStratego({})->NewInitialState();
  PlaySetup(*state, "preset shoreline");
  PlaySetup(*state, "random 7");
  const Position& p = AsStratego(*state).position();
  EXPECT_EQ(SetupString(p, 0), PresetSetup("shoreline", 0));
  Rng rng(7);
  EXPECT_EQ(SetupString(p, 1), RandomSetup(ClassicArmy(), rng));
}

// A seat sees its own setup as the 40-character string (to save it) until it moves or loses a
// piece; the opponent and spectators never do.
TEST(StrategoSetup, OwnViewShowsTheSetupString) {
  const std::string red = PresetSetup("fortress", 0), blue = PresetSetup("blitz", 1);
  auto state = LoadStratego({})->NewInitialState();
  PlaySetup(*state, red);
  PlaySetup(*state, blue);
  EXPECT_EQ(state->ViewJson(0)["setup"], red);
  EXPECT_EQ(state->ViewJson(1)["setup"], blue);
  EXPECT_TRUE(state->ViewJson(engine::kSpectator)["setup"].is_null());
  EXPECT_NE(state->ViewText(0, false).find("Your setup: " + red), std::string::npos);
  EXPECT_EQ(state->ViewText(1, false).find(red), std::string::npos);
  // After Red's first move its setup no longer stands as it was; Blue's still does.
  state->ApplyAction(state->LegalActions()[0]);
  EXPECT_TRUE(state->ViewJson(0)["setup"].is_null());
  EXPECT_EQ(state->ViewText(0, false).find("Your setup"), std::string::npos);
  EXPECT_EQ(state->ViewJson(1)["setup"], blue);
  // The string plays back as a setup turn.
  auto again = LoadStratego({})->NewInitialState();
  PlaySetup(*again, red);
  PlaySetup(*again, blue);
  EXPECT_EQ(again->ViewJson(0)["setup"], red);
}

TEST(StrategoSetup, InvalidSetupTurnIsRefused) {
  auto state = LoadStratego({})->NewInitialState();
  EXPECT_THROW(state->StringToTurn("FFF"), Error);
  // The seed's army needs its own list.
  EXPECT_THROW(
      LoadStratego({{"army", "seed"}})->NewInitialState()->StringToTurn(PresetSetup("blitz", 0)),
      Error);
}

}  // namespace
}  // namespace quartel::stratego

namespace quartel::stratego {
namespace {

TEST(StrategoSetupTyping, PresetAndRandomAreWholeSetups) {
  games::RegisterAllGames();
  auto game = engine::LoadGame("stratego");
  auto state = game->NewInitialState();
  engine::SkipOpeningChance(*state);
  const auto preset = state->StringToTurn("preset fortress");
  EXPECT_EQ(preset.size(), 40u);
  for (const auto action : preset) state->ApplyAction(action);
  const auto random = state->StringToTurn("random 7");
  EXPECT_EQ(random, state->StringToTurn("random 7"));  // seeded: the same words, the same setup
  EXPECT_EQ(random.size(), 40u);
  for (const auto action : random) state->ApplyAction(action);
  EXPECT_FALSE(state->IsTerminal());
  EXPECT_THROW(state->StringToTurn("preset nosuch"), Error);
}

}  // namespace
}  // namespace quartel::stratego

namespace quartel::stratego {
namespace {

// The square of setup-string index `i` of `seat`, and the row counted from the seat's own back row
// (0 = back row, 3 = front row).
int SetupSquare(int seat, int i) { return (seat == 0 ? 0 : 60) + i; }
int OwnRow(int seat, int i) { return seat == 0 ? i / 10 : 3 - i / 10; }

// Issue 8, 1.8: bots draw their setups from a broad, sensible distribution, for any army: over
// 1000 draws nearly all setups differ, the Flag stands on many squares, mostly on the back row,
// it has a Bomb beside it in most draws and, where the army has Bombs to spare, most of its
// neighbours in the setup rows are Bombs; every draw is a legal setup of the army.
TEST(StrategoBotSetups, BroadAndSensibleForEveryArmy) {
  struct Case {
    const char* name;
    Army army;
    double min_bomb_share;  // of the Flag's neighbours
  };
  for (const Case& c : {Case{"classic", ClassicArmy(), 0.6}, Case{"seed", SeedArmy(), 0.6},
                        Case{"barrage", BarrageArmy(), 0.2}}) {
    for (int seat = 0; seat < 2; ++seat) {
      Rng rng(100 + seat);
      std::set<std::string> distinct;
      std::map<int, int> flag_squares;
      int back_row = 0, neighbours = 0, bombs = 0, guarded = 0;
      constexpr int kDraws = 1000;
      for (int draw = 0; draw < kDraws; ++draw) {
        const std::string setup = SampleSetup(c.army, seat, rng);
        ASSERT_NO_THROW(ParseSetupString(setup, c.army)) << c.name << " " << setup;
        distinct.insert(setup);
        const int flag = static_cast<int>(setup.find('F'));
        ++flag_squares[SetupSquare(seat, flag)];
        back_row += OwnRow(seat, flag) == 0;
        int beside = 0;
        for (int dir = 0; dir < kNumDirs; ++dir) {
          const int n = Step(SetupSquare(seat, flag), dir, 1);
          if (n == kNone || !InSetupRows(seat, n)) continue;
          ++neighbours;
          beside += setup[n - SetupSquare(seat, 0)] == 'B';
        }
        bombs += beside;
        guarded += beside > 0;
      }
      SCOPED_TRACE(std::string(c.name) + " seat " + std::to_string(seat));
      EXPECT_GE(distinct.size(), 990u);
      EXPECT_GE(flag_squares.size(), 10u);
      for (const auto& [square, count] : flag_squares) EXPECT_LE(count, kDraws / 4) << square;
      EXPECT_GE(back_row, kDraws * 6 / 10);
      EXPECT_GE(guarded, kDraws * 7 / 10);
      EXPECT_GE(static_cast<double>(bombs) / neighbours, c.min_bomb_share);
    }
  }
}

// Barrage (rulings "Stratego": Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb anywhere in the
// four rows): its own presets, typed setups with empty squares, random setups.
TEST(StrategoBarrage, ArmyPresetsAndSetups) {
  const Army barrage = BarrageArmy();
  EXPECT_EQ(ArmySize(barrage), 8);
  EXPECT_EQ(barrage[kFlag] + barrage[kMarshal] + barrage[kGeneral] + barrage[kMiner] +
                barrage[kSpy] + barrage[kBomb],
            6);
  EXPECT_EQ(barrage[kScout], 2);
  int presets = 0;
  for (const Preset& preset : Presets()) {
    if (preset.army != ArmyKind::kBarrage) continue;
    ++presets;
    for (int seat = 0; seat < 2; ++seat) {
      EXPECT_NO_THROW(ParseSetupString(PresetSetup(preset.name, seat, barrage), barrage));
    }
    // A Barrage preset is no classic setup.
    EXPECT_THROW(PresetSetup(preset.name, 0, ClassicArmy()), Error);
  }
  EXPECT_GE(presets, 3);
  auto state = LoadStratego({{"army", "barrage"}})->NewInitialState();
  EXPECT_NE(state->ViewText(0, false).find("preset NAME (NAMEs: bunker, decoy, wings)"),
            std::string::npos)
      << state->ViewText(0, false);
  for (Action a : state->StringToTurn("F.......B. ........3. ...X....9. 2S......2.")) {
    state->ApplyAction(a);
  }
  for (Action a : state->StringToTurn("random 3")) state->ApplyAction(a);
  EXPECT_EQ(AsStratego(*state).position().h.phase, Phase::kPlay);
  EXPECT_EQ(state->PlyCount(), 16);
  EXPECT_THROW(state->StringToTurn("preset fortress"), Error);  // the game is in play anyway
}

}  // namespace
}  // namespace quartel::stratego
