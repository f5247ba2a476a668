#include "games/war/rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <set>

#include "core/error.h"

namespace quartel::war {

Rules::Rules(std::shared_ptr<const WarMap> map, bool war2, bool variant1, bool spy_centre,
             int players, int max_turns)
    : map_(std::move(map)),
      war2_(war2),
      variant1_(war2 && variant1),
      spy_centre_(war2 && spy_centre),
      players_(players),
      max_turns_(max_turns) {
  if (war2_ && !map_->HasWar2()) {
    throw Error(
        fmt::format("map {}: no \"war2\" section, so WAR-II cannot be played on it", map_->file));
  }
  const int territories = map_->NumTerritories();
  const int links = map_->NumLinks();
  num_cards_ = war2_ ? static_cast<int>(map_->war2_cards.size()) : map_->NumCards();
  card_of_.assign(territories, -1);
  ce_index_.assign(territories, -1);
  for (std::size_t i = 0; i < map_->strategic_centres.size(); ++i) {
    ce_index_[map_->strategic_centres[i]] = static_cast<int>(i);
  }
  if (war2_) {
    for (int c = 0; c < num_cards_; ++c) {
      for (int t : map_->war2_cards[c].territories) card_of_[t] = c;
    }
  }
  kAttack = territories;
  kOccupy = kAttack + 3 * links;
  kMove = kOccupy + 3;
  kEnd = kMove + links;
  kTrade = kEnd + 1;
  kChance = kTrade + kTradeCombos;
  num_chance_ = std::max({num_cards_, static_cast<int>(Objectives().size()), kMaxSeats});
  kBattle = kChance + num_chance_;
  kAir = kBattle + 4;
  kUse = kAir + 10 * territories;
  kAddNumber = kUse + 2 * num_cards_;
  kTransport = kAddNumber + 3;
  kCarry = kTransport + num_cards_ * num_cards_ * 4;
  kDiscard = kCarry + 2;
  kAirlift = kDiscard + num_cards_;
  kAirRound = kAirlift + 12 * 12;
  kPlaceCi = kAirRound + 16;
  kSpy = kPlaceCi + 64;
  kMoveCi = kSpy + kMaxSeats;
  kCiTransport = kMoveCi + kMaxSeats * 64;
  if (map_->strategic_centres.size() > 12) {
    throw Error(fmt::format("map {}: more than 12 Strategic Centres", map_->file));
  }
  for (std::size_t i = 0; i < Objectives().size(); ++i) {
    const int colour = Objectives()[i].destroy_colour;
    if (colour < players_) eligible_objectives_ |= std::uint64_t{1} << i;
  }
  if (std::popcount(eligible_objectives_) < players_) {
    throw Error(fmt::format("map {}: fewer objectives than players", map_->file));
  }
}

std::string Rules::ColourOf(int seat) const {
  if (seat < 0 || seat >= players_) return fmt::format("seat {}", seat);
  return map_->colours[seat];
}

int Rules::MaxActions() const {
  // A turn of more than 2000 actions only happens to random players with huge armies.
  return 1 + map_->NumTerritories() + players_ + max_turns_ * 2000;
}

int Rules::CardKind(int card) const {
  if (war2_) {
    const int number = map_->war2_cards[card].number;
    return number > 0 ? -number : card;
  }
  return card >= map_->NumTerritories() ? -1 : card;
}

int Rules::NumCardKinds() const {
  std::set<int> kinds;
  for (int card = 0; card < num_cards_; ++card) kinds.insert(CardKind(card));
  return static_cast<int>(kinds.size());
}

}  // namespace quartel::war
