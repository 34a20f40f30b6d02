#!/usr/bin/env bash
# spadc alloc: output format, summary, options, capacity (exit 3), usage (exit 2).
# Plans written by the tool are checked here by an awk pairwise checker that
# shares nothing with the planner.
set -u
: "${SPADC:?}" "${SPADC_CORPUS:?}" "${SPADC_SRC:?}"
DATA="$SPADC_SRC/tests/data/alloc"
MM="$SPADC_CORPUS/external/minimalloc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# check_plan FILE MAXFOOTPRINT: every row has an offset, aligned, no two rows
# live at once share bytes (a declared inplace pair may, as alloc.h says),
# and the footprint is exactly MAXFOOTPRINT.
check_plan() {
    awk -F, -v want="$2" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    NF == 0 { next }
    {
        n++; id[n] = $col["id"]; lo[n] = $col["lower"] + 0; hi[n] = $col["upper"] + 0
        sz[n] = $col["size"] + 0; off[n] = $col["offset"] + 0
        al[n] = ("alignment" in col) ? $col["alignment"] + 0 : 1
        ip[n] = ("inplace" in col) ? $col["inplace"] : ""
        row[id[n]] = n
        if ($col["offset"] !~ /^[0-9]+$/) { print "row " n ": bad offset " $col["offset"]; bad = 1 }
        if (off[n] % al[n] != 0) { print id[n] ": offset " off[n] " not aligned to " al[n]; bad = 1 }
        if (off[n] + sz[n] > fp) fp = off[n] + sz[n]
    }
    END {
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
            if (!(lo[i] < hi[j] && lo[j] < hi[i])) continue
            if (!(off[i] < off[j] + sz[j] && off[j] < off[i] + sz[i])) continue
            a = i; b = j
            if (ip[a] == id[b]) { t = a; a = b; b = t }
            if (ip[b] == id[a] && hi[a] - 1 == lo[b] && sz[b] <= sz[a] && off[a] == off[b]) continue
            print "overlap: " id[i] " and " id[j]; bad = 1
        }
        if (fp != want) { print "footprint " fp ", expected " want; bad = 1 }
        exit bad
    }' "$1"
}

# summary_field FILE KEY
summary_field() { sed -n "s/^$2: //p" "$1"; }

# 1. stdout gets the CSV, stderr the summary
"$SPADC" alloc "$MM/input.12.csv" > "$tmp/out.csv" 2> "$tmp/sum.txt"
[ $? -eq 0 ] || fail "input.12: exit status"
head -1 "$tmp/out.csv" | grep -qx 'id,lower,upper,size,offset' || fail "input.12: header not echoed with offset"
[ "$(grep -c . "$tmp/out.csv")" -eq 6 ] || fail "input.12: expected 5 rows"
check_plan "$tmp/out.csv" 12 || fail "input.12: plan"
[ "$(summary_field "$tmp/sum.txt" footprint)" = 12 ] || fail "input.12: footprint in summary"
[ "$(summary_field "$tmp/sum.txt" lower_bound)" = 12 ] || fail "input.12: lower bound in summary"
[ "$(summary_field "$tmp/sum.txt" optimal)" = yes ] || fail "input.12: optimal in summary"
grep -q '^time_s: [0-9.]*$' "$tmp/sum.txt" || fail "input.12: time in summary"
grep -q '^greedy: [0-9]*$' "$tmp/sum.txt" || fail "input.12: greedy in summary"

# 2. -o writes the file; the summary then goes to stdout
"$SPADC" alloc "$DATA/complex_records.csv" -o "$tmp/cr.csv" > "$tmp/sum.txt" 2> "$tmp/err.txt"
[ $? -eq 0 ] || fail "complex_records: exit status"
check_plan "$tmp/cr.csv" 96 || fail "complex_records: plan (optimum 96)"
[ "$(summary_field "$tmp/sum.txt" footprint)" = 96 ] || fail "complex_records: summary on stdout with -o"
[ -s "$tmp/err.txt" ] && fail "complex_records: unexpected stderr: $(cat "$tmp/err.txt")"

# 3. optimum above the peak-live bound (MiniMalloc's InfeasibleTricky)
"$SPADC" alloc "$DATA/infeasible_tricky.csv" -o "$tmp/it.csv" > "$tmp/sum.txt" || fail "infeasible_tricky: exit"
check_plan "$tmp/it.csv" 5 || fail "infeasible_tricky: plan (optimum 5)"
[ "$(summary_field "$tmp/sum.txt" peak_live)" = 4 ] || fail "infeasible_tricky: peak live 4"
[ "$(summary_field "$tmp/sum.txt" lower_bound)" = 5 ] || fail "infeasible_tricky: proven bound 5"

# 4. aliases (buffer, start, end inclusive), alignment and inplace columns
"$SPADC" alloc "$DATA/inplace_aliases.csv" -o "$tmp/ip.csv" > "$tmp/sum.txt" || fail "inplace: exit"
awk -F, 'NR > 1 { o[$1] = $7; a[$1] = $5 } END {
    if (o["relu"] != o["acc"]) { print "relu not at acc: " o["relu"] " " o["acc"]; exit 1 }
    for (k in o) if (o[k] % a[k]) { print k " misaligned"; exit 1 } }' "$tmp/ip.csv" || fail "inplace: relu takes acc's bytes"
[ "$(summary_field "$tmp/sum.txt" footprint)" = 6144 ] || fail "inplace: footprint 6144"
sed 's/,acc$/,/' "$DATA/inplace_aliases.csv" > "$tmp/noip.csv"
"$SPADC" alloc "$tmp/noip.csv" -o /dev/null > "$tmp/sum.txt" || fail "no inplace: exit"
[ "$(summary_field "$tmp/sum.txt" footprint)" = 8192 ] || fail "no inplace: footprint 8192 (in place saves 2048)"

# 5. capacity: fits, does not fit by the bound, does not fit by search
"$SPADC" alloc "$MM/input.12.csv" --capacity 12 -o "$tmp/c.csv" > /dev/null || fail "capacity 12: should fit"
"$SPADC" alloc "$MM/input.12.csv" --capacity 11 -o "$tmp/c11.csv" > /dev/null 2> "$tmp/err.txt"
rc=$?
[ $rc -eq 3 ] || fail "capacity 11: exit $rc, expected 3"
grep -q 'error: does not fit: needs at least 12 bytes, capacity 11 bytes' "$tmp/err.txt" || fail "capacity 11: message: $(cat "$tmp/err.txt")"
grep -q "'b1'" "$tmp/err.txt" || fail "capacity 11: message names the live buffers"
[ -e "$tmp/c11.csv" ] && fail "capacity 11: wrote a plan that does not fit"
"$SPADC" alloc "$DATA/infeasible_tricky.csv" --capacity=4 > /dev/null 2> "$tmp/err.txt"
[ $? -eq 3 ] || fail "infeasible_tricky capacity 4: exit 3"
grep -q 'needs at least 5 bytes (proven by search), capacity 4 bytes' "$tmp/err.txt" || fail "infeasible_tricky capacity 4: message"

# 5b. not found within a work budget: exit 3 says so, deterministically
"$SPADC" alloc "$MM/I.1048576.csv" --capacity 1048576 --work-limit 1000 --time-limit 600 -o "$tmp/i.csv" \
    > /dev/null 2> "$tmp/err.txt"
rc=$?
[ $rc -eq 3 ] || fail "I within 1000 nodes: exit $rc, expected 3"
grep -q 'error: does not fit: no plan within the capacity 1048576 bytes found within 1000 search nodes (best' "$tmp/err.txt" ||
    fail "I within 1000 nodes: message: $(head -1 "$tmp/err.txt")"
grep -qx 'optimal: unknown (work limit)' "$tmp/err.txt" || fail "I within 1000 nodes: summary: $(grep optimal "$tmp/err.txt")"
[ "$(summary_field "$tmp/err.txt" nodes)" = 1000 ] || fail "I within 1000 nodes: $(summary_field "$tmp/err.txt" nodes) nodes"
[ -e "$tmp/i.csv" ] && fail "I within 1000 nodes: wrote a plan that does not fit"

# 6. a challenging instance at its capacity (few thousand nodes)
"$SPADC" alloc "$MM/F.1048576.csv" --capacity 1048576 --time-limit 600 -o "$tmp/f.csv" > "$tmp/sum.txt" || fail "F: exit"
check_plan "$tmp/f.csv" 1048576 || fail "F: plan at 1048576"
[ "$(summary_field "$tmp/sum.txt" greedy)" = 1441792 ] || fail "F: greedy baseline"

# 7. --time-limit 0 is greedy plus the bound
"$SPADC" alloc "$MM/F.1048576.csv" --time-limit 0 -o "$tmp/g.csv" > "$tmp/sum.txt" || fail "greedy only: exit"
check_plan "$tmp/g.csv" 1441792 || fail "greedy only: plan"
[ "$(summary_field "$tmp/sum.txt" optimal)" = yes ] && fail "greedy only: claims optimal"

# 8. an empty table is fine; reading stdin with '-'
"$SPADC" alloc - < "$DATA/header_only.csv" > "$tmp/h.csv" 2> "$tmp/sum.txt" || fail "header only: exit"
[ "$(cat "$tmp/h.csv")" = "id,lower,upper,size,offset" ] || fail "header only: output"
[ "$(summary_field "$tmp/sum.txt" footprint)" = 0 ] || fail "header only: footprint 0"

# 8b. a UTF-8 byte order mark before the header (spreadsheets write one) is
# not part of the first column's name, and the plan's header has none
{ printf '\xEF\xBB\xBF'; cat "$MM/input.12.csv"; } > "$tmp/bom.csv"
"$SPADC" alloc "$tmp/bom.csv" > "$tmp/bom_out.csv" 2> "$tmp/sum.txt"
rc=$?
[ $rc -eq 0 ] || fail "byte order mark: exit $rc: $(head -1 "$tmp/sum.txt")"
head -1 "$tmp/bom_out.csv" | grep -qx 'id,lower,upper,size,offset' || fail "byte order mark: header $(head -1 "$tmp/bom_out.csv" | od -c | head -1)"
check_plan "$tmp/bom_out.csv" 12 || fail "byte order mark: plan"

# 9. usage errors exit 2; --help exits 0 and documents the contract
expect_usage() {
    "$SPADC" alloc "$@" > /dev/null 2> "$tmp/err.txt"
    local rc=$?
    [ $rc -eq 2 ] || fail "usage '$*': exit $rc, expected 2"
    grep -q 'spadc alloc: error:' "$tmp/err.txt" || fail "usage '$*': message"
}
expect_usage
expect_usage "$MM/input.12.csv" --capacity
expect_usage "$MM/input.12.csv" --capacity 0
expect_usage "$MM/input.12.csv" --capacity 12x
expect_usage "$MM/input.12.csv" --capacity 99999999999999999999
expect_usage "$MM/input.12.csv" --time-limit -1
expect_usage "$MM/input.12.csv" --work-limit 0
expect_usage "$MM/input.12.csv" --work-limit 1e6
expect_usage "$MM/input.12.csv" --work-limit
expect_usage "$MM/input.12.csv" --bogus
expect_usage "$MM/input.12.csv" "$MM/input.12.csv"
expect_usage "$MM/input.12.csv" -o
"$SPADC" alloc --help > "$tmp/help.txt" || fail "--help exit"
for word in '--capacity BYTES' '-o OUT.csv' '--time-limit SECONDS' '--work-limit NODES' 'offset' 'stdout' 'stderr' 'exit codes' \
    'lower' 'upper' 'alignment' 'inplace' '3 does not fit' "'-' reads stdin"; do
    grep -qF -- "$word" "$tmp/help.txt" || fail "--help does not mention '$word'"
done
"$SPADC" alloc /nonexistent/x.csv > /dev/null 2> "$tmp/err.txt"
[ $? -eq 1 ] || fail "missing file: exit 1"
grep -q '^/nonexistent/x.csv: error: cannot open' "$tmp/err.txt" || fail "missing file: message"

[ $fails -eq 0 ] && echo "alloc_cli: ok"
exit $((fails > 0))
