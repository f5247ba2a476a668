// The secret source of a live game's chance (core/chance_source.h; rulings "Common to every game":
// the seed is secret while the game runs and reproduces it once shown).
#include "core/chance_source.h"

#include <gtest/gtest.h>

#include <set>

#include "core/error.h"

namespace quartel {
namespace {

std::vector<std::uint64_t> Words(ChanceSource source, int count) {
  std::vector<std::uint64_t> words;
  for (int i = 0; i < count; ++i) words.push_back(source.Next());
  return words;
}

TEST(ChanceSource, TheSameSeedGivesTheSameStream) {
  EXPECT_EQ(Words(ChanceSource::FromSeedText("7"), 100),
            Words(ChanceSource::FromSeedText("7"), 100));
  EXPECT_NE(Words(ChanceSource::FromSeedText("7"), 4), Words(ChanceSource::FromSeedText("8"), 4));
}

TEST(ChanceSource, AFreshKeyIsShownAsHexAndReproducesTheStream) {
  ChanceSource fresh = ChanceSource::Fresh();
  const std::string seed = fresh.SeedText();
  EXPECT_EQ(seed.size(), 64u);
  EXPECT_EQ(seed.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(Words(fresh, 70), Words(ChanceSource::FromSeedText(seed), 70));
  EXPECT_NE(seed, ChanceSource::Fresh().SeedText());
}

TEST(ChanceSource, WordsSpreadOverBlocks) {
  // 100 words cross several keystream blocks; none repeats.
  const auto words = Words(ChanceSource::FromSeedText("1"), 100);
  EXPECT_EQ(std::set<std::uint64_t>(words.begin(), words.end()).size(), words.size());
}

TEST(ChanceSource, ABadSeedIsRefusedByName) {
  for (const char* text : {"", "-3", "12x", "0x10", "zz"}) {
    try {
      ChanceSource::FromSeedText(text);
      ADD_FAILURE() << text;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + text + "'"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace quartel
