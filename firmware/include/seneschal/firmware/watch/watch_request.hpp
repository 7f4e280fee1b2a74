#pragma once
// What the watch page's server makes of a request, in plain functions over text: which page it
// asks for, the token it carries, and the served pages' few substitutions. The server library
// (civetweb) parses HTTP itself; everything here is the project's own parsing of what a stranger
// on the network sends, so it is kept apart, free of sockets, and fuzzed
// (tests/fuzz/watch_request_fuzzer.cpp).

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "seneschal/base/result.hpp"

namespace seneschal::firmware::watch {

// The only paths served; anything else is 404 (after the token check, so a stranger learns
// nothing about what exists).
enum class Route { Board, Overlay, State, Events, NotFound };
Route route_of(std::string_view path);

// Longest query string looked at; a longer one carries no token at all (401), rather than cut.
inline constexpr std::size_t kMaxQuery = 2048;
// A token is 32 characters of [a-z2-7] (watch_token.hpp); anything else is no token at all.
inline constexpr std::size_t kTokenChars = 32;

// The value of `token=` in a raw (not yet decoded) query string, percent-decoded; empty when
// there is none, or when it is not a well-formed token (a stranger's bytes never reach a compare
// or a log line as they came).
std::string token_in_query(std::string_view query);
// "Bearer T" from an Authorization header (the scheme in any case); empty when absent or malformed.
std::string bearer_token(std::string_view authorization);
// True when `given` is the token, compared in time that does not depend on where they differ.
bool same_token(std::string_view given, std::string_view expected);

// Percent-decoding of one query value ('+' is a space); nullopt on a broken escape or a NUL.
std::optional<std::string> percent_decoded(std::string_view text);

// A page's template with `{{nonce}}` replaced by the nonce and `{{file:NAME}}` by the text of the
// watch folder's file NAME ([a-z0-9_-]+ then .js or .css; `read` returns nullopt for a file
// that is not there). A marker that is malformed or names a missing file is an error naming it:
// the served files are the project's own, so that is a packaging fault, found by a test.
using ReadFile = std::function<std::optional<std::string>(std::string_view name)>;
Result<std::string> expand_page(std::string_view page, std::string_view nonce, const ReadFile& read);

// Text from a request, made safe for one journal line: at most `max_chars` characters, controls
// and bytes that are not UTF-8 shown as escapes.
std::string for_log(std::string_view text, std::size_t max_chars = 80);

}  // namespace seneschal::firmware::watch
