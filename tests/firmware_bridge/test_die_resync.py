"""A die that rebooted while its hello was lost: the host asks for a new hello and believes it again.

Issue 15's reproduction: after a reboot whose hello never reached the host, every following real
throw (300 of 300) was refused as ``stale`` until the die's numbers caught up, and nothing asked
for a hello. Also here: a repeat is the whole line, not just its sequence number.
"""
import logging

from firmware_bridge import host, protocol
from firmware_bridge.firmware import runtime
from firmware_bridge.host import HelloEvent, HelloNeeded, HostLink, RollEvent
from firmware_bridge.protocol import Beat

from die_lines import Die


def quiet_link():
    return HostLink("resync", logging.getLogger("test.die.resync.quiet"))


def feed_answering(link, die, lines):
    """Feed ``lines`` (an iterable, consumed lazily) one at a time; whenever the host asks this die for hello, it answers at once
    (as the firmware does). Returns the events."""
    events = []
    for line in lines:
        for event in link.feed(line):
            events.append(event)
            if isinstance(event, HelloNeeded) and event.die == die.die_id:
                events += link.feed(die.hello())
    return events


def rolls(events):
    return [e.face for e in events if isinstance(e, RollEvent)]


def played_a_while(link, die, throws=400):
    """A die that said hello and threw ``throws`` times: its numbers are 1,601 ahead, more than the
    1,200 lines of the 300 throws that follow."""
    events = feed_answering(link, die, [die.hello()])
    events += feed_answering(link, die, (line for i in range(throws)
                                         for line in die.throw_lines(i % 12 + 1)))
    assert len(rolls(events)) == throws


def test_after_a_reboot_whose_hello_was_lost_the_host_asks_and_the_throws_count_again():
    link, die = quiet_link(), Die()
    played_a_while(link, die)
    die.reboot("0000cafe")  # its hello is lost on the wire: never fed
    faces = [i % 12 + 1 for i in range(300)]
    events = feed_answering(link, die, (line for f in faces for line in die.throw_lines(f)))
    asked = [e for e in events if isinstance(e, HelloNeeded)]
    assert asked == [HelloNeeded("d12-a", host.STALE)]  # asked once, at the 2nd stale line
    assert [e.hello.boot for e in events if isinstance(e, HelloEvent)] == ["0000cafe"]
    # The throw under way while the host resynchronised is lost; the other 299 count.
    assert rolls(events) == faces[1:]
    assert link.counters.rejected == {host.STALE: 2, host.ROLL_WITHOUT_ROLLING: 1}


def test_with_heartbeats_the_host_resynchronises_before_anyone_throws():
    link, die = quiet_link(), Die()
    played_a_while(link, die)
    die.reboot("0000cafe")
    faces = [i % 12 + 1 for i in range(300)]
    events = feed_answering(link, die, [die.beat(), die.beat()])
    events += feed_answering(link, die, (line for f in faces for line in die.throw_lines(f)))
    assert rolls(events) == faces  # 300 of 300
    assert link.counters.hello_requests == 1


def test_a_lost_request_is_repeated_while_the_stale_run_lasts_but_not_for_every_line():
    link, die = quiet_link(), Die()
    played_a_while(link, die)
    die.reboot("0000cafe")
    events = []
    for _ in range(200):  # the die never hears the requests (or its answers are lost)
        events += link.feed(die.beat())
    asked_at = [i + 1 for i in range(200) if host.asks_hello_at(i + 1)]
    assert asked_at == [2, 4, 8, 16, 32, 64, 128, 192]
    assert len([e for e in events if isinstance(e, HelloNeeded)]) == len(asked_at)
    assert link.counters.rejected == {host.STALE: 200}
    events = link.feed(die.hello())  # finally heard: numbering restarts, the next throw counts
    assert [type(e) for e in events] == [HelloEvent]
    assert rolls(link.feed(b"".join(die.throw_lines(4)))) == [4]


def test_a_roll_refused_for_want_of_a_hello_makes_the_host_ask():
    link, die = quiet_link(), Die()
    events = link.feed(b"".join(die.throw_lines(3)))  # the hello at connection was lost
    assert rolls(events) == [] and HelloNeeded("d12-a", host.NO_HELLO) in events
    events = link.feed(die.hello() + b"".join(die.throw_lines(5)))
    assert rolls(events) == [5]


def test_the_same_line_again_is_a_duplicate_but_the_same_number_with_other_content_is_stale():
    link, die = quiet_link(), Die()
    link.feed(die.hello())
    line = die.beat()
    link.feed(line)
    same_number = protocol.encode(protocol.parse_from_die(line).seq, die.die_id, Beat(81, 3901, 13))
    assert link.feed(line) == []
    assert link.feed(same_number) == []
    assert link.counters.rejected == {host.DUPLICATE: 1, host.STALE: 1}


def test_a_die_with_few_lines_before_its_reboot_is_not_taken_for_a_repeat():
    # The host had accepted seq 0..4; the rebooted die's seq 4 differs from the old seq 4.
    link, die = quiet_link(), Die()
    link.feed(die.hello() + die.beat() + die.beat() + die.beat() + die.beat())
    die.reboot("0000cafe")  # seq 0, lost
    events = feed_answering(link, die, [die.beat() for _ in range(4)])  # seq 1..4: all stale
    assert HelloNeeded("d12-a", host.STALE) in events
    assert link.counters.rejected[host.DUPLICATE] == 0


def test_the_firmware_answers_a_hello_request_addressed_to_it_after_a_lost_boot_hello():
    link = quiet_link()
    first = runtime.DieFirmware("d12-0a1b2c", "00c0ffee")
    link.feed(b"".join(first.boot()))
    for t in range(0, 400_000, 1000):  # 400 heartbeats: the host's numbers are well ahead
        link.feed(b"".join(first.on_tick(t, 3900)))
    rebooted = runtime.DieFirmware("d12-0a1b2c", "0badf00d")
    rebooted.boot()  # the boot hello is lost
    host_seq = protocol.SeqCounter()
    heard = []
    for t in range(0, 5000, 1000):
        for event in link.feed(b"".join(rebooted.on_tick(t, 3900))):
            heard.append(event)
            if isinstance(event, HelloNeeded):
                request = protocol.encode(host_seq.take(), event.die, protocol.HelloRequest())
                for reply in rebooted.on_host_bytes(request):
                    heard += link.feed(reply)
    hellos = [e for e in heard if isinstance(e, HelloEvent)]
    assert [h.hello.boot for h in hellos] == ["0badf00d"]
    assert link.counters.rejected == {host.STALE: 2}
