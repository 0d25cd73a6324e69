"""The played card's symbols as a checklist — done, now, to come, skipped — drawn from the progress
the game's mode publishes (``companion.core.mode.Progress``). Nothing here works out what happened:
the turn procedure records each symbol's status as it takes it. Kivy-free so it can be tested with
plain games."""
from __future__ import annotations

from collections.abc import Callable

from companion.core.mode import Activity, Progress
from companion.core.procedure import Reason
from ui.palette import STEP_MARK, SYMBOL_MARK


def played_card(progress: Progress) -> Activity | None:
    """The card whose symbols are being taken now (the innermost, inside Drumknott's)."""
    return progress.innermost("card")


Amount = Callable[[int], str]
"""An amount of money as the table's language writes it ("$3", German "3 $", Italian "3$")."""


def symbol_mark(name: str, amount: Amount | None = None) -> str:
    """How the checklist shows a printed symbol: ``$3`` keeps its amount, written as ``amount``
    writes one (kept whole with a no-break space), so the strip says "▶1 $" in German as the
    question under it does ("1 $ von der Bank nehmen?"); it said "▶$1" there."""
    if amount is not None and name.startswith("$") and name[1:].isdigit():
        return amount(int(name[1:])).replace(" ", "\u00a0")
    return SYMBOL_MARK.get(name, name)


def checklist_marks(card: Activity, amount: Amount | None = None) -> str:
    """``✓♟  ▶⊘  ○$1``: each symbol with its status mark, in the printed order."""
    return "  ".join(f"{STEP_MARK[step.status]}{symbol_mark(step.name, amount)}" for step in card.steps)


def skipped_reasons(card: Activity, say: Callable[[Reason], str], amount: Amount | None = None) -> str:
    """One line per skipped symbol, with why the engine skipped it (``Step.why``) as ``say`` words
    it in the table's language: ``✕†  blue has nobody to assassinate``."""
    return "\n".join(f"{STEP_MARK[step.status]}{symbol_mark(step.name, amount)}  {say(step.why)}"
                     for step in card.steps if step.status == "skipped" and step.why is not None)
