#include "oa_deck.hpp"

#include <cstddef>
#include <utility>

#include "seneschal/base/words.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr std::array<std::string_view, 5> kRarityNames = {"ultrarare", "rare", "uncommon", "common", "mission"};

// OA:937-949, one title a line after "Ultrarares list :" (OA:935).
constexpr std::array<std::string_view, 7> kUltrarares = {
    "Dragon-Winged Imperator Helmet", "Mind of the Master",  "Sphere of Annihilation", "No Dishonor In Failing Now",
    "Gathering of the Sithi",         "Rhuyans Own",         "Threat Of War"};

// Lower case ASCII; apostrophes dropped, the typewriter one and the printed ’ (U+2019, as in
// "Josua’s Naglimunders", OA:419) alike.
std::string folded_title(std::string_view title) {
  constexpr std::string_view kRightQuote = "\xE2\x80\x99";
  std::string out;
  for (std::size_t i = 0; i < title.size(); ++i) {
    if (title.substr(i, kRightQuote.size()) == kRightQuote) {
      i += kRightQuote.size() - 1;
      continue;
    }
    const char c = title[i];
    if (c == '\'') continue;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

std::string lowered_without_hyphens(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '-' || c == ' ') continue;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}


// "12 rares in 60 cards: more than 1/6 (10)"; the ultrarares among them are named, since the
// reading that counts them here is ours (see the header).
std::string ratio_sentence(const RarityCounts& counts, const DeckCheck& check) {
  const bool rares_ok = check.rares <= check.rare_limit;
  const bool uncommons_ok = counts.uncommon <= check.uncommon_limit;
  const std::string cards = trn("{0} card", "{0} cards", check.size, check.size);
  std::string rares = trn("{0} rare", "{0} rares", check.rares, check.rares);
  if (counts.ultrarare > 0) {
    rares = trn("{0} ({1} ultrarare among them)", "{0} ({1} ultrarares among them)", counts.ultrarare, rares, counts.ultrarare);
  }
  const std::string uncommons = trn("{0} uncommon", "{0} uncommons", counts.uncommon, counts.uncommon);
  const std::string rare_limit = "1/6 (" + std::to_string(check.rare_limit) + ")";
  const std::string uncommon_limit = "1/3 (" + std::to_string(check.uncommon_limit) + ")";
  if (rares_ok && uncommons_ok) return trf("{0} and {1} in {2}: within {3} and {4}", rares, uncommons, cards, rare_limit, uncommon_limit);
  std::string words;
  if (!rares_ok) words = trf("{0} in {1}: more than {2}", rares, cards, rare_limit);
  if (!uncommons_ok) words += (words.empty() ? "" : ", ") + trf("{0} in {1}: more than {2}", uncommons, cards, uncommon_limit);
  return words;
}

// "8x2 + 5x12 + 2x20 = 116 points: more than 100". Commons and missions are worth 0 and left out.
std::string points_sentence(const RarityCounts& counts, const DeckCheck& check) {
  std::string words = std::to_string(rarity_points(Rarity::Ultrarare)) + "x" + std::to_string(counts.ultrarare) +
                      " + " + std::to_string(rarity_points(Rarity::Rare)) + "x" + std::to_string(counts.rare) +
                      " + " + std::to_string(rarity_points(Rarity::Uncommon)) + "x" + std::to_string(counts.uncommon) +
                      " = " + trn("{0} point", "{0} points", check.points, check.points);
  return check.points > kMaxDeckPoints ? trf("{0}: more than {1}", words, kMaxDeckPoints) : trf("{0}: at most {1}", words, kMaxDeckPoints);
}

}  // namespace

std::string_view rarity_name(Rarity rarity) { return kRarityNames.at(static_cast<std::size_t>(rarity)); }

std::optional<Rarity> rarity_from_name(std::string_view name) {
  const std::string key = lowered_without_hyphens(name);
  for (std::size_t i = 0; i < kRarityNames.size(); ++i) {
    if (key == kRarityNames[i]) return static_cast<Rarity>(i);
  }
  return std::nullopt;
}

int rarity_points(Rarity rarity) {
  switch (rarity) {
    case Rarity::Ultrarare: return 8;
    case Rarity::Rare: return 5;
    case Rarity::Uncommon: return 2;
    case Rarity::Common:
    case Rarity::Mission: return 0;
  }
  return 0;
}

void RarityCounts::add(Rarity rarity, int count) {
  switch (rarity) {
    case Rarity::Ultrarare: ultrarare += count; break;
    case Rarity::Rare: rare += count; break;
    case Rarity::Uncommon: uncommon += count; break;
    case Rarity::Common: common += count; break;
    case Rarity::Mission: mission += count; break;
  }
}

std::string_view deck_rule_name(DeckRule rule) {
  switch (rule) {
    case DeckRule::Neither: return N_("neither rule");
    case DeckRule::Ratio: return N_("the ratio rule");
    case DeckRule::Points: return N_("the points rule");
    case DeckRule::Both: return N_("both rules");
  }
  return N_("neither rule");
}

Result<DeckCheck> check_deck(const RarityCounts& counts, int deck_size) {
  const std::array<std::pair<int, std::string_view>, 5> all = {{{counts.ultrarare, "ultrarares"},
                                                                {counts.rare, "rares"},
                                                                {counts.uncommon, "uncommons"},
                                                                {counts.common, "commons"},
                                                                {counts.mission, "missions"}}};
  for (const auto& [n, what] : all) {
    if (n < 0) return fail(trf("a deck cannot hold {0} {1}", n, tr(what)));
  }
  if (deck_size < counts.total()) {
    return fail(trf("a deck of {0} cards cannot hold the {1} counted by rarity", deck_size, counts.total()));
  }

  DeckCheck check;
  check.size = deck_size;
  check.unrated = deck_size - counts.total();
  check.rares = counts.ultrarare + counts.rare;  // ultrarares share the rares' 1/6 (header)
  check.rare_limit = deck_size / 6;              // "max 1/6 rares", rounded down (C7.21)
  check.uncommon_limit = deck_size / 3;          // "max 1/3 uncommons"
  check.points = rarity_points(Rarity::Ultrarare) * counts.ultrarare + rarity_points(Rarity::Rare) * counts.rare +
                 rarity_points(Rarity::Uncommon) * counts.uncommon;

  const bool ratio = check.rares <= check.rare_limit && counts.uncommon <= check.uncommon_limit;
  const bool points = check.points <= kMaxDeckPoints;
  check.passed = ratio && points ? DeckRule::Both
                 : ratio         ? DeckRule::Ratio
                 : points        ? DeckRule::Points
                                 : DeckRule::Neither;
  check.ratio_words = ratio_sentence(counts, check);
  check.points_words = points_sentence(counts, check);
  if (!check.legal()) check.reason = check.ratio_words + "; " + check.points_words;
  return check;
}

const std::array<std::string_view, 7>& ultrarare_titles() { return kUltrarares; }

bool is_ultrarare(std::string_view title) {
  const std::string key = folded_title(title);
  for (std::string_view listed : kUltrarares) {
    if (key == folded_title(listed)) return true;
  }
  return false;
}

}  // namespace seneschal::engine::ostenard
