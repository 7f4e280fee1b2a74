// Issue [2/8]: every rule a module's README lists as a check names the test that raises it through
// a real Session and overrides it, so the list cannot drift from the code. Each module README has
// one audit table (see engine/rules/<game>/README.md, "Checks audit"):
//
//   | id | rule (book line) | handled | where it is raised | test |
//
// `handled` is one of kHandled; a `check` row must name a test of this binary ("Suite.Name"), and
// that test must be registered and enabled: a renamed or deleted test fails here. Other rows name
// the test that pins how the rule is kept, or "-" when the device cannot see it (`not checked`)
// or does not keep it yet (`not built`). The ids run from 1 to the count the spec gives, once each.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace seneschal::engine {
namespace {

namespace fs = std::filesystem;

struct AuditRow {
  std::vector<std::string> ids;  // "CK-11", or several ("OA-8, OA-46")
  std::string rule, handled, where, test;
  int line = 0;
};

struct GameAudit {
  const char* folder;  // engine/rules/<folder>/README.md
  const char* prefix;  // "CK" in CK-11
  int count;           // ids 1..count; 0: as many as the README lists (R9E's own numbering)
};

void PrintTo(const GameAudit& game, std::ostream* out) { *out << game.folder; }

const std::vector<GameAudit> kGames = {
    {"cutthroat", "CK", 48},  // GAMES.md A3
    {"nine", "N", 26},        // GAMES.md B3
    {"ostenard", "OA", 56},   // GAMES.md C3
    {"r9e", "R", 0},          // the rulebook's checks, numbered in the module README
};

const std::set<std::string> kHandled = {"check",       "refused",   "construction", "bookkeeping",
                                        "outcome",     "not checked", "not built"};

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  bool code = false;  // a `|` inside backticks is text
  for (std::size_t i = 1; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '`') code = !code;
    if (c == '|' && !code) {
      out.push_back(trim(cell));
      cell.clear();
    } else {
      cell += c;
    }
  }
  return out;
}

std::vector<std::string> split_ids(const std::string& text) {
  std::vector<std::string> ids;
  std::stringstream stream(text);
  std::string id;
  while (std::getline(stream, id, ',')) ids.push_back(trim(id));
  return ids;
}

// The README's audit table: the rows under the header whose first cells are "id" and "rule ...".
std::vector<AuditRow> read_audit(const fs::path& readme, std::string& error) {
  std::ifstream in(readme);
  if (!in) {
    error = "cannot read " + readme.string();
    return {};
  }
  std::vector<AuditRow> rows;
  std::string line;
  int number = 0;
  bool inside = false;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("|", 0) != 0) {
      if (inside) break;
      continue;
    }
    const std::vector<std::string> row = cells(line);
    if (!inside) {
      inside = row.size() == 5 && row[0] == "id" && row[1].rfind("rule", 0) == 0 && row[2] == "handled";
      continue;
    }
    if (!row.empty() && row[0].rfind("---", 0) == 0) continue;
    if (row.size() != 5) {
      error = readme.string() + ":" + std::to_string(number) + ": an audit row has " + std::to_string(row.size()) +
              " cells, not 5";
      return {};
    }
    rows.push_back({split_ids(row[0]), row[1], row[2], row[3], row[4], number});
  }
  if (rows.empty() && error.empty()) error = readme.string() + ": no audit table (| id | rule ... | handled | ...)";
  return rows;
}

// "Suite.Name" of every enabled test in this binary.
std::set<std::string> registered_tests() {
  std::set<std::string> names;
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  for (int s = 0; s < unit.total_test_suite_count(); ++s) {
    const ::testing::TestSuite& suite = *unit.GetTestSuite(s);
    for (int t = 0; t < suite.total_test_count(); ++t) {
      const ::testing::TestInfo& info = *suite.GetTestInfo(t);
      if (std::string(info.name()).rfind("DISABLED_", 0) == 0) continue;
      names.insert(std::string(suite.name()) + "." + info.name());
    }
  }
  return names;
}

class CheckAuditTest : public ::testing::TestWithParam<GameAudit> {};

TEST_P(CheckAuditTest, EveryListedRuleSaysHowItIsKeptAndNamesItsTest) {
  const GameAudit game = GetParam();
  const fs::path readme = fs::path(SENESCHAL_SOURCE_DIR) / "engine" / "rules" / game.folder / "README.md";
  std::string error;
  const std::vector<AuditRow> rows = read_audit(readme, error);
  ASSERT_TRUE(error.empty()) << error;

  const std::set<std::string> tests = registered_tests();
  std::map<int, int> seen;  // id number -> README line
  int listed = 0, checks = 0, checks_tested = 0;
  for (const AuditRow& row : rows) {
    const std::string at = readme.string() + ":" + std::to_string(row.line);
    EXPECT_TRUE(kHandled.count(row.handled)) << at << ": handled is \"" << row.handled << "\"";
    EXPECT_FALSE(row.rule.empty()) << at << ": no rule";
    for (const std::string& id : row.ids) {
      const std::string prefix = std::string(game.prefix) + "-";
      ASSERT_EQ(id.rfind(prefix, 0), 0u) << at << ": id " << id;
      const int n = std::stoi(id.substr(prefix.size()));
      EXPECT_TRUE(seen.emplace(n, row.line).second) << at << ": " << id << " listed twice";
      ++listed;
      if (row.handled == "check") ++checks;
    }
    const bool may_be_untested = row.handled == "not checked" || row.handled == "not built";
    if (row.test == "-" || row.test.empty()) {
      EXPECT_TRUE(may_be_untested) << at << ": " << row.handled << " row names no test";
      continue;
    }
    std::string test = row.test;
    test.erase(std::remove(test.begin(), test.end(), '`'), test.end());
    EXPECT_TRUE(tests.count(test)) << at << ": no enabled test " << test << " in engine_tests";
    if (row.handled == "check" && tests.count(test)) checks_tested += static_cast<int>(row.ids.size());
  }
  const int expected = game.count ? game.count : static_cast<int>(seen.size());
  for (int n = 1; n <= expected; ++n) EXPECT_TRUE(seen.count(n)) << game.prefix << "-" << n << " is not listed";
  EXPECT_EQ(static_cast<int>(seen.size()), expected) << game.folder << ": ids beyond " << expected;
  EXPECT_EQ(checks_tested, checks);
  std::cout << game.folder << ": " << listed << " rules listed, " << checks << " raised as checks, " << checks_tested
            << " of them raised and overridden by a named test\n";
}

INSTANTIATE_TEST_SUITE_P(Games, CheckAuditTest, ::testing::ValuesIn(kGames),
                         [](const ::testing::TestParamInfo<GameAudit>& param) { return std::string(param.param.folder); });

}  // namespace
}  // namespace seneschal::engine
