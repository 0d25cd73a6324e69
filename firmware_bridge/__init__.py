"""The hardware die's side of the companion: the wire protocol (``wire``, ``protocol``), the
host's reading of a link (``host``), the die's MicroPython firmware (``firmware/``), the pty die
emulator (``emulator``) and deliberately damaged traffic for it and the fuzz tests (``faults``).

Standard library only: the die runs ``wire`` and ``firmware/`` under MicroPython, and the host
side must not need pyserial to be tested. See docs/die-protocol.md.
"""
