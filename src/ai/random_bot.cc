// The baseline bot: a uniformly random legal action, from its own seeded Rng so games replay.
#include <memory>
#include <vector>

#include "ai/bot.h"
#include "core/rng.h"

namespace quartel::ai {
namespace {

class RandomBot : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}

  engine::Action ChooseAction(const engine::SeatHandle& seat) override {
    legal_ = seat.LegalActions();
    return legal_[rng_.Below(static_cast<std::uint32_t>(legal_.size()))];
  }

  std::string Spec() const override { return "random"; }

 private:
  Rng rng_;
  std::vector<engine::Action> legal_;
};

}  // namespace

void RegisterRandomBot() {
  RegisterBot({.name = "random",
               .help = "uniformly random legal action (keys: seed)",
               .factory = [](const engine::Game&, const std::map<std::string, std::string>&,
                             std::uint64_t seed) -> std::unique_ptr<Bot> {
                 return std::make_unique<RandomBot>(seed);
               },
               .keys = {}});
}

}  // namespace quartel::ai
