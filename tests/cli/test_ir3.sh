#!/bin/sh
# End-to-end tests of the ir3 engine: sh tests/cli/test_ir3.sh path/to/gfxkit
# decode/encode/check -e isa -g ADRENO: input forms, the exact text, the raw
# form, round trips through text, JSON Lines, diagnostics and exit codes.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

# le64 HHHHHHHH_LLLLLLLL...: the instructions as little-endian bytes
le64() {
	for w in "$@"; do
		hi=${w%_*} lo=${w#*_}
		for x in $lo $hi; do
			for i in 7 5 3 1; do
				b=$(printf '%s' "$x" | cut -c"$i-$((i + 1))")
				printf "\\$(printf '%03o' "0x$b")"
			done
		done
	done
}

# ---- decode: the three hex forms and binary give the same text -----------
# ldg, stg.a, ldib.b (a6xx bindless), stc with a1.x (seed 002 / Mesa's vectors)
printf 'c0060006_0181800f\nc0d20906_02800004\nc0260c0a_0a61b180\nc7060120_03800000\n' >a.hex
run "decode hex 64-bit" 0 decode -e isa -g a630 a.hex
cp out ref.txt
has ref.txt "decode" '^0x00000000: ldg\.u32 r1\.z, g\[r1\.z\+7\], 1$'
has ref.txt "decode" '^0x00000008: stg\.a\.f32 g\[r1\.x\+\(r1\.z<<2\)\], r0\.z, 2$'
has ref.txt "decode" '^0x00000010: ldib\.b\.untyped\.1d\.u32\.4\.nonuniform\.base0 r2\.z, r2\.z, r1\.z$'
has ref.txt "decode" '^0x00000018: stc\.u32 c\[a1\.x\+32\], r0\.x, 3$'
empty err "decode"
printf '0x0181800f 0xc0060006\n0x02800004 0xc0d20906 # stg.a\n; ldib.b\n0x0a61b180, 0xc0260c0a\n0x03800000\n0xc7060120\n' >b.hex
run "decode hex 32-bit pairs" 0 decode -e isa -g a630 b.hex
same out ref.txt "32-bit pairs"
printf '0xc00600060181800f 0xc0d2090602800004\n00000010: c0260c0a0a61b180\nC7060120_03800000\r\n' >c.hex
run "decode hex 16-digit values, offsets" 0 decode -e isa -g a630 -f hex c.hex
same out ref.txt "16-digit values"
le64 c0060006_0181800f c0d20906_02800004 c0260c0a_0a61b180 c7060120_03800000 >a.bin
run "decode bin (auto)" 0 decode -e isa -g a630 a.bin
same out ref.txt "binary"
run "decode -f bin stdin" 0 decode -e isa -g 630 -f bin - <a.bin
same out ref.txt "binary from stdin, gpu id"
run "decode a6xx" 0 decode -e isa -g a6xx a.bin
same out ref.txt "a6xx"

# ---- encode reads decode's output back ----------------------------------
run "encode" 0 encode -e isa -g a630 ref.txt
same out a.bin "encode of decode output"
# (the stg.a line is as Mesa printed it until 2025: still read)
printf 'ldg.u32 r1.z, g[r1.z+7], 1\n\n  stg.a.f32   g[r1.x+(r1.z)<<2],  r0.z, 2   ; a comment\n' >t.s
run "encode bare text" 0 encode -e isa -g a630 -f hex t.s
has out "encode -f hex" '^0x0181800f 0xc0060006$'
has out "encode -f hex" '^0x02800004 0xc0d20906$'
cp out t.hex
run "decode of encode -f hex" 0 decode -e isa -g a630 t.hex
has out "hex round trip" '^0x00000008: stg\.a\.f32 g\[r1\.x\+\(r1\.z<<2\)\], r0\.z, 2$'
run "decode @mesa-2025" 0 decode -e isa -g a630@mesa-2025 t.hex
has out "Mesa 2025's text" '^0x00000008: stg\.a\.f32 g\[r1\.x\+\(r1\.z\)<<2\], r0\.z, 2$'
cp out t2025.txt
run "encode @mesa-2025" 0 encode -e isa -g a630@mesa-2025 -f hex t2025.txt
same out t.hex "Mesa 2025's text assembles with @mesa-2025"
says "no a8xx in 2025" 2 err 'needs -g' decode -e isa -g a840@mesa-2025 t.hex

# ---- raw form: don't-care bits, no match, lossless ----------------------
printf 'c0220200_0361b801\nffffffff_ffffffff\n' >raw.hex
run "decode raw" 0 decode -e isa -g a630 raw.hex
cp out raw.txt
has raw.txt "don't-care" '^0x00000000: \[0xc0220200_0361b801\] ; ldib\.b\.typed\.1d\.f32\.4\.imm r0\.x, r0\.w, 1$'
has raw.txt "don't-care" "^    ; warning: ldib\.b: dw0\[0:0\]: don't-care bits set in ldib\.b: 0x1$"
has raw.txt "no match" '^0x00000008: \[0xffffffff_ffffffff\]$'
has raw.txt "no match" '^    ; error: -: no ir3 encoding matches 0xffffffff_ffffffff$'
run "encode raw" 0 encode -e isa -g a630 raw.txt
le64 c0220200_0361b801 ffffffff_ffffffff >raw.bin
same out raw.bin "raw form round trip"

# ---- a word again: the engine's memo gives what decoding it gives ---------
# (src/isa/ir3/engine.c keeps results without diagnostics, by word, two to
# a set): min.f, mul.f and mad.f32 share a set, so each pushes another out;
# ldib.b with its don't-care bit warns each time, wmm's text is too long to
# keep
words="40300023_10290023 4070003e_003f003e 6384103a_003a003b c0220200_0361b801 6f66f310_60d0605d 40300023_10290023 4070003e_003f003e 6384103a_003a003b 4070003e_003f003e c0220200_0361b801 6f66f310_60d0605d 40300023_10290023 6384103a_003a003b c0220200_0361b801 00000000_00000000"
: >alone.txt
for w in $words; do
	printf '%s\n' "$w" >one.hex
	"$G" decode -e isa -g a630 one.hex 2>&1 | sed 's/^0x00000000: //' >>alone.txt
done
printf '%s\n' $words >again.hex
run "decode of repeated words" 0 decode -e isa -g a630 again.hex
cat out err | sed 's/^0x000000[0-9a-f][0-9a-f]: //' >again.txt
same again.txt alone.txt "repeated words decode as each alone"
run "check of repeated words" 0 check -e isa -g a630 again.hex
n=$(grep -c "don't-care bits set" out err | awk -F: '{s += $2} END {print s}')
if [ "$n" = 3 ]; then ok; else bad "check of repeated words: $n don't-care warnings, want 3"; fi
run "decode json of repeated words" 0 decode --json -e isa -g a630 again.hex
has out "json of a word again" '"offset":64,.*"name":"mul.f",.*"fields":\{"SY":0'

# ---- a line again: the assembler's memo gives what assembling it gives ----
# (src/isa/ir3/engine.c keeps the word of each line that assembled, by its
# text, for the rest of the text): lines again, lines that differ in one
# character (a register, a flag, a blank inside, a comment), a line that
# fails each time with its own column, a line too long to keep, and ten
# lines of one set of the memo (its hash's top ten bits: 277), two of them
# one character apart, more than its eight ways; each gives the word and
# message it gives alone
printf '%s\n' 'mov.f32f32 r0.x, r0.y' 'mov.f32f32 r0.x, r0.z' '(sy)mov.f32f32 r0.x, r0.y' \
	'mov.f32f32 r0.x,  r0.y' 'mov.f32f32 r0.x, r0.y ; a comment' 'mov.f32f32 r0.x, r9.y' 'nop' '(rpt2)nop' \
	'mov.f32f32 r0.x, bogus' 'mad.f32 r0.x, r0.y, r0.z, r0.w' 'mad.f32 r0.x, r0.y, r0.z, r1.w' \
	'ldib.b.untyped.1d.u32.4.nonuniform.base0 r2.z, r2.z, r1.z' \
	'saml.s2en.uniform.base1 (f32)(xyzw)r13.x, r0.w, r13.w, r11.w, a1.x' \
	'add.f r0.x, r0.z, r2.z' 'add.f r0.x, r0.z, r6.x' 'add.f r0.x, r2.z, r2.z' 'add.f r0.y, r0.w, r6.z' \
	'add.f r0.y, r1.z, r3.x' 'add.f r0.y, r9.y, r5.w' 'add.f r0.y, r9.w, r4.w' 'add.f r0.z, r4.z, r7.w' \
	'add.f r0.z, r7.x, r9.w' 'add.f r0.w, r0.x, r6.z' >lines.s
: >alone.out
: >alone.err
for round in 1 2 3; do
	while IFS= read -r l; do
		printf '%s\n' "$l" >one.s
		"$G" encode -e isa -g a630 -f hex one.s >>alone.out 2>one.err
		sed 's/^one\.s:[0-9]*:/L:/' one.err >>alone.err
	done <lines.s
done
cat lines.s lines.s lines.s >again.s
run "encode of repeated lines" 1 encode -e isa -g a630 -f hex --max-errors 0 again.s
n=$(grep -c "error: .*bogus" err)
if [ "$n" = 3 ]; then ok; else bad "encode of repeated lines: $n errors for the bad line, want 3"; fi
has err "the third bad line's own place" "^again\\.s:55:18: error: no ir3 instruction on this GPU reads as 'mov\\.f32f32 r0\\.x, bogus'$"
same out alone.out "repeated lines encode as each alone (words)"
sed 's/^again\.s:[0-9]*:/L:/' err >again.err
same again.err alone.err "repeated lines encode as each alone (messages)"
# the same branch text with labels at other distances gives other words:
# labels become distances before the memo sees the text
printf 'top:\nnop\nbr p0.x, #done\nnop\nbr p0.x, #done\nnop\ndone:\njump #top\njump #top\nend\n' >lab2.s
printf 'nop\nbr p0.x, #4\nnop\nbr p0.x, #2\nnop\njump #-5\njump #-6\nend\n' >num2.s
: >alone.txt
while IFS= read -r l; do
	printf '%s\n' "$l" >one.s
	"$G" encode -e isa -g a630 -f hex one.s >>alone.txt
done <num2.s
run "encode of repeated label operands" 0 encode -e isa -g a630 -f hex lab2.s
same out alone.txt "label operands at other distances encode as each alone"

# ---- every vector of the repository, decode then encode ------------------
# (Mesa 26.2's with the default description, Mesa 2025's with @mesa-2025;
# "raw 0x..." is Mesa's text for a word nothing matches)
for spec in ir3_mesa26:420 ir3_mesa26:540 ir3_mesa26:630 ir3_mesa26:730 ir3_mesa26:840 ir3_mesa26:0x44050000 \
	ir3_2025:420@mesa-2025 ir3_2025:540@mesa-2025 ir3_2025:630@mesa-2025 ir3_2025:730@mesa-2025; do
	set=${spec%%:*}
	gpu=${spec#*:}
	col=${gpu%@*}
	[ "$col" = 0x44050000 ] && col=840
	grep -v '^#' "$ROOT/tests/vectors/$set.tsv" | awk -F'\t' -v g=$col '$1 == g && $3 !~ /^raw / { print $2 }' >v.hex
	grep -v '^#' "$ROOT/tests/vectors/$set.tsv" | awk -F'\t' -v g=$col '$1 == g && $3 !~ /^raw / { print $3 }' >v.want
	run "decode $set $gpu" 0 decode -e isa -g $gpu v.hex
	grep -v '^    ;' out | sed 's/^0x[0-9a-f]*: //; s/^\[0x[0-9a-f_]*\] ; //' >v.got
	same v.got v.want "$set $gpu: Mesa's text"
	cp out v.txt
	run "encode $set $gpu" 0 encode -e isa -g $gpu v.txt
	cp out v.bin
	run "decode again $set $gpu" 0 decode -e isa -g $gpu v.bin
	same out v.txt "$set $gpu: lossless"
done

# ---- random words of every generation round-trip ------------------------
awk 'BEGIN { srand(7); for (i = 0; i < 400; i++) { h = int(rand() * 4294967296); if (i % 2) h = h % 536870912 + 3221225472; printf "%08x_%08x\n", h, int(rand() * 4294967296) } }' >rnd.hex
for gpu in a306 a420 a530 a660 a730 a840 a630@mesa-2025; do
	run "decode random $gpu" 0 decode -e isa -g $gpu rnd.hex
	cp out rnd.txt
	run "encode random $gpu" 0 encode -e isa -g $gpu rnd.txt
	cp out rnd.bin
	run "decode random again $gpu" 0 decode -e isa -g $gpu rnd.bin
	same out rnd.txt "random words on $gpu"
done

# ---- check ----------------------------------------------------------------
run "check clean" 0 check -e isa -g a630 a.hex
empty out "check clean"
has err "check clean" '^a\.hex: 0 errors, 0 warnings$'
run "check raw" 1 check -e isa -g a630 raw.hex
has out "check" "^raw\.hex:0x0: warning: ldib\.b: dw0\[0:0\]: don't-care bits set in ldib\.b: 0x1$"
has out "check" '^raw\.hex:0x8: error: -: no ir3 encoding matches 0xffffffff_ffffffff$'
has err "check" '^raw\.hex: 1 error, 1 warning$'
# stg.a is a6xx only; on a5xx the same bits are nothing
printf 'c0d20906_02800004\n' >stga.hex
says "check wrong gen" 1 out 'error: -: stg\.a is not an instruction of gpu 540$' check -e isa -g a540 stga.hex
# ldg.a's default case asserts bit 11 = 0; this word shows an override
# (as isaspec, asserts are checked in the chosen case only), whose text
# does not carry bit 11
printf 'c0020011_04c08823\n' >assert.hex
says "check assert" 0 out 'warning: ldg\.a: dw0\[11:11\]: the text does not show bits 0x0000000000000800 ' check -e isa -g a630 assert.hex
# ldg.a with an offset and both shifts takes the default case, whose assert is checked
printf 'c0020011_04c09c23\n' >assert2.hex
says "check assert (default case)" 0 out 'warning: ldg\.a: dw0\[11:11\]: ldg\.a expects 0x0 in bits 11\.\.11$' check -e isa -g a630 assert2.hex
le64 c0d20906_02800004 >trail.bin
printf 'abc' >>trail.bin
run "decode -f bin with trailing bytes" 0 decode -e isa -g a630 -f bin trail.bin
run "check -f bin with trailing bytes" 1 check -e isa -g a630 -f bin trail.bin
has out "trailing" 'error: 3 trailing bytes: not a whole 64-bit instruction$'

# ---- JSON Lines -----------------------------------------------------------
run "decode --json" 0 decode -e isa -g a630 --json a.hex
n=$(wc -l <out)
if [ "$n" -eq 4 ]; then ok; else bad "--json: $n lines, want 4"; fi
has out "--json" '^\{"offset":0,"engine":"ir3","name":"ldg","words":\[25264143,3221618694\],"exact":true,"fields":\{"SY":0,"JP":0,"TYPE":3,.*"OFF":7,"SIZE":1\},"enums":\{\},"diagnostics":\[\]\}$'
run "decode --json --text" 0 decode -e isa -g a630 --json --text a.hex
has out "--json --text" '^\{"offset":0,"engine":"ir3",.*"diagnostics":\[\],"text":"ldg\.u32 r1\.z, g\[r1\.z\+7\], 1"\}$'
cp out json.txt
run "check --json" 1 check -e isa -g a630 --json raw.hex
n=$(wc -l <out)
if [ "$n" -eq 2 ]; then ok; else bad "check --json: $n lines, want 2"; fi
has out "check --json" '"severity":"error"'
if command -v python3 >/dev/null 2>&1; then
	if python3 -c '
import json, sys
for f in sys.argv[1:]:
    for line in open(f):
        o = json.loads(line)
        assert isinstance(o["words"], list) and len(o["words"]) == 2 and o["engine"] == "ir3"
        assert isinstance(o["fields"], dict) and isinstance(o["diagnostics"], list)
' json.txt out 2>jerr; then ok; else bad "--json: python3 json.loads rejects a line: $(tail -1 jerr)"; fi
fi

# ---- the example: text -> binary -> text, both committed ------------------
run "encode example" 0 encode -e isa -g a630 "$ROOT/examples/a630_cat6.s"
same out "$ROOT/examples/a630_cat6.bin" "examples/a630_cat6.s assembles to examples/a630_cat6.bin"
run "decode example" 0 decode -e isa -g a630 "$ROOT/examples/a630_cat6.bin"
same out "$ROOT/examples/a630_cat6.txt" "examples/a630_cat6.bin decodes to examples/a630_cat6.txt"
says "check example" 0 err ': 0 errors, 0 warnings$' check -e isa -g a630 "$ROOT/examples/a630_cat6.bin"

# ---- the committed tables are what the generator makes of the XML ---------
# (Mesa 26.2's description, the default; Mesa's January 2025 one, kept as
# @mesa-2025; the March 2022 one must still generate)
XML=$ROOT/../shared/reference/ir3
if [ ! -f "$XML/mesa-current/ir3.xml" ]; then
	skip "$XML/mesa-current/ir3.xml not found: the generator check of the committed ir3 tables not run (a fresh clone has no ../shared)"
elif ! command -v python3 >/dev/null 2>&1; then
	skip "python3 not installed: the generator check of the committed ir3 tables (scripts/gen_ir3.py) not run"
else
	mkdir gen gen2025 gen2022
	if python3 "$ROOT/scripts/gen_ir3.py" "$XML/mesa-current" gen 2>gen.err; then ok; else bad "gen_ir3.py failed: $(tail -1 gen.err)"; fi
	same gen/ir3_tab.c "$ROOT/src/isa/ir3/ir3_tab.c" "scripts/gen_ir3.py output vs src/isa/ir3/ir3_tab.c"
	same gen/ir3_counts.h "$ROOT/src/isa/ir3/ir3_counts.h" "scripts/gen_ir3.py output vs src/isa/ir3/ir3_counts.h"
	same gen/ir3_expr.inc "$ROOT/src/isa/ir3/ir3_expr.inc" "scripts/gen_ir3.py output vs src/isa/ir3/ir3_expr.inc"
	has gen.err "26.2 description" '^382 bitsets, 265 leaves under #instruction, 75 expressions, 642 fields$'
	if [ ! -f "$XML/mesa-2025/ir3.xml" ]; then
		skip "$XML/mesa-2025/ir3.xml not found: the generator check of Mesa's 2025 description not run"
	else
		if python3 "$ROOT/scripts/gen_ir3.py" "$XML/mesa-2025" gen2025 2025 2>gen2025.err; then ok; else bad "gen_ir3.py 2025 failed: $(tail -1 gen2025.err)"; fi
		same gen2025/ir3_2025_tab.c "$ROOT/src/isa/ir3/ir3_2025_tab.c" "scripts/gen_ir3.py 2025 output vs src/isa/ir3/ir3_2025_tab.c"
		same gen2025/ir3_2025_counts.h "$ROOT/src/isa/ir3/ir3_2025_counts.h" "scripts/gen_ir3.py 2025 output vs src/isa/ir3/ir3_2025_counts.h"
		same gen2025/ir3_2025_expr.inc "$ROOT/src/isa/ir3/ir3_2025_expr.inc" "scripts/gen_ir3.py 2025 output vs src/isa/ir3/ir3_2025_expr.inc"
		has gen2025.err "2025 description" '^354 bitsets, 248 leaves under #instruction, 61 expressions, 559 fields$'
	fi
	if [ ! -f "$XML/ir3.xml" ]; then
		skip "$XML/ir3.xml not found: the generator check of Mesa's 2022 description not run"
	else
		if python3 "$ROOT/scripts/gen_ir3.py" "$XML" gen2022 2>gen2022.err; then ok; else bad "gen_ir3.py 2022 failed: $(tail -1 gen2022.err)"; fi
		has gen2022.err "2022 description" '^326 bitsets, 233 leaves under #instruction, 51 expressions, 487 fields$'
		has gen2022/ir3_tab.c "2022 provenance" 'isa/ir3\*\.xml at acba08b58f11'
		has gen2022/ir3_counts.h "2022 counts" '^#define IR3_NBITSETS 326$'
	fi
fi

# ---- branch labels: decode --labels, encode resolves them ------------------
run "labels example" 0 encode -e isa -g a630 "$ROOT/examples/a630_branches.s"
same out "$ROOT/examples/a630_branches.bin" "examples/a630_branches.s assembles to examples/a630_branches.bin"
run "decode --labels" 0 decode -e isa -g a630 --labels "$ROOT/examples/a630_branches.bin"
same out "$ROOT/examples/a630_branches.txt" "examples/a630_branches.bin decodes with labels to examples/a630_branches.txt"
run "encode labelled text" 0 encode -e isa -g a630 "$ROOT/examples/a630_branches.txt"
same out "$ROOT/examples/a630_branches.bin" "the labelled text assembles back"
run "decode without labels" 0 decode -e isa -g a630 "$ROOT/examples/a630_branches.bin"
has out "relative target" '^0x00000020: br p0\.x, #3$'
has out "backward target" '^0x00000030: jump #-5$'
hasnot out "no label lines" '^l[0-9]+:$'
# "#lN" without a label line is instruction N; an unknown or doubled label is an error
printf 'nop\nbr p0.x, #l0\nfoo:\nnop\nfoo:\nbr p0.x, #bar\n' >lab.s
says "label errors" 1 err '^lab\.s:5:1: error: label defined again: .foo.$' encode -e isa -g a630 lab.s
has err "unknown label" "^lab\\.s:6:10: error: no label 'bar'$"
says "--labels only decodes" 2 err 'labels is for decode -e isa' encode -e isa -g a630 --labels lab.s
says "--labels only ir3" 2 err 'labels is for decode -e isa' decode -e pm4 -g gfx9 --labels lab.s

# ---- Mesa's freedreno CI logs: real captures as Mesa prints them ----------
# The logs are from Mesa before 26.2, so each shader (instruction index back
# at 0) is decoded with the GPU the log names and that Mesa's description
# (@mesa-2025) and compared with Mesa's text line by line (a raw line by its
# text; Mesa's "no match" words have none); fd-clouds was printed with
# branch labels: decoded with --labels, label lines included.  Mesa's text of
# a log (of each shader, labels and all, for fd-clouds) assembles back to the
# same words with the default description (old texts are read) where every
# word has a text (not the crash dumps' garbage).  With the default
# description every word decodes as well: the same words have an encoding.
TR=$ROOT/../shared/reference/captures/mesa-freedreno-traces
if [ ! -d "$TR" ]; then
	skip "$TR not found: Mesa's freedreno CI logs not compared (a fresh clone has no ../shared)"
elif ! command -v gzip >/dev/null 2>&1; then
	skip "gzip not installed: Mesa's freedreno CI logs in $TR cannot be read"
else
	tr_lines=0
	tr_shaders=0
	tr_now=0
	for spec in glxgears-a420:a420 compute-a540:a540 fd-clouds:a630 crash:a630 crash_prefetch:a618 \
		dEQP-VK.draw.indirect_draw.indexed.indirect_draw_count.triangle_list:a640; do
		log=${spec%:*}
		gpu=${spec##*:}
		labels=
		[ "$log" = fd-clouds ] && labels=--labels
		if [ ! -f "$TR/$log.log.gz" ]; then
			skip "$TR/$log.log.gz not found: that log not compared"
			continue
		fi
		rm -rf tr && mkdir tr
		# tr/N.hex: the words of shader N; tr/N.want: Mesa's lines (labels too)
		gzip -dc "$TR/$log.log.gz" | awk -v dir=tr '
			match($0, /:[0-9]+:[0-9][0-9][0-9][0-9]:[0-9][0-9][0-9][0-9]\[[0-9a-f]+x_[0-9a-f]+x\] /) {
				split(substr($0, RSTART + 1), p, ":")
				idx = p[2] + 0
				w = substr($0, index($0, "[") + 1, 19)
				t = substr($0, RSTART + RLENGTH)
				sub(/\t; dontcare bits in .*$/, "", t)
				if (t ~ /^l[0-9]+:$/) { print t >> (dir "/" n ".want"); next }
				if (idx == 0 && (!started || last != 0 || t != prev)) { n++; started = 1 }
				last = idx; prev = t
				gsub(/x/, "", w)
				print w >> (dir "/" n ".hex")
				if (t ~ /^no match: /) t = "-"
				print t >> (dir "/" n ".want")
			}'
		tr_shaders=$((tr_shaders + $(ls tr/*.hex | wc -l)))
		if [ -z "$labels" ]; then # one decode for the whole log (no labels, no index)
			cat tr/*.hex >tr/all.x && cat tr/*.want >tr/all.w && rm -f tr/*.hex tr/*.want
			mv tr/all.x tr/all.hex && mv tr/all.w tr/all.want
		fi
		for h in tr/*.hex; do
			s=${h%.hex}
			"$G" decode -e isa -g $gpu@mesa-2025 $labels "$h" >"$s.out" 2>"$s.derr"
			hasnot "$s.derr" "$log shader $(basename "$s"): sanitizer" 'runtime error|AddressSanitizer|LeakSanitizer'
			"$G" decode -e isa -g $gpu "$h" >"$s.now" 2>"$s.nerr"
			hasnot "$s.nerr" "$log shader $(basename "$s"): sanitizer (26.2)" 'runtime error|AddressSanitizer|LeakSanitizer'
			nm_old=$(grep -c '^0x[0-9a-f]*: \[0x[0-9a-f_]*\]$' "$s.out")
			nm_now=$(grep -c '^0x[0-9a-f]*: \[0x[0-9a-f_]*\]$' "$s.now")
			if [ "$nm_now" -le "$nm_old" ]; then ok; else bad "$log shader $(basename "$s"): $nm_now words without an encoding in Mesa 26.2's description, $nm_old in 2025's"; fi
			tr_now=$((tr_now + $(grep -c '^0x' "$s.now")))
			grep -v '^    ;' "$s.out" | sed 's/^0x[0-9a-f]*: //; s/^\[0x[0-9a-f_]*\] ; //; s/^\[0x[0-9a-f_]*\]$/-/' >"$s.got"
			tr_lines=$((tr_lines + $(wc -l <"$s.want")))
			same "$s.got" "$s.want" "$log shader $(basename "$s"): Mesa's text"
			if [ -n "$labels" ] || ! grep -q '^-$' "$s.want"; then # every word has Mesa's text
				sed 's/^/\t/' "$s.want" >"$s.mesa" # Mesa's own text, labels and all
				if "$G" encode -e isa -g $gpu -f hex "$s.mesa" >"$s.back" 2>"$s.err"; then ok; else bad "$log shader $(basename "$s"): $(head -1 "$s.err")"; fi
				awk -F_ '{ print "0x" $2 " 0x" $1 }' "$h" >"$s.words"
				same "$s.back" "$s.words" "$log shader $(basename "$s"): Mesa's text assembles to the words"
			fi
		done
	done
	echo "# Mesa CI logs: $tr_shaders shaders, $tr_lines lines (with label lines) compared; $tr_now words decoded with Mesa 26.2's description"
	# make bench's sample (tools/bench_ir3.c) is the a6xx logs' words, in order
	for log in fd-clouds crash_prefetch dEQP-VK.draw.indirect_draw.indexed.indirect_draw_count.triangle_list crash; do
		[ -f "$TR/$log.log.gz" ] && gzip -dc "$TR/$log.log.gz" | awk '
			match($0, /:[0-9]+:[0-9][0-9][0-9][0-9]:[0-9][0-9][0-9][0-9]\[[0-9a-f]+x_[0-9a-f]+x\] /) {
				w = substr($0, index($0, "[") + 1, 19)
				if (substr($0, RSTART + RLENGTH) ~ /^l[0-9]+:$/) next
				gsub(/x/, "", w)
				print w
			}'
	done >sample.words
	grep -v '^#' "$ROOT/tests/vectors/ir3_mesa_ci_a6xx.hex" >sample.want
	same sample.words sample.want "tests/vectors/ir3_mesa_ci_a6xx.hex is the a6xx logs' words"
fi

# ---- errors and usage -----------------------------------------------------
printf 'ldg.u32 r1.z, g[r1.z+7], 1\nldg.u33 r1.z, g[r1.z+7], 1\nfoo bar\n' >e.s
says "encode errors" 1 err '^e\.s:2:5: error: no ir3 instruction on this GPU reads as ' encode -e isa -g a630 e.s
has err "encode errors" '^e\.s:3:1: error: '
says "encode a6xx-only on a5xx" 1 err '^t\.s:3:' encode -e isa -g a540 t.s
printf 'zz\n' >z.hex
says "decode bad hex" 2 err '^z\.hex:1:1: error: ' decode -e isa -g a630 -f hex z.hex
printf '0x1\n' >odd.hex
says "decode odd words" 2 err '^odd\.hex:1:1: error: .*no high half' decode -e isa -g a630 odd.hex
# decode streams: what precedes a bad token is decoded, then the error says
# FILE:LINE:COL of the token
printf 'c0060006_0181800f\n0x0181800f 0xc0060006 # ok\n  0x0181800f 123456789abcdef01\n' >late.hex
run "decode late bad hex" 2 decode -e isa -g a630 late.hex
lines out "late bad hex" 2
has out "late bad hex" '^0x00000008: ldg\.u32 r1\.z, g\[r1\.z\+7\], 1$'
has err "late bad hex" '^late\.hex:3:14: error: hex value longer than 16 digits'
printf '0x0181800f c0060006_0181800f\n' >half.hex
says "decode 64-bit after a low half" 2 err '^half\.hex:1:12: error: .*high half' decode -e isa -g a630 half.hex
# trailing bytes on stdin, and through --json: the end record has their offset
run "check --json trailing bytes" 1 check -e isa -g a630 -f bin --json - <trail.bin
has out "json trailing" '^\{"offset":8,"engine":"ir3","end":true,"diagnostics":\[\{"severity":"error","code":"truncated","offset":8,"dw":null,"bits":null,"field":null,"message":"3 trailing bytes: not a whole 64-bit instruction"\}\]\}$'
# the forms of one token: Mesa's, 16 digits, 9 digits, labels, CRLF, commas
printf '00000000: 00000000_00000000, 0x000000000\r\n10: 0 0\n' >forms.hex
run "decode token forms" 0 decode -e isa -g a630 forms.hex
lines out "token forms" 3
has out "token forms" '^0x00000010: '
run "unknown gpu" 2 decode -e isa -g a999 a.hex
run "missing file" 2 decode -e isa -g a630 nonexistent.hex
run "bad -f" 2 decode -e isa -g a630 -f xml a.hex
run "encode --json" 2 encode -e isa -g a630 --json t.s
run "unknown command" 2 frobnicate -e isa -g a630
says "list" 0 out '^110\.\.000_0000\.\.\.x_xxxxxxxx_\.{8}_00xxx\.\.\._10\.{6}_\.{8}_\.{7}1  ldg +gen 300\.\.9999$' list -e isa -g a630
has out "list" '  stg\.a +gen 600\.\.699$'
says "list a730" 0 out '  alias +gen 700\.\.9999$' list -e isa -g a730
run "list a540" 0 list -e isa -g a540
hasnot out "list a540" ' stg\.a '
has out "list a540" '  stgb +gen 500\.\.599$'
says "help" 0 out '^usage: gfxkit decode -e isa -g GPU' decode -e isa -g a630 --help
has out "help" 'Mesa'
run "empty input" 0 decode -e isa -g a630 /dev/null
empty out "empty input"

finish
