#!/bin/sh
# An amdgpu devcoredump decoded whole (decode/check without -e): dumps are
# printed here with the formats of Linux 6.12's amdgpu_devcoredump_format
# (amdgpu_dev_coredump.c) and gfx_v10_0.c's print_ip_state -- several rings
# (compute, gfx, sdma, vcn, jpeg), the gfx one hung -- and the run must show
# every ring with its own engine, the hung one first and marked, the rings
# gfxkit does not decode raw with their pointers, the registers by name and
# field, the page fault, and refuse a dump without ring contents at its line.
. "$(dirname "$0")/lib.sh"

PAD=ffff1000 # type-3 NOP, COUNT 0x3fff: one dword of padding
ring() { # NAME RPTR WPTR WORDS...: a ring printed as the kernel prints it
	name=$1 rp=$2 wp=$3
	shift 3
	printf 'ring name: %s\nRptr: 0x%x Wptr: 0x%x RB mask: %x\nRing size in dwords: %d\nRing contents\nOffset \t Value\n' \
		"$name" "$rp" "$wp" $(($# - 1)) $#
	i=0
	for w in "$@"; do
		printf '0x%x \t 0x%s\n' $((4 * i)) "$(echo "$w" | sed 's/^0*\(.\)/\1/')"
		i=$((i + 1))
	done
}
pads() { # N: N pads
	k=0
	while [ "$k" -lt "$1" ]; do
		printf '%s ' $PAD
		k=$((k + 1))
	done
}
reg() { printf '%-50s \t 0x%08x\n' "$1" "$2"; }
head_part() { # HUNG-RING
	printf '**** AMDGPU Device Coredump ****\nversion: 1\nkernel: 6.12.9-amd64\nmodule: amdgpu\n'
	printf 'time: 1742.096153887\nprocess_name: vkcube PID: 4242\n\nSOC Information\nSOC Device id: 29631\n'
	printf 'SOC PCI Revision id: 192\nSOC Family: 143\nSOC Revision id: 1\nSOC External Revision id: 41\n'
	printf '\nHW IP Version Information\nHWIP: GC[1][0]: v10.3.0.0.0\nHWIP: SDMA0[3][0]: v5.2.0.0.0\n'
	printf '\nIP Firmwares\nME feature version: 38, fw version: 0x00000060\n'
	[ -n "$1" ] && printf '\nRing timed out details\nIP Type: 0 Ring Name: %s\n' "$1"
	printf '\n[gfxhub] Page fault observed\nFaulty page starting at address: 0x0000800000100000\n'
	printf 'Protection fault status register: 0x301031\n\n'
	printf 'IP Dump\nIP: gfx_v10_0\n'
	reg mmGRBM_STATUS 0xa0003028
	reg mmGRBM_STATUS2 0x70000008
	reg mmNOT_A_REGISTER 0x12345678
	printf '\nnum_mec: 1 num_pipe: 1 num_queue: 1\n\nmec 0, pipe 0, queue 0\n'
	reg mmCP_HQD_ACTIVE 0x00000001
	printf '\n'
}
# the gfx ring: CONTEXT_CONTROL, WAIT_REG_MEM (rptr on it), NOP; wptr after (2 wraps on)
GFX="$(pads 8) c0012800 80000000 80000000 c0053c00 00000013 00100000 00000000 00000001 ffffffff 00000004 c0001000 00000000 $(pads 44)"
rings() {
	printf 'Ring buffer information\n'
	ring comp_1.0.0 0 0 $(pads 16)
	ring gfx_0.0.0 11 148 $GFX
	ring sdma0 5 5 00000002 00200000 00000000 00000000 deadbeef 0 0 0 0 0 0 0 0 0 0 0
	ring sdma1 0 0 0 0 0 0 0 0 0 0
	ring vcn_dec_0 4 8 30000000 30000001 30000002 30000003 30000004 30000005 30000006 30000007 30000008 30000009
	ring jpeg_dec 0 0 40000000 40000001
	printf 'VRAM is lost due to GPU reset!\n'
}
{ head_part gfx_0.0.0; rings; } >cd.txt

run "whole" 0 decode cd.txt
cp out whole.txt
# the rings, hung first, then the dump's order; each with its engine
grep '^; ring ' out | sed 's/:.*//' >order.txt
printf '; ring gfx_0.0.0 [HUNG\n; ring comp_1.0.0\n; ring sdma0\n; ring sdma1\n; ring vcn_dec_0\n; ring jpeg_dec\n' |
	sed 's/ \[HUNG$/ [HUNG/' >order_want.txt
sed -i 's/ \[HUNG.*/ [HUNG/' order.txt
same order.txt order_want.txt "whole: the hung ring first, then the dump's order"
has out "whole: the GPU from the dump" '^; devcoredump cd\.txt: GPU gfx1030 \(GC 10\.3\.0\), kernel 6\.12\.9-amd64, 6 rings$'
has out "whole: the hung ring said" '^; the kernel reported ring gfx_0\.0\.0 timed out \(IP Type 0, line [0-9]+\)$'
has out "whole: the hung ring marked, pm4" \
	'^; ring gfx_0\.0\.0 \[HUNG: the ring the kernel reported timed out\]: gfx, rptr 0xb wptr 0x94, 64 dwords, decoded with pm4$'
has out "whole: compute with pm4" '^; ring comp_1\.0\.0: compute, rptr 0x0 wptr 0x0, 16 dwords, decoded with pm4$'
has out "whole: the hung ring's packets" '^0x0000002c: WAIT_REG_MEM FUNCTION=EQUAL MEM_SPACE=MEMORY '
# the sdma rings with dma: decoded where the dma engine knows the GPU, else raw with the reason, once
if "$G" list -g gfx1030 -e dma >/dev/null 2>&1; then
	has out "whole: sdma with dma" '^; ring sdma0: sdma, rptr 0x5 wptr 0x5, 16 dwords, decoded with dma$'
	has out "whole: sdma1 with dma" '^; ring sdma1: sdma, .*decoded with dma$'
else
	has out "whole: sdma raw, the reason" "^; ring sdma0: sdma, rptr 0x5 wptr 0x5, 16 dwords: shown raw \(dma: unknown GPU 'gfx1030' for dma"
	has out "whole: sdma1 raw, the reason not again" '^; ring sdma1: sdma, rptr 0x0 wptr 0x0, 8 dwords: shown raw \(dma: as above\)$'
	has out "whole: sdma words raw" '^0x00000000: 0x00000002 0x00200000 0x00000000 0x00000000 0xdeadbeef 0x00000000 0x00000000 0x00000000$'
	if [ "$(grep -c 'unknown GPU' out)" = 1 ]; then ok; else bad "whole: the dma reason said more than once"; fi
fi
# rings of engines gfxkit does not decode: named, raw, their pointers
has out "whole: vcn named, raw" '^; ring vcn_dec_0: vcn, rptr 0x4 wptr 0x8, 10 dwords: shown raw \(gfxkit does not decode vcn rings\)$'
has out "whole: vcn words" '^0x00000000: 0x30000000 0x30000001 0x30000002 0x30000003 0x30000004 0x30000005 0x30000006 0x30000007$'
has out "whole: vcn rptr" '^    ; <- rptr at 0x10$'
has out "whole: vcn wptr" '^    ; <- wptr at 0x20$'
has out "whole: jpeg named, raw" '^; ring jpeg_dec: jpeg, rptr 0x0 wptr 0x0, 2 dwords: shown raw \(gfxkit does not decode jpeg rings\)$'
# the page fault and the registers
has out "whole: page fault" \
	'^; page fault \[gfxhub\]: address 0x0000800000100000, status 0x00301031: MORE_FAULTS=1 WALKER_ERROR=0 PERMISSION_FAULTS=3 MAPPING_ERROR=0 CID=0x8 RW=0 VMID=3$'
has out "whole: GRBM_STATUS by field" '^;   GRBM_STATUS +0xa0003028  .*CP_BUSY=1 GUI_ACTIVE=1$'
has out "whole: an unknown register raw" "^;   mmNOT_A_REGISTER +0x12345678  \(raw: not in gfxkit's gfx1030 register table\)$"
has out "whole: the queue heading" '^; IP Dump: gfx_v10_0, mec 0, pipe 0, queue 0$'
hasnot err "whole: no reader notes per ring" 'note: reading ring'

# each pm4 ring is what --ring NAME -e pm4 shows
run "--ring gfx_0.0.0" 0 decode -g gfx1030 -e pm4 --ring gfx_0.0.0 cd.txt
awk '/^; ring gfx_0\.0\.0/ { on = 1; next } /^; ring / { on = 0 } on' whole.txt >whole_gfx.txt
same whole_gfx.txt out "whole: the hung ring as --ring shows it"
run "--ring comp_1.0.0" 0 decode -g gfx1030 -e pm4 --ring comp_1.0.0 cd.txt
awk '/^; ring comp_1\.0\.0/ { on = 1; next } /^; ring / { on = 0 } on' whole.txt >whole_comp.txt
same whole_comp.txt out "whole: the compute ring as --ring shows it"

# -f devcoredump, standard input, -g overriding the dump, -o
run "-f devcoredump" 0 decode -f devcoredump cd.txt
same out whole.txt "-f devcoredump reads like auto"
"$G" decode <cd.txt >out 2>err
sed 's/^; devcoredump <stdin>:/; devcoredump cd.txt:/' out >stdin.txt
same stdin.txt whole.txt "standard input, no -g: whole"
printf 'c0001000 00000000\n' | "$G" decode >out 2>err
has err "standard input, not a dump, no -g: -g asked for" '^gfxkit: -g GPU is required \(<stdin> is not a devcoredump'
run "-g overrides" 0 decode -g gfx1100 cd.txt
has out "-g overrides the dump" '^; devcoredump cd\.txt: GPU gfx1100 \(-g\)'
run "-o" 0 decode -o whole_o.txt cd.txt
same whole_o.txt whole.txt "-o: the same text"
# check: the diagnostics of every decoded ring, and the summary
run "check" 0 check cd.txt
has err "check: the summary" '^cd\.txt: 0 errors, [0-9]+ warnings?$'
# JSON: standard output stays JSON Lines; the headings go to stderr
run "--json" 0 decode --json cd.txt
if grep -qv '^{' out; then bad "--json: a line that is not JSON"; else ok; fi
has out "--json: the hung ring's units first" '"name":"CONTEXT_CONTROL"'
has err "--json: the ring headings on stderr" '^cd\.txt: ring vcn_dec_0: vcn'
# each unit says its ring first ("ring_name", docs/json.md): the hung gfx
# ring's, then each other decoded ring's; every line in the one schema
if grep -v '^{"ring_name":"' out | grep -q .; then bad "--json: a line without ring_name first"; else ok; fi
has out "--json: gfx units named" '^\{"ring_name":"gfx_0\.0\.0","offset":[0-9]+,"engine":"pm4"'
has out "--json: sdma units named" '^\{"ring_name":"sdma0","offset":[0-9]+,"engine":"dma"'
if [ "$(sed -n 1p out | cut -c1-24)" = '{"ring_name":"gfx_0.0.0"' ]; then ok; else bad "--json: the hung ring first: $(sed -n 1p out | cut -c1-60)"; fi
SCHEMA_TEST=$BUILD/tests/core/test_json_schema
if [ -x "$SCHEMA_TEST" ]; then
	cp out "$T/cd.jsonl"
	if (cd "$ROOT" && "$SCHEMA_TEST" --lines "$T/cd.jsonl") >schema.out 2>&1; then ok; else bad "--json: the schema: $(grep FAIL schema.out | head -3)"; fi
else
	skip "$SCHEMA_TEST not built: the whole dump's JSON lines are not validated against docs/json-schema.json"
fi
# -e pm4 keeps reading one ring (the hung one), as before
run "-e pm4: one ring" 0 decode -g gfx1030 -e pm4 cd.txt
hasnot out "-e pm4: no ring headings" '^; ring '

# options about one stream's words: refused, never applied to a guessed ring
for opt in "--skip 4" "--count 4" "--base 0x1000" "--follow"; do
	run "whole $opt" 2 decode $opt cd.txt
	has err "whole $opt: refused" "^gfxkit: ${opt%% *} is about one stream: .*--ring NAME -e ENGINE"
done

# no timed-out ring named: the dump's order
{ head_part ""; rings; } >cd_nohung.txt
run "none hung" 0 decode cd_nohung.txt
has out "none hung: the first ring first" '^; ring comp_1\.0\.0: compute'
hasnot out "none hung: nothing marked" 'HUNG'

# a dump without ring contents: refused, the hung ring and why, at its line
{
	head_part gfx_0.0.0
	printf 'Ring buffer information\nring name: gfx_0.0.0\nRptr: 0xb Wptr: 0x94 RB mask: 3f\nRing size in dwords: 64\n'
	printf 'Ring contents unavailable\nring name: sdma0\nRptr: 0x0 Wptr: 0x0 RB mask: f\nRing size in dwords: 16\nRing contents unavailable\n'
} >cd_none.txt
n=$(grep -n '^Ring contents unavailable' cd_none.txt | head -1 | cut -d: -f1)
run "no contents" 2 decode cd_none.txt
has err "no contents: the hung ring, why, where" \
	"^cd_none\.txt:$n: error: ring gfx_0\.0\.0, the one the kernel reported timed out: Ring contents unavailable"
# cut before the rings (pasted without them)
sed '/^Ring buffer information/,$d' cd.txt >cd_cut.txt
n=$(grep -n '^IP Type: 0 Ring Name: gfx_0.0.0' cd_cut.txt | cut -d: -f1)
run "no rings" 2 decode cd_cut.txt
has err "no rings: the hung ring named, at its line" \
	"^cd_cut\.txt:$n: error: the devcoredump ends before 'Ring buffer information': no ring contents; the kernel reported ring gfx_0\.0\.0 timed out$"
# a bad ring line: at its line and column
n=$(grep -n "$(printf '^0xc \t ')" cd.txt | sed -n 2p | cut -d: -f1)
sed "${n}s/.*/0xc \t zz/" cd.txt >cd_bad.txt
run "bad word" 2 decode cd_bad.txt
has err "bad word: line and column" "^cd_bad\.txt:$n:7: error: expected the dword as 0xVALUE"
# no GPU in the dump and no -g
grep -v '^HWIP\|^SOC Family' cd.txt >cd_nogpu.txt
run "no GPU" 2 decode cd_nogpu.txt
has err "no GPU: give -g" 'the devcoredump names no GPU .*give -g GPU'
run "no GPU, -g" 0 decode -g navi21 cd_nogpu.txt

# a CIK dump (no IP discovery: the SOC family names it): the sdma ring with dma
{
	printf '**** AMDGPU Device Coredump ****\nversion: 1\nkernel: 6.12.9-amd64\nmodule: amdgpu\n'
	printf '\nSOC Information\nSOC Family: 120\n\nRing timed out details\nIP Type: 2 Ring Name: sdma0\n\n'
	printf 'Ring buffer information\n'
	ring gfx 0 0 ffff1000 ffff1000
	ring sdma0 0 5 00000002 00200000 00000000 00000001 deadbeef 00000000 00000000 00000000
} >cd_cik.txt
run "cik" 0 decode cd_cik.txt
has out "cik: the GPU from the family" '^; devcoredump cd_cik\.txt: GPU cik \(SOC family 120\)'
has out "cik: the hung sdma ring first, with dma" '^; ring sdma0 \[HUNG: the ring the kernel reported timed out\]: sdma, rptr 0x0 wptr 0x5, 8 dwords, decoded with dma$'
has out "cik: its WRITE" '^0x00000000: WRITE_LINEAR'
has out "cik: the gfx ring after" '^; ring gfx: gfx, .*decoded with pm4$'

# the example
run "example" 0 decode "$ROOT/examples/devcoredump_gfx1030.txt"
has out "example: kiq with pm4" '^; ring kiq_0\.2\.1\.0: kiq, .*decoded with pm4$'
finish
