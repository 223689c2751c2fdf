#!/bin/sh
# End-to-end tests of the gfxkit command line: sh tests/cli/test_cli.sh path/to/gfxkit
# Input forms, --json/--raw, encode outputs, check exit codes and diagnostic
# format, usage errors (exit 2), chip aliases, and the examples round trip.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
G=${1:?usage: sh tests/cli/test_cli.sh path/to/gfxkit}
case $G in /*) ;; *) G=$(pwd)/$G ;; esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX=$ROOT/examples
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
cd "$T" || exit 1

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL $*"
	if [ -s out ]; then echo "  stdout:"; head -5 out | sed 's/^/    /'; fi
	if [ -s err ]; then echo "  stderr:"; head -5 err | sed 's/^/    /'; fi
}

# run WHAT RC gfxkit-args...: run, keep stdout in ./out and stderr in ./err,
# and check the exit status
run() {
	what=$1 want=$2
	shift 2
	"$G" "$@" >out 2>err
	rc=$?
	if [ "$rc" -eq "$want" ]; then ok; else bad "$what: exit $rc, want $want (gfxkit $*)"; fi
	if grep -q 'runtime error\|AddressSanitizer\|LeakSanitizer' err; then bad "$what: sanitizer report"; fi
}
# has FILE WHAT ERE: FILE has a line matching ERE
has() {
	if grep -Eq -- "$3" "$1"; then ok; else bad "$2: no line matching /$3/ in $1"; fi
}
hasnot() {
	if grep -Eq -- "$3" "$1"; then bad "$2: unexpected line matching /$3/ in $1"; else ok; fi
}
same() {
	if cmp -s "$1" "$2"; then ok; else bad "$3: $1 and $2 differ"; fi
}
empty() {
	if [ -s "$1" ]; then bad "$2: $1 not empty"; else ok; fi
}

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
has json.txt "--json" '^\{"offset":0,"dwords":\[3221317888,16,5\],.*"name":"SET_CONTEXT_REG".*\}$'
has json.txt "--json" '"registers":\[\{"offset":163904,"name":"DB_Z_INFO","value":5'
has json.txt "--json" '^\{"offset":12,"dwords":\[2147483648\],.*"name":"PACKET2".*\}$'
if command -v python3 >/dev/null 2>&1; then
	if python3 -c '
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert isinstance(o["dwords"], list) and isinstance(o["diagnostics"], list)
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
run "decode with errors" 0 decode -g evergreen bad.hex
has out "decode shows diagnostics" '^    ; error: SET_CONTEXT_REG: dw1\[16:16\]: reserved bits set'
# truncated last packet
printf '0xc0016900 0x10\n' >trunc.hex
run "check truncated" 1 check -g evergreen trunc.hex
has out "check truncated" '^trunc\.hex:0x0: error: SET_CONTEXT_REG: .*past the end'
run "decode truncated" 0 decode -g evergreen trunc.hex
has out "decode truncated" '^0x00000000: \.long 0xc0016900 0x00000010$'
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
run "missing file" 2 decode -g evergreen nosuch.bin
has err "missing file" 'nosuch\.bin'
run "missing file (check)" 2 check -g evergreen nosuch.bin
has err "missing file (check)" 'nosuch\.bin'
run "missing file (encode)" 2 encode -g evergreen nosuch.s
has err "missing file (encode)" 'nosuch\.s'
run "unknown GPU" 2 decode -g r900 a.hex
has err "unknown GPU" "r900"
run "unknown engine" 2 decode -g evergreen -e sdma a.hex
has err "unknown engine" "sdma"
run "bad option" 2 decode -g evergreen --frobnicate a.hex
has err "bad option" "--frobnicate"
run "bad -f" 2 decode -g evergreen -f xml a.hex
has err "bad -f" "xml"
run "no GPU" 2 decode a.hex
run "-g without a value" 2 decode -g
run "unknown command" 2 frob -g evergreen a.hex
printf '0xc0016900 0xzz\n' >badhex.hex
run "bad hex digit" 2 decode -g evergreen badhex.hex
has err "bad hex digit" '^badhex\.hex:1:14: error: '
printf '0x5\n0x123456789\n' >wide.hex
run "hex word too wide" 2 check -g evergreen wide.hex
has err "hex word too wide" '^wide\.hex:2:1: error: '
printf '0x80000000 00000004: 0x80000000\n' >label.hex
run "ADDRESS: inside a line" 2 decode -g evergreen label.hex
has err "ADDRESS: inside a line" '^label\.hex:1:12: error: '

# ---- binary length not a multiple of 4 ----------------------------------
le 80000000 80000000 >odd.bin
printf 'X' >>odd.bin
run "binary of 9 bytes (decode)" 2 decode -g evergreen odd.bin
has err "binary of 9 bytes" '^odd\.bin:0x8: error: .*dword'
run "binary of 9 bytes (check)" 2 check -g evergreen -f bin odd.bin
has err "binary of 9 bytes (check)" '^odd\.bin:0x8: error: '
printf '\001\002\003' >three.bin
run "binary of 3 bytes" 2 decode -g evergreen -f bin three.bin
has err "binary of 3 bytes" '^three\.bin:0x0: error: '

# ---- encode errors: FILE:LINE:COL, exit 1 -------------------------------
printf 'NOP\nFROB X=1\n' >e1.s
run "encode unknown packet" 1 encode -g evergreen -o e1.bin e1.s
has err "encode unknown packet" '^e1\.s:2:1: error: .*FROB'
printf 'SET_CONTEXT_REG\n    NO_SUCH_REG <- 1\n' >e2.s
run "encode unknown register" 1 encode -g evergreen e2.s
has err "encode unknown register" '^e2\.s:2:5: error: .*NO_SUCH_REG'
printf 'EVENT_WRITE EVENT_TYPE=NOT_AN_EVENT\n' >e3.s
run "encode bad value" 1 encode -g evergreen e3.s
has err "encode bad value" '^e3\.s:1:[0-9]+: error: .*NOT_AN_EVENT'
printf 'INDEX_TYPE SWAP_MODE=9\n' >e4.s
run "encode value too wide" 1 encode -g evergreen e4.s
has err "encode value too wide" '^e4\.s:1:[0-9]+: error: '
printf 'NOP COUNT=3\n    DATA_BLOCK 1\n' >e5.s
run "encode COUNT mismatch" 1 encode -g evergreen e5.s
has err "encode COUNT mismatch" '^e5\.s:1:[0-9]+: error: .*COUNT'
printf '    NOP\n' >e6.s
run "encode indented first line" 1 encode -g evergreen e6.s
has err "encode indented first line" '^e6\.s:1:[0-9]+: error: '
printf 'DISPATCH_DIRECT SHADER_TYPE=COMPUTE NO_FIELD=1\n' >e7.s
run "encode unknown field" 1 encode -g evergreen e7.s
has err "encode unknown field" '^e7\.s:1:37: error: .*NO_FIELD'

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
run "list r600" 0 list -g r600 -e pm4
has out "list r600" '^0x44  ME_INITIALIZE '
hasnot out "list r600 has no dispatch" 'DISPATCH_DIRECT'
hasnot out "list r600 has no PACKET1" 'PACKET1'
run "list cayman" 0 list -g aruba -e pm4
has out "list cayman" '^0x14  DEALLOC_STATE '
run "list needs a GPU" 2 list -e pm4

# JSON: an EXEC_COUNT running past the end comes as a last "end" line
printf 'PRED_EXEC DEVICE_SELECT=1 EXEC_COUNT=5\nNOP\n' >pe2.s
run "encode pe2" 0 encode -g evergreen -o pe2.bin pe2.s
run "decode pe2 json" 0 decode -g evergreen --json pe2.bin
has out "json end line" '^\{"offset":16,"end":true,"diagnostics":\[\{"severity":"error","offset":0,"dw":1,"packet":"PRED_EXEC","field":"EXEC_COUNT",'
run "check pe2 json" 1 check -g evergreen --json pe2.bin
has out "check json end line" '"end":true'

echo "# passed=$pass failed=$fail"
[ "$fail" -eq 0 ]
