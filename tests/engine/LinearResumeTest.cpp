// A restart folds each event of the log once, whatever undos and redos it holds. Before, every
// undo and redo in the log folded everything before it again, so restoring grew with the square
// of the log (24,000 events took 25 s against systemd's 90 s start timeout). Counted here, not
// timed: tests never fail on timing; tests/bench/EngineBench.cpp has the seconds.

#include <gtest/gtest.h>

#include "TestCards.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine::test {
namespace {

// R9E as shipped, counting the events folded into it.
class CountingModule : public GameModule {
 public:
  CountingModule(std::unique_ptr<GameModule> inner, std::shared_ptr<const CardDatabase> cards, int& applied)
      : GameModule(std::move(cards)), inner_(std::move(inner)), applied_(applied) {}
  const ModuleInfo& info() const override { return inner_->info(); }
  void start(TableState& state, const Event& started) const override { inner_->start(state, started); }
  Result<std::vector<EventDraft>> decide(const TableState& state, const Command& command,
                                         const Context& context) const override {
    return inner_->decide(state, command, context);
  }
  Result<void> apply(TableState& state, const Event& event, nlohmann::json* read) const override {
    ++applied_;
    return inner_->apply(state, event, read);
  }
  Prompt prompt(const TableState& state) const override { return inner_->prompt(state); }
  std::vector<Option> menu(const TableState& state) const override { return inner_->menu(state); }
  BoardView describe(const TableState& state) const override { return inner_->describe(state); }
  void tally(const TableState& state, Series& series) const override { inner_->tally(state, series); }

 private:
  std::unique_ptr<GameModule> inner_;
  int& applied_;
};

class LinearResumeTest : public ::testing::Test {
 protected:
  LinearResumeTest() {
    register_builtin_modules(shipped_);
    counting_.add("r9e", [this](std::shared_ptr<const CardDatabase> cards) -> std::unique_ptr<GameModule> {
      auto inner = shipped_.create("r9e", cards);
      return std::make_unique<CountingModule>(std::move(inner).value(), cards, applied_);
    });
  }

  Session open() {
    auto store = EventStore::open(dir_.file("seneschal.sqlite"));
    EXPECT_TRUE(store.has_value());
    auto session = Session::resume(std::move(store).value(), counting_, r9e_library());
    EXPECT_TRUE(session.has_value()) << session.error().message;
    return std::move(session).value();
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry shipped_;
  ModuleRegistry counting_;
  int applied_ = 0;
};

TEST_F(LinearResumeTest, RestartFoldsEachEventOnceWhateverTheUndos) {
  std::string played;
  std::size_t events = 0;
  {
    Session session = open();
    quick_setup(session, {"Mark", "Shawn"});
    std::int64_t clock = 10;
    for (int move = 0; move < 60; ++move) {
      // Pass, or OK where the prompt waits for one (Winter's draw), as the bench game plays.
      if (!session.apply(Pass{}, ++clock)) {
        ASSERT_TRUE(session.apply(Ok{}, ++clock).has_value()) << session.prompt().text;
      }
      if (move % 3 == 0) {
        ASSERT_TRUE(session.apply(Undo{}, ++clock).has_value());
        ASSERT_TRUE(session.apply(Redo{}, ++clock).has_value());
      }
    }
    played = to_json(session.state()).dump();
    events = session.events().size();
  }
  applied_ = 0;
  Session resumed = open();
  EXPECT_EQ(to_json(resumed.state()).dump(), played);
  EXPECT_LE(static_cast<std::size_t>(applied_), events) << "events folded more than once on a restart";
}

}  // namespace
}  // namespace seneschal::engine::test
