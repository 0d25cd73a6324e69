"""What the latency benchmarks share: a percentile and one report line per measured path."""
from __future__ import annotations

import statistics


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile by nearest rank (no interpolation: a reported p99 is a time that happened)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(f"{name}: n={len(ms)} median={statistics.median(ms):.3f} ms "
          f"p99={percentile(ms, 99):.3f} ms max={max(ms):.3f} ms")
