#!/bin/sh
# An msm (Adreno) devcoredump decoded whole (decode/check without -e): the
# example cut from Mesa's crash.devcore decodes to examples/msm_crash_a630.txt
# (the GPU from its revision, where the CP stopped as crashdec says, the ring
# from crashdec's start to wptr, IB1 up to the packet, the registers by name);
# check reports the 0xdeadd00d the crash test planted and exits 1; --json
# writes JSON Lines only; -g overrides the GPU; and damaged dumps (ascii85
# cut short, a ring pointer past its size, no ringbuffer section, a control
# byte) are refused at their line and column with exit 2.
. "$(dirname "$0")/lib.sh"

EX=$ROOT/examples/msm_crash_a630.devcore
cp "$EX" msm_crash_a630.devcore
run "example" 0 decode msm_crash_a630.devcore
same out "$ROOT/examples/msm_crash_a630.txt" "the example decodes to examples/msm_crash_a630.txt"
has out "GPU a630" '^; msm devcoredump msm_crash_a630.devcore: GPU a630 \(chip id 0x06030002\)'
has out "crash position" '^; the CP stopped at CP_NOP \(1 dword\) at 0x000000010000001c: IB1 0x0000000100000000 \+ 0x1c'
has out "ring start" '^0x1000000001074: CP_REG_TO_MEM'
has out "register by name" '^;   0x000840 RBBM_STATUS +0x00800005  CP_AHB_BUSY_CX_MASTER=1 CP_BUSY=1 GPU_BUSY_IGN_AHB=1$'

says "check" 1 out '^msm_crash_a630.devcore:0x100000018: error: BAD_HEADER: .*0xdeadd00d' check msm_crash_a630.devcore
has err "check summary" '^msm_crash_a630.devcore: 1 error, 0 warnings$'
hasnot out "check lists no registers" 'RBBM_STATUS1'

run "json" 0 decode --json msm_crash_a630.devcore
if grep -qv '^{' out; then bad "json: a line that is not JSON"; else ok; fi
has err "json: the position on stderr" 'the CP stopped at CP_NOP'

says "-g" 0 out '^; msm devcoredump msm_crash_a630.devcore: GPU a618 \(revision 630' decode -g a618 msm_crash_a630.devcore
says "standard input" 0 out '^; the CP stopped at CP_NOP' decode - <msm_crash_a630.devcore

# shader memory disassembled with ir3 as crashdec does (A6XX_SP_INST_DATA:
# the first words of crash_prefetch's, two movs and an end)
cp "$EX" shader.devcore
printf 'shader-blocks:\n  - type: A6XX_SP_INST_DATA\n    - bank: 0\n      size: 6\n    data: !!ascii85 |\n      %s\n' \
	'5C`_6+ABQP5C`_6+ABQQz!rr<$' >>shader.devcore
run "shader block" 0 decode shader.devcore
has out "shader heading" '^; shader-blocks A6XX_SP_INST_DATA bank 0 \(line [0-9]+\): 6 dwords declared, 6 in the dump, as ir3 \(a630\) instructions:$'
has out "shader mov" '^0x00000000: mov.u32u32 r0.z, 0x3f800000$'
has out "shader end" '^0x00000010: end$'

# two rings, the CP on the second one printed: that ring first, marked
awk '/^ringbuffer:$/ { print; r = 1; next } /^bos:$/ { if (r) { for (i = 0; i < n; i++) { l = buf[i]; sub(/id: 0$/, "id: 1", l); sub(/iova: 0x0001000000001000$/, "iova: 0x0001000000009000", l); print l } for (i = 0; i < n; i++) print buf[i] } r = 0 } r { buf[n++] = $0; next } { print }' "$EX" >two.devcore
run "two rings" 0 decode two.devcore
grep '^; ring [0-9]*[ :]' out | head -1 >first
has first "the CP's ring first" '^; ring 0 \[the ring CP_RB_BASE names\]'
has out "the other ring after it" '^; ring 1: iova 0x0001000000009000'

# damaged: the ring's ascii85 cut by two characters
awk 'p == 1 { sub(/..$/, ""); p = 0 } /^    data: !!ascii85/ && !done { p = 1; done = 1 } { print }' "$EX" >cut.devcore
says "cut ascii85" 2 err '^cut.devcore:18:241: error: ring 0: the last group has [0-9] digits of 5: the data is cut short' decode cut.devcore
sed 's/^    rptr: 40$/    rptr: 8192/' "$EX" >rptr.devcore
says "rptr past the ring" 2 err '^rptr.devcore:14:1: error: ring 0: rptr 8192 lies beyond its 8192 dwords' decode rptr.devcore
sed '/^ringbuffer:/,/^bos:/{/^bos:/!d}' "$EX" >noring.devcore
says "no ringbuffer" 2 err "^noring.devcore:[0-9]+:0: error: no 'ringbuffer:' section" decode noring.devcore
sed 's/^comm: crashit$/comm: cra\x01shit/' "$EX" >ctrl.devcore
says "control byte" 2 err '^ctrl.devcore:5:10: error: byte 0x01' decode ctrl.devcore
sed 's/^revision: .*$/revision: six/' "$EX" >rev.devcore
says "bad revision" 2 err '^rev.devcore:7:[0-9]+: error: expected .revision: GPU_ID' decode rev.devcore
sed '/^revision: /d' "$EX" >norev.devcore
says "no revision" 2 err "^norev.devcore:[0-9]+: error: the msm devcoredump has no 'revision:' line naming its GPU: give -g GPU" decode norev.devcore
says "no revision, -g" 0 out '^; the CP stopped at CP_NOP' decode -g a630 norev.devcore

# gzipped (as Mesa's crash.devcore.gz is kept): read through the library's
# inflater, the same decode as the text it stands for; a cut copy refused
if command -v gzip >/dev/null 2>&1; then
	gzip -c msm_crash_a630.devcore >gz.devcore.gz
	run "gzipped" 0 decode gz.devcore.gz
	sed 's/^; msm devcoredump gz.devcore.gz: /; msm devcoredump msm_crash_a630.devcore: /' out >gz.txt
	same gz.txt "$ROOT/examples/msm_crash_a630.txt" "the gzipped example decodes as the example"
	says "gzipped, standard input" 0 out '^; the CP stopped at CP_NOP' decode - <gz.devcore.gz
	says "gzipped, check" 1 out '0xdeadd00d' check gz.devcore.gz
	head -c 200 gz.devcore.gz >gzcut.devcore.gz
	says "gzip cut short" 2 err '^gfxkit: gzcut.devcore.gz: gzip: .*cut' decode gzcut.devcore.gz
else
	skip "gzip not installed: the gzipped dump not made"
fi
finish
