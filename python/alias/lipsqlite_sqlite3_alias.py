"""Make `import sqlite3` give pysqlite3, lipsqlite's engine, in this environment.

Installed by the lipsqlite-sqlite3-alias wheel together with the file
lipsqlite-sqlite3-alias.pth, which the interpreter's site module reads at
start-up and which calls install().  install() puts a finder first on
sys.meta_path that answers the names of the standard library's module
(sqlite3, sqlite3.dbapi2, _sqlite3) with the modules of pysqlite3, when they
are first imported; nothing is imported before that.

Not redirected: sqlite3.dump (pysqlite3 has no iterdump()) and the
interpreter started without site (python -S).  LIPSQLITE_SQLITE3_ALIAS=0 in
the environment turns the alias off for one process.

python -m lipsqlite_sqlite3_alias prints which engine `import sqlite3` runs.
"""
import importlib
import importlib.abc
import importlib.util
import os
import sys

# The standard library's names, and what each gives instead.
ALIASES = {
    "sqlite3": "pysqlite3",
    "sqlite3.dbapi2": "pysqlite3.dbapi2",
    "_sqlite3": "pysqlite3._sqlite3",
}


class _AliasLoader(importlib.abc.Loader):
    """Loads an aliased name by importing its pysqlite3 module and handing
    that very module object back: sqlite3 and pysqlite3 are one module."""

    def __init__(self, target):
        self.target = target
        self.spec = None

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module):
        # The import system has just set module.__spec__ to the alias's
        # spec: the module keeps its own (its name, file and loader).
        module.__spec__ = self.spec


class AliasFinder(importlib.abc.MetaPathFinder):
    """Finds sqlite3, sqlite3.dbapi2 and _sqlite3 as pysqlite3's modules."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in ALIASES:
            return None
        return importlib.util.spec_from_loader(fullname, _AliasLoader(ALIASES[fullname]))


def enabled():
    return os.environ.get("LIPSQLITE_SQLITE3_ALIAS", "1") != "0"


def install():
    """Put the finder first on sys.meta_path (once)."""
    if not enabled():
        return False
    if not any(isinstance(f, AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, AliasFinder())
    return True


def describe():
    """One line per fact: which module `import sqlite3` gives and its engine."""
    import sqlite3
    cx = sqlite3.connect(":memory:")
    try:
        row = cx.execute("PRAGMA lipsqlite_version").fetchone()
    finally:
        cx.close()
    return [
        "import sqlite3 -> %s (%s)" % (sqlite3.__name__, getattr(sqlite3, "__file__", "built in")),
        "sqlite_version %s" % sqlite3.sqlite_version,
        "lipsqlite %s" % (row[0] if row else "no: stock SQLite"),
        "alias %s" % ("on" if any(isinstance(f, AliasFinder) for f in sys.meta_path)
                      else "off (LIPSQLITE_SQLITE3_ALIAS=0, python -S, or not installed here)"),
    ]


if __name__ == "__main__":
    # Run as python -m, this file is __main__: ask the module that the .pth
    # file installed.
    import lipsqlite_sqlite3_alias
    print("\n".join(lipsqlite_sqlite3_alias.describe()))
