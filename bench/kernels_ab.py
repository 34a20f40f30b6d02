"""kernels_ab.py - two (or more) spadc binaries side by side, per kernel: each
round runs every binary once (`spadc run FILE --repeat 20 --threads T`, in
turn, so a drifting host slows them alike) and the table is each kernel's
median ms over the rounds, from spadc's own kernel table ("-" where a binary
ran no such kernel: a fusion change changes the kernels). For an A/B of an
engine change on one model (build the baseline from a commit into another
directory first).
    python3 bench/kernels_ab.py [-r ROUNDS] [-t THREADS] [-e FUNC] FILE.mlir BIN_A BIN_B ...
e.g. python3 bench/kernels_ab.py -r 7 bench/models/convnext_block_56.mlir /tmp/base/build/spadc build/spadc
"""
import argparse
import collections
import re
import statistics
import subprocess

ROW = re.compile(r"^(k\d+|total)\s.*?\s([\d.]+)\s+(?:[\d.]+|-)\s*$")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-r", "--rounds", type=int, default=5)
    ap.add_argument("-t", "--threads", default="1")
    ap.add_argument("-e", "--entry")
    ap.add_argument("file")
    ap.add_argument("bins", nargs="+")
    a = ap.parse_args()
    res = {b: collections.defaultdict(list) for b in a.bins}
    for _ in range(a.rounds):
        for b in a.bins:
            cmd = [b, "run", a.file, "--repeat", "20", "--threads", a.threads] + (["-e", a.entry] if a.entry else [])
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            for line in out.splitlines():
                m = ROW.match(line)
                if m:
                    res[b][m.group(1)].append(float(m.group(2)))
    print("kernel " + " ".join("%14s" % b[-14:] for b in a.bins) + "   median ms of %d rounds, %s thread(s)" % (a.rounds, a.threads))
    # every kernel any binary ran (a change of fusion moves "total" last); "-" where one did not
    kernels = sorted({k for b in a.bins for k in res[b]}, key=lambda k: (k == "total", k))
    for k in kernels:
        print("%-6s " % k + " ".join("%14.3f" % statistics.median(res[b][k]) if res[b][k] else "%14s" % "-"
                                     for b in a.bins))


if __name__ == "__main__":
    main()
