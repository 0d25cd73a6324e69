"""Finding a player card by touch: the order of the list, the A–Z jump bar's groups, what a search
matches, and why nothing matches.

A table that plays in German still says "the Dean": a search matches every edition's printed name,
the English name and the card's id, without accents or case ("lowen" finds "Löwen"). Which cards are
offered is the engine's call (the question's options, and
:func:`companion.morpork.hidden_cards.may_be_in_a_hand` for the deck's order); this module only
orders, groups and explains them.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.morpork.catalog import CARD_BY_ID, CARDS, TWO_PLAYER_REMOVED_CARDS
from companion.morpork.hidden_cards import may_be_in_a_hand
from companion.morpork.state import State

JUMP_GROUPS = 8
"""At most this many jump buttons: 26 letters would be 17 px wide on the question panel."""


def fold(text: str) -> str:
    """Lower case without accents or punctuation runs: "Der Dekan" → "der dekan", "Łódź" → "lodz"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l").replace("ß", "ss"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def search_text(card_id: str) -> str:
    """Everything a card is known by, folded: its id and every edition's name."""
    card = CARD_BY_ID[card_id]
    return " | ".join(fold(s) for s in (card_id, card_id.replace("-", " "), *card.names.values()))


def matches(card_id: str, needle: str) -> bool:
    return fold(needle.strip()) in search_text(card_id)


def sort_key(shown: str) -> str:
    """Alphabetical by the name shown, ignoring accents and a leading article the eye skips."""
    return fold(shown)


def initial(shown: str) -> str:
    folded = sort_key(shown)
    return folded[:1].upper() if folded[:1].isalpha() else "#"


@dataclass(frozen=True)
class JumpGroup:
    """One button of the jump bar: a run of initials ("A–C") and the first card shown under it."""

    label: str
    first: str


def jump_groups(shown_in_order: Sequence[tuple[str, str]], limit: int = JUMP_GROUPS) -> list[JumpGroup]:
    """Group the initials present (``(card id, shown name)`` in list order) into ``limit`` buttons
    with about as many cards each."""
    initials: list[tuple[str, str, int]] = []  # (initial, first card, count)
    for card_id, shown in shown_in_order:
        letter = initial(shown)
        if initials and initials[-1][0] == letter:
            initials[-1] = (letter, initials[-1][1], initials[-1][2] + 1)
        else:
            initials.append((letter, card_id, 1))
    if not initials:
        return []
    per_group = max(1, -(-sum(n for *_x, n in initials) // limit))
    groups: list[list[tuple[str, str, int]]] = [[]]
    for item in initials:
        if groups[-1] and sum(n for *_x, n in groups[-1]) + item[2] > per_group and len(groups) < limit:
            groups.append([])
        groups[-1].append(item)
    out = []
    for group in groups:
        first, last = group[0][0], group[-1][0]
        out.append(JumpGroup(first if first == last else f"{first}–{last}", group[0][1]))
    return out


def why_not_found(needle: str, state: State | None, offered: Sequence[str], player_name: str,
                  t: Callable[[str], str]) -> str:
    """The line shown when a search finds no offered card: why the card named is not offered, or
    that no card has that name."""
    if not needle.strip():
        return ""
    named = [c.id for c in CARDS if matches(c.id, needle)]
    if not named:
        return t("No such card: {text}").format(text=needle.strip())
    if any(c in offered for c in named):
        return ""
    card = named[0]
    if state is not None:
        if card in state.discard_pile:
            return t("Already played: it is on the discard pile.")
        if len(state.players) == 2 and card in TWO_PLAYER_REMOVED_CARDS:
            return t("Not in a two-player game: it stays in the box.")
        if any(card in p.loans or card in p.stuck_cards for p in state.players):
            return t("It lies in front of a player, not in a hand.")
        if not may_be_in_a_hand(state, card):
            return t("Not drawn yet: the brown deck lies under the green one.")
    return t("{player} cannot play it now.").format(player=player_name)
