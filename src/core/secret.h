// Secrets of the server: seat tokens, public ids and the seeds of chance, all from the operating
// system's CSPRNG (libsodium's randombytes), so that no seed exists that a client could learn
// (issue 10, "Matches, seats, secrets"). Only a token's hash is ever stored.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace quartel {

// 64 bits from the CSPRNG: the seed of one chance event or one bot's search.
std::uint64_t SecureRandom64();
// `bytes` random bytes as URL-safe base64 without padding (a seat token: 32 bytes, 256 bits).
std::string RandomToken(int bytes);
// SHA-256 of `text` in lowercase hexadecimal: what the database keeps of a token.
std::string Sha256Hex(std::string_view text);
// Compares two equal-length strings in constant time (token hashes).
bool ConstantTimeEquals(std::string_view a, std::string_view b);

}  // namespace quartel
