"""ELAM, Extreme-Level Ankh-Morpoly (optional, reference §5.3–5.4, L165–203), in play.

``lives``: the guild members each party has left, and what losing the last one does; ``death``: a
death's sequence (share, claims, funeral, back to GO) and its causes in the turn (heart attack,
starvation); ``assassins``: the Assassins' attack and contract (§3.9); ``npcs``: Death, the Luggage
and CMOT Dibbler, moved by the banker, and their encounters; ``meetings``: what fires when a token
arrives where others stand (R5). The pure tables (D, E, F) and the Assassins' arithmetic stay in the
kit (``dice``, ``guilds/assassins``); these modules ask the table and move the money.
"""
