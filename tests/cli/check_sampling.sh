#!/usr/bin/env bash
# --check's choice between the whole reference and sampled elements
# (src/interp/check.c, interp_points.c, issue 33). Sampled evaluation runs
# the reference's own loops over only the rows, columns and windows the
# samples depend on: a 4096^3 GEMM (2^36 loop steps) is checked on 256
# elements; a BERT layer at sequence 512 on 256 elements too (its samples'
# 16 rows skip the query, output and MLP rows no sample reads: measured
# 2026-11-29, the reference's part 0.7 s and 12 MB against 4.0 s and 31 MB
# whole; point evaluation before it took over a minute); a BERT layer at
# sequence 128 (2^30 steps,
# ~1 s) runs the whole reference, which compares every element.
# --check-samples still forces either.
set -u
fail=0
no() { echo "FAIL $*"; fail=1; }
out=$("$SPADC" run "$SPADC_CORPUS/seeds/gemm_addmatrix_4096.mlir" --check 2>&1); rc=$?
[ $rc = 0 ] && grep -q '^check result0: 256 sampled elements of 16777216: .*: ok$' <<<"$out" ||
  { no "the 4096^3 GEMM is not checked on samples (exit $rc)"; tail -2 <<<"$out"; }
out=$("$SPADC" run "$SPADC_SRC/bench/models/bert_base_s128.mlir" --check 2>&1); rc=$?
[ $rc = 0 ] && grep -q '^check result0: max abs err .*: ok$' <<<"$out" ||
  { no "the BERT layer is not checked against the whole reference (exit $rc)"; tail -2 <<<"$out"; }
out=$("$SPADC" run "$SPADC_SRC/bench/models/bert_base_s512.mlir" --check 2>&1); rc=$?
[ $rc = 0 ] && grep -q '^check result0: 256 sampled elements of 393216: .*: ok$' <<<"$out" ||
  { no "the BERT s512 layer is not checked on samples (exit $rc)"; tail -2 <<<"$out"; }
out=$(timeout 60 "$SPADC" run "$SPADC_SRC/bench/models/bert_base_s128.mlir" --check --check-samples 256 2>&1); rc=$?
[ $rc = 0 ] && grep -q '^check result0: 256 sampled elements of 98304: .*: ok$' <<<"$out" ||
  { no "forced samples on the BERT s128 layer (exit $rc)"; tail -2 <<<"$out"; }
out=$("$SPADC" run "$SPADC_CORPUS/seeds/ffn1_bert.mlir" --check --check-samples 40 2>&1); rc=$?
[ $rc = 0 ] && grep -q '^check result0: 40 sampled elements' <<<"$out" || { no "--check-samples 40 not honoured (exit $rc)"; tail -2 <<<"$out"; }
exit $fail
