#include "games/dablot/dablot.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/text.h"

namespace quartel::dablot {
namespace {

constexpr const char* kSeatNames[2] = {"Sámi", "Swedes"};

// A piece as players name it, with its side: "Swedish soldier", "King".
std::string PieceName(Piece piece) {
  switch (piece) {
    case Piece::kSamiSoldier:
      return "Sámi soldier";
    case Piece::kPrince:
      return "Prince";
    case Piece::kKing:
      return "King";
    case Piece::kSwedishSoldier:
      return "Swedish soldier";
    case Piece::kSon:
      return "Landlord's Son";
    case Piece::kLandlord:
      return "Landlord";
    case Piece::kEmpty:
      break;
  }
  return "nothing";
}

constexpr const char* kNotationExamples = "(e.g. 23-29, 23x35, stop)";

// The dir from `from` whose neighbour (jump = false) or landing (jump = true) is `to`, or kNone.
int DirTo(int from, int to, bool jump) {
  const Geometry& g = Geo();
  for (int d = 0; d < kNumDirs; ++d) {
    if ((jump ? g.landing[from][d] : g.neighbour[from][d]) == to) return d;
  }
  return kNone;
}

}  // namespace

// --- Game
// -------------------------------------------------------------------------------------------

DablotGame::DablotGame(const engine::GameOptions& options)
    : engine::Game(engine::FindGame("dablot"), options),
      max_turns_(static_cast<int>(options.GetInt("max_turns"))) {}

std::string DablotGame::SeatName(int seat) const {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Dablot has no seat {}", seat));
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> DablotGame::NewInitialState() const {
  return std::make_unique<DablotState>(*this, Position::Initial(max_turns_));
}

std::unique_ptr<engine::State> DablotGame::NewStateFromPosition(std::string_view text) const {
  return std::make_unique<DablotState>(*this, PositionFromText(text, max_turns_));
}

void Register() {
  engine::GameInfo info;
  info.id = "dablot";
  info.display_name = "Dablot Prejjesne";
  info.summary = "Sámi against Swedes on 72 points: step or capture by jumping, chains allowed";
  info.seat_counts = {2};
  info.has_chance = true;
  info.hidden_information = false;
  engine::OptionSpec max_turns;
  max_turns.name = "max_turns";
  max_turns.type = engine::OptionType::kInt;
  max_turns.default_value = "1000";
  max_turns.help =
      "engine cap for unattended games, not a rule: the game is drawn after this many "
      "turns";
  max_turns.min_value = 10;
  max_turns.max_value = 100000;
  info.options = {max_turns};
  info.notation_help =
      "23-29      a step along a line to an adjacent empty point\n"
      "23x35      a capture: jump an adjacent enemy of equal or lower rank\n"
      "23x35x47   a capture chain at once (or one capture at a time: you are asked for more)\n"
      "stop       end a capture chain that could go on\n";
  info.rules_version = "dablot-1";
  info.rules_doc = "docs/rules/dablot.md";
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const DablotGame>(options);
  });
}

// --- State basics
// -----------------------------------------------------------------------------------

DablotState::DablotState(const DablotGame& game, const Position& position)
    : engine::State(game), position_(position) {}

engine::Seat DablotState::CurrentSeat() const {
  switch (position_.h.phase) {
    case Phase::kChance:
      return engine::kChanceSeat;
    case Phase::kOver:
      return engine::kTerminalSeat;
    case Phase::kPlay:
      break;
  }
  return position_.h.to_move;
}

std::vector<engine::ChanceOutcome> DablotState::ChanceOutcomes() const {
  if (position_.h.phase != Phase::kChance) return {};
  return {{kSamiFirst, 0.5}, {kSwedesFirst, 0.5}};
}

std::unique_ptr<engine::State> DablotState::Clone() const {
  return std::make_unique<DablotState>(*this);
}

void DablotState::CopyFrom(const engine::State& other) {
  position_ = static_cast<const DablotState&>(other).position_;
}

bool DablotState::Equals(const engine::State& other) const {
  const auto* that = dynamic_cast<const DablotState*>(&other);
  // The game is compared by id: a replayed record loads its own Game object; the options that
  // matter (max_turns) live in the position itself.
  return that != nullptr && that->game().id() == game().id() && that->position_ == position_;
}

std::vector<engine::Outcome> DablotState::Results() const {
  return position_.h.phase == Phase::kOver ? engine::TwoSeatResults(position_.h.winner)
                                           : std::vector<engine::Outcome>{};
}

std::vector<double> DablotState::Returns() const {
  return position_.h.phase == Phase::kOver ? engine::TwoSeatReturns(position_.h.winner)
                                           : std::vector<double>{};
}

// --- Notation
// -----------------------------------------------------------------------------------------

std::string DablotState::ActionToString(Action action) const {
  if (action == kSamiFirst) return "Sámi first";
  if (action == kSwedesFirst) return "Swedes first";
  if (action == kStop) return "stop";
  if (!IsStep(action) && !IsJump(action)) return fmt::format("action {} (out of range)", action);
  const Geometry& g = Geo();
  const int from = ActionFrom(action), dir = ActionDir(action);
  const int to = IsStep(action) ? g.neighbour[from][dir] : g.landing[from][dir];
  if (to == kNone) {
    return fmt::format("{} from {} direction {} (off the lines)", IsStep(action) ? "step" : "jump",
                       from + 1, dir);
  }
  return fmt::format("{}{}{}", from + 1, IsStep(action) ? '-' : 'x', to + 1);
}

Action DablotState::ParseMove(std::string_view text) const {
  const std::size_t sep = text.find_first_of("-xX");
  if (sep == std::string_view::npos) {
    throw Error(fmt::format("'{}' is not Dablot notation {}", Excerpt(text), kNotationExamples));
  }
  const auto from = ParseInteger(Trim(text.substr(0, sep)));
  const auto to = ParseInteger(Trim(text.substr(sep + 1)));
  if (!from || !to) {
    throw Error(fmt::format("'{}' is not Dablot notation {}", Excerpt(text), kNotationExamples));
  }
  if (*from < 1 || *from > kNumPoints || *to < 1 || *to > kNumPoints) {
    throw Error(fmt::format("'{}': points are numbered 1 to 72", Excerpt(text)));
  }
  const bool jump = text[sep] != '-';
  const int dir = DirTo(static_cast<int>(*from - 1), static_cast<int>(*to - 1), jump);
  if (dir == kNone) {
    throw Error(
        jump ? fmt::format("'{}': {} is not two points along a line from {}", text, *to, *from)
             : fmt::format("'{}': point {} is not adjacent to {}", text, *to, *from));
  }
  const int index = static_cast<int>(*from - 1);
  return jump ? JumpAction(index, dir) : StepAction(index, dir);
}

Action DablotState::StringToAction(std::string_view text) const {
  const std::string lower = ToLower(Trim(text));
  Action action;
  if (lower == "stop") {
    action = kStop;
  } else if (lower == "sámi first" || lower == "sami first" || lower == "sÁmi first") {
    action = kSamiFirst;
  } else if (lower == "swedes first") {
    action = kSwedesFirst;
  } else {
    action = ParseMove(Trim(text));
  }
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("'{}': {}", Excerpt(Trim(text)), why));
  return action;
}

// What a player types: one action, or a chain of jumps "23x35x47" (23x35, then 35x47). Only the
// jumps typed: where the chain could go on the player is still to move, to jump on or stop.
std::vector<Action> DablotState::StringToTurn(std::string_view text) const {
  const std::string_view trimmed = Trim(text);
  const std::vector<std::string> hops = Split(ToLower(trimmed), 'x');
  if (hops.size() <= 2) return {StringToAction(trimmed)};
  std::vector<Action> actions;
  DablotState scratch(*this);
  for (std::size_t i = 0; i + 1 < hops.size(); ++i) {
    const std::string hop = hops[i] + "x" + hops[i + 1];
    if (i > 0 && !scratch.MidTurn()) {
      throw Error(fmt::format("'{}': the turn is over before {}", Excerpt(trimmed), hop));
    }
    try {
      actions.push_back(scratch.StringToAction(hop));
    } catch (const Error& error) {
      throw Error(fmt::format("'{}': {}", Excerpt(trimmed), error.what()));
    }
    scratch.DoApplyAction(actions.back(), nullptr);
  }
  return actions;
}

// Each capture says what it took: "23x35 takes the Swedish soldier on 29".
std::string DablotState::DescribeTurn(std::span<const Action> actions, engine::Seat) const {
  DablotState state(*this);
  std::string text;
  for (Action action : actions) {
    if (!text.empty()) text += ", ";
    text += state.ActionToString(action);
    if (IsJump(action)) {
      const int over = Geo().neighbour[ActionFrom(action)][ActionDir(action)];
      text += fmt::format(" takes the {} on {}", PieceName(state.position_.board[over]), over + 1);
    }
    state.DoApplyAction(action, nullptr);
  }
  return text;
}

// --- Views
// ------------------------------------------------------------------------------------------

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
    view["result"] = {{"winner", h.winner == kNone ? Json(nullptr) : Json(h.winner)}};
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
  layout.push_back("completed turns: the count");
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
