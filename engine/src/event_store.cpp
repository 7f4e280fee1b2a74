#include "seneschal/engine/event_store.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <optional>

#include "wal_scan.hpp"

namespace seneschal::engine {
namespace {

constexpr const char* kFormat = "seneschal-events";

std::string describe(sqlite3* db, const std::string& path, const std::string& doing) {
  return path + ": " + doing + ": " + (db ? sqlite3_errmsg(db) : "out of memory");
}

Result<void> exec(sqlite3* db, const std::string& path, const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = path + ": " + (message ? message : "unknown SQLite error") + " (in: " + sql + ")";
    sqlite3_free(message);
    return fail(std::move(text));
  }
  return {};
}

// A prepared statement that finalizes itself on every path out.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  sqlite3_stmt* get() const { return stmt_; }
  explicit operator bool() const { return stmt_ != nullptr; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

std::string column_text(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  return text ? reinterpret_cast<const char*>(text) : "";
}

Result<int> check_format(sqlite3* db, const std::string& path) {
  Statement format(db, "SELECT value FROM meta WHERE key = 'format'");
  if (!format || sqlite3_step(format.get()) != SQLITE_ROW || column_text(format.get(), 0) != kFormat) {
    return fail(path + ": a SQLite file, but not a Seneschal event log");
  }
  Statement schema(db, "SELECT value FROM meta WHERE key = 'schema'");
  if (!schema || sqlite3_step(schema.get()) != SQLITE_ROW) return fail(path + ": event log without a schema version");
  const int version = sqlite3_column_int(schema.get(), 0);
  if (version < 1 || version > EventStore::kSchema) {
    return fail(path + ": event log schema " + std::to_string(version) + ", this build reads schemas 1 to " +
                std::to_string(EventStore::kSchema));
  }
  return version;
}

std::string kind_of(const nlohmann::json& value) {
  if (value.is_null()) return "null";
  return value.type_name();
}

}  // namespace

void EventStore::Closer::operator()(sqlite3* db) const { sqlite3_close(db); }

EventStore::EventStore(sqlite3* db, std::string path, std::int64_t last_seq, int schema)
    : db_(db), path_(std::move(path)), last_seq_(last_seq), schema_(schema) {}
EventStore::EventStore(EventStore&&) noexcept = default;
EventStore& EventStore::operator=(EventStore&&) noexcept = default;
EventStore::~EventStore() = default;

bool EventStore::damaged(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) || std::filesystem::file_size(path, ec) == 0) return false;
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  std::unique_ptr<sqlite3, Closer> db(raw);
  if (rc != SQLITE_OK) return rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT;
  Statement check(raw, "PRAGMA quick_check");
  if (!check) {
    const int code = sqlite3_errcode(raw);
    return code == SQLITE_NOTADB || code == SQLITE_CORRUPT;
  }
  const int step = sqlite3_step(check.get());
  if (step == SQLITE_ROW) return column_text(check.get(), 0) != "ok";
  return step == SQLITE_NOTADB || step == SQLITE_CORRUPT;
}

namespace {

// A -wal file left by an unclean stop is copied aside before SQLite reads (and may discard) it:
// the copy stays while any write it held did not come back.
struct KeptWal {
  WalScan scan;
  std::string copy;
};

std::optional<KeptWal> keep_wal(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path wal = path + "-wal";
  if (!fs::is_regular_file(wal, ec) || fs::file_size(wal, ec) == 0) return std::nullopt;
  KeptWal kept;
  kept.scan = scan_wal(wal.string(), database_page_size(path));
  for (int n = 1; n < 1000; ++n) {
    const fs::path copy = path + "-wal.kept-" + std::to_string(n);
    if (fs::exists(copy, ec)) continue;
    if (fs::copy_file(wal, copy, ec)) kept.copy = copy.string();
    break;
  }
  return kept;
}

std::optional<std::string> report_wal(const std::string& path, const KeptWal& kept) {
  if (kept.scan.lost() <= 0) {
    std::error_code ec;
    if (!kept.copy.empty()) std::filesystem::remove(kept.copy, ec);
    return std::nullopt;
  }
  const auto writes = [](int n) { return std::to_string(n) + (n == 1 ? " write" : " writes"); };
  return path + ": the write-ahead log left by an unclean stop held " + writes(kept.scan.commits) + "; " +
         std::to_string(kept.scan.lost()) + " of them did not come back (damaged)" +
         (kept.copy.empty() ? std::string(" and could not be copied aside")
                            : "; a copy is kept as " + std::filesystem::path(kept.copy).filename().string());
}

}  // namespace

Result<EventStore> EventStore::open(const std::string& path) {
  const std::optional<KeptWal> kept = keep_wal(path);
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  std::unique_ptr<sqlite3, Closer> db(raw);
  if (rc != SQLITE_OK) return fail(describe(raw, path, "cannot open the event log"));
  sqlite3_busy_timeout(raw, 2000);

  // quick_check reads every page: a truncated or garbage file fails here, at start, by name.
  {
    Statement check(raw, "PRAGMA quick_check");
    if (!check) return fail(describe(raw, path, "not a readable SQLite database"));
    if (sqlite3_step(check.get()) != SQLITE_ROW || column_text(check.get(), 0) != "ok") {
      const std::string detail = column_text(check.get(), 0);
      return fail(path + ": the event log is damaged (" + (detail.empty() ? sqlite3_errmsg(raw) : detail) + ")");
    }
  }  // finalized here: an open statement would hold a read transaction and block WAL mode

  bool fresh = false;
  {
    Statement tables(raw, "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
    if (!tables || sqlite3_step(tables.get()) != SQLITE_ROW) return fail(describe(raw, path, "listing tables"));
    fresh = sqlite3_column_int(tables.get(), 0) == 0;
  }
  if (fresh) {
    const std::string create =
        "BEGIN;"
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "INSERT INTO meta VALUES('format', '" + std::string(kFormat) + "'), ('schema', '" + std::to_string(kSchema) +
        "');"
        "CREATE TABLE events(seq INTEGER PRIMARY KEY, grp INTEGER NOT NULL, type TEXT NOT NULL,"
        " data TEXT NOT NULL, at_ms INTEGER NOT NULL);"
        "COMMIT;";
    if (auto r = exec(raw, path, create.c_str()); !r) return fail(r.error().message);
  }
  auto schema = check_format(raw, path);
  if (!schema) return fail(schema.error().message);
  // Only now, knowing the file is ours, may its journal mode change.
  if (auto r = exec(raw, path, "PRAGMA journal_mode=WAL"); !r) return fail(r.error().message);
  if (auto r = exec(raw, path, "PRAGMA synchronous=FULL"); !r) return fail(r.error().message);

  Statement last(raw, "SELECT coalesce(max(seq), 0) FROM events");
  if (!last || sqlite3_step(last.get()) != SQLITE_ROW) return fail(describe(raw, path, "reading the last event"));
  const std::int64_t last_seq = sqlite3_column_int64(last.get(), 0);
  EventStore store(db.release(), path, last_seq, *schema);
  if (kept) {
    if (auto note = report_wal(path, *kept)) store.notes_.push_back(std::move(*note));
  }
  return store;
}

namespace {

// Text that is not UTF-8 (a seat name from a bad source) is stored with U+FFFD in its place
// rather than throwing out of the one write that must not fail.
std::string stored_text(const nlohmann::json& data) {
  return data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// One write transaction: `body` runs between BEGIN IMMEDIATE and COMMIT and any failure rolls it
// back. COMMIT under synchronous=FULL returns once the WAL is fsync'd: the write is on disk.
// Then the WAL is copied into the database file, so the -wal file holds at most the write under
// way when the power goes (a damaged -wal can then cost one move, not every move since the last
// clean stop). A failed checkpoint loses nothing: the write stays in the WAL for the next one.
template <typename Body>
Result<void> write_transaction(sqlite3* db, const std::string& path, Body&& body) {
  if (auto r = exec(db, path, "BEGIN IMMEDIATE"); !r) return r;
  Result<void> done = body();
  if (done) done = exec(db, path, "COMMIT");
  if (!done) {
    (void)exec(db, path, "ROLLBACK");
    return done;
  }
  sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
  return {};
}

}  // namespace

Result<void> EventStore::append(std::vector<Event>& events) {
  if (events.empty()) return {};
  sqlite3* db = db_.get();
  const std::int64_t group = last_seq_ + 1;
  std::int64_t seq = last_seq_;
  auto written = write_transaction(db, path_, [&]() -> Result<void> {
    Statement insert(db, "INSERT INTO events(seq, grp, type, data, at_ms) VALUES(?, ?, ?, ?, ?)");
    if (!insert) return fail(describe(db, path_, "preparing the append"));
    for (Event& event : events) {
      event.seq = ++seq;
      event.group = group;
      const std::string data = stored_text(event.data);
      sqlite3_bind_int64(insert.get(), 1, event.seq);
      sqlite3_bind_int64(insert.get(), 2, event.group);
      sqlite3_bind_text(insert.get(), 3, event.type.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_text(insert.get(), 4, data.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(insert.get(), 5, event.at_ms);
      if (sqlite3_step(insert.get()) != SQLITE_DONE) {
        return fail(describe(db, path_, "appending event " + std::to_string(event.seq)));
      }
      sqlite3_reset(insert.get());
    }
    return {};
  });
  if (!written) return written;
  last_seq_ = seq;
  return {};
}

Result<void> EventStore::migrate(const std::vector<const Event*>& changed) {
  sqlite3* db = db_.get();
  auto written = write_transaction(db, path_, [&]() -> Result<void> {
    Statement update(db, "UPDATE events SET data = ? WHERE seq = ?");
    if (!update) return fail(describe(db, path_, "preparing the migration"));
    for (const Event* event : changed) {
      const std::string data = stored_text(event->data);
      sqlite3_bind_text(update.get(), 1, data.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(update.get(), 2, event->seq);
      if (sqlite3_step(update.get()) != SQLITE_DONE) {
        return fail(describe(db, path_, "migrating event " + std::to_string(event->seq)));
      }
      sqlite3_reset(update.get());
    }
    const std::string mark = "UPDATE meta SET value = '" + std::to_string(kSchema) + "' WHERE key = 'schema'";
    return exec(db, path_, mark.c_str());
  });
  if (!written) return written;
  schema_ = kSchema;
  return {};
}

Result<std::vector<Event>> EventStore::load_all() const {
  sqlite3* db = db_.get();
  Statement select(db, "SELECT seq, grp, type, data, at_ms FROM events ORDER BY seq");
  if (!select) return fail(describe(db, path_, "reading events"));
  std::vector<Event> events;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(select.get())) == SQLITE_ROW) {
    Event event;
    event.seq = sqlite3_column_int64(select.get(), 0);
    event.group = sqlite3_column_int64(select.get(), 1);
    event.type = column_text(select.get(), 2);
    event.data = nlohmann::json::parse(column_text(select.get(), 3), nullptr, false);
    event.at_ms = sqlite3_column_int64(select.get(), 4);
    const std::string where = "event " + std::to_string(event.seq) + " of " + path_ + ": ";
    if (event.data.is_discarded()) return fail(where + "its data is not JSON");
    if (!event.data.is_object()) return fail(where + "its data is " + kind_of(event.data) + ", not an object");
    if (event.type.empty()) return fail(where + "it has no type");
    if (event.seq != static_cast<std::int64_t>(events.size()) + 1) {
      return fail("event " + std::to_string(events.size() + 1) + " of " + path_ + ": it is missing from the log");
    }
    events.push_back(std::move(event));
  }
  if (rc != SQLITE_DONE) return fail(describe(db, path_, "reading events"));
  return events;
}

}  // namespace seneschal::engine
