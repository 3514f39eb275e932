# SPDX-License-Identifier: GPL-2.0
# Guest test: every control rejects out-of-range, wrong-type, garbage and
# overflowing values with the right errno and changes nothing; an invalid
# item in the middle of a batch rejects the whole batch with its index;
# try never applies; cross-control checks hold.
. /job/lib.sh
need_driver
EINVAL=-22 ERANGE=-34 EACCES=-13

snapshot() { awk '!/^#/ { print $1, $7 }' $D/query | grep -v '^generation '; }

# expect_reject FILE TEXT ERRNO IDX WHAT: the write fails, nothing changes
expect_reject() {
	file=$1 text=$2 want=$3 idx=$4 what=$5
	g0=$(gen); s0=$(snapshot)
	if echo "$text" > "$file" 2>/dev/null; then
		fail "$what: '$text' accepted"
		return
	fi
	st=$(result status); ei=$(result error_idx)
	[ "$st" = "$want" ] || fail "$what: '$text' gave status $st, expected $want"
	[ -z "$idx" ] || [ "$ei" = "$idx" ] || fail "$what: '$text' gave error_idx $ei, expected $idx"
	[ "$(gen)" = "$g0" ] || fail "$what: '$text' changed the generation"
	[ "$(snapshot)" = "$s0" ] || fail "$what: '$text' changed a value"
	checks=$((checks + 1))
}

checks=0
# query must describe every control
nq=$(grep -vc '^#' $D/query)
[ "$nq" -eq "$(ls $D/ctrl | wc -l)" ] || fail "query lists $nq controls, ctrl/ has $(ls $D/ctrl | wc -l)"

grep -v '^#' $D/query > /tmp/query
while read -r name type min max step def val flags menu; do
	f=$D/ctrl/$name
	case $flags in
	read-only*)
		expect_reject $D/batch "$name=$val" $EACCES 0 "read-only $name"
		continue ;;
	esac
	[ "$(cat "$f")" = "$val" ] || fail "$name: ctrl file says $(cat "$f"), query $val"
	# single control file
	expect_reject "$f" "$((max + 1))" $ERANGE 0 "$name max+1"
	expect_reject "$f" "$((min - 1))" $ERANGE 0 "$name min-1"
	expect_reject "$f" "12abc" $EINVAL 0 "$name garbage"
	expect_reject "$f" "" $EINVAL 0 "$name empty"
	expect_reject "$f" "99999999999999999999" $ERANGE 0 "$name overflow"
	expect_reject "$f" "-99999999999999999999" $ERANGE 0 "$name negative overflow"
	expect_reject "$f" "1 2" $EINVAL "" "$name two values"
	case $type in
	integer)
		expect_reject "$f" "busy" $EINVAL 0 "$name menu name on an integer"
		expect_reject "$f" "0x10" $EINVAL 0 "$name hex"
		[ "$step" -gt 1 ] && expect_reject "$f" "$((min + 1))" $ERANGE 0 "$name off-step" ;;
	boolean)
		expect_reject "$f" "2" $ERANGE 0 "$name bool 2"
		expect_reject "$f" "yes" $EINVAL 0 "$name bool word" ;;
	menu)
		expect_reject "$f" "nosuchitem" $EINVAL 0 "$name unknown menu item"
		expect_reject "$f" "1.5" $EINVAL 0 "$name fraction" ;;
	esac
	# the same through the batch file, in the middle of valid items
	expect_reject $D/batch "seed=7 jitter_pct=3 $name=$((max + 1)) temp_c=50" $ERANGE 2 "batch $name"
	expect_reject $D/try "seed=7 $name=zz9 temp_c=50" $EINVAL 1 "try $name"
	# a valid single set applies, bumps the generation, and reads back
	g0=$(gen)
	echo "$def" > "$f" || fail "$name: setting the default $def failed ($(cat $D/result))"
	[ "$(cat "$f")" = "$def" ] || fail "$name: reads $(cat "$f") after setting $def"
	[ "$(gen)" = $((g0 + 1)) ] || fail "$name: generation $(gen) after set, expected $((g0 + 1))"
done < /tmp/query

# batch syntax errors
expect_reject $D/batch "seed=3 nosuch=1 temp_c=50" $EINVAL 1 "unknown control"
expect_reject $D/batch "seed=3 temp_c" $EINVAL 1 "item without ="
expect_reject $D/batch "seed=3 temp_c=50 =4" $EINVAL 2 "item without name"
# cross-control checks: exit latency <= residency, depth ordering
expect_reject $D/batch "seed=3 s1_exit_us=600 temp_c=50" $EINVAL 1 "exit > residency"
expect_reject $D/batch "s2_residency_us=400 seed=3" $EINVAL 0 "residency below the shallower state's"
expect_reject $D/batch "temp_c=60 s3_exit_us=1400 seed=4" $EINVAL 1 "exit below the shallower state's"
expect_reject $D/ctrl/s1_exit_us "600" $EINVAL 0 "single set breaking a cross check"
# ... and a batch that satisfies them only as a whole is accepted
g0=$(gen)
echo "s1_exit_us=600 s1_residency_us=700" > $D/batch || fail "consistent batch rejected: $(cat $D/result)"
[ "$(cat $D/ctrl/s1_exit_us) $(cat $D/ctrl/s1_residency_us)" = "600 700" ] || fail "batch not applied"
[ "$(gen)" = $((g0 + 1)) ] || fail "a batch must publish one generation ($g0 -> $(gen))"
[ "$(result error_idx)" = 2 ] && [ "$(result count)" = 2 ] || fail "success result: $(cat $D/result)"

# try validates but never applies
g0=$(gen); s0=$(snapshot)
echo "seed=99 temp_c=100 opp=450MHz dma_mode=busy" > $D/try || fail "valid try rejected: $(cat $D/result)"
[ "$(result status)" = 0 ] || fail "valid try: $(cat $D/result)"
[ "$(gen)" = "$g0" ] && [ "$(snapshot)" = "$s0" ] || fail "try applied something"
# menu items by name or index
echo "opp=575MHz dma_mode=2" > $D/batch && [ "$(cat $D/ctrl/opp) $(cat $D/ctrl/dma_mode)" = "1 2" ] ||
	fail "menu by name/index: $(cat $D/ctrl/opp) $(cat $D/ctrl/dma_mode)"
# the simsocctl wrapper
simsocctl set temp_c=70 seed=5 || fail "simsocctl set failed"
[ "$(simsocctl get temp_c)" = 70 ] || fail "simsocctl get temp_c: $(simsocctl get temp_c)"
simsocctl set seed=5 temp_c=500 2> /tmp/err && fail "simsocctl accepted temp_c=500"
grep -q "at item 1 'temp_c=500'" /tmp/err || fail "simsocctl did not name the failing item: $(cat /tmp/err)"
simsocctl try temp_c=30 || fail "simsocctl try failed"
[ "$(simsocctl get temp_c)" = 70 ] || fail "simsocctl try applied"
simsocctl list > "$RESULTS/controls-list.txt" || fail "simsocctl list failed"
echo "$checks rejection checks" | tee "$RESULTS/controls.txt"
finish
