#pragma once
// The append-only event log in a SQLite file. WAL with synchronous=FULL: append() returns only
// once the events are on disk, which is why the session calls it before the state changes.

#include <memory>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/event.hpp"

struct sqlite3;

namespace seneschal::engine {

class EventStore {
 public:
  // Opens or creates the log; a file that is not a Seneschal log (or not SQLite at all) is an
  // error naming the path, never silently replaced.
  static Result<EventStore> open(const std::string& path);

  // True when the file exists and SQLite cannot read it whole: truncated, overwritten with
  // garbage, pages damaged. Opened read-only, so asking changes nothing. A healthy SQLite file
  // that is not ours, or a log from a newer build, is not damaged: it needs a person, not a
  // fresh start.
  static bool damaged(const std::string& path);

  EventStore(EventStore&&) noexcept;
  EventStore& operator=(EventStore&&) noexcept;
  ~EventStore();

  // Numbers the events (seq, and group = first seq) and writes them in one transaction.
  Result<void> append(std::vector<Event>& events);
  Result<std::vector<Event>> load_all() const;
  const std::string& path() const { return path_; }

 private:
  EventStore(sqlite3* db, std::string path, std::int64_t last_seq);
  struct Closer {
    void operator()(sqlite3* db) const;
  };
  std::unique_ptr<sqlite3, Closer> db_;
  std::string path_;
  std::int64_t last_seq_ = 0;
};

}  // namespace seneschal::engine
