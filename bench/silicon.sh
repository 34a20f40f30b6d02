#!/usr/bin/env bash
# silicon.sh - the npu against real TPUv3 silicon (issue 30): the ten
# calibration workloads of ../shared/notes/tpuv3-silicon.md, as torch-mlir
# exports them (tests/corpus/silicon/, written by tools/silicon_corpus.py),
# planned and simulated on the built-in TPUv3 machine (--target npu). Prints
# workload | silicon | spadc | error | mNPUsim | Timeloop | MAESTRO |
# SCALE-Sim v3 (each with its error), the MAE of spadc and of each peer over
# the rows it has, then per workload its kernels by cycles with each one's
# roofline (compute = MACs / (arrays x lanes^2), DMA = bytes / DMA bytes per
# cycle, from plan --json's target section) and each unit's busy cycles.
# The channels_last convolutions (*_nhwc) are listed apart, outside the MAE.
#
#   bash bench/silicon.sh [--export] [--plan-only] [--mae-max PCT] [SPADC]
#                                                  (default build/spadc)
#   --export     first re-export the workloads with torch-mlir into
#                OUT/corpus (tools/silicon_corpus.py in the venv VENV,
#                default ~/.cache/spadc-venv; `make test-torch` makes it)
#                and measure those; says whether they differ from the
#                committed files. Without it the committed corpus is used
#                and torch is not needed.
#   --plan-only  plan only (the table is the plan's estimate either way);
#                by default every workload is also simulated (run --target
#                npu) and the simulated cycles must equal the plan's,
#                kernel for kernel (exit 1 otherwise)
#   --mae-max PCT  exit 1 when spadc's MAE over the ten rows is above PCT
#                (tests/cli/silicon.sh)
# Raw output in OUT = build/bench/silicon (SILICON_OUT): NAME.plan.json,
# NAME.run.txt. tests/cli/silicon.sh asserts the same table's MAE.
# Cost on the 2-core host (2026-11): plan all 12 files ~0.4 s, simulate them
# 10-15 s (the four convolutions 1.5-4 s each, everything else under 1 s);
# --export ~11 s more.
set -u
R=$(cd "$(dirname "$0")/.." && pwd)
EXPORT=0 SIM=1 S='' MAE=()
while [ $# -gt 0 ]; do
  a=$1; shift
  case $a in
    --export) EXPORT=1 ;;
    --plan-only) SIM=0 ;;
    --mae-max) [ $# -gt 0 ] || { echo "silicon.sh: --mae-max needs a value" >&2; exit 2; }
               MAE=(--mae-max "$1"); shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "silicon.sh: unknown option $a" >&2; exit 2 ;;
    *) S=$a ;;
  esac
done
S=${S:-${SPADC:-$R/build/spadc}}
[ -x "$S" ] || { echo "silicon.sh: no spadc at $S (make first)" >&2; exit 1; }
OUT=${SILICON_OUT:-$R/build/bench/silicon}
CORPUS=$R/tests/corpus/silicon
mkdir -p "$OUT"
rm -f "$OUT"/*.plan.json "$OUT"/*.run.txt "$OUT"/*.err

if [ $EXPORT = 1 ]; then
  VENV=${VENV:-$HOME/.cache/spadc-venv}
  [ -x "$VENV/bin/python" ] || { echo "silicon.sh: --export needs the venv $VENV (make test-torch makes it)" >&2; exit 1; }
  rm -rf "$OUT/corpus"; mkdir -p "$OUT/corpus"; cp "$CORPUS/workloads.csv" "$OUT/corpus/"
  t0=$(date +%s.%N)
  "$VENV/bin/python" "$R/tools/silicon_corpus.py" --out "$OUT/corpus" >"$OUT/export.log" 2>&1 ||
    { echo "silicon.sh: export failed:"; tail -5 "$OUT/export.log"; exit 1; }
  echo "export: $(tail -1 "$OUT/export.log") (wall $(printf '%.1f' "$(echo "$(date +%s.%N) - $t0" | bc)") s)"
  diffs=$(for f in "$OUT"/corpus/*.mlir "$CORPUS"/*.mlir; do
    n=$(basename "$f")
    cmp -s "$OUT/corpus/$n" "$CORPUS/$n" || echo "export: $n differs from (or is missing in) tests/corpus/silicon"
  done | sort -u)
  echo "${diffs:-export: the same bytes as tests/corpus/silicon}"
  CORPUS=$OUT/corpus
fi

fail=0 tplan=0 trun=0
times=""
for f in "$CORPUS"/*.mlir; do
  n=$(basename "$f" .mlir)
  t0=$(date +%s%N)
  "$S" plan "$f" --target npu --json >"$OUT/$n.plan.json" 2>"$OUT/$n.err" ||
    { echo "FAIL plan $n: exit $?: $(head -2 "$OUT/$n.err")"; rm -f "$OUT/$n.plan.json"; fail=1; continue; }
  t1=$(date +%s%N)
  tplan=$((tplan + (t1 - t0) / 1000000))
  if [ $SIM = 1 ]; then
    "$S" run "$f" --target npu >"$OUT/$n.run.txt" 2>>"$OUT/$n.err" ||
      { echo "FAIL run $n: exit $?: $(tail -2 "$OUT/$n.err")"; rm -f "$OUT/$n.run.txt"; fail=1; }
    t2=$(date +%s%N)
    trun=$((trun + (t2 - t1) / 1000000))
    times="$times $n $(((t2 - t1) / 1000000)) ms;"
  fi
done

check=()
[ $SIM = 1 ] && check=(--check)
python3 "$R/bench/silicon_table.py" --csv "$R/tests/corpus/silicon/workloads.csv" --dir "$OUT" --corpus "$CORPUS" "${check[@]}" "${MAE[@]}" || fail=1
echo
echo "time: plan ${tplan} ms in all$([ $SIM = 1 ] && echo ", simulation ${trun} ms (${times% })")"
exit $fail
