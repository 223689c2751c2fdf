#!/bin/sh
# gfxkit sendmsg and `-e isa -g gfx10` end to end: sh tests/cli/test_sendmsg.sh path/to/gfxkit
# Operand text <-> value, --json, exit codes, decode/encode/check of SOPP
# words, and -- when llvm-mc is installed -- a live comparison with llvm-mc
# over all 65536 immediates of s_sendmsg and s_sendmsghalt and over the
# operand lines of tests/vectors/sendmsg_gfx10_text.txt.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

# ---- gfxkit sendmsg ------------------------------------------------------
run "value to text" 0 sendmsg 0x12 290 0x0081 0x3f 65535 8
printf '%s\n' 'sendmsg(MSG_GS, GS_OP_CUT, 0)' 'sendmsg(MSG_GS, GS_OP_EMIT, 1)' 129 'sendmsg(15, 3, 0)' 65535 \
	'sendmsg(8, 0, 0)' >want
same out want "value to text"
run "text to value" 0 sendmsg 'sendmsg(MSG_GS, GS_OP_EMIT, 1)' 'sendmsg(MSG_GS_DONE, GS_OP_NOP)' 'sendmsg(2, GS_OP_CUT)'
printf '0x0122\n0x0003\n0x0012\n' >want
same out want "text to value"
run "gpu alias" 0 sendmsg -g gfx900 8 0x3f
printf 'sendmsg(MSG_EARLY_PRIM_DEALLOC)\nsendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)\n' >want
same out want "gfx9 names"
run "rejected" 1 sendmsg 'sendmsg(MSG_GS, GS_OP_CUT, 4)'
has err "rejected" '^gfxkit: sendmsg: sendmsg\(MSG_GS, GS_OP_CUT, 4\):28: error: invalid message stream id$'
run "negative" 1 sendmsg -1
has err "negative" 'invalid immediate: only 16-bit values are legal'
run "trailing text" 1 sendmsg '0x12 junk'
has err "trailing text" ':6: error: unexpected text after the operand'
run "json" 0 sendmsg --json 0x122 'sendmsg(MSG_GS, GS_OP_EMIT, 1)'
has out "json" '^\{"input":"0x122","value":290,"text":"sendmsg\(MSG_GS, GS_OP_EMIT, 1\)","type":2,"type_name":"MSG_GS","op":2,"op_name":"GS_OP_EMIT","stream":1,"unused":0,"valid":true\}$'
run "json error" 1 sendmsg --json 'sendmsg(MSG_FOO)'
has out "json error" '^\{"input":"sendmsg\(MSG_FOO\)","error":\{"col":9,"message":"expected a message name or an absolute expression"\}\}$'
run "help" 0 sendmsg --help
has out "help" '^usage: gfxkit sendmsg'
run "no args" 2 sendmsg
run "bad option" 2 sendmsg --frobnicate 1
run "bad gpu" 2 sendmsg -g a630 1

# ---- -e isa: decode / encode / check -------------------------------------
printf '0xbf900012 0xbf910122 0xbf810000 0xbf90003f 0xbf900081 0xbf90fc08\n' >w.hex
run "decode" 0 decode -e isa -g gfx1010 w.hex
cp out dec.txt
has dec.txt "decode" '^0x00000000: s_sendmsg sendmsg\(MSG_GS, GS_OP_CUT, 0\)$'
has dec.txt "decode" '^0x00000004: s_sendmsghalt sendmsg\(MSG_GS, GS_OP_EMIT, 1\)$'
has dec.txt "decode" '^0x00000008: \.long 0xbf810000$'
has dec.txt "decode" '^0x0000000c: s_sendmsg sendmsg\(15, 3, 0\)$'
has dec.txt "decode" '^    ; error: s_sendmsg: dw0\[6:4\]: invalid operation id 3: MSG_SYSMSG has no operation 3$'
has dec.txt "decode" '^0x00000010: s_sendmsg 129$'
has dec.txt "decode" '^0x00000014: s_sendmsg 64520$'
run "encode back" 0 encode -e isa -g navi10 -f hex dec.txt
tr ' ' '\n' <w.hex >want
same out want "decode then encode"
run "binary" 0 encode -e isa -g gfx10 -o w.bin dec.txt
run "binary decode" 0 decode -e isa -g gfx10 -f bin w.bin
same out dec.txt "binary round trip"
run "check" 1 check -e isa -g gfx10 w.hex
has out "check" '^w\.hex:0xc: error: s_sendmsg: dw0\[6:4\]: invalid operation id 3: MSG_SYSMSG has no operation 3$'
has out "check" '^w\.hex:0x14: error: s_sendmsg: dw0\[3:0\]: invalid message id 8: gfx10 has no message 8$'
has out "check" '^w\.hex:0x10: warning: s_sendmsg: dw0\[7:7\]: unused bit 7 set'
has err "check" '^w\.hex: 2 errors, 2 warnings$'
printf '0xbf900012\n' >good.hex
run "check clean" 0 check -e isa -g gfx10 good.hex
run "json" 0 decode -e isa -g gfx10 --json w.hex
has out "json" '^\{"offset":0,"engine":"amdgpu","name":"s_sendmsg","words":\[3213885458\],"fields":\{"simm16":18,"type":2,"op":1,"stream":0,"unused":0\},"enums":\{"type":"MSG_GS","op":"GS_OP_CUT"\},"diagnostics":\[\]\}$'
has out "json" '^\{"offset":8,"engine":"amdgpu","name":null,"words":\[3212902400\],"fields":\{\},"enums":\{\},"diagnostics":\[\]\}$'
has out "json diagnostics" '"diagnostics":\[\{"severity":"error","code":"reserved_value","offset":12,"dw":0,"bits":\[6,4\],"field":"op","message":"invalid operation id 3: MSG_SYSMSG has no operation 3"\}\]\}$'
run "json --text" 0 decode -e isa -g gfx10 --json --text w.hex
has out "json --text" '^\{"offset":8,"engine":"amdgpu",.*"diagnostics":\[\],"text":"0x00000008: \.long 0xbf810000"\}$'
printf 's_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 4)\ns_sendmsg 1\ns_nop 0\n' >bad.s
run "encode errors" 1 encode -e isa -g gfx10 -f hex bad.s
has err "encode errors" '^bad\.s:1:38: error: invalid message stream id$'
has err "encode errors" '^bad\.s:3:1: error: instruction not supported'
has out "encode errors" '^0xbf900001$'
printf 'msg = 2\nop = 3\nstream = 1\ns_sendmsg sendmsg(msg, op, stream)\n' >sym.s
run "symbols" 0 encode -e isa -g gfx10 -f hex sym.s
has out "symbols" '^0xbf900132$'
run "isa help" 0 decode -e isa -g gfx10 --help
has out "isa help" '^usage: gfxkit decode -e isa'
run "isa unknown gpu" 2 decode -e isa -g vega99 w.hex
has err "isa unknown gpu" "needs -g with a GPU"
run "isa list" 2 list -e isa -g gfx10
printf '0xbf9' >trunc.hex
run "isa bad hex" 2 decode -e isa -g gfx10 -f bin trunc.hex
run "pm4 untouched" 0 decode -g evergreen -e pm4 good.hex

# ---- live comparison with llvm-mc ----------------------------------------
# LLVM_MC=path overrides the llvm-mc found on PATH (LLVM_MC=none: skip)
MC=${LLVM_MC:-$(command -v llvm-mc || command -v llvm-mc-14 || true)}
if [ -z "$MC" ] || [ "$MC" = none ] || ! "$MC" -arch=amdgcn -mcpu=gfx1010 -disassemble </dev/null >/dev/null 2>&1; then
	skip "llvm-mc with the AMDGPU target not installed: the llvm-mc comparison not run"
else
	# every immediate of s_sendmsg (op 0x10) and s_sendmsghalt (op 0x11)
	awk 'BEGIN { for (op = 144; op <= 145; op++) for (v = 0; v < 65536; v++)
		printf "0x%02x,0x%02x,0x%02x,0xbf\n", v % 256, int(v / 256), op }' >all.bytes
	awk 'BEGIN { for (op = 0; op <= 1; op++) for (v = 0; v < 65536; v++) printf "0xbf9%d%04x\n", op, v }' >all.hex
	"$MC" -arch=amdgcn -mcpu=gfx1010 -disassemble all.bytes 2>mcerr | grep -v '^[[:space:]]*\.text' |
		sed 's/^[[:space:]]*//' >llvm.txt
	"$G" decode -e isa -g gfx1010 all.hex | sed 's/^0x[0-9a-f]*: //' | grep -v '^    ;' >gfxkit.txt
	if [ "$(wc -l <llvm.txt)" -ne 131072 ] || [ "$(wc -l <gfxkit.txt)" -ne 131072 ]; then
		bad "llvm-mc live: $(wc -l <llvm.txt) llvm lines, $(wc -l <gfxkit.txt) gfxkit lines"
	else
		# the exceptions, each by rule (docs/sendmsg.md): E1 unused bits set ->
		# gfxkit prints the decimal value; E2 SYSMSG op 3 on GFX10 -> numbers;
		# E3 (llvm 16 and later) id 8 named MSG_EARLY_PRIM_DEALLOC on GFX10 -> numbers
		paste -d '\t' all.hex llvm.txt gfxkit.txt | awk -F '\t' '
			{ v = 0; h = substr($1, 7, 4)
			  for (i = 1; i <= 4; i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			  unused = (v % 256 >= 128) || v >= 1024
			  split($2, p, " "); want = $2
			  if (unused && index($2, "sendmsg(") > 0) { want = p[1] " " v; e1++ }
			  else if ($2 ~ /SYSMSG_OP_HOST_TRAP_ACK/) { want = p[1] " sendmsg(15, 3, 0)"; e2++ }
			  else if ($2 ~ /MSG_EARLY_PRIM_DEALLOC/) { want = p[1] " sendmsg(8, 0, 0)"; e3++ }
			  if ($3 != want) { if (bad++ < 5) print "  " $1 ": gfxkit \"" $3 "\", llvm \"" $2 "\"" } }
			END { print "# llvm-mc live: " NR - bad " of " NR " agree; exceptions E1=" e1 " E2=" e2 " E3=" e3 + 0
			      e1_want = 2 * (e3 ? 38 : 37) * 127
			      exit (bad > 0 || e1 != e1_want || e2 != 2 || (e3 != 0 && e3 != 2)) }' >cmp.txt
		if [ $? -eq 0 ]; then ok; else bad "llvm-mc live disassembly"; fi
		cat cmp.txt
	fi
	# the operand lines: the committed vectors are still what llvm-mc says
	# (they come from llvm-mc 14; llvm 16 also accepts MSG_EARLY_PRIM_DEALLOC on GFX10)
	V=$ROOT/tests/vectors/sendmsg_gfx10_text.txt
	mc_major=$("$MC" --version | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p' | head -1)
	if [ "$mc_major" != 14 ]; then
		skip "llvm-mc $mc_major, the vectors are from llvm-mc 14: the live operand-line check not run"
	else
	# LINE is everything before the last tab (a line may hold a tab itself)
	TAB=$(printf '\t')
	grep -v '^#' "$V" | sed "s/${TAB}[^${TAB}]*\$//" >lines.s
	grep -v '^#' "$V" | sed "s/.*${TAB}//" >results.txt
	"$MC" -arch=amdgcn -mcpu=gfx1010 -show-encoding lines.s >enc.txt 2>encerr
	n_err=$(grep -c 'error:' encerr)
	n_enc=$(grep -c 'encoding:' enc.txt)
	w_err=$(grep -c '^error' results.txt)
	w_enc=$(grep -c '^0x' results.txt)
	if [ "$n_enc" -eq "$w_enc" ] && [ "$n_err" -ge "$w_err" ]; then ok; else
		bad "llvm-mc live: $n_enc encodings / $n_err errors, vectors say $w_enc / $w_err"
	fi
	grep -o 'encoding: \[[^]]*\]' enc.txt | sed 's/encoding: \[0x\(..\),0x\(..\),0x\(..\),0x\(..\)\]/0x\4\3\2\1/' >llvm_words.txt
	grep '^0x' results.txt >vec_words.txt
	same llvm_words.txt vec_words.txt "llvm-mc live: operand encodings"
	# and each rejected line: the first error's column and message
	sed -n 's/^lines\.s:\([0-9]*\):\([0-9]*\): error: \(.*\)$/\1 error \2 \3/p' encerr |
		awk '!seen[$1]++' | sort -n >llvm_errs.txt
	awk '/^error/ { print NR " " $0 }' results.txt >vec_errs.txt
	same llvm_errs.txt vec_errs.txt "llvm-mc live: operand errors (line, column, message)"
	echo "# llvm-mc live: $n_enc operand lines accepted, $(grep -c . lines.s) lines in all"
	fi
fi

# GFX11 needs llvm-mc 15 or later (Debian: llvm-16); disassembly of every immediate
MC11=${LLVM_MC_GFX11:-$(command -v llvm-mc-16 || command -v llvm-mc-17 || command -v llvm-mc-18 || command -v llvm-mc-19 || true)}
if [ -z "$MC11" ] || [ "$MC11" = none ] || ! "$MC11" -arch=amdgcn -mcpu=gfx1100 -disassemble </dev/null >/dev/null 2>&1; then
	skip "no llvm-mc 16 or later installed: the llvm-mc GFX11 comparison not run"
else
	awk 'BEGIN { for (v = 0; v < 65536; v++) printf "0x%02x,0x%02x,0xb6,0xbf\n", v % 256, int(v / 256) }' >g11.bytes
	awk 'BEGIN { for (v = 0; v < 65536; v++) printf "0xbfb6%04x\n", v }' >g11.hex
	"$MC11" -arch=amdgcn -mcpu=gfx1100 -disassemble g11.bytes 2>/dev/null | grep -v '^[[:space:]]*\.text' |
		sed 's/^[[:space:]]*//' >llvm11.txt
	"$G" decode -e isa -g gfx1100 g11.hex | sed 's/^0x[0-9a-f]*: //' | grep -v '^    ;' >gfxkit11.txt
	# E1 only: unused bits 15:8 set -> gfxkit prints the decimal value
	paste -d '\t' g11.hex llvm11.txt gfxkit11.txt | awk -F '\t' '
		{ v = 0; h = substr($1, 7, 4)
		  for (i = 1; i <= 4; i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		  split($2, p, " "); want = $2
		  if (v >= 256 && index($2, "sendmsg(") > 0) { want = p[1] " " v; e1++ }
		  if ($3 != want) { if (bad++ < 5) print "  " $1 ": gfxkit \"" $3 "\", llvm \"" $2 "\"" } }
		END { print "# llvm-mc GFX11 live: " NR - bad " of " NR " agree; exceptions E1=" e1
		      exit (bad > 0 || NR != 65536 || e1 != 13 * 255) }' >cmp11.txt
	if [ $? -eq 0 ]; then ok; else bad "llvm-mc GFX11 live disassembly"; fi
	cat cmp11.txt
fi

finish
