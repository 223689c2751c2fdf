/* DMA and SDMA packet descriptions, r6xx to CIK: seed 000.
 *
 * One struct gk_packet_desc per packet and generation range (field macros:
 * src/core/desc_macros.h; dw counts the header as 0, so the seed's "DW 2" is
 * dw1).  Header fields are the first fields of each packet: the framing
 * (src/dma/dma.c) picks the description whose opcode, sub-opcode and constant
 * header bits match.
 *
 * Sources, in order of authority:
 *   - seed 000 for layouts, field names (upper-cased, spaces as '_') and
 *     generations (its section and packet titles);
 *   - Linux radeon for opcode numbers and packet sizes: r600d.h, evergreend.h,
 *     nid.h, sid.h, cikd.h, the checkers r600_dma_cs_parse() (r600_cs.c) and
 *     evergreen_dma_cs_parse() (evergreen_cs.c), and the ring emitters in
 *     r600_dma.c, evergreen_dma.c, ni_dma.c, si_dma.c, cik_sdma.c;
 *   - addrlib / Mesa's GFX6-7 register JSON for the names of tiling values.
 * Where the seed is wrong or silent, the comment at the entry says which
 * source decided (the research notes are docs/dma-facts.md).
 *
 * Where the seed names two fields alike ("swap" beside each address) they
 * take the name of what they belong to: DEST_SWAP, SRC_SWAP, LINEAR_SWAP. */
#include "dma_tab.h"

#include "desc_macros.h" /* src/core */

#define FIELDS(a) .fields = a, .nfields = GK_COUNTOF(a)
#define ACCESS(a) .access = a, .naccess = GK_COUNTOF(a)
#define RULES(a) .rules = a, .nrules = GK_COUNTOF(a)
#define FIXED(n) .min_dw = (n), .max_dw = (n)
#define DATA_TAIL(at) .min_dw = (at), .tail = GK_TAIL_DATA, .tail_dw = (at), .tail_name = "DATA"

/* 40-bit address: low part in place in dword dl bits [31:lb], bits [39:32]
 * in dword dh bits [hh:hl] */
#define ADDR40(n, dl, lb, dh, hl, hh, al) \
	{ .name = n, .namelen = sizeof(n) - 1, .seg = {{dl, lb, 31, lb}, {dh, hl, hh, 32}}, .nseg = 2, \
	  .kind = GK_ADDR, .align = al }
/* CIK 64-bit address: dword d bits [31:lb], dword d+1 = bits [63:32] */
#define ADDR64(n, d, lb, al) \
	{ .name = n, .namelen = sizeof(n) - 1, .seg = {{d, lb, 31, lb}, {(d) + 1, 0, 31, 32}}, .nseg = 2, \
	  .kind = GK_ADDR, .align = al }
/* a register as its byte address (the packet holds the dword index) */
/* a register's dword index in bits l..h, shown as its byte address (the
 * seed's "register (DW aligned)"): named from the GPU's register tables */
#define REGBYTE(n, d, l, h, ...) \
	{ .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 2}}, .nseg = 1, .kind = GK_REG, .align = 4, __VA_ARGS__ }
#define HEX64(n, d) \
	{ .name = n, .namelen = sizeof(n) - 1, .seg = {{d, 0, 31, 0}, {(d) + 1, 0, 31, 32}}, .nseg = 2, \
	  .kind = GK_UINT, .flags = GK_F_HEX }
#define MBZ(n, d, l, h) GK_U(n, d, l, h, .flags = GK_F_MBZ, .why = "the reference says count = 0")
#define SUBOP(d, l, h) { .name = "SUB_OPCODE", .namelen = 10, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_SUBOP }

/* sizes the way a reader thinks of them (shown as a note after the packet) */
#define PX8 .scale = GK_S_LINEAR, .plus = 1, .mul = 8, .unit = "px"
#define PX64 .scale = GK_S_LINEAR, .plus = 1, .mul = 64, .unit = "px"
#define PX1 .scale = GK_S_LINEAR, .plus = 1, .mul = 1, .unit = "px"
#define ROWS .scale = GK_S_LINEAR, .plus = 1, .mul = 1, .unit = "rows"

/* accesses (bounds checking, check --bo) */
#define ACC_FIX(rw_, a, bytes) { .rw = rw_, .size = GK_Z_FIXED, .addr = a, .n = bytes }
#define ACC_CNT(rw_, a, cnt, unit) { .rw = rw_, .size = GK_Z_COUNT, .addr = a, .count = cnt, .n = unit }
#define ACC_CNT_FLIP(rw_, a, fl, cnt, unit) \
	{ .rw = rw_, .size = GK_Z_COUNT, .addr = a, .flip = fl, .count = cnt, .n = unit }
/* how the size fields read (struct gk_arg): the tiled pitch and slice are
 * "tile max" fields, the count of 8-pixel (pitch) and 64-pixel (slice)
 * tiles minus one (seed 000 "pitch_tile_max", "slice_tile_max"; CIK's
 * "(tiles)": docs/dma-facts.md D4); the CIK sub-window pitches are the
 * value + 1 elements */
#define RAW(f) { .name = f }
#define TILES8(f) { .name = f, .scale = GK_S_LINEAR, .plus = 1, .mul = 8 }
#define TILES64(f) { .name = f, .scale = GK_S_LINEAR, .plus = 1, .mul = 64 }
#define PLUS1(f) { .name = f, .scale = GK_S_LINEAR, .plus = 1, .mul = 1 }
/* tiled surface reached by COUNT units from (x, y, z); unit 0: 8x8-pixel
 * tiles.  md is the ARRAY_MODE field and sf the surface's other fields
 * (struct gk_surface_fields): linear and 1D surfaces are bounded by the rows
 * reached, 2D and thick ones by whole slices (src/mem/access.c) */
#define ACC_TILED(rw_, a, fl, md, sf, cnt, unit, x_, y_, z_, ptm, stm, es) \
	{ .rw = rw_, .size = GK_Z_TILED, .addr = a, .flip = fl, .count = cnt, .n = unit, .x = RAW(x_), .y = RAW(y_), \
	  .z = RAW(z_), .pitch = TILES8(ptm), .slice = TILES64(stm), .esize = RAW(es), .mode = md, .surface = sf }
/* a box (x, y, z) + (w, h, depth) of a tiled surface: slices z .. z + depth - 1,
 * narrowed to the rows of the box on linear and 1D surfaces */
#define ACC_BOX(rw_, a, fl, md, sf, x_, y_, z_, ptm, stm, w_, h_, depth, es) \
	{ .rw = rw_, .size = GK_Z_TILED, .addr = a, .flip = fl, .x = RAW(x_), .y = RAW(y_), .z = RAW(z_), \
	  .pitch = TILES8(ptm), .slice = TILES64(stm), .w = RAW(w_), .h = RAW(h_), .d = RAW(depth), .esize = RAW(es), \
	  .mode = md, .surface = sf }
/* a linear sub-window (GK_Z_RECT) from (x, y, z), w x h x d elements */
#define ACC_RECT(rw_, a, fl, bp, x_, y_, z_, pitch_, slice_, w_, h_, depth, es) \
	{ .rw = rw_, .size = GK_Z_RECT, .addr = a, .flip = fl, .bytes_pitch = bp, .x = RAW(x_), .y = RAW(y_), \
	  .z = RAW(z_), .pitch = pitch_, .slice = slice_, .w = RAW(w_), .h = RAW(h_), .d = RAW(depth), .esize = RAW(es) }

#define RD GK_ACC_READ
#define WR GK_ACC_WRITE

/* the fields of a tiled surface beyond its access row's (struct
 * gk_surface_fields), with the hardware encodings: tile split 64 << v
 * bytes, bank width and height 1 << v tiles, macro tile aspect 1 << v,
 * 2 << v banks (seed 004 TILE_SPLIT, BANK_WIDTH, BANK_HEIGHT, NUM_BANKS;
 * addrlib ADDR_SURF_MACRO_ASPECT_*), PIPE_CONFIG as its value.  r6xx/r7xx
 * give none; on evergreen and cayman PIPE_CONFIG is absent (no GFX6-8
 * layout); SI's tiled block and CIK's tiling dword have them all. */
#define POW2(f, m) { .name = f, .scale = GK_S_POW2, .mul = m }
#define SURF_ARRAY(p, mt, aspect_) \
	{ .kind = GK_SURF_ARRAY, .micro = RAW(p mt), .pipe_config = RAW(p "PIPE_CONFIG"), \
	  .tile_split = POW2(p "TILE_SPLIT", 64), .bank_width = POW2(p "BANK_WIDTH", 1), \
	  .bank_height = POW2(p "BANK_HEIGHT", 1), .macro_aspect = POW2(p aspect_, 1), .num_banks = POW2(p "NUM_BANKS", 2) }
static const struct gk_surface_fields r6_surf = { .kind = GK_SURF_ARRAY };
static const struct gk_surface_fields eg_surf = SURF_ARRAY("", "MT", "MT_ASPECT");
static const struct gk_surface_fields cik_surf = SURF_ARRAY("", "MICRO_TILE_MODE", "MACRO_TILE_ASPECT");
static const struct gk_surface_fields cik_src_surf = SURF_ARRAY("SRC_", "MICRO_TILE_MODE", "MACRO_TILE_ASPECT");
static const struct gk_surface_fields cik_dst_surf = SURF_ARRAY("DST_", "MICRO_TILE_MODE", "MACRO_TILE_ASPECT");

/* ---- enums ------------------------------------------------------------- */

GK_ENUM_TAGS(swap, 2, [0] = GK_TAG_SWAP_NONE, [1] = GK_TAG_SWAP_8IN16, [2] = GK_TAG_SWAP_8IN32,
	     [3] = GK_TAG_SWAP_8IN64);
GK_ENUM_DEF_TAGGED(swap, 2, [0] = "NONE", [1] = "8IN16", [2] = "8IN32", [3] = "8IN64");
GK_ENUM_DEF(detile, 1, [0] = "L2T", [1] = "T2L");
/* "size - log2 bytes per pixel" (r6xx-SI) and CIK element_size
 * (0=8bpp ... 4=128bpp): the same code, named by bits per pixel */
GK_ENUM_DEF(bpp, 3, [0] = "8BPP", [1] = "16BPP", [2] = "32BPP", [3] = "64BPP", [4] = "128BPP");
/* r6xx-Cayman array modes: addrlib AddrTileMode (r800), of which the kernel
 * defines 0, 1, 2 and 4 (evergreend.h ARRAY_*) */
GK_ENUM_TAGS(array_mode_r6, 4, [0] = GK_TAG_ARRAY_LINEAR_GENERAL, [1] = GK_TAG_ARRAY_LINEAR_ALIGNED,
	     [2] = GK_TAG_ARRAY_1D_THIN, [3] = GK_TAG_ARRAY_1D_THICK, [4] = GK_TAG_ARRAY_2D_THIN,
	     [5] = GK_TAG_ARRAY_TILED_THIN, [6] = GK_TAG_ARRAY_TILED_THIN, [7] = GK_TAG_ARRAY_TILED_THICK,
	     [8] = GK_TAG_ARRAY_TILED_THIN, [9] = GK_TAG_ARRAY_TILED_THIN, [10] = GK_TAG_ARRAY_TILED_THIN,
	     [11] = GK_TAG_ARRAY_TILED_THICK, [12] = GK_TAG_ARRAY_TILED_THIN, [13] = GK_TAG_ARRAY_TILED_THICK,
	     [14] = GK_TAG_ARRAY_TILED_THIN, [15] = GK_TAG_ARRAY_TILED_THICK);
GK_ENUM_DEF_TAGGED(array_mode_r6, 4, [0] = "ARRAY_LINEAR_GENERAL", [1] = "ARRAY_LINEAR_ALIGNED",
	    [2] = "ARRAY_1D_TILED_THIN1", [3] = "ARRAY_1D_TILED_THICK", [4] = "ARRAY_2D_TILED_THIN1",
	    [5] = "ARRAY_2D_TILED_THIN2", [6] = "ARRAY_2D_TILED_THIN4", [7] = "ARRAY_2D_TILED_THICK",
	    [8] = "ARRAY_2B_TILED_THIN1", [9] = "ARRAY_2B_TILED_THIN2", [10] = "ARRAY_2B_TILED_THIN4",
	    [11] = "ARRAY_2B_TILED_THICK", [12] = "ARRAY_3D_TILED_THIN1", [13] = "ARRAY_3D_TILED_THICK",
	    [14] = "ARRAY_3B_TILED_THIN1", [15] = "ARRAY_3B_TILED_THICK");
/* SI/CIK array modes: GFX6/7 ArrayMode (reference/registers gfx7.json) */
GK_ENUM_TAGS(array_mode_si, 4, [0] = GK_TAG_ARRAY_LINEAR_GENERAL, [1] = GK_TAG_ARRAY_LINEAR_ALIGNED,
	     [2] = GK_TAG_ARRAY_1D_THIN, [3] = GK_TAG_ARRAY_1D_THICK, [4] = GK_TAG_ARRAY_2D_THIN,
	     [5] = GK_TAG_ARRAY_TILED_THIN, [6] = GK_TAG_ARRAY_TILED_THIN, [7] = GK_TAG_ARRAY_TILED_THICK,
	     [8] = GK_TAG_ARRAY_TILED_XTHICK, [9] = GK_TAG_ARRAY_TILED_THICK, [10] = GK_TAG_ARRAY_TILED_THICK,
	     [11] = GK_TAG_ARRAY_TILED_THIN, [12] = GK_TAG_ARRAY_TILED_THIN, [13] = GK_TAG_ARRAY_TILED_THICK,
	     [14] = GK_TAG_ARRAY_TILED_XTHICK, [15] = GK_TAG_ARRAY_TILED_THICK);
GK_ENUM_DEF_TAGGED(array_mode_si, 4, [0] = "ARRAY_LINEAR_GENERAL", [1] = "ARRAY_LINEAR_ALIGNED",
	    [2] = "ARRAY_1D_TILED_THIN1", [3] = "ARRAY_1D_TILED_THICK", [4] = "ARRAY_2D_TILED_THIN1",
	    [5] = "ARRAY_PRT_TILED_THIN1", [6] = "ARRAY_PRT_2D_TILED_THIN1", [7] = "ARRAY_2D_TILED_THICK",
	    [8] = "ARRAY_2D_TILED_XTHICK", [9] = "ARRAY_PRT_TILED_THICK", [10] = "ARRAY_PRT_2D_TILED_THICK",
	    [11] = "ARRAY_PRT_3D_TILED_THIN1", [12] = "ARRAY_3D_TILED_THIN1", [13] = "ARRAY_3D_TILED_THICK",
	    [14] = "ARRAY_3D_TILED_XTHICK", [15] = "ARRAY_PRT_3D_TILED_THICK");
/* bank width / height: 1 << value tiles (seed 004 BANK_WIDTH, BANK_HEIGHT) */
GK_ENUM_DEF(bank_count, 2, [0] = "1", [1] = "2", [2] = "4", [3] = "8");
/* number of banks: 2 << value (seed 004 NUM_BANKS) */
GK_ENUM_DEF(num_banks, 2, [0] = "2", [1] = "4", [2] = "8", [3] = "16");
/* macro tile aspect: 1 << value (addrlib ADDR_SURF_MACRO_ASPECT_1/2/4/8 in
 * gfx6.json; seed 004's "4:1, 16:1, 64:1" disagrees with addrlib and is not used) */
GK_ENUM_DEF(aspect, 2, [0] = "1:1", [1] = "2:1", [2] = "4:1", [3] = "8:1");
/* tile split in bytes: 64 << value, 7 reserved (seed 004 TILE_SPLIT) */
GK_ENUM_DEF(tile_split, 3, [0] = "64", [1] = "128", [2] = "256", [3] = "512", [4] = "1024", [5] = "2048",
	    [6] = "4096");
/* pipe config: the names and values of seed 004 AMD_FMT_MOD_PIPE_CONFIG_* */
GK_ENUM_DEF(pipe_config, 5, [0] = "P2", [4] = "P4_8x16", [5] = "P4_16x16", [6] = "P4_16x32", [7] = "P4_32x32",
	    [8] = "P8_16x16_8x16", [9] = "P8_16x32_8x16", [10] = "P8_32x32_8x16", [11] = "P8_16x32_16x16",
	    [12] = "P8_32x32_16x16", [13] = "P8_32x32_16x32", [14] = "P8_32x64_32x32", [16] = "P16_32x32_8x16",
	    [17] = "P16_32x32_16x16");
/* micro tile mode: GFX6/7 MicroTileMode (gfx7.json); SI's 2-bit MT has the first four */
GK_ENUM_TAGS(micro_tile, 3, [0] = GK_TAG_MICRO_DISPLAY, [1] = GK_TAG_MICRO_THIN, [2] = GK_TAG_MICRO_DEPTH,
	     [3] = GK_TAG_MICRO_ROTATED, [4] = GK_TAG_MICRO_THICK);
GK_ENUM_DEF_TAGGED(micro_tile, 3, [0] = "DISPLAY", [1] = "THIN", [2] = "DEPTH", [3] = "ROTATED", [4] = "THICK");
GK_ENUM_TAGS(micro_tile_si, 2, [0] = GK_TAG_MICRO_DISPLAY, [1] = GK_TAG_MICRO_THIN, [2] = GK_TAG_MICRO_DEPTH,
	     [3] = GK_TAG_MICRO_ROTATED);
GK_ENUM_DEF_TAGGED(micro_tile_si, 2, [0] = "DISPLAY", [1] = "THIN", [2] = "DEPTH", [3] = "ROTATED");
/* poll function; 111 reserved */
GK_ENUM_TAGS(func, 3, [0] = GK_TAG_CMP_ALWAYS, [1] = GK_TAG_CMP_LESS, [2] = GK_TAG_CMP_LESS_EQUAL,
	     [3] = GK_TAG_CMP_EQUAL, [4] = GK_TAG_CMP_NOT_EQUAL, [5] = GK_TAG_CMP_GREATER_EQUAL, [6] = GK_TAG_CMP_GREATER);
GK_ENUM_DEF_TAGGED(func, 3, [0] = "ALWAYS", [1] = "LESS", [2] = "LESS_EQUAL", [3] = "EQUAL", [4] = "NOT_EQUAL",
	    [5] = "GREATER_EQUAL", [6] = "GREATER");
GK_ENUM_TAGS(space, 1, [0] = GK_TAG_PLACE_REG, [1] = GK_TAG_PLACE_MEM);
GK_ENUM_DEF_TAGGED(space, 1, [0] = "REGISTER", [1] = "MEMORY");
/* CIK POLL_REG_MEM op: 00 wait_reg_mem, 01 write_reg / wait_reg_mem / write_reg */
GK_ENUM_DEF(poll_op, 2, [0] = "WAIT_REG_MEM", [1] = "WRITE_WAIT_WRITE");
/* CIK CONSTANT_FILL size: 00 byte fill, 10 dword fill */
GK_ENUM_TAGS(fill_size, 2, [0] = GK_TAG_SIZE_BYTE, [2] = GK_TAG_SIZE_DWORD);
GK_ENUM_DEF_TAGGED(fill_size, 2, [0] = "BYTE", [2] = "DWORD");
GK_ENUM_DEF(sb_direction, 1, [0] = "LINEAR_TO_STRUCTURED", [1] = "STRUCTURED_TO_LINEAR");

/* ======================================================================
 * r6xx / r7xx (seed 000 "r6xx/r7xx"; r600d.h DMA_PACKET: cmd [31:28],
 * t [23], s [22], count [15:0])
 * ====================================================================== */

#define R6_CMD GK_OPC("COMMAND", 0, 28, 31)
#define R6_COUNT0 MBZ("COUNT", 0, 0, 15)

/* r6xx tiled surface description, seed "Write Tiled (r6xx/r7xx)" DW3-DW5 */
#define R6_TILED(n, swapname) \
	GK_E("ARRAY_MODE", n, 27, 30, array_mode_r6), GK_E("SIZE", n, 24, 26, bpp), \
	GK_U("HEIGHT_MAX", n, 10, 22, ROWS), GK_U("PITCH_TILE_MAX", n, 0, 9, PX8), \
	GK_U("SLICE_TILE_MAX", (n) + 1, 12, 31, PX64), GK_U("Z", (n) + 1, 0, 10), \
	GK_U("Y", (n) + 2, 17, 29), GK_U("X", (n) + 2, 3, 15), GK_E(swapname, (n) + 2, 1, 2, swap)
#define R6_TILED_ACC(rw_, fl) ACC_TILED(rw_, "BASE_256", fl, "ARRAY_MODE", &r6_surf, "COUNT", 4, "X", "Y", "Z", \
					"PITCH_TILE_MAX", "SLICE_TILE_MAX", "SIZE")

static const struct gk_field r6_write_linear[] = {
	R6_CMD, GK_CONSTF("T", 0, 23, 23, 0), GK_CNT("COUNT", 0, 0, 15, 3),
	ADDR40("DEST_ADDR", 1, 2, 2, 0, 7, 4), GK_E("SWAP", 2, 8, 9, swap),
};
static const struct gk_access r6_write_linear_acc[] = { ACC_CNT(WR, "DEST_ADDR", "COUNT", 4) };

static const struct gk_field r6_write_tiled[] = {
	R6_CMD, GK_CONSTF("T", 0, 23, 23, 1), GK_CNT("COUNT", 0, 0, 15, 5),
	GK_AS("BASE_256", 1, 0, 31, 8), R6_TILED(2, "SWAP"),
};
static const struct gk_access r6_write_tiled_acc[] = { R6_TILED_ACC(WR, 0) };

/* 3a: r6xx copies move dword pairs; dst [39:32] sits at DW4 [23:16] */
static const struct gk_field r6_copy_linear[] = {
	R6_CMD, GK_CONSTF("T", 0, 23, 23, 0),
	GK_U("COUNT", 0, 0, 15, .align = 2, .why = "r6xx copies move dword pairs (seed: must be even)"),
	ADDR40("DEST_ADDR", 1, 2, 3, 16, 23, 4), ADDR40("SRC_ADDR", 2, 2, 3, 0, 7, 4),
	GK_E("DEST_SWAP", 3, 24, 25, swap), GK_E("SRC_SWAP", 3, 8, 9, swap),
};
static const struct gk_field r7_copy_linear[] = {
	R6_CMD, GK_CONSTF("T", 0, 23, 23, 0), GK_U("COUNT", 0, 0, 15),
	ADDR40("DEST_ADDR", 1, 2, 3, 0, 7, 4), ADDR40("SRC_ADDR", 2, 2, 4, 0, 7, 4),
	GK_E("DEST_SWAP", 3, 8, 9, swap), GK_E("SRC_SWAP", 4, 8, 9, swap),
};
static const struct gk_access copy_linear_dw_acc[] = {
	ACC_CNT(RD, "SRC_ADDR", "COUNT", 4), ACC_CNT(WR, "DEST_ADDR", "COUNT", 4),
};

static const struct gk_field r6_copy_tiled[] = {
	R6_CMD, GK_CONSTF("T", 0, 23, 23, 1), GK_U("COUNT", 0, 0, 15),
	GK_AS("BASE_256", 1, 0, 31, 8), GK_E("DETILE", 2, 31, 31, detile), R6_TILED(2, "TILED_SWAP"),
	ADDR40("LINEAR_ADDR", 5, 2, 6, 0, 7, 4), GK_E("LINEAR_SWAP", 6, 8, 9, swap),
};
static const struct gk_access r6_copy_tiled_acc[] = {
	R6_TILED_ACC(WR, "DETILE"), ACC_CNT_FLIP(RD, "LINEAR_ADDR", "DETILE", "COUNT", 4),
};

static const struct gk_field r6_ib[] = {
	R6_CMD, R6_COUNT0, ADDR40("IB_BASE", 1, 8, 2, 0, 7, 0), GK_U("IB_SIZE", 2, 16, 31),
};
static const struct gk_access ib_acc[] = { ACC_CNT(RD, "IB_BASE", "IB_SIZE", 4) };

static const struct gk_field r6_semaphore[] = {
	R6_CMD, GK_B("SIGNAL", 0, 22), R6_COUNT0, ADDR40("SEMAPHORE_ADDR", 1, 3, 2, 0, 7, 0),
};
static const struct gk_access sem_acc[] = { ACC_FIX(RD | WR, "SEMAPHORE_ADDR", 8) };

/* the kernel writes the fence value in a 4th dword the seed leaves out
 * (r600_dma.c r600_dma_fence_ring_emit) */
static const struct gk_field r6_fence[] = {
	R6_CMD, R6_COUNT0, ADDR40("FENCE_ADDR", 1, 2, 2, 0, 7, 4), GK_X("FENCE_DATA", 3, 0, 31),
};
static const struct gk_access fence_acc[] = { ACC_FIX(WR, "FENCE_ADDR", 4) };

static const struct gk_field r6_trap[] = { R6_CMD, R6_COUNT0 };

static const struct gk_field r7_constant_fill[] = {
	R6_CMD, GK_U("COUNT", 0, 0, 15), ADDR40("DST_ADDR", 1, 2, 3, 16, 23, 4), GK_X("CONSTANT_DATA", 2, 0, 31),
};
static const struct gk_access fill_dw_acc[] = { ACC_CNT(WR, "DST_ADDR", "COUNT", 4) };

/* ======================================================================
 * evergreen / cayman (ni) / si (seed 000 "evergreen/ni/si";
 * evergreend.h DMA_PACKET: cmd [31:28], sub_cmd [27:20], count [19:0])
 * ====================================================================== */

#define EG_CMD GK_OPC("COMMAND", 0, 28, 31)
#define EG_SUB SUBOP(0, 20, 27)
#define EG_COUNT0 MBZ("COUNT", 0, 0, 19)

/* The tiled-surface block TB(n) of WRITE tiled and the L2T/T2L copies
 * (seed "Copy L2T/T2L (evergreen/ni/si)" DW3-DW7).  [31] of the first
 * dword is DETILE where the copy can go both ways, else 0 (unclaimed). */
#define EG_TILED(n, swapname) \
	GK_E("ARRAY_MODE", n, 27, 30, array_mode_r6, .gens = EG | CM), \
	GK_E("ARRAY_MODE", n, 27, 30, array_mode_si, .gens = SI), GK_E("SIZE", n, 24, 26, bpp), \
	GK_E("BANK_HEIGHT", n, 21, 22, bank_count, .flags = GK_F_BYNAME), \
	GK_E("BANK_WIDTH", n, 18, 19, bank_count, .flags = GK_F_BYNAME), GK_E("MT_ASPECT", n, 16, 17, aspect), \
	GK_U("HEIGHT_MAX", (n) + 1, 16, 29, ROWS), GK_U("PITCH_TILE_MAX", (n) + 1, 0, 10, PX8), \
	GK_E("PIPE_CONFIG", (n) + 2, 26, 30, pipe_config, .gens = SI), \
	GK_U("SLICE_TILE_MAX", (n) + 2, 0, 21, PX64), GK_U("Z", (n) + 3, 18, 28), GK_U("X", (n) + 3, 0, 13), \
	GK_E(swapname, (n) + 4, 30, 31, swap), GK_E("MT", (n) + 4, 27, 28, micro_tile_si, .gens = SI), \
	GK_U("NON_DISP", (n) + 4, 27, 28, .gens = EG | CM), \
	GK_E("NUM_BANKS", (n) + 4, 25, 26, num_banks, .flags = GK_F_BYNAME), \
	GK_E("TILE_SPLIT", (n) + 4, 21, 23, tile_split, .flags = GK_F_BYNAME), GK_U("Y", (n) + 4, 0, 13)
#define EG_TILED_ACC(rw_, base, fl, unit) \
	ACC_TILED(rw_, base, fl, "ARRAY_MODE", &eg_surf, "COUNT", unit, "X", "Y", "Z", "PITCH_TILE_MAX", "SLICE_TILE_MAX", "SIZE")

static const struct gk_field eg_write_linear[] = {
	EG_CMD, EG_SUB, GK_CNT("COUNT", 0, 0, 19, 3), ADDR40("DEST_ADDR", 1, 2, 2, 0, 7, 4),
	GK_E("SWAP", 2, 8, 9, swap),
};

static const struct gk_field eg_write_tiled[] = {
	EG_CMD, EG_SUB, GK_CNT("COUNT", 0, 0, 19, 7), GK_AS("BASE_256", 1, 0, 31, 8), EG_TILED(2, "SWAP"),
};
static const struct gk_access eg_write_tiled_acc[] = { EG_TILED_ACC(WR, "BASE_256", 0, 4) };

/* 9 dwords: the kernel's cayman_dma_vm_set_pages() / si_dma_vm_set_pages()
 * write exactly DW1-DW9 of the seed; COUNT is dwords, two per entry */
static const struct gk_field cm_write_pte_pde[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19, .align = 2, .why = "page table entries are two dwords"),
	ADDR40("DEST_ADDR", 1, 2, 2, 0, 7, 8), HEX64("MASK", 3), HEX64("VALUE", 5), HEX64("INCREMENT", 7),
};

static const struct gk_field eg_copy_l2l_dw[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19), ADDR40("DEST_ADDR", 1, 2, 3, 0, 7, 4),
	ADDR40("SRC_ADDR", 2, 2, 4, 0, 7, 4), GK_E("DEST_SWAP", 3, 8, 9, swap), GK_E("SRC_SWAP", 4, 8, 9, swap),
};

static const struct gk_field eg_copy_l2l_byte[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19), ADDR40("DEST_ADDR", 1, 0, 3, 0, 7, 0),
	ADDR40("SRC_ADDR", 2, 0, 4, 0, 7, 0), GK_E("DEST_SWAP", 3, 8, 9, swap), GK_E("SRC_SWAP", 4, 8, 9, swap),
};
static const struct gk_access copy_linear_byte_acc[] = {
	ACC_CNT(RD, "SRC_ADDR", "COUNT", 1), ACC_CNT(WR, "DEST_ADDR", "COUNT", 1),
};

static const struct gk_field eg_copy_l2l_broadcast[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19), ADDR40("DEST_ADDR1", 1, 2, 4, 0, 7, 4),
	ADDR40("DEST_ADDR2", 2, 2, 5, 0, 7, 4), ADDR40("SRC_ADDR", 3, 2, 6, 0, 7, 4),
	GK_E("DEST1_SWAP", 4, 8, 9, swap), GK_E("DEST2_SWAP", 5, 8, 9, swap), GK_E("SRC_SWAP", 6, 8, 9, swap),
};
static const struct gk_access eg_copy_l2l_broadcast_acc[] = {
	ACC_CNT(RD, "SRC_ADDR", "COUNT", 4), ACC_CNT(WR, "DEST_ADDR1", "COUNT", 4),
	ACC_CNT(WR, "DEST_ADDR2", "COUNT", 4),
};

/* partial copies: the kernel only relocates them (no size check); pitches
 * are bytes and DX/DY/DZ sizes in pixels (docs/dma-facts.md D10) */
static const struct gk_field cm_copy_l2l_partial[] = {
	EG_CMD, EG_SUB, EG_COUNT0, ADDR40("SRC_ADDR", 1, 2, 2, 0, 7, 4), GK_U("SRC_PITCH", 2, 13, 31),
	GK_E("SRC_SWAP", 2, 8, 9, swap), GK_U("SRC_SLICE_PITCH", 3, 0, 31), ADDR40("DEST_ADDR", 4, 2, 5, 0, 7, 4),
	GK_U("DEST_PITCH", 5, 13, 31), GK_E("DEST_SWAP", 5, 8, 9, swap), GK_U("DEST_SLICE_PITCH", 6, 0, 31),
	GK_U("DY", 7, 16, 29), GK_U("DX", 7, 0, 13), GK_E("SIZE", 8, 29, 31, bpp), GK_U("DZ", 8, 0, 10),
};
static const struct gk_access cm_copy_l2l_partial_acc[] = {
	ACC_RECT(RD, "SRC_ADDR", 0, 1, 0, 0, 0, RAW("SRC_PITCH"), RAW("SRC_SLICE_PITCH"), "DX", "DY", "DZ", "SIZE"),
	ACC_RECT(WR, "DEST_ADDR", 0, 1, 0, 0, 0, RAW("DEST_PITCH"), RAW("DEST_SLICE_PITCH"), "DX", "DY", "DZ", "SIZE"),
};

/* L2T/T2L and its tile-unit form (0x4c: COUNT [15:0] in tiles, x and y on
 * tile boundaries; the seed's linear swap is [31:30] here, [9:8] in 0x49) */
static const struct gk_field eg_copy_l2t[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19), GK_AS("BASE_256", 1, 0, 31, 8), GK_E("DETILE", 2, 31, 31, detile),
	EG_TILED(2, "TILED_SWAP"), ADDR40("LINEAR_ADDR", 7, 2, 8, 0, 7, 4), GK_E("LINEAR_SWAP", 8, 30, 31, swap),
};
static const struct gk_access eg_copy_l2t_acc[] = {
	EG_TILED_ACC(WR, "BASE_256", "DETILE", 4), ACC_CNT_FLIP(RD, "LINEAR_ADDR", "DETILE", "COUNT", 4),
};
static const struct gk_field eg_copy_l2t_tiles[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 15), GK_AS("BASE_256", 1, 0, 31, 8), GK_E("DETILE", 2, 31, 31, detile),
	EG_TILED(2, "TILED_SWAP"), ADDR40("LINEAR_ADDR", 7, 2, 8, 0, 7, 4), GK_E("LINEAR_SWAP", 8, 30, 31, swap),
};
static const struct gk_rule eg_tiles_rules[] = {
	{ GK_R_ALIGN_IF, "X", 0, 8, 0, "x is on a tile boundary" },
	{ GK_R_ALIGN_IF, "Y", 0, 8, 0, "y is on a tile boundary" },
};
static const struct gk_access eg_copy_l2t_tiles_acc[] = {
	EG_TILED_ACC(WR, "BASE_256", "DETILE", 0),
	{ .rw = RD, .size = GK_Z_COUNT, .addr = "LINEAR_ADDR", .flip = "DETILE", .count = "COUNT", .n = 0,
	  .esize = RAW("SIZE") },
};

/* frame to field: linear source, two tiled destinations (odd and even field) */
static const struct gk_field eg_copy_l2t_f2f[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19), GK_AS("ODD_BASE_256", 1, 0, 31, 8),
	GK_AS("EVEN_BASE_256", 2, 0, 31, 8), EG_TILED(3, "TILED_SWAP"), ADDR40("LINEAR_ADDR", 8, 2, 9, 0, 7, 4),
	GK_E("LINEAR_SWAP", 9, 30, 31, swap),
};
static const struct gk_access eg_copy_l2t_f2f_acc[] = {
	EG_TILED_ACC(WR, "ODD_BASE_256", 0, 4), EG_TILED_ACC(WR, "EVEN_BASE_256", 0, 4),
	ACC_CNT(RD, "LINEAR_ADDR", "COUNT", 4),
};

/* L2T broadcast: TB's swap is SWAP1, with SWAP0 at [20:19] of its last dword */
static const struct gk_field eg_copy_l2t_broadcast[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19), GK_AS("DEST0_BASE_256", 1, 0, 31, 8),
	GK_AS("DEST1_BASE_256", 2, 0, 31, 8), EG_TILED(3, "SWAP1"), GK_E("SWAP0", 7, 19, 20, swap),
	ADDR40("LINEAR_ADDR", 8, 2, 9, 0, 7, 4), GK_E("LINEAR_SWAP", 9, 30, 31, swap),
};
static const struct gk_access eg_copy_l2t_broadcast_acc[] = {
	EG_TILED_ACC(WR, "DEST0_BASE_256", 0, 4), EG_TILED_ACC(WR, "DEST1_BASE_256", 0, 4),
	ACC_CNT(RD, "LINEAR_ADDR", "COUNT", 4),
};
static const struct gk_field eg_copy_l2t_broadcast_tiles[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 15), GK_AS("DEST0_BASE_256", 1, 0, 31, 8),
	GK_AS("DEST1_BASE_256", 2, 0, 31, 8), EG_TILED(3, "SWAP1"), GK_E("SWAP0", 7, 19, 20, swap),
	ADDR40("LINEAR_ADDR", 8, 2, 9, 0, 7, 4), GK_E("LINEAR_SWAP", 9, 30, 31, swap),
};
static const struct gk_access eg_copy_l2t_broadcast_tiles_acc[] = {
	EG_TILED_ACC(WR, "DEST0_BASE_256", 0, 0), EG_TILED_ACC(WR, "DEST1_BASE_256", 0, 0),
	{ .rw = RD, .size = GK_Z_COUNT, .addr = "LINEAR_ADDR", .count = "COUNT", .n = 0, .esize = RAW("SIZE") },
};

static const struct gk_field cm_copy_l2t_partial[] = {
	EG_CMD, EG_SUB, GK_U("COUNT", 0, 0, 19), GK_AS("BASE_256", 1, 0, 31, 8), GK_E("DETILE", 2, 31, 31, detile),
	EG_TILED(2, "TILED_SWAP"), ADDR40("LINEAR_ADDR", 7, 2, 8, 0, 7, 4), GK_U("LINEAR_PITCH", 8, 13, 31),
	GK_E("LINEAR_SWAP", 8, 8, 9, swap), GK_U("LINEAR_SLICE_PITCH", 9, 0, 31), GK_U("DY", 10, 16, 29),
	GK_U("DX", 10, 0, 13), GK_U("DZ", 11, 0, 10),
};
static const struct gk_access cm_copy_l2t_partial_acc[] = {
	ACC_BOX(WR, "BASE_256", "DETILE", "ARRAY_MODE", &eg_surf, "X", "Y", "Z", "PITCH_TILE_MAX", "SLICE_TILE_MAX",
		"DX", "DY", "DZ", "SIZE"),
	ACC_RECT(RD, "LINEAR_ADDR", "DETILE", 1, 0, 0, 0, RAW("LINEAR_PITCH"), RAW("LINEAR_SLICE_PITCH"), "DX", "DY",
		 "DZ", "SIZE"),
};

/* T2T partial: the seed lists "DW 8" twice; the kernel skips 13 dwords and
 * relocates the bases at DW2 and DW5 (evergreen_dma_cs_parse, sub cmd 0x4d),
 * so the second DW8 is DW9 and all after it move down one.  The first DW8
 * packs the tiling parameters of both surfaces; its [31] "detile" and the
 * "(si: 28:27 ...)" note are copied from the L2T text (the bits are 10:9). */
static const struct gk_field cm_copy_t2t_partial[] = {
	EG_CMD, EG_SUB, EG_COUNT0, GK_AS("SRC_BASE_256", 1, 0, 31, 8), GK_U("SRC_HEIGHT_MAX", 2, 16, 29, ROWS),
	GK_U("SRC_PITCH_TILE_MAX", 2, 0, 10, PX8), GK_U("SRC_SLICE_TILE_MAX", 3, 0, 21, PX64),
	GK_AS("DEST_BASE_256", 4, 0, 31, 8), GK_U("DEST_HEIGHT_MAX", 5, 16, 29, ROWS),
	GK_U("DEST_PITCH_TILE_MAX", 5, 0, 10, PX8), GK_E("PIPE_CONFIG", 6, 26, 30, pipe_config, .gens = SI),
	GK_U("DEST_SLICE_TILE_MAX", 6, 0, 21, PX64),
	GK_E("ARRAY_MODE", 7, 27, 30, array_mode_r6, .gens = EG | CM),
	GK_E("ARRAY_MODE", 7, 27, 30, array_mode_si, .gens = SI), GK_E("SIZE", 7, 24, 26, bpp),
	GK_E("BANK_HEIGHT", 7, 21, 22, bank_count, .flags = GK_F_BYNAME),
	GK_E("BANK_WIDTH", 7, 18, 19, bank_count, .flags = GK_F_BYNAME), GK_E("MT_ASPECT", 7, 16, 17, aspect),
	GK_E("SWAP1", 7, 12, 13, swap), GK_E("MT", 7, 9, 10, micro_tile_si, .gens = SI),
	GK_U("NON_DISP", 7, 9, 10, .gens = EG | CM), GK_E("NUM_BANKS", 7, 7, 8, num_banks, .flags = GK_F_BYNAME),
	GK_E("TILE_SPLIT", 7, 3, 5, tile_split, .flags = GK_F_BYNAME), GK_E("SWAP0", 7, 1, 2, swap),
	GK_U("SRC_X", 8, 16, 29, .align = 8, .why = "low 3 bits MBZ"),
	GK_U("DST_X", 8, 0, 13, .align = 8, .why = "low 3 bits MBZ"),
	GK_U("SRC_Y", 9, 16, 29, .align = 8, .why = "low 3 bits MBZ"),
	GK_U("DST_Y", 9, 0, 13, .align = 8, .why = "low 3 bits MBZ"), GK_U("SRC_Z", 10, 16, 26),
	GK_U("DST_Z", 10, 0, 10), GK_U("DY", 11, 16, 29, .align = 8, .why = "low 3 bits MBZ"),
	GK_U("DX", 11, 0, 13, .align = 8, .why = "low 3 bits MBZ"), GK_U("DZ", 12, 0, 10),
};
static const struct gk_access cm_copy_t2t_partial_acc[] = {
	ACC_BOX(RD, "SRC_BASE_256", 0, "ARRAY_MODE", &eg_surf, "SRC_X", "SRC_Y", "SRC_Z", "SRC_PITCH_TILE_MAX",
		"SRC_SLICE_TILE_MAX", "DX", "DY", "DZ", "SIZE"),
	ACC_BOX(WR, "DEST_BASE_256", 0, "ARRAY_MODE", &eg_surf, "DST_X", "DST_Y", "DST_Z", "DEST_PITCH_TILE_MAX",
		"DEST_SLICE_TILE_MAX", "DX", "DY", "DZ", "SIZE"),
};

/* VMID is [23:20] (the seed's [22:20] is one bit short: nid.h and sid.h
 * DMA_IB_PACKET mask it with 0xf); IB size sits in [31:12] */
static const struct gk_field eg_ib[] = {
	EG_CMD, GK_U("VMID", 0, 20, 23, .gens = CM | SI), EG_COUNT0, ADDR40("IB_BASE", 1, 5, 2, 0, 7, 0),
	GK_U("IB_SIZE", 2, 12, 31),
};

static const struct gk_field eg_semaphore[] = {
	EG_CMD, GK_B("MAILBOX", 0, 23), GK_B("SIGNAL", 0, 22), EG_COUNT0, ADDR40("SEMAPHORE_ADDR", 1, 3, 2, 0, 7, 0),
};

/* 4 dwords: evergreen_dma_fence_ring_emit() writes the fence value in DW4 */
static const struct gk_field eg_fence[] = {
	EG_CMD, EG_COUNT0, ADDR40("FENCE_ADDR", 1, 2, 2, 0, 7, 4), GK_X("FENCE_DATA", 3, 0, 31),
};

static const struct gk_field eg_trap[] = { EG_CMD, EG_COUNT0 };
/* the seed gives the NOP count as [15:0] */
static const struct gk_field eg_nop[] = { EG_CMD, MBZ("COUNT", 0, 0, 15) };

static const struct gk_field eg_constant_fill[] = {
	EG_CMD, GK_U("COUNT", 0, 0, 19), ADDR40("DST_ADDR", 1, 2, 3, 16, 23, 4), GK_X("CONSTANT_DATA", 2, 0, 31),
};

/* the register is a dword index: the kernel writes (reg >> 2) */
static const struct gk_field eg_srbm_write[] = {
	EG_CMD, GK_CONSTF("READ", 0, 27, 27, 0), GK_CONSTF("POLL", 0, 26, 26, 0), EG_COUNT0,
	GK_X("BYTE_ENABLE", 1, 16, 19), REGBYTE("REGISTER", 1, 0, 15), GK_X("DATA", 2, 0, 31, .value_reg = 6),
};

/* 4 dwords, not the seed's 5: the kernel's only use (ni_dma.c
 * cayman_dma_vm_flush) writes header, retry/register, mask, value; the seed's
 * "data" dword is not there. */
static const struct gk_field eg_srbm_read[] = {
	EG_CMD, GK_CONSTF("READ", 0, 27, 27, 1), GK_B("POLL", 0, 26), EG_COUNT0, GK_U("RETRY_COUNT", 1, 20, 31),
	REGBYTE("REGISTER", 1, 0, 15), GK_X("MASK", 2, 0, 31), GK_X("VALUE", 3, 0, 31, .value_reg = 6),
};

/* M selects what DW2-DW3 hold: an address, or a register (the kernel writes
 * its byte address there, si_dma.c si_dma_vm_flush) with DW3 [7:0] = 0 */
static const struct gk_field si_poll_reg_mem[] = {
	EG_CMD, GK_E("M", 0, 27, 27, space), EG_COUNT0,
	{ .name = "ADDR", .namelen = 4, .seg = {{1, 2, 31, 2}, {2, 0, 7, 32}}, .nseg = 2, .kind = GK_ADDR,
	  .align = 4, GK_WHEN(1, GK_V(1)) },
	REGBYTE("REGISTER", 1, 2, 31, GK_WHEN(1, GK_V(0))),
	GK_U("RETRY_COUNT", 2, 16, 27), GK_X("MASK", 3, 0, 31), GK_X("REFERENCE", 4, 0, 31, .value_reg = 5),
	GK_E("FUNC", 5, 28, 30, func), GK_U("POLL_INTERVAL", 5, 0, 16),
};
static const struct gk_access poll_acc[] = { ACC_FIX(RD, "ADDR", 4) };

/* ======================================================================
 * CIK SDMA (seed 000 "cik"; cikd.h SDMA_PACKET: op [7:0], sub_op [15:8],
 * extra [31:16])
 * ====================================================================== */

#define CIK_OP GK_OPC("OPCODE", 0, 0, 7)
#define CIK_SUB SUBOP(0, 8, 15)

/* the tiling-info dword of the CIK tiled packets (seed "Copy Tiled (cik)" DW6) */
#define CIK_TI(n, p) \
	GK_E(p "PIPE_CONFIG", n, 26, 30, pipe_config), GK_E(p "MACRO_TILE_ASPECT", n, 24, 25, aspect), \
	GK_E(p "NUM_BANKS", n, 21, 22, num_banks, .flags = GK_F_BYNAME), \
	GK_E(p "BANK_HEIGHT", n, 18, 19, bank_count, .flags = GK_F_BYNAME), \
	GK_E(p "BANK_WIDTH", n, 15, 16, bank_count, .flags = GK_F_BYNAME), \
	GK_E(p "TILE_SPLIT", n, 11, 13, tile_split, .flags = GK_F_BYNAME), \
	GK_E(p "MICRO_TILE_MODE", n, 8, 10, micro_tile), GK_E(p "ARRAY_MODE", n, 3, 6, array_mode_si), \
	GK_E(p "ELEMENT_SIZE", n, 0, 2, bpp)
/* pitch and slice pitch "(tiles)" hold tile counts minus one, as Mesa writes
 * them (pitch / 8 - 1, pixels per slice / 64 - 1; docs/dma-facts.md D4) */
#define CIK_TILED_ACC(rw_, a, fl) \
	ACC_TILED(rw_, a, fl, "ARRAY_MODE", &cik_surf, "COUNT", 4, "X", "Y", "Z", "PITCH", "SLICE_PITCH", "ELEMENT_SIZE")

static const struct gk_field cik_copy_linear[] = {
	CIK_OP, CIK_SUB, GK_CONSTF("BROADCAST", 0, 27, 27, 0), GK_U("COUNT", 1, 0, 21),
	GK_E("SRC_SWAP", 2, 24, 25, swap), GK_E("DST_SWAP", 2, 16, 17, swap), ADDR64("SRC_ADDR", 3, 0, 0),
	ADDR64("DST_ADDR", 5, 0, 0),
};
static const struct gk_access cik_copy_linear_acc[] = {
	ACC_CNT(RD, "SRC_ADDR", "COUNT", 1), ACC_CNT(WR, "DST_ADDR", "COUNT", 1),
};

static const struct gk_field cik_copy_linear_broadcast[] = {
	CIK_OP, CIK_SUB, GK_CONSTF("BROADCAST", 0, 27, 27, 1), GK_U("COUNT", 1, 0, 21),
	GK_E("SRC_SWAP", 2, 24, 25, swap), GK_E("DST1_SWAP", 2, 16, 17, swap), GK_E("DST2_SWAP", 2, 8, 9, swap),
	ADDR64("SRC_ADDR", 3, 0, 0), ADDR64("DST1_ADDR", 5, 0, 0), ADDR64("DST2_ADDR", 7, 0, 0),
};
static const struct gk_rule cik_broadcast_rules[] = {
	{ GK_R_SAME_LOW, "DST1_ADDR", "DST2_ADDR", 5, 0, "dst1 and dst2 must have the same alignment" },
};
static const struct gk_access cik_copy_linear_broadcast_acc[] = {
	ACC_CNT(RD, "SRC_ADDR", "COUNT", 1), ACC_CNT(WR, "DST1_ADDR", "COUNT", 1),
	ACC_CNT(WR, "DST2_ADDR", "COUNT", 1),
};

static const struct gk_field cik_copy_linear_sub_window[] = {
	CIK_OP, CIK_SUB, GK_E("ELEMENT_SIZE", 0, 29, 31, bpp), ADDR64("SRC_ADDR", 1, 0, 0),
	GK_U("SRC_Y", 3, 16, 29), GK_U("SRC_X", 3, 0, 13), GK_U("SRC_PITCH", 4, 16, 29, PX1),
	GK_U("SRC_Z", 4, 0, 11), GK_U("SRC_SLICE_PITCH", 5, 0, 27, PX1), ADDR64("DST_ADDR", 6, 0, 0),
	GK_U("DST_Y", 8, 16, 29), GK_U("DST_X", 8, 0, 13), GK_U("DST_PITCH", 9, 16, 29, PX1),
	GK_U("DST_Z", 9, 0, 11), GK_U("DST_SLICE_PITCH", 10, 0, 27, PX1), GK_U("RECT_Y", 11, 16, 29),
	GK_U("RECT_X", 11, 0, 13), GK_E("SRC_SWAP", 12, 24, 25, swap), GK_E("DST_SWAP", 12, 16, 17, swap),
	GK_U("RECT_Z", 12, 0, 11),
};
static const struct gk_access cik_copy_linear_sub_window_acc[] = {
	ACC_RECT(RD, "SRC_ADDR", 0, 0, "SRC_X", "SRC_Y", "SRC_Z", PLUS1("SRC_PITCH"), PLUS1("SRC_SLICE_PITCH"), "RECT_X",
		 "RECT_Y", "RECT_Z", "ELEMENT_SIZE"),
	ACC_RECT(WR, "DST_ADDR", 0, 0, "DST_X", "DST_Y", "DST_Z", PLUS1("DST_PITCH"), PLUS1("DST_SLICE_PITCH"), "RECT_X",
		 "RECT_Y", "RECT_Z", "ELEMENT_SIZE"),
};

static const struct gk_field cik_copy_tiled[] = {
	CIK_OP, CIK_SUB, GK_E("DETILE", 0, 31, 31, detile), GK_CONSTF("BROADCAST", 0, 27, 27, 0),
	GK_CONSTF("FRAME_TO_FIELD", 0, 26, 26, 0), ADDR64("TILED_ADDR", 1, 0, 256), GK_U("HEIGHT", 3, 16, 29, ROWS),
	GK_U("PITCH", 3, 0, 10, PX8), GK_U("SLICE_PITCH", 4, 0, 21, PX64), CIK_TI(5, ""), GK_U("Y", 6, 16, 29),
	GK_U("X", 6, 0, 13), GK_E("TILED_SWAP", 7, 24, 25, swap), GK_E("LINEAR_SWAP", 7, 16, 17, swap),
	GK_U("Z", 7, 0, 11), ADDR64("LINEAR_ADDR", 8, 0, 4), GK_U("LINEAR_PITCH", 10, 0, 18),
	GK_U("COUNT", 11, 0, 19),
};
static const struct gk_rule cik_x_rules[] = {
	{ GK_R_X_DWORD, "X", "ELEMENT_SIZE", 0, 0, 0 },
};
static const struct gk_access cik_copy_tiled_acc[] = {
	CIK_TILED_ACC(WR, "TILED_ADDR", "DETILE"), ACC_CNT_FLIP(RD, "LINEAR_ADDR", "DETILE", "COUNT", 4),
};

/* L2T broadcast: the seed lists "DW 5" twice (tiled addr 2 hi, then
 * height/pitch); the second and all after it move down one, 15 dwords, as in
 * the VI successor (amdgpu iceland_sdma_pkt_open.h SDMA_PKT_COPY_L2T_BROADCAST) */
static const struct gk_field cik_copy_l2t_broadcast[] = {
	CIK_OP, CIK_SUB, GK_CONSTF("BROADCAST", 0, 27, 27, 1), GK_CONSTF("FRAME_TO_FIELD", 0, 26, 26, 0),
	ADDR64("TILED_ADDR_1", 1, 0, 256), ADDR64("TILED_ADDR_2", 3, 0, 256), GK_U("HEIGHT", 5, 16, 29, ROWS),
	GK_U("PITCH", 5, 0, 10, PX8), GK_U("SLICE_PITCH", 6, 0, 21, PX64), CIK_TI(7, ""), GK_U("Y", 8, 16, 29),
	GK_U("X", 8, 0, 13), GK_U("Z", 9, 0, 11), GK_E("TILED_1_SWAP", 10, 24, 25, swap),
	GK_E("LINEAR_SWAP", 10, 16, 17, swap), GK_E("TILED_2_SWAP", 10, 8, 9, swap), ADDR64("LINEAR_ADDR", 11, 0, 4),
	GK_U("LINEAR_PITCH", 13, 0, 18), GK_U("COUNT", 14, 0, 19),
};
static const struct gk_access cik_copy_l2t_broadcast_acc[] = {
	CIK_TILED_ACC(WR, "TILED_ADDR_1", 0), CIK_TILED_ACC(WR, "TILED_ADDR_2", 0),
	ACC_CNT(RD, "LINEAR_ADDR", "COUNT", 4),
};

/* frame to field: the same duplicate "DW 5", renumbered the same way; the
 * seed then has no linear pitch, so 14 dwords (the VI header folds this
 * packet into the broadcast one with a linear pitch, 15: docs/dma-facts.md
 * D2; the seed decides) */
static const struct gk_field cik_copy_l2t_f2f[] = {
	CIK_OP, CIK_SUB, GK_CONSTF("BROADCAST", 0, 27, 27, 0), GK_CONSTF("FRAME_TO_FIELD", 0, 26, 26, 1),
	ADDR64("TILED_ADDR_1", 1, 0, 256), ADDR64("TILED_ADDR_2", 3, 0, 256), GK_U("HEIGHT", 5, 16, 29, ROWS),
	GK_U("PITCH", 5, 0, 10, PX8), GK_U("SLICE_PITCH", 6, 0, 21, PX64), CIK_TI(7, ""), GK_U("Y", 8, 16, 29),
	GK_U("X", 8, 0, 13), GK_U("Z", 9, 0, 11), GK_E("TILED_1_SWAP", 10, 24, 25, swap),
	GK_E("LINEAR_SWAP", 10, 16, 17, swap), GK_E("TILED_2_SWAP", 10, 8, 9, swap), ADDR64("LINEAR_ADDR", 11, 0, 4),
	GK_U("COUNT", 13, 0, 19),
};

static const struct gk_field cik_copy_tiled_sub_window[] = {
	CIK_OP, CIK_SUB, GK_E("DETILE", 0, 31, 31, detile), ADDR64("TILED_ADDR", 1, 0, 256),
	GK_U("TILED_Y", 3, 16, 29), GK_U("TILED_X", 3, 0, 13), GK_U("PITCH", 4, 16, 26, PX8),
	GK_U("TILED_Z", 4, 0, 11), GK_U("SLICE_PITCH", 5, 0, 21, PX64), CIK_TI(6, ""), ADDR64("LINEAR_ADDR", 7, 0, 4),
	GK_U("LINEAR_Y", 9, 16, 29), GK_U("LINEAR_X", 9, 0, 13), GK_U("LINEAR_PITCH", 10, 16, 29, PX1),
	GK_U("LINEAR_Z", 10, 0, 11), GK_U("LINEAR_SLICE_PITCH", 11, 0, 27, PX1), GK_U("RECT_Y", 12, 16, 29),
	GK_U("RECT_X", 12, 0, 13), GK_E("TILED_SWAP", 13, 24, 25, swap), GK_E("LINEAR_SWAP", 13, 16, 17, swap),
	GK_U("RECT_Z", 13, 0, 11),
};
static const struct gk_rule cik_sub_window_rules[] = {
	{ GK_R_X_DWORD, "TILED_X", "ELEMENT_SIZE", 0, 0, 0 },
	{ GK_R_X_DWORD, "LINEAR_X", "ELEMENT_SIZE", 0, 0, 0 },
	{ GK_R_X_DWORD, "RECT_X", "ELEMENT_SIZE", 0, 0, 0 },
};
static const struct gk_access cik_copy_tiled_sub_window_acc[] = {
	ACC_BOX(WR, "TILED_ADDR", "DETILE", "ARRAY_MODE", &cik_surf, "TILED_X", "TILED_Y", "TILED_Z", "PITCH",
		"SLICE_PITCH", "RECT_X", "RECT_Y", "RECT_Z", "ELEMENT_SIZE"),
	ACC_RECT(RD, "LINEAR_ADDR", "DETILE", 0, "LINEAR_X", "LINEAR_Y", "LINEAR_Z", PLUS1("LINEAR_PITCH"),
		 PLUS1("LINEAR_SLICE_PITCH"), "RECT_X", "RECT_Y", "RECT_Z", "ELEMENT_SIZE"),
};

#define TILE8 .align = 8, .why = "tile aligned: 8-pixel boundary"
static const struct gk_field cik_copy_t2t_sub_window[] = {
	CIK_OP, CIK_SUB, ADDR64("SRC_ADDR", 1, 0, 256), GK_U("SRC_Y", 3, 16, 29, TILE8), GK_U("SRC_X", 3, 0, 13, TILE8),
	GK_U("SRC_PITCH", 4, 16, 26, PX8), GK_U("SRC_Z", 4, 0, 11), GK_U("SRC_SLICE_PITCH", 5, 0, 21, PX64),
	CIK_TI(6, "SRC_"), ADDR64("DST_ADDR", 7, 0, 256), GK_U("DST_Y", 9, 16, 29, TILE8),
	GK_U("DST_X", 9, 0, 13, TILE8), GK_U("DST_PITCH", 10, 16, 26, PX8), GK_U("DST_Z", 10, 0, 11),
	GK_U("DST_SLICE_PITCH", 11, 0, 21, PX64), CIK_TI(12, "DST_"), GK_U("RECT_Y", 13, 16, 29, TILE8),
	GK_U("RECT_X", 13, 0, 13, TILE8), GK_E("SRC_SWAP", 14, 24, 25, swap), GK_E("DST_SWAP", 14, 16, 17, swap),
	GK_U("RECT_Z", 14, 0, 11, .align = 8, .why = "the reference says 2:0 must be 0"),
};
/* micro tile modes: 0 DISPLAY, 3 ROTATED (gfx7.json MicroTileMode) */
static const struct gk_rule cik_t2t_rules[] = {
	{ GK_R_EQUAL, "SRC_MICRO_TILE_MODE", "DST_MICRO_TILE_MODE", 0, 3,
	  "the micro tile modes must match, unless src = display and dst = rotated" },
};
static const struct gk_access cik_copy_t2t_sub_window_acc[] = {
	ACC_BOX(RD, "SRC_ADDR", 0, "SRC_ARRAY_MODE", &cik_src_surf, "SRC_X", "SRC_Y", "SRC_Z", "SRC_PITCH", "SRC_SLICE_PITCH", "RECT_X",
		"RECT_Y", "RECT_Z", "SRC_ELEMENT_SIZE"),
	ACC_BOX(WR, "DST_ADDR", 0, "DST_ARRAY_MODE", &cik_dst_surf, "DST_X", "DST_Y", "DST_Z", "DST_PITCH", "DST_SLICE_PITCH", "RECT_X",
		"RECT_Y", "RECT_Z", "DST_ELEMENT_SIZE"),
};

/* structured buffer: COUNT + 1 elements ("0 means 1 stride") of STRIDE
 * dwords from START_INDEX (stride unit: docs/dma-facts.md D13) */
static const struct gk_field cik_copy_structured[] = {
	CIK_OP, CIK_SUB, GK_E("DIRECTION", 0, 31, 31, sb_direction), ADDR64("SB_ADDR", 1, 0, 4),
	GK_U("START_INDEX", 3, 0, 31), GK_U("COUNT", 4, 0, 31), GK_E("SB_SWAP", 5, 24, 25, swap),
	GK_E("LINEAR_SWAP", 5, 16, 17, swap), GK_U("STRIDE", 5, 0, 10), ADDR64("LINEAR_ADDR", 6, 0, 4),
};
static const struct gk_access cik_copy_structured_acc[] = {
	{ .rw = WR, .size = GK_Z_COUNT, .addr = "SB_ADDR", .flip = "DIRECTION", .count = "COUNT", .n = 4, .plus = 1,
	  .stride = RAW("STRIDE"), .first = RAW("START_INDEX") },
	{ .rw = RD, .size = GK_Z_COUNT, .addr = "LINEAR_ADDR", .flip = "DIRECTION", .count = "COUNT", .n = 4,
	  .plus = 1, .stride = RAW("STRIDE") },
};

/* the count sits in DW4 and says how many data dwords follow
 * (cik_sdma.c cik_sdma_ring_test) */
static const struct gk_field cik_write_linear[] = {
	CIK_OP, CIK_SUB, ADDR64("ADDR", 1, 0, 4), GK_E("SWAP", 3, 24, 25, swap), GK_CNT("COUNT", 3, 0, 19, 4),
};
static const struct gk_access cik_write_linear_acc[] = { ACC_CNT(WR, "ADDR", "COUNT", 4) };

static const struct gk_field cik_write_tiled[] = {
	CIK_OP, CIK_SUB, ADDR64("TILED_ADDR", 1, 0, 256), GK_U("HEIGHT", 3, 16, 29, ROWS), GK_U("PITCH", 3, 0, 10, PX8),
	GK_U("SLICE_PITCH", 4, 0, 21, PX64), CIK_TI(5, ""), GK_U("Y", 6, 16, 29), GK_U("X", 6, 0, 13),
	GK_E("TILED_SWAP", 7, 24, 25, swap), GK_U("Z", 7, 0, 11), GK_CNT("COUNT", 8, 0, 19, 9),
};
static const struct gk_access cik_write_tiled_acc[] = { CIK_TILED_ACC(WR, "TILED_ADDR", 0) };

static const struct gk_field cik_constant_fill[] = {
	CIK_OP, CIK_SUB, GK_E("SIZE", 0, 30, 31, fill_size), GK_E("SWAP", 0, 16, 17, swap), ADDR64("ADDR", 1, 0, 0),
	GK_X("DATA", 3, 0, 31), GK_U("COUNT", 4, 0, 21),
};
static const struct gk_rule cik_fill_rules[] = {
	{ GK_R_ALIGN_IF, "ADDR", "SIZE", 4, 2, "a dword fill needs a dword-aligned address" },
	{ GK_R_ALIGN_IF, "COUNT", "SIZE", 4, 2, "a dword fill moves whole dwords" },
};
static const struct gk_access cik_constant_fill_acc[] = { ACC_CNT(WR, "ADDR", "COUNT", 1) };

/* IB base 32-byte aligned (cik_sdma.c cik_sdma_ring_ib_execute) */
static const struct gk_field cik_ib[] = {
	CIK_OP, CIK_SUB, GK_U("VMID", 0, 16, 19), ADDR64("IB_BASE", 1, 0, 32), GK_U("IB_SIZE", 3, 0, 19),
};

static const struct gk_field cik_fence[] = {
	CIK_OP, CIK_SUB, ADDR64("ADDR", 1, 0, 4), GK_X("DATA", 3, 0, 31),
};
static const struct gk_access cik_fence_acc[] = { ACC_FIX(WR, "ADDR", 4) };

static const struct gk_field cik_trap[] = { CIK_OP, CIK_SUB };

/* WRITE_ONE [29] is not in the seed: cikd.h SDMA_SEMAPHORE_EXTRA_O; the high
 * address dword is all of [63:32] (cik_sdma.c writes upper_32_bits) */
static const struct gk_field cik_semaphore[] = {
	CIK_OP, CIK_SUB, GK_B("MAILBOX", 0, 31), GK_B("SIGNAL", 0, 30), GK_B("WRITE_ONE", 0, 29),
	ADDR64("SEMAPHORE_ADDR", 1, 3, 0),
};

/* REFERENCE comes before MASK on CIK (cik_sdma.c cik_sdma_hdp_flush_ring_emit) */
static const struct gk_field cik_poll_reg_mem[] = {
	CIK_OP, CIK_SUB, GK_E("M", 0, 31, 31, space), GK_E("FUNC", 0, 28, 30, func), GK_E("OP", 0, 26, 27, poll_op),
	{ .name = "ADDR", .namelen = 4, .seg = {{1, 2, 31, 2}, {2, 0, 31, 32}}, .nseg = 2, .kind = GK_ADDR,
	  .align = 4, GK_WHEN(2, GK_V(1)) },
	REGBYTE("REGISTER", 1, 2, 31, GK_WHEN(2, GK_V(0))),
	{ .name = "PREPOLL_REGISTER", .namelen = 16, .seg = {{2, 0, 31, 0}}, .nseg = 1, .kind = GK_UINT,
	  .flags = GK_F_HEX, GK_WHEN(4, GK_V(1)) },
	GK_X("REFERENCE", 3, 0, 31, .value_reg = 7), GK_X("MASK", 4, 0, 31), GK_U("RETRY_COUNT", 5, 16, 27),
	GK_U("POLL_INTERVAL", 5, 0, 15),
};
static const struct gk_rule cik_poll_rules[] = {
	{ GK_R_NOT_BOTH, "OP", "M", 1, 1, "write-wait-write polls a register (M=0) only" },
};

/* EXEC_COUNT dwords after the packet run only when the bool is true */
static const struct gk_field cik_cond_exec[] = {
	CIK_OP, CIK_SUB, ADDR64("BOOL_ADDR", 1, 0, 4), GK_U("EXEC_COUNT", 3, 0, 13, .flags = GK_F_EXEC),
};
static const struct gk_access cik_cond_exec_acc[] = { ACC_FIX(RD, "BOOL_ADDR", 4) };

/* COUNT is entries of 8 bytes (cik_sdma.c cik_sdma_vm_set_pages) */
static const struct gk_field cik_write_pte_pde[] = {
	CIK_OP, CIK_SUB, ADDR64("DST_ADDR", 1, 0, 8), HEX64("MASK", 3), HEX64("VALUE", 5), HEX64("INCREMENT", 7),
	GK_U("COUNT", 9, 0, 18),
};
static const struct gk_access cik_pte_acc[] = { ACC_CNT(WR, "DST_ADDR", "COUNT", 8) };

static const struct gk_field cik_srbm_write[] = {
	CIK_OP, CIK_SUB, GK_X("BYTE_ENABLE", 0, 28, 31), REGBYTE("REGISTER", 1, 0, 15), GK_X("DATA", 2, 0, 31, .value_reg = 4),
};

static const struct gk_field cik_nop[] = { CIK_OP, CIK_SUB };

static const struct gk_field cik_set_timestamp[] = { CIK_OP, CIK_SUB, HEX64("DATA", 1) };
static const struct gk_field cik_get_timestamp[] = { CIK_OP, CIK_SUB, ADDR64("ADDR", 1, 3, 0) };
static const struct gk_access timestamp_acc[] = { ACC_FIX(WR, "ADDR", 8) };

/* ---- what each packet does when run (src/exec; gfxkit run) ------------
 *
 * Effects follow the packet reference (seed 000) for data movement; where it
 * is silent the kernel's use decides, cited per row.  Copies move the read
 * access to every write access in the order both walk their surfaces;
 * SWAP fields reverse bytes within 2-, 4- or 8-byte units of the transfer
 * (the enum 8IN16 / 8IN32 / 8IN64). */

#define EXEC(a) .exec = a, .nexec = GK_COUNTOF(a)
#define X_(...) { __VA_ARGS__ }

static const struct gk_exec_row x_nothing[] = { X_(.op = GK_X_NOTHING) };
static const struct gk_exec_row x_interrupt[] = { X_(.op = GK_X_INTERRUPT) };
static const struct gk_exec_row x_write_linear[] = { X_(.op = GK_X_WRITE_DATA, .swap = { "SWAP" }) };

static const struct gk_exec_row x_eg_write_tiled[] = { X_(.op = GK_X_WRITE_DATA, .swap = { "SWAP" }) };
static const struct gk_exec_row x_copy_src_dest[] = { X_(.op = GK_X_COPY, .swap = { "SRC_SWAP", "DEST_SWAP" }) };
/* partial copy: access 0 is the source */

static const struct gk_exec_row x_l2l_broadcast[] = {
	X_(.op = GK_X_COPY, .swap = { "SRC_SWAP", "DEST1_SWAP", "DEST2_SWAP" }),
};
static const struct gk_exec_row x_r6_copy_tiled[] = { X_(.op = GK_X_COPY, .swap = { "TILED_SWAP", "LINEAR_SWAP" }) };
static const struct gk_exec_row x_eg_l2t[] = {
	X_(.op = GK_X_COPY, .swap = { "TILED_SWAP", "LINEAR_SWAP" }),
};
/* SWAP0 goes with DEST0 as the seed numbers them */
static const struct gk_exec_row x_eg_l2t_broadcast[] = {
	X_(.op = GK_X_COPY, .swap = { "SWAP0", "SWAP1", "LINEAR_SWAP" }),
};
/* the seed does not say which of SWAP0 / SWAP1 is the source's */
static const struct gk_exec_row x_t2t_partial[] = {
	X_(.op = GK_X_REFUSE, .when = "SWAP0", .why = "the packet reference does not say which surface SWAP0 swaps"),
	X_(.op = GK_X_REFUSE, .when = "SWAP1", .why = "the packet reference does not say which surface SWAP1 swaps"),
	X_(.op = GK_X_COPY),
};
#define F2F_WHY "the packet reference does not say which lines of the frame go to which field"
static const struct gk_exec_row x_f2f[] = { X_(.op = GK_X_REFUSE, .why = F2F_WHY) };
/* a counting semaphore: signal adds one, wait takes one or waits while it is
 * zero (radeon_semaphore.c: a zeroed 8-byte location, one signal per wait) */
#define MAILBOX_WHY "the mailbox form writes an engine mailbox the packet reference does not describe"
static const struct gk_exec_row x_r6_semaphore[] = { X_(.op = GK_X_SEMAPHORE, .sel = "SIGNAL") };
static const struct gk_exec_row x_eg_semaphore[] = {
	X_(.op = GK_X_REFUSE, .when = "MAILBOX", .why = MAILBOX_WHY),
	X_(.op = GK_X_SEMAPHORE, .sel = "SIGNAL"),
};
static const struct gk_exec_row x_cik_semaphore[] = {
	X_(.op = GK_X_REFUSE, .when = "MAILBOX", .why = MAILBOX_WHY),
	X_(.op = GK_X_SEMAPHORE, .sel = "SIGNAL", .flag = "WRITE_ONE"),
};
static const struct gk_exec_row x_fence[] = { X_(.op = GK_X_STORE, .n = 4, .value = "FENCE_DATA") };
static const struct gk_exec_row x_cik_fence[] = { X_(.op = GK_X_STORE, .n = 4, .value = "DATA") };
static const struct gk_exec_row x_fill[] = { X_(.op = GK_X_FILL, .n = 4, .value = "CONSTANT_DATA") };
static const struct gk_exec_row x_cik_fill[] = { X_(.op = GK_X_FILL, .value = "DATA", .size = "SIZE", .swap = { "SWAP" }) };
static const struct gk_exec_row x_srbm_write[] = { X_(.op = GK_X_REG_WRITE, .reg = "REGISTER", .value = "DATA", .mask = "BYTE_ENABLE") };
/* POLL: wait until (register & MASK) == VALUE; a plain read changes nothing */
static const struct gk_exec_row x_srbm_read[] = {
	X_(.op = GK_X_WAIT, .when = "POLL", .mask = "MASK", .ref = "VALUE", .reg = "REGISTER"),
};
static const struct gk_exec_row x_poll[] = {
	X_(.op = GK_X_WAIT, .space = "M", .func = "FUNC", .mask = "MASK", .ref = "REFERENCE", .reg = "REGISTER"),
};
static const struct gk_exec_row x_cik_poll[] = {
	X_(.op = GK_X_REFUSE, .when = "OP",
	   .why = "the write-wait-write form's second register write is not in the packet reference"),
	X_(.op = GK_X_WAIT, .space = "M", .func = "FUNC", .mask = "MASK", .ref = "REFERENCE", .reg = "REGISTER"),
};
/* entry i = (VALUE + i * INCREMENT) | MASK: the kernel puts the page address
 * in VALUE and the PTE flags in MASK (cik_sdma.c cik_sdma_vm_set_pages,
 * si_dma.c si_dma_vm_set_pages) */
static const struct gk_exec_row x_pte[] = { X_(.op = GK_X_PTE, .value = "VALUE", .incr = "INCREMENT", .mask = "MASK") };
static const struct gk_exec_row x_cond_exec[] = { X_(.op = GK_X_COND_EXEC, .count = "EXEC_COUNT") };
static const struct gk_exec_row x_cik_copy[] = { X_(.op = GK_X_COPY, .swap = { "SRC_SWAP", "DST_SWAP" }) };
static const struct gk_exec_row x_cik_broadcast[] = {
	X_(.op = GK_X_COPY, .swap = { "SRC_SWAP", "DST1_SWAP", "DST2_SWAP" }),
};
static const struct gk_exec_row x_cik_tiled[] = {
	X_(.op = GK_X_COPY, .swap = { "TILED_SWAP", "LINEAR_SWAP" }),
};
static const struct gk_exec_row x_cik_l2t_broadcast[] = {
	X_(.op = GK_X_COPY, .swap = { "TILED_1_SWAP", "TILED_2_SWAP", "LINEAR_SWAP" }),
};
static const struct gk_exec_row x_cik_t2t[] = {
	X_(.op = GK_X_COPY, .swap = { "SRC_SWAP", "DST_SWAP" }),
};
static const struct gk_exec_row x_cik_structured[] = { X_(.op = GK_X_COPY, .swap = { "SB_SWAP", "LINEAR_SWAP" }) };
static const struct gk_exec_row x_cik_write_tiled[] = {
	X_(.op = GK_X_WRITE_DATA, .swap = { "TILED_SWAP" }),
};
static const struct gk_exec_row x_set_clock[] = { X_(.op = GK_X_CLOCK_SET, .value = "DATA") };
static const struct gk_exec_row x_get_clock[] = { X_(.op = GK_X_CLOCK_STORE) };

/* ---- SDMA of VI and later: rows by hand, fields from the kernel headers -- */

#include "sdma_rows.h"
#include "sdma_tab.inc"

/* ---- the packets ------------------------------------------------------ */

#define P(nm, op, gen) .name = nm, .opcode = op, .gens = gen

const struct gk_packet_desc gk_dma_descs[] = {
	/* r6xx / r7xx: opcodes r600d.h DMA_PACKET_* */
	{ P("WRITE_LINEAR", 0x2, R67), FIELDS(r6_write_linear), DATA_TAIL(3), ACCESS(r6_write_linear_acc),
	  .note = "seed 000 r6xx 1; 3 + COUNT dwords (r600_cs.c r600_dma_cs_parse)", EXEC(x_write_linear) },
	{ P("WRITE_TILED", 0x2, R67), FIELDS(r6_write_tiled), DATA_TAIL(5), ACCESS(r6_write_tiled_acc),
	  .note = "seed 000 r6xx 2; 5 + COUNT dwords (r600_dma_cs_parse)", EXEC(x_write_linear) },
	{ P("COPY_LINEAR", 0x3, R6), FIELDS(r6_copy_linear), FIXED(4), ACCESS(copy_linear_dw_acc),
	  .note = "seed 000 r6xx 3a; 4 dwords before RV770 (r600_dma_cs_parse)", EXEC(x_copy_src_dest) },
	{ P("COPY_LINEAR", 0x3, R7), FIELDS(r7_copy_linear), FIXED(5), ACCESS(copy_linear_dw_acc),
	  .note = "seed 000 r6xx 3b; 5 dwords from RV770 (r600_dma_cs_parse)", EXEC(x_copy_src_dest) },
	{ P("COPY_TILED", 0x3, R67), FIELDS(r6_copy_tiled), FIXED(7), ACCESS(r6_copy_tiled_acc),
	  .note = "seed 000 r6xx 4; 7 dwords (r600_dma_cs_parse)", EXEC(x_r6_copy_tiled) },
	{ P("INDIRECT_BUFFER", 0x4, R67), FIELDS(r6_ib), FIXED(3), ACCESS(ib_acc), .flags = GK_P_IB,
	  .note = "seed 000 r6xx 5; r600_dma.c r600_dma_ring_ib_execute" },
	{ P("SEMAPHORE", 0x5, R67), FIELDS(r6_semaphore), FIXED(3), ACCESS(sem_acc),
	  .note = "seed 000 r6xx 6; r600_dma.c r600_dma_semaphore_ring_emit", EXEC(x_r6_semaphore) },
	{ P("FENCE", 0x6, R67), FIELDS(r6_fence), FIXED(4), ACCESS(fence_acc),
	  .note = "seed 000 r6xx 7 + fence value dword (r600_dma.c r600_dma_fence_ring_emit)", EXEC(x_fence) },
	{ P("TRAP", 0x7, R67), FIELDS(r6_trap), FIXED(1), .note = "seed 000 r6xx 8", EXEC(x_interrupt) },
	{ P("NOP", 0xf, R67), FIELDS(r6_trap), FIXED(1), .note = "seed 000 r6xx 9", EXEC(x_nothing) },
	{ P("CONSTANT_FILL", 0xd, R7), FIELDS(r7_constant_fill), FIXED(4), ACCESS(fill_dw_acc),
	  .note = "seed 000 r6xx 10 (r7xx); r600_dma_cs_parse rejects it before RV770", EXEC(x_fill) },

	/* evergreen / cayman / si: opcodes evergreend.h, nid.h, sid.h; sub
	 * commands the case labels of evergreen_dma_cs_parse() */
	{ P("WRITE_LINEAR", 0x2, EGSI), .sub_opcode = 0x00, FIELDS(eg_write_linear), DATA_TAIL(3),
	  ACCESS(r6_write_linear_acc), .note = "seed 000 eg 1; 3 + COUNT dwords (evergreen_dma_cs_parse)", EXEC(x_write_linear) },
	{ P("WRITE_TILED", 0x2, EGSI), .sub_opcode = 0x08, FIELDS(eg_write_tiled), DATA_TAIL(7),
	  ACCESS(eg_write_tiled_acc), .note = "seed 000 eg 2; 7 + COUNT dwords (evergreen_dma_cs_parse)", EXEC(x_eg_write_tiled) },
	{ P("WRITE_PTE_PDE", 0x2, CMSI), .sub_opcode = 0x42, FIELDS(cm_write_pte_pde), FIXED(9),
	  ACCESS(r6_write_linear_acc), .note = "seed 000 eg 3 (ni/si); 9 dwords (ni_dma.c cayman_dma_vm_set_pages)", EXEC(x_pte) },
	{ P("COPY_L2L_DW", 0x3, EGSI), .sub_opcode = 0x00, FIELDS(eg_copy_l2l_dw), FIXED(5),
	  ACCESS(copy_linear_dw_acc), .note = "seed 000 eg 4; 5 dwords (evergreen_dma_cs_parse)", EXEC(x_copy_src_dest) },
	{ P("COPY_L2L_BYTE", 0x3, EGSI), .sub_opcode = 0x40, FIELDS(eg_copy_l2l_byte), FIXED(5),
	  ACCESS(copy_linear_byte_acc), .note = "seed 000 eg 5; 5 dwords, COUNT in bytes", EXEC(x_copy_src_dest) },
	{ P("COPY_L2L_DW_BROADCAST", 0x3, EGSI), .sub_opcode = 0x44, FIELDS(eg_copy_l2l_broadcast), FIXED(7),
	  ACCESS(eg_copy_l2l_broadcast_acc), .note = "seed 000 eg 6; 7 dwords (evergreen_dma_cs_parse)", EXEC(x_l2l_broadcast) },
	{ P("COPY_L2L_PARTIAL", 0x3, CMSI), .sub_opcode = 0x41, FIELDS(cm_copy_l2l_partial), FIXED(9),
	  ACCESS(cm_copy_l2l_partial_acc), .note = "seed 000 eg 7 (ni/si); 9 dwords, Cayman+ (evergreen_dma_cs_parse)", EXEC(x_copy_src_dest) },
	{ P("COPY_L2T", 0x3, EGSI), .sub_opcode = 0x08, FIELDS(eg_copy_l2t), FIXED(9), ACCESS(eg_copy_l2t_acc),
	  .note = "seed 000 eg 8; 9 dwords (evergreen_dma_cs_parse)", EXEC(x_eg_l2t) },
	{ P("COPY_L2T_FRAME_TO_FIELD", 0x3, EGSI), .sub_opcode = 0x48, FIELDS(eg_copy_l2t_f2f), FIXED(10),
	  ACCESS(eg_copy_l2t_f2f_acc), .note = "seed 000 eg 9; 10 dwords (evergreen_dma_cs_parse)", EXEC(x_f2f) },
	{ P("COPY_L2T_BROADCAST", 0x3, EGSI), .sub_opcode = 0x4b, FIELDS(eg_copy_l2t_broadcast), FIXED(10),
	  ACCESS(eg_copy_l2t_broadcast_acc), .note = "seed 000 eg 10; 10 dwords (evergreen_dma_cs_parse)", EXEC(x_eg_l2t_broadcast) },
	{ P("COPY_L2T_TILES", 0x3, EGSI), .sub_opcode = 0x4c, FIELDS(eg_copy_l2t_tiles), FIXED(9),
	  ACCESS(eg_copy_l2t_tiles_acc), RULES(eg_tiles_rules),
	  .note = "seed 000 eg 11; 9 dwords, COUNT in tiles (evergreen_dma_cs_parse)", EXEC(x_eg_l2t) },
	{ P("COPY_L2T_BROADCAST_TILES", 0x3, EGSI), .sub_opcode = 0x4f, FIELDS(eg_copy_l2t_broadcast_tiles),
	  FIXED(10), ACCESS(eg_copy_l2t_broadcast_tiles_acc), RULES(eg_tiles_rules),
	  .note = "seed 000 eg 12; 10 dwords, COUNT in tiles (evergreen_dma_cs_parse)", EXEC(x_eg_l2t_broadcast) },
	{ P("COPY_L2T_PARTIAL", 0x3, CMSI), .sub_opcode = 0x49, FIELDS(cm_copy_l2t_partial), FIXED(12),
	  ACCESS(cm_copy_l2t_partial_acc), .note = "seed 000 eg 13 (ni/si); 12 dwords, Cayman+ (evergreen_dma_cs_parse)", EXEC(x_eg_l2t) },
	{ P("COPY_T2T_PARTIAL", 0x3, CMSI), .sub_opcode = 0x4d, FIELDS(cm_copy_t2t_partial), FIXED(13),
	  ACCESS(cm_copy_t2t_partial_acc),
	  .note = "seed 000 eg 14 (ni/si); 13 dwords, the seed's second DW8 is DW9 (evergreen_dma_cs_parse)", EXEC(x_t2t_partial) },
	{ P("INDIRECT_BUFFER", 0x4, EGSI), FIELDS(eg_ib), FIXED(3), ACCESS(ib_acc), .flags = GK_P_IB,
	  .note = "seed 000 eg 15; VMID [23:20] on ni/si (nid.h DMA_IB_PACKET)" },
	{ P("SEMAPHORE", 0x5, EGSI), FIELDS(eg_semaphore), FIXED(3), ACCESS(sem_acc),
	  .note = "seed 000 eg 16; r600_dma.c r600_dma_semaphore_ring_emit", EXEC(x_eg_semaphore) },
	{ P("FENCE", 0x6, EGSI), FIELDS(eg_fence), FIXED(4), ACCESS(fence_acc),
	  .note = "seed 000 eg 17 + fence value dword (evergreen_dma.c evergreen_dma_fence_ring_emit)", EXEC(x_fence) },
	{ P("TRAP", 0x7, EGSI), FIELDS(eg_trap), FIXED(1), .note = "seed 000 eg 18", EXEC(x_interrupt) },
	{ P("NOP", 0xf, EGSI), FIELDS(eg_nop), FIXED(1), .note = "seed 000 eg 19", EXEC(x_nothing) },
	{ P("CONSTANT_FILL", 0xd, EGSI), FIELDS(eg_constant_fill), FIXED(4), ACCESS(fill_dw_acc),
	  .note = "seed 000 eg 20; 4 dwords (evergreen_dma_cs_parse)", EXEC(x_fill) },
	{ P("SRBM_WRITE", 0x9, EGSI), FIELDS(eg_srbm_write), FIXED(3),
	  .note = "seed 000 eg 21; evergreen_dma.c evergreen_dma_hdp_flush", EXEC(x_srbm_write) },
	{ P("SRBM_READ", 0x9, EG | CM), FIELDS(eg_srbm_read), FIXED(4),
	  .note = "seed 000 eg 22 (evergreen/ni); 4 dwords, not 5 (ni_dma.c cayman_dma_vm_flush)", EXEC(x_srbm_read) },
	{ P("POLL_REG_MEM", 0xe, SI), FIELDS(si_poll_reg_mem), FIXED(6), ACCESS(poll_acc),
	  .note = "seed 000 eg 23 (si); 6 dwords (si_dma.c si_dma_vm_flush)", EXEC(x_poll) },

	/* CIK SDMA: opcodes and sub-opcodes cikd.h SDMA_OPCODE_* */
	{ P("COPY_LINEAR", 1, CIK), .sub_opcode = 0, FIELDS(cik_copy_linear), FIXED(7), ACCESS(cik_copy_linear_acc),
	  .note = "seed 000 cik 1; 7 dwords (cik_sdma.c cik_copy_dma)", EXEC(x_cik_copy) },
	{ P("COPY_LINEAR_BROADCAST", 1, CIK), .sub_opcode = 0, FIELDS(cik_copy_linear_broadcast), FIXED(9),
	  ACCESS(cik_copy_linear_broadcast_acc), RULES(cik_broadcast_rules), .note = "seed 000 cik 2; 9 dwords", EXEC(x_cik_broadcast) },
	{ P("COPY_LINEAR_SUB_WINDOW", 1, CIK), .sub_opcode = 4, FIELDS(cik_copy_linear_sub_window), FIXED(13),
	  ACCESS(cik_copy_linear_sub_window_acc), .note = "seed 000 cik 3; 13 dwords", EXEC(x_cik_copy) },
	{ P("COPY_TILED", 1, CIK), .sub_opcode = 1, FIELDS(cik_copy_tiled), FIXED(12), ACCESS(cik_copy_tiled_acc),
	  RULES(cik_x_rules), .note = "seed 000 cik 4; 12 dwords", EXEC(x_cik_tiled) },
	{ P("COPY_L2T_BROADCAST", 1, CIK), .sub_opcode = 1, FIELDS(cik_copy_l2t_broadcast), FIXED(15),
	  ACCESS(cik_copy_l2t_broadcast_acc), RULES(cik_x_rules),
	  .note = "seed 000 cik 5; 15 dwords, the seed's second DW5 is DW6 (amdgpu VI SDMA_PKT_COPY_L2T_BROADCAST)", EXEC(x_cik_l2t_broadcast) },
	{ P("COPY_L2T_FRAME_TO_FIELD", 1, CIK), .sub_opcode = 1, FIELDS(cik_copy_l2t_f2f), FIXED(14),
	  ACCESS(cik_copy_l2t_broadcast_acc), RULES(cik_x_rules),
	  .note = "seed 000 cik 6; 14 dwords, the seed's second DW5 is DW6 (renumbered as cik 5)", EXEC(x_f2f) },
	{ P("COPY_TILED_SUB_WINDOW", 1, CIK), .sub_opcode = 5, FIELDS(cik_copy_tiled_sub_window), FIXED(14),
	  ACCESS(cik_copy_tiled_sub_window_acc), RULES(cik_sub_window_rules), .note = "seed 000 cik 7; 14 dwords", EXEC(x_cik_tiled) },
	{ P("COPY_T2T_SUB_WINDOW", 1, CIK), .sub_opcode = 6, FIELDS(cik_copy_t2t_sub_window), FIXED(15),
	  ACCESS(cik_copy_t2t_sub_window_acc), RULES(cik_t2t_rules), .note = "seed 000 cik 8; 15 dwords", EXEC(x_cik_t2t) },
	{ P("COPY_STRUCTURED", 1, CIK), .sub_opcode = 3, FIELDS(cik_copy_structured), FIXED(8),
	  ACCESS(cik_copy_structured_acc), .note = "seed 000 cik 9; 8 dwords", EXEC(x_cik_structured) },
	{ P("WRITE_LINEAR", 2, CIK), .sub_opcode = 0, FIELDS(cik_write_linear), DATA_TAIL(4),
	  ACCESS(cik_write_linear_acc), .note = "seed 000 cik 10; 4 + COUNT dwords (cik_sdma.c cik_sdma_ring_test)", EXEC(x_write_linear) },
	{ P("WRITE_TILED", 2, CIK), .sub_opcode = 1, FIELDS(cik_write_tiled), DATA_TAIL(9),
	  ACCESS(cik_write_tiled_acc), .note = "seed 000 cik 11; 9 + COUNT dwords", EXEC(x_cik_write_tiled) },
	{ P("CONSTANT_FILL", 11, CIK), .sub_opcode = 0, FIELDS(cik_constant_fill), FIXED(5),
	  ACCESS(cik_constant_fill_acc), RULES(cik_fill_rules), .note = "seed 000 cik 12; 5 dwords", EXEC(x_cik_fill) },
	{ P("INDIRECT_BUFFER", 4, CIK), .sub_opcode = 0, FIELDS(cik_ib), FIXED(4), ACCESS(ib_acc), .flags = GK_P_IB,
	  .note = "seed 000 cik 13; cik_sdma.c cik_sdma_ring_ib_execute" },
	{ P("FENCE", 5, CIK), .sub_opcode = 0, FIELDS(cik_fence), FIXED(4), ACCESS(cik_fence_acc),
	  .note = "seed 000 cik 14 (fence); op 5 (cikd.h SDMA_OPCODE_FENCE)", EXEC(x_cik_fence) },
	{ P("TRAP", 6, CIK), .sub_opcode = 0, FIELDS(cik_trap), FIXED(1),
	  .note = "seed 000 cik 14 (trap; numbered twice); op 6 (cikd.h SDMA_OPCODE_TRAP)", EXEC(x_interrupt) },
	{ P("SEMAPHORE", 7, CIK), .sub_opcode = 0, FIELDS(cik_semaphore), FIXED(3), ACCESS(sem_acc),
	  .note = "seed 000 cik 15; WRITE_ONE from cikd.h SDMA_SEMAPHORE_EXTRA_O", EXEC(x_cik_semaphore) },
	{ P("POLL_REG_MEM", 8, CIK), .sub_opcode = 0, FIELDS(cik_poll_reg_mem), FIXED(6), ACCESS(poll_acc),
	  RULES(cik_poll_rules), .note = "seed 000 cik 16; 6 dwords (cik_sdma.c cik_sdma_hdp_flush_ring_emit)", EXEC(x_cik_poll) },
	{ P("COND_EXEC", 9, CIK), .sub_opcode = 0, FIELDS(cik_cond_exec), FIXED(4), ACCESS(cik_cond_exec_acc),
	  .flags = GK_P_EXEC_COUNT, .note = "seed 000 cik 17; 4 dwords", EXEC(x_cond_exec) },
	{ P("WRITE_PTE_PDE", 12, CIK), .sub_opcode = 0, FIELDS(cik_write_pte_pde), FIXED(10), ACCESS(cik_pte_acc),
	  .note = "seed 000 cik 18; 10 dwords (cik_sdma.c cik_sdma_vm_set_pages)", EXEC(x_pte) },
	{ P("SRBM_WRITE", 14, CIK), .sub_opcode = 0, FIELDS(cik_srbm_write), FIXED(3),
	  .note = "seed 000 cik 19; cik_sdma.c cik_dma_vm_flush", EXEC(x_srbm_write) },
	{ P("NOP", 0, CIK), .sub_opcode = 0, FIELDS(cik_nop), FIXED(1), .note = "seed 000 cik 20", EXEC(x_nothing) },
	{ P("SET_LOCAL_TIMESTAMP", 13, CIK), .sub_opcode = 0, FIELDS(cik_set_timestamp), FIXED(3),
	  .note = "seed 000 cik 21", EXEC(x_set_clock) },
	{ P("GET_LOCAL_TIMESTAMP", 13, CIK), .sub_opcode = 1, FIELDS(cik_get_timestamp), FIXED(3),
	  ACCESS(timestamp_acc), .note = "seed 000 cik 22", EXEC(x_get_clock) },
	{ P("GET_GLOBAL_TIMESTAMP", 13, CIK), .sub_opcode = 2, FIELDS(cik_get_timestamp), FIXED(3),
	  ACCESS(timestamp_acc), .note = "seed 000 cik 23", EXEC(x_get_clock) },

	/* SDMA 2.4 ... 7.0 (sdma_tab.inc) */
	SDMA_DESCS
};
const unsigned gk_dma_ndescs = GK_COUNTOF(gk_dma_descs);
