"""The ``ankh-companion`` dispatcher: every documented subcommand resolves to a module with ``main``."""
from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from ui import cli

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", sorted(cli.SUBCOMMANDS))
def test_every_subcommand_has_a_main(name: str) -> None:
    module = importlib.import_module(cli.SUBCOMMANDS[name])
    assert callable(getattr(module, "main", None)), f"{cli.SUBCOMMANDS[name]} has no main(argv)"


def test_the_documented_subcommands_are_all_there() -> None:
    assert set(cli.SUBCOMMANDS) == {"analyse", "event", "game", "replay", "simulate", "die-emulator", "stickers"}


def test_unknown_subcommand_exits_2_and_names_it() -> None:
    done = subprocess.run([sys.executable, "-m", "ui.cli", "frobnicate"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
    assert "'frobnicate'" in done.stderr
    assert done.stdout == ""


def test_help_lists_the_subcommands_without_starting_the_app() -> None:
    done = subprocess.run([sys.executable, "-m", "ui.cli", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0
    for name in cli.SUBCOMMANDS:
        assert name in done.stdout


INTERRUPT_WHILE_IMPORTING = """
import importlib, os, signal, sys
from ui import cli
real = importlib.import_module
def interrupted(name, *args):
    os.kill(os.getpid(), signal.SIGINT)  # the table's Ctrl-C, while the command's modules import
    return real(name, *args)
importlib.import_module = interrupted
raise SystemExit(cli.main(sys.argv[1:]))
"""


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["analyse", "nothing.json"]])
def test_ctrl_c_while_a_command_imports_is_one_line_and_130(command: list[str]) -> None:
    """A real SIGINT delivered while the dispatcher imports the command (before the command's own
    Ctrl-C handling exists): one line, status 130, no traceback through the imports."""
    done = subprocess.run([sys.executable, "-c", INTERRUPT_WHILE_IMPORTING, *command], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == cli.INTERRUPTED_STATUS == 130, done.stderr
    assert done.stderr == f"ankh-companion {command[0]}: interrupted (Ctrl-C)\n"
    assert "Traceback" not in done.stderr and done.stdout == ""
