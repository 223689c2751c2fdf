#!/bin/sh
# The dumps users paste, through the CLI: od/hexdump/xxd output of a real
# stream decodes exactly like the binary (with the tools this machine has),
# -f names a form, --base/--skip/--count, a radeon ring dump marks its
# pointers, an amdgpu devcoredump reads the ring asked for (or the hung one)
# and text in no known form is refused with its line and column.
. "$(dirname "$0")/lib.sh"

B=$ROOT/examples/evergreen_compute.bin
run "binary" 0 decode -g evergreen -e pm4 "$B"
cp out ref.txt

# every dump tool present here: same packets, same offsets, exit 0
for tool in "od -A x -t x4" "od -A x -t x4 -v" "od -A x -x" "od -A x -t x1" "hexdump" "hexdump -x" "hexdump -C" "xxd" "xxd -e" "xxd -e -g4"; do
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
	od -A x -t x4 rep.bin >rep.od
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
has out "follow: its dispatch" '^    0x001000fc: DISPATCH_DIRECT'
has out "follow: back in the ring after the wrap" '^0x00000004: EVENT_WRITE_EOP'
cp out follow.txt
printf '# address file\n0x100000 %s\n' "$B" >map.txt
run "follow --mem-map" 0 decode -g evergreen -e pm4 --follow --mem-map map.txt "$R"
if cmp -s out follow.txt; then ok; else bad "--mem-map: differs from --mem"; fi
od -A x -t x4 "$B" >ib.od
run "follow: a memory image in od form" 0 decode -g evergreen -e pm4 --follow --mem 0x100000=ib.od "$R"
if cmp -s out follow.txt; then ok; else bad "od memory image: differs from the binary one"; fi
run "follow, no memory" 1 check -g evergreen -e pm4 --follow "$R"
has out "follow: the absent IB named" 'radeon_ring_gfx.txt:0xfe0: error: INDIRECT_BUFFER: .*indirect buffer 0x100000..0x100127 \(296 bytes\) is not in memory'
run "follow: JSON nesting" 0 decode -g evergreen -e pm4 --json --follow --mem 0x100000="$B" "$R"
has out "follow: JSON depth" '^\{"depth":1,"ib":1048576,"parent":4064,"offset":1048576,'
run "ring JSON marks" 0 decode -g evergreen -e pm4 --json "$R"
has out "JSON: rptr on its unit" '^\{"ring":\["rptr"\],"offset":4064,"engine":"pm4","name":"INDIRECT_BUFFER"'
has out "JSON: wptr on its unit" '^\{"ring":\["wptr","driver_wptr"\],"offset":28,'
run "--mem without =" 2 decode -g evergreen -e pm4 --follow --mem 0x100000 "$R"
printf 'nonsense\n' >badmap.txt
run "--mem-map bad line" 2 decode -g evergreen -e pm4 --follow --mem-map badmap.txt "$R"
has err "--mem-map names its line" 'badmap.txt:1: expected'

# an amdgpu devcoredump (Linux amdgpu_dev_coredump.c): the example at index
# 16 of a 128-dword gfx ring (wptr a gfx9+ counter, 3 wraps on), a compute
# ring before it, an sdma ring without contents; the hung ring named
if command -v od >/dev/null 2>&1; then
	od -An -v -t x4 "$B" | tr -s ' ' '\n' | grep . >words.txt
	cd_ring() { # NAME SIZE RPTR WPTR: header, then the words of words.txt at index 16 (SIZE 128) or filler
		printf 'ring name: %s\nRptr: 0x%x Wptr: 0x%x RB mask: %x\nRing size in dwords: %d\nRing contents\nOffset \t Value\n' \
			"$1" "$3" "$4" $(($2 - 1)) "$2"
		awk -v size="$2" -v put="$([ "$2" -eq 128 ] && echo 1 || echo 0)" '{ w[NR] = $1 } END {
			for (i = 0; i < size; i++) {
				v = (put && i >= 16 && i - 15 <= NR) ? w[i - 15] : "80000000"
				sub(/^0+/, "", v); if (v == "") v = "0"
				printf "0x%x \t 0x%s\n", 4 * i, v
			} }' words.txt
	}
	{
		printf '**** AMDGPU Device Coredump ****\nversion: 1\nkernel: 6.12.9-amd64\nmodule: amdgpu\n'
		printf 'time: 1742.096153887\npasid: 32771\n\nSOC Information\nSOC Device id: 29695\n'
		printf '\nRing timed out details\nIP Type: 0 Ring Name: gfx_0.0.0\n\n[gfxhub] Page fault observed\n'
		printf 'Faulty page starting at address: 0x0000000000000000\nProtection fault status register: 0x0\n\n'
		printf 'IP Dump\nIP: gfx_v10_0\nregCP_RB0_RPTR                                 0x00000010\n\n'
		printf 'Ring buffer information\n'
		cd_ring comp_1.0.0 16 0 0
		cd_ring gfx_0.0.0 128 16 474
		printf 'ring name: sdma0\nRptr: 0x0 Wptr: 0x0 RB mask: ff\nRing size in dwords: 256\nRing contents unavailable\n'
		printf 'VRAM is lost due to GPU reset!\n'
	} >cd.txt
	run "devcoredump: the example at 0x40" 0 decode -g evergreen -e pm4 --base 0x40 "$B"
	cp out cd_ref.txt
	run "devcoredump" 0 decode -g evergreen -e pm4 cd.txt
	has err "devcoredump: which ring and why, before the decode" \
		'^cd\.txt:[0-9]+: note: reading ring gfx_0\.0\.0: the one the kernel reported timed out'
	has out "devcoredump: rptr on the first packet" '^    ; <- rptr$'
	has out "devcoredump: wptr masked into the ring" '^    ; <- wptr$'
	grep -v '^    ; <- ' out | grep -v 'PACKET2' >cd_got.txt
	same cd_got.txt cd_ref.txt "devcoredump: the ring's packets are the binary's"
	cp out cd_auto.txt
	run "-f devcoredump" 0 decode -g evergreen -e pm4 -f devcoredump cd.txt
	same out cd_auto.txt "-f devcoredump reads like auto"
	run "devcoredump check" 0 check -g evergreen -e pm4 cd.txt
	run "devcoredump JSON" 0 decode -g evergreen -e pm4 --json cd.txt
	has out "devcoredump JSON: rptr" '^\{"ring":\["rptr"\],"offset":64,"engine":"pm4","name":"CONTEXT_CONTROL"'
	run "--ring comp_1.0.0" 0 decode -g evergreen -e pm4 --ring comp_1.0.0 cd.txt
	has err "--ring: the hung ring still named" 'note: reading ring comp_1\.0\.0, as asked; the one the kernel reported timed out is gfx_0\.0\.0$'
	has out "--ring comp_1.0.0: its 16 dwords" '^0x0000003c: PACKET2$'
	hasnot out "--ring comp_1.0.0: not the gfx ring" 'CONTEXT_CONTROL'
	run "--ring absent" 2 decode -g evergreen -e pm4 --ring gfx_0.1.0 cd.txt
	has err "--ring absent: the rings named" \
		'^cd\.txt:[0-9]+:1: error: no ring gfx_0\.1\.0 \(asked for by name\) in the devcoredump; rings: comp_1\.0\.0, gfx_0\.0\.0, sdma0 \(contents unavailable\)'
	run "--ring without contents" 2 decode -g evergreen -e pm4 --ring sdma0 cd.txt
	has err "--ring without contents" 'ring sdma0 \(asked for by name\) has no contents'
	run "--ring of a binary" 2 decode -g evergreen -e pm4 --ring gfx_0.0.0 "$B"
	has err "--ring of a binary" 'only a devcoredump holds named rings'
	# no hung ring named and two rings with contents: the first, said; the second refused
	grep -v 'Ring Name: gfx' cd.txt >cd2.txt
	run "devcoredump, two rings, none hung" 2 decode -g evergreen -e pm4 cd2.txt
	has err "two rings: the first read, said" 'note: reading ring comp_1\.0\.0, the first with contents'
	has err "two rings: the second refused at its line" \
		'^cd2\.txt:[0-9]+:1: error: a second ring with contents, gfx_0\.0\.0, after comp_1\.0\.0'
	# a bad word, and the dump cut mid-ring
	n=$(grep -n "$(printf '^0x44 \t ')" cd.txt | tail -1 | cut -d: -f1)
	sed "${n}s/.*/0x44 \t zz/" cd.txt >cd_bad.txt
	run "devcoredump bad word" 2 decode -g evergreen -e pm4 cd_bad.txt
	has err "bad word at its line and column" "^cd_bad\.txt:$n:8: error: expected the dword as 0xVALUE"
	head -n "$n" cd.txt >cd_cut.txt
	run "devcoredump cut" 2 decode -g evergreen -e pm4 cd_cut.txt
	has err "cut: said" "error: the dump ends inside ring gfx_0\.0\.0's contents, after 18 of its 128 dwords"
	has out "cut: the ring's words before the cut" '^0x00000040: \.long 0xc0012800 0x80000003$'
fi

# Every form of one stream decodes to the same packets (offsets aside: a
# ring's are its indices): the forms are made here from the example, the
# dumps with the real tools; a radeon ring dump and an amdgpu debugfs ring
# file (binary: rptr, wptr, driver wptr, then the ring) hold it in a ring
# of 128 dwords from index 104, so that it wraps inside a packet (the 24th
# word is the second of a 3-dword SET_CONTEXT_REG); the ring's other words
# are PACKET2 fillers, left out of the comparison.
norm() { # decode output without offsets, ring pointer notes and fillers
	sed -e '/^    ; <- /d' -e 's/^0x[0-9a-f]*: //' -e '/^PACKET2$/d' "$1"
}
if command -v od >/dev/null 2>&1; then
	run "forms: binary" 0 decode -g evergreen -e pm4 "$B"
	norm out >forms_ref.txt
	od -An -v -t x4 "$B" | tr -s ' ' '\n' | grep . >fw.txt
	# ring: index -> word, the stream from 104 in a ring of 128
	awk '{ w[NR - 1] = $1 } END { for (i = 0; i < 128; i++) r[i] = "80000000"
		for (k = 0; k < NR; k++) r[(104 + k) % 128] = w[k]
		for (i = 0; i < 128; i++) print r[i] }' fw.txt >ring128.txt
	form() { # NAME FILE [gfxkit args]: decodes to the binary's packets
		form_name=$1 form_file=$2
		shift 2
		run "forms: $form_name" 0 decode -g evergreen -e pm4 "$@" "$form_file"
		norm out >form.txt
		same form.txt forms_ref.txt "forms: $form_name decodes to the binary's packets"
		cp "$form_file" "form_$(echo "$form_name" | tr -c 'a-z0-9\n' _).txt"
	}
	cp fw.txt hexwords.txt
	form "hex words" hexwords.txt
	awk '{ printf "%08x: %s\n", 4 * (NR - 1), $1 }' fw.txt >addrwords.txt
	form "ADDRESS: hex words" addrwords.txt
	for tool in "od -A x -t x4" "od -A x -x" "od -A x -t x1" "hexdump" "hexdump -C" "xxd" "xxd -e"; do
		command -v "${tool%% *}" >/dev/null 2>&1 || continue
		$tool "$B" >tool.txt
		form "$tool" tool.txt
	done
	# radeon debugfs ring dump (radeon_ring.c): the header, then from 32
	# dwords before rptr to wptr, rptr marked
	awk -v rptr=104 -v wptr=50 '{ r[NR - 1] = $1 } END {
		printf "wptr: 0x%08x [%5d]\nrptr: 0x%08x [%5d]\n", wptr, wptr, rptr, rptr
		printf "driver'"'"'s copy of the wptr: 0x%08x [%5d]\n", wptr, wptr
		count = (wptr - rptr + 128) % 128
		printf "%u free dwords in ring\n%u dwords in ring\n", 128 - count, count
		i = (rptr + 128 - 32) % 128
		for (j = 0; j <= count + 32; j++) {
			printf "r[%5d]=0x%s%s\n", i, r[i], i == rptr ? " *" : ""
			i = (i + 1) % 128
		} }' ring128.txt >radeon128.txt
	form "radeon ring, wrapping inside a packet" radeon128.txt
	has out "radeon ring: the packet across the wrap at its index" '^0x000001fc: SET_CONTEXT_REG'
	sed 's/^/[  812.004113] [drm] /' radeon128.txt >klogring.txt
	form "radeon ring in a kernel log" klogring.txt
	awk '{ printf "[ 4242.%06u] [drm] ib[%d]=0x%s\n", NR, NR - 1, toupper($1) }' fw.txt >klog.txt
	form "kernel log ib[] lines" klog.txt
	awk 'BEGIN { print "Decoding IB at 0@0x500 from 0@0x0 of 74 words (type 4)" }
		{ printf "[0@0x00000500 + 0x%04x]\t[        0x%s]\tsomething\n", 4 * (NR - 1), $1 }' fw.txt >umr.txt
	form "umr listing" umr.txt
	if command -v xxd >/dev/null 2>&1; then
		{ printf '%08x\n%08x\n%08x\n' 104 50 50; cat ring128.txt; } |
			sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | xxd -r -p >amdgpu128.bin
		form "amdgpu ring file, wrapping inside a packet" amdgpu128.bin -f amdgpu-ring
		rm -f form_amdgpu* # binary: not one of the text forms damaged below
		has out "amdgpu ring: the packet across the wrap at its index" '^0x000001fc: SET_CONTEXT_REG'
		has out "amdgpu ring: rptr marked on its packet" '^0x000001a0: CONTEXT_CONTROL'
		cp out amdgpu_out.txt
		run "amdgpu ring: as the radeon dump of the same ring" 0 decode -g evergreen -e pm4 radeon128.txt
		# (radeon prints the word at wptr too: j <= count + 32)
		sed -n '/^0x000001a0: /,$p' out | grep -v '^    ; <- ' | sed '/^0x000000c8: PACKET2$/d' >r.txt
		sed -n '/^0x000001a0: /,$p' amdgpu_out.txt | grep -v '^    ; <- ' >a.txt
		same a.txt r.txt "amdgpu ring from rptr on: the radeon dump's units at the same indices"
		# rptr outside the ring: said, with the value and the size; read from index 0
		{ printf '%08x\n%08x\n%08x\n' 300 50 50; cat ring128.txt; } |
			sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | xxd -r -p >amdgpu_bad.bin
		run "amdgpu ring, rptr outside" 0 decode -g evergreen -e pm4 -f amdgpu-ring amdgpu_bad.bin
		has err "rptr outside: said" '^amdgpu_bad\.bin: warning: amdgpu ring: rptr 300 \(0x12c\) lies outside the ring.s 128 dwords'
		has out "rptr outside: read from index 0" '^0x00000000: '
	fi

	# damaged text: one byte of line 3 a NUL, a control byte, or one bit
	# flipped out of text; a line of no form as line 3.  Refused at the
	# byte (FILE:LINE:COL), exit 2, not decoded as binary words
	for f in form_*.txt radeon128.txt $(ls cd.txt 2>/dev/null); do
		for b in '\000' '\001' '\377' flip; do
			if [ "$b" = flip ]; then # the 6th byte of line 3 with its top bit set
				c=$(sed -n 3p "$f" | cut -c6)
				b=$(printf '\\%o' $(($(printf '%d' "'$c") ^ 128)))
			fi
			head -n 2 "$f" >dmg.txt
			printf '%s' "$(sed -n 3p "$f" | cut -c1-5)" >>dmg.txt
			printf "$b" >>dmg.txt
			sed -n '3p' "$f" | cut -c7- >>dmg.txt
			tail -n +4 "$f" >>dmg.txt
			says "damaged $f ($b)" 2 err "^dmg\.txt:3:6: error: .*damaged" decode -g evergreen -e pm4 dmg.txt
		done
		case $f in form_kernel_log*|form_umr*|form_radeon_ring_in*|cd.txt) continue ;; esac # other lines are no error there
		{ head -n 2 "$f"; echo "hello world"; tail -n +3 "$f"; } >badline.txt
		says "bad line in $f" 2 err '^badline\.txt:3:[0-9]+: error: ' decode -g evergreen -e pm4 badline.txt
	done

	# octal and decimal dumps, and od / hexdump addresses not in hex:
	# refused, naming what they look like and the command that gives hex
	for tool in "od" "od -t o4" "od -t d4" "od -t u4" "od -i" "od -d" "od -b" "od -t x4" "od -A d -t x4" "od -x" \
		"hexdump -d" "hexdump -o" "hexdump -b"; do
		command -v "${tool%% *}" >/dev/null 2>&1 || continue
		$tool "$B" >num.txt
		says "$tool refused" 2 err "^num\.txt:[12]:[0-9]+: error: .*(octal|decimal).*'od -A x -t x4 -v FILE'" \
			decode -g evergreen -e pm4 num.txt
		empty out "$tool: no packet shown"
	done
fi

# text in no known form: refused at its line and column, naming the forms
printf 'hello\n' >hello.txt
run "hello" 2 decode -g evergreen -e pm4 hello.txt
has err "refusal names the forms" '^hello.txt:1:1: error: .*nor a ring dump, kernel log, od, hexdump, xxd, umr or Mesa IB listing'
printf '00000000: c0012800 80000003\n00000010: 80000000\n' >gap.txt
run "address gap" 2 decode -g evergreen -e pm4 gap.txt
has err "gap at its line" '^gap.txt:2:1: error: address 0x10, but the words before end at 0x8'

# words that begin like gzip: 1f 8b with no gzip header after it are words
# (they were refused as damaged gzip); a real header (1f 8b 08 00) is gzip,
# whose damage names --no-gzip, which reads the bytes as they are
printf '\037\213\000\000\000\000\000\000' >notgz.bin
run "1f 8b 00 is words" 0 decode -g gfx9 -e pm4 notgz.bin
has out "first word" '^0x00000000: PACKET0 BASE_INDEX=0x8b1f'
printf '\037\213\010\000\000\000\000\000' >gzhead.bin
run "a gzip header is gzip" 2 decode -g gfx9 -e pm4 gzhead.bin
has err "damage named" '^gzhead.bin:0x0: error: gzip: '
has err "--no-gzip named" '^gzhead.bin: note: not a gzip file\? --no-gzip reads its bytes as they are'
run "--no-gzip: words" 0 decode --no-gzip -g gfx9 -e pm4 gzhead.bin
has out "first word with --no-gzip" '^0x00000000: .*0x00088b1f'
run "check --no-gzip" 1 check --no-gzip -g gfx9 -e pm4 gzhead.bin
hasnot err "no gzip error with --no-gzip" 'gzip'

finish
