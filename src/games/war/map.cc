#include "games/war/map.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/json.h"

namespace quartel::war {
namespace {

// Errors name the file and the entry: "map FILE: territory 'x': unknown continent 'y'".
[[noreturn]] void Fail(const std::string& file, const std::string& what) {
  throw Error(fmt::format("map {}: {}", file, what));
}

template <typename T>
T Field(const Json& object, const char* key, const std::string& file, const std::string& entry,
        T fallback, bool required) {
  if (!object.contains(key)) {
    if (required) Fail(file, fmt::format("{}: missing \"{}\"", entry, key));
    return fallback;
  }
  try {
    return object.at(key).get<T>();
  } catch (const std::exception&) {
    Fail(file, fmt::format("{}: \"{}\" has the wrong type", entry, key));
  }
}

Figure ParseFigure(const std::string& text, const std::string& file, const std::string& entry) {
  if (text == "triangle") return Figure::kTriangle;
  if (text == "square") return Figure::kSquare;
  if (text == "circle") return Figure::kCircle;
  Fail(file, fmt::format("{}: figure '{}' is not triangle, square or circle", entry, text));
}

void ParseContinents(const Json& root, const std::string& file, WarMap& map) {
  if (!root.contains("continents") || !root["continents"].is_array()) {
    Fail(file, "missing the \"continents\" list");
  }
  for (const Json& entry : root["continents"]) {
    Continent continent;
    continent.id = Field<std::string>(entry, "id", file, "a continent", "", true);
    const std::string where = fmt::format("continent '{}'", continent.id);
    continent.name = Field<std::string>(entry, "name", file, where, continent.id, false);
    continent.bonus = Field<int>(entry, "bonus", file, where, 0, true);
    continent.majority = Field<int>(entry, "majority", file, where, 0, false);
    continent.totality = Field<int>(entry, "totality", file, where, continent.bonus, false);
    for (const auto& other : map.continents) {
      if (other.id == continent.id) Fail(file, where + ": listed twice");
    }
    map.continents.push_back(std::move(continent));
  }
  if (map.continents.empty() || map.continents.size() > kMaxContinents) {
    Fail(file, fmt::format("needs 1 to {} continents", kMaxContinents));
  }
}

int ContinentIndex(const WarMap& map, const std::string& id) {
  for (std::size_t c = 0; c < map.continents.size(); ++c) {
    if (map.continents[c].id == id) return static_cast<int>(c);
  }
  return -1;
}

void ParseTerritories(
    const Json& root, const std::string& file, WarMap& map,
    std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>>& named_links) {
  if (!root.contains("territories") || !root["territories"].is_array()) {
    Fail(file, "missing the \"territories\" list");
  }
  for (const Json& entry : root["territories"]) {
    Territory territory;
    territory.id = Field<std::string>(entry, "id", file, "a territory", "", true);
    const std::string where = fmt::format("territory '{}'", territory.id);
    if (map.FindTerritory(territory.id) >= 0) Fail(file, where + ": listed twice");
    territory.name = Field<std::string>(entry, "name", file, where, territory.id, false);
    const auto continent = Field<std::string>(entry, "continent", file, where, "", true);
    territory.continent = ContinentIndex(map, continent);
    if (territory.continent < 0) {
      Fail(file, fmt::format("{}: unknown continent '{}'", where, continent));
    }
    territory.figure =
        ParseFigure(Field<std::string>(entry, "figure", file, where, "", true), file, where);
    territory.strategic_centre = Field<bool>(entry, "strategic_centre", file, where, false, false);
    named_links.emplace_back(Field<std::vector<std::string>>(entry, "land", file, where, {}, false),
                             Field<std::vector<std::string>>(entry, "sea", file, where, {}, false));
    map.continents[territory.continent].territories.push_back(map.NumTerritories());
    map.territories.push_back(std::move(territory));
  }
  if (map.NumTerritories() < 2 || map.NumTerritories() > kMaxTerritories) {
    Fail(file, fmt::format("needs 2 to {} territories", kMaxTerritories));
  }
  for (const auto& continent : map.continents) {
    if (continent.territories.empty()) {
      Fail(file, fmt::format("continent '{}' has no territories", continent.id));
    }
  }
}

// Links are listed on both ends; each must be symmetric (same kind) and listed once.
void BuildLinks(
    const std::string& file, WarMap& map,
    const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>>& named_links) {
  std::map<std::pair<int, int>, bool> seen;  // (from, to) -> sea
  for (int from = 0; from < map.NumTerritories(); ++from) {
    const std::string& from_id = map.territories[from].id;
    for (int sea = 0; sea < 2; ++sea) {
      const auto& ids = sea ? named_links[from].second : named_links[from].first;
      for (const std::string& id : ids) {
        const int to = map.FindTerritory(id);
        const std::string where = fmt::format("link {}-{}", from_id, id);
        if (to < 0) Fail(file, fmt::format("{}: unknown territory '{}'", where, id));
        if (to == from) Fail(file, where + ": a territory cannot border itself");
        if (!seen.emplace(std::pair{from, to}, sea != 0).second) {
          Fail(file, where + ": listed twice");
        }
      }
    }
  }
  for (const auto& [key, sea] : seen) {
    const auto back = seen.find({key.second, key.first});
    const std::string where =
        fmt::format("link {}-{}", map.territories[key.first].id, map.territories[key.second].id);
    if (back == seen.end()) {
      Fail(file, fmt::format("{}: not listed on '{}'", where, map.territories[key.second].id));
    }
    if (back->second != sea) Fail(file, where + ": land on one end and sea on the other");
    map.links.push_back({key.first, key.second, sea});
    map.territories[key.first].neighbours.push_back(key.second);
  }
  map.first_link.assign(map.NumTerritories() + 1, 0);
  for (const Link& link : map.links) ++map.first_link[link.from + 1];
  for (int t = 0; t < map.NumTerritories(); ++t) map.first_link[t + 1] += map.first_link[t];
}

Objective ParseObjective(const Json& entry, const std::string& file, const std::string& where,
                         const WarMap& map) {
  Objective objective;
  objective.text = Field<std::string>(entry, "text", file, where, "", true);
  auto continents = [&](const char* key) {
    std::vector<int> out;
    for (const auto& id : Field<std::vector<std::string>>(entry, key, file, where, {}, false)) {
      const int continent = ContinentIndex(map, id);
      if (continent < 0) Fail(file, fmt::format("{}: unknown continent '{}'", where, id));
      out.push_back(continent);
    }
    return out;
  };
  objective.continents = continents("continents");
  objective.ce_continents = continents("ce_continents");
  objective.any_continents = Field<int>(entry, "any_continents", file, where, 0, false);
  objective.territories = Field<int>(entry, "territories", file, where, 0, false);
  objective.min_armies = Field<int>(entry, "min_armies", file, where, 1, false);
  objective.strategic_centres = Field<int>(entry, "strategic_centres", file, where, 0, false);
  objective.ce_min_armies = Field<int>(entry, "ce_min_armies", file, where, 1, false);
  objective.ce_distinct_continents =
      Field<int>(entry, "ce_distinct_continents", file, where, 0, false);
  const auto colour = Field<std::string>(entry, "destroy", file, where, "", false);
  if (!colour.empty()) {
    const auto it = std::find(map.colours.begin(), map.colours.end(), colour);
    if (it == map.colours.end()) Fail(file, fmt::format("{}: unknown colour '{}'", where, colour));
    objective.destroy_colour = static_cast<int>(it - map.colours.begin());
  }
  if (objective.continents.size() + objective.any_continents > map.continents.size() ||
      objective.territories > map.NumTerritories() ||
      objective.ce_distinct_continents > static_cast<int>(map.continents.size())) {
    Fail(file, where + ": asks for more than the map has");
  }
  if (objective.continents.empty() && objective.any_continents == 0 && objective.territories == 0 &&
      objective.destroy_colour < 0 && objective.strategic_centres == 0 &&
      objective.ce_continents.empty() && objective.ce_distinct_continents == 0) {
    Fail(file, where + ": asks for nothing");
  }
  return objective;
}

void ParseObjectives(const Json& root, const std::string& file, WarMap& map) {
  if (!root.contains("objectives") || !root["objectives"].is_array()) {
    Fail(file, "missing the \"objectives\" list");
  }
  int index = 0;
  for (const Json& entry : root["objectives"]) {
    map.objectives.push_back(
        ParseObjective(entry, file, fmt::format("objective {}", ++index), map));
  }
  if (map.objectives.size() < kMaxSeats || map.objectives.size() > 64) {
    Fail(file, fmt::format("needs {} to 64 objectives", kMaxSeats));
  }
}

// The optional WAR-II section: every territory on exactly one territory card, number cards, the
// bombers in each box and the objectives WAR-II adds to WAR's.
void ParseWar2(const Json& root, const std::string& file, WarMap& map) {
  if (!root.contains("war2")) return;
  const Json& war2 = root["war2"];
  if (!war2.is_object()) Fail(file, "\"war2\" is not an object");
  map.war2_bombers = Field<int>(war2, "bombers", file, "war2", 10, false);
  std::vector<int> covered(map.NumTerritories(), 0);
  const auto cards =
      Field<std::vector<std::vector<std::string>>>(war2, "territory_cards", file, "war2", {}, true);
  for (const auto& ids : cards) {
    const std::string where = fmt::format("war2 card {}", fmt::join(ids, "+"));
    if (ids.empty() || ids.size() > 2) Fail(file, where + ": one or two territories per card");
    War2Card card;
    for (const auto& id : ids) {
      const int t = map.FindTerritory(id);
      if (t < 0) Fail(file, fmt::format("{}: unknown territory '{}'", where, id));
      ++covered[t];
      card.territories.push_back(t);
    }
    map.war2_cards.push_back(std::move(card));
  }
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (covered[t] != 1) {
      Fail(file, fmt::format("war2: territory '{}' is on {} cards, not 1", map.territories[t].id,
                             covered[t]));
    }
  }
  for (const auto& [value, count] :
       Field<std::vector<std::pair<int, int>>>(war2, "number_cards", file, "war2", {}, true)) {
    if (value < 1 || count < 0) Fail(file, "war2: bad number card entry");
    for (int k = 0; k < count; ++k) map.war2_cards.push_back({{}, value});
  }
  if (map.war2_cards.size() > 64) Fail(file, "war2: more than 64 cards");
  map.war2_objectives = map.objectives;
  int index = 0;
  for (const Json& entry : war2.value("extra_objectives", Json::array())) {
    map.war2_objectives.push_back(
        ParseObjective(entry, file, fmt::format("war2 objective {}", ++index), map));
  }
  if (map.war2_objectives.size() > 64) Fail(file, "war2: more than 64 objectives");
}

}  // namespace

std::string FigureName(Figure figure) {
  switch (figure) {
    case Figure::kTriangle:
      return "triangle";
    case Figure::kSquare:
      return "square";
    case Figure::kCircle:
      return "circle";
    case Figure::kJoker:
      return "joker";
  }
  return "?";
}

int WarMap::FindTerritory(std::string_view id) const {
  for (int t = 0; t < NumTerritories(); ++t) {
    if (territories[t].id == id) return t;
  }
  return -1;
}

int WarMap::FindLink(int from, int to) const {
  for (int l = first_link[from]; l < first_link[from + 1]; ++l) {
    if (links[l].to == to) return l;
  }
  return -1;
}

int WarMap::TradeValue(int n) const {
  const int listed = static_cast<int>(trade_values.size());
  if (n < listed) return trade_values[n];
  return trade_values.back() + (n - listed + 1) * trade_increment;
}

WarMap ParseMap(const std::string& text, const std::string& file) {
  Json root;
  try {
    root = Json::parse(text);
  } catch (const std::exception&) {
    Fail(file, "not valid JSON");
  }
  if (!root.is_object()) Fail(file, "not a JSON object");
  // Compared as JSON, not read as a string: a "format" of another type is a refusal, not a throw.
  const auto format = root.find("format");
  if (format == root.end() || *format != Json("quartel-war-map/1")) {
    Fail(file, "\"format\" must be \"quartel-war-map/1\"");
  }
  WarMap map;
  map.file = file;
  map.name = Field<std::string>(root, "name", file, "the map", file, false);
  map.colours = Field<std::vector<std::string>>(root, "colours", file, "the map", {}, true);
  if (map.colours.size() != kMaxSeats) Fail(file, "needs exactly 6 colours");
  ParseContinents(root, file, map);
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> named_links;
  ParseTerritories(root, file, map, named_links);
  BuildLinks(file, map, named_links);
  map.jokers = Field<int>(root, "jokers", file, "the map", 2, false);
  if (map.jokers < 0 || map.jokers > kMaxJokers) Fail(file, "jokers must be 0 to 4");
  map.trade_values = Field<std::vector<int>>(root, "trade_values", file, "the map", {}, true);
  map.trade_increment = Field<int>(root, "trade_increment", file, "the map", 0, true);
  if (map.trade_values.empty()) Fail(file, "trade_values is empty");
  ParseObjectives(root, file, map);
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (map.territories[t].strategic_centre) map.strategic_centres.push_back(t);
  }
  ParseWar2(root, file, map);
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (map.territories[t].neighbours.empty()) {
      Fail(file, fmt::format("territory '{}' has no links", map.territories[t].id));
    }
  }
  return map;
}

namespace {

// Maps by the name the map option gives: the shipped ones, loaded on first use, and the files the
// local user registered.
struct MapRegistry {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const WarMap>> maps;
};

MapRegistry& Maps() {
  static MapRegistry registry;
  return registry;
}

constexpr std::string_view kLocalPrefix = "file:";

}  // namespace

std::shared_ptr<const WarMap> LoadMap(const std::string& name) {
  MapRegistry& registry = Maps();
  std::lock_guard lock(registry.mutex);
  if (auto it = registry.maps.find(name); it != registry.maps.end()) return it->second;
  const std::string text = EmbeddedMapText("war-" + name);
  if (text.empty()) {
    if (name.starts_with(kLocalPrefix)) {
      throw Error(
          fmt::format("map {}: a map file of the local user; give the file with --map-file", name));
    }
    throw Error(
        fmt::format("map {}: no such map (the shipped maps: classic; a map file of your "
                    "own: --map-file PATH)",
                    name));
  }
  auto map = std::make_shared<const WarMap>(ParseMap(text, name));
  registry.maps[name] = map;
  return map;
}

std::string RegisterLocalMap(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(fmt::format("map file {}: cannot be read", path));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  auto map = std::make_shared<const WarMap>(ParseMap(buffer.str(), path));
  const std::string name = std::string(kLocalPrefix) + std::filesystem::path(path).stem().string();
  MapRegistry& registry = Maps();
  std::lock_guard lock(registry.mutex);
  if (auto it = registry.maps.find(name); it != registry.maps.end() && it->second->file != path) {
    throw Error(fmt::format("map file {}: {} already names {}", path, name, it->second->file));
  }
  registry.maps[name] = map;
  return name;
}

}  // namespace quartel::war
