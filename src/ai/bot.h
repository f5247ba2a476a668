// Bots choose actions for the seat to act. Every bot plays every registered game through the
// engine API. Bots are made from a spec string "name[:key=value,...]", e.g. "random",
// "mcts:iterations=2000", "mcts:ms=1000,seed=7", "mcts:turn_ms=1500" (lc0-style registration by
// name). Budgets: "iterations" and "ms" limit each decision; "turn_ms" limits the seat's whole
// turn, shared over its decisions (a WAR turn is dozens: turn_budget.h). Each bot's keys are in
// its BotInfo::help (the server's /api/games lists them).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/seat_handle.h"
#include "engine/state.h"

namespace quartel::ai {

class Bot {
 public:
  virtual ~Bot() = default;
  // An action for the seat whose handle this is, on its own decision. The handle is all a bot sees
  // of the game: its seat's view and legal actions, and full states sampled among those the seat
  // cannot tell from the real one (SeatHandle::SampleState), which is what search plays in.
  virtual engine::Action ChooseAction(const engine::SeatHandle& seat) = 0;
  // The spec it was made from, normalised ("mcts:iterations=2000").
  virtual std::string Spec() const = 0;
  // A flag that, once set (from another thread), asks a ChooseAction in progress to return soon
  // with the best it has found (`quartel engine`'s stop, docs/ENGINE-PROTOCOL.md); null clears
  // it. Bots that search for long read it; quick ones may ignore it (the default). The flag must
  // outlive the bot's searches.
  virtual void SetStopFlag(const std::atomic<bool>* stop) { (void)stop; }
};

struct BotInfo {
  std::string name;
  std::string help;  // one line, with the accepted keys
  std::function<std::unique_ptr<Bot>(const engine::Game& game,
                                     const std::map<std::string, std::string>& params,
                                     std::uint64_t seed)>
      factory;
  // Parameter names the bot accepts besides "seed" (which MakeBot handles for every bot); MakeBot
  // rejects any other key before the factory runs. The factory checks the values.
  std::vector<std::string> keys;
};

void RegisterBot(BotInfo info);
std::vector<BotInfo> RegisteredBots();
// Builds a bot from its spec; throws quartel::Error naming the unknown bot or bad parameter.
// `seed` is used unless the spec gives "seed=N". The seed is not part of the bot's Spec().
std::unique_ptr<Bot> MakeBot(std::string_view spec, const engine::Game& game, std::uint64_t seed);
// A comma-separated list of specs (the ladder's --bots, play's --seats) split into its specs: a
// piece whose first '=' comes before any ':' is one more key=value of the spec before it (a spec
// starts with a name, which holds neither), so "random,mcts:iterations=100,c=1" is two specs and
// "human,engine:cmd=./e,bot=alphabeta:nodes=2000" two as well. Throws quartel::Error, naming
// `option`, for an empty piece (as its number: "--seats: seat 2 is empty", `entry` "seat") or a
// key=value with no spec before it.
std::vector<std::string> SplitBotSpecs(std::string_view text, std::string_view option,
                                       std::string_view entry);
// Registers the built-in bots (idempotent).
void RegisterBuiltinBots();

// Registers "random" (random_bot.cc): a uniformly random legal action. RegisterBuiltinBots calls
// it.
void RegisterRandomBot();
// Registers "heuristic" (heuristic_bot.cc): Stratego and Espionage from the seat's own view.
void RegisterHeuristicBot();
// Registers "belief" (belief_bot.h): Stratego and Espionage, a search over a belief model.
void RegisterBeliefBot();

// The normalised spec "name:k=v,k=v" (keys in map order; just "name" without parameters).
std::string FormatBotSpec(std::string_view name, const std::map<std::string, std::string>& params);
// Throws quartel::Error "bad value 'x' for key 'k' of bot 'b': expected <what>". For factories.
[[noreturn]] void ThrowBadBotValue(std::string_view bot, std::string_view key,
                                   std::string_view value, std::string_view expected);
// The value of a bot's key, for factories: the whole of `value` must spell a number in [low, high]
// (read without the locale), else ThrowBadBotValue saying `expected`, by default "an integer from
// LOW to HIGH".
std::int64_t ParseBotInteger(std::string_view bot, std::string_view key, const std::string& value,
                             std::int64_t low, std::int64_t high, std::string_view expected = {});
double ParseBotNumber(std::string_view bot, std::string_view key, const std::string& value,
                      double low, double high, std::string_view expected);

}  // namespace quartel::ai
