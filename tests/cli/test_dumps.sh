#!/bin/sh
# The dumps users paste, through the CLI: od/hexdump/xxd output of a real
# stream decodes exactly like the binary (with the tools this machine has),
# -f names a form, --base/--skip/--count, a radeon ring dump marks its
# pointers, and text in no known form is refused with its line and column.
. "$(dirname "$0")/lib.sh"

B=$ROOT/examples/evergreen_compute.bin
run "binary" 0 decode -g evergreen -e pm4 "$B"
cp out ref.txt

# every dump tool present here: same packets, same offsets, exit 0
for tool in "od -t x4" "od -A x -t x4" "od -A d -t x4" "od -x" "od -t x1" "hexdump" "hexdump -C" "xxd" "xxd -e"; do
	cmd=${tool%% *}
	command -v "$cmd" >/dev/null 2>&1 || continue
	$tool "$B" >dump.txt
	run "$tool" 0 decode -g evergreen -e pm4 dump.txt
	if cmp -s out ref.txt; then ok; else bad "$tool: decode differs from the binary's"; fi
	# and through stdin
	$tool "$B" | "$G" decode -g evergreen -e pm4 >out 2>err
	if cmp -s out ref.txt; then ok; else bad "$tool (stdin): decode differs"; fi
done

# od collapses repeated lines into '*': the zeros come back
if command -v od >/dev/null 2>&1; then
	{ head -c 32 "$B"; head -c 4096 /dev/zero; cat "$B"; } >rep.bin
	run "rep binary" 0 decode -g evergreen -e pm4 rep.bin
	cp out rep.txt
	od -t x4 rep.bin >rep.od
	has rep.od "od wrote a repeat" '^\*$'
	run "od with '*'" 0 decode -g evergreen -e pm4 rep.od
	if cmp -s out rep.txt; then ok; else bad "od '*': decode differs"; fi
	# -j: the first address is the offset
	od -j 16 -A x -t x4 "$B" >j.od
	run "od -j 16" 0 decode -g evergreen -e pm4 j.od
	has out "od -j: offsets from 16" '^0x00000010: '
fi

# -f names the form; a wrong name lists them
printf 'r[   10]=0xc0012800\nr[   11]=0x80000003 *\nr[   12]=0x80000000\n' >ring.txt
run "-f radeon-ring" 0 decode -g evergreen -e pm4 -f radeon-ring ring.txt
run "-f nonsense" 2 decode -g evergreen -e pm4 -f nonsense ring.txt
has err "-f lists the forms" 'radeon-ring.*klog.*od.*xxd.*umr'

# --base, --skip, --count
run "--base" 0 decode -g evergreen -e pm4 --base 0x400000 "$B"
has out "--base: offsets are addresses" '^0x00400000: CONTEXT_CONTROL'
run "--skip 1 --count 2" 0 decode -g evergreen -e pm4 --skip 1 --count 2 "$B"
n=$(grep -c '^0x' out)
if [ "$n" -eq 2 ]; then ok; else bad "--count 2 printed $n units"; fi
hasnot out "--skip 1" 'CONTEXT_CONTROL'
run "--count x" 2 decode -g evergreen -e pm4 --count x "$B"

# a radeon ring dump: header, the dump from 32 dwords before rptr, markers
{
	echo "wptr: 0x00000008 [    8]"
	echo "rptr: 0x00000003 [    3]"
	echo "driver's copy of the wptr: 0x00000008 [    8]"
	echo "last semaphore signal addr : 0x0000000000000000"
	echo "last semaphore wait addr   : 0x0000000000000000"
	echo "1019 free dwords in ring"
	echo "5 dwords in ring"
	echo "r[ 1022]=0xc0ff1000"
	echo "r[ 1023]=0xc0ff1000"
	echo "r[    0]=0xc0012800"
	echo "r[    1]=0x80000003"
	echo "r[    2]=0x80000000"
	echo "r[    3]=0xc0004600 *"
	echo "r[    4]=0x00000407"
	echo "r[    5]=0xc0001000"
	echo "r[    6]=0x00000000"
	echo "r[    7]=0x80000000"
	echo "r[    8]=0x80000000"
} >radeon.txt
run "radeon ring" 0 decode -g evergreen -e pm4 radeon.txt
has out "ring: raw words before the chain onto rptr" '^0x00000ff8: \.long 0xc0ff1000 0xc0ff1000 ; before the first packet'
has out "ring: wraps to index 0" '^0x00000000: CONTEXT_CONTROL'
has out "ring: the rptr packet" '^0x0000000c: EVENT_WRITE'
has out "ring: rptr marked" '^    ; <- rptr$'
has out "ring: wptr marked" '^    ; <- wptr$'
run "radeon ring check" 0 check -g evergreen -e pm4 radeon.txt

# several inputs in one call: one stream each, in order
run "two files" 0 check -g evergreen -e pm4 "$B" radeon.txt
has err "two files: the first" "evergreen_compute.bin: 0 errors"
has err "two files: the second" "radeon.txt: 0 errors"
run "encode takes one file" 2 encode -g evergreen -e pm4 a.s b.s

# following: the demo's ring and its IB from a memory image, by --mem and --mem-map
R=$ROOT/examples/radeon_ring_gfx.txt
run "follow --mem" 0 decode -g evergreen -e pm4 --follow --mem 0x100000="$B" "$R"
has out "follow: the IB packet" '^0x00000fe0: INDIRECT_BUFFER IB_BASE=0x100000'
has out "follow: its first packet, nested" '^    0x00100000: CONTEXT_CONTROL'
has out "follow: its dispatch" '^    0x001000b4: DISPATCH_DIRECT'
has out "follow: back in the ring after the wrap" '^0x00000004: EVENT_WRITE_EOP'
cp out follow.txt
printf '# address file\n0x100000 %s\n' "$B" >map.txt
run "follow --mem-map" 0 decode -g evergreen -e pm4 --follow --mem-map map.txt "$R"
if cmp -s out follow.txt; then ok; else bad "--mem-map: differs from --mem"; fi
od -A x -t x4 "$B" >ib.od
run "follow: a memory image in od form" 0 decode -g evergreen -e pm4 --follow --mem 0x100000=ib.od "$R"
if cmp -s out follow.txt; then ok; else bad "od memory image: differs from the binary one"; fi
run "follow, no memory" 1 check -g evergreen -e pm4 --follow "$R"
has out "follow: the absent IB named" 'radeon_ring_gfx.txt:0xfe0: error: INDIRECT_BUFFER: .*indirect buffer 0x100000..0x1000df \(224 bytes\) is not in memory'
run "follow: JSON nesting" 0 decode -g evergreen -e pm4 --json --follow --mem 0x100000="$B" "$R"
has out "follow: JSON depth" '^\{"depth":1,"ib":1048576,"parent":4064,"offset":1048576,'
run "ring JSON marks" 0 decode -g evergreen -e pm4 --json "$R"
has out "JSON: rptr on its unit" '^\{"ring":\["rptr"\],"offset":4064,"engine":"pm4","name":"INDIRECT_BUFFER"'
has out "JSON: wptr on its unit" '^\{"ring":\["wptr","driver_wptr"\],"offset":28,'
run "--mem without =" 2 decode -g evergreen -e pm4 --follow --mem 0x100000 "$R"
printf 'nonsense\n' >badmap.txt
run "--mem-map bad line" 2 decode -g evergreen -e pm4 --follow --mem-map badmap.txt "$R"
has err "--mem-map names its line" 'badmap.txt:1: expected'

# text in no known form: refused at its line and column, naming the forms
printf 'hello\n' >hello.txt
run "hello" 2 decode -g evergreen -e pm4 hello.txt
has err "refusal names the forms" '^hello.txt:1:1: error: .*nor a ring dump, kernel log, od, hexdump, xxd or umr listing'
printf '00000000: c0012800 80000003\n00000010: 80000000\n' >gap.txt
run "address gap" 2 decode -g evergreen -e pm4 gap.txt
has err "gap at its line" '^gap.txt:2:1: error: address 0x10, but the words before end at 0x8'

finish
