// Dablot views: JSON, tensor and text (dablot.h, "Views"); a perfect-information game, so every
// viewer sees the same.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/error.h"
#include "core/text.h"
#include "games/dablot/dablot.h"

namespace quartel::dablot {

namespace {

// Why a finished game ended, in the order Position::EndTurn judges it (seed "Fim do jogo",
// rulings "Dablot"): a side lost its last piece; one piece each, the higher rank wins (King
// against Landlord is the only draw); the side to move cannot move; the engine's turn cap.
const char* EndingOf(const Position& p) {
  const Header& h = p.h;
  if (h.counts[0] == 0 || h.counts[1] == 0) return "no pieces";
  const bool single = h.counts[0] == 1 && h.counts[1] == 1;
  std::array<int, 2> rank{};  // of each side's last piece, when one each is left
  for (Piece piece : p.board) {
    if (single && piece != Piece::kEmpty) rank[Owner(piece)] = Rank(piece);
  }
  if (h.winner == kNone)
    return single && rank[0] == 3 && rank[1] == 3 ? "king and landlord" : "turn cap";
  return single && rank[0] != rank[1] ? "higher rank" : "no move";
}

}  // namespace

bool DablotState::EndedAtCap() const {
  return IsTerminal() && std::string_view(EndingOf(position_)) == "turn cap";
}

Json DablotState::ViewJson(engine::Seat) const {
  const Header& h = position_.h;
  Json view;
  view["game"] = "dablot";
  Json board = Json::array();
  for (Piece p : position_.board) {
    if (p == Piece::kEmpty) {
      board.push_back(nullptr);
    } else {
      board.push_back(std::string(1, PieceLetter(p)));
    }
  }
  view["board"] = board;
  view["to_move"] = h.phase == Phase::kPlay ? Json(h.to_move) : Json(nullptr);
  view["chain_from"] = h.chain != kNone ? Json(h.chain + 1) : Json(nullptr);
  view["turn"] = h.turns;
  if (h.phase == Phase::kOver) {
    view["result"] = {{"winner", h.winner == kNone ? Json(nullptr) : Json(h.winner)},
                      {"ending", EndingOf(position_)}};
  } else {
    view["result"] = nullptr;
  }
  return view;
}

std::vector<std::string> DablotGame::TensorLayout() const {
  std::vector<std::string> layout = {"Sámi soldiers: 1 on each",
                                     "the Sámi Prince: 1 on it",
                                     "the Sámi King: 1 on it",
                                     "Swedish soldiers: 1 on each",
                                     "the Landlord's Son: 1 on it",
                                     "the Landlord: 1 on it",
                                     "the piece that must go on jumping (chain_from): 1 on it"};
  for (const char* phase : {"the first player is drawn", "play", "over"}) {
    layout.push_back(fmt::format("phase {}: all 1", phase));
  }
  for (const char* side : {"the Sámi", "the Swedes"}) {
    layout.push_back(fmt::format("{} to move: all 1", side));
  }
  for (const char* side : {"the Sámi", "the Swedes"}) {
    layout.push_back(fmt::format("{} won: all 1", side));
  }
  // Built in place: a temporary string here trips GCC 12's -Warray-bounds (a false positive).
  layout.emplace_back("completed turns: the count");
  return layout;
}

// The information of ViewJson, plane by plane (dablot.h).
void DablotState::ViewTensor(engine::Seat, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const Geometry& g = Geo();
  const Header& h = position_.h;
  constexpr int kPlane = kGridHeight * kGridWidth;
  const auto cell = [&](int p) { return g.y[p] * kGridWidth + g.x[p]; };
  const auto fill = [&out](int plane, float value) {
    std::fill(out.begin() + plane * kPlane, out.begin() + (plane + 1) * kPlane, value);
  };
  for (int p = 0; p < kNumPoints; ++p) {
    const int code = static_cast<int>(position_.board[p]);
    if (code != 0) out[(code - 1) * kPlane + cell(p)] = 1.0f;
  }
  if (h.chain != kNone) out[kPlaneChain * kPlane + cell(h.chain)] = 1.0f;
  fill(kPlanePhase + static_cast<int>(h.phase), 1.0f);
  if (h.phase == Phase::kPlay) fill(kPlaneToMove + h.to_move, 1.0f);
  if (h.phase == Phase::kOver && h.winner != kNone) fill(kPlaneWinner + h.winner, 1.0f);
  fill(kPlaneTurns, static_cast<float>(h.turns));
}

// The board drawn with the Swedish side on top: every point shows its number, an occupied point the
// piece letter before it ("S12"), so a player can read off what to type.
std::string DablotState::ViewText(engine::Seat, bool colour) const {
  const Geometry& g = Geo();
  auto cell_text = [&](int p) {
    const Piece piece = position_.board[p];
    if (piece == Piece::kEmpty) return fmt::format("{:>3}", p + 1);
    std::string text = fmt::format("{}{:<2}", PieceLetter(piece), p + 1);
    if (!colour) return text;
    // Sámi yellow, Swedes red, as the seed's pieces; as backgrounds, with a text colour of their
    // own, so that they read on light and dark terminals alike. The chain's piece is underlined.
    const bool chain = position_.h.chain == p;
    const char* code = Owner(piece) == 0 ? "30;43" : "97;41";
    return fmt::format("\x1b[{}{}m{}\x1b[0m", chain ? "1;4;" : "1;", code, text);
  };
  // Cells are 3 characters wide with one between them; corner rows join their corners with '-',
  // vertical lines (even x) show as '|', and between two rows each gap holds its one diagonal.
  std::string out;
  for (int y = kGridHeight - 1; y >= 0; --y) {
    const bool corner_row = y % 2 == 0;
    for (int x = 0; x < kGridWidth; ++x) {
      const int p = g.point_at[y][x];
      out += p != kNone ? cell_text(p) : (corner_row ? "---" : " | ");
      if (x + 1 < kGridWidth) out += corner_row ? "-" : " ";
    }
    out += "\n";
    if (y == 0) break;
    for (int x = 0; x < kGridWidth; ++x) {
      out += x % 2 == 0 ? " | " : "   ";
      // The segment from (x, y - 1) up to (x + 1, y) exists when x and y - 1 have equal parity.
      if (x + 1 < kGridWidth) out += (x + y - 1) % 2 == 0 ? "/" : "\\";
    }
    out += "\n";
  }
  out +=
      "Sámi: S soldier, P Prince, K King. Swedes: s soldier, p Landlord's Son, l Landlord.\n"
      "Ranks: soldier < Prince, Son < King, Landlord; a piece captures equal or lower ranks.\n";
  const Header& h = position_.h;
  if (h.phase == Phase::kOver) {
    out += h.winner == kNone ? "Game over: draw\n"
                             : fmt::format("Game over: {} win\n", kSeatNames[h.winner]);
  } else if (h.phase == Phase::kChance) {
    out += "The first player is about to be drawn by lot\n";
  } else if (h.chain != kNone) {
    out += fmt::format("{} to move, continuing the capture chain from {} (or stop)\n",
                       kSeatNames[h.to_move], h.chain + 1);
  } else {
    out += fmt::format("{} to move (turn {})\n", kSeatNames[h.to_move], h.turns + 1);
  }
  return out;
}

}  // namespace quartel::dablot
