#pragma once
// What a SQLite write-ahead log left by a power cut holds, read without SQLite: how many
// transactions it carries and how many of them SQLite will replay. SQLite silently ignores a WAL
// whose header is damaged, and every frame after a damaged one; counting the commits by hand is
// how the event log can say "3 moves in the write-ahead log did not come back" instead of
// starting a shorter game without a word. Format: sqlite.org/fileformat2.html#walformat.

#include <cstdint>
#include <string>

namespace seneschal::engine {

struct WalScan {
  std::uint64_t bytes = 0;
  int commits = 0;     // transactions in the log's current generation (frames with its salts)
  int replayable = 0;  // of those, the ones a valid checksum chain reaches: what SQLite replays
  int lost() const { return commits - replayable; }
};

// page_size from the database file's header (the WAL's own may be the damaged part); 0 when the
// WAL file cannot be read.
WalScan scan_wal(const std::string& wal_path, std::uint32_t page_size);
// The page size a SQLite database file states, 0 when it states none.
std::uint32_t database_page_size(const std::string& db_path);

}  // namespace seneschal::engine
