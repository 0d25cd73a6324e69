"""The simulator's shortcuts give what the long way gives, on every position of some random games:
the mover's guilds read straight off the table (``table_position.heads_any``), the random player's
one scan for a trade (``random_play._buys_and_completing``), and the money text made once per amount
(``Currency.format``), the totals' memo, updated from the squares that changed since its last
table (``invariants._totals_since``), and the meetings a move skips when ``moves.may_meet`` finds
nobody to meet."""
from __future__ import annotations

import random

import pytest

from companion.morpoly.covers import Guild
from companion.morpoly.editions import Currency, load_edition
from companion.morpoly.events import MustPay, PaymentKind
from companion.morpoly.fsu import Payment
from companion.morpoly.game import Game, apply
from companion.morpoly.invariants import Memo, _built_and_owners, totals_problems
from companion.morpoly.mode import MODE
from companion.morpoly.random_play import PLAYERS, _buys_and_completing, _completing_square, random_input
from companion.morpoly.revisions import TRADES_BOTH_WAYS
from companion.morpoly.settle import must_pay, payment_owed
from companion.morpoly.table_position import heads_any, position_of
from companion.morpoly.trade import tradeable

GUILD_SETS = [frozenset({Guild.FOOLS, Guild.UNDEAD, Guild.WIZARDS}), frozenset({Guild.BEGGARS, Guild.FOOLS}),
              frozenset({Guild.PATRICIAN}), frozenset(Guild)]


def positions(seed: int, players: int, options: dict[str, str], inputs: int = 900) -> list[Game]:
    rng = random.Random(seed)
    game: Game = MODE.new_game(list(PLAYERS[:players]), options, None)
    games = [game]
    while game.question is not None and len(games) < inputs:
        game = apply(game, random_input(game, rng))
        games.append(game)
    return games


@pytest.mark.parametrize(("seed", "players", "options"), [(1, 4, {}), (2, 3, {"fortuna": "on", "elam": "on"}),
                                                          (3, 4, {"elam": "on"})])
def test_shortcuts_agree_with_the_long_way_on_every_position(seed: int, players: int,
                                                             options: dict[str, str]) -> None:
    menus = 0
    for game in positions(seed, players, options):
        state = game.state
        view = position_of(state)
        for token in state.tokens:
            for guilds in GUILD_SETS:
                assert heads_any(state, token.id, guilds) == bool(view.guilds_of(view.party_of(token.id)) & guilds)
        question = game.current_question
        if question is not None and question.key == "morpoly.turn.menu":
            buyer = state.token(question.player or "").party
            buys = state.revision < TRADES_BOTH_WAYS or next(
                tradeable(state, load_edition(state.edition), buyer), None) is not None
            assert _buys_and_completing(game) == (buys, _completing_square(game))
            menus += 1
    assert menus > 100


def test_a_token_not_in_the_game_heads_nothing_it_is_asked_of() -> None:
    state = positions(1, 2, {}, 3)[-1].state
    with pytest.raises(KeyError):
        heads_any(state, "nobody", frozenset(Guild))


@pytest.mark.parametrize(("symbol", "amount", "text"), [("$", 1500, "$1,500"), ("DM", 30000, "30.000 DM"),
                                                        ("€", 1234567, "1.234.567 €"), ("£", 0, "£0")])
def test_money_text_made_once_reads_as_before(symbol: str, amount: int, text: str) -> None:
    currency = Currency(symbol, 1, 10)
    assert currency.format(amount) == currency.format(amount) == text


@pytest.mark.parametrize(("seed", "players", "options"), [(4, 4, {}), (5, 3, {"fortuna": "on", "elam": "on"})])
def test_the_totals_memo_sums_what_a_fresh_count_sums_on_every_position(seed: int, players: int,
                                                                        options: dict[str, str]) -> None:
    """Carried through a game, and through positions taken back and forth (as an undo would), the
    memo's houses, hotels and owners are always those of a count from scratch."""
    games = positions(seed, players, options)
    memo = Memo()
    order = list(range(len(games))) + list(range(len(games) - 1, 0, -7)) + list(range(0, len(games), 3))
    for at in order:
        state = games[at].state
        assert totals_problems(state, memo) == totals_problems(state) == []
        houses, hotels, owners = memo.totals_found
        fresh = _built_and_owners(state.squares)
        assert (houses, hotels, set(owners)) == (fresh[0], fresh[1], set(fresh[2]))


@pytest.mark.parametrize("payee", [None, "blue"])
def test_a_payment_owed_made_at_once_is_the_constructor_s_value(payee: str | None) -> None:
    """``settle.must_pay`` and ``settle.payment_owed`` hand ``core.frozen.instance`` every field: the
    values (equal, same hash, repr and fields) the constructors give."""
    owed = must_pay("red", 60, PaymentKind.RENT, payee)
    constructed = MustPay("red", 60, PaymentKind.RENT, payee)
    assert owed == constructed and hash(owed) == hash(constructed) and repr(owed) == repr(constructed)
    assert vars(owed) == vars(constructed)
    paid = payment_owed(owed)
    expected = Payment("red", payee, 60, PaymentKind.RENT, event_index=0)
    assert paid == expected and hash(paid) == hash(expected) and repr(paid) == repr(expected)
    assert vars(paid) == vars(expected)


@pytest.mark.parametrize(("seed", "players", "options"), [(4, 4, {}), (6, 5, {"fortuna": "on", "elam": "on"}),
                                                          (7, 3, {"base": "standard"})])
def test_meetings_skipped_by_may_meet_would_have_done_nothing(seed: int, players: int,
                                                              options: dict[str, str]) -> None:
    """``moves.may_meet`` lets a move skip the guilds' meetings (the Watch's arrest, the Beggars'
    tithe, a Thief caught, the Merchants' swap): on every position of some random games, for every
    token in the game as if it had just arrived, wherever it says no the meetings ask nothing, say
    nothing and change nothing; and it says yes where they do something."""
    import copy

    from companion.core.procedure import Narrator
    from companion.morpoly.moves import _token_in_game, may_meet
    from companion.morpoly.powers import meetings

    skipped = acted = 0
    for game in positions(seed, players, options, inputs=700):
        state = game.state
        edition = load_edition(state.edition)
        for token in state.tokens:
            mover = _token_in_game(state, token.id)
            assert mover is not None
            work = copy.deepcopy(state)
            narrator = Narrator()
            asked = next(iter(meetings(work, edition, narrator, token.id)), None)
            did = asked is not None or bool(narrator.lines) or work != state
            if not may_meet(state, mover):
                skipped += 1
                assert not did, (token.id, asked, narrator.lines)
            acted += did
    assert skipped > 100
    if options.get("base") != "standard":
        assert acted > 0  # positions where the meetings do something were met, and may_meet let them
