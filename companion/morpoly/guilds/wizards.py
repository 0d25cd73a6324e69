"""The Wizards (Zauberer, L133–142): teleport by the product on doubles or a 7 (the move itself:
:func:`companion.morpoly.movement.wizard_teleport`), control where effects put them. Their FSU pays
when an insured token "teleports" (L-Space, moving cards, the Luggage's race; R50)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.events import Direction, Event, RelocationCause, Relocated
from companion.morpoly.layout import JAIL, opposite
from companion.morpoly.options import is_on
from companion.morpoly.position import PartyId, Position, TokenId

COVER: Final[Cover] = Cover.TELEPORT

TELEPORT_CAUSES: Final = frozenset({RelocationCause.L_SPACE, RelocationCause.CARD, RelocationCause.LUGGAGE_RACE,
                                    RelocationCause.WIZARD_TELEPORT, RelocationCause.CONTRACT_JUMP})
"""R50: what "teleports" means for the cover; jail and the return to GO never do (L140)."""
SOURCE_TELEPORT_CAUSES: Final = frozenset({RelocationCause.L_SPACE, RelocationCause.CARD,
                                           RelocationCause.LUGGAGE_RACE})
"""The source's own list (L140), under option ``wizard-cover-cards-and-lspace-only``."""


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """A beneficiary token teleports (L140)."""
    causes = SOURCE_TELEPORT_CAUSES if is_on(options, "wizard-cover-cards-and-lspace-only") else TELEPORT_CAUSES
    return (isinstance(event, Relocated) and event.cause in causes
            and position.party_of(event.token) == beneficiary)


def is_wizard(position: Position, token: TokenId) -> bool:
    return Guild.WIZARDS in position.guilds_of(position.party_of(token))


def control_choices(position: Position, token: TokenId, cause: RelocationCause, to: int,
                    options: Mapping[str, str]) -> tuple[int, ...]:
    """Where a Wizard token may end when an effect puts it on ``to`` (L137, R49): ``to`` or the
    square opposite it — not for jail, not for the return to GO after a death (unless option
    ``wizard-control-on-death-return``), and not for his own dice moves."""
    if not is_wizard(position, token) or to == JAIL or cause in (RelocationCause.GO_TO_JAIL, RelocationCause.CORRECTION,
                                                                    RelocationCause.WIZARD_TELEPORT):
        return (to,)
    if cause is RelocationCause.DEATH_RETURN and not is_on(options, "wizard-control-on-death-return"):
        return (to,)
    return (to, opposite(to))


def previous_of(squares: Sequence[int], start: int) -> int:
    """"Nearest station / utility" cards: a Wizard may go to the previous one instead (L137), walking
    backward. The last of ``squares`` strictly behind ``start`` (clockwise order)."""
    behind = [square for square in sorted(squares) if square < start]
    return behind[-1] if behind else max(squares)


def nearest_of(squares: Sequence[int], start: int) -> int:
    """The next of ``squares`` strictly ahead of ``start`` (what the card itself does)."""
    ahead = [square for square in sorted(squares) if square > start]
    return ahead[0] if ahead else min(squares)


def rolls_again_after(teleported: bool, doubles: bool) -> bool:
    """L136: no extra roll after teleporting on doubles."""
    return doubles and not teleported


def lspace_directions(position: Position, token: TokenId, natural: Direction) -> tuple[Direction, ...]:
    """L137: on L-Space (and the "go back three squares" card) a Wizard chooses the direction; every
    other token goes the ``natural`` way."""
    if is_wizard(position, token):
        return (natural, Direction.BACKWARD if natural is Direction.FORWARD else Direction.FORWARD)
    return (natural,)
