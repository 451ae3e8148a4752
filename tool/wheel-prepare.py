"""Turn a scratch copy of the pysqlite3 sdist into lipsqlite's (tool/wheel.sh).

Usage: python tool/wheel-prepare.py SRCDIR CFLAGS_FILE NAME VERSION SUMMARY

SRCDIR is the unpacked sdist with our sqlite3.c, sqlite3.h and sqlite_cfg.h
already in its root (its setup.py then compiles sqlite3.c into the module).
Two edits, nothing else:

- setup.py: pysqlite3's own compile-time options (its define_macros: STAT4,
  TEMP_STORE=3, a larger MAX_VARIABLE_NUMBER, ...) are replaced by ours,
  the -D and -U options our library's sqlite3.c is compiled with, read from
  CFLAGS_FILE (one line); the module's own MODULE_NAME stays.  -U options
  become undef_macros.
- pyproject.toml: the distribution's name, version and summary.

Each edit checks that it finds exactly the text of the pinned sdist, so a
different sdist stops the build instead of building something else.
"""
import re
import shlex
import sys


def die(msg):
    sys.exit("lipsqlite: make wheel: tool/wheel-prepare.py: %s" % msg)


def replace_once(text, old, new, what):
    if text.count(old) != 1:
        die("%s: expected text not found once (%r): not the pinned pysqlite3 sdist?" % (what, old[:60]))
    return text.replace(old, new)


def macros(cflags):
    """(define_macros, undef_macros) of the -D and -U options, the last
    definition of a name winning, as on a compiler's command line."""
    defs, undefs = {}, []
    for tok in shlex.split(cflags):
        if tok.startswith("-D") and len(tok) > 2:
            name, eq, value = tok[2:].partition("=")
            defs[name] = value if eq else None
            if name in undefs:
                undefs.remove(name)
        elif tok.startswith("-U") and len(tok) > 2:
            defs.pop(tok[2:], None)
            undefs.append(tok[2:])
    return sorted(defs.items()), undefs


def main():
    if len(sys.argv) != 6:
        die("usage: wheel-prepare.py SRCDIR CFLAGS_FILE NAME VERSION SUMMARY")
    src, cflags_file, name, version, summary = sys.argv[1:]
    with open(cflags_file) as f:
        defs, undefs = macros(f.read())
    if not any(k.startswith("SQLITE_") for k, _ in defs):
        die("%s holds no -DSQLITE_ option: not our library's flags" % cflags_file)

    path = src + "/setup.py"
    with open(path) as f:
        setup = f.read()
    m = re.search(r"define_macros=\[\n(.*?)\n        \],\n", setup, re.S)
    if not m or "('SQLITE_ENABLE_STAT4', 1)" not in m.group(1) \
            or "('MODULE_NAME', '\"pysqlite3.dbapi2\"')" not in m.group(1):
        die("setup.py: pysqlite3's define_macros list not found: not the pinned pysqlite3 sdist?")
    ours = [("MODULE_NAME", '"pysqlite3.dbapi2"')] + [(k, v) for k, v in defs if k != "MODULE_NAME"]
    new = ("# lipsqlite: our library's compile-time options (tool/wheel.sh), not pysqlite3's.\n"
           "        define_macros=%r,\n        undef_macros=%r,\n" % (ours, undefs))
    setup = setup[:m.start()] + new + setup[m.end():]
    with open(path, "w") as f:
        f.write(setup)

    path = src + "/pyproject.toml"
    with open(path) as f:
        pp = f.read()
    pp = replace_once(pp, 'name = "pysqlite3"\n', 'name = "%s"\n' % name, "pyproject.toml name")
    pp = replace_once(pp, 'version = "0.6.1"\n', 'version = "%s"\n' % version, "pyproject.toml version")
    pp = replace_once(pp, 'description = "DB-API 2.0 interface for Sqlite 3.x"\n',
                      'description = "%s"\n' % summary.replace('"', "'"), "pyproject.toml description")
    with open(path, "w") as f:
        f.write(pp)
    print("lipsqlite: pysqlite3 source prepared in %s: %s %s, %d options%s"
          % (src, name, version, len(ours) - 1, ", -U " + " ".join(undefs) if undefs else ""))


if __name__ == "__main__":
    main()
