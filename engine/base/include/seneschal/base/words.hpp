#pragma once
// The words people read, in their language (issue [7/8]). Every word the screen shows is written in
// English in the source and goes through one of these, which gettext looks up in the catalog of
// the language set with set_language() (language.hpp); English needs no catalog and no lookup.
//
//   tr("Pass")                                   a fixed word
//   trf("{0} buries the quest {1}", name, title) words with values in them; a translation may move
//                                                the {0} {1} around but must keep them all
//   trn("{0} food", "{0} food", n)               words with a count: the catalog picks the form
//   say("Attack with {0}", title)                an option's label: the words shown, and the same
//                                                words in English, from which its log id is made,
//                                                so a log is the same in every language
//   N_("Fight")                                  marks a constant for the catalog; translate it where
//                                                it is shown, with tr(kFight)
//
// Names, card titles and the rulebooks' proper names are values, never words: they stay as printed.
// xgettext finds the words by these names (cmake/SeneschalCatalogs.cmake lists them).

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>

#define N_(words) words

namespace seneschal {

// The words shown and the same words in English. What an option's id and a script's `choose`
// are made from; shown everywhere else.
struct Words {
  std::string shown;
  std::string en;
};

namespace words_detail {
const char* lookup(const char* msgid);
const char* lookup_plural(const char* singular, const char* plural, long n);
bool english();
// A translation whose {0} {1} do not fit its English: said once on stderr and in missing_words();
// the English is used, so a bad catalog line never stops the device.
void bad_translation(const char* msgid, const char* what);

template <class T>
decltype(auto) shown_of(const T& value) {
  if constexpr (std::is_same_v<T, Words>) {
    return std::string_view(value.shown);
  } else {
    return (value);
  }
}
template <class T>
decltype(auto) en_of(const T& value) {
  if constexpr (std::is_same_v<T, Words>) {
    return std::string_view(value.en);
  } else {
    return (value);
  }
}

template <class... Args>
std::string format(const char* english, const char* translated, const Args&... args) {
  if (translated != english) {
    try {
      return fmt::format(fmt::runtime(translated), shown_of(args)...);
    } catch (const fmt::format_error& e) {
      bad_translation(english, e.what());
    }
  }
  return fmt::format(fmt::runtime(english), shown_of(args)...);
}
}  // namespace words_detail

// Whether words come out in English now (no catalog is read).
inline bool words_in_english() { return words_detail::english(); }

// A fixed word in the language set. The pointer lives as long as the program.
inline const char* tr(const char* msgid) { return words_detail::lookup(msgid); }
inline std::string tr(const std::string& msgid) { return words_detail::lookup(msgid.c_str()); }
inline std::string tr(std::string_view msgid) { return words_detail::lookup(std::string(msgid).c_str()); }

// Words with values: `format` is an fmt format string ({0}, {1}, {} ...); a value may itself be
// Words (its shown words are used).
template <class... Args>
std::string trf(const char* format, const Args&... args) {
  return words_detail::format(format, words_detail::lookup(format), args...);
}

// Words with a count: the catalog's plural form for n; {0} ... in them are the args (n is not
// passed on by itself: give it again if the words show it).
template <class... Args>
std::string trn(const char* singular, const char* plural, long n, const Args&... args) {
  const char* english = n == 1 ? singular : plural;
  return words_detail::format(english, words_detail::lookup_plural(singular, plural, n), args...);
}

// An option's label: the words shown, and in English (see Words).
template <class... Args>
Words say(const char* format, const Args&... args) {
  std::string en = fmt::format(fmt::runtime(format), words_detail::en_of(args)...);
  if (words_detail::english()) return {en, en};
  return {words_detail::format(format, words_detail::lookup(format), args...), std::move(en)};
}

// Words the state keeps as an id in English (a phase, a victory's kind, a card value's name), said
// in the language set. An id with a number in it ("Round 3", "19 VP", "copy 2 colour") is in the
// catalog with the number as {0} ("Round {0}"); mark that form N_ where the id is made.
std::string tr_id(std::string_view id);

// Words that are the same in every language: a card's title, a name, a number.
inline Words as_is(std::string text) { return {text, text}; }

}  // namespace seneschal
