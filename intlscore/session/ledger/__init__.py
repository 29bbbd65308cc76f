"""The session ledger (:mod:`.core`), its file handling (:mod:`.files`), its own
versioned records (:mod:`.records`) and its schema (:mod:`.schema`)."""

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
