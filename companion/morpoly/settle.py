"""Where the engine hands the events of a move to the FSU ledger (reference §2.4), in one place.

The engine calls :func:`settle` with the events of one moment of a move, in the order they happened
(the squares a walk passes, the landing, a premium due, a payment owed, a jailing, a theft, a
relocation, the third doubles). :func:`companion.morpoly.fsu.resolution` — the kit's one
implementation of §2.4 — decides what they mean for the ledger; this module only

* turns its :class:`~companion.morpoly.fsu.RollRequest` (the Fools' kind of cover, table B, and their
  optional payout modification, table C) into questions: a roll of two faces bound to its purpose;
* applies its payments to cash through :func:`companion.morpoly.debts.pay` (so a party short of cash
  raises money, and an insolvent one is taken over, §5.1) and its new ledger to ``State.ledger``
  (keeping only the active FSUs: ended ones live on in the narration and the journal);
* narrates every purchase, double fee, expiry, claim and redemption (keys ``morpoly.fsu.*``).

Every payment a party *must* make goes through :func:`charge`, which also routes taxes and interest
to the Patrician and fines to the Watch (L48, L97) and exempts them (L48, L98), so the Merchants'
and the Patrician's covers see every payment (R32). In standard Monopoly both are a plain payment.
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, Final

from companion.core.frozen import instance
from companion.core.procedure import Narrator, Question
from companion.morpoly import fsu
from companion.morpoly import purposes
from companion.morpoly.covers import Cover
from companion.morpoly.debts import pay
from companion.morpoly.dice import Dice
from companion.morpoly.editions import Edition
from companion.morpoly.events import Event, MustPay, Passed, PaymentKind, PremiumDue, RollPurpose, Stolen
from companion.morpoly.guilds import patrician, watch
from companion.morpoly.money import BANK
from companion.morpoly.fortuna_play import ask_roll
from companion.morpoly.purposes import Why
from companion.morpoly.questions import ask_choice
from companion.morpoly.revisions import AUDITED
from companion.morpoly.rules import is_variant, party_exists
from companion.morpoly.state import State
from companion.morpoly.table_position import position_of

Settling = Generator[Question, str, None]

COVER_WORDS = {
    Cover.ROBBED: "robbed by the Thieves", Cover.JAILED: "sent to jail", Cover.MUST_PAY: "a payment due",
    Cover.BEGGAR_LANDS: "a Beggar on one of its squares", Cover.CEMETERY: "a cemetery",
    Cover.TAX: "a tax", Cover.TRIPLE_DOUBLES: "three doubles in a row", Cover.CHANCE_OR_CHEST: "a card square",
    Cover.COMMUNITY_CHEST: "Community Chest", Cover.CHANCE: "Chance", Cover.TELEPORT: "a teleport",
    Cover.DEATH: "death",
}
"""How the narration names each cover (§3.0)."""


def settle(state: State, edition: Edition, narrator: Narrator, events: Sequence[Event], why: Why | None = None
           ) -> Settling:
    """Resolve ``events`` against the ledger (variant only) and apply what follows from them.
    ``why`` names the payment of a :class:`MustPay` in the narration."""
    if not events or not is_variant(state):
        return
    old = state.ledger
    if len(events) == 1 and type(events[0]) is MustPay and not old.active():
        yield from _owed_uninsured(state, edition, narrator, events[0], why)
        return
    events = _relevant(state, events)
    if not events:
        return
    position = position_of(state, edition)
    if fsu.changes_nothing(old, events, position, state.rules):
        if old.ended_prefix or len(old.active()) != len(old.fsus):  # as below: only the active FSUs kept
            state.ledger = fsu.Ledger(old.active(), old.next_id)
        return
    procedure = fsu.resolution(state.ledger, events, position, state.rules, state.turn.number)
    reply: Dice | None = None
    try:
        request = next(procedure)
        while True:
            reply = yield from _fool_roll(state, narrator, edition, request)
            request = procedure.send(reply)
    except StopIteration as stop:
        result: fsu.Resolution = stop.value
    if result.changes or old.ended_prefix or len(old.active()) != len(old.fsus):
        # (without a change the run kept the same FSUs: a ledger of only active ones stands as it is)
        state.ledger = fsu.Ledger(result.ledger.active(), result.ledger.next_id)
    if not result.changes and not result.payments:
        return  # most landings: nothing to narrate or pay
    before = {f.fsu_id: f for f in old.fsus}
    contracts = {f.fsu_id: f for f in result.ledger.fsus}
    for index, event in enumerate(events):
        changes = [change for change in result.changes if change.event_index == index]
        for change in changes:
            if change.kind in _BEFORE_PAYMENTS:
                _narrate(narrator, edition, change, event, contracts.get(change.fsu_id or -1), before)
        pending = [at for at, change in enumerate(changes) if change.kind in _PAID_OUT]  # in the order made
        for payment in result.payments:
            if payment.event_index == index:
                paid = yield from _apply(state, edition, narrator, payment, event, why)
                at = next((at for at in pending if changes[at].fsu_id == payment.fsu_id and _has_payment(changes[at])),
                          None)
                if payment.fsu_id is None or at is None:
                    continue
                # the claim's FSU at once after its payment (not after a later claim that ended the game),
                # with what became of it before in this event; an unpaid claim's takeover says what
                # happened instead (R57)
                for said in [before_it for before_it in pending if before_it <= at
                             and changes[before_it].fsu_id == payment.fsu_id]:
                    pending.remove(said)
                    if paid:
                        _narrate(narrator, edition, changes[said], event, contracts.get(payment.fsu_id), before)
        for at, change in enumerate(changes):
            if change.kind not in _BEFORE_PAYMENTS:
                if change.kind in _NEW and not _still_active(state, change.fsu_id):
                    continue  # its premium ended in a takeover: one team, the FSU void (R21, R57)
                if change.kind in _PAID_OUT and at not in pending:
                    continue  # said with its payment, or not paid
                _narrate(narrator, edition, change, event, contracts.get(change.fsu_id or -1), before)


def _has_payment(change: fsu.Change) -> bool:
    """Whether a claim's change (:data:`_PAID_OUT`) came with a payment of the ledger: not a claim of
    nothing (a Fools' doubles) nor one the Merchants waived (R33). One FSU may pay twice in one event
    (a team's FSU with the Merchants' cover and the Patrician's, on a tax), each change said after its
    own payment: said after every payment of its FSU, both were said twice, the second before its
    payment."""
    return change.amount > 0 and not change.waived


def _owed_uninsured(state: State, edition: Edition, narrator: Narrator, event: MustPay, why: Why | None
                    ) -> Settling:
    """A payment owed (:func:`charge`) while no FSU is active: what :func:`fsu.resolution` makes of it
    then, without running it — the payer pays it all, and the ledger keeps only its active FSUs
    (none). A third of the moments that reach the ledger are these; the resolution's machinery (its
    run, generator, new ledger and result) cost some 10 µs each for that one payment."""
    old = state.ledger
    if old.ended_prefix or old.fsus:
        state.ledger = fsu.Ledger((), old.next_id)
    if event.amount > 0:
        yield from _apply(state, edition, narrator, payment_owed(event), event, why)


_NEW = (fsu.ChangeKind.BOUGHT, fsu.ChangeKind.TAKEN_OVER)
"""The changes that announce a new FSU: said only while it stands once its premium is paid."""

_BEFORE_PAYMENTS = (fsu.ChangeKind.EXPIRED, fsu.ChangeKind.DOUBLE_FEE)
"""The changes said before their event's payments: an FSU that expires on the way, and the double fee
that explains the payment after it (said after it, a double fee that ended the game in a takeover
was the line after the end)."""

_PAID_OUT = (fsu.ChangeKind.CLAIMED, fsu.ChangeKind.REDEEMED)
"""The changes of a claim: said at once after its payment (which says the money), and not at all when
the insurer could not pay it — the takeover line says what happened instead. Said after all of the
event's payments, a claim that ended the game was followed by "… pays … and is redeemed" (for money
that never moved) and an earlier claim's line came after the game was over."""


def _still_active(state: State, fsu_id: int | None) -> bool:
    """Whether FSU ``fsu_id`` is still in the ledger, active, after the payments of its event: a
    premium its payer cannot pay makes payer and insurer one team (L149, L154), and a team sells
    itself no insurance — the takeover voids it (R21)."""
    return any(f.fsu_id == fsu_id for f in state.ledger.active())


def _relevant(state: State, events: Sequence[Event]) -> Sequence[Event]:
    """``events`` without the ones that cannot change anything (a speed-up, the answer is the same):
    a square passed only ends an FSU of that holder on that square, and with no active FSU only money
    owed (a premium, a payment, a theft) does anything."""
    active = state.ledger.active()
    if not active:  # most moments: only money owed does anything, and a step passed never
        for e in events:
            if isinstance(e, (PremiumDue, MustPay, Stolen)):
                return [e for e in events if not isinstance(e, Passed)]
        return ()
    ends = {(f.holder_token, f.square) for f in active}
    kept = [e for e in events if not isinstance(e, Passed) or (e.token, e.square) in ends]
    if not active and not any(isinstance(e, (PremiumDue, MustPay, Stolen)) for e in kept):
        return ()
    return kept


def charge(state: State, edition: Edition, narrator: Narrator, payer: str, payee: str, amount: int,
           kind: PaymentKind, why: Why) -> Generator[Question, str, bool]:
    """``payer`` must pay ``amount`` (to ``payee``, a party or the bank) for ``why``. In the variant
    a tax and mortgage interest go to the Patrician, a fine to the Watch (or the bank while they are
    absent or jailed, R41); the Patrician pays no tax and the Watch no fine; and the payment is an
    event for the ledger (the Merchants' and the Patrician's covers). Returns ``False`` when the
    payer was taken over instead of paying."""
    if amount <= 0 or payer == payee:
        return True
    if not is_variant(state):
        paid: bool = yield from pay(state, edition, narrator, payer, payee, amount, why)
        return paid
    position = position_of(state, edition)
    if kind is PaymentKind.TAX and not patrician.pays_tax(position, payer):
        narrator.say("morpoly.patrician.no-tax", f"{payer} pays no tax ({why})", party=payer, why=why)
        return True
    if kind in (PaymentKind.FINE, PaymentKind.JAIL_FINE) and not watch.pays_fines(position, payer):
        narrator.say("morpoly.watch.no-fine", f"{payer} pays no fine ({why})", party=payer, why=why)
        return True
    if kind in (PaymentKind.TAX, PaymentKind.INTEREST) and payee == BANK:
        payee = patrician.collector(position, state.rules, thieves_collect_in_jail=state.revision >= AUDITED) or BANK
    elif kind in (PaymentKind.FINE, PaymentKind.JAIL_FINE) and payee == BANK:
        payee = watch.fine_payee(position, payer, thieves_collect_in_jail=state.revision >= AUDITED) or BANK
    if payer == payee and state.revision >= AUDITED:
        return True  # interest a Patrician's team owes itself (L97): no money moves, no cover pays it
    yield from settle(state, edition, narrator, [must_pay(payer, amount, kind, None if payee == BANK else payee)], why)
    return party_exists(state, payer)


def must_pay(party: str, amount: int, kind: PaymentKind, payee: str | None) -> MustPay:
    """``MustPay(party, amount, kind, payee)`` made at once (:func:`companion.core.frozen.instance`:
    a frozen dataclass sets its fields one call each, and a payment is charged at most turns)."""
    return instance(MustPay, {"party": party, "amount": amount, "kind": kind, "payee": payee})


def payment_owed(event: MustPay) -> fsu.Payment:
    """What :func:`fsu.resolution` pays for ``event`` while no FSU is active: the whole sum, payer to
    payee (``fsu.Payment(…, event_index=0)`` made at once, as :func:`must_pay`)."""
    return instance(fsu.Payment, {"payer": event.party, "payee": event.payee, "amount": event.amount,
                                  "kind": event.kind, "fsu_id": None, "on_behalf_of": None, "event_index": 0})


def current_party(state: State, party: str | None) -> str | None:
    """The party that now holds what ``party`` held: itself, or the team its players joined in a
    takeover (party ids are their first boss's name); ``None`` for the bank or a party gone to it."""
    if party is None:
        return None
    if party_exists(state, party):
        return party
    for token in state.tokens:
        if token.id == party:
            return token.party
    return None


def _fool_roll(state: State, narrator: Narrator, edition: Edition, request: fsu.RollRequest
               ) -> Generator[Question, str, Dice | None]:
    """Table B (mandatory) or table C (optional, asked first) as a question to the Fools' boss."""
    fools = current_party(state, request.insurer)
    boss = state.party(fools).boss if fools is not None else request.insurer
    name = edition.squares[request.square].name
    if request.kind == "fool-payout":
        amount = edition.currency.format(request.claim)
        choice = yield from ask_choice(state, narrator, "morpoly.fsu.fool-payout",
                                       f"{boss}: a claim of {amount} on the FSU of {name}: roll to modify it "
                                       f"(table C), or pay?", boss, ["roll", "pay"], boss=boss, amount=amount,
                                       square=str(request.square), name=name, fsu=str(request.fsu_id))
        if choice == "pay":
            return None
        first, second = yield from ask_roll(state, narrator, "morpoly.roll.fool-payout", f"{boss}: roll to modify "
                                            f"the claim of {amount}", boss, RollPurpose.TABLE, boss=boss,
                                            fsu=str(request.fsu_id))
    else:
        first, second = yield from ask_roll(state, narrator, "morpoly.roll.fool-cover", f"{boss}: roll the kind of "
                                            f"cover of the new FSU on {name} (table B)", boss, RollPurpose.TABLE,
                                            boss=boss, square=str(request.square), name=name)
    narrator.say("morpoly.fsu.fool-rolled", f"{boss} rolls {first} and {second}", boss=boss, purpose=request.kind,
                 first=first, second=second)
    return Dice(first, second)


def _why(edition: Edition, payment: fsu.Payment, event: Event, why: Why | None) -> Why:
    """What a payment of the ledger is for (:mod:`companion.morpoly.purposes`): a claim, a premium or
    double fee, a stolen fee, else the payment owed (``why``), paid by the Merchants on behalf of the
    party they insure where they cover it."""
    if payment.kind is PaymentKind.CLAIM:
        return purposes.claim(payment.fsu_id)
    if isinstance(event, PremiumDue):
        name = edition.squares[event.square].name
        said = purposes.premium(name) if payment.kind is PaymentKind.PREMIUM else purposes.double_fee(name)
    elif payment.kind is PaymentKind.THEFT:
        said = purposes.THEFT
    else:
        said = why or purposes.of_kind(payment.kind.value)
    if payment.on_behalf_of is not None:
        said = said.on_behalf_of(payment.on_behalf_of, payment.fsu_id)
    return said


def _apply(state: State, edition: Edition, narrator: Narrator, payment: fsu.Payment, event: Event,
           why: Why | None) -> Generator[Question, str, bool]:
    """Pay one payment of the ledger; whether it was paid (not when its payer went to the bank, was
    taken over for it, or became one team with its payee)."""
    payer = current_party(state, payment.payer)
    payee = current_party(state, payment.payee) or BANK
    if payer is None or payer == payee:
        return False  # the payer went to the bank, or a takeover made payer and payee one team (R57)
    paid: bool = yield from pay(state, edition, narrator, payer, payee, payment.amount,
                                _why(edition, payment, event, why))
    return paid


def _narrate(narrator: Narrator, edition: Edition, change: fsu.Change, event: Event, contract: fsu.Fsu | None,
             before: dict[int, fsu.Fsu]) -> None:
    money = edition.currency.format
    kind = change.kind
    if kind is fsu.ChangeKind.DOUBLE_FEE and isinstance(event, PremiumDue):
        name = edition.squares[event.square].name
        narrator.say("morpoly.fsu.double-fee", f"{event.token} already holds an FSU from {event.insurer}: the double "
                     f"fee of {money(change.amount)} on {name}, no new FSU", token=event.token,
                     insurer=event.insurer, square=event.square, name=name, amount=money(change.amount))
        return
    if contract is None:
        contract = before.get(change.fsu_id or -1)
    if contract is None:
        return
    name = edition.squares[contract.square].name
    common: dict[str, Any] = dict(fsu=contract.fsu_id, insurer=contract.insurer, beneficiary=contract.beneficiary,
                  token=contract.holder_token, square=contract.square, name=name)
    if kind is fsu.ChangeKind.BOUGHT:
        narrator.say("morpoly.fsu.bought", f"{contract.beneficiary} holds FSU {contract.fsu_id} from "
                     f"{contract.insurer} on {name} for {money(contract.premium)}, against {_covers(contract)}; it "
                     f"ends when {contract.holder_token} next comes past {name}", premium=money(contract.premium),
                     covers=_covers(contract), **common)
    elif kind is fsu.ChangeKind.TAKEN_OVER:
        narrator.say("morpoly.fsu.taken-over", f"the Merchants paid the whole premium: {contract.beneficiary} holds "
                     f"FSU {contract.fsu_id} from {contract.insurer} on {name} for {money(contract.premium)}, against "
                     f"{_covers(contract)}; it ends when {contract.holder_token} next comes past {name}",
                     premium=money(contract.premium), covers=_covers(contract), **common)
    elif kind is fsu.ChangeKind.EXPIRED:
        narrator.say("morpoly.fsu.expired", f"{contract.holder_token} comes past {name}: FSU {contract.fsu_id} "
                     f"from {contract.insurer} to {contract.beneficiary} expires", **common)
    elif kind in _PAID_OUT:
        _narrate_claim(narrator, money, change, contract, common)


def _narrate_claim(narrator: Narrator, money: Callable[[int], str], change: fsu.Change, contract: fsu.Fsu,
                   common: dict[str, Any]) -> None:
    """A claim's FSU: what becomes of it, after the payment line that said the money (it said "pays" a
    second time, and read as paid twice). A part the Merchants waived (R33) was no payment: said first.
    The FSU's line says what was paid out (param ``payout``, :func:`payout`), which screens word it by."""
    amounts = dict(amount=money(change.amount), waived=money(change.waived), payout=payout(change))
    if change.waived:
        narrator.say("morpoly.fsu.waived", f"{contract.insurer} waives the {money(change.waived)} "
                     f"{contract.beneficiary} owes it (FSU {contract.fsu_id})", **amounts, **common)
    if change.kind is fsu.ChangeKind.CLAIMED:
        narrator.say("morpoly.fsu.claimed", f"FSU {contract.fsu_id} from {contract.insurer} to "
                     f"{contract.beneficiary} stays active after the claim", **amounts, **common)
    else:
        narrator.say("morpoly.fsu.redeemed", f"FSU {contract.fsu_id} from {contract.insurer} to "
                     f"{contract.beneficiary} is redeemed by the claim", **amounts, **common)


PAYOUT_NOTHING: Final = "nothing"
PAYOUT_WAIVED: Final = "waived"
PAYOUT_PAID: Final = "paid"


def payout(change: fsu.Change) -> str:
    """What a claim paid out, as its FSU's line says it: :data:`PAYOUT_NOTHING` for a claim of nothing
    (a Fool's doubles, table C: the FSU stays, nothing paid), :data:`PAYOUT_WAIVED` for one the Merchants
    waived whole (R33), else :data:`PAYOUT_PAID` (a payment line above it). The screens read it from the
    engine, which knows, not from the digits of the formatted amount."""
    if not change.amount:
        return PAYOUT_NOTHING
    return PAYOUT_WAIVED if change.waived == change.amount else PAYOUT_PAID


def _covers(contract: fsu.Fsu) -> str:
    return ", ".join(COVER_WORDS[c] for c in sorted(contract.covers, key=lambda c: c.value))

