"""The frozen short codes of Ankh-Morpoly's Chance and Community Chest cards (``docs/qr-format.md``,
kinds ``H`` and ``K``). One code per card id; the editions share ids where the card is the same card
(the German euro and D-Mark sets have one deck list), so one sticker code serves every printing of
it. Like the first game's codes, these are part of the printed format: add codes, never change or
reuse one."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

CHANCE: Mapping[str, str] = MappingProxyType({
    "chance.advance-boardwalk": "BOARDWALK", "chance.advance-go": "ADV-GO", "chance.advance-illinois": "ILLINOIS",
    "chance.advance-st-charles": "ST-CHARLES", "chance.nearest-railroad-1": "NEAR-RR-1",
    "chance.nearest-railroad-2": "NEAR-RR-2", "chance.nearest-utility": "NEAR-UTIL", "chance.dividend": "DIVIDEND",
    "chance.jail-free": "JAIL-FREE", "chance.back-3": "BACK-3", "chance.go-to-jail": "GO-JAIL",
    "chance.general-repairs": "GEN-REP", "chance.speeding-fine": "SPEED-FINE", "chance.reading-railroad": "READING-RR",
    "chance.chairman": "CHAIRMAN", "chance.building-loan": "BLD-LOAN", "chance.advance-schlossallee": "SCHLOSS",
    "chance.advance-opernplatz": "OPERNPLATZ", "chance.advance-seestrasse": "SEESTRASSE", "chance.suedbahnhof": "SUEDBF",
    "chance.speeding": "SPEED", "chance.renovation": "RENOVATE", "chance.street-repairs": "STREET-REP",
    "chance.school-fees": "SCHOOLFEES", "chance.drunk": "DRUNK", "chance.building-savings": "BLD-SAV",
    "chance.crossword": "CROSSWORD",
})
CHEST: Mapping[str, str] = MappingProxyType({
    "chest.advance-go": "ADV-GO", "chest.bank-error": "BANK-ERROR", "chest.doctor": "DOCTOR",
    "chest.stock-sale": "STOCK-SALE", "chest.jail-free": "JAIL-FREE", "chest.go-to-jail": "GO-JAIL",
    "chest.holiday-fund": "HOLIDAY", "chest.tax-refund": "TAX-REFUND", "chest.birthday": "BIRTHDAY",
    "chest.life-insurance": "LIFE-INS", "chest.hospital": "HOSPITAL", "chest.school-fees": "SCHOOLFEES",
    "chest.consultancy": "CONSULT", "chest.street-repairs": "STREET-REP", "chest.beauty-contest": "BEAUTY",
    "chest.inherit": "INHERIT", "chest.back-to-badstrasse": "BADSTRASSE", "chest.warehouse-sale": "WAREHOUSE",
    "chest.annuity": "ANNUITY", "chest.fine-or-chance": "FINE-OR-CH", "chest.preferred-shares": "PREFSHARES",
    "chest.insurance": "INS",
})
