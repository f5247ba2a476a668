// Gravon game records (the largest public Stratego archive, StraDoS2 format; facts in
// shared/reference/stratego-espionage.md) to and from Quartel records.
//
// .xml: <game type="classic">, two <player> elements (Red, then Blue), <field content="..."/>
//   (100 characters), <move source="A4" target="A5"/> ..., <result type="N" winner="1|2|3"/>.
// .gsn: "#... Stratego-Notation v1" (or v2), "type N", the field, one move a line ("A4-A5"),
//   "END", then "<red> vs <blue> result <ending> winner <winner>".
// Field: character i is square i (row i / 10 from Red's side, file i % 10): 0-39 Red's setup,
//   40-59 "AA__AA__AAAA__AA__AA", 60-99 Blue's. 'A' empty, '_' lake; Red B bomb, C spy, D scout,
//   E miner, F sergeant, G lieutenant, H captain, I major, J colonel, K general, L marshal, M flag;
//   Blue the same from N (bomb) to Y (flag).
// Squares: a letter for the file, a..k without j as in Quartel (J is also read as the tenth file,
//   for files lettered A..J) and the rank 1..10 from Red's side; written in capitals ("K10").
// Winner 1 Red, 2 Blue, 3 draw. Endings: 0 unable to move, 1 flag captured, 2 both unable to move,
//   3 forfeit, 4 tie agreed, 10-14 clock or a player missing.
//
// Import: the setups become the options setup_red and setup_blue, the moves the record's actions;
// the engine caps are raised to their maximum so a long archived game replays whole. A game the
// rules end (flag, no move) gets its result from the replay, which must agree with the file's
// winner; a game won otherwise (forfeit, clock, missing) is recorded as the loser resigning; a
// draw the rules did not reach (tie agreed) is left without a result (Quartel records have no
// draw by agreement).
// Export: a finished classic Quartel Stratego record (setup by placements or by the setup options)
// without rescues (Gravon has none) becomes Gravon XML or .gsn that imports back to the same game.
#pragma once

#include <string>
#include <string_view>

#include "engine/record.h"

namespace quartel::stratego {

// Parses Gravon text (.gsn when it starts with '#', .xml otherwise) into a Quartel record that
// replays; throws quartel::Error "line N: <problem>" (or naming what is missing) when malformed.
engine::Record GravonToRecord(std::string_view text);
// Reads a Gravon file; errors are prefixed with the path.
engine::Record ReadGravonFile(const std::string& path);
// Gravon XML for a finished Quartel Stratego record; throws quartel::Error when it cannot be
// expressed (another game, not finished, the seed's army, a rescue) or does not replay.
std::string RecordToGravonXml(const engine::Record& record);
// The same game as a Gravon .gsn record ("# Quartel Stratego-Notation v1", "type 0", the field,
// the moves, "END", the players and result line); player names that would not read back (one
// holding " vs ", " result " or " winner ") are written as the seat's colour.
std::string RecordToGravonGsn(const engine::Record& record);

}  // namespace quartel::stratego
