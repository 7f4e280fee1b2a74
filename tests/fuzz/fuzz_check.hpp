#pragma once
// What the fuzz targets share: an invariant check that says which invariant broke before it
// traps, so a crash report names the rule and not only a stack.

#include <cstdio>

#define SENESCHAL_FUZZ_CHECK(condition, what)                                                   \
  do {                                                                                          \
    if (!(condition)) {                                                                         \
      std::fprintf(stderr, "fuzz invariant broken at %s:%d: %s\n  (%s)\n", __FILE__, __LINE__, \
                   what, #condition);                                                           \
      __builtin_trap();                                                                         \
    }                                                                                           \
  } while (false)
