/* The club page: the standings, the charts and the closed hands follow the ledger. A deal
   recorded, amended or undone in any session, from a phone or the command line, shows
   here without a reload (live.js); the selection in the form stays as it is. */
"use strict";

Live.on("ledger", () => Live.refresh(["club"]));
Live.on("reconnect", () => Live.refresh(["club"]));
Live.follow(null);
