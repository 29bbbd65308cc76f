"""Printing views safely: user text literal, control characters escaped, no padding when piped.

User text (session and player names, a house table's names and descriptions,
file paths) reaches the terminal only through :func:`user_text`, which never
reads markup (``[bold]`` stays ``[bold]``) and shows control characters as
escapes, so an escape sequence in a name (a colour, a cursor move, an OSC 8
hyperlink) is printed as text and never acted on.

>>> user_text("[bold]x\\x1b]8;;http://evil\\x07ann").plain
'[bold]x\\\\x1b]8;;http://evil\\\\x07ann'
>>> escape_controls("tab\\there, ann\\u202eeve")
'tab\\\\there, ann\\\\u202eeve'
>>> escape_controls("Zoë 🎲 r5")
'Zoë 🎲 r5'
"""

from __future__ import annotations

import sys
import unicodedata
from typing import IO

from rich.console import Console, RenderableType
from rich.text import Text

__all__ = ["escape_controls", "make_console", "print_views", "user_text"]

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_INVISIBLE = frozenset(
    "\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Bidirectional controls and line separators: they reorder or break what the eye reads."""


def _escaped(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with every control character (C0, DEL, C1) and bidi control as an escape.

    Letters, emoji and joiners are kept; only what a terminal would act on
    rather than show is rewritten, the way Python's ``repr`` writes it.
    """
    if text.isprintable():
        return text
    return "".join(
        _escaped(char)
        if char in _INVISIBLE or unicodedata.category(char) in ("Cc", "Zl", "Zp")
        else char
        for char in text
    )


def user_text(text: object, style: str = "") -> Text:
    """Any text for a view, taken literally: no markup, control characters escaped."""
    return Text(escape_controls(str(text)), style=style)


def make_console(file: IO[str] | None = None) -> Console:
    """The console every command prints with: no markup, no emoji codes, no highlighting.

    Width and colour follow the terminal (``COLUMNS``, ``NO_COLOR``), as rich decides.
    """
    return Console(file=file, highlight=False, markup=False, emoji=False)


def _literal(item: RenderableType | str) -> RenderableType:
    """A ``str`` as user text; a ``Text`` holding control characters rebuilt with them escaped.

    Views build their text with :func:`user_text`; this catches a ``Text(f"...")`` that a
    command made around a name or a path (its line breaks are kept, its inner styles go).
    """
    if isinstance(item, str):
        return user_text(item)
    if isinstance(item, Text) and not item.plain.replace("\n", "").isprintable():
        lines = (escape_controls(line) for line in item.plain.split("\n"))
        return Text("\n".join(lines), style=item.style, justify=item.justify, end=item.end)
    return item


def print_views(*renderables: RenderableType | str, console: Console | None = None) -> None:
    """Print views one after another; a plain ``str`` is user text, shown literally.

    At a terminal rich draws as usual. Piped or redirected, each line loses the
    spaces rich pads it with to the terminal's width.

    >>> import io
    >>> out = io.StringIO()
    >>> print_views("[red]ann[/]", Text("x"), console=make_console(out))
    >>> out.getvalue()
    '[red]ann[/]\\nx\\n'
    >>> out = io.StringIO()
    >>> print_views(Text("ledger: /tmp/\\x1b[31mx.db"), console=make_console(out))
    >>> out.getvalue()
    'ledger: /tmp/\\\\x1b[31mx.db\\n'
    """
    console = console or make_console()
    items = [_literal(item) for item in renderables]
    if console.is_terminal:
        for item in items:
            console.print(item)
        return
    with console.capture() as capture:
        for item in items:
            console.print(item)
    lines = capture.get().split("\n")
    file = console.file if console.file is not None else sys.stdout
    file.write("\n".join(line.rstrip(" ") for line in lines))
    file.flush()
