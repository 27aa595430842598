"""`mypyc_attr`, for the compiled engine's classes (``setup.py``): mypy_extensions' decorator
when it is installed (it is wherever mypy is, and so in every build of the compiled engine),
else a decorator that does nothing — the pure package needs no mypy_extensions (the static
site has none). Not compiled itself: mypyc would run the fallback's branch as unreachable.

mypyc reads the decorator from the source (a compiled class never calls it); the pure
package calls it, and gets the class unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # the pure package without mypy_extensions (the static site)
        def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:
            return lambda cls: cls
