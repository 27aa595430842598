"""Moved to :mod:`unoparty.progress.browser` (this name stays for old imports)."""
from ..progress.browser import *  # noqa: F401,F403
