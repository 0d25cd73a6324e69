"""Ten thousand codes that are not our cards, most of them nearly are: the QR corpus of issue 15.

Every text here must be refused by every scanner path (sim, keyboard wedge, camera). Each comes
with the family it belongs to, so a failure says what kind of near miss got through:

* ``version`` -- our payloads with the version spelt otherwise: leading zeros (``AM01``,
  ``AM001``), a sign, a blank, and every Unicode decimal digit that ``\\d`` and ``int()`` read as
  1 (``AM١``, ``AM１``, ``AM߁`` ...), or as 2;
* ``letters`` -- case changes and look-alike letters (Cyrillic, Greek, full-width), look-alike
  punctuation (full-width colon, en dash, underscore);
* ``invisible`` -- a no-break space, zero-width space, NUL, GS1 separator, NEL or ideographic space
  inside or around the payload (what ``str.strip()`` or a lenient match would forgive);
* ``damage`` -- truncations, deletions, substitutions from the QR alphabet, transpositions,
  insertions, a code under another kind letter, doubled payloads;
* ``overlong`` -- a payload at the end of a line longer than the wedge's 256 characters (the
  269-character line whose tail was delivered as a scan);
* ``foreign`` -- web addresses, other games' codes, Wi-Fi codes, EAN numbers, random QR text and
  random Unicode text.

No text contains a line break or starts or ends with an ASCII space or tab: a keyboard wedge
ends lines at CR/LF and strips those blanks by design, so such texts are transport, not payload
(:data:`TRANSPORT` lists them separately, for the paths that carry them as they are).
"""
from __future__ import annotations

import random
import sys
import unicodedata

from hardware.qr_payload import QR_ALPHANUMERIC, all_codes

SIZE = 10_000
OURS = frozenset(c.payload for c in all_codes())
ALPHABET = sorted(QR_ALPHANUMERIC)


def _decimal_digits() -> dict[int, list[str]]:
    """Every Unicode decimal digit (category Nd) by its value, ASCII first."""
    out: dict[int, list[str]] = {}
    for c in range(sys.maxunicode + 1):
        if unicodedata.category(chr(c)) == "Nd":
            out.setdefault(unicodedata.digit(chr(c)), []).append(chr(c))
    return out


_DIGITS = _decimal_digits()
ZEROS, ONES, TWOS = _DIGITS[0], _DIGITS[1], _DIGITS[2]
LOOKALIKES = {  # upper-case Latin letters and their twins in other scripts
    "A": "АΑＡ", "B": "ВΒＢ", "C": "СϹＣ", "E": "ЕΕＥ", "H": "НΗＨ", "I": "ІΙＩ", "K": "КΚＫ",
    "M": "МΜＭ", "N": "ΝＮ", "O": "ОΟＯ", "P": "РΡＰ", "S": "ЅＳ", "T": "ТΤＴ", "X": "ХΧＸ",
    "Y": "ΥＹ", "Z": "ΖＺ", "D": "Ｄ", "G": "Ｇ", "L": "Ｌ", "R": "Ｒ", "U": "Ｕ", "V": "Ｖ", "W": "Ｗ",
}
INVISIBLES = ("\u00a0", "\u200b", "\x00", "\x1d", "\x85", "\u3000", "\ufeff", "\u2060")


def _version(rng: random.Random, payload: str) -> list[str]:
    rest = payload[3:]  # ":C:MR-BENT"
    out = [f"AM{v}{rest}" for v in ("01", "001", "0001", "00001", "0", "+1", "-1", " 1", "1 ",
                                    "1.0", "1_0", "I", "l", "¹", "①", "0x1", "1e0")]
    out += [f"AM{d}{rest}" for d in ("١", "１")]  # the two
    out += [f"AM{d}{rest}" for d in rng.sample(ONES[1:], 3)]  # and any other: ߁ १ ১ ...
    out.append(f"AM{rng.choice(TWOS[1:])}{rest}")
    out.append(f"AM{rng.choice(ONES[1:])}{rng.choice(ZEROS[1:])}{rest}")  # 10 in another script
    return out


def _letters(rng: random.Random, payload: str) -> list[str]:
    out = [payload.lower(), payload.title(), payload.swapcase()]
    positions = [i for i, c in enumerate(payload) if c.isalpha()]
    i = rng.choice(positions)
    out.append(payload[:i] + payload[i].lower() + payload[i + 1:])
    twins = [i for i, c in enumerate(payload) if c in LOOKALIKES]
    for i in rng.sample(twins, min(3, len(twins))):
        out.append(payload[:i] + rng.choice(LOOKALIKES[payload[i]]) + payload[i + 1:])
    out += [payload.replace(":", "\uff1a"), payload.replace(":", ";", 1), payload.replace(":", "\u2236")]
    if "-" in payload:
        out += [payload.replace("-", "\u2013"), payload.replace("-", "_"), payload.replace("-", "\u2011")]
    return out


def _invisible(rng: random.Random, payload: str) -> list[str]:
    out = []
    for mark in INVISIBLES:  # after, before or inside
        i = rng.choice((len(payload), 0, rng.randrange(1, len(payload))))
        out.append(payload[:i] + mark + payload[i:])
    i = rng.randrange(1, len(payload))
    out += [payload[:i] + " " + payload[i:], payload[:i] + "\t" + payload[i:]]
    return out


def _damage(payload: str) -> list[str]:
    out = [payload[:n] for n in range(1, len(payload))]
    out += [payload[:i] + payload[i + 1:] for i in range(len(payload))]
    out += [payload[:i] + ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] + payload[i + 1:]
            for i, c in enumerate(payload)]
    out += [payload[:i] + payload[i + 1] + payload[i] + payload[i + 2:] for i in range(len(payload) - 1)]
    out += [payload[:i] + "X" + payload[i:] for i in range(1, len(payload))]
    out += [payload.replace(f":{payload[3 + 1]}:", f":{k}:", 1) for k in "CEPAXZ"]
    out += [payload + payload, payload + ":", payload + ":X", "AM1:" + payload, payload + "-",
            "X" + payload, payload + "X", payload.replace("AM1", "AM", 1), payload.replace("AM", "MA", 1)]
    return out


def _overlong(rng: random.Random) -> list[str]:
    out = []
    for code in all_codes():
        payload = code.payload
        out.append("X" * 256 + payload)  # the 269-character line, for every payload
        filler = "".join(rng.choice(ALPHABET[1:]) for _ in range(rng.randint(257, 300) - len(payload)))
        out.append(filler.strip() + payload)
    return out


def _foreign(rng: random.Random) -> list[str]:
    out = [f"https://boardgamegeek.com/boardgame/{rng.randrange(1, 400000)}" for _ in range(150)]
    out += [f"http://example.org/cards?id={n}" for n in range(100)]
    out += [f"CATAN:{kind}:{n}" for kind in ("ORE", "WOOL", "BRICK", "GRAIN", "LUMBER") for n in range(30)]
    out += [f"TTR-{colour}-{n}" for colour in ("RED", "BLUE", "LOCO", "PINK") for n in range(30)]
    out += [f"WIFI:S:table-{n};T:WPA;P:secret{n};;" for n in range(50)]
    out += [f"{rng.randrange(10**12, 10**13)}" for _ in range(100)]  # EAN-like digits
    out += ["".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 17))) for _ in range(400)]
    out += [f"AM1:{k}:{''.join(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-') for _ in range(rng.randrange(1, 11)))}"
            for k in "CEPA" for _ in range(75)]
    printable = [chr(c) for c in range(0x20, 0x3000)
                 if unicodedata.category(chr(c))[0] in "LNPS"]
    out += ["".join(rng.choice(printable) for _ in range(rng.randrange(1, 30))) for _ in range(300)]
    return out


def _typable(text: str) -> bool:
    return bool(text) and "\r" not in text and "\n" not in text and text == text.strip(" \t")


def corpus(size: int = SIZE, seed: int = 15) -> list[tuple[str, str]]:
    """``size`` distinct (family, text) pairs, none of them one of our payloads; deterministic.

    Every version, letters, invisible, overlong and foreign text is in; damage fills the rest.
    """
    rng = random.Random(seed)
    families: dict[str, list[str]] = {"version": [], "letters": [], "invisible": [], "damage": []}
    for code in all_codes():
        families["version"] += _version(rng, code.payload)
        families["letters"] += _letters(rng, code.payload)
        families["invisible"] += _invisible(rng, code.payload)
        families["damage"] += _damage(code.payload)
    families["overlong"] = _overlong(rng)
    families["foreign"] = _foreign(rng)
    seen: set[str] = set(OURS)
    picked: dict[str, list[str]] = {}
    for family, texts in families.items():
        keep = []
        for text in texts:
            if _typable(text) and text not in seen:
                seen.add(text)
                keep.append(text)
        picked[family] = keep
    fixed = sum(len(v) for k, v in picked.items() if k != "damage")
    if fixed > size or fixed + len(picked["damage"]) < size:
        raise ValueError(f"cannot make {size} texts from {fixed} fixed and "
                         f"{len(picked['damage'])} damaged ones")
    picked["damage"] = rng.sample(picked["damage"], size - fixed)
    return [(family, text) for family, texts in picked.items() for text in texts]


#: Our payloads with transport around them: refused as they are (sim, camera); a wedge strips the
#: blanks and ends the line at the break by design, so these are not wedge tests.
TRANSPORT = tuple(t for c in all_codes()
                  for t in (" " + c.payload, c.payload + " ", "\t" + c.payload, c.payload + "\n",
                            c.payload + "\r\n", "\n" + c.payload))
