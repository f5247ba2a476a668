#include "games/espionage/espionage.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "core/error.h"
#include "core/text.h"
#include "games/espionage/setups.h"
#include "games/hidden_army/hidden_army.h"

namespace quartel::espionage {
namespace {

using hidden_army::kSeatNames;
// Position::ending: 1-3 by the rules, 4-5 engine caps, then the endings outside the rules
// (State::EndGame), in engine::EndReason's order and with its names.
constexpr const char* kEndings[] = {"",
                                    "headquarters captured",
                                    "no move",
                                    "draw claimed",
                                    "move cap",
                                    "no-capture cap",
                                    "resignation",
                                    "time",
                                    "abandoned",
                                    "agreement"};
constexpr int kFirstOutsideEnding = 6;
constexpr const char* kRemoved[] = {"none", "attacker", "defender"};
constexpr const char kRankChars[] = "H12345SPM";
constexpr int kDr[4] = {1, 0, -1, 0};
constexpr int kDf[4] = {0, 1, 0, -1};

int Owner(CellBits cell) { return (cell & kOwnerBit) ? 1 : 0; }
int RankOf(CellBits cell) { return cell & 0x0f; }
bool IsPiece(CellBits cell) { return (cell & kOccupied) != 0; }
CellBits MakeCell(int owner, int rank) {
  return static_cast<CellBits>(kOccupied | (owner ? kOwnerBit : 0) | rank);
}
// The cell (espionage.h) as the shared hidden-army grid shows it to `viewer`: its rank counts as
// known when combat showed it to both seats or, to the spying side only, when an enemy Spy
// recognised it. The owner is not told of a recognition while the game goes on: that would tell
// it that an adjacent enemy piece is a Spy (rulings "Espionage"); once it is `over`, everyone is.
hidden_army::Piece ArmyPiece(CellBits cell, int viewer, bool over) {
  const int owner = Owner(cell);
  const bool known =
      (cell & kKnownBit) || ((cell & kRecognisedBit) && (over || viewer == 1 - owner));
  return {owner, RankOf(cell), (cell & kMovedBit) != 0, known};
}
bool Mobile(int rank) { return rank != kHq && rank != kMine; }
int Step(int sq, int dir) {
  const int r = sq / kSize + kDr[dir], f = sq % kSize + kDf[dir];
  return (r < 0 || r >= kSize || f < 0 || f >= kSize) ? kNone : r * kSize + f;
}
bool IsHome(int seat, int sq) { return seat == 0 ? sq < kHomeSquares : sq >= 70; }
bool IsNeutral(int sq) { return sq >= 30 && sq < 70; }
int ArmySize(const Army& army) {
  int n = 0;
  for (int c : army) n += c;
  return n;
}
std::string RankString(const Army& army) {
  std::string out;
  for (int rank = 0; rank < kNumRanks; ++rank) out.append(army[rank], RankChar(rank));
  return out;
}

}  // namespace

Army FullArmy() { return {1, 5, 4, 3, 2, 2, 5, 4, 4}; }
char RankChar(int rank) { return rank >= 0 && rank < kNumRanks ? kRankChars[rank] : '?'; }
int RankFromChar(char c) {
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (kRankChars[rank] == u) return rank;
  }
  return kNone;
}
std::string RankName(int rank) {
  static const char* kNames[] = {"Headquarters", "Corporal", "Second Lieutenant",
                                 "Captain",      "Colonel",  "General",
                                 "Spy",          "Sapper",   "Mine"};
  return rank >= 0 && rank < kNumRanks ? kNames[rank] : "?";
}
std::string SquareName(int sq) {
  return fmt::format("{}{}", static_cast<char>('a' + sq % kSize), sq / kSize + 1);
}
int ParseSquare(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return kNone;
  const int file = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  const auto row = ParseInteger(text.substr(1));
  if (file < 0 || file >= kSize || !row || *row < 1 || *row > kSize) return kNone;
  return static_cast<int>((*row - 1) * kSize + file);
}

// Rulings "Espionage", combat: the attacker of equal or higher rank wins, a weaker one dies;
// soldiers also beat Spies and Sappers; a Sapper attacking a General wins (a General attacking a
// Sapper wins too); a Spy captures only Spies and Sappers; a Sapper captures Sappers, Spies and,
// attacking, Generals; a non-Sapper entering a Mine dies (the Mine stays), a Sapper removes it;
// any piece captures the Headquarters. Mines and the Headquarters never attack.
Combat Resolve(int attacker, int defender) {
  const auto win = [](bool w) { return w ? Combat::kAttackerWins : Combat::kDefenderWins; };
  if (attacker == kHq || attacker == kMine || attacker < 0 || attacker >= kNumRanks) {
    throw Error(fmt::format("a {} cannot attack", RankName(attacker)));
  }
  if (defender == kHq) return Combat::kAttackerWins;
  if (defender == kMine) return win(attacker == kSapper);
  const bool soldier_defends = defender >= 1 && defender <= kGeneral;
  if (attacker >= 1 && attacker <= kGeneral) return win(!soldier_defends || attacker >= defender);
  if (attacker == kSpy) return win(defender == kSpy || defender == kSapper);
  return win(defender == kSapper || defender == kSpy || defender == kGeneral);  // a Sapper
}

// --- Game
// -------------------------------------------------------------------------------------------

EspionageGame::EspionageGame(const engine::GameOptions& options)
    : engine::Game(engine::FindGame("espionage"), options) {
  rules_.volcanoes = static_cast<int>(options.GetInt("volcanoes"));
  rules_.moves_per_turn = static_cast<int>(options.GetInt("moves_per_turn"));
  rules_.reveal_on_combat = options.GetBool("reveal_on_combat");
  rules_.no_capture_draw = static_cast<int>(options.GetInt("no_capture_draw"));
  rules_.max_plies = static_cast<int>(options.GetInt("max_plies"));
  rules_.max_plies_without_capture = static_cast<int>(options.GetInt("max_plies_without_capture"));
}

std::string EspionageGame::SeatName(int seat) const {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Espionage has no seat {}", seat));
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> EspionageGame::NewInitialState() const {
  Position p;
  p.rules = rules_;
  p.back.fill(kNone);
  p.to_place = {FullArmy(), FullArmy()};
  p.volcanoes_left = rules_.volcanoes;
  p.phase = rules_.volcanoes > 0 ? Phase::kVolcanoes : Phase::kSetup;
  return std::make_unique<EspionageState>(*this, p);
}

std::unique_ptr<EspionageState> MakeState(const EspionageGame& game,
                                          const std::vector<std::string>& rows, int to_move) {
  Position p;
  p.rules = game.rules();
  p.back.fill(kNone);
  p.phase = Phase::kPlay;
  p.to_move = to_move;
  if (rows.size() != kSize) throw Error("MakeState needs 10 rows");
  std::array<Army, 2> left = {FullArmy(), FullArmy()};
  for (int i = 0; i < kSize; ++i) {
    if (rows[i].size() != 2 * kSize)
      throw Error(fmt::format("MakeState: row {} is not 20 wide", i));
    for (int f = 0; f < kSize; ++f) {
      const int sq = (kSize - 1 - i) * kSize + f;
      const char a = rows[i][2 * f], b = rows[i][2 * f + 1];
      if (a == '~') {
        p.board[sq] = kVolcano;
      } else if (a == 'R' || a == 'B') {
        const int owner = a == 'R' ? 0 : 1, rank = RankFromChar(b);
        if (rank == kNone || --left[owner][rank] < 0) {
          throw Error(fmt::format("MakeState: bad piece {}{}", a, b));
        }
        p.board[sq] = MakeCell(owner, rank);
      }
    }
  }
  // The missing pieces were removed; those that can move had moved (a Mine never does, and the
  // sampler relies on it).
  for (int seat = 0; seat < 2; ++seat) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      for (int n = 0; n < left[seat][rank]; ++n) {
        p.removed[p.num_removed++] =
            static_cast<CellBits>(MakeCell(seat, rank) | (Mobile(rank) ? kMovedBit : 0));
      }
    }
  }
  return std::make_unique<EspionageState>(game, p);
}

void Register() {
  engine::GameInfo info;
  info.id = "espionage";
  info.display_name = "Espionage";
  info.summary = "Hidden armies, two moves a turn, Spies that see: capture the Headquarters";
  info.seat_counts = {2};
  info.has_chance = true;
  info.hidden_information = true;
  engine::OptionSpec volcanoes{"volcanoes", engine::OptionType::kInt,
                               "4",         "volcanoes placed by lot on the four neutral rows",
                               0,           8,
                               {}};
  engine::OptionSpec moves{"moves_per_turn",
                           engine::OptionType::kInt,
                           "2",
                           "moves in a turn, each with a different piece",
                           1,
                           2,
                           {}};
  engine::OptionSpec reveal{"reveal_on_combat",
                            engine::OptionType::kBool,
                            "false",
                            "combat shows both ranks to both players",
                            0,
                            0,
                            {}};
  engine::OptionSpec draw{"no_capture_draw",
                          engine::OptionType::kInt,
                          "50",
                          "turns without a removed piece after which either player may claim a "
                          "draw (0: never)",
                          0,
                          1000,
                          {}};
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
                           "moves without a removed piece",
                           10,
                           100000,
                           {}};
  info.options = {max_plies, quiet, moves, draw, reveal, volcanoes};
  info.rules_version = "espionage-1";
  info.rules_doc = "docs/rules/espionage.md";
  info.notation_help =
      "a3-a4        move a piece one square: north, east, south or west\n"
      "a3xa4        the same, onto an enemy piece (an attack)\n"
      "a3-a4 b3-b4  a whole turn: two moves with two different pieces\n"
      "H:a1         while setting up, place one piece (H 1 2 3 4 5 S P M) on a home square\n"
      "MHMMM12345 SSSSSPPPP1 1112223345\n"
      "             your whole setup at once: 30 rank characters, Red from a1 (a1..j1, a2..j2,\n"
      "             a3..j3), Blue from a8 (a8..j8, a9..j9, a10..j10); spaces and / are ignored\n"
      "random 7     a whole setup drawn at random, Headquarters guarded by Mines (the same\n"
      "             number gives the same setup)\n"
      "claim draw   at the start of your turn, after no_capture_draw turns (default 50)\n"
      "             without a removed piece: the game is drawn\n";
  // A seat's whole setup is one turn of 30 placements: perft counts single actions.
  info.perft_counts_turns = false;
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const EspionageGame>(options);
  });
}

// --- State basics
// -----------------------------------------------------------------------------------

EspionageState::EspionageState(const EspionageGame& game, const Position& position)
    : engine::State(game), p_(position) {}

engine::Seat EspionageState::CurrentSeat() const {
  switch (p_.phase) {
    case Phase::kVolcanoes:
    case Phase::kLot:
      return engine::kChanceSeat;
    case Phase::kOver:
      return engine::kTerminalSeat;
    default:
      return p_.to_move;
  }
}

// A turn is two moves in play, and a seat's whole setup (its first placement to its last).
bool EspionageState::MidTurn() const {
  return (p_.phase == Phase::kPlay && p_.moves_done > 0) ||
         (p_.phase == Phase::kSetup && p_.to_place[p_.to_move] != FullArmy());
}

std::unique_ptr<engine::State> EspionageState::Clone() const {
  return std::make_unique<EspionageState>(*this);
}
void EspionageState::CopyFrom(const engine::State& other) {
  p_ = static_cast<const EspionageState&>(other).p_;
}
bool EspionageState::Equals(const engine::State& other) const {
  const auto* that = dynamic_cast<const EspionageState*>(&other);
  return that != nullptr && that->game().id() == game().id() && that->p_ == p_;
}

std::vector<engine::Outcome> EspionageState::Results() const {
  if (p_.phase != Phase::kOver) return {};
  if (p_.ending >= kFirstOutsideEnding) return {p_.outcomes.begin(), p_.outcomes.end()};
  return engine::TwoSeatResults(p_.winner);
}

// Outside the rules any pair of results may be given (both lose an abandoned game, say): each
// seat scores +1 / 0 / -1 for a win / draw / loss, less the mean, so that the two sum to zero.
std::vector<double> EspionageState::Returns() const {
  if (p_.phase != Phase::kOver) return {};
  if (p_.ending < kFirstOutsideEnding) return engine::TwoSeatReturns(p_.winner);
  std::vector<double> returns;
  for (engine::Outcome outcome : p_.outcomes) {
    returns.push_back(outcome == engine::Outcome::kWin    ? 1.0
                      : outcome == engine::Outcome::kLoss ? -1.0
                                                          : 0.0);
  }
  const double mean = (returns[0] + returns[1]) / 2;
  for (double& r : returns) r -= mean;
  return returns;
}

// A resignation, a loss on time, an abandoned game or a draw agreed (rulings "Espionage": draw by
// agreement): the game is over with `results`, and so every view shows everything.
bool EspionageState::EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) {
  if (p_.phase == Phase::kOver) throw Error("the game is already over");
  if (results.size() != 2) {
    throw Error(fmt::format("an Espionage ending needs 2 results, not {}", results.size()));
  }
  p_.phase = Phase::kOver;
  p_.ending = kFirstOutsideEnding + static_cast<int>(reason);
  p_.outcomes = {results[0], results[1]};
  p_.winner = kNone;
  for (int seat = 0; seat < 2; ++seat) {
    if (results[seat] == engine::Outcome::kWin && results[1 - seat] == engine::Outcome::kLoss) {
      p_.winner = seat;
    }
  }
  return true;
}

// --- Legal actions
// ----------------------------------------------------------------------------------

// One orthogonal step of a mobile piece onto an empty square or an enemy piece; not the piece
// that already moved this turn (two different pieces); not back onto the square the piece left on
// its previous move (no-return rule; it applies to attacks too).
void EspionageState::Moves(int seat, std::vector<Action>& out) const {
  for (int from = 0; from < kNumSquares; ++from) {
    const CellBits c = p_.board[from];
    if (!IsPiece(c) || Owner(c) != seat || !Mobile(RankOf(c)) || from == p_.first_piece) continue;
    for (int dir = 0; dir < 4; ++dir) {
      const int to = Step(from, dir);
      if (to == kNone || to == p_.back[from]) continue;
      const CellBits t = p_.board[to];
      if (t == kVolcano || (IsPiece(t) && Owner(t) == seat)) continue;
      out.push_back(kFirstMove + from * 4 + dir);
    }
  }
}

// The same test as Moves() without building the list (called after every move).
bool EspionageState::HasMove(int seat) const {
  for (int from = 0; from < kNumSquares; ++from) {
    const CellBits c = p_.board[from];
    if (!IsPiece(c) || Owner(c) != seat || !Mobile(RankOf(c)) || from == p_.first_piece) continue;
    for (int dir = 0; dir < 4; ++dir) {
      const int to = Step(from, dir);
      if (to == kNone || to == p_.back[from]) continue;
      const CellBits t = p_.board[to];
      if (t != kVolcano && !(IsPiece(t) && Owner(t) == seat)) return true;
    }
  }
  return false;
}

void EspionageState::LegalActions(std::vector<Action>& out) const {
  out.clear();
  switch (p_.phase) {
    case Phase::kVolcanoes:
      for (int sq = 30; sq < 70; ++sq) {
        if (p_.board[sq] == 0) out.push_back(sq);
      }
      return;
    case Phase::kLot:
      out = {kFirstLot, kFirstLot + 1};
      return;
    case Phase::kSetup: {
      const int seat = p_.to_move;
      for (int rank = 0; rank < kNumRanks; ++rank) {
        if (p_.to_place[seat][rank] == 0) continue;
        for (int sq = 0; sq < kNumSquares; ++sq) {
          if (IsHome(seat, sq) && p_.board[sq] == 0) out.push_back(kFirstPlace + rank * 100 + sq);
        }
      }
      return;
    }
    case Phase::kPlay:
      Moves(p_.to_move, out);
      if (p_.moves_done == 0 && p_.rules.no_capture_draw > 0 &&
          p_.quiet_turns >= p_.rules.no_capture_draw) {
        out.push_back(kClaimDraw);
      }
      return;
    case Phase::kOver:
      return;
  }
}

std::vector<engine::ChanceOutcome> EspionageState::ChanceOutcomes() const {
  std::vector<engine::ChanceOutcome> outcomes;
  if (!IsChanceNode()) return outcomes;
  std::vector<Action> actions;
  LegalActions(actions);
  for (Action a : actions) outcomes.push_back({a, 1.0 / static_cast<double>(actions.size())});
  return outcomes;
}

std::string EspionageState::WhyIllegal(Action action) const {
  if (action < 0 || action >= kNumActions) return fmt::format("action {} is out of range", action);
  if (p_.phase == Phase::kOver) return "the game is over";
  std::vector<Action> legal;
  LegalActions(legal);
  if (std::binary_search(legal.begin(), legal.end(), action)) return "";
  switch (p_.phase) {
    case Phase::kVolcanoes:
      return action < kNumSquares && IsNeutral(action)
                 ? fmt::format("{} already holds a volcano", SquareName(action))
                 : "a volcano goes on a free square of the four neutral rows";
    case Phase::kLot:
      return "the first player is being drawn by lot";
    case Phase::kSetup: {
      if (action < kFirstPlace || action >= kFirstMove) return "the armies are being set up";
      const int rank = (action - kFirstPlace) / 100, sq = (action - kFirstPlace) % 100;
      if (!IsHome(p_.to_move, sq)) {
        return fmt::format("{} is not in {}'s three home rows", SquareName(sq),
                           kSeatNames[p_.to_move]);
      }
      if (p_.board[sq] != 0) return fmt::format("{} is occupied", SquareName(sq));
      return fmt::format("{} has no {} left to place", kSeatNames[p_.to_move], RankName(rank));
    }
    default:
      break;
  }
  if (action == kClaimDraw) {
    return p_.moves_done > 0 ? "a draw is claimed at the start of a turn"
                             : fmt::format("a draw may be claimed after {} turns without a capture",
                                           p_.rules.no_capture_draw);
  }
  if (action < kFirstMove) return "the game is in its play phase: move a piece";
  const int from = (action - kFirstMove) / 4, dir = (action - kFirstMove) % 4;
  const CellBits c = p_.board[from];
  if (!IsPiece(c) || Owner(c) != p_.to_move) {
    return fmt::format("{} holds no piece of {}", SquareName(from), kSeatNames[p_.to_move]);
  }
  if (!Mobile(RankOf(c))) return fmt::format("the piece on {} cannot move", SquareName(from));
  if (from == p_.first_piece) return "the second move of a turn must use a different piece";
  const int to = Step(from, dir);
  if (to == kNone) return fmt::format("that move from {} leaves the board", SquareName(from));
  if (p_.board[to] == kVolcano) return fmt::format("{} is a volcano", SquareName(to));
  if (to == p_.back[from]) {
    return fmt::format("no return: the piece on {} just left {}", SquareName(from), SquareName(to));
  }
  return fmt::format("{} holds a piece of {}", SquareName(to), kSeatNames[p_.to_move]);
}

// --- Applying
// ---------------------------------------------------------------------------------------

void EspionageState::EndTurn() {
  p_.quiet_turns = p_.removal_this_turn ? 0 : p_.quiet_turns + 1;
  p_.removal_this_turn = false;
  p_.moves_done = 0;
  p_.first_piece = kNone;
  p_.to_move = 1 - p_.to_move;
  if (p_.play_plies >= p_.rules.max_plies) {
    p_.phase = Phase::kOver;
    p_.ending = 4;
  } else if (p_.quiet_plies >= p_.rules.max_plies_without_capture) {
    p_.phase = Phase::kOver;
    p_.ending = 5;
  } else if (!HasMove(p_.to_move)) {  // rulings: a player with no legal move loses
    p_.phase = Phase::kOver;
    p_.winner = 1 - p_.to_move;
    p_.ending = 2;
  }
}

// What UndoAction needs (in engine::UndoInfo's 64 bytes): every scalar an action may change, the
// two cells and no-return marks of a move's squares, and which neighbours a Spy's arrival showed.
// Counters that only grow (plies, num_removed, the armies to place) are stepped back instead.
struct UndoData {
  std::int32_t play_plies, quiet_plies, quiet_turns;
  std::int8_t to_move, moves_done, first_piece, last_from, last_to, last_removed, winner, ending;
  Phase phase;
  std::uint8_t removal_this_turn, num_removed;
  CellBits cell_from, cell_to;     // a move's two cells before it
  std::int8_t back_from, back_to;  // and their no-return marks
  std::uint8_t shown;              // bit k: the k-th of the 8 neighbours of `to` became recognised
};
static_assert(sizeof(UndoData) <= sizeof(engine::UndoInfo));
static_assert(std::is_trivially_copyable_v<UndoData>);

namespace {

UndoData SaveUndo(const Position& p, Action action) {
  UndoData u{};
  u.play_plies = p.play_plies;
  u.quiet_plies = p.quiet_plies;
  u.quiet_turns = p.quiet_turns;
  u.to_move = static_cast<std::int8_t>(p.to_move);
  u.moves_done = static_cast<std::int8_t>(p.moves_done);
  u.first_piece = static_cast<std::int8_t>(p.first_piece);
  u.last_from = static_cast<std::int8_t>(p.last_from);
  u.last_to = static_cast<std::int8_t>(p.last_to);
  u.last_removed = static_cast<std::int8_t>(p.last_removed);
  u.winner = static_cast<std::int8_t>(p.winner);
  u.ending = static_cast<std::int8_t>(p.ending);
  u.phase = p.phase;
  u.removal_this_turn = p.removal_this_turn;
  u.num_removed = static_cast<std::uint8_t>(p.num_removed);
  if (p.phase == Phase::kPlay && action >= kFirstMove && action < kClaimDraw) {
    const int from = (action - kFirstMove) / 4, to = Step(from, (action - kFirstMove) % 4);
    u.cell_from = p.board[from];
    u.cell_to = p.board[to];
    u.back_from = p.back[from];
    u.back_to = p.back[to];
  }
  return u;
}

}  // namespace

void EspionageState::UndoAction(Action action, const engine::UndoInfo& undo) {
  UndoData u;
  std::memcpy(static_cast<void*>(&u), undo.words.data(), sizeof(u));
  --p_.plies;
  switch (u.phase) {
    case Phase::kVolcanoes:
      p_.board[action] = 0;
      ++p_.volcanoes_left;
      break;
    case Phase::kSetup: {
      const int rank = (action - kFirstPlace) / 100, sq = (action - kFirstPlace) % 100;
      p_.board[sq] = 0;
      ++p_.to_place[u.to_move][rank];
      break;
    }
    case Phase::kPlay:
      if (action == kClaimDraw) break;
      {
        const int from = (action - kFirstMove) / 4, to = Step(from, (action - kFirstMove) % 4);
        const int r = to / kSize, f = to % kSize;
        int k = 0;
        for (int dr = -1; dr <= 1; ++dr) {
          for (int df = -1; df <= 1; ++df) {
            if (dr == 0 && df == 0) continue;
            if ((u.shown >> k++) & 1) p_.board[(r + dr) * kSize + f + df] &= ~kRecognisedBit;
          }
        }
        p_.board[from] = u.cell_from;
        p_.board[to] = u.cell_to;
        p_.back[from] = u.back_from;
        p_.back[to] = u.back_to;
        while (p_.num_removed > u.num_removed) p_.removed[--p_.num_removed] = 0;
      }
      break;
    case Phase::kLot:
    case Phase::kOver:
      break;
  }
  p_.play_plies = u.play_plies;
  p_.quiet_plies = u.quiet_plies;
  p_.quiet_turns = u.quiet_turns;
  p_.to_move = u.to_move;
  p_.moves_done = u.moves_done;
  p_.first_piece = u.first_piece;
  p_.last_from = u.last_from;
  p_.last_to = u.last_to;
  p_.last_removed = u.last_removed;
  p_.winner = u.winner;
  p_.ending = u.ending;
  p_.phase = u.phase;
  p_.removal_this_turn = u.removal_this_turn != 0;
}

void EspionageState::DoApply(Action action, engine::UndoInfo* undo) {
  UndoData u{};
  if (undo != nullptr) {
    u = SaveUndo(p_, action);
    std::memcpy(undo->words.data(), &u, sizeof(u));
  }
  ++p_.plies;
  switch (p_.phase) {
    case Phase::kVolcanoes:
      p_.board[action] = kVolcano;
      if (--p_.volcanoes_left == 0) p_.phase = Phase::kSetup;
      return;
    case Phase::kLot:
      p_.to_move = action - kFirstLot;
      p_.phase = Phase::kPlay;
      if (!HasMove(p_.to_move)) {
        p_.phase = Phase::kOver;
        p_.winner = 1 - p_.to_move;
        p_.ending = 2;
      }
      return;
    case Phase::kSetup: {
      const int rank = (action - kFirstPlace) / 100, sq = (action - kFirstPlace) % 100;
      p_.board[sq] = MakeCell(p_.to_move, rank);
      --p_.to_place[p_.to_move][rank];
      if (ArmySize(p_.to_place[p_.to_move]) == 0) {
        if (p_.to_move == 0) {
          p_.to_move = 1;
        } else {
          p_.to_move = 0;
          p_.phase = Phase::kLot;
        }
      }
      return;
    }
    case Phase::kOver:
      return;
    case Phase::kPlay:
      break;
  }
  if (action == kClaimDraw) {
    p_.phase = Phase::kOver;
    p_.winner = kNone;
    p_.ending = 3;
    return;
  }
  const int seat = p_.to_move;
  const int from = (action - kFirstMove) / 4, to = Step(from, (action - kFirstMove) % 4);
  ++p_.play_plies;
  ++p_.quiet_plies;
  ++p_.moves_done;
  p_.last_from = from;
  p_.last_to = to;
  p_.last_removed = 0;
  CellBits mover = static_cast<CellBits>(p_.board[from] | kMovedBit);
  const CellBits target = p_.board[to];
  p_.board[from] = 0;
  p_.back[from] = kNone;
  bool arrived = true;
  bool hq_taken = false;
  if (IsPiece(target)) {
    p_.removal_this_turn = true;
    p_.quiet_plies = 0;
    CellBits t = target;
    if (p_.rules.reveal_on_combat) {
      mover |= kKnownBit;
      t |= kKnownBit;
    }
    if (Resolve(RankOf(mover), RankOf(target)) == Combat::kAttackerWins) {
      p_.removed[p_.num_removed++] = t;
      p_.last_removed = 2;
      hq_taken = RankOf(target) == kHq;
    } else {
      p_.removed[p_.num_removed++] = mover;
      p_.board[to] = t;
      p_.last_removed = 1;
      arrived = false;
    }
  }
  if (arrived) {
    p_.board[to] = mover;
    p_.back[to] = static_cast<std::int8_t>(from);
    // Spy recognition (rulings): a Spy shows every enemy piece on the 8 squares around it when it
    // moves next to them or they move next to it; the reveal is permanent and seen by the spying
    // side only (kRecognisedBit).
    // Neighbour k (0..7, row by row, the centre skipped) is bit k of UndoData::shown.
    const int r = to / kSize, f = to % kSize;
    int k = -1;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int df = -1; df <= 1; ++df) {
        if (dr == 0 && df == 0) continue;
        ++k;
        if (r + dr < 0 || r + dr >= kSize || f + df < 0 || f + df >= kSize) continue;
        const int n = (r + dr) * kSize + f + df;
        CellBits& c = p_.board[n];
        if (!IsPiece(c) || Owner(c) == seat) continue;
        if (RankOf(mover) == kSpy && !(c & kRecognisedBit)) {
          c |= kRecognisedBit;
          u.shown |= static_cast<std::uint8_t>(1 << k);
        }
        if (RankOf(c) == kSpy) p_.board[to] |= kRecognisedBit;
      }
    }
    if (undo != nullptr && u.shown != 0) std::memcpy(undo->words.data(), &u, sizeof(u));
  }
  p_.first_piece = arrived ? to : kNone;
  if (hq_taken) {
    p_.phase = Phase::kOver;
    p_.winner = seat;
    p_.ending = 1;
    return;
  }
  // The turn goes on when a second move is due and another piece can make it.
  if (p_.moves_done < p_.rules.moves_per_turn && p_.play_plies < p_.rules.max_plies &&
      p_.quiet_plies < p_.rules.max_plies_without_capture && HasMove(seat)) {
    return;
  }
  EndTurn();
}

// --- Notation
// -----------------------------------------------------------------------------------------

std::string EspionageState::ActionToString(Action action) const {
  if (action < 0 || action >= kNumActions) return fmt::format("action {} (out of range)", action);
  if (action < kNumSquares) return "volcano " + SquareName(action);
  if (action < kFirstPlace) {
    return action - kFirstLot < 2 ? fmt::format("{} first", kSeatNames[action - kFirstLot])
                                  : fmt::format("action {} (unused)", action);
  }
  if (action < kFirstMove) {
    const int rank = (action - kFirstPlace) / 100, sq = (action - kFirstPlace) % 100;
    return fmt::format("{}:{}", RankChar(rank), SquareName(sq));
  }
  if (action == kClaimDraw) return "claim draw";
  const int from = (action - kFirstMove) / 4, to = Step(from, (action - kFirstMove) % 4);
  if (to == kNone) return fmt::format("move from {} off the board", SquareName(from));
  const CellBits a = p_.board[from], t = p_.board[to];
  const bool attack = IsPiece(a) && IsPiece(t) && Owner(a) != Owner(t);
  return fmt::format("{}{}{}", SquareName(from), attack ? 'x' : '-', SquareName(to));
}

// Another seat's placement shows neither its rank nor its square (setups are secret).
std::string EspionageState::ActionToStringFor(Action action, engine::Seat viewer) const {
  if (p_.phase == Phase::kSetup && viewer != p_.to_move && action >= kFirstPlace &&
      action < kFirstMove) {
    return "a hidden placement";
  }
  return ActionToString(action);
}

// A setup is one turn: told in one line, to the seat setting up as its setup string, to anyone
// else only as in progress or done (setups are secret until both are complete).
std::string EspionageState::DescribeTurn(std::span<const Action> actions,
                                         engine::Seat viewer) const {
  if (p_.phase != Phase::kSetup || actions.empty()) {
    return engine::State::DescribeTurn(actions, viewer);
  }
  const int seat = p_.to_move;
  EspionageState after(*this);
  for (Action action : actions) after.DoApplyAction(action, nullptr);
  const bool done = ArmySize(after.p_.to_place[seat]) == 0;
  if (viewer != seat) return done ? "set up its army" : "is setting up its army";
  if (!done) return engine::State::DescribeTurn(actions, viewer);
  std::string setup = "set up ";
  for (int i = 0; i < kHomeSquares; ++i) {
    if (i > 0 && i % kSize == 0) setup += '/';
    setup += RankChar(RankOf(after.p_.board[(seat == 0 ? 0 : 70) + i]));
  }
  return setup;
}

Action EspionageState::StringToAction(std::string_view text) const {
  const std::string t = ToLower(Trim(text));
  Action action = kNone;
  const std::size_t colon = t.find(':');
  const std::size_t sep = t.find_first_of("-x");
  if (t == "claim draw") {
    action = kClaimDraw;
  } else if (t.rfind("volcano ", 0) == 0) {
    const int sq = ParseSquare(Trim(std::string_view(t).substr(8)));
    if (sq == kNone) throw Error(fmt::format("'{}' names no square", text));
    action = sq;
  } else if (t == "red first" || t == "blue first") {
    action = kFirstLot + (t[0] == 'b' ? 1 : 0);
  } else if (colon != std::string::npos) {
    const int rank = colon == 1 ? RankFromChar(t[0]) : kNone;
    const int sq = ParseSquare(Trim(std::string_view(t).substr(colon + 1)));
    if (rank == kNone || sq == kNone) {
      throw Error(fmt::format("'{}' is not an Espionage placement (e.g. S:a1, 5:c2)", text));
    }
    action = kFirstPlace + rank * 100 + sq;
  } else if (sep != std::string::npos) {
    const int from = ParseSquare(Trim(std::string_view(t).substr(0, sep)));
    const int to = ParseSquare(Trim(std::string_view(t).substr(sep + 1)));
    if (from == kNone || to == kNone) {
      throw Error(fmt::format("'{}' is not an Espionage move (e.g. a3-a4, a3xa4)", text));
    }
    for (int dir = 0; dir < 4; ++dir) {
      if (Step(from, dir) == to) action = kFirstMove + from * 4 + dir;
    }
    if (action == kNone) {
      throw Error(fmt::format("'{}': a move is one step to an orthogonal neighbour", text));
    }
  } else {
    throw Error(fmt::format("'{}' is not Espionage notation (e.g. S:a1, a3-a4, claim draw)", text));
  }
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("'{}': {}", Trim(text), why));
  return action;
}

// During a seat's setup, a whole setup typed at once (see the header): "random N", or a setup
// string, told apart from one placement ("S:a1") by having no ':' and either at least ten
// characters or rank characters only; anything else is one action (StringToAction explains).
std::vector<Action> EspionageState::StringToTurn(std::string_view text) const {
  const std::string_view t = Trim(text);
  const std::string lower = ToLower(t);
  std::size_t rank_chars = 0, length = 0;
  for (char c : t) {
    if (c == ' ' || c == '/') continue;
    ++length;
    rank_chars += RankFromChar(c) != kNone;
  }
  const bool random = lower.rfind("random", 0) == 0;
  const bool setup_string =
      t.find(':') == std::string_view::npos && (length >= 10 || rank_chars == length);
  if (p_.phase == Phase::kSetup && !t.empty() && (random || setup_string)) {
    const int seat = p_.to_move;
    if (p_.to_place[seat] != FullArmy()) {
      throw Error(
          fmt::format("'{}': {} has placed pieces already; place the rest one by one "
                      "(e.g. {})",
                      t, kSeatNames[seat], seat == 0 ? "H:a1" : "H:a10"));
    }
    if (!random) return ParseSetup(t, seat);
    // "random N": DrawSetup seeded by N, so that the same words give the same setup.
    const auto number = ParseInteger(Trim(std::string_view(lower).substr(6)));
    if (!number) throw Error(fmt::format("'{}': random needs a number, e.g. random 7", t));
    if (*number < 0) throw Error(fmt::format("'{}': the number must be 0 or more", t));
    Rng rng(static_cast<std::uint64_t>(*number));
    return ParseSetup(DrawSetup(seat, rng), seat);
  }
  if (p_.phase == Phase::kPlay && t.find_first_of(" ,") != std::string_view::npos &&
      ToLower(t) != "claim draw") {
    std::vector<Action> actions;
    auto copy = std::make_unique<EspionageState>(*this);
    std::string s(t);
    std::replace(s.begin(), s.end(), ',', ' ');
    for (const std::string& part : Split(s, ' ')) {
      if (Trim(part).empty()) continue;
      if (copy->CurrentSeat() != p_.to_move || (!actions.empty() && !copy->MidTurn())) {
        throw Error(fmt::format("'{}': the turn is over before '{}'", text, part));
      }
      const Action a = copy->StringToAction(part);
      copy->ApplyAction(a);
      actions.push_back(a);
    }
    if (copy->MidTurn()) throw Error(fmt::format("'{}': the turn needs a second move", text));
    return actions;
  }
  return {StringToAction(t)};
}

// --- Views
// ------------------------------------------------------------------------------------------

bool EspionageState::Sees(engine::Seat viewer, CellBits cell) const {
  return hidden_army::MaySee(viewer, ArmyPiece(cell, viewer, p_.phase == Phase::kOver),
                             p_.phase == Phase::kOver);
}

char EspionageState::ShownRank(engine::Seat viewer, CellBits cell) const {
  return hidden_army::ShownRank(viewer, ArmyPiece(cell, viewer, p_.phase == Phase::kOver),
                                p_.phase == Phase::kOver, RankChar);
}

// Rulings "Espionage": setups are secret until both are complete. Until then a seat sees none
// of the other's pieces, not even where they stand; then the occupied squares show as usual.
bool EspionageState::Shown(engine::Seat viewer, CellBits cell) const {
  return p_.phase != Phase::kSetup || Owner(cell) == viewer;
}

// Whether a turn goes on is public, except during a setup, whose progress only its seat sees.
bool EspionageState::MidTurnShown(engine::Seat viewer) const {
  return MidTurn() && (p_.phase != Phase::kSetup || viewer == p_.to_move);
}

// All that anyone but `seat` may know of its setup: "waiting", "in progress" or "done".
std::string EspionageState::SetupStatus(int seat) const {
  if (ArmySize(p_.to_place[seat]) == 0) return "done";
  const bool setting_up = p_.phase == Phase::kSetup || p_.phase == Phase::kOver;
  return setting_up && p_.to_move == seat ? "in progress" : "waiting";
}

Json EspionageState::ViewJson(engine::Seat viewer) const {
  static const char* kPhases[] = {"volcanoes", "setup", "lot", "play", "over"};
  const bool over = p_.phase == Phase::kOver;
  Json view;
  view["game"] = "espionage";
  view["phase"] = kPhases[static_cast<int>(p_.phase)];
  view["to_move"] =
      (p_.phase == Phase::kSetup || p_.phase == Phase::kPlay) ? Json(p_.to_move) : Json(nullptr);
  view["mid_turn"] = MidTurnShown(viewer);
  Json board = Json::array();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = p_.board[sq];
    if (c == kVolcano) {
      board.push_back("volcano");
    } else if (!IsPiece(c) || !Shown(viewer, c)) {
      board.push_back(nullptr);
    } else {
      Json cell = hidden_army::CellJson(ArmyPiece(c, viewer, p_.phase == Phase::kOver),
                                        ShownRank(viewer, c));
      cell["no_return"] = p_.back[sq] == kNone ? Json(nullptr) : Json(SquareName(p_.back[sq]));
      board.push_back(std::move(cell));
    }
  }
  view["board"] = board;
  Json setup = Json::array();
  Json to_place = Json::array();
  Json lost = Json::array();
  for (int seat = 0; seat < 2; ++seat) {
    setup.push_back(SetupStatus(seat));
    // What is left to place is the seat's own secret until the game is over.
    to_place.push_back(over || viewer == seat ? Json{{"count", ArmySize(p_.to_place[seat])},
                                                     {"pieces", RankString(p_.to_place[seat])}}
                                              : Json(nullptr));
    Army seen{};
    int hidden = 0;
    for (int i = 0; i < p_.num_removed; ++i) {
      const CellBits c = p_.removed[i];
      if (Owner(c) != seat) continue;
      if (Sees(viewer, c)) {
        ++seen[RankOf(c)];
      } else {
        ++hidden;
      }
    }
    lost.push_back({{"pieces", RankString(seen)}, {"hidden", hidden}});
  }
  view["setup"] = setup;
  view["to_place"] = to_place;
  view["lost"] = lost;
  if (p_.last_from == kNone) {
    view["last_move"] = nullptr;
  } else {
    view["last_move"] = {{"from", SquareName(p_.last_from)},
                         {"to", SquareName(p_.last_to)},
                         {"removed", kRemoved[p_.last_removed]}};
  }
  view["play_plies"] = p_.play_plies;
  view["quiet_turns"] = p_.quiet_turns;
  view["quiet_plies"] = p_.quiet_plies;
  view["draw_claimable"] = p_.phase == Phase::kPlay && p_.moves_done == 0 &&
                           p_.rules.no_capture_draw > 0 &&
                           p_.quiet_turns >= p_.rules.no_capture_draw;
  if (over) {
    Json results = Json::array();
    for (engine::Outcome outcome : Results()) results.push_back(engine::OutcomeName(outcome));
    view["result"] = {{"winner", p_.winner == kNone ? Json(nullptr) : Json(p_.winner)},
                      {"ending", kEndings[p_.ending]},
                      {"results", results}};
  } else {
    view["result"] = nullptr;
  }
  return view;
}

// Planes, from the perspective seat P (the viewer; Red for a spectator), O the other seat:
// 0-8 P's pieces of seen rank by rank; 9 P's pieces of unseen rank; 10-18 O's seen pieces by
// rank; 19 O's unseen pieces; 20 moved; 21 rank shown to the piece's opponent, as far as the
// viewer may know (JSON "known"); 22 volcanoes; 23 no-return
// squares; 24 setup phase; 25 P to move; 26 mid-turn; 27 draw claimable.
void EspionageState::ViewTensor(engine::Seat viewer, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const int me = viewer == 1 ? 1 : 0;
  const auto fill = [&out](int plane) {
    std::fill(out.begin() + plane * kNumSquares, out.begin() + (plane + 1) * kNumSquares, 1.0f);
  };
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = p_.board[sq];
    if (c == kVolcano) out[22 * kNumSquares + sq] = 1.0f;
    if (!IsPiece(c) || !Shown(viewer, c)) continue;
    const int base = Owner(c) == me ? 0 : 10;
    out[(Sees(viewer, c) ? base + RankOf(c) : base + 9) * kNumSquares + sq] = 1.0f;
    if (c & kMovedBit) out[20 * kNumSquares + sq] = 1.0f;
    if (ArmyPiece(c, viewer, p_.phase == Phase::kOver).known) out[21 * kNumSquares + sq] = 1.0f;
    if (p_.back[sq] != kNone) out[23 * kNumSquares + p_.back[sq]] = 1.0f;
  }
  if (p_.phase == Phase::kSetup) fill(24);
  if ((p_.phase == Phase::kPlay || p_.phase == Phase::kSetup) && p_.to_move == me) fill(25);
  if (MidTurnShown(viewer)) fill(26);
  if (p_.phase == Phase::kPlay && p_.moves_done == 0 && p_.rules.no_capture_draw > 0 &&
      p_.quiet_turns >= p_.rules.no_capture_draw) {
    fill(27);
  }
}

// The last move in words, naming a rank only where `viewer` knows it, and saying which piece
// combat removed (all that combat shows by default, rulings "Espionage"): "Last move: Red moved a
// piece c3-c4", "Last move: Red's Sapper c3xc4 attacked Blue's piece at c4; the defender was
// removed", and where the viewer knows the defender is a Mine that killed the attacker, "...; the
// attacker was removed and the Mine stays". The piece that moved is on the target square unless
// it was the one removed.
std::string EspionageState::LastMoveText(engine::Seat viewer) const {
  const CellBits on_to = p_.board[p_.last_to];
  const CellBits gone = p_.last_removed != 0 ? p_.removed[p_.num_removed - 1] : 0;
  const bool attacker_removed = p_.last_removed == 1;
  const CellBits attacker = attacker_removed ? gone : on_to;
  auto piece = [&](CellBits cell) {
    return fmt::format("{}'s {}", kSeatNames[Owner(cell)],
                       Sees(viewer, cell) ? RankName(RankOf(cell)) : std::string("piece"));
  };
  const std::string from = SquareName(p_.last_from), to = SquareName(p_.last_to);
  if (p_.last_removed == 0) {
    return Sees(viewer, attacker)
               ? fmt::format("Last move: {} moved {}-{}", piece(attacker), from, to)
               : fmt::format("Last move: {} moved a piece {}-{}", kSeatNames[Owner(attacker)], from,
                             to);
  }
  const CellBits defender = attacker_removed ? on_to : gone;
  const bool mine_stays = attacker_removed && RankOf(defender) == kMine && Sees(viewer, defender);
  return fmt::format("Last move: {} {}x{} attacked {} at {}; the {} was removed{}", piece(attacker),
                     from, to, piece(defender), to, attacker_removed ? "attacker" : "defender",
                     mine_stays ? " and the Mine stays" : "");
}

// "Game over: Blue wins (Red resigned)": the results, then how the game ended.
std::string EspionageState::OverLine() const {
  const std::vector<engine::Outcome> results = Results();
  std::string headline;
  if (p_.winner != kNone) {
    headline = fmt::format("{} wins", kSeatNames[p_.winner]);
  } else if (results[0] == engine::Outcome::kDraw && results[1] == engine::Outcome::kDraw) {
    headline = "draw";
  } else {
    const auto verb = [](engine::Outcome o) {
      return o == engine::Outcome::kWin ? "wins" : o == engine::Outcome::kLoss ? "loses" : "draws";
    };
    headline = fmt::format("{} {}, {} {}", kSeatNames[0], verb(results[0]), kSeatNames[1],
                           verb(results[1]));
  }
  std::string losers;
  for (int seat = 0; seat < 2; ++seat) {
    if (results[seat] != engine::Outcome::kLoss) continue;
    losers += (losers.empty() ? "" : " and ") + std::string(kSeatNames[seat]);
  }
  std::string how = kEndings[p_.ending];
  if (p_.ending == kFirstOutsideEnding + static_cast<int>(engine::EndReason::kResignation) &&
      !losers.empty()) {
    how = losers + " resigned";
  } else if (p_.ending == kFirstOutsideEnding + static_cast<int>(engine::EndReason::kTime) &&
             !losers.empty()) {
    how = losers + " ran out of time";
  } else if (p_.ending == kFirstOutsideEnding + static_cast<int>(engine::EndReason::kAbandoned)) {
    how = "game abandoned";
  } else if (p_.ending == kFirstOutsideEnding + static_cast<int>(engine::EndReason::kAgreement)) {
    how = headline == "draw" ? "draw agreed" : "result agreed";
  }
  return fmt::format("Game over: {} ({})\n", headline, how);
}

// Row 10 on top; each square three characters: "R5 " a red General, "B? " a blue piece of unseen
// rank, " ^ " a volcano, " . " empty; a ' after the rank marks a piece that has moved.
std::string EspionageState::ViewText(engine::Seat viewer, bool colour) const {
  std::string out = hidden_army::BoardText("abcdefghij", [&](int sq) -> std::string {
    const CellBits c = p_.board[sq];
    if (c == kVolcano) return " ^ ";
    if (!IsPiece(c) || !Shown(viewer, c)) return " . ";
    return hidden_army::CellText(ArmyPiece(c, viewer, p_.phase == Phase::kOver),
                                 ShownRank(viewer, c), colour);
  });
  const Json view = ViewJson(viewer);
  for (int seat = 0; seat < 2; ++seat) {
    const Json& lost = view["lost"][seat];
    const int hidden = lost["hidden"].get<int>();
    out += hidden_army::LostLine(seat, lost["pieces"].get<std::string>(), hidden);
  }
  if (p_.last_from != kNone) out += LastMoveText(viewer) + "\n";
  switch (p_.phase) {
    case Phase::kOver:
      out += OverLine();
      break;
    case Phase::kVolcanoes:
      out += fmt::format("Placing volcanoes by lot ({} left)\n", p_.volcanoes_left);
      break;
    case Phase::kLot:
      out += "Drawing the first player by lot\n";
      break;
    case Phase::kSetup:
      out += fmt::format("{} is setting up", kSeatNames[p_.to_move]);
      // Only the seat setting up sees its progress and its choices (no presets in Espionage).
      if (viewer == p_.to_move) {
        out += fmt::format(" ({} pieces left to place: {})\n", ArmySize(p_.to_place[p_.to_move]),
                           RankString(p_.to_place[p_.to_move]));
        out +=
            hidden_army::SetupPrompt(kHomeSquares, "", true, p_.to_place[p_.to_move] != FullArmy(),
                                     p_.to_move == 0 ? "H:a1" : "H:a10");
      } else {
        out += "\n";
      }
      break;
    case Phase::kPlay:
      out += fmt::format("{} to move ({} move of the turn){}\n", kSeatNames[p_.to_move],
                         p_.moves_done == 0 ? "first" : "second",
                         view["draw_claimable"].get<bool>() ? "; a draw may be claimed" : "");
      break;
  }
  return out;
}

// --- Hidden information
// ------------------------------------------------------------------------------

namespace {

// Which of `seat`'s own pieces (on the board and removed) an enemy Spy recognised is drawn
// again, a fair coin each: the seat is never told (rulings "Espionage"), so a state it cannot
// tell apart may differ there (in the play phase: before it nothing can have been recognised).
void RedrawRecognitions(Position& q, int seat, Rng& rng) {
  const auto redraw = [&](CellBits& cell) {
    if (!IsPiece(cell) || Owner(cell) != seat) return;
    cell = rng.Below(2) != 0 ? static_cast<CellBits>(cell | kRecognisedBit)
                             : static_cast<CellBits>(cell & ~kRecognisedBit);
  };
  for (CellBits& cell : q.board) redraw(cell);
  for (int i = 0; i < q.num_removed; ++i) redraw(q.removed[i]);
}

// While `other` sets up, its setup is secret (rulings "Espionage": a seat sees only that it is
// in progress): how many pieces it has placed (below 30, uniformly), on which squares of its home
// rows and which of its pieces (uniformly) are drawn again, the ply count following.
void RedrawSetupInProgress(Position& q, int other, Rng& rng) {
  std::vector<int> squares;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (!IsHome(other, sq)) continue;
    if (IsPiece(q.board[sq])) --q.plies;
    q.board[sq] = 0;
    squares.push_back(sq);
  }
  std::vector<int> army;
  for (int rank = 0; rank < kNumRanks; ++rank) army.insert(army.end(), FullArmy()[rank], rank);
  const int placed = static_cast<int>(rng.Below(kHomeSquares));
  for (int i = 0; i < placed; ++i) {
    std::swap(squares[i], squares[i + rng.Below(static_cast<std::uint32_t>(squares.size() - i))]);
    std::swap(army[i], army[i + rng.Below(static_cast<std::uint32_t>(army.size() - i))]);
  }
  q.to_place[other] = FullArmy();
  for (int i = 0; i < placed; ++i) {
    q.board[squares[i]] = MakeCell(other, army[i]);
    --q.to_place[other][army[i]];
  }
  q.plies += placed;
}

}  // namespace

// Everything `seat` cannot know is drawn again:
//   - the other seat's setup while it is in progress (RedrawSetupInProgress);
//   - which of the seat's own pieces the opponent's Spies recognised (RedrawRecognitions);
//   - the opponent's ranks that `seat` does not know, dealt again over the opponent's slots of
//     unknown rank: its pieces on the board and its removed pieces. What `seat` knows is kept: a
//     piece that has moved is no Mine or Headquarters, a removed piece is no Headquarters (the
//     game goes on), and a game going on means the opponent, when to move, has a move (rejection
//     keeps the draw uniform). The Headquarters is dealt first over the slots that may hold it,
//     then the Mines, then the rest; each step is uniform with the same number of completions.
// Deeper inferences from combat outcomes or from a Spy's reveal are not used
// (docs/rules/espionage.md).
std::unique_ptr<engine::State> EspionageState::SampleConsistentState(engine::Seat seat,
                                                                     Rng& rng) const {
  auto sampled = std::make_unique<EspionageState>(*this);
  if (p_.phase == Phase::kOver || (seat != 0 && seat != 1)) return sampled;
  const int other = 1 - seat;
  if (p_.phase == Phase::kSetup && p_.to_move == other) {
    RedrawSetupInProgress(sampled->p_, other, rng);
    return sampled;
  }
  if (p_.phase == Phase::kPlay) RedrawRecognitions(sampled->p_, seat, rng);
  // Slots: 0..99 squares, 100 + i removed piece i, 200 + k an unplaced piece.
  std::vector<int> hq_ok, mine_ok, any;
  std::vector<int> ranks;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = p_.board[sq];
    if (!IsPiece(c) || Owner(c) != other || Sees(seat, c)) continue;
    ((c & kMovedBit) ? any : hq_ok).push_back(sq);
    ranks.push_back(RankOf(c));
  }
  for (int i = 0; i < p_.num_removed; ++i) {
    const CellBits c = p_.removed[i];
    if (Owner(c) != other || Sees(seat, c)) continue;
    ((c & kMovedBit) ? any : mine_ok).push_back(100 + i);
    ranks.push_back(RankOf(c));
  }
  for (int rank = 0, k = 0; rank < kNumRanks; ++rank) {
    for (int n = 0; n < p_.to_place[other][rank]; ++n) {
      hq_ok.push_back(200 + k++);
      ranks.push_back(rank);
    }
  }
  int hqs = 0, mines = 0;
  std::vector<int> rest;
  for (int r : ranks) {
    if (r == kHq) {
      ++hqs;
    } else if (r == kMine) {
      ++mines;
    } else {
      rest.push_back(r);
    }
  }
  // The ranks were gathered in their true order: sorted, two states the seat cannot tell apart
  // give the same sample for the same rng (a bot's choice must not depend on hidden ranks).
  std::sort(rest.begin(), rest.end());
  auto shuffle = [&rng](std::vector<int>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.Below(i)]);
  };
  Position& q = sampled->p_;
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::vector<int> a = hq_ok;
    shuffle(a);
    std::vector<int> b(a.begin() + hqs, a.end());
    b.insert(b.end(), mine_ok.begin(), mine_ok.end());
    shuffle(b);
    std::vector<int> c(b.begin() + mines, b.end());
    c.insert(c.end(), any.begin(), any.end());
    shuffle(c);
    Army unplaced{};
    const auto assign = [&](int slot, int rank) {
      if (slot < 100) {
        q.board[slot] = static_cast<CellBits>((q.board[slot] & ~0x0f) | rank);
      } else if (slot < 200) {
        q.removed[slot - 100] = static_cast<CellBits>((q.removed[slot - 100] & ~0x0f) | rank);
      } else {
        ++unplaced[rank];
      }
    };
    for (int i = 0; i < hqs; ++i) assign(a[i], kHq);
    for (int i = 0; i < mines; ++i) assign(b[i], kMine);
    for (std::size_t i = 0; i < rest.size(); ++i) assign(c[i], rest[i]);
    q.to_place[other] = unplaced;
    if (q.phase != Phase::kPlay || q.to_move != other || sampled->HasMove(other)) return sampled;
  }
  return std::make_unique<EspionageState>(*this);  // the true state is always consistent
}

void EspionageState::CheckConsistency() const {
  std::array<Army, 2> count = p_.to_place;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = p_.board[sq];
    if (IsPiece(c)) {
      if (RankOf(c) >= kNumRanks) throw Error(fmt::format("bad piece on {}", SquareName(sq)));
      ++count[Owner(c)][RankOf(c)];
    } else if (c != 0 && c != kVolcano) {
      throw Error(fmt::format("bad cell on {}", SquareName(sq)));
    }
    if (p_.back[sq] != kNone && !IsPiece(c)) {
      throw Error(fmt::format("no-return mark on empty {}", SquareName(sq)));
    }
  }
  for (int i = 0; i < p_.num_removed; ++i) ++count[Owner(p_.removed[i])][RankOf(p_.removed[i])];
  if (count[0] != FullArmy() || count[1] != FullArmy()) throw Error("the armies do not add up");
}

}  // namespace quartel::espionage
