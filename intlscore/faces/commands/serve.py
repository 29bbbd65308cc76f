"""``intlscore serve``: the scorer, reach and the session ledger as a page for phones.

Starlette, uvicorn, Jinja2 and segno are imported inside :func:`run`, so the
CLI's start-up does not load the web stack.

Without ``--lan`` the server listens on 127.0.0.1 only and needs no token.
With ``--lan`` it listens on the machine's LAN address, makes a random token and
prints the join URL and its QR code; every request must carry the token.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TextIO

from intlscore.errors import IntlscoreError

if TYPE_CHECKING:
    import socket

    import uvicorn

HELP = "serve the scorer and the sessions as a page for every player's phone"
EXAMPLE = "example: intlscore serve --lan   (then scan the QR code with each phone)"
DEFAULT_PORT: Final = 8765
DEFAULT_STREAMS: Final = 400
"""How many live pages (phones) a server holds at once by default (``--streams``)."""
REQUESTS: Final = 64
"""Connections the server takes beyond its live pages: the pages' own requests, a reload."""
SPARE_FILES: Final = 64
"""Open files the server needs beyond its connections (the ledger, the code, the logs)."""
BACKLOG: Final = 2048
"""Connections waiting to be taken (a room of phones arriving at once)."""


def port_number(text: str) -> int:
    """A TCP port, 0 (any free port) to 65535.

    >>> port_number("8765"), port_number("0")
    (8765, 0)
    >>> port_number("http")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'http' is not a port: give a whole number from 0 to 65535
    """
    value = text.strip()
    if not value.isdigit() or int(value) > 65535:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a port: give a whole number from 0 to 65535"
        )
    return int(value)


def stream_count(text: str) -> int:
    """``--streams N``: how many live pages at once, 1 to 10000.

    >>> stream_count("400")
    400
    """
    value = text.strip()
    if not value.isascii() or not value.isdigit() or not 1 <= int(value[:6]) <= 10000:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a whole number of live pages from 1 to 10000"
        )
    return int(value)


def open_files(needed: int) -> int:
    """Let this process open ``needed`` files where the system allows (each phone's live
    page is one connection, so one file); answers how many it may open.

    >>> open_files(1) >= 1
    True
    """
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return needed
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return needed
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (OSError, ValueError):
        return soft
    return wanted


def keep_count(text: str) -> int:
    """``--keep N``: how many daily backups, 1 to 366.

    >>> keep_count("7")
    7
    """
    value = text.strip()
    if not value.isascii() or not value.isdigit() or not 1 <= int(value[:4]) <= 366:
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number of backups from 1 to 366")
    return int(value)


@dataclass(frozen=True, slots=True)
class Serving:
    """A server ready to run: the bound socket, the join URL and the token."""

    server: uvicorn.Server
    listener: socket.socket
    url: str
    token: str | None


def prepare(args: argparse.Namespace, out: TextIO) -> Serving:
    """Check the ledger, bind the address and print where to go; nothing is served yet."""
    import socket

    import uvicorn

    from intlscore.faces.commands.rules_option import rules_from_arguments
    from intlscore.faces.web.app import LOCAL_HOSTS, create_app
    from intlscore.faces.web.guard import new_token
    from intlscore.faces.web.join import join_url, lan_address, print_qr
    from intlscore.faces.web.live import limit_streams
    from intlscore.session.ledger import Ledger

    rules = rules_from_arguments(args)  # a bad rules file is refused here, in one line
    with Ledger(args.db) as ledger:  # a corrupt or foreign file is refused here, in one line
        db = ledger.path
        read_only = ledger.store.read_only  # served all the same: pages read, writes 409
    host = lan_address() if args.lan else "127.0.0.1"
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, args.port))
    except OSError as error:
        listener.close()
        raise IntlscoreError(f"cannot listen on {host}:{args.port}: {error.strerror}") from None
    # listening now, before the address is said: a phone (or the browser) that connects at
    # once waits in the backlog until uvicorn takes it, instead of being refused
    listener.listen(BACKLOG)
    port = listener.getsockname()[1]
    token = new_token() if args.lan else None
    url = join_url(host, port, token)
    app = create_app(
        db=db,
        token=token,
        join_url=url if args.lan else None,
        allowed_hosts=[host] if args.lan else LOCAL_HOSTS,
        rules=rules,
    )
    wanted: int = getattr(args, "streams", DEFAULT_STREAMS)  # (a Namespace made by hand)
    allowed = open_files(wanted + REQUESTS + SPARE_FILES)
    streams = min(wanted, max(1, allowed - REQUESTS - SPARE_FILES))
    limit_streams(app, streams)
    print(f"intlscore: serving the ledger {db}", file=out)
    if read_only is not None:
        print(f"Note: {read_only} (a write is answered 409)", file=out)
    print(f"Rules: {rules.name} ({rules.source})", file=out)
    if args.lan:
        print("Every phone at the table opens this URL (it holds the token):", file=out)
        print(f"  {url}", file=out)
        print_qr(url, out)
    else:
        print(f"Open {url} (this machine only; use --lan for phones)", file=out)
    if streams < wanted:
        print(
            f"Note: this system lets the server open {allowed} files: it holds {streams}"
            f" live pages, not {wanted}",
            file=out,
        )
    print("Stop with Ctrl-C.", file=out, flush=True)
    config = uvicorn.Config(
        app,
        log_level="warning",
        server_header=False,
        # every live page holds one connection for as long as it is open: the server takes
        # `streams` of them and REQUESTS more for the pages' requests; a live page beyond
        # `streams` is answered 503 with Retry-After by the app (live.py), and uvicorn's
        # own bare 503 only comes beyond both
        limit_concurrency=streams + REQUESTS,
        backlog=BACKLOG,
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=16 * 1024,
        timeout_graceful_shutdown=2,  # the phones' live streams never end by themselves
    )
    return Serving(uvicorn.Server(config), listener, url, token)


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C (with ``--backups DIR``, keeping a backup a day)."""
    if args.backups is None:
        serving = prepare(args, sys.stdout)
        serving.server.run(sockets=[serving.listener])
        return 0
    from intlscore.session.club.rolling import RollingBackups, backup_folder

    folder = backup_folder(args.backups)
    serving = prepare(args, sys.stdout)
    print(f"A backup a day goes to {folder} (the last {args.keep} kept).", flush=True)
    from intlscore.session.ledger import Ledger

    with Ledger(args.db) as ledger:  # the file prepare() checked
        db = ledger.path
    with RollingBackups(db, folder, args.keep):
        serving.server.run(sockets=[serving.listener])
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``intlscore`` sub-commands."""
    from intlscore.faces.commands.rules_option import add_rules_argument

    parser = subparsers.add_parser(
        "serve", help=HELP, description=HELP.capitalize() + ".", epilog=EXAMPLE
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="the ledger file (default: $INTLSCORE_DB, else ledger.sqlite3 in the user's"
        " data folder)",
    )
    add_rules_argument(parser)
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"the TCP port (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="listen on the LAN address for phones, with a token in the join URL and a QR code",
    )
    parser.add_argument(
        "--streams",
        type=stream_count,
        default=DEFAULT_STREAMS,
        metavar="N",
        help=f"how many live pages (phones) the server holds at once (default"
        f" {DEFAULT_STREAMS}); one more is told to wait, and tries again by itself",
    )
    parser.add_argument(
        "--backups",
        metavar="DIR",
        help="keep a backup of the ledger a day in this folder (intlscore backup, checked)",
    )
    parser.add_argument(
        "--keep",
        type=keep_count,
        default=7,
        metavar="N",
        help="with --backups: how many daily backups to keep (default 7)",
    )
    parser.set_defaults(run=run)
