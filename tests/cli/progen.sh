#!/usr/bin/env bash
# tools/progen.py, the difftest's program generator: its graph programs are
# valid MLIR (mlir-opt-22 accepts them, and every variant the shrinker tries
# first), it is deterministic per seed, a seed that draws a chain draws the
# chain it drew before graphs existed, and the shapes real programs have all
# occur (diamonds, fan-out, reductions with each keepdim spelling, reshapes,
# transposes, bf16/f16 round trips, several results, broadcast operands).
set -u
OPT=${MLIR_OPT:-mlir-opt-22}
command -v "$OPT" >/dev/null || { echo "SKIP: $OPT not installed"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 - "$SPADC_SRC/tools" "$tmp" <<'EOF' || exit 1
import collections, json, random, sys
sys.path.insert(0, sys.argv[1])
import progen
tmp = sys.argv[2]
fail = 0
texts, seen = [], collections.Counter()
for seed in range(1, 121):
    small = seed % 2 == 0
    spec = progen.random_graph_spec(random.Random(seed), small=small)
    again = progen.random_graph_spec(random.Random(seed), small=small)
    if spec != again or progen.emit_program(spec)[0] != progen.emit_program(again)[0]:
        print("FAIL seed %d: two draws differ" % seed); fail = 1
    texts.append(progen.emit_program(spec, with_main=seed % 5 == 0)[0])
    nodes = spec["nodes"]
    users = collections.Counter(u for n in nodes for u in set(n.get("in", [])))
    for v, n in enumerate(nodes):
        seen[n["op"]] += 1
        if n["op"] != "arg" and users[v] >= 2:
            seen["fan-out"] += 1
        if n["op"] == "mm" and any(users[x] >= 2 for x in n["in"] if nodes[x]["op"] != "arg"):
            seen["contraction input read again"] += 1
        if n["op"] == "red":
            seen["keep " + n["keep"]] += 1
            seen["reduce %d of %d dims" % (len(n["dims"]), len(nodes[n["in"][0]]["shape"]))] += 1
        if n["op"] == "ew":
            seen["dt " + n["dt"]] += 1
            for s, a in n["steps"]:
                seen["step " + s] += 1
            for i, m in zip(n["in"], n["maps"]):
                if m is None:
                    seen["scalar argument"] += 1
                elif m != list(range(len(n["shape"]))):
                    seen["broadcast/permuted operand first" if n["in"].index(i) == 0 else
                         "broadcast/permuted operand"] += 1
                if m is not None and -1 in m:
                    seen["constant-0 map"] += 1
        if n["op"] == "reshape":
            seen["expand" if len(n["shape"]) > len(nodes[n["in"][0]]["shape"]) else "collapse"] += 1
    if len(spec["results"]) > 1:
        seen["several results"] += 1
want = ["mm", "ew", "red", "reshape", "transpose", "splat", "fan-out", "contraction input read again",
        "keep no", "keep map0", "keep expand", "reduce 1 of 2 dims", "reduce 2 of 2 dims", "dt bf16", "dt f16",
        "step cast", "step div", "step exp", "step max", "step min", "scalar argument", "broadcast/permuted operand",
        "broadcast/permuted operand first", "constant-0 map", "expand", "collapse", "several results"]
for w in want:
    if not seen[w]:
        print("FAIL: no %r in 120 graph programs" % w); fail = 1
# chains: a seed that draws one draws what random_chain_spec draws
chains = 0
for seed in range(1, 41):
    spec = progen.random_spec(random.Random(seed))
    if not spec.get("graph"):
        chains += 1
        if spec != progen.random_chain_spec(random.Random(seed)):
            print("FAIL seed %d: the chain changed" % seed); fail = 1
if not 5 <= chains <= 35:
    print("FAIL: %d chains of 40 programs" % chains); fail = 1
# what the shrinker tries first is valid too
for seed in (3, 8, 11):
    spec = progen.random_graph_spec(random.Random(seed), small=True)
    for c in progen.graph_candidates(spec)[:40]:
        texts.append(progen.emit_program(c)[0])
with open(tmp + "/all.mlir", "w") as f:
    f.write("\n// -----\n".join(texts))
print("%d programs; shapes seen: %s" % (len(texts), ", ".join("%s %d" % kv for kv in sorted(seen.items()))))
sys.exit(fail)
EOF
if ! "$OPT" --split-input-file "$tmp/all.mlir" -o /dev/null 2>"$tmp/err"; then
  echo "FAIL: mlir-opt-22 rejects a generated program:"; head -5 "$tmp/err"; exit 1
fi
echo "progen: ok"
