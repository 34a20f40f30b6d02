# lib.sh - helpers the tests/cli scripts source (not a test itself).

# scaled N [MIN]: N times SPADC_TEST_SCALE (tests/tests.cmake: 1 in normal
# builds, a fraction under the sanitizers), at least MIN (default 1). For
# tests that are slow only because of their size: the same checks on fewer
# or smaller cases, none skipped.
scaled() {
  python3 -c "import sys; s=float(sys.argv[3] or 1); s=s if 0<s<=1 else 1; print(max(int(sys.argv[2]), round(int(sys.argv[1])*s)))" \
    "$1" "${2:-1}" "${SPADC_TEST_SCALE:-1}"
}

# corpus_files: the corpus files the whole-corpus checks (cpu_check.sh,
# npu_check.sh) run, one per line. Under a sanitizer build (SPADC_SANITIZE=1)
# a reduced set that keeps every kind of input: the seeds but the 4096^3
# GEMM, the small mlir22 files, one custom-form and one generic-form model,
# a generic-form variant of each model family, the smaller tpp-mlir files.
# The largest programs (mlp3, the 4096^3 GEMM, the 3x1024 tpp-mlir MLPs,
# the bf16 ones) are there only in the normal build's whole set: under
# ASan they are slow only because of their size.
corpus_files() {
  local C=$SPADC_CORPUS
  if [ "${SPADC_SANITIZE:-0}" = 1 ]; then
    printf '%s\n' "$C"/seeds/{ffn1_bert,bert_ffn_block,gemm_addmatrix_1024,iree_splat_outs}.mlir \
      "$C"/mlir22/{dense200_nonsplat,edge_syntax,floats,ops_zoo,snippet_colsum,snippet_colsum_main,mlp_mlirgen,mlp_pytorch}.mlir \
      "$C"/mlir22/variants/{mlp_pytorch.generic,mlp_mlirgen.generalized.generic,dense200_hex,edge_syntax.generalized,floats.roundtrip}.mlir \
      "$C"/external/tpp-mlir/{mlp-fp32-1layer-512,xsmm-fusion}.mlir
  else
    printf '%s\n' "$C"/mlir22/*.mlir "$C"/mlir22/variants/*.mlir "$C"/seeds/*.mlir "$C"/external/tpp-mlir/*.mlir
  fi
}

# model_funcs FILE: the functions of a corpus file the checks run, one
# name per word; empty for a file whose only function is picked without -e.
model_funcs() {
  case $(basename "$1") in
    mlp3_main.mlir) echo mlp3 ;;
    snippet_colsum_main.mlir) echo colsum ;;
    iree_splat_outs.mlir) echo rowsum colsum ;;
  esac
}

# check_svg KIND NAME PLAN-ARGS...: plan --svg and --json into $tmp, then
# tests/tools/svg_check.py; sets fail=1 on a failure.
check_svg() {
  local kind=$1 name=$2; shift 2
  "$SPADC" plan "$@" --svg "$tmp/$name.svg" >/dev/null || { echo "FAIL $name: plan --svg exit $?"; fail=1; return; }
  "$SPADC" plan "$@" --json >"$tmp/$name.json" || { echo "FAIL $name: plan --json"; fail=1; return; }
  python3 "$SPADC_SRC/tests/tools/svg_check.py" "$kind" "$tmp/$name.svg" "$tmp/$name.json" "$name" || fail=1
}

# render_not_blank BROWSER SVG WxH: headless screenshot of SVG; fails when
# no PNG comes out or it looks blank (under 5% non-white, 8 colours or fewer).
render_not_blank() {
  local browser=$1 svg=$2 size=$3 png=${2%.svg}.png
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$size" \
    --screenshot="$png" "file://$svg" >/dev/null 2>&1
  [ -s "$png" ] || { echo "FAIL: chromium wrote no screenshot"; return 1; }
  local w h nonwhite colours
  read -r w h nonwhite colours < <(python3 "$SPADC_SRC/tests/tools/png_stats.py" "$png")
  python3 -c "import sys; sys.exit(0 if $nonwhite > 0.05 and $colours > 8 else 1)" ||
    { echo "FAIL: the rendered SVG looks blank (${w}x$h, non-white $nonwhite, $colours colours)"; return 1; }
}

# expect_exact RC STDERR -- COMMAND...: run COMMAND (stdout dropped; at most
# 60 s unless it is a shell function) and check its exit code and the whole
# of its stderr; counts checks in n and sets fail=1 on a mismatch.
expect_exact() {
  local want=$1 msg=$2 err rc limit="timeout 60"; shift 3
  n=$((n + 1))
  declare -F "$1" >/dev/null && limit=
  err=$($limit "$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != "$want" ] || [ "$err" != "$msg" ]; then
    echo "FAIL: $*"; echo "  want exit $want: $msg"; echo "  got  exit $rc: $err"; fail=1
  fi
}

# check_on_targets FILE FUNC: FUNC runs on the reference, and its results
# pass run --check on the cpu at 1 and 2 threads and on the npu; prints a
# FAIL line (and the run's last lines) per target that does not, and
# returns 1 if any did not.
check_on_targets() {
  local f=$1 fn=$2 t out rc bad=0
  "$SPADC" run "$f" -e "$fn" --target ref >/dev/null || { echo "FAIL @$fn --target ref"; bad=1; }
  for t in "cpu --threads 1" "cpu --threads 2" "npu"; do
    # shellcheck disable=SC2086
    out=$("$SPADC" run "$f" -e "$fn" --target $t --check 2>&1); rc=$?
    { [ $rc = 0 ] && grep -q '^check result0: .*: ok$' <<<"$out"; } || { echo "FAIL @$fn --target $t (exit $rc)"; echo "$out" | tail -3; bad=1; }
  done
  return $bad
}

# cpu_isas: the SPADC_ISA kernel sets this CPU runs, as a word list
# (generic always; avx2 with FMA; avx512 with F, DQ, BW and VL).
cpu_isas() {
  local flags isas=generic
  flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
  has() { [[ " $flags " == *" $1 "* ]]; }
  has avx2 && has fma && isas="$isas avx2"
  has avx512f && has avx512dq && has avx512bw && has avx512vl && isas="$isas avx512"
  echo "$isas"
}

# check_isa_runs ISA FILE FUNC NSEEDS: FUNC passes run --check on kernel
# set ISA at 1 and 2 threads for seeds 1..NSEEDS; counts runs in n, prints
# a FAIL line per run that does not pass and sets fail=1.
check_isa_runs() {
  local isa=$1 f=$2 e=$3 nseeds=$4 t seed out
  for t in 1 2; do
    for seed in $(seq 1 "$nseeds"); do
      n=$((n + 1))
      out=$(SPADC_ISA=$isa "$SPADC" run "$f" -e "$e" --threads $t --seed $seed --check 2>&1) ||
        { echo "FAIL $isa @$e --threads $t --seed $seed:"; tail -3 <<<"$out"; fail=1; }
    done
  done
}

# npu_exact FILE FUNC TARGET [FLAGS...]: FUNC of FILE plans every kernel
# on the npu TARGET (none on its host), runs bit for bit against the
# reference (--check, seed 3), and the simulator's cycles are the plan's,
# kernel for kernel; prints a FAIL line per check that does not and
# returns 1 if any did not.
npu_exact() {
  local f=$1 fn=$2 target=$3 plan pc out rc rcyc; shift 3
  plan=$("$SPADC" plan "$f" -e "$fn" --target "$target" "$@")
  grep -q 'on the host\|reference' <<<"$plan" && { echo "FAIL $fn on $target $*: a kernel off the npu"; return 1; }
  pc=$(sed -n 's/^    estimate: \([0-9]*\) cycles.*/\1/p' <<<"$plan" | paste -sd' ')
  out=$("$SPADC" run "$f" -e "$fn" --target "$target" "$@" --check --seed 3 2>&1); rc=$?
  { [ $rc = 0 ] && grep -q '^check result0: max abs err 0,.*: ok$' <<<"$out"; } ||
    { echo "FAIL $fn on $target $* (exit $rc)"; echo "$out" | tail -3; return 1; }
  rcyc=$(sed -n 's/^npu k[0-9]*: tile [^;]*; \([0-9]*\) cycles.*/\1/p' <<<"$out" | paste -sd' ')
  [ -n "$pc" ] && [ "$pc" = "$rcyc" ] || { echo "FAIL $fn on $target $*: plan cycles '$pc', run cycles '$rcyc'"; return 1; }
}

# check_generalized FILE GEN FUNC TMP: FUNC of FILE (named linalg ops) gives
# on the reference the same bits as in GEN (mlir-opt-22
# --linalg-generalize-named-ops of FILE; skipped when GEN is empty), with
# --seed 7, and passes run --check on the cpu (2 threads) and the npu, the
# npu running its kernel k0 itself; prints a FAIL line per check that does
# not and returns 1 if any did not.
check_generalized() {
  local f=$1 gen=$2 e=$3 tmp=$4 out bad=0
  "$SPADC" run "$f" -e "$e" --target ref --seed 7 -o "$tmp/s_$e" >/dev/null || { echo "FAIL @$e: ref exit $?"; bad=1; }
  if [ -n "$gen" ]; then
    "$SPADC" run "$gen" -e "$e" --target ref --seed 7 -o "$tmp/g_$e" >/dev/null &&
      cmp -s "$tmp/s_$e/result0.npy" "$tmp/g_$e/result0.npy" ||
      { echo "FAIL @$e: spadc's import and MLIR's generalization differ"; bad=1; }
  fi
  out=$("$SPADC" run "$f" -e "$e" --target cpu --threads 2 --seed 7 --check 2>&1) && grep -q ': ok$' <<<"$out" ||
    { echo "FAIL @$e: cpu --check"; echo "$out" | tail -3; bad=1; }
  out=$("$SPADC" run "$f" -e "$e" --target npu --seed 7 --check 2>&1) && grep -q ': ok$' <<<"$out" &&
    grep -q '^npu k0: tile' <<<"$out" ||
    { echo "FAIL @$e: npu --check (on the npu)"; echo "$out" | tail -3; bad=1; }
  return $bad
}
