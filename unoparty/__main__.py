"""``python -m unoparty`` — the same as the ``unoparty`` command."""

import sys

from .cli import main

sys.exit(main())
