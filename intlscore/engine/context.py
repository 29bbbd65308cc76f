"""When the win happened, and whether a type allows it (types 39 and 40).

A light module of its own, so that ``reach`` reads it without importing the scorer;
:mod:`intlscore.engine.score_result` and :mod:`intlscore.engine.matcher` re-export its names.

>>> Context(first_turn=True).to_dict()
{'first_turn': True, 'original_hand': False, 'starting_player': False}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from intlscore.errors import InputTypeError, quoted

if TYPE_CHECKING:
    from intlscore.rules.hand_table import HandType


class _Flags(NamedTuple):
    first_turn: bool = False
    original_hand: bool = False
    starting_player: bool = False


class Context(_Flags):
    """When the win happened; only types 39 and 40 look at it.

    Each flag must be a real ``bool``: ``"no"`` or ``0`` would otherwise be read by
    truth value (``"no"`` as true), so they are refused, naming the flag.

    >>> Context(first_turn=True)
    Context(first_turn=True, original_hand=False, starting_player=False)
    >>> Context(first_turn="no")
    Traceback (most recent call last):
    ...
    intlscore.errors.InputTypeError: first_turn must be True or False, not 'no'
    """

    __slots__ = ()

    def __new__(
        cls, first_turn: bool = False, original_hand: bool = False, starting_player: bool = False
    ) -> Context:
        flags = (first_turn, original_hand, starting_player)
        for flag, value in zip(_Flags._fields, flags, strict=True):
            if not isinstance(value, bool):
                shown = quoted(value) if isinstance(value, str) else repr(value)[:40]
                raise InputTypeError(f"{flag} must be True or False, not {shown}")
        return super().__new__(cls, *flags)

    def to_dict(self) -> dict[str, bool]:
        return {
            "first_turn": self.first_turn,
            "original_hand": self.original_hand,
            "starting_player": self.starting_player,
        }


NO_CONTEXT = Context()
"""The default context: not a first turn, not the original hand, not the starting player."""


def context_allows(hand_type: HandType, context: Context) -> bool:
    """Whether the win's context meets the type's ``when`` flags (types 39, 40)."""
    for flag in hand_type.when:
        if flag == "first_turn" and not context.first_turn:
            return False
        if flag == "original_hand" and not context.original_hand:
            return False
        if flag == "not_starting_player" and context.starting_player:
            return False
    return True
