"""``unoparty app``: serve the app (Voila) from the installed package.

    unoparty app                       # http://127.0.0.1:8866/
    unoparty app --port 9000 --pool-size 30 --ip 0.0.0.0
    unoparty app --max-kernels 40       # at most 40 kernels; beyond, "the class is full"
    unoparty app --print                # show the server's command line and stop
    unoparty app --ip 0.0.0.0 --certfile cert.pem --keyfile key.pem   # a class network, over HTTPS
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys

from ._argparse_words import Subparsers


def register(subparsers: Subparsers) -> None:
    from ..i18n import _
    p = subparsers.add_parser(
        "app", help=_("serve the app in the browser (Voila)"),
        description=_("Serve the app with Voila from the installed package. A class on one server: "
                    "--pool-size N keeps N kernels preheated so N learners can start at once."))
    p.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8866)), help=_("TCP port (default 8866)"))
    p.add_argument("--ip", default="127.0.0.1",
                   help=_("address to listen on (default 127.0.0.1, this computer only; 0.0.0.0 for a class network)"))
    p.add_argument("--pool-size", type=int, default=0, metavar="N",
                   help=_("kernels kept preheated with the app already built (default 0; about 60 MB each)"))
    p.add_argument("--refill-delay", type=float, default=5.0, metavar="SECONDS",
                   help=_("wait before replacing a preheated kernel a learner took (default 5: the learner's "
                          "page first; replacements start one or two at a time, so arriving learners keep the machine)"))
    p.add_argument("--max-kernels", type=int, default=None, metavar="N",
                   help=_("kernels the server holds at most, preheated and in use; beyond, a visitor reads "
                          "\"the class is full, try again in a minute\" (default: what 3/4 of the free memory "
                          "holds at 100 MB a kernel, at least the pool + 1; 0: no bound)"))
    p.add_argument("--connect-timeout", type=float, default=60.0, metavar="SECONDS",
                   help=_("shut down a kernel that no page connects to within this many seconds of its page "
                          "being sent (a curl, a chat app's preview of the address; default 60; 0 never)"))
    p.add_argument("--cull-idle", type=int, default=600, metavar="SECONDS",
                   help=_("shut down a kernel whose tab is gone after this many idle seconds (default 600; 0 never)"))
    p.add_argument("--cull-interval", type=int, default=60, metavar="SECONDS",
                   help=_("seconds between idle checks (default 60)"))
    p.add_argument("--iopub-timeout", type=int, default=60, metavar="SECONDS",
                   help=_("seconds a page waits for the app to be built on a busy server (default 60)"))
    p.add_argument("--certfile", default=None, metavar="PEM",
                   help=_("serve over HTTPS with this certificate (with --keyfile); without it, on a class "
                          "network the teacher's code and the PINs cross the network in clear text"))
    p.add_argument("--keyfile", default=None, metavar="PEM", help=_("the certificate's private key (HTTPS)"))
    p.add_argument("--notebook", default=None, help=_("serve another notebook instead of the app"))
    p.add_argument("--open", action="store_true", help=_("open a browser tab"))
    p.add_argument("--print", action="store_true", dest="dry_run", help=_("print Voila's arguments and stop"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..i18n import _
    from ..serve import APP_NOTEBOOK, jupyter_path_env, serve, voila_argv

    notebook = args.notebook or APP_NOTEBOOK
    if not os.path.isfile(notebook):
        print((_("unoparty app: the notebook {notebook} does not exist (run: python notebooks/make_notebooks.py)")
               if args.notebook is None else _("unoparty app: the notebook {notebook} does not exist")).format(notebook=notebook),
              file=sys.stderr)
        return 2
    try:
        argv = voila_argv(notebook=notebook, port=args.port, ip=args.ip, pool_size=args.pool_size,
                          cull_idle=args.cull_idle, cull_interval=args.cull_interval,
                          iopub_timeout=args.iopub_timeout, refill_delay=args.refill_delay,
                          open_browser=args.open, max_kernels=args.max_kernels,
                          connect_timeout=args.connect_timeout)
    except ValueError as e:
        print(_("unoparty app: {problem}").format(problem=e), file=sys.stderr)
        return 2
    if bool(args.certfile) != bool(args.keyfile):
        print(_("unoparty app: HTTPS needs both --certfile and --keyfile"), file=sys.stderr)
        return 2
    if args.dry_run:
        # Voila's own command does not know unoparty.kernel_pool's settings: the package's serves them
        print(f"JUPYTER_PATH={shlex.quote(jupyter_path_env())} python -m unoparty.serve " + shlex.join(argv))
        return 0
    try:
        import voila  # noqa: F401
    except ImportError:
        print(_("unoparty app: Voila is not installed: pip install 'unoparty[app]'"), file=sys.stderr)
        return 2
    scheme = "https" if args.certfile else "http"
    url = f"{scheme}://{'127.0.0.1' if args.ip in ('0.0.0.0', '') else args.ip}:{args.port}/"
    print(_("Serving the unoparty app at {url} — Ctrl-C stops it.").format(url=url), flush=True)
    if args.ip not in ("127.0.0.1", "localhost", "::1") and not args.certfile:
        print(_("Warning: this server answers other computers over plain HTTP: the teacher's code and the "
                "learners' PINs cross the network in clear text. Serve it over HTTPS (--certfile and --keyfile, "
                "or an HTTPS proxy in front of it): see the README's Deployment section."), file=sys.stderr, flush=True)
    return serve(argv, certfile=args.certfile, keyfile=args.keyfile)
