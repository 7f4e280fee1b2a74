# A whole four-seat game of Cutthroat Kingdoms (shared/rules/cutthroat-kingdoms-tome.txt), from
# setup to the Royal Feast and the scores: Ann (House Brom), Ben (Crone), Cat (Slaine) and Dan
# (Dravanof), an event deck of 8 cards, so each seat plays two turns. It holds a vote for the
# starter, Welcome to Aurum's deals, the tome's straight combat (A5.5) on Nyghtwald, a blackmail,
# a passage, the Royal Wedding with its 3:00 timer, Alms of Lazarus by vote, and a Feast with a
# tasted poison, a poisoned heir that dies and a marriage dissolved. The values the tome does not
# print (territory incomes, card colours, food VP) are entered when asked (`set`, `choose`), as a
# table would; tests/firmware/CutthroatWholeGameTest.cpp checks the end against scores worked out
# by hand (the comment at the end).
game cutthroat
seat Ann
seat Ben
seat Cat
seat Dan
seed 11

# --- Setup: houses, the event deck, the kingdom's 2 + 4 territories.
scan-card "Lord Brom"
scan-card "Lady Crone"
scan-card "Lady Slaine"
scan-card "Lord Dravanof"
set 8                       # 8 event cards: Welcome on top, the Wedding card 4, the Feast card 8
expect "Royal Wedding card 4"
# The territories lie in a row across the middle of the table, a card width and a gap apart (the
# camera's millimetres): a soldier laid onto one later says where it fights.
scan-card "Three Rivers" at 100 400
scan-card "Nyghtwald" at 200 400
scan-card "The Hanging Tongue" at 300 400
scan-card "Marrow" at 400 400
scan-card "Stonehold" at 500 400
choose "Untagged territory" # the sixth has no title in the card data: "Territory 6"

# Who starts: Ben and Cat are proposed; Cat wins 3 to 1 (CK:233, 840).
choose "Propose Ben"
choose "Propose Cat"
press OK
choose "Cat"                # Ann's vote (the poll asks clockwise from the first seat)
choose "Ben"
choose "Cat"
choose "Cat"
expect "Cat is the starting player"

# Starting territories, clockwise from Cat; each card scanned top first as it goes under; the
# first collection chosen says the cards are down (no OK first).
scan-card "Nyghtwald" at 200 400
scan-card "Soldier of House Slaine" 1
choose "blue"
scan-card "Mercenary" 1     # turned face down under the territory
choose "green"
scan-card "Soldier of House Slaine" 2
choose "yellow"
choose "Coins"
set 2                       # Nyghtwald yields 2 coins
scan-card "Three Rivers" at 100 400
scan-card "Soldier of House Dravanof" 1
choose "green"
scan-card "Soldier of House Dravanof" 2
choose "red"
choose "Coins"
set 2
scan-card "Marrow" at 400 400
scan-card "Soldier of House Brom" 1
choose "green"
scan-card "Soldier of House Brom" 2
choose "red"
scan-card "Soldier of House Brom" 3
choose "blue"
choose "Gems"
set 1                       # Marrow yields 1 gem
choose "Territory 6"
scan-card "Soldier of House Crone" 1
choose "yellow"
scan-card "Soldier of House Crone" 2
choose "blue"
choose "Coins"
set 3                       # Territory 6 yields 3 coins
expect "Turn 1 - Cat"

# --- Turn 1, Cat. One feast card (Nyghtwald). Two mercenaries for a coin.
choose "Nyghtwald: Coins"
press OK
choose "Buy mercenaries"
set 1
scan-card "Welcome to Aurum"  # the event drawn ends the actions: no OK first
choose "Negotiation timer"
set 3
expect-timer "Negotiation" 3:00
choose "Ann and Ben"         # Ann and Ben shake hands: 5 coins each
choose "Cat and Dan"
press OK                    # every seat has dealt: Welcome to Aurum ends by itself, and its
                            # Negotiation timer is put away with it

# --- Turn 2, Dan: the tome's straight combat (Scenario 4, A5.5) on Cat's Nyghtwald.
choose "Three Rivers: Coins"
press OK
scan-card "Soldier of House Dravanof" 3 at 200 440   # laid onto Cat's Nyghtwald: the attack
choose "blue"
scan-card "Soldier of House Slaine" 3     # Cat defends with a blue soldier: both discarded
choose "blue"
scan-card "Soldier of House Dravanof" 4
choose "blue"
scan-card "Soldier of House Dravanof" 5   # Dan lays his next card: Cat did not defend, her blue
choose "red"                               # soldier on top is killed
scan-card "Soldier of House Dravanof" 6   # not defended: the face-down mercenary is killed
choose "yellow"
scan-card "Mercenary" 2                    # Cat defends with a yellow mercenary
choose "yellow"
scan-card "Mercenary" 3
choose "yellow"
scan-card "Soldier of House Dravanof" 7   # not defended: her yellow soldier is killed, Nyghtwald is
choose "red"                               # empty, and Dan's card goes under it
expect "cards under Nyghtwald"
scan-card "Soldier of House Dravanof" 8
choose "green"
choose "Nyghtwald: Coins"                  # the one collection from a territory conquered this turn
press OK                                   # end of the actions
choose "Untagged event, resolved"

# --- Turn 3, Ann: blackmail with Crone's bastard, a passage from Dan, an attack, a conquest.
scan-card "Bastard of House Crone"
choose "Marrow: Gems"                      # paid by Ben
press OK
press MENU
choose "Passage"
choose "Nyghtwald (Dan)"                   # a deal: Dan lets Ann through
scan-card "Soldier of House Brom" 4 at 100 440      # laid onto Dan's Three Rivers: the attack
choose "green"
scan-card "Soldier of House Brom" 5 at 300 440      # laid onto the empty Hanging Tongue while Dan is
                                                    # asked: Dan does not defend (his green soldier
                                                    # dies), Ann ceases that attack and conquers here
choose "blue"
choose "The Hanging Tongue: Coins"        # the conquest's collection: the cards are down
set 1
press OK
choose "Untagged event, resolved"

# --- Turn 4, Ben: a hireling bought; the Royal Wedding.
choose "Territory 6: Coins"
press OK
choose "Buy a hireling"
set 2
scan-card "Royal Wedding"
expect-timer "Royal Wedding" 3:00
scan-card "Royal Heir of House Crone" seat Cat    # Ben's heir laid in front of Cat: Ben and Cat marry
scan-card "Royal Heir of House Slaine" seat Ben   # and Cat's in front of Ben: the heirs have swapped
wait 3m
expect-timer "Royal Wedding" ringing
timer acknowledge
press OK

# --- Turn 5, Cat owns no territory: the OK that ends her Resource phase collects her 3 coins; she
# conquers Stonehold. Alms of Lazarus by vote.
press OK
scan-card "Soldier of House Slaine" 4 at 500 440    # laid onto the empty Stonehold: conquered
choose "green"
scan-card "Mercenary" 4
choose "red"
choose "Stonehold: Gems"
set 2
scan-card "Alms of Lazarus"
choose "Even share: Ann 3, Ben 3, Cat 3, Dan 3"   # ready-made
choose "Add a proposal"
choose "Ben"                               # Ben and Cat share the 12 evenly
choose "Cat"
press OK
press OK                                   # the proposals are made: vote
choose "Cat"                               # Cat has the least: one more vote
press OK
# Each seat's highlight starts on the proposal that gives it the most: one OK a vote.
choose "Ann 0, Ben 6, Cat 6, Dan 0"        # Cat votes first
choose "Ann 3, Ben 3, Cat 3, Dan 3"        # Dan
choose "Ann 3, Ben 3, Cat 3, Dan 3"        # Ann
choose "Ann 0, Ben 6, Cat 6, Dan 0"        # Ben: 3 votes to 2

# --- Turn 6, Dan collects his dead. Both his territories give what they gave him last time.
choose "Every territory as last time"
press OK
choose "Collect the dead"
press OK
choose "Untagged event, resolved"

# --- Turn 7, Ann buys four mercenaries, after taking back six (takebacksies, CK:110-114).
choose "Every territory as last time"       # Marrow: Gems, The Hanging Tongue: Coins
press OK
choose "Buy mercenaries"
set 3
press UNDO
expect "Takebacksies: Ann spends 3 coins on 6 mercenaries"
set 2
press OK
choose "Untagged event, resolved"

# --- Turn 8, Ben draws the Royal Feast.
choose "Territory 6: Coins"
press OK                    # the Resource phase moves on by itself; the event drawn ends the actions
scan-card "Royal Feast"
press OK                    # the table is cleared and every seat has served, Ben first (he drew the
                            # Feast), then Cat, Dan, Ann: face down, so one OK says it is done
scan-card "Taster"
scan-card "Poison (Feast Card)" 1 seat Ann   # turned in front of Ann: her cards are tasted; the
                                              # poison is discarded without effect
scan-card "Food (Feast Card)" 1 seat Ann
set 3
scan-card "Sneak"                   # a discarded hireling reveals one
scan-card "Food (Feast Card)" 2 seat Dan     # turned in front of Dan: his cards are tasted
set 2
scan-card "Food (Feast Card)" 3 seat Ben     # the main course, from Ben: his untasted food, turned
                                              # face up, says the tasting is over; worth 4
set 4
scan-card "Poison (Feast Card)" 2 seat Cat   # untasted poison in front of Cat (Ben's heir lies
                                              # there): a card of Cat's says Ben is done
scan-card "Food (Feast Card)" 4 seat Dan     # Dan's: worth 1
set 1
press OK                            # Dan is done
press OK                            # Ann has nothing left to reveal
choose "The heir dies"              # Ben does not hold his own bastard (Ann blackmailed with it)

# --- Scoring: each seat tells its purse (coin value, the gems in all, then how they fall into
# colours: one choice of the counts) and shows its own house's bastard to the camera if it holds it.
set 10                      # Ann: coins
set 3                       # Ann: gems in all
choose "2 + 1"              # two of one colour, one of another
                            # Ann holds Crone's bastard, not her own: it scores nothing, nothing shown
set 30                      # Ben
set 0                       # no gems: no colour is asked
scan-card "Bastard of House Slaine"   # Cat shows her own bastard
set 4
set 12                      # Cat: one gem of every colour, a full rainbow
set 6
choose "1 + 1 + 1 + 1 + 1 + 1 (rainbow)"
set 20                      # Dan
set 0
expect "Cat wins"

# Worked by hand (GAMES.md A4; the Feast dissolved the only marriage, so every seat scores alone):
#   Ann  heir alive, unmarried: 2 x 10 coins + food 3 + gems 2,1 (4 + 1)         = 28
#   Ben  heir dead (poisoned):  1 x 30 coins + food 4                              = 34
#   Cat  heir alive, unmarried: 2 x 12 coins + bastard 4 + one rainbow 25          = 53
#   Dan  heir alive, unmarried: 2 x 20 coins + food 3 (2 tasted + 1)               = 43
# Cat wins with 53.
