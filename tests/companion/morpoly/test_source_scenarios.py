"""Gaps left by the audit of the reference's appendix scenarios and of §3/§4 against the tests
(issue: "every appendix scenario of the reference as a test; each guild power and FSU condition
with a position where it fires and one where it must not"). Each situation is taken from the
rulebook — the reference ``/work/shared/reference/ankh-morpoly.md`` (section / appendix number)
and the German source ``ankh-morpoly-variant.de.txt`` (line ``Lnn``; where the two disagree the
source wins) — and played through game inputs on the engine: rolls of two faces and menu answers.

Conventions: Red is the insured party (its guild chosen so that its token has no movement power
on the squares used, unless the test is about that power), Blue the insurer; Red's FSU has premium
100, so a claim pays 3 × 100 = 300 (L26)."""
from __future__ import annotations

import pytest
from morpoly_table import cash, do, key, options, own, square, start, table

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game
from companion.morpoly.invariants import check_invariants
from companion.morpoly.state import State

PREMIUM = 100
CLAIM = 3 * PREMIUM


def variant(*guilds: str, players: tuple[str, ...] = ("red", "blue", "green")) -> State:
    """A variant table; the n-th player heads the n-th guild given."""
    state = table(players[:len(guilds)], base="variant")
    for party, guild in zip(state.parties, guilds):
        party.guilds = [guild]
    return state


def insure(state: State, covers: set[Cover], insurer: str = "blue", square_: int = 39, fools: bool = False) -> None:
    """Red holds FSU 1 from ``insurer``, bought on ``square_`` by Red's token (premium 100)."""
    state.ledger = Ledger((Fsu(1, insurer, "red", "red", square_, PREMIUM, frozenset(covers), fools),), 2)


def at(state: State, **squares: int) -> State:
    for token, index in squares.items():
        state.token(token).square = index
    return state


def said(game: Game, name: str) -> bool:
    return any(line.key == name for line in game.narration)


def active(game: Game) -> bool:
    """Red's FSU 1 still runs (ended FSUs leave the ledger)."""
    return any(f.fsu_id == 1 for f in game.state.ledger.active())


def redeemed(game: Game) -> bool:
    return not active(game) and said(game, "morpoly.fsu.redeemed")


def expired(game: Game) -> bool:
    return not active(game) and said(game, "morpoly.fsu.expired") and not said(game, "morpoly.fsu.redeemed")


# --- Appendix 5: expiry by path, played -----------------------------------------------------------

def test_appendix_5_walk_past_the_fsu_square_ends_it() -> None:
    """Appendix 5, §2.3, L26 ("Wenn also der FSU-Nehmer an dem Feld vorbeikommt oder es betritt, …
    erlischt diese"): the holder of an FSU on Park Place (37) walks 35 → 39 with 1 + 3 (a pub walk,
    36 then 39): it expires on passing 37, not before."""
    state = at(variant("patrician", "watch"), red=35, blue=0)
    insure(state, {Cover.JAILED}, square_=37)
    game = do(start(state, "red"), "roll", (1, 3))
    # 35 is a pub (§4.1, L145): the 1 first, to Chance (36), then the 3 on to 39, past 37
    assert square(game) == 36 and key(game) == "morpoly.card.chance" and active(game)
    game = do(game, "chance.jail-free")
    assert square(game) == 39 and key(game) == "morpoly.deed.buy"
    assert expired(game)
    assert cash(game, "red") == 1500 and cash(game, "blue") == 1500


def test_appendix_5_a_wizard_teleport_over_the_fsu_square_does_not_end_it() -> None:
    """Appendix 5, L136 ("gelten dabei übersprungene Felder nicht (… Fair-Sicher-ungen verfallen
    nicht.)"): a Wizard holder on 33 rolls 1 + 6 (a 7, product 6) and teleports to 39, jumping over
    Park Place (37): the FSU stays active. Walking the 7 instead (to GO) would have passed it."""
    state = at(variant("wizards", "watch"), red=33, blue=10)
    insure(state, {Cover.JAILED}, square_=37)
    game = do(start(state, "red"), "roll", (1, 6))
    assert key(game) == "morpoly.move.how" and "teleport" in options(game)
    teleported = do(game, "teleport")
    assert square(teleported) == 39 and active(teleported)
    walked = do(game, "walk")
    assert square(walked) == 0 and expired(walked)


def test_appendix_5_a_fool_walking_backward_over_the_fsu_square_does_not_end_it() -> None:
    """Appendix 5, L110 ("FSUs werden gegen die Laufrichtung nicht aufgelöst"): a Fool holder on 39
    rolls 3 + 4, walks backward 39 → 32 over Park Place (37): the FSU stays active."""
    state = at(variant("fools", "watch"), red=39, blue=10)
    insure(state, {Cover.JAILED}, square_=37)
    game = do(start(state, "red"), "roll", (3, 4))
    if key(game) == "morpoly.move.step":      # 33 (Community Chest) is next: the Fool may step (L109)
        game = do(game, "stay")
    assert square(game) == 32 and active(game)
    assert cash(game, "red") == 1500          # nothing for GO either (none crossed)


# --- Appendix 7: the hotel rule, the half "until a later turn begins" ----------------------------

def test_appendix_7_the_hotel_is_offered_once_a_later_turn_begins() -> None:
    """Appendix 7, L12 ("Hotels nur gebaut werden können, wenn am Anfang des Zuges schon vier Häuser
    auf der Straße stehen"): the fourth houses bought in red's turn bar the hotel in that turn
    (test_standard_rules checks that half); at the start of red's next turn it is offered."""
    state = at(variant("patrician", "watch"), red=0, blue=20)
    own(state, "red", 1, 3, houses=3)
    game = do(start(state, "red"), "build:1", "build:3")
    assert "build:1" not in options(game) and "build:3" not in options(game)
    game = do(game, "roll", (2, 3), "decline")        # red: 0 → 5, Reading declined; turn over
    assert game.state.turn.token == "blue" and "build:1" not in options(game)
    game = do(game, "roll", (1, 2), "decline")        # blue: 20 → 23, Illinois declined
    assert game.state.turn.token == "red" and key(game) == "morpoly.turn.menu"
    assert "build:1" in options(game) and "build:3" in options(game)
    game = do(game, "build:1")
    assert game.state.squares[1].hotel


# --- Appendix 2: the Undead who took over the Fools roll doubles ----------------------------------

def test_appendix_2_the_team_token_chooses_the_direction_on_doubles_and_does_not_roll_again() -> None:
    """Appendix 2, L155 ("bei einem Pasch können sie die Richtung bestimmen, dürfen aber nicht
    nochmal würfeln"): a token of the Undead-with-Fools team rolls 2 + 2 on 10: it chooses the
    direction (no split on doubles, L83), walks backward to 6, and the turn passes on."""
    state = at(variant("undead", "watch"), red=10, blue=20)
    state.party("red").guilds.append("fools")
    game = do(start(state, "red"), "roll", (2, 2))
    assert key(game) == "morpoly.move.how"
    assert "walk-backward" in options(game) and not any("split" in o for o in options(game))
    game = do(game, "walk-backward")
    assert key(game) == "morpoly.move.step"   # 6, before Chance 7: the Fools' step (L109); it stays
    game = do(game, "stay")
    assert square(game) == 6 and key(game) == "morpoly.deed.buy"
    game = do(game, "decline")
    assert game.state.turn.token == "blue"


# --- §3.1 Thieves: the ROBBED cover, fires / must not; and the source's L41 ---------------------

@pytest.mark.parametrize("complete", [False, True])
def test_thieves_cover_fires_on_a_theft_not_where_the_group_is_complete(complete: bool) -> None:
    """§3.1, L38 ("FSU-Nehmer wird bestohlen (außer auf Hypotheken-Feldern oder kompletten
    Straßenzügen)"), L35: the Thief (Blue) lands on Red's Mediterranean (rent 2). Alone in its group
    it is stolen (Blue takes 2) and the Thieves pay Red 300; with Baltic too the group is complete:
    no theft, the Thief pays the doubled rent 4 and Red's FSU stays active."""
    state = at(variant("patrician", "thieves"), red=20, blue=38)
    own(state, "red", 1, *((3,) if complete else ()))
    insure(state, {Cover.ROBBED})
    game = do(start(state, "blue"), "roll", (1, 2))       # 38 → 1, past GO
    if complete:
        assert active(game)
        assert cash(game, "red") == 1500 + 4 and cash(game, "blue") == 1500 + 200 - 4
    else:
        assert redeemed(game)
        assert cash(game, "red") == 1500 - 2 + CLAIM and cash(game, "blue") == 1500 + 200 + 2 - CLAIM
    assert not check_invariants(game.state)


# (L41 with the insured in jail: tests/companion/morpoly/test_revision_12.py, rules revision 12)


# --- §3.2 City Watch: the JAILED cover, fires / must not -----------------------------------------

@pytest.mark.parametrize(("start_square", "fires"), [(27, True), (7, False)])
def test_watch_cover_fires_on_go_to_jail_not_when_just_visiting(start_square: int, fires: bool) -> None:
    """§3.2, L50 ("FSU-Nehmer muss ins Gefängnis"): Red rolls 1 + 2 onto Go To Jail (30) and is
    jailed: the Watch pays 300. Onto square 10 "just visiting" Red is not jailed: nothing is paid."""
    state = at(variant("patrician", "watch"), red=start_square, blue=20)
    insure(state, {Cover.JAILED}, square_=1)
    game = do(start(state, "red"), "roll", (1, 2))
    assert game.state.token("red").in_jail is fires
    assert redeemed(game) is fires and active(game) is not fires
    assert cash(game, "red") == 1500 + (CLAIM if fires else 0)


# --- §3.3 Merchants: the MUST_PAY cover must not fire on voluntary spending or a theft -----------

@pytest.mark.parametrize("roll_faces, answers, fires", [((1, 3), (), True), ((1, 2), ("buy",), False)])
def test_merchants_cover_fires_on_a_tax_not_on_buying_a_square(roll_faces: tuple[int, int],
                                                                answers: tuple[str, ...], fires: bool) -> None:
    """§3.3 ("It does not count: voluntary spending (buying squares …)"), L64 ("FSU-Nehmer muss Geld
    zahlen"): Red lands on Income Tax (200): the Merchants pay it. Red lands on Baltic and buys it
    (60): a purchase is no payment Red must make; the FSU stays active and Red pays the 60 itself."""
    state = at(variant("beggars", "merchants"), red=0, blue=20)
    insure(state, {Cover.MUST_PAY})
    game = do(start(state, "red"), "roll", roll_faces, *answers)
    if fires:
        assert redeemed(game) and cash(game, "red") == 1500 and cash(game, "blue") == 1500 - 200
    else:
        assert game.state.squares[3].owner == "red"
        assert active(game) and cash(game, "red") == 1500 - 60 and cash(game, "blue") == 1500


def test_merchants_cover_does_not_pay_for_a_theft() -> None:
    """§3.3, L64 ("außer durch Diebstähle oder geplatzte FSUs"): the Thief (Green) lands on Red's
    Mediterranean and steals the fee of 2 from Red: the Merchants (Blue) pay nothing, the FSU runs on."""
    state = at(variant("patrician", "merchants", "thieves"), red=20, blue=12, green=38)
    own(state, "red", 1)
    insure(state, {Cover.MUST_PAY})
    game = do(start(state, "green"), "roll", (1, 2))
    assert active(game)
    assert cash(game, "red") == 1500 - 2 and cash(game, "blue") == 1500 and cash(game, "green") == 1500 + 200 + 2


# --- §3.4 Beggars: the step past dodges the cover (L78) ------------------------------------------

@pytest.mark.parametrize("answer", ["stay", "step"])
def test_beggars_cover_fires_where_the_beggar_stays_not_where_he_steps_past(answer: str) -> None:
    """§3.4, L75 ("Bettler betritt Feld des FSU-Nehmers (ohne Hypothek)"), L73 and L78 ("Die
    Vorrückoption ist eine Entweder/Oder-Funktion. Es muss also nur das Feld erfüllt werden, auf dem
    der Bettler stehen bleibt"): the Beggar (Blue) rolls 1 + 2 onto Red's Baltic (3); Income Tax (4)
    is free, so he may step. Staying, he pays the rent 4 and the Beggars pay Red 300; stepping, the
    skipped Baltic is not entered: no rent, no claim, and he pays the tax instead."""
    state = at(variant("watch", "beggars"), red=20, blue=0)
    own(state, "red", 3)
    insure(state, {Cover.BEGGAR_LANDS})
    game = do(start(state, "blue"), "roll", (1, 2))
    assert key(game) == "morpoly.move.step" and options(game) == ("stay", "step")
    game = do(game, answer)
    if answer == "stay":
        assert square(game, "blue") == 3 and redeemed(game)
        assert cash(game, "red") == 1500 + 4 + CLAIM and cash(game, "blue") == 1500 - 4 - CLAIM
    else:
        assert square(game, "blue") == 4 and active(game)
        assert cash(game, "red") == 1500 and cash(game, "blue") == 1500 - 200


# --- §3.5 Undead: all four pubs count as built (L88) ----------------------------------------------

@pytest.mark.parametrize(("pubs", "rent", "fires"), [((15, 25, 35), 100, True), ((5, 15, 25, 35), 200, False)])
def test_undead_cover_fires_on_their_pub_unless_they_own_all_four(pubs: tuple[int, ...], rent: int,
                                                                   fires: bool) -> None:
    """§3.5, L88 ("Wenn die Untoten alle Bahnhöfe / Werke besitzen, so gelten diese als bebaut"),
    R38: Red rolls 1 + 2 onto the Undead's B&O Railroad (25). With three pubs it is a cemetery: Red
    pays the rent 100 and the Undead pay 300. With all four it counts as built: Red pays the rent 200
    (no FSU is sold on a pub) and the cover does not fire."""
    state = at(variant("patrician", "undead"), red=22, blue=0)
    own(state, "blue", *pubs)
    insure(state, {Cover.CEMETERY})
    game = do(start(state, "red"), "roll", (1, 2))
    assert square(game) == 25
    assert redeemed(game) is fires and active(game) is not fires
    assert cash(game, "red") == 1500 - rent + (CLAIM if fires else 0)
    assert not said(game, "morpoly.fsu.bought")      # no FSU is sold on a pub


# --- §3.7 Fools: the Community Chest kind (table B, "other even") --------------------------------

@pytest.mark.parametrize(("start_square", "roll_faces", "fires"), [(38, (1, 3), True), (4, (1, 2), False)])
def test_fools_community_chest_cover_fires_on_a_chest_square_not_on_chance(
        start_square: int, roll_faces: tuple[int, int], fires: bool) -> None:
    """§3.7 table B, L123 ("Bei jeder anderen geraden Zahl gegen Gemeinschafts-Felder"): Red, insured
    against Community Chest, walks 38 → 2 (Community Chest, past GO): the Fools are asked whether to
    modify the payout (L125) and, paying, pay 300. Walking 4 → 7 (Chance) nothing is asked or paid."""
    state = at(variant("patrician", "fools"), red=start_square, blue=20)
    insure(state, {Cover.COMMUNITY_CHEST}, square_=11, fools=True)
    game = do(start(state, "red"), "roll", roll_faces)
    if fires:
        assert key(game) == "morpoly.fsu.fool-payout"
        game = do(game, "pay")
        assert key(game) == "morpoly.card.chest"
        assert redeemed(game) and cash(game, "red") == 1500 + 200 + CLAIM
    else:
        assert key(game) == "morpoly.card.chance"
        assert active(game) and cash(game, "red") == 1500


# --- §3.8 Wizards / §4.2 L-Space: an L-Space move is a teleport (L140), passing L-Space is not --

@pytest.mark.parametrize(("start_square", "rolls", "fires"), [(17, ((1, 2), (1, 2)), True), (18, ((1, 3),), False)])
def test_wizards_cover_fires_on_an_l_space_move_not_on_walking_past_l_space(
        start_square: int, rolls: tuple[tuple[int, int], ...], fires: bool) -> None:
    """§3.8, L140 ("FSU-Nehmer teleportiert. Dabei gelten sowohl der L-Raum als auch …"), §4.2, L147:
    Red lands on L-Space (20) and rolls 1 + 2 (product 2, even): 2 forward to Chance (22); the
    Wizards pay 300. Red walking 18 → 22 past L-Space is neither moved by it nor teleported."""
    state = at(variant("patrician", "wizards"), red=start_square, blue=0)
    insure(state, {Cover.TELEPORT})
    game = do(start(state, "red"), "roll", rolls[0])
    if fires:
        assert key(game) == "morpoly.roll.l-space"
        game = do(game, *rolls[1:])
    assert square(game) == 22 and key(game) == "morpoly.card.chance"
    assert redeemed(game) is fires and active(game) is not fires
    assert cash(game, "red") == 1500 + (CLAIM if fires else 0)


# --- §3.6 Patrician: a tax card (L104) fires the TAX cover, another payment card does not ---------

@pytest.mark.parametrize(("card", "paid", "fires"), [("chest.street-repairs", 80, True), ("chest.doctor", 50, False)])
def test_patrician_cover_fires_on_a_tax_card_not_on_another_payment_card(card: str, paid: int, fires: bool) -> None:
    """§3.6, L101 ("FSU-Nehmer muss Steuern zahlen"), L104 ("Als Steuern gelten die beiden Steuerfelder
    und alle Ereigniskarten, auf denen Steuern zu zahlen sind"), L97 ("Kassiert alle Steuern"), R29:
    Red (two houses) walks 38 → 2 and draws "assessed for street repair" ($40 per house: a tax):
    the 80 goes to the Patrician, who pays Red 300. The doctor's fee (50, not a tax) goes to the
    bank and the FSU runs on."""
    state = at(variant("watch", "patrician"), red=38, blue=20)
    own(state, "red", 1, 3, houses=1)
    insure(state, {Cover.TAX}, square_=11)
    game = do(start(state, "red"), "roll", (1, 3), card)
    assert redeemed(game) is fires and active(game) is not fires
    if fires:
        assert cash(game, "red") == 1500 + 200 - paid + CLAIM and cash(game, "blue") == 1500 + paid - CLAIM
    else:
        assert cash(game, "red") == 1500 + 200 - paid and cash(game, "blue") == 1500


# --- §3.2 City Watch: a fine card's money goes to the Watch, another card's to the bank ----------

@pytest.mark.parametrize(("card", "to_watch"), [("chance.speeding-fine", True), ("chest.doctor", False)])
def test_the_watch_collects_a_fine_card_not_another_payment(card: str, to_watch: bool) -> None:
    """§3.2, L48 ("Kassieren alle Strafgelder"), L53 ("Strafgelder beinhalten alle 'Zahle Strafe'
    Karten …"), R29: Red draws the speeding fine (15): Blue (the Watch) gets it. Red draws the
    doctor's fee (50), not a fine: it goes to the bank."""
    chance = card.startswith("chance")
    state = at(variant("patrician", "watch"), red=4 if chance else 14, blue=20)
    game = do(start(state, "red"), "roll", (1, 2), card)         # 4 → 7 (Chance) or 14 → 17 (Chest)
    amount = 15 if chance else 50
    assert cash(game, "red") == 1500 - amount
    assert cash(game, "blue") == 1500 + (amount if to_watch else 0)


# --- §4.1 pubs: the split walk is for a token standing on a pub, not one walking past ------------

@pytest.mark.parametrize(("start_square", "first_stop"), [(5, 7), (3, 10)])
def test_the_pub_walk_is_from_a_pub_not_past_one(start_square: int, first_stop: int) -> None:
    """§4.1, L145 ("Wenn ein Spieler auf einem Kneipen-Feld steht, so muß er den nächsten Wurf einzeln
    ausführen, wobei er zuerst die niedrigere Zahl zieht"): from Reading (5) a 5 + 2 stops first on
    Chance (7, the 2) and is resolved there; from 3, walking past Reading, the same roll goes straight
    to 10 (just visiting) in one walk."""
    state = at(variant("patrician", "watch"), red=start_square, blue=20)
    game = do(start(state, "red"), "roll", (5, 2))
    assert square(game) == first_stop
    if start_square == 5:
        assert key(game) == "morpoly.card.chance"
        game = do(game, "chance.jail-free")
        assert square(game) == 12 and key(game) == "morpoly.deed.buy"
    else:
        assert key(game) == "morpoly.turn.menu" and game.state.turn.token == "blue"


# --- Appendix 3a: an FSU the Merchants took over expires with the original holder token ---------

@pytest.mark.parametrize(("mover", "ends"), [("red", True), ("green", False)])
def test_appendix_3a_a_taken_over_fsu_expires_by_the_original_token_only(mover: str, ends: bool) -> None:
    """Appendix 3a, §3.3, L65 ("Es gelten für ihn alle Regeln des FSU-Nehmers, außer, dass die Dauer
    der FSU sich immer noch nach dem Spieler richtet, der die FSU abgeschlossen hat"): the Merchants
    (Green) hold the FSU Red's token bought on Blue's Mediterranean (1). Red walking 39 → 2 past it
    ends it; the Merchants' own token walking the same path does not."""
    state = at(variant("patrician", "watch", "merchants"), red=20, blue=12, green=20)
    state.token(mover).square = 39
    state.ledger = Ledger((Fsu(1, "blue", "green", "red", 1, 250, frozenset({Cover.JAILED}), False),), 2)
    game = do(start(state, mover), "roll", (1, 2))
    assert square(game, mover) == 2 and key(game) == "morpoly.card.chest"
    assert active(game) is not ends
    assert said(game, "morpoly.fsu.expired") is ends
