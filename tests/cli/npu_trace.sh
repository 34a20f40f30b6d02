#!/usr/bin/env bash
# spadc run --target npu --trace OUT.json writes the simulated timeline as
# Chrome trace events: valid JSON with process/thread names, "X" events on
# one track per unit (DMA loads, DMA stores, each systolic array, the vector
# unit) and a span per kernel (copy kernels and f64 and i1 loops of the
# torch corpus among them); per kernel and unit the events' cycles add up
# to the busy cycles the run prints (the simulator's), and their durations
# in microseconds to the same at core_freq_mhz; no two events of a track
# overlap, every unit event lies inside its kernel's span, and the spans
# follow each other and add up to the simulated total. The cap
# (SPADC_TRACE_MAX_EVENTS) truncates with a note; --trace without an npu
# target is refused (exit 2, a usage error).
set -u
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check_trace() { # check_trace NAME RUN-ARGS...
  local name=$1; shift
  "$SPADC" run "$@" --trace "$tmp/$name.json" >"$tmp/$name.out" 2>&1 ||
    { echo "FAIL $name: run --trace exit $?"; tail -3 "$tmp/$name.out"; fail=1; return; }
  python3 - "$tmp/$name.json" "$tmp/$name.out" "$name" <<'PY' || fail=1
import json, re, sys
from collections import defaultdict
doc, out, name = json.load(open(sys.argv[1])), open(sys.argv[2]).read(), sys.argv[3]
def die(msg): sys.exit("FAIL %s: %s" % (name, msg))
ev = doc["traceEvents"]
mhz = doc["otherData"]["core_freq_mhz"]
threads = {e["tid"]: e["args"]["name"] for e in ev if e["ph"] == "M" and e["name"] == "thread_name"}
if not any(e["ph"] == "M" and e["name"] == "process_name" for e in ev): die("no process name")
for want in ("kernels", "DMA loads", "DMA stores", "vector unit", "systolic array 0"):
    if want not in threads.values(): die("no track named %r: %s" % (want, threads))
units = [e for e in ev if e["ph"] == "X" and e["cat"] in ("dma", "compute")]
spans = {e["args"]["kernel"]: e for e in ev if e["ph"] == "X" and e["cat"] == "kernel"}
if not any(e["cat"] == "dma" and e["args"]["unit"] == "dma_load" for e in units): die("no DMA load events")
if not any(e["cat"] == "dma" and e["args"]["unit"] == "dma_store" for e in units): die("no DMA store events")
if not any(e["cat"] == "compute" and e["args"]["unit"].startswith("sa") for e in units): die("no systolic array events")
if doc["otherData"]["truncated"] or doc["otherData"]["events"] != len(units): die("truncated or miscounted")
# per kernel and unit: cycles and durations add up to the busy cycles printed
busy = {}
for m in re.finditer(r"^npu (k\d+) busy cycles: (.*) \(of (\d+)\)$", out, re.M):
    busy[m.group(1)] = dict((u, int(c)) for u, c in (p.split() for p in m.group(2).split(", ")))
    busy[m.group(1)]["total"] = int(m.group(3))
if not busy or set(busy) != set(spans): die("kernels with busy lines %s vs spans %s" % (sorted(busy), sorted(spans)))
cyc, dur = defaultdict(int), defaultdict(float)
for e in units:
    key = (e["args"]["kernel"], e["args"]["unit"])
    cyc[key] += e["args"]["cycles"]
    dur[key] += e["dur"]
for k, b in busy.items():
    if spans[k]["args"]["cycles"] != b["total"]: die("%s span %d cycles, run says %d" % (k, spans[k]["args"]["cycles"], b["total"]))
    for u, c in b.items():
        if u == "total": continue
        if cyc[(k, u)] != c: die("%s %s: events add up to %d cycles, the simulator says %d" % (k, u, cyc[(k, u)], c))
        if abs(dur[(k, u)] * mhz - c) > 0.5 + 1e-3 * len(units): die("%s %s: durations %.6f us != %d cycles at %d MHz" % (k, u, dur[(k, u)], c, mhz))
    if sum(v for u, v in b.items() if u != "total") == 0: die("%s: no unit busy" % k)
for key in cyc:
    if key[1] not in busy.get(key[0], {}): die("events of %s on a unit the run does not report" % (key,))
# spans follow each other from 0 and add up to the total; unit events lie in their span
total = int(re.search(r"^npu total: (\d+) cycles", out, re.M).group(1))
t = 0
for k in sorted(spans, key=lambda k: spans[k]["ts"]):
    if abs(spans[k]["ts"] * mhz - t) > 0.5: die("%s starts at %.1f cycles, want %d" % (k, spans[k]["ts"] * mhz, t))
    t += spans[k]["args"]["cycles"]
if t != total: die("spans add up to %d cycles, total %d" % (t, total))
for e in units:
    s = spans[e["args"]["kernel"]]
    if e["args"]["start_cycle"] < 0 or e["args"]["start_cycle"] + e["args"]["cycles"] > s["args"]["cycles"]:
        die("event %s outside its kernel" % e)
    if e["args"]["cycles"] <= 0: die("empty event %s" % e)
# no overlap on a track (exact cycles: kernel start + start_cycle)
start = {k: round(s["ts"] * mhz) for k, s in spans.items()}
by_tid = defaultdict(list)
for e in units:
    a = start[e["args"]["kernel"]] + e["args"]["start_cycle"]
    by_tid[e["tid"]].append((a, a + e["args"]["cycles"]))
for tid, iv in by_tid.items():
    iv.sort()
    for (a0, a1), (b0, b1) in zip(iv, iv[1:]):
        if b0 < a1: die("track %s: [%d, %d) overlaps [%d, %d)" % (threads.get(tid), a0, a1, b0, b1))
print("%s: %d unit events, %s" % (name, len(units), {k: b for k, b in busy.items()}))
PY
}
check_trace ffn1 "$C/seeds/ffn1_bert.mlir" --target npu --budget 0.5 --check
check_trace block "$C/seeds/bert_ffn_block.mlir" --target "npu=$Y/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml"
check_trace zoo "$C/mlir22/ops_zoo.mlir" --target npu
# f64 statistics, i1 masks and the QKV split's slices; a convolution's pad
check_trace gpt2 "$SPADC_SRC/tests/corpus/torch/gpt2_block.mlir" --target npu --check
check_trace resnet "$SPADC_SRC/tests/corpus/torch/resnet_block.mlir" --target "npu=$Y/systolic_ws_8x8_c1_simple_noc.yml"
# a kernel the host runs (a reduction that gathers) is an instant event
# on the kernels' track
"$SPADC" run "$SPADC_SRC/tests/data/npu_gather.mlir" --target npu --trace "$tmp/host.json" >/dev/null 2>&1 &&
  grep -q '"k0 on the host"' "$tmp/host.json" || { echo "FAIL bag_sum: no instant event for the host kernel"; fail=1; }
# a gathering DMA is a load event (embedding_mlp's, with PyTorch's indices)
E=$SPADC_SRC/tests/corpus/torch/embedding_mlp
"$SPADC" run "$E.mlir" --target npu --inputs "$E.arg0.npy,$E.arg1.npy,$E.arg2.npy,$E.arg3.npy" --trace "$tmp/gather.json" >/dev/null 2>&1 &&
  grep -q '"gather out"' "$tmp/gather.json" || { echo "FAIL embedding_mlp: no event for the gathering DMA"; fail=1; }
# the cap: the first N unit events, the rest counted, a note on stderr
n=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["otherData"]["events"])' "$tmp/block.json")
SPADC_TRACE_MAX_EVENTS=25 "$SPADC" run "$C/seeds/bert_ffn_block.mlir" --target "npu=$Y/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml" \
  --trace "$tmp/cap.json" >"$tmp/cap.out" 2>"$tmp/cap.err" || { echo "FAIL cap: exit $?"; fail=1; }
grep -q "note: the trace holds the first 25 unit events; $((n - 25)) more were left out" "$tmp/cap.err" ||
  { echo "FAIL cap: no note on stderr: $(cat "$tmp/cap.err")"; fail=1; }
grep -q "^npu trace: .*25 unit events; truncated: $((n - 25)) more left out" "$tmp/cap.out" || { echo "FAIL cap: no line in the output"; fail=1; }
python3 - "$tmp/cap.json" "$n" <<'PY' || fail=1
import json, sys
doc, n = json.load(open(sys.argv[1])), int(sys.argv[2])
units = [e for e in doc["traceEvents"] if e["ph"] == "X" and e["cat"] != "kernel"]
spans = [e for e in doc["traceEvents"] if e["ph"] == "X" and e["cat"] == "kernel"]
marks = [e for e in doc["traceEvents"] if e["ph"] == "i" and e["name"] == "trace truncated"]
o = doc["otherData"]
if len(units) != 25 or len(spans) != 2 or len(marks) != 1 or not o["truncated"] or o["events_left_out"] != n - 25 or o["max_events"] != 25:
    sys.exit("FAIL cap: %d unit events, %d spans, %d marks, %s" % (len(units), len(spans), len(marks), o))
PY
SPADC_TRACE_MAX_EVENTS=0 "$SPADC" run "$C/seeds/ffn1_bert.mlir" --target npu --trace "$tmp/zero.json" >/dev/null 2>&1 &&
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["otherData"]["events"] == 0 and d["otherData"]["truncated"] else 1)' "$tmp/zero.json" ||
  { echo "FAIL cap 0"; fail=1; }
# refusals
expect() { # expect EXIT PATTERN -- command...
  local want=$1 pat=$2; shift 3
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" != "$want" ] || ! grep -q -- "$pat" <<<"$out"; then
    echo "FAIL (exit $rc, want $want, pattern '$pat'): $*"; echo "$out" | head -5; fail=1
  fi
}
expect 2 "error: --trace records the npu simulator's timeline; the cpu target has none" -- \
  "$SPADC" run "$C/seeds/ffn1_bert.mlir" --trace "$tmp/x.json"
expect 2 "the ref target has none" -- "$SPADC" run "$C/seeds/ffn1_bert.mlir" --target ref --trace "$tmp/x.json"
[ ! -e "$tmp/x.json" ] || { echo "FAIL: a refused --trace wrote a file"; fail=1; }
expect 2 "SPADC_TRACE_MAX_EVENTS needs an integer" -- env SPADC_TRACE_MAX_EVENTS=lots "$SPADC" run "$C/seeds/ffn1_bert.mlir" --target npu --trace "$tmp/x.json"
expect 1 "cannot write the trace file" -- "$SPADC" run "$C/seeds/ffn1_bert.mlir" --target npu --trace "$tmp/none/x.json"
expect 2 "--trace needs an argument" -- "$SPADC" run "$C/seeds/ffn1_bert.mlir" --target npu --trace
expect 0 "--trace OUT.json" -- "$SPADC" run --help
exit $fail
