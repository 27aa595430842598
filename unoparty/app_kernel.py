"""The app's kernel: ipykernel without its debugger (issue 20).

``unoparty app`` serves its notebook with the kernel spec ``python3`` found first on its
``JUPYTER_PATH`` (``unoparty/app/kernels/python3/kernel.json``, :data:`unoparty.serve.JUPYTER_DATA`),
which runs ``python -m unoparty.app_kernel``. A Voila page never debugs, and ipykernel
imports ``debugpy`` (about 110 modules, 8 MB a kernel: 64.6 → 56.5 MB RSS measured with the
app built) whenever it is installed; here it is reported missing, so ipykernel runs with its
debugger off. It also tells the app it is served (``UNOPARTY_APP_KERNEL=1``): a page's
request to make a widget in the kernel is then refused (issue 22). Everything else is
ipykernel's own launcher.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """Start ipykernel (its command-line arguments: ``-f <connection file>``) without debugpy."""
    # None in sys.modules: `import debugpy` now raises ImportError (typeshed types the values
    # as modules only, hence the ignore)
    sys.modules["debugpy"] = None  # type: ignore[assignment]
    # the app then refuses the widgets a page asks its kernel to make (views.app.refuse_widgets_from_the_page)
    os.environ["UNOPARTY_APP_KERNEL"] = "1"
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
