// Where a live game's chance comes from: a secret the players never see while the game runs.
//
// Rulings ("Common to every game"): the seed that drives chance is secret until the game ends, and
// nothing a seat sees lets it reproduce future chance. A ChanceSource is a ChaCha20 keystream
// (libsodium) under a 256-bit key drawn from the operating system's entropy; each chance event and
// each bot takes a fresh 64-bit word of it to seed its own Rng. Observing any number of outcomes
// tells nothing about the next word (ChaCha20 is a pseudo-random function), so unlike a seeded
// xoshiro stream the outcomes cannot be extrapolated. The key, shown once the game is over
// (SeedText), reproduces every word: FromSeedText(SeedText()) gives the same stream.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace quartel {

class ChanceSource {
 public:
  // A source keyed by 32 bytes of the operating system's entropy.
  static ChanceSource Fresh();
  // A source for a given seed: 64 hexadecimal digits (a key shown by SeedText), or a decimal
  // number (for tests and reproducible runs; the key is then derived from it). Throws
  // quartel::Error naming the text when it is neither.
  static ChanceSource FromSeedText(std::string_view text);

  // The next 64 bits of the keystream.
  std::uint64_t Next();
  // The seed as it was given, or the fresh key in hexadecimal: to be shown only once the game is
  // over.
  const std::string& SeedText() const { return seed_text_; }

 private:
  explicit ChanceSource(const std::array<unsigned char, 32>& key, std::string seed_text);
  void Refill();

  std::array<unsigned char, 32> key_{};
  std::string seed_text_;
  std::uint64_t block_ = 0;  // the ChaCha20 nonce of the next block of words
  std::array<std::uint64_t, 32> words_{};
  std::size_t used_ = words_.size();
};

}  // namespace quartel
