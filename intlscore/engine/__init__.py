"""The scoring engine: hand facts, one search per structure, and the matcher.

Internally a tile is its index (see :mod:`intlscore.engine.tiles`) and a hand is a
*packed* integer with two bits per tile index, so a hand is hashable, a tile is
removed by a subtraction and the lowest tile is found with a bit trick. The
engine knows the table's vocabulary (structures and conditions) and never the
names of the types.

Importing the engine chooses its build once (:mod:`.build`): the compiled searches where
``intlscore._native`` was built and ``INTLSCORE_PURE_PYTHON`` is unset, else the
pure-Python ones.
"""

from intlscore.engine import build, native

_module = native.load()
if _module is None:
    from intlscore.engine.python_build import PYTHON

    build.use(PYTHON)
else:  # the pure-Python build is imported only where it answers (or a test asks for it)
    from intlscore.engine.compiled import CompiledBuild

    build.use(CompiledBuild(_module))
