// The view as the watch page reads it: every part the screen draws, in the schema the page's
// script expects (assets/watch/README.md), and the table's text as text.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "seneschal/firmware/watch/view_json.hpp"

namespace seneschal::firmware::watch {
namespace {

using json = nlohmann::json;

TEST(ViewJsonTest, CarriesEveryPartOfTheBoard) {
  engine::ViewModel view;
  view.game_title = "Cutthroat Kingdoms";
  view.prompt = "Who attacks?";
  view.prompt_options = {"Ann", "Ben"};
  view.highlighted = 1;
  engine::SeatView seat;
  seat.name = "Ann";
  seat.acting = true;
  seat.team = 0;
  seat.badges.push_back({"Married", "Mar.", engine::BadgeView::Tone::Highlight});
  seat.counters.push_back({"Gold", "7", true});
  engine::ItemView item;
  item.title = "Black Tower";
  item.icon = engine::ItemView::Icon::Card;
  item.quarter = 90;
  item.count = 3;
  seat.lists.push_back({"Territories", {item}});
  view.seats = {seat};
  view.timers.push_back({"Negotiation", 30000, 180000, true, false});
  view.charts.push_back({"Victory points", {{1, {4}}}});
  view.winner = "Ann wins";
  view.winner_seats = {0};
  view.device_notice = engine::DeviceNotice{"No picture from the camera", {"Check the cable."}, true};
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Warned, "Black Tower", "a check waits"};
  view.evidence = engine::Evidence{1, 1, {1, 2, 3, 4}, "a crop"};

  const json j = json::parse(view_message(view_body(view), {"abcd", 5, 123, 4}));
  EXPECT_EQ(j["run"], "abcd");
  EXPECT_EQ(j["version"], 5);
  EXPECT_EQ(j["sent_ms"], 123);
  EXPECT_EQ(j["drawing_ms"], 4);
  EXPECT_EQ(j["headline"], "Cutthroat Kingdoms");  // before the first turn, no phase: the title, as the banner
  EXPECT_EQ(j["options"][1], "Ben");
  EXPECT_EQ(j["highlighted"], 1);
  EXPECT_EQ(j["seats"][0]["acting"], true);  // the saved board leaves it out; the page needs it
  EXPECT_EQ(j["seats"][0]["badges"][0]["tone"], "highlight");
  EXPECT_EQ(j["seats"][0]["counters"][0]["key"], true);
  EXPECT_EQ(j["seats"][0]["lists"][0]["items"][0]["icon"], "card");
  EXPECT_EQ(j["seats"][0]["lists"][0]["items"][0]["quarter"], 90);
  EXPECT_EQ(j["seats"][0]["lists"][0]["items"][0]["count"], 3);
  EXPECT_EQ(j["timers"][0]["remaining_ms"], 30000);
  EXPECT_EQ(j["charts"][0]["points"][0]["values"][0], 4);
  EXPECT_EQ(j["winner"], "Ann wins");
  EXPECT_EQ(j["notice"]["lines"][0], "Check the cable.");
  EXPECT_EQ(j["toast"]["verdict"], "warned");
  // The camera's crops of the table stay on the device.
  EXPECT_FALSE(j.contains("evidence"));
}

TEST(ViewJsonTest, TheTablesTextStaysTextOnOneLine) {
  engine::ViewModel view;
  engine::SeatView seat;
  seat.name = "<img src=x onerror=alert(1)>\n\"quoted\"";
  view.seats = {seat};
  view.log = {"line\r\nevent: view\ndata: forged"};
  const std::string message = view_message(view_body(view), {"r", 1, 0, 0});
  // One line: a name cannot end the event-stream message and forge another.
  EXPECT_EQ(message.find('\n'), std::string::npos);
  EXPECT_EQ(message.find('\r'), std::string::npos);
  EXPECT_EQ(json::parse(message)["seats"][0]["name"], seat.name);
}

TEST(ViewJsonTest, BytesThatAreNotUtf8AreReplacedNotThrownOn) {
  engine::ViewModel view;
  view.prompt = "bad \xFF byte";
  const std::string message = view_message(view_body(view), {"r", 1, 0, 0});
  EXPECT_TRUE(json::accept(message));
}

}  // namespace
}  // namespace seneschal::firmware::watch
