"""A tournament night: its seating (:mod:`.seating`), who starts each deal
(:mod:`.starts`), places and margins (:mod:`.points`) and the night kept in the ledger
(:mod:`.store`)."""
