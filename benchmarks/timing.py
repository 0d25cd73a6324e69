"""What the latency benchmarks share: a percentile and one report line per measured path."""
from __future__ import annotations

import argparse
import statistics


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile by nearest rank (no interpolation: a reported p99 is a time that happened)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(f"{name}: n={len(ms)} median={statistics.median(ms):.3f} ms "
          f"p99={percentile(ms, 99):.3f} ms max={max(ms):.3f} ms")


def games_parser(doc: str, default: int) -> argparse.ArgumentParser:
    """The command line of a games-per-second benchmark: ``[GAMES]`` (``default`` when omitted), with
    ``--help`` from the module's docstring and a one-line error for a count that is not a positive
    number (a bare ``int(sys.argv[1])`` answered ``--help`` with a traceback)."""
    parser = argparse.ArgumentParser(description=" ".join(doc.split("\n\n")[0].split()))
    parser.add_argument("games", nargs="?", type=_positive, default=default,
                        help=f"games per figure (default {default})")
    return parser


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a number of games is a positive whole number, not {text!r}")
    return int(text)
