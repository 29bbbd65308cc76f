"""The session ledger: the facade (:mod:`.core`), its store of connections and
transactions (:mod:`.store`), one session's writes and reads (:mod:`.session`), what is
kept beside each history (:mod:`.kept`), the values a read answers (:mod:`.state`), the
file on disk (:mod:`.files`), the versioned records (:mod:`.records`) and the schema
(:mod:`.schema`)."""

from intlscore.session.ledger.core import (
    DB_ENV,
    Ledger,
    LedgerCheck,
    Rescore,
    Session,
    SessionState,
    SessionSummary,
    csv_cell,
    default_db_path,
)
from intlscore.session.ledger.records import RecordedDeal
from intlscore.session.ledger.schema import (
    APPLICATION_ID,
    APPLICATION_MARKER,
    MIGRATIONS,
    SCHEMA_VERSION,
)

__all__ = [
    "APPLICATION_ID",
    "APPLICATION_MARKER",
    "DB_ENV",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Ledger",
    "LedgerCheck",
    "RecordedDeal",
    "Rescore",
    "Session",
    "SessionState",
    "SessionSummary",
    "csv_cell",
    "default_db_path",
]
