#!/bin/sh
# End-to-end tests of `gfxkit tile` on GFX9 surfaces (vega10, raven):
#   sh tests/cli/test_tile_gfx9.sh path/to/gfxkit
# tile info --json and tile addr --coords against addrlib's rows kept in
# tests/vectors/swz_gfx9_vectors.tsv (every 12th surface of the file, so
# every kind the file holds -- LINEAR, 256 B, 4 KiB and 64 KiB modes, _T and
# _X, 3D, arrays, mip chains with their tail, MSAA, depth -- on both chips
# is reached), pack/unpack round trips, the map, and the GFX9 modifiers.
. "$(dirname "$0")/lib.sh"

V=$ROOT/tests/vectors/swz_gfx9_vectors.tsv
[ -r "$V" ] || {
	bad "no $V"
	finish
}

# one line per chosen surface: id chip mode dims usage bpp w h d mips samples
# pitch out_height surf_size slice_size base_align
awk -F'\t' '/^=surfaces/{s=1;next} /^=/{s=0}
	s && $1 != "surface_id" && ($2 == "vega10" || $2 == "raven") && n++ % 12 == 0 {
		print $1, $2, $5, ($7 == "3D" ? 3 : 2), $8, $9, $10, $11, $12, $13, $14, $15, $17, $24, $22, $25
	}' "$V" >surfaces
awk -F'\t' '/^=mips/{s=1;next} /^=/{s=0} s && $1 != "surface_id" {print $1, $2, $3, $5, $10}' "$V" >mips
awk -F'\t' '/^=addresses/{s=1;next} /^=/{s=0} s && $1 != "surface_id" {print $1, $2, $3, $4, $5, $6, $7}' "$V" >addrs
n=$(wc -l <surfaces)
if [ "$n" -ge 25 ]; then ok; else bad "only $n GFX9 surfaces chosen from $V"; fi

naddr=0
while read -r id chip mode dims usage bpp w h d mips samples pitch height size slice align; do
	if [ "$dims" = 3 ]; then dopt="--depth $d"; else dopt="--slices $d"; fi
	S="--chip $chip --swizzle $mode --bpp $bpp --width $w --height $h $dopt --mips $mips --samples $samples --usage $usage"
	# shellcheck disable=SC2086
	run "info $id" 0 tile info $S --json
	has out "surface $id sizes" "^\\{\"pitch\":$pitch,\"height\":$height,\"slices\":[0-9]+,\"surface_bytes\":$size,\"slice_bytes\":$slice,\"base_align\":$align,"
	has out "surface $id generation" '"generation":"GFX9"'
	awk -v id="$id" '$1 == id' mips >want_mips
	while read -r _ m mp mh mo; do
		has out "surface $id mip $m" "\\{\"mip\":$m,\"offset\":$mo,\"pitch\":$mp,\"height\":$mh,"
	done <want_mips
	awk -v id="$id" '$1 == id {print $2, $3, $4, $5, $6}' addrs >coords
	awk -v id="$id" '$1 == id {print $2, $3, $4, $5, $6, $7}' addrs >want
	if [ -s coords ]; then
		# shellcheck disable=SC2086
		run "addr $id" 0 tile addr $S --coords coords
		awk '{print $1, $2, $3, $4, $5, $6}' out >got
		if cmp -s got want; then ok; else bad "surface $id addresses: $(diff got want | head -3 | tr '\n' ' ')"; fi
		naddr=$((naddr + $(wc -l <want)))
	fi
done <surfaces
if [ "$naddr" -ge 50 ]; then ok; else bad "only $naddr addresses compared"; fi

# ---- pack/unpack round trips: a mip chain with its tail, MSAA (no
# equation: every element through gk_swz_addr), 3D thick, depth
rt() {
	what=$1
	shift
	# shellcheck disable=SC2068
	run "$what info" 0 tile info $@ --json
	# the linear image: every level's unpadded rows, so its size is the
	# sum the pack command asks for; take it from the refusal of an empty file
	: >empty
	# shellcheck disable=SC2068
	run "$what size" 1 tile pack $@ --in empty --out t
	lin=$(sed -n 's/.* is only 0 bytes; want exactly \([0-9][0-9]*\) .*/\1/p' err)
	if [ -n "$lin" ]; then ok; else bad "$what: no size in the refusal: $(head -1 err)"; return; fi
	head -c "$lin" /dev/urandom >lin
	# shellcheck disable=SC2068
	run "$what pack" 0 tile pack $@ --in lin --out t
	# shellcheck disable=SC2068
	run "$what unpack" 0 tile unpack $@ --in t --out back
	same lin back "$what round trip"
}
rt "vega10 64KB_S_X chain" --chip vega10 --swizzle 64KB_S_X --bpp 32 --width 300 --height 200 --mips 9
rt "vega10 4KB_D chain" --chip vega10 --swizzle 4KB_D --bpp 64 --width 33 --height 70 --slices 3 --mips 7
rt "raven 64KB_Z_X MSAA" --chip raven --swizzle 64KB_Z_X --bpp 32 --width 70 --height 40 --samples 4 --usage depth
rt "raven 64KB_R_X MSAA" --chip raven --swizzle 64KB_R_X --bpp 16 --width 70 --height 40 --samples 8
rt "vega10 3D 64KB_S" --chip vega10 --swizzle 64KB_S --bpp 8 --width 40 --height 20 --depth 19 --mips 6
rt "raven LINEAR 3D" --chip raven --swizzle LINEAR --bpp 128 --width 5 --height 7 --depth 3 --mips 3

# one element where addrlib puts it: pack an image whose element (5, 6) of
# mip 0 is 0xff.. and find those bytes at the address tile addr gives
S="--chip vega10 --swizzle 64KB_D_X --bpp 32 --width 64 --height 64"
# shellcheck disable=SC2086
run "addr 5 6" 0 tile addr $S 5 6
a=$(awk '{print $6}' out)
python3 -c 'import sys; b = bytearray(64 * 64 * 4); b[(6 * 64 + 5) * 4:(6 * 64 + 5) * 4 + 4] = b"\xff" * 4; sys.stdout.buffer.write(b)' >one 2>/dev/null ||
	skip "python3 not installed: the element placement check not run"
if [ -s one ]; then
	# shellcheck disable=SC2086
	run "pack one" 0 tile pack $S --in one --out tone
	got=$(od -An -tx1 -j "$a" -N4 tone | tr -d ' ')
	if [ "$got" = ffffffff ]; then ok; else bad "element (5,6) not at $a: $got"; fi
	nz=$(od -An -v -tx1 tone | tr ' ' '\n' | grep -c ff)
	if [ "$nz" = 4 ]; then ok; else bad "pack wrote $nz 0xff bytes, want 4"; fi
fi

# ---- the map
# shellcheck disable=SC2086
run "map" 0 tile map --chip vega10 --swizzle 64KB_S_X --bpp 32 --width 300 --height 200 --out m.png --by bank
if [ -s m.png ]; then ok; else bad "map wrote no PNG"; fi
# the legend text (the PNG's tEXt, uncompressed) says where GFX9 banks are
if grep -q 'above the pipe and shader-engine bits' m.png; then ok; else bad "map legend: no GFX9 bank line"; fi

# ---- refusals and modifiers
says "VAR refused" 1 err 'swizzle' tile info --chip vega10 --swizzle 28 --bpp 32 --width 64 --height 64
says "no VAR name" 1 err 'is no GFX9 mode' tile info --chip vega10 --swizzle VAR_R_X --bpp 32 --width 64 --height 64
says "MSAA mips" 1 err 'refused' tile info --chip vega10 --swizzle 64KB_S_X --bpp 32 --width 64 --height 64 --samples 2 --mips 2
# the kernel's vega10 modifier (amdgpu_dm_plane_add_gfx9_modifiers): 4 pipes
# and 4 engines give PIPE_XOR_BITS 4, 16 banks BANK_XOR_BITS 4
M=0x0200000004801901
run "modifier" 0 tile info --chip vega10 --modifier $M --bpp 32 --width 64 --height 64
has out "modifier mode" '^swizzle 64KB_S_X \(25\)$'
says "modifier on raven" 1 err 'another layout' tile info --chip raven --modifier $M --bpp 32 --width 64 --height 64
finish
