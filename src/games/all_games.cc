#include "games/all_games.h"

#include <mutex>

#include "games/conspiradores/conspiradores.h"
#include "games/dablot/dablot.h"
#include "games/espionage/espionage.h"
#include "games/stratego/stratego.h"
#include "games/war/war.h"

namespace quartel::games {

void RegisterAllGames() {
  static std::once_flag once;
  std::call_once(once, [] {
    conspiradores::Register();
    dablot::Register();
    espionage::Register();
    stratego::Register();
    war::Register();
  });
}

}  // namespace quartel::games
