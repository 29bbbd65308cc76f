"""``intlscore session``: keep a session's deals in the ledger, show, undo, export, settle."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Literal

from intlscore.errors import LedgerError, known
from intlscore.faces.commands.common import sentence, whole_number
from intlscore.faces.commands.deal import (
    add_deal_arguments,
    add_json_argument,
    add_table_arguments,
    print_document,
    print_rich,
    rules_with_options,
)
from intlscore.faces.commands.rules_option import add_rules_argument
from intlscore.faces.commands.settle import add_money_arguments
from intlscore.session.names import name_key

if TYPE_CHECKING:
    from intlscore.session.deal import DealResult
    from intlscore.session.ledger import Ledger, RecordedDeal, Session

HELP = (
    "keep a session in the ledger: new, use, deal, amend, undo, redo, show, list, export,"
    " settle, check"
)


def _ledger(args: argparse.Namespace) -> Ledger:
    from intlscore.session.ledger import Ledger

    return Ledger(args.db)


def session_name(args: argparse.Namespace, ledger: Ledger) -> str:
    """The session the command names, or else the session in play (``session use``; the
    ledger's only session), :mod:`intlscore.session.in_play`."""
    if args.name is not None:
        return str(args.name)
    from intlscore.session.in_play import choose_session, read_in_play

    return choose_session(read_in_play(ledger), ledger.session_names())


def _session(args: argparse.Namespace, ledger: Ledger) -> Session:
    """The session of :func:`session_name`, opened."""
    return ledger.session(session_name(args, ledger))


IN_PLAY_NOTE = "session commands without a session name use it"


def run_new(args: argparse.Namespace) -> int:
    from intlscore.session.in_play import remember_in_play
    from intlscore.session.settlement import parse_money

    rules = rules_with_options(args)
    table = rules.deals
    stake = None if args.stake is None else parse_money(args.stake)
    with _ledger(args) as ledger:

        def start(_: object) -> Session:  # one transaction: the session, its stake, in play
            session = ledger.create_session(args.name, args.players, rules)
            if stake is not None:
                session.set_stake(stake)
            remember_in_play(ledger, session.name)
            return session

        session = ledger.write(start)
        with stored_already(f"session {session.name!r}"):
            if args.json:
                print_document(
                    "session-new",
                    {
                        "session": session.name,
                        "players": list(session.players),
                        "db": str(ledger.path),
                        "deal_table": {"source": table.source, "numbers": table.to_dict()},
                        "rules": rules.name,
                    },
                )
            else:
                from intlscore.faces.render.session_view import rules_line

                print_plain(
                    f"session {session.name} started for {', '.join(session.players)}",
                    rules_line(rules.name, table)
                    + ("" if stake is None else f"; stake {stake} per point"),
                    f"ledger: {ledger.path}",
                    f"in play: {session.name} ({IN_PLAY_NOTE})",
                )
    return 0


def run_use(args: argparse.Namespace) -> int:
    """``session use NAME``: the session in play; alone, say which one it is."""
    from intlscore.session.in_play import read_in_play, remember_in_play

    with _ledger(args) as ledger:
        if args.name is None:
            in_play = read_in_play(ledger)
            names = ledger.session_names()
            if in_play is None or in_play not in names:
                only = f" (its only session, {names[0]}, is used)" if len(names) == 1 else ""
                print_plain(
                    f"no session is in play{only}; choose one with: intlscore session use NAME"
                )
            else:
                print_plain(f"in play: {in_play} ({IN_PLAY_NOTE})")
            return 0
        session = ledger.session(args.name)
        remember_in_play(ledger, session.name)
    print_plain(f"in play: {session.name} ({IN_PLAY_NOTE})")
    return 0


def run_rules(args: argparse.Namespace) -> int:
    """The rules in force, as a rules file (``--rules`` reads it back)."""
    with _ledger(args) as ledger:
        state = _session(args, ledger).snapshot()
    rules = known(state.rules, "a stored session's rules")
    if args.json:
        from intlscore.faces.documents import session_rules_data

        print_document("session-rules", session_rules_data(state))
    else:
        print(rules.to_toml(), end="")
    return 0


def run_rescore(args: argparse.Namespace) -> int:
    if args.rules is None and args.deal_table is None:
        raise LedgerError("give the new rules: session rescore NAME --rules FILE")
    rules = rules_with_options(args)
    with _ledger(args) as ledger:
        session = _session(args, ledger)
        report = session.rescore(rules)
        if args.yes:
            report = session.change_rules(rules)
    from intlscore.faces.render.session_view import rescore_view

    if args.yes:
        ending = (
            f"stored: session {session.name} is now scored under the rules {rules.name}"
            " (the old scores stay in the history)"
        )
    else:
        ending = "nothing was changed; add --yes to re-score the session under these rules"
    from rich.text import Text

    def show() -> None:
        if args.json:
            from intlscore.faces.documents import session_rescore_data

            print_document("session-rescore", session_rescore_data(session.name, args.yes, report))
        else:
            print_rich(rescore_view(report), Text(ending))

    if not args.yes:
        show()
        return 0
    with stored_already(f"the re-scoring of session {session.name!r}"):
        show()
    return 0


def print_plain(*lines: str) -> None:
    """Lines holding user text (names, paths): printed literally, never read as markup."""
    from rich.text import Text

    print_rich(*(Text(line) for line in lines))


@contextmanager
def stored_already(what: str) -> Iterator[None]:
    """After a commit, a failure must never look like "nothing happened" (issue 9, item 1):
    it becomes one line saying what is stored, so nobody enters the deal twice."""
    try:
        yield
    except BrokenPipeError:
        raise
    except (Exception, KeyboardInterrupt) as error:
        reason = (str(error).splitlines() or [type(error).__name__])[0]
        raise LedgerError(
            f"{what} is stored, but showing it failed ({type(error).__name__}: {reason});"
            " do not enter it again"
        ) from None


def check_players(session: Session, given: list[str] | None) -> None:
    """``session deal --players``: allowed when it names the session's players (any order or
    case); anything else is refused, since the players were fixed at ``session new``."""
    if given is None:
        return
    if sorted(name_key(name) for name in given) != sorted(
        name_key(name) for name in session.players
    ):
        raise LedgerError(
            f"session {session.name!r} is played by {', '.join(session.players)}; the players"
            " were fixed at 'session new' (leave out --players)"
        )


def show_deal(
    args: argparse.Namespace,
    session: Session,
    heading: str,
    recorded: RecordedDeal,
    result: DealResult,
) -> None:
    totals = session.last_totals
    if args.json:
        print_document(
            "session-deal", {"session": session.name, "deal": recorded.to_dict(), "totals": totals}
        )
        return
    from rich.text import Text

    from intlscore.faces.render.deal_view import deal_view
    from intlscore.faces.render.session_view import totals_view

    print_rich(Text(heading), deal_view(result), "", totals_view(session.players, totals))


def run_deal(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.deal import session_deal_arguments

    with _ledger(args) as ledger:
        session = _session(args, ledger)
        check_players(session, args.players)
        deal = session_deal_arguments(args, session.players, session.rules)  # asks at a terminal
        recorded, result = session.play(**deal)
        with stored_already(f"deal {recorded.number} of session {session.name!r}"):
            show_deal(
                args,
                session,
                f"session {session.name}, deal {recorded.number}:",
                recorded,
                result,
            )
    return 0


def run_amend(args: argparse.Namespace) -> int:
    """Deal N with what the arguments give changed; at a terminal with none, asked for again
    with the old answers proposed."""
    from intlscore.faces.commands.deal import session_deal_arguments

    number = deal_number(args.number)
    with _ledger(args) as ledger:
        session = _session(args, ledger)
        check_players(session, args.players)
        replaced = session.versions(number)[-1]
        deal = session_deal_arguments(args, session.players, session.rules, replaced.input)
        recorded, result = session.play(number, **deal)
        with stored_already(f"the amended deal {number} of session {session.name!r}"):
            from intlscore.faces.render.amend_words import amend_change

            change = amend_change(replaced, recorded).text()
            show_deal(
                args,
                session,
                f"session {session.name}, deal {number} amended (the old version is kept):\n"
                f"was → now: {change}",
                recorded,
                result,
            )
    return 0


def deal_number(text: str) -> int:
    """A deal number as typed: a whole number from 1."""
    return whole_number(text, "deal number", LedgerError, minimum=1, maximum=10**9 - 1, example=3)


def run_show(args: argparse.Namespace) -> int:
    from intlscore.session.night.place import table_place

    with _ledger(args) as ledger:
        session = _session(args, ledger)
        state = session.snapshot()
        place = table_place(ledger, state.name, len(state.deals))  # a night's table
        if not args.json:
            from intlscore.faces.render.amend_words import amend_changes

            was = amend_changes(state.deals, session.versions)
    if args.json:
        from intlscore.faces.documents import session_data

        print_document("session", session_data(state, place))
    else:
        from intlscore.faces.render.session_view import LATEST, session_view

        print_rich(session_view(state, None if args.all else LATEST, was, place))
    return 0


def run_versions(args: argparse.Namespace) -> int:
    """Every version of one deal: what amendments replaced, then the deal as it stands."""
    number = deal_number(args.number)
    with _ledger(args) as ledger:
        session = _session(args, ledger)
        versions = session.versions(number)
    if args.json:
        from intlscore.faces.documents import session_versions_data

        print_document("session-versions", session_versions_data(session.name, versions))
    else:
        from intlscore.faces.render.session_view import versions_view

        print_rich(versions_view(session.name, versions))
    return 0


def run_undo(args: argparse.Namespace) -> int:
    return _move_last_deal(args, "undo")


def run_redo(args: argparse.Namespace) -> int:
    return _move_last_deal(args, "redo")


_MOVES = {"undo": ("removed", "session-undo"), "redo": ("restored", "session-redo")}


def _move_last_deal(args: argparse.Namespace, move: Literal["undo", "redo"]) -> int:
    """Undo or redo the last deal of a session, then show the deal moved and the totals."""
    word, document = _MOVES[move]
    with _ledger(args) as ledger:
        session = _session(args, ledger)
        moved = session.undo() if move == "undo" else session.redo()
        with stored_already(f"the {move} of deal {moved.number} of session {session.name!r}"):
            totals = session.last_totals
            if args.json:
                print_document(
                    document,
                    {"session": session.name, word: moved.to_dict(), "totals": totals},
                )
            else:
                from intlscore.faces.render.session_view import deal_line, totals_view

                deltas = ", ".join(f"{name} {delta:+d}" for name, delta in moved.deltas.items())
                from rich.text import Text

                print_rich(
                    Text(f"{word} {deal_line(moved)} ({deltas})"),
                    "",
                    totals_view(session.players, totals),
                )
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Check one session or the whole ledger. Problems found are listed (each on a line, or
    as the ``problems`` of the JSON document) and then exit with status 2 and one error
    line, so a script can tell from the status alone."""
    if args.name is not None and args.all:
        raise LedgerError("name one session to check, or give --all for the whole ledger")
    with _ledger(args) as ledger:
        report = ledger.verify(None if args.all else session_name(args, ledger))
    found = [*report.problems, *report.clashes]  # two sessions that are one name, too
    if args.json:
        print_document("session-check", report.to_dict())
    else:
        for problem in found:
            print(problem)
    if found:
        count = len(found)
        where = "in the JSON document" if args.json else "above"
        raise LedgerError(
            f"{count} problem{'s' * (count != 1)} found in {report.path} (listed {where})"
        )
    if not args.json:
        count, deals = len(report.sessions), report.deals
        print_plain(  # wrapped to the terminal's width like every view
            f"{report.path}: {count} session{'s' * (count != 1)}, {deals} deal{'s' * (deals != 1)};"
            " every record matches its checksum and re-scores to its stored deltas"
        )
    return 0


def run_rename(args: argparse.Namespace) -> int:
    """Give a session another name (the way out of two sessions that are one name)."""
    from intlscore.session.club.session_rename import rename_session
    from intlscore.session.in_play import read_in_play, remember_in_play

    with _ledger(args) as ledger:

        def rename(_: object) -> str:  # one transaction: the name and the session in play
            old = rename_session(ledger, args.old, args.new)
            if read_in_play(ledger) == old:
                remember_in_play(ledger, args.new)
            return old

        old = ledger.write(rename)
    with stored_already(f"the rename of session {old!r} to {args.new!r}"):
        print_plain(f"renamed session {old} to {args.new}")
    return 0


def run_list(args: argparse.Namespace) -> int:
    with _ledger(args) as ledger:
        sessions = ledger.sessions()
        path = ledger.path
    if args.json:
        print_document(
            "session-list",
            {"db": str(path), "sessions": [summary.to_dict() for summary in sessions]},
        )
    else:
        from rich.text import Text

        from intlscore.faces.render.session_view import session_list_view

        print_rich(Text(f"sessions in {path}"), session_list_view(sessions))
    return 0


def run_export(args: argparse.Namespace) -> int:
    from intlscore.session.night.place import table_place

    with _ledger(args) as ledger:
        state = _session(args, ledger).snapshot()
        place = None if args.format == "csv" else table_place(ledger, state.name, len(state.deals))
    if args.format == "csv":
        print(state.to_csv(), end="")
    else:
        from intlscore.faces.documents import session_data

        print_document("session", session_data(state, place))
    return 0


def run_settle(args: argparse.Namespace) -> int:
    """Settle at ``--stake`` (kept as the session's stake when it has none yet) or at the
    session's own stake."""
    from intlscore.faces.commands.settle import show
    from intlscore.session.kept_stake import settle_session

    with _ledger(args) as ledger:
        kept = settle_session(
            _session(args, ledger), args.stake, args.unit, how_to_give="--stake AMOUNT"
        )
    show(kept.settlement, args.json, stake_note=kept.note)
    return 0


def session_argument(
    parser: argparse.ArgumentParser,
    help_text: str = "the session's name (default: the session in play, see session use)",
) -> None:
    """The optional ``NAME`` of a session command; completion offers the ledger's sessions."""
    from intlscore.faces.commands.completion import complete_sessions

    complete_sessions(parser.add_argument("name", metavar="NAME", nargs="?", help=help_text))


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("session", help=HELP, description=sentence(HELP))
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    def action(name: str, help_text: str, *, named: bool = True) -> argparse.ArgumentParser:
        sub = actions.add_parser(name, help=help_text, description=sentence(help_text))
        if named:
            session_argument(sub)
        sub.add_argument(
            "--db",
            metavar="PATH",
            help="the ledger file (default: $INTLSCORE_DB, else ledger.sqlite3 in the user's"
            " data folder)",
        )
        return sub

    new = action("new", "start a session (it is then the session in play)", named=False)
    new.add_argument("name", metavar="NAME", help="the session's name")
    new.add_argument("--players", metavar="NAME", nargs="+", required=True, help="the 2-4 players")
    new.add_argument(
        "--stake", metavar="AMOUNT", help="money per point, kept for settle (R19), e.g. 0.05"
    )
    add_rules_argument(new)
    add_table_arguments(new)
    add_json_argument(new)
    new.set_defaults(run=run_new)

    def players_option(sub: argparse.ArgumentParser) -> None:
        from intlscore.faces.commands.completion import complete_players

        complete_players(
            sub.add_argument(
                "--players",
                metavar="NAME",
                nargs="+",
                help="the session's players (any order or case); they were fixed at 'session new'",
            )
        )

    use = action(
        "use",
        "choose the session in play: session commands without a session name use it",
        named=False,
    )
    session_argument(use, "the session to use (alone: say which session is in play)")
    use.set_defaults(run=run_use)

    deal = action("deal", "score a deal and add it to the session")
    players_option(deal)
    add_deal_arguments(deal)
    add_json_argument(deal)
    deal.set_defaults(run=run_deal)

    amend = action(
        "amend",
        "change deal N: only what is given changes (at a terminal, alone: asked for again with"
        " the old answers proposed); the old version is kept",
    )
    amend.add_argument("number", metavar="N", help="the number of the deal to replace")
    players_option(amend)
    add_deal_arguments(amend)
    add_json_argument(amend)
    amend.set_defaults(run=run_amend)

    show = action("show", "running totals and the deal-by-deal history (the latest 20 deals)")
    show.add_argument("--all", action="store_true", help="every deal, not only the latest 20")
    add_json_argument(show)
    show.set_defaults(run=run_show)

    undo = action("undo", "remove the last deal (it stays in the file, marked undone)")
    add_json_argument(undo)
    undo.set_defaults(run=run_undo)

    redo = action("redo", "restore the most recently undone deal")
    add_json_argument(redo)
    redo.set_defaults(run=run_redo)

    listing = action("list", "every session of the ledger", named=False)
    add_json_argument(listing)
    listing.set_defaults(run=run_list)

    export = action("export", "the whole session as JSON or CSV (one row per deal)")
    export.add_argument(
        "--format",
        choices=("json", "csv"),
        default="json",
        help="json: one object, as session show --json; csv: one row per deal (default: json)",
    )
    export.set_defaults(run=run_export)

    versions = action("versions", "every version of an amended deal, oldest first")
    versions.add_argument("number", metavar="N", help="the number of the deal")
    add_json_argument(versions)
    versions.set_defaults(run=run_versions)

    settle = action("settle", "settle the session's totals (R19): the fewest transfers first")
    add_money_arguments(settle, stake_required=False)
    add_json_argument(settle)
    settle.set_defaults(run=run_settle)

    rules = action("rules", "print the rules in force in a session, as a rules file")
    add_json_argument(rules)
    rules.set_defaults(run=run_rules)

    rescore = action("rescore", "re-score the whole session under other rules (old and new totals)")
    add_rules_argument(rescore)
    add_table_arguments(rescore)
    rescore.add_argument(
        "--yes", action="store_true", help="store it: play on under these rules (else a preview)"
    )
    add_json_argument(rescore)
    rescore.set_defaults(run=run_rescore)

    rename = action("rename", "give a session another name (one transaction)", named=False)
    from intlscore.faces.commands.completion import complete_sessions

    complete_sessions(rename.add_argument("old", metavar="OLD", help="the session's name now"))
    rename.add_argument("new", metavar="NEW", help="the new name")
    rename.set_defaults(run=run_rename)

    check = action(
        "check", "verify every record of a session (or --all) and re-score it", named=False
    )
    session_argument(check, "the session's name (default: the session in play)")
    check.add_argument("--all", action="store_true", help="check every session of the ledger")
    add_json_argument(check)
    check.set_defaults(run=run_check)
