// Moves kept as eight bit sets, one per direction (bit p of word d when point p moves along d),
// counted and indexed without being listed: the random playout draw of Dablot, which must pick
// the k-th legal action in the order of the action ids, (point, direction) ascending. Byte
// arithmetic after Hacker's Delight (chapter 5, counting bits; 7-3, transposing a bit matrix).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>

namespace quartel::bits {

inline constexpr std::uint64_t kByteOnes = 0x0101010101010101ULL;

// Byte i of the result: the number of set bits in byte i of x.
inline std::uint64_t BytePopcounts(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  return (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
}

// The sum of the bytes of x, when it is below 256.
inline std::uint32_t SumBytes(std::uint64_t bytes) {
  return static_cast<std::uint32_t>((bytes * kByteOnes) >> 56);
}

// Byte i of the result: the set bits in byte i of all eight words together. The caller bounds
// every sum below 256 (a side's pieces times their directions).
inline std::uint64_t ByteCountsOfEight(const std::array<std::uint64_t, 8>& words) {
  constexpr std::uint64_t k5 = 0x5555555555555555ULL, k3 = 0x3333333333333333ULL;
  constexpr std::uint64_t kF = 0x0f0f0f0f0f0f0f0fULL;
  // By nibbles (at most 4 each per word, at most 12 for three words), then by bytes.
  std::array<std::uint64_t, 3> nibbles{};
  for (int d = 0; d < 8; ++d) {
    const std::uint64_t x = words[d] - ((words[d] >> 1) & k5);
    nibbles[d / 3] += (x & k3) + ((x >> 2) & k3);
  }
  std::uint64_t bytes = 0;
  for (const std::uint64_t n : nibbles) bytes += (n & kF) + ((n >> 4) & kF);
  return bytes;
}

// The 8 x 8 bit matrix transposed: bit 8r + c goes to bit 8c + r (Hacker's Delight, transpose8).
inline std::uint64_t Transpose8(std::uint64_t x) {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
  x ^= t ^ (t << 28);
  return x;
}

// kNthBit[byte][n]: the index of the n-th (from 0) set bit of the byte.
constexpr std::array<std::array<std::uint8_t, 8>, 256> BuildNthBit() {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (int byte = 0; byte < 256; ++byte) {
    int n = 0;
    for (int bit = 0; bit < 8; ++bit) {
      if ((byte >> bit) & 1) table[byte][n++] = static_cast<std::uint8_t>(bit);
    }
  }
  return table;
}
inline constexpr auto kNthBit = BuildNthBit();

// The k-th (from 0) set bit of a block of eight points, `rows` holding in byte d the points
// (bits 0-7) that move along d, in (point, direction) order: returns (point, direction).
// k < popcount(rows).
inline std::pair<int, int> KthInBlock(std::uint64_t rows, std::uint32_t k) {
  const std::uint64_t dirs_by_point = Transpose8(rows);  // byte j: the directions of point j
  // Byte j of `upto`: the moves from points 0 .. j (at most 64, so the bytes compare without
  // borrowing: the top bit of a byte of `above` is set where upto > k).
  constexpr std::uint64_t kTops = 0x8080808080808080ULL;
  const std::uint64_t upto = BytePopcounts(dirs_by_point) * kByteOnes;
  const std::uint64_t above = ((upto | kTops) - (k + 1) * kByteOnes) & kTops;
  const int j = std::countr_zero(above) / 8;
  const auto dirs = static_cast<std::uint32_t>((dirs_by_point >> (8 * j)) & 0xff);
  const std::uint32_t skip = j == 0 ? 0 : static_cast<std::uint32_t>((upto >> (8 * j - 8)) & 0xff);
  return {j, kNthBit[dirs][k - skip]};
}

// The k-th (from 0) set bit of eight words of 64 points in (point, word) order: returns (point,
// word). `bytes` is ByteCountsOfEight(words) and k < SumBytes(bytes).
inline std::pair<int, int> KthInEightWords(const std::array<std::uint64_t, 8>& words,
                                           std::uint64_t bytes, std::uint32_t k) {
  // Byte i of `prefix`: the moves from points 0 .. 8i + 7; the block holding the k-th is the
  // first whose prefix passes k.
  const std::uint64_t prefix = bytes * kByteOnes;
  int block = 0;
  std::uint32_t before = 0;
  for (; block < 7; ++block) {
    const auto upto = static_cast<std::uint32_t>((prefix >> (8 * block)) & 0xff);
    if (k < upto) break;
    before = upto;
  }
  std::uint64_t rows = 0;
  for (int d = 0; d < 8; ++d) rows |= ((words[d] >> (8 * block)) & 0xff) << (8 * d);
  const auto [point, word] = KthInBlock(rows, k - before);
  return {8 * block + point, word};
}

}  // namespace quartel::bits
