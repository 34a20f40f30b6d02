#!/usr/bin/env python3
"""difftest.py - differential testing of spadc on random programs.

For each of N random programs (tools/progen.py):
  1. mlir-opt-22 must accept it (else the generator is wrong);
  2. `spadc run --target cpu --check` must agree with the reference
     interpreter, and `spadc plan --json` must fuse each layer into one
     kernel (law L5: every spelling gives the same fused kernels);
  3. on small shapes, `spadc run --target npu --check` must agree too (when
     this build has the npu target);
  4. every tenth program also gets an @main with constant inputs and runs
     through mlir-opt-22 + mlir-runner-22, the independent oracle; its printed
     result must match `spadc run --target ref -e main`.
For a graph program (tools/progen.py) the fusion check is law L5: it must
plan to as many kernels as the same graph in its plainest spelling.
Failures are grouped into classes (check, exit status, and for a crash the
innermost functions on gdb's stack, for an error its message without
numbers); the first failure of each class is shrunk (fewer layers, nodes and
steps, smaller dimensions, plainer spellings, while the check still fails in
the same class) and saved under tests/regress/ (--regress) as a permanent
test that tests/cli/regress.sh replays; the others are listed by seed.

    python3 tools/difftest.py -n 200            # make difftest N=200
    python3 tools/difftest.py -n 20 --seed 1000 --keep /tmp/dt
"""
import argparse
import shlex
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import progen  # noqa: E402

LIB = "/usr/lib/llvm-22/lib"
SHLIBS = "%s/libmlir_c_runner_utils.so.22.1,%s/libmlir_runner_utils.so.22.1" % (LIB, LIB)
LOWER = ["--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
         "--buffer-deallocation-pipeline", "--convert-bufferization-to-memref", "--convert-linalg-to-loops",
         "--convert-vector-to-scf", "--expand-strided-metadata", "--lower-affine", "--convert-scf-to-cf",
         "--math-expand-ops=ops=rsqrt", "--convert-math-to-libm", "--convert-vector-to-llvm", "--convert-to-llvm", "--reconcile-unrealized-casts"]
NUM = re.compile(r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)")


SPENT = {}  # tool (and spadc command, target) -> [launches, seconds]


def sh(cmd, timeout=600, stdin=None):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, input=stdin)
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        rc, out = 124, "timed out after %d s" % timeout
    tool = os.path.basename(cmd[0])
    if tool == "spadc" and len(cmd) > 1:
        tool += " " + cmd[1] + (" " + cmd[cmd.index("--target") + 1] if "--target" in cmd else "")
    spent = SPENT.setdefault(tool, [0, 0.0])
    spent[0] += 1
    spent[1] += time.time() - t0
    return rc, out


class Tester:
    def __init__(self, args):
        self.a = args
        self.tmp = args.keep or tempfile.mkdtemp(prefix="difftest.")
        self.texts = {}
        os.makedirs(self.tmp, exist_ok=True)
        # does this build have the npu target? (a usage error says it does not)
        probe = progen.random_spec(random.Random(0), small=True)
        rc, _ = sh([args.spadc, "run", "--target", "npu", self.write("probe.mlir", progen.emit_program(probe)[0])])
        self.has_npu = rc != 2
        self.accepted = set()

    def text(self, spec, with_main=False):
        key = (json.dumps(spec, sort_keys=True), with_main)
        if key in self.texts:
            return self.texts[key]
        t, _ = progen.emit_program(spec, with_main=with_main)
        if spec.get("generic_print"):
            rc, out = sh(["mlir-opt-22", "--mlir-print-op-generic", "-"], stdin=t)
            if rc == 0:
                t = out.strip("\n") + "\n"
        if len(self.texts) > 4 * BATCH:
            self.texts.clear()
        self.texts[key] = t
        return t

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def failures(self, spec, seed, oracle, only=None):
        """The checks that fail on spec: a list of (kind, detail, run args,
        class), class naming the failure so that two programs failing the
        same way share it (see failure_class)."""
        text = self.text(spec)
        path = self.write("p%d.mlir" % seed, text)
        out = []
        if only in (None, "generator") and not self.opt_checked(seed):
            rc, msg = sh(["mlir-opt-22", path, "-o", os.devnull])
            if rc != 0:
                return [("generator", msg[-400:], None, "generator")]
        if only in (None, "cpu"):
            args = run_args("cpu", seed)
            rc, msg = sh([self.a.spadc] + args + [path])
            if rc != 0:
                out.append(("cpu", "exit %s: %s" % (rc_text(rc), msg[-600:]), args,
                            self.failure_class("cpu", rc, msg, args + [path])))
        if only in (None, "fusion"):
            rc, msg = sh([self.a.spadc, "plan", path, "-e", "f", "--json"])
            if rc != 0:
                out.append(("fusion", "plan exit %s: %s" % (rc_text(rc), msg[-400:]), ["plan"],
                            self.failure_class("fusion", rc, msg, ["plan", "-e", "f", "--json", path])))
            else:
                nk = len(json.loads(msg)["kernels"])
                want, why = self.expected_kernels(spec, seed)
                if want is not None and nk != want:
                    out.append(("fusion", "%s, but %d kernels" % (why, nk), None,
                                "fusion: kernel count" + self.spelling_culprit(spec, seed, nk)))
        if self.has_npu and small(spec) and only in (None, "npu"):
            args = run_args("npu", seed)
            rc, msg = sh([self.a.spadc] + args + [path])
            if rc != 0:
                out.append(("npu", "exit %s: %s" % (rc_text(rc), msg[-600:]), args,
                            self.failure_class("npu", rc, msg, args + [path])))
        if oracle and only in (None, "oracle"):
            bad = self.oracle(spec, seed)
            if bad:
                out.append(("oracle", bad, ["run", "--target", "ref", "-e", "main"], "oracle: " + normalize(bad)))
        return out

    def check_generated(self, batch):
        """mlir-opt-22 on a batch of programs at once (one process); a batch
        it rejects is checked program by program in failures()."""
        self.accepted = set()
        self.print_generic([spec for (_, _, spec) in batch])
        texts = [self.text(spec) for (_, _, spec) in batch]
        path = self.write("batch.mlir", "\n// -----\n".join(texts))
        rc, _ = sh(["mlir-opt-22", "--split-input-file", path, "-o", os.devnull])
        if rc == 0:
            self.accepted = set(seed for (seed, _, _) in batch)

    def print_generic(self, specs):
        """text() of the specs printed in the generic form, by one mlir-opt-22
        for them all (text() converts one by one what this leaves out)."""
        todo = [spec for spec in specs if spec.get("generic_print")]
        if not todo:
            return
        path = self.write("batch_generic.mlir", "\n// -----\n".join(progen.emit_program(sp)[0] for sp in todo))
        rc, out = sh(["mlir-opt-22", "--split-input-file", "--mlir-print-op-generic", path])
        parts = out.split("\n// -----\n")
        if rc != 0 or len(parts) != len(todo):
            return
        for spec, part in zip(todo, parts):
            self.texts[(json.dumps(spec, sort_keys=True), False)] = part.strip("\n") + "\n"

    def opt_checked(self, seed):
        """Whether mlir-opt-22 already accepted this seed's program in a batch."""
        return seed in self.accepted

    def failure_class(self, kind, rc, msg, cmd):
        """kind, exit status and what distinguishes the failure: for a crash
        the innermost spadc functions on the stack (gdb), for an error its
        message without numbers and paths."""
        if rc < 0 or rc >= 128 or rc == 124:
            return "%s: %s in %s" % (kind, rc_text(rc), self.crash_frames(cmd) if rc != 124 else "-")
        if rc == 4:
            return "%s: exit 4 (mismatch)" % kind
        lines = [l for l in msg.splitlines() if "error" in l] or msg.splitlines()[-1:] or [""]
        return "%s: exit %d: %s" % (kind, rc, normalize(lines[0]))

    def crash_frames(self, cmd):
        if not shutil.which("gdb"):
            return "?"
        rc, out = sh(["gdb", "-batch", "-nx", "-ex", "run", "-ex", "bt 6", "--args", self.a.spadc] + cmd, timeout=120)
        frames = []
        for line in out.splitlines():
            m = re.match(r"#\d+\s+(?:0x[0-9a-f]+ in )?([A-Za-z_][\w.]*)", line)
            if m and m.group(1) not in frames:
                frames.append(m.group(1))
        return " < ".join(frames[:3]) or "?"

    def expected_kernels(self, spec, seed):
        """The fused kernel count spec must plan to, and why: a chain fuses
        each layer into one kernel; a graph plans to as many kernels as its
        plainest spelling (law L5: every spelling, the same kernels)."""
        if not spec.get("graph"):
            return len(spec["layers"]), "%d layers" % len(spec["layers"])
        plain = progen.plain_graph(spec)
        if plain == spec:
            return None, None
        rc, msg = sh([self.a.spadc, "plan", self.write("q%d.mlir" % seed, self.text(plain)), "-e", "f", "--json"])
        if rc != 0:
            return None, None  # the plain spelling's own failure is found where it is drawn
        nk = len(json.loads(msg)["kernels"])
        return nk, "its plainest spelling plans %d kernels" % nk

    def spelling_culprit(self, spec, seed, nk):
        """For a graph whose spelling changes its kernel count: the first
        group of spellings that, made plain alone, changes the count too."""
        if not spec.get("graph"):
            return ""
        for group in progen.SPELLINGS:
            c = progen.plain_graph(spec, only=group)
            if c == spec:
                continue
            rc, msg = sh([self.a.spadc, "plan", self.write("q%d.mlir" % seed, self.text(c)), "-e", "f", "--json"])
            if rc == 0 and len(json.loads(msg)["kernels"]) != nk:
                return " (%s)" % group
        return " (several spellings)"

    def oracle(self, spec, seed):
        text = self.text(spec, with_main=True)
        return self.oracle_file(self.write("m%d.mlir" % seed, text), oracle_tolerance(spec))

    def oracle_file(self, path, rel_tol):
        """mlir-opt-22 + mlir-runner-22 against spadc's reference interpreter
        on a file whose @main prints its results."""
        llvm = os.path.join(self.tmp, os.path.basename(path) + ".llvm.mlir")
        rc, msg = sh(["mlir-opt-22", path] + LOWER + ["-o", llvm])
        if rc != 0:
            return "mlir-opt-22 could not lower it: " + msg[-400:]
        rc, want = sh(["mlir-runner-22", llvm, "-e", "main", "-entry-point-result=void", "-shared-libs=" + SHLIBS])
        if rc != 0:
            return "mlir-runner-22 failed: " + want[-400:]
        rc, got = sh([self.a.spadc, "run", path, "--target", "ref", "-e", "main"])
        if rc != 0:
            return "spadc ref failed: " + got[-400:]
        got = got[:got.rfind("time:")] if "time:" in got else got
        w = [float(x) for x in NUM.findall(want)]
        g = [float(x) for x in NUM.findall(got)[:len(w)]]
        if len(w) != len(g) or not w:
            return "printed %d numbers, mlir-runner-22 %d" % (len(g), len(w))
        scale = max(1.0, max(abs(x) for x in w))
        tol = rel_tol * scale
        for i, (x, y) in enumerate(zip(g, w)):
            if not abs(x - y) <= tol:
                return "element %d: spadc ref %g, mlir-runner-22 %g (tolerance %g)" % (i, x, y, tol)
        return None

    def shrink(self, spec, seed, kind, cls, oracle):
        """Greedy: take any simpler spec on which the same check still fails
        the same way (same failure class)."""
        budget = time.time() + self.a.shrink_seconds
        changed = True
        while changed and time.time() < budget:
            changed = False
            for cand in candidates(spec):
                if time.time() > budget:
                    break
                rc, _ = sh(["mlir-opt-22", "-o", os.devnull, "-"], stdin=progen.emit_program(cand)[0])
                if rc != 0:
                    continue
                if any(f[3] == cls for f in self.failures(cand, seed, oracle, only=kind)):
                    spec, changed = cand, True
                    break
        return spec

    def save(self, spec, seed, kinds, detail, found=True, cls=None):
        """Write spec as a permanent test running the checks in kinds."""
        os.makedirs(self.a.regress, exist_ok=True)
        text = self.text(spec, with_main="oracle" in kinds)
        digest = hashlib.sha1(text.encode()).hexdigest()[:10]
        name = "%s_%s" % (kinds[0], digest) if found else "seed%d" % seed
        path = os.path.join(self.a.regress, name + ".mlir")
        how = "found with seed %d, shrunk" % seed if found else "random program of seed %d" % seed
        head = ["// difftest regression (%s), %s; tests/cli/regress.sh runs:" % (", ".join(kinds), how)]
        for kind in kinds:
            if kind == "fusion":
                want, _ = self.expected_kernels(spec, seed)
                rc, msg = sh([self.a.spadc, "plan", self.write("s%d.mlir" % seed, text), "-e", "f", "--json"])
                if want is not None and rc == 0 and spec.get("graph"):
                    # two spellings disagree: the fewer kernels is what spadc
                    # can do, so every spelling must reach it; the test keeps
                    # the spelling that plans more
                    nk = len(json.loads(msg)["kernels"])
                    if want > nk:
                        spec = progen.plain_graph(spec)
                        text = self.text(spec, with_main="oracle" in kinds)
                    want = min(want, nk)
                if want is not None:
                    head.append("// EXPECT-KERNELS: %d" % want)
            elif kind == "oracle":
                head.append("// ORACLE: %g" % oracle_tolerance(spec))
            elif kind in ("cpu", "npu"):
                head.append("// RUN: " + " ".join(run_args(kind, seed)))
        if detail:
            head.append("// what failed: " + " ".join(detail.split())[:300])
        if cls:
            head.append("// class: " + cls)
        head.append("// spec: " + json.dumps(spec, separators=(",", ":")))
        with open(path, "w") as f:
            f.write("\n".join(head) + "\n" + text)
        return path


BATCH = 50  # programs mlir-opt-22 checks in one process


def known_classes(directory):
    """Failure classes that already have a saved repro in directory."""
    out = set()
    if os.path.isdir(directory):
        for name in os.listdir(directory):
            if name.endswith(".mlir"):
                with open(os.path.join(directory, name)) as f:
                    for line in f:
                        if not line.startswith("//"):
                            break
                        if line.startswith("// class: "):
                            out.add(line[len("// class: "):].strip())
    return out


def rc_text(rc):
    if rc < 0:
        try:
            return signal.Signals(-rc).name
        except ValueError:
            return "signal %d" % -rc
    return "timeout" if rc == 124 else str(rc)


def normalize(msg):
    """A message without paths and numbers, to compare failures by."""
    msg = re.sub(r"\S*/\S*\.mlir(:\d+)*:?", "FILE", msg)
    msg = re.sub(r"[-+]?\d[\d.e+-]*", "N", msg)
    return " ".join(msg.split())[:160]


# --run-flags: more flags for every cpu and npu run (e.g. "--precision
# bf16x6": every contraction through bf16 terms, still within --check's
# f32 tolerance)
RUN_FLAGS = []


def run_args(kind, seed):
    if kind == "cpu":
        return ["run", "-e", "f", "--target", "cpu", "--check", "--threads", "2", "--seed", str(seed)] + RUN_FLAGS
    return ["run", "-e", "f", "--target", "npu", "--check", "--seed", str(seed)] + RUN_FLAGS


def replay(t, directory):
    """Run each saved regression's checks: RUN lines (exit 0), EXPECT-KERNELS
    (the fused kernel count), ORACLE (mlir-runner-22 agrees)."""
    files = sorted(f for f in os.listdir(directory) if f.endswith(".mlir"))
    bad = 0
    for name in files:
        path = os.path.join(directory, name)
        with open(path) as f:
            head = [l for l in f.read().splitlines() if l.startswith("// ")]
        checks = 0
        for line in head:
            key, _, val = line[3:].partition(": ")
            problem = None
            if key == "RUN":
                checks += 1
                rc, msg = sh([t.a.spadc] + val.split() + [path])
                if rc != 0:
                    problem = "exit %d: %s" % (rc, msg[-400:])
            elif key == "EXPECT-KERNELS":
                checks += 1
                rc, msg = sh([t.a.spadc, "plan", path, "-e", "f", "--json"])
                nk = len(json.loads(msg)["kernels"]) if rc == 0 else -1
                if nk != int(val):
                    problem = "expected %s kernels, got %d" % (val, nk)
            elif key == "ORACLE":
                checks += 1
                problem = t.oracle_file(path, float(val))
            if problem:
                bad += 1
                print("FAIL %s [%s]: %s" % (name, key, " ".join(problem.split())[:500]))
        if not checks:
            bad += 1
            print("FAIL %s: no RUN, EXPECT-KERNELS or ORACLE line" % name)
    print("replayed %d regression(s), %d failure(s)" % (len(files), bad))
    return 1 if bad else 0


def oracle_tolerance(spec):
    """Relative to the largest printed magnitude: bf16/f16 roundings may flip
    an ulp of 2^-8 where libm and the interpreter differ in the last f32 bit."""
    return 2e-2 if progen.narrow(spec) else 2e-5


def small(spec):
    if spec.get("graph"):
        return progen.graph_small(spec)
    return spec["M"] <= 33 and spec["K0"] <= 33 and all(l["N"] <= 33 for l in spec["layers"]) and spec["B"] <= 4


def candidates(spec):
    """Simpler variants of spec, most promising first."""
    if spec.get("graph"):
        return progen.graph_candidates(spec)

    def clone():
        return json.loads(json.dumps(spec))
    out = []
    for i in range(len(spec["layers"])):
        if len(spec["layers"]) > 1:
            c = clone()
            del c["layers"][i]
            out.append(c)
    for i, l in enumerate(spec["layers"]):
        for j in range(len(l["steps"])):
            c = clone()
            del c["layers"][i]["steps"][j]
            out.append(c)
    for key in ("M", "K0"):
        for v in (1, spec[key] // 2):
            if 1 <= v < spec[key]:
                c = clone()
                c[key] = v
                out.append(c)
    for i, l in enumerate(spec["layers"]):
        for v in (1, l["N"] // 2):
            if 1 <= v < l["N"]:
                c = clone()
                c["layers"][i]["N"] = v
                out.append(c)
    if spec["B"] > 1:
        c = clone()
        c["B"] = 1
        out.append(c)
    for key, plain in (("generic_print", False), ("aliases", False), ("out_bf16", False), ("style", "mlirgen")):
        if spec.get(key) != plain:
            c = clone()
            c[key] = plain
            out.append(c)
    for i, l in enumerate(spec["layers"]):
        for key, plain in (("init", "fill"), ("named", True), ("fused_epilogue", True), ("relu", "maximumf"),
                           ("bias_named_broadcast", False), ("kind", "matmul")):
            if l.get(key) != plain:
                c = clone()
                c["layers"][i][key] = plain
                out.append(c)
    return out


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="programs to test (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="first program's seed (default 1); vary it to explore")
    ap.add_argument("--spadc", default=os.path.join(root, "build", "spadc"))
    ap.add_argument("--regress", default=os.path.join(root, "tests", "regress"), help="where shrunk failures go")
    ap.add_argument("--run-flags", default="", help="more flags for every cpu and npu run, e.g. "
                    "'--precision bf16x6'")
    ap.add_argument("--oracle-every", type=int, default=10, help="every Kth program also runs on mlir-runner-22")
    ap.add_argument("--shrink-seconds", type=float, default=300)
    ap.add_argument("--shrink-per-class", type=int, default=1, help="failures shrunk and saved per failure class "
                    "(default 1; the others are listed by seed)")
    ap.add_argument("--keep", help="keep the programs in this directory")
    ap.add_argument("--replay", metavar="DIR", help="replay saved regressions (tests/regress) instead")
    ap.add_argument("--save", metavar="SEEDS", help="save these seeds' programs (comma-separated) as permanent "
                    "tests with every check that applies, instead of testing")
    a = ap.parse_args()
    RUN_FLAGS[:] = shlex.split(a.run_flags)
    for tool in ("mlir-opt-22", "mlir-runner-22"):
        if not shutil.which(tool):
            sys.exit("difftest: %s not found (apt-get install mlir-22-tools)" % tool)
    t = Tester(a)
    if a.replay:
        sys.exit(replay(t, a.replay))
    if a.save:
        for seed in (int(x) for x in a.save.split(",")):
            spec = progen.random_spec(random.Random(seed), small=True)
            kinds = ["cpu", "fusion", "oracle"] + (["npu"] if t.has_npu else [])
            print("saved %s" % t.save(spec, seed, kinds, None, found=False))
        return
    t0 = time.time()
    counts = {"cpu": 0, "npu": 0, "oracle": 0, "graph": 0}
    failed = 0
    classes = {}  # failure class -> seeds, the first shrunk
    known = known_classes(a.regress)
    for lo in range(0, a.n, BATCH):
        batch = []
        for i in range(lo, min(a.n, lo + BATCH)):
            seed = a.seed + i
            # by the seed, not the position in the run, so that `-n 1 --seed S`
            # makes the very program a failure at seed S names
            oracle = a.oracle_every > 0 and seed % a.oracle_every == 0
            batch.append((seed, oracle, progen.random_spec(random.Random(seed), small=oracle or seed % 3 == 0)))
        t.check_generated(batch)
        for seed, oracle, spec in batch:
            fails = t.failures(spec, seed, oracle)
            counts["cpu"] += 1
            counts["npu"] += t.has_npu and small(spec)
            counts["oracle"] += oracle
            counts["graph"] += bool(spec.get("graph"))
            for kind, detail, args, cls in fails:
                failed += 1
                print("FAIL seed %d [%s] %s: %s" % (seed, kind, cls, " ".join(detail.split())[:300]), flush=True)
                seen = classes.setdefault(cls, [])
                seen.append(seed)
                if kind == "generator" or len(seen) > a.shrink_per_class:
                    continue
                if cls in known:
                    print("  (a repro of this class is already in %s)" % a.regress, flush=True)
                    continue
                shrunk = t.shrink(spec, seed, kind, cls, oracle)
                # the shrunk program's own failure message and arguments
                f2 = [f for f in t.failures(shrunk, seed, oracle, only=kind) if f[3] == cls]
                if f2:
                    detail = f2[0][1]
                print("  saved %s" % t.save(shrunk, seed, [kind], detail, cls=cls), flush=True)
    dt = time.time() - t0
    print("time by tool: " + ", ".join("%s %d x %.1f s" % (k, v[0], v[1])
                                       for k, v in sorted(SPENT.items(), key=lambda kv: -kv[1][1])))
    if classes:
        print("failure classes (first seeds):")
        for cls, seeds in sorted(classes.items(), key=lambda kv: -len(kv[1])):
            print("  %4d  %s  (%s)" % (len(seeds), cls, ", ".join(str(x) for x in seeds[:5])))
    print("difftest: %d programs (seeds %d..%d, %d graphs): cpu %d, npu %d, mlir-runner-22 oracle %d; "
          "%d failure(s) in %d class(es); %.1f s"
          % (a.n, a.seed, a.seed + a.n - 1, counts["graph"], counts["cpu"], counts["npu"], counts["oracle"], failed,
             len(classes), dt))
    if not a.keep:
        shutil.rmtree(t.tmp, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
