"""Injected time for the die sources: their bounce filters and liveness are exercised without sleeping."""


class FakeClock:
    """A monotonic clock that moves only when a test says so."""

    def __init__(self, now=100.0):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds
