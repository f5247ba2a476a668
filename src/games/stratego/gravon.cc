#include "games/stratego/gravon.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <vector>

#include "core/error.h"
#include "core/text.h"
#include "engine/game.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::stratego {
namespace {

constexpr std::string_view kMiddle = "AA__AA__AAAA__AA__AA";
// Gravon's letters from 'B' (Red) or 'N' (Blue) upward, as Quartel ranks.
constexpr int kLetterRanks[12] = {kBomb,    kSpy,   kScout,   kMiner,   kSergeant, kLieutenant,
                                  kCaptain, kMajor, kColonel, kGeneral, kMarshal,  kFlag};

[[noreturn]] void Fail(int line, const std::string& what) {
  throw Error(fmt::format("line {}: {}", line, what));
}

// One XML element: its name, attributes, the text up to the next tag, and its line.
struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;
  int line = 0;
};

std::string Unescape(std::string_view s) {
  static const std::pair<std::string_view, char> kEntities[] = {
      {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    bool replaced = false;
    if (s[i] == '&') {
      for (const auto& [entity, c] : kEntities) {
        if (s.substr(i, entity.size()) == entity) {
          out += c;
          i += entity.size() - 1;
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += s[i];
  }
  return out;
}

std::string Escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The small part of XML Gravon files use: elements with quoted attributes, text, comments and
// the <?xml ...?> declaration. Closing tags are skipped (the structure is flat enough).
std::vector<Element> ParseXml(std::string_view text) {
  std::vector<Element> elements;
  int line = 1;
  std::size_t pos = 0;
  auto advance_to = [&](std::size_t to) {
    for (; pos < to && pos < text.size(); ++pos) line += text[pos] == '\n';
  };
  auto skip_past = [&](std::string_view end, const char* what) {
    const int start = line;
    const std::size_t at = text.find(end, pos);
    if (at == std::string_view::npos) Fail(start, fmt::format("{} is not closed", what));
    advance_to(at + end.size());
  };
  while (true) {
    const std::size_t open = text.find('<', pos);
    if (open == std::string_view::npos) break;
    advance_to(open);
    if (text.substr(pos, 2) == "<?") {
      skip_past("?>", "the <?...?> declaration");
      continue;
    }
    if (text.substr(pos, 4) == "<!--") {
      skip_past("-->", "a comment");
      continue;
    }
    if (text.substr(pos, 2) == "</") {
      skip_past(">", "a closing tag");
      continue;
    }
    Element element;
    element.line = line;
    advance_to(pos + 1);
    while (pos < text.size() && !std::isspace(static_cast<unsigned char>(text[pos])) &&
           text[pos] != '/' && text[pos] != '>') {
      element.name += text[pos];
      advance_to(pos + 1);
    }
    if (element.name.empty()) Fail(element.line, "'<' without an element name");
    bool self_closing = false;
    while (true) {
      while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) {
        advance_to(pos + 1);
      }
      if (pos >= text.size()) Fail(element.line, fmt::format("<{}> is not closed", element.name));
      if (text[pos] == '>') {
        advance_to(pos + 1);
        break;
      }
      if (text.substr(pos, 2) == "/>") {
        advance_to(pos + 2);
        self_closing = true;
        break;
      }
      std::string name;
      while (pos < text.size() && text[pos] != '=' && text[pos] != '>' && text[pos] != '/' &&
             !std::isspace(static_cast<unsigned char>(text[pos]))) {
        name += text[pos];
        advance_to(pos + 1);
      }
      while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) {
        advance_to(pos + 1);
      }
      if (name.empty() || pos >= text.size() || text[pos] != '=') {
        Fail(line, fmt::format("<{}>: attribute '{}' has no value", element.name, name));
      }
      advance_to(pos + 1);
      while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) {
        advance_to(pos + 1);
      }
      if (pos >= text.size() || (text[pos] != '"' && text[pos] != '\'')) {
        Fail(line, fmt::format("<{}>: the value of '{}' is not quoted", element.name, name));
      }
      const char quote = text[pos];
      const std::size_t end = text.find(quote, pos + 1);
      if (end == std::string_view::npos) {
        Fail(line, fmt::format("<{}>: the value of '{}' is not closed", element.name, name));
      }
      element.attributes[name] = Unescape(text.substr(pos + 1, end - pos - 1));
      advance_to(end + 1);
    }
    if (!self_closing) {
      const std::size_t next = text.find('<', pos);
      const std::size_t stop = next == std::string_view::npos ? text.size() : next;
      element.text = Unescape(Trim(text.substr(pos, stop - pos)));
    }
    elements.push_back(std::move(element));
  }
  return elements;
}

// "A4", "K:" (Gravon writes rank 10 as ':'), "K10" (or "J10") -> square, or kNone.
int ParseGravonSquare(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return kNone;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  int file = kNone;
  if (letter >= 'A' && letter <= 'I') file = letter - 'A';
  if (letter == 'J' || letter == 'K') file = 9;
  int rank = 0;
  if (text.substr(1) == ":") {
    rank = 10;
  } else {
    for (char c : text.substr(1)) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return kNone;
      rank = rank * 10 + (c - '0');
    }
  }
  if (file == kNone || rank < 1 || rank > kSize) return kNone;
  return (rank - 1) * kSize + file;
}

// Gravon's notation: the file in capitals (a..k without j) and the rank, 10 written ':' ("K:").
std::string GravonSquare(int sq) {
  const int rank = sq / kSize + 1;
  return fmt::format("{}{}", static_cast<char>(std::toupper(kFileLetters[sq % kSize])),
                     rank == kSize ? std::string(":") : std::to_string(rank));
}

char FieldLetter(int owner, int rank) {
  for (int i = 0; i < 12; ++i) {
    if (kLetterRanks[i] == rank) return static_cast<char>((owner == 0 ? 'B' : 'N') + i);
  }
  return '?';
}

// The two setup strings held by a field of `army`; `line` names where it was read. 'A' in a
// setup row is an empty square (Barrage).
std::array<std::string, 2> ParseField(std::string_view field, const Army& army, int line) {
  if (field.size() != kNumSquares) {
    Fail(line, fmt::format("the field has {} characters, needs 100", field.size()));
  }
  if (field.substr(40, 20) != kMiddle) {
    Fail(line, fmt::format("field characters 41-60 are '{}', must be {} (pieces start in the "
                           "setup rows)",
                           field.substr(40, 20), kMiddle));
  }
  std::array<std::string, 2> setups;
  for (int seat = 0; seat < 2; ++seat) {
    const int first = seat == 0 ? 0 : 60;
    const char low = seat == 0 ? 'B' : 'N';
    for (int i = 0; i < kSetupSquares; ++i) {
      const char c = field[first + i];
      if (c == 'A') {
        setups[seat] += '.';
        continue;
      }
      if (c < low || c >= low + 12) {
        Fail(line, fmt::format("field character {} '{}' on {} is not a {} piece", first + i + 1, c,
                               SquareName(first + i), seat == 0 ? "Red" : "Blue"));
      }
      setups[seat] += RankChar(kLetterRanks[c - low]);
    }
    try {
      ParseSetupString(setups[seat], army);
    } catch (const Error& e) {
      Fail(line, fmt::format("{}'s setup in the field: {}", seat == 0 ? "Red" : "Blue", e.what()));
    }
  }
  return setups;
}

// The army a Gravon game type holds. "classicfree" games start from a free position (any pieces,
// anywhere on the board, the middle rows included), which no Quartel army and setup can hold.
ArmyKind GameTypeArmy(std::string_view type, int line) {
  const std::string lower = ToLower(Trim(type));
  if (lower == "classic" || lower == "0") return ArmyKind::kClassic;
  if (lower == "barrage") return ArmyKind::kBarrage;
  if (lower == "classicfree") {
    Fail(line,
         "game type 'classicfree' (a free position: any pieces, anywhere on the board) is not "
         "supported, only classic and barrage");
  }
  Fail(line, fmt::format("game type '{}' is not supported, only classic and barrage", type));
}

struct Move {
  int from = kNone, to = kNone, line = 0;
  std::string text;
};

// What both formats hold.
struct Gravon {
  std::array<std::string, 2> players;
  ArmyKind army = ArmyKind::kClassic;
  std::array<std::string, 2> setups;
  bool has_field = false;
  std::vector<Move> moves;
  std::optional<int> ending, winner;
  int result_line = 0;
};

Move ParseMove(std::string_view source, std::string_view target, int line) {
  Move move;
  move.line = line;
  move.from = ParseGravonSquare(Trim(source));
  move.to = ParseGravonSquare(Trim(target));
  move.text = fmt::format("{}-{}", Trim(source), Trim(target));
  if (move.from == kNone) Fail(line, fmt::format("move: '{}' is not a square", Trim(source)));
  if (move.to == kNone) Fail(line, fmt::format("move: '{}' is not a square", Trim(target)));
  return move;
}

int ParseNumber(std::string_view text, int line, const char* what) {
  const std::string_view t = Trim(text);
  int value = 0;
  if (t.empty() || t.size() > 4) Fail(line, fmt::format("{} '{}' is not a number", what, t));
  for (char c : t) {
    if (!std::isdigit(static_cast<unsigned char>(c))) {
      Fail(line, fmt::format("{} '{}' is not a number", what, t));
    }
    value = value * 10 + (c - '0');
  }
  return value;
}

Gravon ParseXmlRecord(std::string_view text) {
  Gravon g;
  int players = 0;
  bool has_game = false;
  for (const Element& e : ParseXml(text)) {
    auto attribute = [&e](const char* name) -> const std::string& {
      const auto it = e.attributes.find(name);
      if (it == e.attributes.end()) Fail(e.line, fmt::format("<{}> has no {}", e.name, name));
      return it->second;
    };
    if (e.name == "game") {
      if (has_game) Fail(e.line, "a second <game>");
      has_game = true;
      const auto it = e.attributes.find("type");
      if (it != e.attributes.end()) g.army = GameTypeArmy(it->second, e.line);
    } else if (e.name == "type") {
      g.army = GameTypeArmy(e.text, e.line);
    } else if (e.name == "player") {
      if (players == 2) Fail(e.line, "a third <player>");
      // Real files write the players after the moves, each with its id (1 Red, 2 Blue).
      const auto id = e.attributes.find("id");
      const int seat = id == e.attributes.end() ? players : id->second == "2" ? 1 : 0;
      g.players[seat] = e.text;
      ++players;
    } else if (e.name == "field") {
      if (!has_game) Fail(e.line, "a <field> outside a <game>");
      if (g.has_field) Fail(e.line, "a second <field>");
      g.setups = ParseField(attribute("content"), ArmyOf(g.army), e.line);
      g.has_field = true;
    } else if (e.name == "move") {
      if (!g.has_field) Fail(e.line, "a <move> before the <field>");
      g.moves.push_back(ParseMove(attribute("source"), attribute("target"), e.line));
    } else if (e.name == "result") {
      if (g.result_line) Fail(e.line, "a second <result>");
      g.result_line = e.line;
      g.ending = ParseNumber(attribute("type"), e.line, "result type");
      g.winner = ParseNumber(attribute("winner"), e.line, "winner");
    }
  }
  if (!has_game) throw Error("no <game> element: not a Gravon XML record");
  if (!g.has_field) throw Error("no <field> element with the initial position");
  return g;
}

// .gsn's "type N" line is not documented: the army is read from the field (40 pieces a side
// classic, 8 Barrage).
ArmyKind FieldArmy(std::string_view field) {
  int red = 0;
  for (std::size_t i = 0; i < std::min<std::size_t>(kSetupSquares, field.size()); ++i) {
    red += field[i] != 'A';
  }
  return red == ArmySize(BarrageArmy()) ? ArmyKind::kBarrage : ArmyKind::kClassic;
}

Gravon ParseGsn(std::string_view text) {
  Gravon g;
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = text.find('\n', start);
    const std::size_t stop = end == std::string_view::npos ? text.size() : end;
    lines.push_back(Trim(text.substr(start, stop - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  auto line_at = [&](std::size_t i) { return i < lines.size() ? lines[i] : std::string_view(); };
  if (line_at(0).find("Stratego-Notation") == std::string_view::npos) {
    Fail(1, "not a Gravon .gsn record (expected '#... Stratego-Notation v1')");
  }
  if (line_at(1).substr(0, 5) != "type ") Fail(2, "expected 'type N'");
  ParseNumber(line_at(1).substr(5), 2, "type");
  g.army = FieldArmy(line_at(2));
  g.setups = ParseField(line_at(2), ArmyOf(g.army), 3);
  g.has_field = true;
  std::size_t i = 3;
  for (; i < lines.size() && lines[i] != "END"; ++i) {
    const int line = static_cast<int>(i) + 1;
    if (lines[i].empty()) continue;
    const std::size_t dash = lines[i].find('-');
    if (dash == std::string_view::npos) {
      Fail(line, fmt::format("'{}' is not a move (e.g. A4-A5) nor END", lines[i]));
    }
    g.moves.push_back(ParseMove(lines[i].substr(0, dash), lines[i].substr(dash + 1), line));
  }
  if (i >= lines.size()) Fail(static_cast<int>(lines.size()), "the moves do not end with END");
  if (i + 1 < lines.size()) {
    const int line = static_cast<int>(i) + 2;
    const std::string_view last = lines[i + 1];
    const std::size_t vs = last.find(" vs ");
    const std::size_t result = last.rfind(" result ");
    const std::size_t winner = last.rfind(" winner ");
    if (vs == std::string_view::npos || result == std::string_view::npos ||
        winner == std::string_view::npos || !(vs < result && result < winner)) {
      Fail(line, "expected '<red> vs <blue> result <ending> winner <winner>'");
    }
    g.players[0] = std::string(last.substr(0, vs));
    g.players[1] = std::string(last.substr(vs + 4, result - vs - 4));
    g.ending = ParseNumber(last.substr(result + 8, winner - result - 8), line, "result");
    g.winner = ParseNumber(last.substr(winner + 8), line, "winner");
    g.result_line = line;
  }
  return g;
}

std::string WinnerName(int winner) {
  return winner == 1 ? "1 (Red)" : winner == 2 ? "2 (Blue)" : "3 (draw)";
}

// Gravon's result types (reference file) and what each is in Quartel: an ending of the rules,
// or an ending outside them (engine::EndReason).
struct GravonEnding {
  int type;
  const char* name;
  Ending rules;  // kNotOver: ended outside the rules, for `reason`
  engine::EndReason reason;
};
constexpr GravonEnding kGravonEndings[] = {
    {0, "unable to move", kNoMove, engine::EndReason::kResignation},
    {1, "flag captured", kFlagCaptured, engine::EndReason::kResignation},
    {2, "both unable to move", kBothNoMove, engine::EndReason::kResignation},
    {3, "forfeit", kNotOver, engine::EndReason::kResignation},
    {4, "tie agreed", kNotOver, engine::EndReason::kAgreement},
    {10, "both missing", kNotOver, engine::EndReason::kAbandoned},
    {11, "player clock", kNotOver, engine::EndReason::kTime},
    {12, "game clock", kNotOver, engine::EndReason::kTime},
    {13, "player clock and missing", kNotOver, engine::EndReason::kTime},
    {14, "opponent missing", kNotOver, engine::EndReason::kAbandoned},
};

const GravonEnding* FindEnding(int type) {
  for (const GravonEnding& ending : kGravonEndings) {
    if (ending.type == type) return &ending;
  }
  return nullptr;
}

// Gravon's winner (1 Red, 2 Blue, 3 neither) as one outcome per seat.
std::vector<engine::Outcome> WinnerResults(int winner) {
  using engine::Outcome;
  if (winner == 1) return {Outcome::kWin, Outcome::kLoss};
  if (winner == 2) return {Outcome::kLoss, Outcome::kWin};
  return {Outcome::kDraw, Outcome::kDraw};
}

// The file's ending, checked against the replayed moves: an ending of the rules must be where
// the moves lead, with the same winner; any other ending is recorded as it is (Match::End), with
// the file's winner kept whatever it is (a "tie agreed" may name a winner).
void EndAsTheFileSays(engine::Match& match, const Gravon& g, const GravonEnding& ending) {
  const int line = g.result_line;
  const int winner = *g.winner;
  if (winner < 1 || winner > 3) {
    Fail(line, fmt::format("winner {} is not 1 (Red), 2 (Blue) or 3 (draw)", winner));
  }
  const auto& position = static_cast<const StrategoState&>(match.state()).position();
  if (ending.rules == kNotOver) {
    if (match.Over()) {
      Fail(line, fmt::format("the file says '{}', but the moves already end the game by the rules",
                             ending.name));
    }
    match.End(ending.reason, WinnerResults(winner), ending.name);
    return;
  }
  if (!match.Over()) {
    Fail(line, fmt::format("the file says '{}', but the moves do not end the game", ending.name));
  }
  if (position.h.ending != ending.rules) {
    Fail(line, fmt::format("the file says '{}', but the moves end otherwise", ending.name));
  }
  const int replayed = position.h.winner == kNone ? 3 : position.h.winner + 1;
  if (replayed != winner) {
    Fail(line, fmt::format("the file says winner {}, but the moves end in winner {}",
                           WinnerName(winner), WinnerName(replayed)));
  }
}

engine::Record GravonUnderRule(std::string_view text, std::string_view repetition) {
  std::size_t first = 0;
  while (first < text.size() && std::isspace(static_cast<unsigned char>(text[first]))) ++first;
  const Gravon g =
      first < text.size() && text[first] == '#' ? ParseGsn(text) : ParseXmlRecord(text);
  const GravonEnding* ending = nullptr;
  if (g.ending) {
    ending = FindEnding(*g.ending);
    if (ending == nullptr) {
      Fail(g.result_line,
           fmt::format("result type {} is not a Gravon ending (0-4, 10-14)", *g.ending));
    }
  }
  const std::map<std::string, std::string> options = {
      {"army", ArmyName(g.army)},
      {"max_plies", "100000"},
      {"max_plies_without_capture", "100000"},
      // The rule Gravon applied when the game was played (kGravonRepetitions); the seed's rule
      // is stricter than what was played.
      {"repetition", std::string(repetition)}};
  std::vector<std::string> seats;
  for (int seat = 0; seat < 2; ++seat) {
    seats.push_back(g.players[seat].empty() ? (seat == 0 ? "Red" : "Blue") : g.players[seat]);
  }
  engine::Match match(engine::LoadGame("stratego", options), seats);
  // Each seat's setup is its own setup turn (Red's, then Blue's), never an option: options are
  // public from the start.
  for (const std::string& setup : g.setups) {
    for (Action a : match.state().StringToTurn(setup)) match.Apply(a);
  }
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const Move& move = g.moves[i];
    const std::string what = fmt::format("move {} {}", i + 1, move.text);
    if (match.Over()) Fail(move.line, what + ": the game is already over");
    try {
      match.Apply(match.state().StringToAction(
          fmt::format("{}-{}", SquareName(move.from), SquareName(move.to))));
    } catch (const Error& e) {
      Fail(move.line, fmt::format("{}: {}", what, e.what()));
    }
  }
  if (ending != nullptr) EndAsTheFileSays(match, g, *ending);
  return match.record();
}

}  // namespace

std::string GravonRepetitionOfName(std::string_view file_name) {
  const std::size_t slash = file_name.find_last_of("/\\");
  if (slash != std::string_view::npos) file_name.remove_prefix(slash + 1);
  // "<type>-<year>.<month>-<n>": the first run of four digits followed by '.' and a digit.
  for (std::size_t i = 0; i + 5 < file_name.size(); ++i) {
    const std::string_view year = file_name.substr(i, 4);
    const bool starts = i == 0 || !std::isdigit(static_cast<unsigned char>(file_name[i - 1]));
    if (starts && std::all_of(year.begin(), year.end(), [](char c) { return std::isdigit(c); }) &&
        file_name[i + 4] == '.' && std::isdigit(static_cast<unsigned char>(file_name[i + 5]))) {
      return std::stoi(std::string(year)) <= 2005 ? "five_moves" : "isf";
    }
  }
  return "";
}

engine::Record GravonToRecord(std::string_view text, std::string_view repetition) {
  if (!repetition.empty()) return GravonUnderRule(text, repetition);
  std::optional<Error> first_error;
  for (const char* rule : kGravonRepetitions) {
    try {
      return GravonUnderRule(text, rule);
    } catch (const Error& e) {
      if (!first_error) first_error = e;
    }
  }
  throw *first_error;
}

engine::Record ReadGravonFile(const std::string& path, const std::string& repetition) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("cannot read Gravon file '{}'", path));
  std::stringstream text;
  text << in.rdbuf();
  try {
    return GravonToRecord(text.str(),
                          repetition.empty() ? GravonRepetitionOfName(path) : repetition);
  } catch (const Error& e) {
    throw Error(fmt::format("{}: {}", path, e.what()));
  }
}

namespace {

// What both export formats hold: the players, the army, the field when the setup ended, the
// moves, the ending and the winner (Gravon's codes).
struct Export {
  std::array<std::string, 2> players;
  ArmyKind army = ArmyKind::kClassic;
  std::string field;
  std::vector<std::pair<int, int>> moves;
  int type = 4;
  int winner = 3;
};

// Gravon's result type for a finished game: the one named by the record's ending_detail (an
// imported game's own words) when it fits the ending, else the natural one: flag captured 1,
// unable to move 0, both unable 2, an engine cap's draw 4 (tie), a resignation 3 (forfeit), an
// agreement 4, time 11 (player clock; 12 game clock for a draw), abandoned 14 (opponent missing;
// 10 both missing without a winner).
int ResultType(const engine::Record& record, const Header& h, int winner) {
  if (record.ending.empty()) {
    return h.ending == kFlagCaptured ? 1
           : h.ending == kNoMove     ? 0
           : h.ending == kBothNoMove ? 2
                                     : 4;
  }
  const engine::EndReason reason = engine::ParseEndReason(record.ending);
  for (const GravonEnding& ending : kGravonEndings) {
    if (ending.rules == kNotOver && ending.reason == reason &&
        record.ending_detail == ending.name) {
      return ending.type;
    }
  }
  switch (reason) {
    case engine::EndReason::kResignation:
      return 3;
    case engine::EndReason::kAgreement:
      return 4;
    case engine::EndReason::kTime:
      return winner == 3 ? 12 : 11;
    case engine::EndReason::kAbandoned:
      return winner == 3 ? 10 : 14;
  }
  return 4;
}

Export ExportRecord(const engine::Record& record) {
  if (record.game != "stratego") {
    throw Error(
        fmt::format("only Stratego records can be exported to Gravon, not '{}'", record.game));
  }
  const engine::Match match = engine::Match::Replay(record);
  if (!match.Over()) throw Error("only a finished game can be exported to Gravon");
  const auto& game = static_cast<const StrategoGame&>(match.game());
  const Rules& rules = game.rules();
  if (rules.army == ArmyKind::kSeed) {
    throw Error("Gravon records hold the classic or the Barrage army, not army=seed");
  }
  if (rules.rescue) throw Error("Gravon records have no Rescue (option rescue)");
  if (rules.aggressor_advantage) {
    throw Error("Gravon records have no Aggressor Advantage (option aggressor_advantage)");
  }
  if (rules.silent_defense) {
    throw Error("Gravon records have no Silent Defense (option silent_defense)");
  }
  Export out;
  out.army = rules.army;
  // Walk the game again to find the position when the setup ended, then the moves.
  std::unique_ptr<engine::State> state = game.NewInitialState();
  auto position = [&state]() -> const Position& {
    return static_cast<const StrategoState&>(*state).position();
  };
  auto take_field = [&] {
    out.field.clear();
    for (int sq = 0; sq < kNumSquares; ++sq) {
      const std::uint8_t p = position().board[sq];
      out.field += IsLake(sq) ? '_' : p == 0 ? 'A' : FieldLetter(PieceOwner(p), PieceRank(p));
    }
  };
  if (position().h.phase != Phase::kSetup) take_field();
  for (const engine::RecordedAction& entry : match.record().actions) {
    const Action a = entry.action;
    if (IsMove(a)) {
      out.moves.emplace_back(MoveFrom(a), Step(MoveFrom(a), MoveDir(a), MoveDistance(a)));
    }
    state->ApplyAction(a);
    if (out.field.empty() && position().h.phase != Phase::kSetup) take_field();
  }
  if (out.field.empty()) throw Error("the game ended during the setup: Gravon has no such record");
  const auto& result = match.record().result;
  out.winner = result[0] == "win" && result[1] == "loss"   ? 1
               : result[0] == "loss" && result[1] == "win" ? 2
                                                           : 3;
  out.type = ResultType(match.record(), position().h, out.winner);
  for (int seat = 0; seat < 2; ++seat) {
    out.players[seat] =
        seat < static_cast<int>(record.seats.size()) ? record.seats[seat] : game.SeatName(seat);
  }
  return out;
}

}  // namespace

// The layout of Gravon's own files: the <stratego> root, the field, the moves, then the players
// and the result.
std::string RecordToGravonXml(const engine::Record& record) {
  const Export e = ExportRecord(record);
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"{}\">\n  \n",
      ArmyName(e.army));
  out += fmt::format("  <field content=\"{}\"/>\n", e.field);
  for (std::size_t i = 0; i < e.moves.size(); ++i) {
    out += fmt::format("  <move id=\"{}\" source=\"{}\" target=\"{}\"/>\n", i + 1,
                       GravonSquare(e.moves[i].first), GravonSquare(e.moves[i].second));
  }
  for (int seat = 0; seat < 2; ++seat) {
    out += fmt::format("  <player id=\"{}\">{}</player>\n", seat + 1, Escape(e.players[seat]));
  }
  out += fmt::format("  <result type=\"{}\" winner=\"{}\"/>\n </game>\n</stratego>\n", e.type,
                     e.winner);
  return out;
}

// .gsn keeps the players on one line separated by " vs ": a name is written on one line, and a
// " vs " inside it would split it wrongly, so such names fall back to the seat's colour. The
// "type N" line's codes are not documented beyond classic's 0, so Barrage is refused.
std::string RecordToGravonGsn(const engine::Record& record) {
  const Export e = ExportRecord(record);
  if (e.army != ArmyKind::kClassic) {
    throw Error(
        "Gravon's .gsn type code for Barrage is not known: export a Barrage game as XML "
        "(--format xml)");
  }
  std::array<std::string, 2> names;
  for (int seat = 0; seat < 2; ++seat) {
    names[seat] = e.players[seat];
    for (char& c : names[seat]) {
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    }
    names[seat] = std::string(Trim(names[seat]));
    if (names[seat].empty() || names[seat].find(" vs ") != std::string::npos ||
        names[seat].find(" result ") != std::string::npos ||
        names[seat].find(" winner ") != std::string::npos) {
      names[seat] = seat == 0 ? "Red" : "Blue";
    }
  }
  std::string out = fmt::format("# Quartel Stratego-Notation v1\ntype 0\n{}\n", e.field);
  for (const auto& [from, to] : e.moves) {
    out += fmt::format("{}-{}\n", GravonSquare(from), GravonSquare(to));
  }
  out += fmt::format("END\n{} vs {} result {} winner {}\n", names[0], names[1], e.type, e.winner);
  return out;
}

}  // namespace quartel::stratego
