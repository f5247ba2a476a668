#include "games/stratego/stratego.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/hidden_army/hidden_army.h"
#include "games/stratego/setups.h"

namespace quartel::stratego {
namespace {

using hidden_army::kSeatNames;
constexpr const char* kEndings[] = {"",         "flag captured", "no move", "neither side can move",
                                    "move cap", "no-capture cap"};
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
  const std::vector<std::string> words = Split(ToLower(Trim(text)), ' ');
  if (words.size() == 2 && words[0] == "preset") return PresetSetup(words[1], seat);
  if (words.size() == 2 && words[0] == "random") {
    const auto seed = ParseInteger(words[1]);
    if (!seed) throw Error(fmt::format("'{}': random needs a number, e.g. random 7", Trim(text)));
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
  rules_.repetition =
      options.GetString("repetition") == "isf" ? Repetition::kIsf : Repetition::kSeed;
  rules_.seed_army = options.GetString("army") == "seed" ? 1 : 0;
  rules_.aggressor_advantage = options.GetBool("aggressor_advantage") ? 1 : 0;
  rules_.silent_defense = options.GetBool("silent_defense") ? 1 : 0;
  rules_.rescue = options.GetBool("rescue") ? 1 : 0;
  const Army army = rules_.seed_army ? SeedArmy() : ClassicArmy();
  // Option setup is both seats' setup (each reads the string from its own side); setup_red and
  // setup_blue override it per seat.
  const char* names[2] = {"setup_red", "setup_blue"};
  for (int seat = 0; seat < 2; ++seat) {
    const char* name = names[seat];
    if (options.GetString(name).empty()) name = "setup";
    const std::string& text = options.GetString(name);
    if (text.empty()) continue;
    try {
      setups_[seat] = ParseSetupString(ExpandSetupWords(text, seat, army), army);
    } catch (const Error& e) {
      throw Error(fmt::format("option {}: {}", name, e.what()));
    }
  }
}

std::string StrategoGame::SeatName(int seat) const {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Stratego has no seat {}", seat));
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> StrategoGame::NewInitialState() const {
  Position position = Position::Initial(rules_);
  for (int seat = 0; seat < 2; ++seat) {
    if (setups_[seat]) position.PlaceWholeSetup(seat, *setups_[seat]);
  }
  return std::make_unique<StrategoState>(*this, position);
}

std::unique_ptr<StrategoState> MakeState(const StrategoGame& game, const std::string& placement,
                                         int to_move) {
  return std::make_unique<StrategoState>(game,
                                         Position::FromText(placement, to_move, game.rules()));
}

void Register() {
  engine::GameInfo info;
  info.id = "stratego";
  info.display_name = "Stratego";
  info.summary = "Hidden armies on a 10 x 10 board with lakes: find and capture the enemy Flag";
  info.seat_counts = {2};
  info.has_chance = false;
  info.hidden_information = true;
  engine::OptionSpec army{"army",
                          engine::OptionType::kString,
                          "classic",
                          "classic: the 40-piece army; seed: the seed's 39-piece list",
                          0,
                          0,
                          {"classic", "seed"}};
  engine::OptionSpec repetition{
      "repetition",
      engine::OptionType::kString,
      "seed",
      "seed: the third move back and forth between two squares is illegal; isf: the fourth, "
      "and the ISF more-squares (chase) rule",
      0,
      0,
      {"seed", "isf"}};
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
  engine::OptionSpec setup{"setup",
                           engine::OptionType::kString,
                           "",
                           "both seats' whole setup, placed before the game: a 40-character setup "
                           "string read from each seat's own side (its back row first, files a..k; "
                           "rank characters F S 2-9 X B), or 'preset NAME', or 'random N'; "
                           "setup_red / setup_blue override it",
                           0,
                           0,
                           {}};
  engine::OptionSpec setup_red{"setup_red",
                               engine::OptionType::kString,
                               "",
                               "Red's whole setup as a 40-character setup string (a1..k1, a2..k2, "
                               "..., a4..k4; rank characters F S 2-9 X B), or 'preset NAME', or "
                               "'random N', placed before the game",
                               0,
                               0,
                               {}};
  engine::OptionSpec setup_blue{
      "setup_blue",
      engine::OptionType::kString,
      "",
      "Blue's whole setup as a 40-character setup string (a7..k7, ..., "
      "a10..k10), or 'preset NAME', or 'random N', placed before the game",
      0,
      0,
      {}};
  info.options = {aggressor, army,  max_plies,  quiet,     repetition,
                  rescue,    setup, setup_blue, setup_red, silent};
  info.rules_version = "stratego-1";
  info.rules_doc = "docs/rules/stratego.md";
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
  return position_.h.phase == Phase::kOver ? engine::TwoSeatResults(position_.h.winner)
                                           : std::vector<engine::Outcome>{};
}

std::vector<double> StrategoState::Returns() const {
  return position_.h.phase == Phase::kOver ? engine::TwoSeatReturns(position_.h.winner)
                                           : std::vector<double>{};
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

// A placement or rescue by another seat shows only its square: the rank is hidden (seed: the
// armies are set up unseen). Moves are public.
std::string StrategoState::ActionToStringFor(Action action, engine::Seat viewer) const {
  const bool own = viewer == CurrentSeat();
  if (!own && IsPlace(action)) return fmt::format("?:{}", SquareName(PlaceSquare(action)));
  if (!own && IsRescue(action)) {
    return fmt::format("rescue ?:{}", SquareName((action - kFirstRescue) % kNumSquares));
  }
  return ActionToString(action);
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
  const Army army = p.h.rules.seed_army ? SeedArmy() : ClassicArmy();
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

// During a setup, a 40-square setup string is the whole setup as one typed turn (see the header).
std::vector<Action> StrategoState::StringToTurn(std::string_view text) const {
  const std::string_view t = Trim(text);
  if (position_.h.phase == Phase::kSetup) {
    // "preset NAME" and "random N" (a seeded shuffle, so the same words give the same setup) are
    // typed whole setups too; the record keeps the resulting placements.
    const std::string expanded = ExpandSetupWords(
        t, position_.h.to_move, position_.h.rules.seed_army ? SeedArmy() : ClassicArmy());
    if (expanded != t) return ParseSetup(expanded);
  }
  if (position_.h.phase == Phase::kSetup && t.find(':') == std::string_view::npos &&
      t.size() >= static_cast<std::size_t>(kSetupSquares)) {
    return ParseSetup(t);
  }
  return {StringToAction(t)};
}

// --- Views
// ------------------------------------------------------------------------------------------

bool StrategoState::Sees(engine::Seat viewer, std::uint8_t p) const {
  return hidden_army::MaySee(viewer, ArmyPiece(p), position_.h.phase == Phase::kOver);
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

char StrategoState::ShownRank(engine::Seat viewer, std::uint8_t p) const {
  return hidden_army::ShownRank(viewer, ArmyPiece(p), position_.h.phase == Phase::kOver, RankChar);
}

// The presets are of the classic army, so army=seed offers only a typed or random setup.
std::string StrategoState::SetupPrompt(int seat) const {
  const Header& h = position_.h;
  std::string presets;
  if (!h.rules.seed_army) {
    for (const Preset& preset : Presets()) {
      presets += (presets.empty() ? "" : ", ") + std::string(preset.name);
    }
  }
  const Army army = h.rules.seed_army ? SeedArmy() : ClassicArmy();
  return hidden_army::SetupPrompt(kSetupSquares, presets, true, h.to_place[seat] != army,
                                  seat == 0 ? "F:a1" : "F:a10");
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
  Json view;
  view["game"] = "stratego";
  view["phase"] = h.phase == Phase::kSetup ? "setup" : (over ? "over" : "play");
  view["to_move"] = over ? Json(nullptr) : Json(h.to_move);
  Json board = Json::array();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq)) {
      board.push_back("lake");
    } else if (p == 0) {
      board.push_back(nullptr);
    } else {
      board.push_back(hidden_army::CellJson(ArmyPiece(p), ShownRank(viewer, p)));
    }
  }
  view["board"] = board;
  Json to_place = Json::array();
  Json lost = Json::array();
  for (int seat = 0; seat < 2; ++seat) {
    const bool mine = over || viewer == seat;
    to_place.push_back({{"count", ArmySize(h.to_place[seat])},
                        {"pieces", mine ? Json(RankString(h.to_place[seat])) : Json(nullptr)}});
    // Silent Defense: players keep their own captured pieces, so the opponent sees only the
    // ranks it was shown, and how many others are gone.
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    lost.push_back(
        {{"pieces", RankString(seen)}, {"hidden", ArmySize(h.lost[seat]) - ArmySize(seen)}});
  }
  view["to_place"] = to_place;
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
  view["plies"] = h.plies;
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

// Planes, from the perspective seat P (the viewer; Red for a spectator), O the other seat:
// 0-11 P's pieces whose rank the viewer sees, by rank code; 12 P's pieces of unseen rank;
// 13-24 O's seen pieces by rank; 25 O's unseen pieces; 26 pieces that have moved; 27 pieces whose
// rank the opponent knows; 28 lakes; 29 all ones during the setup; 30 all ones when P is to move.
void StrategoState::ViewTensor(engine::Seat viewer, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const int me = viewer == 1 ? 1 : 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (IsLake(sq)) out[28 * kNumSquares + sq] = 1.0f;
    const std::uint8_t p = position_.board[sq];
    if (p == 0) continue;
    const int base = PieceOwner(p) == me ? 0 : 13;
    const int plane = Sees(viewer, p) ? base + PieceRank(p) : base + 12;
    out[plane * kNumSquares + sq] = 1.0f;
    if (p & kMoved) out[26 * kNumSquares + sq] = 1.0f;
    if (p & kRevealed) out[27 * kNumSquares + sq] = 1.0f;
  }
  const Header& h = position_.h;
  if (h.phase == Phase::kSetup) {
    std::fill(out.begin() + 29 * kNumSquares, out.begin() + 30 * kNumSquares, 1.0f);
  }
  if (h.phase != Phase::kOver && h.to_move == me) {
    std::fill(out.begin() + 30 * kNumSquares, out.begin() + 31 * kNumSquares, 1.0f);
  }
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
// unseen rank, " ~ " a lake, " . " empty. Below: what each side lost, the last move, whose turn.
std::string StrategoState::ViewText(engine::Seat viewer, bool colour) const {
  const Header& h = position_.h;
  std::string out = hidden_army::BoardText(kFileLetters, [&](int sq) -> std::string {
    const std::uint8_t p = position_.board[sq];
    if (IsLake(sq)) return " ~ ";
    if (p == 0) return " . ";
    return hidden_army::CellText(ArmyPiece(p), ShownRank(viewer, p), colour);
  });
  for (int seat = 0; seat < 2; ++seat) {
    const bool mine = viewer == seat || h.phase == Phase::kOver;
    const Army& seen = mine ? h.lost[seat] : h.lost_known[seat];
    const int hidden = ArmySize(h.lost[seat]) - ArmySize(seen);
    out += hidden_army::LostLine(seat, RankString(seen), hidden);
  }
  const std::string own_setup = OwnSetup(viewer);
  if (!own_setup.empty()) out += fmt::format("Your setup: {}\n", own_setup);
  if (h.last.from != kNone) out += LastMoveText(viewer) + "\n";
  if (h.phase == Phase::kOver) {
    out += h.winner == kNone
               ? fmt::format("Game over: draw ({})\n", kEndings[h.ending])
               : fmt::format("Game over: {} wins ({})\n", kSeatNames[h.winner], kEndings[h.ending]);
  } else if (h.phase == Phase::kSetup) {
    out += fmt::format("{} is setting up ({} pieces left to place", kSeatNames[h.to_move],
                       ArmySize(h.to_place[h.to_move]));
    if (viewer == h.to_move) out += ": " + RankString(h.to_place[h.to_move]);
    out += ")\n";
    if (viewer == h.to_move) out += SetupPrompt(h.to_move);
  } else if (h.rescue_pending) {
    out += fmt::format("{} may rescue a captured piece (or: no rescue)\n", kSeatNames[h.to_move]);
  } else {
    out += fmt::format("{} to move (move {})\n", kSeatNames[h.to_move], h.play_plies + 1);
  }
  return out;
}

// --- Hidden information
// ------------------------------------------------------------------------------

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
