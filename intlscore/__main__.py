"""``python -m intlscore`` runs the CLI."""

import sys

from intlscore.cli import main

sys.exit(main())
