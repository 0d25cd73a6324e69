"""What a Discworld: Ankh-Morpork table can never show, each rule written once for its two readers:
the invariants (:func:`companion.morpork.invariants.table_problems`, in the simulator and the
property tests) and the position format (:mod:`companion.morpork.state_format`, when a document is
read). Each finding names the field of ``ankh-morpork-state/1`` it is about and says the rule it
breaks in the rulebook's words; the format refuses the document with the first, the invariants list
them all.

The rules (English rulebook, "Ending and winning the game" and the random events):

- the game ends with a winner: on a Personality card one player, whose card it is, at the start of
  their own turn and with its condition met; on the draw pile Commander Vimes when he is dealt, else
  the most points; in Riots (eight or more trouble markers) the most points. On points a tie goes to
  the edition's tie-break, and players still tied share the win;
- the game ends as soon as a player takes the last card from the draw pile, so an empty pile is a
  game ended on it, and no other end comes after;
- Bloody Stupid Johnson, which happens once, sets one City Area card aside: at most one is lost,
  and only once that event is drawn;
- demons and trolls come onto the board only with their events (no card places one), so while one
  stands on the board its event is no longer in the event deck.

What a trouble marker implies about its area is left alone on purpose: nothing. The rulebook's rule
puts one where a minion, troll or demon joins another and takes it away with the first piece that
leaves, but Doctor Hix ("place a trouble marker in any area you like") and The Mob put one in an area
with no piece at all, a demon brings one into an empty area, The Shades next to a lone minion; and a
building beside a marker is legal. Nor are the City Area cards tied to the buildings: who holds one
is derived from the building, and a card set aside stays aside when its building later goes (Fire,
Explosion, the Dragon) or another is built there.

The rules that read the event deck (a lost card, a demon or a troll, a Riots end, each with its
event still in the deck) are the invariants' alone (``events=False`` leaves them out): a position
that leaves out ``event_deck`` gets all twelve events whatever its board shows, as one that leaves
out ``draw_pile`` gets the opening one, and hand-written positions rely on it (the format's own
example has a troll and no deck); the format writes the deck, and what it writes must read back."""
from __future__ import annotations

from typing import NamedTuple

from companion.morpork.board import AREA_IDS
from companion.morpork.scoring import RIOT_THRESHOLD, condition_progress, final_score
from companion.morpork.state import GameOver, State

JOHNSON = "bloody-stupid-johnson"
RIOTS = "riots"
NEUTRAL_EVENTS: tuple[tuple[str, str, str], ...] = (
    ("demons", "demons-from-the-dungeon-dimensions", "demon"), ("trolls", "trolls", "troll"))
"""Each neutral piece's field of an area, the event that alone brings it, and its name."""


class Unreachable(NamedTuple):
    """One thing no table shows: the field of the position it is in, and the rule it breaks."""

    field: str
    says: str

    def line(self) -> str:
        return f"{self.field}: {self.says}"


def unreachable(state: State, events: bool = True) -> list[Unreachable]:
    """Every finding of this module, in the order the format reads the fields: the draw pile and the
    game's end, the lost City Area cards, the neutral pieces; those that read the event deck only
    with ``events``. Quick on a game under way with no card lost (the invariants ask every 16th
    input of the simulator)."""
    found = end_problems(state, events)
    if state.lost_area_cards:
        found += lost_card_problems(state, events)
    if events:
        found += neutral_problems(state)
    return found


# -- the game's end ----------------------------------------------------------------------------

def end_problems(state: State, events: bool = True) -> list[Unreachable]:
    """The draw pile against the game's end, and the end against the table (a Personality card, or
    the ends scored on points: the draw pile without Commander Vimes, Riots, and ``points``, which no
    end of the rulebook is called and the engine never writes, read as an end on points): who won,
    by what, and what the table must show for it."""
    over = state.game_over
    if over is None:
        if state.draw_pile == 0:
            return [Unreachable("draw_pile", "0 cards left, but the game is not over; it ends as soon as a "
                                "player takes the last card from the draw pile")]
        return []
    if not over.winners:
        return [Unreachable("game_over.winners", f"no winner; a game that ended on {over.reason!r} has one "
                            "(players tied on points share the win)")]
    found: list[Unreachable] = []
    if over.reason == "draw-pile":
        if state.draw_pile:
            found.append(Unreachable("draw_pile", f"{state.draw_pile} cards left, but the game ended on the draw "
                                     "pile; it ends as soon as a player takes the last card"))
    elif state.draw_pile == 0 and over.reason != "points":
        found.append(Unreachable("game_over.reason", f"{over.reason!r} with the draw pile empty; the game ended "
                                 "as soon as a player took the last card, before any other end"))
    if over.reason == "personality":
        found += _personality_problems(state, over)
    elif over.reason == "draw-pile" and over.personality is not None:
        found += _vimes_problems(state, over)
    else:
        found += _points_problems(state, over, events)
    return found


def _card_holder_problems(state: State, over: GameOver, winner: str) -> list[Unreachable]:
    """The winner's card is theirs: not another known card of theirs, nor another player's."""
    card = over.personality
    own = state.player(winner).personality
    if own is not None and own != card:
        return [Unreachable("game_over.personality", f"{card!r} is not the winner {winner}'s Personality card "
                            f"({own!r})")]
    for i, player in enumerate(state.players):
        if player.color != winner and player.personality == card:
            return [Unreachable("game_over.personality", f"{card!r} is {player.color}'s card "
                                f"(players[{i}].personality), not the winner {winner}'s")]
    return []


def _personality_problems(state: State, over: GameOver) -> list[Unreachable]:
    """A win on a Personality card: one player, who holds it, at the beginning of their own turn,
    with its condition met (Commander Vimes wins only when the draw pile runs out)."""
    if len(over.winners) != 1:
        return [Unreachable("game_over.winners", f"{over.winners!r}; a win on a Personality card has one winner")]
    if over.personality is None:
        return [Unreachable("game_over.personality", "missing; a win on a Personality card names the card")]
    if over.personality == "vimes":
        return [Unreachable("game_over.personality", "'vimes' on a 'personality' end; Commander Vimes wins only "
                            "when the draw pile is exhausted (reason 'draw-pile')")]
    winner = over.winners[0]
    found = _card_holder_problems(state, over, winner)
    if state.active_player != winner:
        found.append(Unreachable("game_over.winners", f"{winner} won on their Personality card, but it is "
                                 f"{state.active_player}'s turn; the condition must hold at the beginning of "
                                 "your own turn"))
    progress = condition_progress(state, winner, over.personality)
    if progress is not None and progress[0] < progress[1]:
        found.append(Unreachable("game_over.personality", f"{over.personality!r} wins only when its condition "
                                 f"holds, and {winner} has {_measure(over.personality, *progress)}"))
    return found


def _measure(personality: str, have: int, need: int) -> str:
    """A personality's condition as the table counts it: what there is, what is needed."""
    if personality == "vetinari":
        return f"minions in {have} areas free of demons, {need} needed"
    if personality == "dragon-king-of-arms":
        return f"{_markers(have)} on the board, {need} needed"
    if personality == "chrysoprase":
        return f"a net worth of ${have}, ${need} needed"
    return f"control of {have} areas, {need} needed"


def _vimes_problems(state: State, over: GameOver) -> list[Unreachable]:
    """Commander Vimes wins if nobody else wins by the time the draw pile is exhausted: alone, and
    only he wins by it (otherwise the most points do)."""
    if over.personality != "vimes":
        return [Unreachable("game_over.personality", f"{over.personality!r} on a 'draw-pile' end; when the draw "
                            "pile runs out only Commander Vimes wins on his card, otherwise the most points win")]
    if len(over.winners) != 1:
        return [Unreachable("game_over.winners", f"{over.winners!r}; Commander Vimes wins alone")]
    return _card_holder_problems(state, over, over.winners[0])


def _points_problems(state: State, over: GameOver, events: bool) -> list[Unreachable]:
    """An end on points (:func:`end_problems`): no Personality card wins it, Riots need eight markers
    and leave the deck, and the winners are those with the most points after the tie-break."""
    if over.personality is not None:
        return [Unreachable("game_over.personality", f"{over.personality!r} on an end on points ({over.reason!r}); "
                            "no Personality card wins by it")]
    found: list[Unreachable] = []
    if over.reason == "draw-pile":
        for i, player in enumerate(state.players):
            if player.personality == "vimes":
                found.append(Unreachable("game_over.personality", f"null, but {player.color} is Commander Vimes "
                                         f"(players[{i}].personality), who wins when the draw pile is exhausted"))
    if over.reason == RIOTS:
        markers = state.trouble_on_board()
        if markers < RIOT_THRESHOLD:
            found.append(Unreachable("game_over.reason", f"'riots' with {_markers(markers)} on the board; "
                                     f"Riots end the game only with {RIOT_THRESHOLD} or more"))
        if events and RIOTS in state.event_deck:
            found.append(Unreachable("event_deck", "'riots' is still in the deck, but the game ended in Riots; "
                                     "each event happens once"))
    score = final_score(state)
    if set(over.winners) != set(score.winners):
        tie = "the most valuable area controlled" if score.tie_break == "control" else "the most valuable City Area card"
        found.append(Unreachable("game_over.winners", f"{over.winners!r}, but on points {score.winners!r} win "
                                 f"({_points(score.points)}); a tie goes to {tie}, then is shared"))
    return found


def _markers(n: int) -> str:
    return f"{n} trouble marker{'' if n == 1 else 's'}"


def _points(points: dict[str, int]) -> str:
    return ", ".join(f"{color} {total}" for color, total in points.items())


# -- City Area cards and neutral pieces ----------------------------------------------------------

def lost_card_problems(state: State, events: bool = True) -> list[Unreachable]:
    """Bloody Stupid Johnson, once a game, sets one City Area card aside: a second is never lost,
    and none before that event is drawn."""
    lost = state.lost_area_cards
    found = [Unreachable(f"lost_area_cards[{i}]", f"{area!r} is a second City Area card set aside; only Bloody "
                         "Stupid Johnson sets one aside, and each event happens once")
             for i, area in enumerate(lost) if i]
    if lost and events and JOHNSON in state.event_deck:
        found.insert(0, Unreachable("lost_area_cards[0]", f"{lost[0]!r} is set aside, but 'bloody-stupid-johnson' "
                                    "is still in event_deck; only that event sets a City Area card aside"))
    return found


def neutral_problems(state: State) -> list[Unreachable]:
    """Demons and trolls are placed only by their random events: none stands on the board while its
    event is still in the deck."""
    found: list[Unreachable] = []
    deck = state.event_deck
    for key, event, name in NEUTRAL_EVENTS:
        if event not in deck:
            continue  # the usual case once the event is out; before it, every area is free of them
        for area_id in AREA_IDS:
            count = getattr(state.areas[area_id], key)
            if count:
                found.append(Unreachable(f"areas.{area_id}.{key}", f"{count} {name}{'s' if count > 1 else ''} "
                                         f"here, but {event!r} is still in event_deck; {name}s come onto the "
                                         "board only with that event"))
    return found
