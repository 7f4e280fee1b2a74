// libFuzzer target for the rows of an event log: a log is a file on an SD card that a power cut,
// a bad card or a hand edit can leave holding anything, and Session::resume must turn any rows
// into a game or an error naming the event, never an abort (before, valid JSON of the wrong
// shape threw out of the resume and the daemon died with SIGABRT at every start).
//
// Input: one row per line, "type<TAB>data"; data that is not JSON is stored as a JSON string.
// The rows go into a real EventStore (SQLite, in memory) and are resumed by R9E on the shipped
// card data.
//
// Invariants, for any input:
//   - resume gives a session or an error; an error has a message naming an event and the log
//     ("event N of :memory:") or the log alone;
//   - a resumed session's prompt, state and undo stacks can be read.

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "seneschal/engine/session.hpp"

#ifndef SENESCHAL_FUZZ_CARDS_FILE
#error "SENESCHAL_FUZZ_CARDS_FILE must name the R9E card file the events replay against"
#endif

namespace seneschal::engine::r9e {
std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards);
}

namespace {

using namespace seneschal::engine;

constexpr const char* kLog = ":memory:";

const CardLibrary& cards() {
  static const CardLibrary library = [] {
    std::ifstream in(SENESCHAL_FUZZ_CARDS_FILE, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto db = CardDatabase::parse_json(text, SENESCHAL_FUZZ_CARDS_FILE);
    SENESCHAL_FUZZ_CHECK(db.has_value(), "the shipped R9E card data parses");
    CardLibrary out;
    out.emplace("r9e", std::make_shared<const CardDatabase>(std::move(db).value()));
    return out;
  }();
  return library;
}

const ModuleRegistry& registry() {
  static const ModuleRegistry modules = [] {
    ModuleRegistry out;
    out.add("r9e", r9e::make_module);
    return out;
  }();
  return modules;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<Event> rows;
  while (!text.empty() && rows.size() < 64) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const std::size_t tab = line.find('\t');
    Event row;
    row.type = std::string(line.substr(0, tab));
    const std::string json = tab == std::string_view::npos ? std::string() : std::string(line.substr(tab + 1));
    row.data = nlohmann::json::parse(json, nullptr, false);
    if (row.data.is_discarded()) row.data = json;  // a string: valid JSON of the wrong shape
    rows.push_back(std::move(row));
  }
  auto store = EventStore::open(kLog);
  SENESCHAL_FUZZ_CHECK(store.has_value(), "an in-memory log opens");
  // Stored the way a damaged file would hold them: one transaction, whatever they say.
  if (!rows.empty() && !store->append(rows)) return 0;  // invalid UTF-8 in a type: SQLite's call
  auto session = Session::resume(std::move(store).value(), registry(), cards());
  if (!session) {
    const std::string& message = session.error().message;
    SENESCHAL_FUZZ_CHECK(!message.empty(), "an error message is never empty");
    SENESCHAL_FUZZ_CHECK(message.find(kLog) != std::string::npos, "an error names the log");
    return 0;
  }
  (void)session->prompt();
  (void)session->can_undo();
  SENESCHAL_FUZZ_CHECK(session->events().size() == rows.size(), "a resumed session holds every row");
  return 0;
}
