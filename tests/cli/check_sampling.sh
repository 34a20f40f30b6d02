#!/usr/bin/env bash
# --check's choice between the whole reference and sampled elements
# (src/interp/check.c, issue 33): a 4096^3 GEMM (2^36 loop steps; a sampled
# element depends on 4096 of them) is checked on 256 sampled elements; a
# BERT layer at sequence 128 (2^33 steps, but every element of its result
# depends on every input row through the attention and the LayerNorms, so
# the samples' points are about the whole reference's, at point
# evaluation's much higher cost per step) runs the whole reference:
# measured 2026-11-28, 2.0 s and 61 MB, where sampling took 261 s and 823 MB.
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
out=$("$SPADC" run "$SPADC_CORPUS/seeds/ffn1_bert.mlir" --check --check-samples 40 2>&1); rc=$?
[ $rc = 0 ] && grep -q '^check result0: 40 sampled elements' <<<"$out" || { no "--check-samples 40 not honoured (exit $rc)"; tail -2 <<<"$out"; }
exit $fail
