// Conspiradores: geometry, every rule (a positive and a negative case each), endings, undo,
// notation, and turn-level perft cross-checked by an independent brute-force counter.
#include "games/conspiradores/conspiradores.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "engine/conformance.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"

namespace quartel::conspiradores {
namespace {

using engine::Action;

std::shared_ptr<const ConspiradoresGame> LoadConsp(int players = 2, int max_turns = 2000) {
  games::RegisterAllGames();
  auto game = engine::LoadGame("conspiradores", {{"players", std::to_string(players)},
                                                 {"max_turns", std::to_string(max_turns)}});
  return std::static_pointer_cast<const ConspiradoresGame>(game);
}

std::vector<std::string> Names(const engine::State& state) {
  std::vector<std::string> out;
  for (Action a : state.LegalActions()) out.push_back(state.ActionToString(a));
  return out;
}

bool HasMove(const engine::State& state, const std::string& text) {
  const auto names = Names(state);
  return std::find(names.begin(), names.end(), text) != names.end();
}

// A piece of a composed position: its seat and point ("E7").
struct PieceAt {
  int seat;
  std::string point;
};

// A composed movement position written as position text (conspiradores.h, army "board"): the play
// order is the seat order and `to_move` acts, with no turn played yet.
std::unique_ptr<engine::State> Composed(const ConspiradoresGame& game,
                                        const std::vector<PieceAt>& pieces, int to_move) {
  constexpr std::string_view kLetters = "WBGO";
  std::vector<std::string> rows(kSize, std::string(kSize, '.'));
  for (const PieceAt& piece : pieces) {
    const int point = ParsePoint(piece.point).value();
    rows[kSize - 1 - RowOf(point)][ColOf(point)] = kLetters[piece.seat];
  }
  std::string text;
  for (const std::string& row : rows) text += (text.empty() ? "" : "/") + row;
  const std::string order(kLetters.substr(0, game.NumSeats()));
  return game.NewStateFromPosition(text + " " + order[to_move] + " " + order + " - board 0 0 -");
}

// Applies a typed action (notation), checked.
void Play(engine::State& state, const std::string& text) {
  state.ApplyAction(state.StringToAction(text));
}

// ------------------------------------------------------------------------------------------------
// Independent brute force: its own board, coordinates, Sanctuary list and chain recursion; it uses
// nothing of the engine's move generation (the engine state is only read through ViewJson).
namespace brute {

constexpr int N = 17;
struct Node {
  std::array<std::array<int, N>, N> cell;  // [col][row], -1 empty, else seat
  int seats = 2;
  std::array<int, 4> order{};
  int pos = 0;  // index in order of the seat to act
  bool placement = false;
  int placed = 0;
  bool over = false;
};

bool Sanctuary(int c, int r) {
  static const std::set<std::string> kList = {
      "A1",  "B1",  "D1",  "F1",  "H1",  "J1",  "L1",  "N1",  "P1", "Q1",  "A17", "B17", "D17",
      "F17", "H17", "I17", "J17", "L17", "N17", "P17", "Q17", "A2", "A4",  "A6",  "A8",  "A9",
      "A10", "A12", "A14", "A16", "Q2",  "Q4",  "Q6",  "Q8",  "Q9", "Q10", "Q12", "Q14", "Q16"};
  static const auto kTable = [] {
    std::array<std::array<bool, N>, N> table{};
    for (const auto& name : kList) table[name[0] - 'A'][std::stoi(name.substr(1)) - 1] = true;
    return table;
  }();
  return kTable[c][r];
}
bool In(int c, int r) { return c >= 0 && c < N && r >= 0 && r < N; }

int Unsheltered(const Node& node, int seat) {
  int count = 0;
  for (int c = 0; c < N; ++c) {
    for (int r = 0; r < N; ++r) count += node.cell[c][r] == seat && !Sanctuary(c, r);
  }
  return count;
}

bool JumpFrom(const Node& node, int c, int r) {
  for (int dc = -1; dc <= 1; ++dc) {
    for (int dr = -1; dr <= 1; ++dr) {
      if (dc == 0 && dr == 0) continue;
      const int oc = c + dc, orow = r + dr, lc = c + 2 * dc, lr = r + 2 * dr;
      if (!In(lc, lr) || node.cell[oc][orow] < 0 || node.cell[lc][lr] >= 0) continue;
      return true;
    }
  }
  return false;
}

bool CanMove(const Node& node, int seat) {
  for (int c = 0; c < N; ++c) {
    for (int r = 0; r < N; ++r) {
      if (node.cell[c][r] != seat || Sanctuary(c, r)) continue;
      for (int dc = -1; dc <= 1; ++dc) {
        for (int dr = -1; dr <= 1; ++dr) {
          if ((dc || dr) && In(c + dc, r + dr) && node.cell[c + dc][r + dr] < 0) return true;
        }
      }
      if (JumpFrom(node, c, r)) return true;
    }
  }
  return false;
}

// After a completed turn: next seat with a move, or the end.
void NextTurn(Node& node) {
  if (node.placement) {
    if (node.placed < 40) {
      node.pos = (node.pos + 1) % node.seats;
      return;
    }
    node.placement = false;
  }
  int active = 0;
  for (int s = 0; s < node.seats; ++s) active += Unsheltered(node, s) > 0;
  if (active <= 1) {
    node.over = true;
    return;
  }
  for (int k = 1; k <= node.seats; ++k) {
    const int p = (node.pos + k) % node.seats;
    if (Unsheltered(node, node.order[p]) > 0 && CanMove(node, node.order[p])) {
      node.pos = p;
      return;
    }
  }
  node.over = true;
}

using Visited = std::array<std::array<bool, N>, N>;

void Chain(const Node& node, int seat, int c, int r, Visited& visited, std::vector<Node>& out) {
  for (int dc = -1; dc <= 1; ++dc) {
    for (int dr = -1; dr <= 1; ++dr) {
      if (dc == 0 && dr == 0) continue;
      const int oc = c + dc, orow = r + dr, lc = c + 2 * dc, lr = r + 2 * dr;
      if (!In(lc, lr) || node.cell[oc][orow] < 0 || node.cell[lc][lr] >= 0) continue;
      if (visited[lc][lr]) continue;
      Node next = node;
      next.cell[c][r] = -1;
      next.cell[lc][lr] = seat;
      visited[lc][lr] = true;
      // Every landing is one turn (stop here, or the chain ends by itself); going on gives more.
      out.push_back(next);
      if (!Sanctuary(lc, lr)) Chain(next, seat, lc, lr, visited, out);
      visited[lc][lr] = false;
    }
  }
}

std::vector<Node> Turns(const Node& node) {
  std::vector<Node> out;
  const int seat = node.order[node.pos];
  if (node.placement) {
    for (int r = 6; r <= 10; ++r) {
      for (int c = 4; c <= 12; ++c) {
        if (node.cell[c][r] >= 0) continue;
        Node next = node;
        next.cell[c][r] = seat;
        ++next.placed;
        out.push_back(next);
      }
    }
  } else {
    for (int c = 0; c < N; ++c) {
      for (int r = 0; r < N; ++r) {
        if (node.cell[c][r] != seat || Sanctuary(c, r)) continue;
        for (int dc = -1; dc <= 1; ++dc) {
          for (int dr = -1; dr <= 1; ++dr) {
            if ((dc == 0 && dr == 0) || !In(c + dc, r + dr) || node.cell[c + dc][r + dr] >= 0) {
              continue;
            }
            Node next = node;
            next.cell[c][r] = -1;
            next.cell[c + dc][r + dr] = seat;
            out.push_back(next);
          }
        }
        Visited visited{};
        visited[c][r] = true;
        Chain(node, seat, c, r, visited, out);
      }
    }
  }
  for (Node& next : out) NextTurn(next);
  return out;
}

std::uint64_t Perft(const Node& node, int depth) {
  if (depth == 0) return 1;
  if (node.over) return 0;
  std::uint64_t total = 0;
  for (const Node& next : Turns(node)) total += Perft(next, depth - 1);
  return total;
}

// Reads a decision state (at a turn boundary) through its public JSON view.
Node FromState(const ConspiradoresState& state) {
  const Json view = state.ViewJson(engine::kSpectator);
  Node node;
  node.seats = view["players"].get<int>();
  const std::string letters = "WBGO";
  for (int r = 0; r < N; ++r) {
    const std::string line = view["board"][r].get<std::string>();
    for (int c = 0; c < N; ++c) {
      const auto k = letters.find(line[c]);
      node.cell[c][r] = k == std::string::npos ? -1 : static_cast<int>(k);
    }
  }
  const std::vector<std::string> names = {"white", "black", "green", "orange"};
  for (int k = 0; k < node.seats; ++k) {
    const auto name = view["order"][k].get<std::string>();
    node.order[k] = static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
    if (name == view["to_move"].get<std::string>()) node.pos = k;
  }
  node.placement = view["phase"] == "placement";
  for (int c = 0; c < N; ++c) {
    for (int r = 0; r < N; ++r) node.placed += node.cell[c][r] >= 0;
  }
  node.over = view["phase"] == "over";
  return node;
}

}  // namespace brute

std::uint64_t BrutePerft(const engine::State& state, int depth) {
  return brute::Perft(brute::FromState(static_cast<const ConspiradoresState&>(state)), depth);
}

// A random game played to a turn boundary `turns` turns after the start.
std::unique_ptr<engine::State> RandomPosition(const engine::Game& game, std::uint64_t seed,
                                              int turns) {
  auto state = game.NewInitialState();
  Rng rng(seed);
  std::vector<Action> scratch;
  int done = 0;
  while (!state->IsTerminal() && done < turns) {
    state->ApplyAction(engine::RandomAction(*state, rng, scratch));
    if (!state->IsChanceNode() && !state->MidTurn() && state->PlyCount() > 1) ++done;
  }
  return state;
}

// ------------------------------------------------------------------------------------------------

TEST(ConspiradoresGeometry, CentreAndSanctuaries) {
  EXPECT_EQ(kCentre.Count(), 45);
  for (int p = 0; p < kNumPoints; ++p) {
    const bool centre = ColOf(p) >= 4 && ColOf(p) <= 12 && RowOf(p) >= 6 && RowOf(p) <= 10;
    EXPECT_EQ(IsCentre(p), centre) << PointName(p);
  }
  const std::set<std::string> listed = {
      "A1",  "B1",  "D1",  "F1",  "H1",  "J1",  "L1",  "N1",  "P1", "Q1",  "A17", "B17", "D17",
      "F17", "H17", "I17", "J17", "L17", "N17", "P17", "Q17", "A2", "A4",  "A6",  "A8",  "A9",
      "A10", "A12", "A14", "A16", "Q2",  "Q4",  "Q6",  "Q8",  "Q9", "Q10", "Q12", "Q14", "Q16"};
  ASSERT_EQ(listed.size(), 39u);
  std::set<std::string> found;
  kSanctuaries.ForEach([&](int p) { found.insert(PointName(p)); });
  EXPECT_EQ(found, listed);
  EXPECT_FALSE(IsSanctuary(*ParsePoint("I1")));
  EXPECT_TRUE(IsSanctuary(*ParsePoint("I17")));
  EXPECT_EQ(*ParsePoint("e7"), PointAt(4, 6));
  EXPECT_EQ(PointName(PointAt(16, 16)), "Q17");
  EXPECT_FALSE(ParsePoint("R1"));
  EXPECT_FALSE(ParsePoint("A18"));
  EXPECT_FALSE(ParsePoint("A0"));
  EXPECT_EQ(Neighbour(PointAt(0, 0), 5), kNoPoint);
  EXPECT_EQ(JumpLanding(PointAt(1, 1), 5), kNoPoint);
  EXPECT_EQ(JumpLanding(PointAt(2, 2), 5), PointAt(0, 0));
}

TEST(ConspiradoresGame, RegistryAndShape) {
  auto game = LoadConsp(4);
  EXPECT_EQ(game->NumSeats(), 4);
  EXPECT_EQ(game->SeatName(3), "orange");
  EXPECT_EQ(game->NumDistinctActions(), 4938);
  EXPECT_EQ(game->TensorSize(), (6 * 4 + 9) * 289);  // conspiradores.h, ViewTensor
  const auto& info = engine::FindGame("conspiradores");
  EXPECT_EQ(info.seat_counts, (std::vector<int>{2, 4}));
  EXPECT_TRUE(info.has_chance);
  EXPECT_THROW(LoadConsp(3), Error);
  auto state = game->NewInitialState();
  std::vector<float> tensor(game->TensorSize());
  state->ViewTensor(0, tensor);
  EXPECT_EQ(state->ViewJson(engine::kSpectator)["phase"], "order");
}

TEST(ConspiradoresChance, PlayOrderByLot) {
  auto game2 = LoadConsp(2);
  auto state = game2->NewInitialState();
  ASSERT_TRUE(state->IsChanceNode());
  const auto outcomes = state->ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  EXPECT_EQ(state->ActionToString(0), "order 1,2");
  EXPECT_EQ(state->ActionToString(1), "order 2,1");
  EXPECT_FALSE(state->WhyIllegal(2).empty());  // only two orders with 2 players
  EXPECT_FALSE(state->WhyIllegal(PlaceAction(PointAt(8, 8))).empty());
  Play(*state, "ORDER 2,1");
  EXPECT_EQ(state->CurrentSeat(), 1);  // black plays first
  EXPECT_FALSE(state->WhyIllegal(0).empty());

  auto game4 = LoadConsp(4);
  auto state4 = game4->NewInitialState();
  const auto outcomes4 = state4->ChanceOutcomes();
  ASSERT_EQ(outcomes4.size(), 24u);
  EXPECT_EQ(state4->ActionToString(0), "order 1,2,3,4");
  EXPECT_EQ(state4->ActionToString(23), "order 4,3,2,1");
  for (const auto& o : outcomes4) {
    EXPECT_DOUBLE_EQ(o.probability, 1.0 / 24);
    EXPECT_EQ(state4->StringToAction(state4->ActionToString(o.action)), o.action);
  }
  EXPECT_THROW(state4->StringToAction("order 1,1,2,3"), Error);
  Play(*state4, "order 3,1,4,2");
  EXPECT_EQ(state4->CurrentSeat(), 2);
  Play(*state4, "G9");
  EXPECT_EQ(state4->CurrentSeat(), 0);
}

TEST(ConspiradoresPlacement, OnlyEmptyCentrePoints) {
  auto game = LoadConsp(2);
  auto state = game->NewInitialState();
  engine::SkipOpeningChance(*state);
  EXPECT_EQ(state->LegalActions().size(), 45u);
  EXPECT_THROW(Play(*state, "A1"), Error);      // a Sanctuary, not the Centre
  EXPECT_THROW(Play(*state, "D7"), Error);      // just outside the Centre
  EXPECT_THROW(Play(*state, "G9-G10"), Error);  // nothing moves during placement
  Play(*state, "e7");
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(state->LegalActions().size(), 44u);
  EXPECT_NE(state->WhyIllegal(PlaceAction(PointAt(4, 6))).find("occupied"), std::string::npos);
  // 40 placements fill 40 of the 45 points, alternating, then movement begins with the first seat.
  Rng rng(3);
  std::vector<Action> scratch;
  for (int k = 1; k < 40; ++k) {
    EXPECT_EQ(state->CurrentSeat(), k % 2);
    state->ApplyAction(engine::RandomAction(*state, rng, scratch));
  }
  const auto& pos = static_cast<const ConspiradoresState&>(*state).position();
  EXPECT_EQ(pos.meta.phase, Phase::kMovement);
  EXPECT_EQ(pos.pieces[0].Count(), 20);
  EXPECT_EQ(pos.pieces[1].Count(), 20);
  EXPECT_EQ(state->CurrentSeat(), 0);
  for (Action a : state->LegalActions()) EXPECT_FALSE(IsPlacement(a));
}

TEST(ConspiradoresMove, StepsInEightDirections) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "H9"}, {1, "C3"}}, 0);
  EXPECT_EQ(Names(*state), (std::vector<std::string>{"H9-H10", "H9-I10", "H9-I9", "H9-I8", "H9-H8",
                                                     "H9-G8", "H9-G9", "H9-G10"}));
  Play(*state, "h9-i10");
  EXPECT_EQ(state->CurrentSeat(), 1);
  // Blocked direction and board edge: C3's piece next to white's, E1 on the edge.
  auto edge = Composed(*game, {{0, "E1"}, {0, "E2"}, {1, "C3"}}, 0);
  EXPECT_FALSE(HasMove(*edge, "E1-E2"));  // occupied (E1-E3 is the jump over it instead)
  EXPECT_TRUE(HasMove(*edge, "E1-E3"));
  EXPECT_FALSE(edge->WhyIllegal(StepAction(PointAt(4, 0), 4)).empty());  // off the board
  EXPECT_THROW(Play(*edge, "E1-E2"), Error);
  EXPECT_THROW(Play(*edge, "C3-C4"), Error);  // not white's piece
}

TEST(ConspiradoresMove, JumpsOverOwnAndEnemyPieces) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "H9"}, {0, "H10"}, {1, "I9"}, {1, "C3"}}, 0);
  EXPECT_TRUE(HasMove(*state, "H9-H11"));  // over own piece
  EXPECT_TRUE(HasMove(*state, "H9-J9"));   // over enemy piece
  EXPECT_FALSE(HasMove(*state, "H9-F9"));  // nothing on G9 to jump over
  EXPECT_TRUE(state->WhyIllegal(JumpAction(*ParsePoint("H9"), 0)).empty());
  EXPECT_THROW(state->StringToAction("H9-F9"), Error);
  auto blocked = Composed(*game, {{0, "H9"}, {1, "I9"}, {1, "J9"}}, 0);
  EXPECT_FALSE(HasMove(*blocked, "H9-J9"));  // landing occupied
  Play(*state, "H9-J9");                     // no further jump from J9: the turn ends by itself
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_FALSE(state->MidTurn());
}

TEST(ConspiradoresChain, NoRevisitStartIncludedAndStop) {
  auto game = LoadConsp(2);
  // Around a square: E5 -> G5 -> G7 -> E7 could close back to E5 over E6.
  auto state = Composed(*game, {{0, "E5"}, {1, "F5"}, {1, "G6"}, {1, "F7"}, {1, "E6"}}, 0);
  Play(*state, "E5-G5");
  EXPECT_TRUE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(Names(*state), (std::vector<std::string>{"G5-G7", "stop"}));  // not back to E5
  EXPECT_NE(state->WhyIllegal(JumpAction(PointAt(6, 4), 6)).find("visited"), std::string::npos);
  EXPECT_THROW(Play(*state, "G5-E5"), Error);
  EXPECT_THROW(Play(*state, "G5-G6"), Error);  // no step in the middle of a chain
  Play(*state, "G5-G7");
  EXPECT_EQ(Names(*state), (std::vector<std::string>{"G7-E7", "stop"}));
  Play(*state, "G7-E7");  // E5 (start) and G7 are visited: the chain ends by itself
  EXPECT_FALSE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 1);

  auto stopped = Composed(*game, {{0, "E5"}, {1, "F5"}, {1, "G6"}, {1, "F7"}, {1, "E6"}}, 0);
  EXPECT_FALSE(stopped->WhyIllegal(kStopAction).empty());  // nothing to stop yet
  Play(*stopped, "E5-G5");
  Play(*stopped, "stop");
  EXPECT_EQ(stopped->CurrentSeat(), 1);
  EXPECT_EQ(static_cast<const ConspiradoresState&>(*stopped).position().OwnerAt(PointAt(6, 4)), 0);
  // A typed chain is the jumps typed, no more: where it could go on, the player is still to move
  // (the terminal asks for the next jump or stop); nothing adds a stop on its own.
  auto typed = Composed(*game, {{0, "E5"}, {1, "F5"}, {1, "G6"}, {1, "F7"}, {1, "E6"}}, 0);
  const auto turn = typed->StringToTurn("E5-G5");
  ASSERT_EQ(turn.size(), 1u);
  auto after = typed->Clone();
  after->ApplyAction(turn.front());
  EXPECT_TRUE(after->MidTurn());
  EXPECT_EQ(after->CurrentSeat(), 0);
  EXPECT_EQ(typed->StringToTurn("E5-G5-G7").size(), 2u);
  const auto full = typed->StringToTurn("e5-g5-g7-e7");
  EXPECT_EQ(full.size(), 3u);
  EXPECT_THROW(typed->StringToTurn("E5-G5-G7-E7-E5"), Error);
  EXPECT_THROW(typed->StringToTurn("E5-G5-E5"), Error);
}

TEST(ConspiradoresChain, EndsOnSanctuary) {
  auto game = LoadConsp(2);
  // C3 jumps over B2 to A1 (a Sanctuary); from A1 it could jump over A2 to A3, but the chain ends.
  auto state = Composed(*game, {{0, "C3"}, {1, "B2"}, {1, "A2"}, {0, "H9"}}, 0);
  Play(*state, "C3-A1");
  EXPECT_FALSE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 1);
  // Negative: landing on an ordinary point with a jump left keeps the chain going.
  auto going = Composed(*game, {{0, "E5"}, {1, "D4"}, {1, "C4"}, {0, "H9"}}, 0);
  Play(*going, "E5-C3");
  EXPECT_TRUE(going->MidTurn());
  EXPECT_TRUE(HasMove(*going, "C3-C5"));
}

TEST(ConspiradoresShelter, ShelteredPiecesNeverMoveButCanBeJumped) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "A2"}, {0, "C3"}, {1, "B2"}, {1, "J9"}}, 1);
  // Black's B2 may jump over white's sheltered A2? No: A2-beyond is off the board. Over C3 to D4.
  EXPECT_TRUE(HasMove(*state, "B2-D4"));
  Play(*state, "J9-J10");
  for (const auto& name : Names(*state)) EXPECT_NE(name.substr(0, 3), "A2-") << name;
  EXPECT_NE(state->WhyIllegal(StepAction(PointAt(0, 1), 0)).find("sheltered"), std::string::npos);
  auto over = Composed(*game, {{0, "A6"}, {1, "B5"}, {1, "A7"}, {0, "J9"}}, 1);
  EXPECT_TRUE(HasMove(*over, "A7-A5"));  // black jumps over white's sheltered piece on A6
  EXPECT_TRUE(HasMove(*over, "B5-C5"));
}

TEST(ConspiradoresMove, OnePiecePerPoint) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "A3"}, {1, "A4"}, {1, "A5"}, {0, "J9"}}, 0);
  EXPECT_NE(state->WhyIllegal(StepAction(PointAt(0, 2), 0)).find("occupied"), std::string::npos);
  EXPECT_NE(state->WhyIllegal(JumpAction(PointAt(0, 2), 0)).find("occupied"), std::string::npos);
  EXPECT_TRUE(HasMove(*state, "A3-B4"));
}

TEST(ConspiradoresPass, BlockedPlayerPassesImplicitly) {
  auto game = LoadConsp(2);
  // Black's A3 is walled in: every neighbour and every landing beyond is taken.
  const std::vector<PieceAt> pieces = {{1, "A3"}, {0, "A4"}, {0, "B4"}, {0, "B3"},
                                       {0, "B2"}, {0, "A2"}, {0, "A5"}, {0, "C5"},
                                       {0, "C3"}, {0, "C1"}, {0, "A1"}, {0, "J9"}};
  // A walled-in player is never the one to move (the text with black to move is refused).
  EXPECT_THROW(Composed(*game, pieces, 1), Error);
  auto state = Composed(*game, pieces, 0);
  Play(*state, "J9-J10");
  EXPECT_EQ(state->CurrentSeat(), 0);  // black could not move: white plays
  Play(*state, "J10-J11");
  EXPECT_EQ(state->CurrentSeat(), 0);  // and again
  EXPECT_FALSE(state->IsTerminal());
  // Negative: once the wall opens, black plays again.
  Play(*state, "C3-D3");
  EXPECT_EQ(state->CurrentSeat(), 1);
}

TEST(ConspiradoresEnd, TwoPlayersOneLoses) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "B2"}, {0, "A1"}, {1, "H9"}, {1, "J9"}}, 0);
  EXPECT_FALSE(state->IsTerminal());
  Play(*state, "B2-B1");  // white's last piece shelters: black is the only one left
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Results(),
            (std::vector<engine::Outcome>{engine::Outcome::kWin, engine::Outcome::kLoss}));
  EXPECT_EQ(state->Returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_FALSE(state->WhyIllegal(StepAction(PointAt(7, 8), 0)).empty());
  EXPECT_TRUE(state->LegalActions().empty());
  // Negative: a step that does not shelter the last piece goes on.
  auto going = Composed(*game, {{0, "B2"}, {0, "A1"}, {1, "H9"}, {1, "J9"}}, 0);
  Play(*going, "B2-C2");
  EXPECT_FALSE(going->IsTerminal());
}

TEST(ConspiradoresEnd, FourPlayersThreeSafeOneLoses) {
  auto game = LoadConsp(4);
  auto state = Composed(
      *game, {{0, "A1"}, {1, "Q1"}, {2, "B2"}, {2, "A17"}, {3, "H9"}, {3, "J9"}, {3, "K9"}}, 2);
  EXPECT_EQ(state->CurrentSeat(), 2);  // white and black are safe and no longer play
  Play(*state, "B2-B1");
  ASSERT_TRUE(state->IsTerminal());
  const auto returns = state->Returns();
  EXPECT_DOUBLE_EQ(returns[3], -1.0);
  for (int s = 0; s < 3; ++s) EXPECT_DOUBLE_EQ(returns[s], 1.0 / 3);
  EXPECT_EQ(state->Results()[3], engine::Outcome::kLoss);
  EXPECT_EQ(state->Results()[0], engine::Outcome::kWin);
  // Negative: with two players still unsheltered, the game goes on and safe seats are skipped.
  auto going =
      Composed(*game, {{0, "A1"}, {1, "Q1"}, {2, "B3"}, {2, "A17"}, {3, "H9"}, {3, "J9"}}, 2);
  Play(*going, "B3-B4");
  EXPECT_FALSE(going->IsTerminal());
  EXPECT_EQ(going->CurrentSeat(), 3);
  Play(*going, "H9-H10");
  EXPECT_EQ(going->CurrentSeat(), 2);
}

TEST(ConspiradoresEnd, EngineCapMostUnshelteredLose) {
  auto game = LoadConsp(2, 1);
  auto state = Composed(*game, {{0, "H9"}, {0, "H5"}, {1, "J9"}}, 0);
  Play(*state, "H9-H10");
  ASSERT_TRUE(state->IsTerminal());  // cap reached: white has 2 unsheltered, black 1
  EXPECT_EQ(state->Returns(), (std::vector<double>{-1.0, 1.0}));
  auto tied = Composed(*game, {{0, "H9"}, {1, "J9"}}, 0);
  Play(*tied, "H9-H10");
  ASSERT_TRUE(tied->IsTerminal());
  EXPECT_EQ(tied->Results()[0], engine::Outcome::kDraw);
  EXPECT_EQ(tied->Returns(), (std::vector<double>{0.0, 0.0}));
  // The cap also stops a game still in its placement phase: 20 each unsheltered, a draw.
  auto capped = LoadConsp(2, 40);
  auto full = RandomPosition(*capped, 5, 40);
  ASSERT_TRUE(full->IsTerminal());
  EXPECT_EQ(full->Results()[1], engine::Outcome::kDraw);
  auto one = LoadConsp(2, 1);
  auto early = RandomPosition(*one, 5, 1);  // capped after the first placement: 20 vs 20
  ASSERT_TRUE(early->IsTerminal());
  EXPECT_EQ(early->Results()[0], engine::Outcome::kDraw);
  EXPECT_EQ(early->ViewJson(0)["unsheltered"][0], 20);
  // Four players: the two still in play tie at the cap, so both lose and the safe seats win.
  auto four = LoadConsp(4, 1);
  auto capped4 = Composed(*four, {{0, "A1"}, {1, "Q1"}, {2, "H9"}, {3, "J9"}}, 2);
  Play(*capped4, "H9-H10");
  ASSERT_TRUE(capped4->IsTerminal());
  EXPECT_EQ(capped4->Results(),
            (std::vector<engine::Outcome>{engine::Outcome::kWin, engine::Outcome::kWin,
                                          engine::Outcome::kLoss, engine::Outcome::kLoss}));
  // Negative: below the cap the game goes on.
  auto longer = LoadConsp(2, 2);
  auto open = Composed(*longer, {{0, "H9"}, {0, "H5"}, {1, "J9"}}, 0);
  Play(*open, "H9-H10");
  EXPECT_FALSE(open->IsTerminal());
}

TEST(ConspiradoresEnd, RandomGamesEndWithOneLoser) {
  for (int players : {2, 4}) {
    auto game = LoadConsp(players);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = game->NewInitialState();
      Rng rng(seed);
      std::vector<Action> scratch;
      engine::PlayRandomToEnd(*state, rng, scratch);
      const auto results = state->Results();
      const auto returns = state->Returns();
      double sum = 0;
      for (double r : returns) sum += r;
      EXPECT_NEAR(sum, 0.0, 1e-12);
      EXPECT_EQ(static_cast<int>(results.size()), players);
    }
  }
}

TEST(ConspiradoresUndo, RestoresEqualsForEveryAction) {
  for (int players : {2, 4}) {
    auto game = LoadConsp(players, 400);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      auto state = game->NewInitialState();
      auto before = state->Clone();
      Rng rng(seed);
      std::vector<Action> scratch, legal;
      while (!state->IsTerminal()) {
        if (state->IsChanceNode()) {
          legal.clear();
          for (const auto& o : state->ChanceOutcomes()) legal.push_back(o.action);
        } else {
          state->LegalActions(legal);
        }
        for (Action a : legal) {
          before->CopyFrom(*state);
          engine::UndoInfo undo;
          state->ApplyAction(a, undo);
          state->UndoAction(a, undo);
          ASSERT_TRUE(state->Equals(*before)) << state->ActionToString(a);
        }
        state->ApplyAction(engine::RandomAction(*state, rng, scratch));
      }
    }
  }
}

TEST(ConspiradoresNotation, RoundTripForEveryLegalAction) {
  for (int players : {2, 4}) {
    auto game = LoadConsp(players, 300);
    auto state = game->NewInitialState();
    Rng rng(7);
    std::vector<Action> scratch;
    while (!state->IsTerminal()) {
      if (!state->IsChanceNode()) {
        for (Action a : state->LegalActions()) {
          const std::string text = state->ActionToString(a);
          ASSERT_EQ(state->StringToAction(text), a) << text;
          ASSERT_EQ(state->StringToAction(ToLower(text)), a) << text;
        }
      }
      state->ApplyAction(engine::RandomAction(*state, rng, scratch));
    }
  }
}

TEST(ConspiradoresNotation, IllegalNotationErrors) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "H9"}, {0, "H10"}, {1, "J9"}}, 0);
  for (const std::string text : {"", "Z9", "H0", "H18", "H9-H12", "H9-J10", "H9-H9", "H9-", "stop",
                                 "order 1,2", "G9", "J9-J10", "H9xH11", "banana"}) {
    try {
      state->StringToAction(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("'" + text + "'"), std::string::npos) << e.what();
    }
  }
  for (Action a : {-1, 4938, 100000}) EXPECT_FALSE(state->WhyIllegal(a).empty());
  for (Action a = 0; a < kNumDistinctActions; ++a) {
    const bool legal = state->WhyIllegal(a).empty();
    const auto actions = state->LegalActions();
    EXPECT_EQ(legal, std::binary_search(actions.begin(), actions.end(), a)) << a;
  }
}

// The draw of the play order is told with the seats' names (what the terminal prints for it).
TEST(ConspiradoresViews, PlayOrderDrawIsToldInWords) {
  for (int players : {2, 4}) {
    auto game = LoadConsp(players);
    auto state = game->NewInitialState();
    const Action last = static_cast<Action>(PlayOrders(players).size()) - 1;
    const std::string told = state->DescribeTurn(std::vector<Action>{last}, engine::kSpectator);
    EXPECT_EQ(told, players == 2 ? "play order by lot: black, white"
                                 : "play order by lot: orange, green, black, white");
  }
}

TEST(ConspiradoresNotation, LongTextIsNotEchoed) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "H9"}, {0, "H10"}, {1, "J9"}}, 0);
  for (const std::string& text : {"H9-" + std::string(150, 'z'), std::string(150, 'q')}) {
    try {
      state->StringToTurn(text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()).find(text.substr(0, 61)), std::string::npos) << e.what();
    }
  }
}

TEST(ConspiradoresViews, JsonTextTensor) {
  auto game = LoadConsp(2);
  auto state = Composed(*game, {{0, "E5"}, {1, "F5"}, {1, "G6"}}, 0);
  Play(*state, "E5-G5");
  const Json view = state->ViewJson(0);
  EXPECT_EQ(view["game"], "conspiradores");
  EXPECT_EQ(view["chain"]["at"], "G5");
  EXPECT_EQ(view["board"][4].get<std::string>().substr(5, 2), "BW");
  EXPECT_EQ(view["sanctuaries"].size(), 39u);
  EXPECT_EQ(view["unsheltered"][1], 2);
  const std::string text = state->ViewText(0, false);
  EXPECT_NE(text.find("white to move"), std::string::npos);
  EXPECT_NE(state->ViewText(0, true).find("\x1b["), std::string::npos);
  std::vector<float> tensor(game->TensorSize());
  state->ViewTensor(0, tensor);
  // Two seats: planes as conspiradores.h numbers them with n = 2.
  EXPECT_EQ(static_cast<int>(game->TensorLayout().size()), game->TensorShape()[0]);
  EXPECT_EQ(tensor[0 * 289 + 4 * 17 + 6], 1.0f);       // white on G5
  EXPECT_EQ(tensor[4 * 289 + 4 * 17 + 4], 1.0f);       // E5 visited
  EXPECT_EQ(tensor[5 * 289 + 4 * 17 + 6], 1.0f);       // the chain's piece on G5
  EXPECT_EQ(tensor[6 * 289], 1.0f);                    // white to move
  EXPECT_EQ(tensor[7 * 289], 0.0f);                    // black not
  EXPECT_EQ(tensor[12 * 289], 1.0f);                   // the movement phase
  EXPECT_EQ(tensor[8 * 289] + tensor[9 * 289], 3.0f);  // places 1 and 2 in the play order
  EXPECT_EQ(tensor[14 * 289], static_cast<float>(view["turns"].get<int>()));
  EXPECT_EQ(tensor[15 * 289], 0.0f);  // no result before the end
}

TEST(ConspiradoresConformance, RandomGames) {
  for (int players : {2, 4}) {
    auto game = LoadConsp(players, 300);
    engine::ConformanceOptions options;
    options.games = 3;
    engine::RunConformance(*game, options);
  }
}

// ------------------------------------------------------------------------------------------------
// Perft (turns): engine vs the independent counter.

TEST(ConspiradoresPerft, FromTheStart) {
  auto game = LoadConsp(2);
  auto state = game->NewInitialState();
  engine::SkipOpeningChance(*state);
  // 45, 45*44 = 1980, 45*44*43 = 85140 ways to place the first pieces.
  const std::uint64_t expected[] = {45, 1980, 85140};
  for (int depth = 1; depth <= 3; ++depth) {
    EXPECT_EQ(engine::PerftTurns(*state, depth), expected[depth - 1]);
    EXPECT_EQ(BrutePerft(*state, depth), expected[depth - 1]);
  }
}

void CheckPerft(const engine::State& state, const std::vector<std::uint64_t>& expected) {
  for (int depth = 1; depth <= static_cast<int>(expected.size()); ++depth) {
    const std::uint64_t engine_count = engine::PerftTurns(state, depth);
    EXPECT_EQ(engine_count, BrutePerft(state, depth)) << "depth " << depth;
    EXPECT_EQ(engine_count, expected[depth - 1]) << "depth " << depth;
  }
}

TEST(ConspiradoresPerft, MidGameTwoPlayers) {
  auto game = LoadConsp(2);
  auto state = RandomPosition(*game, 11, 70);  // 40 placements + 30 movement turns
  ASSERT_FALSE(state->IsTerminal());
  CheckPerft(*state, {314, 104536});  // depth 1: 314 turns, depth 2: 104536
}

TEST(ConspiradoresPerft, MidGameFourPlayers) {
  auto game = LoadConsp(4);
  auto state = RandomPosition(*game, 12, 80);
  ASSERT_FALSE(state->IsTerminal());
  CheckPerft(*state, {105, 13434});  // depth 1: 105 turns, depth 2: 13434
}

TEST(ConspiradoresPerft, LongJumpChains) {
  auto game = LoadConsp(2);
  // White on E5 (and K12) amid a lattice of black pieces on the odd-odd (0-based) points B2..H8
  // plus a row B5..H5: chains wander diagonally and along row 5 over the even-even points, some
  // ending on the Sanctuaries A1 and A9.
  std::vector<PieceAt> pieces = {{0, "E5"}, {0, "K12"}};
  for (const char* p : {"B2", "D2", "F2", "H2", "B4", "D4", "F4", "H4", "B6", "D6",
                        "F6", "H6", "B8", "D8", "F8", "H8", "B5", "D5", "F5", "H5"}) {
    pieces.push_back({1, p});
  }
  auto state = Composed(*game, pieces, 0);
  // depth 1: 3182 turns (almost all of them chains), depth 2: 508305
  CheckPerft(*state, {3182, 508305});
}

TEST(ConspiradoresPerft, BusyCentreAfterPlacement) {
  auto game = LoadConsp(2);
  auto state = RandomPosition(*game, 21, 40);  // the first movement turn: a packed Centre
  ASSERT_FALSE(state->IsTerminal());
  CheckPerft(*state, {150, 27465});  // depth 1: 150 turns, depth 2: 27465
}

}  // namespace
}  // namespace quartel::conspiradores
