// A Game is one rule set with its options fixed: it creates initial States and describes itself.
// Games are registered by id with their metadata (GameInfo) so that the CLI, the server and the
// tests can list them, validate options and load them by name (OpenSpiel's registry, KataGo's
// rules-as-small-struct: every option has a type, a default, a help text and a string round-trip).
//
// Threads: a Game is immutable once built, so one const Game may be shared by any number of
// threads (each with its own States; see state.h). The registry is locked and may be read from any
// thread; register games before starting threads.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace quartel::engine {

class State;

enum class OptionType { kBool, kInt, kString };

// One rule option. Ints are checked against [min_value, max_value]; strings against `choices` when
// that list is not empty. Defaults are written in the same text form a user types.
struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kString;
  std::string default_value;
  std::string help;
  std::int64_t min_value = 0;
  std::int64_t max_value = 0;
  std::vector<std::string> choices;
};

struct GameInfo {
  std::string id;                // "dablot": what users type
  std::string display_name;      // "Dablot Prejjesne"
  std::string summary;           // one line for `quartel list`
  std::vector<int> seat_counts;  // allowed numbers of players, ascending
  bool has_chance = false;
  bool hidden_information = false;
  // The players may agree a draw (rulings: Stratego, Espionage); the server offers it then.
  bool draw_by_agreement = false;
  std::vector<OptionSpec> options;
  std::string rules_version;  // bumped whenever a rule changes; stored in every record
  std::string rules_doc;      // path of the rules page under docs/, e.g. "docs/rules/dablot.md"
  // What a player types in this game, for the terminal's `help`: the notation of each kind of
  // action and any questions State::Inquire answers, a line each, with an example.
  std::string notation_help;
  // Perft counts whole turns, unless a turn is dozens of actions (WAR: placements one army at a
  // time, attacks, moves): then it counts single actions.
  bool perft_counts_turns = true;
};

// Validated option values: every option of the game, defaults filled in, each checked against its
// spec. Construction throws quartel::Error naming the option and the problem.
class GameOptions {
 public:
  GameOptions() = default;
  GameOptions(const GameInfo& info, const std::map<std::string, std::string>& given);

  bool GetBool(const std::string& name) const;
  std::int64_t GetInt(const std::string& name) const;
  const std::string& GetString(const std::string& name) const;
  const std::map<std::string, std::string>& values() const { return values_; }
  // "k=v,k=v" in name order; parses back with ParseOptionList.
  std::string ToString() const;

 private:
  const std::string& Raw(const std::string& name) const;
  std::map<std::string, std::string> values_;
};

// "bool", "int" or "string": the type's name in the catalogue and `quartel list`.
std::string OptionTypeName(OptionType type);

// "k=v,k2=v2" -> map; throws quartel::Error on a piece without '=' or a repeated name.
std::map<std::string, std::string> ParseOptionList(std::string_view text);

class Game : public std::enable_shared_from_this<Game> {
 public:
  Game(GameInfo info, GameOptions options) : info_(std::move(info)), options_(std::move(options)) {}
  virtual ~Game() = default;

  const GameInfo& info() const { return info_; }
  const GameOptions& options() const { return options_; }
  const std::string& id() const { return info_.id; }

  virtual int NumSeats() const = 0;
  // The seat's name as players know it ("Sámi", "white").
  virtual std::string SeatName(int seat) const = 0;
  virtual std::unique_ptr<State> NewInitialState() const = 0;
  // The state whose State::PositionText() is `text` (the game's position text, documented in its
  // header). Throws quartel::Error naming what is wrong on text that is malformed or describes no
  // reachable kind of position (a piece off the board, a count out of range). The default
  // throws: the game has no position text.
  virtual std::unique_ptr<State> NewStateFromPosition(std::string_view text) const;
  // A full state whose ViewPositionText(viewer) is `text` (a seat's view: what it may know, '?'
  // for the rest), what the viewer may not know filled in by a fixed rule among the states
  // consistent with the view, so that whatever acts through the viewer's SeatHandle (its view,
  // its legal actions, SampleState) acts as in the real game. How a controller hands a bot only
  // its seat's view (docs/ENGINE-PROTOCOL.md, `position view`). Throws quartel::Error naming
  // what is wrong on text that is malformed or that no state shows `viewer`. The default, for
  // perfect information, reads the full position text (a view is the whole position).
  virtual std::unique_ptr<State> NewStateFromView(std::string_view text, int viewer) const;
  // Every action id, chance outcomes included, lies in [0, NumDistinctActions()).
  virtual int NumDistinctActions() const = 0;
  // No game lasts more actions than this (chance outcomes included); engine caps make it finite.
  virtual int MaxGameLength() const = 0;
  // Shape of ViewTensor's output, e.g. {planes, rows, columns}.
  virtual std::vector<int> TensorShape() const = 0;
  int TensorSize() const;
  // What each slice along the tensor's first dimension holds, one short line each ("own Scouts:
  // 1 where the viewer has a Scout"), TensorShape()[0] of them: the layout `quartel show
  // --tensor` prints, documented in full in the game's header. Empty where not yet described.
  virtual std::vector<std::string> TensorLayout() const { return {}; }
  // Bounds of State::Returns() for any seat in any finished game (OpenSpiel's Min/MaxUtility);
  // Returns() of every finished game sum to UtilitySum().
  virtual double MinUtility() const { return -1.0; }
  virtual double MaxUtility() const { return 1.0; }
  virtual double UtilitySum() const { return 0.0; }

 private:
  GameInfo info_;
  GameOptions options_;
};

using GameFactory = std::function<std::shared_ptr<const Game>(const GameOptions&)>;

// Adds a game to the registry; a second registration of the same id throws.
void RegisterGame(GameInfo info, GameFactory factory);
// All registered games, sorted by id.
std::vector<GameInfo> RegisteredGames();
// The game's metadata; throws quartel::Error listing the known ids when `id` is unknown.
const GameInfo& FindGame(std::string_view id);
// Validates the options and builds the game; throws quartel::Error on an unknown game or bad
// option.
std::shared_ptr<const Game> LoadGame(std::string_view id,
                                     const std::map<std::string, std::string>& options = {});

}  // namespace quartel::engine
