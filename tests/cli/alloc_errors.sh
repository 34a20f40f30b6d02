#!/usr/bin/env bash
# spadc alloc on degenerate input: each is a located error (FILE:LINE:COL:
# error: ...) with exit status 1, never a crash, a hang or a plan.
set -u
: "${SPADC:?}" "${SPADC_SRC:?}"
DATA="$SPADC_SRC/tests/data/alloc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect FILE 'LINE:COL: error: TEXT...' : the first line of stderr must be
# FILE:LINE:COL: error: and contain TEXT; exit 1; nothing on stdout.
expect() {
    local file=$1 want=$2
    timeout 60 "$SPADC" alloc "$file" > "$tmp/out" 2> "$tmp/err"
    local rc=$?
    [ $rc -eq 1 ] || fail "$(basename "$file"): exit $rc, expected 1 ($(head -1 "$tmp/err"))"
    [ -s "$tmp/out" ] && fail "$(basename "$file"): wrote output"
    case "$(head -1 "$tmp/err")" in
    "$file:$want"*) ;;
    *) fail "$(basename "$file"): got '$(head -1 "$tmp/err")', expected '$file:$want...'" ;;
    esac
}

expect "$DATA/empty.csv" "1:1: error: empty file"
expect "$DATA/blank.csv" "1:1: error: empty file"
expect "$DATA/zero_size.csv" "3:7: error: size must be at least 1 byte"
expect "$DATA/duplicate_id.csv" "4:1: error: duplicate id 'a' (first on line 2)"
expect "$DATA/lower_ge_upper.csv" "3:5: error: empty lifetime: upper (4) must be greater than lower (4)"
expect "$DATA/not_a_number.csv" "3:5: error: expected a non-negative integer for 'upper', found 'x7'"
expect "$DATA/missing_column.csv" "1:1: error: missing column 'size'"
expect "$DATA/huge_number.csv" "2:7: error: 'size' too large"
expect "$DATA/negative.csv" "2:3: error: 'lower' must not be negative"
expect "$DATA/crlf_negative.csv" "3:7: error: 'size' must not be negative"
expect "$DATA/field_count.csv" "3:6: error: expected 4 fields as in the header, found 3"
expect "$DATA/bad_alignment.csv" "2:9: error: alignment 3 is not a power of two"
expect "$DATA/unknown_column.csv" "1:21: error: unsupported column 'offset'"
expect "$DATA/duplicate_column.csv" "1:21: error: column 'size' given twice"
expect "$DATA/empty_id.csv" "2:1: error: empty id"
expect "$DATA/total_too_large.csv" "3:7: error: sizes and alignments so far add up to more than 2^62 bytes"
expect "$DATA/inplace_unknown.csv" "3:9: error: inplace names unknown id 'zz'"
expect "$DATA/inplace_timing.csv" "3:9: error: cannot take 'a' in place: this buffer starts at step 1 but 'a' dies at step 2"
expect "$DATA/inplace_larger.csv" "3:9: error: cannot take 'a' in place: 8 bytes do not fit in its 4"
expect "$DATA/inplace_twice.csv" "4:9: error: 'a' is already taken in place by 'b' (line 3)"

# made here: a line too long, a NUL byte, many fields, binary noise
{ printf 'id,lower,upper,size\na,0,1,'; head -c 5000 /dev/zero | tr '\0' '7'; printf '\n'; } > "$tmp/long.csv"
expect "$tmp/long.csv" "2:4097: error: line too long"
printf 'id,lower,upper,size\na,0,1\0,4\n' > "$tmp/nul.csv"
expect "$tmp/nul.csv" "2:6: error: unexpected NUL byte"
printf 'id,lower,upper,size\na,0,1,4,1,1,1,1,1,1,1,1,1,1,1,1,1\n' > "$tmp/fields.csv"
expect "$tmp/fields.csv" "2:"
# bytes a message cannot show as they are come out escaped (\xHH), so that
# an invisible one is seen: a byte order mark inside a field, a zero-width
# space, a control character; well-formed UTF-8 text stays as it is
printf '\xEF\xBB\xBFid,lower,upper,size\na,0,1,\xEF\xBB\xBF4\n' > "$tmp/bom_field.csv"
expect "$tmp/bom_field.csv" "2:7: error: expected a non-negative integer for 'size', found '\xEF\xBB\xBF4'"
printf 'id,lower,upper,size\na,0,1,4\xE2\x80\x8B\n' > "$tmp/zwsp.csv"
expect "$tmp/zwsp.csv" "2:7: error: expected a non-negative integer for 'size', found '4\xE2\x80\x8B'"
printf 'id,lower,upper,size\na\x01,0,1,4\na\x01,0,1,4\n' > "$tmp/ctl.csv"
expect "$tmp/ctl.csv" "3:1: error: duplicate id 'a\x01' (first on line 2)"
printf 'id,lower,upper,size\ngr\xC3\xB6\xC3\x9Fe,0,1,4\ngr\xC3\xB6\xC3\x9Fe,0,1,4\n' > "$tmp/utf8.csv"
expect "$tmp/utf8.csv" "3:1: error: duplicate id '$(printf 'gr\xC3\xB6\xC3\x9Fe')' (first on line 2)"
# a leading byte order mark is skipped: columns count from after it
printf '\xEF\xBB\xBFid,lower,upper,size,offset\na,0,1,4,0\n' > "$tmp/bom_column.csv"
expect "$tmp/bom_column.csv" "1:21: error: unsupported column 'offset'"
# UTF-16 (what some spreadsheets call Unicode text) is named as such
printf '\xFF\xFEi\0d\0,\0' > "$tmp/utf16.csv"
expect "$tmp/utf16.csv" "1:1: error: the file is UTF-16 (byte order mark \xFF\xFE); save it as UTF-8 or ASCII"

head -c 20000 /dev/urandom | tr -d '\0' > "$tmp/noise.csv"
timeout 60 "$SPADC" alloc "$tmp/noise.csv" > /dev/null 2> "$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "noise: exit $rc, expected 1"
grep -q "^$tmp/noise.csv:[0-9]*:[0-9]*: error: " "$tmp/err" || fail "noise: not a located error: $(head -1 "$tmp/err")"

[ $fails -eq 0 ] && echo "alloc_errors: ok"
exit $((fails > 0))
