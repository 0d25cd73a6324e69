"""Catalogue maintenance without Babel: extract messages from ``.py`` and ``.kv`` files, merge them
into the ``.po`` files, and compile ``.po`` to ``.mo`` (what ``msgfmt`` does).

Run ``python3 -m ui.i18n_tools`` after changing strings: it rewrites ``ui/locale/ankh_companion.pot``,
adds new messages (untranslated) to each language's ``.po`` and compiles every ``.mo``. The compiled
files are committed so the app runs without any tool installed.

Messages are marked in Python as ``tr("...")`` / ``self.tr("...")`` / ``N_("...")`` and in ``.kv``
files as ``app.t("...", app.lang)``.
"""
from __future__ import annotations

import ast
import re
import struct
import sys
from pathlib import Path

from ui.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

UI_DIR = Path(__file__).parent
_KV_MESSAGE = re.compile(r"""app\.t\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
_MARKERS = {"tr", "N_", "t", "_", "plural"}


def extract(root: Path = UI_DIR) -> list[str]:
    """Every marked message, in first-seen order (files sorted by path)."""
    seen: dict[str, None] = {}
    for path in sorted(root.rglob("*.py")):
        if path.name == "i18n_tools.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            arg = node.args[0]
            if name in _MARKERS and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                seen.setdefault(arg.value, None)
    for path in sorted(root.rglob("*.kv")):
        for match in _KV_MESSAGE.finditer(path.read_text(encoding="utf-8")):
            raw = match.group(1) if match.group(1) is not None else match.group(2)
            seen.setdefault(ast.literal_eval('"' + raw.replace('"', '\\"') + '"'), None)
    for path in sorted(root.rglob("messages.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                seen.setdefault(line.strip(), None)
    return list(seen)


def parse_po(text: str) -> dict[str, str]:
    """msgid → msgstr of a ``.po`` file (the header entry under the empty msgid)."""
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None

    def flush() -> None:
        if msgid is not None and msgstr is not None:
            entries["".join(msgid)] = "".join(msgstr)

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [], None
            current = msgid
            line = line[6:]
        elif line.startswith("msgstr "):
            msgstr = []
            current = msgstr
            line = line[7:]
        if current is None:
            raise ValueError(f"unexpected line in .po file: {raw!r}")
        current.append(ast.literal_eval(line))
    flush()
    return entries


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write_po(path: Path, language: str, messages: list[str], translations: dict[str, str]) -> None:
    header = (f"Project-Id-Version: ankh-companion\\nLanguage: {language}\\n"
              "MIME-Version: 1.0\\nContent-Type: text/plain; charset=UTF-8\\n"
              "Content-Transfer-Encoding: 8bit\\n")
    lines = ['msgid ""', f'msgstr "{header}"', ""]
    for message in messages:
        lines += [f"msgid {_quote(message)}", f"msgstr {_quote(translations.get(message, ''))}", ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU ``.mo`` format: header, two tables of (length, offset), then the strings.
    Untranslated entries are left out so gettext falls back to the msgid."""
    items = sorted((k, v) for k, v in entries.items() if v)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for msgid, msgstr in items:
        bid, bstr = msgid.encode("utf-8"), msgstr.encode("utf-8")
        offsets.append((len(ids), len(bid), len(strs), len(bstr)))
        ids += bid + b"\0"
        strs += bstr + b"\0"
    n = len(items)
    key_start = 7 * 4 + 16 * n
    value_start = key_start + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + key_start]
        voffsets += [l2, o2 + value_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return header + struct.pack(f"{2 * n}i", *koffsets) + struct.pack(f"{2 * n}i", *voffsets) + ids + strs


def update(root: Path = UI_DIR) -> dict[str, int]:
    """Extract, merge and compile; returns the number of untranslated messages per language."""
    messages = extract(root)
    write_po(LOCALE_DIR / f"{DOMAIN}.pot", "", messages, {})
    untranslated: dict[str, int] = {}
    for language in LANGUAGES:
        po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        old = parse_po(po.read_text(encoding="utf-8")) if po.exists() else {}
        old.pop("", None)
        keep = messages + [m for m in old if m not in messages and old[m]]
        write_po(po, language, keep, old)
        entries = parse_po(po.read_text(encoding="utf-8"))
        (po.with_suffix(".mo")).write_bytes(compile_mo(entries))
        if language != "en":  # English only words the keyed ids (reason:…, tie-break:…)
            untranslated[language] = sum(1 for m in messages if not old.get(m))
    return untranslated


def main(argv: list[str] | None = None) -> int:
    counts = update()
    for language, missing in counts.items():
        print(f"{language}: {missing} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
