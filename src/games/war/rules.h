// The rule set a WAR or WAR-II Board plays by (board.h): which game, the options that shape the
// rules, the map, and the layout of the action ids (war.h's file comment). Part of the position
// core, as Stratego's and Espionage's Rules are: the core knows nothing of the adapter. Immutable
// once built; WarGame (war.h), the engine's game, is one.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/war/map.h"

namespace quartel::war {

inline constexpr int kTradeCombos = 20;  // C(6, 3): the trades of three cards among six

class Rules {
 public:
  // Throws quartel::Error when the map cannot hold the game (WAR-II without its section, more
  // than 12 Strategic Centres, fewer objectives than players).
  Rules(std::shared_ptr<const WarMap> map, bool war2, bool variant1, bool spy_centre, int players,
        int max_turns);

  const WarMap& map() const { return *map_; }
  int players() const { return players_; }
  int max_turns() const { return max_turns_; }
  bool war2() const { return war2_; }
  // WAR-II's used and discarded cards go face up to the discard pile, seen by everyone (rulings
  // "WAR-II"); WAR's discards include the unseen rest of an eliminated hand, only counted.
  bool DiscardsFaceUp() const { return war2_; }
  bool variant1() const { return variant1_; }
  bool spy_centre() const { return spy_centre_; }
  int NumCards() const { return num_cards_; }
  // The objective cards of this rule set: WAR's 14, or WAR-II's 20.
  const std::vector<Objective>& Objectives() const {
    return war2_ ? map_->war2_objectives : map_->objectives;
  }
  // WAR-II: the card showing territory t; the CE index of t, or -1.
  int CardOf(int territory) const { return card_of_[territory]; }
  int CeIndex(int territory) const { return ce_index_[territory]; }
  // Objectives that may be dealt: those naming an absent colour are removed (seed, Obs.).
  std::uint64_t EligibleObjectives() const { return eligible_objectives_; }
  int NumChanceChoices() const { return num_chance_; }
  // Identical cards (WAR's two jokers, WAR-II's number cards of one value) are one kind; every
  // other card is its own. The card itself, or a negative number for a shared kind.
  int CardKind(int card) const;
  // How many kinds of card there are.
  int NumCardKinds() const;
  // The seat's colour on the map ("branca"), or "seat N" for no seat of the game.
  std::string ColourOf(int seat) const;
  // Engine cap: a game ends in a draw after max_turns turns, or when its actions reach this.
  int MaxActions() const;
  int NumActionIds() const {
    return spy_centre_ ? kCiTransport + kMaxSeats * 64 : war2_ ? kAirRound + 16 : kBattle + 4;
  }

  // Action layout (war.h's file comment).
  int kAttack = 0, kOccupy = 0, kMove = 0, kEnd = 0, kTrade = 0, kChance = 0, kBattle = 0;
  int kAir = 0, kUse = 0, kAddNumber = 0, kTransport = 0, kCarry = 0, kDiscard = 0, kAirlift = 0,
      kAirRound = 0;
  // spy_centre: place the own CI on t; spy on a seat; move the CI of owner o to t (movement
  // phase); transport the CI of owner o to t, paying two territory cards.
  int kPlaceCi = 0, kSpy = 0, kMoveCi = 0, kCiTransport = 0;

 private:
  std::shared_ptr<const WarMap> map_;
  bool war2_ = false;
  bool variant1_ = false;
  bool spy_centre_ = false;
  int num_cards_ = 0;
  std::vector<int> card_of_;
  std::vector<int> ce_index_;
  int players_ = 3;
  int max_turns_ = 0;
  int num_chance_ = 0;
  std::uint64_t eligible_objectives_ = 0;
};

}  // namespace quartel::war
