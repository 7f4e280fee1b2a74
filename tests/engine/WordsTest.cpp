// The words people read go through real gettext (issue [7/8], item 1): a catalog compiled by the
// real msgfmt from a .po written here, read by glibc. What a translation may do (move the values
// around, pick a plural) and what it may not (drop or invent a value, change an option's id).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/base/language.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/engine/prompt.hpp"

namespace seneschal {
namespace {

class WordsTest : public ::testing::Test {
 protected:
  // A German catalog of a few lines, as <dir>/de/LC_MESSAGES/seneschal.mo.
  std::string catalog() {
    const auto messages = dir_.path() / "de" / "LC_MESSAGES";
    std::filesystem::create_directories(messages);
    std::ofstream(dir_.file("de.po")) << R"(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Pass"
msgstr "Passen"

msgid "{0} buries the quest {1}"
msgstr "Die Queste {1} begräbt {0}"

msgid "Attack with {0}"
msgstr "Angriff mit {0}"

msgid "{0} food"
msgid_plural "{0} food"
msgstr[0] "{0} Nahrung"
msgstr[1] "{0} Nahrungen"

msgid "{0} wins"
msgstr "{0} gewinnt mit {2}"
)";
    const auto ran = test::run_command(std::string(SENESCHAL_MSGFMT) + " -o " + (messages / "seneschal.mo").string() +
                                       " " + dir_.file("de.po"));
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    return dir_.path().string();
  }
  void TearDown() override {
    ASSERT_TRUE(set_language("en"));
    track_missing_words(false);
  }

  test::TempDir dir_;
};

TEST_F(WordsTest, EnglishNeedsNoCatalogAndFormatsTheValues) {
  ASSERT_TRUE(set_language("en"));
  EXPECT_STREQ(tr("Pass"), "Pass");
  EXPECT_EQ(trf("{0} buries the quest {1}", "Mark", "Hold the Pass"), "Mark buries the quest Hold the Pass");
  EXPECT_EQ(trn("{0} food", "{0} food", 1, 1), "1 food");
  const Words words = say("Attack with {0}", "Hektor");
  EXPECT_EQ(words.shown, "Attack with Hektor");
  EXPECT_EQ(words.en, words.shown);
}

TEST_F(WordsTest, ACatalogTranslatesMovesTheValuesAndPicksThePlural) {
  ASSERT_TRUE(set_language("de", catalog()));
  EXPECT_EQ(language(), "de");
  EXPECT_STREQ(tr("Pass"), "Passen");
  EXPECT_EQ(trf("{0} buries the quest {1}", "Mark", "Hold the Pass"), "Die Queste Hold the Pass begräbt Mark");
  EXPECT_EQ(trn("{0} food", "{0} food", 1, 1), "1 Nahrung");
  EXPECT_EQ(trn("{0} food", "{0} food", 3, 3), "3 Nahrungen");
  // Back to English, and the cache gettext keeps does not answer in German.
  ASSERT_TRUE(set_language("en"));
  EXPECT_STREQ(tr("Pass"), "Pass");
  ASSERT_TRUE(set_language("de", catalog()));
  EXPECT_STREQ(tr("Pass"), "Passen");
}

TEST_F(WordsTest, AnOptionShowsTheLanguageAndKeepsItsEnglishIdInTheLog) {
  ASSERT_TRUE(set_language("de", catalog()));
  engine::Prompt prompt;
  prompt.add(say("Attack with {0}", "Hektor"));
  prompt.add(say("Pass"));
  ASSERT_EQ(prompt.options.size(), 2u);
  EXPECT_EQ(prompt.options[0].label, "Angriff mit Hektor");
  EXPECT_EQ(prompt.options[0].id, engine::option_id_of("Attack with Hektor"));
  EXPECT_EQ(prompt.options[1].id, engine::option_id_of("Pass"));
  // A script written in English still names it.
  EXPECT_EQ(prompt.find_label("Attack with Hektor"), &prompt.options[0]);
  EXPECT_EQ(prompt.find_label("Passen"), &prompt.options[1]);
  // A translated value inside words: shown in German, in English for the id.
  const Words nested = say("Attack with {0}", say("Pass"));
  EXPECT_EQ(nested.shown, "Angriff mit Passen");
  EXPECT_EQ(nested.en, "Attack with Pass");
}

TEST_F(WordsTest, WordsTheCatalogLacksAreEnglishAndCounted) {
  ASSERT_TRUE(set_language("de", catalog()));
  track_missing_words(true);
  EXPECT_STREQ(tr("Fight"), "Fight");
  EXPECT_EQ(trf("{0} wins", "Mark"), "Mark wins");  // its translation names a {2} it is not given
  const std::set<std::string> missing = take_missing_words();
  EXPECT_EQ(missing, (std::set<std::string>{"Fight", "bad translation: {0} wins"}));
  EXPECT_TRUE(take_missing_words().empty());
}

TEST_F(WordsTest, AnUnknownLanguageOrAMissingCatalogIsAnErrorNamingIt) {
  const auto unknown = set_language("pt");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("\"pt\""), std::string::npos) << unknown.error().message;
  EXPECT_NE(unknown.error().message.find("en, de, fr, es"), std::string::npos);
  const auto missing = set_language("fr", dir_.path().string());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find(dir_.path().string()), std::string::npos) << missing.error().message;
  EXPECT_EQ(language(), "en");
}

TEST_F(WordsTest, TheDefaultLanguageIsTheLocales) {
  const auto with = [](std::initializer_list<std::pair<const char*, const char*>> env) {
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) unsetenv(name);
    for (const auto& [name, value] : env) setenv(name, value, 1);
    return language_from_locale();
  };
  std::map<std::string, std::string> saved;
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
    if (const char* value = std::getenv(name)) saved[name] = value;
  }
  EXPECT_EQ(with({{"LANG", "de_AT.UTF-8"}}), "de");
  EXPECT_EQ(with({{"LC_ALL", "fr_CA.UTF-8"}, {"LANG", "de_DE.UTF-8"}}), "fr");
  EXPECT_EQ(with({{"LANGUAGE", "pt:es"}, {"LANG", "C.UTF-8"}}), "es");
  EXPECT_EQ(with({{"LANG", "pt_BR.UTF-8"}}), "en");
  EXPECT_EQ(with({{"LANG", "C"}}), "en");
  EXPECT_EQ(with({{"LANG", "dex"}}), "en");
  EXPECT_EQ(with({}), "en");
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) unsetenv(name);
  for (const auto& [name, value] : saved) setenv(name.c_str(), value.c_str(), 1);
}

TEST_F(WordsTest, EnglishAgainGivesBackTheLanguageTheProcessStartedWith) {
  const char* before = std::getenv("LANGUAGE");
  const std::string was = before ? before : "(unset)";
  ASSERT_TRUE(set_language("de", catalog()));
  EXPECT_STREQ(std::getenv("LANGUAGE"), "de");
  ASSERT_TRUE(set_language("en"));
  const char* after = std::getenv("LANGUAGE");
  EXPECT_EQ(after ? std::string(after) : "(unset)", was);
}

}  // namespace
}  // namespace seneschal
