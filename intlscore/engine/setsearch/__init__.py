"""The set search: can tiles be laid out in groups (R4) and runs (R5), and how.

The one walk behind every set-based type (``docs/design.md``): *take the lowest tile
still open; it anchors a group of its number or a run through it, or (in some modes)
it is let go; recurse; remember the states that failed.* Its modes, one module each,
with what they share in a third:

- :mod:`.pool`, :mod:`.best`, :mod:`.shapes`: its values. What is in a hand and what can
  still be drawn (:class:`~.pool.Pool`), the best completed hands found
  (:class:`~.best.Best`), the filler sets a set-based type allows
  (:func:`~.shapes.filler_sets`, from its :class:`~intlscore.engine.spec.TypeSpec`).
- :mod:`.steps`: what both walks do alike: the groups and runs a tile anchors, a
  lacking tile filled by a substitute (a joker, or a drawn tile) within R3's copies.
- :mod:`.split`: *find one split*, the scorer's (:class:`SetSearch`, :func:`plain_split`,
  :func:`conditioned_split`, :func:`discards_leaving_sets`); compiled in
  ``native/setsearch.c``.
- :mod:`.keep_most`: *keep most*, reach's (``closest_sets``); with a floor it also
  *decides only*, for the holds-checks in pure Python; compiled in ``native/setsearch.c``.
- :mod:`.pairs`: the keep-most walk over every hand at a floor, recording what each
  stands in for: which two drawn tiles complete 13 tiles (``drawn_pairs``), for the play
  search; compiled in ``native/setsearch.c`` (``holds_sets_pairs``).

These are the pure-Python build; the engine asks whichever build is in use
(:mod:`intlscore.engine.build`). The set search is a layer of its own: reach, odds and
the scorer import it, and it imports none of them (``tests/test_layers.py``). The
keep-most walk and its pairs mode are imported from their modules
(``intlscore.engine.setsearch.keep_most``), not from here, so that the scorer, which
imports this package, does not load them.

>>> from intlscore.engine.facts import HandFacts
>>> sevens = HandFacts.build([24, 25, 26, 27], jokers=1)  # k7 r7 b7 o7 and a joker
>>> sorted(discards_leaving_sets(sevens))  # the joker, or k7 (the joker stands in for it)
[24, 52]
"""

from __future__ import annotations

from intlscore.engine.setsearch.split import (
    DISCARD_HAND,
    LeafCheck,
    SetSearch,
    conditioned_split,
    discards_leaving_sets,
    plain_split,
)

__all__ = [
    "DISCARD_HAND",
    "LeafCheck",
    "SetSearch",
    "conditioned_split",
    "discards_leaving_sets",
    "plain_split",
]
