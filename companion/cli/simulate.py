"""``ankh-companion simulate``: whole games of random legal play, checking the engine after every step.

    ankh-companion simulate --games N --players 2|3|4 --seed S [--edition en|de|pl|it] [--revision R]
                            [--every-input] [--jobs N]
    ankh-companion simulate --mode ankh-morpoly --games N --players 2..8 --seed S [--option NAME=VALUE]…

``--mode`` picks the game (default ``ankh-morpork``, which the rest of this text describes); the
second game's simulator is :mod:`companion.cli.simulate_morpoly`.

The simulator plays the table's part. It shuffles a real deck (48 green on top of 53 brown), the
event deck and the personalities, deals real hands, and answers every question the engine asks from
what a real table would know: cards are played and discarded from the real hands, rolls are random,
interrupts are played only when the real hand holds them. Cards that change hands unseen follow the
engine's narration (``cards.*`` keys). Same seed, same games.

Game G of a run (counted from 1) is dealt and played from a random stream of its own, seeded ``S + G
- 1`` (:func:`companion.cli.sampled_checks.game_seed`, as the second game's simulator has always
seeded its games), so ``--seed S+G-1 --games 1`` plays it alone, and no game depends on the games
before it. (Until ``--jobs`` came, one stream ran through all the games of a run: the games of a
seed differ from before.)

``--jobs N`` plays the games in N worker processes at once (default: the cores this process may
use, ``os.sched_getaffinity``; ``1``: in this process, as before), handed out in chunks of up to 20
games and taken back in game order (:func:`companion.cli.sampled_checks.play_games`): **the same seed
gives the same games and the same output for any N**, but for the games/second figure and the last
line. Ctrl-C stops the command and its workers with one line on stderr, ``ankh-companion simulate:
interrupted (Ctrl-C); no report``, and exit status 130.

The checks (issue 16: a checked run must be fast enough for 10,000 games in CI):

* after every input, the totals: each hand and the draw pile as big as the real ones, no one in
  debt, the box's money all there, no card come or gone (draw pile + discard pile + hands + loans +
  cards in play = the game's cards), the question answerable by a player of the game;
* after every 16th input and the last (:data:`TABLE_CHECK_EVERY`), the whole table recounted: every
  card of the game in exactly one place, the pieces on the board counted afresh, held to the box and
  equal to the state's kept counts, every area possible, the player asked to play offered every card
  of their real hand;
* after every 128th input and the last (:data:`ROUND_TRIP_EVERY`), the position through its JSON
  (``ankh-morpork-state/1``) and back, equal, and the state's remembered answers worked out again;
* every check after every input of every 200th game (:data:`FULL_CHECK_GAMES_EVERY`), and of every
  game with ``--every-input``.

A slip that a sample meets may have happened some inputs earlier: the game is then replayed from
its random state with every check after every input, and the report names the input after which
the slip first shows (the one ``--every-input`` stops at), adding after which input the sample met
it. A slip that a later input mends before the next sample is missed outside the fully checked games.
The schedule, the replay and the report line are shared with the second game's simulator
(:mod:`companion.cli.sampled_checks`); the checks are this game's.

``--revision`` plays the games by an older rules revision (``companion.morpork.revisions``; default
the newest). The table decides interrupts with a random stream of its own, player by player in turn
order, and does not draw at random for a question with a single option, so one seed plays the same
game under revisions 1 and 2: only what the table is asked differs (``benchmarks/bench_taps.py``).
From revision 3 on, the rules change what can happen (Cosmo Lavish's target, a text without a target
skipped, a City Area power asked first only where it can help), so a seed's game under revision 3 or
later is in general another game (``--seed 1 --players 4``: a different first game under 3 and 5).

Output: one line per figure (games, games/second, endings by reason / personality), then ``jobs:
N``, how many processes played the games (``jobs: 1`` in this process; fewer than ``--jobs`` asked
only with fewer games: ``jobs: 1 (--jobs 4; 1 game)``); games/second is wall-clock time over the
whole run, on all the jobs. Exit status 0, or 1 with the first invariant violation on one line of
stderr: ``invariant violation (seed S, P players): game G, step N (question key answered input):
what broke; game G alone: --seed X --games 1 --every-input`` (X = S + G - 1: with the run's other
arguments, that command plays the game alone and stops at the same input; the first violation is
that of the lowest-numbered game that has one, whatever ``--jobs`` is). The same ``--seed`` with
``--games G`` or more plays the same games and meets it again. Exit status 1 also when a worker
process ends without its games' results (killed, out of memory): one line, ``ankh-companion
simulate: a worker process ended before its games were played (…); no report``. 2 on bad arguments
(one line: ``--jobs 0`` is refused).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import NoReturn

from companion.cli.bounds import one_line, whole
from companion.morpork.board import AREA_IDS, COLORS
from companion.morpork.cards.common import INTERRUPT_ONLY, personalities_in_game
from companion.morpork.cards.interrupts import ANYONE, parse_interrupt_option
from companion.morpork.cards.powers import POWER_PREFIX
from companion.morpork.catalog import CARD_BY_ID, CARDS, EVENT_IDS, TWO_PLAYER_REMOVED_CARDS
from companion.core.errors import CompanionError, StateFormatError
from companion.core.frozen import instance
from companion.core.mode import DEFAULT_MODE, MODES
from companion.morpork.game import Game, apply, new_game
from companion.core.inputs import Answer, CardScan, DieRoll, Input, RandomDraw
from companion.cli.sampled_checks import (
    FULL_CHECK_GAMES_EVERY, InvariantViolation, Sampling, add_every_input, add_jobs, game_seed, play_games, report_line,
    run_and_report, slipped,
)
from companion.morpork.invariants import kept_piece_problems, remembered_problems, table_problems
from companion.morpork.options import EDITIONS
from companion.morpork.revisions import LATEST
from companion.core.procedure import Narration, Question
from companion.morpork.setup import HAND_SIZE
from companion.morpork.state import State, Tally
from companion.morpork.state_format import state_from_json, state_to_json

MAX_STEPS = 20000


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
    hand = table.hands[color]
    return [c for c in hand if c not in stuck] if stuck else list(hand)


CARD_ID_SET: frozenset[str] = frozenset(CARD_BY_ID)
PLAY_KEYS: frozenset[str] = frozenset(("turn.play-card", "turn.play-another", "card.play-more"))
STOP_OPTIONS: tuple[str, ...] = ("pass", "stop", "end-turn")
_INTERRUPT_ONLY: frozenset[str] = frozenset(INTERRUPT_ONLY)


def _answer(value: str) -> Answer:
    """``Answer(value)``, one per value for the whole run (:data:`_ANSWERS`)."""
    found = _ANSWERS.get(value)
    if found is None:  # made at once (core.frozen): the frozen dataclass's own __init__ cost ~0.8 µs
        found = _ANSWERS[value] = instance(Answer, {"value": value, "player": None, "seq": None, "type": "answer"})
    return found


def _scan(kind: str, card: str) -> CardScan:
    """``CardScan(kind, card)``, one per card and kind for the whole run, like :func:`_answer`."""
    found = _SCANS.get((kind, card))
    if found is None:
        found = _SCANS[kind, card] = instance(CardScan, {"kind": kind, "card": card, "source": "manual",
                                                         "player": None, "seq": None, "type": "scan"})
    return found


_ANSWERS: dict[str, Answer] = {}
_SCANS: dict[tuple[str, str], CardScan] = {}
_ROLLS: dict[int, DieRoll] = {face: DieRoll(face, source="sim") for face in range(1, 13)}
"""The table's inputs, each made once and given again for the same answer, card or face: an
input is a frozen value, compared by value and never changed, and making a new one for every
input was an eighth of the table's own work per input. Their number is bounded by the game's
options (cards, areas, colours, powers, a few words)."""


def choose_input(game: Game, table: Table, question: Question) -> Input:
    """A random legal input for ``question``, made from the real cards.

    Which input a given random state picks is part of the contract (``--seed`` replays a finding),
    so the options are looked up through sets only where the order of what is drawn from stays the
    engine's order of options."""
    rng = table.rng
    opts = question.options
    key = question.key
    kind = question.kind
    if kind == "roll":
        return _ROLLS[rng.randint(1, 12)]
    if kind == "random":
        return RandomDraw(rng.choice(opts))
    player = question.player
    if key in _ANSWERED_BY_KEY:
        return _answer_by_key(game, table, key, opts, player, rng)
    if kind == "choice" and len(opts) == 1 and opts[0] not in CARD_BY_ID:
        return _answer(opts[0])  # nothing to decide: no random draw, so every revision plays alike
    if key != "card.history-monks" and not CARD_ID_SET.isdisjoint(opts):
        # A card named from a hand: the questioned player's own, or the victim's (Cable Street).
        owner = dict(question.params).get("victim", player)
        assert owner is not None
        offered = set(opts)
        hand = [c for c in _free_cards(game, table, owner) if c in offered]
        # the answers that are no card (skip, done …): a set's difference, not a scan of some sixty
        # options, and in the engine's order, as often as it repeats them
        others = list(offered - CARD_ID_SET)
        if len(others) > 1 or others and len(offered) != len(opts):
            others = [o for o in opts if o not in CARD_ID_SET]
        if others and (not hand or rng.random() < 0.3):
            return _answer(rng.choice(others))
        if hand:
            return _scan("card", rng.choice(hand))
        raise InvariantViolation(f"{key!r}: no real card of {owner!r} fits the options {list(opts[:8])!r}")
    if "skip" in opts and len(opts) > 1 and rng.random() < 0.15:
        return _answer("skip")
    choices = [o for o in opts if o != "skip"] or opts
    return _answer(rng.choice(choices))


def _answer_by_key(game: Game, table: Table, key: str, opts: tuple[str, ...], player: str | None,
                   rng: random.Random) -> Input:
    """The answer to a question the table answers in a way of its own (:data:`_ANSWERED_BY_KEY`)."""
    if key == "setup.personality":
        assert player is not None
        return _scan("personality", table.personalities[player])
    if key == "event.draw":
        event = table.events.pop(0)
        return _scan("event", event)
    if key == "event.fog.card":
        # Fog turns over the real top card of the draw pile; the engine must offer it.
        if not table.deck:
            raise InvariantViolation(f"{key!r}: the engine asks for a Fog card but the real draw pile is empty")
        top = table.deck[0]
        if top not in opts:
            raise InvariantViolation(f"{key!r}: the real top card {top!r} is not among the options {list(opts[:8])!r}")
        return _scan("card", top)
    if key in PLAY_KEYS or key == "turn.end":
        assert player is not None
        return _play_or_stop(game, table, key, opts, player, rng)
    if key == ANYONE:
        # One window for several players: each holder, in the order offered, decides as they would
        # have been asked one by one; the first who plays answers for the table.
        offers = [parse_interrupt_option(o) for o in opts if o != "none"]
        for color in dict.fromkeys(color for color, _ in offers):
            held = [o for o, (c, card) in zip((o for o in opts if o != "none"), offers)
                    if c == color and card in table.hands[color]]
            if held and table.interrupts.random() < 0.7:
                return _answer(table.interrupts.choice(held))
        return _answer("none")
    if key in _ONE_PLAYERS_WINDOW:
        assert player is not None
        held = [o for o in opts if o in table.hands[player]]
        if held and table.interrupts.random() < 0.7:
            return _answer(table.interrupts.choice(held))
        return _answer("none")
    raise AssertionError(f"{key!r} is in _ANSWERED_BY_KEY but answered nowhere")  # a key added to one, not the other


_ONE_PLAYERS_WINDOW = ("interrupt.window", "interrupt.event-window")
"""The windows of one player to play an interrupt card (:data:`ANYONE` is several players')."""


_ANSWERED_BY_KEY: frozenset[str] = frozenset((
    "setup.personality", "event.draw", "event.fog.card", *PLAY_KEYS, "turn.end", *_ONE_PLAYERS_WINDOW, ANYONE))
"""The questions the table answers in a way of their own (:func:`_answer_by_key`), not by the
general rules of :func:`choose_input` (a card named from a hand, skip at times, else any option):
one look-up instead of a test per key for the others, most questions."""


def _play_or_stop(game: Game, table: Table, key: str, opts: tuple[str, ...], player: str,
                  rng: random.Random) -> Input:
    """The answer to a question for the next card (:data:`PLAY_KEYS`) or the end of a turn: a power
    (30 %), Doctor Mossy Lawn when held (10 %), a card of the real hand (the turn's first whenever
    one is offered, a further one 85 %), else the way to stop.

    The answers that are no card are the power options and the ways to stop, each in the engine's
    order: picked out of a small question by a scan of its options, out of a card question (some
    sixty options) through sets. Either way the same options in the same order, so the same random
    draws give the same input."""
    stuck = game.state.player(player).stuck_cards
    if len(opts) <= _FEW_OPTIONS:  # the end of a turn, a chain's last cards: no set built for a few options
        hand = [c for c in table.hands[player] if c in opts and c not in stuck]
        powers = [o for o in opts if o in _POWER_OPTIONS]
    else:
        offered = set(opts)
        hand = [c for c in table.hands[player] if c in offered and c not in stuck]
        powers = list(offered & _POWER_OPTIONS)  # the few it can be, not the sixty offered, looked up
        if len(powers) > 1 or powers and len(offered) != len(opts):  # else already in the engine's order
            powers = [o for o in opts if o in _POWER_OPTIONS]
    if powers and rng.random() < 0.3:
        return _answer(rng.choice(powers))
    if "doctor-mossy-lawn" in hand and rng.random() < 0.1:
        return _answer("doctor-mossy-lawn")
    playable = [c for c in hand if c not in _INTERRUPT_ONLY]
    if key == "turn.play-card":
        return _scan("card", rng.choice(playable)) if playable else _answer("pass")
    if playable and key != "turn.end" and rng.random() < 0.85:
        return _scan("card", rng.choice(playable))
    # the way to stop looked for only here, where it is the answer (not for a turn's first card)
    for option in opts:
        if option in _STOPS:
            return _answer(option)
    raise InvariantViolation(f"{key!r}: no way to stop among the options {list(opts[:8])!r}")


_FEW_OPTIONS = 8
"""Up to this many options, :func:`_play_or_stop` scans them instead of building sets of them."""
_POWER_OPTIONS: frozenset[str] = frozenset(POWER_PREFIX + area for area in AREA_IDS)
"""Every City Area power as the engine offers it (``power:<area>``)."""
_STOPS: frozenset[str] = frozenset(STOP_OPTIONS)


CARD_MOVES: frozenset[str] = frozenset((
    "cards.draw", "card.played", "cards.discard", "interrupt.played", "card.stuck", "cards.return",
    "cards.from-discard", "cards.give", "cards.stanley", "cards.stanley-one", "cards.swap-hands", "event.fog.card",
    "event.fog.unnamed"))
"""The narration keys :func:`follow_narration` acts on (the others move no card: most lines)."""


def follow_narration(game: Game, table: Table, lines: Sequence[Narration]) -> None:
    """Move the real cards as the engine says cards moved."""
    rng = table.rng
    for line in lines:
        key = line.key
        if key not in CARD_MOVES:
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
        elif key in ("cards.stanley", "cards.stanley-one"):  # Stanley: one card, at random, to the taker
            free = _free_cards(game, table, p["giver"])
            card = rng.choice(free)
            table.hands[p["giver"]].remove(card)
            table.hands[p["taker"]].append(card)
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


# -- the checks ---------------------------------------------------------------------------------
# What each check costs was measured (issue 16; an input of the four-player engine takes some 37 µs):
# the totals 1 µs, the whole-table recount 20 µs, the position's JSON round-trip with the remembered
# answers 155 µs. So the totals run after every input, the recounts on a sample of inputs, and every
# check after every input of a sample of games; a slip found by a sample is traced back to the input
# that made it by replaying that game (``play_game``).

TABLE_CHECK_EVERY = 16
"""The whole-table recount (every card of the game in exactly one place, the pieces on the board
counted afresh and held to the box and to the state's kept counts, every area possible) runs after
every 16th input and after the last. What it catches persists (a card, a minion or a coin does not
come back by itself), so the next sample meets it, and the replay names the input that made it."""

ROUND_TRIP_EVERY = 128
"""The position's JSON round-trip (every validation of the state format, and the position read back
equal) and the state's remembered answers (controllers, the cards memo) against working them out
again run after every 128th input and after the last: they cost about four inputs of the engine."""

SAMPLING = Sampling(TABLE_CHECK_EVERY, ROUND_TRIP_EVERY)
"""This game's schedule (:mod:`companion.cli.sampled_checks`); every check after every input of every
:data:`FULL_CHECK_GAMES_EVERY`-th game (the shared 200th; what such a game adds to a run is said
at :data:`companion.cli.sampled_checks.FULL_CHECK_GAMES_EVERY`)."""
CHECK_NAMES = ("the totals", "the whole-table recount", "the JSON round-trip")
"""The three weights of :data:`SAMPLING` in this game's words (the help of ``--every-input``)."""


def game_cards(players: int) -> frozenset[str]:
    """The cards of a game of ``players``: the whole deck, but Hubert and Cosmo with two."""
    return _GAME_CARDS[2] if players == 2 else _GAME_CARDS[4]


_GAME_CARDS: dict[int, frozenset[str]] = {
    2: frozenset(c.id for c in CARDS if c.id not in TWO_PLAYER_REMOVED_CARDS),
    4: frozenset(c.id for c in CARDS),
}
_GAME_CARD_COUNT: dict[bool, int] = {two: len(_GAME_CARDS[2 if two else 4]) for two in (False, True)}
"""How many cards :func:`game_cards` gives, by whether two play: looked up after every input."""
_EVENT_ID_SET: frozenset[str] = frozenset(EVENT_IDS)


def check_invariants(game: Game, table: Table, round_trip: bool = True, whole_table: bool = True) -> None:
    """Check the table after an input: always the totals (:func:`_check_totals`) and the question;
    the whole-table recount with ``whole_table`` and the round-trip with ``round_trip`` (both by
    default; the simulator samples them, :data:`TABLE_CHECK_EVERY`, :data:`ROUND_TRIP_EVERY`).
    Raises :class:`InvariantViolation` naming what broke."""
    # the question read once for the checks that need it, from its field (``Game.question`` is a
    # property: a call of its own after every input)
    state, question = game.state, game.current_question
    _check_totals(state, table)
    if whole_table:
        _check_whole_table(state, table)
        _check_offer(state, question, table)
    if round_trip:
        _check_round_trip(state)
    _check_question(question, table)


def _check_totals(state: State, table: Table) -> None:
    """What a few sums show after every input: each hand and the draw pile as big as the real
    ones, cards stuck in a hand really there, no one in debt, the money of the box all there and
    no card come or gone (draw pile, discard pile, hands, loans and the cards in play add up to
    the game's cards)."""
    hands = table.hands
    money = state.bank
    cards = len(table.deck) + len(state.discard_pile) + len(state.under_way.cards)
    for player in state.players:
        real = hands[player.color]
        if len(real) != player.hand:
            raise InvariantViolation(f"{player.color} holds {len(real)} real cards, the engine counts {player.hand}")
        for card in player.stuck_cards:
            if card not in real:
                raise InvariantViolation(f"{card!r} is stuck in {player.color}'s hand but not there")
        if player.money < 0:
            raise InvariantViolation(f"{player.color} has ${player.money}")
        money += player.money
        cards += player.hand + len(player.loans)
    if len(table.deck) != state.draw_pile:
        raise InvariantViolation(f"the real draw pile has {len(table.deck)} cards, the engine counts {state.draw_pile}")
    if state.bank < 0:
        raise InvariantViolation(f"the bank holds ${state.bank}")
    box = state.rules.bank  # State.bank_total without its call, after every input
    if money != box:
        raise InvariantViolation(f"money: ${money} in play, the box holds ${box}")
    in_game = _GAME_CARD_COUNT[len(state.players) == 2]
    if cards != in_game:
        raise InvariantViolation(f"{cards} cards in the draw pile, the discard pile, the hands, the loans and in play;"
                                 f" the game has {in_game}")


def _check_whole_table(state: State, table: Table) -> None:
    """Every card of the game in exactly one place, and the pieces recounted (:data:`TABLE_CHECK_EVERY`)."""
    places = [*table.deck, *state.discard_pile, *(c.card for c in state.under_way.cards)]
    for hand in table.hands.values():
        places += hand
    for player in state.players:
        places += player.loans
    expected = game_cards(len(state.players))
    seen = set(places)
    if len(places) != len(expected) or seen != expected:  # as many places as cards, and each card seen
        doubled = sorted(c for c, n in Counter(places).items() if n > 1)
        raise InvariantViolation(f"cards in two places at once: {doubled!r}; missing: {sorted(expected - seen)!r};"
                                 f" not in the game: {sorted(seen - expected)!r}")
    counted = Tally.of(state.areas)
    problems = table_problems(state, counted) + kept_piece_problems(state, counted)
    if problems:
        raise InvariantViolation("; ".join(problems))
    if not _EVENT_ID_SET.issuperset(state.event_deck):
        raise InvariantViolation(f"unknown event in the deck: {sorted(set(state.event_deck) - _EVENT_ID_SET)!r}")


def _check_round_trip(state: State) -> None:
    """The position through its JSON and back, equal, and the remembered answers (:data:`ROUND_TRIP_EVERY`)."""
    try:
        back = state_from_json(state_to_json(state))
    except StateFormatError as exc:
        raise InvariantViolation(f"the position does not read back from its own JSON: {exc}") from exc
    if back != state:
        raise InvariantViolation("the position read back from its JSON differs from the position written")
    problems = remembered_problems(state)
    if problems:
        raise InvariantViolation("; ".join(problems))


def _check_question(question: Question | None, table: Table) -> None:
    """The question can be answered, by a player of the game."""
    if question is None:
        return
    if question.kind == "choice" and not question.options:
        raise InvariantViolation(f"{question.key!r} has no option")
    if question.player is not None and question.player not in table.hands:
        raise InvariantViolation(f"{question.key!r} asks {question.player!r}, who is not playing")


def _check_offer(state: State, question: Question | None, table: Table) -> None:
    """A player asked to play a card is offered every card of their real hand (stuck cards and
    interrupts aside): with the whole table (:data:`TABLE_CHECK_EVERY`), as building the set of
    some sixty cards offered costs as much as the other checks of an input."""
    player = None if question is None else question.player
    if question is None or player is None or question.key not in PLAY_KEYS:
        return
    stuck = state.player(player).stuck_cards
    offered = set(question.options)
    missing = [c for c in table.hands[player] if c not in offered and c not in stuck and c not in INTERRUPT_ONLY]
    if missing:
        raise InvariantViolation(f"{player} holds {missing!r} but may not play it")


# -- whole games ---------------------------------------------------------------------------------

def play_game(rng: random.Random, players: int, edition: str = "en", check: bool = True,
              revision: int = LATEST, on_input: Callable[[Game, Input], None] | None = None,
              every_input: bool = False) -> GameResult:
    """One whole game of random legal play under rules ``revision``; raises ``InvariantViolation``
    when the engine slips, naming the input (``step``) after which it first shows. ``on_input``
    sees each question's game and the table's answer (a tap counter, say).

    The totals are checked after every input, the recounts on a sample of inputs
    (:data:`TABLE_CHECK_EVERY`, :data:`ROUND_TRIP_EVERY`), or every check after every input with
    ``every_input``. A slip that a sample finds happened at that input or after an earlier one, so
    the game is played again from ``rng``'s state at its start with every check after every input:
    the report names the input that made the slip, the one a replay with ``--every-input`` stops at."""
    start = rng.getstate() if check and not every_input else None
    colors = list(COLORS[:players])
    table = deal(rng, colors)
    game = new_game(colors, edition, revision=revision)
    steps = 0
    # the question and the length of the log read once per input and carried to the next: each
    # read is a call of its own (a property, ``NarrationLog.__len__``), and a step asked for each
    # several times
    question = game.question
    heard = len(game.narration)
    # the sampled checks' schedule read once: most inputs are due neither sample, and asking the
    # schedule twice and going through check_invariants for the totals alone was a fifth of the checks
    whole_every, round_trip_every = SAMPLING.whole_every, SAMPLING.round_trip_every
    while question is not None:
        steps += 1
        inp: Input | None = None
        try:
            if steps > MAX_STEPS:
                raise InvariantViolation(f"no end after {MAX_STEPS} inputs")
            inp = choose_input(game, table, question)
            if on_input is not None:
                on_input(game, inp)
            try:
                # the simulator drops each game at the next input and never goes back (a refusal
                # ends the run): no copy of the table per input, nor per turn to replay it from
                after = apply(game, inp, snapshot=False, replayable=False)
            except CompanionError as exc:
                raise InvariantViolation(f"the engine refused it: {exc}") from exc
            lines = after.narration
            told = len(lines)
            if told > heard:  # an input that said nothing moved no card: no call for it
                follow_narration(after, table, lines[heard:])  # as _new_lines(game, after)
            game, heard, following = after, told, after.current_question  # the property's field
            if check:
                if following is None or every_input or not (steps % whole_every and steps % round_trip_every):
                    last = following is None
                    check_invariants(game, table, round_trip=SAMPLING.round_trip(steps, last, every_input),
                                     whole_table=SAMPLING.whole(steps, last, every_input))
                else:  # no sample due (SAMPLING would say no to both): what check_invariants runs then
                    _check_totals(game.state, table)
                    _check_question(following, table)
        except InvariantViolation as exc:
            replay = None if start is None else _replay(start, players, edition, revision)
            raise slipped(steps, question.key, inp, exc, replay) from exc
        question = following
    over = game.state.game_over
    assert over is not None
    return GameResult(over.reason, over.personality, list(over.winners), game.state.turn.number, steps)


def _replay(start: tuple[object, ...], players: int, edition: str, revision: int) -> Callable[[], object]:
    """The game begun from the random state ``start``, played again with every check after every input."""
    def replay() -> GameResult:
        rng = random.Random()
        rng.setstate(start)
        return play_game(rng, players, edition, revision=revision, every_input=True)
    return replay


def _new_lines(old: Game, new: Game) -> Sequence[Narration]:
    """Narration lines ``new`` has that ``old`` had not (the pending procedure's are rebuilt)."""
    before, after = len(old.narration), new.narration
    return after[before:] if len(after) > before else []  # a slice of the log is a list already


# -- the command -------------------------------------------------------------------------------

def simulate(games: int, players: int, seed: int, edition: str = "en",
             revision: int = LATEST, every_input: bool = False, jobs: int = 1) -> tuple[list[GameResult], float]:
    """``games`` games, game ``G`` (from 1) from its own random stream seeded ``seed + G - 1``
    (:func:`companion.cli.sampled_checks.game_seed`); every check after every input of every
    :data:`FULL_CHECK_GAMES_EVERY`-th game (of every game with ``every_input``), in ``jobs`` processes
    (1: this one). A violation names its game, counted from 1, and how to play it alone; the same
    results and the same violation for any ``jobs``. The seconds are wall-clock, the whole run."""
    started = time.perf_counter()
    results = play_games(games, partial(_game_of_run, seed, players, edition, revision), every_input,
                         FULL_CHECK_GAMES_EVERY, jobs=jobs, alone=partial(_alone, seed))
    return results, time.perf_counter() - started


def _game_of_run(seed: int, players: int, edition: str, revision: int, number: int, every_input: bool) -> GameResult:
    """Game ``number`` of the run from ``seed`` (a module's function: it is handed to worker processes)."""
    return play_game(random.Random(game_seed(seed, number)), players, edition, revision=revision,
                     every_input=every_input)


def _alone(seed: int, number: int) -> str:
    """How the report says to play game ``number`` alone, checked as fully as any game can be."""
    return f"game {number} alone: --seed {game_seed(seed, number)} --games 1 --every-input"


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
    add_every_input(parser, SAMPLING, *CHECK_NAMES)
    add_jobs(parser)
    try:
        args = parser.parse_args(argv)
    except ValueError as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return 2

    def run() -> list[str]:
        results, seconds = simulate(args.games, args.players, args.seed, args.edition, args.revision,
                                    args.every_input, args.jobs)
        return summary_lines(results, seconds, args.players, args.seed)
    return run_and_report(parser.prog, run, lambda exc: report_line(args.seed, args.players, exc), args.games,
                          args.jobs)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
