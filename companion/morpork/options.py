"""The rule options of Discworld: Ankh-Morpork, in one place: the edition and every ruling on which
the four rulebooks differ (``shared/rules/README.md``).

The edition is an option; each ruling *follows* it (:class:`companion.core.mode.Option`), so
choosing ``de`` gives the German rulings and an explicit ruling still overrides its edition's (a
German table that breaks ties by the card held). The engine never asks which edition is on the
table: it reads the resolved rulings from the state (``state.rules``, a :class:`Rulings`).

Differences that play the same in every edition are not options: an empty bank pays nothing (the
German "nobody can take money" is ruling 1 of the others in effect), the cards Fog discards are
shown to everyone (the Italian "make sure nobody sees them" is a misprint, as is its 70 × $5 in the
bank), The Shades is used once per turn and only where no trouble marker lies (see
:data:`FIXED_RULINGS`), and the border colours of the cards only change how they look.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from companion.core.mode import Option, resolve_options

EDITIONS: Final[tuple[str, ...]] = ("en", "de", "pl", "it")
"""The rulebook editions: English (the default), German, Polish, Italian."""

OPTIONS: Final[tuple[Option, ...]] = (
    Option("edition", "en", EDITIONS,
           "the rulebook on the table (en, de, pl, it); sets the defaults of the rulings below"),
    Option("bank", "120", ("120", "130"),
           "money in the box: $120, or $130 in the Polish box (30 x $1 + 20 x $5)",
           follows="edition", defaults=(("pl", "130"),)),
    Option("building-points", "cost", ("cost", "double"),
           "points for a building at the end: its cost, or (Polish) twice its cost",
           follows="edition", defaults=(("pl", "double"),)),
    Option("tie-break", "card", ("card", "control"),
           "a tie on points goes to the player holding the most valuable City Area card, "
           "or (German) controlling the most valuable area",
           follows="edition", defaults=(("de", "control"),)),
    Option("first-player", "die", ("die", "highest-roll"),
           "who starts: one roll of the die picks a player, or (German) everyone rolls and the highest starts",
           follows="edition", defaults=(("de", "highest-roll"),)),
)
"""The options of the mode, in the order they resolve (the edition first)."""


@dataclass(frozen=True)
class Rulings:
    """The rulings a game is played by, resolved from its options (the edition is the state's own
    field). Immutable, so every copy of a state shares one."""

    bank: int = 120
    building_points: str = "cost"
    tie_break: str = "card"
    first_player: str = "die"

    @classmethod
    def from_options(cls, given: Mapping[str, str]) -> Rulings:
        """The rulings of ``given`` options (resolved here; an unknown name or value is an
        ``InputError`` naming it)."""
        resolved = resolve_options(OPTIONS, given)
        return cls(int(resolved["bank"]), resolved["building-points"], resolved["tie-break"],
                   resolved["first-player"])

    def to_options(self) -> dict[str, str]:
        """The rulings as option values (every option but the edition)."""
        return {"bank": str(self.bank), "building-points": self.building_points, "tie-break": self.tie_break,
                "first-player": self.first_player}

    @property
    def building_factor(self) -> int:
        """Points per dollar of a building's cost at the end."""
        return 2 if self.building_points == "double" else 1


EDITION_RULINGS: Final[Mapping[str, Rulings]] = {e: Rulings.from_options({"edition": e}) for e in EDITIONS}
"""Each edition's own rulings (derived from :data:`OPTIONS`)."""


def options_of(edition: str, rulings: Rulings | None) -> dict[str, str]:
    """Every option's value for a state of ``edition`` whose rulings are ``rulings`` (None: the
    edition's own)."""
    return {"edition": edition, **(rulings or EDITION_RULINGS[edition]).to_options()}


def overrides(edition: str, rulings: Rulings) -> Rulings | None:
    """``rulings`` as a state stores them: None when they are the edition's own, so two states of
    one table compare equal however they were made."""
    return None if rulings == EDITION_RULINGS[edition] else rulings


FIXED_RULINGS: Final[Mapping[str, str]] = {
    "empty-bank": "an empty bank pays nothing; whoever should take money gets what is left (DE says so, "
                  "the others are silent)",
    "fog-shown": "the cards Fog discards are shown to everyone (IT's \"nobody sees them\" is a misprint)",
    "shades-once": "The Shades puts a trouble marker once per turn, only in an area with a minion and no "
                   "trouble marker yet: DE prints both on the card (\"einmal pro Zug\", \"jedoch kein "
                   "Unruhe-Marker\"); EN and IT say \"at any point in your turn\" under their general rule "
                   "that a City Area card is used once per turn (\"in most cases\", Small Gods the named "
                   "exception), PL's general rule says only once per turn, and every book allows one "
                   "trouble marker per area",
    "named-placement": "a card or City Area power that names where a minion goes (Dolly Sisters, Dimwell, The "
                       "Senior Wrangler, Archchancellor Ridcully, The Smoking Gnu, Willikins) places it there "
                       "wherever the player's other minions stand: the place named replaces the rule of placing "
                       "in or next to an area with one of your minions (EN and IT add that this rule applies "
                       "\"whenever you have to place a minion\"; DE and PL have no such sentence, and the powers "
                       "would add nothing a minion symbol does not already give)",
}
"""Where the books' words differ but the game plays the same in every edition: one ruling, not an
option (the rulebook popup shows it beside the paragraph, ``ui/data/rules/index.json`` "fixed")."""
