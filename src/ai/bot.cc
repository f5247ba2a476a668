#include "ai/bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <mutex>
#include <utility>

#include "ai/alphabeta.h"
#include "ai/hooks/hooks.h"
#include "ai/levels.h"
#include "ai/mcts.h"
#include "core/error.h"
#include "core/text.h"

namespace quartel::ai {
namespace {

// The registry is small and read rarely (once per bot made), so one mutex guards it.
struct BotRegistry {
  std::mutex mutex;
  std::vector<BotInfo> bots;  // sorted by name
};

BotRegistry& Registry() {
  static BotRegistry registry;
  return registry;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string joined;
  for (const auto& name : names) {
    if (!joined.empty()) joined += ", ";
    joined += name;
  }
  return joined.empty() ? "none" : joined;
}

}  // namespace

void RegisterBot(BotInfo info) {
  if (info.name.empty() || !info.factory)
    throw Error("RegisterBot: a bot needs a name and a factory");
  auto& registry = Registry();
  std::lock_guard lock(registry.mutex);
  auto it =
      std::lower_bound(registry.bots.begin(), registry.bots.end(), info.name,
                       [](const BotInfo& bot, const std::string& name) { return bot.name < name; });
  if (it != registry.bots.end() && it->name == info.name) {
    throw Error("bot '" + info.name + "' is already registered");
  }
  registry.bots.insert(it, std::move(info));
}

std::vector<BotInfo> RegisteredBots() {
  auto& registry = Registry();
  std::lock_guard lock(registry.mutex);
  return registry.bots;
}

std::string FormatBotSpec(std::string_view name, const std::map<std::string, std::string>& params) {
  std::string spec(name);
  char separator = ':';
  for (const auto& [key, value] : params) {
    spec += separator;
    spec += key;
    spec += '=';
    spec += value;
    separator = ',';
  }
  return spec;
}

void ThrowBadBotValue(std::string_view bot, std::string_view key, std::string_view value,
                      std::string_view expected) {
  throw Error("bad value '" + std::string(value) + "' for key '" + std::string(key) + "' of bot '" +
              std::string(bot) + "': expected " + std::string(expected));
}

std::int64_t ParseBotInteger(std::string_view bot, std::string_view key, const std::string& value,
                             std::int64_t low, std::int64_t high, std::string_view expected) {
  std::int64_t parsed = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (value.empty() || error != std::errc() || end != value.data() + value.size() || parsed < low ||
      parsed > high) {
    ThrowBadBotValue(bot, key, value,
                     expected.empty()
                         ? "an integer from " + std::to_string(low) + " to " + std::to_string(high)
                         : std::string(expected));
  }
  return parsed;
}

double ParseBotNumber(std::string_view bot, std::string_view key, const std::string& value,
                      double low, double high, std::string_view expected) {
  double parsed = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (value.empty() || error != std::errc() || end != value.data() + value.size() ||
      !std::isfinite(parsed) || parsed < low || parsed > high) {
    ThrowBadBotValue(bot, key, value, expected);
  }
  return parsed;
}

std::vector<std::string> SplitBotSpecs(std::string_view text, std::string_view option,
                                       std::string_view entry) {
  std::vector<std::string> specs;
  for (const std::string& piece : Split(text, ',')) {
    if (piece.empty()) {
      throw Error(fmt::format("{}: {} {} is empty ('{}')", option, entry, specs.size() + 1, text));
    }
    const std::size_t equals = piece.find('='), colon = piece.find(':');
    const bool continues = equals != std::string::npos && equals < colon;
    if (!continues) {
      specs.push_back(piece);
    } else if (specs.empty()) {
      throw Error(fmt::format("{}: '{}' is a key=value with no spec before it", option, piece));
    } else {
      specs.back() += "," + piece;
    }
  }
  return specs;
}

std::unique_ptr<Bot> MakeBot(std::string_view spec, const engine::Game& game, std::uint64_t seed) {
  const std::string_view trimmed = Trim(spec);
  const std::size_t colon = trimmed.find(':');
  const std::string name = ToLower(Trim(trimmed.substr(0, colon)));
  if (name.empty()) throw Error("bad bot spec '" + std::string(spec) + "': no bot name");

  BotInfo info;
  std::vector<std::string> known;
  for (const auto& bot : RegisteredBots()) {
    if (bot.name == name) info = bot;
    known.push_back(bot.name);
  }
  if (!info.factory) {
    throw Error("unknown bot '" + name + "' (known: " + JoinNames(known) + ")");
  }

  std::map<std::string, std::string> params;
  if (colon != std::string_view::npos) {
    const std::string_view rest = Trim(trimmed.substr(colon + 1));
    // "mcts:" with nothing after the colon is accepted as "mcts".
    if (!rest.empty()) {
      for (const std::string& piece : Split(rest, ',')) {
        const std::size_t equals = piece.find('=');
        if (equals == std::string::npos) {
          throw Error("bad bot spec '" + std::string(spec) + "': '" + piece + "' is not key=value");
        }
        const std::string key = ToLower(Trim(std::string_view(piece).substr(0, equals)));
        const std::string value(Trim(std::string_view(piece).substr(equals + 1)));
        if (key.empty()) {
          throw Error("bad bot spec '" + std::string(spec) + "': '" + piece + "' has no key");
        }
        if (key != "seed" &&
            std::find(info.keys.begin(), info.keys.end(), key) == info.keys.end()) {
          throw Error("unknown key '" + key + "' for bot '" + name + "' (accepted: " +
                      JoinNames(info.keys) + (info.keys.empty() ? "" : ", ") + "seed)");
        }
        if (!params.emplace(key, value).second) {
          throw Error("bad bot spec '" + std::string(spec) + "': key '" + key + "' given twice");
        }
      }
    }
  }

  if (auto it = params.find("seed"); it != params.end()) {
    std::uint64_t parsed = 0;
    const std::string& text = it->second;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
      ThrowBadBotValue(name, "seed", text, "a non-negative integer");
    }
    seed = parsed;
    params.erase(it);
  }
  return info.factory(game, params, seed);
}

void RegisterBuiltinBots() {
  static std::once_flag once;
  std::call_once(once, [] {
    RegisterRandomBot();
    RegisterHeuristicBot();
    RegisterBeliefBot();
    RegisterMctsBot();
    RegisterAlphaBetaBot();
    RegisterAllMctsHooks();
    RegisterLevelBots();  // last: a level is made of the bots above
  });
}

}  // namespace quartel::ai
