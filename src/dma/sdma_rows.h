/* SDMA of VI and later (SDMA 2.4 ... 7.0): what the generated field tables
 * (sdma_tab.inc, scripts/gen_sdma.py from the kernel's packet headers) do not
 * say -- the enums their fields use, and per packet its accesses (check
 * --bo), its effects when run (src/exec) and its rules.  Included by
 * dma_tab.c, after its own enums and macros, before sdma_tab.inc; the
 * generator names these rows (overlay() in the script).
 *
 * Counts: exact on VI (SDMA 2.4 / 3.0), the value + 1 from SDMA 4 on, as the
 * kernel writes them: sdma_v3_0_emit_copy_buffer writes byte_count,
 * sdma_v4_0_emit_copy_buffer byte_count - 1; the same for CONSTANT_FILL
 * (sdma_v4_0_emit_fill_buffer) and WRITE_INCR (sdma_v4_0_vm_set_pte_pde:
 * count - 1 entries).  The _BC packets of SDMA 5 and 6 (their own
 * sub-opcodes, kept for the VI layouts) count as VI does.  Sizes of the
 * GFX9+ sub-windows are the value + 1 (Mesa ac_sdma: width - 1, pitch - 1). */
#ifndef GK_SDMA_ROWS_H
#define GK_SDMA_ROWS_H

/* the generated tables' shorthands */
#define SD_SUBOP(d, l, h) { .name = "SUB_OP", .namelen = 6, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_SUBOP }
/* data dwords from dword at; the packet at least min dwords long */
#define SD_DATA_TAIL(at, min) .min_dw = (min), .tail = GK_TAIL_DATA, .tail_dw = (at), .tail_name = "DATA"
#define SD_P(nm, alias_, op, sub, gen) .name = nm, .alias = alias_, .opcode = op, .sub_opcode = sub, .gens = gen
#define SD_PX1 .scale = GK_S_LINEAR, .plus = 1, .mul = 1, .unit = "px"
#define SD_PX8 .scale = GK_S_LINEAR, .plus = 1, .mul = 8, .unit = "px"
#define SD_PX64 .scale = GK_S_LINEAR, .plus = 1, .mul = 64, .unit = "px"
#define SD_ROWS .scale = GK_S_LINEAR, .plus = 1, .mul = 1, .unit = "rows"
#define SD_SLICES .scale = GK_S_LINEAR, .plus = 1, .mul = 1, .unit = "slices"

/* ---- enums ------------------------------------------------------------- */

/* GFX9 / GFX10 swizzle modes: addrlib AddrSwizzleMode (gfx9 / gfx10) */
GK_ENUM_DEF(sw_mode_gfx9, 5, [0] = "SW_LINEAR", [1] = "SW_256B_S", [2] = "SW_256B_D", [3] = "SW_256B_R",
	    [4] = "SW_4KB_Z", [5] = "SW_4KB_S", [6] = "SW_4KB_D", [7] = "SW_4KB_R", [8] = "SW_64KB_Z",
	    [9] = "SW_64KB_S", [10] = "SW_64KB_D", [11] = "SW_64KB_R", [12] = "SW_VAR_Z", [13] = "SW_VAR_S",
	    [14] = "SW_VAR_D", [15] = "SW_VAR_R", [16] = "SW_64KB_Z_T", [17] = "SW_64KB_S_T", [18] = "SW_64KB_D_T",
	    [19] = "SW_64KB_R_T", [20] = "SW_4KB_Z_X", [21] = "SW_4KB_S_X", [22] = "SW_4KB_D_X", [23] = "SW_4KB_R_X",
	    [24] = "SW_64KB_Z_X", [25] = "SW_64KB_S_X", [26] = "SW_64KB_D_X", [27] = "SW_64KB_R_X",
	    [28] = "SW_VAR_Z_X", [29] = "SW_VAR_S_X", [30] = "SW_VAR_D_X", [31] = "SW_VAR_R_X");
/* GFX11: addrlib's gfx11 list, where the VAR modes became 256 KiB ones */
GK_ENUM_DEF(sw_mode_gfx11, 5, [0] = "SW_LINEAR", [1] = "SW_256B_S", [2] = "SW_256B_D", [3] = "SW_256B_R",
	    [4] = "SW_4KB_Z", [5] = "SW_4KB_S", [6] = "SW_4KB_D", [7] = "SW_4KB_R", [8] = "SW_64KB_Z",
	    [9] = "SW_64KB_S", [10] = "SW_64KB_D", [11] = "SW_64KB_R", [16] = "SW_64KB_Z_T", [17] = "SW_64KB_S_T",
	    [18] = "SW_64KB_D_T", [19] = "SW_64KB_R_T", [20] = "SW_4KB_Z_X", [21] = "SW_4KB_S_X", [22] = "SW_4KB_D_X",
	    [23] = "SW_4KB_R_X", [24] = "SW_64KB_Z_X", [25] = "SW_64KB_S_X", [26] = "SW_64KB_D_X",
	    [27] = "SW_64KB_R_X", [28] = "SW_256KB_Z_X", [29] = "SW_256KB_S_X", [30] = "SW_256KB_D_X",
	    [31] = "SW_256KB_R_X");
/* GFX12: addrlib Addr3SwizzleMode */
GK_ENUM_DEF(sw_mode_gfx12, 5, [0] = "SW_LINEAR", [1] = "SW_256B_2D", [2] = "SW_4KB_2D", [3] = "SW_64KB_2D",
	    [4] = "SW_256KB_2D", [5] = "SW_4KB_3D", [6] = "SW_64KB_3D", [7] = "SW_256KB_3D");
/* the surface's dimension (Mesa ac_sdma: 0 1D, 1 2D, 2 3D; addrlib AddrResourceType) */
GK_ENUM_TAGS(dimension, 2, [0] = GK_TAG_DIM_1D, [1] = GK_TAG_DIM_2D, [2] = GK_TAG_DIM_3D);
GK_ENUM_DEF_TAGGED(dimension, 2, [0] = "1D", [1] = "2D", [2] = "3D");
/* POLL_REGMEM's HDP_FLUSH bit, a flag printed as 0 / 1 whose meaning the
 * executor reads: set, the engine writes REFERENCE to REQ_REGISTER and then
 * polls REGISTER (sdma_v4_0_ring_emit_hdp_flush passes the flush done
 * register as addr0 and the request register as addr1); no names */
GK_ENUM_TAGS(hdp_flush_op, 1, [0] = GK_TAG_WAITOP_POLL, [1] = GK_TAG_WAITOP_WRITE2_POLL);
static const struct gk_enum hdp_flush_op = { 1, NULL, hdp_flush_op_tags };

/* ---- accesses (check --bo) ---------------------------------------------- */

#define SD_CNT(rw_, a, cnt, unit, pl) { .rw = rw_, .size = GK_Z_COUNT, .addr = a, .count = cnt, .n = unit, .plus = pl }
#define SD_CNT_FLIP(rw_, a, fl, cnt, unit, pl) \
	{ .rw = rw_, .size = GK_Z_COUNT, .addr = a, .flip = fl, .count = cnt, .n = unit, .plus = pl }
/* a linear sub-window: pitches the value + 1 elements; the rectangle exact
 * (VI, _BC) or the value + 1 (ext: SDMA 4 on) */
#define SD_RECT(rw_, a, fl, p, es, ext) \
	{ .rw = rw_, .size = GK_Z_RECT, .addr = a, .flip = fl, .x = RAW(p "X"), .y = RAW(p "Y"), .z = RAW(p "Z"), \
	  .pitch = PLUS1(p "PITCH"), .slice = PLUS1(p "SLICE_PITCH"), .w = ext("RECT_X"), .h = ext("RECT_Y"), \
	  .d = ext("RECT_Z"), .esize = RAW(es) }
/* the VI tiled surface: CIK's (seed 000 "Copy Tiled (cik)"), its fields named by the header */
static const struct gk_surface_fields sd_surf = { .kind = GK_SURF_ARRAY, .micro = RAW("MIT_MODE"),
	.pipe_config = RAW("PIPE_CONFIG"), .tile_split = POW2("TILESPLIT_SIZE", 64), .bank_width = POW2("BANK_W", 1),
	.bank_height = POW2("BANK_H", 1), .macro_aspect = POW2("MAT_ASPT", 1), .num_banks = POW2("NUM_BANK", 2) };
static const struct gk_surface_fields sd_src_surf = { .kind = GK_SURF_ARRAY, .micro = RAW("SRC_MIT_MODE"),
	.pipe_config = RAW("SRC_PIPE_CONFIG"), .tile_split = POW2("SRC_TILESPLIT_SIZE", 64),
	.bank_width = POW2("SRC_BANK_W", 1), .bank_height = POW2("SRC_BANK_H", 1), .macro_aspect = POW2("SRC_MAT_ASPT", 1),
	.num_banks = POW2("SRC_NUM_BANK", 2) };
static const struct gk_surface_fields sd_dst_surf = { .kind = GK_SURF_ARRAY, .micro = RAW("DST_MIT_MODE"),
	.pipe_config = RAW("DST_PIPE_CONFIG"), .tile_split = POW2("DST_TILESPLIT_SIZE", 64),
	.bank_width = POW2("DST_BANK_W", 1), .bank_height = POW2("DST_BANK_H", 1), .macro_aspect = POW2("DST_MAT_ASPT", 1),
	.num_banks = POW2("DST_NUM_BANK", 2) };
#define SD_TILED(rw_, a, fl) \
	ACC_TILED(rw_, a, fl, "ARRAY_MODE", &sd_surf, "COUNT", 4, "X", "Y", "Z", "PITCH_IN_TILE", "SLICE_PITCH", "ELEMENT_SIZE")

static const struct gk_access sd_copy_linear_vi[] = { SD_CNT(RD, "SRC_ADDR", "COUNT", 1, 0), SD_CNT(WR, "DST_ADDR", "COUNT", 1, 0) };
static const struct gk_access sd_copy_linear_p1[] = { SD_CNT(RD, "SRC_ADDR", "COUNT", 1, 1), SD_CNT(WR, "DST_ADDR", "COUNT", 1, 1) };
static const struct gk_access sd_copy_broadcast_vi[] = {
	SD_CNT(RD, "SRC_ADDR", "COUNT", 1, 0), SD_CNT(WR, "DST1_ADDR", "COUNT", 1, 0), SD_CNT(WR, "DST2_ADDR", "COUNT", 1, 0),
};
static const struct gk_access sd_copy_broadcast_p1[] = {
	SD_CNT(RD, "SRC_ADDR", "COUNT", 1, 1), SD_CNT(WR, "DST1_ADDR", "COUNT", 1, 1), SD_CNT(WR, "DST2_ADDR", "COUNT", 1, 1),
};
static const struct gk_access sd_subwin_vi[] = {
	SD_RECT(RD, "SRC_ADDR", 0, "SRC_", "ELEMENTSIZE", RAW), SD_RECT(WR, "DST_ADDR", 0, "DST_", "ELEMENTSIZE", RAW),
};
static const struct gk_access sd_subwin_p1[] = {
	SD_RECT(RD, "SRC_ADDR", 0, "SRC_", "ELEMENTSIZE", PLUS1), SD_RECT(WR, "DST_ADDR", 0, "DST_", "ELEMENTSIZE", PLUS1),
};
/* VI tiled copies: the tiled side as CIK's, COUNT dwords of the linear side */
static const struct gk_access sd_copy_tiled_vi[] = {
	SD_TILED(WR, "TILED_ADDR", "DETILE"), SD_CNT_FLIP(RD, "LINEAR_ADDR", "DETILE", "COUNT", 4, 0),
};
static const struct gk_access sd_copy_l2t_broadcast_vi[] = {
	SD_TILED(WR, "TILED_ADDR0", 0), SD_TILED(WR, "TILED_ADDR1", 0), SD_CNT(RD, "LINEAR_ADDR", "COUNT", 4, 0),
};
static const struct gk_access sd_copy_tiled_subwin_vi[] = {
	ACC_BOX(WR, "TILED_ADDR", "DETILE", "ARRAY_MODE", &sd_surf, "TILED_X", "TILED_Y", "TILED_Z", "PITCH_IN_TILE",
		"SLICE_PITCH", "RECT_X", "RECT_Y", "RECT_Z", "ELEMENT_SIZE"),
	SD_RECT(RD, "LINEAR_ADDR", "DETILE", "LINEAR_", "ELEMENT_SIZE", RAW),
};
/* the destination's tiling dword has no element size: the source's */
static const struct gk_access sd_copy_t2t_vi[] = {
	ACC_BOX(RD, "SRC_ADDR", 0, "SRC_ARRAY_MODE", &sd_src_surf, "SRC_X", "SRC_Y", "SRC_Z", "SRC_PITCH_IN_TILE",
		"SRC_SLICE_PITCH", "RECT_X", "RECT_Y", "RECT_Z", "SRC_ELEMENT_SIZE"),
	ACC_BOX(WR, "DST_ADDR", 0, "DST_ARRAY_MODE", &sd_dst_surf, "DST_X", "DST_Y", "DST_Z", "DST_PITCH_IN_TILE",
		"DST_SLICE_PITCH", "RECT_X", "RECT_Y", "RECT_Z", "SRC_ELEMENT_SIZE"),
};
static const struct gk_access sd_write_tiled_vi[] = { SD_TILED(WR, "DST_ADDR", 0) };
/* SDMA 4+ swizzled surfaces (GFX9-12, laid out by include/gfxkit/swizzle.h
 * on the GPU's GB_ADDR_CONFIG): SWIZZLE_MODE is addrlib's mode id,
 * DIMENSION its resource type, WIDTH/HEIGHT/DEPTH the surface's size - 1
 * and MIP_MAX its last level, MIP_ID the level the box is in, EPITCH (SDMA
 * 4 only) its pitch - 1 (Mesa si_sdma_copy_image.c / ac_sdma: width - 1,
 * last_level, gfx9.epitch).  The T2T of SDMA 4 has one MIP_MAX for both
 * surfaces and no MIP_ID; from SDMA 5 each has its own. */
#define SD_SWZ_SURF(p, mips_, mip_id_, epitch_) \
	{ .kind = GK_SURF_SWIZZLE, .dimension = RAW(p "DIMENSION"), .mips = PLUS1(mips_), .mip_id = mip_id_, \
	  .epitch = epitch_, .width = PLUS1(p "WIDTH"), .height = PLUS1(p "HEIGHT"), .depth = PLUS1(p "DEPTH") }
static const struct gk_surface_fields sd_swz4 = SD_SWZ_SURF("", "MIP_MAX", { 0 }, PLUS1("EPITCH"));
static const struct gk_surface_fields sd_swz_mip4 = SD_SWZ_SURF("", "MIP_MAX", RAW("MIP_ID"), PLUS1("EPITCH"));
static const struct gk_surface_fields sd_swz_src4 = SD_SWZ_SURF("SRC_", "MIP_MAX", { 0 }, PLUS1("SRC_EPITCH"));
static const struct gk_surface_fields sd_swz_dst4 = SD_SWZ_SURF("DST_", "MIP_MAX", { 0 }, PLUS1("DST_EPITCH"));
static const struct gk_surface_fields sd_swz = SD_SWZ_SURF("", "MIP_MAX", { 0 }, { 0 });
static const struct gk_surface_fields sd_swz_mip = SD_SWZ_SURF("", "MIP_MAX", RAW("MIP_ID"), { 0 });
static const struct gk_surface_fields sd_swz_src = SD_SWZ_SURF("SRC_", "SRC_MIP_MAX", RAW("SRC_MIP_ID"), { 0 });
static const struct gk_surface_fields sd_swz_dst = SD_SWZ_SURF("DST_", "DST_MIP_MAX", RAW("DST_MIP_ID"), { 0 });
/* COUNT + 1 dwords (a doubt, docs/dma.md) in raster order along the rows
 * of the level from (X, Y) of slice Z */
#define SD_SWZ_RUN(rw_, a, fl, sf) \
	{ .rw = rw_, .size = GK_Z_TILED, .addr = a, .flip = fl, .count = "COUNT", .n = 4, .plus = 1, .x = RAW("X"), \
	  .y = RAW("Y"), .z = RAW("Z"), .esize = RAW("ELEMENT_SIZE"), .mode = "SWIZZLE_MODE", .surface = sf }
/* the box (X, Y, Z) + RECT_X/Y/Z (each the value + 1) of the level */
#define SD_SWZ_BOX(rw_, a, fl, p, at, sf) \
	{ .rw = rw_, .size = GK_Z_TILED, .addr = a, .flip = fl, .x = RAW(at "X"), .y = RAW(at "Y"), .z = RAW(at "Z"), \
	  .w = PLUS1("RECT_X"), .h = PLUS1("RECT_Y"), .d = PLUS1("RECT_Z"), .esize = RAW(p "ELEMENT_SIZE"), \
	  .mode = p "SWIZZLE_MODE", .surface = sf }
/* the rows of SDMA 4 (name ending in 4: EPITCH) and of SDMA 5-7 */
#define SD_SWZ_ROWS(g, surf, surf_mip, src, dst) \
	static const struct gk_access sd_copy_tiled_sw##g[] = { \
		SD_SWZ_RUN(WR, "TILED_ADDR", "DETILE", surf), SD_CNT_FLIP(RD, "LINEAR_ADDR", "DETILE", "COUNT", 4, 1), \
	}; \
	static const struct gk_access sd_copy_l2t_broadcast_sw##g[] = { \
		SD_SWZ_RUN(WR, "TILED_ADDR0", 0, surf), SD_SWZ_RUN(WR, "TILED_ADDR1", 0, surf), \
		SD_CNT(RD, "LINEAR_ADDR", "COUNT", 4, 1), \
	}; \
	static const struct gk_access sd_copy_tiled_subwin_sw##g[] = { \
		SD_SWZ_BOX(WR, "TILED_ADDR", "DETILE", "", "TILED_", surf_mip), \
		SD_RECT(RD, "LINEAR_ADDR", "DETILE", "LINEAR_", "ELEMENT_SIZE", PLUS1), \
	}; \
	static const struct gk_access sd_copy_t2t_sw##g[] = { \
		SD_SWZ_BOX(RD, "SRC_ADDR", 0, "SRC_", "SRC_", src), SD_SWZ_BOX(WR, "DST_ADDR", 0, "DST_", "DST_", dst), \
	}; \
	static const struct gk_access sd_write_tiled_sw##g[] = { SD_SWZ_RUN(WR, "DST_ADDR", 0, surf) };
SD_SWZ_ROWS(4, &sd_swz4, &sd_swz_mip4, &sd_swz_src4, &sd_swz_dst4)
SD_SWZ_ROWS(, &sd_swz, &sd_swz_mip, &sd_swz_src, &sd_swz_dst)
/* _BC surfaces: only the linear side is bounded (no slice pitch for the
 * GFX8 surface) */
static const struct gk_access sd_copy_tiled_bc[] = { SD_CNT_FLIP(RD, "LINEAR_ADDR", "DETILE", "COUNT", 4, 0) };
static const struct gk_access sd_copy_tiled_subwin_bc[] = { SD_RECT(RD, "LINEAR_ADDR", "DETILE", "LINEAR_", "ELEMENT_SIZE", RAW) };
/* structured buffer: COUNT (+ 1) elements of STRIDE dwords, as CIK's */
static const struct gk_access sd_struct_vi[] = {
	{ .rw = WR, .size = GK_Z_COUNT, .addr = "SB_ADDR", .flip = "DETILE", .count = "COUNT", .n = 4, .plus = 1,
	  .stride = RAW("STRIDE"), .first = RAW("START_INDEX") },
	{ .rw = RD, .size = GK_Z_COUNT, .addr = "LINEAR_ADDR", .flip = "DETILE", .count = "COUNT", .n = 4, .plus = 1,
	  .stride = RAW("STRIDE") },
};
#define sd_struct_p1 sd_struct_vi
static const struct gk_access sd_write_untiled_vi[] = { SD_CNT(WR, "DST_ADDR", "COUNT", 4, 0) };
static const struct gk_access sd_write_untiled_p1[] = { SD_CNT(WR, "DST_ADDR", "COUNT", 4, 1) };
static const struct gk_access sd_write_incr_vi[] = { SD_CNT(WR, "DST_ADDR", "COUNT", 8, 0) };
static const struct gk_access sd_write_incr_p1[] = { SD_CNT(WR, "DST_ADDR", "COUNT", 8, 1) };
static const struct gk_access sd_ptepde_copy[] = { SD_CNT(RD, "SRC_ADDR", "COUNT", 8, 1), SD_CNT(WR, "DST_ADDR", "COUNT", 8, 1) };
static const struct gk_access sd_ptepde_rmw_one[] = { ACC_FIX(RD | WR, "ADDR", 8) };
static const struct gk_access sd_ptepde_rmw_count[] = { SD_CNT(RD | WR, "ADDR", "NUM_OF_PTE", 8, 0) };
static const struct gk_access sd_ib[] = { SD_CNT(RD, "IB_BASE", "IB_SIZE", 4, 0) };
static const struct gk_access sd_semaphore[] = { ACC_FIX(RD | WR, "ADDR", 8) };
#define sd_mem_incr sd_semaphore
static const struct gk_access sd_fence[] = { ACC_FIX(WR, "ADDR", 4) };
static const struct gk_access sd_cond_exe[] = { ACC_FIX(RD, "ADDR", 4) };
static const struct gk_access sd_fill_vi[] = { SD_CNT(WR, "DST_ADDR", "COUNT", 1, 0) };
static const struct gk_access sd_fill_p1[] = { SD_CNT(WR, "DST_ADDR", "COUNT", 1, 1) };
static const struct gk_access sd_poll_regmem[] = { ACC_FIX(RD, "ADDR", 4) };
static const struct gk_access sd_poll_reg_write_mem[] = { ACC_FIX(WR, "DST_ADDR", 4) };
static const struct gk_access sd_atomic[] = { ACC_FIX(RD | WR, "ADDR", 8) };
static const struct gk_access sd_timestamp[] = { ACC_FIX(WR, "WRITE_ADDR", 8) };

/* ---- rules ------------------------------------------------------------- */

static const struct gk_rule sd_broadcast_rules[] = {
	{ GK_R_SAME_LOW, "DST1_ADDR", "DST2_ADDR", 5, 0, "dst1 and dst2 must have the same alignment" },
};
/* FILLSIZE 2: dword fill (sdma_v4_0_emit_fill_buffer writes 0 = byte
 * fill from SDMA 4 on; radeon's CIK one, 2) */
static const struct gk_rule sd_fill_rules[] = {
	{ GK_R_ALIGN_IF, "DST_ADDR", "FILLSIZE", 4, 2, "a dword fill needs a dword-aligned address" },
};

/* ---- effects when run (src/exec) ---------------------------------------- */

#define SD_BC_WHY "tiled layout not supported: the _BC form gives no slice pitch for its GFX8 surface"
static const struct gk_exec_row sd_x_nop[] = { X_(.op = GK_X_NOTHING) };
static const struct gk_exec_row sd_x_copy[] = { X_(.op = GK_X_COPY, .swap = { "SRC_SW", "DST_SW" }) };
static const struct gk_exec_row sd_x_copy_phys[] = {
	X_(.op = GK_X_REFUSE, .why = "it moves system-physical or dirty pages, which the executor's one address space does not have"),
};
static const struct gk_exec_row sd_x_copy_broadcast[] = {
	X_(.op = GK_X_COPY, .swap = { "SRC_SW", "DST1_SW", "DST2_SW" }),
};
static const struct gk_exec_row sd_x_subwin_large[] = {
	X_(.op = GK_X_REFUSE, .why = "the header gives the large sub-window copy no element size"),
};
/* access 0 is the tiled side (the write one, flipped by DETILE): a GFX8
 * array mode (VI) or a GFX9-12 swizzle mode (SDMA 4+) */
static const struct gk_exec_row sd_x_tiled[] = { X_(.op = GK_X_COPY, .swap = { "TILE_SW", "LINEAR_SW" }) };
/* COPY_T2T: the read side is the source surface, the write side the
 * destination, each with its own swap (tonga_sdma_pkt_open.h SRC_SW, DST_SW) */
static const struct gk_exec_row sd_x_t2t[] = { X_(.op = GK_X_COPY, .swap = { "SRC_SW", "DST_SW" }) };
static const struct gk_exec_row sd_x_l2t_broadcast[] = {
	X_(.op = GK_X_COPY, .swap = { "TILE_SW", "DST2_SW", "LINEAR_SW" }),
};
static const struct gk_exec_row sd_x_write_tiled[] = { X_(.op = GK_X_WRITE_DATA, .swap = { "SW" }) };
static const struct gk_exec_row sd_x_tiled_bc[] = { X_(.op = GK_X_REFUSE, .why = SD_BC_WHY) };
static const struct gk_exec_row sd_x_tiled_dcc[] = {
	X_(.op = GK_X_REFUSE, .why = "with DCC the copy compresses or decompresses through metadata the executor does not have"),
};
static const struct gk_exec_row sd_x_struct[] = { X_(.op = GK_X_COPY, .swap = { "STRUCT_SW", "LINEAR_SW" }) };
static const struct gk_exec_row sd_x_write[] = { X_(.op = GK_X_WRITE_DATA, .swap = { "SW" }) };
/* entry i = (INIT + i * INCR) | MASK: sdma_v4_0_vm_set_pte_pde writes the
 * PTE flags in MASK, the page address in INIT */
static const struct gk_exec_row sd_x_pte[] = { X_(.op = GK_X_PTE, .value = "INIT", .incr = "INCR", .mask = "MASK") };
static const struct gk_exec_row sd_x_ptepde_copy[] = {
	X_(.op = GK_X_REFUSE, .why = "the header does not say how MASK combines with the copied entries"),
};
static const struct gk_exec_row sd_x_ptepde_copy_backwards[] = {
	X_(.op = GK_X_REFUSE, .why = "the header does not say how the backward copy walks its 32-byte transfers"),
};
static const struct gk_exec_row sd_x_ptepde_rmw[] = {
	X_(.op = GK_X_REFUSE, .why = "no executor op reads, masks and writes back memory"),
};
static const struct gk_exec_row sd_x_register_rmw[] = {
	X_(.op = GK_X_REFUSE, .why = "no executor op reads, masks and writes back a run of registers"),
};
#define SD_MAILBOX_WHY "the mailbox form writes an engine mailbox the headers do not describe"
static const struct gk_exec_row sd_x_semaphore[] = {
	X_(.op = GK_X_REFUSE, .when = "MAILBOX", .why = SD_MAILBOX_WHY),
	X_(.op = GK_X_SEMAPHORE, .sel = "SIGNAL", .flag = "WRITE_ONE"),
};
/* MEM_INCR adds one to the 64-bit value at ADDR: the semaphore's signal; its
 * sub-opcode (1, beside the semaphore's 0 under op 7) is the select that
 * says "signal" (PAL: SDMA_OP_SEM, SDMA_SUBOP_MEM_INCR, 8-byte aligned) */
static const struct gk_exec_row sd_x_mem_incr[] = { X_(.op = GK_X_SEMAPHORE, .sel = "SUB_OP") };
/* TLB invalidations and cache requests: the executor has one flat memory,
 * no TLB and no cache, so nothing it shows changes */
static const struct gk_exec_row sd_x_tlb[] = { X_(.op = GK_X_NOTHING) };
static const struct gk_exec_row sd_x_gcr[] = { X_(.op = GK_X_NOTHING) };
static const struct gk_exec_row sd_x_fence[] = { X_(.op = GK_X_STORE, .n = 4, .value = "DATA") };
static const struct gk_exec_row sd_x_srbm_write[] = { X_(.op = GK_X_REG_WRITE, .reg = "ADDR", .value = "DATA", .mask = "BYTE_EN") };
/* the EXEC_COUNT dwords after it run on the devices DEV_SEL names */
static const struct gk_exec_row sd_x_pre_exe[] = { X_(.op = GK_X_PRED_EXEC, .count = "EXEC_COUNT", .mask = "DEV_SEL") };
/* the EXEC_COUNT dwords after it run when the dword at ADDR equals
 * REFERENCE (sdma_v4_0_ring_init_cond_exec: REFERENCE 1) */
static const struct gk_exec_row sd_x_cond_exe[] = { X_(.op = GK_X_COND_EXEC, .count = "EXEC_COUNT", .ref = "REFERENCE") };
static const struct gk_exec_row sd_x_fill[] = { X_(.op = GK_X_FILL, .value = "SRC_DATA", .size = "FILLSIZE", .swap = { "SW" }) };
static const struct gk_exec_row sd_x_fill7[] = {
	X_(.op = GK_X_REFUSE, .when = "COMPRESS", .why = "a compressed fill writes DCC metadata the executor does not have"),
	X_(.op = GK_X_FILL, .value = "SRC_DATA", .size = "FILLSIZE"),
};
static const struct gk_exec_row sd_x_fill_multi[] = {
	X_(.op = GK_X_REFUSE, .why = "the header gives DATA_FILL_MULTI no fill value"),
};
/* the HDP flush form (HDP_FLUSH set) writes VALUE to REQ_REGISTER, then
 * polls REGISTER: the request answered through the format's register links
 * (the GPU's HDP flush request and done registers), as on the hardware */
static const struct gk_exec_row sd_x_poll_regmem[] = {
	X_(.op = GK_X_WAIT, .space = "MEM_POLL", .func = "FUNC", .mask = "MASK", .ref = "VALUE", .reg = "REGISTER",
	   .sel = "HDP_FLUSH", .reg2 = "REQ_REGISTER"),
};
static const struct gk_exec_row sd_x_poll_reg_write_mem[] = {
	X_(.op = GK_X_REFUSE, .why = "it copies a register to memory, and no executor op reads a register into memory"),
};
static const struct gk_exec_row sd_x_poll_dbit[] = {
	X_(.op = GK_X_REFUSE, .why = "page dirty bits are page-table state the executor does not have"),
};
static const struct gk_exec_row sd_x_poll_mem_verify[] = {
	X_(.op = GK_X_REFUSE, .why = "the header does not say how MODE compares the ranges with PATTERN"),
};
static const struct gk_exec_row sd_x_atomic[] = {
	X_(.op = GK_X_REFUSE, .why = "no executor op performs memory atomics"),
};
static const struct gk_exec_row sd_x_timestamp_set[] = { X_(.op = GK_X_CLOCK_SET, .value = "INIT_DATA") };
static const struct gk_exec_row sd_x_timestamp_get[] = { X_(.op = GK_X_CLOCK_STORE) };
static const struct gk_exec_row sd_x_trap[] = { X_(.op = GK_X_INTERRUPT, .value = "INT_CONTEXT") };
static const struct gk_exec_row sd_x_dummy_trap[] = {
	X_(.op = GK_X_REFUSE, .why = "the header does not say what a dummy trap does"),
};

#endif
