#include "cli/move_list.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"

namespace quartel::cli {
namespace {

using engine::Action;
using engine::Seat;
using engine::State;

// At most this many whole chains are listed for one first jump; past it the jump gets a '+'.
constexpr std::size_t kMaxChainsListed = 3;

bool IsSeparator(char c) { return c == '-' || c == 'x' || c == 'X'; }

// `chain` continued by the jump `next`, which starts where the chain stands: "23x35" + "35x47"
// = "23x35x47", "G9-G11" + "G11-G13" = "G9-G11-G13"; nullopt when they share no point.
std::optional<std::string> JoinJumps(const std::string& chain, const std::string& next) {
  for (std::size_t shared = std::min(chain.size() - 1, next.size() - 1); shared > 0; --shared) {
    const std::size_t at = chain.size() - shared;
    if (chain.compare(at, shared, next, 0, shared) == 0 && IsSeparator(chain[at - 1]) &&
        IsSeparator(next[shared])) {
      return chain + next.substr(shared);
    }
  }
  return std::nullopt;
}

// Adds to `chains` every whole chain that goes on from `state` (a chain in progress, typed so far
// as `typed`) until it ends by itself. Returns false as soon as there are more than `limit`, or a
// chain's text does not join.
bool CollectChains(const State& state, Seat viewer, const std::string& typed, std::size_t limit,
                   std::vector<std::string>& chains) {
  const Seat seat = state.CurrentSeat();
  for (Action action : state.LegalActions()) {
    if (state.ActionToString(action) == "stop") continue;
    const auto joined = JoinJumps(typed, state.ActionToStringFor(action, viewer));
    if (!joined) return false;
    auto after = state.Clone();
    after->ApplyAction(action);
    if (ChainStop(engine::SeatHandle(*after, seat))) {
      if (!CollectChains(*after, viewer, *joined, limit, chains)) return false;
    } else {
      chains.push_back(*joined);
    }
    if (chains.size() > limit) return false;
  }
  return true;
}

// The whole chains that start with `first`, where they are few and each reads back as the same
// jumps through the game's own parser; else empty.
std::vector<std::string> WholeChains(const State& state, Action first, Seat viewer) {
  auto after = state.Clone();
  after->ApplyAction(first);
  std::vector<std::string> chains;
  if (!CollectChains(*after, viewer, state.ActionToStringFor(first, viewer), kMaxChainsListed,
                     chains)) {
    return {};
  }
  for (const std::string& chain : chains) {
    try {
      const auto actions = state.StringToTurn(chain);
      if (actions.empty() || actions.front() != first) return {};
    } catch (const Error&) {
      return {};
    }
  }
  return chains;
}

// What a move's notation starts with, up to its first separator ("23" of "23-29" and "23x35",
// "F" of "F:a1", "place" of "place 1 brasil"); "" for a notation without one ("G9", "stop").
std::string GroupOf(const std::string& text) {
  for (std::size_t i = 1; i < text.size(); ++i) {
    const char c = text[i];
    const bool jump =
        (c == 'x' || c == 'X') && std::isdigit(static_cast<unsigned char>(text[i - 1]));
    if (c == ' ' || c == '-' || c == ':' || jump) return text.substr(0, i);
  }
  return "";
}

struct Group {
  std::string label;
  std::vector<std::string> entries;
};

// "    label: a  b  c" in columns as wide as the group's longest entry, wrapped to `width`, the
// following lines indented under the first entry.
std::string FormatGroup(const Group& group, std::size_t label_width, std::size_t width) {
  const std::string head =
      group.label.empty() ? "    " : fmt::format("    {:<{}} ", group.label + ":", label_width + 1);
  std::size_t column = 0;
  for (const std::string& entry : group.entries) column = std::max(column, entry.size());
  const std::size_t per_line =
      std::max<std::size_t>(1, (width > head.size() ? width - head.size() + 2 : 0) / (column + 2));
  std::string text;
  for (std::size_t i = 0; i < group.entries.size(); ++i) {
    if (i == 0) {
      text += head;
    } else if (i % per_line == 0) {
      text += '\n';
      text.append(head.size(), ' ');
    } else {
      text.append(2 + column - group.entries[i - 1].size(), ' ');
    }
    text += group.entries[i];
  }
  return text + "\n";
}

}  // namespace

std::optional<Action> ChainStop(const engine::SeatHandle& seat) {
  if (!seat.MidTurn() || !seat.IsMyDecision()) return std::nullopt;
  for (Action action : seat.LegalActions()) {
    if (seat.ActionToString(action) == "stop") return action;
  }
  return std::nullopt;
}

namespace {

// Whether playing `action` leaves the seat that played it in a chain it may go on with.
bool StartsChain(const State& state, Action action) {
  auto after = state.Clone();
  after->ApplyAction(action);
  return ChainStop(engine::SeatHandle(*after, state.CurrentSeat())).has_value();
}

}  // namespace

std::string FormatMoves(const engine::SeatHandle& seat, std::size_t width) {
  const Seat viewer = seat.viewer();
  if (!seat.IsMyDecision()) return "  0 moves: it is not your turn\n";
  Rng rng(0);  // any state the seat cannot tell from the real one lists the same moves
  const auto sampled = seat.SampleState(rng);
  const State& state = *sampled;
  std::vector<Group> groups;
  std::size_t count = 0;
  bool chains_listed = false, marked = false;
  auto add = [&](const std::string& label, const std::string& entry) {
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const Group& g) { return g.label == label; });
    if (group == groups.end()) group = groups.insert(groups.end(), Group{label, {}});
    group->entries.push_back(entry);
    ++count;
  };
  for (Action action : state.LegalActions()) {
    const std::string text = state.ActionToStringFor(action, viewer);
    if (!StartsChain(state, action)) {
      add(GroupOf(text), text);
      continue;
    }
    const auto chains = WholeChains(state, action, viewer);
    if (chains.empty()) add(GroupOf(text), text + "+");
    for (const std::string& chain : chains) add(GroupOf(text), chain);
    (chains.empty() ? marked : chains_listed) = true;
  }
  std::size_t label_width = 0;
  for (const Group& group : groups) label_width = std::max(label_width, group.label.size());
  label_width = std::min(label_width, std::size_t{12});
  std::string out = fmt::format("  {}:\n", Plural(static_cast<long long>(count), "move"));
  for (const Group& group : groups) out += FormatGroup(group, label_width, width);
  if (marked)
    out += "  + : the chain can go on after this jump (then type the next jump, or stop)\n";
  if (chains_listed || marked)
    out += "  A chain may stop after any jump: type as much of it as you wish.\n";
  return out;
}

}  // namespace quartel::cli
