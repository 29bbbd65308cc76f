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
