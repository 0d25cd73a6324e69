"""What a payment is for, as the table reads it: the log's payment line and the question that asks a
party to raise the money both say it (issue 12).

A payment's purpose was one English phrase ("a funeral", "chest.school-fees", "the claim on FSU 3"),
which the English line said and every other language left out: a funeral read as a plain payment to
the bank, and the question to sell or mortgage did not say what the money was for. A :class:`Why`
keeps the English phrase (the engine's sentences, and ``why``, unchanged in meaning) beside a key the
catalogues say it by (``for:<key>``, a noun phrase that fits after "for" / "za" / "für" / "per") and
that phrase's own params, each named ``for_…`` so that no sentence's own params are shadowed. The
lines and questions carry them as params ``for`` (the key) and ``for_…``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Why:
    """A payment's purpose: ``text`` in the engine's English, ``key`` and ``params`` for the catalogues."""

    key: str
    text: str
    params: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return self.text

    def said(self) -> dict[str, str]:
        """The params a line or a question carries for it: ``for`` (the key) and the phrase's own."""
        return {"for": self.key, **dict(self.params)}

    def on_behalf_of(self, party: str, fsu_id: int | None) -> Why:
        """The same purpose paid by the Merchants for the party they insure (L65): the catalogues wrap
        the phrase in ``for:on-behalf`` with ``for_behalf`` and ``for_fsu``."""
        return Why(self.key, f"{self.text}, on behalf of {party} (FSU {fsu_id})",
                   (*self.params, ("for_behalf", party), ("for_fsu", str(fsu_id))))


JAIL_FINE: Final = Why("jail-fine", "the jail fine")
GO_INTEREST: Final = Why("go-interest", "mortgage interest at GO")
TITHE: Final = Why("tithe", "the Beggars' tithe")
LOOT: Final = Why("loot", "the loot given back")
SWAP: Final = Why("swap", "the swap's difference")
DIBBLER_CARD: Final = Why("dibbler-card", "Dibbler's card")
THEFT: Final = Why("theft", "the stolen fee")


def rent(name: str) -> Why:
    return Why("rent", f"rent on {name}", (("for_name", name),))


def tax(name: str) -> Why:
    """A tax square's tax, by the square's printed name ("Income Tax", "Einkommensteuer")."""
    return Why("tax", name, (("for_name", name),))


def card(card_id: str) -> Why:
    """A Chance or Community Chest card's payment: the catalogues name the deck as the set prints it
    (the card itself is the line before; its printed sentence is too long for a question)."""
    deck = "chance" if card_id.startswith("chance.") else "chest"
    return Why(f"{deck}-card", card_id, (("for_card", card_id),))


def funeral(token_id: str) -> Why:
    """ELAM's funeral after a death (L167): whose it is, the token that died."""
    return Why("funeral", f"the funeral of {token_id}", (("for_token", token_id),))


def premium(name: str) -> Why:
    return Why("premium", f"the premium on {name}", (("for_name", name),))


def double_fee(name: str) -> Why:
    return Why("double-fee", f"the double fee on {name}", (("for_name", name),))


def claim(fsu_id: int | None) -> Why:
    return Why("claim", f"the claim on FSU {fsu_id}", (("for_fsu", str(fsu_id)),))


def received_interest(names: str, debtor: str) -> Why:
    """Standard Monopoly: the interest on mortgaged deeds received from a bankrupt (rules revision 5)."""
    return Why("received-interest", f"the interest on {names}, received mortgaged from {debtor}",
               (("for_names", names), ("for_debtor", debtor)))


def of_kind(kind_value: str) -> Why:
    """A payment the ledger makes with no purpose given but its kind (``PaymentKind``'s value)."""
    return Why(kind_value, kind_value)


def purchase(name: str) -> Why:
    """Standard Monopoly: a deed bought by a lander who raises the price (rules revision 5)."""
    return Why("purchase", f"buying {name}", (("for_name", name),))
