#pragma once
// Where `seneschal calibrate` keeps what it measured: one region of the daemon's config file,
// between two comment lines it owns, holding [game.calibration] (corner_tags_mm and the seats'
// and zones' areas, read by config.cpp like the hand-drawn keys in [game]). The person's own
// lines stay theirs: everything outside the region is kept byte for byte, comments too, and a
// second run replaces the region where it stands. A file that would no longer read is never
// left behind: the new text is read with the real config reader before and after it is written,
// and the old file comes back if either fails.

#include <string>
#include <string_view>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/vision/table_map.hpp"

namespace seneschal::firmware {

// The region's first line starts with this, and goes on " on <date>; run it again to redo ---".
inline constexpr std::string_view kCalibrationStart = "# --- table calibration, written by seneschal calibrate";
inline constexpr std::string_view kCalibrationEnd = "# --- end of table calibration ---";

// The region's text, both marker lines included, ending in a newline. A layout without
// corner_tags_mm leaves them out (the config draws them by hand in [game]).
std::string calibration_region(const vision::TableLayout& layout, std::string_view date);

// `text` with its region replaced by `region`, or with `region` added at the end after a blank
// line (and a newline, when the text does not end in one); every other byte is kept. A start
// marker without its end marker is an error naming `path` and the line.
Result<std::string> with_calibration_region(std::string_view text, std::string_view region, const std::string& path);

// Writes the layout into the config file at `path` (created, with only the region, when it is
// missing) and returns the file as the daemon will read it. The error says why nothing changed.
Result<Config> save_calibration(const std::string& path, const vision::TableLayout& layout, std::string_view date);

}  // namespace seneschal::firmware
