"""``intlscore session``: keep a session's deals in the ledger, show, undo, export, settle."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from intlscore.faces.commands.deal import (
    add_deal_arguments,
    add_json_argument,
    add_table_arguments,
    deal_arguments,
    print_document,
    print_rich,
    table_from_arguments,
)
from intlscore.faces.commands.settle import add_money_arguments

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger

HELP = "keep a session in the ledger: new, deal, show, undo, list, export, settle"


def _ledger(args: argparse.Namespace) -> Ledger:
    from intlscore.session.ledger import Ledger

    return Ledger(args.db)


def run_new(args: argparse.Namespace) -> int:
    table = table_from_arguments(args)
    with _ledger(args) as ledger:
        session = ledger.create_session(args.name, args.players, table)
        if args.json:
            print_document(
                "session-new",
                {
                    "session": session.name,
                    "players": list(session.players),
                    "db": str(ledger.path),
                    "deal_table": {"source": table.source, "numbers": table.to_dict()},
                },
            )
        else:
            from intlscore.faces.render.session_view import house_line

            print_rich(
                f"session {session.name} started for {', '.join(session.players)}",
                house_line(table),
                f"ledger: {ledger.path}",
            )
    return 0


def run_deal(args: argparse.Namespace) -> int:
    from intlscore.session.deal import score_deal

    with _ledger(args) as ledger:
        session = ledger.session(args.name)
        result = score_deal(session.players, table=session.table, **deal_arguments(args))
        recorded = session.record(result)
        totals = session.totals()
    if args.json:
        data = {"session": session.name, "deal": recorded.to_dict(), "totals": totals}
        print_document("session-deal", data)
        return 0
    from intlscore.faces.render.deal_view import deal_view
    from intlscore.faces.render.session_view import totals_view

    print_rich(
        f"session {session.name}, deal {recorded.number}:",
        deal_view(result),
        "",
        totals_view(session.players, totals),
    )
    return 0


def run_show(args: argparse.Namespace) -> int:
    with _ledger(args) as ledger:
        state = ledger.session(args.name).snapshot()
    if args.json:
        print_document("session", state.to_dict())
    else:
        from intlscore.faces.render.session_view import session_view

        print_rich(session_view(state))
    return 0


def run_undo(args: argparse.Namespace) -> int:
    with _ledger(args) as ledger:
        session = ledger.session(args.name)
        removed = session.undo()
        totals = session.totals()
    if args.json:
        data = {"session": session.name, "removed": removed.to_dict(), "totals": totals}
        print_document("session-undo", data)
    else:
        from intlscore.faces.render.session_view import deal_line, totals_view

        deltas = ", ".join(f"{name} {delta:+d}" for name, delta in removed.deltas.items())
        print_rich(
            f"removed {deal_line(removed)} ({deltas})", "", totals_view(session.players, totals)
        )
    return 0


def run_list(args: argparse.Namespace) -> int:
    with _ledger(args) as ledger:
        sessions = ledger.sessions()
        path = ledger.path
    if args.json:
        data = {"db": str(path), "sessions": [summary.to_dict() for summary in sessions]}
        print_document("session-list", data)
    else:
        from intlscore.faces.render.session_view import session_list_view

        print_rich(f"sessions in {path}", session_list_view(sessions))
    return 0


def run_export(args: argparse.Namespace) -> int:
    with _ledger(args) as ledger:
        state = ledger.session(args.name).snapshot()
    if args.format == "csv":
        print(state.to_csv(), end="")
    else:
        print_document("session", state.to_dict())
    return 0


def run_settle(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.settle import show
    from intlscore.session.settlement import settle

    with _ledger(args) as ledger:
        totals = ledger.session(args.name).totals()
    show(settle(totals, args.stake, args.unit), args.json)
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("session", help=HELP, description=HELP.capitalize() + ".")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    def action(name: str, help_text: str, *, named: bool = True) -> argparse.ArgumentParser:
        sub = actions.add_parser(name, help=help_text, description=help_text.capitalize() + ".")
        if named:
            sub.add_argument("name", metavar="NAME", help="the session's name")
        sub.add_argument(
            "--db",
            metavar="PATH",
            help="the ledger file (default: $INTLSCORE_DB, else ledger.sqlite3 in the user's"
            " data folder)",
        )
        return sub

    new = action("new", "start a session")
    new.add_argument("--players", metavar="NAME", nargs="+", required=True, help="the 2-4 players")
    add_table_arguments(new)
    add_json_argument(new)
    new.set_defaults(run=run_new)

    deal = action("deal", "score a deal and add it to the session")
    add_deal_arguments(deal)
    add_json_argument(deal)
    deal.set_defaults(run=run_deal)

    show = action("show", "running totals and the deal-by-deal history")
    add_json_argument(show)
    show.set_defaults(run=run_show)

    undo = action("undo", "remove the last deal (it stays in the file, marked undone)")
    add_json_argument(undo)
    undo.set_defaults(run=run_undo)

    listing = action("list", "every session of the ledger", named=False)
    add_json_argument(listing)
    listing.set_defaults(run=run_list)

    export = action("export", "the whole session as JSON or CSV (one row per deal)")
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.set_defaults(run=run_export)

    settle = action("settle", "settle the session's totals (R19)")
    add_money_arguments(settle)
    add_json_argument(settle)
    settle.set_defaults(run=run_settle)
