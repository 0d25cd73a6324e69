"""The rules revisions of Ankh-Morpoly: what each one changed in what the table is asked or decided.

The journal records the revision a game was started with and replay hands it back
(``companion.core.mode``), so a game recorded under an older revision replays and resumes exactly as
it was played. The engine reads the revision from the state (``State.revision``) where the
revisions differ, and nowhere else.

1. The first: GO money and mortgage interest were settled after every square of the move's path;
   in ELAM the first seated player ran the bank (and moved the NPCs) without being asked.
2. GO money, mortgage interest and the Fortuna check come when the path reaches GO, between the
   squares before it and the squares after it (§2.4 step 1: "for each square passed, in order"), so
   a Merchants' FSU bought on a square just past GO still covers the interest; and in ELAM the
   table is asked at set-up who runs the bank (L188: "der Spieler, der die Bank verwaltet";
   reference §8.3 lists the banker among the set-up inputs).
3. A hotel sold while the bank has fewer than four houses takes its colour group down evenly to
   what the bank's houses can stand (standard rules: sell evenly, a hotel as five houses, every
   house standing from the supply), instead of going back whole and leaving a bare street beside
   the group's hotels (``building.levels_after_sale``); the position checks then hold a group built
   evenly.
4. Amounts as the set prints them and the rulings name them, and no deal with a jailed owner: the
   D-Mark set's works charge 80 × and 200 × the dice (its deeds' "80mal" / "200mal"; they charged
   the US set's 4 × and 10 ×) and the "nearest utility" card's ten times is scaled to the set;
   option ``rounding`` (R6: "1/10 of mortgages", "shares of Luggage money") rounds the tenth paid
   on lifting a mortgage, the transfer interest of R12 and the Luggage's shares, which always
   rounded down; and the Patrician is not offered the buy-out of the mortgaged square of an owner
   whose every token sits in jail (B1, L9: in jail a party "receives no money and concludes no
   deals", the Thieves excepted); and each payment of a "pay each player" card is a card payment
   the Merchants' cover sees (L64, R32: ``debts.pay_each`` charges it), where it was paid past the
   ledger.
5. Standard Monopoly (``base=standard``) as printed, in two places it was not: a mortgaged deed that
   changes hands costs its new owner — the buyer of a trade, the creditor of a bankruptcy — a tenth
   of its mortgage value at once, with the offer to lift it at once for the mortgage value alone
   (kept mortgaged, lifting it later costs the tenth again); a lander short of a deed's price who could
   raise it (mortgages, houses sold) may, and buy; and a deed the lander declines (or cannot pay for)
   is auctioned by the table, as is every deed of a player bankrupt to the bank. Before,
   standard Monopoly charged nothing unless the table set R12 to ``standard-10pct`` (then on a trade
   only, with no offer), and a declined deed or a bankrupt's deeds stayed with the bank. R12
   (``transfer-interest``) gains the default ``by-base``: the 10 % in standard Monopoly, nothing in
   the variant (the reference's reading); ``none`` and ``standard-10pct`` stay the table's own
   reading in either base (:mod:`companion.morpoly.mortgaged_transfer`, :mod:`companion.morpoly.auction`).
6. Trades both ways (reference §8.3: "trades (squares, cards and cash both ways)"): the menu's
   ``trade`` is offered when some deal is possible, the boss names the partner party, builds the
   offer item by item — squares given and asked, get-out-of-jail cards either way, cash paid and
   asked — and proposes it; the partner's boss accepts or refuses, and everything changes hands at
   once (:mod:`companion.morpoly.trade`). Before, a trade was one deed bought from another party for
   the price its owner named.
7. Two changes, one revision:

   - Trades at any menu (a Monopoly table trades whenever two players agree, not only on the turn of
     one of them): every token's menu also offers ``others-trade`` when a party other than its own
     (or its own, for a token that is not its boss) can propose a trade; the table names the party
     whose boss proposes (``morpoly.trade.proposer``, not asked when only one party can), and the
     offer goes as in revision 6. Before, only the boss of the party on turn could trade.
   - Nothing after the end of the game: a Fortuna token earned during the turn that ended the game
     (its party passed GO with the least cash) is not handed out when that turn ends (L159) — the
     game is over, and the log's last line is the end. Before, the winner was given it after the
     game-over line (:func:`companion.morpoly.fortuna_play.end_of_turn`).
8. Trades while raising a debt (ruling R74; standard Monopoly lets a player short of cash sell
   property to another player "for any amount"): the question to raise the money
   (``morpoly.debt.raise``) also offers ``trade`` when the debtor can deal (greyed, naming B1, for a
   jailed party without the Thieves); its boss builds an offer as at the menu (revision 6's
   :func:`companion.morpoly.trade.deal`), and the question comes back with the new cash. A debtor whose
   trade left it unable to pay (R14 again) is taken over, or bankrupt, at once. Before, only houses
   sold and squares mortgaged raised a debt.
9. The rules audit of December 2026 (each as the German source says it):

   - CMOT Dibbler's card (L202) is a payment the Merchants' cover pays (L64, R70); it was paid past
     the ledger.
   - A token the Luggage spits out (L195) and the Assassin placed by a contract (L180) have arrived
     (R5): the guilds' meetings fire there — the Watch's arrest (L47), the Beggars' tithe (L72), a
     Thief caught, the Merchants' swap. Before, only the square and the NPCs were resolved.
   - The Luggage that comes to a square with its companion meets every other token there (L192,
     R65): each rolls on table E, a Wizard is joined (L197). Before, it met only the tokens it came
     to when the banker moved it.
   - A jailed team with the Thieves takes money and deals from jail everywhere (L9 "Ausnahme:
     Diebe", L36, L154), not only for rent and trades: it is paid by a "pay each player" card,
     collects taxes, interest and a lifted mortgage's tenth as the Patrician (L97) and fines as the
     Watch (L48), and may buy a declined square as the Merchants (L62, R31).
   - Mortgage interest a team with the Patrician owes itself (L97) is no payment: nothing moves and
     the Merchants' cover pays nothing (L64). Before, the Merchants "covered" a payment from the
     team to itself and their FSU was spent.
   - A get-out-of-jail card a team with the Watch gets by a takeover or a trade goes back under its
     deck at once (L53), as one it draws always did.
   - An Undead half kept on GO after a backward split (a team with the Fools, L155) is paid the
     single salary (L84) under ``backward-go-landing=double``, as a forward one; before, nothing.
   - In the variant, R12's tenth on a mortgaged square received in a trade (option
     ``transfer-interest=standard-10pct``) goes to the Patrician, who collects all mortgage interest
     (L97; the bank while he is jailed, R41), said as a payment; before, to the bank.
10. The audit of Fortuna and the Fools' cards (December 2026):

   - An Undead half kept past GO after a split (L84) has passed GO: the Fortuna check comes before
     its salary (L159, L163) — the poorest earns a token, a holder that is not the poorest gives it
     up. Before, a split never earned nor lost a token.
   - A Fortuna token that passes to a taker with a token earned this turn but not yet handed out
     stands for it (L154: a team holds one token; L160): the earned one is not handed out. Before,
     the team held a token and waited for another, a position the checks and the position format
     reject.
   - The Fools' doubles (L112: "verdoppelt sich die Summe, welche sie zahlen/bekommen würden", R44)
     double the money of a card that moves the Fool too: the GO salary the card pays ("Advance to
     GO", "if you pass GO, collect") and the special rent of "advance to the nearest station /
     utility". Before, only the amounts of cards that do not move were doubled.
11. A purchase and an auction as the source's jail and Monopoly's own rules have them:

   - In the variant a lander short of a deed's price who could raise it (mortgages, houses sold)
     may, and buy (L8: "die normalen Monopoly-Regeln"; standard Monopoly mortgages and sells at any
     time; only the auction is gone, L10): asked to buy, its boss raises the money one sale or
     mortgage at a time (``morpoly.deed.raise``, or ``decline`` after all: the square stays with the
     bank and the Merchants may buy it, L62). Before, the square stayed with the bank unasked
     (revision 5 gave standard Monopoly this, the variant not).
   - A party all of whose tokens sit in jail bids for no bankrupt guild (L153's auction is a deal:
     L9 "keine … Handel abgeschlossen", the Thieves excepted, L36) — as the Merchants' buy right
     (R31) and trades (B1). Before, it was named among the bidders.
12. The Thieves' cover as the source words it (L41: "Die FSU der Diebe wird also fällig, wenn der Dieb
   eines der unbebauten Felder des FSU-Nehmers betritt, außer es liegt eine Hypothek darauf, oder der
   FSU-Nehmer besitzt alle Straßen dieser Farbe"; reference §3.1's condition: "a Thief token lands on
   an unmortgaged square of the beneficiary in a group that no single player owns completely"): a
   Thief who enters such a square of an insured owner sitting in jail — owed nothing, so nothing is
   stolen (B1) — makes the claim due all the same, paid to the jailed beneficiary (R10). Before, the
   cover fired only on a theft, and a jailed owner was never robbed.
   And the jail fine as Monopoly prints it: paid "before he rolls the dice on either of his next two
   turns" — on the third turn in jail the player throws, and pays only when that throw fails (the
   menu's ``pay-fine`` is not offered then; a get-out-of-jail card still is). Before, the fine was
   offered on the third turn too, so doubles after it threw again, and in ELAM it spared the starving
   (L171).
   And building, selling, mortgaging and lifting at any menu, as Monopoly prints them ("you may buy and
   erect at any time as many houses as your judgment and financial standing will allow"; mortgages
   likewise; the variant keeps "die normalen Monopoly-Regeln", L8): every token's menu also offers
   ``others-manage`` when a party other than its own (or its own, for a token that is not its boss) has
   a legal build, sale, mortgage or lift; the table names the party (``morpoly.manage.party``, not asked
   when only one can), whose boss then builds, sells, mortgages and lifts one answer at a time
   (``morpoly.manage.what``) until ``done``, by the rules of the own turn's menu
   (:func:`companion.morpoly.building.management_options`: in the variant the hotel rule reads the
   turn in progress, whoever's it is, R11; a jailed party keeps its building and mortgages, R10).
   Before, only the boss of the party on turn built, sold, mortgaged and lifted (and a debtor sold and
   mortgaged to raise money).
13. Standard Monopoly's housing shortage as printed: "If there is a limited number of houses and hotels
   available and two or more players wish to buy more than the Bank has, the houses or hotels must be
   sold at auction to the highest bidder." While two parties or more may build a house (or a hotel)
   now and could together place and pay for more than the bank holds, every menu offers ``auction-buildings``:
   the table names the kind when both are short (``morpoly.shortage.kind``), the highest bidder
   (``morpoly.shortage.winner``), the bid (``morpoly.shortage.bid``) and, for a winner with a choice,
   the street (``morpoly.shortage.where``); the winner pays the bid and builds
   (:mod:`companion.morpoly.shortage`). Before, the table could not record such an auction: a
   building cost its printed price. The variant has no auctions (B2) and is unchanged.
"""
from __future__ import annotations

from typing import Final

FIRST: Final = 1
PATH_ORDER_AND_BANKER: Final = 2
"""From this revision: GO settled in the path's order; the ELAM banker asked at set-up."""

EVEN_HOTEL_SALE: Final = 3
"""From this revision: a hotel sold in a house shortage takes its group down evenly."""

AMOUNTS_AND_JAIL_DEALS: Final = 4
"""From this revision: the D-Mark works and the nearest-utility card scaled to the set; R6's rounding
for lifting, transfer interest and the Luggage's shares; no buy-out from a jailed owner; a "pay each
player" card's payments seen by the Merchants' cover."""

PRINTED_STANDARD: Final = 5
"""From this revision: in standard Monopoly a mortgaged deed changing hands costs the new owner the
tenth at once, with the offer to lift it at once (a trade and a bankruptcy to a player); and the
table's auctions of a declined deed and of a bankrupt's deeds are recorded."""

TRADES_BOTH_WAYS: Final = 6
"""From this revision: a trade is an offer of squares, get-out-of-jail cards and cash both ways,
proposed by the boss and accepted or refused by the partner's boss."""

TRADES_AT_ANY_MENU: Final = 7
"""From this revision: any token's menu offers a trade another party proposes (``others-trade``); the
table names the proposing party."""

NOTHING_AFTER_THE_END: Final = 7
"""From this revision: no Fortuna token is handed out at the end of the turn that ended the game."""

DEBT_TRADES: Final = 8
"""From this revision: the question to raise a debt offers ``trade`` (R74), and R14 is read again after it."""

AUDITED: Final = 9
"""From this revision: the rules audit's fixes (see revision 9 above)."""

FORTUNA_AND_FOOLS_AUDITED: Final = 10
"""From this revision: the Fortuna and Fools' card audit's fixes (see revision 10 above)."""

RAISE_TO_BUY: Final = 11
"""From this revision: in the variant a lander short of a deed's price may raise it and buy."""

NO_BIDS_FROM_JAIL: Final = 11
"""From this revision: a party all in jail (no Thieves) bids for no bankrupt guild (L9, L153)."""

THIEF_AT_A_JAILED_OWNER: Final = 12
"""From this revision: a Thief entering a stealable square of an owner in jail makes the Thieves'
cover due (L41), nothing taken."""

FINE_ON_TWO_TURNS: Final = 12
"""From this revision: a jailed token may pay the fine before throwing on its first two turns in jail only."""

MANAGE_AT_ANY_MENU: Final = 12
"""From this revision: any token's menu offers building, selling, mortgaging and lifting by another party
(``others-manage``); the table names the party, whose boss answers until ``done``."""

HOUSING_AUCTION: Final = 13
"""From this revision: in standard Monopoly the bank's last houses or hotels go to auction when they are
short (``auction-buildings``, :mod:`companion.morpoly.shortage`)."""

LATEST: Final = 13
"""The revision new games are started with."""
