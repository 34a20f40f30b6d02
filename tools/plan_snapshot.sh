#!/usr/bin/env bash
# plan_snapshot.sh SPADC OUTDIR - what `spadc plan` prints (text and --json)
# for every function of every corpus file and test program, on the cpu at 1
# and 2 threads and on the npu, one file each under OUTDIR, with the exit
# code; and what `spadc run` computes there (checksums of the results, and
# the npu's cycle and DMA lines). Two trees are compared by running it with each one's spadc and
# `diff -r` on the two folders: a refactoring that changes no behaviour
# leaves no difference. Wall-time fields ("seconds") are the only ones
# dropped: they are measurements, not plans.
set -u
spadc=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/tools/lib.sh"
mkdir -p "$out"
n=0
for f in $(find "$root/tests/corpus" "$root/tests/data" -name '*.mlir' -not -path '*/bad/*' | sort); do
  funcs=$(model_funcs "$f")
  for e in ${funcs:-""}; do
    eflag=(); [ -n "$e" ] && eflag=(-e "$e")
    base=$(sed "s|^$root/||; s|/|_|g" <<<"$f")${e:+@$e}
    for t in "cpu --threads 1" "cpu --threads 2" "npu"; do
      tag=$(tr -d ' -' <<<"$t")
      # shellcheck disable=SC2086
      { "$spadc" plan "$f" "${eflag[@]}" --target $t 2>&1; echo "exit $?"; } >"$out/$base.$tag.txt"
      # shellcheck disable=SC2086
      { "$spadc" plan "$f" "${eflag[@]}" --target $t --json 2>&1; echo "exit $?"; } |
        grep -v '"seconds"' >"$out/$base.$tag.json"
      r=$(mktemp -d)
      # shellcheck disable=SC2086
      { "$spadc" run "$f" "${eflag[@]}" --target $t -o "$r" 2>&1 | grep -E '^(result|npu|check)|error'
        echo "exit ${PIPESTATUS[0]}"; (cd "$r" && md5sum ./*.npy 2>/dev/null); } >"$out/$base.$tag.run"
      rm -rf "$r"
      n=$((n + 1))
    done
  done
done
echo "$n plans and runs written to $out"
