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


def symbol_mark(name: str) -> str:
    """How the checklist shows a printed symbol (``$3`` keeps its amount)."""
    return SYMBOL_MARK.get(name, name)


def checklist_marks(card: Activity) -> str:
    """``✓♟  ▶⊘  ○$1``: each symbol with its status mark, in the printed order."""
    return "  ".join(f"{STEP_MARK[step.status]}{symbol_mark(step.name)}" for step in card.steps)


def skipped_reasons(card: Activity, say: Callable[[Reason], str]) -> str:
    """One line per skipped symbol, with why the engine skipped it (``Step.why``) as ``say`` words
    it in the table's language: ``✕†  blue has nobody to assassinate``."""
    return "\n".join(f"{STEP_MARK[step.status]}{symbol_mark(step.name)}  {say(step.why)}"
                     for step in card.steps if step.status == "skipped" and step.why is not None)
