#include "wal_scan.hpp"

#include <array>
#include <fstream>
#include <vector>

namespace seneschal::engine {
namespace {

constexpr std::size_t kWalHeader = 32;
constexpr std::size_t kFrameHeader = 24;

std::uint32_t big_endian(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

std::uint32_t little_endian(const unsigned char* p) {
  return (std::uint32_t{p[3]} << 24) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[1]} << 8) | p[0];
}

// SQLite's WAL checksum: pairs of 32-bit words in the order the magic names, running on from
// the previous frame's sums.
void checksum(const unsigned char* data, std::size_t size, bool big, std::uint32_t& s0, std::uint32_t& s1) {
  for (std::size_t i = 0; i + 8 <= size; i += 8) {
    const std::uint32_t x0 = big ? big_endian(data + i) : little_endian(data + i);
    const std::uint32_t x1 = big ? big_endian(data + i + 4) : little_endian(data + i + 4);
    s0 += x0 + s1;
    s1 += x1 + s0;
  }
}

}  // namespace

std::uint32_t database_page_size(const std::string& db_path) {
  std::ifstream in(db_path, std::ios::binary);
  std::array<unsigned char, 18> head{};
  if (!in.read(reinterpret_cast<char*>(head.data()), head.size())) return 0;
  const std::uint32_t size = (std::uint32_t{head[16]} << 8) | head[17];
  return size == 1 ? 65536 : size;
}

WalScan scan_wal(const std::string& wal_path, std::uint32_t page_size) {
  WalScan scan;
  std::ifstream in(wal_path, std::ios::binary);
  std::vector<unsigned char> wal((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  scan.bytes = wal.size();
  if (page_size < 512 || wal.size() < kWalHeader + kFrameHeader) return scan;
  const std::size_t frame_size = kFrameHeader + page_size;
  const std::uint32_t magic = big_endian(wal.data());
  const bool header_ok_magic = magic == 0x377f0682 || magic == 0x377f0683;
  const bool big = magic == 0x377f0683;
  std::uint32_t s0 = 0, s1 = 0;
  checksum(wal.data(), 24, big, s0, s1);
  bool chain = header_ok_magic && s0 == big_endian(wal.data() + 24) && s1 == big_endian(wal.data() + 28) &&
               big_endian(wal.data() + 8) == page_size;
  // The generation is the header's salts; with the header damaged, the first frame's.
  const unsigned char* salts = chain ? wal.data() + 16 : wal.data() + kWalHeader + 8;
  for (std::size_t at = kWalHeader; at + frame_size <= wal.size(); at += frame_size) {
    const unsigned char* frame = wal.data() + at;
    if (big_endian(frame + 8) != big_endian(salts) || big_endian(frame + 12) != big_endian(salts + 4)) {
      if (chain) break;  // an older generation's leftovers: SQLite stops here, and so do the commits
      continue;
    }
    const bool commit = big_endian(frame + 4) != 0;
    if (chain) {
      checksum(frame, 8, big, s0, s1);
      checksum(frame + kFrameHeader, page_size, big, s0, s1);
      chain = big_endian(frame) != 0 && s0 == big_endian(frame + 16) && s1 == big_endian(frame + 20);
    }
    if (commit) {
      ++scan.commits;
      if (chain) scan.replayable = scan.commits;
    }
  }
  return scan;
}

}  // namespace seneschal::engine
