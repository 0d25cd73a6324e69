"""``ankh-companion analyse STATE.json`` — who controls what and who would win, for one position.

The output shape and the exit statuses are a contract (issue 2, ``docs/state-format.md``): one JSON
document on stdout; on bad input, exit status 2, one line on stderr naming the offending field, and
nothing on stdout. ``-`` reads the position from standard input. A position of the second game
(``"format": "ankh-morpoly-state/1"``) gets its own document (``docs/morpoly-state-format.md``).
"""
from __future__ import annotations

import json
import sys
from typing import Any

from companion.cli.bounds import one_line, read_text
from companion.morpork.board import AREA_IDS
from companion.core.errors import InputError, StateFormatError
from companion.core.jsontext import JsonTextError, parse_json
from companion.morpork.scoring import (
    controlled_areas,
    controller,
    final_score,
    infiltrated,
    net_worth,
    trouble_count,
    wins_now,
)
from companion.morpork.state import State
from companion.morpork.state_format import state_from_text

USAGE = ("usage: ankh-companion analyse STATE.json   (or - for standard input; an ankh-morpork-state/1 or "
         "ankh-morpoly-state/1 position)\n")
MORPOLY_FORMAT = "ankh-morpoly-state/1"
BAD_INPUT = 2


def analyse(state: State) -> dict[str, Any]:
    """The ``analyse`` document for a position: every area, every player, the trouble count and the
    outcome if the game ended on points now."""
    score = final_score(state)
    return {
        "areas": {a: {"controller": controller(state, a)} for a in AREA_IDS},
        "players": {
            c: {
                "controlled": len(controlled_areas(state, c)),
                "infiltrated": len(infiltrated(state, c)),
                "net_worth": net_worth(state, c),
                "points": score.points[c],
                "wins_now": wins_now(state, c),
            }
            for c in state.colors
        },
        "trouble_markers": trouble_count(state),
        "final_score": {"points": dict(score.points), "winners": list(score.winners)},
    }


def main(argv: list[str]) -> int:
    """Run the command; returns the exit status (0, or 2 for a bad position or bad arguments)."""
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0
    if len(argv) != 1:
        sys.stderr.write(f"analyse: expected one STATE.json argument, got {argv!r}\n")
        return BAD_INPUT
    path = argv[0]
    try:
        text = read_text(path)
    except (OSError, UnicodeDecodeError) as exc:
        sys.stderr.write(one_line(f"(file): cannot read {path!r}: {exc}") + "\n")
        return BAD_INPUT
    if _is_morpoly(text):
        return _analyse_morpoly(text)
    try:
        state = state_from_text(text)
    except StateFormatError as exc:
        also = f" or {MORPOLY_FORMAT!r}" if exc.field == "format" else ""  # this command reads both games
        sys.stderr.write(one_line(str(exc)) + also + "\n")
        return BAD_INPUT
    sys.stdout.write(json.dumps(analyse(state), indent=2) + "\n")
    return 0


def _is_morpoly(text: str) -> bool:
    """Whether the document is the second game's position (its ``format`` field says so)."""
    try:
        doc = parse_json(text, "the position")
    except JsonTextError:
        return False
    return isinstance(doc, dict) and doc.get("format") == MORPOLY_FORMAT


def _analyse_morpoly(text: str) -> int:
    """``ankh-morpoly-state/1``: net worth per party and each active FSU's distance to expiry
    (``docs/morpoly-state-format.md``); a bad position is one line on stderr and status 2."""
    from companion.morpoly.analysis import analyse_position
    from companion.morpoly.state_format import state_from_json

    try:
        state = state_from_json(parse_json(text, "the position"))
    except (InputError, JsonTextError) as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return BAD_INPUT
    sys.stdout.write(json.dumps(analyse_position(state), indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
