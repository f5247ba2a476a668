#include "games/hidden_army/hidden_army.h"

#include <fmt/format.h>

namespace quartel::hidden_army {

std::string CellText(const Piece& piece, char shown, bool colour, bool known_mark) {
  const char mark = known_mark ? '*' : piece.moved ? '\'' : ' ';
  const std::string cell = fmt::format("{}{}{}", piece.owner == 0 ? 'R' : 'B', shown, mark);
  return colour ? fmt::format("\x1b[1;{}m{}\x1b[0m", piece.owner == 0 ? 31 : 34, cell) : cell;
}

Json CellJson(const Piece& piece, char shown) {
  return {{"owner", piece.owner},
          {"rank", std::string(1, shown)},
          {"moved", piece.moved},
          {"known", piece.known}};
}

std::string BoardText(std::string_view files, const std::function<std::string(int)>& cell) {
  std::string out;
  for (int row = kSize - 1; row >= 0; --row) {
    out += fmt::format("{:>2} ", row + 1);
    for (int file = 0; file < kSize; ++file) out += cell(row * kSize + file);
    out += "\n";
  }
  out += "   ";
  for (char file : files) out += fmt::format(" {} ", file);
  // Trim the last padding space: "    a  b ... k".
  out.pop_back();
  out += "\n";
  return out;
}

std::string LostLine(int seat, std::string_view pieces, int hidden) {
  return fmt::format("{} lost: {}{}\n", kSeatNames[seat], pieces,
                     hidden ? fmt::format(" and {} unseen", hidden) : "");
}

std::string SetupPrompt(int squares, std::string_view presets, bool random, bool started,
                        std::string_view example) {
  if (started) return fmt::format("Place your pieces one by one (e.g. {})\n", example);
  std::string words;
  if (!presets.empty()) words += fmt::format(", preset NAME (NAMEs: {})", presets);
  if (random) words += ", random N";
  return fmt::format("Type a {}-character setup{}, or place pieces one by one (e.g. {})\n", squares,
                     words, example);
}

std::string MoveNotation(const Json& fact) {
  return fmt::format("{}{}{}", fact.at("from").get<std::string>(),
                     fact.at("attack").get<bool>() ? 'x' : '-', fact.at("to").get<std::string>());
}

}  // namespace quartel::hidden_army
