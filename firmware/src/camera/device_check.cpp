#include "seneschal/firmware/camera/device_check.hpp"

#include <fmt/core.h>

#include <cctype>

#include "seneschal/base/words.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {
namespace {

constexpr const char* kButtonsStillWork = N_("The buttons still work; cards are read again once pictures come back.");

// "tags 1 and 3", "tag 2", "tags 1, 2 and 4"
std::string tag_list(const std::vector<int>& numbers) {
  std::string numbers_text;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i == 0) {
      numbers_text = std::to_string(numbers[i]);
    } else if (i + 1 < numbers.size()) {
      numbers_text += ", " + std::to_string(numbers[i]);
    } else {
      // TRANSLATORS: the last two of a list of calibration tag numbers: "1, 2 and 4".
      numbers_text = trf("{0} and {1}", numbers_text, numbers[i]);
    }
  }
  // TRANSLATORS: the corner tags of the calibration card by number: "tag 2", "tags 1 and 3".
  return trn("tag {0}", "tags {0}", static_cast<long>(numbers.size()), numbers_text);
}

// A reconnecting camera's errors end with when it tries next ("; trying again in 2000 ms"); on a
// screen that stays up for minutes that moment is long gone, and the notice says it retries.
std::string without_retry_note(const std::string& error) {
  for (const char* note : {"; trying again in ", "; reopening in "}) {
    if (const auto at = error.find(note); at != std::string::npos) return error.substr(0, at);
  }
  return error;
}

// The four corner tags' centres, when the frame has each of them once.
std::optional<std::array<vision::Point, 4>> corners_in(const std::vector<vision::Sighting>& frame) {
  std::array<std::optional<vision::Point>, 4> found;
  for (const vision::Sighting& sighting : frame) {
    auto tag = vision::parse_tag(sighting.payload);
    if (!tag || tag->kind != vision::Tag::Kind::Calibration || tag->number < 1 || tag->number > 4) continue;
    if (found[tag->number - 1]) return std::nullopt;
    found[tag->number - 1] = vision::centre_of(sighting);
  }
  std::array<vision::Point, 4> out;
  for (int n = 0; n < 4; ++n) {
    if (!found[n]) return std::nullopt;
    out[n] = *found[n];
  }
  return out;
}

}  // namespace

DeviceCheck::DeviceCheck(DeviceCheckOptions options, std::int64_t start_ms)
    : options_(std::move(options)), start_ms_(start_ms) {}

void DeviceCheck::on_report(const FrameReport& report, std::int64_t now_ms) {
  if (report.error) {
    last_error_ = without_retry_note(*report.error);
    return;
  }
  ++good_frames_;
  last_good_ms_ = now_ms;
  for (const vision::Sighting& sighting : report.sightings) {
    auto tag = vision::parse_tag(sighting.payload);
    if (tag && tag->kind == vision::Tag::Kind::Calibration && tag->number >= 1 && tag->number <= 4) {
      calibration_.insert(tag->number);
    }
  }
  if (!passed_at_ms_) measure_health(report.sightings);
  if (!passed_at_ms_ && passed_by_now()) passed_at_ms_ = now_ms;
}

// Until the self-test passes: the last frame with all four corner tags, which gives the table
// (and the camera's height and squareness), wins over frames with fewer.
void DeviceCheck::measure_health(const std::vector<vision::Sighting>& frame) {
  const auto corners = corners_in(frame);
  if (!corners && (health_from_corners_ || vision::code_sizes(frame).empty())) return;
  std::optional<vision::TableSeen> table;
  if (corners) {
    table = vision::TableSeen{*corners, std::nullopt, {}, {}};
    if (options_.corner_tags_mm) {
      table->corner_tags_mm = *options_.corner_tags_mm;
      if (auto calibration = vision::TableCalibration::from_points(*corners, table->corner_tags_mm)) {
        table->calibration = std::move(calibration).value();
      }
    }
  }
  vision::TagHealthOptions options;
  options.camera = options_.camera;
  health_ = vision::measure_tag_health(frame, table, {}, options);
  health_from_corners_ = table.has_value();
}

void DeviceCheck::on_source_failed(std::string message) { source_failed_ = std::move(message); }

void DeviceCheck::on_source_ended() {
  ended_ = true;
  // A short recording that played whole proves its frames as well as three would.
  if (!passed_at_ms_ && good_frames_ > 0 && (!options_.need_calibration || calibration_.size() == 4)) {
    passed_at_ms_ = last_good_ms_;
  }
}

bool DeviceCheck::passed_by_now() const {
  return good_frames_ >= options_.frames_needed && (!options_.need_calibration || calibration_.size() == 4);
}

SelfTest DeviceCheck::self_test(std::int64_t now_ms) const {
  if (source_failed_) return SelfTest::Failed;
  if (passed_at_ms_) return SelfTest::Passed;
  return !ended_ && now_ms - start_ms_ < options_.self_test_ms ? SelfTest::Running : SelfTest::Failed;
}

std::string DeviceCheck::calibration_seen() const {
  if (calibration_.empty()) return tr("None of its four tags (S1:CAL:1 to 4) has been seen.");
  std::vector<int> seen(calibration_.begin(), calibration_.end()), missing;
  for (int corner = 1; corner <= 4; ++corner) {
    if (!calibration_.count(corner)) missing.push_back(corner);
  }
  // TRANSLATORS: the calibration card's corner tags: {0} those seen, {1} those missing ("tags 1 and 3").
  return trf("Seen: {0}. Missing: {1}.", tag_list(seen), tag_list(missing));
}

// Called on every pass of the daemon's loop: while all is well it returns before building any text.
std::optional<engine::DeviceNotice> DeviceCheck::notice(std::int64_t now_ms) const {
  const std::string& what = options_.source;
  // The device's notices: shown over the board. The camera's own errors in them stay as it says them.
  const char* cable = options_.live ? tr("Check the camera's cable; Seneschal tries again by itself.")
                                    : tr("Check the recording, or set [camera] source in the config.");
  const char* no_picture = options_.live ? tr("No picture from the camera") : tr("No picture from the recording");
  const char* buttons_still_work = tr(kButtonsStillWork);
  if (source_failed_) return engine::DeviceNotice{no_picture, {*source_failed_, cable, buttons_still_work}, true};

  const std::int64_t since_start = now_ms - start_ms_;
  if (passed_at_ms_) {
    if (!options_.live || !last_good_ms_ || now_ms - *last_good_ms_ <= options_.lost_after_ms) {
      return health_notice(now_ms);
    }
    const std::string why = last_error_.empty()
                                // TRANSLATORS: {0} is the camera's source (a device path or a file), {1} seconds.
                                ? trf("{0}: no picture for {1} s", what, (now_ms - *last_good_ms_) / 1000)
                                : last_error_;
    return engine::DeviceNotice{tr("The camera stopped sending pictures"), {why, cable, buttons_still_work}, true};
  }
  const bool frames_ok = good_frames_ >= options_.frames_needed;
  if (self_test(now_ms) == SelfTest::Running) {
    if (since_start < options_.quiet_ms) return std::nullopt;
    if (!frames_ok) {
      // TRANSLATORS: {0} is the camera's source (a device path or a file).
      return engine::DeviceNotice{tr("Checking the camera"), {trf("Waiting for pictures from {0}.", what)}, false};
    }
    return engine::DeviceNotice{tr("Looking for the calibration card"),
                                {calibration_seen(), tr("Lay it flat where the camera sees the whole table.")}, false};
  }
  if (!frames_ok) {
    const std::string why =
        // TRANSLATORS: {0} is the camera's source (a device path or a file), {1} seconds.
        last_error_.empty() ? trf("{0}: no picture in {1} s", what, options_.self_test_ms / 1000) : last_error_;
    return engine::DeviceNotice{no_picture, {why, cable, buttons_still_work}, true};
  }
  return engine::DeviceNotice{
      tr("The calibration card was not read"),
      {calibration_seen(),
       tr("Lay the calibration card (seneschal tags --calibration) flat in view of the camera, in good light."),
       tr("Cards are still read meanwhile; the card shows that the camera sees the whole table.")},
      true};
}

// A warning is not a failure: shown for a while after the pass, in the colours of a check under
// way, then left to the log.
std::optional<engine::DeviceNotice> DeviceCheck::health_notice(std::int64_t now_ms) const {
  if (health_.warnings.empty() || now_ms - *passed_at_ms_ >= options_.warnings_shown_ms) return std::nullopt;
  engine::DeviceNotice notice{tr("The camera may miss cards"), {}, false};
  for (std::string line : health_.warnings) {
    line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
    notice.lines.push_back(line + ".");
  }
  notice.lines.push_back(tr("Play goes on meanwhile; this goes away by itself."));
  return notice;
}

std::string DeviceCheck::summary(std::int64_t now_ms) const {
  const auto shown = notice(now_ms);
  switch (self_test(now_ms)) {
    case SelfTest::Running:
      return fmt::format("self-test: {} of {} frames from {}{}", std::min(good_frames_, options_.frames_needed),
                         options_.frames_needed, options_.source,
                         options_.need_calibration ? ", calibration: " + calibration_seen() : "");
    case SelfTest::Passed: {
      if (shown && shown->failure) return shown->title + ": " + shown->lines.front();
      std::string warned;
      for (const std::string& warning : health_.warnings) warned += "; warning: " + warning;
      return fmt::format("self-test passed: {} delivers pictures{}{}", options_.source,
                         options_.need_calibration ? " and the calibration card reads" : "", warned);
    }
    case SelfTest::Failed: break;
  }
  return "self-test failed: " + (shown ? shown->title + ": " + shown->lines.front() : std::string("unknown"));
}

}  // namespace seneschal::firmware
