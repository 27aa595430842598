"""The ``unoparty`` subcommands: one module each, with ``register(subparsers)``.

``register`` adds a parser (``subparsers.add_parser("name", help=...)``) and sets
``func=run`` with ``set_defaults``; ``run(args) -> int`` returns the exit status. Modules
whose name starts with ``_`` are not commands. See :mod:`unoparty.cli`.
"""
