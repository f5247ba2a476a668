// The WAR map as data (issue 3, section 1): territories with their continents, card figures,
// Strategic Centres and links; continents with their bonuses (WAR TABELA I, WAR-II majority and
// totality); the trade table (TABELA II) and the objective cards. The shipped classic board is
// data/maps/war-classic.json, embedded in the binary; `quartel ... --map-file FILE` plays another.
//
// File format ("format": "quartel-war-map/1"), a JSON object:
//   colours        the six army colours, seat order
//   continents     [{id, name, bonus, majority, totality}]
//   territories    [{id, name, continent, figure (triangle|square|circle), strategic_centre,
//                    land: [ids], sea: [ids]}]; every link is listed on both of its ends
//   jokers         number of joker cards; trade_values, trade_increment: TABELA II
//   objectives     [{text, continents: [ids], any_continents: N, territories: N, min_armies: N,
//                    destroy: colour, strategic_centres: N}]
// ParseMap rejects a bad file with one line naming the file and the entry.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace quartel::war {

inline constexpr int kMaxTerritories = 60;  // territory cards and jokers share a 64-bit mask
inline constexpr int kMaxContinents = 8;
inline constexpr int kMaxSeats = 6;
inline constexpr int kMaxJokers = 4;

// The mask bit of territory (or card) i: territory sets and hands are 64-bit masks.
inline constexpr std::uint64_t TerritoryBit(int i) { return std::uint64_t{1} << i; }

enum class Figure : std::uint8_t { kTriangle, kSquare, kCircle, kJoker };
std::string FigureName(Figure figure);

struct Continent {
  std::string id;
  std::string name;
  int bonus = 0;     // WAR, TABELA I
  int majority = 0;  // WAR-II: more than half of the continent held
  int totality = 0;  // WAR-II: the whole continent held
  std::vector<int> territories;
};

struct Territory {
  std::string id;
  std::string name;
  int continent = 0;
  Figure figure = Figure::kTriangle;
  bool strategic_centre = false;
  std::vector<int> neighbours;  // sorted territory indices
};

// A directed link; the map keeps both directions, sorted by (from, to).
struct Link {
  int from = 0;
  int to = 0;
  bool sea = false;  // a dotted line on the board: same effect as a border
};

struct Objective {
  std::string text;
  std::vector<int> continents;     // to hold in full
  int any_continents = 0;          // further continents of the player's choice, held in full
  int territories = 0;             // at least this many territories ...
  int min_armies = 1;              // ... each with at least this many armies
  int destroy_colour = -1;         // index in colours: eliminate that army
  int strategic_centres = 0;       // WAR-II: hold at least this many Strategic Centres ...
  int ce_min_armies = 1;           // ... each with at least this many armies
  std::vector<int> ce_continents;  // WAR-II: hold every Strategic Centre of these continents
  int ce_distinct_continents = 0;  // WAR-II: hold Strategic Centres in this many continents
};

// A WAR-II card: one or two territories, or a number (1, 2 or 3) used with a territory card.
struct War2Card {
  std::vector<int> territories;
  int number = 0;
};

struct WarMap {
  std::string name;
  std::string file;  // where it was read from ("classic" for the shipped map)
  std::vector<std::string> colours;
  std::vector<Continent> continents;
  std::vector<Territory> territories;
  std::vector<Link> links;
  std::vector<int> first_link;  // links from territory t are [first_link[t], first_link[t + 1])
  int jokers = 0;
  std::vector<int> trade_values;
  int trade_increment = 0;
  std::vector<Objective> objectives;
  // WAR-II ("war2" section; optional): its 61 cards, bombers per player, the objectives it adds.
  std::vector<War2Card> war2_cards;
  int war2_bombers = 0;
  std::vector<Objective> war2_objectives;  // the WAR ones followed by the extra ones
  std::vector<int> strategic_centres;      // territory indices, ascending

  bool HasWar2() const { return !war2_cards.empty(); }
  int NumTerritories() const { return static_cast<int>(territories.size()); }
  int NumLinks() const { return static_cast<int>(links.size()); }
  int NumCards() const { return NumTerritories() + jokers; }
  // Index of a territory by id, or -1.
  int FindTerritory(std::string_view id) const;
  // Index of the directed link from -> to, or -1 when they are not neighbours.
  int FindLink(int from, int to) const;
  // Armies for the n-th trade of the game (n from 0): TABELA II.
  int TradeValue(int n) const;
};

// Parses and validates a map file's text; `file` names it in errors.
WarMap ParseMap(const std::string& text, const std::string& file);
// The map the map option names: a shipped map ("classic") or one registered by RegisterLocalMap.
// Never a path, so that an option from a record or a network client cannot reach the file system
// (issue 9, section 6); an unknown name throws quartel::Error listing the shipped maps.
std::shared_ptr<const WarMap> LoadMap(const std::string& name);
// Reads and checks a map file given by the local user (the command line's --map-file) and makes it
// loadable under the name it returns, "file:" and the file's name without its extension, for
// this process. Throws quartel::Error when the file cannot be read or is no valid map, or when
// another file was registered under the same name.
std::string RegisterLocalMap(const std::string& path);
// The text of a map shipped in data/maps/<name>.json, or "" (generated by cmake/embed_maps.cmake).
std::string EmbeddedMapText(std::string_view name);

}  // namespace quartel::war
