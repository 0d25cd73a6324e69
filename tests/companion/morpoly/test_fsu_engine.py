"""The FSU ledger in play: the reference's appendix scenarios about FSUs (and §2.6's worked example)
played through game inputs — menu answers, rolls of two faces, corrections — on the engine, not by
calling the kit. Each checks cash, the ledger and the narration a table would see."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.inputs import Answer, DieRoll
from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game, apply
from companion.morpoly.invariants import check_invariants
from companion.morpoly.state import State
from companion.morpoly.state_format import state_from_json, state_to_json
from morpoly_table import cash, do, own, start, table


def variant(*guilds: str, players: tuple[str, ...] = ("red", "blue", "green")) -> State:
    state = table(players[:len(guilds)], base="variant")
    for party, guild in zip(state.parties, guilds):
        party.guilds = [guild]
    return state


def keys(game: Game, since: int = 0) -> list[str]:
    return [line.key for line in game.narration[since:]]


def fsu(fsu_id: int, insurer: str, beneficiary: str, square: int, premium: int, *covers: Cover,
        holder: str | None = None, fools: bool = False) -> Fsu:
    return Fsu(fsu_id, insurer, beneficiary, holder or beneficiary, square, premium, frozenset(covers), fools)


def test_worked_example_premium_double_fee_expiry_and_the_watch_paying() -> None:
    """§2.6 and appendix 4/5: Red (Beggars) lands on the Watch's Park Place with three houses and pays
    $1,100 for an FSU (here Red heads the Patrician, whose token has no step to take); on Boardwalk it pays the double fee 2 × $50; having walked past Park Place it
    buys a new FSU on Boardwalk; on Go To Jail the Watch pays 3 × the premium."""
    state = variant("patrician", "watch")
    own(state, "blue", 37, 39, houses=3)
    state.token("red").square = 33
    state.token("blue").square = 12
    state.party("red").cash += 3000
    state.party("blue").cash += 3000  # enough to pay the claim (else the Watch is taken over, §5.1)
    state.bank.cash -= 6000
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 4500 - 1100 and cash(game, "blue") == 4500 + 1100
    [contract] = game.state.ledger.active()
    assert (contract.insurer, contract.beneficiary, contract.holder_token, contract.square, contract.premium,
            contract.covers) == ("blue", "red", "red", 37, 1100, frozenset({Cover.JAILED}))
    assert "morpoly.fsu.bought" in keys(game)
    game = do(game, "roll", (1, 3))  # blue: 12 → 16, unowned: declined
    game = do(game, "decline")
    mark = len(game.narration)
    game = do(game, "roll", (1, 1))  # red: doubles, 37 → 39: the double fee, no new FSU
    assert cash(game, "red") == 3400 - 100 and game.state.ledger.active() == (contract,)
    assert "morpoly.fsu.double-fee" in keys(game, mark)
    game = do(game, "place:red:34", "roll", (4, 1))  # (the doubles' extra roll) 34 → 39 passes Park Place
    assert game.state.ledger.active()[0].square == 39 and game.state.ledger.active()[0].premium == 1400
    assert keys(game, mark).index("morpoly.fsu.expired") < keys(game, mark).index("morpoly.fsu.bought")
    before = cash(game, "red")
    game = do(game, "roll", (2, 3), "decline")  # blue: 16 → 21
    game = do(game, "place:red:26", "roll", (1, 3))  # red: 26 → 30, Go To Jail: the Watch pays 3 × 1,400
    assert game.state.token("red").in_jail
    assert cash(game, "red") == before + 3 * 1400
    assert game.state.ledger.active() == ()
    assert "morpoly.fsu.redeemed" in keys(game)
    assert not check_invariants(game.state)


def test_mutual_thieves_and_undead_fsus_pay_both_ways() -> None:
    """Appendix 1 (L205): a Thief lands on an unbuilt Undead street (base rent 20) in a group the
    Undead do not complete: he takes 20, the Thieves pay 3 × 150, the Undead pay 3 × 200; both
    FSUs are redeemed."""
    state = variant("thieves", "undead")
    own(state, "blue", 24)
    state.token("red").square = 20
    state.token("blue").square = 0
    state.ledger = Ledger((fsu(1, "blue", "red", 1, 200, Cover.CEMETERY), fsu(2, "red", "blue", 3, 150, Cover.ROBBED)), 3)
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1500 + 20 - 450 + 600
    assert cash(game, "blue") == 1500 - 20 + 450 - 600
    assert game.state.ledger.active() == () and game.state.ledger.next_id == 3
    assert keys(game).count("morpoly.fsu.redeemed") == 2
    assert not check_invariants(game.state)


def test_merchants_full_cover_makes_the_new_fsu_theirs() -> None:
    """Appendix 3a: Red holds an FSU from the Merchants (premium 100, cap 300) and owes a premium of
    250 to Blue: the Merchants pay all of it, and the new FSU is theirs but expires with Red's token."""
    state = variant("patrician", "watch", "merchants")
    own(state, "blue", 1, 3)
    state.squares[1] = state.squares[1].with_houses(5)
    state.bank.hotels -= 1
    state.token("red").square = 38
    state.ledger = Ledger((fsu(1, "green", "red", 16, 100, Cover.MUST_PAY),), 2)
    game = do(start(state, "red"), "roll", (1, 2))  # 38 → 1, past GO
    assert cash(game, "red") == 1500 + 200
    assert cash(game, "green") == 1500 - 250 and cash(game, "blue") == 1500 + 250
    [new] = game.state.ledger.active()
    assert (new.insurer, new.beneficiary, new.holder_token, new.premium) == ("blue", "green", "red", 250)
    assert "morpoly.fsu.taken-over" in keys(game)


def test_merchants_partial_cover_leaves_the_new_fsu_with_the_insured() -> None:
    """Appendix 3b: a premium of 1,000: the Merchants pay 300, Red 700, and the new FSU is Red's."""
    state = variant("patrician", "watch", "merchants")
    own(state, "blue", 16, 18, 19)
    state.squares[19] = state.squares[19].with_houses(5)
    state.bank.hotels -= 1
    state.token("red").square = 14
    state.ledger = Ledger((fsu(1, "green", "red", 3, 100, Cover.MUST_PAY),), 2)
    game = do(start(state, "red"), "roll", (1, 4))
    assert cash(game, "red") == 1500 - 700 and cash(game, "green") == 1500 - 300
    assert cash(game, "blue") == 1500 + 1000
    [new] = game.state.ledger.active()
    assert (new.insurer, new.beneficiary, new.premium) == ("blue", "red", 1000)


def test_a_fools_insurer_rolls_the_kind_of_cover_and_may_modify_a_claim() -> None:
    """Table B when a Fools' FSU is bought (a 7: every card square), then appendix 10: a claim of
    3 × premium, modified with 3 + 5 (other even): the premium back, redeemed."""
    state = variant("watch", "fools")
    own(state, "blue", 1, 3, houses=1)
    state.token("red").square = 38
    game = do(start(state, "red"), "roll", (1, 2))  # red (Watch) 38 → 1: premium 10, the Fools roll
    assert game.question is not None and game.question.key == "morpoly.roll.fool-cover"
    assert game.question.player == "blue" and game.question.kind == "roll"
    game = do(game, (3, 4))
    [contract] = game.state.ledger.active()
    assert contract.covers == frozenset({Cover.CHANCE_OR_CHEST}) and contract.fool_modifiable
    assert cash(game, "red") == 1500 + 200 - 10 and "morpoly.fsu.fool-rolled" in keys(game)
    assert game.question is not None and game.question.key == "morpoly.turn.menu" and game.question.player == "blue"


def test_fool_payout_modification_through_questions() -> None:
    """Appendix 10: with doubles the Fools pay nothing and the FSU stays; with 3 + 5 they pay the
    premium back and it is redeemed; declining the roll pays 3 ×."""
    for roll_faces, paid, active in (((2, 2), 0, True), ((3, 5), 100, False), (None, 300, False), ((3, 4), 300, True)):
        state = variant("watch", "fools")
        state.token("red").square = 4
        state.ledger = Ledger((fsu(1, "blue", "red", 11, 100, Cover.CHANCE, fools=True),), 2)
        game = do(start(state, "red"), "roll", (1, 2))  # 4 → 7, Chance
        assert game.question is not None and game.question.key == "morpoly.fsu.fool-payout"
        if roll_faces is None:
            game = do(game, "pay")
        else:
            game = do(game, "roll", roll_faces)
        assert cash(game, "red") == 1500 + paid
        assert bool(game.state.ledger.active()) is active
        assert game.question is not None and game.question.key == "morpoly.card.chance"


def test_an_fsu_round_trips_through_the_position_format_and_old_files_still_load() -> None:
    state = variant("thieves", "undead")
    state.ledger = Ledger((fsu(4, "blue", "red", 37, 1100, Cover.CEMETERY, Cover.TAX, holder="red"),), 5)
    doc = state_to_json(state)
    assert doc["fsus"][0]["covers"] == ["patrician", "undead"] and doc["fsu_next_id"] == 5
    assert state_from_json(doc) == state
    del doc["fsu_next_id"]
    assert state_from_json(doc).ledger.next_id == 5
    del doc["fsus"]
    assert state_from_json(doc).ledger == Ledger()


@pytest.mark.parametrize("bad", [
    [{"id": 1, "insurer": "blue", "beneficiary": "nobody", "holder_token": "red",
                                  "square": 37, "premium": 10, "covers": ["watch"], "fool_modifiable": False,
                                  "bought_at": 0, "status": "active", "paid": 0}],
    [{"id": 1, "insurer": "blue", "beneficiary": "red", "holder_token": "red",
                                  "square": 5, "premium": 10, "covers": ["watch"], "fool_modifiable": False,
                                  "bought_at": 0, "status": "active", "paid": 0}],
    [{"id": 1, "insurer": "blue", "beneficiary": "red", "holder_token": "red",
                                  "square": 37, "premium": 10, "covers": ["gold"], "fool_modifiable": False,
                                  "bought_at": 0, "status": "active", "paid": 0}],
    [{"id": 1}],
    {"id": 1},
])
def test_a_malformed_ledger_is_refused_in_one_line(bad: object) -> None:
    doc = state_to_json(variant("thieves", "undead"))
    doc["fsus"] = bad
    with pytest.raises(InputError) as err:
        state_from_json(doc)
    assert "\n" not in str(err.value)


def test_a_rejected_input_at_an_fsu_question_changes_nothing() -> None:
    state = variant("watch", "fools")
    state.token("red").square = 4
    state.ledger = Ledger((fsu(1, "blue", "red", 11, 100, Cover.CHANCE, fools=True),), 2)
    game = do(start(state, "red"), "roll", (1, 2))
    before = state_to_json(game.state), list(game.narration), game.seq
    for bad in (Answer("maybe"), DieRoll(face=7), DieRoll(faces=(3, 4)), Answer("place:nobody:3")):
        with pytest.raises(InputError):
            apply(game, bad)
        assert (state_to_json(game.state), list(game.narration), game.seq) == before
    game = do(game, "roll")
    with pytest.raises(InputError):
        apply(game, DieRoll(faces=(0, 7)))
    with pytest.raises(InputError):
        apply(game, Answer("roll"))


def test_a_team_fsu_insures_every_token_of_the_team() -> None:
    """Appendix 2 (L155): the Undead took the Fools over; the Fool token bought an FSU from the Watch;
    when the Undead token is sent to jail (here: arrested by the Watch) the Watch pays the team."""
    state = variant("undead", "watch", "fools")
    team = state.party("red")
    team.tokens, team.guilds = ["red", "green"], ["undead", "fools"]
    state.token("green").party = "red"
    team.cash += state.party("green").cash
    state.parties = [p for p in state.parties if p.id != "green"]
    state.token("red").square = 11
    state.token("blue").square = 8
    state.ledger = Ledger((fsu(1, "blue", "red", 39, 100, Cover.JAILED, holder="green"),), 2)
    game = do(start(state, "blue"), "roll", (1, 2), "decline", "arrest")
    assert game.state.token("red").in_jail
    assert cash(game, "red") == 3000 + 300 and cash(game, "blue") == 1500 - 300
    assert game.state.ledger.active() == ()
    assert not check_invariants(game.state)
