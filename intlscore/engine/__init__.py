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
from intlscore.engine.compiled import CompiledBuild
from intlscore.engine.python_build import PYTHON

_module = native.load()
build.use(PYTHON if _module is None else CompiledBuild(_module))
