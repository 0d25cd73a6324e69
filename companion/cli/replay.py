"""``ankh-companion replay FILE.jsonl [--player COLOR]``: the final position of an exported game.

Replays the export (``game export``; format in ``docs/journal-format.md``) in memory through the
engine — no database, no hardware, no randomness, so the same file always gives the same position —
and prints it in the state format ``ankh-morpork-state/1`` (every secret shown; with ``--player``,
only what that colour may see). Exit 0 on success; 2 with one line on stderr naming the line or row
when the file is damaged, truncated, of an unknown version, or holds an input the engine rejects.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

from companion.core.errors import CompanionError
from companion.core.session import GameRules, replay_export


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
            game = replay_export(handle, GameRules())
        from companion.morpork.game import view
        from companion.morpork.state_format import state_to_json

        if args.player is None:
            doc = state_to_json(game.state)
        elif game.state.has_player(args.player):
            doc = view(game, args.player)
        else:
            raise CompanionError(f"{args.player!r} is not playing; players: {', '.join(game.state.colors)}")
    except (CompanionError, OSError, UnicodeDecodeError) as exc:
        sys.stderr.write(" ".join(str(exc).split()) + "\n")
        return 2
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
