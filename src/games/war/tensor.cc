// WAR's tensor (war.h, "ViewTensor"): the information of ViewJson for the same viewer as one flat
// vector. WriteTensor walks the view once, value by value, for two sinks: one that stores the
// values (ViewTensor) and one that names them (TensorLayout), so that the layout printed by
// `quartel show --tensor` is, by construction, the layout of the values.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <string>
#include <vector>

#include "games/war/war.h"

namespace quartel::war {
namespace {

// The phase words of ViewJson (PhaseWord), in the tensor's order.
constexpr std::array<const char*, 9> kPhaseWords = {
    "setup",    "reinforcement", "attacks",   "conquest",
    "movement", "card use",      "transport", "information centre transport",
    "game over"};

int PhaseWordIndex(Phase phase) {
  const std::string_view word = PhaseWord(phase);
  return static_cast<int>(std::find(kPhaseWords.begin(), kPhaseWords.end(), word) -
                          kPhaseWords.begin());
}

// Stores the values.
class ValueSink {
 public:
  explicit ValueSink(std::span<float> out) : out_(out) {}
  template <typename Name>
  void operator()(float value, const Name&) {
    out_[next_++] = value;
  }
  std::size_t size() const { return next_; }

 private:
  std::span<float> out_;
  std::size_t next_ = 0;
};

// Names the values.
class NameSink {
 public:
  template <typename Name>
  void operator()(float, const Name& name) {
    names_.push_back(name());
  }
  std::vector<std::string> names() && { return std::move(names_); }

 private:
  std::vector<std::string> names_;
};

}  // namespace

// One value after another, each with its name; "1 if" values are 0 or 1, the others counts.
template <typename Sink>
void WarState::WriteTensor(Seat viewer, Sink& put) const {
  const WarGame& g = *game_;
  const int territories = map_->NumTerritories();
  const int seats = pos().num_seats;
  const int continents = static_cast<int>(map_->continents.size());
  const auto one_hot = [&](int chosen, int count, const auto& name_of) {
    for (int i = 0; i < count; ++i) put(i == chosen ? 1.0f : 0.0f, [&] { return name_of(i); });
  };
  const auto territory_hot = [&](int chosen, const std::string& what) {
    one_hot(chosen, territories,
            [&](int t) { return fmt::format("{}: 1 if {}", what, map_->territories[t].id); });
  };
  // Identical cards (WAR's two jokers, WAR-II's number cards of one value) are one value, their
  // count, under the lowest card of the kind: the views cannot tell them apart either.
  const std::uint64_t one_of_each = board_.DistinctCards(
      g.NumCards() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << g.NumCards()) - 1);
  const auto cards = [&](std::uint64_t mask, const std::string& what) {
    for (int card = 0; card < g.NumCards(); ++card) {
      if (!(one_of_each >> card & 1)) continue;
      put(board_.SameCards(card, mask),
          [&] { return fmt::format("{}: cards {} (the count)", what, CardName(card)); });
    }
  };
  const auto owner_name = [&](int owner) {
    return owner == kNeutral ? std::string("neutral") : g.SeatName(owner);
  };
  // The board.
  for (int t = 0; t < territories; ++t) {
    const std::string& id = map_->territories[t].id;
    for (int owner = 0; owner <= seats; ++owner) {
      const int code = owner == seats ? kNeutral : owner;
      put(pos().owner[t] == code ? 1.0f : 0.0f,
          [&] { return fmt::format("{}: 1 if owned by {}", id, owner_name(code)); });
    }
    put(pos().armies[t], [&] { return fmt::format("{}: armies", id); });
    // ViewJson's "movable": what moved in this turn stays (public, as every move is).
    const bool movable = pos().phase == Phase::kMove && pos().owner[t] == pos().seat;
    put(movable ? board_.Movable(t) : 0,
        [&] { return fmt::format("{}: armies that may still move (movement phase)", id); });
  }
  // The seats, hands and objectives as the viewer may know them.
  for (Seat s = 0; s < seats; ++s) {
    const std::string colour = g.SeatName(s);
    int armies = 0;
    for (int t = 0; t < territories; ++t) armies += pos().owner[t] == s ? pos().armies[t] : 0;
    put(pos().territory_count[s], [&] { return fmt::format("{}: territories", colour); });
    put(armies, [&] { return fmt::format("{}: armies", colour); });
    put(std::popcount(pos().hand[s]), [&] { return fmt::format("{}: cards", colour); });
    put(pos().bombers[s], [&] { return fmt::format("{}: bombers", colour); });
    put(pos().reduced >> s & 1, [&] {
      return fmt::format("{}: 1 if reduced to one territory (objective: 3 CEs)", colour);
    });
    for (int by = 0; by <= seats; ++by) {
      const int code = by == seats ? kNeutral : by;
      put(pos().eliminated_by[s] == code ? 1.0f : 0.0f, [&] {
        return code == kNeutral ? fmt::format("{}: 1 if resigned", colour)
                                : fmt::format("{}: 1 if eliminated by {}", colour, owner_name(by));
      });
    }
    const bool hand_seen = board_.SeesHand(viewer, s);
    put(hand_seen, [&] { return fmt::format("{}: 1 if the viewer sees the hand", colour); });
    cards(hand_seen ? pos().hand[s] : 0, colour + "'s hand");
    const bool objective_seen = board_.SeesObjective(viewer, s);
    put(objective_seen,
        [&] { return fmt::format("{}: 1 if the viewer sees the objective", colour); });
    one_hot(objective_seen ? pos().objective[s] : -1, static_cast<int>(g.Objectives().size()),
            [&](int i) { return fmt::format("{}: 1 if objective card {}", colour, i); });
    if (g.spy_centre()) territory_hot(pos().ci[s], colour + "'s Information Centre");
  }
  // The turn.
  one_hot(PhaseWordIndex(pos().phase), static_cast<int>(kPhaseWords.size()),
          [&](int i) { return fmt::format("1 if the phase is {}", kPhaseWords[i]); });
  const Seat to_act = CurrentSeat();
  one_hot(to_act >= 0                     ? to_act
          : to_act == engine::kChanceSeat ? seats
                                          : seats + 1,
          seats + 2, [&](int i) {
            return i < seats    ? fmt::format("1 if {} is to act", g.SeatName(i))
                   : i == seats ? std::string("1 if chance is to act")
                                : std::string("1 if the game is over");
          });
  put(pos().turns_played + 1, [] { return std::string("turn"); });
  put(board_.InFirstRound(), [] { return std::string("1 if the seat of the turn is in round 1"); });
  put(to_act >= 0 && g.war2() && pos().phase == Phase::kAttack &&
          pos().turns_begun[pos().seat] == 2,
      [] { return std::string("1 if the attacks are WAR-II round 1, second part"); });
  // What the phase in progress shows (ViewJson's to_place, attack, card_use, transport,
  // air_attack; the prompts' first claim and Information Centre payment).
  const bool reinforce = pos().phase == Phase::kReinforce;
  put(reinforce ? pos().general_pool : 0, [] { return std::string("armies to place anywhere"); });
  for (int c = 0; c < continents; ++c) {
    put(reinforce ? pos().continent_pool[c] : 0,
        [&] { return fmt::format("armies to place in {}", map_->continents[c].id); });
  }
  const bool attack = pos().phase == Phase::kBattle || pos().phase == Phase::kOccupy;
  territory_hot(attack ? pos().attack_from : -1, "attack from");
  territory_hot(attack ? pos().attack_to : -1, "attack on");
  put(attack ? pos().attack_dice : 0, [] { return std::string("attack dice"); });
  if (g.war2()) {
    const bool use = pos().phase == Phase::kCardUse;
    cards(use ? pos().pending_cards : 0, "card use");
    territory_hot(use ? pos().use_territory : -1, "card use on");
    put(use ? pos().use_amount : 0, [] { return std::string("card use: amount"); });
    put(use && pos().use_bombers, [] { return std::string("card use: 1 if for bombers"); });
    const bool transport = pos().phase == Phase::kTransport;
    territory_hot(transport ? pos().transport_a : -1, "transport between");
    territory_hot(transport ? pos().transport_b : -1, "transport and");
    const bool air = pos().phase == Phase::kAirRound;
    territory_hot(air ? pos().air_target : -1, "air attack on");
    put(air ? pos().air_bombers : 0, [] { return std::string("air attack: bombers"); });
    const bool choice = to_act >= 0 && pos().phase == Phase::kCeChoice && pos().claim_first >= 0;
    one_hot(choice ? map_->territories[pos().claim_first].continent : -1, continents, [&](int c) {
      return fmt::format("setup: 1 if the first of two claims is in {}", map_->continents[c].id);
    });
  }
  if (g.spy_centre()) {
    put(pos().phase == Phase::kCiPay ? pos().ci_pay_left : 0,
        [] { return std::string("Information Centre transport: cards still to pay"); });
  }
  // The cards' counters.
  put(pos().trades_done, [] { return std::string("trades so far"); });
  put(map_->TradeValue(pos().trades_done), [] { return std::string("armies for the next trade"); });
  put(std::popcount(pos().pile), [] { return std::string("cards in the pile"); });
  put(std::popcount(pos().discard), [] { return std::string("cards in the discards"); });
  // The end.
  const bool over = pos().phase == Phase::kOver;
  one_hot(!over               ? -1
          : pos().winner >= 0 ? pos().winner
                              : seats,
          seats + 1, [&](int i) {
            return i < seats ? fmt::format("1 if {} won", g.SeatName(i))
                             : std::string("1 if a draw");
          });
  one_hot(over ? pos().ending + 1 : -1, 5, [](int i) {
    return fmt::format(
        "1 if the game ended by {}",
        i == 0 ? std::string("the rules") : engine::EndReasonName(engine::EndReason(i - 1)));
  });
  const std::vector<engine::Outcome> results =
      over ? Results() : std::vector<engine::Outcome>(seats, engine::Outcome::kDraw);
  for (Seat s = 0; s < seats; ++s) {
    one_hot(over ? static_cast<int>(results[s]) : -1, 3, [&](int r) {
      return fmt::format("1 if {}'s result is {}", g.SeatName(s),
                         engine::OutcomeName(engine::Outcome(r)));
    });
  }
}

void WarState::ViewTensor(Seat viewer, std::span<float> out) const {
  ValueSink sink(out);
  WriteTensor(viewer, sink);
  if (sink.size() != out.size()) throw Error("WAR tensor: the layout and TensorShape disagree");
}

std::vector<std::string> WarGame::TensorLayout() const {
  const auto state = NewInitialState();
  NameSink sink;
  static_cast<const WarState&>(*state).WriteTensor(engine::kSpectator, sink);
  return std::move(sink).names();
}

// As WriteTensor counts them.
std::vector<int> WarGame::TensorShape() const {
  const int territories = map().NumTerritories(), seats = players();
  const int continents = static_cast<int>(map().continents.size());
  const int objectives = static_cast<int>(Objectives().size());
  const int per_seat =
      5 + (seats + 1) + 1 + NumCardKinds() + 1 + objectives + (spy_centre() ? territories : 0);
  int size = territories * (seats + 3) + seats * per_seat;  // owner, armies, movable
  size += 9 + (seats + 2) + 3 + 1 + continents + 2 * territories + 1;
  if (war2())
    size += NumCardKinds() + territories + 2 + 2 * territories + territories + 1 + continents;
  if (spy_centre()) size += 1;
  size += 4 + (seats + 1) + 5 + 3 * seats;
  return {size};
}

}  // namespace quartel::war
