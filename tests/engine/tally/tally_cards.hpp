#pragma once
// Tally's card data: one token, the Banner, whose colour each seat tells the table once. Inline,
// so every test binary that registers Tally builds its card library the same way.

namespace seneschal::engine::tally {

inline constexpr const char* kCards = R"({"schema": 2, "game": "tally", "tag_code": "TALLY", "title": "Tally",
  "types": ["token"], "stat_names": [], "cards": [{"title": "Banner", "type": "token"}]})";

}  // namespace seneschal::engine::tally
