"""``ankh-companion replay FILE.jsonl [--player COLOR]``: the final position of an exported game.

Replays the export (``game export``; format in ``docs/journal-format.md``) in memory through the
engine — no database, no hardware, no randomness, so the same file always gives the same position —
and prints it in the state format ``ankh-morpork-state/1`` (every secret shown; with ``--player``,
only what that colour may see), followed by the game's ``mode``, ``options`` and rules ``revision``
(as ``game state`` prints them). The game is replayed by the mode and revision its header names. Exit 0 on success; 2 with one line on stderr naming the line or row
when the file is damaged, truncated, of an unknown version, or holds an input the engine rejects.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from companion.cli.bounds import one_line
from companion.cli.game import Rejected, state_document
from companion.core.errors import CompanionError
from companion.core.journal import parse_export
from companion.core.history import History
from companion.core.session import GameRules, fold


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CompanionError(f"{self.prog}: {message}")


def main(argv: list[str]) -> int:
    parser = _Parser(prog="ankh-companion replay", description="Replay an exported game journal.")
    parser.add_argument("file", help="a JSON Lines export (game export)")
    parser.add_argument("--player", help="show only what this colour may see")
    try:
        args = parser.parse_args(argv)
        with open(args.file, encoding="utf-8") as handle:
            header, entries, problem = parse_export(handle)
        if problem is not None:
            raise problem
        history: History[Any] = fold(GameRules(), header, entries)[0]
        doc = state_document(header, history.now, args.player)
    except (Rejected, CompanionError, OSError, UnicodeDecodeError) as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return 2
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
