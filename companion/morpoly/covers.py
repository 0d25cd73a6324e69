"""The guilds of Ankh-Morpoly and the misfortunes each insures against (reference §2.2, §3.0).

Kept apart from the ledger so that the dice tables (the Fools' kind of cover, table B) and the guild
modules can name a cover without importing the ledger.
"""
from __future__ import annotations

from enum import Enum
from typing import Final


class Guild(Enum):
    """One guild (the Patrician's is a clan). Each player heads one; a merged team has several."""

    THIEVES = "thieves"
    WATCH = "watch"
    MERCHANTS = "merchants"
    BEGGARS = "beggars"
    UNDEAD = "undead"
    PATRICIAN = "patrician"
    FOOLS = "fools"
    WIZARDS = "wizards"
    ASSASSINS = "assassins"

    __hash__ = object.__hash__
    """Each member is the only one of its value, so its identity is a sound hash; Enum's own hash is a
    Python function, and guild sets are looked into at every hook of every move (set order never
    mattered: Enum hashes names, which Python hashes differently in every process)."""


class Cover(Enum):
    """The condition an FSU insures against: one per guild, three for the Fools (rolled, table B)."""

    ROBBED = "thieves"
    JAILED = "watch"
    MUST_PAY = "merchants"
    BEGGAR_LANDS = "beggars"
    CEMETERY = "undead"
    TAX = "patrician"
    TRIPLE_DOUBLES = "fools:doubles"
    CHANCE_OR_CHEST = "fools:seven"
    COMMUNITY_CHEST = "fools:even"
    CHANCE = "fools:odd"
    TELEPORT = "wizards"
    DEATH = "assassins"

    __hash__ = object.__hash__
    """As :class:`Guild`'s: every event is tested against every active FSU's covers."""


GUILD_COVERS: Final[dict[Guild, frozenset[Cover]]] = {
    Guild.THIEVES: frozenset({Cover.ROBBED}),
    Guild.WATCH: frozenset({Cover.JAILED}),
    Guild.MERCHANTS: frozenset({Cover.MUST_PAY}),
    Guild.BEGGARS: frozenset({Cover.BEGGAR_LANDS}),
    Guild.UNDEAD: frozenset({Cover.CEMETERY}),
    Guild.PATRICIAN: frozenset({Cover.TAX}),
    Guild.FOOLS: frozenset(),  # the Fools' cover is rolled when each FSU is bought (table B)
    Guild.WIZARDS: frozenset({Cover.TELEPORT}),
    Guild.ASSASSINS: frozenset({Cover.DEATH}),
}
"""The fixed covers each guild sells; the Fools add the one rolled on table B at purchase."""

FOOL_COVERS: Final = frozenset({Cover.TRIPLE_DOUBLES, Cover.CHANCE_OR_CHEST, Cover.COMMUNITY_CHEST, Cover.CHANCE})


def conditions(guilds: frozenset[Guild], fool_cover: Cover | None = None) -> frozenset[Cover]:
    """The covers of an FSU sold by a party with ``guilds`` (the union over a team, L154, R23), plus
    the Fools' rolled kind. A party with the Fools must supply ``fool_cover``; others must not."""
    covers: set[Cover] = set()
    for guild in guilds:
        covers |= GUILD_COVERS[guild]
    if Guild.FOOLS in guilds:
        if fool_cover is None or fool_cover not in FOOL_COVERS:
            raise ValueError(f"a Fools' FSU needs its rolled kind of cover (table B), not {fool_cover!r}")
        covers.add(fool_cover)
    elif fool_cover is not None:
        raise ValueError(f"only a party with the Fools rolls a kind of cover, not {sorted(g.value for g in guilds)!r}")
    return frozenset(covers)
