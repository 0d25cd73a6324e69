"""The rules revisions of Discworld: Ankh-Morpork: what each one changed in what the table is asked.

The journal records the revision a game was started with and replay hands it back
(``companion.core.mode``), so a game recorded under an older revision keeps asking exactly what it
asked then. The engine reads the revision from the state (``State.revision``) wherever the
revisions differ, and nowhere else.

1. The first: each opponent affected by a card is asked on their own whether they play an
   interrupt ("None / Wallace Sonky"), one after the other.
2. One "anyone interrupt?" window per effect that affects several opponents, answered by whoever
   plays (``<colour>:<card>``) or passed by everyone with one ``none``; a mandatory choice with a
   single legal option is taken and narrated instead of asked.
3. Cosmo Lavish's paid player removes a minion "(not one of yours)" — not one of the card's player's,
   whose text it is; their own minions they may. Revision 2 read "yours" as the paid player's.
   And a card's text with no legal target now (no other player's minion for The Duckman, no card to
   discard for Modo, an empty discard pile for History Monks, no other player with a card or with
   money to take, nothing in Unreal Estate for The Dean, no two minions to swap for The Bursar, no
   minion of one's own for Adora Belle Dearheart / Dorfl, no card left to play for Drumknott / Ponder
   Stibbons, no building for Willikins, no card to give for Rosie Palm / The Seamstresses' Guild…) is skipped like a symbol with nothing to do, with its reason, instead of being
   offered as "do / skip" and then doing nothing (``companion.morpork.cards.no_target``) — unless the
   player has a City Area power to use, which may give it a target: it is then asked with "do"
   greyed by the reason until it has one; The Bursar offers first only a minion that has one to
   swap with; a player with no card in hand or no money is shown greyed with the reason where a
   text picks one (The Beggars' Guild, Queen Molly, Nobby Nobbs, Here'n'Now), and one with no money
   is not asked whether they cancel Mr Boggis's or The Thieves' Guild's text, which takes nothing
   from them. Revision 2 asked "do / skip" for every text and offered every other player.
   And a build, assassination or trouble-marker removal symbol with no legal option is not skipped
   unasked while its player can use a City Area power: its question offers ``skip`` and the powers,
   since a power may give it an option and "you choose when you wish to use it" (Isle of Gods after
   Ruby's minion brought a marker, The Shades between Death's two assassinations;
   ``cards.symbols._power_first``). Revision 2 skipped it with a line of narration.
4. A "take money" symbol is not asked while the bank is empty: it pays nothing (ruling 1; the
   German rulebook: "nobody can take money" from an empty bank), so "take $2 from the bank?" was a
   question whose one answer besides "skip" did nothing. It is skipped with a line saying the bank
   is empty — unless its player can use a City Area power, which may pay the bank first (Isle of
   Gods' $2): then it is asked with "take" greyed by the reason, as a build with no option is
   (``cards.symbols.money_steps``). Revision 3 asked it.
5. Such a symbol (a build, assassination or trouble-marker removal with no legal option, a "take
   money" one with the bank empty) is asked first only while some usable City Area power can give it
   an option (``cards.symbols.power_can_help``, tried on a copy of the table: the money powers before
   a build the player cannot afford, Isle of Gods taking a marker off for a build, The Shades or a
   minion placed bringing a marker for an assassination or a removal, a power whose price refills an
   empty bank); else it is skipped with its line, as with no power at all. Revision 4 asked whenever
   any power was usable: The Shades before a build, which a marker can only hinder.
"""
from __future__ import annotations

from typing import Final

FIRST: Final = 1
SINGLE_WINDOW: Final = 2
"""From this revision: one interrupt window for several opponents; forced choices taken."""

COSMO_SPARES_ITS_PLAYER: Final = 3
"""From this revision: Cosmo Lavish's removal spares the card's player's minions, not the paid player's."""

TEXTS_WITHOUT_TARGET_SKIPPED: Final = COSMO_SPARES_ITS_PLAYER
"""From this revision (3, the same as :data:`COSMO_SPARES_ITS_PLAYER`: not released apart): a text
with no legal target is skipped with its reason, not offered as "do"."""

POWERS_BEFORE_A_SKIP: Final = COSMO_SPARES_ITS_PLAYER
"""From this revision (3, released with the two above): a build, assassination or trouble-marker
symbol with no legal option asks its player first while a City Area power is usable."""

EMPTY_BANK_UNASKED: Final = 4
"""From this revision: a "take money" symbol with the bank empty is skipped with its reason (asked
while a City Area power is usable, "take" greyed)."""

POWERS_ONLY_WHEN_THEY_HELP: Final = 5
"""From this revision: a symbol with no option asks first only while a usable City Area power can
give it one (revisions 3 and 4: while any power is usable)."""

LATEST: Final = POWERS_ONLY_WHEN_THEY_HELP
"""The revision new games are started with."""
