"""Ankh-Morpoly's Chance and Community Chest stickers: one frozen code for every card id of every
edition, version-1 payloads that parse back to the deck and id the engine's scan question expects,
listed in docs/qr-format.md; the first game's sheet keeps its 132 stickers."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.inputs import CardScan
from companion.morpoly.editions import EDITION_IDS, load_edition
from hardware.qr_payload import MAX_PAYLOAD_LENGTH, CardCode, NotOurCard, all_codes, encode, parse
from hardware.stickers import main, morpoly_stickers, qr_matrix


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_every_card_of_both_decks_has_a_sticker(edition: str) -> None:
    ed = load_edition(edition)
    sheet = morpoly_stickers(edition)
    assert [s.code.id for s in sheet] == [c.id for c in ed.deck("chance")] + [c.id for c in ed.deck("chest")]
    for sticker in sheet:
        assert len(sticker.payload) <= MAX_PAYLOAD_LENGTH and qr_matrix(sticker.payload).shape == (21, 21)
        assert parse(sticker.payload) == sticker.code
        assert sticker.name.startswith(f"{edition}: ")


def test_the_decks_keep_apart_and_the_first_game_is_unchanged() -> None:
    assert encode("chance", "chance.advance-go") == "AM1:H:ADV-GO"
    assert parse("AM1:K:ADV-GO") == CardCode("chest", "chest.advance-go")
    with pytest.raises(NotOurCard):
        parse("AM1:H:BANK-ERROR")  # a Community Chest code under the Chance letter
    assert len(all_codes()) == 132 and {c.kind for c in all_codes()} == {"card", "event", "personality", "area"}


def test_a_scanned_card_is_the_engines_answer_to_the_draw() -> None:
    from companion.core.inputs import Answer, DieRoll
    from companion.morpoly.game import apply, new_game
    game = new_game(["red", "blue"], {"edition": "us"})
    for guild in ("thieves", "fools"):  # (a Watch on GO would arrest the Thief arriving there, L47)
        game = apply(game, Answer(guild))
    game = apply(game, Answer("roll"))
    game = apply(game, DieRoll(faces=(3, 4)))  # GO + 7: Chance
    assert game.question is not None and dict(game.question.params).get("deck") == "chance"
    code = parse(encode("chance", "chance.advance-go"))
    game = apply(game, CardScan(code.kind, code.id, "scanner", seq=game.seq))
    assert game.state.tokens[0].square == 0


def test_the_format_document_lists_every_code() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "qr-format.md").read_text(encoding="utf-8")
    for sticker in morpoly_stickers():
        assert f"| `{sticker.payload}` | `{sticker.code.id}` |" in doc


def test_the_command_prints_both_decks_of_each_edition(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "morpoly.pdf"
    assert main(["--out", str(out), "--game", "ankh-morpoly"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert f"{sum(len(load_edition(e).cards) for e in EDITION_IDS)} stickers" in capsys.readouterr().out
