"""The club: what a ledger knows across its sessions.

- :mod:`.season`: every session of a ledger read in one snapshot;
- :mod:`.players`: the players across sessions, and renaming one everywhere;
- :mod:`.stats`: statistics per player and for the table;
- :mod:`.standings`: the season table and a skill rating;
- :mod:`.backup`: backups, restores, and the whole ledger as JSON.
"""
