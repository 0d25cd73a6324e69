"""Find a die's serial port by USB vendor/product id (and optionally serial number).

Why not a fixed /dev/ttyACM0: the number changes with plugging order and after a replug, while the
USB id is printed on the die's board. Pseudo-terminals never appear here (pyserial's list_ports
does not list them), so the emulator is reached by path instead.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from hardware.dice.model import DeviceMissing

# The Raspberry Pi RP2040's MicroPython USB id, the die's default.
RP2040_MICROPYTHON = (0x2E8A, 0x0005)


@dataclass(frozen=True)
class UsbId:
    vid: int
    pid: int
    serial_number: str | None = None

    @classmethod
    def parse(cls, text: str) -> UsbId:
        """``2e8a:0005`` or ``2e8a:0005/E6614C311B4A7A2B`` (hex ids, optional serial number)."""
        ids, _, serial_number = text.partition("/")
        vid_text, sep, pid_text = ids.partition(":")
        try:
            if not sep:
                raise ValueError
            vid, pid = int(vid_text, 16), int(pid_text, 16)
        except ValueError:
            raise ValueError(f"USB id must look like 2e8a:0005[/SERIAL]: {text!r}") from None
        if not (0 <= vid <= 0xFFFF and 0 <= pid <= 0xFFFF):
            raise ValueError(f"USB id out of range: {text!r}")
        return cls(vid, pid, serial_number or None)

    def matches(self, port: ListPortInfo) -> bool:
        return (port.vid == self.vid and port.pid == self.pid
                and (self.serial_number is None or port.serial_number == self.serial_number))

    def __str__(self) -> str:
        text = f"{self.vid:04x}:{self.pid:04x}"
        return text + (f"/{self.serial_number}" if self.serial_number else "")


def find_port(usb_id: UsbId,
              ports: Callable[[], Iterable[ListPortInfo]] = list_ports.comports) -> str:
    """The device path of the first port with this id; DeviceMissing if none is plugged in."""
    found = sorted(str(p.device) for p in ports() if usb_id.matches(p))
    if not found:
        raise DeviceMissing(f"no serial port with USB id {str(usb_id)!r}")
    return found[0]
