"""More than a thousand codes that are not our cards -- web addresses, other games' codes, damaged
and truncated payloads, a newer format -- and not one of them reaches the game, through any scanner.
"""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path


from hardware.qr_payload import QR_ALPHANUMERIC, NotOurCard, all_codes, parse
from hardware.scanners import Rejection, Scan, open_scanner
from hardware.scanners.camera import CameraScanner

_spec = importlib.util.spec_from_file_location("qr_scenes", Path(__file__).parent / "qr_fixtures" / "scenes.py")
assert _spec and _spec.loader
scenes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scenes)

OURS = frozenset(c.payload for c in all_codes())
ALPHABET = sorted(QR_ALPHANUMERIC)


def damaged(payload: str) -> list[str]:
    """Everything a scuffed, mis-typed or half-read sticker could say."""
    out = [payload[:n] for n in range(1, len(payload))]
    out += [payload[:i] + payload[i + 1 :] for i in range(len(payload))]
    out += [payload[:i] + ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] + payload[i + 1 :]
            for i, c in enumerate(payload)]
    out += [payload[:i] + payload[i + 1] + payload[i] + payload[i + 2 :] for i in range(len(payload) - 1)]
    out += [payload.lower(), payload + "X", "X" + payload, payload + payload, " " + payload, payload + " "]
    out += [payload.replace("AM1", v) for v in ("AM0", "AM2", "AM10", "AMI", "AN1")]
    return out


def foreign_payloads() -> list[str]:
    rng = random.Random(7)
    texts: list[str] = []
    for code in all_codes():
        texts += damaged(code.payload)
    texts += [f"https://boardgamegeek.com/boardgame/{rng.randrange(1, 400000)}" for _ in range(100)]
    texts += [f"http://example.org/cards?id={n}" for n in range(50)]
    texts += [f"CATAN:{kind}:{n}" for kind in ("ORE", "WOOL", "BRICK") for n in range(20)]
    texts += [f"TTR-{colour}-{n}" for colour in ("RED", "BLUE", "LOCO") for n in range(20)]
    texts += [f"WIFI:S:table-{n};T:WPA;P:secret{n};;" for n in range(20)]
    texts += [f"{rng.randrange(10**12, 10**13)}" for _ in range(50)]  # EAN-like digits
    texts += ["".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 17))) for _ in range(300)]
    texts += [f"AM1:{k}:{''.join(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ-') for _ in range(rng.randrange(1, 11)))}"
              for k in "CEPA" for _ in range(50)]
    unique = [t for t in dict.fromkeys(texts) if t and t not in OURS]
    return unique


FOREIGN = foreign_payloads()


def test_there_are_more_than_a_thousand_and_none_is_ours() -> None:
    assert len(FOREIGN) >= 1000
    for text in FOREIGN:
        try:
            parse(text)
        except NotOurCard:
            continue
        raise AssertionError(f"{text!r} parsed as one of our cards")


def test_sim_scanner_rejects_every_one() -> None:
    scanner = open_scanner("sim://")
    scans: list[Scan] = []
    rejections: list[Rejection] = []
    scanner.when_scanned = scans.append
    scanner.when_rejected = rejections.append
    scanner.start()
    for text in FOREIGN:
        scanner.show(text)
    assert scans == []
    assert [r.text for r in rejections] == FOREIGN and scanner.rejected_count == len(FOREIGN)


def test_keyboard_wedge_rejects_every_one() -> None:
    # a wedge line cannot carry surrounding blanks or line breaks (they are its transport)
    typable = [t for t in FOREIGN if t == t.strip()]
    assert len(typable) >= 1000
    scanner = open_scanner("wedge://")
    scans: list[Scan] = []
    scanner.when_scanned = scans.append
    scanner.start()
    for text in typable:
        scanner.feed_text(text + "\r")
    assert scans == [] and scanner.rejected_count == len(typable)


def test_camera_decodes_and_rejects_every_one_shown_on_cards() -> None:
    texts = [t for t in FOREIGN if t.isascii()][:1000]
    assert len(texts) == 1000
    width, height, cell, per_row, rows = 1280, 720, 210, 6, 3
    background = scenes.table(width, height)
    frames = []
    for first in range(0, len(texts), per_row * rows):
        frame = background
        for slot, text in enumerate(texts[first : first + per_row * rows]):
            row, col = divmod(slot, per_row)
            code = scenes.code_image(text, module_px=3)
            frame = scenes.place(frame, code, 10 + col * cell, 10 + row * (cell + 25))
        frames += [frame, frame]  # each group held for two frames, so every code counts
    feed = scenes.FrameFeed(frames, background)
    scanner = CameraScanner("camera://test-feed", lambda: feed)
    scans: list[Scan] = []
    rejected: list[str] = []
    scanner.when_scanned = scans.append
    scanner.when_rejected = lambda r: rejected.append(r.text)
    scanner.start()
    try:
        assert feed.done.wait(120)
    finally:
        scanner.stop()
    assert scans == [] and scanner.scanned_count == 0
    assert sorted(rejected) == sorted(texts)  # every foreign code was really read, then refused
