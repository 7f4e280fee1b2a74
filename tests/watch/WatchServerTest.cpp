// The watch server for real: civetweb on a loopback port, the project's page files, and plain
// sockets for clients. What a page sees, what a stranger gets, and what the limits do.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "common/TempDir.hpp"
#include "seneschal/firmware/watch/watch_server.hpp"
#include "seneschal/firmware/watch/watch_token.hpp"
#include "watch/HttpClient.hpp"

namespace seneschal::firmware::watch {
namespace {

using seneschal::test::http_get;
using seneschal::test::HttpConnection;
using seneschal::test::parse_answer;

engine::ViewModel a_view(const std::string& seat = "Mark") {
  engine::ViewModel view;
  view.game_title = "Romance of the Nine Empires";
  view.turn = 3;
  view.phase = "Summer";
  view.prompt = "Mark: lay a card";
  view.seats.push_back({});
  view.seats.back().name = seat;
  view.seats.back().score = 12;
  view.seats.back().acting = true;
  view.log = {"Mark laid Zahir"};
  view.now_ms = 1000;
  return view;
}

class WatchServerTest : public ::testing::Test {
 protected:
  std::unique_ptr<Server> start(ServerOptions options = {}) {
    options.listen = "127.0.0.1:0";
    options.state_dir = dir.path().string();
    options.pages_dir = SENESCHAL_SOURCE_DIR "/assets/watch";
    auto kept = ensure_token(options.state_dir);
    EXPECT_TRUE(kept);
    token = *kept;
    auto server = Server::start(options, token);
    EXPECT_TRUE(server) << (server ? "" : server.error().message);
    return server ? std::move(server).value() : nullptr;
  }
  std::string with_token(const std::string& path) const { return path + "?token=" + token; }
  // What a page's EventSource sends to open the stream.
  void open_stream(HttpConnection& connection) const {
    connection.send("GET " + with_token("/events") + " HTTP/1.1\r\n\r\n");
  }

  seneschal::test::TempDir dir;
  std::string token;
};

TEST_F(WatchServerTest, EveryPathRefusesARequestWithoutTheRightToken) {
  auto server = start();
  ASSERT_TRUE(server);
  server->publish(a_view(), 1);
  for (const char* path : {"/", "/overlay", "/state.json", "/events", "/nothing"}) {
    EXPECT_EQ(http_get(server->port(), path).status, 401) << path;
    EXPECT_EQ(http_get(server->port(), std::string(path) + "?token=abcdefghijklmnopqrstuvwxyz234567").status, 401)
        << path;
  }
  EXPECT_EQ(server->stats().refused, 10u);
  EXPECT_EQ(http_get(server->port(), "/state.json", "Authorization: Bearer " + token + "\r\n").status, 200);
}

TEST_F(WatchServerTest, ServesTheBoardAsOneDocumentUnderAPolicyWithItsNonce) {
  auto server = start();
  ASSERT_TRUE(server);
  const auto answer = http_get(server->port(), with_token("/"));
  ASSERT_EQ(answer.status, 200) << answer.head;
  const auto at = answer.head.find("script-src 'nonce-");
  ASSERT_NE(at, std::string::npos) << answer.head;
  const std::string nonce = answer.head.substr(at + 18, 32);
  EXPECT_NE(answer.body.find("<script nonce=\"" + nonce + "\">"), std::string::npos);
  EXPECT_EQ(answer.body.find("{{"), std::string::npos) << "a marker left unexpanded";
  EXPECT_NE(answer.head.find("Cache-Control: no-store"), std::string::npos);
  EXPECT_NE(answer.head.find("Referrer-Policy: no-referrer"), std::string::npos);
  // A fresh nonce each time.
  EXPECT_EQ(http_get(server->port(), with_token("/")).head.find(nonce), std::string::npos);
  EXPECT_EQ(http_get(server->port(), with_token("/overlay")).status, 200);
}

TEST_F(WatchServerTest, StateJsonIsTheLastViewPublished) {
  auto server = start();
  ASSERT_TRUE(server);
  EXPECT_EQ(http_get(server->port(), with_token("/state.json")).status, 503);
  server->publish(a_view("Mark"), 1000, 7);
  server->publish(a_view("Shawn"), 2000, 9);
  const auto answer = http_get(server->port(), with_token("/state.json"));
  ASSERT_EQ(answer.status, 200);
  const auto json = nlohmann::json::parse(answer.body);
  EXPECT_EQ(json["version"], 2);
  EXPECT_EQ(json["sent_ms"], 2000);
  EXPECT_EQ(json["drawing_ms"], 9);
  EXPECT_EQ(json["seats"][0]["name"], "Shawn");
  EXPECT_EQ(json["headline"], "Turn 3 \u2013 Summer");
}

TEST_F(WatchServerTest, AStreamGetsTheCurrentViewAtOnceThenEachChange) {
  auto server = start();
  ASSERT_TRUE(server);
  server->publish(a_view("Mark"), 1);
  HttpConnection stream(server->port());
  stream.send("GET " + with_token("/events") + " HTTP/1.1\r\nHost: x\r\n\r\n");
  const std::string first = stream.read_until("}\n\n");  // the headers, the retry line, the first view
  EXPECT_NE(first.find("Content-Type: text/event-stream"), std::string::npos);
  EXPECT_NE(first.find("event: view\ndata: {\"run\":"), std::string::npos) << first;
  EXPECT_NE(first.find("\"Mark\""), std::string::npos);
  stream.forget();
  server->publish(a_view("Shawn"), 2);
  const std::string second = stream.read_until("}\n\n");
  EXPECT_NE(second.find("\"version\":2"), std::string::npos) << second;
  EXPECT_NE(second.find("\"Shawn\""), std::string::npos);
  EXPECT_EQ(server->stats().pages_open, 1);
}

TEST_F(WatchServerTest, ATimerTickingDownIsNotSentAgainButAnythingElseIs) {
  auto server = start();
  ASSERT_TRUE(server);
  engine::ViewModel view = a_view();
  view.timers.push_back({"Negotiation", 60000, 180000, true, false});
  server->publish(view, 1);
  view.now_ms += 250;
  view.timers[0].remaining_ms -= 250;
  server->publish(view, 2);
  EXPECT_EQ(server->stats().published, 1u);
  view.timers[0].running = false;  // paused: the page must stop its clock
  server->publish(view, 3);
  EXPECT_EQ(server->stats().published, 2u);
}

TEST_F(WatchServerTest, AQuietStreamIsPinged) {
  ServerOptions options;
  options.keep_alive_ms = 100;
  auto server = start(options);
  ASSERT_TRUE(server);
  HttpConnection stream(server->port());
  open_stream(stream);
  EXPECT_NE(stream.read_until("event: ping\n").find("event: ping\ndata: {}\n\n"), std::string::npos);
}

TEST_F(WatchServerTest, ANewTokenEndsTheStreamsOfTheOldOneAndRefusesIt) {
  auto server = start();  // the default 15 s ping: the stream looks at the token every second anyway
  ASSERT_TRUE(server);
  server->publish(a_view(), 1);
  HttpConnection stream(server->port());
  open_stream(stream);
  stream.read_until("\n\n");
  const std::string old_token = token;
  auto rotated = rotate_token(dir.path().string());
  ASSERT_TRUE(rotated);
  stream.read_all();  // the server closes it within a second or so (the token file is looked at once a second)
  EXPECT_TRUE(stream.closed());
  EXPECT_EQ(http_get(server->port(), "/state.json?token=" + old_token).status, 401);
  EXPECT_EQ(http_get(server->port(), "/state.json?token=" + *rotated).status, 200);
}

TEST_F(WatchServerTest, PagesBeyondTheLimitAreToldToComeBackLater) {
  ServerOptions options;
  options.max_pages = 2;
  auto server = start(options);
  ASSERT_TRUE(server);
  server->publish(a_view(), 1);
  HttpConnection one(server->port()), two(server->port());
  for (HttpConnection* c : {&one, &two}) {
    open_stream(*c);
    c->read_until("\n\n");
  }
  const auto third = http_get(server->port(), with_token("/events"));
  EXPECT_EQ(third.status, 503);
  EXPECT_NE(third.head.find("Retry-After:"), std::string::npos);
  EXPECT_EQ(server->stats().busy, 1u);
  // The board itself still loads: the limit is on streams, not on pages asked for.
  EXPECT_EQ(http_get(server->port(), with_token("/state.json")).status, 200);
}

TEST_F(WatchServerTest, APageThatWentAwayFreesItsPlaceForTheNextAtOnce) {
  ServerOptions options;
  options.max_pages = 1;
  options.keep_alive_ms = 60000;  // no ping would notice the closed page in this test's time
  auto server = start(options);
  ASSERT_TRUE(server);
  server->publish(a_view(), 1);
  {
    HttpConnection reloaded(server->port());
    open_stream(reloaded);
    reloaded.read_until("\n\n");
  }  // the tab reloads: its old connection closes
  HttpConnection again(server->port());
  open_stream(again);
  EXPECT_NE(again.read_until("\n\n").find("HTTP/1.1 200 OK"), std::string::npos);
  EXPECT_EQ(server->stats().busy, 0u);
}

TEST_F(WatchServerTest, HeadOfTheStreamTakesNoPlace) {
  ServerOptions options;
  options.max_pages = 1;
  auto server = start(options);
  ASSERT_TRUE(server);
  HttpConnection head(server->port());
  head.send("HEAD " + with_token("/events") + " HTTP/1.1\r\n\r\n");
  const auto answer = parse_answer(head.read_all());
  EXPECT_EQ(answer.status, 200);
  EXPECT_EQ(answer.body, "");
  EXPECT_EQ(server->stats().pages_open, 0);
}

TEST_F(WatchServerTest, AStreamEndsAfterItsLifeAndTellsThePageToComeBackAtOnce) {
  ServerOptions options;
  options.stream_life_ms = 300;
  auto server = start(options);
  ASSERT_TRUE(server);
  server->publish(a_view(), 1);
  HttpConnection stream(server->port());
  open_stream(stream);
  const std::string said = stream.read_all();
  EXPECT_TRUE(stream.closed());
  EXPECT_NE(said.find("retry: 1000\n\n"), std::string::npos) << said;
  EXPECT_NE(said.find("event: view"), std::string::npos);
  EXPECT_EQ(server->stats().pages_open, 0);
}

TEST_F(WatchServerTest, NothingButGetIsTaken) {
  auto server = start();
  ASSERT_TRUE(server);
  server->publish(a_view(), 1);
  for (const char* method : {"POST", "PUT", "DELETE", "PATCH"}) {
    HttpConnection c(server->port());
    c.send(std::string(method) + " " + with_token("/state.json") +
           " HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}");
    EXPECT_EQ(parse_answer(c.read_all()).status, 405) << method;
  }
  EXPECT_EQ(http_get(server->port(), with_token("/state.json")).status, 200);
}

TEST_F(WatchServerTest, AHeaderFarOverTheLimitIsCutOffNotRead) {
  auto server = start();
  ASSERT_TRUE(server);
  HttpConnection c(server->port());
  long sent = c.send("GET " + with_token("/") + " HTTP/1.1\r\nX-Big: ");
  const std::string chunk(64 * 1024, 'a');
  // 64 MB offered; the server gives up after its 8 KB limit, so sending fails long before.
  int chunks = 0;
  for (; chunks < 1024; ++chunks) {
    if (c.send(chunk) < 0) break;
    sent += static_cast<long>(chunk.size());
  }
  EXPECT_LT(chunks, 1024) << "the server read a 64 MB header";
  EXPECT_EQ(http_get(server->port(), with_token("/overlay")).status, 200);
}

TEST_F(WatchServerTest, AnAddressInUseOrMalformedIsAnErrorNamingIt) {
  auto first = start();
  ASSERT_TRUE(first);
  ServerOptions options;
  options.state_dir = dir.path().string();
  options.listen = "127.0.0.1:" + std::to_string(first->port());
  auto second = Server::start(options, token);
  ASSERT_FALSE(second);
  EXPECT_NE(second.error().message.find(options.listen), std::string::npos) << second.error().message;
  for (const char* listen : {"localhost:8080", "8080", "127.0.0.1:99999", "127.0.0.1:80a", "[::]:8080"}) {
    options.listen = listen;
    auto bad = Server::start(options, token);
    ASSERT_FALSE(bad) << listen;
    EXPECT_NE(bad.error().message.find("[watch] listen"), std::string::npos) << bad.error().message;
  }
}

}  // namespace
}  // namespace seneschal::firmware::watch
