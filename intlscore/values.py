"""Two bases for the immutable values of the API, made without ``dataclasses``.

The values every run of the command line creates (tiles, the rules, the results)
are ``NamedTuple``s or small slotted classes, not dataclasses: importing
``dataclasses`` brings ``inspect`` with it, and creating a frozen dataclass takes
about a millisecond, together more than a ``score --json`` run's own work
(docs/speed.md). These two bases hold what such classes share.

>>> from typing import NamedTuple
>>> class _Fields(NamedTuple):
...     points: int
...     source: str = "<here>"
>>> class Points(SourceNotCompared, _Fields):
...     __slots__ = ()
>>> Points(5, "a file") == Points(5, "elsewhere"), Points(5) != Points(6)
(True, True)
>>> class Box(Frozen):
...     __slots__ = ("size",)
...     def __init__(self, size: int) -> None:
...         object.__setattr__(self, "size", size)
>>> Box(3).size = 4
Traceback (most recent call last):
...
AttributeError: a Box cannot be changed
"""

from __future__ import annotations

from typing import Any, NoReturn


class Frozen:
    """A slotted class whose attributes, once set in ``__init__``, cannot change.

    ``__init__`` sets them with ``object.__setattr__``; the subclass names its
    ``__slots__`` and says how it compares, hashes, prints and pickles.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")


class SourceNotCompared(tuple[Any, ...]):
    """A NamedTuple whose last field, ``source`` (where it was read from), is left out of
    equality and hashing: the same rules read from two files are equal.

    List it before the NamedTuple: ``class Rules(SourceNotCompared, _RulesFields)``.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return tuple.__eq__(self[:-1], other[:-1])

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self[:-1])
