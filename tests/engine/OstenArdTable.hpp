#pragma once
// An Osten Ard table for the flows tests: a real Session with the shipped card data and the cards
// this table names itself (the data names only 12), what it tells of them when the device asks,
// and a two-seat setup (Ann at Naglimund with Josua, Ben at Hernysadharc with Maegwin).
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ShippedCards.hpp"
#include "StateReading.hpp"
#include "common/TempDir.hpp"
#include "ostenard/oa_module.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/deck_list.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine::oa_test {

// The cards this table named (title, type), and what it tells of them when asked.
struct Named {
  const char* title;
  const char* type;
  std::map<std::string, std::string> told;  // stat -> word
};
inline const std::map<std::string, std::string> kNoLeader = {
    {"leadership_generic", "0"}, {"leadership_specific", "0"}, {"priest", "No"}, {"noble", "No"}, {"enemy_1", "No more"},
    {"spellcaster", "No"}, {"ranged", "0"}, {"knight", "No"}};

inline std::map<std::string, std::string> with(std::map<std::string, std::string> told, const std::map<std::string, std::string>& more) {
  for (const auto& [stat, value] : more) told[stat] = value;
  return told;
}

inline const std::vector<Named> kCards = {
    {"Naglimund", "location", {{"region", "Frostmarch"}, {"fortress", "Yes"}, {"automatic_attack_strikes", "0"}}},
    {"Hernysadharc", "location", {{"region", "Hernystir"}, {"fortress", "No"}, {"automatic_attack_strikes", "0"}}},
    {"Elvritshalla", "location",
     {{"region", "Rimmersgard"}, {"fortress", "No"}, {"automatic_attack_strikes", "1"}, {"automatic_attack_strength", "2"},
      {"automatic_attack_type", "Rimmersgard"}}},
    {"Erchester", "location",
     {{"region", "Erkynland"}, {"fortress", "Yes"}, {"automatic_attack_strikes", "2"}, {"automatic_attack_strength", "3"},
      {"automatic_attack_type", "Erkynlander"}}},
    {"Falshire", "location", {{"region", "Erkynland"}, {"fortress", "No"}, {"automatic_attack_strikes", "0"}}},
    {"Grianspog", "location", {{"region", "Hernystir"}, {"fortress", "No"}, {"automatic_attack_strikes", "0"}}},
    {"Chidsik Ub-Sah", "location",
     {{"region", "Yiqanuc"}, {"fortress", "No"}, {"automatic_attack_strikes", "3"}, {"automatic_attack_strength", "4"},
      {"automatic_attack_type", "Qanuc"}}},
    // Josua leads: 2 generic, 2 specific, and a noble at his homebase adds 1 generic (OA:79).
    {"Josua", "personality",
     with(kNoLeader, {{"homebase", "Naglimund"}, {"allegiance_1", "Erkynlander"}, {"allegiance_2", "Frostmarch"},
                      {"allegiance_3", "No more"}, {"leadership_generic", "2"}, {"leadership_specific", "2"},
                      {"loyalty", "3"}, {"noble", "Yes"}, {"strength", "6"}, {"tactics", "2"}, {"spellcaster", "Yes"},
                      {"mind", "1"}, {"knight", "Yes"}, {"rulership", "High King"}, {"rulership_attribute", "4"}})},
    // Deornoth casts spells (mind 3), shoots (ranged 3) and keeps the faith of Aedon until a
    // corruptive spell.
    {"Deornoth", "personality",
     with(kNoLeader, {{"homebase", "Naglimund"}, {"allegiance_1", "Erkynlander"}, {"allegiance_2", "Aedon"},
                      {"allegiance_3", "No more"}, {"loyalty", "2"}, {"strength", "3"}, {"tactics", "0"}, {"spellcaster", "Yes"},
                      {"mind", "3"}, {"ranged", "3"}, {"unique", "Yes"}, {"rulership", "High King"}, {"rulership_attribute", "2"}})},
    // Helfgrim, based at Naglimund too, starts a second company there.
    {"Helfgrim", "personality",
     with(kNoLeader, {{"homebase", "Naglimund"}, {"allegiance_1", "Erkynlander"}, {"allegiance_2", "No more"}, {"loyalty", "1"},
                      {"strength", "2"}, {"tactics", "0"}, {"mind", "1"}})},
    {"Jiriki", "personality",
     with(kNoLeader, {{"homebase", "Another location"}, {"home_region", "Aldheorte"}, {"allegiance_1", "Sithi"},
                      {"allegiance_2", "No more"}, {"loyalty", "1"}, {"strength", "4"}, {"tactics", "0"}, {"mind", "2"}})},
    {"Maegwin", "personality",
     with(kNoLeader, {{"homebase", "Hernysadharc"}, {"allegiance_1", "Hernystir"}, {"allegiance_2", "No more"},
                      {"leadership_generic", "1"}, {"leadership_specific", "2"}, {"loyalty", "2"}, {"noble", "Yes"},
                      {"strength", "3"}, {"tactics", "1"}})},
    {"Eolair", "personality",
     with(kNoLeader, {{"homebase", "Hernysadharc"}, {"allegiance_1", "Hernystir"}, {"allegiance_2", "No more"}, {"loyalty", "2"},
                      {"strength", "2"}, {"tactics", "0"}, {"enemy_1", "Rimmersgard"}, {"enemy_2", "No more"}})},
    // Isgrimnur leads too (2 generic) but not in Ann's starting allegiance: he follows as well,
    // with loyalty 4 (C7.6).
    {"Isgrimnur", "personality",
     with(kNoLeader, {{"homebase", "Elvritshalla"}, {"allegiance_1", "Rimmersgard"}, {"allegiance_2", "No more"},
                      {"leadership_generic", "2"}, {"loyalty", "4"}, {"noble", "Yes"}, {"strength", "5"}})},
    {"Naglimund Garrison", "army",
     {{"allegiance_1", "Erkynlander"}, {"allegiance_2", "No more"}, {"enemy_1", "No more"}, {"aggressive", "No"}, {"ranged", "0"}, {"homebase", "Naglimund"}, {"combat_value", "4"}, {"cohesion", "3"}, {"cavalry", "No"}, {"initiative", "2"}, {"mercenary", "No"}}},
    {"Frostmarch Levy", "army",
     {{"allegiance_1", "Frostmarch"}, {"allegiance_2", "No more"}, {"enemy_1", "No more"}, {"aggressive", "No"}, {"ranged", "0"}, {"homebase", "Another location"}, {"home_region", "Frostmarch"}, {"combat_value", "2"}, {"cohesion", "2"},
      {"cavalry", "No"}, {"initiative", "1"}, {"mercenary", "No"}}},
    {"Hernystiri Horse", "army",
     {{"allegiance_1", "Hernystir"}, {"allegiance_2", "No more"}, {"enemy_1", "No more"}, {"aggressive", "No"}, {"ranged", "0"}, {"homebase", "Hernysadharc"}, {"combat_value", "3"}, {"cohesion", "2"}, {"cavalry", "Yes"}, {"initiative", "3"},
      {"mercenary", "Yes"}}},
    // The Raiders are aggressive: a host holding them forces host against host (OA:441).
    {"Hernystiri Raiders", "army",
     {{"allegiance_1", "Hernystir"}, {"allegiance_2", "No more"}, {"enemy_1", "No more"}, {"aggressive", "Yes"}, {"ranged", "0"},
      {"homebase", "Hernysadharc"}, {"keyed_to", "Hernystir"}, {"combat_value", "2"}, {"cohesion", "2"}, {"cavalry", "No"},
      {"initiative", "1"}, {"mercenary", "No"}}},
    // The Circoille Guard is an enemy of the Frostmarch and of Rimmersgard.
    {"Circoille Guard", "army",
     {{"allegiance_1", "Hernystir"}, {"allegiance_2", "No more"}, {"enemy_1", "Frostmarch"}, {"enemy_2", "Rimmersgard"},
      {"enemy_3", "No more"}, {"aggressive", "No"}, {"ranged", "0"}, {"homebase", "Another location"}, {"home_region", "Hernystir"},
      {"keyed_to", "Hernystir"}, {"combat_value", "3"}, {"cohesion", "3"}, {"cavalry", "No"}, {"initiative", "1"}, {"mercenary", "No"}}},
    {"Naglimund Bowmen", "army",
     {{"homebase", "Naglimund"}, {"keyed_to", "Frostmarch"}, {"allegiance_1", "Erkynlander"}, {"allegiance_2", "No more"},
      {"enemy_1", "No more"}, {"aggressive", "No"}, {"ranged", "3"}, {"combat_value", "1"}, {"cohesion", "1"}, {"cavalry", "No"},
      {"initiative", "1"}, {"mercenary", "No"}}},
    {"Erkynguard", "army",
     {{"enemy_1", "No more"}, {"aggressive", "No"}, {"ranged", "0"}, {"keyed_to", "Erkynland"}, {"allegiance_1", "Erkynlander"}, {"allegiance_2", "No more"}, {"mercenary", "No"},
      {"homebase", "Another location"}, {"home_region", "Erkynland"}}},
    {"Rimmersgard Renegades", "army",
     {{"enemy_1", "No more"}, {"aggressive", "No"}, {"ranged", "0"}, {"keyed_to", "Frostmarch"}, {"allegiance_1", "Rimmersgard"}, {"allegiance_2", "No more"}, {"combat_value", "2"},
      {"cohesion", "2"}, {"cavalry", "No"}, {"initiative", "1"}, {"homebase", "Another location"}, {"home_region", "Rimmersgard"},
      {"mercenary", "No"}}},
    // Josua's Naglimunders is in the shipped data, keyed to the Frostmarch (OA:419).
    {"Josua’s Naglimunders", "army",
     {{"cohesion", "2"}, {"combat_value", "3"}, {"allegiance_1", "Erkynlander"}, {"allegiance_2", "No more"},
      {"enemy_1", "No more"}}},
    {"Thorn", "item", {{"iron", "Yes"}, {"banner", "No"}}},
    {"Sorrow", "item", {{"iron", "No"}, {"banner", "No"}}},
    {"Naglimund Banner", "item", {{"iron", "No"}, {"banner", "Yes"}}},
    {"Erkynland Banner", "item", {{"iron", "No"}, {"banner", "Yes"}}},
    {"Winter's Grip", "long-event", {{"counters", "2"}}},
    {"Seek the Sword", "mission", {{"unique", "Yes"}}},
    {"Sending", "spell", {{"spell_kind", "Spell"}, {"spell_level", "5"}, {"corruptive", "No"}}},
    {"Fire Dance", "spell", {{"spell_kind", "Ritual"}, {"spell_level", "4"}, {"corruptive", "Yes"}}},
};

inline std::shared_ptr<const CardDatabase> table_cards() {
  const auto shipped = test::shipped_cards("ostenard");
  CardOverlay overlay;
  for (const Named& card : kCards) {
    auto named = overlay.name_card(*shipped, card.title, card.type);
    if (!named) throw std::runtime_error(named.error().message);
  }
  std::vector<std::string> ignored;
  return std::make_shared<const CardDatabase>(overlay.apply(*shipped, ignored));
}

class OstenArdTable : public ::testing::Test {
 protected:
  OstenArdTable() {
    registry_.add("ostenard", ostenard::make_module);
    cards_ = table_cards();
    library_.emplace("ostenard", cards_);
    auto session = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
    session_.emplace(std::move(session).value());
  }

  // The table answers what the device asks from kCards.
  Result<Accepted> attempt(const Command& command) {
    auto result = session_->apply(command, clock_ += 1000);
    // A die roll is the test's to enter (`set`); every other question the table answers.
    while (result && state().pending && state().pending->kind == Pending::Kind::Value && !state().pending->roll) {
      const Question& asked = state().pending->question;
      std::optional<std::string> answer;
      for (const Named& card : kCards) {
        if (card_id_from_title(card.title) != asked.subject.card) continue;
        if (auto it = card.told.find(asked.stat); it != card.told.end()) answer = it->second;
      }
      if (!answer) return fail("the device asked " + asked.subject.key() + " " + asked.stat + ", which the table lacks");
      const Command told = asked.wants_number() ? Command{SetNumber{std::stoi(*answer)}} : Command{Choose{*answer}};
      result = session_->apply(told, clock_ += 1000);
    }
    return result;
  }
  void must(const Command& command) {
    auto r = attempt(command);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message << "\n  prompt: " << prompt().text;
  }
  void show(const std::string& title) { must(PresentCard{card_id_from_title(title), 1, {}}); }
  void choose(const std::string& label) { must(Choose{label}); }
  void ok() { must(Ok{}); }
  // The check waiting says `reason`; "Do it anyway" runs the move and logs the override.
  void override_check(const std::string& reason) {
    EXPECT_EQ(test::waiting_check(state()), reason);
    choose("Do it anyway");
    EXPECT_TRUE(logged("Override: " + reason)) << reason;
  }

  // Two seats, Ann first: Ann at Naglimund with Josua (Erkynlander), Ben at Hernysadharc with
  // Maegwin (Hernystir); their starting companies of four, a card each a round (OA:25).
  // Setup up to the starting companies: Ann first, at Naglimund with Josua (Erkynlander), Ben at
  // Hernysadharc with Maegwin (Hernystir).
  void to_starting_companies() {
    must(StartGame{"ostenard", {"Ann", "Ben"}});
    choose("Ann");
    show("Naglimund");
    show("Hernysadharc");
    show("Josua");
    choose("Erkynlander");
    show("Maegwin");
    choose("Hernystir");
  }
  // `hosts`: the third and fourth cards are two armies each (hosts, OA:709); else an army and an
  // item (parties, OA:733).
  void set_up(bool hosts = true) {
    to_starting_companies();
    show("Deornoth");
    show("Eolair");
    show("Naglimund Garrison");
    show("Hernystiri Horse");
    show(hosts ? "Frostmarch Levy" : "Thorn");
    show(hosts ? "Circoille Guard" : "Sorrow");
  }

  // Set up, then Ann's first turn to Movement, her company moved to Chidsik Ub-Sah (Yiqanuc) through
  // Aldheorte (the Frostmarch to Yiqanuc has two middle regions, C7.10).
  void ann_moves_to_yiqanuc() {
    set_up();
    ok();  // Organization
    ok();  // Movement
    choose("Move Ann's company at Naglimund");
    show("Chidsik Ub-Sah");
    choose("Aldheorte");
    ok();  // the opponent plays no hazard army against the host (OA:433)
  }

  // Set up (with hosts, or parties), then Ann's first turn to Combat, her company at Hernysadharc
  // beside Ben's (a next region: Frostmarch to Hernystir); Ben plays no hazard army.
  void ann_meets_ben(bool hosts = true) {
    set_up(hosts);
    ann_goes_to_hernysadharc();
  }
  // From Ann's first Resource phase to her Combat, her company moved from Naglimund to Hernysadharc.
  void ann_goes_to_hernysadharc() {
    ok();  // Organization
    ok();  // Movement
    choose("Move Ann's company at Naglimund");
    show("Hernysadharc");
    ok();  // Ben plays no hazard army
    ok();  // Combat
  }

  // C5.1's setup: Ann starts at Elvritshalla with Isgrimnur (one personality), Ben at Hernysadharc;
  // in Ann's first Movement her company goes to Erchester through the Frostmarch (OA:419).
  void isgrimnur_goes_to_erchester() {
    must(StartGame{"ostenard", {"Ann", "Ben"}});
    choose("Ann");
    show("Elvritshalla");
    show("Hernysadharc");
    show("Isgrimnur");
    choose("Rimmersgard");
    show("Maegwin");
    choose("Hernystir");
    for (const char* card : {"Thorn", "Eolair", "Sorrow", "Hernystiri Horse", "Minneyar", "Circoille Guard"}) show(card);
    ok();  // Organization
    ok();  // Movement
    choose("Move Ann's company at Elvritshalla");
    show("Erchester");
  }

  // Set up with hosts, Ann's first turn passed: Ben's Organization phase.
  void to_bens_organization() {
    set_up();
    for (int phase = 0; phase < 5; ++phase) ok();  // Ann's turn
    ok();                                           // Ben's Resource
  }

  const TableState& state() const { return session_->state(); }
  Prompt prompt() const { return session_->prompt(); }
  nlohmann::json detail() const { return to_json(state())["detail"]; }
  bool logged(const std::string& line) const { return test::has_log_line(state(), line); }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  std::shared_ptr<const CardDatabase> cards_;
  CardLibrary library_;
  std::optional<Session> session_;
  std::int64_t clock_ = 0;
};

}  // namespace seneschal::engine::oa_test
