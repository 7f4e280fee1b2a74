#pragma once
// A Session on a fresh SQLite log in the test's temp folder, with the test cards: reopening the
// same file is a restart.

#include <gtest/gtest.h>

#include "TestCards.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine::test {

class SessionFixture : public ::testing::Test {
 protected:
  SessionFixture() { register_builtin_modules(registry_); }

  Session open() {
    auto store = EventStore::open(dir_.file("game.sqlite"));
    EXPECT_TRUE(store.has_value());
    auto session = Session::resume(std::move(store).value(), registry_, r9e_library());
    EXPECT_TRUE(session.has_value()) << session.error().message;
    return std::move(session).value();
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
};

}  // namespace seneschal::engine::test
