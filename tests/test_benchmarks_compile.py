"""Benchmarks are run by hand, not by the suite, so a benchmark broken by a change would only be
found by the next engineer who needs its figures: every one must at least compile."""
from __future__ import annotations

import py_compile
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("*.py"))


def test_there_are_benchmarks() -> None:
    assert len(BENCHMARKS) >= 10


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_a_benchmark_compiles(path: Path, tmp_path: Path) -> None:
    py_compile.compile(str(path), cfile=str(tmp_path / "compiled.pyc"), doraise=True)
