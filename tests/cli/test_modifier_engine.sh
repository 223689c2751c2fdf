#!/bin/sh
# decode|check|encode|list -e modifier: streams of 64-bit DRM format
# modifiers through the one stream loop, and back through the assembler:
#   sh tests/cli/test_modifier_engine.sh path/to/gfxkit
. "$(dirname "$0")/lib.sh"

cat >m.hex <<'EOF'
# GFX9 64K_D, a lossy libdrm name, PIPE_CONFIG 3 (no such value), LINEAR
0x0200000000000a01 0x020000000000fb01
0x0200000000064400 0x0000000000000000
EOF

# ---- decode ----
run "decode" 0 decode -e modifier -g gfx9 m.hex
has out "decode GFX9" '^0x00000000: GFX9,GFX9_64K_D ; 0x0200000000000a01$'
has out "decode fields" '^    ; TILE_VERSION=1 \(GFX9\), TILE=10 \(GFX9_64K_D\), DCC=0,'
has out "decode exact" '^0x00000008: GFX9,GFX9_64K_R_X,.*,PIPE_0,DCC_PIPE_ALIGN ; 0x020000000000fb01$'
has out "decode libdrm" '^    ; libdrm name: GFX9,GFX9_64K_R_X,.*,PIPE_0$'
has out "decode warning" '^    ; warning: modifier: bit 15 DCC_PIPE_ALIGN=1 is not in the name'
has out "decode error" '^    ; error: modifier: PIPE_CONFIG=3: no such value$'
has out "decode LINEAR" '^0x00000018: LINEAR ; 0x0000000000000000$'
# the decode subcommand says the same of the same value
run "modifier decode" 1 modifier decode 0x0200000000064400
has out "subcommand agrees" '^    error: PIPE_CONFIG=3: no such value$'

# ---- check ----
run "check" 1 check -e modifier -g gfx11 m.hex
has out "check error" '^m\.hex:0x10: error: modifier: PIPE_CONFIG=3: no such value$'
has out "check warning" '^m\.hex:0x8: warning: modifier: bit 15 DCC_PIPE_ALIGN=1'
lines out "check lines" 2
has err "check summary" '1 error, 1 warning'
printf '0x0200000000000a01\n' >clean.hex
run "check clean" 0 check -e modifier -g gfx9 clean.hex

# ---- JSON ----
run "decode --json" 0 decode -e modifier -g gfx9 --json m.hex
lines out "json lines" 4
has out "json unit" '^\{"offset":0,"engine":"modifier","name":"GFX9,GFX9_64K_D","words":\[2561,33554432\],"value":"0x0200000000000a01","fields":\{"TILE_VERSION":1,"TILE":10,'
has out "json exact" '"exact_name":"GFX9,.*,DCC_PIPE_ALIGN"'
has out "json diag" '"diagnostics":\[\{"severity":"error","code":"reserved_value","offset":16,"dw":null,"bits":\[21,17\],"field":"PIPE_CONFIG"'
run "check --json --text" 1 check -e modifier -g gfx9 --json --text m.hex
lines out "check --json lines" 2
has out "check --json text" '"text":"0x00000010: GFX6,'

# ---- encode: decode's text gives the values back ----
run "decode for encode" 0 decode -e modifier -g gfx9 m.hex
cp out m.txt
run "encode -f hex" 0 encode -e modifier -g gfx9 -f hex m.txt
lines out "encode lines" 4
has out "encode pair" '^0x0000fb01 0x02000000$'
cp out back.hex
run "decode again" 0 decode -e modifier -g gfx9 back.hex
same out m.txt "decode of encode"
run "encode bin" 0 encode -e modifier -g gfx9 -o m.bin m.txt
run "decode bin" 0 decode -e modifier -g gfx9 m.bin
same out m.txt "decode of the binary"
printf 'GFX9,GFX9_64K_S\nLINEAR ; a comment\n   INTEL,0x5\n' >names.txt
run "encode names" 0 encode -e modifier -g gfx9 -f hex names.txt
has out "encode GFX9" '^0x00000901 0x02000000$'
has out "encode INTEL" '^0x00000005 0x01000000$'
printf 'GFX9,GFX9_64K_S\nGFX9,NOPE\n' >bad.txt
run "encode error" 1 encode -e modifier -g gfx9 bad.txt
has err "encode error place" '2:6'
has err "encode error text" 'NOPE: not a field or tile of GFX9'

# ---- list ----
run "list gfx9" 0 list -e modifier -g gfx9
has out "list BANK_XOR_BITS" '^26:24 BANK_XOR_BITS'
hasnot out "list no MICROTILE" 'MICROTILE'
run "list gfx8" 0 list -e modifier -g gfx8
has out "list MICROTILE" '^16:14 MICROTILE +0=DISPLAY,1=THIN$'

# ---- bad input ----
printf '0x0200000000000a01 0x1\n' >half.hex
run "low half alone" 2 decode -e modifier -g gfx9 half.hex
printf '0x0200000000000a01 zz\n' >zz.hex
run "garbage hex" 2 decode -e modifier -g gfx9 zz.hex
printf '\001\012\000\000\000\000\000\002\011\011\011' >short.bin
run "trailing bytes" 1 check -e modifier -g gfx9 -f bin short.bin
run "unknown GPU" 2 decode -e modifier -g r600 m.hex
has err "unknown GPU" "unknown GPU 'r600' for modifier; known: gfx6"
run "isa is not modifiers" 2 decode -e isa -g gfx12 m.hex

finish
