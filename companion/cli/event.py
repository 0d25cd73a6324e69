"""``ankh-companion event EVENT_ID STATE.json [--rolls 3,7,12] [--answers a,b,c] [--ask-interrupts]``

Resolves one random event on a position, taking die faces from ``--rolls`` and answers to choices
from ``--answers``, in order. The behaviour is a contract (issue 3):

- exit 0: one JSON document ``{"state", "log", "game_over", "rolls_used"}`` on stdout;
- exit 3: an input was missing; stdout holds ``{"needs": {"kind": "roll"}}`` or
  ``{"needs": {"kind": "choice", "player", "question", "options"}}``, so a caller can resolve an
  event step by step by re-running with one more roll or answer;
- exit 2: an answer not among the options, a roll outside 1–12, an unknown event id, an event no
  longer in the deck, a malformed position or bad arguments: one line on stderr, nothing on stdout.

Rolls left over when the event ends are ignored (a caller may roll ahead); answers left over are
refused (exit 2): an answer the event never asked for is a mistake. Without ``--ask-interrupts`` the
interrupt windows (Susan, Igor, Fresh Start Club) are skipped. Answers are option strings: area ids,
a colour or ``troll``/``demon`` for a piece, ``pay``/``decline`` for Small Gods, card ids for the
cards Fog discards, and with ``--ask-interrupts`` ``none`` or the interrupt card's id.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any

from companion.cli.bounds import one_line, read_text
from companion.morpork.catalog import EVENT_IDS
from companion.core.errors import CompanionError, InputError, StateFormatError
from companion.morpork.events import event_procedure
from companion.core.procedure import Narrator, Question
from companion.morpork.state import State
from companion.morpork.state_format import state_from_text, state_to_json

USAGE = ("usage: ankh-companion event EVENT_ID STATE.json [--rolls 3,7,12] [--answers a,b,c] [--ask-interrupts]\n"
         "       (STATE.json may be - for standard input; events: " + ", ".join(EVENT_IDS) + ")\n"
         "       answers: area ids, colour/troll/demon, pay/decline, card ids (Fog), none/susan/igor/fresh-start-club\n")
OK = 0
BAD_INPUT = 2
NEEDS_INPUT = 3


class UsageError(ValueError):
    """The command line itself is wrong (exit 2)."""


@dataclass
class Arguments:
    event: str
    path: str
    rolls: list[int]
    answers: list[str]
    ask_interrupts: bool = False


MAX_ITEMS = 1000
"""More rolls or answers than any one event can use (a flood asks for a handful)."""


def _split(value: str) -> list[str]:
    parts = [] if value.strip() == "" else [part.strip() for part in value.split(",")]
    if len(parts) > MAX_ITEMS:
        raise UsageError(f"{len(parts)} values given; an event uses at most {MAX_ITEMS}")
    return parts


def parse_rolls(value: str) -> list[int]:
    """``"3,7,12"`` → ``[3, 7, 12]``; anything but faces 1–12 is a ``UsageError`` quoting it."""
    faces = []
    for part in _split(value):
        # ASCII digits only: str.isdigit() also accepts "²" (which int() refuses) and other scripts' digits.
        if not (part.isascii() and part.isdigit()) or len(part) > 2 or not 1 <= int(part) <= 12:
            raise UsageError(f"--rolls: a d12 roll is a face from 1 to 12, not {part!r:.40}")
        faces.append(int(part))
    return faces


def parse_args(argv: list[str]) -> Arguments:
    """A small strict parser: argparse would print several lines (usage + error) on a mistake."""
    positional: list[str] = []
    rolls: list[int] = []
    answers: list[str] = []
    ask_interrupts = False
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, eq, inline = arg.partition("=")
        if name in ("--rolls", "--answers"):
            if eq:
                value = inline
            elif i + 1 < len(argv):
                i += 1
                value = argv[i]
            else:
                raise UsageError(f"{name} needs a value")
            if name == "--rolls":
                rolls = parse_rolls(value)
            else:
                answers = _split(value)
                for answer in answers:
                    if not answer or len(answer) > 64 or not answer.isascii() or not answer.isprintable():
                        raise UsageError(f"--answers: an answer is an option's id, not {answer!r:.40}")
        elif arg == "--ask-interrupts":
            ask_interrupts = True
        elif arg.startswith("--"):
            raise UsageError(f"unknown option {arg!r}")
        else:
            positional.append(arg)
        i += 1
    if len(positional) != 2:
        raise UsageError(f"expected EVENT_ID and STATE.json, got {positional!r}")
    event, path = positional
    if event not in EVENT_IDS:
        raise UsageError(f"unknown event id {event!r}; expected one of {', '.join(EVENT_IDS)}")
    return Arguments(event, path, rolls, answers, ask_interrupts)


def needs_json(question: Question) -> dict[str, Any]:
    """The contract's ``needs`` shape (exactly these keys)."""
    if question.kind == "roll":
        return {"kind": "roll"}
    return {"kind": "choice", "player": question.player, "question": question.text,
            "options": list(question.options)}


@dataclass
class Outcome:
    state: State
    log: list[str]
    rolls_used: int
    needs: Question | None = None


def resolve(state: State, args: Arguments) -> Outcome:
    """Drive the event with the given rolls and answers, each stream feeding its own kind of question.

    Raises ``CompanionError`` for a refused event and ``InputError`` for an answer that is not an
    option; ``state`` itself is never changed.
    """
    work = state.copy()
    narrator = Narrator()
    body = event_procedure(work, narrator, {"event": args.event, "active": work.active_player,
                                            "ask_interrupts": args.ask_interrupts})
    rolls = iter(args.rolls)
    answers = iter(args.answers)
    rolls_used = 0
    try:
        question = next(body)
        while True:
            if question.kind == "roll":
                face = next(rolls, None)
                if face is None:
                    return Outcome(work, [n.text for n in narrator.lines], rolls_used, question)
                rolls_used += 1
                answer = str(face)
            else:
                given = next(answers, None)
                if given is None:
                    return Outcome(work, [n.text for n in narrator.lines], rolls_used, question)
                if not question.accepts(given):
                    raise InputError(f"--answers: {given!r} is not an option for {question.text!r} "
                                     f"(options: {', '.join(question.options)})")
                answer = given
            question = body.send(answer)
    except StopIteration:
        unused = list(answers)
        if unused:  # an answer the event never asked for is a mistake of the caller, not noise
            raise InputError(f"--answers: the event ended with {len(unused)} answer(s) unused: "
                             f"{', '.join(unused)[:80]}")
        return Outcome(work, [n.text for n in narrator.lines], rolls_used)


def _fail(message: str) -> int:
    sys.stderr.write("event: " + one_line(message) + "\n")
    return BAD_INPUT


def main(argv: list[str]) -> int:
    """Run the command; returns 0, 2 (bad input, nothing printed on stdout) or 3 (an input is needed)."""
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return OK
    try:
        args = parse_args(argv)
    except UsageError as exc:
        return _fail(str(exc))
    try:
        text = read_text(args.path)
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"(file): cannot read {args.path!r}: {exc}")
    try:
        state = state_from_text(text)
    except StateFormatError as exc:
        return _fail(str(exc))
    try:
        outcome = resolve(state, args)
    except CompanionError as exc:
        return _fail(str(exc))
    if outcome.needs is not None:
        sys.stdout.write(json.dumps({"needs": needs_json(outcome.needs)}) + "\n")
        return NEEDS_INPUT
    doc = {"state": state_to_json(outcome.state), "log": outcome.log,
           "game_over": outcome.state.game_over is not None, "rolls_used": outcome.rolls_used}
    sys.stdout.write(json.dumps(doc, indent=2) + "\n")  # ASCII escapes: any stdout encoding will do
    return OK


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
