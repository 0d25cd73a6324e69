"""Exit statuses that more than one command returns, named once so the dispatcher (``ui.cli``) and
the commands it runs cannot drift apart: a script that tells a Ctrl-C from a failure by the status
sees the same number whichever layer caught the interrupt.

Kept apart from the commands so that the dispatcher can import it without loading any of them
(``ankh-companion analyse`` should not pay for the simulators' multiprocessing imports)."""
from __future__ import annotations

from typing import Final

INTERRUPTED_STATUS: Final = 130
"""The exit status of a command stopped by Ctrl-C: 128 + SIGINT, as a shell reports it."""
