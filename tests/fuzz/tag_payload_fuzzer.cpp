// libFuzzer target for tag payloads: whatever a camera decodes from a QR code reaches
// seneschal::vision::parse_tag, so the parser sees arbitrary bytes.
//
// Invariants:
//   - an error always has a message, and looks_like_ours agrees with the kind of error:
//     a payload that is not ours is refused as "not a Seneschal tag", one that is ours never is;
//   - a parsed tag re-formats (format_tag) to exactly the payload: the format has one spelling
//     per tag, so a tag never means two things;
//   - parse(format(tag)) succeeds and gives the same tag back.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "seneschal/vision/tag.hpp"

namespace {

using seneschal::vision::Tag;

bool same_tag(const Tag& a, const Tag& b) {
  return a.kind == b.kind && a.game == b.game && a.card == b.card && a.copy == b.copy && a.control == b.control &&
         a.seconds == b.seconds && a.number == b.number;
}

constexpr std::string_view kForeignPrefix = "not a Seneschal tag";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view payload(reinterpret_cast<const char*>(data), size);
  const bool ours = seneschal::vision::looks_like_ours(payload);
  const auto tag = seneschal::vision::parse_tag(payload);
  if (!tag) {
    const std::string& message = tag.error().message;
    SENESCHAL_FUZZ_CHECK(!message.empty(), "an error message is never empty");
    const bool refused_as_foreign = message.rfind(kForeignPrefix, 0) == 0;
    SENESCHAL_FUZZ_CHECK(refused_as_foreign == !ours, "looks_like_ours agrees with the kind of error");
    return 0;
  }
  SENESCHAL_FUZZ_CHECK(ours, "a parsed tag looks like ours");
  const std::string formatted = seneschal::vision::format_tag(*tag);
  SENESCHAL_FUZZ_CHECK(formatted == payload, "a parsed tag re-formats to exactly its payload");
  const auto again = seneschal::vision::parse_tag(formatted);
  SENESCHAL_FUZZ_CHECK(again.has_value(), "parse(format(tag)) succeeds");
  SENESCHAL_FUZZ_CHECK(same_tag(*again, *tag), "parse(format(tag)) gives the same tag");
  return 0;
}
