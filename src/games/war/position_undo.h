// WAR's undo (issue 9 §5: the terminal replayed the whole record to take back an action). A WAR
// action changes a handful of fields (an army placed: the territory, the pool, the ply), but a few
// change many (an elimination hands over cards, a turn's start fills every continent's pool). So
// the UndoInfo words keep the 8-byte words of the Position that the action changed, with their old
// values, when there are at most kMaxJournalWords of them; an action that changed more keeps the
// whole Position before it on a stack of the state (UndoInfo then says so). Position is trivially
// copyable: restoring the changed words restores the Position byte for byte.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "core/error.h"
#include "engine/state.h"

namespace quartel::war {

template <typename Position>
class PositionUndo {
  static_assert(std::is_trivially_copyable_v<Position>);
  static constexpr std::size_t kWords = (sizeof(Position) + 7) / 8;
  static_assert(kWords < 255, "a word's index must fit a byte");
  // words[0]: the count (low byte; kSnapshot for a whole Position) and up to 7 word indices, a
  // byte each; words[1..7]: the old values of those words.
  static constexpr int kMaxJournalWords = 7;
  static constexpr std::uint64_t kSnapshot = 0xFF;
  using Words = std::array<std::uint64_t, kWords>;

 public:
  // Fills `undo` so that Restore takes `now` back to `before`.
  void Record(const Position& before, const Position& now, engine::UndoInfo& undo) {
    const Words old_words = ToWords(before), new_words = ToWords(now);
    std::uint64_t header = 0;
    int changed = 0;
    for (std::size_t i = 0; i < kWords; ++i) {
      if (old_words[i] == new_words[i]) continue;
      if (changed == kMaxJournalWords) {
        snapshots_.push_back(before);
        undo.words[0] = kSnapshot;
        undo.words[1] = snapshots_.size();
        return;
      }
      header |= static_cast<std::uint64_t>(i) << (8 * (changed + 1));
      undo.words[changed + 1] = old_words[i];
      ++changed;
    }
    undo.words[0] = header | static_cast<std::uint64_t>(changed);
  }

  // Takes `position` back to what it was before the action that filled `undo` (the last one).
  void Restore(Position& position, const engine::UndoInfo& undo) {
    if ((undo.words[0] & 0xFF) == kSnapshot) {
      if (snapshots_.size() != undo.words[1]) {
        throw Error("WAR undo: the action taken back is not the last one applied");
      }
      position = snapshots_.back();
      snapshots_.pop_back();
      return;
    }
    auto* bytes = reinterpret_cast<unsigned char*>(&position);
    const int changed = static_cast<int>(undo.words[0] & 0xFF);
    for (int k = 0; k < changed; ++k) {
      const std::size_t i = (undo.words[0] >> (8 * (k + 1))) & 0xFF;
      const std::size_t length = std::min<std::size_t>(8, sizeof(Position) - 8 * i);
      std::memcpy(bytes + 8 * i, &undo.words[k + 1], length);
    }
  }

 private:
  static Words ToWords(const Position& position) {
    Words words{};
    std::memcpy(words.data(), &position, sizeof(Position));
    return words;
  }

  std::vector<Position> snapshots_;  // Positions before the actions that changed many words
};

}  // namespace quartel::war
