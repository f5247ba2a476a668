// Deterministic pseudo-random numbers: the same seed gives the same sequence on every platform and
// compiler (std::uniform_int_distribution is implementation-defined, so it is not used anywhere).
// xoshiro256** seeded through splitmix64.
#pragma once

#include <cstdint>
#include <span>

namespace quartel {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { Seed(seed); }

  void Seed(std::uint64_t seed) {
    for (auto& word : state_) word = SplitMix(seed);
  }

  std::uint64_t Next() {
    const std::uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound); bound > 0. Lemire's multiply-shift, exact (rejection on the
  // tail).
  std::uint32_t Below(std::uint32_t bound) {
    std::uint64_t product = (Next() >> 32) * bound;
    auto low = static_cast<std::uint32_t>(product);
    if (low < bound) {
      const std::uint32_t threshold = -bound % bound;
      while (low < threshold) {
        product = (Next() >> 32) * bound;
        low = static_cast<std::uint32_t>(product);
      }
    }
    return static_cast<std::uint32_t>(product >> 32);
  }

  // Uniform double in [0, 1) with 53 random bits.
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

  // Index drawn with the given (non-negative, not all zero) weights.
  std::size_t Pick(std::span<const double> weights) {
    double total = 0;
    for (double w : weights) total += w;
    double r = Unit() * total;
    for (std::size_t i = 0; i < weights.size(); ++i) {
      if (r < weights[i]) return i;
      r -= weights[i];
    }
    return weights.size() - 1;  // rounding left r on the last bucket
  }

 private:
  static std::uint64_t Rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t SplitMix(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_[4];
};

}  // namespace quartel
