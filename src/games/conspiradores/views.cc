// Conspiradores views: JSON, tensor and text (conspiradores.h, "Views"); a perfect-information
// game, so every viewer sees the same.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/text.h"
#include "games/conspiradores/conspiradores.h"

namespace quartel::conspiradores {
namespace {

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kOrder:
      return "order";
    case Phase::kPlacement:
      return "placement";
    case Phase::kMovement:
      return "movement";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

}  // namespace

namespace {

// Why a finished game ended, as Position::PassTurnOn judges it (rulings "Conspiradores"): every
// player but one (or all) got their conspirators into Sanctuaries; else the engine's turn cap, or
// nobody can move. In the last two the most pieces still outside lose.
const char* EndingOf(const Position& p) {
  int outside = 0;
  for (int s = 0; s < p.meta.num_seats; ++s) outside += p.Unsheltered(s) > 0 ? 1 : 0;
  if (outside <= 1) return "sheltered";
  return p.meta.turns >= p.meta.max_turns ? "turn cap" : "no move";
}

}  // namespace

bool ConspiradoresState::EndedAtCap() const {
  return IsTerminal() && std::string_view(EndingOf(pos_)) == "turn cap";
}

Json ConspiradoresState::ViewJson(Seat) const {
  const int n = pos_.meta.num_seats;
  Json view;
  view["game"] = "conspiradores";
  view["players"] = n;
  Json board = Json::array();
  for (int r = 0; r < kSize; ++r) {
    std::string line;
    for (int c = 0; c < kSize; ++c) {
      const int p = PointAt(c, r), owner = pos_.OwnerAt(p);
      line += owner >= 0 ? kSeatLetters[owner] : (IsSanctuary(p) ? '+' : '.');
    }
    board.push_back(line);
  }
  view["board"] = board;
  Json sanctuaries = Json::array();
  kSanctuaries.ForEach([&](int p) { sanctuaries.push_back(PointName(p)); });
  view["sanctuaries"] = sanctuaries;
  Json order = Json::array();
  if (pos_.meta.phase != Phase::kOrder) {
    for (int k = 0; k < n; ++k) order.push_back(kSeatNames[pos_.meta.order[k]]);
  }
  view["order"] = order;
  const Seat to_move = pos_.ToMove();
  view["to_move"] = to_move >= 0 ? Json(kSeatNames[to_move]) : Json(nullptr);
  view["phase"] = PhaseName(pos_.meta.phase);
  view["turns"] = pos_.meta.turns;
  if (pos_.InChain()) {
    Json visited = Json::array();
    pos_.visited.ForEach([&](int p) { visited.push_back(PointName(p)); });
    view["chain"] = {{"at", PointName(pos_.meta.chain_at)}, {"visited", visited}};
  } else {
    view["chain"] = nullptr;
  }
  Json sheltered = Json::array(), unsheltered = Json::array();
  for (int s = 0; s < n; ++s) {
    sheltered.push_back(pos_.Sheltered(s));
    unsheltered.push_back(pos_.Unsheltered(s));
  }
  view["sheltered"] = sheltered;
  view["unsheltered"] = unsheltered;
  if (pos_.meta.phase == Phase::kOver) {
    Json result = Json::array();
    for (auto outcome : Results()) result.push_back(engine::OutcomeName(outcome));
    view["result"] = result;
    view["ending"] = EndingOf(pos_);
  } else {
    view["result"] = nullptr;
    view["ending"] = nullptr;
  }
  return view;
}

// Names are built in place (emplace_back): a temporary string pushed here trips GCC 12's
// -Warray-bounds, a false positive.
std::vector<std::string> ConspiradoresGame::TensorLayout() const {
  std::vector<std::string> layout;
  for (int s = 0; s < players_; ++s) {
    layout.push_back(fmt::format("{}'s pieces: 1 on each", kSeatNames[s]));
  }
  layout.emplace_back("Sanctuaries: 1 on each");
  layout.emplace_back("the central zone: 1 on each point");
  layout.emplace_back("points the jump chain in progress has visited: 1 on each");
  layout.emplace_back("the jumping piece of the chain in progress: 1 on it");
  for (int s = 0; s < players_; ++s) {
    layout.push_back(fmt::format("{} to move: all 1", kSeatNames[s]));
  }
  for (int s = 0; s < players_; ++s) {
    layout.push_back(
        fmt::format("{}'s place in the play order (1 first; 0 before the draw): the "
                    "count",
                    kSeatNames[s]));
  }
  for (Phase phase : {Phase::kOrder, Phase::kPlacement, Phase::kMovement, Phase::kOver}) {
    layout.push_back(fmt::format("phase {}: all 1", PhaseName(phase)));
  }
  layout.emplace_back("completed turns: the count");
  for (int s = 0; s < players_; ++s) {
    for (const char* outcome : {"won", "lost", "drew"}) {
      layout.push_back(fmt::format("{} {}: all 1", kSeatNames[s], outcome));
    }
  }
  return layout;
}

// The information of ViewJson, plane by plane (conspiradores.h).
void ConspiradoresState::ViewTensor(Seat, std::span<float> out) const {
  const int n = pos_.meta.num_seats;
  std::fill(out.begin(), out.end(), 0.0f);
  const auto plane = [&](int k, const Bits& bits) {
    bits.ForEach([&](int p) { out[k * kNumPoints + RowOf(p) * kSize + ColOf(p)] = 1.0f; });
  };
  const auto fill = [&out](int k, float value) {
    std::fill_n(out.begin() + k * kNumPoints, kNumPoints, value);
  };
  for (int s = 0; s < n; ++s) plane(s, pos_.pieces[s]);
  plane(n, kSanctuaries);
  plane(n + 1, kCentre);
  if (pos_.InChain()) {
    plane(n + 2, pos_.visited);
    const int at = pos_.meta.chain_at;
    out[(n + 3) * kNumPoints + RowOf(at) * kSize + ColOf(at)] = 1.0f;
  }
  const Seat to_move = pos_.ToMove();
  if (to_move >= 0) fill(n + 4 + to_move, 1.0f);
  if (pos_.meta.phase != Phase::kOrder) {
    for (int k = 0; k < n; ++k) fill(2 * n + 4 + pos_.meta.order[k], static_cast<float>(k + 1));
  }
  fill(3 * n + 4 + static_cast<int>(pos_.meta.phase), 1.0f);
  fill(3 * n + 8, static_cast<float>(pos_.meta.turns));
  if (pos_.meta.phase == Phase::kOver) {
    const auto results = Results();
    for (int s = 0; s < n; ++s) fill(3 * n + 9 + 3 * s + static_cast<int>(results[s]), 1.0f);
  }
}

std::string ConspiradoresState::ViewText(Seat, bool colour) const {
  // Each seat's letter on a background of its colour, with a text colour of its own, so that it
  // reads on light and dark terminals alike (orange shows as the terminal's yellow).
  static constexpr std::array<const char*, kMaxSeats> kAnsi = {"\x1b[1;30;47m", "\x1b[1;97;40m",
                                                               "\x1b[1;30;42m", "\x1b[1;30;43m"};
  const char* reset = "\x1b[0m";
  std::string header = "    ";
  for (int c = 0; c < kSize; ++c) header += fmt::format("{} ", static_cast<char>('A' + c));
  std::string text = header + "\n";
  for (int r = kSize - 1; r >= 0; --r) {
    text += fmt::format("{:>2}  ", r + 1);
    for (int c = 0; c < kSize; ++c) {
      const int p = PointAt(c, r), owner = pos_.OwnerAt(p);
      if (owner >= 0) {
        text += colour ? fmt::format("{}{}{} ", kAnsi[owner], kSeatLetters[owner], reset)
                       : fmt::format("{} ", kSeatLetters[owner]);
      } else if (IsSanctuary(p)) {
        text += colour ? fmt::format("\x1b[1;35m*{} ", reset) : std::string("* ");
      } else {
        text += IsCentre(p) ? ": " : ". ";
      }
    }
    text += fmt::format(" {}\n", r + 1);
  }
  text += header + "\n";
  text += "* = free Sanctuary, : = Conspiracy Centre\n";
  switch (pos_.meta.phase) {
    case Phase::kOrder:
      text += "play order to be drawn by lot\n";
      break;
    case Phase::kOver: {
      const auto results = Results();
      for (int s = 0; s < pos_.meta.num_seats; ++s) {
        text += fmt::format("{}: {}  ", kSeatNames[s], engine::OutcomeName(results[s]));
      }
      text += "\n";
      break;
    }
    default:
      text += fmt::format("{} to {}{}\n", kSeatNames[pos_.ToMove()],
                          pos_.meta.phase == Phase::kPlacement ? "place" : "move",
                          pos_.InChain() ? fmt::format(" (jump chain at {}: jump or stop)",
                                                       PointName(pos_.meta.chain_at))
                                         : "");
  }
  for (int s = 0; s < pos_.meta.num_seats; ++s) {
    text += fmt::format("{} {}: {} sheltered, {} unsheltered\n", kSeatLetters[s], kSeatNames[s],
                        pos_.Sheltered(s), pos_.Unsheltered(s));
  }
  return text;
}

}  // namespace quartel::conspiradores
