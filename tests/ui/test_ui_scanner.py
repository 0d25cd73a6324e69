"""Cards shown to the (simulated) scanner reach the game through Kivy's main thread: a secret
personality at set-up (never shown in the log), a played card, an event card; a code that is not
one of our cards is refused on screen and changes nothing."""
from __future__ import annotations

import threading
from typing import Any

from hardware.qr_payload import encode

from companion.core.inputs import CardScan


def show_from_thread(d: Any, payload: str) -> None:
    """The scanner reports from its own thread, as a camera's would."""
    worker = threading.Thread(target=d.app.devices.scanner.show, args=(payload,), name="scanner-test")
    worker.start()
    worker.join()
    d.frames(3)


def test_scanned_cards_drive_the_game(driver: Any) -> None:
    d = driver
    app = d.app
    assert app.devices.scanner_status.simulated
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    app.on_die_roll(1, "manual")
    for personality in ("vetinari", "rust", "vimes"):
        show_from_thread(d, encode("personality", personality))
    assert [p.personality for p in app.game.state.players] == ["vetinari", "rust", "vimes"]
    assert all(isinstance(i, CardScan) and i.kind == "personality" for i in app.session.inputs[1:4])
    app.show("journal")
    d.frames(3)
    log = d.texts(d.screen.ids.lines)
    assert "(secret)" in log and "Vetinari" not in log and "vetinari" not in log
    # no screen shows anyone's personality during play
    from companion.morpork.catalog import PERSONALITY_BY_ID
    secret_names = [PERSONALITY_BY_ID[p].name("en") for p in ("vetinari", "rust", "vimes")]
    for name in ("journal", "table", "turn", "setup"):
        app.show(name)
        d.frames(3)
        shown = d.texts(app.root)
        assert not [n for n in secret_names if n in shown], (name, secret_names)
    app.back_to_game()
    seq = app.game.seq
    show_from_thread(d, "HELLO WORLD")
    assert app.game.seq == seq and "not one of our cards" in app.message
    show_from_thread(d, encode("card", "groat"))
    assert app.game.seq == seq + 1 and dict(app.game.question.params).get("card") == "groat"


def test_a_refused_scan_and_a_scanned_personality_already_dealt_are_said_in_german(driver: Any) -> None:
    """Played in German: a code that is none of our cards, and the second player showing the
    personality the first already holds, are refused in German; nothing changes."""
    d = driver
    app = d.app
    app.set_language("de")
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    app.on_die_roll(1, "manual")
    seq = app.game.seq
    show_from_thread(d, "HELLO WORLD")
    assert app.game.seq == seq and app.message.startswith("Scanner: keine Karte dieses Spiels (")
    show_from_thread(d, encode("personality", "vetinari"))
    show_from_thread(d, encode("personality", "vetinari"))
    assert app.game.seq == seq + 1
    assert app.message == "Diese Karte ist schon vergeben: wähle eine andere Persönlichkeit"
    assert app.message in d.texts(app.root)  # in the status bar
