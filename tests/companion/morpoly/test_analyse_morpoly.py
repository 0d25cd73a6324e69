"""``ankh-companion analyse`` on an ``ankh-morpoly-state/1`` position, run as the user runs it: net
worth per party and, per active FSU, how far its holder is from the square that ends it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.state_format import state_to_json
from morpoly_table import own, table

REPO = Path(__file__).resolve().parents[3]


def run(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "position.json"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "ui.cli", "analyse", str(path)], cwd=REPO, capture_output=True,
                          text=True, timeout=60)


def position() -> dict[str, Any]:
    state = table(("red", "blue"), base="variant")
    state.parties[0].guilds, state.parties[1].guilds = ["beggars"], ["watch"]
    own(state, "blue", 37, 39, houses=3)
    own(state, "red", 5, mortgaged=True)
    state.token("red").square = 12
    state.ledger = Ledger((Fsu(7, "blue", "red", "red", 37, 1100, frozenset({Cover.JAILED}), False),), 8)
    return state_to_json(state)


def test_net_worth_and_squares_to_expiry(tmp_path: Path) -> None:
    done = run(tmp_path, json.dumps(position()))
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert out["parties"]["red"]["net_worth"] == 1500 + 200 - 100
    assert out["parties"]["blue"]["net_worth"] == 1500 + 350 + 400 + 6 * 200 // 2
    [contract] = out["fsus"]
    assert contract["squares_to_expiry"] == 25 and contract["holder_square"] == 12
    assert (contract["insurer"], contract["beneficiary"], contract["name"], contract["claim"]) == \
        ("blue", "red", "Park Place", 3300)


def test_a_bad_position_is_one_line_and_status_2(tmp_path: Path) -> None:
    doc = position()
    doc["fsus"][0]["holder_token"] = "nobody"
    done = run(tmp_path, json.dumps(doc))
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "fsus" in done.stderr
