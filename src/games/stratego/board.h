// Stratego's fast core: the 10 x 10 board with its lakes, the armies, and a compact trivially
// copyable Position with the move generator and every rule implemented so far (seed 003; shared
// rulings "Stratego"; docs/rules/stratego.md). The engine adapter in stratego.h wraps a Position.
//
// Squares are 0..99, square = row * 10 + file, row 0 = rank 1 (Red's back row), file 0 = 'a'.
// Files are written a..k without j (reference file), ranks 1..10 from Red's side: a1 = 0, k10 = 99.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/state.h"

namespace quartel::stratego {

using engine::Action;

inline constexpr int kSize = 10;
inline constexpr int kNumSquares = 100;
inline constexpr int kNumDirs = 4;  // 0 north (toward Blue), 1 east, 2 south, 3 west
inline constexpr int kMaxDistance = 9;
inline constexpr int kNone = -1;
inline constexpr int kSetupSquares = 40;  // four rows per seat

// --- Ranks (reference file: Marshal 10 ... Scout 2, Spy S, Bomb B, Flag F) ---
// Codes 2..10 equal the printed rank, so combat compares codes directly (Spy 1 is the weakest).
enum Rank : std::uint8_t {
  kFlag = 0,
  kSpy = 1,
  kScout = 2,
  kMiner = 3,
  kSergeant = 4,
  kLieutenant = 5,
  kCaptain = 6,
  kMajor = 7,
  kColonel = 8,
  kGeneral = 9,
  kMarshal = 10,
  kBomb = 11,
};
inline constexpr int kNumRanks = 12;

// One character per rank, used in notation, setup strings and views: F S 2 3 4 5 6 7 8 9 X B
// (X = ten, the Marshal).
char RankChar(int rank);
// The rank for a RankChar (case-insensitive; '0' and 'M' are also read as the Marshal), or kNone.
int RankFromChar(char c);
// "Marshal", "Scout", ...
const char* RankName(int rank);

using Army = std::array<std::uint8_t, kNumRanks>;  // pieces per rank
// Rulings "Stratego": the classic 40 (default), the seed's own list of 39 (`army=seed`) and
// Barrage's 8 (`army=barrage`: Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb).
enum class ArmyKind : std::uint8_t { kClassic = 0, kSeed = 1, kBarrage = 2 };
Army ClassicArmy();
Army SeedArmy();
Army BarrageArmy();
Army ArmyOf(ArmyKind kind);
// "classic", "seed", "barrage" (the option's values).
const char* ArmyName(ArmyKind kind);
int ArmySize(const Army& army);

// --- Combat ---
enum CombatResult : std::int8_t { kAttackerWins = 0, kDefenderWins = 1, kBothRemoved = 2 };
// The seed's combat table in one place, for the rules and for bots. Seed "Rank", "Special Miner
// Privilege", "Spy Privilege": higher rank wins, equal ranks both go (with Aggressor Advantage the
// attacker wins), a Miner defuses a Bomb while any other attacker dies on it, the Spy beats the
// Marshal only when the Spy attacks, and any attacker takes the Flag.
CombatResult Combat(int attacker, int defender, bool aggressor_advantage);

// --- Action encoding (also documented in stratego.h) ---
// place(rank, square) = rank * 100 + square                  (0 .. 1199)
// move(from, dir, distance) = 1200 + (from * 4 + dir) * 9 + distance - 1   (1200 .. 4799)
// rescue(rank, square) = 4800 + rank * 100 + square         (4800 .. 5999; option rescue)
// no rescue = 6000                                             (declines an offered rescue)
// A move onto an enemy piece is an attack; the id does not say which (the board does).
inline constexpr Action kFirstMove = kNumRanks * kNumSquares;                               // 1200
inline constexpr Action kFirstRescue = kFirstMove + kNumSquares * kNumDirs * kMaxDistance;  // 4800
inline constexpr Action kNoRescue = kFirstRescue + kNumRanks * kNumSquares;                 // 6000
inline constexpr Action kNumActions = kNoRescue + 1;                                        // 6001

constexpr bool IsPlace(Action a) { return a >= 0 && a < kFirstMove; }
constexpr bool IsMove(Action a) { return a >= kFirstMove && a < kFirstRescue; }
constexpr bool IsRescue(Action a) { return a >= kFirstRescue && a < kNoRescue; }
constexpr Action RescueAction(int rank, int square) {
  return kFirstRescue + rank * kNumSquares + square;
}
constexpr Action PlaceAction(int rank, int square) { return rank * kNumSquares + square; }
constexpr int PlaceRank(Action a) { return a / kNumSquares; }
constexpr int PlaceSquare(Action a) { return a % kNumSquares; }
constexpr Action MoveAction(int from, int dir, int distance) {
  return kFirstMove + (from * kNumDirs + dir) * kMaxDistance + distance - 1;
}
constexpr int MoveFrom(Action a) { return (a - kFirstMove) / (kNumDirs * kMaxDistance); }
constexpr int MoveDir(Action a) { return (a - kFirstMove) / kMaxDistance % kNumDirs; }
constexpr int MoveDistance(Action a) { return (a - kFirstMove) % kMaxDistance + 1; }

// --- Board geometry ---
constexpr bool IsLake(int sq) {
  const int row = sq / kSize, file = sq % kSize;
  return (row == 4 || row == 5) && (file == 2 || file == 3 || file == 6 || file == 7);
}
// The square `distance` steps from `sq` along `dir`, or kNone off the board.
int Step(int sq, int dir, int distance);
// Whether `sq` lies in `seat`'s four setup rows (Red rows 1-4, Blue rows 7-10).
constexpr bool InSetupRows(int seat, int sq) { return seat == 0 ? sq < 40 : sq >= 60; }
// Whether `sq` lies in `seat`'s half of the board (Red rows 1-5, Blue rows 6-10).
constexpr bool InOwnHalf(int seat, int sq) { return seat == 0 ? sq < 50 : sq >= 50; }
// Whether `sq` is on the back row of `seat`'s opponent (Red reaches rank 10, Blue rank 1).
constexpr bool OnEnemyBackRow(int seat, int sq) { return seat == 0 ? sq >= 90 : sq < 10; }
// The file letters, a..k without j (reference file).
inline constexpr char kFileLetters[kSize + 1] = "abcdefghik";
// "a1" .. "k10"; Parse returns kNone on bad text.
std::string SquareName(int sq);
int ParseSquare(const std::string& text);

// --- Pieces on the board: one byte ---
// bit 7 occupied, bit 4 owner, bit 5 has moved (public), bit 6 rank known to the opponent,
// bits 0-3 rank. 0 = empty square.
inline constexpr std::uint8_t kOccupied = 0x80;
inline constexpr std::uint8_t kRevealed = 0x40;
inline constexpr std::uint8_t kMoved = 0x20;
inline constexpr std::uint8_t kOwnerBit = 0x10;
constexpr std::uint8_t MakePiece(int owner, int rank) {
  return static_cast<std::uint8_t>(kOccupied | (owner ? kOwnerBit : 0) | rank);
}
constexpr int PieceOwner(std::uint8_t p) { return (p & kOwnerBit) ? 1 : 0; }
constexpr int PieceRank(std::uint8_t p) { return p & 0x0f; }
constexpr bool Movable(int rank) { return rank != kFlag && rank != kBomb; }

// --- Options that shape the rules, kept in the position so it is self-contained ---
// seed: the third move back and forth between two squares is illegal; isf: the fourth, plus the
// more-squares rule; five_moves: the sixth (Gravon's archive until 2005:
// "Five-Moves-on-Two-Squares").
enum class Repetition : std::uint8_t { kSeed = 0, kIsf = 1, kFiveMoves = 2 };
// How many moves in a row between the same two squares a piece may make.
constexpr int MovesBetweenTwoSquares(Repetition rule) {
  return rule == Repetition::kSeed ? 2 : rule == Repetition::kIsf ? 3 : 5;
}
// How many of each seat's last moves the position keeps (and its text shows).
constexpr int kMostHistory = 5;
constexpr int HistoryDepth(Repetition rule) { return rule == Repetition::kFiveMoves ? 5 : 3; }

struct Rules {
  std::int32_t max_plies = 2000;                 // engine cap (play moves), draw
  std::int32_t max_plies_without_capture = 200;  // engine cap (play moves without combat), draw
  Repetition repetition = Repetition::kSeed;
  ArmyKind army = ArmyKind::kClassic;
  std::uint8_t aggressor_advantage = 0;  // 1: equal ranks, the attacker wins
  std::uint8_t silent_defense = 0;       // 1: the defender's rank stays hidden (seed)
  std::uint8_t rescue = 0;               // 1: the seed's Rescue rule
  std::uint8_t unused[3] = {};
  bool operator==(const Rules&) const = default;
};

enum class Phase : std::uint8_t { kSetup = 0, kPlay = 1, kOver = 2 };

// One move of the play phase, kept per seat for the repetition rules and for the views.
struct MoveRecord {
  std::int8_t from = kNone;
  std::int8_t to = kNone;
  bool operator==(const MoveRecord&) const = default;
};

// What the last action did, for the views (everything here is known to both seats).
struct LastMove {
  std::int8_t from = kNone;  // kNone: no move yet (or the last action was a placement)
  std::int8_t to = kNone;
  std::int8_t attacker = kNone;  // ranks in a combat (revealed by it), else kNone
  std::int8_t defender = kNone;
  std::int8_t result = kNone;       // combat: 0 attacker won, 1 defender won, 2 both removed
  std::int8_t scout_revealed = 0;   // a move over several squares showed a Scout
  std::int8_t seat = kNone;         // who moved
  std::int8_t defender_shown = 0;   // the combat showed the defender's rank to the attacker
  std::int8_t rescue_rank = kNone;  // a rescue that ended the turn: the piece and its square
  std::int8_t rescue_square = kNone;
  bool operator==(const LastMove&) const = default;
};

// The ISF more-squares (chase) rule, `repetition=isf` (reference file; docs/rules/stratego.md,
// "Repetition"), one record per seat as the chaser. The seat *threatens* when it moves a piece
// next to an opponent piece; the opponent *evades* when its very next move moves a piece that
// threat touched; a *chasing move* is a move of any of the seat's pieces next to a piece that
// evaded during the chase. The chase begins with a threat and goes on while evasions and
// chasing moves alternate; any other move, and any attack, ends it. The positions after the
// seat's moves in the chase are kept, as hashes of the occupied squares and their owners (all
// the seat sees of a position; the pieces' ranks cannot change without combat, which ends the
// chase), so that a chasing move may not recreate one.
struct ChaseState {
  std::uint8_t stage = 0;  // 0 no chase, 1 the seat has just threatened, 2 the opponent evaded
  std::uint8_t seen = 0;   // positions kept in Chase::positions
  // Squares of the opponent's pieces that evaded during this chase (one bit per square).
  std::array<std::uint8_t, 13> evaders{};
  bool Evader(int sq) const { return (evaders[sq >> 3] >> (sq & 7)) & 1; }
  void SetEvader(int sq, bool on) {
    const auto bit = static_cast<std::uint8_t>(1 << (sq & 7));
    evaders[sq >> 3] =
        static_cast<std::uint8_t>(on ? evaders[sq >> 3] | bit : evaders[sq >> 3] & ~bit);
  }
  bool operator==(const ChaseState&) const = default;
};
struct Chase {
  // The positions a chase keeps; a longer chase (rare: each chasing move must find a new square
  // next to a fleeing piece) stops recording, so only its first kMemory positions are compared.
  static constexpr int kMemory = 64;
  ChaseState s;
  std::array<std::uint64_t, kMemory> positions{};  // only the first s.seen are meaningful
  // Equal chases: the same state and the same kept positions (slots past s.seen are leftovers).
  bool operator==(const Chase& other) const;
};

struct Header {
  std::int32_t plies = 0;        // actions applied, setup included
  std::int32_t play_plies = 0;   // moves of the play phase (the max_plies cap counts these)
  std::int32_t quiet_plies = 0;  // play moves since the last combat
  Rules rules;
  Phase phase = Phase::kSetup;
  std::uint8_t to_move = 0;
  std::int8_t winner = kNone;      // when over: winning seat, or kNone for a draw
  std::uint8_t ending = 0;         // when over: see Ending
  std::array<Army, 2> to_place{};  // setup: pieces each seat still has to place
  std::array<Army, 2> lost{};      // pieces each seat has lost
  // Of those, the ones whose rank the opponent knows (all of them unless silent_defense).
  std::array<Army, 2> lost_known{};
  // Each seat's last moves, newest first (repetition rules): HistoryDepth of the rule, the rest
  // left empty.
  std::array<std::array<MoveRecord, kMostHistory>, 2> history{};
  LastMove last;
  std::array<std::uint8_t, 2> rescues{};  // rescues made per seat (at most two)
  // Square of the piece that made the seat's rescue (the same piece may not rescue twice).
  std::array<std::int8_t, 2> rescuer{kNone, kNone};
  std::uint8_t rescue_pending = 0;  // 1: the seat to move may rescue now (or decline)
  // An ending outside the rules (Ending kResigned .. kAgreed): each seat's engine::Outcome.
  std::array<std::uint8_t, 2> outside_results{};
  std::array<Chase, 2> chase{};  // per chasing seat (repetition=isf only)
  bool operator==(const Header&) const = default;
};

enum Ending : std::uint8_t {
  kNotOver = 0,
  kFlagCaptured = 1,
  kNoMove = 2,      // the seat to move could not move or attack
  kBothNoMove = 3,  // neither seat could
  kPlyCap = 4,
  kQuietCap = 5,
  // Endings outside the rules (State::EndGame), with the results given there.
  kResigned = 6,
  kTime = 7,
  kAbandoned = 8,
  kAgreed = 9,
};
constexpr bool EndedOutsideTheRules(int ending) { return ending >= kResigned; }

// What Undo needs (saved in engine::UndoInfo's 64 bytes): the header fields an action may change
// that cannot be recomputed, and the squares and the chase slot it overwrote.
struct UndoData {
  std::uint64_t overwritten = 0;  // the chase position slot the move wrote, as it was before
  std::int32_t quiet_plies = 0;
  LastMove last;
  MoveRecord dropped;  // the history entry pushed out by a move
  std::array<std::int8_t, 2> rescuer{};
  std::uint8_t old_from = 0, old_to = 0;  // board bytes of a move's squares before it
  // Bits 0-1 phase, bit 2 to_move, bit 3 rescue_pending, bit 4: a rescue took back a piece whose
  // rank the opponent knew.
  std::uint8_t flags = 0;
  std::uint8_t ending = 0;
  std::int8_t winner = kNone;
  std::int8_t written = kNone;      // the mover's chase slot the move wrote, or kNone
  std::array<ChaseState, 2> chase;  // repetition=isf only (else left as is)
};
static_assert(sizeof(UndoData) <= sizeof(engine::UndoInfo));
static_assert(std::is_trivially_copyable_v<UndoData>);

// The 100 squares as bits (bit i = square i), for the Scouts' lines in the move generator.
__extension__ typedef unsigned __int128 Bitboard;
// The board's bytes with zeros around them (16 before, 28 after: empty squares off the board), for
// the move generator's scans of 16 squares at a time.
using PaddedBoard = std::array<std::uint8_t, 144>;

struct Position {
  std::array<std::uint8_t, kNumSquares> board{};
  Header h;

  bool operator==(const Position&) const = default;

  static Position Initial(const Rules& rules);
  // The army of this game, as Rules::army says.
  Army FullArmy() const { return ArmyOf(h.rules.army); }
  // Mid-turn while a rescue is offered after the move that earned it, and while a seat sets up
  // (from its first placement to its last: a whole setup is one turn).
  bool MidTurn() const {
    return h.rescue_pending != 0 ||
           (h.phase == Phase::kSetup && h.to_place[h.to_move] != FullArmy());
  }
  void LegalActions(std::vector<Action>& out) const;
  // The same actions written to `out`, which has room for kActionBuffer of them (the fast
  // generator may store a few past the last one); returns how many.
  static constexpr int kActionBuffer = kNumSquares * kNumDirs * kMaxDistance;
  int LegalActions(Action* out) const;
  std::string WhyIllegal(Action action) const;
  // Applies a legal action; fills `undo` when not null.
  void Apply(Action action, engine::UndoInfo* undo = nullptr);
  // Takes back `action`, the last one applied, with the UndoInfo it filled.
  void Undo(Action action, const engine::UndoInfo& undo);
  void Check() const;

  // Whether `seat` has any legal move now (as if it were its turn; repetition rules included).
  bool HasAnyMove(int seat) const;
  // Whether the move rule allows `seat`'s piece on `from` to reach `to` (repetition rules only:
  // back and forth between two squares).
  bool RepetitionForbids(int seat, int from, int to) const;
  // The square of `seat`'s piece that the repetition rule limits now (its last moves went back
  // and forth between two squares as often as the rule allows), or kNone.
  int LimitedPiece(int seat) const;
  // Whether the ISF more-squares rule forbids `seat`'s piece on `from` to reach `to`
  // (repetition=isf only): a chasing move that recreates a position of the chase.
  bool ChaseForbids(int seat, int from, int to) const;
  // A hash of which squares are occupied and by whom (what a position is for the chase rule).
  std::uint64_t OccupancyHash() const;

  // Ends the game outside the rules (State::EndGame): terminal, with `results` (engine::Outcome
  // per seat) and the Ending for `reason`.
  void EndOutsideTheRules(engine::EndReason reason, std::span<const engine::Outcome> results);

 private:
  // The general move generator (every rule; the only one used while the seat chases).
  template <bool kCollect>
  int GenerateMovesT(int seat, Action* out) const;
  // The same moves as GenerateMovesT<true> when `seat` is not chasing, 16 squares at a time
  // (move_scan.cc).
  int GenerateMovesFast(int seat, Action* out) const;
  // The moves of `seat`'s piece on `from` one by one (a Scout, or the piece that repetition may
  // limit), in direction then distance order; `limited`: check the repetition rules.
  int PieceMoves(int seat, int from, bool limited, std::uint64_t hash, Action* out) const;
  // HasAnyMove with the board already copied into `padded` (move_scan.cc).
  bool HasAnyMove(int seat, const PaddedBoard& padded) const;
  // HasAnyMove of each seat.
  std::array<bool, 2> WhoCanMove() const;
  std::string WhyIllegalMove(Action action) const;
  void ApplyPlace(Action action);
  // Both armies stand: Red moves first, unless it cannot.
  void StartPlay();
  void ApplyMove(Action action, UndoData& undo);
  void ApplyRescue(Action action);
  // ChaseForbids with the position's OccupancyHash() computed by the caller.
  bool ChaseForbids(int seat, int from, int to, std::uint64_t hash) const;
  // Settles the attack of `attacker` on `defender` standing on `to`; true if the attacker won.
  bool Resolve(int seat, std::uint8_t attacker, std::uint8_t defender, int to, bool& flag_taken);
  std::string WhyIllegalRescue(Action action) const;
  // Whether the move just made by `seat` onto `to` earns the rescue choice (seed "Rescue").
  bool EarnsRescue(int seat, int to) const;
  // Whether the piece the last move put on the back row may really rescue (else the only choice
  // is "no rescue").
  bool MayRescue(int seat) const;
  // Follows the chases after `seat`'s move from `from` to `to` (`combat`: it was an attack);
  // notes in `undo` the chase slot it writes.
  void UpdateChases(int seat, int from, int to, bool combat, UndoData& undo);
  // Ends `seat`'s turn: both players' mobility, then the engine caps.
  void EndTurn(int seat);
  // Ends the game when the seat to move or the other has no move left; returns whether it did.
  bool EndIfStuck();
  void Finish(int winner, Ending ending);
};
static_assert(std::is_trivially_copyable_v<Position>);

// What a position text shows (the form is in stratego.h): everything (`Full()`), or one viewer's
// knowledge: which pieces stand on its board, the rank character it sees of each, whether it
// knows which of `seat`'s lost pieces the opponent never saw, and the last combat's defender.
struct PositionTextView {
  bool full = true;
  std::function<bool(std::uint8_t piece)> on_board;
  std::function<char(std::uint8_t piece)> rank;
  std::function<bool(int seat)> sees_unseen;
  std::function<char(const LastMove& last)> defender;
  static PositionTextView Full() {
    return {true, [](std::uint8_t) { return true; },
            [](std::uint8_t p) { return RankChar(PieceRank(p)); }, [](int) { return true; },
            [](const LastMove& last) { return RankChar(last.defender); }};
  }
};
std::string PositionToText(const Position& p, const PositionTextView& view);
// Parses the full form for a game with `rules`; throws quartel::Error naming the field.
Position PositionFromText(std::string_view text, const Rules& rules);
// The last combat's defender, when the seat that attacked was not shown it (silent_defense), set
// from the position's deal of `other`'s ranks: the piece that stayed on the square if it won, else
// the lowest of `other`'s losses of unseen rank. What a sample or a view read back holds there, so
// that it fits the deal and depends on nothing the attacker does not know.
void FillHiddenDefender(Position& pos, int other);
// Parses `viewer`'s view (the form with '?' and the thirteenth field, lost) into a position the
// viewer cannot tell from it: its unknown ranks given by a fixed rule (stratego.h).
Position PositionFromViewText(std::string_view text, const Rules& rules, int viewer);

}  // namespace quartel::stratego
