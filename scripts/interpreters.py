"""The supported Python interpreters found on this machine, for `make test` (see the Makefile).

    python3 scripts/interpreters.py --besides python3   # "3.12 3.13": the others found
    python3 scripts/interpreters.py --path 3.13          # the interpreter of one version

Why: the suite must pass on every supported version (pyproject's requires-python, 3.11 to 3.13)
that the machine has, and machines spell them differently: `python3.13` on PATH (Debian,
Homebrew, a pyenv shim) or only under pyenv's versions folder. A candidate counts only if it
runs and reports that version (a pyenv shim of a version not selected fails). Written for any
Python 3 (it runs before a virtual environment exists).
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

SUPPORTED = ["3.11", "3.12", "3.13"]


def version_of(exe):
    """'3.X' as `exe` reports it, or None when it does not run."""
    try:
        out = subprocess.run([exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def patch_level(path):
    """Sort key of a pyenv folder by its patch number (3.13.10 after 3.13.9)."""
    m = re.search(r"/(\d+)\.(\d+)\.(\d+)[^/]*/bin/", path)
    return tuple(int(g) for g in m.groups()) if m else (0, 0, 0)


def candidates(version):
    on_path = shutil.which("python" + version)
    if on_path:
        yield on_path
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    found = glob.glob(os.path.join(root, "versions", version + ".*", "bin", "python" + version))
    yield from sorted(found, key=patch_level, reverse=True)
    for folder in ("/usr/local/bin", "/usr/bin"):
        yield os.path.join(folder, "python" + version)


def find(version):
    """The path of a working interpreter of `version`, or None."""
    for exe in candidates(version):
        if os.path.exists(exe) and version_of(exe) == version:
            return exe
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--besides", metavar="PYTHON",
                       help="print the other supported versions found (not PYTHON's)")
    group.add_argument("--path", metavar="X.Y", help="print the interpreter of version X.Y")
    args = parser.parse_args(argv)
    if args.path:
        exe = find(args.path)
        if exe is None:
            sys.exit(f"no Python {args.path} on this machine")
        print(exe)
        return
    main_version = version_of(shutil.which(args.besides) or args.besides)
    print(" ".join(v for v in SUPPORTED if v != main_version and find(v)))


if __name__ == "__main__":
    main()
