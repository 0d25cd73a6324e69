"""The FSU ledger ("Fair-Sicher-ung", reference §2): insurance bought with every premium on a built
street, expiring after one lap of the token that bought it, paying three times the premium when the
insurer's guild condition happens to the insured party.

The ledger is immutable (:class:`Ledger` is a frozen value); every change comes out of
:func:`resolution`, the one place where §2.4's order is implemented. It takes the events of one move
in the order they happened and settles them one by one: path steps end FSUs (R15, R16), a due
premium buys an FSU or costs the double fee (L27, R17, R18, R34), payments are settled (with the
Merchants paying on their insured's behalf, L65, R32, R33), and each event is tested against every
active FSU's covers, one predicate per cover (R20). Rolls the Fools make on the way — the kind of
cover (table B) and the optional payout modification (table C) — are asked of the caller by
``yield``-ing a :class:`RollRequest`, so the engine can turn them into questions and replay answers.
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from typing import Final

from companion.core.frozen import instance
from companion.morpoly.covers import FOOL_COVERS, Cover, Guild, conditions
from companion.morpoly.dice import Dice, fool_cover, payout_modification
from companion.morpoly.events import (Direction, Event, Jailed, Landed, Mode, MustPay, Passed, PaymentKind,
                                      PremiumDue, Step, Stolen)
from companion.morpoly.guilds import (Condition, assassins, beggars, fools, merchants, patrician, receives_income,
                                      thieves, undead, watch, wizards)
from companion.morpoly.layout import STREETS
from companion.morpoly.options import is_on, value
from companion.morpoly.position import PartyId, Position, tokens_of

CLAIM_MULTIPLE: Final = 3
"""Every claim pays three times the premium (L26; for the Wizards by R22)."""

COVERED_PAYMENTS: Final[frozenset[PaymentKind]] = merchants.COVERED_PAYMENTS
"""Payments the Merchants' cover pays (R32), named in :mod:`companion.morpoly.guilds.merchants`."""


class Status(Enum):
    ACTIVE = "active"
    EXPIRED = "expired"
    REDEEMED = "redeemed"
    VOID = "void"


@dataclass(frozen=True)
class Fsu:
    """One insurance contract (§2.2). ``holder_token`` bought it and alone ends it by coming past
    ``square``; ``beneficiary`` is paid (the Merchants after a full cover); ``paid`` is what the
    insurer has paid out on it so far (only the Merchants' budget reading, R32, pays twice)."""

    fsu_id: int
    insurer: PartyId
    beneficiary: PartyId
    holder_token: str
    square: int
    premium: int
    covers: frozenset[Cover]
    fool_modifiable: bool
    bought_at: int = 0
    status: Status = Status.ACTIVE
    paid: int = 0

    @property
    def is_active(self) -> bool:
        return self.status is Status.ACTIVE


@dataclass(frozen=True)
class Ledger:
    """Every FSU of the game, in the order bought, and the next id. ``ended_prefix`` is a speed hint:
    every FSU before that index has ended (FSUs last one lap, so the active ones are the recent
    ones); 0 is always correct."""

    fsus: tuple[Fsu, ...] = ()
    next_id: int = 1
    ended_prefix: int = 0

    def active(self) -> tuple[Fsu, ...]:
        """The active FSUs in the order bought; found once per ledger (an immutable value, and the
        engine asks at every move): kept beside the fields, outside what compares or prints."""
        found: tuple[Fsu, ...] | None = self.__dict__.get("_active")
        if found is None:
            found = self.__dict__["_active"] = tuple(
                [fsu for fsu in self.fsus[self.ended_prefix:] if fsu.status is Status.ACTIVE])
        return found

    def get(self, fsu_id: int) -> Fsu:
        for fsu in self.fsus:
            if fsu.fsu_id == fsu_id:
                return fsu
        raise KeyError(fsu_id)

    def active_between(self, beneficiary: PartyId, insurer: PartyId) -> tuple[Fsu, ...]:
        return tuple(fsu for fsu in self.fsus
                     if fsu.is_active and fsu.beneficiary == beneficiary and fsu.insurer == insurer)

    def with_fsu(self, fsu: Fsu) -> Ledger:
        """The ledger with ``fsu`` replacing the one of the same id, or added (taking the next id)."""
        if any(old.fsu_id == fsu.fsu_id for old in self.fsus):
            return Ledger(tuple(fsu if old.fsu_id == fsu.fsu_id else old for old in self.fsus), self.next_id)
        return Ledger(self.fsus + (fsu,), max(self.next_id, fsu.fsu_id + 1))


@dataclass(frozen=True)
class Payment:
    """Money that moves because of the ledger. ``None`` is the bank. ``on_behalf_of``: the Merchants
    paying a payment their insured owes (L65)."""

    payer: PartyId | None
    payee: PartyId | None
    amount: int
    kind: PaymentKind
    fsu_id: int | None = None
    on_behalf_of: PartyId | None = None
    event_index: int = field(default=-1, compare=False)


class ChangeKind(Enum):
    BOUGHT = "bought"
    TAKEN_OVER = "taken-over"      # bought with a premium the Merchants paid in full: theirs (L65)
    DOUBLE_FEE = "double-fee"      # a further landing while an FSU with that insurer runs
    EXPIRED = "expired"
    CLAIMED = "claimed"            # paid and still active (a Fool's 7 or doubles; a budget not spent)
    REDEEMED = "redeemed"
    TRANSFERRED = "transferred"
    VOID = "void"


@dataclass(frozen=True)
class Change:
    """What happened to one FSU, and at which event of the move (its index, -1 outside a move).
    ``amount``: the premium, fee or payout; ``waived``: the part of a payout the Merchants covered by
    simply not collecting a payment owed to themselves (R33)."""

    fsu_id: int | None
    kind: ChangeKind
    event_index: int
    amount: int = 0
    waived: int = 0


@dataclass(frozen=True)
class RollRequest:
    """A roll the Fools make during the resolution: ``fool-cover`` (table B, mandatory: answer with
    the dice) or ``fool-payout`` (table C, optional: answer ``None`` to pay the claim unmodified).
    ``claim`` is the amount at stake (3 × premium, or the Merchants' cap)."""

    kind: str
    insurer: PartyId
    beneficiary: PartyId
    square: int
    fsu_id: int | None = None
    claim: int = 0


@dataclass(frozen=True)
class Resolution:
    ledger: Ledger
    payments: tuple[Payment, ...]
    changes: tuple[Change, ...]


# --- expiry -----------------------------------------------------------------------------------

def expires_on(step: Step, fsu: Fsu) -> bool:
    """§2.3's ``expires_on``: the holder token passes S on a forward walk, or lands on S by a forward
    walk or any teleport or placement. Backward walks and teleport jumps never end an FSU."""
    if step.token != fsu.holder_token or step.square != fsu.square:
        return False
    if step.mode is Mode.WALK:
        return step.direction is Direction.FORWARD
    return isinstance(step, Landed)


# --- purchase ---------------------------------------------------------------------------------

def premium_due(position: Position, token: str, square: int) -> bool:
    """R19: landing on another party's built street costs a premium, unless its owner is jailed."""
    owner = position.owner(square)
    return (square in STREETS and owner is not None and owner != position.party_of(token)
            and position.buildings(square) > 0 and receives_income(position, owner))


def is_insured_by_merchants(ledger: Ledger, position: Position, party: PartyId) -> tuple[PartyId, ...]:
    """The Merchants' parties that ``party`` currently holds an active FSU from."""
    return tuple(sorted({fsu.insurer for fsu in ledger.active()
                         if fsu.beneficiary == party and Guild.MERCHANTS in position.guilds_of(fsu.insurer)}))


def purchase_blocked(ledger: Ledger, position: Position, beneficiary: PartyId, insurer: PartyId,
                     options: Mapping[str, str]) -> bool:
    """Whether a landing on ``insurer``'s built street costs the double fee instead of buying an FSU:
    an active FSU of the ordered pair (L27, R17; both directions under ``pair-unordered``), or the
    Merchants' protection (L67, R34) — while a Merchants party holds an FSU from ``insurer``, neither
    it nor any party it insures buys a new one there."""
    if ledger.active_between(beneficiary, insurer):
        return True
    if is_on(options, "pair-unordered") and ledger.active_between(insurer, beneficiary):
        return True
    shields = {beneficiary, *is_insured_by_merchants(ledger, position, beneficiary)}
    return any(Guild.MERCHANTS in position.guilds_of(shield) and ledger.active_between(shield, insurer)
               for shield in shields)


def double_fee(event: PremiumDue, options: Mapping[str, str]) -> int:
    """R18: twice the printed rent without buildings (or twice the current rent by option)."""
    return 2 * (event.rent if value(options, "double-fee") == "twice-current-rent" else event.base_rent)


# --- claims: one predicate per cover, each in its guild's module ------------------------------

COVER_PREDICATES: Final[dict[Cover, Condition]] = {
    thieves.COVER: thieves.condition,
    watch.COVER: watch.condition,
    merchants.COVER: merchants.condition,
    beggars.COVER: beggars.condition,
    undead.COVER: undead.condition,
    patrician.COVER: patrician.condition,
    Cover.TRIPLE_DOUBLES: fools.triple_doubles,
    Cover.CHANCE_OR_CHEST: fools.chance_or_chest,
    Cover.COMMUNITY_CHEST: fools.community_chest,
    Cover.CHANCE: fools.chance,
    wizards.COVER: wizards.condition,
    assassins.COVER: assassins.condition,
}
"""Each guild's FSU condition (§3): one predicate per cover over one event."""
COVER_ORDER: Final = tuple(Cover)


def covers_hit(event: Event, fsu: Fsu, position: Position, options: Mapping[str, str]) -> tuple[Cover, ...]:
    """The covers of ``fsu`` that ``event`` meets (several only for a team FSU; it still pays once)."""
    return tuple(cover for cover in _in_order(fsu.covers)
                 if COVER_PREDICATES[cover](event, fsu.beneficiary, fsu.insurer, position, options))


@lru_cache(maxsize=None)
def _in_order(covers: frozenset[Cover]) -> tuple[Cover, ...]:
    """``covers`` in :data:`COVER_ORDER`, sorted once per set of covers (every event meets every
    active FSU, and an FSU holds one to three of the covers)."""
    return tuple(cover for cover in COVER_ORDER if cover in covers)


# --- the resolution of one move (§2.4) --------------------------------------------------------

class _Run:
    """The working state of one resolution: the ledger so far and what has been paid."""

    def __init__(self, ledger: Ledger, position: Position, options: Mapping[str, str], bought_at: int) -> None:
        self.base = ledger
        self.updated: dict[int, Fsu] = {}
        self.added: dict[int, Fsu] = {}
        self.live = {fsu.fsu_id: fsu for fsu in ledger.active()}
        self.next_id = ledger.next_id
        self.position = position
        self.options = options
        self.bought_at = bought_at
        self.payments: list[Payment] = []
        self.changes: list[Change] = []
        self.jailed: set[str] = set()

    def active(self) -> tuple[Fsu, ...]:
        """The FSUs active now, in the order bought (a copy: claims may end some while iterating)."""
        return tuple(self.live.values())

    def put(self, fsu: Fsu) -> None:
        if fsu.fsu_id in self.added or fsu.fsu_id >= self.base.next_id:
            self.added[fsu.fsu_id] = fsu
        else:
            self.updated[fsu.fsu_id] = fsu
        if fsu.is_active:
            self.live[fsu.fsu_id] = fsu
        else:
            self.live.pop(fsu.fsu_id, None)
        self.next_id = max(self.next_id, fsu.fsu_id + 1)

    @property
    def ledger(self) -> Ledger:
        """The ledger after the run: only FSUs active at its start can have changed, and they lie
        after the old ``ended_prefix``, so only that window is searched."""
        fsus = list(self.base.fsus)
        prefix = self.base.ended_prefix
        if self.updated:
            where = {fsu.fsu_id: index for index, fsu in enumerate(fsus[prefix:], start=prefix)}
            for fsu_id, fsu in self.updated.items():
                fsus[where[fsu_id]] = fsu
        fsus.extend(self.added.values())
        while prefix < len(fsus) and not fsus[prefix].is_active:
            prefix += 1
        return Ledger(tuple(fsus), self.next_id, prefix)

    @property
    def active_ledger(self) -> Ledger:
        """Only the active FSUs: all that the purchase tests read, without copying ended ones."""
        return Ledger(self.active(), self.next_id)

    def beneficiary_jailed(self, party: PartyId) -> bool:
        tokens = tokens_of(self.position, party)
        return bool(tokens) and all(self.position.in_jail(t) or t in self.jailed for t in tokens)

    def claim_blocked(self, fsu: Fsu) -> bool:
        """R10: claims are paid to a jailed beneficiary unless ``jail-blocks-claims``."""
        return is_on(self.options, "jail-blocks-claims") and self.beneficiary_jailed(fsu.beneficiary)

    def modifiable(self, fsu: Fsu, hit: Sequence[Cover]) -> bool:
        """R46: a Fools insurer may roll on any claim, or only on the Fools' own covers by option."""
        if not fsu.fool_modifiable:
            return False
        return not is_on(self.options, "fool-modify-only-fool-covers") or any(c in FOOL_COVERS for c in hit)

    def end_or_keep(self, fsu: Fsu, index: int, paid: int, stays_active: bool, waived: int = 0) -> None:
        status = Status.ACTIVE if stays_active else Status.REDEEMED
        self.put(instance(Fsu, {**vars(fsu), "status": status, "paid": fsu.paid + paid}))  # replace(), at once
        kind = ChangeKind.CLAIMED if stays_active else ChangeKind.REDEEMED
        self.changes.append(Change(fsu.fsu_id, kind, index, paid, waived))

    def pay(self, payment: Payment, index: int) -> None:
        self.payments.append(instance(Payment, {**vars(payment), "event_index": index}))  # replace(), at once


_SETTLED_ALREADY: Final = frozenset({Cover.MUST_PAY})
"""The cover :func:`_settle` pays before the claims of the same event (made once: every event asks)."""


def resolution(ledger: Ledger, events: Sequence[Event], position: Position, options: Mapping[str, str],
               bought_at: int = 0) -> Generator[RollRequest, Dice | None, Resolution]:
    """Settle the events of one move in order (§2.4) and return the new ledger, the payments and the
    changes. For each event: FSU expiries (path steps), then a purchase or double fee (a due
    premium), then the settlement of money owed, then the claims the event triggers — each active
    FSU at most once per event (R20). ``position`` is read for owners, guilds and parties; it is not
    changed here (the engine applies the payments). Where a move changes owners or buildings on the
    way, the engine resolves the events in slices, each with the position of its moment — the order
    of §2.4 holds across slices because the ledger is threaded through. ``bought_at`` stamps new FSUs
    (a journal sequence number)."""
    run = _Run(ledger, position, options, bought_at)
    for index, event in enumerate(events):
        if isinstance(event, (Passed, Landed)):
            for fsu in run.active():
                if expires_on(event, fsu):
                    run.put(instance(Fsu, {**vars(fsu), "status": Status.EXPIRED}))  # replace(), at once
                    run.changes.append(Change(fsu.fsu_id, ChangeKind.EXPIRED, index))
        if isinstance(event, Jailed):
            run.jailed.add(event.token)
        if isinstance(event, PremiumDue):
            yield from _purchase(run, event, index)
            continue
        if isinstance(event, MustPay):
            yield from _settle(run, event, index)
        elif isinstance(event, Stolen):
            if value(options, "thief-steal") == "take-from-owner" and event.amount > 0:
                run.pay(Payment(event.victim, position.party_of(event.thief), event.amount, PaymentKind.THEFT), index)
        if not isinstance(event, Passed):  # passing a square is nobody's misfortune
            yield from _claims(run, event, index, skip_covers=_SETTLED_ALREADY)
    return Resolution(run.ledger, tuple(run.payments), tuple(run.changes))


def changes_nothing(ledger: Ledger, events: Sequence[Event], position: Position, options: Mapping[str, str]) -> bool:
    """Whether :func:`resolution` of ``events`` would leave ``ledger`` as it is and pay nothing: no
    premium, payment or theft among them, no active FSU ending on a step, no cover met (a Fools' roll
    comes only with a claim). Most landings while FSUs are active are such moments; asked first, they
    skip the resolution's run, generator, new ledger and result (some 13 µs a landing, 7 of them saved)."""
    active = ledger.active()
    for event in events:
        if isinstance(event, (PremiumDue, MustPay, Stolen)):
            return False
        if isinstance(event, (Passed, Landed)):
            for fsu in active:
                if expires_on(event, fsu):
                    return False
        if not isinstance(event, Passed):  # as :func:`_claims` (the payment's cover aside: none is owed here)
            for fsu in active:
                for cover in _in_order(fsu.covers):
                    if COVER_PREDICATES[cover](event, fsu.beneficiary, fsu.insurer, position, options):
                        return False
    return True


def _purchase(run: _Run, event: PremiumDue, index: int) -> Generator[RollRequest, Dice | None, None]:
    """§2.3 Purchase: pay the premium (a payment that may itself be covered), the FSU becomes active,
    a Fools insurer rolls its kind; or, with an FSU already running, the double fee and nothing."""
    holder = run.position.party_of(event.token)
    if holder == event.insurer:
        return
    if purchase_blocked(run.active_ledger, run.position, holder, event.insurer, run.options):
        fee = MustPay(holder, double_fee(event, run.options), PaymentKind.DOUBLE_FEE, event.insurer)
        run.changes.append(Change(None, ChangeKind.DOUBLE_FEE, index, fee.amount))
        yield from _settle(run, fee, index)
        yield from _claims(run, fee, index, skip_covers=_SETTLED_ALREADY)
        return
    premium = MustPay(holder, event.rent, PaymentKind.PREMIUM, event.insurer)
    covered_by = yield from _settle(run, premium, index)
    yield from _claims(run, premium, index, skip_covers=_SETTLED_ALREADY)
    beneficiary = holder
    if covered_by is not None and covered_by != event.insurer:
        beneficiary = covered_by  # the Merchants paid the whole premium: the FSU is theirs (L65)
    guilds = run.position.guilds_of(event.insurer)
    rolled: Cover | None = None
    fsu_id = run.next_id
    if Guild.FOOLS in guilds:
        dice = yield RollRequest("fool-cover", event.insurer, beneficiary, event.square, fsu_id)
        if dice is None:
            raise ValueError("the Fools' kind of cover is rolled when the FSU is bought (table B): a roll is required")
        rolled = fool_cover(dice)
    fsu = Fsu(fsu_id, event.insurer, beneficiary, event.token, event.square, event.rent,
              conditions(guilds, rolled), Guild.FOOLS in guilds, run.bought_at)
    run.put(fsu)
    kind = ChangeKind.TAKEN_OVER if beneficiary != holder else ChangeKind.BOUGHT
    run.changes.append(Change(fsu_id, kind, index, event.rent))


def _settle(run: _Run, event: MustPay, index: int) -> Generator[RollRequest, Dice | None, PartyId | None]:
    """Pay ``event``: first what active Merchants' FSUs of the payer cover (each up to its cap, in
    the order bought; a payment owed to the Merchants themselves is waived, R33), then the rest by
    the payer. Returns the Merchants party that paid it *all*, if one did (for L65's take-over)."""
    rest = event.amount
    full_cover: PartyId | None = None
    for fsu in run.active():
        if rest <= 0 or Cover.MUST_PAY not in fsu.covers:
            continue
        if not merchants.condition(event, fsu.beneficiary, fsu.insurer, run.position, run.options):
            continue
        if run.claim_blocked(fsu):
            continue
        budget = value(run.options, "merchant-cover") == "budget-until-3x"
        cap = CLAIM_MULTIPLE * fsu.premium - (fsu.paid if budget else 0)
        stays_active = False
        if run.modifiable(fsu, (Cover.MUST_PAY,)):
            dice = yield RollRequest("fool-payout", fsu.insurer, fsu.beneficiary, fsu.square, fsu.fsu_id, cap)
            if dice is not None:
                modification = payout_modification(dice)
                cap = modification.premium_multiple * fsu.premium - (fsu.paid if budget else 0)
                stays_active = modification.stays_active
        covered = max(0, min(cap, rest))
        waived = covered if event.payee == fsu.insurer else 0
        if covered and not waived:
            run.pay(Payment(fsu.insurer, event.payee, covered, event.kind, fsu.fsu_id, event.party), index)
        rest -= covered
        spent = fsu.paid + covered >= CLAIM_MULTIPLE * fsu.premium
        keep = stays_active or (budget and not spent)
        run.end_or_keep(fsu, index, covered, keep, waived)
        if rest == 0 and covered == event.amount:
            full_cover = fsu.insurer
    if rest > 0:
        run.pay(Payment(event.party, event.payee, rest, event.kind), index)
    return full_cover


def _claims(run: _Run, event: Event, index: int,
            skip_covers: frozenset[Cover]) -> Generator[RollRequest, Dice | None, None]:
    """Pay every active FSU whose covers ``event`` meets (except ``skip_covers``, settled already):
    3 × premium, or the Fools' modified amount (table C), from insurer to beneficiary."""
    for fsu in run.active():
        if fsu.fsu_id not in run.live:
            continue  # ended by an earlier claim of this same event
        hit = tuple(cover for cover in covers_hit(event, fsu, run.position, run.options) if cover not in skip_covers)
        if not hit or run.claim_blocked(fsu):
            continue
        claim = CLAIM_MULTIPLE * fsu.premium
        stays_active = False
        if run.modifiable(fsu, hit):
            dice = yield RollRequest("fool-payout", fsu.insurer, fsu.beneficiary, fsu.square, fsu.fsu_id, claim)
            modification = payout_modification(dice)
            claim = modification.premium_multiple * fsu.premium
            stays_active = modification.stays_active
        if claim:
            run.pay(Payment(fsu.insurer, fsu.beneficiary, claim, PaymentKind.CLAIM, fsu.fsu_id), index)
        run.end_or_keep(fsu, index, claim, stays_active)


def resolve_move(ledger: Ledger, events: Sequence[Event], position: Position, options: Mapping[str, str],
                 answer: Callable[[RollRequest], Dice | None] = lambda request: None,
                 bought_at: int = 0) -> Resolution:
    """:func:`resolution` driven to its end, with ``answer`` supplying the Fools' rolls."""
    procedure = resolution(ledger, events, position, options, bought_at)
    reply: Dice | None = None
    try:
        request = next(procedure)
        while True:
            reply = answer(request)
            request = procedure.send(reply)
    except StopIteration as stop:
        result: Resolution = stop.value
        return result


# --- takeovers and eliminations (R21) ---------------------------------------------------------

def transfer_on_takeover(ledger: Ledger, absorbed: PartyId, acquirer: PartyId) -> tuple[Ledger, tuple[Change, ...]]:
    """After ``acquirer`` takes ``absorbed`` over, the absorbed party's FSUs continue with the team;
    those between the two become void (R21). Holder tokens and covers do not change (R23)."""
    changes: list[Change] = []
    fsus: list[Fsu] = []
    for fsu in ledger.fsus:
        if not fsu.is_active or absorbed not in (fsu.insurer, fsu.beneficiary):
            fsus.append(fsu)
            continue
        if {fsu.insurer, fsu.beneficiary} == {absorbed, acquirer}:
            fsus.append(replace(fsu, status=Status.VOID))
            changes.append(Change(fsu.fsu_id, ChangeKind.VOID, -1))
            continue
        insurer = acquirer if fsu.insurer == absorbed else fsu.insurer
        beneficiary = acquirer if fsu.beneficiary == absorbed else fsu.beneficiary
        fsus.append(replace(fsu, insurer=insurer, beneficiary=beneficiary))
        changes.append(Change(fsu.fsu_id, ChangeKind.TRANSFERRED, -1))
    return replace(ledger, fsus=tuple(fsus)), tuple(changes)


def void_party(ledger: Ledger, party: PartyId) -> tuple[Ledger, tuple[Change, ...]]:
    """An eliminated party (ELAM, or a bank auction without bidders): all its FSUs, on either side,
    become void (R21, R72)."""
    changes = tuple(Change(fsu.fsu_id, ChangeKind.VOID, -1) for fsu in ledger.fsus
                    if fsu.is_active and party in (fsu.insurer, fsu.beneficiary))
    voided = {change.fsu_id for change in changes}
    return replace(ledger, fsus=tuple(replace(fsu, status=Status.VOID) if fsu.fsu_id in voided else fsu
                                      for fsu in ledger.fsus)), changes


# --- invariants (§2.5), for the simulator and the property tests ------------------------------

def ledger_problems(ledger: Ledger) -> list[str]:
    """What is impossible in ``ledger`` on its own (empty when all is well)."""
    problems: list[str] = []
    seen: set[int] = set()
    if any(fsu.is_active for fsu in ledger.fsus[:ledger.ended_prefix]):
        problems.append(f"an FSU before ended_prefix {ledger.ended_prefix} is active")
    for fsu in ledger.fsus:
        if (fsu.fsu_id in seen or fsu.fsu_id >= ledger.next_id or fsu.insurer == fsu.beneficiary
                or fsu.premium <= 0 or fsu.square not in STREETS or not fsu.covers or fsu.paid < 0):
            problems.extend(_contract_problems(fsu, seen, ledger.next_id))
        seen.add(fsu.fsu_id)
    return problems


def _contract_problems(fsu: Fsu, seen: set[int], next_id: int) -> list[str]:
    """What is wrong with one contract, named (only when something is: the invariants are checked
    after every simulated input, and sound contracts need no words)."""
    where = f"fsu {fsu.fsu_id}"
    problems: list[str] = []
    if fsu.fsu_id in seen:
        problems.append(f"{where}: id used twice")
    if fsu.fsu_id >= next_id:
        problems.append(f"{where}: id not below next_id {next_id}")
    if fsu.insurer == fsu.beneficiary:
        problems.append(f"{where}: insurer and beneficiary are both {fsu.insurer!r}")
    if fsu.premium <= 0:
        problems.append(f"{where}: premium {fsu.premium!r} is not positive")
    if fsu.square not in STREETS:
        problems.append(f"{where}: square {fsu.square!r} is not a coloured street")
    if not fsu.covers:
        problems.append(f"{where}: no cover")
    if fsu.paid < 0:
        problems.append(f"{where}: paid out {fsu.paid!r}")
    return problems


def pair_problems(ledger: Ledger) -> list[str]:
    """Two active FSUs of one ordered pair (possible only after a merge, R17)."""
    counts: dict[tuple[PartyId, PartyId], int] = {}
    for fsu in ledger.active():
        key = (fsu.beneficiary, fsu.insurer)
        counts[key] = counts.get(key, 0) + 1
    return [f"{b!r} holds {n} active FSUs from {i!r}" for (b, i), n in sorted(counts.items()) if n > 1]


def transition_problems(before: Ledger, after: Ledger) -> list[str]:
    """What a resolution may not do: forget an FSU, change its parties, square, premium or covers,
    or revive an ended one (§2.5)."""
    problems: list[str] = []
    later = {fsu.fsu_id: fsu for fsu in after.fsus}
    for old in before.fsus:
        new = later.get(old.fsu_id)
        if new is None:
            problems.append(f"fsu {old.fsu_id}: disappeared")
            continue
        for name in ("insurer", "beneficiary", "holder_token", "square", "premium", "covers", "fool_modifiable"):
            if getattr(old, name) != getattr(new, name):
                problems.append(f"fsu {old.fsu_id}: {name} changed from {getattr(old, name)!r} to {getattr(new, name)!r}")
        if not old.is_active and new.status is not old.status:
            problems.append(f"fsu {old.fsu_id}: {old.status.value} became {new.status.value}")
        if new.paid < old.paid:
            problems.append(f"fsu {old.fsu_id}: paid out went down")
    if after.next_id < before.next_id:
        problems.append("next_id went down")
    return problems


def payment_problems(resolution: Resolution, events: Sequence[Event]) -> list[str]:
    """Money the ledger moves is never created or lost (§2.5): amounts are positive; the bank pays
    nothing; a claim goes from an FSU's insurer to its beneficiary; and each payment owed (a
    :class:`MustPay`, a premium, a double fee) is settled exactly — what the payer and the Merchants
    pay plus what the Merchants waive adds up to the amount owed."""
    problems: list[str] = []
    fsus = {fsu.fsu_id: fsu for fsu in resolution.ledger.fsus}
    for payment in resolution.payments:
        if payment.amount <= 0:
            problems.append(f"{payment!r}: amount not positive")
        if payment.payer is None:
            problems.append(f"{payment!r}: the bank pays nothing in the ledger")
        if payment.fsu_id is not None:
            fsu = fsus.get(payment.fsu_id)
            if fsu is None or payment.payer != fsu.insurer:
                problems.append(f"{payment!r}: not paid by the FSU's insurer")
            elif payment.kind is PaymentKind.CLAIM and payment.payee != fsu.beneficiary:
                problems.append(f"{payment!r}: a claim not paid to the beneficiary")
    for index, event in enumerate(events):
        owed: int | None = None
        kinds: frozenset[PaymentKind] = frozenset()
        if isinstance(event, MustPay):
            owed, kinds = event.amount, frozenset({event.kind})
        elif isinstance(event, PremiumDue):
            bought = [c.amount for c in resolution.changes if c.event_index == index
                      and c.kind in (ChangeKind.BOUGHT, ChangeKind.TAKEN_OVER, ChangeKind.DOUBLE_FEE)]
            owed, kinds = sum(bought), frozenset({PaymentKind.PREMIUM, PaymentKind.DOUBLE_FEE})
        if owed is None:
            continue
        settled = sum(p.amount for p in resolution.payments if p.event_index == index and p.kind in kinds)
        waived = sum(c.waived for c in resolution.changes if c.event_index == index)
        if settled + waived != owed:
            problems.append(f"event {index} ({event!r}): owed {owed}, settled {settled} + waived {waived}")
    return problems


# --- the exposure view (§8.1) -----------------------------------------------------------------

def squares_to_expiry(fsu: Fsu, holder_square: int, running_clockwise: bool = True) -> int:
    """How many squares the holder token is from the square that ends ``fsu`` walking forward:
    1–40, 40 while it still stands where it bought it (one full lap, L26)."""
    distance = (fsu.square - holder_square) % 40 if running_clockwise else (holder_square - fsu.square) % 40
    return distance or 40
