"""``ankh-companion simulate``: whole games of random legal play, checking the engine after every step.

    ankh-companion simulate --games N --players 2|3|4 --seed S [--edition en|de|pl|it] [--revision R]
                            [--every-input]
    ankh-companion simulate --mode ankh-morpoly --games N --players 2..8 --seed S [--option NAME=VALUE]…

``--mode`` picks the game (default ``ankh-morpork``, which the rest of this text describes); the
second game's simulator is :mod:`companion.cli.simulate_morpoly`.

The simulator plays the table's part. It shuffles a real deck (48 green on top of 53 brown), the
event deck and the personalities, deals real hands, and answers every question the engine asks from
what a real table would know: cards are played and discarded from the real hands, rolls are random,
interrupts are played only when the real hand holds them. Cards that change hands unseen follow the
engine's narration (``cards.*`` keys). After every input it checks the invariants: the engine's hand
sizes and draw pile match the real cards, every card is in exactly one place, money is conserved,
the position round-trips through the state format. Same seed, same games.

``--revision`` plays the games by an older rules revision (``companion.morpork.revisions``; default
the newest). The table decides interrupts with a random stream of its own, player by player in turn
order, and does not draw at random for a question with a single option, so one seed plays the same
game under every revision: only what the table is asked differs (``benchmarks/bench_taps.py``).

Output: one line per figure (games, games/second, endings by reason / personality), and exit
status 0, or 1 with the first invariant violation (seed, game, step, what broke).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import NoReturn
from dataclasses import dataclass, field

from companion.cli.bounds import one_line, whole
from companion.morpork.board import COLORS
from companion.morpork.cards.common import INTERRUPT_ONLY, personalities_in_game
from companion.morpork.cards.interrupts import ANYONE, parse_interrupt_option
from companion.morpork.catalog import CARD_BY_ID, CARDS, EVENT_IDS, TWO_PLAYER_REMOVED_CARDS
from companion.core.errors import CompanionError
from companion.core.mode import DEFAULT_MODE, MODES
from companion.morpork.game import Game, apply, new_game
from companion.core.inputs import Answer, CardScan, DieRoll, Input, RandomDraw
from companion.morpork.invariants import kept_count_problems, table_problems
from companion.morpork.options import EDITIONS
from companion.morpork.revisions import LATEST
from companion.core.procedure import Narration, Question
from companion.morpork.setup import HAND_SIZE
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json, state_to_json

MAX_STEPS = 20000


class InvariantViolation(AssertionError):
    """The engine and the real table disagree, or a position is impossible."""


@dataclass
class Table:
    """The real cards, outside the engine."""

    deck: list[str]
    events: list[str]
    hands: dict[str, list[str]]
    personalities: dict[str, str]
    rng: random.Random
    in_play: list[str] = field(default_factory=list)
    interrupts: random.Random = field(default_factory=lambda: random.Random(0))
    """Who plays an interrupt they hold: a stream of its own, drawn player by player in the order
    they are asked (one by one under revision 1, in one window under revision 2), so both
    revisions make the same decisions."""


@dataclass
class GameResult:
    reason: str
    personality: str | None
    winners: list[str]
    turns: int
    steps: int


def shuffled_deck(rng: random.Random, players: int) -> list[str]:
    """Brown cards shuffled, green shuffled on top; two players leave Hubert and Cosmo out."""
    removed = set(TWO_PLAYER_REMOVED_CARDS) if players == 2 else set()
    green = [c.id for c in CARDS if c.border == "green" and c.id not in removed]
    brown = [c.id for c in CARDS if c.border == "brown" and c.id not in removed]
    rng.shuffle(green)
    rng.shuffle(brown)
    return green + brown


def deal(rng: random.Random, colors: list[str]) -> Table:
    deck = shuffled_deck(rng, len(colors))
    hands = {c: [deck.pop(0) for _ in range(HAND_SIZE)] for c in colors}
    events = list(EVENT_IDS)
    rng.shuffle(events)
    personalities = list(personalities_in_game(len(colors)))
    rng.shuffle(personalities)
    return Table(deck, events, hands, dict(zip(colors, personalities)), rng,
                 interrupts=random.Random(rng.getrandbits(64)))


# -- answering the engine like a table -------------------------------------------------------------

def _free_cards(game: Game, table: Table, color: str) -> list[str]:
    stuck = game.state.player(color).stuck_cards
    return [c for c in table.hands[color] if c not in stuck]


def choose_input(game: Game, table: Table, question: Question) -> Input:
    """A random legal input for ``question``, made from the real cards."""
    rng = table.rng
    opts = question.options
    key = question.key
    if question.kind == "roll":
        return DieRoll(rng.randint(1, 12), source="sim")
    if question.kind == "random":
        return RandomDraw(rng.choice(opts))
    player = question.player
    if key == "setup.personality":
        assert player is not None
        return CardScan("personality", table.personalities[player])
    if key == "event.draw":
        event = table.events.pop(0)
        return CardScan("event", event)
    if key == "event.fog.card":
        # Fog turns over the real top card of the draw pile; the engine must offer it.
        if not table.deck:
            raise InvariantViolation(f"{key!r}: the engine asks for a Fog card but the real draw pile is empty")
        top = table.deck[0]
        if top not in opts:
            raise InvariantViolation(f"{key!r}: the real top card {top!r} is not among the options {opts[:8]!r}")
        return CardScan("card", top)
    if key in ("turn.play-card", "turn.play-another", "card.play-more", "turn.end"):
        assert player is not None
        offered = set(opts)  # up to the whole catalogue: a set, not a scan per card in hand
        hand = [c for c in _free_cards(game, table, player) if c in offered]
        playable = [c for c in hand if c not in INTERRUPT_ONLY]
        words = sorted(offered.difference(CARD_BY_ID), key=opts.index)  # the few options that are not cards
        powers = [o for o in words if o.startswith("power:")]
        stop = [o for o in words if o in ("pass", "stop", "end-turn")]
        mossy = [c for c in hand if c == "doctor-mossy-lawn"]
        if powers and rng.random() < 0.3:
            return Answer(rng.choice(powers))
        if mossy and rng.random() < 0.1:
            return Answer(mossy[0])
        if key == "turn.play-card":
            return CardScan("card", rng.choice(playable)) if playable else Answer("pass")
        if playable and key != "turn.end" and rng.random() < 0.85:
            return CardScan("card", rng.choice(playable))
        return Answer(stop[0])
    if key in ("interrupt.window", "interrupt.event-window"):
        assert player is not None
        held = [o for o in opts if o in table.hands[player]]
        if held and table.interrupts.random() < 0.7:
            return Answer(table.interrupts.choice(held))
        return Answer("none")
    if key == ANYONE:
        # One window for several players: each holder, in the order offered, decides as they would
        # have been asked one by one; the first who plays answers for the table.
        for color in dict.fromkeys(parse_interrupt_option(o)[0] for o in opts if o != "none"):
            held = [o for o in opts if o != "none" and parse_interrupt_option(o)[0] == color
                    and parse_interrupt_option(o)[1] in table.hands[color]]
            if held and table.interrupts.random() < 0.7:
                return Answer(table.interrupts.choice(held))
        return Answer("none")
    if question.kind == "choice" and len(opts) == 1 and opts[0] not in CARD_BY_ID:
        return Answer(opts[0])  # nothing to decide: no random draw, so every revision plays alike
    card_opts = [o for o in opts if o in CARD_BY_ID]
    if card_opts and key not in ("card.history-monks",):
        # A card named from a hand: the questioned player's own, or the victim's (Cable Street).
        owner = dict(question.params).get("victim", player)
        assert owner is not None
        named = set(card_opts)
        hand = [c for c in _free_cards(game, table, owner) if c in named]
        others = [o for o in opts if o not in CARD_BY_ID]
        if others and (not hand or rng.random() < 0.3):
            return Answer(rng.choice(others))
        if hand:
            return CardScan("card", rng.choice(hand))
        raise InvariantViolation(f"{key!r}: no real card of {owner!r} fits the options {opts[:8]!r}")
    if "skip" in opts and len(opts) > 1 and rng.random() < 0.15:
        return Answer("skip")
    choices = [o for o in opts if o != "skip"] or opts
    return Answer(rng.choice(choices))


_MOVES_CARDS = frozenset({"cards.draw", "card.played", "cards.discard", "interrupt.played", "card.stuck",
                          "cards.return", "cards.from-discard", "cards.give", "cards.swap-hands",
                          "event.fog.card", "event.fog.unnamed"})
"""The narration keys :func:`follow_narration` acts on (every other line moves no real card)."""


def follow_narration(game: Game, table: Table, lines: Sequence[Narration]) -> None:
    """Move the real cards as the engine says cards moved."""
    rng = table.rng
    for line in lines:
        key = line.key
        if key not in _MOVES_CARDS:
            continue
        p = dict(line.params)
        if key == "cards.draw":
            for _ in range(int(p["count"])):
                table.hands[p["player"]].append(table.deck.pop(0))
        elif key == "card.played":
            table.hands[p["player"]].remove(p["card"])
            table.in_play.append(p["card"])
        elif key in ("cards.discard", "interrupt.played"):
            hand = table.hands[p["player"]]
            if p["card"] in hand:
                hand.remove(p["card"])
            else:
                raise InvariantViolation(f"{p['player']} discards {p['card']!r} not in their real hand {hand!r}")
        elif key == "card.stuck":
            table.hands[p["player"]].append(p["card"])
        elif key == "cards.return":
            table.hands[p["player"]].append(p["card"])
        elif key == "cards.from-discard":
            table.hands[p["player"]].append(p["card"])
        elif key == "cards.give":
            giver, receiver = p["giver"], p["receiver"]
            for _ in range(int(p["count"])):
                free = _free_cards(game, table, giver)
                card = rng.choice(free)
                table.hands[giver].remove(card)
                table.hands[receiver].append(card)
        elif key == "cards.swap-hands":
            a, b = p["a"], p["b"]
            free_a, free_b = _free_cards(game, table, a), _free_cards(game, table, b)
            table.hands[a] = [c for c in table.hands[a] if c not in free_a] + free_b
            table.hands[b] = [c for c in table.hands[b] if c not in free_b] + free_a
        elif key == "event.fog.card":
            # Fog discards the top card face up, named by the table: the engine's discard pile holds it.
            if not table.deck or table.deck[0] != p["card"]:
                raise InvariantViolation(f"fog discards {p['card']!r}, the real top card is {table.deck[:1]!r}")
            table.deck.pop(0)
        elif key == "event.fog.unnamed":
            raise InvariantViolation("fog discarded cards without naming them")


ROUND_TRIP_EVERY = 16
"""The position's full JSON round-trip (with every validation of the state format) and the state's
kept counts against a recount (``invariants.kept_count_problems``) are checked after every 16th
input and after the last: the round-trip cost more than the engine itself when run after every
input (38 % of a checked run), the kept counts as much again, and a slip either catches persists
until the next sample (the tests check the kept counts after every input of their games)."""


TABLE_CHECK_EVERY = 4
"""The whole-table checks (every card in one place, the box's pieces and money accounted for) run
after every 4th input and after the last; the cheap ones (hand sizes, the draw pile, the question)
after every input. A miscount persists, so the next sample catches it; the checks per input cost
twice the engine itself. ``--every-input`` runs every check after every input."""


def check_invariants(game: Game, table: Table, round_trip: bool = True, whole_table: bool = True) -> None:
    state = game.state
    for player in state.players:
        real = table.hands[player.color]
        if len(real) != player.hand:
            raise InvariantViolation(f"{player.color} holds {len(real)} real cards, the engine counts {player.hand}")
        for card in player.stuck_cards:
            if card not in real:
                raise InvariantViolation(f"{card!r} is stuck in {player.color}'s hand but not there")
        if player.money < 0:
            raise InvariantViolation(f"{player.color} has ${player.money}")
    if len(table.deck) != state.draw_pile:
        raise InvariantViolation(f"the real draw pile has {len(table.deck)} cards, the engine counts {state.draw_pile}")
    if whole_table:
        _check_whole_table(state, table)
    if round_trip:
        state_from_json(state_to_json(state))  # raises StateFormatError when the position is impossible
        kept = kept_count_problems(state)
        if kept:
            raise InvariantViolation("; ".join(kept))
    _check_question(game, table)


def _check_whole_table(state: State, table: Table) -> None:
    if len(set(state.discard_pile)) != len(state.discard_pile):
        raise InvariantViolation(f"a card is twice on the discard pile: {state.discard_pile!r}")
    places: list[str] = list(table.deck) + list(state.discard_pile)
    for color, hand in table.hands.items():
        places += hand
    for player in state.players:
        places += player.loans
    counts = Counter(places)
    doubled = [c for c, n in counts.items() if n > 1]
    if doubled:
        raise InvariantViolation(f"cards in two places at once: {doubled!r}")
    problems = table_problems(state)
    if problems:
        raise InvariantViolation("; ".join(problems))
    if set(state.event_deck) - set(table.events) - set(EVENT_IDS):
        raise InvariantViolation("unknown event in the deck")


def _check_question(game: Game, table: Table) -> None:
    state = game.state
    question = game.question
    if question is not None:
        if question.kind == "choice" and not question.options:
            raise InvariantViolation(f"{question.key!r} has no option")
        if question.player is not None and not state.has_player(question.player):
            raise InvariantViolation(f"{question.key!r} asks {question.player!r}, who is not playing")
        if question.key in ("turn.play-card", "turn.play-another", "card.play-more") and question.player:
            stuck = state.player(question.player).stuck_cards
            missing = [c for c in table.hands[question.player]
                       if c not in stuck and c not in INTERRUPT_ONLY and c not in question.options]
            if missing:
                raise InvariantViolation(f"{question.player} holds {missing!r} but may not play it")


def play_game(rng: random.Random, players: int, edition: str = "en", check: bool = True,
              revision: int = LATEST, on_input: Callable[[Game, Input], None] | None = None,
              every_input: bool = False) -> GameResult:
    """One whole game of random legal play under rules ``revision``; raises ``InvariantViolation``
    when the engine slips. ``on_input`` sees each question's game and the table's answer (a tap
    counter, say). The checks run on a sample of inputs (:data:`ROUND_TRIP_EVERY`,
    :data:`TABLE_CHECK_EVERY`), or all of them after every input with ``every_input``."""
    colors = list(COLORS[:players])
    table = deal(rng, colors)
    game = new_game(colors, edition, revision=revision)
    steps = 0
    while game.question is not None:
        steps += 1
        if steps > MAX_STEPS:
            raise InvariantViolation(f"no end after {MAX_STEPS} inputs")
        question = game.question
        inp = choose_input(game, table, question)
        if on_input is not None:
            on_input(game, inp)
        try:
            # the simulator drops each game at the next input: no copy of the table per input
            after = apply(game, inp, snapshot=False)
        except CompanionError as exc:
            raise InvariantViolation(f"step {steps}: {question.key!r} refused {inp!r}: {exc}") from exc
        new_lines = _new_lines(game, after)
        follow_narration(after, table, new_lines)
        game = after
        if check:
            last = game.question is None
            check_invariants(game, table, round_trip=every_input or steps % ROUND_TRIP_EVERY == 0 or last,
                             whole_table=every_input or steps % TABLE_CHECK_EVERY == 0 or last)
    over = game.state.game_over
    assert over is not None
    return GameResult(over.reason, over.personality, list(over.winners), game.state.turn.number, steps)


def _new_lines(old: Game, new: Game) -> list[Narration]:
    """Narration lines ``new`` has that ``old`` had not (the pending procedure's are rebuilt)."""
    return list(new.narration[len(old.narration):])


# -- the command -------------------------------------------------------------------------------

def simulate(games: int, players: int, seed: int, edition: str = "en",
             revision: int = LATEST, every_input: bool = False) -> tuple[list[GameResult], float]:
    rng = random.Random(seed)
    started = time.perf_counter()
    results = [play_game(rng, players, edition, revision=revision, every_input=every_input) for _ in range(games)]
    return results, time.perf_counter() - started


def summary_lines(results: list[GameResult], seconds: float, players: int, seed: int) -> list[str]:
    n = len(results)
    lines = [f"games: {n} ({players} players, seed {seed})",
             f"games/second: {n / seconds:.2f}" if seconds > 0 else "games/second: inf",
             f"inputs/game: {sum(r.steps for r in results) / max(n, 1):.1f}",
             f"turns/game: {sum(r.turns for r in results) / max(n, 1):.1f}"]
    reasons = Counter(r.reason for r in results)
    by_personality = Counter(r.personality for r in results if r.reason == "personality")
    vimes = sum(1 for r in results if r.reason == "draw-pile" and r.personality == "vimes")
    lines.append(f"ended by personality: {reasons.get('personality', 0)}")
    for personality, count in sorted(by_personality.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        lines.append(f"  {personality}: {count}")
    lines.append(f"ended by the draw pile: {reasons.get('draw-pile', 0)}")
    lines.append(f"  vimes: {vimes}")
    lines.append(f"  points: {reasons.get('draw-pile', 0) - vimes}")
    lines.append(f"ended by riots (points): {reasons.get('riots', 0)}")
    shared = sum(1 for r in results if len(r.winners) > 1)
    lines.append(f"shared wins: {shared}")
    return lines


class _Parser(argparse.ArgumentParser):
    """Bad arguments are one line on stderr and exit 2 (argparse would print the usage as well)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(f"{self.prog}: {message}")


def _mode_of(argv: list[str]) -> tuple[str, list[str]]:
    """``--mode M`` (or ``--mode=M``) wherever it stands, and the other arguments; default the first game."""
    picker = _Parser(prog="ankh-companion simulate", add_help=False)
    picker.add_argument("--mode", default=DEFAULT_MODE)
    known, rest = picker.parse_known_args(argv)
    if known.mode not in MODES:
        raise ValueError(f"ankh-companion simulate: unknown game mode {known.mode!r}; expected one of {', '.join(MODES)}")
    return str(known.mode), rest


def main(argv: list[str]) -> int:
    try:
        mode, argv = _mode_of(argv)
    except ValueError as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return 2
    if mode != DEFAULT_MODE:
        from companion.cli import simulate_morpoly  # the second game: its own table and figures
        return simulate_morpoly.main(argv)
    parser = _Parser(prog="ankh-companion simulate",
                     description="Random legal games, checking the engine's invariants.")
    parser.add_argument("--games", type=whole("--games", 1, 1_000_000), default=100)
    parser.add_argument("--players", type=whole("--players", 2, 4), default=4)
    parser.add_argument("--seed", type=whole("--seed", 0, 2**63 - 1), default=1)
    parser.add_argument("--edition", choices=EDITIONS, default="en")
    parser.add_argument("--revision", type=whole("--revision", 1, LATEST), default=LATEST, metavar="R",
                        help=f"the rules revision to play by (1 to {LATEST}; default {LATEST})")
    parser.add_argument("--every-input", action="store_true",
                        help="run every check after every input (default: the costly ones on a sample of inputs)")
    try:
        args = parser.parse_args(argv)
    except ValueError as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return 2
    try:
        results, seconds = simulate(args.games, args.players, args.seed, args.edition, args.revision,
                                    args.every_input)
    except InvariantViolation as exc:
        sys.stderr.write(f"invariant violation (seed {args.seed}, {args.players} players): {exc}\n")
        return 1
    for line in summary_lines(results, seconds, args.players, args.seed):
        print(line)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
