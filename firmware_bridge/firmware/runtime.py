"""The die's behaviour on the wire: samples and host bytes in, protocol lines out.

Everything the firmware decides lives here, with no hardware calls, so CPython tests run the very
code the die runs: ``main.py`` only reads the sensor, the battery and the USB port and passes
bytes and numbers through this object.
"""
try:
    from firmware_bridge import wire
    from firmware_bridge.firmware import brain
except ImportError:
    import brain
    import wire

PROTOCOL_VERSION = 1
FIRMWARE_VERSION = "0.1.0"
BEAT_MS = 1000
LED_COLOURS = ("off", "red", "green", "blue", "white")


KINDS = {"d6": 6, "d12": 12}  # what a build can be: its die id prefix and its number of faces


def kind_from_text(text):
    """The die kind written in ``kind.txt`` on the die ("d6" or "d12"; blank: "d12")."""
    kind = text.strip() or "d12"
    if kind not in KINDS:
        raise ValueError("unknown die kind %r (one of %s)" % (kind, ", ".join(sorted(KINDS))))
    return kind


def battery_percent(mv):
    """A single-cell LiPo, linear between 3.3 V (empty) and 4.2 V (full): coarse but honest."""
    pct = (mv - 3300) * 100 // 900
    return 0 if pct < 0 else 100 if pct > 100 else pct


class DieFirmware:
    def __init__(self, die_id, boot_token, faces=None, thresholds=None):
        if not wire.is_die_id(die_id):
            raise ValueError("bad die id: %r" % (die_id,))
        self.die_id = die_id
        self.boot_token = boot_token
        self.brain = brain.DieBrain(faces, thresholds)
        self.face_count = len(self.brain.faces)
        self.led = ("off", "on")
        self._seq = 0
        self._framer = wire.Framer()
        self._next_beat = None
        self.host_lines_rejected = 0

    def _line(self, kind, fields):
        seq = self._seq
        self._seq = (seq + 1) % wire.SEQ_MODULO
        return wire.encode(seq, self.die_id, kind, fields)

    def hello(self):
        return self._line("hello", [("proto", PROTOCOL_VERSION), ("faces", self.face_count),
                                    ("fw", FIRMWARE_VERSION), ("boot", self.boot_token)])

    def boot(self):
        """Lines to send at power-up."""
        return [self.hello()]

    def on_sample(self, x, y, z, t_ms):
        out = []
        for event in self.brain.feed(x, y, z, t_ms):
            if event[0] == "state":
                fields = [("s", event[1])]
                if event[2] is not None:
                    fields.append(("face", event[2]))
                out.append(self._line("state", fields))
            else:
                out.append(self._line("roll", [("face", event[1])]))
        return out

    def on_tick(self, t_ms, battery_mv):
        """A heartbeat every BEAT_MS; call as often as convenient."""
        if self._next_beat is not None and t_ms < self._next_beat:
            return []
        self._next_beat = t_ms + BEAT_MS
        return [self._line("beat", [("bat", battery_percent(battery_mv)), ("mv", battery_mv),
                                    ("up", t_ms // 1000)])]

    def on_host_bytes(self, data):
        """Answer hello and ping; take led. Bad or foreign lines are counted and ignored."""
        out = []
        for item in self._framer.feed(data):
            if item == wire.OVERLONG:
                self.host_lines_rejected += 1
                continue
            try:
                seq, die, kind, pairs = wire.decode(item)
            except ValueError:
                self.host_lines_rejected += 1
                continue
            if die != self.die_id and die != "all":
                continue
            fields = dict(pairs)
            if kind == "hello":
                out.append(self.hello())
            elif kind == "ping" and "t" in fields:
                out.append(self._line("pong", [("t", fields["t"])]))
            elif kind == "led" and fields.get("c") in LED_COLOURS:
                self.led = (fields["c"], fields.get("m", "on"))
        return out
