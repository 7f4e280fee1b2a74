#pragma once
// Errors are values (STYLE.md). GCC 12 has no std::expected, so Result keeps its member names
// (has_value, value, error) and can become an alias for std::expected<T, Error> later.

#include <cassert>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace seneschal {

// What went wrong, said so that a person can act on it: the message names what and where.
struct Error {
  std::string message;
};

template <class E>
struct Unexpected {
  E error;
};

inline Unexpected<Error> fail(std::string message) { return {Error{std::move(message)}}; }

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit like expected
  Result(Unexpected<Error> e) : state_(std::in_place_index<1>, std::move(e.error)) {}  // NOLINT

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & {
    assert(has_value());
    return std::get<0>(state_);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(state_);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(state_));
  }
  const Error& error() const {
    assert(!has_value());
    return std::get<1>(state_);
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> state_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Unexpected<Error> e) : error_(std::move(e.error)), ok_(false) {}  // NOLINT

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  void value() const { assert(ok_); }
  const Error& error() const {
    assert(!ok_);
    return error_;
  }

 private:
  Error error_;
  bool ok_ = true;
};

}  // namespace seneschal
