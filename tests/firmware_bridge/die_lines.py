"""A die's side of the wire for the host's tests: its lines numbered as its firmware numbers them."""
from firmware_bridge import protocol
from firmware_bridge.protocol import Beat, DieState, Hello, RollReport, State


class Die:
    """Writes a die's lines the way its firmware numbers them; a reboot numbers from 0 again."""

    def __init__(self, die_id="d12-a", faces=12, boot="0000beef"):
        self.die_id, self.faces, self.boot = die_id, faces, boot
        self.seq = protocol.SeqCounter()

    def line(self, body):
        return protocol.encode(self.seq.take(), self.die_id, body)

    def hello(self):
        return self.line(Hello(1, self.faces, "0.1.0", self.boot))

    def reboot(self, boot):
        """Power cycle: numbering from 0; the boot hello (seq 0) is written -- and returned."""
        self.boot, self.seq = boot, protocol.SeqCounter()
        return self.hello()

    def throw_lines(self, face):
        """The lines of one throw, numbered as they are sent (lazily: an answer to a hello
        request may be sent between two of them)."""
        for body in (State(DieState.HANDLING), State(DieState.ROLLING),
                     State(DieState.SETTLED, face), RollReport(face)):
            yield self.line(body)

    def throw(self, face):
        """One throw's lines at once."""
        return b"".join(self.throw_lines(face))

    def beat(self):
        return self.line(Beat(80, 3900, 12))
