// `quartel import` and `quartel export`: Gravon Stratego records (.xml, .gsn) to Quartel JSON
// records and back (games/stratego/gravon.h).
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "engine/record.h"
#include "games/stratego/gravon.h"

namespace quartel::cli {

int Import(const std::string& file, const std::string& out_file, std::ostream& out,
           const std::string& repetition) {
  const engine::Record record = stratego::ReadGravonFile(file, repetition);
  // Replaying proves the record is one Quartel accepts back (import already played it).
  engine::Match::Replay(record);
  if (out_file.empty()) {
    out << engine::RecordToJson(record).dump(1) << "\n";
  } else {
    engine::WriteRecordFile(out_file, record);
  }
  return 0;
}

// `format` "xml" or "gsn" chooses; "" follows the output file's extension: .gsn writes Gravon's
// text notation, anything else (and printing) Gravon XML.
int Export(const std::string& file, const std::string& out_file, std::ostream& out,
           const std::string& format) {
  if (!format.empty() && format != "xml" && format != "gsn") {
    throw Error(fmt::format("unknown export format '{}' (xml or gsn)", format));
  }
  std::string xml;
  const bool gsn =
      format.empty() ? out_file.size() >= 4 && out_file.compare(out_file.size() - 4, 4, ".gsn") == 0
                     : format == "gsn";
  try {
    const engine::Record record = engine::ReadRecordFile(file);
    xml = gsn ? stratego::RecordToGravonGsn(record) : stratego::RecordToGravonXml(record);
  } catch (const Error& e) {
    const std::string what = e.what();
    // ReadRecordFile already names the file.
    if (what.rfind(file, 0) == 0) throw;
    throw Error(fmt::format("{}: {}", file, what));
  }
  if (out_file.empty()) {
    out << xml;
    return 0;
  }
  std::ofstream stream(out_file, std::ios::binary);
  if (!stream) throw Error(fmt::format("cannot write Gravon file '{}'", out_file));
  stream << xml;
  if (!stream) throw Error(fmt::format("error writing Gravon file '{}'", out_file));
  return 0;
}

}  // namespace quartel::cli
