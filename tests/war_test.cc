// WAR rules (games/war/war.h, games/war/map.h; issue 3 section 2). Sources of the numbers: the seed
// (../shared/seeds/001_b5f994fb54d589be.txt: PREPARAÇÃO, RECEBIMENTO DE EXÉRCITOS, ATAQUES,
// BATALHA, CONQUISTA DE TERRITÓRIO, DESLOCAMENTOS, TROCA DE CARTAS, TABELA I and II), the open
// points decided in ../shared/rulings.md (section WAR) and the board data in
// ../shared/reference/war-board.md, whose 79 edges are typed in below as an independent copy of the
// map.
//
// Positions are set up as Position values and loaded through the position text (Install, Load in
// war_test_helpers.h); turn changes go through the engine (BeginTurn) so that its own StartTurn
// computes the reinforcements.
#include "games/war/war.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/record.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/war/dice.h"
#include "games/war/map.h"
#include "war_test_helpers.h"

namespace quartel::war {
namespace {

using namespace test_helpers;  // war_test_helpers.h

using engine::Action;
using engine::Seat;

// --- The reference board, typed in from ../shared/reference/war-board.md ------------------------

constexpr const char* kLandEdges =
    "alasca-mackenzie alasca-vancouver mackenzie-vancouver mackenzie-ottawa vancouver-ottawa "
    "vancouver-california ottawa-labrador ottawa-california ottawa-novayork labrador-novayork "
    "california-novayork california-mexico novayork-mexico mexico-venezuela venezuela-peru "
    "venezuela-brasil peru-brasil peru-argentina brasil-argentina suecia-moscou moscou-polonia "
    "moscou-orientemedio moscou-aral moscou-omsk alemanha-polonia alemanha-portugal "
    "polonia-portugal polonia-orientemedio argelia-egito argelia-sudao argelia-congo egito-sudao "
    "egito-orientemedio sudao-congo sudao-africadosul congo-africadosul orientemedio-aral "
    "orientemedio-india aral-omsk aral-china aral-india omsk-dudinka omsk-mongolia omsk-china "
    "dudinka-siberia dudinka-tchita dudinka-mongolia siberia-tchita siberia-vladivostok "
    "tchita-mongolia tchita-vladivostok tchita-china mongolia-china vladivostok-china china-india "
    "china-vietna india-vietna";
constexpr const char* kSeaEdges =
    "alasca-vladivostok mackenzie-groenlandia labrador-groenlandia groenlandia-islandia "
    "brasil-argelia islandia-inglaterra inglaterra-suecia inglaterra-alemanha inglaterra-portugal "
    "polonia-egito portugal-argelia portugal-egito sudao-madagascar africadosul-madagascar "
    "vladivostok-japao china-japao india-sumatra vietna-borneu sumatra-australia borneu-novaguine "
    "borneu-australia novaguine-australia";

std::vector<std::pair<std::string, std::string>> Edges(const char* text) {
  std::vector<std::pair<std::string, std::string>> edges;
  std::istringstream in(text);
  for (std::string word; in >> word;) {
    const auto dash = word.find('-');
    edges.emplace_back(word.substr(0, dash), word.substr(dash + 1));
  }
  return edges;
}

std::string SourcePath(const std::string& relative) {
  return std::string(QUARTEL_SOURCE_DIR) + "/" + relative;
}
std::string FixturePath(const std::string& name) { return SourcePath("tests/data/war/" + name); }

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// --- Games, states and positions
// ------------------------------------------------------------------

std::shared_ptr<const engine::Game> LoadWar(const std::map<std::string, std::string>& options) {
  games::RegisterAllGames();
  return engine::LoadGame("war", options);
}

const WarGame& Game(int players = 3) {
  static std::map<int, std::shared_ptr<const engine::Game>> cache;
  auto& game = cache[players];
  if (!game) game = LoadWar({{"players", std::to_string(players)}});
  return static_cast<const WarGame&>(*game);
}

std::unique_ptr<WarState> NewState(const WarGame& game) {
  return std::unique_ptr<WarState>(static_cast<WarState*>(game.NewInitialState().release()));
}

// The objective card whose text contains `words`.
int O(const WarMap& map, std::string_view words) {
  for (int i = 0; i < static_cast<int>(map.objectives.size()); ++i) {
    if (map.objectives[i].text.find(words) != std::string::npos) return i;
  }
  throw Error(fmt::format("test: no objective '{}'", words));
}

// A round-2 position in seat 0's attack phase: territory t belongs to seat t % seats (so nobody
// holds a continent), one army each, every card in the pile, and every seat holds the objective
// "Ásia and América do Sul" (far from met).
Position Board(const WarState& state) {
  const WarMap& map = state.map();
  Position p = state.position();
  const int n = p.num_seats;
  p.owner.fill(-1);
  p.armies.fill(0);
  p.arrived.fill(0);
  p.hand.fill(0);
  for (int t = 0; t < map.NumTerritories(); ++t) {
    p.owner[t] = static_cast<std::int8_t>(t % n);
    p.armies[t] = 1;
  }
  p.pile = (std::uint64_t{1} << map.NumCards()) - 1;
  p.discard = 0;
  p.undealt = 0;
  p.objectives_left = 0;
  p.objective.fill(-1);
  for (int s = 0; s < n; ++s) p.objective[s] = static_cast<std::int8_t>(O(map, "sia and Am"));
  p.eliminated_by.fill(-1);
  p.continent_pool.fill(0);
  p.general_pool = 0;
  p.trades_done = 0;
  p.turns_played = static_cast<std::int16_t>(n);
  p.turns_begun.fill(2);  // round 2 for everyone
  p.phase = Phase::kAttack;
  p.seat = 0;
  p.conquered = false;
  p.acted = true;
  p.spoils_victim = -1;
  p.spoils_left = 0;
  p.winner = kNoWinner;
  Recount(p, map.NumTerritories());
  return p;
}

// Gives `seat` every territory of the `full` continents, then territories of the other continents
// (never the first of each, so none of them is completed) until it holds `count`; the rest go to
// the other seats in turn.
void GiveTerritories(Position& p, const WarMap& map, Seat seat, int count,
                     const std::vector<int>& full) {
  std::vector<bool> mine(map.NumTerritories(), false);
  int given = 0;
  for (int c : full) {
    for (int t : map.continents[c].territories) mine[t] = true, ++given;
  }
  for (int c = 0; c < static_cast<int>(map.continents.size()) && given < count; ++c) {
    if (std::find(full.begin(), full.end(), c) != full.end()) continue;
    const auto& ts = map.continents[c].territories;
    for (std::size_t k = 1; k < ts.size() && given < count; ++k) mine[ts[k]] = true, ++given;
  }
  if (given != count) throw Error("test: GiveTerritories cannot reach the count");
  int other = 0;
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (mine[t]) {
      p.owner[t] = static_cast<std::int8_t>(seat);
    } else {
      if (++other % p.num_seats == seat) ++other;
      p.owner[t] = static_cast<std::int8_t>(other % p.num_seats);
    }
    p.armies[t] = std::max<std::int16_t>(p.armies[t], 1);
  }
  Recount(p, map.NumTerritories());
}

void Set(Position& p, const WarMap& map, std::string_view id, Seat owner, int armies) {
  const int t = T(map, id);
  p.owner[t] = static_cast<std::int8_t>(owner);
  p.armies[t] = static_cast<std::int16_t>(armies);
}

void Install(WarState& state, Position p) {
  Recount(p, state.map().NumTerritories());
  Load(state, p);
}

std::uint64_t Cards(const WarMap& map, std::initializer_list<const char*> ids) {
  std::uint64_t mask = 0;
  for (const char* id : ids) {
    const std::string_view name(id);
    const int card = name == "joker1"   ? map.NumTerritories()
                     : name == "joker2" ? map.NumTerritories() + 1
                                        : T(map, name);
    mask |= std::uint64_t{1} << card;
  }
  return mask;
}

// Moves `cards` from the pile into the seat's hand.
void Deal(Position& p, Seat seat, std::uint64_t cards) {
  p.pile &= ~cards;
  p.hand[seat] |= cards;
}

// Hands the turn to `seat` through the engine: the previous seat ends its movement without a
// conquest, so the engine's own turn change computes the reinforcements.
void BeginTurn(WarState& state, Seat seat, bool first_round = false) {
  Position p = state.position();
  const int n = p.num_seats;
  p.phase = Phase::kMove;
  p.conquered = false;
  p.arrived.fill(0);
  p.seat = static_cast<std::int8_t>((seat + n - 1) % n);
  p.turns_played = static_cast<std::int16_t>(first_round ? 0 : n);
  p.turns_begun.fill(first_round ? 0 : 1);  // the turn it begins is its first, or its second
  Load(state, p);
  state.ApplyAction(state.war_game().kEnd);
  ASSERT_EQ(state.CurrentSeat(), seat);
  ASSERT_EQ(state.position().phase, Phase::kReinforce);
}

int ToPlace(const WarState& state) {
  int total = state.position().general_pool;
  for (int armies : state.position().continent_pool) total += armies;
  return total;
}

Action RandomAction(const engine::State& state, Rng& rng) {
  if (state.IsChanceNode()) {
    const auto outcomes = state.ChanceOutcomes();
    std::vector<double> weights;
    for (const auto& outcome : outcomes) weights.push_back(outcome.probability);
    return outcomes[rng.Pick(weights)].action;
  }
  const auto legal = Legal(state);
  return legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
}

// Plays random actions until `stop` says so or the game ends; checks consistency on the way.
template <typename Stop>
void PlayRandomly(WarState& state, Rng& rng, Stop stop, int max_plies = 2'000'000) {
  for (int ply = 0; ply < max_plies && !state.IsTerminal() && !stop(state); ++ply) {
    state.ApplyAction(RandomAction(state, rng));
    // Not at the end: a game won by an elimination ends before the occupation, with 0 armies on
    // the conquered territory (see HolderEliminatingTheColourWinsAtOnce).
    if (!state.IsTerminal()) state.CheckConsistency();
  }
}

// ==================================================================================================
// Map data
// ==================================================================================================

TEST(WarMap, ClassicHasTheBoardOfTheReference) {
  const auto map = LoadMap("classic");
  EXPECT_EQ(map->NumTerritories(), 42);
  ASSERT_EQ(map->continents.size(), 6u);
  // TABELA I, in the map's order.
  const std::vector<std::pair<std::string, int>> bonuses = {
      {"americadonorte", 5}, {"americadosul", 2}, {"europa", 5},
      {"africa", 3},         {"asia", 7},         {"oceania", 2}};
  const std::vector<std::size_t> sizes = {9, 4, 7, 6, 12, 4};
  for (std::size_t c = 0; c < 6; ++c) {
    EXPECT_EQ(map->continents[c].id, bonuses[c].first);
    EXPECT_EQ(map->continents[c].bonus, bonuses[c].second) << bonuses[c].first;
    EXPECT_EQ(map->continents[c].territories.size(), sizes[c]) << bonuses[c].first;
  }
  EXPECT_EQ(map->colours,
            (std::vector<std::string>{"branca", "vermelha", "preta", "azul", "amarela", "verde"}));
}

TEST(WarMap, ClassicLinksAreTheReferenceEdges) {
  const auto map = LoadMap("classic");
  const auto land = Edges(kLandEdges);
  const auto sea = Edges(kSeaEdges);
  ASSERT_EQ(land.size(), 57u);
  ASSERT_EQ(sea.size(), 22u);
  std::map<std::pair<int, int>, bool> expected;  // directed link -> sea
  for (const auto& [a, b] : land) {
    expected[{T(*map, a), T(*map, b)}] = false;
    expected[{T(*map, b), T(*map, a)}] = false;
  }
  for (const auto& [a, b] : sea) {
    expected[{T(*map, a), T(*map, b)}] = true;
    expected[{T(*map, b), T(*map, a)}] = true;
  }
  EXPECT_EQ(expected.size(), 158u);
  EXPECT_EQ(map->NumLinks(), 158);
  std::map<std::pair<int, int>, bool> actual;
  int sea_links = 0;
  for (const Link& link : map->links) {
    actual[{link.from, link.to}] = link.sea;
    sea_links += link.sea;
  }
  EXPECT_EQ(actual, expected);
  EXPECT_EQ(sea_links, 44);  // 22 undirected sea links
  // Every link has its way back, and FindLink agrees with the list.
  for (int l = 0; l < map->NumLinks(); ++l) {
    EXPECT_EQ(map->FindLink(map->links[l].from, map->links[l].to), l);
    EXPECT_GE(map->FindLink(map->links[l].to, map->links[l].from), 0);
  }
  EXPECT_EQ(map->FindLink(T(*map, "brasil"), T(*map, "mexico")), -1);
  EXPECT_GE(map->FindLink(T(*map, "brasil"), T(*map, "argelia")), 0);
}

TEST(WarMap, ClassicDegreesMatchTheReferenceChecks) {
  const auto map = LoadMap("classic");
  EXPECT_EQ(map->territories[T(*map, "china")].neighbours.size(), 8u);
  for (const char* id :
       {"argentina", "islandia", "suecia", "madagascar", "japao", "sumatra", "novaguine"}) {
    EXPECT_EQ(map->territories[T(*map, id)].neighbours.size(), 2u) << id;
  }
  // Negative: a territory with more links is not reported as degree 2.
  EXPECT_NE(map->territories[T(*map, "brasil")].neighbours.size(), 2u);
  std::size_t total = 0;
  for (const auto& territory : map->territories) total += territory.neighbours.size();
  EXPECT_EQ(total, 158u);
}

TEST(WarMap, ClassicFiguresCentresObjectivesAndTrades) {
  const auto map = LoadMap("classic");
  std::map<Figure, int> figures;
  for (const auto& territory : map->territories) ++figures[territory.figure];
  EXPECT_EQ(figures[Figure::kTriangle], 14);
  EXPECT_EQ(figures[Figure::kSquare], 14);
  EXPECT_EQ(figures[Figure::kCircle], 14);
  EXPECT_EQ(map->jokers, 2);
  EXPECT_EQ(map->NumCards(), 44);
  std::set<std::string> centres;
  for (const auto& territory : map->territories) {
    if (territory.strategic_centre) centres.insert(territory.id);
  }
  EXPECT_EQ(centres, (std::set<std::string>{"novayork", "ottawa", "brasil", "inglaterra",
                                            "alemanha", "moscou", "egito", "africadosul",
                                            "orientemedio", "china", "japao", "australia"}));
  ASSERT_EQ(map->objectives.size(), 14u);
  std::set<int> destroyed;
  for (const auto& objective : map->objectives) {
    if (objective.destroy_colour >= 0) destroyed.insert(objective.destroy_colour);
  }
  EXPECT_EQ(destroyed, (std::set<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(map->objectives[O(*map, "18 territories")].min_armies, 2);
  EXPECT_EQ(map->objectives[O(*map, "18 territories")].territories, 18);
  EXPECT_EQ(map->objectives[O(*map, "24 territories of your")].territories, 24);
  EXPECT_EQ(map->objectives[O(*map, "Europa, Oceania")].any_continents, 1);
  // TABELA II over the whole game: 4, 6, 8, 10, 12, 15, then +5.
  const std::vector<int> values = {4, 6, 8, 10, 12, 15, 20, 25, 30};
  for (int n = 0; n < static_cast<int>(values.size()); ++n) {
    EXPECT_EQ(map->TradeValue(n), values[n]) << n;
  }
}

// Each bad fixture and the words its error must contain (besides the file).
struct BadMap {
  const char* file;
  const char* entry;
};

TEST(WarMap, BadFilesAreRejectedNamingFileAndEntry) {
  const std::vector<BadMap> cases = {
      {"bad_unknown_link.json", "unknown territory 'zz'"},
      {"bad_asymmetric_link.json", "link a-c"},
      {"bad_duplicate_link.json", "listed twice"},
      {"bad_empty_continent.json", "continent 'vazio' has no territories"},
      {"bad_land_sea.json", "land on one end and sea on the other"},
      {"bad_not_json.json", "not valid JSON"},
  };
  for (const auto& bad : cases) {
    const std::string path = FixturePath(bad.file);
    SCOPED_TRACE(path);
    try {
      RegisterLocalMap(path);
      ADD_FAILURE() << "RegisterLocalMap accepted " << path;
    } catch (const Error& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find(path), std::string::npos) << message;
      EXPECT_NE(message.find(bad.entry), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    // ParseMap names whatever file name it is given.
    try {
      ParseMap(ReadFile(path), "inline.json");
      ADD_FAILURE() << "ParseMap accepted " << path;
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find("inline.json"), std::string::npos) << error.what();
    }
  }
  // Asymmetric: the message says on which end the link is missing.
  try {
    RegisterLocalMap(FixturePath("bad_asymmetric_link.json"));
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("not listed on 'c'"), std::string::npos)
        << error.what();
  }
  EXPECT_THROW(RegisterLocalMap(FixturePath("no_such_file.json")), Error);
}

// Every value of a real map file swapped for one of another type: ParseMap either accepts the file
// or refuses it with quartel::Error, never another exception (the fuzzer once found
// {"format": 1} ending the process with a JSON type error).
void CollectPointers(const Json& node, const Json::json_pointer& at,
                     std::vector<Json::json_pointer>& out) {
  out.push_back(at);
  if (node.is_object()) {
    for (const auto& [key, child] : node.items()) CollectPointers(child, at / key, out);
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) CollectPointers(node[i], at / i, out);
  }
}

TEST(WarMap, AValueOfTheWrongTypeIsRefusedWithAMessage) {
  const Json classic = Json::parse(ReadFile(SourcePath("data/maps/war-classic.json")));
  std::vector<Json::json_pointer> pointers;
  CollectPointers(classic, Json::json_pointer(), pointers);
  const std::vector<Json> others = {Json(-1), Json("x"), Json(nullptr), Json::array({1}),
                                    Json::object({{"k", 1}})};
  int refused = 0;
  for (const auto& pointer : pointers) {
    for (const Json& other : others) {
      Json changed = classic;
      changed[pointer] = other;
      try {
        (void)ParseMap(changed.dump(), "changed.json");
      } catch (const Error&) {
        ++refused;
      } catch (const std::exception& error) {
        ADD_FAILURE() << pointer.to_string() << " = " << other.dump() << ": " << error.what();
      }
    }
  }
  EXPECT_GT(refused, static_cast<int>(pointers.size()));  // most swaps must be refused
}

// The map option names a map; it never reads a file (issue 9, section 6): a record or a network
// client must not make Quartel open a path. Only the local user's --map-file registers a file.
TEST(WarMap, TheMapOptionTakesNamesNeverPaths) {
  for (const std::string& path : {FixturePath("small_valid.json"), std::string("/etc/passwd"),
                                  std::string("../data/maps/war-classic.json")}) {
    try {
      LoadWar({{"map", path}});
      ADD_FAILURE() << "the map option read " << path;
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find("no such map"), std::string::npos) << error.what();
    }
  }
  try {
    LoadWar({{"map", "file:never_registered"}});
    ADD_FAILURE() << "an unregistered local map loaded";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("--map-file"), std::string::npos) << error.what();
  }
}

TEST(WarMap, ValidSmallFileParsesAndIsPlayable) {
  const std::string path = FixturePath("small_valid.json");
  const WarMap map = ParseMap(ReadFile(path), path);
  EXPECT_EQ(map.NumTerritories(), 8);
  EXPECT_EQ(map.continents.size(), 2u);
  EXPECT_EQ(map.NumLinks(), 2 * 10);
  EXPECT_EQ(map.objectives.size(), 6u);

  const std::string name = RegisterLocalMap(path);
  EXPECT_EQ(name, "file:small_valid");
  const auto game = LoadWar({{"map", name}, {"max_turns", "400"}});
  const auto& war = static_cast<const WarGame&>(*game);
  EXPECT_EQ(war.map().NumTerritories(), 8);
  // Three players: the destroy cards of branca and vermelha stay, so all 6 are eligible.
  EXPECT_EQ(std::popcount(war.EligibleObjectives()), 6);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto state = NewState(war);
    Rng rng(seed);
    PlayRandomly(*state, rng, [](const WarState&) { return false; });
    ASSERT_TRUE(state->IsTerminal()) << "seed " << seed;
    const auto returns = state->Returns();
    ASSERT_EQ(returns.size(), 3u);
    double sum = 0;
    for (double r : returns) sum += r;
    EXPECT_NEAR(sum, 0.0, 1e-9);
  }
}

// ==================================================================================================
// Setup
// ==================================================================================================

TEST(WarSetup, DealerDrawnAmongTheSeats) {
  for (int players : {3, 4, 6}) {
    auto state = NewState(Game(players));
    ASSERT_TRUE(state->IsChanceNode());
    const auto outcomes = state->ChanceOutcomes();
    ASSERT_EQ(static_cast<int>(outcomes.size()), players);
    for (const auto& outcome : outcomes) EXPECT_DOUBLE_EQ(outcome.probability, 1.0 / players);
  }
}

TEST(WarSetup, CardsDealtOneByOneFromTheDealersLeftAndNextPlayerStarts) {
  for (int players : {3, 4, 5}) {
    const WarGame& game = Game(players);
    for (int dealer = 0; dealer < players; ++dealer) {
      SCOPED_TRACE(fmt::format("{} players, dealer {}", players, dealer));
      auto state = NewState(game);
      state->ApplyAction(game.kChance + dealer);
      Rng rng(100 + dealer);
      Seat last = -1;
      for (int i = 0; i < 42; ++i) {
        ASSERT_EQ(state->position().phase, Phase::kDeal);
        const Seat receiver = (dealer + 1 + i) % players;
        ASSERT_EQ(state->position().seat, receiver) << "card " << i;
        const auto outcomes = state->ChanceOutcomes();
        ASSERT_EQ(static_cast<int>(outcomes.size()), 42 - i);
        const Action action = RandomAction(*state, rng);
        const int t = action - game.kChance;
        state->ApplyAction(action);
        EXPECT_EQ(state->position().owner[t], receiver);
        EXPECT_EQ(state->position().armies[t], 1);
        last = receiver;
      }
      EXPECT_EQ(state->position().phase, Phase::kObjective);
      // Objectives, then the seat after the one who received the last card starts.
      while (state->IsChanceNode()) state->ApplyAction(RandomAction(*state, rng));
      EXPECT_EQ(state->CurrentSeat(), (last + 1) % players);
      EXPECT_EQ(state->position().phase, Phase::kReinforce);
      EXPECT_TRUE(state->board().InFirstRound());
      int total = 0;
      for (int s = 0; s < players; ++s) total += state->position().territory_count[s];
      EXPECT_EQ(total, 42);
    }
  }
}

TEST(WarSetup, ObjectivesOfAbsentColoursAreNotDealt) {
  const WarGame& game = Game(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Rng rng(7);
  PlayRandomly(*state, rng,
               [](const WarState& s) { return s.position().phase == Phase::kObjective; });
  ASSERT_EQ(state->position().phase, Phase::kObjective);
  std::set<int> drawable;
  for (const auto& outcome : state->ChanceOutcomes())
    drawable.insert(outcome.action - game.kChance);
  EXPECT_EQ(drawable.size(), 11u);  // 14 minus destroy azul, amarela, verde
  for (int i = 0; i < 14; ++i) {
    const int colour = map.objectives[i].destroy_colour;
    EXPECT_EQ(drawable.count(i) == 1, colour < 3) << map.objectives[i].text;
  }
  // With six players all fourteen cards are in.
  EXPECT_EQ(std::popcount(Game(6).EligibleObjectives()), 14);
  // Each seat draws one, seat 0 first, all different.
  std::set<int> drawn;
  for (Seat s = 0; s < 3; ++s) {
    ASSERT_EQ(state->position().seat, s);
    state->ApplyAction(RandomAction(*state, rng));
    drawn.insert(state->position().objective[s]);
  }
  EXPECT_EQ(drawn.size(), 3u);
  for (int i : drawn) EXPECT_LT(map.objectives[i].destroy_colour, 3);
}

// ==================================================================================================
// Income and the first round
// ==================================================================================================

TEST(WarIncome, SeedExamplesHalfTheTerritoriesAtLeastThree) {
  auto state = NewState(Game(3));
  const WarMap& map = state->map();
  // Seed: 8 territories -> 4, 11 -> 5 (rounded down), 5 -> 3 (the minimum).
  for (const auto& [count, income] : std::vector<std::pair<int, int>>{
           {8, 4}, {11, 5}, {5, 3}, {1, 3}, {6, 3}, {7, 3}, {20, 10}}) {
    Position p = Board(*state);
    GiveTerritories(p, map, 0, count, {});
    Install(*state, p);
    EXPECT_EQ(state->board().TerritoryIncome(0), income) << count << " territories";
    BeginTurn(*state, 0);
    EXPECT_EQ(state->position().general_pool, income) << count << " territories";
    EXPECT_EQ(ToPlace(*state), income);
  }
}

TEST(WarIncome, ContinentBonusIsBoundToItsContinent) {
  auto state = NewState(Game(3));
  const WarMap& map = state->map();
  const int sul = C(map, "americadosul");
  Position p = Board(*state);
  GiveTerritories(p, map, 0, 19, {sul});  // seed: 19 territories and all of América do Sul
  Install(*state, p);
  EXPECT_TRUE(state->board().OwnsContinent(0, sul));
  EXPECT_FALSE(state->board().OwnsContinent(0, C(map, "asia")));
  EXPECT_EQ(state->board().TerritoryIncome(0), 9 + 2);
  BeginTurn(*state, 0);
  EXPECT_EQ(state->position().general_pool, 9);
  EXPECT_EQ(state->position().continent_pool[sul], 2);
  // An owned territory outside América do Sul.
  int outside = -1;
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (state->position().owner[t] == 0 && map.territories[t].continent != sul) outside = t;
  }
  ASSERT_GE(outside, 0);
  const std::string there = map.territories[outside].id;
  Play(*state, "place 9 " + there);
  EXPECT_EQ(ToPlace(*state), 2);
  // Only the 2 bound armies are left: outside is illegal, in the continent legal.
  EXPECT_FALSE(Contains(Legal(*state), outside));
  EXPECT_FALSE(state->WhyIllegal(outside).empty());
  EXPECT_FALSE(Parses(*state, "place 1 " + there));
  EXPECT_FALSE(Contains(Legal(*state), state->war_game().kEnd));
  for (int t = 0; t < map.NumTerritories(); ++t) {
    EXPECT_EQ(Contains(Legal(*state), t), map.territories[t].continent == sul) << t;
  }
  Play(*state, "place 2 brasil");
  EXPECT_EQ(ToPlace(*state), 0);
  EXPECT_EQ(state->position().phase, Phase::kAttack);  // no cards: straight to the attacks
}

TEST(WarIncome, BoundArmiesMayAlsoGoFirstIntoTheirContinent) {
  auto state = NewState(Game(3));
  const WarMap& map = state->map();
  const int sul = C(map, "americadosul");
  Position p = Board(*state);
  GiveTerritories(p, map, 0, 19, {sul});
  Install(*state, p);
  BeginTurn(*state, 0);
  // Placing everything in América do Sul uses the bound armies first: nothing is lost.
  Play(*state, "place 11 peru");
  EXPECT_EQ(ToPlace(*state), 0);
  EXPECT_EQ(state->position().armies[T(map, "peru")], 12);
}

TEST(WarFirstRound, PlacementOnlyThenFullTurns) {
  const WarGame& game = Game(3);
  auto state = NewState(game);
  Rng rng(11);
  PlayRandomly(*state, rng, [](const WarState& s) { return !s.IsChanceNode(); });
  ASSERT_TRUE(state->board().InFirstRound());
  const Seat first = state->CurrentSeat();
  for (int k = 0; k < 3; ++k) {
    const Seat seat = (first + k) % 3;
    ASSERT_EQ(state->CurrentSeat(), seat);
    ASSERT_EQ(state->position().phase, Phase::kReinforce);
    EXPECT_TRUE(state->board().InFirstRound());
    const int income = state->board().TerritoryIncome(seat);
    EXPECT_EQ(ToPlace(*state), income);
    for (int placed = 0; placed < income; ++placed) {
      const auto legal = Legal(*state);
      for (Action a : legal) EXPECT_LT(a, game.kAttack) << state->ActionToString(a);
      EXPECT_FALSE(Contains(legal, game.kEnd));
      state->ApplyAction(legal.front());
    }
    // The turn passed to the next seat without an attack phase.
    EXPECT_NE(state->position().phase, Phase::kAttack);
  }
  // Round 2: reinforce, then the attack phase opens.
  EXPECT_FALSE(state->board().InFirstRound());
  ASSERT_EQ(state->CurrentSeat(), first);
  const int income = ToPlace(*state);
  for (int placed = 0; placed < income; ++placed) state->ApplyAction(Legal(*state).front());
  EXPECT_EQ(state->position().phase, Phase::kAttack);
  EXPECT_EQ(state->CurrentSeat(), first);
}

// ==================================================================================================
// Battle
// ==================================================================================================

class WarBattle : public ::testing::Test {
 protected:
  void SetUpAttack(int attackers, int defenders) {
    state_ = NewState(Game(3));
    Position p = Board(*state_);
    Set(p, map(), "mexico", 0, attackers);
    Set(p, map(), "novayork", 1, defenders);
    Install(*state_, p);
  }
  // Every fixture plays the three-player classic game (usable before state_ exists).
  const WarMap& map() const { return Game(3).map(); }
  const WarGame& game() const { return Game(3); }
  Action AttackAction(const char* from, const char* to, int dice) const {
    return game().kAttack + 3 * map().FindLink(T(map(), from), T(map(), to)) + dice - 1;
  }
  void ExpectOdds(int attack_dice, int defence_dice) {
    ASSERT_EQ(state_->position().phase, Phase::kBattle);
    const BattleRoll& roll = RollOdds(attack_dice, defence_dice);
    const auto outcomes = state_->ChanceOutcomes();
    ASSERT_EQ(static_cast<int>(outcomes.size()), roll.pairs + 1);
    double total = 0;
    for (int i = 0; i <= roll.pairs; ++i) {
      EXPECT_EQ(outcomes[i].action, game().kBattle + i);
      EXPECT_DOUBLE_EQ(outcomes[i].probability, roll.attacker_loses[i]);
      total += outcomes[i].probability;
    }
    EXPECT_NEAR(total, 1.0, 1e-12);
  }
  std::unique_ptr<WarState> state_;
};

TEST_F(WarBattle, FourAgainstThreeIsThreeDiceAgainstThree) {
  SetUpAttack(4, 3);
  for (int d = 1; d <= 3; ++d)
    EXPECT_TRUE(Contains(Legal(*state_), AttackAction("mexico", "novayork", d)));
  Play(*state_, "attack mexico novayork 3");
  ExpectOdds(3, 3);
  // The seed's roll (5 4 1 against 6 3 1): the attacker loses 2, the defender 1; 2 and 2 left.
  state_->ApplyAction(game().kBattle + 2);
  EXPECT_EQ(state_->position().armies[T(map(), "mexico")], 2);
  EXPECT_EQ(state_->position().armies[T(map(), "novayork")], 2);
  EXPECT_EQ(state_->position().phase, Phase::kAttack);
  // "só poderia atacar novamente com um": one die against two.
  EXPECT_FALSE(Parses(*state_, "attack mexico novayork 2"));
  Play(*state_, "attack mexico novayork 1");
  ExpectOdds(1, 2);
}

TEST_F(WarBattle, ThreeAgainstOneIsAtMostTwoDice) {
  SetUpAttack(3, 1);
  EXPECT_FALSE(Contains(Legal(*state_), AttackAction("mexico", "novayork", 3)));
  EXPECT_FALSE(Parses(*state_, "attack mexico novayork 3"));
  EXPECT_THROW(state_->ApplyAction(AttackAction("mexico", "novayork", 3)), Error);
  Play(*state_, "attack mexico novayork 2");
  ExpectOdds(2, 1);
  // Defence wins the single pair: the attacker loses only one army.
  state_->ApplyAction(game().kBattle + 1);
  EXPECT_EQ(state_->position().armies[T(map(), "mexico")], 2);
  EXPECT_EQ(state_->position().armies[T(map(), "novayork")], 1);
}

TEST_F(WarBattle, TenAgainstFourIsThreeAgainstThreeUntilConquest) {
  SetUpAttack(10, 4);
  Play(*state_, "attack mexico novayork 3");
  ExpectOdds(3, 3);
  state_->ApplyAction(game().kBattle + 2);  // seed: one win for the attack, two for the defence
  EXPECT_EQ(state_->position().armies[T(map(), "mexico")], 8);
  EXPECT_EQ(state_->position().armies[T(map(), "novayork")], 3);
  Play(*state_, "attack mexico novayork 3");
  ExpectOdds(3, 3);
  state_->ApplyAction(game().kBattle + 0);  // three wins: the last 3 defenders are gone
  EXPECT_EQ(state_->position().phase, Phase::kOccupy);
  EXPECT_EQ(state_->position().owner[T(map(), "novayork")], 0);
  EXPECT_TRUE(Parses(*state_, "occupy 3"));
}

TEST_F(WarBattle, DefenderRollsMinOfThreeAndItsArmies) {
  SetUpAttack(4, 2);
  Play(*state_, "attack mexico novayork 3");
  ExpectOdds(3, 2);
  SetUpAttack(4, 7);
  Play(*state_, "attack mexico novayork 1");
  ExpectOdds(1, 3);
}

TEST_F(WarBattle, AttackNeedsTwoArmiesAndAnAdjacentEnemy) {
  SetUpAttack(1, 3);
  for (int d = 1; d <= 3; ++d)
    EXPECT_FALSE(Contains(Legal(*state_), AttackAction("mexico", "novayork", d)));
  EXPECT_FALSE(Parses(*state_, "attack mexico novayork 1"));

  SetUpAttack(2, 3);
  EXPECT_TRUE(Contains(Legal(*state_), AttackAction("mexico", "novayork", 1)));
  EXPECT_FALSE(Contains(Legal(*state_), AttackAction("mexico", "novayork", 2)));

  // Sea links are borders: brasil-argelia.
  Position p = state_->position();
  Set(p, map(), "brasil", 0, 5);
  Set(p, map(), "argelia", 2, 1);
  Set(p, map(), "venezuela", 0, 1);
  Install(*state_, p);
  EXPECT_TRUE(Contains(Legal(*state_), AttackAction("brasil", "argelia", 3)));
  EXPECT_TRUE(Parses(*state_, "attack brasil argelia 3"));
  // Without a dice count the attacker rolls as many as it may.
  EXPECT_EQ(state_->StringToTurn("attack brasil argelia"),
            std::vector<Action>{AttackAction("brasil", "argelia", 3)});
  // Not a neighbour, and not an enemy.
  EXPECT_FALSE(Parses(*state_, "attack brasil mexico 1"));
  EXPECT_FALSE(Contains(Legal(*state_), AttackAction("brasil", "venezuela", 1)));
  EXPECT_FALSE(Parses(*state_, "attack brasil venezuela 1"));
  // From a territory that is not the attacker's.
  EXPECT_FALSE(Parses(*state_, "attack argelia brasil 1"));
  // No attacks outside the attack phase.
  BeginTurn(*state_, 0);
  EXPECT_FALSE(Contains(Legal(*state_), AttackAction("brasil", "argelia", 1)));
}

// ==================================================================================================
// Conquest and the card it earns
// ==================================================================================================

class WarConquest : public WarBattle {
 protected:
  // Seat 0 conquers novayork (1 defender) from mexico (4 armies) with `dice` dice.
  void Conquer(int dice) {
    SetUpAttack(4, 1);
    Position p = state_->position();
    Set(p, map(), "ottawa", 1, 1);  // an enemy next to novayork
    Set(p, map(), "california", 0, 1);
    Install(*state_, p);
    Play(*state_, fmt::format("attack mexico novayork {}", dice));
    state_->ApplyAction(game().kBattle + 0);
    ASSERT_EQ(state_->position().phase, Phase::kOccupy);
  }
};

TEST_F(WarConquest, OccupyOneToTheDiceOfTheLastRoll) {
  Conquer(2);
  const auto legal = Legal(*state_);
  EXPECT_EQ(legal, (std::vector<Action>{game().kOccupy, game().kOccupy + 1}));
  EXPECT_FALSE(Parses(*state_, "occupy 3"));
  EXPECT_FALSE(Parses(*state_, "occupy 0"));
  // Nothing else may happen before the occupation.
  EXPECT_FALSE(Parses(*state_, "end"));
  EXPECT_FALSE(Parses(*state_, "attack mexico novayork 1"));
  Play(*state_, "occupy 2");
  EXPECT_EQ(state_->position().armies[T(map(), "mexico")], 2);
  EXPECT_EQ(state_->position().armies[T(map(), "novayork")], 2);
  EXPECT_EQ(state_->position().phase, Phase::kAttack);

  Conquer(3);
  EXPECT_TRUE(Parses(*state_, "occupy 3"));
  Conquer(1);
  EXPECT_FALSE(Parses(*state_, "occupy 2"));
}

TEST_F(WarConquest, MayAttackAgainFromTheConqueredTerritory) {
  Conquer(3);
  Play(*state_, "occupy 3");
  EXPECT_TRUE(Contains(Legal(*state_), AttackAction("novayork", "ottawa", 2)));
  EXPECT_FALSE(Contains(Legal(*state_), AttackAction("novayork", "ottawa", 3)));
  Play(*state_, "attack novayork ottawa 2");
  EXPECT_EQ(state_->position().phase, Phase::kBattle);
}

TEST_F(WarConquest, CardDrawnAtTheEndOfATurnWithAConquest) {
  Conquer(2);
  Play(*state_, "occupy 1");
  Play(*state_, "end");  // attacks
  EXPECT_EQ(state_->position().phase, Phase::kMove);
  Play(*state_, "end");  // movement
  ASSERT_EQ(state_->position().phase, Phase::kDraw);
  ASSERT_TRUE(state_->IsChanceNode());
  // 44 cards, the two jokers one outcome as likely as two cards (2/44).
  const auto outcomes = state_->ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 43u);
  EXPECT_EQ(outcomes.back().action, game().kChance + map().NumTerritories());
  EXPECT_DOUBLE_EQ(outcomes.back().probability, 2.0 / 44);
  EXPECT_DOUBLE_EQ(outcomes.front().probability, 1.0 / 44);
  const Action draw = outcomes[5].action;
  state_->ApplyAction(draw);
  EXPECT_EQ(state_->board().Hand(0), std::vector<int>{draw - game().kChance});
  EXPECT_EQ(std::popcount(state_->position().pile), 43);
  EXPECT_EQ(state_->CurrentSeat(), 1);
  EXPECT_EQ(state_->position().phase, Phase::kReinforce);
}

TEST_F(WarConquest, NoCardWithoutAConquest) {
  SetUpAttack(4, 3);
  Play(*state_, "attack mexico novayork 3");
  state_->ApplyAction(game().kBattle + 1);  // no conquest
  Play(*state_, "end");
  Play(*state_, "end");
  EXPECT_EQ(state_->CurrentSeat(), 1);
  EXPECT_EQ(state_->position().phase, Phase::kReinforce);
  EXPECT_EQ(state_->position().hand[0], 0u);
  EXPECT_EQ(std::popcount(state_->position().pile), 44);
}

TEST_F(WarConquest, OneCardForManyConquests) {
  Conquer(3);
  Play(*state_, "occupy 3");
  Play(*state_, "attack novayork ottawa 2");
  state_->ApplyAction(game().kBattle + 0);
  ASSERT_EQ(state_->position().phase, Phase::kOccupy);
  Play(*state_, "occupy 1");
  Play(*state_, "end");
  Play(*state_, "end");
  ASSERT_EQ(state_->position().phase, Phase::kDraw);
  state_->ApplyAction(state_->ChanceOutcomes().front().action);
  EXPECT_EQ(std::popcount(state_->position().hand[0]), 1);
  EXPECT_EQ(state_->CurrentSeat(), 1);
}

TEST_F(WarConquest, EmptyPileReshufflesTheDiscards) {
  Conquer(2);
  Play(*state_, "occupy 1");
  Position p = state_->position();
  // Everything is in hands or discarded: seat 1 and 2 hold 4 cards each, the rest is discarded.
  const std::uint64_t all = p.pile;
  p.hand[1] = Cards(map(), {"alasca", "mackenzie", "vancouver", "ottawa"});
  p.hand[2] = Cards(map(), {"labrador", "groenlandia", "california", "joker1"});
  p.pile = 0;
  p.discard = all & ~(p.hand[1] | p.hand[2]);
  Install(*state_, p);
  Play(*state_, "end");
  Play(*state_, "end");
  ASSERT_EQ(state_->position().phase, Phase::kDraw);
  const auto outcomes = state_->ChanceOutcomes();
  EXPECT_EQ(outcomes.size(), 36u);
  for (const auto& outcome : outcomes) {
    EXPECT_TRUE(p.discard >> (outcome.action - game().kChance) & 1);
  }
  const Action draw = outcomes.front().action;
  state_->ApplyAction(draw);
  EXPECT_EQ(state_->position().discard, 0u);
  EXPECT_EQ(std::popcount(state_->position().pile), 35);
  EXPECT_EQ(state_->board().Hand(0), std::vector<int>{draw - game().kChance});
  state_->CheckConsistency();
}

// ==================================================================================================
// Movement
// ==================================================================================================

class WarMovement : public WarBattle {
 protected:
  void SetUpMove() {
    state_ = NewState(Game(3));
    Position p = Board(*state_);
    Set(p, map(), "brasil", 0, 5);
    Set(p, map(), "venezuela", 0, 1);
    Set(p, map(), "mexico", 0, 1);
    Set(p, map(), "peru", 1, 1);
    Install(*state_, p);
    Play(*state_, "end");  // attacks
    ASSERT_EQ(state_->position().phase, Phase::kMove);
  }
  int Armies(const char* id) const { return state_->position().armies[T(map(), id)]; }
};

TEST_F(WarMovement, SeedBrasilVenezuelaMexico) {
  SetUpMove();
  EXPECT_EQ(state_->board().Movable(T(map(), "brasil")), 4);
  EXPECT_TRUE(Parses(*state_, "move 4 brasil venezuela"));
  EXPECT_FALSE(Parses(*state_, "move 5 brasil venezuela"));  // the occupying army stays
  Play(*state_, "move 3 brasil venezuela");
  EXPECT_EQ(Armies("brasil"), 2);
  EXPECT_EQ(Armies("venezuela"), 4);
  // Those 3 cannot go on to México: at most Venezuela's own army may still move.
  EXPECT_LE(state_->board().Movable(T(map(), "venezuela")), 1);
  EXPECT_FALSE(Parses(*state_, "move 2 venezuela mexico"));
  EXPECT_FALSE(Parses(*state_, "move 3 venezuela mexico"));
  while (state_->board().Movable(T(map(), "venezuela")) > 0)
    Play(*state_, "move 1 venezuela mexico");
  EXPECT_GE(Armies("venezuela"), 3);
  EXPECT_LE(Armies("mexico"), 2);
  // Brasil's remaining army that did not move may still move.
  EXPECT_TRUE(Parses(*state_, "move 1 brasil venezuela"));
}

TEST_F(WarMovement, OccupyingArmyStaysAndOnlyOwnNeighbours) {
  SetUpMove();
  EXPECT_EQ(state_->board().Movable(T(map(), "mexico")), 0);
  EXPECT_FALSE(Parses(*state_, "move 1 mexico venezuela"));
  EXPECT_FALSE(Parses(*state_, "move 1 brasil peru"));    // enemy
  EXPECT_FALSE(Parses(*state_, "move 1 brasil mexico"));  // not a neighbour
  // No movement during the attack phase.
  SetUpAttack(4, 1);
  Position p = state_->position();
  Set(p, map(), "california", 0, 1);
  Install(*state_, p);
  EXPECT_FALSE(Parses(*state_, "move 1 mexico california"));
}

TEST_F(WarMovement, ArmiesThatEnteredByConquestMayMoveOnce) {
  SetUpAttack(4, 1);
  Position p = state_->position();
  Set(p, map(), "ottawa", 0, 1);
  Set(p, map(), "labrador", 0, 1);
  Install(*state_, p);
  Play(*state_, "attack mexico novayork 3");
  state_->ApplyAction(game().kBattle + 0);
  Play(*state_, "occupy 3");
  Play(*state_, "end");
  ASSERT_EQ(state_->position().phase, Phase::kMove);
  EXPECT_EQ(state_->board().Movable(T(map(), "novayork")), 2);
  Play(*state_, "move 2 novayork ottawa");
  EXPECT_EQ(state_->position().armies[T(map(), "ottawa")], 3);
  // They moved once: they cannot go on to Labrador.
  EXPECT_LE(state_->board().Movable(T(map(), "ottawa")), 1);
  EXPECT_FALSE(Parses(*state_, "move 2 ottawa labrador"));
  EXPECT_EQ(state_->board().Movable(T(map(), "novayork")), 0);
}

// ==================================================================================================
// Cards and trades
// ==================================================================================================

TEST(WarCards, SetsAreThreeEqualOrThreeDifferentJokersWild) {
  auto state = NewState(Game(3));
  const WarMap& map = state->map();
  const int tri1 = T(map, "alasca"), tri2 = T(map, "vancouver"), tri3 = T(map, "novayork");
  const int sq = T(map, "labrador"), sq2 = T(map, "california"), ci = T(map, "ottawa");
  const int joker = map.NumTerritories(), joker2 = map.NumTerritories() + 1;
  ASSERT_EQ(state->board().CardFigure(tri1), Figure::kTriangle);
  ASSERT_EQ(state->board().CardFigure(sq), Figure::kSquare);
  ASSERT_EQ(state->board().CardFigure(ci), Figure::kCircle);
  EXPECT_EQ(state->board().CardFigure(joker), Figure::kJoker);
  EXPECT_TRUE(state->board().IsSet(tri1, tri2, tri3));
  EXPECT_TRUE(state->board().IsSet(tri1, sq, ci));
  EXPECT_FALSE(state->board().IsSet(tri1, tri2, sq));
  EXPECT_FALSE(state->board().IsSet(sq, sq2, tri1));
  EXPECT_TRUE(state->board().IsSet(tri1, tri2, joker));
  EXPECT_TRUE(state->board().IsSet(tri1, sq, joker));
  EXPECT_TRUE(state->board().IsSet(joker, joker2, ci));
}

class WarTrade : public WarBattle {
 protected:
  // Seat 0 at the start of a round-2 turn holding `cards`.
  void SetUpHand(std::uint64_t cards, int trades_done = 0) {
    state_ = NewState(Game(3));
    Position p = Board(*state_);
    Deal(p, 0, cards);
    p.trades_done = static_cast<std::int16_t>(trades_done);
    Install(*state_, p);
    BeginTurn(*state_, 0);
  }
  std::vector<Action> Trades() const {
    std::vector<Action> trades;
    for (Action a : Legal(*state_)) {
      if (a >= game().kTrade && a < game().kChance) trades.push_back(a);
    }
    return trades;
  }
};

TEST_F(WarTrade, TradeGivesTableValueAndTwoOnOwnedTerritories) {
  // alasca (seat 0 in Board), vancouver (seat 2) and novayork (seat 1): three triangles.
  SetUpHand(Cards(map(), {"alasca", "vancouver", "novayork"}));
  ASSERT_EQ(state_->position().owner[T(map(), "alasca")], 0);
  ASSERT_NE(state_->position().owner[T(map(), "vancouver")], 0);
  const int before = ToPlace(*state_);
  ASSERT_EQ(Trades(), std::vector<Action>{game().kTrade});
  Play(*state_, "trade alasca vancouver novayork");
  EXPECT_EQ(ToPlace(*state_), before + 4);
  EXPECT_EQ(state_->position().armies[T(map(), "alasca")], 3);
  EXPECT_EQ(state_->position().armies[T(map(), "vancouver")], 1);
  EXPECT_EQ(state_->position().armies[T(map(), "novayork")], 1);
  EXPECT_EQ(state_->position().hand[0], 0u);
  EXPECT_EQ(std::popcount(state_->position().discard), 3);
  EXPECT_EQ(state_->position().trades_done, 1);
}

TEST_F(WarTrade, ValuesCountEveryTradeOfTheGame) {
  const std::vector<int> values = {4, 6, 8, 10, 12, 15, 20, 25};
  for (int n = 0; n < static_cast<int>(values.size()); ++n) {
    // Cards of territories seat 0 does not hold: no +2.
    SetUpHand(Cards(map(), {"vancouver", "novayork", "joker1"}), n);
    const int before = ToPlace(*state_);
    Play(*state_, "trade vancouver novayork joker");
    EXPECT_EQ(ToPlace(*state_) - before, values[n]) << "trade " << n + 1;
  }
  // The count is shared: a trade by seat 0 raises the value for seat 1.
  SetUpHand(Cards(map(), {"vancouver", "novayork", "joker1"}), 2);
  Play(*state_, "trade joker novayork vancouver");
  EXPECT_EQ(state_->position().trades_done, 3);
  EXPECT_EQ(state_->ViewJson(1)["next_trade_value"], 10);
}

TEST_F(WarTrade, NoSetNoTrade) {
  SetUpHand(Cards(map(), {"alasca", "vancouver", "labrador"}));  // T T Q
  EXPECT_TRUE(Trades().empty());
  EXPECT_FALSE(Parses(*state_, "trade 1 2 3"));
  SetUpHand(Cards(map(), {"alasca", "vancouver"}));
  EXPECT_TRUE(Trades().empty());
}

TEST_F(WarTrade, FiveCardsForceATrade) {
  SetUpHand(Cards(map(), {"alasca", "vancouver", "labrador", "california", "mexico"}));
  const auto legal = Legal(*state_);
  ASSERT_FALSE(legal.empty());
  for (Action a : legal) {
    EXPECT_TRUE(a >= game().kTrade && a < game().kChance) << state_->ActionToString(a);
  }
  EXPECT_FALSE(Parses(*state_, "place 1 alasca"));
  EXPECT_FALSE(Parses(*state_, "end"));
  // 3 squares (labrador california mexico).
  Play(*state_, "trade labrador california mexico");
  EXPECT_EQ(std::popcount(state_->position().hand[0]), 2);
  EXPECT_TRUE(Contains(Legal(*state_), T(map(), "alasca")));
  // Four cards: no obligation.
  SetUpHand(Cards(map(), {"alasca", "vancouver", "novayork", "labrador"}));
  EXPECT_TRUE(Contains(Legal(*state_), T(map(), "alasca")));
  EXPECT_FALSE(Trades().empty());
}

TEST_F(WarTrade, NoTradeInTheFirstRound) {
  state_ = NewState(Game(3));
  Position p = Board(*state_);
  Deal(p, 0, Cards(map(), {"alasca", "vancouver", "novayork"}));
  Install(*state_, p);
  BeginTurn(*state_, 0, /*first_round=*/true);
  ASSERT_TRUE(state_->board().InFirstRound());
  EXPECT_TRUE(Trades().empty());
  EXPECT_FALSE(Parses(*state_, "trade 1 2 3"));
  EXPECT_NE(state_->WhyIllegal(game().kTrade).find("first round"), std::string::npos);
}

TEST_F(WarTrade, WithASetInHandReinforcementWaitsForEnd) {
  SetUpHand(Cards(map(), {"alasca", "vancouver", "novayork"}));
  Play(*state_, fmt::format("place {} alasca", ToPlace(*state_)));
  EXPECT_EQ(state_->position().phase, Phase::kReinforce);
  EXPECT_TRUE(Contains(Legal(*state_), game().kEnd));
  Play(*state_, "end");
  EXPECT_EQ(state_->position().phase, Phase::kAttack);
}

// ==================================================================================================
// Elimination
// ==================================================================================================

class WarElimination : public WarBattle {
 protected:
  // Seat 0 (mexico, 4 armies) faces preta's last territory, novayork (1 army).
  void SetUpLastTerritory(std::uint64_t mine, std::uint64_t theirs) {
    state_ = NewState(Game(3));
    Position p = Board(*state_);
    for (int t = 0; t < map().NumTerritories(); ++t) {
      if (p.owner[t] == 2) p.owner[t] = 1;
    }
    Set(p, map(), "mexico", 0, 4);
    Set(p, map(), "novayork", 2, 1);
    Deal(p, 0, mine);
    Deal(p, 2, theirs);
    Install(*state_, p);
  }
  void TakeNovaYork() {
    Play(*state_, "attack mexico novayork 3");
    state_->ApplyAction(game().kBattle + 0);
  }
};

TEST_F(WarElimination, CardsGoToTheEliminator) {
  const auto mine = Cards(map(), {"alasca"}), theirs = Cards(map(), {"peru", "brasil"});
  SetUpLastTerritory(mine, theirs);
  TakeNovaYork();
  EXPECT_EQ(state_->position().eliminated_by[2], 0);
  EXPECT_EQ(state_->position().phase, Phase::kOccupy);
  EXPECT_EQ(state_->position().hand[0], mine | theirs);
  EXPECT_EQ(state_->position().hand[2], 0u);
  state_->CheckConsistency();
}

TEST_F(WarElimination, AboveFiveTheEliminatorTakesAtRandomUpToFive) {
  const auto mine = Cards(map(), {"alasca", "mackenzie", "vancouver"});
  const auto theirs = Cards(map(), {"peru", "brasil", "argentina", "joker2"});
  SetUpLastTerritory(mine, theirs);
  TakeNovaYork();
  ASSERT_EQ(state_->position().phase, Phase::kSpoils);
  ASSERT_TRUE(state_->IsChanceNode());
  auto outcomes = state_->ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 4u);
  for (const auto& outcome : outcomes) {
    EXPECT_TRUE(theirs >> (outcome.action - game().kChance) & 1);
    EXPECT_DOUBLE_EQ(outcome.probability, 0.25);
  }
  state_->ApplyAction(outcomes[1].action);
  outcomes = state_->ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 3u);
  state_->ApplyAction(outcomes[2].action);
  // Five cards in hand; the other two of the victim's are discarded.
  EXPECT_EQ(state_->position().phase, Phase::kOccupy);
  EXPECT_EQ(std::popcount(state_->position().hand[0]), 5);
  EXPECT_EQ(state_->position().hand[0] & mine, mine);
  EXPECT_EQ(state_->position().hand[2], 0u);
  EXPECT_EQ(std::popcount(state_->position().discard & theirs), 2);
  state_->CheckConsistency();
}

TEST_F(WarElimination, WithFiveCardsTheEliminatorTakesNone) {
  const auto mine = Cards(map(), {"alasca", "mackenzie", "vancouver", "ottawa", "labrador"});
  const auto theirs = Cards(map(), {"peru", "brasil"});
  SetUpLastTerritory(mine, theirs);
  TakeNovaYork();
  EXPECT_EQ(state_->position().phase, Phase::kOccupy);
  EXPECT_EQ(state_->position().hand[0], mine);
  EXPECT_EQ(state_->position().discard & theirs, theirs);
  state_->CheckConsistency();
}

TEST_F(WarElimination, SpoilsAreHiddenFromOthersAndTurnsSkipTheEliminated) {
  const auto mine = Cards(map(), {"alasca", "mackenzie", "vancouver"});
  const auto theirs = Cards(map(), {"peru", "brasil", "argentina"});
  SetUpLastTerritory(mine, theirs);
  TakeNovaYork();
  ASSERT_EQ(state_->position().phase, Phase::kSpoils);
  const Action peru = game().kChance + T(map(), "peru");
  EXPECT_NE(state_->ActionToStringFor(peru, 0).find("peru"), std::string::npos);
  EXPECT_EQ(state_->ActionToStringFor(peru, 1).find("peru"), std::string::npos);
  EXPECT_EQ(state_->ActionToStringFor(peru, engine::kSpectator).find("peru"), std::string::npos);
  state_->ApplyAction(peru);
  state_->ApplyAction(game().kChance + T(map(), "brasil"));
  Play(*state_, "occupy 1");
  Play(*state_, "end");
  Play(*state_, "end");
  ASSERT_EQ(state_->position().phase, Phase::kDraw);
  state_->ApplyAction(state_->ChanceOutcomes().front().action);
  EXPECT_EQ(state_->CurrentSeat(), 1);
  // Vermelha plays its turn; preta is out, so branca plays next.
  int vermelha = 0;
  while (state_->position().owner[vermelha] != 1) ++vermelha;
  Play(*state_, fmt::format("place {} {}", ToPlace(*state_), map().territories[vermelha].id));
  ASSERT_EQ(state_->position().phase, Phase::kAttack);
  Play(*state_, "end");
  Play(*state_, "end");
  EXPECT_EQ(state_->CurrentSeat(), 0);
  EXPECT_EQ(state_->position().phase, Phase::kReinforce);
}

// ==================================================================================================
// Objectives
// ==================================================================================================

class WarObjective : public WarBattle {
 protected:
  void Start(int players = 3) {
    state_ = NewState(Game(players));
    board_ = Board(*state_);
  }
  bool Met(Seat seat, int objective) {
    board_.objective[seat] = static_cast<std::int8_t>(objective);
    Install(*state_, board_);
    return state_->board().ObjectiveMet(seat);
  }
  Position board_;
};

TEST_F(WarObjective, TwoContinents) {
  Start();
  const int asia_sul = O(map(), "sia and Am");
  GiveTerritories(board_, map(), 0, 16, {C(map(), "asia"), C(map(), "americadosul")});
  EXPECT_TRUE(Met(0, asia_sul));
  board_.owner[T(map(), "brasil")] = 1;
  EXPECT_FALSE(Met(0, asia_sul));
  // Other continents do not stand in for a named one.
  GiveTerritories(board_, map(), 0, 19, {C(map(), "asia"), C(map(), "africa")});
  EXPECT_FALSE(Met(0, asia_sul));
  EXPECT_TRUE(Met(0, O(map(), "sia and Áf")));
}

TEST_F(WarObjective, TwoContinentsAndAThirdOfChoice) {
  Start();
  const int objective = O(map(), "Europa, América do Sul and a third");
  const int europa = C(map(), "europa"), sul = C(map(), "americadosul");
  GiveTerritories(board_, map(), 0, 11, {europa, sul});
  EXPECT_FALSE(Met(0, objective));
  GiveTerritories(board_, map(), 0, 15, {europa, sul, C(map(), "oceania")});
  EXPECT_TRUE(Met(0, objective));
  GiveTerritories(board_, map(), 0, 23, {europa, sul, C(map(), "asia")});
  EXPECT_TRUE(Met(0, objective));
  // The third of choice does not replace a named one.
  GiveTerritories(board_, map(), 0, 17, {europa, C(map(), "africa"), C(map(), "oceania")});
  EXPECT_FALSE(Met(0, objective));
}

TEST_F(WarObjective, EighteenTerritoriesWithTwoArmiesEach) {
  Start();
  const int objective = O(map(), "18 territories");
  auto with_armies = [&](int count, int twos) {
    board_ = Board(*state_);
    GiveTerritories(board_, map(), 0, count, {});
    int given = 0;
    for (int t = 0; t < map().NumTerritories(); ++t) {
      if (board_.owner[t] == 0) board_.armies[t] = given++ < twos ? 2 : 1;
    }
    return Met(0, objective);
  };
  EXPECT_TRUE(with_armies(18, 18));
  EXPECT_FALSE(with_armies(17, 17));  // 17 is not enough
  EXPECT_FALSE(with_armies(18, 17));  // one of the 18 has a single army
  EXPECT_TRUE(with_armies(20, 18));   // two more with 1 army do not matter
}

TEST_F(WarObjective, TwentyFourTerritories) {
  Start();
  const int objective = O(map(), "24 territories of your");
  GiveTerritories(board_, map(), 0, 24, {});
  EXPECT_TRUE(Met(0, objective));
  GiveTerritories(board_, map(), 0, 23, {});
  EXPECT_FALSE(Met(0, objective));
}

TEST_F(WarObjective, DestroyAColour) {
  Start();
  const WarMap& m = map();
  const int destroy_vermelha = O(m, "Destroy the vermelha");
  // Vermelha alive: not met, even with 30 territories.
  GiveTerritories(board_, m, 0, 30, {});
  EXPECT_FALSE(Met(0, destroy_vermelha));
  // Vermelha eliminated by the holder: met.
  board_ = Board(*state_);
  for (int t = 0; t < m.NumTerritories(); ++t) {
    if (board_.owner[t] == 1) board_.owner[t] = 2;
  }
  board_.eliminated_by[1] = 0;
  EXPECT_TRUE(Met(0, destroy_vermelha));
  // Vermelha eliminated by someone else: becomes 24 territories.
  board_.eliminated_by[1] = 2;
  EXPECT_FALSE(Met(0, destroy_vermelha));
  EXPECT_NE(state_->ObjectiveText(0).find("24"), std::string::npos);
  for (int t = 0, moved = 0; t < m.NumTerritories() && moved < 10; ++t) {
    if (board_.owner[t] == 2) board_.owner[t] = 0, ++moved;
  }
  Recount(board_, m.NumTerritories());
  ASSERT_EQ(board_.territory_count[0], 24);
  EXPECT_TRUE(Met(0, destroy_vermelha));
}

TEST_F(WarObjective, DestroyOwnColourMeansTwentyFour) {
  Start();
  const int destroy_vermelha = O(map(), "Destroy the vermelha");
  GiveTerritories(board_, map(), 1, 23, {});
  EXPECT_FALSE(Met(1, destroy_vermelha));
  EXPECT_NE(state_->ObjectiveText(1).find("24"), std::string::npos);
  GiveTerritories(board_, map(), 1, 24, {});
  EXPECT_TRUE(Met(1, destroy_vermelha));
}

TEST_F(WarObjective, HolderEliminatingTheColourWinsAtOnce) {
  state_ = NewState(Game(3));
  Position p = Board(*state_);
  for (int t = 0; t < map().NumTerritories(); ++t) {
    if (p.owner[t] == 2) p.owner[t] = 1;
  }
  Set(p, map(), "mexico", 0, 4);
  Set(p, map(), "novayork", 2, 1);
  p.objective[0] = static_cast<std::int8_t>(O(map(), "Destroy the preta"));
  Install(*state_, p);
  Play(*state_, "attack mexico novayork 3");
  state_->ApplyAction(game().kBattle + 0);
  ASSERT_TRUE(state_->IsTerminal());  // before the occupation
  EXPECT_EQ(state_->Results()[0], engine::Outcome::kWin);
  // The final position must still pass the engine's own check (debug builds run it after every
  // action): novayork, conquered but never occupied, holds 0 armies.
  EXPECT_NO_THROW(state_->CheckConsistency());
  EXPECT_EQ(state_->Results()[1], engine::Outcome::kLoss);
  EXPECT_EQ(state_->ViewJson(1)["winner"], std::string("branca"));
}

TEST_F(WarObjective, ColourEliminatedBySomeoneElseTurnsIntoTwentyFour) {
  for (int held : {23, 24}) {
    SCOPED_TRACE(held);
    state_ = NewState(Game(3));
    Position p = Board(*state_);
    GiveTerritories(p, map(), 0, held, {});
    for (int t = 0; t < map().NumTerritories(); ++t) {
      if (p.owner[t] == 2) p.owner[t] = 1;
    }
    // Vermelha (seat 1) takes preta's only territory, Austrália, from Bornéu (Oceania is
    // beyond what GiveTerritories hands to branca).
    Set(p, map(), "borneu", 1, 4);
    Set(p, map(), "australia", 2, 1);
    p.objective[0] = static_cast<std::int8_t>(O(map(), "Destroy the preta"));
    p.seat = 1;
    Install(*state_, p);
    ASSERT_EQ(state_->position().territory_count[0], held);
    Play(*state_, "attack borneu australia 3");
    state_->ApplyAction(game().kBattle + 0);
    EXPECT_EQ(state_->position().eliminated_by[2], 1);
    EXPECT_NE(state_->ObjectiveText(0).find("24"), std::string::npos);
    if (held == 24) {
      // Branca meets its objective in vermelha's turn: the game ends at once.
      ASSERT_TRUE(state_->IsTerminal());
      EXPECT_EQ(state_->Results()[0], engine::Outcome::kWin);
    } else {
      EXPECT_FALSE(state_->IsTerminal());
      EXPECT_EQ(state_->position().phase, Phase::kOccupy);
    }
  }
}

TEST_F(WarObjective, GameEndsRightAfterTheOccupation) {
  state_ = NewState(Game(3));
  Position p = Board(*state_);
  GiveTerritories(p, map(), 0, 22, {});  // none in Oceania
  Set(p, map(), "borneu", 0, 4);
  Set(p, map(), "australia", 1, 1);
  p.objective[0] = static_cast<std::int8_t>(O(map(), "24 territories of your"));
  Install(*state_, p);
  ASSERT_EQ(state_->position().territory_count[0], 23);
  ASSERT_FALSE(state_->board().ObjectiveMet(0));
  Play(*state_, "attack borneu australia 3");
  state_->ApplyAction(game().kBattle + 0);
  ASSERT_EQ(state_->position().phase, Phase::kOccupy);
  Play(*state_, "occupy 1");
  ASSERT_TRUE(state_->IsTerminal());
  EXPECT_EQ(state_->Results()[0], engine::Outcome::kWin);
  const auto returns = state_->Returns();
  EXPECT_DOUBLE_EQ(returns[0], 1.0);
  EXPECT_DOUBLE_EQ(returns[1], -0.5);
}

TEST_F(WarObjective, GameEndsDuringReinforcement) {
  // 18 territories, 17 with two armies: the first army placed on the 18th wins.
  state_ = NewState(Game(3));
  Position p = Board(*state_);
  GiveTerritories(p, map(), 0, 18, {});
  int last = -1, twos = 0;
  for (int t = 0; t < map().NumTerritories(); ++t) {
    if (p.owner[t] != 0) continue;
    if (twos < 17) {
      p.armies[t] = 2, ++twos;
    } else {
      last = t;
    }
  }
  p.objective[0] = static_cast<std::int8_t>(O(map(), "18 territories"));
  Install(*state_, p);
  BeginTurn(*state_, 0);
  ASSERT_FALSE(state_->IsTerminal());
  state_->ApplyAction(last);
  ASSERT_TRUE(state_->IsTerminal());
  EXPECT_EQ(state_->Results()[0], engine::Outcome::kWin);
}

// ==================================================================================================
// Hidden information
// ==================================================================================================

TEST(WarHidden, ViewShowsOwnHandAndObjectiveOnlyCountsForOthers) {
  const WarGame& game = Game(3);
  auto state = NewState(game);
  Rng rng(5);
  PlayRandomly(*state, rng, [](const WarState& s) { return !s.IsChanceNode(); });
  Position p = state->position();
  Deal(p, 1, Cards(state->map(), {"brasil", "joker1"}));
  Install(*state, p);
  for (Seat viewer = 0; viewer < 3; ++viewer) {
    const Json view = state->ViewJson(viewer);
    for (Seat s = 0; s < 3; ++s) {
      const Json& seat = view["seats"][static_cast<std::size_t>(s)];
      EXPECT_EQ(seat["cards"], std::popcount(p.hand[s]));
      EXPECT_EQ(seat.contains("hand"), s == viewer) << viewer << " sees " << s;
      EXPECT_EQ(seat.contains("objective"), s == viewer) << viewer << " sees " << s;
    }
    const std::string text = view.dump();
    EXPECT_EQ(text.find("joker") != std::string::npos, viewer == 1) << text;
    EXPECT_EQ(text.find(state->ObjectiveText((viewer + 1) % 3)) != std::string::npos,
              state->ObjectiveText(viewer) == state->ObjectiveText((viewer + 1) % 3));
  }
  EXPECT_EQ(state->ViewJson(1)["seats"][1]["hand"].size(), 2u);
}

// engine/state.h: kSpectator "sees only public information".
TEST(WarHidden, SpectatorSeesNoHandsNoObjectivesAndNoDrawnCard) {
  const WarGame& game = Game(3);
  auto state = NewState(game);
  Position p = Board(*state);
  Deal(p, 1, Cards(state->map(), {"brasil", "joker1"}));
  p.phase = Phase::kMove;
  p.conquered = true;
  Install(*state, p);
  const Json view = state->ViewJson(engine::kSpectator);
  for (const Json& seat : view["seats"]) {
    EXPECT_FALSE(seat.contains("hand")) << seat.dump();
    EXPECT_FALSE(seat.contains("objective")) << seat.dump();
  }
  const std::string text = state->ViewText(engine::kSpectator, false);
  EXPECT_EQ(text.find("joker"), std::string::npos) << text;
  EXPECT_EQ(text.find("objective"), std::string::npos) << text;
  Play(*state, "end");
  ASSERT_EQ(state->position().phase, Phase::kDraw);
  const Action brasil = game.kChance + T(game.map(), "argentina");
  EXPECT_EQ(state->ActionToStringFor(brasil, engine::kSpectator).find("argentina"),
            std::string::npos);
}

TEST(WarHidden, ActionToStringForHidesDrawnCardsAndObjectives) {
  const WarGame& game = Game(3);
  auto state = NewState(game);
  Rng rng(9);
  PlayRandomly(*state, rng,
               [](const WarState& s) { return s.position().phase == Phase::kObjective; });
  ASSERT_EQ(state->position().phase, Phase::kObjective);
  const Action objective = state->ChanceOutcomes().front().action;
  const Seat receiver = state->position().seat;
  const std::string text = game.Objectives()[objective - game.kChance].text;
  EXPECT_NE(state->ActionToStringFor(objective, receiver).find(text), std::string::npos);
  for (Seat other = 0; other < 3; ++other) {
    if (other == receiver) continue;
    const std::string hidden = state->ActionToStringFor(objective, other);
    EXPECT_EQ(hidden, state->ActionToStringFor(state->ChanceOutcomes().back().action, other));
    EXPECT_EQ(hidden.find_first_of("0123456789"), std::string::npos) << hidden;
  }
  // A card drawn after a conquest.
  auto draw_state = NewState(game);
  Position p = Board(*draw_state);
  p.phase = Phase::kMove;
  p.conquered = true;
  Install(*draw_state, p);
  Play(*draw_state, "end");
  ASSERT_EQ(draw_state->position().phase, Phase::kDraw);
  const Action brasil = game.kChance + T(game.map(), "brasil");
  EXPECT_NE(draw_state->ActionToStringFor(brasil, 0).find("brasil"), std::string::npos);
  for (Seat other : {1, 2}) {
    const std::string hidden = draw_state->ActionToStringFor(brasil, other);
    EXPECT_EQ(hidden.find("brasil"), std::string::npos) << hidden;
  }
  // Dealt territories are public.
  auto deal_state = NewState(game);
  deal_state->ApplyAction(game.kChance + 0);
  const Action deal = deal_state->ChanceOutcomes().front().action;
  EXPECT_EQ(deal_state->ActionToStringFor(deal, 2), deal_state->ActionToString(deal));
}

TEST(WarHidden, SampledStatesKeepTheSeatsViewByteIdentical) {
  const WarGame& game = Game(4);
  int samples = 0, hands_changed = 0, objectives_changed = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    auto state = NewState(game);
    Rng rng(seed);
    Rng sampler(seed * 7919);
    for (int ply = 0; ply < 200'000 && !state->IsTerminal() && state->position().turns_played < 40;
         ++ply) {
      state->ApplyAction(RandomAction(*state, rng));
      if (ply % 97 != 0) continue;
      for (Seat seat = 0; seat < 4; ++seat) {
        auto sample = AsWar(state->SampleConsistentState(seat, sampler));
        sample->CheckConsistency();
        ++samples;
        ASSERT_EQ(sample->ViewJson(seat).dump(), state->ViewJson(seat).dump())
            << "seed " << seed << " ply " << ply << " seat " << seat;
        const Position& a = state->position();
        const Position& b = sample->position();
        // What the seat knows is untouched.
        EXPECT_EQ(a.owner, b.owner);
        EXPECT_EQ(a.armies, b.armies);
        EXPECT_EQ(std::popcount(a.discard), std::popcount(b.discard));
        EXPECT_EQ(a.hand[seat], b.hand[seat]);
        EXPECT_EQ(a.objective[seat], b.objective[seat]);
        EXPECT_EQ(a.phase, b.phase);
        // Only the unknown cards (the discards too: the view shows only their number) and
        // objectives are permuted among their places.
        std::uint64_t unknown_a = a.pile | a.discard, unknown_b = b.pile | b.discard;
        std::uint64_t objectives_a = a.objectives_left, objectives_b = b.objectives_left;
        for (Seat s = 0; s < 4; ++s) {
          EXPECT_EQ(std::popcount(a.hand[s]), std::popcount(b.hand[s]));
          if (s == seat) continue;
          unknown_a |= a.hand[s];
          unknown_b |= b.hand[s];
          if (a.hand[s] != b.hand[s]) ++hands_changed;
          if (a.objective[s] >= 0) objectives_a |= std::uint64_t{1} << a.objective[s];
          if (b.objective[s] >= 0) objectives_b |= std::uint64_t{1} << b.objective[s];
          if (a.objective[s] != b.objective[s]) ++objectives_changed;
        }
        EXPECT_EQ(unknown_a, unknown_b);
        EXPECT_EQ(objectives_a, objectives_b);
        EXPECT_EQ(objectives_b & ~game.EligibleObjectives(), 0u);
        Position c = b;  // with the hidden parts restored, the sample is the state
        c.pile = a.pile;
        c.discard = a.discard;
        c.objectives_left = a.objectives_left;
        c.hand = a.hand;
        c.objective = a.objective;
        EXPECT_TRUE(c == a);
      }
    }
  }
  EXPECT_GT(samples, 200);
  EXPECT_GT(hands_changed, 0);
  EXPECT_GT(objectives_changed, 0);
}

// The game is not over, so every seat knows that no opponent meets its objective yet: a sample
// must not hand an opponent an objective it already meets (seed, "Final do jogo").
TEST(WarHidden, SampledObjectivesAreNotAlreadyMet) {
  const WarGame& game = Game(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  GiveTerritories(p, map, 1, 24, {});  // vermelha holds 24 territories ...
  p.objective[0] = static_cast<std::int8_t>(O(map, "sia and Áf"));
  p.objective[1] = static_cast<std::int8_t>(O(map, "sia and Am"));  // ... but not this objective
  p.objective[2] = static_cast<std::int8_t>(O(map, "América do Norte and Oceania"));
  p.objectives_left = game.EligibleObjectives();
  for (Seat s = 0; s < 3; ++s) p.objectives_left &= ~(std::uint64_t{1} << p.objective[s]);
  Install(*state, p);
  ASSERT_FALSE(state->board().ObjectiveMet(1));
  Rng rng(3);
  int impossible = 0;
  for (int k = 0; k < 200; ++k) {
    auto sample = AsWar(state->SampleConsistentState(0, rng));
    if (sample->board().ObjectiveMet(1)) ++impossible;
  }
  EXPECT_EQ(impossible, 0) << "of 200 samples for branca give vermelha an objective it already "
                              "meets (24 territories, or a destroy card of its own colour)";
}

// ==================================================================================================
// Legal move counts against a brute-force counter
// ==================================================================================================

// The board as the test itself reads it: adjacency from the reference edges typed above, figures
// and continents from data/maps/war-classic.json through nlohmann-json.
struct ReferenceBoard {
  std::vector<std::vector<int>> neighbours;
  std::vector<int> continent;
  std::vector<std::string> figure;  // "triangle", "square", "circle", "joker"

  explicit ReferenceBoard(const WarMap& map) {
    const auto json = nlohmann::json::parse(ReadFile(SourcePath("data/maps/war-classic.json")));
    std::map<std::string, int> continents;
    for (const auto& c : json["continents"]) {
      const int index = static_cast<int>(continents.size());
      continents[c["id"].get<std::string>()] = index;
    }
    neighbours.resize(map.NumTerritories());
    continent.resize(map.NumTerritories());
    figure.resize(map.NumCards(), "joker");
    for (const auto& t : json["territories"]) {
      const int index = T(map, t["id"].get<std::string>());
      continent[index] = continents.at(t["continent"].get<std::string>());
      figure[index] = t["figure"].get<std::string>();
    }
    for (const char* text : {kLandEdges, kSeaEdges}) {
      for (const auto& [a, b] : Edges(text)) {
        neighbours[T(map, a)].push_back(T(map, b));
        neighbours[T(map, b)].push_back(T(map, a));
      }
    }
  }

  bool IsSet(int a, int b, int c) const {
    std::set<std::string> kinds = {figure[a], figure[b], figure[c]};
    if (kinds.count("joker")) return true;
    return kinds.size() == 1 || kinds.size() == 3;
  }

  // Player actions in the position, counted from scratch; -1 where it does not count (a movement
  // phase in which some armies have already moved).
  int Count(const Position& p, int territories) const {
    const int seat = p.seat;
    switch (p.phase) {
      case Phase::kAttack: {
        int count = 1;  // end
        for (int t = 0; t < territories; ++t) {
          if (p.owner[t] != seat || p.armies[t] < 2) continue;
          for (int u : neighbours[t]) {
            if (p.owner[u] != seat) count += std::min(3, p.armies[t] - 1);
          }
        }
        return count;
      }
      case Phase::kMove: {
        for (int t = 0; t < territories; ++t) {
          if (p.arrived[t] != 0) return -1;
        }
        int count = 1;  // end
        for (int t = 0; t < territories; ++t) {
          if (p.owner[t] != seat || p.armies[t] < 2) continue;
          for (int u : neighbours[t]) count += p.owner[u] == seat;
        }
        return count;
      }
      case Phase::kOccupy:
        return p.attack_dice;
      case Phase::kReinforce: {
        std::vector<int> hand;
        for (int card = 0; card < 64; ++card) {
          if (p.hand[seat] >> card & 1) hand.push_back(card);
        }
        const bool first_round = p.turns_begun[seat] <= 1;  // the seat's first turn
        const bool forced = hand.size() >= 5;
        int to_place = p.general_pool;
        for (int c : p.continent_pool) to_place += c;
        int count = 0;
        for (int t = 0; t < territories && !forced; ++t) {
          if (p.owner[t] == seat && (p.general_pool > 0 || p.continent_pool[continent[t]] > 0)) {
            ++count;
          }
        }
        if (!first_round && !forced && to_place == 0) ++count;  // end
        // Distinct trades: the two jokers are the same card.
        std::set<std::multiset<std::string>> trades;
        for (std::size_t a = 0; a < hand.size() && !first_round; ++a) {
          for (std::size_t b = a + 1; b < hand.size(); ++b) {
            for (std::size_t c = b + 1; c < hand.size(); ++c) {
              if (!IsSet(hand[a], hand[b], hand[c])) continue;
              std::multiset<std::string> names;
              for (int card : {hand[a], hand[b], hand[c]}) {
                names.insert(figure[card] == "joker" ? "joker" : std::to_string(card));
              }
              trades.insert(names);
            }
          }
        }
        return count + static_cast<int>(trades.size());
      }
      default:
        return -1;
    }
  }
};

TEST(WarPerft, LegalActionCountsMatchABruteForceCounter) {
  const WarGame& game = Game(3);
  const ReferenceBoard board(game.map());
  std::map<Phase, int> checked;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    auto state = NewState(game);
    Rng rng(seed);
    for (int ply = 0; ply < 100'000 && !state->IsTerminal() && state->position().turns_played < 60;
         ++ply) {
      if (!state->IsChanceNode()) {
        const int expected = board.Count(state->position(), game.map().NumTerritories());
        if (expected >= 0) {
          ASSERT_EQ(static_cast<int>(Legal(*state).size()), expected)
              << "seed " << seed << " ply " << ply << "\n"
              << state->ViewText(engine::kChanceSeat, false);
          ++checked[state->position().phase];
        }
        // At each attack phase also count the movement phase that "end" opens.
        if (state->position().phase == Phase::kAttack) {
          auto moved = AsWar(state->Clone());
          moved->ApplyAction(game.kEnd);
          if (moved->position().phase == Phase::kMove) {
            ASSERT_EQ(static_cast<int>(Legal(*moved).size()),
                      board.Count(moved->position(), game.map().NumTerritories()))
                << "seed " << seed << " ply " << ply;
            ++checked[Phase::kMove];
          }
        }
      }
      state->ApplyAction(RandomAction(*state, rng));
    }
  }
  EXPECT_GT(checked[Phase::kAttack], 100);
  EXPECT_GT(checked[Phase::kMove], 100);
  EXPECT_GT(checked[Phase::kReinforce], 100);
  EXPECT_GT(checked[Phase::kOccupy], 10);
}

// Whole random games, 3 to 6 players: the engine's own check after every action, legal actions
// sorted, unique and accepted, chance distributions summing to 1, and an end.
TEST(WarRandom, GamesStayConsistentToTheEnd) {
#ifdef NDEBUG
  constexpr std::uint64_t kSeeds = 3;
#else
  constexpr std::uint64_t kSeeds = 1;  // debug and sanitizer builds are several times slower
#endif
  for (int players = 3; players <= 6; ++players) {
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
      SCOPED_TRACE(fmt::format("{} players, seed {}", players, seed));
      const WarGame& game = Game(players);
      auto state = NewState(game);
      Rng rng(seed);
      int plies = 0;
      for (; plies < game.MaxGameLength() && !state->IsTerminal(); ++plies) {
        const auto legal = Legal(*state);
        ASSERT_FALSE(legal.empty());
        ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
        ASSERT_EQ(std::adjacent_find(legal.begin(), legal.end()), legal.end());
        if (state->IsChanceNode()) {
          double total = 0;
          for (const auto& outcome : state->ChanceOutcomes()) total += outcome.probability;
          ASSERT_NEAR(total, 1.0, 1e-9);
        } else if (plies % 7 == 0) {
          for (Action a : legal) ASSERT_EQ(state->WhyIllegal(a), "") << state->ActionToString(a);
        }
        state->ApplyAction(RandomAction(*state, rng));
        if (!state->IsTerminal()) state->CheckConsistency();
      }
      ASSERT_TRUE(state->IsTerminal()) << plies << " plies";
      double sum = 0;
      for (double r : state->Returns()) sum += r;
      EXPECT_NEAR(sum, 0.0, 1e-9);
    }
  }
}

// ==================================================================================================
// Notation
// ==================================================================================================

// max_turns is an engine cap, not a rule: the game is drawn once that many turns are played.
TEST(WarRandom, MaxTurnsCapEndsInADraw) {
  const auto game = LoadWar({{"max_turns", "3"}});
  auto state = NewState(static_cast<const WarGame&>(*game));
  Rng rng(1);
  PlayRandomly(*state, rng, [](const WarState&) { return false; });
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->position().turns_played, 3);  // the first round, placement only
  EXPECT_EQ(state->Results(), std::vector<engine::Outcome>(3, engine::Outcome::kDraw));
}

TEST(WarNotation, PlaceNIsNActions) {
  auto state = NewState(Game(3));
  Position p = Board(*state);
  Set(p, state->map(), "brasil", 0, 1);
  Install(*state, p);
  BeginTurn(*state, 0);
  const auto actions = state->StringToTurn("place 3 brasil");
  EXPECT_EQ(actions, std::vector<Action>(3, T(state->map(), "brasil")));
  EXPECT_EQ(state->StringToTurn("place 1 brasil").size(), 1u);
  EXPECT_EQ(state->StringToAction("place 1 brasil"), T(state->map(), "brasil"));
  EXPECT_EQ(state->StringToTurn("place 2 Brasil").size(), 2u);  // case does not matter
}

TEST(WarNotation, ErrorsAreOneLineAndLeaveTheStateUnchanged) {
  auto state = NewState(Game(3));
  Position p = Board(*state);
  Set(p, state->map(), "brasil", 0, 5);
  Set(p, state->map(), "venezuela", 0, 1);
  Set(p, state->map(), "argentina", 1, 1);
  Install(*state, p);
  BeginTurn(*state, 0);
  const int to_place = ToPlace(*state);
  const std::vector<std::string> bad_reinforce = {
      "place 3 atlantida",
      fmt::format("place {} brasil", to_place + 1),
      "place 1 argentina",
      "place 0 brasil",
      "attack brasil argentina 3",
      "trade 1 2 3",
      "fly brasil",
      "",
  };
  auto expect_rejected = [&](const std::string& text) {
    const Position before = state->position();
    try {
      state->StringToTurn(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const Error& error) {
      const std::string message = error.what();
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      EXPECT_FALSE(message.empty());
    }
    EXPECT_TRUE(state->position() == before) << text;
  };
  for (const auto& text : bad_reinforce) expect_rejected(text);
  Play(*state, fmt::format("place {} brasil", to_place));
  ASSERT_EQ(state->position().phase, Phase::kAttack);
  for (const std::string text :
       {"attack brasil mexico 1", "attack brasil argentina 4", "attack brasil venezuela 1",
        "attack atlantida brasil 1", "occupy 1", "move 1 brasil venezuela"}) {
    expect_rejected(text);
  }
  Play(*state, "end");
  for (const std::string text : {"move 99 brasil venezuela", "move 1 brasil mexico",
                                 "move 1 brasil argentina", "move 1 venezuela brasil"}) {
    expect_rejected(text);
  }
}

TEST(WarNotation, EveryLegalActionRoundTrips) {
  const WarGame& game = Game(4);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    auto state = NewState(game);
    Rng rng(seed);
    for (int ply = 0; ply < 5'000 && !state->IsTerminal(); ++ply) {
      for (Action action : Legal(*state)) {
        const std::string text = state->ActionToString(action);
        ASSERT_EQ(state->StringToTurn(text), std::vector<Action>{action})
            << text << " (seed " << seed << " ply " << ply << ")";
      }
      state->ApplyAction(RandomAction(*state, rng));
    }
  }
}

// --- Resignation (rulings, common to every game) -------------------------------------------------

// A 3-player match played at random up to seat 1's first full turn (round 2).
engine::Match MatchAtFullTurn(std::uint64_t seed) {
  games::RegisterAllGames();
  engine::Match match(engine::LoadGame("war", {{"players", "3"}}), {"a", "b", "c"});
  Rng rng(seed);
  std::vector<Action> scratch;
  while (true) {
    const auto& war = static_cast<const WarState&>(match.state());
    if (!war.board().InFirstRound() && war.position().phase == Phase::kReinforce &&
        war.position().seat == 1 && !war.position().acted) {
      break;
    }
    EXPECT_FALSE(match.Over());
    if (match.Over()) break;
    match.Apply(engine::RandomAction(match.state(), rng, scratch));
  }
  return match;
}

TEST(WarResign, ArmiesTurnNeutralAndTheGameGoesOn) {
  engine::Match match = MatchAtFullTurn(5);
  const auto& before = static_cast<const WarState&>(match.state()).position();
  const int held = before.territory_count[1];
  ASSERT_GT(held, 0);
  match.Resign(1);
  const auto& war = static_cast<const WarState&>(match.state());
  const Position& p = war.position();
  EXPECT_FALSE(match.Over());
  EXPECT_EQ(p.territory_count[1], 0);
  EXPECT_EQ(p.territory_count[kNeutral], held);
  EXPECT_EQ(p.hand[1], 0u);
  EXPECT_NE(war.CurrentSeat(), 1) << "its turn passed on";
  EXPECT_NE(war.ViewText(0, false).find("neutral"), std::string::npos);
  war.CheckConsistency();
  // Neutral armies never attack: they are nobody's turn. The record replays the resignation.
  const engine::Record record = match.record();
  EXPECT_TRUE(record.actions.back().resign);
  const std::string json = engine::RecordToJson(record).dump();
  EXPECT_NE(json.find("\"resign\":true"), std::string::npos);
  engine::Match replayed = engine::Match::Replay(engine::RecordFromJson(json));
  EXPECT_TRUE(replayed.state().Equals(match.state()));
  EXPECT_THROW(match.Undo(), Error);
  // Negative: a seat already out cannot resign again.
  EXPECT_THROW(match.Resign(1), Error);
}

TEST(WarResign, WithTwoLeftTheOtherWins) {
  engine::Match match = MatchAtFullTurn(7);
  match.Resign(1);
  ASSERT_FALSE(match.Over());
  match.Resign(2);
  ASSERT_TRUE(match.Over());
  EXPECT_EQ(match.record().result, (std::vector<std::string>{"win", "loss", "loss"}));
  const std::string json = engine::RecordToJson(match.record()).dump();
  EXPECT_TRUE(engine::Match::Replay(engine::RecordFromJson(json)).state().Equals(match.state()));
}

TEST(WarResign, DestroyOfTheResignedFallsBackAndBadEntriesAreRefused) {
  engine::Match match = MatchAtFullTurn(9);
  match.Resign(1);
  const auto& war = static_cast<const WarState&>(match.state());
  // A "destroy vermelha" card now asks for 24 territories (vermelha is out, not by its holder).
  Position p = war.position();
  p.objective[0] = static_cast<std::int8_t>(O(war.map(), "Destroy the vermelha"));
  // (The card's own text names 24 territories too: look for the fallback in force.)
  EXPECT_NE(StateAt(war.war_game(), p)->ObjectiveText(0).find("now: conquer 24 territories"),
            std::string::npos);
  // Negative: a malformed resignation entry is refused by name.
  EXPECT_THROW(
      engine::RecordFromJson(
          R"({"game":"war","rules_version":"war-1","actions":[{"seat":1,"resign":false}]})"),
      Error);
}

}  // namespace
}  // namespace quartel::war
