"""``python -m intlscore`` runs the CLI."""

import sys

from intlscore.faces.cli import main

if __name__ == "__main__":
    sys.exit(main())
