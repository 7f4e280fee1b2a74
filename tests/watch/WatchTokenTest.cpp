// The watch token on disk: made once, kept, private to the daemon's user, rotated on demand and
// seen by a running server without a restart.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <set>
#include <thread>

#include "common/TempDir.hpp"
#include "seneschal/firmware/watch/watch_request.hpp"
#include "seneschal/firmware/watch/watch_token.hpp"

namespace seneschal::firmware::watch {
namespace {

TEST(WatchTokenTest, IsMadeOnceKeptAndReadableOnlyByItsOwner) {
  seneschal::test::TempDir dir;
  auto first = ensure_token(dir.path().string());
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(token_in_query("token=" + *first), *first) << "a token the server would not take";
  EXPECT_EQ(*ensure_token(dir.path().string()), *first);
  struct stat st {};
  ASSERT_EQ(::stat(token_path(dir.path().string()).c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST(WatchTokenTest, TokensDoNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) seen.insert(*new_token());
  EXPECT_EQ(seen.size(), 200u);
}

TEST(WatchTokenTest, RotatingReplacesIt) {
  seneschal::test::TempDir dir;
  const std::string first = *ensure_token(dir.path().string());
  auto second = rotate_token(dir.path().string());
  ASSERT_TRUE(second);
  EXPECT_NE(*second, first);
  EXPECT_EQ(*ensure_token(dir.path().string()), *second);
}

TEST(WatchTokenTest, ASpoiledFileIsAnErrorNamingItNotANewToken) {
  seneschal::test::TempDir dir;
  std::ofstream(token_path(dir.path().string())) << "hello\n";
  auto token = ensure_token(dir.path().string());
  ASSERT_FALSE(token);
  EXPECT_NE(token.error().message.find("watch-token"), std::string::npos) << token.error().message;
}

TEST(WatchTokenTest, ARunningServerSeesARotationAndASpoiledFileLetsNobodyIn) {
  seneschal::test::TempDir dir;
  const std::string state = dir.path().string();
  const std::string first = *ensure_token(state);
  TokenFile file(token_path(state), "an older token given by mistake");
  EXPECT_EQ(file.current(1), first) << "the file's token, read at the first look";
  const std::string second = *rotate_token(state);
  EXPECT_EQ(file.current(500), first) << "looked at once a second, not on every request";
  EXPECT_EQ(file.current(1501), second);
  std::ofstream(token_path(state)) << "spoiled\n";
  EXPECT_EQ(file.current(3000), "");
  EXPECT_FALSE(same_token("", file.current(3000)));
}

}  // namespace
}  // namespace seneschal::firmware::watch
