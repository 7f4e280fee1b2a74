#pragma once
// Which QR library reads the frames, chosen in the config: the one place its words are parsed.

#include <optional>
#include <string_view>

namespace seneschal::vision {

// Which library decodes. Config words: "zbar", "zxing", "both". ZBar reads more of the smallest
// codes in a full frame, ZXing-cpp more phone photos and is several times faster.
//
// Both is not "each over the whole frame": ZBar over a 720p frame costs six ZXing-cpp passes, and
// most of what it would add lies where ZXing-cpp saw a code and read nothing. So ZXing-cpp reads
// the whole frame once; then each candidate region - a code-sized patch of the dense fine
// contrast of QR modules that holds no read yet - is read by ZXing-cpp, at its size and at twice
// it, then by ZBar, cheapest first, until one reads it. Measured on 40 hard 720p frames (227 tags):
// recall 0.987 against 0.674 for the union of the two libraries over the whole frame, in less
// time than one ZXing-cpp pass (the fixed threshold is the cheaper one, and a region is a few
// percent of a frame). Where both read one code, ZXing-cpp's text stands (it honours ECI and
// Shift-JIS). A frame where nothing was read but that has such texture somewhere - a photo of
// one big code, say - gets every reader over the whole frame and then the fallbacks; a frame of
// bare table gets neither.
enum class Decoder { Zbar, Zxing, Both };

std::optional<Decoder> parse_decoder(std::string_view word);
std::string_view to_string(Decoder decoder);

}  // namespace seneschal::vision
