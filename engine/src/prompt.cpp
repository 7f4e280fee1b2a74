#include "seneschal/engine/prompt.hpp"

#include "seneschal/engine/card.hpp"
#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine {

const Option* Prompt::find_label(const std::string& label) const {
  for (const Option& option : options) {
    if (option.label == label) return &option;
  }
  for (const Option& option : options) {
    if (!option.en.empty() && option.en == label) return &option;
  }
  return nullptr;
}

const Option* Prompt::find_id(const std::string& id) const {
  for (const Option& option : options) {
    if (option.id == id) return &option;
  }
  return nullptr;
}

std::vector<std::string> Prompt::labels() const {
  std::vector<std::string> out;
  out.reserve(options.size());
  for (const Option& option : options) out.push_back(option.label);
  return out;
}

int Prompt::preselected() const {
  if (!find_id(kDoItAnywayId)) return likely >= 0 && likely < static_cast<int>(options.size()) ? likely : 0;
  int safe = -1;
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (options[i].id == kCancelId) return static_cast<int>(i);
    if (safe < 0 && options[i].id != kDoItAnywayId) safe = static_cast<int>(i);
  }
  return safe < 0 ? 0 : safe;
}

void Prompt::add(const Words& label, std::string id) {
  if (id.empty()) id = option_id_of(label.en);
  options.push_back({std::move(id), label.shown, label.en == label.shown ? std::string() : label.en});
}

void Prompt::add(std::string label, std::string id) {
  if (id.empty()) id = option_id_of(label);
  options.push_back({std::move(id), std::move(label), {}});
}

std::string option_id_of(const std::string& label) {
  std::string id = card_id_from_title(label);
  // A label of symbols alone ("+1") still needs an id that is its own.
  return id.empty() ? "label:" + label : id;
}

}  // namespace seneschal::engine
