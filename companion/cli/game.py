"""``ankh-companion game``: play a journalled game from the command line, one input per call.

A contract (issue 5, ``docs/journal-format.md``)::

    game new    --db FILE --players red,blue,green [--edition en] [--names A,B,C]   → the game id
                [--mode ankh-morpork] [--option NAME=VALUE]…
    game do     --db FILE [--game ID] 'JSON INPUT'
    game state  --db FILE [--game ID] [--player COLOR]
    game undo   --db FILE [--game ID] [--steps N] [--confirm]
    game export --db FILE [--game ID]                                                → JSON Lines
  and, beyond the contract: ``game redo [--steps N]``, ``game history``, ``game import FILE.jsonl``,
  ``game recover`` (salvage a damaged file into a fresh one, then continue a damaged game from its
  longest valid prefix), ``game backup --to NEW`` (a copy with every acknowledged input, taken with
  SQLite's backup API while the app may run), ``game modes`` (the game modes with their options,
  defaults and descriptions).

Command-line numbers are checked by :mod:`companion.cli.bounds` and JSON by
:mod:`companion.core.jsontext` (bounded size, depth and digits), before the journal is opened.

``--edition X`` is ``--option edition=X``. ``state`` adds the game's ``mode``, resolved ``options``
and rules ``revision`` to the position document.

Exit status 0: done, one JSON document on stdout (``do``/``undo``/``redo``: the entry written, the
new ``seq``, the log lines it added, ``game_over`` and what the game ``needs`` next, so a script can
loop on ``needs`` alone). 2: rejected — one line on stderr naming the problem, nothing on stdout,
nothing written. 3 (``do`` only): the game waits for a different input (a roll given where a choice
is asked, another player's answer) — ``{"needs": …}`` on stdout, nothing written.

Every call opens the journal, replays the game (the newest unfinished one unless ``--game``; when all
are finished, the newest) and, for a change, appends one durable entry: there is no other state.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

from companion.cli.bounds import names_list, one_line, parse_options, whole
from companion.core.errors import CompanionError
from companion.core.inputs import input_from_json
from companion.core.journal import (
    BarrierError,
    GameRecord,
    Journal,
    JournalError,
    SalvageReport,
    backup_file,
    file_problem,
    salvage_file,
)
from companion.core.jsontext import parse_json
from companion.core.mode import DEFAULT_MODE, MODES, get_mode, resolve_options
from companion.core.procedure import Narration, Question
from companion.core.session import Session, Step, WaitingForOther

if TYPE_CHECKING:
    from companion.morpork.game import Game


MAX_INPUT = 10_000
"""The longest input JSON a command line may give (a real one is under 200 characters)."""
MAX_EXPORT = 50_000_000
"""The largest export file ``game import`` reads (a long game is a few hundred kilobytes)."""


class Rejected(Exception):
    """Exit 2 with this one-line message."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise Rejected(f"{self.prog}: {message}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ankh-companion game", description="Play a journalled game one input at a time.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, help_text: str, game: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--db", required=True, help="the journal file (SQLite; created when missing)")
        if game:
            p.add_argument("--game", type=whole("--game"), help="game id (default: the unfinished game, else the newest)")
        return p

    new = command("new", "start a game and print its id", game=False)
    new.add_argument("--players", required=True, help="colours in turn order, e.g. red,blue,green")
    new.add_argument("--edition", help="en, de, pl or it (default en): the same as --option edition=X")
    new.add_argument("--names", help="players' names, in the same order")
    new.add_argument("--mode", default=DEFAULT_MODE, help=f"the game (default {DEFAULT_MODE}; see 'game modes')")
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option of the mode (repeatable; see 'game modes')")
    do = command("do", "apply one input given as JSON")
    do.add_argument("input", help='e.g. \'{"type": "roll", "face": 7}\'')
    state = command("state", "print the position (ankh-morpork-state/1)")
    state.add_argument("--player", help="show only what this colour may see")
    undo = command("undo", "take back steps (a correction with --confirm past a roll or a secret)")
    undo.add_argument("--steps", type=whole("--steps"), default=1)
    undo.add_argument("--confirm", action="store_true", help="allow undoing past a die roll or a revealed secret")
    redo = command("redo", "put back undone steps")
    redo.add_argument("--steps", type=whole("--steps"), default=1)
    command("export", "print the game as JSON Lines")
    command("history", "print the finished games", game=False)
    imp = command("import", "store an exported game as a new game and print its id", game=False)
    imp.add_argument("file")
    command("recover", "salvage a damaged file and continue a damaged game from its longest valid prefix")
    backup = command("backup", "copy the journal, with every acknowledged input, while it may be in use",
                     game=False)
    backup.add_argument("--to", required=True, help="the new file (must not exist)")
    sub.add_parser("modes", help="print the game modes with their options, defaults and descriptions")
    return parser


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
        return _run(args)
    except WaitingForOther as exc:
        _print({"needs": needs_json(exc.question)})
        return 3
    except BarrierError as exc:
        sys.stderr.write(one_line(str(exc)).replace("confirm to record", "repeat with --confirm to record") + "\n")
        return 2
    except (Rejected, CompanionError, OSError, ValueError) as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return 2


@contextmanager
def _new_file_on_success(db: str) -> Iterator[None]:
    """A journal this command creates is kept only if the command succeeds: a refused game or a
    refused import leaves no empty file behind to be mistaken for a game, and an empty file it
    was given stays empty."""
    created, was_empty = not os.path.exists(db), _is_empty(db)
    try:
        yield
    except BaseException:
        if created or was_empty:
            for leftover in (db + "-wal", db + "-shm") if was_empty else (db, db + "-wal", db + "-shm"):
                if os.path.exists(leftover):
                    os.remove(leftover)
            if was_empty:
                with open(db, "wb"):
                    pass
        raise


def _run(args: argparse.Namespace) -> int:
    if args.command == "modes":
        _print([_mode_json(mode_id) for mode_id in MODES])
        return 0
    if args.command == "new":
        options = parse_options(args.option)
        get_mode(args.mode)  # an unknown mode is refused before the file is created
        players = names_list("--players", args.players)
        names = names_list("--names", args.names) if args.names is not None else None
        with _new_file_on_success(args.db), Journal(args.db) as journal:
            starter: Session[Any] = Session(journal)
            starter.new_game(players, args.edition, names, mode=args.mode, options=options)
        sys.stdout.write(f"{starter.game_id}\n")
        return 0
    if args.command == "import":
        lines = _read_export(args.file)
        with _new_file_on_success(args.db), Journal(args.db) as journal:
            game_id = Session(journal).import_lines(lines)
        sys.stdout.write(f"{game_id}\n")
        return 0
    if not os.path.exists(args.db) or _is_empty(args.db):
        raise Rejected(f"no journal at {args.db!r}{' (an empty file)' if os.path.exists(args.db) else ''}; "
                       f"start a game with 'game new --db {args.db}'")
    if args.command == "history":
        with Journal(args.db) as journal:
            _print([record.to_json() for record in journal.history()])
        return 0
    if args.command == "recover":
        return _recover(args.db, args.game)
    if args.command == "backup":
        count = backup_file(args.db, args.to)
        _print({"backup": args.to, "entries": count})
        return 0
    # the input is checked before the journal is opened: a malformed one never touches the file
    inp = input_from_json(parse_json(args.input, "the input", MAX_INPUT)) if args.command == "do" else None
    with Journal(args.db) as journal:
        session: Session[Game] = Session(journal)
        session.resume(_pick(journal, args.game).id)
        if inp is not None:
            _print(_step_json(session, session.submit(inp)))
        elif args.command == "undo":
            _print(_step_json(session, session.undo(args.steps, confirm=args.confirm)))
        elif args.command == "redo":
            _print(_step_json(session, session.redo(args.steps)))
        elif args.command == "state":
            assert session.record is not None  # resumed above
            doc = state_document(session.record, session.current, args.player)
            sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        elif args.command == "export":
            for line in session.export_lines():
                sys.stdout.write(line + "\n")
    return 0


def _is_empty(path: str) -> bool:
    """An empty file (``touch``ed, or truncated to nothing) with no ``-wal`` beside it holds no game:
    SQLite would take it for a new database, and opening it as a journal would write the tables
    into it — a command that only reads, or is refused, writes nothing."""
    return os.path.isfile(path) and os.path.getsize(path) == 0 and not os.path.exists(path + "-wal")


def _read_export(path: str) -> list[str]:
    """The lines of an export file; a file that is not UTF-8 or is absurdly long is refused whole."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_EXPORT + 1)
    if len(data) > MAX_EXPORT:
        raise Rejected(f"{path!r} is larger than {MAX_EXPORT} bytes: not an export of one game")
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise Rejected(f"{path!r} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _recover(path: str, game_id: int | None) -> int:
    """Salvage first: a file SQLite finds damaged (checked on a scratch copy) is copied row by row
    into a fresh file, which takes its place (the damaged one is kept aside, never written). Then a
    game whose rows do not all replay (a garbage row, a broken hash chain) continues as a new game
    from its longest valid prefix. A sound file on a full disk or in a read-only folder is never
    called damaged: those are reported by the first write."""
    salvaged: SalvageReport | None = None
    if file_problem(path) is not None:
        salvaged = salvage_file(path)
    with Journal(path) as journal:
        session: Session[Game] = Session(journal)
        record = _pick(journal, game_id)
        broken: int | None = None
        try:
            session.resume(record.id)
        except JournalError:
            broken = record.id
            session.recover(record.id)
        if salvaged is None and broken is None:
            raise Rejected(f"nothing to recover: every row of game {record.id} replays")
        _print({"salvaged": salvaged.describe() if salvaged else None, "broken": broken,
                "game": session.game_id, "entries": journal.last_n(session.game_id or 0),
                "needs": needs_json(session.question)})
    return 0


def _pick(journal: Journal, game_id: int | None) -> Any:
    if game_id is not None:
        return journal.game(game_id)
    record = journal.current_game() or journal.latest_game()
    if record is None:
        raise Rejected(f"no game in {journal.path!r}; start one with 'game new'")
    return record


def needs_json(question: Question | None) -> dict[str, Any] | None:
    """What the game waits for, in the ``needs`` shape of the ``event`` command."""
    if question is None:
        return None
    doc = question.to_json()
    if question.kind == "roll" and question.player is not None:
        doc["player"] = question.player
    if question.private:
        doc["private"] = True
    return doc


def _public(lines: list[Narration]) -> list[str]:
    return [line.text for line in lines if not line.key.startswith("private.")]


def _step_json(session: Session[Game], step: Step[Game]) -> dict[str, Any]:
    game_over = step.game.state.game_over
    return {
        "game": session.game_id, "entry": step.entry.n, "kind": step.entry.kind, "seq": session.seq,
        "log": _public(step.narration),
        "game_over": False if game_over is None else
        {"reason": game_over.reason, "winners": list(game_over.winners), "personality": game_over.personality},
        "needs": needs_json(session.question),
    }


def state_document(record: GameRecord, game: Any, player: str | None) -> dict[str, Any]:
    """The position (``game state``, ``replay``) followed by which game it is: ``mode``, the
    resolved ``options`` and the rules ``revision``. An Ankh-Morpork position is the state format
    ``ankh-morpork-state/1`` with every secret shown, or as ``player`` may see it; another mode's is
    its own view."""
    mode = get_mode(record.mode)
    if player is not None and player not in record.players:  # a typo never shows a position, in any mode
        raise Rejected(f"{player!r} is not playing; players: {', '.join(record.players)}")
    if record.mode == DEFAULT_MODE:
        from companion.morpork.game import view
        from companion.morpork.state_format import state_to_json

        doc = state_to_json(game.state) if player is None else view(game, player)
    else:
        doc = dict(mode.view(game, player))
    # the options as the game is played: every one, the defaults filled in
    doc.update({"mode": record.mode, "options": resolve_options(mode.options, record.options),
                "revision": record.revision})
    return doc


def _mode_json(mode_id: str) -> dict[str, Any]:
    mode = get_mode(mode_id)
    return {"mode": mode.id, "title": mode.title, "revision": mode.revision,
            "options": [option.to_json() for option in mode.options]}


def _print(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))

