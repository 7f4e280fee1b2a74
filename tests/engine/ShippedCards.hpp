#pragma once
// A game's shipped card data, read the way firmware reads it, for tests and benchmarks.

#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include "seneschal/engine/card.hpp"

namespace seneschal::engine::test {

inline std::shared_ptr<const CardDatabase> shipped_cards(const std::string& game) {
  const std::string path = std::string(SENESCHAL_SOURCE_DIR) + "/assets/cards/" + game + ".json";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  auto db = CardDatabase::parse_json(text.str(), path);
  if (!db) throw std::runtime_error(db.error().message);
  return std::make_shared<const CardDatabase>(std::move(db).value());
}

inline std::shared_ptr<const CardDatabase> shipped_r9e_cards() { return shipped_cards("r9e"); }

}  // namespace seneschal::engine::test
