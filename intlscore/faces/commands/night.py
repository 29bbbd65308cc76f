"""``intlscore night``: a tournament night: new, seat, show, arrive, leave, apart, cut,
settle."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence, whole_number_argument
from intlscore.faces.commands.deal import add_json_argument, print_document, print_rich
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger

HELP = (
    "a tournament night: tables of 3 and 4 over several rounds, seated without repeat"
    " meetings, with placement points and margins: new, seat, show, arrive, leave, apart,"
    " cut, settle"
)
POINTS_NOTE = (
    "points: 4/3/1/0 at a table of four, 4/2/0 at a table of three, by each table's totals"
    " over its deals (tied players share the points of the places they span). margin: (n x"
    " a player's total - the table's sum) / (n - 1), their total less the mean of the"
    " others'. Both add up over the rounds; the tie-break order is set at night new."
)


def run_new(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.session import print_plain
    from intlscore.session.night.points import DEFAULT_ORDER, parse_order
    from intlscore.session.night.seating import table_sizes
    from intlscore.session.night.store import create_night

    order = DEFAULT_ORDER if args.order is None else parse_order(args.order)
    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(100_000)
    apart = [tuple(pair) for pair in args.apart or ()]
    with open_ledger(args) as ledger:
        night = create_night(
            ledger, args.name, args.players, rounds=args.rounds, deals=args.deals, seed=seed,
            stake=args.stake, apart=apart, order=order, minutes=args.minutes,
        )
        path = ledger.path
    sizes = table_sizes(len(night.players))
    print_plain(
        f"night {night.name}: {len(night.players)} players at {len(sizes)} tables"
        f" ({'/'.join(map(str, sizes))}), {night.rounds} rounds of {night.deals} deals,"
        f" seed {night.seed}"
        + ("" if night.minutes is None else f", {night.minutes} minutes a round")
        + ("" if night.stake is None else f", stake {night.stake} per point"),
        f"ledger: {path}",
        f"next: intlscore night seat {night.name}",
    )
    return 0


def run_seat(args: argparse.Namespace) -> int:
    from intlscore.faces.render.night_view import draft_view
    from intlscore.session.night.store import accept_round, draft_round

    with open_ledger(args) as ledger:
        sessions: list[str] = []
        if args.accept:
            draft, seated = accept_round(
                ledger, args.name, force=args.force, by_standing=args.by_standing
            )
            sessions = [table.session for table in seated.tables]
        else:
            draft = draft_round(ledger, args.name, by_standing=args.by_standing)
    if args.json:
        print_document(
            "night-seat",
            {
                "night": args.name,
                **draft.to_dict(),
                "accepted": bool(args.accept),
                "sessions": sessions,
            },
        )
    else:
        print_rich(draft_view(args.name, draft, bool(args.accept), sessions))
    return 0


def run_show(args: argparse.Namespace) -> int:
    from intlscore.session.night.store import read_night

    with open_ledger(args) as ledger:
        view = read_night(ledger, args.name)
    if args.json:
        print_document("night", view.to_dict())
    else:
        from intlscore.faces.render.night_view import night_view

        print_rich(night_view(view))
    return 0


def _roll_call(args: argparse.Namespace, arriving: bool) -> int:
    from intlscore.faces.commands.session import print_plain
    from intlscore.session.night.store import roll_call

    with open_ledger(args) as ledger:
        night = roll_call(ledger, args.name, args.player, arriving=arriving)
    print_plain(
        night.log[-1],
        f"present: {len(night.present)} ({', '.join(night.present)})",
    )
    return 0


def run_arrive(args: argparse.Namespace) -> int:
    return _roll_call(args, arriving=True)


def run_leave(args: argparse.Namespace) -> int:
    return _roll_call(args, arriving=False)


def run_apart(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.session import print_plain
    from intlscore.session.night.night import player_named
    from intlscore.session.night.store import set_apart

    with open_ledger(args) as ledger:
        night = set_apart(ledger, args.name, args.first, args.second, remove=args.remove)
    first, second = player_named(night, args.first), player_named(night, args.second)
    pairs = ", ".join(f"{a} and {b}" for a, b in night.apart) or "none"
    done = "no longer kept apart" if args.remove else "kept apart"
    kept = " (the rounds seated stay as they are)" if night.seated else ""
    print_plain(
        f"night {night.name}: {first} and {second} {done} from round"
        f" {len(night.seated) + 1} on{kept}",
        f"pairs kept apart: {pairs}",
        f"next: intlscore night seat {night.name}",
    )
    return 0


def run_cut(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.session import print_plain
    from intlscore.session.night.night import cut_tables
    from intlscore.session.night.store import cut_night, cut_to_winners

    if args.best_losers is not None and not args.winners:
        from intlscore.errors import NightError

        raise NightError("--best-losers goes with --winners (the table winners plus the K"
                         " best others)")
    notes: tuple[str, ...] = ()
    with open_ledger(args) as ledger:
        if args.winners:
            cut, notes = cut_to_winners(ledger, args.name, args.best_losers or 0, args.carry)
        else:
            cut = cut_night(ledger, args.name, args.top, args.carry)
    lines = [
        f"night {args.name}: {cut.who} after round {cut.after} play on (earlier points"
        f" {cut.carry})"
    ]
    lines += list(notes)
    for number, table in enumerate(cut_tables(cut.players), start=1):
        seeds = ", ".join(
            f"{cut.players.index(p) + 1}. {p}" + (" (table winner)" if p in cut.winners else "")
            for p in table
        )
        lines.append(f"table {number}: {seeds}")
    lines.append(f"next: intlscore night seat {args.name} --accept")
    print_plain(*lines)
    return 0


def run_settle(args: argparse.Namespace) -> int:
    from intlscore.session.night.store import settle_night_tables

    with open_ledger(args) as ledger:
        money = settle_night_tables(ledger, args.name, args.stake, args.unit)
    if args.json:
        print_document("night-settle", {"night": args.name, **money.to_dict()})
    else:
        from intlscore.faces.render.night_view import money_view

        print_rich(money_view(money))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("night", help=HELP, description=sentence(HELP),
                                   epilog=POINTS_NOTE)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    def action(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = actions.add_parser(name, help=help_text, description=sentence(help_text))
        sub.add_argument("name", metavar="NAME", help="the night's name")
        add_db_argument(sub)
        return sub

    new = action("new", "start a night: its players, rounds, deals a round, seed and stake")
    new.add_argument("--players", metavar="NAME", nargs="+", required=True,
                     help="everyone playing (6 or more, or 3 or 4 at one table)")
    new.add_argument("--rounds", type=whole_number_argument(minimum=1, maximum=20, example=4),
                     default=4, help="rounds of the night (default 4)")
    new.add_argument("--deals", type=whole_number_argument(minimum=1, maximum=20, example=4),
                     default=4, help="deals at each table a round (default 4)")
    new.add_argument("--seed",
                     type=whole_number_argument(minimum=0, maximum=2**63 - 1, example=7),
                     help="the seating's seed: the same seed seats the same (default: drawn,"
                     " and printed)")
    new.add_argument("--minutes",
                     type=whole_number_argument(minimum=1, maximum=600, example=45),
                     help="a round's time limit: a round ends after its deals or this many"
                     " minutes, the deal in play finished (default: no limit)")
    new.add_argument("--stake", metavar="AMOUNT",
                     help="money per point, kept with every table's session (R19)")
    new.add_argument("--apart", metavar="NAME", nargs=2, action="append",
                     help="two players never to seat at one table; may be repeated")
    new.add_argument("--order", metavar="KEYS",
                     help="the tie-break order, from points, margin, wins (closed wins),"
                     " total (default: points,margin,wins)")
    new.set_defaults(run=run_new)

    seat = action("seat", "the next round's draft with its flaws; --accept publishes it")
    seat.add_argument("--accept", action="store_true",
                      help="seat it: each table becomes a session of the ledger")
    seat.add_argument("--by-standing", action="store_true",
                      help="seat neighbours in the standings together (leaders at table 1),"
                      " still with no repeat meeting where one can be avoided")
    seat.add_argument("--force", action="store_true",
                      help="with --accept: seat it even though the last round is unfinished")
    add_json_argument(seat)
    seat.set_defaults(run=run_seat)

    show = action("show", "the night: its rounds, tables, who starts, and the standings")
    add_json_argument(show)
    show.set_defaults(run=run_show)

    arrive = action("arrive", "a latecomer (or a player back): seated from the next round")
    arrive.add_argument("player", metavar="PLAYER", help="the player's name")
    arrive.set_defaults(run=run_arrive)

    leave = action("leave", "a player leaves: not seated from the next round on")
    leave.add_argument("player", metavar="PLAYER", help="the player's name")
    leave.set_defaults(run=run_leave)

    apart = action("apart", "keep two players apart from the next round on (--remove: no"
                   " longer); the rounds seated stay as they are")
    apart.add_argument("first", metavar="A", help="a player")
    apart.add_argument("second", metavar="B", help="the other player")
    apart.add_argument("--remove", action="store_true",
                       help="no longer keep them apart")
    apart.set_defaults(run=run_apart)

    cut = action(
        "cut",
        "the top N of the standings, or the table winners plus the best others, play on at"
        " tables seeded 1-3-5-7 / 2-4-6-8",
    )
    who = cut.add_mutually_exclusive_group(required=True)
    who.add_argument("--top", type=whole_number_argument(minimum=3, maximum=1000, example=8),
                     help="how many play on, best of the standings first")
    who.add_argument("--winners", action="store_true",
                     help="each table's winner of the last round plays on (by the night's"
                     " tie-break order at that table; a tie there goes to the player higher"
                     " in the standings), seeded by standing")
    cut.add_argument("--best-losers", metavar="K",
                     type=whole_number_argument(minimum=0, maximum=1000, example=2),
                     help="with --winners: the K best others by standing join them, seeded"
                     " after the winners (default 0)")
    cut.add_argument("--carry", choices=("kept", "halved", "cleared"), default="kept",
                     help="the points and margins of the rounds before the cut (default kept)")
    cut.set_defaults(run=run_cut)

    from intlscore.faces.commands.settle import add_money_arguments

    settle = action(
        "settle",
        "the night's money: each table at its stake, the nets added, the fewest transfers",
    )
    add_money_arguments(settle, stake_required=False)
    add_json_argument(settle)
    settle.set_defaults(run=run_settle)
