// The recording generator's files: the scene people write (checked field by field, every
// complaint naming origin and field) and the truth the generator writes for tests to read back.
// assets/recordings/README.md documents both formats.

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <type_traits>

#include "seneschal/vision/synth.hpp"
#include "synth_internal.hpp"

namespace seneschal::vision::synth {
namespace detail {
namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;  // files people read keep the fields in a sensible order

std::string num(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

// Reads one JSON document field by field, keeping the first complaint with its origin and path.
class Reader {
 public:
  explicit Reader(std::string_view origin) : origin_(origin) {}
  const std::string& error() const { return error_; }
  void complain(const std::string& field, const std::string& what) {
    if (error_.empty()) error_ = origin_ + ": " + field + ": " + what;
  }
  static std::string path(const std::string& at, const std::string& key) { return at.empty() ? key : at + "." + key; }
  // Unknown fields are refused: a misspelt knob would otherwise fall back to its default unseen.
  bool object(const json& j, const std::string& at, std::initializer_list<std::string_view> keys) {
    if (!j.is_object()) {
      complain(at.empty() ? "(top level)" : at, std::string("expected an object, got ") + j.type_name());
      return false;
    }
    for (auto it = j.begin(); it != j.end(); ++it)
      if (std::find(keys.begin(), keys.end(), it.key()) == keys.end()) complain(path(at, it.key()), "unknown field");
    return true;
  }
  bool array(const json& j, const std::string& at) {
    if (!j.is_array()) complain(at, std::string("expected an array, got ") + j.type_name());
    return j.is_array();
  }
  // The field, or null when it is absent (a complaint, if it is required).
  const json* field(const json& j, const std::string& at, const char* key, bool required) {
    const auto it = j.find(key);
    if (it != j.end()) return &*it;
    if (required) complain(path(at, key), "missing");
    return nullptr;
  }
  template <class T>
  void number(const json& j, const std::string& at, const char* key, T& out, bool required = false) {
    const json* it = field(j, at, key, required);
    if (!it) return;
    if constexpr (std::is_integral_v<T>) {
      if (!it->is_number_integer()) return complain(path(at, key), std::string("expected a whole number, got ") + it->type_name());
      const double v = it->template get<double>();
      if (v < double(std::numeric_limits<T>::lowest()) || v > double(std::numeric_limits<T>::max()))
        return complain(path(at, key), num(v) + " is too large");
    } else if (!it->is_number()) {
      return complain(path(at, key), std::string("expected a number, got ") + it->type_name());
    }
    out = it->template get<T>();
  }
  // [[x, y], ...] in table mm.
  void points(const json& j, const std::string& at, const char* key, std::vector<TablePoint>& out) {
    const json* it = field(j, at, key, true);
    if (!it || !array(*it, path(at, key))) return;
    for (std::size_t k = 0; k < it->size(); ++k) {
      const json& p = (*it)[k];
      if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number())
        return complain(path(at, key) + "[" + std::to_string(k) + "]", "expected [x_mm, y_mm]");
      out.push_back({p[0].get<double>(), p[1].get<double>()});
    }
  }
  void text(const json& j, const std::string& at, const char* key, std::string& out, bool required = false) {
    const json* it = field(j, at, key, required);
    if (!it) return;
    if (!it->is_string()) {
      complain(path(at, key), std::string("expected a string, got ") + it->type_name());
    } else {
      out = it->get<std::string>();
    }
  }

 private:
  std::string origin_;
  std::string error_;
};

// The shortest decimal that reads back as the same float: 0.05, not 0.05000000074505806, and
// still exact, so that scene.json makes the very same frames again.
double tidy(float v) {
  for (int digits = 6; digits < 9; ++digits) {
    std::ostringstream o;
    o.precision(digits);
    o << v;
    if (const double d = std::stod(o.str()); float(d) == v) return d;
  }
  return v;
}

double hundredths(double v) { return std::round(v * 100) / 100; }

ordered_json tag_json(const TruthTag& t) {
  ordered_json corners = ordered_json::array();
  for (const Point& p : t.corners) corners.push_back({hundredths(p.x), hundredths(p.y)});
  return {{"payload", t.payload}, {"bowed", t.bowed}, {"angle_deg", hundredths(t.angle_deg)}, {"corners", corners}};
}

TruthTag tag_from(const json& j) {
  TruthTag t;
  t.payload = j.at("payload").get<std::string>();
  for (int i = 0; i < 4; ++i) t.corners[i] = {j.at("corners").at(i).at(0).get<float>(), j.at("corners").at(i).at(1).get<float>()};
  t.angle_deg = j.at("angle_deg").get<double>();
  t.bowed = j.at("bowed").get<bool>();
  return t;
}

const char* const kHiddenNames[] = {"hand", "card", "out_of_view"};

ordered_json card_json(const TruthCard& c) {
  return {{"payload", c.payload}, {"x_mm", hundredths(c.x_mm)}, {"y_mm", hundredths(c.y_mm)},
          {"angle_deg", hundredths(c.angle_deg)}, {"quarter", c.quarter}, {"seat", c.seat}, {"zone", c.zone},
          {"hidden", c.hidden}};
}

TruthCard card_from(const json& j) {
  TruthCard c;
  c.payload = j.at("payload").get<std::string>();
  c.x_mm = j.at("x_mm").get<double>();
  c.y_mm = j.at("y_mm").get<double>();
  c.angle_deg = j.at("angle_deg").get<double>();
  c.quarter = j.at("quarter").get<int>();
  c.seat = j.at("seat").get<int>();
  c.zone = j.at("zone").get<std::string>();
  c.hidden = j.at("hidden").get<bool>();
  return c;
}

}  // namespace

Result<void> validate(const Scene& s, std::string_view origin) {
  std::string error;
  auto check = [&](bool ok, const std::string& field, const std::string& what) {
    if (!ok && error.empty()) error = std::string(origin) + ": " + field + ": " + what;
  };
  auto range = [&](double v, double lo, double hi, const std::string& field) {
    check(v >= lo && v <= hi, field, num(v) + " is outside " + num(lo) + ".." + num(hi));
  };
  range(s.frames, 1, 100000, "frames");
  range(s.width, 64, 8192, "width");
  range(s.height, 64, 8192, "height");
  range(double(s.frame_interval_ms), 1, 3600000, "frame_interval_ms");
  range(s.table_w_mm, 50, 10000, "table_w_mm");
  range(s.table_h_mm, 50, 10000, "table_h_mm");
  range(s.code_mm, 10, 40, "code_mm");  // 40 mm and its quiet zone still fit a 63 mm card
  const Realism& r = s.realism;
  range(r.tilt, 0, 0.4, "realism.tilt");
  range(r.roll_deg, -45, 45, "realism.roll_deg");
  range(r.shake_px, 0, 20, "realism.shake_px");
  range(r.blur_px, 0, 10, "realism.blur_px");
  range(r.noise, 0, 60, "realism.noise");
  range(r.jpeg_quality, 1, 100, "realism.jpeg_quality");
  range(r.lamp, 0, 1, "realism.lamp");
  range(r.glare, 0, 1, "realism.glare");
  range(r.hand_rate, 0, 1, "realism.hand_rate");
  range(r.foreign_rate, 0, 1, "realism.foreign_rate");
  range(r.glare_drift, 0, 0.5, "realism.glare_drift");
  range(r.glare_core, 0, 1, "realism.glare_core");
  range(r.motion_blur, 0, 1, "realism.motion_blur");
  std::vector<int> hand_on(s.frames, -1);
  for (std::size_t i = 0; i < s.cards.size(); ++i) {
    const SceneCard& c = s.cards[i];
    const std::string at = "cards[" + std::to_string(i) + "]";
    check(!c.payload.empty() && c.payload.size() <= 100, at + ".payload", "needs 1..100 characters");
    range(c.x_mm, -10000, 10000, at + ".x_mm");
    range(c.y_mm, -10000, 10000, at + ".y_mm");
    range(c.angle_deg, -3600, 3600, at + ".angle_deg");
    range(c.first_frame, 0, s.frames - 1, at + ".first_frame");
    check(c.last_frame >= c.first_frame, at + ".last_frame", std::to_string(c.last_frame) + " is before first_frame");
    for (int f : c.covered_frames) {
      check(f >= c.first_frame && f <= c.last_frame && f < s.frames, at + ".covered_frames",
            "frame " + std::to_string(f) + " is not one in which the card lies on the table");
      if (f < 0 || f >= s.frames) continue;
      check(hand_on[f] < 0, at + ".covered_frames",
            "frame " + std::to_string(f) + " already has a hand on cards[" + std::to_string(hand_on[f]) + "]");
      hand_on[f] = int(i);
    }
    for (std::size_t h = 0; h < c.hands.size(); ++h) {
      const int f = c.hands[h].frame;
      const std::string hat = at + ".hands[" + std::to_string(h) + "]";
      check(f >= c.first_frame && f <= c.last_frame && f < s.frames, hat + ".frame",
            "frame " + std::to_string(f) + " is not one in which the card lies on the table");
      check(h == 0 || f > c.hands[h - 1].frame, hat + ".frame",
            "frame " + std::to_string(f) + " does not come after the hand before it");
      range(c.hands[h].from_deg, -360, 360, hat + ".from_deg");
      if (f < 0 || f >= s.frames) continue;
      check(hand_on[f] < 0, hat + ".frame",
            "frame " + std::to_string(f) + " already has a hand on cards[" + std::to_string(hand_on[f]) + "]");
      hand_on[f] = int(i);
    }
    for (std::size_t m = 0; m < c.moves.size(); ++m) {
      const CardMove& move = c.moves[m];
      const std::string mat = at + ".moves[" + std::to_string(m) + "]";
      check(move.frame >= c.first_frame && move.frame <= c.last_frame && move.frame < s.frames, mat + ".frame",
            "frame " + std::to_string(move.frame) + " is not one in which the card lies on the table");
      check(m == 0 || move.frame > c.moves[m - 1].frame, mat + ".frame",
            "frame " + std::to_string(move.frame) + " does not come after the move before it");
      range(move.x_mm, -10000, 10000, mat + ".x_mm");
      range(move.y_mm, -10000, 10000, mat + ".y_mm");
      range(move.angle_deg, -3600, 3600, mat + ".angle_deg");
    }
  }
  const auto polygon = [&](const std::vector<TablePoint>& points, const std::string& at) {
    check(points.size() >= 3 && points.size() <= 64, at, "needs 3..64 points, has " + std::to_string(points.size()));
    for (std::size_t k = 0; k < points.size(); ++k) {
      range(points[k].x_mm, -10000, 10000, at + "[" + std::to_string(k) + "][0]");
      range(points[k].y_mm, -10000, 10000, at + "[" + std::to_string(k) + "][1]");
    }
  };
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const std::string at = "seats[" + std::to_string(i) + "]";
    range(s.seats[i].seat, 1, 99, at + ".seat");
    range(s.seats[i].facing_deg, -360, 360, at + ".facing_deg");
    polygon(s.seats[i].polygon, at + ".polygon");
  }
  for (std::size_t i = 0; i < s.zones.size(); ++i) {
    const std::string at = "zones[" + std::to_string(i) + "]";
    check(!s.zones[i].name.empty() && s.zones[i].name.size() <= 40, at + ".name", "needs 1..40 characters");
    polygon(s.zones[i].polygon, at + ".polygon");
  }
  if (!error.empty()) return fail(error);
  return {};
}

}  // namespace detail

using namespace detail;

Result<Realism> realism_preset(std::string_view name) {
  if (name == "moderate") return Realism{};
  if (name == "clean") return Realism{0, 0, 0, 0, 0, 95, 0, 0, 0, 0, 0, 0, 0};
  if (name == "hard") return Realism{0.12f, 4, 1.0f, 1.0f, 7, 60, 0.45f, 0.35f, 0.25f, 0.35f, 0, 0, 0};
  return fail("unknown realism preset \"" + std::string(name) + "\" (clean, moderate, hard)");
}

Result<Scene> parse_scene(std::string_view json_text, std::string_view origin) {
  json j;
  try {
    j = json::parse(json_text);
  } catch (const json::exception& e) {
    return fail(std::string(origin) + ": not a JSON scene: " + e.what());
  }
  Reader in(origin);
  Scene s;
  if (!in.object(j, "", {"comment", "seed", "frames", "width", "height", "frame_interval_ms", "table_w_mm", "table_h_mm",
                         "surface", "code_mm", "realism", "cards", "seats", "zones"}))
    return fail(in.error());
  in.number(j, "", "seed", s.seed);
  in.number(j, "", "frames", s.frames);
  in.number(j, "", "width", s.width);
  in.number(j, "", "height", s.height);
  in.number(j, "", "frame_interval_ms", s.frame_interval_ms);
  in.number(j, "", "table_w_mm", s.table_w_mm);
  in.number(j, "", "table_h_mm", s.table_h_mm);
  in.number(j, "", "code_mm", s.code_mm);
  std::string surface = "felt";
  in.text(j, "", "surface", surface);
  if (surface != "felt" && surface != "wood") in.complain("surface", "\"" + surface + "\" is neither \"felt\" nor \"wood\"");
  s.surface = surface == "wood" ? Surface::Wood : Surface::Felt;
  if (const auto r = j.find("realism");
      r != j.end() && in.object(*r, "realism",
                                {"preset", "tilt", "roll_deg", "shake_px", "blur_px", "noise", "jpeg_quality", "lamp",
                                 "glare", "hand_rate", "foreign_rate", "glare_drift", "glare_core", "motion_blur"})) {
    std::string preset = "moderate";
    in.text(*r, "realism", "preset", preset);
    auto base = realism_preset(preset);
    if (!base) in.complain("realism.preset", base.error().message);
    Realism& re = s.realism;
    if (base) re = base.value();
    in.number(*r, "realism", "tilt", re.tilt);
    in.number(*r, "realism", "roll_deg", re.roll_deg);
    in.number(*r, "realism", "shake_px", re.shake_px);
    in.number(*r, "realism", "blur_px", re.blur_px);
    in.number(*r, "realism", "noise", re.noise);
    in.number(*r, "realism", "jpeg_quality", re.jpeg_quality);
    in.number(*r, "realism", "lamp", re.lamp);
    in.number(*r, "realism", "glare", re.glare);
    in.number(*r, "realism", "hand_rate", re.hand_rate);
    in.number(*r, "realism", "foreign_rate", re.foreign_rate);
    in.number(*r, "realism", "glare_drift", re.glare_drift);
    in.number(*r, "realism", "glare_core", re.glare_core);
    in.number(*r, "realism", "motion_blur", re.motion_blur);
  }
  if (const auto cards = j.find("cards"); cards != j.end()) {
    const bool listed = in.array(*cards, "cards");
    for (std::size_t i = 0; listed && i < cards->size(); ++i) {
      const json& c = (*cards)[i];
      const std::string at = "cards[" + std::to_string(i) + "]";
      SceneCard card;
      card.last_frame = s.frames - 1;
      if (!in.object(c, at,
                     {"payload", "x_mm", "y_mm", "angle_deg", "first_frame", "last_frame", "covered_frames", "moves",
                      "hands"}))
        break;
      in.text(c, at, "payload", card.payload, true);
      in.number(c, at, "x_mm", card.x_mm, true);
      in.number(c, at, "y_mm", card.y_mm, true);
      in.number(c, at, "angle_deg", card.angle_deg);
      in.number(c, at, "first_frame", card.first_frame);
      in.number(c, at, "last_frame", card.last_frame);
      if (const auto cf = c.find("covered_frames"); cf != c.end()) {
        const bool frames = in.array(*cf, at + ".covered_frames");
        for (std::size_t k = 0; frames && k < cf->size(); ++k) {
          if (!(*cf)[k].is_number_integer()) in.complain(at + ".covered_frames[" + std::to_string(k) + "]", "expected a frame number");
          else card.covered_frames.push_back((*cf)[k].get<int>());
        }
      }
      if (const auto mv = c.find("moves"); mv != c.end()) {
        const bool listed_moves = in.array(*mv, at + ".moves");
        for (std::size_t k = 0; listed_moves && k < mv->size(); ++k) {
          const std::string mat = at + ".moves[" + std::to_string(k) + "]";
          if (!in.object((*mv)[k], mat, {"frame", "x_mm", "y_mm", "angle_deg"})) break;
          // What a move leaves out stays as it was: a turn needs only angle_deg, a slide x and y.
          CardMove move = card.moves.empty() ? CardMove{0, card.x_mm, card.y_mm, card.angle_deg} : card.moves.back();
          in.number((*mv)[k], mat, "frame", move.frame, true);
          in.number((*mv)[k], mat, "x_mm", move.x_mm);
          in.number((*mv)[k], mat, "y_mm", move.y_mm);
          in.number((*mv)[k], mat, "angle_deg", move.angle_deg);
          card.moves.push_back(move);
        }
      }
      if (const auto hands = c.find("hands"); hands != c.end()) {
        const bool listed_hands = in.array(*hands, at + ".hands");
        for (std::size_t k = 0; listed_hands && k < hands->size(); ++k) {
          const std::string hat = at + ".hands[" + std::to_string(k) + "]";
          if (!in.object((*hands)[k], hat, {"frame", "from_deg", "grip"})) break;
          CardHand hand;
          in.number((*hands)[k], hat, "frame", hand.frame, true);
          in.number((*hands)[k], hat, "from_deg", hand.from_deg);
          std::string grip = "code";
          in.text((*hands)[k], hat, "grip", grip);
          if (grip != "code" && grip != "edge")
            in.complain(hat + ".grip", "\"" + grip + "\" is neither \"code\" nor \"edge\"");
          hand.grip = grip == "edge" ? Grip::Edge : Grip::Code;
          card.hands.push_back(hand);
        }
      }
      s.cards.push_back(std::move(card));
    }
  }
  if (const auto seats = j.find("seats"); seats != j.end()) {
    const bool listed = in.array(*seats, "seats");
    for (std::size_t i = 0; listed && i < seats->size(); ++i) {
      const std::string at = "seats[" + std::to_string(i) + "]";
      SeatArea area;
      if (!in.object((*seats)[i], at, {"seat", "facing_deg", "polygon"})) break;
      in.number((*seats)[i], at, "seat", area.seat, true);
      in.number((*seats)[i], at, "facing_deg", area.facing_deg);
      in.points((*seats)[i], at, "polygon", area.polygon);
      s.seats.push_back(std::move(area));
    }
  }
  if (const auto zones = j.find("zones"); zones != j.end()) {
    const bool listed = in.array(*zones, "zones");
    for (std::size_t i = 0; listed && i < zones->size(); ++i) {
      const std::string at = "zones[" + std::to_string(i) + "]";
      ZoneArea zone;
      if (!in.object((*zones)[i], at, {"name", "polygon"})) break;
      in.text((*zones)[i], at, "name", zone.name, true);
      in.points((*zones)[i], at, "polygon", zone.polygon);
      s.zones.push_back(std::move(zone));
    }
  }
  if (!in.error().empty()) return fail(in.error());
  if (auto ok = validate(s, origin); !ok) return fail(ok.error().message);
  return s;
}

std::string scene_to_json(const Scene& s) {
  const Realism& r = s.realism;
  ordered_json j = {{"seed", s.seed}, {"frames", s.frames}, {"width", s.width}, {"height", s.height},
            {"frame_interval_ms", s.frame_interval_ms}, {"table_w_mm", tidy(s.table_w_mm)}, {"table_h_mm", tidy(s.table_h_mm)},
            {"surface", s.surface == Surface::Wood ? "wood" : "felt"}, {"code_mm", tidy(s.code_mm)},
            {"realism", {{"tilt", tidy(r.tilt)}, {"roll_deg", tidy(r.roll_deg)}, {"shake_px", tidy(r.shake_px)}, {"blur_px", tidy(r.blur_px)},
                         {"noise", tidy(r.noise)}, {"jpeg_quality", r.jpeg_quality}, {"lamp", tidy(r.lamp)}, {"glare", tidy(r.glare)},
                         {"hand_rate", tidy(r.hand_rate)}, {"foreign_rate", tidy(r.foreign_rate)}}},
            {"cards", ordered_json::array()}};
  // Knobs added later are written only when turned on, so older scenes write as they did.
  for (const auto& [key, value] : {std::pair{"glare_drift", r.glare_drift}, std::pair{"glare_core", r.glare_core},
                                   std::pair{"motion_blur", r.motion_blur}})
    if (value != 0) j["realism"][key] = tidy(value);
  for (const SceneCard& c : s.cards) {
    ordered_json card = {{"payload", c.payload}, {"x_mm", tidy(c.x_mm)}, {"y_mm", tidy(c.y_mm)}, {"angle_deg", tidy(c.angle_deg)},
                 {"first_frame", c.first_frame}, {"last_frame", std::min(c.last_frame, s.frames - 1)}};
    if (!c.covered_frames.empty()) card["covered_frames"] = c.covered_frames;
    for (const CardMove& m : c.moves)
      card["moves"].push_back({{"frame", m.frame}, {"x_mm", tidy(m.x_mm)}, {"y_mm", tidy(m.y_mm)}, {"angle_deg", tidy(m.angle_deg)}});
    for (const CardHand& h : c.hands)
      card["hands"].push_back(
          {{"frame", h.frame}, {"from_deg", tidy(h.from_deg)}, {"grip", h.grip == Grip::Edge ? "edge" : "code"}});
    j["cards"].push_back(std::move(card));
  }
  const auto points = [](const std::vector<TablePoint>& polygon) {
    ordered_json out = ordered_json::array();
    for (const TablePoint& p : polygon) out.push_back({p.x_mm, p.y_mm});
    return out;
  };
  for (const SeatArea& a : s.seats)
    j["seats"].push_back({{"seat", a.seat}, {"facing_deg", a.facing_deg}, {"polygon", points(a.polygon)}});
  for (const ZoneArea& z : s.zones) j["zones"].push_back({{"name", z.name}, {"polygon", points(z.polygon)}});
  return j.dump(2) + "\n";
}

std::string truth_to_json(const RecordingTruth& truth) {
  // One frame per line: small enough to read, and a diff shows which frames changed.
  const ordered_json head = {{"format", "seneschal-synth-truth/1"}, {"seed", truth.seed}, {"width", truth.width},
                             {"height", truth.height}, {"frame_interval_ms", truth.frame_interval_ms}};
  std::string out = head.dump();
  out.pop_back();
  out += ",\"frames\":[\n";
  for (std::size_t i = 0; i < truth.frames.size(); ++i) {
    const TruthFrame& f = truth.frames[i];
    ordered_json tags = ordered_json::array(), hidden = ordered_json::array(), foreign = ordered_json::array(),
                 table = ordered_json::array();
    for (const auto& c : f.table) table.push_back(card_json(c));
    for (const auto& t : f.tags) tags.push_back(tag_json(t));
    for (const auto& h : f.hidden) hidden.push_back({{"payload", h.payload}, {"why", kHiddenNames[int(h.why)]}});
    for (const auto& t : f.foreign) foreign.push_back(tag_json(t));
    const ordered_json frame = {{"frame", f.frame}, {"index", f.index}, {"t_ms", f.t_ms}, {"payloads_visible", f.payloads_visible},
                                {"tags", tags}, {"hidden", hidden}, {"foreign", foreign}, {"table", table}};
    out += frame.dump() + (i + 1 < truth.frames.size() ? ",\n" : "\n");
  }
  return out + "]}\n";
}

Result<RecordingTruth> parse_truth(std::string_view json_text, std::string_view origin) {
  // A machine-written file: nlohmann's own messages name the missing key or wrong type well enough.
  try {
    const json j = json::parse(json_text);
    if (j.at("format") != "seneschal-synth-truth/1")
      return fail(std::string(origin) + ": format: expected \"seneschal-synth-truth/1\", got " + j.at("format").dump());
    RecordingTruth truth{j.at("seed").get<std::uint32_t>(), j.at("width").get<int>(), j.at("height").get<int>(),
                         j.at("frame_interval_ms").get<std::int64_t>(), {}};
    for (const json& f : j.at("frames")) {
      TruthFrame tf;
      tf.frame = f.at("frame").get<std::string>();
      tf.index = f.at("index").get<int>();
      tf.t_ms = f.at("t_ms").get<std::int64_t>();
      tf.payloads_visible = f.at("payloads_visible").get<std::vector<std::string>>();
      for (const json& t : f.at("tags")) tf.tags.push_back(tag_from(t));
      for (const json& t : f.at("foreign")) tf.foreign.push_back(tag_from(t));
      // Added later: truth files written before it have no table.
      if (const auto table = f.find("table"); table != f.end())
        for (const json& c : *table) tf.table.push_back(card_from(c));
      for (const json& h : f.at("hidden")) {
        const std::string why = h.at("why").get<std::string>();
        const auto name = std::find_if(std::begin(kHiddenNames), std::end(kHiddenNames), [&](const char* n) { return why == n; });
        if (name == std::end(kHiddenNames)) return fail(std::string(origin) + ": " + tf.frame + ": unknown hidden reason \"" + why + "\"");
        tf.hidden.push_back({h.at("payload").get<std::string>(), Hidden(name - std::begin(kHiddenNames))});
      }
      truth.frames.push_back(std::move(tf));
    }
    return truth;
  } catch (const json::exception& e) {
    return fail(std::string(origin) + ": not a truth file: " + e.what());
  }
}

}  // namespace seneschal::vision::synth
