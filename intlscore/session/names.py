"""When two written names are one player: the same text after Unicode NFC normalisation and
case folding, everywhere (a deal, a session, the club, the command line and the web).

"José" typed on a phone (NFC, one code point for é) and pasted from elsewhere (NFD, e
and a combining accent) are one player, as "ann" and "Ann" are.

>>> name_key("José") == name_key("Jose\\u0301") == name_key("JOSÉ")
True
>>> name_key("ann") == name_key("anna")
False
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["name_key"]


@lru_cache(maxsize=4096)  # a club's names, looked up for every seat of every session
def name_key(name: str) -> str:
    """The key a player's name is matched by: NFC, then case folded (then NFC again, as
    folding can undo it)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
