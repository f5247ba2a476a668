// Position text (issue 9 §3): the whole Position as one line of `field=value` words, in the order
// of PositionFields; see war.h for the form and an example.
#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "games/war/war.h"

namespace quartel::war {
namespace {

// How many entries of an array field the text holds: one per territory, seat or continent (the
// rest keep the initial state's values), or the whole array.
enum class Span { kTerritories, kSeats, kContinents, kAll };

// Who may read a field in ViewPositionText: everyone, or, per seat, those who see that seat's
// hand or objective; a secret card set is shown to nobody, only its size (until the game is over).
enum class Secrecy { kPublic, kHand, kObjective, kCards };

// Calls `visit(name, field, span, secrecy)` for every field of the Position, in text order
// (`discards_face_up`: Rules::DiscardsFaceUp).
template <typename P, typename Visit>
void PositionFields(P& p, bool discards_face_up, Visit&& visit) {
  using S = Span;
  using K = Secrecy;
  visit("ply", p.ply, S::kAll, K::kPublic);
  visit("phase", p.phase, S::kAll, K::kPublic);
  visit("seat", p.seat, S::kAll, K::kPublic);
  visit("owner", p.owner, S::kTerritories, K::kPublic);
  visit("armies", p.armies, S::kTerritories, K::kPublic);
  visit("arrived", p.arrived, S::kTerritories, K::kPublic);
  visit("hand", p.hand, S::kSeats, K::kHand);
  visit("objective", p.objective, S::kSeats, K::kObjective);
  visit("pile", p.pile, S::kAll, K::kCards);
  visit("discard", p.discard, S::kAll, discards_face_up ? K::kPublic : K::kCards);
  visit("undealt", p.undealt, S::kAll, K::kPublic);
  visit("objectives_left", p.objectives_left, S::kAll, K::kCards);
  visit("eliminated_by", p.eliminated_by, S::kSeats, K::kPublic);
  visit("territory_count", p.territory_count, S::kAll, K::kPublic);
  visit("continent_pool", p.continent_pool, S::kContinents, K::kPublic);
  visit("general_pool", p.general_pool, S::kAll, K::kPublic);
  visit("trades_done", p.trades_done, S::kAll, K::kPublic);
  visit("turns_played", p.turns_played, S::kAll, K::kPublic);
  visit("dealer", p.dealer, S::kAll, K::kPublic);
  visit("deal_index", p.deal_index, S::kAll, K::kPublic);
  visit("attack_from", p.attack_from, S::kAll, K::kPublic);
  visit("attack_to", p.attack_to, S::kAll, K::kPublic);
  visit("attack_dice", p.attack_dice, S::kAll, K::kPublic);
  visit("spoils_victim", p.spoils_victim, S::kAll, K::kPublic);
  visit("spoils_left", p.spoils_left, S::kAll, K::kPublic);
  visit("conquered", p.conquered, S::kAll, K::kPublic);
  visit("acted", p.acted, S::kAll, K::kPublic);
  visit("winner", p.winner, S::kAll, K::kPublic);
  visit("turns_begun", p.turns_begun, S::kSeats, K::kPublic);
  visit("ending", p.ending, S::kAll, K::kPublic);
  visit("ending_results", p.ending_results, S::kSeats, K::kPublic);
  visit("bombers", p.bombers, S::kSeats, K::kPublic);
  visit("reduced", p.reduced, S::kAll, K::kPublic);
  visit("conquered_ever", p.conquered_ever, S::kAll, K::kPublic);
  visit("ce_cards_left", p.ce_cards_left, S::kAll, K::kPublic);
  visit("pending_cards", p.pending_cards, S::kAll, K::kPublic);
  visit("use_territory", p.use_territory, S::kAll, K::kPublic);
  visit("use_bombers", p.use_bombers, S::kAll, K::kPublic);
  visit("use_amount", p.use_amount, S::kAll, K::kPublic);
  visit("transport_a", p.transport_a, S::kAll, K::kPublic);
  visit("transport_b", p.transport_b, S::kAll, K::kPublic);
  visit("transport_way", p.transport_way, S::kAll, K::kPublic);
  visit("air_target", p.air_target, S::kAll, K::kPublic);
  visit("air_bombers", p.air_bombers, S::kAll, K::kPublic);
  visit("resume", p.resume, S::kAll, K::kPublic);
  visit("draws_left", p.draws_left, S::kAll, K::kPublic);
  visit("claim_first", p.claim_first, S::kAll, K::kPublic);
  visit("choices_made", p.choices_made, S::kAll, K::kPublic);
  visit("choices_b", p.choices_b, S::kAll, K::kPublic);
  visit("first_seat", p.first_seat, S::kAll, K::kPublic);
  visit("ci", p.ci, S::kSeats, K::kPublic);
  visit("spied", p.spied, S::kAll, K::kPublic);
  visit("ci_moved", p.ci_moved, S::kAll, K::kPublic);
  visit("ci_pay_owner", p.ci_pay_owner, S::kAll, K::kPublic);
  visit("ci_pay_to", p.ci_pay_to, S::kAll, K::kPublic);
  visit("ci_pay_left", p.ci_pay_left, S::kAll, K::kPublic);
}

template <typename T>
struct IsArray : std::false_type {};
template <typename T, std::size_t N>
struct IsArray<std::array<T, N>> : std::true_type {};

// One value as text: card sets (64-bit masks) in hexadecimal, every other value in decimal.
template <typename T>
std::string ValueText(T value) {
  if constexpr (std::is_same_v<T, std::uint64_t>) {
    return fmt::format("{:x}", value);
  } else if constexpr (std::is_enum_v<T>) {
    return std::to_string(static_cast<int>(value));
  } else {
    return std::to_string(+value);
  }
}

template <typename T>
T ParseValue(std::string_view name, std::string_view text) {
  using Raw = std::conditional_t<std::is_enum_v<T>, int, T>;
  const bool hex = std::is_same_v<T, std::uint64_t>;
  long long value = 0;
  unsigned long long mask = 0;
  const char* end = text.data() + text.size();
  const auto result =
      hex ? std::from_chars(text.data(), end, mask, 16) : std::from_chars(text.data(), end, value);
  if (text.empty() || result.ec != std::errc() || result.ptr != end) {
    throw Error(fmt::format("position: field {}: '{}' is not {}", name, text,
                            hex ? "a hexadecimal card set" : "a number"));
  }
  if constexpr (std::is_same_v<T, std::uint64_t>) {
    return mask;
  } else {
    const long long low = std::is_same_v<T, bool> ? 0
                          : std::is_enum_v<T>     ? 0
                                                  : std::numeric_limits<Raw>::min();
    const long long high = std::is_same_v<T, bool> ? 1
                           : std::is_enum_v<T>     ? kNumPhases - 1
                                                   : std::numeric_limits<Raw>::max();
    if (value < low || value > high) {
      throw Error(
          fmt::format("position: field {}: {} is out of range [{}, {}]", name, value, low, high));
    }
    return static_cast<T>(value);
  }
}

std::vector<std::string_view> Split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

}  // namespace

std::size_t WarState::FieldLength(int span, std::size_t whole) const {
  switch (static_cast<Span>(span)) {
    case Span::kTerritories:
      return static_cast<std::size_t>(map_->NumTerritories());
    case Span::kSeats:
      return static_cast<std::size_t>(pos().num_seats);
    case Span::kContinents:
      return map_->continents.size();
    case Span::kAll:
      return whole;
  }
  return whole;
}

std::string WarState::PositionWords(Seat viewer, bool whole) const {
  std::string text;
  Position copy = pos();
  const bool face_up = game_->DiscardsFaceUp();
  PositionFields(copy, face_up, [&](const char* name, auto& field, Span span, Secrecy secrecy) {
    using F = std::remove_reference_t<decltype(field)>;
    // An ending shows everything, the pile, the discards and the objectives left too.
    auto shown = [&](Seat s) {
      return whole || secrecy == Secrecy::kPublic || board_.Revealed() ||
             (secrecy == Secrecy::kHand && board_.SeesHand(viewer, s)) ||
             (secrecy == Secrecy::kObjective && board_.SeesObjective(viewer, s));
    };
    std::vector<std::string> values;
    if constexpr (IsArray<F>::value) {
      for (std::size_t i = 0; i < FieldLength(static_cast<int>(span), field.size()); ++i) {
        if (shown(static_cast<Seat>(i))) {
          values.push_back(ValueText(field[i]));
        } else if constexpr (std::is_same_v<typename F::value_type, std::uint64_t>) {
          values.push_back(fmt::format("?{}", std::popcount(field[i])));  // a hand's size
        } else {
          values.push_back("?");
        }
      }
    } else if (shown(-1)) {
      values.push_back(ValueText(field));
    } else if constexpr (std::is_same_v<F, std::uint64_t>) {
      values.push_back(fmt::format("?{}", std::popcount(field)));  // a secret pile's size
    }
    if (!text.empty()) text += ' ';
    text += fmt::format("{}={}", name, fmt::join(values, ","));
  });
  return text;
}

// The checks the rules' own consistency check leaves to the text: seats, owners, territories and
// cards in range.
void WarState::SetPosition(const Position& p) {
  const WarGame& g = *game_;
  const int seats = pos().num_seats, territories = map_->NumTerritories();
  auto check = [](bool ok, std::string_view what) {
    if (!ok) throw Error(fmt::format("position: {}", what));
  };
  auto seat_or = [&](int value, int low) { return value >= low && value < seats; };
  auto territory_or_none = [&](int t) { return t >= -1 && t < territories; };
  check(seat_or(p.seat, 0), "seat is not a seat of this game");
  check(seat_or(p.dealer, 0) && seat_or(p.first_seat, 0), "dealer or first_seat is no seat");
  for (int t = 0; t < territories; ++t) {
    check(p.owner[t] == kNeutral || seat_or(p.owner[t], -1), "an owner is no seat");
    check(p.armies[t] >= 0 && p.arrived[t] >= 0 && p.arrived[t] <= p.armies[t],
          "armies out of range");
  }
  const std::uint64_t cards = TerritoryBit(g.NumCards()) - 1;
  std::uint64_t seen = p.pile & p.discard;
  std::uint64_t all = p.pile | p.discard;
  for (int s = 0; s < seats; ++s) {
    seen |= all & p.hand[s];
    all |= p.hand[s];
    check(p.objective[s] >= -1 && p.objective[s] < static_cast<int>(g.Objectives().size()),
          "an objective is out of range");
    check(territory_or_none(p.ci[s]), "an Information Centre is off the board");
    check(p.bombers[s] >= 0 && p.bombers[s] <= 10, "bombers out of range (0 to 10)");
  }
  check(((all | p.pending_cards) & ~cards) == 0, "a card set names a card this game does not have");
  check(seen == 0, "a card is in two places");
  check(territory_or_none(p.attack_from) && territory_or_none(p.attack_to) &&
            territory_or_none(p.use_territory) && territory_or_none(p.transport_a) &&
            territory_or_none(p.transport_b) && territory_or_none(p.air_target) &&
            territory_or_none(p.claim_first),
        "a territory is off the board");
  check(p.attack_dice >= 0 && p.attack_dice <= 3, "attack_dice is out of range (0 to 3)");
  check(p.ply >= 0 && p.ply <= g.MaxGameLength(), "ply is out of range");
  const Position before = pos();
  board_.Replace(p);
  try {
    board_.Check();
  } catch (const Error& e) {
    board_.Replace(before);
    throw Error(fmt::format("position: {}", e.what()));
  }
}

std::string WarState::PositionText() const { return PositionWords(engine::kSpectator, true); }

std::string WarState::ViewPositionText(Seat viewer) const { return PositionWords(viewer, false); }

std::unique_ptr<engine::State> WarGame::NewStateFromPosition(std::string_view text) const {
  auto state = std::unique_ptr<WarState>(static_cast<WarState*>(NewInitialState().release()));
  state->SetPosition(state->ParseWords(text, nullptr));
  return state;
}

// A seat's view (war.h, "Position text"): the secret card sets and objectives filled in by a fixed
// rule, then drawn again as SampleConsistentState draws them (seed 0). The cards no one is shown
// (all less those of the hands shown, the undealt territory cards and the pending ones) go, lowest
// first, to the hidden hands, the pile and the discards in their numbers (the jokers, the highest,
// come into play only once the territories are dealt); the objectives not
// shown, to the hidden seats that hold one (as many as the objectives left leave), then to those
// left.
std::unique_ptr<engine::State> WarGame::NewStateFromView(std::string_view text, int viewer) const {
  if (viewer < 0 || viewer >= NumSeats()) {
    throw Error(fmt::format("position: a view is a seat's, 0 to {}", NumSeats() - 1));
  }
  auto state = std::unique_ptr<WarState>(static_cast<WarState*>(NewInitialState().release()));
  WarState::ViewSecrets secrets;
  Position p = state->ParseWords(text, &secrets);
  std::uint64_t unseen_cards = TerritoryBit(NumCards()) - 1;
  unseen_cards &= ~(p.undealt | p.pending_cards);
  if (!secrets.pile) unseen_cards &= ~p.pile;
  if (!secrets.discard) unseen_cards &= ~p.discard;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (!secrets.hand[static_cast<std::size_t>(s)]) unseen_cards &= ~p.hand[s];
  }
  auto take = [&unseen_cards](int count) {
    std::uint64_t set = 0;
    for (int k = 0; k < count; ++k) {
      if (unseen_cards == 0) throw Error("position: the view's secret cards outnumber the cards");
      const std::uint64_t lowest = unseen_cards & (~unseen_cards + 1);
      set |= lowest;
      unseen_cards &= ~lowest;
    }
    return set;
  };
  for (Seat s = 0; s < p.num_seats; ++s) {
    const int count = secrets.hand[static_cast<std::size_t>(s)];
    if (count > 0) p.hand[s] = take(count - 1);
  }
  if (secrets.pile) p.pile = take(secrets.pile - 1);
  if (secrets.discard) p.discard = take(secrets.discard - 1);
  std::uint64_t unseen_objectives = EligibleObjectives();
  int hidden_seats = 0;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (secrets.objective[static_cast<std::size_t>(s)]) {
      ++hidden_seats;
      continue;
    }
    if (p.objective[s] < -1 || p.objective[s] >= static_cast<int>(Objectives().size())) {
      throw Error("position: an objective is out of range");
    }
    if (p.objective[s] >= 0) {
      unseen_objectives &= ~TerritoryBit(p.objective[s]);
    }
  }
  const int drawn =
      std::popcount(unseen_objectives) -
      (secrets.objectives_left ? secrets.objectives_left - 1 : std::popcount(p.objectives_left));
  if (drawn < 0 || drawn > hidden_seats) {
    throw Error("position: the view's objectives left do not fit the objectives drawn");
  }
  int given = 0;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (!secrets.objective[static_cast<std::size_t>(s)]) continue;
    if (given++ < drawn) {
      const int lowest = std::countr_zero(unseen_objectives);
      p.objective[s] = static_cast<std::int8_t>(lowest);
      unseen_objectives &= ~TerritoryBit(lowest);
    } else {
      p.objective[s] = -1;
    }
  }
  if (secrets.objectives_left) p.objectives_left = unseen_objectives;
  state->board_.Replace(p);
  Rng rng(0);
  std::unique_ptr<engine::State> sample = state->SampleConsistentState(viewer, rng);
  static_cast<WarState&>(*sample).SetPosition(static_cast<WarState&>(*sample).pos());
  return sample;
}

// The fields of the text; with `secrets`, a view's: a hidden hand, pile or discard pile "?N",
// a hidden objective "?", each noted there (as its count + 1) and left empty.
Position WarState::ParseWords(std::string_view text, ViewSecrets* secrets) const {
  std::map<std::string, std::string_view, std::less<>> words;
  for (std::string_view word : Split(text, ' ')) {
    if (word.empty()) continue;
    const std::size_t equals = word.find('=');
    if (equals == std::string_view::npos) {
      throw Error(fmt::format("position: '{}' is not FIELD=VALUE", word));
    }
    if (!words.emplace(std::string(word.substr(0, equals)), word.substr(equals + 1)).second) {
      throw Error(fmt::format("position: field {} is given twice", word.substr(0, equals)));
    }
  }
  Position p = position();
  const bool face_up = game_->DiscardsFaceUp();
  PositionFields(p, face_up, [&](const char* name, auto& field, Span span, Secrecy secrecy) {
    using F = std::remove_reference_t<decltype(field)>;
    const auto it = words.find(name);
    if (it == words.end()) throw Error(fmt::format("position: field {} is missing", name));
    const std::string_view value = it->second;
    words.erase(it);
    // A secret value in a view: its count + 1 ("?" alone counts 1), or 0 for a shown value.
    auto secret = [&](std::string_view part) -> int {
      if (secrets == nullptr || secrecy == Secrecy::kPublic || !part.starts_with('?')) return 0;
      if (part.size() == 1) return 1;
      return ParseValue<std::uint8_t>(name, part.substr(1)) + 1;  // a count: never negative
    };
    if constexpr (IsArray<F>::value) {
      const auto parts = Split(value, ',');
      const std::size_t length = FieldLength(static_cast<int>(span), field.size());
      if (parts.size() != length) {
        throw Error(
            fmt::format("position: field {} has {} values, not {}", name, parts.size(), length));
      }
      for (std::size_t i = 0; i < length; ++i) {
        if (const int hidden = secret(parts[i])) {
          (secrecy == Secrecy::kHand ? secrets->hand : secrets->objective)[i] = hidden;
          continue;
        }
        field[i] = ParseValue<typename F::value_type>(name, parts[i]);
      }
    } else if (const int hidden = secret(value)) {
      (std::string_view(name) == "pile"      ? secrets->pile
       : std::string_view(name) == "discard" ? secrets->discard
                                             : secrets->objectives_left) = hidden;
    } else {
      field = ParseValue<F>(name, value);
    }
  });
  if (!words.empty()) {
    throw Error(fmt::format("position: unknown field {}", words.begin()->first));
  }
  return p;
}

}  // namespace quartel::war
