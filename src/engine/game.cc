#include "engine/game.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <mutex>

#include "core/error.h"
#include "core/text.h"
#include "engine/state.h"

namespace quartel::engine {
namespace {

std::string CheckedValue(const OptionSpec& spec, const std::string& value) {
  switch (spec.type) {
    case OptionType::kBool: {
      const std::string lower = ToLower(value);
      if (lower == "true" || lower == "on" || lower == "1" || lower == "yes") return "true";
      if (lower == "false" || lower == "off" || lower == "0" || lower == "no") return "false";
      throw Error(fmt::format("option {}: '{}' is not a boolean (use true/false or on/off)",
                              spec.name, value));
    }
    case OptionType::kInt: {
      const auto number = ParseInteger(value);
      if (!number) throw Error(fmt::format("option {}: '{}' is not an integer", spec.name, value));
      if (*number < spec.min_value || *number > spec.max_value) {
        throw Error(fmt::format("option {}: {} is out of range {}..{}", spec.name, *number,
                                spec.min_value, spec.max_value));
      }
      return std::to_string(*number);
    }
    case OptionType::kString:
      if (!spec.choices.empty() &&
          std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end()) {
        throw Error(fmt::format("option {}: '{}' is not one of {}", spec.name, value,
                                fmt::join(spec.choices, ", ")));
      }
      return value;
  }
  return value;
}

struct RegistryEntry {
  GameInfo info;
  GameFactory factory;
};

std::mutex& RegistryMutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, RegistryEntry, std::less<>>& Registry() {
  static std::map<std::string, RegistryEntry, std::less<>> registry;
  return registry;
}

}  // namespace

GameOptions::GameOptions(const GameInfo& info, const std::map<std::string, std::string>& given) {
  for (const auto& entry : given) {
    const std::string& name = entry.first;
    const std::string& value = entry.second;
    const auto spec = std::find_if(info.options.begin(), info.options.end(),
                                   [&](const OptionSpec& s) { return s.name == name; });
    if (spec == info.options.end()) {
      std::vector<std::string> known;
      for (const auto& s : info.options) known.push_back(s.name);
      throw Error(fmt::format("{} has no option '{}' (options: {})", info.id, name,
                              known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
    }
    values_[name] = CheckedValue(*spec, value);
  }
  for (const auto& spec : info.options) {
    if (!values_.count(spec.name)) values_[spec.name] = CheckedValue(spec, spec.default_value);
  }
}

const std::string& GameOptions::Raw(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) throw Error(fmt::format("no option '{}'", name));
  return it->second;
}

bool GameOptions::GetBool(const std::string& name) const { return Raw(name) == "true"; }

std::int64_t GameOptions::GetInt(const std::string& name) const { return *ParseInteger(Raw(name)); }

const std::string& GameOptions::GetString(const std::string& name) const { return Raw(name); }

std::string GameOptions::ToString() const {
  std::vector<std::string> pieces;
  for (const auto& [name, value] : values_) pieces.push_back(name + "=" + value);
  return fmt::format("{}", fmt::join(pieces, ","));
}

std::map<std::string, std::string> ParseOptionList(std::string_view text) {
  std::map<std::string, std::string> options;
  if (Trim(text).empty()) return options;
  for (const std::string& piece : Split(text, ',')) {
    const auto equals = piece.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw Error(fmt::format("option '{}' is not of the form name=value", piece));
    }
    const std::string name(Trim(piece.substr(0, equals)));
    if (!options.emplace(name, std::string(Trim(piece.substr(equals + 1)))).second) {
      throw Error(fmt::format("option '{}' is given twice", name));
    }
  }
  return options;
}

std::unique_ptr<State> Game::NewStateFromPosition(std::string_view text) const {
  (void)text;
  throw Error(fmt::format("{} has no position text yet", id()));
}

std::unique_ptr<State> Game::NewStateFromView(std::string_view text, int viewer) const {
  if (info().hidden_information) {
    throw Error(fmt::format("{} cannot read a seat's view back yet", id()));
  }
  if (viewer < 0 || viewer >= NumSeats()) {
    throw Error(fmt::format("a view is a seat's: {} is not a seat of {} (0 to {})", viewer, id(),
                            NumSeats() - 1));
  }
  return NewStateFromPosition(text);
}

int Game::TensorSize() const {
  int size = 1;
  for (int dimension : TensorShape()) size *= dimension;
  return size;
}

void RegisterGame(GameInfo info, GameFactory factory) {
  std::lock_guard lock(RegistryMutex());
  const std::string id = info.id;
  if (!Registry().emplace(id, RegistryEntry{std::move(info), std::move(factory)}).second) {
    throw Error(fmt::format("game '{}' is registered twice", id));
  }
}

std::vector<GameInfo> RegisteredGames() {
  std::lock_guard lock(RegistryMutex());
  std::vector<GameInfo> infos;
  for (const auto& [id, entry] : Registry()) infos.push_back(entry.info);
  return infos;
}

const GameInfo& FindGame(std::string_view id) {
  std::lock_guard lock(RegistryMutex());
  const auto it = Registry().find(id);
  if (it == Registry().end()) {
    std::vector<std::string> known;
    for (const auto& [name, entry] : Registry()) known.push_back(name);
    throw Error(fmt::format("unknown game '{}' (known games: {})", id, fmt::join(known, ", ")));
  }
  return it->second.info;
}

std::shared_ptr<const Game> LoadGame(std::string_view id,
                                     const std::map<std::string, std::string>& options) {
  const GameInfo& info = FindGame(id);
  GameFactory factory;
  {
    std::lock_guard lock(RegistryMutex());
    factory = Registry().find(id)->second.factory;
  }
  return factory(GameOptions(info, options));
}

std::string OptionTypeName(OptionType type) {
  switch (type) {
    case OptionType::kBool:
      return "bool";
    case OptionType::kInt:
      return "int";
    case OptionType::kString:
      return "string";
  }
  return "?";
}

}  // namespace quartel::engine
