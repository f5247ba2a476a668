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
// "1 move", "3 moves"; `plural` where adding an s is wrong ("armies").
std::string Plural(long long count, std::string_view singular, std::string_view plural = "");
// `text` cut to at most `max_bytes` (ending "..." when cut, never inside a UTF-8 character): how
// error messages name what a user typed without echoing a long line back.
std::string Excerpt(std::string_view text, std::size_t max_bytes = 60);
// The whole of `text` as a base-10 integer, or nullopt (no sign games, no trailing junk).
std::optional<long long> ParseInteger(std::string_view text);

}  // namespace quartel
