#include "core/text.h"

#include <cctype>
#include <charconv>

namespace quartel {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

std::string ToLower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

std::vector<std::string> Split(std::string_view text, char separator) {
  std::vector<std::string> pieces;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    pieces.emplace_back(Trim(text.substr(start, end - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return pieces;
}

std::optional<long long> ParseInteger(std::string_view text) {
  long long value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  const auto [end, error] = std::from_chars(first, last, value);
  if (error != std::errc() || end != last || first == last) return std::nullopt;
  return value;
}

std::string Plural(long long count, std::string_view singular, std::string_view plural) {
  std::string text = std::to_string(count) + " ";
  if (count == 1) return text.append(singular);
  return plural.empty() ? text.append(singular).append("s") : text.append(plural);
}

std::string Excerpt(std::string_view text, std::size_t max_bytes) {
  constexpr std::string_view kEllipsis = "...";
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes > kEllipsis.size() ? max_bytes - kEllipsis.size() : 0;
  // Back off over UTF-8 continuation bytes (10xxxxxx) so the cut falls between characters.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)).append(kEllipsis);
}

}  // namespace quartel
