__version__ = "0.0.stub"
from . import backend  # noqa: E402,F401
