"""The app with real device sources, used as a table would: a USB scanner typing on a real
pseudo-terminal (``wedge:///dev/pts/N``, read by the scanner's own thread), the die emulator on a
pty read by the serial source's thread. What the table reads on screen when a device does something
nothing asked for, goes away, or comes back."""
from __future__ import annotations

import os
import pty
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from hardware.qr_payload import encode

emulator = pytest.importorskip("firmware_bridge.emulator")


def conftest_of(request: Any) -> Any:
    return request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))


@contextmanager
def app_on_the_emulator(request: Any, tmp_path: Path, device: Any, url: str,
                        **settings: Any) -> Iterator[tuple[Any, Any]]:
    """The app with the emulated die or pair ``device`` (plugged here) as its die at ``url``, once
    connected: (the app, its driver). The app is stopped and the device unplugged after."""
    conftest = conftest_of(request)
    device.plug()
    app = conftest.start_app(tmp_path / "data", die_url=url, **settings)
    d = conftest.Driver(app)
    try:
        d.wait_for(lambda: app.devices.die_status.connected, "the die")
        yield app, d
    finally:
        conftest.stop_app(app)
        device.unplug()


def morpoly_up_to_the_first_throw(d: Any) -> None:
    """A two-player Ankh-Morpoly game (the default set) started and answered up to its first
    "roll both dice"."""
    app = d.app
    app.start_game(["red", "yellow"], ["Ann", "Bob"], "", mode="ankh-morpoly", options={})
    d.frames(3)
    while app.game.question.kind != "roll":
        options = app.game.question.options
        assert app.answer("roll" if "roll" in options else options[0])
        d.frames(2)


@pytest.fixture
def scanner_pty() -> Iterator[tuple[int, str]]:
    """A pseudo-terminal a USB scanner in serial mode would be: (the end we type into, its path)."""
    master, slave = pty.openpty()
    try:
        yield master, os.ttyname(slave)
    finally:
        os.close(master)
        os.close(slave)


def type_scan(d: Any, master: int, payload: str, counted: Any) -> None:
    """The scanner types ``payload`` and Enter; wait until the app has taken the reading."""
    before = counted()
    os.write(master, (payload + "\r\n").encode("ascii"))
    d.wait_for(lambda: counted() > before, f"the reading of {payload!r}")
    d.frames(3)


def test_a_personality_scanned_when_nothing_is_asked_is_not_named(tmp_path: Path, request: Any,
                                                                    scanner_pty: tuple[int, str]) -> None:
    """Vimes's card held under the scanner on the home screen (no game yet): the status line said
    "Scanned vimes; nothing to scan for now." to the whole table. It says a secret card was read,
    and names a public card as before."""
    conftest = conftest_of(request)
    master, path = scanner_pty
    app = conftest.start_app(tmp_path / "data", scanner_url=f"wedge://{path}")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        scanner = app.devices.scanner
        assert app.devices.scanner_status.connected and scanner.__class__.__name__ == "WedgeScanner"
        type_scan(d, master, encode("personality", "vimes"), lambda: scanner.scanned_count)
        assert app.message == "Scanned a secret card; nothing to scan for now."
        shown = d.texts(app.root)
        assert app.message in shown and "vimes" not in shown.lower()
        type_scan(d, master, encode("card", "groat"), lambda: scanner.scanned_count)
        assert app.message == "Scanned groat; nothing to scan for now."
        app.set_language("de")
        type_scan(d, master, encode("personality", "vetinari"), lambda: scanner.scanned_count)
        assert app.message == "Eine geheime Karte gescannt; gerade wird keine Karte erwartet."
        assert "vetinari" not in d.texts(app.root).lower()
        assert app.game is None
    finally:
        conftest.stop_app(app)


def test_the_morpoly_board_says_why_a_throw_from_the_die_did_not_count(tmp_path: Path, request: Any) -> None:
    """Ankh-Morpoly asks for both dice and the table throws its one d12 (a serial die on the
    emulator's pty): the engine refuses it, and the board — which has no status bar — showed
    nothing at all, as the refusal changed nothing else. Its message line now says it (the
    player's coloured dot drawn, not its markup), and nothing changed."""
    link = tmp_path / "die"
    die = emulator.EmulatedDie("emu-d12", faces=12, seed=2, link_path=str(link))
    with app_on_the_emulator(request, tmp_path, die, f"serial://{link}") as (app, d):
        morpoly_up_to_the_first_throw(d)
        assert d.screen.name == "morpoly-board"
        seq, inputs = app.game.seq, app.session.inputs
        die.roll(7)
        d.wait_for(lambda: app.message != "", "the refusal")
        d.frames(3)
        assert app.message.endswith("Ann: roll both dice” needs 2 dice"), app.message
        line = d.screen.message_label
        assert line.text == app.message and line.markup, "the board's line says it, its dot drawn"
        assert app.game.seq == seq and app.session.inputs == inputs
        d.screenshot(tmp_path / "board.png")


def test_a_die_and_a_scanner_pulled_out_mid_game_and_back_are_said_back(tmp_path: Path, request: Any) -> None:
    """The serial die (the emulator's pty) and the USB scanner (a pty behind a stable name, as
    /dev/serial/by-id is) are pulled out mid-game: each is said in one line, the game is kept.
    Plugged back, each reconnected by itself — but the line "die disconnected port failed;
    reopening" stayed on screen over a game going on with the die. It is now replaced by "connected
    again"; a refusal the table has not read is left alone; the next roll and scan count."""
    conftest = conftest_of(request)
    link = tmp_path / "die"
    die = emulator.EmulatedDie("emu-ui", faces=12, seed=3, link_path=str(link))
    die.plug()
    scanner_link = tmp_path / "scanner"
    master, slave = pty.openpty()
    scanner_link.symlink_to(os.ttyname(slave))
    app = conftest.start_app(tmp_path / "data", die_url=f"serial://{link}", scanner_url=f"wedge://{scanner_link}")
    app.devices.retry_seconds = 0.2
    d = conftest.Driver(app)
    try:
        d.wait_for(lambda: app.devices.die_status.connected and app.devices.scanner_status.connected, "both")
        app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
        d.frames(2)
        die.roll(1)
        d.wait_for(lambda: app.game.seq == 1, "the first-player roll")
        # the die is pulled out while the personalities are scanned
        die.unplug()
        d.wait_for(lambda: not app.devices.die_status.connected, "the die shown disconnected")
        assert app.message == "Die disconnected (port failed; reopening): the game waits for it."
        assert app.message in d.texts(app.root) and app.game.seq == 1
        scanner = app.devices.scanner
        type_scan(d, master, encode("personality", "vetinari"), lambda: app.game.seq)
        assert app.game.seq == 2 and app.message == ""
        die.plug()
        d.wait_for(lambda: app.devices.die_status.connected, "the die back")
        assert app.message == "" and app.notice == "Die connected again."
        # the scanner is pulled out: its line; a card scanned meanwhile is a refusal to keep
        os.close(master)
        os.close(slave)
        d.wait_for(lambda: not app.devices.scanner_status.connected, "the scanner shown disconnected")
        assert app.message.startswith("scanner: keyboard-wedge device") and app.game.seq == 2
        assert scanner.scanned_count == 1
        master, slave = pty.openpty()  # plugged back: a new pty behind the same name
        scanner_link.unlink()
        scanner_link.symlink_to(os.ttyname(slave))
        d.wait_for(lambda: app.devices.scanner_status.connected, "the scanner back")
        assert app.message == "" and app.notice == "Scanner connected again."
        assert "Scanner connected again." in d.texts(app.root)
        type_scan(d, master, encode("personality", "rust"), lambda: app.game.seq)
        assert app.game.seq == 3
        # a refusal shown when the die comes back stays: the table has not read it yet
        die.unplug()
        d.wait_for(lambda: not app.devices.die_status.connected, "the die out again")
        type_scan(d, master, encode("personality", "rust"), lambda: app.devices.scanner.scanned_count)
        refusal = app.message
        assert refusal == "That card is not available: choose another personality"
        die.plug()
        d.wait_for(lambda: app.devices.die_status.connected, "the die back again")
        assert app.message == refusal and app.game.seq == 3
    finally:
        conftest.stop_app(app)
        die.unplug()
        for fd in (master, slave):
            try:
                os.close(fd)
            except OSError:
                pass


def test_a_die_that_goes_silent_with_its_port_open_is_said(tmp_path: Path, request: Any) -> None:
    """A die whose firmware hangs (or whose battery dies behind a powered hub) keeps its port open:
    the serial source reports it ``silent`` after 3 s without a heartbeat, but the screen said
    nothing and the table threw on, unanswered. It now says so in one line, keeps the game, and
    when the die talks again says it is back; its next roll counts."""
    import threading

    link = tmp_path / "die"
    die = emulator.EmulatedDie("emu-ui", faces=12, seed=3, link_path=str(link))
    stop = threading.Event()

    def heartbeat() -> None:  # every second, as the firmware beats (docs/die-protocol.md)
        while not stop.wait(1.0):
            die.beat()

    beats = threading.Thread(target=heartbeat, daemon=True)
    beats.start()
    try:
        with app_on_the_emulator(request, tmp_path, die, f"serial://{link}") as (app, d):
            app.start_game(["red", "yellow"], ["Ann", "Bob"], "en")
            d.frames(2)
            started = time.monotonic()
            while time.monotonic() - started < 4.0:  # beating: never said silent
                d.frames(1)
                time.sleep(0.02)
            assert app.message == ""
            assert die.toggle_hang()
            d.wait_for(lambda: app.message != "", "the silence said", seconds=10.0)
            assert app.message.startswith("Die emu-ui silent (not heard for "), app.message
            assert app.message.endswith("): the game waits for it.") and app.message in d.texts(app.root)
            assert app.game.seq == 0
            d.screenshot(tmp_path / "silent.png")
            assert not die.toggle_hang()
            d.wait_for(lambda: app.message == "", "the die heard again", seconds=10.0)
            assert app.notice == "Die emu-ui heard again."
            face = die.roll(2)
            d.wait_for(lambda: app.game.seq == 1, "the roll after the silence")
            assert app.session.inputs[0].face == face == 2
    finally:
        stop.set()
        beats.join()


def test_a_crooked_die_is_said_throw_again(tmp_path: Path, request: Any) -> None:
    """The d12 comes to rest on an edge (the emulator's crooked landing, on a pty): no roll, the
    rulebook says throw again — and the screen said nothing, the table waiting for an answer that
    would not come. It says it now; nothing changed, and the throw again counts."""
    link = tmp_path / "die"
    die = emulator.EmulatedDie("emu-ui", faces=12, seed=3, link_path=str(link))
    with app_on_the_emulator(request, tmp_path, die, f"serial://{link}") as (app, d):
        app.start_game(["red", "yellow"], ["Ann", "Bob"], "en")
        d.frames(2)
        die.crooked_landing()
        d.wait_for(lambda: app.message != "", "the crooked landing said")
        assert app.message == "The die landed crooked: throw it again." and app.message in d.texts(app.root)
        assert app.game.seq == 0 and app.session.inputs == ()
        die.roll(2)
        d.wait_for(lambda: app.game.seq == 1, "the throw again")
        assert app.message == ""


def test_a_crooked_die_of_the_pair_is_said_on_the_morpoly_board(tmp_path: Path, request: Any) -> None:
    """Ankh-Morpoly's two d6 on one pty (the emulator's pair): one comes to rest crooked, the pair
    source voids the throw (``throw_again``) and the board said nothing. Its message line says to
    throw both again; the next throw counts. (Nor does the board offer its "Simulated roll" beside
    the real dice: it drew two faces of its own, a fake throw one tap away.)"""
    link = tmp_path / "dice"
    pair = emulator.EmulatedPair(("emu-a", "emu-b"), seed=3, link_path=str(link))
    with app_on_the_emulator(request, tmp_path, pair, f"serial://{link}?pair=1") as (app, d):
        morpoly_up_to_the_first_throw(d)
        seq = app.game.seq
        shown = [getattr(w, "text", "") for w in d.screen.answer_area.walk()]
        assert shown.count("⚄") == 2, "the face pad is drawn, one row per die"
        assert "Simulated roll" not in shown, "real dice on the table: no simulated throw one tap away"
        pair.throw((3, 4), crooked=1)
        d.wait_for(lambda: app.message != "", "the void said")
        assert app.message == "A die landed crooked: throw both dice again."
        assert d.screen.name == "morpoly-board" and d.screen.message_label.text == app.message
        assert app.game.seq == seq
        pair.throw((3, 4))
        d.wait_for(lambda: app.game.seq == seq + 1, "the throw again")
        assert app.session.inputs[-1].faces == (3, 4)


def test_a_scanned_card_of_another_set_is_named_as_printed_not_by_its_id(tmp_path: Path, request: Any,
                                                                         scanner_pty: tuple[int, str]) -> None:
    """At a US set's table the drawn Chance card is asked, and the USB scanner (a real pty) reads the
    sticker of a German set's card: refused, nothing changed — but the line said
    "chance.drunk is not a choice for …", an id no table can read. It names the card as printed."""
    from companion.morpoly.editions import load_edition

    master, path = scanner_pty
    link = tmp_path / "dice"
    pair = emulator.EmulatedPair(("emu-a", "emu-b"), seed=3, link_path=str(link))
    with app_on_the_emulator(request, tmp_path, pair, f"serial://{link}?pair=1", scanner_url=f"wedge://{path}") as (app, d):
        app.start_game(["red", "yellow"], ["Ann", "Bob"], "", mode="ankh-morpoly", options={"edition": "us"})
        d.frames(3)
        for guild in ("thieves", "watch"):
            assert app.answer(guild)
        assert app.answer("roll")
        pair.throw((3, 4))  # from GO, 7 squares: Chance
        d.wait_for(lambda: app.game.seq == 4, "the throw")
        assert app.game.question.key == "morpoly.card.chance", app.game.question.key
        seq, inputs = app.game.seq, app.session.inputs
        type_scan(d, master, "AM1:H:DRUNK", lambda: app.devices.scanner.scanned_count)
        printed = load_edition("de").card("chance.drunk").text
        # the printed sentence, its amount held to its symbol by a no-break space ("20\u00a0€", amounts_whole)
        assert app.message.replace("\u00a0", " ").startswith(f"“{printed}” is not a choice for “"), app.message
        assert "chance." not in app.message and d.screen.message_label.text == app.message
        assert app.game.seq == seq and app.session.inputs == inputs
