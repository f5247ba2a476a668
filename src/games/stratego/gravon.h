// Gravon game records (the largest public Stratego archive, StraDoS2 format; facts in
// shared/reference/stratego-espionage.md; a month of real files in shared/data/gravon) to and
// from Quartel records.
//
// .xml, as the archive writes it: <stratego> <game type="classic|barrage"> <field content="..."/>
//   (100 characters), <move id="N" source="A4" target="A5"/> ..., two <player id="1|2">, then
//   <result type="N" winner="1|2|3"/> (3 = draw). Older files without the <stratego> root read too.
// .gsn: "#... Stratego-Notation v1" (or v2), "type N", the field, one move a line ("A4-A5"),
//   "END", then "<red> vs <blue> result <ending> winner <winner>" (classic only: Barrage's type
//   code is not known).
// Field: character i is square i (row i / 10 from Red's side, file i % 10): 0-39 Red's setup,
//   40-59 "AA__AA__AAAA__AA__AA", 60-99 Blue's. 'A' empty (Barrage leaves 32 of each side's
//   squares empty), '_' lake; Red B bomb, C spy, D scout, E miner, F sergeant, G lieutenant, H
//   captain, I major, J colonel, K general, L marshal, M flag; Blue the same from N (bomb) to Y.
// Squares: a letter for the file, a..k without j as in Quartel (J is also read as the tenth file,
//   for files lettered A..J), and the rank 1..10 from Red's side, 10 written ':' ("K:"; "K10" is
//   read too); written in capitals.
// Result types: 0 unable to move, 1 flag captured, 2 both unable to move, 3 forfeit, 4 tie agreed,
//   10 both missing, 11 player clock, 12 game clock, 13 player clock and missing, 14 opponent
//   missing. "classicfree" games (free positions, pieces anywhere) are refused.
//
// Import: the setups become Red's and then Blue's setup turns (placements, a1..k4 then
// a7..k10), the moves the record's following actions (and army=barrage for Barrage); the engine
// caps are raised to their maximum so a long archived game replays whole. Types 0-2 must be where
// the moves lead, with the file's winner; the others become the record's ending (Match::End:
// forfeit a resignation, tie agreed an agreement, the clocks time, missing players abandoned) with
// the file's winner as it is; Gravon's words for the ending are kept as the record's ending_detail.
// The repetition rule is the one of the file's date (see kGravonRepetitions).
// Export: a finished classic or Barrage Quartel record (the field read where the placements
// leave it) without Gravon's missing rules (rescue, aggressor_advantage, silent_defense) becomes
// Gravon XML in the archive's layout or .gsn that imports back to the same game, with the result
// type it was imported with when it still fits.
#pragma once

#include <string>
#include <string_view>

#include "engine/record.h"

namespace quartel::stratego {

// The repetition rules Gravon applied, newest first (docs/rules/stratego.md, "Repetition"): the
// ISF rules from 2006, the older five-moves-on-two-squares rule in the archive's 2004 and 2005
// months. A file read with no date and no rule given is tried with each in this order.
inline constexpr const char* kGravonRepetitions[] = {"isf", "five_moves"};
// The rule of the archive date a Gravon file name carries ("classic-2005.3-12.xml", the StraDoS2
// archive's naming: year.month): "five_moves" up to 2005, "isf" after; "" when there is no date.
std::string GravonRepetitionOfName(std::string_view file_name);

// Parses Gravon text (.gsn when it starts with '#', .xml otherwise) into a Quartel record that
// replays under the `repetition` option given; throws quartel::Error "line N: <problem>" (or
// naming what is missing) when malformed. With `repetition` empty, each of kGravonRepetitions is
// tried in order and the first that replays is kept (the error of the first when none does).
engine::Record GravonToRecord(std::string_view text, std::string_view repetition = "");
// Reads a Gravon file under `repetition` when given, else the rule of the file name's date, else
// as GravonToRecord tries them; errors are prefixed with the path.
engine::Record ReadGravonFile(const std::string& path, const std::string& repetition = "");
// Gravon XML for a finished Quartel Stratego record; throws quartel::Error when it cannot be
// expressed (another game, not finished, the seed's army, a rule Gravon lacks) or does not replay.
std::string RecordToGravonXml(const engine::Record& record);
// The same game as a Gravon .gsn record ("# Quartel Stratego-Notation v1", "type 0", the field,
// the moves, "END", the players and result line); player names that would not read back (one
// holding " vs ", " result " or " winner ") are written as the seat's colour.
std::string RecordToGravonGsn(const engine::Record& record);

}  // namespace quartel::stratego
