#include "core/chance_source.h"

#include <fmt/format.h>
#include <sodium.h>

#include <charconv>
#include <cstring>

#include "core/error.h"

namespace quartel {
namespace {

void InitSodium() {
  if (sodium_init() < 0) throw Error("libsodium could not be initialised");
}

}  // namespace

ChanceSource::ChanceSource(const std::array<unsigned char, 32>& key, std::string seed_text)
    : key_(key), seed_text_(std::move(seed_text)) {}

ChanceSource ChanceSource::Fresh() {
  InitSodium();
  std::array<unsigned char, 32> key;
  randombytes_buf(key.data(), key.size());
  std::string hex(2 * key.size() + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), key.data(), key.size());
  hex.pop_back();
  return ChanceSource(key, hex);
}

ChanceSource ChanceSource::FromSeedText(std::string_view text) {
  InitSodium();
  std::array<unsigned char, 32> key{};
  std::size_t length = 0;
  if (text.size() == 2 * key.size() &&
      sodium_hex2bin(key.data(), key.size(), text.data(), text.size(), nullptr, &length, nullptr) ==
          0 &&
      length == key.size()) {
    return ChanceSource(key, std::string(text));
  }
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw Error(fmt::format("seed '{}' is neither a number nor 64 hexadecimal digits", text));
  }
  // The key of a numbered seed: the number's hash, so that small numbers spread over the key.
  crypto_generichash(key.data(), key.size(), reinterpret_cast<const unsigned char*>(text.data()),
                     text.size(), nullptr, 0);
  return ChanceSource(key, std::string(text));
}

std::uint64_t ChanceSource::Next() {
  if (used_ == words_.size()) Refill();
  return words_[used_++];
}

void ChanceSource::Refill() {
  unsigned char nonce[crypto_stream_chacha20_NONCEBYTES];
  static_assert(sizeof(nonce) == sizeof(block_));
  std::memcpy(nonce, &block_, sizeof(nonce));
  ++block_;
  crypto_stream_chacha20(reinterpret_cast<unsigned char*>(words_.data()), sizeof(words_), nonce,
                         key_.data());
  used_ = 0;
}

}  // namespace quartel
