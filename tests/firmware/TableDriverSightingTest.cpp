// The camera's table events in the engine's books through the one driver: one physical change is
// one fact in the log. A card slid into another seat is one "moved" with its quarter read against
// the new seat's facing, not a move and a turn (in R9E a turn is a bow).
#include <gtest/gtest.h>

#include <algorithm>

#include "common/TempDir.hpp"
#include "seneschal/engine/event_store.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/physical_table.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/table/table_driver.hpp"
#include "seneschal/firmware/table/tag_router.hpp"

namespace seneschal::firmware {
namespace {

struct Table {
  test::TempDir dir;
  engine::ModuleRegistry registry;
  engine::CardLibrary cards;
  std::unique_ptr<engine::Session> session;
  std::unique_ptr<TagRouter> router;
  std::unique_ptr<TableDriver> driver;

  Table() {
    engine::register_builtin_modules(registry);
    auto library = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
    EXPECT_TRUE(library.has_value());
    cards = std::move(library).value();
    auto store = engine::EventStore::open(dir.file("log.sqlite"));
    EXPECT_TRUE(store.has_value());
    auto resumed = engine::Session::resume(std::move(store).value(), registry, cards);
    EXPECT_TRUE(resumed.has_value());
    session = std::make_unique<engine::Session>(std::move(resumed).value());
    EXPECT_TRUE(session->apply(engine::StartGame{"r9e", {"Mark", "Shawn", "Tomasz"}}, 0).has_value());
    router = std::make_unique<TagRouter>(cards);
    driver = std::make_unique<TableDriver>(*session, *router,
                                           TableDriver::Clock{[] { return 0; }, [] { return 0; }, [] { return 0ull; }});
  }

  void seen(TableSighting::Change change, int seat, int quarter) {
    TableSighting s;
    s.change = change;
    s.payload = "S1:R9E:HEKTOR:1";
    s.where.seat = seat;
    s.where.quarter = quarter;
    s.where.area_said = true;
    s.where.x_mm = 100.0 + seat * 200;
    s.where.y_mm = 300;
    driver->seen(s);
  }

  std::vector<std::string> table_changes() const {
    std::vector<std::string> out;
    for (const engine::Event& e : session->events()) {
      if (e.type == engine::kTableEvent) out.push_back(e.data.at("change").get<std::string>());
    }
    return out;
  }
};

TEST(TableDriverSightingTest, ASlideIntoAnotherSeatIsOneMoveWithTheNewSeatsQuarter) {
  Table table;
  table.seen(TableSighting::Change::Appeared, 0, 0);
  table.seen(TableSighting::Change::Moved, 2, 90);
  EXPECT_EQ(table.table_changes(), (std::vector<std::string>{"appeared", "moved"}));
  const engine::TableCard* lying = table.session->state().on_table("HEKTOR", 1);
  ASSERT_NE(lying, nullptr);
  EXPECT_EQ(lying->seat, 2);
  EXPECT_EQ(lying->quarter, 90);
  const auto& log = table.session->state().log;
  EXPECT_TRUE(std::none_of(log.begin(), log.end(), [](const auto& line) { return line.text.find("turned") != std::string::npos; }));
}

TEST(TableDriverSightingTest, ATurnWhereItLiesIsOneTurn) {
  Table table;
  table.seen(TableSighting::Change::Appeared, 0, 0);
  table.seen(TableSighting::Change::Turned, 0, 90);
  EXPECT_EQ(table.table_changes(), (std::vector<std::string>{"appeared", "turned"}));
}

}  // namespace
}  // namespace seneschal::firmware
