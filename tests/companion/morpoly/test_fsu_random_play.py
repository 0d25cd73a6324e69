"""Random legal games of the variant with the FSU ledger and the money powers in play, under the
default rulings and under their alternatives: every invariant (money conserved including premiums and
payouts, one active FSU per pair, the ledger sound and round-tripping) after every input, and the
same inputs replay to the same game."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.morpoly.game import apply, new_game
from companion.morpoly.random_play import PLAYERS, play
from companion.morpoly.state_format import state_to_json

ALTERNATIVES = {"pair-unordered": "yes", "double-fee": "twice-current-rent", "thief-steal": "skip-payment",
                "thief-may-pay-instead": "yes", "caught-returns-loot": "yes", "merchant-cover": "budget-until-3x",
                "merchant-self-payment-excluded": "yes", "cemetery-excludes-mortgaged": "yes",
                "patrician-buyout": "price-only", "patrician-collects-in-jail": "yes",
                "fool-modify-only-fool-covers": "yes", "jail-blocks-claims": "yes",
                "wizard-cover-cards-and-lspace-only": "yes"}


@pytest.mark.parametrize("seed, players, extra", [
    (13, 2, {}), (13, 4, {}), (17, 3, {}), (10, 3, ALTERNATIVES), (15, 4, ALTERNATIVES), (19, 2, ALTERNATIVES),
])
def test_random_variant_games_keep_the_ledger_sound(seed: int, players: int, extra: dict[str, str]) -> None:
    rules = {"edition": "us", "base": "variant", **extra}
    game, inputs = play(seed, players, rules, cap=1200)
    again = new_game(list(PLAYERS[:players]), rules)
    for inp in inputs:
        again = apply(again, inp)
    assert state_to_json(again.state) == state_to_json(game.state)


@pytest.mark.parametrize("extra", [{}, ALTERNATIVES])
def test_across_games_every_kind_of_fsu_event_happens(extra: dict[str, str]) -> None:
    said: Counter[str] = Counter()
    for seed in range(20, 28):
        game, _ = play(seed, 4, {"edition": "us", "base": "variant", **extra}, cap=900)
        said.update(line.key for line in game.narration)
    for key in ("morpoly.fsu.bought", "morpoly.fsu.expired", "morpoly.fsu.redeemed"):
        assert said[key] > 0, key
    assert said["morpoly.fsu.double-fee"] > 0 or extra  # (a rarer event: checked on the default rulings)


def test_every_resolution_in_play_settles_what_is_owed_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """§2.5 on each resolution the engine runs: every amount owed is settled exactly (payer, the
    Merchants, waivers), claims go from insurer to beneficiary, and no FSU changes what it was."""
    from companion.morpoly import fsu

    original = fsu.resolution
    seen = Counter[str]()

    def checked(ledger: fsu.Ledger, events: Any, position: Any, options: Any, bought_at: int = 0) -> Any:
        result = yield from original(ledger, events, position, options, bought_at)
        assert not fsu.payment_problems(result, events), (events, result)
        assert not fsu.transition_problems(ledger, result.ledger), (events, result)
        seen.update(change.kind.value for change in result.changes)
        for change in result.changes:  # R17: at the moment of purchase, no FSU of that pair runs
            if change.kind in (fsu.ChangeKind.BOUGHT, fsu.ChangeKind.TAKEN_OVER):
                bought = result.ledger.get(change.fsu_id or -1)
                assert not ledger.active_between(bought.beneficiary, bought.insurer), (events, result)
        return result

    monkeypatch.setattr(fsu, "resolution", checked)
    for seed in range(30, 34):
        play(seed, 4, {"edition": "us", "base": "variant"}, cap=700, check=False)
    assert seen["bought"] and seen["expired"]
