"""The ``ankh-companion`` command: a thin dispatcher over the packages' own commands.

Each subcommand lives beside the code it drives and exposes ``main(argv) -> int``; this module only
picks it by name and imports it lazily, so ``ankh-companion analyse`` never loads Kivy and the bare
command (the app) never loads the sticker printer.
"""
from __future__ import annotations

import importlib
import sys

from companion.cli.exit_status import INTERRUPTED_STATUS

SUBCOMMANDS: dict[str, str] = {
    "analyse": "companion.cli.analyse",
    "event": "companion.cli.event",
    "game": "companion.cli.game",
    "replay": "companion.cli.replay",
    "simulate": "companion.cli.simulate",
    "die-emulator": "firmware_bridge.emulator",
    "stickers": "hardware.stickers",
}
APP_MODULE = "ui.app"

USAGE = (
    "usage: ankh-companion [" + " | ".join(SUBCOMMANDS) + "] [options]\n"
    "       ankh-companion [app options]   start the table companion app\n"
    "\n"
    "app options:\n"
    "  --size WxH         window size (default 800x480, the Raspberry Pi's screen)\n"
    "  --fullscreen       full screen (the Pi kiosk)\n"
    "  --die URL          die for this run: sim://, serial:///dev/ttyACM0, gpio://… (default: Settings)\n"
    "  --scanner URL      card scanner for this run: sim://, camera://0, hid://… (default: Settings)\n"
    "  --data-dir DIR     where settings and games are kept (default ~/.local/share/ankh-companion)\n"
    "\n"
    "ankh-companion COMMAND --help shows a command's own options.\n"
)


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand (or the app with no arguments) and return its exit status.

    Ctrl-C before a command handles it itself — while its modules import, the first fifth of a
    second of ``simulate`` — is one line and status 130, not a traceback through the imports."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(args)
    except KeyboardInterrupt:
        name = "" if not args or args[0].startswith("-") else f" {args[0]}"
        sys.stderr.write(f"ankh-companion{name}: interrupted (Ctrl-C)\n")
        return INTERRUPTED_STATUS


def _dispatch(args: list[str]) -> int:
    if args and args[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0
    if not args or args[0].startswith("--"):
        module = importlib.import_module(APP_MODULE)
        return int(module.main(args) or 0)
    name = args[0]
    if name not in SUBCOMMANDS:
        sys.stderr.write(f"unknown command {name!r}\n{USAGE}")
        return 2
    module = importlib.import_module(SUBCOMMANDS[name])
    return int(module.main(args[1:]) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
