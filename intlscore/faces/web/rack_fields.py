"""The rack of a request: its fields read once, the :class:`~intlscore.engine.rack.Rack`
built from them once the body is known to hold nothing else.

>>> from intlscore.faces.web.inputs import Fields
>>> from intlscore.rules import default_rules
>>> body = Fields({"tiles": "k1-13 k1", "seen": "r5", "trump": "", "first_turn": True})
>>> fields = rack_fields(body)
>>> body.done()
>>> rack = fields.rack(default_rules())
>>> len(rack.tiles), rack.seen, rack.trump, rack.context.first_turn
(14, (Tile('r5'),), None, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypedDict

from intlscore.faces.web.inputs import Fields

if TYPE_CHECKING:
    from intlscore.engine.rack import Rack
    from intlscore.rules import Rules


class ContextFlags(TypedDict):
    """When the win happened (types 39 and 40), as the CLI's three flags."""

    first_turn: bool
    original_hand: bool
    starting_player: bool


def context(body: Fields) -> ContextFlags:
    """The three context flags of a request (absent is false)."""
    return {
        "first_turn": body.flag("first_turn"),
        "original_hand": body.flag("original_hand"),
        "starting_player": body.flag("starting_player"),
    }


class RackFields(NamedTuple):
    """A request's rack fields, read but not yet parsed (an empty one is absent)."""

    tiles: str
    discard: str | None
    seen: str | None
    trump: str | None
    flags: ContextFlags

    def rack(self, rules: Rules) -> Rack:
        """The checked rack (bad tiles raise the engine's one clear error: 400)."""
        from intlscore.engine.rack import Rack

        return Rack(
            self.tiles,
            discard=self.discard or None,
            seen=self.seen or (),
            trump=self.trump or None,
            rules=rules,
            **self.flags,
        )


def rack_fields(body: Fields, *, discard: bool = False) -> RackFields:
    """Read ``tiles`` (required), then ``discard`` (the scorer's) or ``seen`` and
    ``trump`` (reach's and the odds'), then the context flags."""
    tiles = body.tiles("tiles", required=True)
    if discard:
        return RackFields(tiles, body.text("discard"), None, None, context(body))
    seen = body.tiles("seen")
    trump = body.text("trump")
    return RackFields(tiles, None, seen, trump, context(body))
