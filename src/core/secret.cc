#include "core/secret.h"

#include <sodium.h>

#include <array>
#include <stdexcept>
#include <vector>

namespace quartel {
namespace {

void InitSodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium failed to initialise");
}

}  // namespace

std::uint64_t SecureRandom64() {
  InitSodium();
  std::uint64_t value = 0;
  randombytes_buf(&value, sizeof value);
  return value;
}

std::string RandomToken(int bytes) {
  InitSodium();
  std::vector<unsigned char> raw(static_cast<std::size_t>(bytes));
  randombytes_buf(raw.data(), raw.size());
  const int variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
  std::string text(sodium_base64_ENCODED_LEN(raw.size(), variant), '\0');
  sodium_bin2base64(text.data(), text.size(), raw.data(), raw.size(), variant);
  text.resize(text.find('\0'));
  return text;
}

std::string Sha256Hex(std::string_view text) {
  InitSodium();
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(text.data()),
                     text.size());
  std::string hex(digest.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  hex.pop_back();
  return hex;
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace quartel
