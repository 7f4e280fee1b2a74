// Card-specific rules of the Osten Ard CCG (OA:623-665, 97-99, 863) on a real Session
// (OstenArdTable.hpp): spells cast by spellcasters whose mind reaches the spell's level, a ritual's
// helpers, a corruptive spell (OA-50); a favour's nobles (OA-49); a Great Sword played again
// (OA-51); armies keyed to regions (OA-16); no iron for the Sithi (OA-54); one banner a company
// (OA-23); long-events' counters (OA-9); one copy of a unique mission (OA-20).
#include "OstenArdTable.hpp"

namespace seneschal::engine {
namespace {

using OstenArdCardsTest = oa_test::OstenArdTable;

// OA-50 (OA:641, 657): "the spellcasters spell level (his mind) must be higher than or equal to
// the spell's level": Deornoth's mind 3 against Sending's 5 is a check.
TEST_F(OstenArdCardsTest, ASpellAboveTheCastersMindIsACheck) {
  set_up();
  ok();  // Organization
  show("Sending");
  EXPECT_EQ(prompt().text, "Who casts Sending?");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Cast by Josua", "Cast by Deornoth"}));
  choose("Cast by Deornoth");
  override_check("Deornoth: Mind 3 is below the spell's level 5 (OA:657)");
  EXPECT_TRUE(logged("Deornoth casts Sending (Spell, level 5) with mind 3 (OA:657)"));
  EXPECT_EQ(prompt().text, "Ann: LE 5 against LO 2; OK to move");
}

// OA:641: only spellcasters cast; Jiriki is none.
TEST_F(OstenArdCardsTest, OnlyASpellcasterCasts) {
  set_up();
  ok();
  show("Jiriki");
  choose("Ann's company at Naglimund");
  override_check("Jiriki is played at Naglimund, not at its homebase Another location (OA:97)");
  show("Sending");
  choose("Cast by Jiriki");
  override_check("Jiriki is no spellcaster (OA:641); Jiriki: Mind 2 is below the spell's level 5 (OA:657)");
}

// OA:647-653: Josua bows to help Deornoth's ritual (+1 mind: 3 + 1 reaches level 4); the spell is
// corruptive, so Deornoth loses the Aedon allegiance.
TEST_F(OstenArdCardsTest, ARitualsHelperBowsAndACorruptiveSpellCorruptsTheCaster) {
  set_up();
  ok();
  show("Fire Dance");
  choose("Cast by Deornoth");
  EXPECT_EQ(prompt().text, "Ritual: who bows to help Deornoth? OK to cast");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Helper Josua"}));
  choose("Helper Josua");
  EXPECT_TRUE(logged("Josua bows to help the ritual: +1 mind (OA:647-649)"));
  EXPECT_TRUE(detail()["companies"][0]["members"][0]["bowed"].get<bool>());
  ok();
  EXPECT_TRUE(logged("Deornoth casts Fire Dance (Ritual, level 4) with mind 4 (OA:657)"));
  EXPECT_TRUE(logged("Deornoth is corrupt: dark, no longer light nor of Aedon (OA:651-653)"));
  EXPECT_EQ(detail()["corrupt"], nlohmann::json::array({"DEORNOTH"}));
}

// OA-49 (OA:627-631): the Favour of the Hernystiri (printed: Hernystir) needs a noble or leader of
// Ann's from another region at a Hernystir location with a Hernystiri one: a check in
// Naglimund, allowed once Josua stands with Maegwin at Hernysadharc.
TEST_F(OstenArdCardsTest, AFavourNeedsANobleFromElsewhereWithOneOfItsRegion) {
  set_up();
  ok();
  show("Favour of the Hernystiri");
  override_check(
      "Favour of the Hernystiri needs a noble or leader of Ann from another region at a Hernystir location with a noble or "
      "leader of Hernystir (OA:627-631)");
  ok();  // Movement
  choose("Move Ann's company at Naglimund");
  show("Hernysadharc");
  ok();  // Ben plays no hazard against the host
  ok();  // Combat
  must(PresentCard{card_id_from_title("Favour of the Hernystiri"), 2, {}});
  EXPECT_TRUE(logged("Ann plays Favour of the Hernystiri: Josua with Maegwin at Hernysadharc (Hernystir); any player may "
                     "bow the current ruler to cancel it (OA:635)"));
}

// OA-51 (OA:661-665): Thorn played again in its region discards the original; in another region
// it is a check.
TEST_F(OstenArdCardsTest, AGreatSwordPlayedAgainLeavesTheOriginal) {
  set_up(false);  // Ann's starting company holds Thorn
  ok();
  must(PresentCard{"THORN", 2, {}});
  choose("Ann's company at Naglimund");
  EXPECT_TRUE(logged("The original Thorn at Naglimund is discarded (OA:665)"));
  ok();  // Movement
  ok();  // Combat
  ok();  // End
  ok();  // Ben's turn: Resource
  ok();  // Organization
  must(PresentCard{"THORN", 3, {}});
  choose("Ben's company at Hernysadharc");
  override_check("Thorn is in play at Naglimund: played again only in its region, Frostmarch (OA:661-665)");
  const auto companies = detail()["companies"];
  int thorns = 0;
  for (const auto& c : companies) {
    for (const auto& m : c["members"]) thorns += m["card"] == "THORN";
  }
  EXPECT_EQ(thorns, 1);
}

// OA-54 (OA:863): "Sithi/Norn: may not use iron weapons / items": Thorn (iron) joining Jiriki's
// company is a check.
TEST_F(OstenArdCardsTest, NoIronItemJoinsACompanyWithASithi) {
  set_up();
  ok();
  show("Jiriki");
  choose("Ann's company at Naglimund");
  override_check("Jiriki is played at Naglimund, not at its homebase Another location (OA:97)");
  show("Thorn");
  choose("Ann's company at Naglimund");
  override_check("Jiriki is Sithi: no iron item in the company (OA:863)");
  EXPECT_TRUE(logged("Thorn joins Ann's company at Naglimund"));
}

// OA-23 (OA:739-741): "There can be only one banner per company".
TEST_F(OstenArdCardsTest, ACompanyCarriesOneBanner) {
  set_up(false);  // Ann's starting company holds Thorn, no banner
  ok();
  show("Naglimund Banner");
  choose("Ann's company at Naglimund");
  EXPECT_TRUE(logged("Naglimund Banner joins Ann's company at Naglimund"));
  show("Erkynland Banner");
  choose("Ann's company at Naglimund");
  override_check("an item was played at Naglimund this turn already (OA:93); Ann's company at Naglimund carries Naglimund Banner: one "
                 "banner a company (OA:739-741)");
}

// OA-9 (OA:53): a long-event's counters, one off in each of its player's Resource phases; at 0 it
// is discarded. Shown on its player's panel with the counters left.
TEST_F(OstenArdCardsTest, ALongEventLosesACounterEachOfItsPlayersTurnsAndGoesAtZero) {
  set_up();
  ok();
  show("Winter's Grip");
  EXPECT_TRUE(logged("Ann plays the long-event Winter's Grip with 2 counters (OA:53)"));
  const auto panel = session_->module()->describe(state()).seats[0].lists.back();
  EXPECT_EQ(panel.heading, "In play");
  EXPECT_EQ(panel.items.at(0).count, 2);
  for (int phase = 0; phase < 4; ++phase) ok();  // to Ben's turn: Ann's long-event keeps its counters
  EXPECT_FALSE(logged("Winter's Grip: 1 counter left"));
  for (int phase = 0; phase < 5; ++phase) ok();  // Ben's turn, to Ann's Resource
  EXPECT_TRUE(logged("Winter's Grip: 1 counter left"));
  for (int phase = 0; phase < 10; ++phase) ok();  // round again
  EXPECT_TRUE(logged("Winter's Grip: no counters left, discarded (OA:53)"));
  EXPECT_TRUE(detail()["lasting"].empty());
}

// OA-20 (OA:811): "Each player may have but one copy of a unique mission in play".
TEST_F(OstenArdCardsTest, ASecondCopyOfAUniqueMissionIsACheck) {
  set_up();
  ok();
  show("Seek the Sword");
  EXPECT_TRUE(logged("Ann plays the mission Seek the Sword"));
  must(PresentCard{card_id_from_title("Seek the Sword"), 2, {}});
  override_check("Seek the Sword is a unique mission Ann has in play already (OA:811)");
}

}  // namespace
}  // namespace seneschal::engine
