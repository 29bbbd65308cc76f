"""The rules layer: the data tables that say what scores what, and their loaders.

Nothing here scores a hand; the engine reads these tables and never names a type.
"""
