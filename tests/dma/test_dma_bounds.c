/* Buffer bounds (check --bo) on every DMA / SDMA packet that touches memory,
 * on every generation that has it (seed 000; docs/dma.md "check" gives the
 * range formulas).
 *
 * Each row is one packet as assembly text and the byte ranges it reads and
 * writes, worked out by hand from the field values and the formulas in
 * docs/dma.md, never from the library.  For every generation of the row:
 *   - with one buffer exactly covering each range, the packet checks clean;
 *   - with any one buffer one byte short at either end, exactly one bounds
 *     error names that access: its field, read/write, and the whole range;
 *   - with that buffer missing, the same error.
 * A last pass asserts that every description with memory accesses on every
 * generation is the packet of some row, so a new packet cannot go untested. */
#include "dma_testutil.h"

struct range {
	const char *field; /* the address field the error names */
	const char *verb;  /* "reads", "writes", "reads and writes" */
	uint64_t lo, last;
};

struct row {
	unsigned gens;
	const char *packet; /* the description the text must frame to (coverage) */
	const char *text;
	struct range acc[3];
};

/* the evergreen/cayman and SI tiled blocks: 2D thin, 32 bpp, 8-row, 64-px pitch */
#define EG_TB(hmax, ptm, stm, z, x, y) \
	"ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=" #hmax \
	" PITCH_TILE_MAX=" #ptm " SLICE_TILE_MAX=" #stm " Z=" #z " X=" #x " NON_DISP=0 NUM_BANKS=16 TILE_SPLIT=256 Y=" #y
#define SI_TB(hmax, ptm, stm, z, x, y) \
	"ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=" #hmax \
	" PITCH_TILE_MAX=" #ptm " PIPE_CONFIG=P4_16x16 SLICE_TILE_MAX=" #stm " Z=" #z " X=" #x              \
	" MT=THIN NUM_BANKS=16 TILE_SPLIT=256 Y=" #y
/* the CIK tiling dword: P4_16x16, 2:1, 8 banks, 32 bpp 2D thin */
#define CIK_TI                                                                                              \
	"PIPE_CONFIG=P4_16x16 MACRO_TILE_ASPECT=2:1 NUM_BANKS=8 BANK_HEIGHT=2 BANK_WIDTH=1 TILE_SPLIT=1024 " \
	"MICRO_TILE_MODE=THIN ARRAY_MODE=ARRAY_2D_TILED_THIN1 ELEMENT_SIZE=32BPP"

static const struct row rows[] = {
	/* ---- linear writes: address + COUNT units ---- */
	{ R67 | EGSI, "WRITE_LINEAR", "WRITE_LINEAR DEST_ADDR=0x100000 SWAP=NONE\n    DATA 0x1 0x2 0x3",
	  { { "DEST_ADDR", "writes", 0x100000, 0x10000b } } },
	{ CIK, "WRITE_LINEAR", "WRITE_LINEAR ADDR=0x100801000 SWAP=NONE\n    DATA 1 2 3 4",
	  { { "ADDR", "writes", 0x100801000, 0x10080100f } } },
	{ R7 | EGSI, "CONSTANT_FILL", "CONSTANT_FILL COUNT=256 DST_ADDR=0x200300000 CONSTANT_DATA=0xcafebabe",
	  { { "DST_ADDR", "writes", 0x200300000, 0x2003003ff } } },
	/* CIK: COUNT in bytes */
	{ CIK, "CONSTANT_FILL", "CONSTANT_FILL SIZE=DWORD SWAP=NONE ADDR=0x100400000 DATA=0xdeadbeef COUNT=4096",
	  { { "ADDR", "writes", 0x100400000, 0x100400fff } } },
	/* NI/SI: COUNT in dwords (two per entry); CIK: COUNT entries of 8 bytes */
	{ CMSI, "WRITE_PTE_PDE", "WRITE_PTE_PDE COUNT=32 DEST_ADDR=0x801000 MASK=0x61 VALUE=0x180000000 INCREMENT=0x1000",
	  { { "DEST_ADDR", "writes", 0x801000, 0x80107f } } },
	{ CIK, "WRITE_PTE_PDE", "WRITE_PTE_PDE DST_ADDR=0x801000 MASK=0x61 VALUE=0x180000000 INCREMENT=0x1000 COUNT=16",
	  { { "DST_ADDR", "writes", 0x801000, 0x80107f } } },

	/* ---- tiled writes: whole slices of (SLICE_TILE_MAX + 1) * 64 px ---- */
	/* 32 bpp: slice 64 * 64 * 4 = 0x4000; pixel (16, 8) of a 64-px pitch is byte
	 * 2112 of slice Z = 1; 8 bytes stay in that slice */
	{ R67, "WRITE_TILED",
	  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=63 PITCH_TILE_MAX=7 "
	  "SLICE_TILE_MAX=63 Z=1 Y=8 X=16 SWAP=NONE\n    DATA 0x11111111 0x22222222",
	  { { "BASE_256", "writes", 0x1238000, 0x123bfff } } },
	{ EGCM, "WRITE_TILED", "WRITE_TILED BASE_256=0x1234000 " EG_TB(63, 7, 63, 0, 16, 8) " SWAP=NONE\n    DATA 1 2",
	  { { "BASE_256", "writes", 0x1234000, 0x1237fff } } },
	{ SI, "WRITE_TILED", "WRITE_TILED BASE_256=0x1234000 " SI_TB(63, 7, 63, 2, 16, 8) " SWAP=NONE\n    DATA 1 2",
	  { { "BASE_256", "writes", 0x123c000, 0x123ffff } } },
	/* CIK: PITCH / SLICE_PITCH are tiles - 1 like the fields above */
	{ CIK, "WRITE_TILED",
	  "WRITE_TILED TILED_ADDR=0x100100000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 " CIK_TI
	  " Y=8 X=4 TILED_SWAP=NONE Z=2\n    DATA 1 2 3",
	  { { "TILED_ADDR", "writes", 0x100108000, 0x10010bfff } } },

	/* ---- linear copies ---- */
	{ R67, "COPY_LINEAR", "COPY_LINEAR COUNT=1024 DEST_ADDR=0x120000000 SRC_ADDR=0x100000 DEST_SWAP=NONE SRC_SWAP=NONE",
	  { { "SRC_ADDR", "reads", 0x100000, 0x100fff }, { "DEST_ADDR", "writes", 0x120000000, 0x120000fff } } },
	{ EGSI, "COPY_L2L_DW", "COPY_L2L_DW COUNT=1024 DEST_ADDR=0x120000000 SRC_ADDR=0x100000 DEST_SWAP=NONE SRC_SWAP=NONE",
	  { { "SRC_ADDR", "reads", 0x100000, 0x100fff }, { "DEST_ADDR", "writes", 0x120000000, 0x120000fff } } },
	/* 74565 = 0x12345 bytes */
	{ EGSI, "COPY_L2L_BYTE", "COPY_L2L_BYTE COUNT=74565 DEST_ADDR=0x100801003 SRC_ADDR=0x42001 DEST_SWAP=NONE SRC_SWAP=NONE",
	  { { "SRC_ADDR", "reads", 0x42001, 0x54345 }, { "DEST_ADDR", "writes", 0x100801003, 0x100813347 } } },
	{ EGSI, "COPY_L2L_DW_BROADCAST",
	  "COPY_L2L_DW_BROADCAST COUNT=256 DEST_ADDR1=0x100100000 DEST_ADDR2=0x200200000 SRC_ADDR=0x300000 "
	  "DEST1_SWAP=8IN32 DEST2_SWAP=NONE SRC_SWAP=8IN16",
	  { { "SRC_ADDR", "reads", 0x300000, 0x3003ff },
	    { "DEST_ADDR1", "writes", 0x100100000, 0x1001003ff },
	    { "DEST_ADDR2", "writes", 0x200200000, 0x2002003ff } } },
	/* pitches in bytes: rows 0..15 of 32 dwords: 15 * pitch + 128 bytes */
	{ CMSI, "COPY_L2L_PARTIAL",
	  "COPY_L2L_PARTIAL SRC_ADDR=0x400000 SRC_PITCH=1024 SRC_SWAP=8IN32 SRC_SLICE_PITCH=262144 DEST_ADDR=0x100500000 "
	  "DEST_PITCH=2048 DEST_SWAP=8IN16 DEST_SLICE_PITCH=524288 DY=16 DX=32 SIZE=32BPP DZ=1",
	  { { "SRC_ADDR", "reads", 0x400000, 0x403c7f }, { "DEST_ADDR", "writes", 0x100500000, 0x10050787f } } },
	/* CIK: COUNT in bytes */
	{ CIK, "COPY_LINEAR", "COPY_LINEAR COUNT=1048576 SRC_SWAP=NONE DST_SWAP=NONE SRC_ADDR=0x100400000 DST_ADDR=0x80000000",
	  { { "SRC_ADDR", "reads", 0x100400000, 0x1004fffff }, { "DST_ADDR", "writes", 0x80000000, 0x800fffff } } },
	{ CIK, "COPY_LINEAR_BROADCAST",
	  "COPY_LINEAR_BROADCAST COUNT=4096 SRC_SWAP=NONE DST1_SWAP=8IN32 DST2_SWAP=8IN32 SRC_ADDR=0x400000 "
	  "DST1_ADDR=0x100800010 DST2_ADDR=0x100900010",
	  { { "SRC_ADDR", "reads", 0x400000, 0x400fff },
	    { "DST1_ADDR", "writes", 0x100800010, 0x10080100f },
	    { "DST2_ADDR", "writes", 0x100900010, 0x10090100f } } },
	/* src: pitch 256 px = 1024 B, (8, 4) .. (39, 19): 4128 .. 19615;
	 * dst: pitch 128 px = 512 B, slice 16384 px = 64 KiB, z 2: 131072 .. 138879 */
	{ CIK, "COPY_LINEAR_SUB_WINDOW",
	  "COPY_LINEAR_SUB_WINDOW ELEMENT_SIZE=32BPP SRC_ADDR=0x100000 SRC_Y=4 SRC_X=8 SRC_PITCH=255 SRC_Z=0 "
	  "SRC_SLICE_PITCH=65535 DST_ADDR=0x200000 DST_Y=0 DST_X=0 DST_PITCH=127 DST_Z=2 DST_SLICE_PITCH=16383 RECT_Y=16 "
	  "RECT_X=32 SRC_SWAP=NONE DST_SWAP=NONE RECT_Z=1",
	  { { "SRC_ADDR", "reads", 0x101020, 0x104c9f }, { "DST_ADDR", "writes", 0x220000, 0x221e7f } } },
	/* (COUNT + 1) * STRIDE dwords from element START_INDEX of the structured buffer */
	{ CIK, "COPY_STRUCTURED",
	  "COPY_STRUCTURED DIRECTION=STRUCTURED_TO_LINEAR SB_ADDR=0x100000 START_INDEX=16 COUNT=99 SB_SWAP=NONE "
	  "LINEAR_SWAP=NONE STRIDE=4 LINEAR_ADDR=0x200000",
	  { { "SB_ADDR", "reads", 0x100100, 0x10073f }, { "LINEAR_ADDR", "writes", 0x200000, 0x20063f } } },
	{ CIK, "COPY_STRUCTURED",
	  "COPY_STRUCTURED DIRECTION=LINEAR_TO_STRUCTURED SB_ADDR=0x100000 START_INDEX=0 COUNT=0 SB_SWAP=NONE "
	  "LINEAR_SWAP=NONE STRIDE=2 LINEAR_ADDR=0x200000",
	  { { "SB_ADDR", "writes", 0x100000, 0x100007 }, { "LINEAR_ADDR", "reads", 0x200000, 0x200007 } } },

	/* ---- linear <-> tiled copies ---- */
	/* slice 8 * 64 * 4 = 2 KiB; 512 dwords from (0, 0) fill slice 0 */
	{ R67, "COPY_TILED",
	  "COPY_TILED COUNT=512 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=7 "
	  "PITCH_TILE_MAX=7 SLICE_TILE_MAX=7 Z=0 Y=0 X=0 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "reads", 0x1000000, 0x10007ff }, { "LINEAR_ADDR", "writes", 0x200000, 0x2007ff } } },
	/* 600 dwords from byte 288 of slice 1 run into slice 2 */
	{ R67, "COPY_TILED",
	  "COPY_TILED COUNT=600 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=7 "
	  "PITCH_TILE_MAX=7 SLICE_TILE_MAX=7 Z=1 Y=1 X=8 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "writes", 0x1000800, 0x10017ff }, { "LINEAR_ADDR", "reads", 0x200000, 0x20095f } } },
	{ EGCM, "COPY_L2T",
	  "COPY_L2T COUNT=512 BASE_256=0x1000000 DETILE=L2T " EG_TB(7, 7, 7, 0, 0, 0)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "writes", 0x1000000, 0x10007ff }, { "LINEAR_ADDR", "reads", 0x200000, 0x2007ff } } },
	/* 64 bpp, slice 16 * 64 * 8 = 8 KiB, slice Z = 1 */
	{ EGCM, "COPY_L2T",
	  "COPY_L2T COUNT=1024 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2B_TILED_THIN1 SIZE=64BPP BANK_HEIGHT=4 "
	  "BANK_WIDTH=8 MT_ASPECT=8:1 HEIGHT_MAX=15 PITCH_TILE_MAX=3 SLICE_TILE_MAX=15 Z=1 X=8 TILED_SWAP=8IN64 "
	  "NON_DISP=1 NUM_BANKS=4 TILE_SPLIT=4096 Y=4 LINEAR_ADDR=0x500200000 LINEAR_SWAP=8IN32",
	  { { "BASE_256", "reads", 0x1002000, 0x1003fff }, { "LINEAR_ADDR", "writes", 0x500200000, 0x500200fff } } },
	{ SI, "COPY_L2T",
	  "COPY_L2T COUNT=512 BASE_256=0x1000000 DETILE=T2L " SI_TB(7, 7, 7, 3, 0, 0)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "reads", 0x1001800, 0x1001fff }, { "LINEAR_ADDR", "writes", 0x200000, 0x2007ff } } },
	{ EGCM, "COPY_L2T_FRAME_TO_FIELD",
	  "COPY_L2T_FRAME_TO_FIELD COUNT=512 ODD_BASE_256=0x1000000 EVEN_BASE_256=0x1800000 " EG_TB(7, 7, 7, 0, 0, 0)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=8IN16",
	  { { "ODD_BASE_256", "writes", 0x1000000, 0x10007ff },
	    { "EVEN_BASE_256", "writes", 0x1800000, 0x18007ff },
	    { "LINEAR_ADDR", "reads", 0x200000, 0x2007ff } } },
	{ SI, "COPY_L2T_FRAME_TO_FIELD",
	  "COPY_L2T_FRAME_TO_FIELD COUNT=512 ODD_BASE_256=0x1000000 EVEN_BASE_256=0x1800000 " SI_TB(7, 7, 7, 0, 0, 0)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=8IN16",
	  { { "ODD_BASE_256", "writes", 0x1000000, 0x10007ff },
	    { "EVEN_BASE_256", "writes", 0x1800000, 0x18007ff },
	    { "LINEAR_ADDR", "reads", 0x200000, 0x2007ff } } },
	{ EGCM, "COPY_L2T_BROADCAST",
	  "COPY_L2T_BROADCAST COUNT=512 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 " EG_TB(7, 7, 7, 0, 0, 0)
	  " SWAP1=8IN16 SWAP0=8IN32 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "DEST0_BASE_256", "writes", 0x1000000, 0x10007ff },
	    { "DEST1_BASE_256", "writes", 0x2000000, 0x20007ff },
	    { "LINEAR_ADDR", "reads", 0x200000, 0x2007ff } } },
	{ SI, "COPY_L2T_BROADCAST",
	  "COPY_L2T_BROADCAST COUNT=512 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 " SI_TB(7, 7, 7, 0, 0, 0)
	  " SWAP1=8IN16 SWAP0=8IN32 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "DEST0_BASE_256", "writes", 0x1000000, 0x10007ff },
	    { "DEST1_BASE_256", "writes", 0x2000000, 0x20007ff },
	    { "LINEAR_ADDR", "reads", 0x200000, 0x2007ff } } },
	/* tile units: 8 tiles of 8x8 px at 32 bpp = 2 KiB; slice 32 * 256 = 8 KiB,
	 * pixel (8, 16) is in slice Z = 2 */
	{ EGCM, "COPY_L2T_TILES",
	  "COPY_L2T_TILES COUNT=8 BASE_256=0x1000000 DETILE=T2L " EG_TB(31, 7, 31, 2, 8, 16)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "reads", 0x1004000, 0x1005fff }, { "LINEAR_ADDR", "writes", 0x200000, 0x2007ff } } },
	{ SI, "COPY_L2T_TILES",
	  "COPY_L2T_TILES COUNT=8 BASE_256=0x1000000 DETILE=L2T " SI_TB(31, 7, 31, 2, 8, 16)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "writes", 0x1004000, 0x1005fff }, { "LINEAR_ADDR", "reads", 0x200000, 0x2007ff } } },
	/* pixel (8, 8) of a 64-px pitch is byte 2080: slice 1 of 2 KiB slices */
	{ EGCM, "COPY_L2T_BROADCAST_TILES",
	  "COPY_L2T_BROADCAST_TILES COUNT=4 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 " EG_TB(7, 7, 7, 0, 8, 8)
	  " SWAP1=NONE SWAP0=NONE LINEAR_ADDR=0x300200000 LINEAR_SWAP=NONE",
	  { { "DEST0_BASE_256", "writes", 0x1000800, 0x1000fff },
	    { "DEST1_BASE_256", "writes", 0x2000800, 0x2000fff },
	    { "LINEAR_ADDR", "reads", 0x300200000, 0x3002003ff } } },
	{ SI, "COPY_L2T_BROADCAST_TILES",
	  "COPY_L2T_BROADCAST_TILES COUNT=4 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 " SI_TB(7, 7, 7, 0, 8, 8)
	  " SWAP1=NONE SWAP0=NONE LINEAR_ADDR=0x300200000 LINEAR_SWAP=NONE",
	  { { "DEST0_BASE_256", "writes", 0x1000800, 0x1000fff },
	    { "DEST1_BASE_256", "writes", 0x2000800, 0x2000fff },
	    { "LINEAR_ADDR", "reads", 0x300200000, 0x3002003ff } } },
	/* tiled side: DZ slices from Z; linear: 8 rows of 16 dwords, pitch 256 B */
	{ CM, "COPY_L2T_PARTIAL",
	  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=T2L " EG_TB(31, 7, 31, 1, 8, 4)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_PITCH=256 LINEAR_SWAP=8IN32 LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=2",
	  { { "BASE_256", "reads", 0x1002000, 0x1005fff }, { "LINEAR_ADDR", "writes", 0x200000, 0x20273f } } },
	{ SI, "COPY_L2T_PARTIAL",
	  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=L2T " SI_TB(31, 7, 31, 0, 8, 4)
	  " TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_PITCH=256 LINEAR_SWAP=8IN32 LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=1",
	  { { "BASE_256", "writes", 0x1000000, 0x1001fff }, { "LINEAR_ADDR", "reads", 0x200000, 0x20073f } } },
	/* src slices of 64 * 256 B from SRC_Z 0; dst slices of 256 * 256 B from DST_Z 1 */
	{ CM, "COPY_T2T_PARTIAL",
	  "COPY_T2T_PARTIAL SRC_BASE_256=0x1000000 SRC_HEIGHT_MAX=63 SRC_PITCH_TILE_MAX=7 SRC_SLICE_TILE_MAX=63 "
	  "DEST_BASE_256=0x2000000 DEST_HEIGHT_MAX=127 DEST_PITCH_TILE_MAX=15 DEST_SLICE_TILE_MAX=255 "
	  "ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=2 MT_ASPECT=4:1 SWAP1=8IN16 NON_DISP=0 "
	  "NUM_BANKS=8 TILE_SPLIT=512 SWAP0=8IN64 SRC_X=8 DST_X=16 SRC_Y=0 DST_Y=8 SRC_Z=0 DST_Z=1 DY=32 DX=56 DZ=1",
	  { { "SRC_BASE_256", "reads", 0x1000000, 0x1003fff }, { "DEST_BASE_256", "writes", 0x2010000, 0x201ffff } } },
	{ SI, "COPY_T2T_PARTIAL",
	  "COPY_T2T_PARTIAL SRC_BASE_256=0x1000000 SRC_HEIGHT_MAX=63 SRC_PITCH_TILE_MAX=7 SRC_SLICE_TILE_MAX=63 "
	  "DEST_BASE_256=0x2000000 DEST_HEIGHT_MAX=127 DEST_PITCH_TILE_MAX=15 PIPE_CONFIG=P8_16x32_8x16 "
	  "DEST_SLICE_TILE_MAX=255 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=2 MT_ASPECT=4:1 "
	  "SWAP1=8IN16 MT=THIN NUM_BANKS=8 TILE_SPLIT=512 SWAP0=8IN64 SRC_X=8 DST_X=16 SRC_Y=0 DST_Y=8 SRC_Z=2 DST_Z=0 "
	  "DY=32 DX=56 DZ=2",
	  { { "SRC_BASE_256", "reads", 0x1008000, 0x100ffff }, { "DEST_BASE_256", "writes", 0x2000000, 0x201ffff } } },
	/* CIK: slice 64 * 64 px * 4 B = 16 KiB */
	{ CIK, "COPY_TILED",
	  "COPY_TILED DETILE=T2L TILED_ADDR=0x100100000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 " CIK_TI
	  " Y=8 X=4 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 LINEAR_ADDR=0x200000 LINEAR_PITCH=64 COUNT=512",
	  { { "TILED_ADDR", "reads", 0x100100000, 0x100103fff }, { "LINEAR_ADDR", "writes", 0x200000, 0x2007ff } } },
	{ CIK, "COPY_L2T_BROADCAST",
	  "COPY_L2T_BROADCAST TILED_ADDR_1=0x100100000 TILED_ADDR_2=0x100200000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 " CIK_TI
	  " Y=8 X=4 Z=1 TILED_1_SWAP=NONE LINEAR_SWAP=8IN16 TILED_2_SWAP=NONE LINEAR_ADDR=0x300000 LINEAR_PITCH=64 "
	  "COUNT=512",
	  { { "TILED_ADDR_1", "writes", 0x100104000, 0x100107fff },
	    { "TILED_ADDR_2", "writes", 0x100204000, 0x100207fff },
	    { "LINEAR_ADDR", "reads", 0x300000, 0x3007ff } } },
	{ CIK, "COPY_L2T_FRAME_TO_FIELD",
	  "COPY_L2T_FRAME_TO_FIELD TILED_ADDR_1=0x100100000 TILED_ADDR_2=0x100200000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 "
	  CIK_TI " Y=8 X=4 Z=1 TILED_1_SWAP=8IN16 LINEAR_SWAP=NONE TILED_2_SWAP=8IN32 LINEAR_ADDR=0x300000 COUNT=512",
	  { { "TILED_ADDR_1", "writes", 0x100104000, 0x100107fff },
	    { "TILED_ADDR_2", "writes", 0x100204000, 0x100207fff },
	    { "LINEAR_ADDR", "reads", 0x300000, 0x3007ff } } },
	/* linear side: pitch 64 px = 256 B, 16 rows of 16 px: 15 * 256 + 64 bytes */
	{ CIK, "COPY_TILED_SUB_WINDOW",
	  "COPY_TILED_SUB_WINDOW DETILE=L2T TILED_ADDR=0x100100000 TILED_Y=8 TILED_X=4 PITCH=7 TILED_Z=0 SLICE_PITCH=63 "
	  CIK_TI " LINEAR_ADDR=0x300000 LINEAR_Y=0 LINEAR_X=0 LINEAR_PITCH=63 LINEAR_Z=0 LINEAR_SLICE_PITCH=4095 "
	  "RECT_Y=16 RECT_X=16 TILED_SWAP=NONE LINEAR_SWAP=NONE RECT_Z=1",
	  { { "TILED_ADDR", "writes", 0x100100000, 0x100103fff }, { "LINEAR_ADDR", "reads", 0x300000, 0x300f3f } } },
	/* 128 bpp: src (2D) slice 64 * 64 * 16 = 64 KiB, 8 of them; dst (1D) slice
	 * 256 * 64 * 16 = 256 KiB of 128 rows, pitch 128 px: micro-tile rows of
	 * 128 * 8 * 16 = 16 KiB; the box (8, 0, 3) .. (31, 15, 10) reaches micro-tile
	 * rows 0-1 of slice 10: 0xc0000 .. 10 * 0x40000 + 0x8000 */
	{ CIK, "COPY_T2T_SUB_WINDOW",
	  "COPY_T2T_SUB_WINDOW SRC_ADDR=0x100100000 SRC_Y=8 SRC_X=16 SRC_PITCH=7 SRC_Z=0 SRC_SLICE_PITCH=63 "
	  "SRC_PIPE_CONFIG=P16_32x32_16x16 SRC_MACRO_TILE_ASPECT=8:1 SRC_NUM_BANKS=16 SRC_BANK_HEIGHT=8 SRC_BANK_WIDTH=8 "
	  "SRC_TILE_SPLIT=4096 SRC_MICRO_TILE_MODE=DISPLAY SRC_ARRAY_MODE=ARRAY_2D_TILED_THIN1 SRC_ELEMENT_SIZE=128BPP "
	  "DST_ADDR=0x100200000 DST_Y=0 DST_X=8 DST_PITCH=15 DST_Z=3 DST_SLICE_PITCH=255 DST_PIPE_CONFIG=P2 "
	  "DST_MACRO_TILE_ASPECT=1:1 DST_NUM_BANKS=2 DST_BANK_HEIGHT=1 DST_BANK_WIDTH=1 DST_TILE_SPLIT=64 "
	  "DST_MICRO_TILE_MODE=ROTATED DST_ARRAY_MODE=ARRAY_1D_TILED_THIN1 DST_ELEMENT_SIZE=128BPP RECT_Y=16 RECT_X=24 "
	  "SRC_SWAP=NONE DST_SWAP=NONE RECT_Z=8",
	  { { "SRC_ADDR", "reads", 0x100100000, 0x10017ffff }, { "DST_ADDR", "writes", 0x1002c0000, 0x100487fff } } },

	/* ---- linear and 1D surfaces: only the rows reached (gk_tile_range) ---- */
	/* all: 32 bpp, pitch 64 px (256 B), slice 32 tiles = 2048 px = 32 rows = 8 KiB,
	 * micro-tile rows of 64 * 8 * 4 = 2 KiB.  100 dwords from (8, 9) of slice 1:
	 * elements 584 .. 683, rows 9-10 */
	{ SI, "COPY_L2T",
	  "COPY_L2T COUNT=100 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 PIPE_CONFIG=P2 SLICE_TILE_MAX=31 Z=1 X=8 MT=THIN "
	  "NUM_BANKS=2 TILE_SPLIT=64 Y=9 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  /* 1D: micro-tile row 1 of slice 1: 0x2000 + 0x800 .. 0x2000 + 0x1000 */
	  { { "BASE_256", "writes", 0x1002800, 0x1002fff }, { "LINEAR_ADDR", "reads", 0x200000, 0x20018f } } },
	{ EGCM, "COPY_L2T",
	  "COPY_L2T COUNT=100 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_LINEAR_GENERAL SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 SLICE_TILE_MAX=31 Z=1 X=8 NON_DISP=0 NUM_BANKS=2 "
	  "TILE_SPLIT=64 Y=9 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  /* linear: exactly the elements, 0x2000 + 584 * 4 .. 0x2000 + 684 * 4 - 1 */
	  { { "BASE_256", "reads", 0x1002920, 0x1002aaf }, { "LINEAR_ADDR", "writes", 0x200000, 0x20018f } } },
	/* a box on 1D: (8, 4, 1) .. (23, 11, 2): micro-tile rows 0-1 of slices 1-2 */
	{ CM, "COPY_L2T_PARTIAL",
	  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP "
	  "BANK_HEIGHT=1 BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 SLICE_TILE_MAX=31 Z=1 X=8 NON_DISP=0 "
	  "NUM_BANKS=2 TILE_SPLIT=64 Y=4 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_PITCH=256 LINEAR_SWAP=8IN32 "
	  "LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=2",
	  { { "BASE_256", "reads", 0x1002000, 0x1004fff }, { "LINEAR_ADDR", "writes", 0x200000, 0x20273f } } },
	/* a box on a linear-aligned surface: (4, 8) .. (19, 23) of slice 0, pitch 64 px:
	 * bytes 516 * 4 .. 1492 * 4 - 1 */
	{ CIK, "COPY_TILED_SUB_WINDOW",
	  "COPY_TILED_SUB_WINDOW DETILE=L2T TILED_ADDR=0x100100000 TILED_Y=8 TILED_X=4 PITCH=7 TILED_Z=0 SLICE_PITCH=63 "
	  "PIPE_CONFIG=P2 MACRO_TILE_ASPECT=1:1 NUM_BANKS=2 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=64 MICRO_TILE_MODE=THIN "
	  "ARRAY_MODE=ARRAY_LINEAR_ALIGNED ELEMENT_SIZE=32BPP LINEAR_ADDR=0x300000 LINEAR_Y=0 LINEAR_X=0 LINEAR_PITCH=63 "
	  "LINEAR_Z=0 LINEAR_SLICE_PITCH=4095 RECT_Y=16 RECT_X=16 TILED_SWAP=NONE LINEAR_SWAP=NONE RECT_Z=1",
	  { { "TILED_ADDR", "writes", 0x100100810, 0x10010174f }, { "LINEAR_ADDR", "reads", 0x300000, 0x300f3f } } },
	/* 1D, but a slice of 12 tiles is 12 rows of a 64-px pitch, not whole
	 * micro-tile rows: not a layout the tiling module gives, so the whole
	 * slice 1 (768 px * 4 B = 0xc00 bytes) bounds the write */
	{ R67, "WRITE_TILED",
	  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=11 PITCH_TILE_MAX=7 "
	  "SLICE_TILE_MAX=11 Z=1 Y=8 X=16 SWAP=NONE\n    DATA 0x11111111 0x22222222",
	  { { "BASE_256", "writes", 0x1234c00, 0x12357ff } } },

	/* ---- thick surfaces: whole groups of slices ---- */
	/* a thick micro tile is 8x8 pixels x 4 slices (XTHICK: 8 slices), so a
	 * slice's bytes lie all over its group: the slices reached widen to
	 * whole groups.  The smallest case: 64 dwords are slice 0 of an 8x8
	 * 32 bpp 1D-thick surface, slice 64 * 4 = 256 B, group 1 KiB */
	{ EGCM, "COPY_L2T",
	  "COPY_L2T COUNT=64 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_1D_TILED_THICK SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=7 PITCH_TILE_MAX=0 SLICE_TILE_MAX=0 Z=0 X=0 NON_DISP=0 NUM_BANKS=2 "
	  "TILE_SPLIT=64 Y=0 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "writes", 0x1000000, 0x10003ff }, { "LINEAR_ADDR", "reads", 0x200000, 0x2000ff } } },
	{ SI, "COPY_L2T",
	  "COPY_L2T COUNT=64 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_1D_TILED_THICK SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=7 PITCH_TILE_MAX=0 PIPE_CONFIG=P2 SLICE_TILE_MAX=0 Z=0 X=0 MT=THIN "
	  "NUM_BANKS=2 TILE_SPLIT=64 Y=0 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "writes", 0x1000000, 0x10003ff }, { "LINEAR_ADDR", "reads", 0x200000, 0x2000ff } } },
	/* slice (7 + 1) * 64 * 4 = 2 KiB; 1024 dwords from (0, 0) of slice 3 are
	 * slices 3-4, in groups 0-3 and 4-7: slices 0-7, 16 KiB */
	{ R67, "COPY_TILED",
	  "COPY_TILED COUNT=1024 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_2D_TILED_THICK SIZE=32BPP HEIGHT_MAX=15 "
	  "PITCH_TILE_MAX=3 SLICE_TILE_MAX=7 Z=3 Y=0 X=0 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "writes", 0x1000000, 0x1003fff }, { "LINEAR_ADDR", "reads", 0x200000, 0x200fff } } },
	/* 1D thick on r6xx: pixel (8, 1) of a 32-px pitch is byte 160 of slice 5,
	 * 16 dwords stay in it: group 4-7, 4 * 2 KiB = 0x2000 .. 0x3fff */
	{ R67, "WRITE_TILED",
	  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_1D_TILED_THICK SIZE=32BPP HEIGHT_MAX=15 PITCH_TILE_MAX=3 "
	  "SLICE_TILE_MAX=7 Z=5 Y=1 X=8 SWAP=NONE\n    DATA 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16",
	  { { "BASE_256", "writes", 0x1236000, 0x1237fff } } },
	/* a box of slices 5-6 (Z=5, DZ=2) of 8 KiB slices: group 4-7, 0x8000 .. 0xffff */
	{ CM, "COPY_L2T_PARTIAL",
	  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_THICK SIZE=32BPP "
	  "BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 SLICE_TILE_MAX=31 Z=5 X=8 NON_DISP=0 "
	  "NUM_BANKS=16 TILE_SPLIT=256 Y=4 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_PITCH=256 LINEAR_SWAP=8IN32 "
	  "LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=2",
	  { { "BASE_256", "reads", 0x1008000, 0x100ffff }, { "LINEAR_ADDR", "writes", 0x200000, 0x20273f } } },
	/* SI XTHICK: 8 slices a micro tile; 512 dwords fill slice 9 of 2 KiB
	 * slices: group 8-15, 0x4000 .. 0x7fff */
	{ SI, "COPY_L2T",
	  "COPY_L2T COUNT=512 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_XTHICK SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=7 PITCH_TILE_MAX=7 PIPE_CONFIG=P4_16x16 SLICE_TILE_MAX=7 Z=9 X=0 "
	  "MT=THIN NUM_BANKS=16 TILE_SPLIT=256 Y=0 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE",
	  { { "BASE_256", "reads", 0x1004000, 0x1007fff }, { "LINEAR_ADDR", "writes", 0x200000, 0x2007ff } } },
	/* a box of slices 1-2 (Z=1, DZ=2) on SI 3D thick: group 0-3 of 8 KiB slices */
	{ SI, "COPY_L2T_PARTIAL",
	  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_3D_TILED_THICK SIZE=32BPP "
	  "BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 PIPE_CONFIG=P4_16x16 SLICE_TILE_MAX=31 "
	  "Z=1 X=8 MT=THIN NUM_BANKS=16 TILE_SPLIT=256 Y=4 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_PITCH=256 "
	  "LINEAR_SWAP=8IN32 LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=2",
	  { { "BASE_256", "writes", 0x1000000, 0x1007fff }, { "LINEAR_ADDR", "reads", 0x200000, 0x20273f } } },
	/* CIK: slice 64 * 64 px * 4 B = 16 KiB; 512 dwords of slice 1: group 0-3 */
	{ CIK, "COPY_TILED",
	  "COPY_TILED DETILE=T2L TILED_ADDR=0x100100000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 PIPE_CONFIG=P4_16x16 "
	  "MACRO_TILE_ASPECT=2:1 NUM_BANKS=8 BANK_HEIGHT=2 BANK_WIDTH=1 TILE_SPLIT=1024 MICRO_TILE_MODE=THICK "
	  "ARRAY_MODE=ARRAY_1D_TILED_THICK ELEMENT_SIZE=32BPP Y=8 X=4 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=1 "
	  "LINEAR_ADDR=0x200000 LINEAR_PITCH=64 COUNT=512",
	  { { "TILED_ADDR", "reads", 0x100100000, 0x10010ffff }, { "LINEAR_ADDR", "writes", 0x200000, 0x2007ff } } },
	/* a box of slices 6-8 on 2D thick: groups 4-7 and 8-11 of 16 KiB slices,
	 * 0x10000 .. 0x2ffff; linear side: 2 * 16 KiB + 15 * 256 + 64 bytes */
	{ CIK, "COPY_TILED_SUB_WINDOW",
	  "COPY_TILED_SUB_WINDOW DETILE=T2L TILED_ADDR=0x100100000 TILED_Y=8 TILED_X=4 PITCH=7 TILED_Z=6 SLICE_PITCH=63 "
	  "PIPE_CONFIG=P4_16x16 MACRO_TILE_ASPECT=2:1 NUM_BANKS=8 BANK_HEIGHT=2 BANK_WIDTH=1 TILE_SPLIT=1024 "
	  "MICRO_TILE_MODE=THICK ARRAY_MODE=ARRAY_2D_TILED_THICK ELEMENT_SIZE=32BPP LINEAR_ADDR=0x300000 LINEAR_Y=0 "
	  "LINEAR_X=0 LINEAR_PITCH=63 LINEAR_Z=0 LINEAR_SLICE_PITCH=4095 RECT_Y=16 RECT_X=16 TILED_SWAP=NONE "
	  "LINEAR_SWAP=NONE RECT_Z=3",
	  { { "TILED_ADDR", "reads", 0x100110000, 0x10012ffff }, { "LINEAR_ADDR", "writes", 0x300000, 0x308f3f } } },

	/* ---- fixed-size targets ---- */
	/* r6xx/r7xx IB base: [31:8], 256-byte aligned; evergreen on: [31:5] */
	{ R67, "INDIRECT_BUFFER", "INDIRECT_BUFFER IB_BASE=0x400100 IB_SIZE=16",
	  { { "IB_BASE", "reads", 0x400100, 0x40013f } } },
	{ EG, "INDIRECT_BUFFER", "INDIRECT_BUFFER IB_BASE=0x400020 IB_SIZE=16",
	  { { "IB_BASE", "reads", 0x400020, 0x40005f } } },
	{ CMSI, "INDIRECT_BUFFER", "INDIRECT_BUFFER VMID=9 IB_BASE=0xff00400020 IB_SIZE=16",
	  { { "IB_BASE", "reads", 0xff00400020, 0xff0040005f } } },
	{ CIK, "INDIRECT_BUFFER", "INDIRECT_BUFFER VMID=3 IB_BASE=0x100400020 IB_SIZE=256",
	  { { "IB_BASE", "reads", 0x100400020, 0x10040041f } } },
	{ R67, "SEMAPHORE", "SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x400008",
	  { { "SEMAPHORE_ADDR", "reads and writes", 0x400008, 0x40000f } } },
	{ EGSI, "SEMAPHORE", "SEMAPHORE MAILBOX=0 SIGNAL=1 SEMAPHORE_ADDR=0x400008",
	  { { "SEMAPHORE_ADDR", "reads and writes", 0x400008, 0x40000f } } },
	{ CIK, "SEMAPHORE", "SEMAPHORE MAILBOX=1 SIGNAL=0 WRITE_ONE=1 SEMAPHORE_ADDR=0x1234567800402008",
	  { { "SEMAPHORE_ADDR", "reads and writes", 0x1234567800402008, 0x123456780040200f } } },
	{ R67 | EGSI, "FENCE", "FENCE FENCE_ADDR=0x400100 FENCE_DATA=0x1",
	  { { "FENCE_ADDR", "writes", 0x400100, 0x400103 } } },
	{ CIK, "FENCE", "FENCE ADDR=0x400100 DATA=0x1", { { "ADDR", "writes", 0x400100, 0x400103 } } },
	{ SI, "POLL_REG_MEM",
	  "POLL_REG_MEM M=MEMORY ADDR=0x100400100 RETRY_COUNT=255 MASK=0xffffffff REFERENCE=0x2a FUNC=GREATER_EQUAL "
	  "POLL_INTERVAL=10",
	  { { "ADDR", "reads", 0x100400100, 0x100400103 } } },
	/* a register poll touches no memory */
	{ SI, "POLL_REG_MEM",
	  "POLL_REG_MEM M=REGISTER REGISTER=0x1478 RETRY_COUNT=255 MASK=0x10 REFERENCE=0x0 FUNC=ALWAYS POLL_INTERVAL=32",
	  { { 0 } } },
	{ CIK, "POLL_REG_MEM",
	  "POLL_REG_MEM M=MEMORY FUNC=GREATER OP=WAIT_REG_MEM ADDR=0x100400100 REFERENCE=0x1 MASK=0xffffffff "
	  "RETRY_COUNT=16 POLL_INTERVAL=65535",
	  { { "ADDR", "reads", 0x100400100, 0x100400103 } } },
	{ CIK, "POLL_REG_MEM",
	  "POLL_REG_MEM M=REGISTER FUNC=EQUAL OP=WRITE_WAIT_WRITE REGISTER=0x54e0 PREPOLL_REGISTER=0x54dc REFERENCE=0x400 "
	  "MASK=0x400 RETRY_COUNT=4095 POLL_INTERVAL=10",
	  { { 0 } } },
	{ CIK, "COND_EXEC", "COND_EXEC BOOL_ADDR=0x400200 EXEC_COUNT=2\nNOP\nNOP",
	  { { "BOOL_ADDR", "reads", 0x400200, 0x400203 } } },
	{ CIK, "GET_LOCAL_TIMESTAMP", "GET_LOCAL_TIMESTAMP ADDR=0x400300", { { "ADDR", "writes", 0x400300, 0x400307 } } },
	{ CIK, "GET_GLOBAL_TIMESTAMP", "GET_GLOBAL_TIMESTAMP ADDR=0x400308", { { "ADDR", "writes", 0x400308, 0x40030f } } },
};

#define NROWS (sizeof rows / sizeof rows[0])

static struct tu_asm asmres;
static struct tu_check chk;
/* which description of which generation some row exercised */
static bool covered[TU_NGENS][GK_MAX_DESCS];

static unsigned naccesses(const struct row *r)
{
	unsigned n = 0;
	while (n < 3 && r->acc[n].field)
		n++;
	return n;
}

static unsigned count_bounds(const struct tu_check *c)
{
	return tu_count(c, GK_D_BOUNDS) + tu_count(c, GK_D_OVERFLOW);
}

/* The one bounds error of a run names access a with its whole range. */
static void expect_one_error(const struct row *r, const char *gpu, const struct range *a, const char *how)
{
	char want[160];
	snprintf(want, sizeof want, "%s 0x%llx..0x%llx (%llu bytes, %s) outside every buffer", a->verb,
		 (unsigned long long)a->lo, (unsigned long long)a->last, (unsigned long long)(a->last - a->lo + 1),
		 a->field);
	const struct gk_diag *d = tu_find(&chk, GK_D_BOUNDS);
	CHECK(count_bounds(&chk) == 1 && chk.errors == 1 && d && d->field && !strcmp(d->field, a->field) &&
		      d->packet && !strcmp(d->packet, r->packet) && strstr(d->message, want) == d->message,
	      "%s %s, %s %s: want one error '%s'; got%s", gpu, r->packet, a->field, how, want, tu_diags_str(&chk));
}

static void test_row(const struct row *r)
{
	unsigned na = naccesses(r);
	for (unsigned g = 0; g < TU_NGENS; g++) {
		if (!(r->gens & tu_gen_bit(g)))
			continue;
		const char *gpu = tu_gen_name(g);
		const struct gk_format *fmt = tu_fmt(gpu);
		struct gk_packet pkt;
		if (!tu_assemble_packet(fmt, r->text, &asmres, &pkt))
			continue;
		CHECK(pkt.frame.desc && !strcmp(pkt.frame.desc->name, r->packet), "%s: '%s' frames as %s, not %s", gpu,
		      r->text, pkt.frame.desc ? pkt.frame.desc->name : "(raw)", r->packet);
		if (pkt.frame.desc)
			covered[g][pkt.frame.desc - fmt->descs] = true;

		struct gk_bo bos[3];
		for (unsigned i = 0; i < na; i++)
			bos[i] = (struct gk_bo){ r->acc[i].lo, r->acc[i].last - r->acc[i].lo + 1 };

		/* exactly covered: clean, also in any order of the buffers */
		tu_check_bo(fmt, asmres.w, asmres.n, bos, na, &chk);
		CHECK(chk.errors == 0 && chk.warnings == 0, "%s %s inside exact buffers:%s", gpu, r->packet,
		      tu_diags_str(&chk));
		if (na == 0) {
			/* touches nothing: even a stray buffer far away finds nothing to say */
			struct gk_bo far = { 0x7000000000, 16 };
			tu_check_bo(fmt, asmres.w, asmres.n, &far, 1, &chk);
			CHECK(chk.errors == 0, "%s %s touches no memory, yet:%s", gpu, r->packet, tu_diags_str(&chk));
			continue;
		}
		struct gk_bo rev[3];
		for (unsigned i = 0; i < na; i++)
			rev[i] = bos[na - 1 - i];
		tu_check_bo(fmt, asmres.w, asmres.n, rev, na, &chk);
		CHECK(chk.errors == 0, "%s %s inside exact buffers, reversed:%s", gpu, r->packet, tu_diags_str(&chk));

		for (unsigned i = 0; i < na; i++) {
			struct gk_bo b[3];
			memcpy(b, bos, sizeof b);
			b[i].size--; /* one byte short at the end */
			tu_check_bo(fmt, asmres.w, asmres.n, b, na, &chk);
			expect_one_error(r, gpu, &r->acc[i], "one byte short at the end");
			b[i] = (struct gk_bo){ bos[i].base + 1, bos[i].size - 1 }; /* ... at the start */
			tu_check_bo(fmt, asmres.w, asmres.n, b, na, &chk);
			expect_one_error(r, gpu, &r->acc[i], "one byte short at the start");
			unsigned k = 0; /* missing altogether */
			for (unsigned j = 0; j < na; j++)
				if (j != i)
					b[k++] = bos[j];
			if (k == 0)
				b[k++] = (struct gk_bo){ 0x7000000000, 16 };
			tu_check_bo(fmt, asmres.w, asmres.n, b, k, &chk);
			expect_one_error(r, gpu, &r->acc[i], "without its buffer");
		}
	}
}

/* every description with memory accesses, on every generation, has a row */
static void test_coverage(void)
{
	for (unsigned g = 0; g < TU_NGENS_SEED; g++) {
		const struct gk_format *fmt = tu_fmt(tu_gen_name(g));
		for (size_t k = 0; k < fmt->ndescs; k++) {
			const struct gk_packet_desc *d = &fmt->descs[k];
			if (!(d->gens & fmt->gen_bit) || !d->naccess)
				continue;
			CHECK(covered[g][k], "%s %s touches memory but no bounds row tests it", tu_gen_name(g), d->name);
		}
	}
}

int main(void)
{
	for (size_t i = 0; i < NROWS; i++)
		test_row(&rows[i]);
	test_coverage();
	return tl_done();
}
