# gfxkit lint: the guide's rules at each draw and dispatch of a stream,
# through the executor's register state (CLI level; the rules themselves are
# tested one by one in tests/lint/test_lint.c).
. "$(dirname "$0")/lib.sh"
E=$ROOT/examples
V=$ROOT/tests/vectors

# the shipped §3.2 compute example lints clean
says "compute example" 0 out '^; lint: 0 draws, 1 dispatches: 0 errors, 0 warnings' lint -g evergreen "$E/evergreen_compute.bin"
says "compute example on cayman" 0 out '0 errors, 0 warnings' lint -g cayman "$E/evergreen_compute.bin"

# the kernel's default state, then what a draw adds: clean
cat > draw.s <<'S'
SET_CONTEXT_REG
    CB_TARGET_MASK <- 0xf
    CB_SHADER_MASK <- 0xf
SET_CONTEXT_REG
    SQ_PGM_EXPORTS_PS <- EXPORT_COLORS=1
SET_CONTEXT_REG
    CB_COLOR0_BASE <- 0x1000
    CB_COLOR0_PITCH <- 0x1f
    CB_COLOR0_SLICE <- 0x3ff
    CB_COLOR0_VIEW <- 0
    CB_COLOR0_INFO <- FORMAT=COLOR_8_8_8_8 ARRAY_MODE=ARRAY_2D_TILED_THIN1
    CB_COLOR0_ATTRIB <- 0
SET_CONTEXT_REG
    CB_BLEND0_CONTROL <- 0
DRAW_INDEX_AUTO INDEX_COUNT=3 DRAW_INITIATOR=2
S
run "encode draw" 0 encode -g evergreen -e pm4 -f hex draw.s -o draw.hex
cat "$V/evergreen_default_state.hex" draw.hex > clean.hex
says "default state + draw" 0 out '^; lint: 1 draws, 0 dispatches: 0 errors, 0 warnings' lint -g evergreen clean.hex

# a scissor out of range: the draw, the rule, the section, the fields found and required
cat > bad.s <<'S'
SET_CONTEXT_REG
    PA_SC_SCREEN_SCISSOR_TL <- TL_X=20000 TL_Y=0
DRAW_INDEX_AUTO INDEX_COUNT=3 DRAW_INITIATOR=2
S
run "encode bad" 0 encode -g evergreen -e pm4 -f hex bad.s -o bad.hex
cat "$V/evergreen_default_state.hex" draw.hex bad.hex > bad_all.hex
says "broken rule" 1 out '^bad_all.hex:0x[0-9a-f]+: DRAW_INDEX_AUTO \(draw 2\): 1 error' lint -g evergreen bad_all.hex
has out "rule and section" '^    error: scissor-screen-tl-range \(§2\.2\): PA_SC_SCREEN_SCISSOR_TL\.TL_X=20000, required 0\.\.16383$'
has err "summary" '^bad_all.hex: 1 error'
says "json" 1 out '"rule":"scissor-screen-tl-range","section":"2.2"' lint -g evergreen --json bad_all.hex
has out "json end" '^\{"end":true,"status":"completed",.*"draws":2,"dispatches":0,"lint_errors":1,'
says "--rules excludes a section" 0 out '0 errors' lint -g evergreen --rules -2 bad_all.hex
says "--rules selects one" 1 out 'scissor-screen-tl-range' lint -g evergreen --rules scissor-screen-tl-range bad_all.hex
says "--rules unknown" 2 err "'nosuch' names no rule or section" lint -g evergreen --rules nosuch bad_all.hex

# a draw inside an indirect buffer: the path names it
run "encode ib" 0 encode -g evergreen -e pm4 bad.s -o ib.bin
size=$(($(wc -c < ib.bin) / 4))
printf 'INDIRECT_BUFFER IB_BASE=0x100000 IB_SIZE=%d\n' "$size" > ring.s
run "encode ring" 0 encode -g evergreen -e pm4 -f hex ring.s -o ring.hex
cat "$V/evergreen_default_state.hex" draw.hex ring.hex > ring_all.hex
says "draw in an IB" 1 out '^ring_all.hex:0x[0-9a-f]+->IB:0x10000c: DRAW_INDEX_AUTO \(draw 2\)' \
	lint -g evergreen --mem 0x100000=ib.bin ring_all.hex

says "list --rules" 0 out '^scissor-screen-tl-range +2\.2 +evergreen cayman +draw +error ' list --rules
says "not a guide generation" 2 err 'lint has the rules of the Evergreen/Northern Islands guide' lint -g bonaire clean.hex
says "--rules is lint's" 2 err 'is for lint' decode -g evergreen --rules all clean.hex
says "help" 0 out '^usage: gfxkit lint' help lint
finish
