#include "games/stratego/stratego.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/hidden_army/hidden_army.h"
#include "games/stratego/setups.h"

namespace quartel::stratego {
namespace {

using hidden_army::kSeatNames;
constexpr const char* kEndings[] = {
    "",          "flag captured",  "no move",     "neither side can move",
    "move cap",  "no-capture cap", "resignation", "time",
    "abandoned", "agreement"};
constexpr const char* kCombatResults[] = {"attacker", "defender", "both"};

std::string RankString(const Army& army) {
  std::string out;
  for (int rank = 0; rank < kNumRanks; ++rank) out.append(army[rank], RankChar(rank));
  return out;
}

// The piece byte (board.h) as the shared hidden-army grid reads it.
hidden_army::Piece ArmyPiece(std::uint8_t p) {
  return {PieceOwner(p), PieceRank(p), (p & kMoved) != 0, (p & kRevealed) != 0};
}

// The move action from `from` to `to` along a line, or kNone.
Action LineAction(int from, int to) {
  for (int dir = 0; dir < kNumDirs; ++dir) {
    for (int d = 1; d <= kMaxDistance; ++d) {
      if (Step(from, dir, d) == to) return MoveAction(from, dir, d);
    }
  }
  return kNone;
}

}  // namespace

std::string ExpandSetupWords(std::string_view text, int seat, const Army& army) {
  std::vector<std::string> words;
  for (const std::string& word : Split(ToLower(Trim(text)), ' ')) {
    if (!word.empty()) words.push_back(word);
  }
  if (words.empty()) return std::string(text);
  if (words[0] == "preset") {
    const std::string names = PresetNames(army);
    if (words.size() != 2) {
      throw Error(fmt::format("'{}': preset needs a name: preset NAME ({})", Trim(text),
                              names.empty() ? "none for this army" : names));
    }
    return PresetSetup(words[1], seat, army);
  }
  if (words[0] == "random") {
    if (words.size() == 1) {
      throw Error(
          "'random': random needs a number, e.g. random 7 (the same number, the same setup)");
    }
    const auto seed = words.size() == 2 ? ParseInteger(words[1]) : std::nullopt;
    if (!seed || *seed < 0) {
      throw Error(
          fmt::format("'{}': N must be a whole number from 0 up, e.g. random 7", Trim(text)));
    }
    Rng rng(static_cast<std::uint64_t>(*seed));
    return RandomSetup(army, rng);
  }
  return std::string(text);
}

// --- Game
// -------------------------------------------------------------------------------------------

StrategoGame::StrategoGame(const engine::GameOptions& options)
    : engine::Game(engine::FindGame("stratego"), options) {
  rules_.max_plies = static_cast<std::int32_t>(options.GetInt("max_plies"));
  rules_.max_plies_without_capture =
      static_cast<std::int32_t>(options.GetInt("max_plies_without_capture"));
  const std::string& repetition = options.GetString("repetition");
  rules_.repetition = repetition == "isf"          ? Repetition::kIsf
                      : repetition == "five_moves" ? Repetition::kFiveMoves
                                                   : Repetition::kSeed;
  const std::string& army_name = options.GetString("army");
  rules_.army = army_name == "seed"      ? ArmyKind::kSeed
                : army_name == "barrage" ? ArmyKind::kBarrage
                                         : ArmyKind::kClassic;
  rules_.aggressor_advantage = options.GetBool("aggressor_advantage") ? 1 : 0;
  rules_.silent_defense = options.GetBool("silent_defense") ? 1 : 0;
  rules_.rescue = options.GetBool("rescue") ? 1 : 0;
}

std::string StrategoGame::SeatName(int seat) const {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Stratego has no seat {}", seat));
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> StrategoGame::NewInitialState() const {
  return std::make_unique<StrategoState>(*this, Position::Initial(rules_));
}

std::unique_ptr<engine::State> StrategoGame::NewStateFromPosition(std::string_view text) const {
  return std::make_unique<StrategoState>(*this, PositionFromText(text, rules_));
}

void Register() {
  engine::GameInfo info;
  info.id = "stratego";
  info.display_name = "Stratego";
  info.summary = "Hidden armies on a 10 x 10 board with lakes: find and capture the enemy Flag";
  info.seat_counts = {2};
  info.has_chance = false;
  info.hidden_information = true;
  info.draw_by_agreement = true;  // rulings, Stratego: "draw by agreement"
  engine::OptionSpec army{"army",
                          engine::OptionType::kString,
                          "classic",
                          "classic: the 40-piece army; seed: the seed's 39-piece list; barrage: "
                          "Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb",
                          0,
                          0,
                          {"classic", "seed", "barrage"}};
  engine::OptionSpec repetition{
      "repetition",
      engine::OptionType::kString,
      "seed",
      "seed: the third move back and forth between two squares is illegal; isf: the fourth, "
      "and the ISF more-squares (chase) rule; five_moves: the sixth, no chase rule (Gravon "
      "until 2005)",
      0,
      0,
      {"seed", "isf", "five_moves"}};
  engine::OptionSpec max_plies{"max_plies",
                               engine::OptionType::kInt,
                               "2000",
                               "engine cap for unattended games, not a rule: draw after this "
                               "many moves of the play phase",
                               10,
                               100000,
                               {}};
  engine::OptionSpec quiet{"max_plies_without_capture",
                           engine::OptionType::kInt,
                           "200",
                           "engine cap for unattended games, not a rule: draw after this many "
                           "moves without an attack",
                           10,
                           100000,
                           {}};
  engine::OptionSpec aggressor{"aggressor_advantage",
                               engine::OptionType::kBool,
                               "false",
                               "seed tournament rule: when equal ranks fight, the attacker wins",
                               0,
                               0,
                               {}};
  engine::OptionSpec silent{"silent_defense",
                            engine::OptionType::kBool,
                            "false",
                            "seed tournament rule: only the attacker declares its rank (a "
                            "defender attacked by a Scout is shown)",
                            0,
                            0,
                            {}};
  engine::OptionSpec rescue{"rescue",
                            engine::OptionType::kBool,
                            "false",
                            "seed tournament rule: a piece (not a Scout) reaching the enemy back "
                            "row may bring back a captured piece, twice per player",
                            0,
                            0,
                            {}};
  info.options = {aggressor, army, max_plies, quiet, repetition, rescue, silent};
  info.rules_version = "stratego-2";
  info.rules_doc = "docs/rules/stratego.md";
  // A whole setup is one turn of up to 40 placements: far too many turns to count, so perft
  // counts actions.
  info.perft_counts_turns = false;
  info.notation_help =
      "move     b4-b7    a piece from b4 to b7 (one square; a Scout any number in a line)\n"
      "attack   b4xb5    (b4-b5 is read the same when b5 holds an enemy piece)\n"
      "setup    a 40-square setup string, Red from a1..k1 to a4..k4, Blue from a7..k7 to "
      "a10..k10,\n"
      "         rank characters F S 2-9 X B ('.' an empty square), e.g.\n"
      "         FBBB333334 BBB4445555 6666777889 XS22222222\n"
      "         preset NAME (e.g. preset fortress), random N (e.g. random 7),\n"
      "         or one piece at a time: X:a1\n"
      "rescue   rescue 9:e2 (option rescue: bring back a captured General onto e2), or no rescue\n";
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const StrategoGame>(options);
  });
}

// --- State basics
// -----------------------------------------------------------------------------------

StrategoState::StrategoState(const StrategoGame& game, const Position& position)
    : engine::State(game), position_(position) {}

engine::Seat StrategoState::CurrentSeat() const {
  return position_.h.phase == Phase::kOver ? engine::kTerminalSeat : position_.h.to_move;
}

std::unique_ptr<engine::State> StrategoState::Clone() const {
  return std::make_unique<StrategoState>(*this);
}

void StrategoState::CopyFrom(const engine::State& other) {
  position_ = static_cast<const StrategoState&>(other).position_;
}

bool StrategoState::Equals(const engine::State& other) const {
  const auto* that = dynamic_cast<const StrategoState*>(&other);
  return that != nullptr && that->game().id() == game().id() && that->position_ == position_;
}

std::vector<engine::Outcome> StrategoState::Results() const {
  const Header& h = position_.h;
  if (h.phase != Phase::kOver) return {};
  if (!EndedOutsideTheRules(h.ending)) return engine::TwoSeatResults(h.winner);
  return {static_cast<engine::Outcome>(h.outside_results[0]),
          static_cast<engine::Outcome>(h.outside_results[1])};
}

// Win +1, loss -1, draw 0, less their mean, so that they sum to zero whatever results an ending
// outside the rules gave (two losses of an abandoned game score 0 each).
std::vector<double> StrategoState::Returns() const {
  std::vector<double> returns;
  for (engine::Outcome outcome : Results()) {
    returns.push_back(outcome == engine::Outcome::kWin    ? 1.0
                      : outcome == engine::Outcome::kLoss ? -1.0
                                                          : 0.0);
  }
  if (returns.size() == 2) {
    const double mean = (returns[0] + returns[1]) / 2;
    for (double& r : returns) r -= mean;
  }
  return returns;
}

bool StrategoState::EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) {
  position_.EndOutsideTheRules(reason, results);
  return true;
}

// --- Notation
// -----------------------------------------------------------------------------------------

std::string StrategoState::ActionToString(Action action) const {
  if (action < 0 || action >= kNumActions) return fmt::format("action {} (out of range)", action);
  if (IsPlace(action)) {
    return fmt::format("{}:{}", RankChar(PlaceRank(action)), SquareName(PlaceSquare(action)));
  }
  if (action == kNoRescue) return "no rescue";
  if (IsRescue(action)) {
    const int index = action - kFirstRescue;
    return fmt::format("rescue {}:{}", RankChar(index / kNumSquares),
                       SquareName(index % kNumSquares));
  }
  const int from = MoveFrom(action);
  const int to = Step(from, MoveDir(action), MoveDistance(action));
  if (to == kNone) return fmt::format("move from {} off the board", SquareName(from));
  const std::uint8_t target = position_.board[to];
  const bool attack = (target & kOccupied) && (position_.board[from] & kOccupied) &&
                      PieceOwner(target) != PieceOwner(position_.board[from]);
  return fmt::format("{}{}{}", SquareName(from), attack ? 'x' : '-', SquareName(to));
}

// Rulings "Stratego": setups are secret until both are complete, so another seat is told neither
// the rank nor the square of a placement. Moves and rescues are public (a rescued piece comes
// back in the open).
std::string StrategoState::ActionToStringFor(Action action, engine::Seat viewer) const {
  if (IsPlace(action) && viewer != CurrentSeat()) return "a hidden placement";
  // During the setups a move (never legal then) is written without 'x': whether its target holds
  // a piece of a setup in progress is not another viewer's to know.
  if (position_.h.phase == Phase::kSetup && !IsRescue(action) && action != kNoRescue &&
      !IsPlace(action) && action >= 0 && action < kNumActions) {
    const int from = MoveFrom(action);
    const int to = Step(from, MoveDir(action), MoveDistance(action));
    if (to != kNone) return fmt::format("{}-{}", SquareName(from), SquareName(to));
  }
  return ActionToString(action);
}

// A setup is one turn (MidTurn): told in one line, "set up its army"; the owner also sees
// the setup string.
std::string StrategoState::DescribeTurn(std::span<const Action> actions,
                                        engine::Seat viewer) const {
  if (actions.empty() || !IsPlace(actions.front())) return DescribePlay(actions, viewer);
  const int seat = position_.h.to_move;
  Position after = position_;
  std::vector<std::string> placed;
  for (Action action : actions) {
    if (IsPlace(action)) placed.push_back(ActionToString(action));
    after.Apply(action);
  }
  const bool done = ArmySize(after.h.to_place[seat]) == 0;
  // Told after the seat's name (the move list, the terminal), as Espionage tells it.
  std::string text = done ? "set up its army" : "is setting up its army";
  if (viewer == seat) {
    text += ": " + (done ? SetupString(after, seat) : fmt::format("{}", fmt::join(placed, " ")));
  }
  return text;
}

// Moves in their notation, an attack with its combat as `viewer` learnt it (rulings "Stratego":
// combat shows both ranks, or only the attacker's with silent_defense): "e6xe7: Sergeant takes
// Scout", "d4xd5: Scout loses to Marshal", "c4xc5: Major and Major both removed"; a rescue that
// follows in the same turn after a comma.
std::string StrategoState::DescribePlay(std::span<const Action> actions,
                                        engine::Seat viewer) const {
  StrategoState state(*this);
  std::string text;
  for (Action action : actions) {
    if (!text.empty()) text += ", ";
    text += state.ActionToStringFor(action, viewer);
    const bool move = state.position_.h.phase == Phase::kPlay && !IsPlace(action) &&
                      !IsRescue(action) && action != kNoRescue;
    state.DoApplyAction(action, nullptr);
    if (move && state.position_.h.last.attacker != kNone) text += ": " + state.CombatText(viewer);
  }
  return text;
}

std::string StrategoState::CombatText(engine::Seat viewer) const {
  const LastMove& last = position_.h.last;
  const char defender_char = DefenderChar(viewer);
  const std::string attacker = RankName(last.attacker);
  const std::string defender =
      defender_char == '?' ? std::string("an unseen piece") : RankName(last.defender);
  switch (last.result) {
    case kAttackerWins:
      return fmt::format("{} takes {}", attacker, defender);
    case kDefenderWins:
      return fmt::format("{} loses to {}", attacker, defender);
    default:
      return fmt::format("{} and {} both removed", attacker, defender);
  }
}

Action StrategoState::StringToAction(std::string_view text) const {
  std::string t = ToLower(Trim(text));
  Action action = kNone;
  const bool rescue = t.rfind("rescue ", 0) == 0;
  if (rescue) t = std::string(Trim(t.substr(7)));
  const std::size_t colon = t.find(':');
  const std::size_t sep = t.find_first_of("-x");
  if (colon != std::string::npos) {
    const int rank = colon == 1 ? RankFromChar(t[0]) : kNone;
    const int sq = ParseSquare(std::string(Trim(t.substr(colon + 1))));
    if (rank == kNone || sq == kNone) {
      throw Error(fmt::format("'{}' is not a Stratego placement (e.g. X:a1, B:c2, 2:e4)", text));
    }
    action = rescue ? RescueAction(rank, sq) : PlaceAction(rank, sq);
  } else if (t == "no rescue") {
    action = kNoRescue;
  } else if (sep != std::string::npos) {
    const int from = ParseSquare(std::string(Trim(t.substr(0, sep))));
    const int to = ParseSquare(std::string(Trim(t.substr(sep + 1))));
    if (from == kNone || to == kNone) {
      throw Error(fmt::format("'{}' is not a Stratego move (e.g. a4-a5, a4xa5)", text));
    }
    action = LineAction(from, to);
    if (action == kNone) {
      throw Error(fmt::format("'{}': {} and {} are not on one line", text, SquareName(from),
                              SquareName(to)));
    }
  } else {
    throw Error(fmt::format("'{}' is not Stratego notation (e.g. X:a1, a4-a5, a4xa5)", text));
  }
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("'{}': {}", Trim(text), why));
  return action;
}

std::vector<Action> StrategoState::ParseSetup(std::string_view text) const {
  const Position& p = position_;
  const int seat = p.h.to_move;
  const Army army = p.FullArmy();
  if (p.h.to_place[seat] != army) {
    throw Error(
        fmt::format("a setup string needs {} to have placed nothing yet", kSeatNames[seat]));
  }
  const SetupRanks ranks = ParseSetupString(text, army);
  std::vector<Action> actions;
  const int first = seat == 0 ? 0 : 60;
  for (int i = 0; i < kSetupSquares; ++i) {
    if (ranks[i] != kNone) actions.push_back(PlaceAction(ranks[i], first + i));
  }
  return actions;
}

namespace {

// Text that can only be meant as a setup string: rank characters and '.', at least eight
// squares (a move or a placement is shorter, or has '-' or ':').
bool LooksLikeSetupString(std::string_view text) {
  int squares = 0;
  for (char c : text) {
    if (c == ' ' || c == '/') continue;
    if (c != '.' && RankFromChar(c) == kNone) return false;
    ++squares;
  }
  return squares >= 8;
}

}  // namespace

// During a setup, a setup string, "preset NAME" or "random N" (a seeded shuffle, so the same words
// give the same setup) is the whole setup as one typed turn (see the header); the record keeps
// the resulting placements.
std::vector<Action> StrategoState::StringToTurn(std::string_view text) const {
  const std::string_view t = Trim(text);
  if (position_.h.phase == Phase::kSetup) {
    const std::string expanded = ExpandSetupWords(t, position_.h.to_move, position_.FullArmy());
    if (expanded != t || LooksLikeSetupString(t)) return ParseSetup(expanded);
  }
  return {StringToAction(t)};
}

// --- Views
// ------------------------------------------------------------------------------------------

bool StrategoState::Sees(engine::Seat viewer, std::uint8_t p) const {
  return hidden_army::MaySee(viewer, ArmyPiece(p), position_.h.phase == Phase::kOver);
}

// Rulings "Stratego": during the setup a seat sees only its own pieces (a spectator none), since
// setups are secret, squares included, until both are complete.
bool StrategoState::OnViewersBoard(engine::Seat viewer, std::uint8_t p) const {
  return p != 0 && (position_.h.phase != Phase::kSetup || viewer == PieceOwner(p));
}

std::string StrategoState::OwnSetup(engine::Seat viewer) const {
  const Header& h = position_.h;
  if ((viewer != 0 && viewer != 1) || ArmySize(h.to_place[viewer]) != 0 ||
      ArmySize(h.lost[viewer]) != 0) {
    return "";
  }
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = position_.board[sq];
    if (p != 0 && PieceOwner(p) == viewer && (p & kMoved)) return "";
  }
  return SetupString(position_, viewer);
}

std::string StrategoState::PositionText() const {
  return PositionToText(position_, PositionTextView::Full());
}

// The same projection as ViewJson: the pieces on the viewer's board, the ranks it sees, its own
// lost pieces (and, once the game is over, everything), the defender it was shown.
std::string StrategoState::ViewPositionText(engine::Seat viewer) const {
  const bool over = position_.h.phase == Phase::kOver;
  PositionTextView view{false, [this, viewer](std::uint8_t p) { return OnViewersBoard(viewer, p); },
                        [this, viewer](std::uint8_t p) { return ShownRank(viewer, p); },
                        [over, viewer](int seat) { return over || seat == viewer; },
                        [this, viewer](const LastMove&) { return DefenderChar(viewer); }};
  return PositionToText(position_, view);
}

char StrategoState::ShownRank(engine::Seat viewer, std::uint8_t p) const {
  return hidden_army::ShownRank(viewer, ArmyPiece(p), position_.h.phase == Phase::kOver, RankChar);
}

std::string StrategoState::SetupPrompt(int seat) const {
  const Header& h = position_.h;
  return hidden_army::SetupPrompt(kSetupSquares, PresetNames(position_.FullArmy()), true,
                                  h.to_place[seat] != position_.FullArmy(),
                                  seat == 0 ? "F:a1" : "F:a10");
}

// Rulings "Stratego": a seat sees only whether the other's setup is in progress or done, so
// neither whether it has begun nor how many pieces it has placed.
bool StrategoState::MidTurnShown(engine::Seat viewer) const {
  return MidTurn() && (position_.h.phase != Phase::kSetup || viewer == position_.h.to_move);
}

int StrategoState::ActionsUncountedBy(engine::Seat viewer) const {
  const Header& h = position_.h;
  if (h.phase != Phase::kSetup || viewer == h.to_move) return 0;
  return ArmySize(position_.FullArmy()) - ArmySize(h.to_place[h.to_move]);
}

// One line per seat while the armies are set up: what `viewer` may know of each setup (done, in
// progress, to come; its own progress in detail).
std::string StrategoState::SetupStatus(engine::Seat viewer) const {
  const Header& h = position_.h;
  std::string out;
  for (int seat = 0; seat < 2; ++seat) {
    if (ArmySize(h.to_place[seat]) == 0) {
      out += fmt::format("{}'s setup is done\n", kSeatNames[seat]);
    } else if (seat != h.to_move) {
      out += fmt::format("{} sets up after {}\n", kSeatNames[seat], kSeatNames[1 - seat]);
    } else if (viewer != seat) {
      out += fmt::format("{} is setting up its army\n", kSeatNames[seat]);
    }
  }
  if (viewer == h.to_move) {
    out += fmt::format("{} is setting up ({} pieces left to place: {})\n", kSeatNames[h.to_move],
                       ArmySize(h.to_place[h.to_move]), RankString(h.to_place[h.to_move]));
    out += SetupPrompt(h.to_move);
  }
  return out;
}

// How the game ended, e.g. "Red wins (flag captured)", "Blue wins: Red resigned", "Draw agreed".
std::string StrategoState::EndingText() const {
  const Header& h = position_.h;
  if (!EndedOutsideTheRules(h.ending)) {
    return h.winner == kNone
               ? fmt::format("draw ({})", kEndings[h.ending])
               : fmt::format("{} wins ({})", kSeatNames[h.winner], kEndings[h.ending]);
  }
  const auto results = Results();
  const int winner = h.winner;
  const bool decided = winner != kNone && results[1 - winner] == engine::Outcome::kLoss;
  const bool drawn = results[0] == engine::Outcome::kDraw && results[1] == engine::Outcome::kDraw;
  if (decided) {
    const char* w = kSeatNames[winner];
    const char* l = kSeatNames[1 - winner];
    switch (h.ending) {
      case kResigned:
        return fmt::format("{} wins: {} resigned", w, l);
      case kTime:
        return fmt::format("{} wins: {} lost on time", w, l);
      case kAbandoned:
        return fmt::format("{} wins: {} left the game", w, l);
      default:
        return fmt::format("{} wins by agreement", w);
    }
  }
  if (drawn && h.ending == kAgreed) return "Draw agreed";
  if (drawn && h.ending == kTime) return "Draw: time ran out";
  if (results[0] == engine::Outcome::kLoss && results[1] == engine::Outcome::kLoss &&
      h.ending == kAbandoned) {
    return "both players left the game (both lose)";
  }
  return fmt::format("ended by {}: Red {}, Blue {}", kEndings[h.ending],
                     engine::OutcomeName(results[0]), engine::OutcomeName(results[1]));
}

char StrategoState::DefenderChar(engine::Seat viewer) const {
  const LastMove& last = position_.h.last;
  const bool shown =
      last.defender_shown || position_.h.phase == Phase::kOver || viewer == 1 - last.seat;
  return shown ? RankChar(last.defender) : '?';
}

Json StrategoState::ViewJson(engine::Seat viewer) const {
  const Header& h = position_.h;
  const bool over = h.phase == Phase::kOver;
  const bool setup = h.phase == Phase::kSetup;
  Json view;
  view["game"] = "stratego";
  view["phase"] = setup ? "setup" : (over ? "over" : "play");
  view["to_move"] = over ? Json(nullptr) : Json(h.to_move);
  Json board = Json::array();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq)) {
      board.push_back("lake");
    } else if (!OnViewersBoard(viewer, p)) {
      board.push_back(nullptr);
    } else {
      board.push_back(hidden_army::CellJson(ArmyPiece(p), ShownRank(viewer, p)));
    }
  }
  view["board"] = board;
  Json to_place = Json::array();
  Json lost = Json::array();
  Json setup_done = Json::array();
  for (int seat = 0; seat < 2; ++seat) {
    const bool mine = over || viewer == seat;
    // Rulings: another seat learns only whether a setup is done, not how far it has got.
    to_place.push_back({{"count", mine ? Json(ArmySize(h.to_place[seat])) : Json(nullptr)},
                        {"pieces", mine ? Json(RankString(h.to_place[seat])) : Json(nullptr)}});
    setup_done.push_back(ArmySize(h.to_place[seat]) == 0);
    // Silent Defense: players keep their own captured pieces, so the opponent sees only the
    // ranks it was shown, and how many others are gone.
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    lost.push_back(
        {{"pieces", RankString(seen)}, {"hidden", ArmySize(h.lost[seat]) - ArmySize(seen)}});
  }
  view["to_place"] = to_place;
  view["setup_done"] = setup_done;
  view["lost"] = lost;
  const std::string own_setup = OwnSetup(viewer);
  view["setup"] = own_setup.empty() ? Json(nullptr) : Json(own_setup);
  if (h.last.from == kNone) {
    view["last_move"] = nullptr;
  } else {
    Json combat = nullptr;
    if (h.last.attacker != kNone) {
      combat = {{"attacker", std::string(1, RankChar(h.last.attacker))},
                {"defender", std::string(1, DefenderChar(viewer))},
                {"result", kCombatResults[h.last.result]}};
    }
    Json rescue = nullptr;
    if (h.last.rescue_rank != kNone) {
      rescue = {{"rank", std::string(1, RankChar(h.last.rescue_rank))},
                {"square", SquareName(h.last.rescue_square)}};
    }
    view["last_move"] = {{"from", SquareName(h.last.from)},
                         {"to", SquareName(h.last.to)},
                         {"combat", combat},
                         {"scout_shown", h.last.scout_revealed != 0},
                         {"rescue", rescue}};
  }
  view["rescue_offered"] = h.rescue_pending != 0;
  // During the setup the count of actions would tell how far the other seat has got.
  view["plies"] = setup ? Json(nullptr) : Json(h.plies);
  view["play_plies"] = h.play_plies;
  view["quiet_plies"] = h.quiet_plies;
  if (over) {
    view["result"] = {{"winner", h.winner == kNone ? Json(nullptr) : Json(h.winner)},
                      {"ending", kEndings[h.ending]}};
  } else {
    view["result"] = nullptr;
  }
  return view;
}

std::vector<std::string> StrategoGame::TensorLayout() const {
  static const char* kSides[] = {"own (the viewer's; Red's for a spectator)", "the opponent's"};
  std::vector<std::string> layout;
  const auto per_rank = [&layout](const std::string& what) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      layout.push_back(fmt::vformat(what, fmt::make_format_args(RankName(rank))));
    }
  };
  for (const char* side : kSides) {
    per_rank(std::string(side) + " {} shown: 1 on each");
    layout.push_back(fmt::format("{} pieces of rank unknown to the viewer: 1 on each", side));
  }
  layout.push_back("pieces that have moved: 1 on each");
  layout.push_back("pieces whose rank their owner's opponent knows: 1 on each");
  layout.push_back("lakes: 1 on each");
  for (const char* phase : {"setup", "play", "over"}) {
    layout.push_back(fmt::format("phase {}: all 1", phase));
  }
  layout.push_back("own seat to move: all 1");
  layout.push_back("opponent to move: all 1");
  layout.push_back("the viewer is Blue: all 1");
  layout.push_back("own setup done: all 1");
  layout.push_back("opponent's setup done: all 1");
  per_rank("own {} left to place: the count");
  per_rank("opponent's {} left to place (only once over): the count");
  for (const char* side : {"own", "opponent's"}) {
    per_rank(std::string(side) + " lost {} the viewer has seen: the count");
    layout.push_back(fmt::format("{} other lost pieces: the count", side));
  }
  layout.push_back("last move's square of departure: 1");
  layout.push_back("last move's target square: 1");
  layout.push_back("the last move was an attack: all 1");
  per_rank("the attacker was a {}: all 1");
  per_rank("the defender was a {} (as the viewer knows): all 1");
  layout.push_back("the defender's rank is unknown to the viewer: all 1");
  for (const char* result : {"the attacker won", "the defender won", "both were removed"}) {
    layout.push_back(fmt::format("{}: all 1", result));
  }
  layout.push_back("the last move's long step showed a Scout: all 1");
  per_rank("the last move rescued a {}: all 1");
  layout.push_back("the square the piece was rescued onto: 1");
  layout.push_back("a rescue is offered: all 1");
  layout.push_back("plies played (0 during the setup): the count");
  layout.push_back("play_plies (engine cap): the count");
  layout.push_back("quiet_plies (no-capture cap): the count");
  layout.push_back("own seat won: all 1");
  layout.push_back("opponent won: all 1");
  for (int ending = 1; ending < static_cast<int>(std::size(kEndings)); ++ending) {
    layout.push_back(fmt::format("ending: {}: all 1", kEndings[ending]));
  }
  return layout;
}

// The information of ViewJson, plane by plane (stratego.h); every value computed as ViewJson
// computes it, for the same viewer.
void StrategoState::ViewTensor(engine::Seat viewer, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const Header& h = position_.h;
  const bool over = h.phase == Phase::kOver;
  const int me = viewer == 1 ? 1 : 0;
  const auto fill = [&out](int plane, float value) {
    std::fill(out.begin() + plane * kNumSquares, out.begin() + (plane + 1) * kNumSquares, value);
  };
  const auto at = [&out](int plane, int square) -> float& {
    return out[plane * kNumSquares + square];
  };
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (IsLake(sq)) at(kPlaneLakes, sq) = 1.0f;
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq) || !OnViewersBoard(viewer, p)) continue;
    const hidden_army::Piece piece = ArmyPiece(p);
    const char shown = ShownRank(viewer, p);
    const int base = kPlaneBoard + (piece.owner == me ? 0 : kNumRanks + 1);
    at(shown == '?' ? base + kNumRanks : base + RankFromChar(shown), sq) = 1.0f;
    if (piece.moved) at(kPlaneMoved, sq) = 1.0f;
    if (piece.known) at(kPlaneKnown, sq) = 1.0f;
  }
  fill(kPlanePhase + (h.phase == Phase::kSetup ? 0 : over ? 2 : 1), 1.0f);
  if (!over) fill(kPlaneToMove + (h.to_move == me ? 0 : 1), 1.0f);
  if (me == 1) fill(kPlaneViewerBlue, 1.0f);
  for (int side = 0; side < 2; ++side) {
    const int seat = side == 0 ? me : 1 - me;
    const bool mine = over || viewer == seat;  // as ViewJson's to_place and lost
    if (ArmySize(h.to_place[seat]) == 0) fill(kPlaneSetupDone + side, 1.0f);
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (mine) fill(kPlaneToPlace + kNumRanks * side + rank, h.to_place[seat][rank]);
      fill(kPlaneLost + (kNumRanks + 1) * side + rank, seen[rank]);
    }
    fill(kPlaneLost + (kNumRanks + 1) * side + kNumRanks,
         static_cast<float>(ArmySize(h.lost[seat]) - ArmySize(seen)));
  }
  const LastMove& last = h.last;
  if (last.from != kNone) {
    at(kPlaneLastFrom, last.from) = 1.0f;
    at(kPlaneLastTo, last.to) = 1.0f;
    if (last.attacker != kNone) {
      fill(kPlaneAttack, 1.0f);
      fill(kPlaneAttacker + last.attacker, 1.0f);
      const char defender = DefenderChar(viewer);
      fill(kPlaneDefender + (defender == '?' ? kNumRanks : RankFromChar(defender)), 1.0f);
      fill(kPlaneCombatResult + last.result, 1.0f);
    }
    if (last.scout_revealed) fill(kPlaneScoutShown, 1.0f);
    if (last.rescue_rank != kNone) {
      fill(kPlaneRescueRank + last.rescue_rank, 1.0f);
      at(kPlaneRescueSquare, last.rescue_square) = 1.0f;
    }
  }
  if (h.rescue_pending) fill(kPlaneRescueOffered, 1.0f);
  if (h.phase != Phase::kSetup) fill(kPlaneCounters, static_cast<float>(h.plies));
  fill(kPlaneCounters + 1, static_cast<float>(h.play_plies));
  fill(kPlaneCounters + 2, static_cast<float>(h.quiet_plies));
  if (!over) return;
  if (h.winner != kNone) fill(kPlaneWinner + (h.winner == me ? 0 : 1), 1.0f);
  fill(kPlaneEnding + h.ending - 1, 1.0f);
}

// The last move in words, as `viewer` may know it, e.g. "Last move: Blue Scout b7-b4 attacked Red
// Major at b4 and lost (both revealed)". A piece whose rank the viewer has not seen is "an unknown
// piece"; combat shows the attacker's rank always (rulings "Stratego").
std::string StrategoState::LastMoveText(engine::Seat viewer) const {
  const Header& h = position_.h;
  const LastMove& last = h.last;
  const char* mover = kSeatNames[last.seat];
  const char* other = kSeatNames[1 - last.seat];
  const std::string squares = fmt::format("{}-{}", SquareName(last.from), SquareName(last.to));
  std::string out;
  if (last.attacker == kNone) {
    const std::uint8_t p = position_.board[last.to];
    out = Sees(viewer, p)
              ? fmt::format("Last move: {} {} {}", mover, RankName(PieceRank(p)), squares)
              : fmt::format("Last move: {} moved an unknown piece {}", mover, squares);
    if (last.scout_revealed) out += " (its long move showed a Scout)";
  } else {
    const char defender = DefenderChar(viewer);
    const std::string target = defender == '?'
                                   ? fmt::format("an unknown {} piece", other)
                                   : fmt::format("{} {}", other, RankName(last.defender));
    out = fmt::format("Last move: {} {} {} attacked {} at {} and {} ({})", mover,
                      RankName(last.attacker), squares, target, SquareName(last.to),
                      last.result == 0   ? "won"
                      : last.result == 1 ? "lost"
                                         : "both were removed",
                      last.defender_shown ? "both revealed" : "only the attacker revealed");
  }
  if (last.rescue_rank != kNone) {
    out += fmt::format("; {} rescued its {} onto {}", mover, RankName(last.rescue_rank),
                       SquareName(last.rescue_square));
  }
  return out;
}

// Rank 10 on top; each square is three characters: "R9 " a red General, "B? " a blue piece of
// unseen rank, "R5'" a piece that has moved, "R5*" the viewer's own piece whose rank the opponent
// knows, " ~ " a lake, " . " empty (or a square the viewer may not see during the setup). Below:
// what each side lost, the legend, the last move, whose turn.
std::string StrategoState::ViewText(engine::Seat viewer, bool colour) const {
  const Header& h = position_.h;
  const bool over = h.phase == Phase::kOver;
  std::string out = hidden_army::BoardText(kFileLetters, [&](int sq) -> std::string {
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq)) return " ~ ";
    if (!OnViewersBoard(viewer, p)) return " . ";
    const bool marked = !over && viewer == PieceOwner(p) && (p & kRevealed);
    return hidden_army::CellText(ArmyPiece(p), ShownRank(viewer, p), colour, marked);
  });
  for (int seat = 0; seat < 2; ++seat) {
    const bool mine = viewer == seat || over;
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    const int hidden = ArmySize(h.lost[seat]) - ArmySize(seen);
    out += hidden_army::LostLine(seat, RankString(seen), hidden);
  }
  if (!over && (viewer == 0 || viewer == 1) && h.phase == Phase::kPlay) {
    out += "Marks: ' has moved, * your piece whose rank the opponent knows\n";
  }
  const std::string own_setup = OwnSetup(viewer);
  if (!own_setup.empty()) out += fmt::format("Your setup: {}\n", own_setup);
  if (h.last.from != kNone) out += LastMoveText(viewer) + "\n";
  if (over) {
    out += fmt::format("Game over: {}\n", EndingText());
  } else if (h.phase == Phase::kSetup) {
    out += SetupStatus(viewer);
  } else if (h.rescue_pending) {
    out += fmt::format("{} may rescue a captured piece (or: no rescue)\n", kSeatNames[h.to_move]);
  } else {
    out += fmt::format("{} to move (move {})\n", kSeatNames[h.to_move], h.play_plies + 1);
  }
  return out;
}

// --- Hidden information
// ------------------------------------------------------------------------------

// Rulings "Stratego": during the setup the other seat's pieces are secret, squares and number
// included, so they are drawn again: a whole uniformly random setup when it is complete; when it
// is in progress, a random number of pieces (none to all but one) taken at random from a random
// setup. The draw uses only what `seat` knows (whether the other's setup is done), so two states
// the seat cannot tell apart give the same sample.
std::unique_ptr<engine::State> StrategoState::SampleSecretSetup(int seat, Rng& rng) const {
  auto sampled = std::make_unique<StrategoState>(*this);
  Position& pos = sampled->position_;
  const int other = 1 - seat;
  const Army army = pos.FullArmy();
  const int size = ArmySize(army);
  const int left = ArmySize(position_.h.to_place[other]);
  // Whose setup is under way is known; how far it has got is not.
  const bool in_progress = position_.h.to_move == other;
  if (!in_progress && left != 0) return sampled;  // its setup comes later: nothing placed
  const int first = other == 0 ? 0 : 60;
  const std::string setup = RandomSetup(army, rng);
  int keep = size;
  if (in_progress) {
    keep = static_cast<int>(rng.Below(static_cast<std::uint32_t>(size)));
    pos.h.plies += keep - (size - left);
  }
  std::vector<int> filled;
  for (int i = 0; i < kSetupSquares; ++i) {
    pos.board[first + i] = 0;
    if (setup[i] != '.') filled.push_back(i);
  }
  for (std::size_t i = filled.size(); i > 1; --i) {
    std::swap(filled[i - 1], filled[rng.Below(static_cast<std::uint32_t>(i))]);
  }
  pos.h.to_place[other] = army;
  for (int k = 0; k < keep; ++k) {
    const int rank = RankFromChar(setup[filled[k]]);
    pos.board[first + filled[k]] = MakePiece(other, rank);
    --pos.h.to_place[other][rank];
  }
  return sampled;
}

// The opponent's ranks that `seat` has not seen are dealt again, uniformly, over the opponent's
// pieces of unseen rank (on the board, and with silent_defense among its removed pieces of unseen
// rank too), keeping what `seat` knows: a piece that has moved is no Bomb or Flag, a removed piece
// is no Flag, and a game still going on means the opponent, when to move, has a move (rejection
// keeps the draw uniform). The Flag is dealt first over the unmoved pieces, then the Bombs over the
// remaining unmoved and removed slots, then the rest: every step is uniform with the same number
// of completions, so the whole deal is. Deeper inferences from the history (a defender that won
// under silent_defense outranks the attacker, say) are not used (docs/rules/stratego.md).
std::unique_ptr<engine::State> StrategoState::SampleConsistentState(engine::Seat seat,
                                                                    Rng& rng) const {
  if (position_.h.phase == Phase::kSetup && (seat == 0 || seat == 1)) {
    return SampleSecretSetup(seat, rng);
  }
  auto sampled = std::make_unique<StrategoState>(*this);
  if (position_.h.phase == Phase::kOver || (seat != 0 && seat != 1)) return sampled;
  const int other = 1 - seat;
  const Header& h = position_.h;
  // Slots: squares (>= 0) or removed pieces (-1 - index).
  std::vector<int> unmoved, moved, flags, bombs, mobile;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = position_.board[sq];
    if (p == 0 || PieceOwner(p) != other || (p & kRevealed)) continue;
    ((p & kMoved) ? moved : unmoved).push_back(sq);
    const int rank = PieceRank(p);
    (rank == kFlag ? flags : rank == kBomb ? bombs : mobile).push_back(rank);
  }
  std::vector<int> removed;
  for (int rank = 0; rank < kNumRanks; ++rank) {
    for (int n = h.lost_known[other][rank]; n < h.lost[other][rank]; ++n) {
      removed.push_back(-1 - static_cast<int>(removed.size()));
      (rank == kBomb ? bombs : mobile).push_back(rank);
    }
  }
  // The ranks were gathered in their true order: sorted, two states the seat cannot tell apart
  // give the same sample for the same rng (a bot's choice must not depend on hidden ranks).
  std::sort(mobile.begin(), mobile.end());
  auto shuffle = [&rng](std::vector<int>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.Below(i)]);
  };
  Position& pos = sampled->position_;
  for (int attempt = 0; attempt < 100; ++attempt) {
    pos.h.lost[other] = h.lost_known[other];
    shuffle(unmoved);
    shuffle(mobile);
    std::vector<int> bomb_slots(unmoved.begin() + flags.size(), unmoved.end());
    bomb_slots.insert(bomb_slots.end(), removed.begin(), removed.end());
    shuffle(bomb_slots);
    std::vector<int> mobile_slots(bomb_slots.begin() + bombs.size(), bomb_slots.end());
    mobile_slots.insert(mobile_slots.end(), moved.begin(), moved.end());
    auto assign = [&pos, other](int slot, int rank) {
      if (slot < 0) {
        ++pos.h.lost[other][rank];
      } else {
        pos.board[slot] = static_cast<std::uint8_t>((pos.board[slot] & 0xf0) | rank);
      }
    };
    for (std::size_t i = 0; i < flags.size(); ++i) assign(unmoved[i], kFlag);
    for (std::size_t i = 0; i < bombs.size(); ++i) assign(bomb_slots[i], kBomb);
    for (std::size_t i = 0; i < mobile.size(); ++i) assign(mobile_slots[i], mobile[i]);
    if (pos.h.phase != Phase::kPlay || pos.h.to_move != other || pos.h.rescue_pending ||
        pos.HasAnyMove(other)) {
      return sampled;
    }
  }
  return std::make_unique<StrategoState>(*this);  // the true state is always consistent
}

}  // namespace quartel::stratego
