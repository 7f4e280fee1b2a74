// The house's floors, read from the sources themselves: what a folder's files reach through their
// includes, directly or through other headers of the project. A rule here fails the suite on an
// include that crosses it, naming the chain, so a floor cannot erode one include at a time.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = SENESCHAL_SOURCE_DIR;

// Where `#include "seneschal/..."` is found, in the order the build's include paths give, and
// firmware/src, where its private headers are named by their folder ("gpio/gpio_chip.hpp").
const std::vector<fs::path>& include_roots() {
  static const std::vector<fs::path> roots = {kSource / "engine/base/include", kSource / "engine/include",
                                              kSource / "vision/include", kSource / "display/include",
                                              kSource / "firmware/include", kSource / "firmware/src"};
  return roots;
}

// The project's headers a file includes by name: "seneschal/..." through the include roots, and
// a quoted name beside the file (a module's own private header).
std::vector<fs::path> direct_includes(const fs::path& file) {
  static const std::regex quoted(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<fs::path> found;
  std::ifstream in(file);
  std::string line;
  std::smatch match;
  while (std::getline(in, line)) {
    if (!std::regex_search(line, match, quoted)) continue;
    const std::string name = match[1];
    const fs::path beside = file.parent_path() / name;
    if (fs::exists(beside)) {
      found.push_back(fs::weakly_canonical(beside));
      continue;
    }
    for (const fs::path& root : include_roots()) {
      if (fs::exists(root / name)) {
        found.push_back(fs::weakly_canonical(root / name));
        break;
      }
    }
  }
  return found;
}

// Every project header the file reaches, each with the chain that first reached it.
std::map<fs::path, std::vector<fs::path>> reached_from(const fs::path& file) {
  std::map<fs::path, std::vector<fs::path>> chains;
  std::vector<std::vector<fs::path>> todo = {{fs::weakly_canonical(file)}};
  while (!todo.empty()) {
    std::vector<fs::path> chain = std::move(todo.back());
    todo.pop_back();
    for (const fs::path& next : direct_includes(chain.back())) {
      if (chains.count(next)) continue;
      std::vector<fs::path> longer = chain;
      longer.push_back(next);
      chains[next] = longer;
      todo.push_back(std::move(longer));
    }
  }
  return chains;
}

std::vector<fs::path> sources_under(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(kSource / folder)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) files.push_back(entry.path());
  }
  return files;
}

std::string shown(const std::vector<fs::path>& chain) {
  std::string text;
  for (const fs::path& step : chain) {
    if (!text.empty()) text += " -> ";
    text += fs::relative(step, kSource).string();
  }
  return text;
}

// The chains by which any file under `folder` reaches one of `forbidden` (headers named as
// written after the include root, "seneschal/engine/session.hpp").
std::vector<std::string> crossings(const fs::path& folder, const std::vector<std::string>& forbidden) {
  std::set<fs::path> banned;
  for (const std::string& name : forbidden) {
    for (const fs::path& root : include_roots()) {
      if (fs::exists(root / name)) banned.insert(fs::weakly_canonical(root / name));
    }
  }
  std::vector<std::string> found;
  for (const fs::path& file : sources_under(folder)) {
    for (const auto& [header, chain] : reached_from(file)) {
      if (banned.count(header)) found.push_back(shown(chain));
    }
  }
  return found;
}

TEST(IncludeFloorsTest, TheRulesFindTheirHeadersOnDisk) {
  // A rule that names a header nobody has would pass for ever: the ones below must exist.
  for (const char* name : {"seneschal/engine/session.hpp", "seneschal/engine/event_store.hpp",
                           "seneschal/engine/view.hpp", "seneschal/engine/view_model.hpp"}) {
    EXPECT_TRUE(fs::exists(kSource / "engine/include" / name)) << name;
  }
  // And the walk follows includes: the view model made from a session reaches the event store.
  const auto chains = reached_from(kSource / "engine/include/seneschal/engine/view_model.hpp");
  EXPECT_TRUE(chains.count(fs::weakly_canonical(kSource / "engine/include/seneschal/engine/event_store.hpp")));
  // A firmware private header, named by its folder, is followed too.
  const auto gpio = direct_includes(kSource / "firmware/src/gpio/gpio_buttons.cpp");
  EXPECT_TRUE(std::count(gpio.begin(), gpio.end(), fs::weakly_canonical(kSource / "firmware/src/gpio/gpio_chip.hpp")));
}

TEST(IncludeFloorsTest, TheDisplaySeesOnlyTheView) {
  // The display draws what it is given (DESIGN.md): the session and its event log are not its.
  const auto found = crossings("display", {"seneschal/engine/session.hpp", "seneschal/engine/event_store.hpp"});
  EXPECT_TRUE(found.empty()) << found.size() << " crossings, the first: " << found.front();
}

TEST(IncludeFloorsTest, TheGameModulesSeeOnlyTheView) {
  // A module describes its board (BoardView) and answers commands; the session that drives it is
  // the core's.
  const auto found = crossings("engine/rules", {"seneschal/engine/session.hpp", "seneschal/engine/event_store.hpp"});
  EXPECT_TRUE(found.empty()) << found.size() << " crossings, the first: " << found.front();
}

// firmware/floors.txt: each floor and the floors below it that it may include.
std::map<std::string, std::set<std::string>> firmware_floors() {
  std::map<std::string, std::set<std::string>> floors;
  std::ifstream in(kSource / "firmware/floors.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::istringstream below(line.substr(colon + 1));
    std::set<std::string>& allowed = floors[line.substr(0, colon)];
    for (std::string floor; below >> floor;) allowed.insert(floor);
  }
  return floors;
}

// The floor a firmware file sits on: the first folder under src/ or include/seneschal/firmware/;
// "" for a file that is not the firmware's, "?" for one of the firmware's outside any folder.
std::string floor_of(const fs::path& file) {
  for (const fs::path& base : {kSource / "firmware/src", kSource / "firmware/include/seneschal/firmware"}) {
    const fs::path inside = fs::relative(file, fs::weakly_canonical(base));
    if (inside.empty() || *inside.begin() == "..") continue;
    return std::distance(inside.begin(), inside.end()) > 1 ? inside.begin()->string() : "?";
  }
  return "";
}

TEST(IncludeFloorsTest, TheFirmwareFloorsAreWrittenOnce) {
  const auto floors = firmware_floors();
  ASSERT_GE(floors.size(), 5u) << "firmware/floors.txt";
  // Every floor named as below another is a floor, and every folder of src/ is one.
  for (const auto& [floor, below] : floors) {
    for (const std::string& lower : below) EXPECT_TRUE(floors.count(lower)) << floor << " names " << lower;
  }
  for (const auto& entry : fs::directory_iterator(kSource / "firmware/src")) {
    if (!entry.is_directory()) continue;
    EXPECT_TRUE(floors.count(entry.path().filename().string())) << entry.path();
  }
}

TEST(IncludeFloorsTest, NoFirmwareIncludeRunsUpAFloor) {
  const auto floors = firmware_floors();
  std::vector<std::string> upward;
  for (const fs::path& folder : {fs::path("firmware/src"), fs::path("firmware/include")}) {
    for (const fs::path& file : sources_under(folder)) {
      const std::string from = floor_of(fs::weakly_canonical(file));
      if (from == "?" || !floors.count(from)) {
        upward.push_back(fs::relative(file, kSource).string() + " is on no floor");
        continue;
      }
      for (const fs::path& header : direct_includes(file)) {
        const std::string to = floor_of(header);
        if (to.empty() || to == from || floors.at(from).count(to)) continue;
        upward.push_back(fs::relative(file, kSource).string() + " (" + from + ") includes " +
                         fs::relative(header, kSource).string() + " (" + to + ")");
      }
    }
  }
  std::string all;
  for (const std::string& one : upward) all += "\n  " + one;
  EXPECT_TRUE(upward.empty()) << upward.size() << " includes cross a floor (firmware/floors.txt):" << all;
}

}  // namespace
