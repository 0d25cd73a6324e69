"""The determinism gate for speed work on the Ankh-Morpork engine: the same seeds must play the same
games, question by question, as the engine did when the digests were stored.

    python3 benchmarks/gate_morpork.py            # compare with benchmarks/gate_morpork.json
    python3 benchmarks/gate_morpork.py --store    # (re)write the digests (only from a trusted engine)

A speed change must not change a single game: every question asked (key, player, options and the
unavailable ones with their reasons), every input the simulator's table gives, every narration line
(key, text, area, params), the final state's JSON and the winners. Each game is one seed: 1–100 with
four players and 1–30 with two; each is reduced to a SHA-256 digest of all of that, so a mismatch
names the game. The digests in the JSON file were stored from ``main`` at ac6b073 (before issue 16's
third round of speed work); one was stored again since, for a rule mended, not for speed: 2p-seed25,
where Unreal Estate's power took the last card in the middle of a scroll's question and the question
was asked again after the game had ended (``cards.powers.ask_with_powers``); the game is the same to
its last card, and now ends there. All 130 were stored again when a turn's end stopped saying "draws 0
cards" for a hand already full (``morpork.turn``, the one engine line changed): the same games
without those lines; and again for two cards mended (rules revision 3): Cosmo Lavish's removal spares
the card's player's minions, not the paid player's (21 games first differ at that question), and
Stanley's line says "takes two cards at random …, keeps one" (39 games differ first at that line,
with the same cards moved); the other 70 are the same games. Stored once more when a card's text with
no legal target is skipped with its reason (rules revision 3): the 52 changed games each first differ
at such a text (its skip line, Carcer's empty area, "has no money to pay", a broke player greyed or
left out of an interrupt window), checked against 21469df; the other 78 are the same. And again when a
build, assassination or trouble-marker symbol with no option asks first while a City Area power is
usable (rules revision 3): the 111 changed games each first differ where that symbol was skipped
unasked before, checked against f533ee1; the other 19 are the same. And for the rest of the texts
without a target (The Dean, The Bursar, Adora Belle / Dorfl, Drumknott / Ponder Stibbons skipped; a
text a power may give a target asked with "do" greyed; Errol's, Cosmo's and Burleigh's lines for what
they could not do): the 22 changed games each first differ at such a text, checked against 8c58bc2.
And for Willikins with no building, Rosie Palm / The Seamstresses' Guild with no card to give and
Here'n'Now's roll with nobody to take from: 15 games, each first differing at Willikins (14) or
Here'n'Now's roll (1), checked against d6fbabf. And for the line a text skipped while "do" was greyed
now says (narration only): 7 games. Rules revision 4 (a "take money" symbol not asked of an empty
bank) changed none of the 130: none of them empties the bank (checked: each game played under
revisions 3 and 4 asks the same questions; nor did any of 4,500 more simulated games). Stored again
for rules revision 5 (a symbol with no option asked first only while a City Area power can give it
one, ``cards.symbols.power_can_help``): the 108 changed games each first differ where revision 4 asked
a build (104) or an assassination (4) with only "skip" and powers that could not help, which revision 5
skips (checked per game against revision 4 with the same simulator; the other 22 are the same). Over the
130 games revision 4 asked such a question 374 times in 112 games, revision 5 57 times in 32. Stored
again for two wordings (narration and question texts only): Small Gods' lines say "to spare their
{what}" and an arriving demon or troll's "pieces in X" (not "the pieces in X against the arriving demon
is spared"), and Subsidence says a player who can pay for no building so before the removals (not
"pays $0 for 0 building(s)" after them): 28 games changed, each the same question by question, input
by input and line by line with those Small Gods and Subsidence lines left out (checked against 169cb8d).
Stored again when Small Gods' question named what is at stake (its ``kind`` param: ``minion``,
``building`` or ``pieces``, for the Polish sentence) and Subsidence on a board with no building said
that nobody pays (``event.subsidence.nothing``, where it said nothing): 20 games changed (19 meet
Small Gods' question, 1 a bare-board Subsidence), and all 130 are the same with that param and that
line left out (checked against ec7fe0e).

Each game is played twice: the way the simulator plays (``apply(…, snapshot=False,
replayable=False)``: the live procedure's working state shared, no start kept to replay a turn
from), and its inputs again the way a session plays
(``apply(…)`` with a snapshot per input); both must give the same digest. Then the simulator's own
checked ``play_game`` must end the same game (reason, winners, turns, inputs). Exit status 0 when all
equal, 1 naming the first games that differ.
"""
from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cli.simulate import _new_lines, choose_input, deal, follow_narration, play_game  # noqa: E402
from companion.core.inputs import Input, input_to_json  # noqa: E402
from companion.morpork.board import COLORS  # noqa: E402
from companion.morpork.game import Game, apply, new_game  # noqa: E402
from companion.morpork.state_format import state_to_json  # noqa: E402

DIGESTS = Path(__file__).with_suffix(".json")
SIMULATOR_FOLD: dict[str, bool] = {"snapshot": False, "replayable": False} \
    if "replayable" in inspect.signature(apply).parameters else {"snapshot": False}
"""How the simulator applies an input (a checkout from before ``replayable`` existed, where the
digests may be stored from, folds with ``snapshot=False`` alone)."""
GAMES: tuple[tuple[int, int], ...] = tuple((4, s) for s in range(1, 101)) + tuple((2, s) for s in range(1, 31))


def _question_record(game: Game) -> list[Any]:
    q = game.question
    assert q is not None
    return [q.kind, q.key, q.text, q.player, list(q.options),
            [[o, r.key, r.text, list(map(list, r.params))] for o, r in q.unavailable],
            list(map(list, q.params)), q.private, q.reveals]


def _digest(records: list[Any], game: Game) -> str:
    lines = [[n.key, n.text, n.area, list(map(list, n.params))] for n in game.narration]
    over = game.state.game_over
    assert over is not None
    whole = {"steps": records, "narration": lines, "state": state_to_json(game.state),
             "winners": list(over.winners), "reason": over.reason}
    return hashlib.sha256(json.dumps(whole, sort_keys=True).encode()).hexdigest()


def simulated(players: int, seed: int) -> tuple[str, list[Input], dict[str, Any]]:
    """One game as the simulator plays it: its digest, its inputs, and how it ended."""
    rng = random.Random(seed)
    colors = list(COLORS[:players])
    table = deal(rng, colors)
    game = new_game(colors)
    records: list[Any] = []
    inputs: list[Input] = []
    while game.question is not None:
        question = game.question
        records.append(_question_record(game))
        inp = choose_input(game, table, question)
        records.append(input_to_json(inp))
        inputs.append(inp)
        after = apply(game, inp, **SIMULATOR_FOLD)
        follow_narration(after, table, _new_lines(game, after))
        game = after
    over = game.state.game_over
    assert over is not None
    end = {"reason": over.reason, "winners": list(over.winners), "turns": game.state.turn.number, "steps": len(inputs)}
    return _digest(records, game), inputs, end


def replayed(players: int, inputs: list[Input]) -> str:
    """The same inputs the way a session applies them (a snapshot of the table per input)."""
    game = new_game(list(COLORS[:players]))
    records: list[Any] = []
    for inp in inputs:
        records.append(_question_record(game))
        records.append(input_to_json(inp))
        game = apply(game, inp)
    return _digest(records, game)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", action="store_true", help="write the digests instead of comparing")
    args = parser.parse_args(argv)
    found: dict[str, str] = {}
    problems: list[str] = []
    for players, seed in GAMES:
        name = f"{players}p-seed{seed}"
        digest, inputs, end = simulated(players, seed)
        found[name] = digest
        if replayed(players, inputs) != digest:
            problems.append(f"{name}: a session's replay (snapshots) differs from the simulator's game")
        result = play_game(random.Random(seed), players, check=True)
        checked = {"reason": result.reason, "winners": result.winners, "turns": result.turns, "steps": result.steps}
        if checked != end:
            problems.append(f"{name}: the checked simulator ends {checked}, the gate's game {end}")
    if args.store:
        DIGESTS.write_text(json.dumps(found, indent=1) + "\n")
        print(f"stored {len(found)} digests in {DIGESTS.name}")
    else:
        stored = json.loads(DIGESTS.read_text())
        problems += [f"{name}: digest differs from the stored one" for name in stored if found.get(name) != stored[name]]
    for line in problems[:10]:
        print(line, file=sys.stderr)
    if problems:
        print(f"gate: {len(problems)} problem(s) in {len(GAMES)} games", file=sys.stderr)
        return 1
    print(f"gate: {len(GAMES)} games equal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
