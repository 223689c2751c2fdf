#!/bin/sh
# End-to-end tests of the gfxkit command line: sh tests/cli/test_cli.sh path/to/gfxkit
# Input forms, --json/--raw, encode outputs, check exit codes and diagnostic
# format, usage errors (exit 2), chip aliases, and the examples round trip.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

EX=$ROOT/examples

# le WORD...: the words as little-endian bytes
le() {
	for w in "$@"; do
		w=${w#0x}
		while [ ${#w} -lt 8 ]; do w=0$w; done
		for i in 7 5 3 1; do
			b=$(printf '%s' "$w" | cut -c"$i-$((i + 1))")
			printf "\\$(printf '%03o' "0x$b")"
		done
	done
}
# hexdump of a binary file as one 32-bit word per line (endian-neutral)
words() {
	od -An -v -tx1 "$1" | awk '{ for (i = 1; i <= NF; i++) b[n++] = $i }
		END { for (i = 0; i + 3 < n; i += 4) print b[i+3] b[i+2] b[i+1] b[i] }'
}

# ---- decode: hex forms, binary, auto detection --------------------------
# SET_CONTEXT_REG DB_Z_INFO <- 5, then a type-2 filler
printf '0xc0016900 0x10\n0x5\n0x80000000\n' >a.hex
run "decode hex" 0 decode -g evergreen -e pm4 a.hex
cp out ref.txt
has ref.txt "decode hex" '^0x00000000: SET_CONTEXT_REG REG_OFFSET=0x10$'
has ref.txt "decode hex" '^    0x28040 DB_Z_INFO <- FORMAT=Z_16 0x00000004$'
has ref.txt "decode hex" '^0x0000000c: PACKET2$'
empty err "decode hex"

printf 'c0016900 10 5 80000000\n' >forms1.hex
printf '0xc0016900,0x10,0x5,\n0x80000000\n' >forms2.hex
printf '# SET_CONTEXT_REG\n00000000: c0016900 00000010 ; offset\n00000008: 00000005\n; filler\n0000000c: 80000000 # type 2\n' >forms3.hex
printf '0XC0016900\t0X00000010\r\n  0x00000005 0x80000000\r\n' >forms4.hex
printf '0xc0016900 0x10 0x5 0x80000000' >forms5.hex
for f in forms1 forms2 forms3 forms4 forms5; do
	run "decode $f" 0 decode -g evergreen $f.hex
	same out ref.txt "hex form $f"
	run "decode -f hex $f" 0 decode -g evergreen -f hex $f.hex
	same out ref.txt "hex form $f with -f hex"
done

le c0016900 10 5 80000000 >a.bin
run "decode bin (auto)" 0 decode -g evergreen a.bin
same out ref.txt "binary input"
run "decode -f bin" 0 decode -g evergreen -f bin a.bin
same out ref.txt "binary input, -f bin"
run "decode -f auto" 0 decode -g evergreen -f auto a.bin
same out ref.txt "binary input, -f auto"
run "decode stdin" 0 decode -g evergreen - <a.bin
same out ref.txt "binary from stdin"
run "decode stdin, no file" 0 decode -g evergreen <a.hex
same out ref.txt "hex from stdin"
# hex text with a UTF-8 comment is still text
printf '# SET_CONTEXT_REG (seed \302\2479.4.15)\n0xc0016900 0x10\n0x5\n0x80000000\n' >utf8.hex
run "decode hex with a UTF-8 comment (auto)" 0 decode -g evergreen utf8.hex
same out ref.txt "hex with a UTF-8 comment, -f auto"
run "decode hex with a UTF-8 comment (-f hex)" 0 decode -g evergreen -f hex utf8.hex
same out ref.txt "hex with a UTF-8 comment, -f hex"
# binary read as text is not hex
run "decode -f hex on binary" 2 decode -g evergreen -f hex a.bin
has err "-f hex on binary" '^a\.bin:1:[0-9]+: error: '
# a binary stream whose bytes happen to be printable is still read as words with -f bin
printf 'ABCD' >abcd.bin
run "decode -f bin printable" 0 decode -g evergreen -f bin abcd.bin
has out "-f bin printable" '^0x00000000: PACKET1 BITS=0x'

# ---- --json and --raw ---------------------------------------------------
run "decode --json" 0 decode -g evergreen --json a.hex
cp out json.txt
n=$(wc -l <json.txt)
if [ "$n" -eq 2 ]; then ok; else bad "--json: $n lines, want one per packet (2)"; fi
has json.txt "--json" '^\{"offset":0,"engine":"pm4","name":"SET_CONTEXT_REG","words":\[3221317888,16,5\],.*\}$'
has json.txt "--json" '"registers":\[\{"offset":163904,"name":"DB_Z_INFO","value":5'
has json.txt "--json" '^\{"offset":12,"engine":"pm4","name":"PACKET2","words":\[2147483648\],.*\}$'
has json.txt "--json: enums" '"enums":\{"SHADER_TYPE":"GRAPHICS"\},"registers":\[\{"offset":163904,"name":"DB_Z_INFO","value":5,.*"enums":\{"FORMAT":"Z_16"\}\}\]'
hasnot json.txt "--json: no text without --text" '"text":'
run "decode --json --text" 0 decode -g evergreen --json --text a.hex
has out "--json --text" '"diagnostics":\[\],"text":"0x0000000c: PACKET2"\}$'
if command -v python3 >/dev/null 2>&1; then
	if python3 -c '
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert isinstance(o["words"], list) and isinstance(o["diagnostics"], list)
    assert o["engine"] == "pm4" and isinstance(o["fields"], dict) and isinstance(o["enums"], dict)
' json.txt 2>jerr; then ok; else bad "--json: python3 json.loads rejects a line: $(tail -1 jerr)"; fi
fi

run "decode --raw" 0 decode -g evergreen --raw a.hex
has out "--raw" '^    ; raw 0xc0016900 0x00000010 0x00000005$'
has out "--raw" '^    ; raw 0x80000000$'
cp out raw.txt
run "encode of --raw output" 0 encode -g evergreen raw.txt
same out a.bin "--raw text encodes back"

# ---- encode -------------------------------------------------------------
printf 'SET_CONTEXT_REG\n    DB_Z_INFO <- FORMAT=Z_16 0x4\nPACKET2\n' >a.s
run "encode" 0 encode -g evergreen -e pm4 a.s
same out a.bin "encode to stdout"
empty err "encode"
run "encode -f bin" 0 encode -g evergreen -f bin a.s
same out a.bin "encode -f bin"
run "encode -f hex" 0 encode -g evergreen -f hex a.s
printf '0xc0016900\n0x00000010\n0x00000005\n0x80000000\n' >want.hex
same out want.hex "encode -f hex"
run "encode -o" 0 encode -g evergreen -o o.bin a.s
empty out "encode -o writes nothing to stdout"
same o.bin a.bin "encode -o"
run "encode -f hex -o" 0 encode -g evergreen -f hex -o o.hex a.s
same o.hex want.hex "encode -f hex -o"
run "encode stdin" 0 encode -g evergreen <a.s
same out a.bin "encode from stdin"
run "encode -f bad" 2 encode -g evergreen -f auto a.s
# -o on decode: write the file, or refuse; never ignore it silently
rm -f d.txt
"$G" decode -g evergreen -o d.txt a.hex >out 2>err
rc=$?
if [ "$rc" -eq 0 ] && [ -f d.txt ] && cmp -s d.txt ref.txt && [ ! -s out ]; then ok
elif [ "$rc" -eq 2 ] && [ -s err ]; then ok
else bad "decode -o d.txt: exit $rc, d.txt $( [ -f d.txt ] && echo written || echo 'not written'), $(wc -l <out) lines on stdout"
fi
run "decode of encode -f hex" 0 decode -g evergreen o.hex
same out ref.txt "encode -f hex reads back"

# ---- check: exit status and diagnostic lines ----------------------------
run "check clean" 0 check -g evergreen a.hex
empty out "check clean"
has err "check clean" '^a\.hex: 0 errors, 0 warnings$'
# a reserved bit in SET_CONTEXT_REG dw1, then a misaligned MEM_WRITE at 0xc
printf '0xc0016900 0x10010 0x5\n0xc0033d00 0x1004 0 0x1 0x2\n' >bad.hex
run "check errors" 1 check -g evergreen bad.hex
has out "check diag format" '^bad\.hex:0x0: error: SET_CONTEXT_REG: dw1\[16:16\]: reserved bits set'
has out "check diag format" '^bad\.hex:0xc: error: MEM_WRITE: dw1\[[0-9]+:[0-9]+\]: .*ADDRESS.*QWORD'
hasnot out "check diag format" '^[^b]|^bad\.hex:0x[0-9a-f]+: [^ew]'
has err "check summary" '^bad\.hex: 2 errors, 0 warnings$'
run "check --json" 1 check -g evergreen --json bad.hex
n=$(grep -c '^{"offset":' out)
if [ "$n" -eq 2 ]; then ok; else bad "check --json: $n lines, want 2"; fi
has out "check --json" '"severity":"error"'
# past the per-packet cap check says how many it dropped, and the summary counts them all
{ printf '0xc0286100'; i=0; while [ $i -lt 42 ]; do printf ' 0xffffffff'; i=$((i + 1)); done; echo; } >many.hex
run "check: dropped diagnostics" 1 check -g evergreen many.hex
n=$(grep -c ': error: LOAD_CONTEXT_REG: ' out)
if [ "$n" -eq 16 ]; then ok; else bad "check: $n diagnostic lines for the packet, want the cap (16)"; fi
has out "check: dropped diagnostics" '^many\.hex:0x0: note: \.\.\. 25 more diagnostics for this packet$'
has err "check: dropped diagnostics counted" '^many\.hex: 42 errors, 0 warnings$'
says "check --json: dropped diagnostics" 1 out '"diagnostics_dropped":25\}$' check -g evergreen --json many.hex
run "decode with errors" 0 decode -g evergreen bad.hex
has out "decode shows diagnostics" '^    ; error: SET_CONTEXT_REG: dw1\[16:16\]: reserved bits set'
# truncated last packet
printf '0xc0016900 0x10\n' >trunc.hex
says "check truncated" 1 out '^trunc\.hex:0x0: error: SET_CONTEXT_REG: .*past the end' check -g evergreen trunc.hex
says "decode truncated" 0 out '^0x00000000: \.long 0xc0016900 0x00000010$' decode -g evergreen trunc.hex
# an EXEC_COUNT region that runs past the end names the packet that opened it
printf 'COND_EXEC BOOL_ADDR=0x1000 EXEC_COUNT=5\nNOP\n' >ce.s
run "encode COND_EXEC" 0 encode -g evergreen -o ce.bin ce.s
run "check EXEC_COUNT past the end" 1 check -g evergreen ce.bin
has out "COND_EXEC past the end" '^ce\.bin:0x0: error: COND_EXEC: dw3\[13:0\]: .*EXEC_COUNT'
printf 'PRED_EXEC DEVICE_SELECT=1 EXEC_COUNT=5\nNOP\n' >pe.s
run "encode PRED_EXEC" 0 encode -g evergreen -o pe.bin pe.s
run "check PRED_EXEC past the end" 1 check -g evergreen pe.bin
has out "PRED_EXEC past the end" '^pe\.bin:0x0: error: PRED_EXEC: dw1\[13:0\]: .*EXEC_COUNT'
printf 'PRED_EXEC DEVICE_SELECT=1 EXEC_COUNT=2\nNOP\n    DATA_BLOCK 1 2\n' >pe2.s
run "encode PRED_EXEC 2" 0 encode -g evergreen -o pe2.bin pe2.s
run "check EXEC_COUNT inside a packet" 1 check -g evergreen pe2.bin
has out "EXEC_COUNT inside a packet" '^pe2\.bin:0x8: error: NOP: EXEC_COUNT of the packet at 0x0 ends inside'
run "check empty" 0 check -g evergreen /dev/null
run "decode empty" 0 decode -g evergreen /dev/null
empty out "decode empty"

# ---- usage errors: exit 2 with a message --------------------------------
says "missing file" 2 err 'nosuch\.bin' decode -g evergreen nosuch.bin
says "missing file (check)" 2 err 'nosuch\.bin' check -g evergreen nosuch.bin
says "missing file (encode)" 2 err 'nosuch\.s' encode -g evergreen nosuch.s
says "unknown GPU" 2 err "r900" decode -g r900 a.hex
says "unknown engine" 2 err "sdma" decode -g evergreen -e sdma a.hex
says "bad option" 2 err "--frobnicate" decode -g evergreen --frobnicate a.hex
says "bad -f" 2 err "xml" decode -g evergreen -f xml a.hex
run "no GPU" 2 decode a.hex
run "-g without a value" 2 decode -g
run "unknown command" 2 frob -g evergreen a.hex
printf '0xc0016900 0xzz\n' >badhex.hex
says "bad hex digit" 2 err '^badhex\.hex:1:14: error: ' decode -g evergreen badhex.hex
printf '0x5\n0x123456789\n' >wide.hex
says "hex word too wide" 2 err '^wide\.hex:2:1: error: ' check -g evergreen wide.hex
printf '0x80000000 00000004: 0x80000000\n' >label.hex
says "ADDRESS: inside a line" 2 err '^label\.hex:1:12: error: ' decode -g evergreen label.hex

# ---- binary length not a multiple of 4 ----------------------------------
le 80000000 80000000 >odd.bin
printf 'X' >>odd.bin
run "binary of 9 bytes (decode)" 2 decode -g evergreen odd.bin
has err "binary of 9 bytes" '^odd\.bin:0x8: error: .*dword'
says "binary of 9 bytes (check)" 2 err '^odd\.bin:0x8: error: ' check -g evergreen -f bin odd.bin
printf '\001\002\003' >three.bin
says "binary of 3 bytes" 2 err '^three\.bin:0x0: error: ' decode -g evergreen -f bin three.bin

# ---- encode errors: FILE:LINE:COL, exit 1 -------------------------------
# WHAT|TEXT (a printf format)|LINE:COL of the error (an ERE)|what its message names
while IFS='|' read -r what text at names; do
	printf "$text" >e.s
	says "encode $what" 1 err "^e\\.s:$at: error: .*$names" encode -g evergreen -o e.bin e.s </dev/null
done <<'EOF'
unknown packet|NOP\nFROB X=1\n|2:1|FROB
unknown register|SET_CONTEXT_REG\n    NO_SUCH_REG <- 1\n|2:5|NO_SUCH_REG
bad value|EVENT_WRITE EVENT_TYPE=NOT_AN_EVENT\n|1:[0-9]+|NOT_AN_EVENT
value too wide|INDEX_TYPE SWAP_MODE=9\n|1:[0-9]+|
COUNT mismatch|NOP COUNT=3\n    DATA_BLOCK 1\n|1:[0-9]+|COUNT
indented first line|    NOP\n|1:[0-9]+|
unknown field|DISPATCH_DIRECT SHADER_TYPE=COMPUTE NO_FIELD=1\n|1:37|NO_FIELD
EOF

# ---- chip aliases -------------------------------------------------------
for pair in cypress:evergreen rv770:r700 aruba:cayman rs880:r600 juniper:evergreen rv610:r600; do
	chip=${pair%%:*} gen=${pair#*:}
	"$G" decode -g "$gen" a.hex >gen.txt 2>&1
	run "alias $chip" 0 decode -g "$chip" a.hex
	same out gen.txt "$chip decodes as $gen"
done
# the alias picks the right generation: packets that exist on some only
printf 'DISPATCH_DIRECT SHADER_TYPE=COMPUTE DIM_X=1 DIM_Y=1 DIM_Z=1 DISPATCH_INITIATOR=1\n' >dd.s
run "DISPATCH_DIRECT on cypress" 0 encode -g cypress -o dd.bin dd.s
run "DISPATCH_DIRECT checks on cypress" 0 check -g cypress dd.bin
run "DISPATCH_DIRECT checks on rs880" 1 check -g rs880 dd.bin
has out "DISPATCH_DIRECT on rs880" 'does not exist on r600'
printf 'PFP_SYNC_ME\n' >ps.s
run "PFP_SYNC_ME on rv770" 0 encode -g rv770 -o ps.bin ps.s
run "PFP_SYNC_ME checks on rv770" 0 check -g rv770 ps.bin
run "PFP_SYNC_ME checks on rs880" 1 check -g rs880 ps.bin
printf 'DEALLOC_STATE SHADER_TYPE=COMPUTE\n' >ds.s
run "DEALLOC_STATE on aruba" 0 encode -g aruba -o ds.bin ds.s
run "DEALLOC_STATE checks on aruba" 0 check -g aruba ds.bin
run "DEALLOC_STATE checks on cypress" 1 check -g cypress ds.bin

# ---- examples: assemble, decode, assemble again ---------------------------
run "encode example" 0 encode -g evergreen -e pm4 -o ex.bin "$EX/evergreen_compute.s"
same ex.bin "$EX/evergreen_compute.bin" "examples/evergreen_compute.s assembles to the .bin"
run "check example" 0 check -g evergreen ex.bin
run "decode example" 0 decode -g evergreen ex.bin
cp out ex.txt
same ex.txt "$EX/evergreen_compute.txt" "decoded example equals examples/evergreen_compute.txt"
run "encode decoded example" 0 encode -g evergreen -o ex2.bin ex.txt
same ex2.bin ex.bin "decode -> encode of the example"
run "encode -f hex example" 0 encode -g evergreen -f hex -o ex.hex "$EX/evergreen_compute.s"
run "decode hex example" 0 decode -g evergreen ex.hex
same out ex.txt "hex and binary decode alike"

# ---- a long stream: input windows and hex with ADDRESS: labels ------------
i=0
: >long.bin
while [ $i -lt 3000 ]; do cat "$EX/evergreen_compute.bin"; i=$((i + 1)); done >long.bin
words long.bin | awk '{ if (NR % 4 == 1) printf "%08x:", (NR - 1) * 4; printf " %s", $0; if (NR % 4 == 0) print "" }
	END { if (NR % 4) print "" }' >long.hex
run "decode long binary" 0 decode -g evergreen long.bin
cp out long.txt
run "decode long hex" 0 decode -g evergreen long.hex
same out long.txt "long stream: hex with labels decodes like binary"
run "encode long" 0 encode -g evergreen -o long2.bin long.txt
same long2.bin long.bin "long stream round trip"
run "check long" 0 check -g evergreen long.hex

# list: the packets a generation has, by opcode
says "list r600" 0 out '^0x44  ME_INITIALIZE ' list -g r600 -e pm4
hasnot out "list r600 has no dispatch" 'DISPATCH_DIRECT'
hasnot out "list r600 has no PACKET1" 'PACKET1'
says "list cayman" 0 out '^0x14  DEALLOC_STATE ' list -g aruba -e pm4
run "list needs a GPU" 2 list -e pm4

# JSON: an EXEC_COUNT running past the end comes as a last "end" line
printf 'PRED_EXEC DEVICE_SELECT=1 EXEC_COUNT=5\nNOP\n' >pe2.s
run "encode pe2" 0 encode -g evergreen -o pe2.bin pe2.s
run "decode pe2 json" 0 decode -g evergreen --json pe2.bin
has out "json end line" '^\{"offset":16,"engine":"pm4","end":true,"diagnostics":\[\{"severity":"error","code":"exec_count","offset":0,"dw":1,"bits":\[13,0\],"field":"EXEC_COUNT",'
run "check pe2 json" 1 check -g evergreen --json pe2.bin
has out "check json end line" '"end":true'

# =========================================================================
# DMA / SDMA (-e dma)
# =========================================================================
DMA_GENS="r600 r700 evergreen cayman si cik"

# ---- list: the packets of each generation --------------------------------
for g in $DMA_GENS; do
	run "list $g -e dma" 0 list -g $g -e dma
	cp out list_$g.txt
	empty err "list $g -e dma"
	has list_$g.txt "list $g -e dma" '  (WRITE_LINEAR|NOP|FENCE|TRAP|SEMAPHORE|INDIRECT_BUFFER) '
	hasnot list_$g.txt "list $g -e dma: no PM4 packets" 'SET_CONTEXT_REG|PACKET2|DISPATCH_DIRECT'
done
# r6xx/r7xx: command only; 4-dword copies before RV770, constant fill from RV770
has list_r600.txt "list r600 -e dma" '^0x02  WRITE_LINEAR '
has list_r600.txt "list r600 -e dma" '^0x03  COPY_LINEAR .*4 dwords'
hasnot list_r600.txt "r600 has no CONSTANT_FILL" 'CONSTANT_FILL'
hasnot list_r600.txt "r600 has no sub-commands" '^0x[0-9a-f]/'
has list_r700.txt "list r700 -e dma" '^0x03  COPY_LINEAR .*5 dwords'
has list_r700.txt "list r700 -e dma" '^0x0d  CONSTANT_FILL '
for g in r600 r700; do
	hasnot list_$g.txt "$g has no SRBM packets" 'SRBM_|POLL_REG_MEM|COPY_L2L|WRITE_PTE_PDE'
done
# evergreen..si: command/sub-command
has list_evergreen.txt "list evergreen -e dma" '^0x3/0x00  COPY_L2L_DW '
has list_evergreen.txt "list evergreen -e dma" '^0x3/0x08  COPY_L2T '
has list_evergreen.txt "list evergreen -e dma" '^0x09  SRBM_READ '
hasnot list_evergreen.txt "evergreen lacks COPY_L2L_PARTIAL" 'COPY_L2L_PARTIAL'
hasnot list_evergreen.txt "evergreen lacks the Cayman+ copies and PTE writes" 'COPY_L2T_PARTIAL|COPY_T2T_PARTIAL|WRITE_PTE_PDE'
hasnot list_evergreen.txt "evergreen lacks POLL_REG_MEM" 'POLL_REG_MEM'
has list_cayman.txt "list cayman -e dma" '^0x3/0x41  COPY_L2L_PARTIAL '
has list_cayman.txt "list cayman -e dma" '^0x2/0x42  WRITE_PTE_PDE '
has list_cayman.txt "list cayman -e dma" '^0x09  SRBM_READ '
hasnot list_cayman.txt "cayman lacks POLL_REG_MEM" 'POLL_REG_MEM'
has list_si.txt "list si -e dma" '^0x0e  POLL_REG_MEM '
has list_si.txt "list si -e dma" '^0x3/0x4d  COPY_T2T_PARTIAL '
has list_si.txt "list si -e dma" '^0x09  SRBM_WRITE '
hasnot list_si.txt "si has no SRBM_READ" 'SRBM_READ'
# cik: opcode/sub-opcode
has list_cik.txt "list cik -e dma" '^0x1/0x00  COPY_LINEAR '
has list_cik.txt "list cik -e dma" '^0x1/0x05  COPY_TILED_SUB_WINDOW '
has list_cik.txt "list cik -e dma" '^0x8/0x00  POLL_REG_MEM '
has list_cik.txt "list cik -e dma" '^0x9/0x00  COND_EXEC '
has list_cik.txt "list cik -e dma" '^0xc/0x00  WRITE_PTE_PDE '
has list_cik.txt "list cik -e dma" '^0xd/0x02  GET_GLOBAL_TIMESTAMP '
hasnot list_cik.txt "cik has no SRBM_READ" 'SRBM_READ'
hasnot list_cik.txt "cik has no r6xx-SI copies" 'COPY_L2L_DW|COPY_L2T  |COPY_L2T_TILES|COPY_L2L_PARTIAL'
# chip names list like their generation
for pair in tahiti:si pitcairn:si verde:si oland:si hainan:si bonaire:cik kaveri:cik kabini:cik hawaii:cik \
	mullins:cik barts:evergreen turks:evergreen caicos:evergreen cypress:evergreen juniper:evergreen \
	aruba:cayman ni:cayman rv770:r700 rv710:r700 rv610:r600 rs880:r600; do
	chip=${pair%%:*} gen=${pair#*:}
	run "list $chip -e dma" 0 list -g "$chip" -e dma
	same out list_$gen.txt "list -g $chip -e dma lists the $gen packets"
done
# -e defaults to pm4, which knows the SI/CIK chips too (as GFX6/GFX7)
says "list gfx13 -e pm4" 2 err "unknown GPU 'gfx13' for pm4" list -g gfx13 -e pm4
says "list gfx13 without -e" 2 err "unknown GPU 'gfx13' for any engine" list -g gfx13
says "list tahiti -e pm4" 0 out "^0x3f  INDIRECT_BUFFER " list -g tahiti -e pm4

# ---- usage: unknown engine and GPU ---------------------------------------
says "unknown GPU for dma" 2 err "^gfxkit: unknown GPU 'r900' for dma; known: r600 .*si \(tahiti pitcairn verde oland hainan\), cik \(bonaire kaveri kabini hawaii mullins\), sdma2.4 \(topaz iceland\), .*sdma7 \(sdma7.0 gfx12 navi44 navi48\), and LLVM.s names gfx801-gfx810 \(not gfx802\), gfx900-gfx942, gfx1010-gfx1036, gfx1100-gfx1153, gfx1200, gfx1201$" decode -g r900 -e dma a.hex
says "unknown GPU for dma (check)" 2 err "unknown GPU 'navi99' for dma" check -g navi99 -e dma a.hex
says "unknown engine (list)" 2 err "^gfxkit: unknown engine 'sdma' \(this build has: pm4, dma, amdgpu, ir3, modifier, adreno, isa, or auto\)$" list -g cik -e sdma
says "unknown engine (check)" 2 err "unknown engine 'gfx'" check -g cayman -e gfx a.hex
run "-e without a value" 2 list -g cik -e
says "dma list needs a GPU" 2 err '-g GPU is required' list -e dma
says "help mentions dma" 0 out '^ENGINE: pm4, dma, adreno, or isa \(without -e: the first that knows the GPU, pm4 first\)' --help
has out "help mentions --bo" '--bo BASE:SIZE'
has out "help lists DMA GPUs" '^GPU for dma: .*cik \(bonaire'

# ---- decode / encode round trip for each generation ----------------------
printf '%s\n' 'WRITE_LINEAR DEST_ADDR=0x1000' '    DATA 0xdeadbeef 0x2' \
	'COPY_LINEAR COUNT=64 DEST_ADDR=0x20000 SRC_ADDR=0x10000' \
	'COPY_TILED COUNT=256 BASE_256=0x100000 DETILE=T2L ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=7 PITCH_TILE_MAX=3 SLICE_TILE_MAX=3 LINEAR_ADDR=0x30000' \
	'INDIRECT_BUFFER IB_BASE=0x40000 IB_SIZE=16' 'SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x5000' \
	'FENCE FENCE_ADDR=0x6000 FENCE_DATA=0x2a' 'TRAP' 'NOP' >dma_r600.s
printf '%s\n' 'COPY_LINEAR COUNT=63 DEST_ADDR=0x20000 SRC_ADDR=0x10000' \
	'CONSTANT_FILL COUNT=16 DST_ADDR=0x7000 CONSTANT_DATA=0x12345678' \
	'WRITE_TILED BASE_256=0x100000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=8BPP HEIGHT_MAX=7 PITCH_TILE_MAX=0 SLICE_TILE_MAX=0 X=8 Y=1' \
	'    DATA 1 2 3 4' 'FENCE FENCE_ADDR=0x6000 FENCE_DATA=7' 'NOP' >dma_r700.s
printf '%s\n' 'WRITE_LINEAR DEST_ADDR=0x100040' '    DATA 0x30' \
	'COPY_L2L_DW COUNT=0x400 DEST_ADDR=0x10000000 SRC_ADDR=0x20000000' \
	'COPY_L2L_BYTE COUNT=3 DEST_ADDR=0x10000001 SRC_ADDR=0x20000003' \
	'COPY_L2T COUNT=0x4000 BASE_256=0x30000000 DETILE=L2T ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=4 MT_ASPECT=2:1 HEIGHT_MAX=63 PITCH_TILE_MAX=31 SLICE_TILE_MAX=255 NUM_BANKS=8 TILE_SPLIT=2048 LINEAR_ADDR=0x20100000' \
	'CONSTANT_FILL COUNT=16 DST_ADDR=0x7000 CONSTANT_DATA=0x12345678' \
	'SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x5480 DATA=1' \
	'SRBM_READ RETRY_COUNT=0xff REGISTER=0x1478 MASK=0 VALUE=0' \
	'INDIRECT_BUFFER IB_BASE=0x40000 IB_SIZE=16' 'SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x5000' \
	'FENCE FENCE_ADDR=0x6000 FENCE_DATA=0x2a' 'TRAP' 'NOP' >dma_evergreen.s
printf '%s\n' 'WRITE_PTE_PDE COUNT=4 DEST_ADDR=0x2000000 MASK=0x3 VALUE=0x40000000 INCREMENT=0x1000' \
	'COPY_L2L_PARTIAL SRC_ADDR=0x1000000 SRC_PITCH=256 SRC_SLICE_PITCH=65536 DEST_ADDR=0x2000000 DEST_PITCH=256 DEST_SLICE_PITCH=65536 DX=16 DY=16 DZ=1 SIZE=32BPP' \
	'COPY_T2T_PARTIAL SRC_BASE_256=0x30000000 SRC_PITCH_TILE_MAX=7 SRC_SLICE_TILE_MAX=63 DEST_BASE_256=0x40000000 DEST_PITCH_TILE_MAX=7 DEST_SLICE_TILE_MAX=63 SIZE=32BPP DX=16 DY=16 DZ=1' \
	'SRBM_READ POLL=1 RETRY_COUNT=0xff REGISTER=0x1478 MASK=1 VALUE=0' \
	'INDIRECT_BUFFER VMID=3 IB_BASE=0x40000 IB_SIZE=16' 'SEMAPHORE MAILBOX=1 SEMAPHORE_ADDR=0x5000' \
	'FENCE FENCE_ADDR=0x6000 FENCE_DATA=0x2a' 'TRAP' >dma_cayman.s
printf '%s\n' 'WRITE_PTE_PDE COUNT=4 DEST_ADDR=0x2000000 MASK=0x61 VALUE=0x40000061 INCREMENT=0x1000' \
	'COPY_L2L_BYTE COUNT=0x1000 DEST_ADDR=0x1000000 SRC_ADDR=0x2000000' \
	'COPY_L2T COUNT=0x100 BASE_256=0x30000000 DETILE=T2L ARRAY_MODE=ARRAY_PRT_TILED_THIN1 SIZE=16BPP PIPE_CONFIG=P8_32x32_16x16 MT=DEPTH HEIGHT_MAX=7 PITCH_TILE_MAX=7 SLICE_TILE_MAX=7 LINEAR_ADDR=0x20100000' \
	'POLL_REG_MEM M=REGISTER REGISTER=0x1478 RETRY_COUNT=255 MASK=0x8 REFERENCE=0 FUNC=ALWAYS POLL_INTERVAL=32' \
	'POLL_REG_MEM M=MEMORY ADDR=0x12345678 RETRY_COUNT=255 MASK=0xffffffff REFERENCE=1 FUNC=EQUAL POLL_INTERVAL=32' \
	'SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x1478 DATA=0x8' 'INDIRECT_BUFFER VMID=9 IB_BASE=0x40000 IB_SIZE=16' \
	'FENCE FENCE_ADDR=0x6000 FENCE_DATA=0x2a' 'NOP' >dma_si.s
printf '%s\n' 'WRITE_LINEAR ADDR=0x100040' '    DATA 0x30 0x31' \
	'COPY_LINEAR COUNT=0x1000 SRC_ADDR=0x1000000 DST_ADDR=0x2000000' \
	'COPY_TILED_SUB_WINDOW DETILE=L2T TILED_ADDR=0x30000000 TILED_X=8 TILED_Y=8 PITCH=7 SLICE_PITCH=63 PIPE_CONFIG=P4_16x16 ARRAY_MODE=ARRAY_2D_TILED_THIN1 ELEMENT_SIZE=32BPP LINEAR_ADDR=0x20000000 LINEAR_PITCH=15 LINEAR_SLICE_PITCH=255 RECT_X=16 RECT_Y=16 RECT_Z=1' \
	'WRITE_PTE_PDE DST_ADDR=0x2000000 MASK=0x61 VALUE=0x40000061 INCREMENT=0x1000 COUNT=4' \
	'POLL_REG_MEM M=REGISTER FUNC=EQUAL OP=WRITE_WAIT_WRITE REGISTER=0x54e0 PREPOLL_REGISTER=0x54dc REFERENCE=0x400 MASK=0x400 RETRY_COUNT=4095 POLL_INTERVAL=10' \
	'SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x1478 DATA=0x8' 'COND_EXEC BOOL_ADDR=0x1000 EXEC_COUNT=4' \
	'FENCE ADDR=0x100100 DATA=0x7' 'SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x100800' \
	'INDIRECT_BUFFER VMID=5 IB_BASE=0x200000 IB_SIZE=64' 'GET_GLOBAL_TIMESTAMP ADDR=0x3000' 'TRAP' 'NOP' >dma_cik.s
for g in $DMA_GENS; do
	run "dma $g: encode" 0 encode -g $g -e dma -o dma_$g.bin dma_$g.s
	empty err "dma $g: encode"
	run "dma $g: check clean" 0 check -g $g -e dma dma_$g.bin
	empty out "dma $g: check clean"
	has err "dma $g: check clean" "^dma_$g\\.bin: 0 errors, 0 warnings\$"
	run "dma $g: decode bin" 0 decode -g $g -e dma dma_$g.bin
	cp out dma_$g.txt
	empty err "dma $g: decode bin"
	hasnot dma_$g.txt "dma $g: decode shows no diagnostics" '; (error|warning):|\.long'
	run "dma $g: encode the decoded text" 0 encode -g $g -e dma -o dma_$g.2.bin dma_$g.txt
	same dma_$g.2.bin dma_$g.bin "dma $g: decode -> encode (bin)"
	run "dma $g: encode -f hex" 0 encode -g $g -e dma -f hex -o dma_$g.hex dma_$g.s
	words dma_$g.bin | sed 's/^/0x/' >dma_$g.want.hex
	same dma_$g.hex dma_$g.want.hex "dma $g: encode -f hex gives the words of encode -f bin"
	run "dma $g: decode hex" 0 decode -g $g -e dma dma_$g.hex
	same out dma_$g.txt "dma $g: hex decodes like binary"
	run "dma $g: decode -f hex" 0 decode -g $g -e dma -f hex dma_$g.hex
	same out dma_$g.txt "dma $g: -f hex"
	run "dma $g: encode the decoded hex text -f hex" 0 encode -g $g -e dma -f hex -o dma_$g.2.hex dma_$g.txt
	same dma_$g.2.hex dma_$g.hex "dma $g: decode -> encode (hex)"
	run "dma $g: decode stdin" 0 decode -g $g -e dma -f bin - <dma_$g.bin
	same out dma_$g.txt "dma $g: binary from stdin"
	run "dma $g: decode --raw" 0 decode -g $g -e dma --raw dma_$g.bin
	has out "dma $g: --raw" '^    ; raw 0x[0-9a-f]{8}'
	cp out dma_$g.raw.txt
	run "dma $g: encode --raw text" 0 encode -g $g -e dma -o dma_$g.3.bin dma_$g.raw.txt
	same dma_$g.3.bin dma_$g.bin "dma $g: --raw text encodes back"
	run "dma $g: check hex" 0 check -g $g -e dma dma_$g.hex
done
has dma_cayman.txt "dma cayman: decode" '^0x00000000: WRITE_PTE_PDE COUNT=4 DEST_ADDR=0x2000000 MASK=0x3 VALUE=0x40000000 INCREMENT=0x1000$'
has dma_cik.txt "dma cik: decode" '^0x00000000: WRITE_LINEAR ADDR=0x100040 SWAP=NONE$'
has dma_cik.txt "dma cik: decode" '^    DATA 0x00000030 0x00000031$'
# chip names decode and check as their generation
for pair in tahiti:si hainan:si bonaire:cik mullins:cik barts:evergreen caicos:evergreen aruba:cayman rv740:r700; do
	chip=${pair%%:*} gen=${pair#*:}
	run "dma decode -g $chip" 0 decode -g "$chip" -e dma dma_$gen.bin
	same out dma_$gen.txt "dma: $chip decodes as $gen"
	run "dma check -g $chip" 0 check -g "$chip" -e dma dma_$gen.bin
done

# ---- --json: one line per packet, with "sub_opcode" ----------------------
for g in $DMA_GENS; do
	run "dma $g: decode --json" 0 decode -g $g -e dma --json dma_$g.bin
	n=$(grep -c '^0x' dma_$g.txt)
	m=$(wc -l <out)
	if [ "$n" -eq "$m" ]; then ok; else bad "dma $g --json: $m lines, want one per packet ($n)"; fi
	m=$(grep -c '^{"offset":[0-9]*,"engine":"dma","name":"[A-Z_0-9]*","words":\[[0-9,]*\],"type":0,"opcode":[0-9]*,"sub_opcode":\(null\|[0-9]*\),' out)
	if [ "$n" -eq "$m" ]; then ok; else bad "dma $g --json: $m of $n lines with opcode, sub_opcode and name"; fi
	cp out dma_$g.json
done
has dma_r600.json "r600 --json: no sub-command" '"name":"WRITE_LINEAR","words":\[[0-9,]*\],"type":0,"opcode":2,"sub_opcode":null,'
has dma_cayman.json "cayman --json: sub-command [27:20]" '"name":"COPY_L2L_PARTIAL","words":\[[0-9,]*\],"type":0,"opcode":3,"sub_opcode":65,'
has dma_evergreen.json "evergreen --json: sub-command [27:20]" '"name":"COPY_L2T","words":\[[0-9,]*\],"type":0,"opcode":3,"sub_opcode":8,'
has dma_evergreen.json "evergreen --json: enums" '"enums":\{"DETILE":"L2T","ARRAY_MODE":"ARRAY_2D_TILED_THIN1","SIZE":"32BPP",'
has dma_si.json "si --json" '"name":"POLL_REG_MEM","words":\[[0-9,]*\],"type":0,"opcode":14,"sub_opcode":0,'
has dma_cik.json "cik --json: sub-opcode [15:8]" '"name":"COPY_TILED_SUB_WINDOW","words":\[[0-9,]*\],"type":0,"opcode":1,"sub_opcode":5,'
has dma_cik.json "cik --json: data" '"name":"WRITE_LINEAR",.*"data":\[48,49\]'
if command -v python3 >/dev/null 2>&1; then
	if python3 -c '
import json, sys
for f in sys.argv[1:]:
    for line in open(f):
        o = json.loads(line)
        assert "sub_opcode" in o and (o["sub_opcode"] is None or isinstance(o["sub_opcode"], int)), f
        assert isinstance(o["words"], list) and isinstance(o["diagnostics"], list), f
' dma_r600.json dma_r700.json dma_evergreen.json dma_cayman.json dma_si.json dma_cik.json 2>jerr; then ok
	else bad "dma --json: python3 json.loads rejects a line: $(tail -1 jerr)"; fi
fi

# ---- check: exit status and diagnostic lines -----------------------------
# an address with a reserved low bit, then a header no generation defines
printf '0x60000000 0x6002 0 1\n0x10000000\n' >dma_bad.hex
run "dma check errors" 1 check -g cayman -e dma dma_bad.hex
has out "dma check: reserved bits" '^dma_bad\.hex:0x0: error: FENCE: dw1\[1:1\]: reserved bits set \(0x00000002\)$'
has out "dma check: unknown packet" '^dma_bad\.hex:0x10: error: PACKET: dw0\[31:28\]: unknown packet: opcode 0x01, sub-opcode 0x00$'
has err "dma check summary" '^dma_bad\.hex: 2 errors, 0 warnings$'
run "dma decode with errors" 0 decode -g cayman -e dma dma_bad.hex
has out "dma decode shows diagnostics" '^    ; error: FENCE: dw1\[1:1\]: reserved bits set'
has out "dma decode: an unknown header is one raw dword" '^0x00000010: \.long 0x10000000$'
run "dma check --json errors" 1 check -g cayman -e dma --json dma_bad.hex
n=$(grep -c '^{"offset":' out)
if [ "$n" -eq 2 ]; then ok; else bad "dma check --json: $n lines, want 2"; fi
has out "dma check --json" '"name":null,"words":\[268435456\],"type":0,"opcode":1,"sub_opcode":0,'
# packets of another generation
says "SRBM_READ on si" 1 out '^dma_cayman\.bin:0x7c: error: SRBM_READ: dw0\[31:28\]: SRBM_READ \(0x09\) does not exist on si$' check -g si -e dma dma_cayman.bin
has err "SRBM_READ on si" '^dma_cayman\.bin: 1 error, 0 warnings$'
run "Cayman copies on barts" 1 check -g barts -e dma dma_cayman.bin
has out "COPY_L2L_PARTIAL on barts" 'error: COPY_L2L_PARTIAL: dw0\[31:28\]: COPY_L2L_PARTIAL \(0x03\) does not exist on evergreen$'
has out "WRITE_PTE_PDE on barts" 'error: WRITE_PTE_PDE: .*does not exist on evergreen$'
says "POLL_REG_MEM on cayman" 1 out 'POLL_REG_MEM: dw0\[31:28\]: POLL_REG_MEM \(0x0e\) does not exist on cayman$' check -g cayman -e dma dma_si.bin
says "CONSTANT_FILL on r600" 1 out 'CONSTANT_FILL .*does not exist on r600$' check -g r600 -e dma dma_r700.bin
says "r600 COPY_LINEAR count odd" 1 out '^dma_r700\.bin:0x0: error: COPY_LINEAR: dw0\[15:0\]: ' check -g r600 -e dma dma_r700.bin
# a WRITE whose count runs past the end
printf '0x00000002 0x1000 0 0xfffff 1 2\n' >dma_trunc.hex
says "dma check truncated" 1 out '^dma_trunc\.hex:0x0: error: WRITE_LINEAR: dw3\[19:0\]: packet of 1048579 dwords runs past the end' check -g cik -e dma dma_trunc.hex
says "dma decode truncated" 0 out '^0x00000000: \.long 0x00000002 0x00001000 0x00000000 0x000fffff 0x00000001 0x00000002$' decode -g cik -e dma dma_trunc.hex
# CIK COND_EXEC counts dwords after it
printf 'COND_EXEC BOOL_ADDR=0x1000 EXEC_COUNT=5\nNOP\n' >dma_ce.s
run "dma encode COND_EXEC" 0 encode -g cik -e dma -o dma_ce.bin dma_ce.s
says "dma COND_EXEC past the end" 1 out '^dma_ce\.bin:0x0: error: COND_EXEC: dw3\[13:0\]: EXEC_COUNT runs past the end' check -g cik -e dma dma_ce.bin
# usage errors
run "dma check empty" 0 check -g cik -e dma /dev/null
says "dma missing file" 2 err 'nosuch\.bin' check -g cik -e dma nosuch.bin
run "dma bad -f" 2 decode -g cik -e dma -f xml dma_cik.bin
says "dma binary of 9 bytes" 2 err '^odd\.bin:0x8: error: ' check -g cik -e dma -f bin odd.bin
printf 'COPY_LINEAR COUNT=4 SRC_ADDR=0x1000 NO_SUCH=1\n' >dma_e1.s
says "dma encode unknown field" 1 err '^dma_e1\.s:1:[0-9]+: error: .*NO_SUCH' encode -g cik -e dma dma_e1.s
printf 'COPY_L2L_PARTIAL DX=1\n' >dma_e2.s
says "dma encode another generation's packet" 1 err '^dma_e2\.s:1:[0-9]+: error: ' encode -g r700 -e dma dma_e2.s

# ---- check --bo: buffer bounds -------------------------------------------
cp "$EX/cayman_dma.bin" cm.bin
BOS="--bo 0x2000000:0x1000 --bo 0x5000:0x2000 --bo 0x10000000:0x100000 --bo 0x20000000:0x200000 --bo 0x30000000:0x10000"
run "check --bo, all buffers" 0 check -g cayman -e dma $BOS cm.bin
empty out "check --bo, all buffers"
has err "check --bo, all buffers" '^cm\.bin: 0 errors, 0 warnings$'
run "check --bo, decimal" 0 check -g cayman -e dma --bo 33554432:4096 --bo 20480:8192 --bo 268435456:1048576 \
	--bo 536870912:2097152 --bo 805306368:65536 cm.bin
empty out "check --bo, decimal"
run "check --bo, mixed and reversed" 0 check -g cayman -e dma --bo 805306368:0x10000 --bo 0x20000000:2097152 \
	--bo 268435456:0x100000 --bo 0x5000:8192 --bo 0x2000000:4096 cm.bin
empty out "check --bo, mixed and reversed"
run "check --bo after the file" 0 check -g cayman -e dma cm.bin $BOS
run "check --bo, a buffer missing" 1 check -g cayman -e dma --bo 0x2000000:0x1000 --bo 0x10000000:0x100000 \
	--bo 0x20000000:0x200000 --bo 0x30000000:0x10000 cm.bin
has out "bounds: read and written" '^cm\.bin:0x84: error: SEMAPHORE: dw1\[31:3\]: reads and writes 0x5000\.\.0x5007 \(8 bytes, SEMAPHORE_ADDR\) outside every buffer; nearest 0x2000000\.\.0x2000fff$'
has out "bounds: written" '^cm\.bin:0x90: error: FENCE: dw1\[31:2\]: writes 0x6000\.\.0x6003 \(4 bytes, FENCE_ADDR\) outside every buffer; nearest 0x2000000\.\.0x2000fff$'
has err "bounds: summary" '^cm\.bin: 2 errors, 0 warnings$'
hasnot out "bounds: only the two" '^cm\.bin:0x(0|24|30|3c|4c|60|a0|a4):'
run "check --bo, a copy one byte short" 1 check -g cayman -e dma --bo 0x2000000:0x1000 --bo 0x5000:0x2000 \
	--bo 0x10000000:0xfffff --bo 0x20000000:0x200000 --bo 0x30000000:0x10000 cm.bin
has out "bounds: copy destination" '^cm\.bin:0x4c: error: COPY_L2L_DW: dw1\[31:2\]: writes 0x10000000\.\.0x100fffff \(1048576 bytes, DEST_ADDR\) outside every buffer; nearest 0x10000000\.\.0x100ffffe$'
run "check --bo, tiled side" 1 check -g cayman -e dma --bo 0x2000000:0x1000 --bo 0x5000:0x2000 \
	--bo 0x10000000:0x100000 --bo 0x20000000:0x200000 cm.bin
has out "bounds: tiled destination" '^cm\.bin:0x60: error: COPY_L2T: dw1\[31:0\]: writes 0x30000000\.\.0x3000ffff \(65536 bytes, BASE_256\) outside every buffer; nearest 0x'
run "check without --bo: no bounds" 0 check -g cayman -e dma cm.bin
says "check --json --bo" 1 out '"field":"SEMAPHORE_ADDR","message":"reads and writes 0x5000\.\.0x5007 \(8 bytes, SEMAPHORE_ADDR\) outside every buffer; nearest 0x2000000\.\.0x2000fff"' check -g cayman -e dma --json --bo 0x2000000:0x1000 cm.bin
# the edges of one buffer
printf 'FENCE FENCE_ADDR=0x6000 FENCE_DATA=1\n' >f.s
run "encode one fence" 0 encode -g cayman -e dma -o f.bin f.s
for bo in 0x6000:4 24576:4 0x5ffc:8 0x5000:0x2000 0:0xffffffffffffffff; do
	run "fence inside --bo $bo" 0 check -g cayman -e dma --bo $bo f.bin
	empty out "fence inside --bo $bo"
done
for bo in 0x6000:3 0x6001:4 0x5ffc:7 0x6004:0x1000 0x6000:0 0xffffffffffffffff:1; do
	says "fence outside --bo $bo" 1 out '^f\.bin:0x0: error: FENCE: dw1\[31:2\]: writes 0x6000\.\.0x6003 \(4 bytes, FENCE_ADDR\) outside every buffer; nearest 0x[0-9a-f]+(\.\.0x[0-9a-f]+| \(empty\))$' check -g cayman -e dma --bo $bo f.bin
done
says "fence: nearest of two" 1 out 'nearest 0x6001\.\.0x6004$' check -g cayman -e dma --bo 0x1000:0x10 --bo 0x6001:4 f.bin
# 64-bit arithmetic that overflows is its own error
printf 'COPY_LINEAR COUNT=0x100 SRC_ADDR=0x1000 DST_ADDR=0xfffffffffffffff0\n' >ov.s
run "encode an overflowing copy" 0 encode -g cik -e dma -o ov.bin ov.s
says "check --bo overflow" 1 out '^ov\.bin:0x0: error: COPY_LINEAR: dw5\[31:0\]: the range this packet writes from DST_ADDR 0xfffffffffffffff0 runs past 2\^64$' check -g cik -e dma --bo 0:0x2000 ov.bin
hasnot out "check --bo overflow: the source is inside" 'SRC_ADDR'
run "check overflow without --bo" 0 check -g cik -e dma ov.bin

# ---- --bo parsing: usage errors, exit 2 ----------------------------------
for bo in 0x1000 abc 0x1000:zz 0x1000:0x10:5 : 0x10: :0x10 0x:5 -1:5 0x10:-5 -0:5 \
	18446744073709551616:1 0x10000000000000000:1 0:18446744073709551616 0xffffffffffffffff:2 \
	0x8000000000000000:0x8000000000000001 '0x10:0x10 '; do
	says "--bo '$bo'" 2 err "^gfxkit: --bo takes BASE:SIZE \\(0x hex or decimal, ending at most at 2\\^64\\), not '" check -g cayman -e dma --bo "$bo" f.bin
	empty out "--bo '$bo'"
done
says "--bo without a value" 2 err '^gfxkit: --bo needs BASE:SIZE$' check -g cayman -e dma f.bin --bo
says "--bo, one bad of several" 2 err "not '0x7000'" check -g cayman -e dma --bo 0x6000:4 --bo 0x7000 f.bin
says "--bo with decode" 2 err '^gfxkit: --bo is for check$' decode -g cayman -e dma --bo 0x6000:4 f.bin
empty out "--bo with decode"
says "--bo with encode" 2 err '^gfxkit: --bo is for check$' encode -g cayman -e dma --bo 0x6000:4 f.s
says "--bo with list" 2 err '^gfxkit: --bo is for check$' list -g cayman -e dma --bo 0x6000:4
run "--bo on pm4" 0 check -g evergreen -e pm4 --bo 0x1000:0x10 a.hex
i=0
many=""
while [ $i -lt 256 ]; do many="$many --bo 0x6000:4"; i=$((i + 1)); done
run "256 --bo" 0 check -g cayman -e dma $many f.bin
says "257 --bo" 2 err 'more than 256 --bo' check -g cayman -e dma $many --bo 0x6000:4 f.bin

# --bo numbers are 0x hex or decimal: a leading 0 is not octal
printf 'FENCE FENCE_ADDR=0x8 FENCE_DATA=1\n' >f8.s
"$G" encode -g cayman -e dma f8.s -o f8.bin
run "--bo 010:010 is decimal 10..19" 1 check -g cayman -e dma --bo 010:010 f8.bin
has out "--bo 010:010 is decimal" 'nearest 0xa\.\.0x13$'
run "--bo 08:4 is decimal" 0 check -g cayman -e dma --bo 08:4 f8.bin
for bo in ' -16:5' '0: -5' '+8:4' ' 8:4'; do
	run "--bo '$bo' rejected" 2 check -g cayman -e dma --bo "$bo" f8.bin
done
# a range may end exactly at 2^64
printf 'FENCE ADDR=0xfffffffffffffffc DATA=1\n' >top.s
"$G" encode -g cik -e dma top.s -o top.bin
run "fence in the last 4 bytes of the address space" 0 check -g cik -e dma --bo 0xfffffffffffffffc:4 top.bin
empty out "fence in the last 4 bytes"

# output that cannot be written: never exit 0 with a cut output (any
# command, including usage texts and tile info), and say so on stderr
if [ -w /dev/full ]; then
	for args in "--version" "--help" "list -g cayman" "tile --help" "sendmsg 0x22" \
		"tile info --modifier 0x02000001a9580400 --bpp 32 --width 100 --height 37" \
		"modifier decode 0x0" "decode -g evergreen -e pm4 $ROOT/examples/evergreen_compute.bin"; do
		# shellcheck disable=SC2086
		"$G" $args >/dev/full 2>err
		rc=$?
		if [ "$rc" -ne 0 ]; then ok; else bad "gfxkit $args > /dev/full: exit 0"; fi
		has err "gfxkit $args > /dev/full: says so" "write|cannot write"
	done
fi
"$G" --version >out 2>err
has out "--version" '^gfxkit [0-9]+\.[0-9]+\.[0-9]+ \(library [0-9]+\.[0-9]+\.[0-9]+\)$'

# encode writes -o only when the text assembled: an error leaves no file,
# and an existing output stays as it was
printf 'NOP\nCONSTANT_FILL DST_ADR=0x1000\n' >bad.s
run "encode with an error" 1 encode -g cayman -e dma bad.s -o bad.bin
if [ -e bad.bin ]; then bad "encode left bad.bin behind after an error"; else ok; fi
if ls bad.bin.* >/dev/null 2>&1; then bad "encode left a temporary file behind"; else ok; fi
has err "did you mean" '^bad\.s:2:15: error: CONSTANT_FILL: CONSTANT_FILL has no field DST_ADR; did you mean DST_ADDR\?'
has err "the source line" '^  CONSTANT_FILL DST_ADR=0x1000$'
has err "the caret under column 15" '^                \^$'
printf 'keep' >kept.bin
run "encode with an error over an existing file" 1 encode -g cayman -e dma bad.s -o kept.bin
if [ "$(cat kept.bin)" = keep ]; then ok; else bad "an encode error replaced kept.bin"; fi
# --max-errors: the first N, then how many more
i=0
: >many.s
while [ $i -lt 150 ]; do echo "BOGUS$i" >>many.s; i=$((i + 1)); done
run "encode many errors" 1 encode -g cayman many.s -o many.bin
n=$(grep -c ': error: ' err)
if [ "$n" -eq 100 ]; then ok; else bad "encode showed $n errors, want the default 100"; fi
has err "the rest counted" '^many\.s: 50 more messages not shown \(--max-errors 100\)$'
run "encode --max-errors 3" 1 encode -g cayman --max-errors 3 many.s -o many.bin
n=$(grep -c ': error: ' err)
if [ "$n" -eq 3 ]; then ok; else bad "--max-errors 3 showed $n errors"; fi
# the checker runs on what encode builds: a warning naming the line, the
# bytes written as given (decode -> encode stays the identity); --strict
# makes it an error and writes nothing
printf '0x00000000: MEM_WRITE ADDRESS=0x1004 SWAP=NONE DATA32=0 WR_CONFIRM=0 CNTR_SEL=DATA CNTR64_SEL=GPU_CLOCK DATA_LO=0x1 DATA_HI=0x0\n' >mw.s
run "encode a misaligned MEM_WRITE" 0 encode -g evergreen mw.s -o mw.bin
has err "checker warning on its line" '^mw\.s:1:1: warning: MEM_WRITE: check error: dw1\[2:2\]: ADDRESS 0x1004 not QWORD-aligned$'
if [ -s mw.bin ]; then ok; else bad "encode did not write mw.bin"; fi
run "encode --strict" 1 encode -g evergreen --strict mw.s -o strict.bin
if [ -e strict.bin ]; then bad "--strict wrote strict.bin"; else ok; fi
# check stops printing at --max-errors (1000 by default) and counts the rest
i=0
: >nops.txt
while [ $i -lt 20 ]; do echo "0x40000000" >>nops.txt; i=$((i + 1)); done
run "check --max-errors 5" 1 check -g cayman --max-errors 5 nops.txt
lines out "check --max-errors 5: five lines" 5
has err "check: the rest counted" 'nops\.txt: 15 more diagnostics not shown \(--max-errors 5\)'
has err "check: the summary counts all" 'nops\.txt: 20 errors'

# -e left out: the engine the GPU implies; GPU names in any case
says "no -e with an Adreno GPU" 0 out '^0x00000000: getfiberid\.u32 r0\.y$' decode -g A630 "$ROOT/examples/a630_cat6.bin"
says "no -e with an unknown GPU: every engine's names" 2 err '^  -e dma: ' decode -g nosuch "$ROOT/examples/a630_cat6.bin"
# a directory is said to be one, not "read error"
says "directory as input" 2 err '^gfxkit: [^ ]*: is a directory$' decode -g evergreen "$T"

# list NAME: one packet's fields; --json; unknown names suggest
says "list NAME" 0 out '^  dw1\[1:0\] +SWAP +enum: NONE=0 8IN16=1 8IN32=2 8IN64=3$' list -g evergreen MEM_WRITE
says "list NAME --json" 0 out '^\{"description":"MEM_WRITE","engine":"pm4","gpu":"evergreen","opcode":61,' list -g evergreen mem_write --json
says "list unknown NAME" 1 err '^gfxkit: no pm4 packet MEM_WRIT on evergreen; did you mean MEM_WRITE\?$' list -g evergreen MEM_WRIT
says "list names its source by title" 0 out '^0x44  ME_INITIALIZE +Radeon Evergreen/Northern Islands Acceleration, §9\.2\.1' list -g evergreen

# colour: on a terminal or --color=always, never into a file or with --color=never
esc=$(printf '\033')
says "--color=always" 0 out "^${esc}\[32m0x00000000:${esc}\[0m ${esc}\[1mCONTEXT_CONTROL${esc}\[0m ${esc}\[36mLOAD_CONTROL${esc}\[0m=" \
	decode -g evergreen --color=always "$ROOT/examples/evergreen_compute.bin"
printf '\377\377\377\377' >ff.bin
says "--color always: errors red" 1 out "^ff\.bin:0x0: ${esc}\[1;31merror${esc}\[0m: PACKET3" check -g cayman --color always ff.bin
run "no colour into a file" 0 decode -g evergreen "$ROOT/examples/evergreen_compute.bin"
hasnot out "no colour into a file" "$esc"
run "--color=never" 0 decode -g evergreen --color=never "$ROOT/examples/evergreen_compute.bin"
hasnot out "--color=never" "$esc"
# encode's messages on stderr: coloured like check's (error red, warning
# yellow, the caret green) when asked, plain with --color=never or into a file
run "encode --color=always" 1 encode -g cayman -e dma --color=always bad.s -o bad.bin
has err "encode --color=always: error red" "^bad\\.s:2:15: ${esc}\\[1;31merror${esc}\\[0m: CONSTANT_FILL: "
has err "encode --color=always: the caret green" "^                ${esc}\\[32m\\^${esc}\\[0m$"
has err "encode --color=always: the source line as it is" '^  CONSTANT_FILL DST_ADR=0x1000$'
run "encode --color=always: a warning" 0 encode -g evergreen --color always mw.s -o mw.bin
has err "encode --color=always: warning yellow" "^mw\\.s:1:1: ${esc}\\[1;33mwarning${esc}\\[0m: MEM_WRITE: "
run "encode --color=never" 1 encode -g cayman -e dma --color=never bad.s -o bad.bin
hasnot err "encode --color=never" "$esc"
has err "encode --color=never: the message" '^bad\.s:2:15: error: CONSTANT_FILL: '
run "encode: no colour into a file" 1 encode -g cayman -e dma bad.s -o bad.bin
hasnot err "encode: no colour into a file" "$esc"
if command -v script >/dev/null 2>&1; then
	# a pseudo-terminal: colour by default, none with NO_COLOR
	script -qec "$G decode -g evergreen $ROOT/examples/evergreen_compute.bin" /dev/null >tty.out 2>&1
	has tty.out "colour on a terminal" "${esc}\[1mCONTEXT_CONTROL"
	NO_COLOR=1 script -qec "$G decode -g evergreen $ROOT/examples/evergreen_compute.bin" /dev/null >tty.out 2>&1
	hasnot tty.out "NO_COLOR on a terminal" "${esc}\[1m"
fi
says "--color with a bad value" 2 err "^gfxkit: --color takes auto, always or never, not 'sometimes'$" decode -g evergreen --color=sometimes x

# each command's own usage
says "decode --help" 0 out '^usage: gfxkit decode -g GPU \[-e ENGINE\]' decode --help
hasnot out "decode --help: only decode" '^usage: gfxkit check'
# ---- check: clean units run without the per-unit stages -----------------
# (a check with nothing else per unit frames and decodes in one loop and
# gives a unit the other stages only when it says something; --count
# takes every unit through all of them): the same lines either way, over
# clean register runs, a predicated region that ends inside a packet,
# reserved bits and packets cut short, each far from the window's ends
: >quiet.s
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	printf 'SET_CONTEXT_REG REG_OFFSET=0x10\n.long 0x5\nSET_CONTEXT_REG REG_OFFSET=0x%x\n.long 0x1 0x2\n' "$i" >>quiet.s
	printf 'NOP\n.long 0x0\nCOND_EXEC BOOL_ADDR=0x1000 EXEC_COUNT=3\nSET_CONTEXT_REG REG_OFFSET=0x10\n.long 0x5\nNOP\n' >>quiet.s
done
run "encode quiet.s" 0 encode -g evergreen -e pm4 -o quiet.bin quiet.s
le 0xc0016900 0x10000010 0x5 0xc0106900 0x10 >>quiet.bin
cat quiet.bin quiet.bin quiet.bin >quiet3.bin
run "check, clean units in one loop" 1 check -g evergreen -e pm4 quiet3.bin
cp out quiet_a.txt
cp err quiet_a.err
run "check, every unit through every stage" 1 check -g evergreen -e pm4 --count 1000000 quiet3.bin
same quiet_a.txt out "check with and without --count"
same quiet_a.err err "check with and without --count (stderr)"
has quiet_a.txt "check quiet: the region" 'EXEC_COUNT of the packet at 0x[0-9a-f]* ends inside this packet'
has quiet_a.txt "check quiet: reserved bits" 'SET_CONTEXT_REG: dw1\[28:28\]: reserved bits set'
has quiet_a.txt "check quiet: cut short" 'runs past the end of the buffer'
run "check --json, clean units in one loop" 1 check --json -g evergreen -e pm4 quiet3.bin
cp out quiet_j.txt
run "check --json, every unit" 1 check --json -g evergreen -e pm4 --count 1000000 quiet3.bin
same quiet_j.txt out "check --json with and without --count"

# register pairs: the bits no field claims in each pair's offset dword,
# named by dword, whichever group they are in (the values claim all)
printf '0xc003b800 0x00010282 0x2d 0x0209 0x9\n0xc003b800 0x0282 0x2d 0xf0000209 0x9\n' >pairs.hex
run "check pairs: stray bits" 1 check -g gfx11 -e pm4 pairs.hex
has out "check pairs: first group" '^pairs\.hex:0x0: error: SET_CONTEXT_REG_PAIRS: dw1\[16:16\]: reserved bits set \(0x00010000\)$'
has out "check pairs: second group" '^pairs\.hex:0x14: error: SET_CONTEXT_REG_PAIRS: dw3\[31:28\]: reserved bits set \(0xf0000000\)$'
lines out "check pairs: nothing else" 2

says "help check" 0 out '^usage: gfxkit check -g GPU' help check
says "help tile: the subcommand's own" 0 out '^usage: gfxkit tile info' help tile
says "help of no command" 2 err "^gfxkit: no command 'nosuch'" help nosuch

finish
