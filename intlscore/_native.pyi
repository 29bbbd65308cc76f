"""Types of the compiled set search (native/intlscore_native.c)."""

def closest_sets(
    open: bytes,
    cap: bytes,
    let_go: int,
    full: int,
    shape: tuple[int, int, int, int, int, int, int, int, int, int],
    fillers: tuple[tuple[int, int, int, int, int], ...],
    same: int,
    target_mask: int,
    kept_cap: int,
    floor: int,
    /,
) -> tuple[int, int, int]: ...
def holds_simple(
    spec: tuple[int, int, int, int, int, int, int, tuple[int, ...], int, int],
    counts: bytes,
    jokers: int,
    cap: bytes,
    /,
) -> int:
    """Most real tiles a completed hand of a pairs, sequence or any type formed from the pool
    keeps, or -1 when the pool does not hold it (native/holds_simple.c)."""
