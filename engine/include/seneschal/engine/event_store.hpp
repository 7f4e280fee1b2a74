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
  // 1: events as the module wrote them. 2: an event also carries the values answered at the
  // table it used ("used"); a schema 1 log is read, and migrated once by the session's resume.
  static constexpr int kSchema = 2;

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
  // Every event in order; a row of the wrong shape is "event 14 of <file>: <what is wrong>".
  Result<std::vector<Event>> load_all() const;
  // Writes the data of events read from this log back (a migration), and marks the log schema
  // kSchema, in one transaction.
  Result<void> migrate(const std::vector<const Event*>& changed);
  int schema() const { return schema_; }
  // What opening found that the table should hear: writes a damaged write-ahead log lost.
  const std::vector<std::string>& notes() const { return notes_; }
  const std::string& path() const { return path_; }

 private:
  EventStore(sqlite3* db, std::string path, std::int64_t last_seq, int schema);
  struct Closer {
    void operator()(sqlite3* db) const;
  };
  std::unique_ptr<sqlite3, Closer> db_;
  std::string path_;
  std::int64_t last_seq_ = 0;
  int schema_ = kSchema;
  std::vector<std::string> notes_;
};

}  // namespace seneschal::engine
