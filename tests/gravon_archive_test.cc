// One month of the real Gravon archive (February 2015, ../shared/data/gravon/strados2015-2.zip;
// its README says where it comes from): every classic and Barrage game imports, replays to the
// winner the file names, and exports to a file that imports back to the same game with the same
// result type and winner; the "classicfree" games (free positions) are refused with a clear
// error. The archive is unzipped into a temporary folder; the test is skipped when the archive
// or `unzip` is missing (set QUARTEL_GRAVON_ARCHIVE to read another copy).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/error.h"
#include "engine/game.h"
#include "engine/record.h"
#include "games/all_games.h"
#include "games/stratego/gravon.h"

namespace quartel::stratego {
namespace {

namespace fs = std::filesystem;

fs::path ArchivePath() {
  if (const char* path = std::getenv("QUARTEL_GRAVON_ARCHIVE")) return path;
  return fs::path(QUARTEL_SOURCE_DIR) / ".." / "shared" / "data" / "gravon" / "strados2015-2.zip";
}

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The file's own game type and result, read with a pattern (independently of the importer).
struct FileFacts {
  std::string type;
  std::string result;  // e.g. type="3" winner="2"
  std::vector<std::string> outcomes;
};

FileFacts ReadFacts(const std::string& text) {
  FileFacts facts;
  std::smatch match;
  if (std::regex_search(text, match, std::regex("<game type=\"(\\w+)\""))) facts.type = match[1];
  if (std::regex_search(text, match, std::regex("<result (type=\"\\d+\" winner=\"(\\d)\")"))) {
    facts.result = match[1];
    const std::string winner = match[2];
    facts.outcomes = winner == "1"   ? std::vector<std::string>{"win", "loss"}
                     : winner == "2" ? std::vector<std::string>{"loss", "win"}
                                     : std::vector<std::string>{"draw", "draw"};
  }
  return facts;
}

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / "quartel_gravon_archive_XXXXXX") {
    std::string name = path_.string();
    if (mkdtemp(name.data()) == nullptr) throw Error("cannot make a temporary folder");
    path_ = name;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

TEST(GravonArchive, EveryGameImportsReplaysAndExportsBack) {
  const fs::path zip = ArchivePath();
  if (!fs::exists(zip)) GTEST_SKIP() << "no Gravon archive at " << zip;
  if (std::system("command -v unzip > /dev/null 2>&1") != 0) GTEST_SKIP() << "unzip is missing";
  games::RegisterAllGames();
  const TempDir dir;
  const std::string unzip = "unzip -q -o '" + zip.string() + "' -d '" + dir.path().string() + "'";
  ASSERT_EQ(std::system(unzip.c_str()), 0) << unzip;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir.path())) {
    if (entry.path().extension() == ".xml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  const auto start = std::chrono::steady_clock::now();
  std::map<std::string, int> games;
  int failures = 0;
  auto fail = [&](const fs::path& file, const std::string& what) {
    if (++failures <= 20) ADD_FAILURE() << file.filename().string() << ": " << what;
  };
  for (const fs::path& file : files) {
    const std::string text = ReadText(file);
    const FileFacts facts = ReadFacts(text);
    ++games[facts.type];
    if (facts.type == "classicfree") {
      try {
        GravonToRecord(text);
        fail(file, "a classicfree game was imported");
      } catch (const Error& e) {
        if (std::string(e.what()).find("'classicfree'") == std::string::npos) fail(file, e.what());
      }
      continue;
    }
    try {
      const engine::Record record = GravonToRecord(text);
      if (record.result != facts.outcomes) fail(file, "the replayed result is not the file's");
      if (!engine::Match::Replay(record).Over()) fail(file, "the replay does not end");
      const std::string exported = RecordToGravonXml(record);
      if (exported.find("<result " + facts.result + "/>") == std::string::npos) {
        fail(file, "exported with another result than <result " + facts.result + "/>");
      }
      const engine::Record back = GravonToRecord(exported);
      bool same = back.actions.size() == record.actions.size();
      for (std::size_t i = 0; same && i < back.actions.size(); ++i) {
        same = back.actions[i].action == record.actions[i].action;
      }
      if (!same || back.options != record.options || back.result != record.result ||
          back.ending != record.ending) {
        fail(file, "the exported file imports to another game");
      }
    } catch (const Error& e) {
      fail(file, e.what());
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("Gravon archive: %zu files (%d classic, %d barrage, %d classicfree) in %.2f s\n",
              files.size(), games["classic"], games["barrage"], games["classicfree"], seconds);
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(games["classic"], 794);
  EXPECT_EQ(games["barrage"], 37);
  EXPECT_EQ(games["classicfree"], 3);
}

}  // namespace
}  // namespace quartel::stratego
