"""The session layer: whole deals (R14-R18), the SQLite ledger and settlement (R19)."""
