// What the view model says while a rules check waits (issue 21): the pointer starts on Cancel,
// never on "Do it anyway", the legend promises no override, and the move the check stopped is
// told apart from one that was done, for its toast. Played through Tally, the test-only module
// (tests/engine/tally/), whose Fame is checked at 3.
#include <gtest/gtest.h>

#include "common/TempDir.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/rules_kit.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/view_model.hpp"
#include "tally/tally_cards.hpp"

namespace seneschal::engine {
void register_test_modules(ModuleRegistry& registry);

namespace {

class ViewModelTest : public ::testing::Test {
 protected:
  ViewModelTest() {
    register_builtin_modules(registry_);
    register_test_modules(registry_);
    cards_.emplace("tally", std::make_shared<const CardDatabase>(CardDatabase::parse_json(tally::kCards, "tally").value()));
    auto store = EventStore::open(dir_.file("game.sqlite"));
    auto session = Session::resume(std::move(store).value(), registry_, cards_);
    EXPECT_TRUE(session.has_value()) << session.error().message;
    session_.emplace(std::move(session).value());
    apply(StartGame{"tally", {"Ann"}});
  }

  Accepted apply(const Command& command) {
    auto r = session_->apply(command, clock_ += 1000);
    EXPECT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message;
    return r.has_value() ? *r : Accepted{};
  }

  // Ann takes her fourth Fame: the check "already has 3 Fame" stops it.
  Accepted raise_check() {
    for (int i = 0; i < 3; ++i) apply(Choose{"Take a Fame"});
    return apply(Choose{"Take a Fame"});
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  CardLibrary cards_;
  std::optional<Session> session_;
  std::int64_t clock_ = 0;
};

TEST_F(ViewModelTest, ACheckPointsAtCancelAndItsLegendPromisesNoOverride) {
  raise_check();
  const Prompt prompt = session_->prompt();
  ASSERT_TRUE(prompt.find_id(kDoItAnywayId)) << prompt.text;
  ASSERT_GE(prompt.preselected(), 0);
  EXPECT_EQ(prompt.options.at(static_cast<std::size_t>(prompt.preselected())).id, kCancelId);
  const ViewModel view = make_view_model(*session_, std::nullopt, clock_);
  EXPECT_EQ(view.prompt_options.at(static_cast<std::size_t>(prompt.preselected())), kCancelLabel);
  EXPECT_TRUE(view.ok_hint.empty()) << "OK picks what the pointer shows, not \"" << view.ok_hint << "\"";
  EXPECT_EQ(view.pass_hint, "cancel");
}

TEST_F(ViewModelTest, APromptWithoutAnOverrideStartsAtItsFirstOption) {
  const Prompt prompt = session_->prompt();
  ASSERT_FALSE(prompt.options.empty());
  EXPECT_EQ(prompt.preselected(), 0);
  EXPECT_EQ(make_view_model(*session_, std::nullopt, clock_).ok_hint, prompt.ok);
  // An override offered without a Cancel still never starts on the override.
  Prompt bare;
  bare.add(kDoItAnywayLabel, kDoItAnywayId);
  bare.add("Keep it");
  EXPECT_EQ(bare.preselected(), 1);
}

TEST_F(ViewModelTest, ALikelyOptionIsWhereThePointerStartsButACheckStillStartsOnCancel) {
  Prompt prompt;
  prompt.add("Ann");
  prompt.add("Ben");
  prompt.likely = 1;
  EXPECT_EQ(prompt.preselected(), 1);
  prompt.add(kCancelLabel, kCancelId);
  prompt.add(kDoItAnywayLabel, kDoItAnywayId);
  EXPECT_EQ(prompt.preselected(), 2);
}

TEST_F(ViewModelTest, AMoveAChecksStoppedIsToldApartFromOneThatWasDone) {
  const Accepted done = apply(Choose{"Take a Fame"});
  EXPECT_FALSE(stopped_at_check(*session_, done.group)) << done.text;
  apply(Choose{"Take a Fame"});
  apply(Choose{"Take a Fame"});
  const Accepted stopped = apply(Choose{"Take a Fame"});
  EXPECT_TRUE(stopped_at_check(*session_, stopped.group));
  // Started from the menu while the check waits, a timer is done, not stopped.
  apply(Menu{});
  const Accepted timer = apply(Choose{"Start Haggle 2:00"});
  ASSERT_TRUE(session_->state().pending) << "the check still waits";
  EXPECT_FALSE(stopped_at_check(*session_, timer.group)) << timer.text;
  // Done anyway: the check no longer waits.
  if (session_->menu_open()) apply(Menu{});
  const Accepted anyway = apply(Choose{kDoItAnywayLabel});
  EXPECT_FALSE(stopped_at_check(*session_, anyway.group));
  EXPECT_FALSE(stopped_at_check(*session_, 0));
}

}  // namespace
}  // namespace seneschal::engine
