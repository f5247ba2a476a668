// Small string helpers shared by parsers (notation, options, command lines).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quartel {

std::string_view Trim(std::string_view text);
std::string ToLower(std::string_view text);
// Splits on `separator`, trimming each piece; empty pieces are kept.
std::vector<std::string> Split(std::string_view text, char separator);
// The whole of `text` as a base-10 integer, or nullopt (no sign games, no trailing junk).
std::optional<long long> ParseInteger(std::string_view text);

}  // namespace quartel
