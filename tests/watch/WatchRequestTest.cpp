// The watch server's own parsing of what a stranger sends: the token in a query or a header,
// the paths, and the page templates' substitutions.

#include <gtest/gtest.h>

#include <map>

#include "seneschal/firmware/watch/watch_request.hpp"

namespace seneschal::firmware::watch {
namespace {

const std::string kToken = "abcdefghijklmnopqrstuvwxyz234567";

TEST(WatchRequestTest, TakesTheTokenFromAQueryAmongOtherParameters) {
  EXPECT_EQ(token_in_query("token=" + kToken), kToken);
  EXPECT_EQ(token_in_query("seat=Mark&token=" + kToken + "&layout=left"), kToken);
  // Percent-escaped letters are the same token.
  EXPECT_EQ(token_in_query("token=%61bcdefghijklmnopqrstuvwxyz234567"), kToken);
}

TEST(WatchRequestTest, AMalformedOrDoubledTokenIsNoToken) {
  EXPECT_EQ(token_in_query(""), "");
  EXPECT_EQ(token_in_query("token="), "");
  EXPECT_EQ(token_in_query("token=" + kToken.substr(1)), "");        // one short
  EXPECT_EQ(token_in_query("token=" + kToken + "a"), "");            // one long
  EXPECT_EQ(token_in_query("token=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), "");  // capitals are not the alphabet
  EXPECT_EQ(token_in_query("token=" + kToken + "&token=" + kToken), "");  // which one would count?
  EXPECT_EQ(token_in_query("token=%zz" + kToken.substr(3)), "");
  EXPECT_EQ(token_in_query("token=%00" + kToken.substr(3)), "");
  EXPECT_EQ(token_in_query("tokens=" + kToken), "");
  EXPECT_EQ(token_in_query(std::string(kMaxQuery + 1, 'a') + "&token=" + kToken), "");
}

TEST(WatchRequestTest, TakesABearerTokenFromTheAuthorizationHeader) {
  EXPECT_EQ(bearer_token("Bearer " + kToken), kToken);
  EXPECT_EQ(bearer_token("bearer " + kToken), kToken);  // a scheme's name is case-insensitive
  EXPECT_EQ(bearer_token("Basic " + kToken), "");
  EXPECT_EQ(bearer_token("Bearer  " + kToken), "");
  EXPECT_EQ(bearer_token(""), "");
}

TEST(WatchRequestTest, ComparesTokensWhole) {
  EXPECT_TRUE(same_token(kToken, kToken));
  EXPECT_FALSE(same_token(kToken.substr(0, 31) + "b", kToken));
  EXPECT_FALSE(same_token(kToken.substr(0, 31), kToken));
  // No token kept (a spoiled token file) lets nobody in, not everybody.
  EXPECT_FALSE(same_token("", ""));
}

TEST(WatchRequestTest, RoutesOnlyTheFourPages) {
  EXPECT_EQ(route_of("/"), Route::Board);
  EXPECT_EQ(route_of("/overlay"), Route::Overlay);
  EXPECT_EQ(route_of("/state.json"), Route::State);
  EXPECT_EQ(route_of("/events"), Route::Events);
  for (const char* path : {"/board.js", "/../etc/passwd", "/overlay/", "/EVENTS", "", "/watch.css"}) {
    EXPECT_EQ(route_of(path), Route::NotFound) << path;
  }
}

TEST(WatchRequestTest, DecodesPercentEscapesAndPlus) {
  EXPECT_EQ(percent_decoded("Ann+%26+Ben"), "Ann & Ben");
  EXPECT_EQ(percent_decoded("%C3%A9"), "\xC3\xA9");
  EXPECT_EQ(percent_decoded("%4"), std::nullopt);
  EXPECT_EQ(percent_decoded("%"), std::nullopt);
  EXPECT_EQ(percent_decoded("a%00b"), std::nullopt);
}

TEST(WatchRequestTest, ExpandsTheNonceAndTheNamedFiles) {
  const std::map<std::string, std::string> files{{"watch.css", "body{}"}, {"board.js", "go();"}};
  const ReadFile read = [&](std::string_view name) -> std::optional<std::string> {
    const auto it = files.find(std::string(name));
    return it == files.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  auto page = expand_page("<style nonce=\"{{nonce}}\">{{file:watch.css}}</style><script nonce=\"{{nonce}}\">"
                          "{{file:board.js}}</script>",
                          "N1", read);
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(*page, "<style nonce=\"N1\">body{}</style><script nonce=\"N1\">go();</script>");
  // A file's own text is not expanded again: a "{{" in a script stays as written.
  const std::map<std::string, std::string> braces{{"a.js", "x = '{{nonce}}';"}};
  auto literal = expand_page("{{file:a.js}}", "N", [&](std::string_view n) { return std::optional(braces.at(std::string(n))); });
  ASSERT_TRUE(literal);
  EXPECT_EQ(*literal, "x = '{{nonce}}';");
}

TEST(WatchRequestTest, AMarkerThatNamesNoServedFileIsAnErrorNamingIt) {
  const ReadFile none = [](std::string_view) { return std::nullopt; };
  for (const char* page : {"{{file:missing.js}}", "{{file:../secret.js}}", "{{file:board.html}}", "{{nonse}}", "{{nonce"}) {
    auto expanded = expand_page(page, "N", none);
    EXPECT_FALSE(expanded) << page;
  }
  auto missing = expand_page("{{file:missing.js}}", "N", none);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("missing.js"), std::string::npos);
}

TEST(WatchRequestTest, TextForTheLogHasNoControlsAndIsCut) {
  const std::string said = for_log("/x\r\nSet-Cookie: evil\x1b[31m", 80);
  EXPECT_EQ(said.find('\n'), std::string::npos);
  EXPECT_EQ(said.find('\r'), std::string::npos);
  EXPECT_EQ(said.find('\x1b'), std::string::npos);
  EXPECT_LT(for_log(std::string(5000, 'a'), 80).size(), 120u);
}

}  // namespace
}  // namespace seneschal::firmware::watch
