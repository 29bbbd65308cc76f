"""intlscore: exact scoring for International Rummikub.

The public API is re-exported here; see the README for a tour.
"""

from __future__ import annotations

__version__ = "0.1.0"
