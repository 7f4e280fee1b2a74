#include "seneschal/engine/told.hpp"

#include "json_int.hpp"

namespace seneschal::engine {

std::string Subject::key() const {
  if (!face.empty()) return card + "@" + face;
  if (copy > 0) return card + "#" + std::to_string(copy);
  return card;
}

Subject Subject::from_key(std::string_view key) {
  Subject subject;
  if (const auto at = key.find('@'); at != std::string_view::npos) {
    subject.card = std::string(key.substr(0, at));
    subject.face = std::string(key.substr(at + 1));
    return subject;
  }
  if (const auto hash = key.find('#'); hash != std::string_view::npos) {
    subject.card = std::string(key.substr(0, hash));
    int copy = 0;
    for (char c : key.substr(hash + 1)) {
      if (c < '0' || c > '9' || copy > 99999) return Subject{std::string(key), 0, {}};
      copy = copy * 10 + (c - '0');
    }
    subject.copy = copy;
    return subject;
  }
  subject.card = std::string(key);
  return subject;
}

void ToldValues::set(const Subject& subject, const std::string& stat, ToldValue value) {
  values_[subject.key()][stat] = std::move(value);
}

const ToldValue* ToldValues::find(const Subject& subject, std::string_view stat) const {
  const auto look = [&](const std::string& key) -> const ToldValue* {
    auto it = values_.find(key);
    if (it == values_.end()) return nullptr;
    auto value = it->second.find(stat);
    return value == it->second.end() ? nullptr : &value->second;
  };
  if (const ToldValue* own = look(subject.key())) return own;
  if (subject.copy > 0 || !subject.face.empty()) return look(subject.card);
  return nullptr;
}

std::optional<int> ToldValues::number(const Subject& subject, std::string_view stat) const {
  const ToldValue* value = find(subject, stat);
  return value ? value->number : std::nullopt;
}

std::optional<std::string> ToldValues::word(const Subject& subject, std::string_view stat) const {
  const ToldValue* value = find(subject, stat);
  if (!value || value->word.empty()) return std::nullopt;
  return value->word;
}

nlohmann::json ToldValues::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, stats] : values_) {
    for (const auto& [stat, value] : stats) {
      out[key][stat] = value.number ? nlohmann::json(*value.number) : nlohmann::json(value.word);
    }
  }
  return out;
}

ToldValues ToldValues::from_json(const nlohmann::json& json) {
  ToldValues told;
  if (!json.is_object()) return told;
  for (const auto& [key, stats] : json.items()) {
    if (!stats.is_object()) continue;
    for (const auto& [stat, value] : stats.items()) {
      if (const auto number = detail::small_int(value)) {
        told.values_[key][stat] = ToldValue{*number, {}};
      } else if (value.is_string()) {
        told.values_[key][stat] = ToldValue{std::nullopt, value.get<std::string>()};
      }
    }
  }
  return told;
}

}  // namespace seneschal::engine
