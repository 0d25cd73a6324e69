"""Run the real app in this process with a pair of emulated dice on a serial link, and play
Ankh-Morpoly by touch, for the test that pulls the plug halfway (SIGKILL) and starts it again.

    python3 tests/ui/drive_morpoly.py DATA_DIR new|resume STEPS SEED [LANG [AFTER [NAMES]]]

The die emulator's pair (``firmware_bridge.emulator.EmulatedPair``, both dice on one pseudo-terminal)
is plugged at ``DATA_DIR/dice`` and the app opens it as ``serial://DATA_DIR/dice?pair=1``: every
roll the game asks for is thrown on the emulated pair and reaches the game through the serial
source's reader thread. Everything else is a touch: ``new`` taps Home's "new Ankh-Morpoly game",
as many players as ``NAMES`` (JSON, default ``["Ann", "Bob", "Cy"]``) with those names typed,
Fortuna and ELAM on, the US set (in any language) and "start" on the set-up screen; ``resume`` taps Home's "resume"; each choice is a
tap on the board's button for the answer (picked with ``random.Random(SEED, seq)``: "buy",
"roll" and "play on" most of the time, so the game moves on; now and then a Fortuna token is spent).

``LANG`` (default ``en``) is the app's language; ``AFTER`` (JSON, default ``[]``) are touches after the
steps: ``"undo:N"`` opens the Journal, taps the row N steps back, "undo to here" and the dialog's
"undo" (or "undo anyway"), then "back to the game"; ``"ledger"`` and ``"journal"`` tap the board's
button for that screen; ``"face:D:F"`` taps face F of die D (0 or 1) on the board's face pad;
``"amount:DIGITS"`` taps "another amount…" and the digits on its pad (not OK); ``"answer:V"`` taps the
board's button for answer V; ``"redo"`` taps the board's Journal, "redo", and "back to the game" when
the Journal is still open (a redo that ends the game shows its end at once).

It prints ``RESUMED {json}`` once the game is on screen (before any step) and ``READY {json}`` after
STEPS inputs — the game id, seq, the question, the mode's view of the position and what the board
shows (every text on the window, each answer button with whether it is greyed, the ring, the money
panel) — then keeps drawing frames until it is killed.
"""
from __future__ import annotations

import json
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from drive_app import _conftest, run_driver, serve_until_killed  # noqa: E402

LIMIT = 20.0


def snapshot(app: Any) -> dict[str, Any]:
    from companion.core.mode import get_mode
    game = app.game
    board = app.manager.get_screen("morpoly-board")
    board.update()  # drawn as it would be shown (not built yet when the game resumed on the ledger)
    q = game.question
    answers = [(getattr(w, "value", None), w.text, w.disabled, getattr(w, "state", None))
               for w in board.answer_area.walk(restrict=True) if isinstance(getattr(w, "text", None), str)]
    return {"screen": app.manager.current, "message": app.message, "game": app.session.game_id,
            "texts": _conftest_module().Driver(app).texts(app.root), "answers": answers,
            "ledger": ledger_text(app), "undone": len(app.session.timeline.undone),
            "mode": app.session.record.mode, "seq": game.seq, "inputs": len(app.session.inputs),
            "question": None if q is None else {"kind": q.kind, "key": q.key, "player": q.player,
                                                "options": list(q.options), "params": [list(p) for p in q.params]},
            "view": get_mode("ankh-morpoly").view(game, None),
            "ring": [cell.text for cell in board.cells], "money": board.money_label.text,
            "faces": list(board.faces), "amount": amount_shown(board),
            "sources": sorted({getattr(i, "source", "") for i in app.session.inputs if hasattr(i, "faces")}),
            "asked": sorted({app.session.question_at(i).key for i in range(len(app.session.inputs))})}


def amount_shown(board: Any) -> str | None:
    """What the amount pad shows when it is open (None: closed)."""
    popup = getattr(board, "amount_popup", None)
    if popup is None or popup.parent is None:
        return None
    return str(popup.content.children[-1].text)


_CONFTEST: list[Any] = []


def _conftest_module() -> Any:
    if not _CONFTEST:
        _CONFTEST.append(_conftest())
    return _CONFTEST[0]


def ledger_text(app: Any) -> str:
    """What the FSU ledger screen shows for the position (drawn without leaving the board)."""
    ledger = app.manager.get_screen("morpoly-ledger")
    ledger.update()
    return str(ledger.body.text)


def undo_by_touch(d: Any, steps: int) -> None:
    """Journal → the row ``steps`` back → "undo to here" → the dialog's undo → back to the board."""
    app = d.app
    played = len(app.session.inputs)
    d.tap(d.screen.journal_button)
    assert d.screen.name == "journal"
    d.screen.select(played - steps)
    d.frames(2)
    d.tap(d.screen.ids.undo)
    d.tap(d.screen.confirm_button)
    wait_until(d, lambda: d.screen.popup.parent is None, "the undo dialog to close")
    assert len(app.session.inputs) == played - steps, app.message
    d.tap(d.screen.ids.back)
    assert d.screen.name == "morpoly-board", d.screen.name


def wait_until(d: Any, condition: Any, what: str) -> None:
    end = time.monotonic() + LIMIT
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}; message {d.app.message!r}")
        d.frames(1)
        time.sleep(0.005)


def pick(options: tuple[str, ...], rng: random.Random) -> str:
    """A table's plausible answer: buy and roll mostly, sometimes anything offered."""
    for usual in ("roll", "buy", "pay", "play-on"):
        if usual in options and rng.random() < 0.85:
            return usual
    return rng.choice(options)


def step(d: Any, pair: Any, seed: int) -> None:
    """One input: a throw of the emulated pair, or a tap on the board's button for the answer."""
    app = d.app
    game = app.game
    q = game.question
    seq = game.seq
    rng = random.Random(seed * 100_003 + seq)
    if q.kind == "roll":
        pair.throw((rng.randint(1, 6), rng.randint(1, 6)))
    else:
        greyed = {option for option, _why in q.unavailable}
        value = pick(tuple(o for o in q.options if o not in greyed), rng)
        for _attempt in range(3):
            d.frames(2)  # the board redrawn for this question (a roll from the dice arrives between frames)
            buttons = [w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == value]
            assert buttons, (value, q.options)
            d.tap(buttons[0])
            if wait_for(d, lambda: app.game.seq != seq or buttons[0].get_root_window() is None):
                if app.game.seq != seq:
                    return
            # the board was drawn again under the finger (a status change redraws the answers):
            # the tap met a button no longer on screen, and the table taps again
            log_line(f"step {seq}: the answer was redrawn under the tap; tapping again")
    wait_until(d, lambda: app.game.seq != seq, f"step {seq} ({q.key})")


def wait_for(d: Any, condition: Any, seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        d.frames(1)
        time.sleep(0.005)
    return True


def log_line(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def beat_like_the_firmware(pair: Any) -> None:
    """Each die's heartbeat every second, as the firmware sends it (docs/die-protocol.md): a pair
    quiet for 3 s while the table taps answers is a die gone silent, which the app says."""
    def beat() -> None:
        while True:
            time.sleep(1.0)
            for die in pair.dice:
                die.beat()

    threading.Thread(target=beat, daemon=True, name="emulated heartbeats").start()


def main(argv: list[str]) -> int:
    data_dir, how, steps, seed = Path(argv[0]), argv[1], int(argv[2]), int(argv[3])
    language = argv[4] if len(argv) > 4 else "en"
    after: list[str] = json.loads(argv[5]) if len(argv) > 5 else []
    names: list[str] = json.loads(argv[6]) if len(argv) > 6 else ["Ann", "Bob", "Cy"]
    from firmware_bridge.emulator import EmulatedPair
    data_dir.mkdir(parents=True, exist_ok=True)
    link = data_dir / "dice"
    pair = EmulatedPair(("emu-a", "emu-b"), seed=seed, link_path=str(link))
    pair.plug()
    beat_like_the_firmware(pair)
    conftest = _conftest_module()
    app = conftest.start_app(data_dir, die_url=f"serial://{link}?pair=1", language=language)
    d = conftest.Driver(app)
    d.frames(5)
    wait_until(d, lambda: app.devices.die_status.connected and not app.devices.die_status.simulated, "the dice")
    assert d.screen.name == "home"
    if how == "new":
        d.tap(d.screen.ids.new_morpoly)
        setup = d.screen
        assert setup.name == "morpoly-setup"
        d.tap(setup.count_buttons[len(names)])
        for field, name in zip(setup.name_inputs, names):
            field.text = name  # typed on the on-screen keyboard
        for switch in ("fortuna", "elam"):
            d.tap(setup.switch_buttons[switch])
        assert setup.values["fortuna"] == setup.values["elam"] == "on"
        # the US set in every language: the tests' seeds reach their questions on it (a German table
        # starts on its euro set, whose cards and prices take the same taps elsewhere)
        d.tap(setup.edition_buttons["us"])
        d.tap(setup.start_button)
    else:
        d.tap(d.screen.ids.resume)
    d.frames(3)
    assert d.screen.name == "morpoly-board" or how == "resume" and steps == 0, d.screen.name
    sys.stdout.write("RESUMED " + json.dumps(snapshot(app), sort_keys=True) + "\n")
    sys.stdout.flush()
    for _ in range(steps):
        if app.game.question is None:
            break
        step(d, pair, seed)
    for action in after:
        name, _, arg = action.partition(":")
        if name == "undo":
            undo_by_touch(d, int(arg))
        elif name in ("ledger", "journal"):
            d.tap(getattr(d.screen, f"{name}_button"))
        elif name == "face":
            die, face = (int(x) for x in arg.split(":"))
            row = [w for w in d.screen.answer_area.children if w.__class__.__name__ == "BoxLayout"][::-1][die]
            d.tap([b for b in reversed(row.children) if getattr(b, "group", "")][face - 1])
        elif name == "redo":
            d.tap(d.screen.journal_button)
            d.tap(d.screen.ids.redo)
            if d.screen.name == "journal":
                d.tap(d.screen.ids.back)
        elif name == "answer":
            seq = app.game.seq
            d.tap([w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == arg][0])
            wait_until(d, lambda: app.game.seq != seq, f"the answer {arg!r} to be taken")
        elif name == "amount":
            d.tap(d.screen.amount_button)
            wait_until(d, lambda: amount_shown(d.screen) is not None, "the amount pad")
            for digit in arg:
                d.tap(d.screen.amount_keys[digit])
        else:
            raise SystemExit(f"unknown action {action!r}")
    d.frames(3)
    serve_until_killed(d, snapshot(app))


if __name__ == "__main__":
    run_driver(main)
