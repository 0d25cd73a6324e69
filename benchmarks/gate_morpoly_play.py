"""A determinism gate for speed work on the Ankh-Morpoly engine: the same seeds must play the same games.

    python3 benchmarks/gate_morpoly_play.py --write FILE     # digests of this checkout (e.g. main)
    python3 benchmarks/gate_morpoly_play.py --check FILE     # compare this checkout with them

For seeds 1–40 (``--seeds N``), 2, 3 and 4 players, the defaults and ``fortuna=on, elam=on``, each
game is played as ``simulate --mode ankh-morpoly`` plays it (the random player, ``apply`` as it
applies inputs) and digested: every question (kind, key, player, options, greyed options and their
reasons, params), every input, the state-format JSON after every input, every narration line (key,
text, area, params), and the simulator's own result of the same seed (end, winner, turns, inputs,
takeovers, with its checks on). ``--check`` names each game whose digest differs and exits 1; speed
work runs it before each commit, against the digests of the commit it started from.
``benchmarks/gate_morpoly_play.json`` holds those of main at ac6b073, written again on the branch
play-morpoly: a premium that ends in a takeover no longer narrates the void FSU it would have
bought ("red holds FSU 3 from blue …" after "blue takes red over", often a game's last line); the
states and inputs are the same; and again when a funeral that ends in an auction or a takeover
still puts the dead token back on GO (L167; 11 games), and the Undead's "keep which half" question
names the halves' squares (a rule change that changes games writes them again); and on the branch
mp-findings, where words changed and no game did (232 of 240 digests: every question, input, state and
result the same, checked with a digest without the words): the Merchants' swap names who pays whom
(and asks ``morpoly.merchants.swap-even`` at equal prices), ``morpoly.move.how`` names each way's
square, Dibbler's roll and a failed third roll in jail have a dice line; and again when a hotel sold
while the bank has fewer than four houses takes its group down evenly instead of leaving a bare
street beside its group's hotels (``building.levels_after_sale``): the 13 games that sell one so;
and again when the menu and the debt's question name the answers that touch a hotel (params
``hotels``, ``sale_<square>``): 219 games, every one the same without those params (checked with a
digest that leaves them out, before and after); and again when the trade's first question names
the boss who answers it (param ``boss`` of ``morpoly.trade.square``): 237 games, all 240 the same
without it; and again when the Patrician is no longer offered the buy-out of a jailed owner's
mortgaged square (B1, L9): the 6 games that offered it (each checked to have done so, no other); and
when a "pay each player" card's payments reach the Merchants' cover (R32, L64): the 4 games where a
party insured by the Merchants drew one (checked: exactly those 4); and again for rules revision 5,
when R12's default became ``by-base`` (standard Monopoly's 10 % on a mortgaged deed changing hands in
standard Monopoly, none in the variant): every position carries the option's new value, and no game
changed (240 of 240 the same with ``by-base`` read back as ``none`` in the digested positions); and
again for rules revision 6, trades both ways (an offer of squares, cards and cash, proposed to a
partner and accepted or refused): the menu offers ``trade`` whenever some deal is possible, so most
menus' options changed, and in the 237 games where the random player trades each trade is now an
offer built answer by answer (the square wanted and cash for it, which the partner accepts; or, where
the owner refused to sell before, a swap the partner refuses, or no offer when the player has no
square to spare). The random player draws the same
numbers as before, so every game goes through the same positions as on main (checked per game: the
sequence of positions, the revision left out and repeats of a position while an offer is built
merged, is the same in all 240), and the 3 games that never trade (fortuna+elam 2p seeds 5, 34 and
39) are the same input by input and line by line. Written again on the branch words (issue 12), where
only words changed: every payment line, every question to raise money and the takeover lines carry what
the money is for (params ``for`` and ``for_…``; the funeral names whose, "the funeral of red", and the
raise question's English text says it too): 0 of 240 digests the same, and all 240 the same with a
digest of every question's kind, key, player, options and greyed options, every input, every position and
the simulator's result (no question text or params, no narration), and the narration's keys in the
same order in all 240; and again when a claim's FSU line ("… stays active after the claim", "… is
redeemed by the claim", no second "pays") is said right after its payment, not at all for a claim its
insurer could not pay (100 lines, some after the game-over line), with a line for a part the Merchants
waive (86), and a double fee said before its payment: all 240 the same without the words, the
narration's keys the same in all 240 but for those FSU lines (70 the same in order); and again for
rules revision 7, with two changes. Nothing after the end of the game: the 4 games whose last turn
earned the winner a Fortuna token it was handed after the game-over line (fortuna+elam 3p seed 34, 4p
seeds 19, 22 and 38; their last line and last position), no other. Trades at any menu: most menus also
offer ``others-trade`` (a trade another party proposes), which the random player never answers and
which draws no number, so all 240 games are the same input by input and narration line by line, through
the same positions (checked per game: the inputs with the narration's keys and texts, and the sequence
of positions without the revision), only the menus' options differ. Written again on the branch small,
where only words changed: a trade's offer, answer and deal line name the squares that change hands
mortgaged (param ``mortgaged``) and the answer the tenth the partner pays (``interest``), each only when
there is one: 104 of 240 digests the same, and all 240 the same with a digest of every question's kind,
key, player, options and greyed options' keys, every input, every position, the narration's keys and
the simulator's result. And again on the same branch when a claim's FSU line says what was paid out
(param ``payout``: ``nothing``, ``waived`` or ``paid``), which the screens read instead of the amount's
digits: 57 of 240 digests the same, all 240 the same without the words as above. Written again for
rules revision 8 (ruling R74, the branch debttrade): the question to raise a debt (``morpoly.debt.raise``) also offers
``trade`` (greyed, naming B1, for a jailed party without the Thieves), with the param ``form`` the
screens word it by, which the random player never answers and which draws no number (it picks among the
other options, the same list as before). 237 of
240 digests changed: exactly the 237 games that ask a debt's question with ``trade`` offered or greyed
(10,208 such questions); the 3 that never do (defaults 2p seeds 15 and 37, fortuna+elam 2p seed 36) are
the same digest. All 240 are the same as on main input by input, question by question and narration
line by line, through the same positions (checked per game with a digest of every question's kind, key,
text, player, options and greyed options and params with the debt's ``trade`` and ``form`` left out, every input,
every position without the revision, and every narration line, run on main and on the branch). The
two branches' digests stored once more where they met (main after both merges): words and options only,
each checked on its branch as above. Written again for rules revision 9 (the rules audit, branch
rules39): Dibbler's card charged through the ledger (F1), the guilds' meetings after the Luggage's race
and the Assassin's contract jump (F2), the Luggage meeting the tokens where it arrives with its
companion (F3), the Thieves' jail exception for the whole team (F4: "pay each player" cards, the
Patrician's taxes and interest, the Watch's fines, the Merchants' buy right), the Watch returning a
get-out-of-jail card got by a takeover or a trade (F5), no interest paid by a Patrician's team to
itself (F6), an Undead half kept on GO after a backward split (F7) and a trade's interest to the
Patrician under ``transfer-interest=standard-10pct`` (F8). 65 of 240 digests changed; the other 175
are the same. Each of the 65 was checked against main at da7dbd2, run seed by seed on both engines
with a record of every question (kind, key, text, player, options, greyed options, params), every
input, every position and every narration line (key, text, params), and again with each fix alone
switched on: every game first differs where exactly one fix alone makes it differ, at the same
record — 36 at F3 (the Luggage's table-E roll or its joining a Wizard, fortuna+elam), 19 at F5 (the
card's return after a takeover, most just before the game-over line), 5 at F4 (a jailed Thieves'
team paid by a "pay each player" card), 3 at F6 (interest at GO the Merchants no longer cover) and 2
at F2 (a Beggars' tithe after the Luggage's race; fortuna+elam 4p seeds 15 and 24). F1 changes 2
games only after an earlier fix, F7 and F8 none (the random player never splits backward onto GO,
and the gate plays R12's default). Written again for rules revision 10 (the audit of Fortuna and the
Fools' cards): 45 of 240 digests changed, each game played under revisions 9 and 10 side by side with
the same random stream and first differing where one fix makes it differ — 23 at the Fools' doubles on
a card that moves him (its GO money or special rent doubled; defaults and fortuna+elam), 22 at an
Undead half kept past GO passing the Fortuna check (fortuna+elam); the third fix (a token taken over
standing for one earned that turn) changes none. Written again for rules revision 11: 236 of 240
digests changed, each played under revisions 10 and 11 side by side and first differing at one of its
two changes — 235 where a lander short of a deed's price who could raise it was told "cannot afford"
and is now asked to buy (the random player often buys, mortgaging), 1 where a jailed party is no
longer among a bankrupt guild's bidders. Written again for rules revision 12 (a Thief entering a
stealable square of an insured owner in jail makes the Thieves' cover due, L41): 6 of 240 digests
changed (defaults 3p seeds 15, 22, 23, 4p seeds 10, 30; fortuna+elam 3p seed 15), exactly the games
where a Thief entered such a square while the owner held an active FSU with the Thieves' cover
(counted by a hook on the new branch over all 240 games), no other; then again when the fine before
the throw is offered on the first two turns in jail only (revision 12 too): 123 of 240 digests
changed, exactly the games where a third turn's menu no longer offered ``pay-fine`` (a hook on
``turn.can_pay_fine_first`` over all 240), no other; then again when every menu offers
``others-manage`` (another party's building, selling, mortgaging and lifting, revision 12), which the
random player never answers and which draws no number: 0 of 240 digests the same, and all 240 the same
as on main at 163b802 input by input, position by position (the final ``state_to_json`` too), narration
line by line, and question by question with ``others-manage`` taken out of the menus' options (53,174
menus offered it, in all 240 games; no ``morpoly.manage.*`` question was asked); and again when a
Thief entering a jailed owner's square says so (``morpoly.thieves.entered``, a log line only; then
again when it took the place of ``morpoly.rent.owner-in-jail`` there): 34 of 240 digests changed each
time, exactly the games where a Thief entered such a square (a hook on ``thieves.is_theft_square`` in
that branch over all 240), no other.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.cli.simulate_morpoly import play_game  # noqa: E402
from companion.morpoly.game import Game, apply  # noqa: E402
from companion.morpoly.mode import MODE  # noqa: E402
from companion.morpoly.random_play import PLAYERS, random_input  # noqa: E402
from companion.morpoly.state_format import state_to_json  # noqa: E402

OPTION_SETS: dict[str, dict[str, str]] = {"defaults": {}, "fortuna+elam": {"fortuna": "on", "elam": "on"}}


def game_digest(seed: int, players: int, options: dict[str, str]) -> str:
    """One game's digest (see the module docstring)."""
    h = hashlib.sha256()

    def put(value: Any) -> None:
        h.update(json.dumps(value, sort_keys=True, default=repr).encode())
        h.update(b"\n")

    rng = random.Random(seed)
    # as the simulator applies inputs (``replayable`` came with the speed work; main before it lacks it)
    fold = {"snapshot": False, "replayable": False} if "replayable" in inspect.signature(apply).parameters \
        else {"snapshot": False}
    game: Game = MODE.new_game(list(PLAYERS[:players]), options, None)
    while game.question is not None and game.state.turn.number <= 2000:
        q = game.question
        put([q.kind, q.key, q.text, q.player, list(q.options), [(o, r.key, r.text, list(r.params))
                                                               for o, r in q.unavailable], list(q.params)])
        inp = random_input(game, rng)
        put(repr(inp))
        game = apply(game, inp, **fold)
        put(state_to_json(game.state))
    put([[n.key, n.text, n.area, list(n.params)] for n in game.narration])
    put(repr(play_game(seed, players, options)))
    return h.hexdigest()


def digests(seeds: int) -> dict[str, str]:
    out = {}
    for name, options in OPTION_SETS.items():
        for players in (2, 3, 4):
            for seed in range(1, seeds + 1):
                out[f"{name} {players}p seed {seed}"] = game_digest(seed, players, options)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    parser.add_argument("--seeds", type=int, default=40)
    args = parser.parse_args()
    found = digests(args.seeds)
    if args.write:
        Path(args.write).write_text(json.dumps(found, indent=1) + "\n")
        print(f"{len(found)} games digested into {args.write}")
        return 0
    wanted = json.loads(Path(args.check).read_text())
    differ = [name for name in wanted if found.get(name) != wanted[name]]
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(wanted) - len(differ)} of {len(wanted)} games the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
