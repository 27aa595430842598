"""The progress store as one package (issue 18): records, migrations, backends.

(Being built: :mod:`unoparty.store` still holds the backends; see docs/ARCHITECTURE.md.)
"""
