"""`python -m spadc ARGS`: the command line tool itself (the C program CMake
builds from src/cli; a wheel ships it as spadc/bin/spadc, and also as the
`spadc` command in the environment's bin/), run in place of this process,
so its output, exit codes and signals are the tool's own."""
import os
import sys
from typing import List, Optional

from . import _native


def executable() -> str:
    """The path of the `spadc` command this package runs (FileNotFoundError
    when it was installed without one)."""
    tried = _native.cli_candidates()
    for path in tried:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise FileNotFoundError("spadc: the spadc command is not installed beside the library (looked at %s); "
                            "reinstall with `pip install ./python` or run `make` in the checkout"
                            % ", ".join(tried))


def main(argv: Optional[List[str]] = None) -> int:
    """Replace this process by `spadc argv...` (sys.argv[1:] by default);
    returns only when the command cannot be started (exit status 2)."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        exe = executable()
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(exe, ["spadc"] + args)
    except OSError as e:
        print(e if isinstance(e, FileNotFoundError) and not e.filename else "spadc: error: cannot run %s: %s"
              % (e.filename or "the spadc command", e.strerror), file=sys.stderr)
        return 2
    return 2  # not reached: execv returns only by raising


if __name__ == "__main__":
    sys.exit(main())
