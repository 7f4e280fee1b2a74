// gettext behind words.hpp and language.hpp. gettext reads the language from LANGUAGE, and only
// when the messages locale is not "C": so set_language sets LANGUAGE and, where the process runs
// under C (a systemd unit, CI), the messages locale C.UTF-8, which every glibc has built in.
#include <libintl.h>

#include <atomic>
#include <cctype>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>

#include "seneschal/base/language.hpp"
#include "seneschal/base/words.hpp"

// glibc's count of loaded catalogs: raising it makes gettext drop what it looked up before, which a
// change of LANGUAGE alone does not (the GNU gettext manual, "Being a gettext grok").
extern "C" int _nl_msg_cat_cntr;

namespace seneschal {
namespace {

constexpr const char* kDomain = "seneschal";

std::atomic<bool> english_now{true};
// LANGUAGE as the process was started with, given back when English is set again: a program the
// process starts afterwards (a test's subprocess) must not inherit a language it was not given.
std::optional<std::string> language_at_start;
bool language_changed = false;
std::string current = "en";
std::string current_dir;

std::mutex missing_mutex;
bool tracking = false;
std::set<std::string> missing;

void note_missing(std::string what) {
  std::lock_guard lock(missing_mutex);
  if (tracking) missing.insert(std::move(what));
}

bool has_catalog(const std::string& dir, std::string_view code) {
  std::error_code ec;
  return !dir.empty() &&
         std::filesystem::is_regular_file(std::filesystem::path(dir) / code / "LC_MESSAGES" / "seneschal.mo", ec);
}

std::string find_catalogs(std::string_view code, const std::string& given) {
  if (!given.empty()) return given;
  if (const char* env = std::getenv("SENESCHAL_LOCALE_DIR"); env && *env) return env;
#ifdef SENESCHAL_BUILD_LOCALE_DIR
  if (has_catalog(SENESCHAL_BUILD_LOCALE_DIR, code)) return SENESCHAL_BUILD_LOCALE_DIR;
#endif
#ifdef SENESCHAL_INSTALLED_LOCALE_DIR
  if (has_catalog(SENESCHAL_INSTALLED_LOCALE_DIR, code)) return SENESCHAL_INSTALLED_LOCALE_DIR;
#endif
  return {};
}

}  // namespace

namespace words_detail {

bool english() { return english_now.load(std::memory_order_relaxed); }

const char* lookup(const char* msgid) {
  if (english() || !msgid || !*msgid) return msgid;  // "" would give the catalog's header
  const char* out = dgettext(kDomain, msgid);
  if (out == msgid) note_missing(msgid);
  return out;
}

const char* lookup_plural(const char* singular, const char* plural, long n) {
  const char* english_form = n == 1 ? singular : plural;
  if (english()) return english_form;
  const char* out = dngettext(kDomain, singular, plural, static_cast<unsigned long>(n < 0 ? -n : n));
  if (out == singular || out == plural) note_missing(singular);
  return out;
}

void bad_translation(const char* msgid, const char* what) {
  static std::mutex said_mutex;
  static std::set<std::string> said;
  {
    std::lock_guard lock(said_mutex);
    if (said.insert(msgid).second) {
      std::fprintf(stderr, "seneschal: the %s translation of \"%s\" does not fit its values (%s); English is shown\n",
                   current.c_str(), msgid, what);
    }
  }
  note_missing(std::string("bad translation: ") + msgid);
}

}  // namespace words_detail

std::string tr_id(std::string_view id) {
  std::string text(id);
  if (words_detail::english() || text.empty()) return text;
  // The first number standing as a word of its own.
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])) || (i > 0 && text[i - 1] != ' ')) continue;
    std::size_t end = i;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end < text.size() && text[end] != ' ') {
      i = end;
      continue;
    }
    const std::string form = text.substr(0, i) + "{0}" + text.substr(end);
    const char* translated = dgettext(kDomain, form.c_str());
    if (translated == form.c_str()) break;  // no such form: the id is looked up whole
    try {
      return fmt::format(fmt::runtime(translated), text.substr(i, end - i));
    } catch (const fmt::format_error& e) {
      words_detail::bad_translation(form.c_str(), e.what());
      return text;
    }
  }
  return words_detail::lookup(text.c_str());
}

const std::vector<std::string>& languages() {
  static const std::vector<std::string> codes = {"en", "de", "fr", "es"};
  return codes;
}

std::string language_from_locale() {
  // gettext's own order: LANGUAGE is a list ("de:en"), the others one locale each.
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    std::string_view list(value);
    while (!list.empty()) {
      const std::size_t colon = list.find(':');
      const std::string_view one = list.substr(0, colon);
      for (const std::string& code : languages()) {
        if (one.substr(0, 2) == code && (one.size() == 2 || one[2] == '_' || one[2] == '.' || one[2] == '@')) return code;
      }
      if (colon == std::string_view::npos) break;
      list.remove_prefix(colon + 1);
    }
    // The first variable set decides, as for gettext; LANGUAGE only alongside a locale.
    if (std::string_view(name) != "LANGUAGE") break;
  }
  return "en";
}

Result<void> set_language(std::string_view code, const std::string& catalog_dir_given) {
  std::string want = code.empty() ? language_from_locale() : std::string(code);
  bool known = false;
  for (const std::string& c : languages()) known = known || c == want;
  if (!known) {
    std::string list;
    for (const std::string& c : languages()) list += (list.empty() ? "" : ", ") + c;
    return fail("language \"" + want + "\" is not one the device speaks (" + list + ")");
  }
  if (want == "en") {
    if (language_changed) {
      if (language_at_start) {
        setenv("LANGUAGE", language_at_start->c_str(), 1);
      } else {
        unsetenv("LANGUAGE");
      }
      language_changed = false;
    }
    english_now = true;
    current = want;
    current_dir.clear();
    return {};
  }
  const std::string dir = find_catalogs(want, catalog_dir_given);
  if (!has_catalog(dir, want)) {
    return fail("no " + want + " catalog (" + want + "/LC_MESSAGES/seneschal.mo) in " +
                (dir.empty() ? std::string("SENESCHAL_LOCALE_DIR, the build tree or the install") : dir));
  }
  bindtextdomain(kDomain, dir.c_str());
  bind_textdomain_codeset(kDomain, "UTF-8");
  if (!language_changed) {
    const char* before = std::getenv("LANGUAGE");
    language_at_start = before ? std::optional<std::string>(before) : std::nullopt;
    language_changed = true;
  }
  setenv("LANGUAGE", want.c_str(), 1);
  const char* messages = std::setlocale(LC_MESSAGES, nullptr);
  if (!messages || std::string_view(messages) == "C" || std::string_view(messages) == "POSIX") {
    if (!std::setlocale(LC_MESSAGES, "") || std::string_view(std::setlocale(LC_MESSAGES, nullptr)) == "C" ||
        std::string_view(std::setlocale(LC_MESSAGES, nullptr)) == "POSIX") {
      std::setlocale(LC_MESSAGES, "C.UTF-8");
    }
  }
  ++_nl_msg_cat_cntr;
  // The catalog's header is its translation of "": none means gettext did not read it.
  const char* header = dgettext(kDomain, "");
  if (!header || !*header) {
    return fail("the " + want + " catalog in " + dir + " could not be read (messages locale \"" +
                std::string(std::setlocale(LC_MESSAGES, nullptr)) + "\")");
  }
  current = want;
  current_dir = dir;
  english_now = false;
  return {};
}

std::string language() { return current; }
std::string catalog_dir() { return current_dir; }

void track_missing_words(bool on) {
  std::lock_guard lock(missing_mutex);
  tracking = on;
}

std::set<std::string> take_missing_words() {
  std::lock_guard lock(missing_mutex);
  std::set<std::string> out;
  out.swap(missing);
  return out;
}

}  // namespace seneschal
