"""An input's required field given as JSON ``null`` is missing, refused when the input is read
(``companion.core.inputs.input_from_json``), before any rule sees it: ``{"type": "answer",
"value": null}`` once reached Ankh-Morpoly's placement parser as ``None`` and ended ``game do`` in a
traceback (``AttributeError: 'NoneType' object has no attribute 'split'``), and the first game
answered it with exit 3 ("waits for a roll") instead of naming the malformed field."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.core.errors import InputError
from companion.core.inputs import input_from_json
from tests.companion.fixtures.cli_runner import run_cli as run

NULLS = [
    ({"type": "answer", "value": None}, "value"),
    ({"type": "answer", "value": None, "player": "red"}, "value"),
    ({"type": "scan", "kind": "card", "card": None}, "card"),
    ({"type": "scan", "kind": "chance", "card": None}, "card"),
    ({"type": "scan", "kind": None, "card": "vimes"}, "kind"),
    ({"type": "random", "value": None}, "value"),
]


@pytest.mark.parametrize(("doc", "field"), NULLS)
def test_a_required_field_given_as_null_is_missing(doc: dict[str, object], field: str) -> None:
    with pytest.raises(InputError, match=f"needs the field\\(s\\) {field}"):
        input_from_json(doc)


def test_an_optional_field_given_as_null_is_left_out() -> None:
    assert input_from_json({"type": "answer", "value": "pass", "player": None, "seq": None}) == \
        input_from_json({"type": "answer", "value": "pass"})


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("nulls")
    assert run("game", "new", "--db", str(folder / "morpork.sqlite"), "--players", "red,blue")[0] == 0
    assert run("game", "new", "--db", str(folder / "morpoly.sqlite"), "--players", "red,blue",
               "--mode", "ankh-morpoly")[0] == 0
    return folder


@pytest.mark.parametrize("mode", ["morpork", "morpoly"])
@pytest.mark.parametrize(("doc", "field"), NULLS, ids=[f"{d['type']}-{f}" for d, f in NULLS])
def test_game_do_refuses_a_null_field_in_one_line(journals: Path, tmp_path: Path, mode: str,
                                                  doc: dict[str, object], field: str) -> None:
    db = tmp_path / "games.sqlite"
    shutil.copyfile(journals / f"{mode}.sqlite", db)
    before = db.read_bytes()
    status, out, err = run("game", "do", "--db", str(db), json.dumps(doc))
    assert (status, out) == (2, ""), (status, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err and field in err, err
    assert db.read_bytes() == before
