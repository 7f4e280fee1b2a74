#pragma once
// What a test's table does with the buttons and the camera, written once for every game's
// fixture (R9eTable, CutthroatGame, NineSession). Each fixture gives `attempt` (one command, with
// the values its device asks told from what the test said) and `prompt`; the verbs go through it.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "seneschal/engine/card.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine::test {

template <class Table>
class TableVerbs {
 public:
  void must(const Command& command, std::uint64_t entropy = 0) {
    auto r = self().attempt(command, entropy);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message << "\n  prompt: " << self().prompt().text;
  }
  // The refusal's words, or "accepted".
  std::string refusal(const Command& command) {
    auto r = self().attempt(command, 0);
    return r ? std::string("accepted") : r.error().message;
  }
  void scan(const std::string& title, int copy = 1) { must(PresentCard{card_id_from_title(title), copy}); }
  void choose(const std::string& label) { must(Choose{label}); }
  void ok() { must(Ok{}); }
  void pass() { must(Pass{}); }
  void set(int value) { must(SetNumber{value}); }
  void undo() { must(Undo{}); }
  void menu(const std::string& label) {
    must(Menu{});
    must(Choose{label});
  }

 protected:
  // One command on the fixture's session, and each card value its device then asks (not a roll)
  // told by the fixture's answer_to(question); a value the test did not tell fails the attempt,
  // naming it. Each step is a second later on the fixture's clock.
  Result<Accepted> apply_telling(Session& session, std::int64_t& clock, const Command& command, std::uint64_t entropy) {
    auto result = session.apply(command, clock += 1000, entropy);
    while (result && session.state().pending && session.state().pending->kind == Pending::Kind::Value) {
      const Question& asked = session.state().pending->question;
      const auto answer = self().answer_to(asked);
      if (!answer) return fail("the device asked for " + asked.subject.key() + " " + asked.stat + ", which the test did not tell");
      result = session.apply(*answer, clock += 1000);
    }
    return result;
  }

 private:
  Table& self() { return static_cast<Table&>(*this); }
};

}  // namespace seneschal::engine::test
