#pragma once
// Which language the words (words.hpp) are in: English, German, French or Spanish. Set once at
// start from `[display] language`, `--language` or, when neither says, the locale; a test may set
// another between games. Not for a thread that is reading words at the time.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"

namespace seneschal {

// The languages the device speaks, English first: their codes ("en", "de", "fr", "es").
const std::vector<std::string>& languages();

// The language asked for by the environment, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES,
// LANG): the first of ours named there, else English. "de_AT.UTF-8" is "de".
std::string language_from_locale();

// Sets the language of every word from now on. "" takes language_from_locale(). The catalogs are
// read from `catalog_dir` if given, else SENESCHAL_LOCALE_DIR, else the build tree's, else the
// installed ones. An unknown code, or a catalog that cannot be found, is an error naming it; the
// language is then left as it was.
Result<void> set_language(std::string_view code, const std::string& catalog_dir = {});
std::string language();

// Where the catalogs were found ("" for English).
std::string catalog_dir();

// The English words looked up since the last call that the language's catalog has no words for,
// and translations whose {0} {1} did not match their English: what the language test holds to
// nothing. Counted only while tracking is on.
void track_missing_words(bool on);
std::set<std::string> take_missing_words();

}  // namespace seneschal
