"""Types of the compiled module: the reach set search, the holds-checks, the plain and
conditioned splits, the discards leaving sets and the play search (native/*.c)."""

from collections.abc import Sequence

from intlscore.engine.spec import TypeSpec

SOURCES_SHA256: str
"""The hash of the C sources it was built from (intlscore.engine.native.sources_hash), or
"" when built other than by hatch_build.py (native/_native.c)."""

def closest_sets(
    table: object,
    index: int,
    open: bytes,
    cap: bytes,
    let_go: int,
    full: int,
    target_mask: int,
    kept_cap: int,
    floor: int,
    /,
) -> tuple[int, int, int]:
    """The keep-most walk for the set-based type ``index`` of a compiled table, as
    setsearch.keep_most._SetSearch.run (native/setsearch.c): (kept, outs, keep)."""

def sets_pairs(
    table: object,
    index: int,
    counts: bytes,
    jokers: int,
    cap: bytes,
    /,
) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    """What a set-based type makes of 13 tiles (or 14 with a joker) and two drawn ones:
    (one, pair, joker_free) as setsearch.drawn_pairs.DrawnPairs (native/setsearch.c)."""

def sets_stood(
    table: object,
    index: int,
    counts: bytes,
    jokers: int,
    cap: bytes,
    x: int,
    after_counts: bytes,
    after_cap: bytes,
    tiles: int = ...,
    /,
) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    """sets_pairs of the 12 or 13 tiles walked, with the numbered tile x added (-1:
    none), under the caps of after, read from one stood walk (setsearch.drawn_pairs.stood_hands,
    StoodHands.drawn_pairs; native/setsearch.c); of its hands within the mask ``tiles``
    alone where given (StoodHands.within)."""

def plain_split(
    counts: bytes, jokers: int, cap: bytes, /
) -> list[tuple[str, tuple[tuple[int, int], ...]]] | None:
    """One split into groups and runs, as SetSearch(facts).find() (native/setsearch.c)."""

def conditioned_split(
    table: object,
    index: int,
    counts: bytes,
    jokers: int,
    cap: bytes,
    /,
) -> list[tuple[str, tuple[tuple[int, int], ...]]] | None:
    """One split meeting the conditions of the set-based type ``index`` of a compiled table,
    as setsearch.split.conditioned_split (native/setsearch.c)."""

def discards_leaving_sets(counts: bytes, jokers: int, cap: bytes, /) -> frozenset[int]:
    """The single discards (tile indices, 52 a joker) after which 15 tiles split into sets,
    as setsearch.split.discards_leaving_sets (native/setsearch.c)."""

def holds_compile(specs: Sequence[TypeSpec], parents: Sequence[int], /) -> object:
    """A compiled table of types (each a spec.TypeSpec, parsed into the C's HoldsType), with
    each type's parent row or -1 (native/holds_table.c)."""

def holds_kept(table: object, index: int, counts: bytes, jokers: int, cap: bytes, /) -> int:
    """Most real tiles kept by a completed hand of type ``index``, or -1."""

def holds_all(table: object, counts: bytes, jokers: int, cap: bytes, wanted: bytes, /) -> bytes:
    """Per type: the kept tiles, or 255 when not held (or not wanted)."""

def holds_firsts(
    table: object,
    index: int,
    counts: bytes,
    jokers: int,
    cap: bytes,
    rows: bytes,
    width: int,
    kmin: int,
    kmax: int,
    lower: bytes | None,
    /,
) -> bytes:
    """Per row: the first k in kmin..kmax that completes the type, and the kept tiles."""

def play_search(
    table: object,
    types: tuple[tuple[int, int, int, tuple[int, int, int], int, int], ...],
    trump_joker: int,
    budget: int,
    last_limited: int,
    /,
) -> object:
    """A play search (R23) over a compiled table's types: per type its row in the table, its
    number, R21's draw limit or -1, its scores, and the slot of a wider type whose hands
    within the tiles (a mask) that follow are its own, or -1 and 0 (native/play.c)."""

def play_value(
    search: object,
    hand: bytes,
    cap: bytes,
    jokers: int,
    seen_jokers: int,
    left: int,
    draw: int,
    /,
) -> tuple[int, int, tuple[tuple[int, int], ...]] | None:
    """A position's scaled value, as _Search.weigh in odds/play.py; None over budget."""

def play_weighed(search: object, /) -> int:
    """The positions the search has weighed."""

def play_stop(search: object, /) -> None:
    """Asks a search running in another thread to stop: its play_value raises
    InterruptedError."""
