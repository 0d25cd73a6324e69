"""The narration of a game as a shared, append-only log: every position of a game holds its own
view of one list instead of a copy of all the lines before it.

A game's narration only grows along a timeline (the pending procedure adds lines; a finished one
keeps them), so the narration after input ``i`` is a prefix of the narration after input ``i + 1``.
Copying the whole list into each position made every input cost as much as the game was long, and
resuming a long game quadratic. A :class:`NarrationLog` is a view ``store[:n]`` of a list shared by
the positions of one timeline: extending it appends to that list in place when the view ends where
the list ends (or where its tail already holds the same lines), and copies only when a timeline
branches (an undo followed by other inputs), which happens once per branch.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import is_
from typing import Any, overload

from companion.core.procedure import Narration


_new = object.__new__


class NarrationLog(Sequence[Narration]):
    """An immutable view of the first ``n`` lines of a shared list; see the module docstring."""

    __slots__ = ("_store", "_n")

    def __init__(self, lines: Sequence[Narration] = ()) -> None:
        self._store: list[Narration] = list(lines)
        self._n = len(self._store)

    @classmethod
    def of(cls, lines: Sequence[Narration]) -> NarrationLog:
        """``lines`` as a log (itself when it is one already)."""
        return lines if isinstance(lines, NarrationLog) else cls(lines)

    @classmethod
    def _view(cls, store: list[Narration], n: int) -> NarrationLog:
        log = cls.__new__(cls)
        log._store, log._n = store, n
        return log

    def prefix(self, n: int) -> NarrationLog:
        """The first ``n`` lines, sharing this log's list (constant time)."""
        if not 0 <= n <= self._n:
            raise ValueError(f"a prefix of {n} lines of a log of {self._n}")
        return self._view(self._store, n)

    def plus(self, lines: Sequence[Narration]) -> NarrationLog:
        """This log followed by ``lines``. Lines the shared list already holds after this view (the
        same objects: an earlier position of the same procedure) are reused, the rest appended;
        a list whose tail holds other lines (another branch) is copied up to where they differ."""
        store, n, count = self._store, self._n, len(lines)
        tail = len(store) - n
        if not tail:  # the view ends where the list does (a fold, one answer on): nothing to compare
            store.extend(lines)
            log = _new(NarrationLog)  # ``_view`` without its call: a line said at most inputs comes here
            log._store, log._n = store, n + count
            return log
        limit = min(tail, count)
        # the usual case (the same procedure one answer on) compared in one pass in C
        same = limit if limit and all(map(is_, store[n:n + limit], lines[:limit])) else 0
        while same < limit and store[n + same] is lines[same]:
            same += 1
        if same == count:
            return self._view(store, n + count)
        if same < tail:
            store = store[:n + same]
        store.extend(lines[same:])
        return self._view(store, n + count)

    def shared_prefix(self, other: NarrationLog) -> int:
        """How many leading lines this log and ``other`` certainly have in common without comparing
        them: both views of one list share the shorter one's lines; else 0."""
        return min(self._n, other._n) if self._store is other._store else 0

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Narration: ...

    @overload
    def __getitem__(self, index: slice) -> list[Narration]: ...

    def __getitem__(self, index: int | slice) -> Narration | list[Narration]:
        if isinstance(index, slice):
            start = index.start
            if index.stop is None and index.step is None and start is not None and start >= 0:
                # the lines after position ``start`` (a fold's new lines, at every input): the same
                # list as through ``index.indices``, which clips ``start`` to the view's end as this does
                return self._store[start:self._n]
            return self._store[slice(*index.indices(self._n))]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("narration log index out of range")
        return self._store[index]

    def __iter__(self) -> Iterator[Narration]:
        store = self._store
        for i in range(self._n):
            yield store[i]

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, NarrationLog):
            return self._n == other._n and (
                (self._store is other._store) or self._store[:self._n] == other._store[:other._n])
        if isinstance(other, (list, tuple)):
            return len(other) == self._n and self._store[:self._n] == list(other)
        return NotImplemented

    def __ne__(self, other: Any) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"NarrationLog({self._store[:self._n]!r})"


def after_step(narration: Sequence[Narration], settled: int, lines: list[Narration]) -> Sequence[Narration]:
    """The log of a game whose procedure took one more step: ``narration`` (its first ``settled``
    lines from procedures already finished, the rest the procedure's first lines) followed by
    the new ones of ``lines``, the procedure's lines now; ``narration`` itself when the step said
    nothing. ``NarrationLog.of(narration).plus(lines[len(narration) - settled:])``, with the usual
    cases (nothing said; the log's list ends where the log does) done here: they were three calls
    at every input."""
    if type(narration) is not NarrationLog:
        said = len(narration) - settled
        return narration if said == len(lines) else NarrationLog.of(narration).plus(lines[said:])
    n = narration._n
    said, count = n - settled, len(lines)
    if said == count:
        return narration
    store = narration._store
    if len(store) != n:
        return narration.plus(lines[said:])
    store.extend(lines[said:])  # ``plus`` on a view that ends where its list does
    log = _new(NarrationLog)
    log._store, log._n = store, n + count - said
    return log
