"""Benchmarks are run by hand, not by the suite, so a benchmark broken by a change would only be
found by the next engineer who needs its figures: every one must at least compile."""
from __future__ import annotations

import py_compile
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("*.py"))


def test_there_are_benchmarks() -> None:
    assert len(BENCHMARKS) >= 10


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_a_benchmark_compiles(path: Path, tmp_path: Path) -> None:
    py_compile.compile(str(path), cfile=str(tmp_path / "compiled.pyc"), doraise=True)


COMMANDS = [path for path in BENCHMARKS if '__name__ == "__main__"' in path.read_text(encoding="utf-8")]


def test_the_commands_are_found() -> None:
    assert "bench_simulate.py" in {path.name for path in COMMANDS}
    assert "timing.py" not in {path.name for path in COMMANDS}  # shared helpers, no command


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: p.name)
def test_a_benchmark_answers_help_without_running(path: Path) -> None:
    """``--help`` prints the usage and exits 0 at once: a benchmark that read ``sys.argv[1]`` as a
    number answered it with a traceback, and one that ignored it started a run of minutes."""
    done = subprocess.run([sys.executable, str(path), "--help"], capture_output=True, text=True, timeout=60,
                          cwd=path.parents[1])
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ") and "Traceback" not in done.stderr
