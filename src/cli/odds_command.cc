// `quartel odds`: the exact outcome distribution of pressing an attack in WAR or classic Risk
// (games/war/odds.h), as a user would ask it at the table: "10 against 4, should I go?".
#include <fmt/format.h>

#include <ostream>

#include "cli/commands.h"
#include "core/error.h"
#include "games/war/odds.h"

namespace quartel::cli {

int Odds(int attackers, int defenders, const std::string& game, std::ostream& out) {
  using war::DefenceRule;
  if (game != "war" && game != "risk") {
    throw Error("--game " + game + ": must be war or risk");
  }
  if (attackers < 2) {
    throw Error(
        fmt::format("{} attackers: the attacking territory needs at least 2 armies", attackers));
  }
  if (defenders < 1) {
    throw Error(
        fmt::format("{} defenders: the defending territory holds at least 1 army", defenders));
  }
  const DefenceRule rule = game == "war" ? DefenceRule::kWar : DefenceRule::kRisk;
  const war::AssaultOdds odds = war::PressAttack(attackers, defenders, rule);

  out << fmt::format(
      "Attacker {} armies ({} may attack) vs defender {}, {} dice (defender rolls up to {}): "
      "pressing until conquest or 1 army left\n",
      attackers, attackers - 1, defenders, war::DefenceRuleName(rule),
      rule == DefenceRule::kWar ? 3 : 2);
  out << fmt::format("P(conquest): {:.2f}%\n", 100 * odds.conquest);
  out << fmt::format(
      "Expected armies left: attacker {:.2f} (in the attacking territory, before moving in), "
      "defender {:.2f}\n",
      odds.expected_attacker_left, odds.expected_defender_left);

  // The outcomes, best for the attacker first; rows that round to 0.00% are left out.
  constexpr double kShown = 0.005e-2;
  out << fmt::format("{:<34}{:>10}\n", "outcome", "P");
  for (int a = attackers; a >= 0; --a) {
    if (odds.attacker_left[a] < kShown) continue;
    out << fmt::format("{:<34}{:>9.2f}%\n", fmt::format("conquest with {} left", a),
                       100 * odds.attacker_left[a]);
  }
  for (int d = 0; d <= defenders; ++d) {
    if (odds.defender_left[d] < kShown) continue;
    out << fmt::format("{:<34}{:>9.2f}%\n", fmt::format("stopped with defender {} left", d),
                       100 * odds.defender_left[d]);
  }
  return 0;
}

}  // namespace quartel::cli
