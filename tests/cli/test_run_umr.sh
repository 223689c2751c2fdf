#!/bin/sh
# gfxkit run on a ring and the IB it called, both as umr prints them, the IB
# given with --mem: sh tests/cli/test_run_umr.sh path/to/gfxkit
#  - examples/umr_ring_navi10.txt + examples/umr_ib_navi10.txt (shipped,
#    written in umr's current form by hand, with the kernel's navi10 ring
#    words: the conditional on cond_exe, the HDP flush write-then-wait, the
#    IB; in the IB a SET_SH_REG whose offset umr left out, a
#    SET_SH_REG_INDEX INDEX=3, radv's fence RELEASE_MEM and its wait, and a
#    DISPATCH_DIRECT whose initiator umr never prints);
#  - the real gfx1033 capture of ../shared/reference/captures/umr-listings
#    (SKIPPED when absent): its ring's submission at 0x1800 into the IB at
#    0x80010005a100, to that IB's WAIT_REG_MEM on its fence.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

EX=$ROOT/examples
printf '\001\000\000\000' >one.bin # the kernel leaves cond_exe at 1

# the end of pipe held (the draws before the fence never finish): the IB's
# wait on radv's fence at 0x200000 hangs, after the ring's conditional and
# HDP flush ran; the fence holds 0 (--zero), the wait wants 0x2a
run "hang" 1 run -g navi10 -e pm4 --mem 0x100000="$EX/umr_ib_navi10.txt" --mem 0x401000=one.bin \
	--zero 0x200000:0x1000 --zero 0x401080:0x10 --eop-held --trace "$EX/umr_ring_navi10.txt"
has out "stalled at the IB's wait" '^; stalled at 0x44->IB:0x100038 WAIT_REG_MEM POLL_ADDRESS: waits for \(mem\[0x200000\] & 0xffffffff\) == 0x2a; found 0x0'
has out "the flush ran" '; sets 0x0389c BIF_BX_PF_GPU_HDP_FLUSH_DONE <- 0x00000001'
has out "INDEX=3 ran" '; sets 0x0b01c SPI_SHADER_PGM_RSRC3_PS <- 0x003fffff'
has out "the rebuilt offset ran" '; sets 0x0b834 COMPUTE_PGM_HI <- 0x00000080'
has out "the fence held" '; held: the end of pipe is never reached \(eop held\): 0x200000\.\.0x200003 not written'
has err "the image's cut" "umr_ib_navi10.txt:26: warning: umr never prints PKT3_DISPATCH_DIRECT's DISPATCH_INITIATOR \\(dword 4\\) and nothing in its listing gives it: 1 packet cut there, the first at 0x100054"
has err "the image's buffers" 'the image is 2 buffers, each at the listing.s own address, 0x100000\.\.0x10006f'

# the end of pipe reached: the wait is satisfied, and the run stops where
# the CP would fetch the word umr left out
run "fetch" 1 run -g navi10 -e pm4 --mem 0x100000="$EX/umr_ib_navi10.txt" --mem 0x401000=one.bin \
	--zero 0x200000:0x1000 --zero 0x401080:0x10 "$EX/umr_ring_navi10.txt"
has out "faults at the absent word" '^; faulted at 0x44->IB:0x100054 .*goes on at 0x100064, which is in no region'
has out "the fence landed first" ', 0x44->IB:0x100038 WAIT_REG_MEM$'

# the same as JSON Lines: the held fence on RELEASE_MEM's line, the end
# line with the wait; every line in the one schema (docs/json-schema.json)
run "hang --json" 1 run -g navi10 -e pm4 --mem 0x100000="$EX/umr_ib_navi10.txt" --mem 0x401000=one.bin \
	--zero 0x200000:0x1000 --zero 0x401080:0x10 --eop-held --json --trace "$EX/umr_ring_navi10.txt"
has out "json: held" '"name":"RELEASE_MEM".*"held":\{"first":2097152,"last":2097155\}'
has out "json: the end" '^\{"end":true,"status":"stalled"'
SCHEMA_TEST=$BUILD/tests/core/test_json_schema
if [ -x "$SCHEMA_TEST" ]; then
	cp out "$T/run.jsonl"
	if (cd "$ROOT" && "$SCHEMA_TEST" --lines "$T/run.jsonl") >schema.out 2>&1; then ok; else bad "json: the schema: $(grep FAIL schema.out | head -3)"; fi
else
	skip "$SCHEMA_TEST not built: run --json is not validated against docs/json-schema.json here"
fi

# the flush's second register by name, in text and JSON, as POLL_REG is
says "REG_ADDR2 named" 0 out 'POLL_REG=BIF_BX_PF_GPU_HDP_FLUSH_REQ REG_ADDR2=BIF_BX_PF_GPU_HDP_FLUSH_DONE ' \
	decode -g navi10 -e pm4 "$EX/umr_ring_navi10.txt"
says "REG_ADDR2 named in JSON" 0 out '"REG_ADDR2":"BIF_BX_PF_GPU_HDP_FLUSH_DONE"' \
	decode -g navi10 -e pm4 --json "$EX/umr_ring_navi10.txt"

# an IB image that ends between two packets (the listing cut after the
# SET_SH_REG_INDEX): its packets run, then the fetch of the rest faults
head -n 6 "$EX/umr_ib_navi10.txt" >short.txt
run "short IB" 1 run -g navi10 -e pm4 --mem 0x100000=short.txt --mem 0x401000=one.bin \
	--zero 0x200000:0x1000 --zero 0x401080:0x10 "$EX/umr_ring_navi10.txt"
has out "short IB: the rest is fetched" 'the indirect buffer at 0x100000 goes on at 0x100018, which is in no region'
has out "short IB: its packets ran" ', 0x44->IB:0x10000c SET_SH_REG_INDEX$'

# an image listing one buffer twice (umr following the same IB again):
# refused, naming the address, never loaded one copy over the other
(cat "$EX/umr_ib_navi10.txt"; printf 'Decoding IB at 0x0@0x100000 from 0x0@0x44 of 3 words (type 4)\n'; sed -n 2,4p "$EX/umr_ib_navi10.txt") >twice.txt
says "an IB listed twice" 2 err 'twice.txt holds words for 0x100000, which an earlier buffer .of this image or another --mem. already gives' \
	run -g navi10 -e pm4 --mem 0x100000=twice.txt --mem 0x401000=one.bin "$EX/umr_ring_navi10.txt"

# without the cond_exe word: a fault naming it
says "cond_exe absent" 1 out '^; faulted at 0x0 COND_EXEC .*0x401000' run -g navi10 -e pm4 \
	--mem 0x100000="$EX/umr_ib_navi10.txt" "$EX/umr_ring_navi10.txt"

L=$ROOT/../shared/reference/captures/umr-listings/feipiao594_gfx1033_umr_ring_gfx.txt
if [ ! -r "$L" ]; then
	skip "$L absent: the real gfx1033 ring and IB are not run"
else
	sed -n '1,/^Done decoding IB/p' "$L" >ring.txt
	sed -n '/^Decoding IB at 0x3@0x80010005a100 /,/^Done decoding IB/p' "$L" >ib.txt
	# the submission at 0x1800 is the ring's 55th packet (the 54 before it
	# skipped): COND_EXEC on 0x401160, the IB at 0x80010005a100 (536
	# dwords), whose RELEASE_MEM writes 0x2004d to 0xffff800100400700 and
	# whose WAIT_REG_MEM at +0x7c4 polls it; the IB's DMA_DATA prefetches
	# and reads touch 0xffff8000004..., 0xffff8000006..., 0xffff8000008...
	run "gfx1033" 1 run -g gfx1033 -e pm4 --eop-held --mem 0x80010005a100=ib.txt --mem 0x401160=one.bin \
		--skip 54 --count 8 --zero 0xffff800100400000:0x1000 --zero 0x66d000:0x1000 --zero 0x401000:0x100 \
		--zero 0xffff800000000000:0x1000000 ring.txt
	has out "gfx1033 hangs at the IB's wait" '^; stalled at 0x1828->IB:0x80010005a8c4 WAIT_REG_MEM POLL_ADDRESS: waits for \(mem\[0xffff800100400700\] & 0xffffffff\) == 0x2004d; found 0x0'
	has err "gfx1033 image cut at the initiator" "ib.txt:403: warning: umr never prints PKT3_DISPATCH_DIRECT's DISPATCH_INITIATOR \\(dword 4\\)"
	has out "gfx1033: the IB's packets ran" '^; the packets before it: .*0x1828->IB:0x80010005a8a4 RELEASE_MEM$'
fi
finish
