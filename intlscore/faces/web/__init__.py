"""The web face: ``intlscore serve``, a page for every player's phone (issue 12).

Nothing here is imported until ``serve`` runs, so the CLI's start-up stays light.
:func:`intlscore.faces.web.app.create_app` builds the Starlette application; the
JSON API under ``/api/...`` returns the same objects as the CLI's ``--json``.
"""
