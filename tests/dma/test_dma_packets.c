/* DMA / SDMA packet vectors in both directions, seed 000 (r6xx/r7xx,
 * evergreen/ni/si, cik), plus framing, tiled parameters by meaning,
 * assembler errors and a lossless round-trip property.
 *
 * The vector table: each row is a set of generations, the dwords of one or
 * more packets and the text the printer must write for them on every one of
 * those generations; decode(words) == text, encode(text) == words, and the
 * checker has nothing to say.  The dwords are built from the seed's bit
 * layouts with the kernel's own header macros (DMA_PACKET, DMA_IB_PACKET,
 * DMA_PTE_PDE_PACKET, SDMA_PACKET, re-spelled below), with values as the
 * Linux radeon emitters write them (r600_dma.c, rv770_dma.c, evergreen_dma.c,
 * ni_dma.c, si_dma.c, cik_sdma.c) where one exists; never from the library,
 * so a wrong table entry shows up here.  Every packet of every generation
 * (gfxkit list -g GEN -e dma) must be explained by at least one row. */
#include "dma_testutil.h"
#include "jsoncheck.h"

/* the kernel's header macros: r600d.h / nid.h DMA_PACKET(cmd, t, s, n),
 * evergreend.h DMA_PACKET(cmd, sub_cmd, n), cikd.h SDMA_PACKET(op, sub_op, e) */
#define R6H(cmd, t, s, n) (((uint32_t)(cmd) << 28) | ((uint32_t)(t) << 23) | ((uint32_t)(s) << 22) | (uint32_t)(n))
#define EGH(cmd, sub, n) (((uint32_t)(cmd) << 28) | ((uint32_t)(sub) << 20) | (uint32_t)(n))
#define CIKH(op, sub, e) (((uint32_t)(e) << 16) | ((uint32_t)(sub) << 8) | (uint32_t)(op))
#define DMA_IB_PACKET(vmid) ((4u << 28) | ((uint32_t)(vmid) << 20))
#define DMA_PTE_PDE_PACKET(n) ((2u << 28) | (1u << 26) | (1u << 21) | (uint32_t)(n))
#define DMA_SRBM_READ_PACKET ((9u << 28) | (1u << 27))
#define DMA_SRBM_POLL_PACKET ((9u << 28) | (1u << 27) | (1u << 26))

/* r6xx tiled dwords (seed "Write Tiled (r6xx/r7xx)" DW3-DW5) */
#define R6T0(detile, am, size, hmax, ptm) \
	(((uint32_t)(detile) << 31) | ((uint32_t)(am) << 27) | ((uint32_t)(size) << 24) | ((uint32_t)(hmax) << 10) | (uint32_t)(ptm))
#define R6T1(stm, z) (((uint32_t)(stm) << 12) | (uint32_t)(z))
#define R6T2(y, x, swap) (((uint32_t)(y) << 17) | ((uint32_t)(x) << 3) | ((uint32_t)(swap) << 1))
/* evergreen/ni/si tiled block (seed "Copy L2T/T2L (evergreen/ni/si)" DW3-DW7) */
#define TB0(detile, am, size, bh, bw, mta) \
	(((uint32_t)(detile) << 31) | ((uint32_t)(am) << 27) | ((uint32_t)(size) << 24) | ((uint32_t)(bh) << 21) | \
	 ((uint32_t)(bw) << 18) | ((uint32_t)(mta) << 16))
#define TB1(hmax, ptm) (((uint32_t)(hmax) << 16) | (uint32_t)(ptm))
#define TB2(pipe, stm) (((uint32_t)(pipe) << 26) | (uint32_t)(stm))
#define TB3(z, x) (((uint32_t)(z) << 18) | (uint32_t)(x))
#define TB4(swap, mt, nb, ts, y) \
	(((uint32_t)(swap) << 30) | ((uint32_t)(mt) << 27) | ((uint32_t)(nb) << 25) | ((uint32_t)(ts) << 21) | (uint32_t)(y))
/* the T2T partial's packed tiling dword (seed "Copy T2T, partial" first DW 8) */
#define T2T7(am, size, bh, bw, mta, swap1, mt, nb, ts, swap0) \
	(((uint32_t)(am) << 27) | ((uint32_t)(size) << 24) | ((uint32_t)(bh) << 21) | ((uint32_t)(bw) << 18) | \
	 ((uint32_t)(mta) << 16) | ((uint32_t)(swap1) << 12) | ((uint32_t)(mt) << 9) | ((uint32_t)(nb) << 7) | \
	 ((uint32_t)(ts) << 3) | ((uint32_t)(swap0) << 1))
/* CIK tiling info dword (seed "Copy Tiled (cik)" DW6) */
#define TI(pc, mta, nb, bh, bw, ts, mtm, am, es) \
	(((uint32_t)(pc) << 26) | ((uint32_t)(mta) << 24) | ((uint32_t)(nb) << 21) | ((uint32_t)(bh) << 18) | \
	 ((uint32_t)(bw) << 15) | ((uint32_t)(ts) << 11) | ((uint32_t)(mtm) << 8) | ((uint32_t)(am) << 3) | (uint32_t)(es))
#define XY(y, x) (((uint32_t)(y) << 16) | (uint32_t)(x))

struct vec {
	unsigned gens;
	const uint32_t *w;
	size_t n;
	const char *text; /* without offset labels and without the final newline */
};

/* the CIK tiling dword most rows use: P4_16x16, 2:1, 8 banks, bank height 2,
 * bank width 1, split 1024, THIN, 2D_TILED_THIN1, 32 bpp */
#define TI_A TI(5, 1, 2, 1, 0, 4, 1, 4, 2)
#define TI_A_TEXT                                                                                              \
	"PIPE_CONFIG=P4_16x16 MACRO_TILE_ASPECT=2:1 NUM_BANKS=8 BANK_HEIGHT=2 BANK_WIDTH=1 TILE_SPLIT=1024 " \
	"MICRO_TILE_MODE=THIN ARRAY_MODE=ARRAY_2D_TILED_THIN1 ELEMENT_SIZE=32BPP"
/* the evergreen tiled block most rows use: 2D_TILED_THIN1, 32 bpp, bank
 * height 1, bank width 2, 1:1, 8 rows of 64 px, 16 banks, split 256 */
#define EG_TB_TEXT(pre, mid, post)                                                                         \
	"ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=7 " \
	"PITCH_TILE_MAX=7 " pre "SLICE_TILE_MAX=7 " mid " NUM_BANKS=16 TILE_SPLIT=256 " post
#define NOTE_8x64 " ; HEIGHT_MAX: 8 rows, PITCH_TILE_MAX: 64 px, SLICE_TILE_MAX: 512 px"
#define NOTE_32x64 " ; HEIGHT_MAX: 32 rows, PITCH_TILE_MAX: 64 px, SLICE_TILE_MAX: 2048 px"
#define NOTE_CIK " ; HEIGHT: 64 rows, PITCH: 64 px, SLICE_PITCH: 4096 px"

static const struct vec vecs[] = {
	/* ==== r6xx / r7xx, and what evergreen..SI share with them ==== */

	/* WRITE (linear): DW1 [23]=0 [15:0] (EG: [19:0]) count, DW2 [31:2] addr,
	 * DW3 [9:8] swap [7:0] addr hi; r600_dma_ring_ib_execute's next_rptr write */
	{ R67 | EGSI, W(R6H(2, 0, 0, 1), 0xf0000c00, 0x00, 0x138),
	  "WRITE_LINEAR DEST_ADDR=0xf0000c00 SWAP=NONE\n"
	  "    DATA 0x00000138" },
	{ R67 | EGSI, W(R6H(2, 0, 0, 3), 0x00100004, (2u << 8) | 0xff, 1, 2, 3),
	  "WRITE_LINEAR DEST_ADDR=0xff00100004 SWAP=8IN32\n"
	  "    DATA 0x00000001 0x00000002 0x00000003" },
	/* si_dma_vm_write_pages / cayman_dma_vm_write_pages: two PTEs */
	{ R67 | EGSI, W(R6H(2, 0, 0, 4), 0x00100800, 0x00, 0x23456067, 0x1, 0x23457067, 0x1),
	  "WRITE_LINEAR DEST_ADDR=0x100800 SWAP=NONE\n"
	  "    DATA 0x23456067 0x00000001 0x23457067 0x00000001" },
	/* eight data words per line */
	{ R67 | EGSI, W(R6H(2, 0, 0, 9), 0x00000040, (3u << 8), 1, 2, 3, 4, 5, 6, 7, 8, 0xffffffff),
	  "WRITE_LINEAR DEST_ADDR=0x40 SWAP=8IN64\n"
	  "    DATA 0x00000001 0x00000002 0x00000003 0x00000004 0x00000005 0x00000006 0x00000007 0x00000008\n"
	  "    DATA 0xffffffff" },
	/* WRITE (tiled): [23]=1; DW3 array mode [30:27] size [26:24] height_max
	 * [22:10] pitch_tile_max [9:0]; DW4 slice_tile_max [31:12] z [10:0];
	 * DW5 y [29:17] x [15:3] swap [2:1] */
	{ R67, W(R6H(2, 1, 0, 2), 0x00012340, R6T0(0, 4, 2, 63, 7), R6T1(63, 1), R6T2(8, 16, 0), 0x11111111, 0x22222222),
	  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=63 PITCH_TILE_MAX=7 "
	  "SLICE_TILE_MAX=63 Z=1 Y=8 X=16 SWAP=NONE ; HEIGHT_MAX: 64 rows, PITCH_TILE_MAX: 64 px, SLICE_TILE_MAX: 4096 px\n"
	  "    DATA 0x11111111 0x22222222" },
	{ R67, W(R6H(2, 1, 0, 0), 0xffffffff, R6T0(0, 15, 4, 8191, 1023), R6T1(0xfffff, 2047), R6T2(8191, 8191, 3)),
	  "WRITE_TILED BASE_256=0xffffffff00 ARRAY_MODE=ARRAY_3B_TILED_THICK SIZE=128BPP HEIGHT_MAX=8191 "
	  "PITCH_TILE_MAX=1023 SLICE_TILE_MAX=1048575 Z=2047 Y=8191 X=8191 SWAP=8IN64 ; HEIGHT_MAX: 8192 rows, "
	  "PITCH_TILE_MAX: 8192 px, SLICE_TILE_MAX: 67108864 px" },
	/* COPY linear, r6xx: 4 dwords, DW4 [25:24] dst swap [23:16] dst hi, [9:8]
	 * src swap [7:0] src hi (r600_copy_dma) */
	{ R6, W(R6H(3, 0, 0, 0xfffe), 0x20000000, 0x00100000, (0x01u << 16) | 0x00),
	  "COPY_LINEAR COUNT=65534 DEST_ADDR=0x120000000 SRC_ADDR=0x100000 DEST_SWAP=NONE SRC_SWAP=NONE" },
	{ R6, W(R6H(3, 0, 0, 2), 0x20000000, 0x00100000, (3u << 24) | (0x01u << 16) | (1u << 8) | 0x02),
	  "COPY_LINEAR COUNT=2 DEST_ADDR=0x120000000 SRC_ADDR=0x200100000 DEST_SWAP=8IN64 SRC_SWAP=8IN16" },
	/* COPY linear, r7xx: 5 dwords (rv770_copy_dma) */
	{ R7, W(R6H(3, 0, 0, 0x400), 0x20000000, 0x00100000, 0x01, 0x00),
	  "COPY_LINEAR COUNT=1024 DEST_ADDR=0x120000000 SRC_ADDR=0x100000 DEST_SWAP=NONE SRC_SWAP=NONE" },
	{ R7, W(R6H(3, 0, 0, 0xffff), 0x20000000, 0x00100000, (3u << 8) | 0x01, (1u << 8) | 0x02),
	  "COPY_LINEAR COUNT=65535 DEST_ADDR=0x120000000 SRC_ADDR=0x200100000 DEST_SWAP=8IN64 SRC_SWAP=8IN16" },
	/* COPY tiled: DW3 [31] detile, DW6 linear addr, DW7 [9:8] swap [7:0] hi */
	{ R67, W(R6H(3, 1, 0, 512), 0x00010000, R6T0(1, 2, 2, 7, 7), R6T1(7, 0), R6T2(0, 0, 0), 0x00200000, 0),
	  "COPY_TILED COUNT=512 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=7 "
	  "PITCH_TILE_MAX=7 SLICE_TILE_MAX=7 Z=0 Y=0 X=0 TILED_SWAP=NONE LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE" NOTE_8x64 },
	{ R67, W(R6H(3, 1, 0, 64), 0x00010000, R6T0(0, 1, 1, 7, 7), R6T1(7, 0), R6T2(4, 8, 2), 0x00200000, (3u << 8) | 0x01),
	  "COPY_TILED COUNT=64 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_LINEAR_ALIGNED SIZE=16BPP HEIGHT_MAX=7 "
	  "PITCH_TILE_MAX=7 SLICE_TILE_MAX=7 Z=0 Y=4 X=8 TILED_SWAP=8IN32 LINEAR_ADDR=0x100200000 LINEAR_SWAP=8IN64" NOTE_8x64 },
	/* INDIRECT_BUFFER: DW2 [31:8] base, DW3 [31:16] size [7:0] hi (r600_dma_ring_ib_execute) */
	{ R67, W(R6H(4, 0, 0, 0), 0x00400000, (64u << 16) | 0x01), "INDIRECT_BUFFER IB_BASE=0x100400000 IB_SIZE=64" },
	/* SEMAPHORE: [22] signal (r600_dma_semaphore_ring_emit: s = !emit_wait) */
	{ R67, W(R6H(5, 0, 1, 0), 0x00402008, 0x00), "SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x402008" },
	{ R67, W(R6H(5, 0, 0, 0), 0x00402008, 0x12), "SEMAPHORE SIGNAL=0 SEMAPHORE_ADDR=0x1200402008" },
	/* FENCE + the sequence number dword (r600_dma_fence_ring_emit,
	 * evergreen_dma_fence_ring_emit), TRAP, NOP */
	{ R67 | EGSI, W(R6H(6, 0, 0, 0), 0x34567890, 0x12, 0x2a), "FENCE FENCE_ADDR=0x1234567890 FENCE_DATA=0x2a" },
	{ R67 | EGSI, W(R6H(7, 0, 0, 0)), "TRAP" },
	{ R67 | EGSI, W(R6H(0xf, 0, 0, 0)), "NOP" },
	/* CONSTANT_FILL (r7xx, eg/ni/si): DW2 [31:2] dst, DW3 data, DW4 [23:16] dst hi */
	{ R7 | EGSI, W(R6H(0xd, 0, 0, 256), 0x00300000, 0xcafebabe, 0x02u << 16),
	  "CONSTANT_FILL COUNT=256 DST_ADDR=0x200300000 CONSTANT_DATA=0xcafebabe" },

	/* ==== evergreen / ni (cayman) / si ==== */

	/* WRITE tiled: sub 0x08, DW3-DW7 the tiled block */
	{ EGCM, W(EGH(2, 0x08, 2), 0x00012340, TB0(0, 4, 2, 1, 0, 1), TB1(63, 7), TB2(0, 63), TB3(0, 16), TB4(0, 0, 2, 4, 8),
		  0xaaaaaaaa, 0xbbbbbbbb),
	  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=1 "
	  "MT_ASPECT=2:1 HEIGHT_MAX=63 PITCH_TILE_MAX=7 SLICE_TILE_MAX=63 Z=0 X=16 SWAP=NONE NON_DISP=0 NUM_BANKS=8 "
	  "TILE_SPLIT=1024 Y=8 ; HEIGHT_MAX: 64 rows, PITCH_TILE_MAX: 64 px, SLICE_TILE_MAX: 4096 px\n"
	  "    DATA 0xaaaaaaaa 0xbbbbbbbb" },
	/* SI: DW5 [30:26] pipe config, DW7 [28:27] MT */
	{ SI, W(EGH(2, 0x08, 2), 0x00012340, TB0(0, 4, 2, 1, 0, 1), TB1(63, 7), TB2(12, 63), TB3(0, 16), TB4(0, 1, 2, 4, 8),
		0xaaaaaaaa, 0xbbbbbbbb),
	  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=1 "
	  "MT_ASPECT=2:1 HEIGHT_MAX=63 PITCH_TILE_MAX=7 PIPE_CONFIG=P8_32x32_16x16 SLICE_TILE_MAX=63 Z=0 X=16 SWAP=NONE "
	  "MT=THIN NUM_BANKS=8 TILE_SPLIT=1024 Y=8 ; HEIGHT_MAX: 64 rows, PITCH_TILE_MAX: 64 px, SLICE_TILE_MAX: 4096 px\n"
	  "    DATA 0xaaaaaaaa 0xbbbbbbbb" },
	/* WRITE PTE/PDE: cayman_dma_vm_set_pages / si_dma_vm_set_pages, 16 entries */
	{ CMSI, W(DMA_PTE_PDE_PACKET(32), 0x00801000, 0x00, 0x61, 0, 0x80000000, 0x1, 0x1000, 0),
	  "WRITE_PTE_PDE COUNT=32 DEST_ADDR=0x801000 MASK=0x61 VALUE=0x180000000 INCREMENT=0x1000" },
	/* COPY L2L dword aligned: evergreen_copy_dma, cayman_dma_vm_copy_pages */
	{ EGSI, W(EGH(3, 0x00, 0x400), 0x20000000, 0x00100000, 0x01, 0x00),
	  "COPY_L2L_DW COUNT=1024 DEST_ADDR=0x120000000 SRC_ADDR=0x100000 DEST_SWAP=NONE SRC_SWAP=NONE" },
	{ EGSI, W(EGH(3, 0x00, 0xfffff), 0x20000000, 0x00100000, (3u << 8) | 0x01, (1u << 8) | 0x02),
	  "COPY_L2L_DW COUNT=1048575 DEST_ADDR=0x120000000 SRC_ADDR=0x200100000 DEST_SWAP=8IN64 SRC_SWAP=8IN16" },
	/* COPY L2L byte aligned: si_copy_dma's DMA_PACKET(COPY, 1, 0, 0, bytes): B = bit 26 = sub 0x40 */
	{ EGSI, W((3u << 28) | (1u << 26) | 0x12345, 0x00801003, 0x00042001, 0x01, 0x00),
	  "COPY_L2L_BYTE COUNT=74565 DEST_ADDR=0x100801003 SRC_ADDR=0x42001 DEST_SWAP=NONE SRC_SWAP=NONE" },
	/* COPY L2L broadcast: DW2 dst1, DW3 dst2, DW4 src, DW5-DW7 their swap / hi */
	{ EGSI, W(EGH(3, 0x44, 256), 0x00100000, 0x00200000, 0x00300000, (2u << 8) | 0x01, 0x02, (1u << 8) | 0x00),
	  "COPY_L2L_DW_BROADCAST COUNT=256 DEST_ADDR1=0x100100000 DEST_ADDR2=0x200200000 SRC_ADDR=0x300000 "
	  "DEST1_SWAP=8IN32 DEST2_SWAP=NONE SRC_SWAP=8IN16" },
	/* COPY L2L partial (ni/si): pitches [31:13] in bytes */
	{ CMSI, W(EGH(3, 0x41, 0), 0x00400000, (1024u << 13) | (2u << 8), 0x40000, 0x00500000, (2048u << 13) | (1u << 8) | 0x01,
		  0x80000, XY(16, 32), (2u << 29) | 1),
	  "COPY_L2L_PARTIAL SRC_ADDR=0x400000 SRC_PITCH=1024 SRC_SWAP=8IN32 SRC_SLICE_PITCH=262144 DEST_ADDR=0x100500000 "
	  "DEST_PITCH=2048 DEST_SWAP=8IN16 DEST_SLICE_PITCH=524288 DY=16 DX=32 SIZE=32BPP DZ=1" },
	/* COPY L2T/T2L: 8 rows of 64 px at 32 bpp = 512 dwords (Mesa si_dma_copy_tile) */
	{ EGCM, W(EGH(3, 0x08, 512), 0x00010000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(0, 7), TB3(0, 0), TB4(0, 0, 3, 2, 0),
		  0x00200000, 0),
	  "COPY_L2T COUNT=512 BASE_256=0x1000000 DETILE=L2T "
	  EG_TB_TEXT("", "Z=0 X=0 TILED_SWAP=NONE NON_DISP=0", "Y=0") " LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE" NOTE_8x64 },
	{ EGCM, W(EGH(3, 0x08, 1024), 0x00010000, TB0(1, 8, 3, 2, 3, 3), TB1(15, 3), TB2(0, 15), TB3(1, 8), TB4(3, 1, 1, 6, 4),
		  0x00200000, (2u << 30) | 0x05),
	  "COPY_L2T COUNT=1024 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2B_TILED_THIN1 SIZE=64BPP BANK_HEIGHT=4 "
	  "BANK_WIDTH=8 MT_ASPECT=8:1 HEIGHT_MAX=15 PITCH_TILE_MAX=3 SLICE_TILE_MAX=15 Z=1 X=8 TILED_SWAP=8IN64 "
	  "NON_DISP=1 NUM_BANKS=4 TILE_SPLIT=4096 Y=4 LINEAR_ADDR=0x500200000 LINEAR_SWAP=8IN32 ; HEIGHT_MAX: 16 rows, "
	  "PITCH_TILE_MAX: 32 px, SLICE_TILE_MAX: 1024 px" },
	{ SI, W(EGH(3, 0x08, 512), 0x00010000, TB0(0, 5, 2, 0, 1, 0), TB1(7, 7), TB2(5, 7), TB3(0, 0), TB4(0, 2, 3, 2, 0),
		0x00200000, 0),
	  "COPY_L2T COUNT=512 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_PRT_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=7 PITCH_TILE_MAX=7 PIPE_CONFIG=P4_16x16 SLICE_TILE_MAX=7 Z=0 X=0 "
	  "TILED_SWAP=NONE MT=DEPTH NUM_BANKS=16 TILE_SPLIT=256 Y=0 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE" NOTE_8x64 },
	/* COPY L2T frame to field: DW2 odd, DW3 even base, tiled block at DW4 */
	{ EGCM, W(EGH(3, 0x48, 512), 0x00010000, 0x00018000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(0, 7), TB3(0, 0),
		  TB4(0, 0, 3, 2, 0), 0x00200000, 1u << 30),
	  "COPY_L2T_FRAME_TO_FIELD COUNT=512 ODD_BASE_256=0x1000000 EVEN_BASE_256=0x1800000 "
	  EG_TB_TEXT("", "Z=0 X=0 TILED_SWAP=NONE NON_DISP=0", "Y=0") " LINEAR_ADDR=0x200000 LINEAR_SWAP=8IN16" NOTE_8x64 },
	{ SI, W(EGH(3, 0x48, 512), 0x00010000, 0x00018000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(5, 7), TB3(0, 0),
		TB4(0, 2, 3, 2, 0), 0x00200000, 1u << 30),
	  "COPY_L2T_FRAME_TO_FIELD COUNT=512 ODD_BASE_256=0x1000000 EVEN_BASE_256=0x1800000 "
	  EG_TB_TEXT("PIPE_CONFIG=P4_16x16 ", "Z=0 X=0 TILED_SWAP=NONE MT=DEPTH", "Y=0")
	  " LINEAR_ADDR=0x200000 LINEAR_SWAP=8IN16" NOTE_8x64 },
	/* COPY L2T broadcast: swap1 [31:30], swap0 [20:19] of DW8 */
	{ EGCM, W(EGH(3, 0x4b, 512), 0x00010000, 0x00020000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(0, 7), TB3(0, 0),
		  TB4(1, 0, 3, 2, 0) | (2u << 19), 0x00200000, 0),
	  "COPY_L2T_BROADCAST COUNT=512 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 "
	  EG_TB_TEXT("", "Z=0 X=0 SWAP1=8IN16 NON_DISP=0", "Y=0") " SWAP0=8IN32 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE"
	  NOTE_8x64 },
	{ SI, W(EGH(3, 0x4b, 512), 0x00010000, 0x00020000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(5, 7), TB3(0, 0),
		TB4(1, 2, 3, 2, 0) | (2u << 19), 0x00200000, 0),
	  "COPY_L2T_BROADCAST COUNT=512 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 "
	  EG_TB_TEXT("PIPE_CONFIG=P4_16x16 ", "Z=0 X=0 SWAP1=8IN16 MT=DEPTH", "Y=0")
	  " SWAP0=8IN32 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE" NOTE_8x64 },
	/* COPY L2T/T2L in tile units: count [15:0] tiles, x and y on tile boundaries */
	{ EGCM, W(EGH(3, 0x4c, 8), 0x00010000, TB0(1, 4, 2, 0, 1, 0), TB1(31, 7), TB2(0, 31), TB3(2, 8), TB4(0, 0, 3, 2, 16),
		  0x00200000, 0),
	  "COPY_L2T_TILES COUNT=8 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 SLICE_TILE_MAX=31 Z=2 X=8 TILED_SWAP=NONE NON_DISP=0 "
	  "NUM_BANKS=16 TILE_SPLIT=256 Y=16 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE" NOTE_32x64 },
	{ SI, W(EGH(3, 0x4c, 8), 0x00010000, TB0(1, 4, 2, 0, 1, 0), TB1(31, 7), TB2(5, 31), TB3(2, 8), TB4(0, 2, 3, 2, 16),
		0x00200000, 0),
	  "COPY_L2T_TILES COUNT=8 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 "
	  "BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 PIPE_CONFIG=P4_16x16 SLICE_TILE_MAX=31 Z=2 X=8 "
	  "TILED_SWAP=NONE MT=DEPTH NUM_BANKS=16 TILE_SPLIT=256 Y=16 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE" NOTE_32x64 },
	/* COPY L2T broadcast in tile units */
	{ EGCM, W(EGH(3, 0x4f, 4), 0x00010000, 0x00020000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(0, 7), TB3(0, 8),
		  TB4(0, 0, 3, 2, 8), 0x00200000, 0x03),
	  "COPY_L2T_BROADCAST_TILES COUNT=4 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 "
	  EG_TB_TEXT("", "Z=0 X=8 SWAP1=NONE NON_DISP=0", "Y=8") " SWAP0=NONE LINEAR_ADDR=0x300200000 LINEAR_SWAP=NONE"
	  NOTE_8x64 },
	{ SI, W(EGH(3, 0x4f, 4), 0x00010000, 0x00020000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(5, 7), TB3(0, 8),
		TB4(0, 2, 3, 2, 8), 0x00200000, 0x03),
	  "COPY_L2T_BROADCAST_TILES COUNT=4 DEST0_BASE_256=0x1000000 DEST1_BASE_256=0x2000000 "
	  EG_TB_TEXT("PIPE_CONFIG=P4_16x16 ", "Z=0 X=8 SWAP1=NONE MT=DEPTH", "Y=8")
	  " SWAP0=NONE LINEAR_ADDR=0x300200000 LINEAR_SWAP=NONE" NOTE_8x64 },
	/* COPY L2T/T2L partial (ni/si): DW9 [31:13] linear pitch [9:8] swap [7:0] hi */
	{ CM, W(EGH(3, 0x49, 256), 0x00010000, TB0(1, 4, 2, 0, 1, 0), TB1(31, 7), TB2(0, 31), TB3(0, 8), TB4(0, 0, 3, 2, 4),
		0x00200000, (256u << 13) | (2u << 8), 0x2000, XY(8, 16), 1),
	  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP "
	  "BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 SLICE_TILE_MAX=31 Z=0 X=8 "
	  "TILED_SWAP=NONE NON_DISP=0 NUM_BANKS=16 TILE_SPLIT=256 Y=4 LINEAR_ADDR=0x200000 LINEAR_PITCH=256 "
	  "LINEAR_SWAP=8IN32 LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=1" NOTE_32x64 },
	{ SI, W(EGH(3, 0x49, 256), 0x00010000, TB0(1, 4, 2, 0, 1, 0), TB1(31, 7), TB2(5, 31), TB3(0, 8), TB4(0, 2, 3, 2, 4),
		0x00200000, (256u << 13) | (2u << 8), 0x2000, XY(8, 16), 1),
	  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP "
	  "BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 PIPE_CONFIG=P4_16x16 SLICE_TILE_MAX=31 "
	  "Z=0 X=8 TILED_SWAP=NONE MT=DEPTH NUM_BANKS=16 TILE_SPLIT=256 Y=4 LINEAR_ADDR=0x200000 LINEAR_PITCH=256 "
	  "LINEAR_SWAP=8IN32 LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=1" NOTE_32x64 },
	/* COPY T2T partial (ni/si), 13 dwords (the seed's second DW 8 is DW 9) */
	{ CM, W(EGH(3, 0x4d, 0), 0x00010000, XY(63, 7), 63, 0x00020000, XY(127, 15), TB2(0, 255),
		T2T7(4, 2, 1, 1, 2, 1, 0, 2, 3, 3), XY(8, 16), XY(0, 8), XY(0, 1), XY(32, 56), 1),
	  "COPY_T2T_PARTIAL SRC_BASE_256=0x1000000 SRC_HEIGHT_MAX=63 SRC_PITCH_TILE_MAX=7 SRC_SLICE_TILE_MAX=63 "
	  "DEST_BASE_256=0x2000000 DEST_HEIGHT_MAX=127 DEST_PITCH_TILE_MAX=15 DEST_SLICE_TILE_MAX=255 "
	  "ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=2 MT_ASPECT=4:1 SWAP1=8IN16 NON_DISP=0 "
	  "NUM_BANKS=8 TILE_SPLIT=512 SWAP0=8IN64 SRC_X=8 DST_X=16 SRC_Y=0 DST_Y=8 SRC_Z=0 DST_Z=1 DY=32 DX=56 DZ=1 ; "
	  "SRC_HEIGHT_MAX: 64 rows, SRC_PITCH_TILE_MAX: 64 px, SRC_SLICE_TILE_MAX: 4096 px, DEST_HEIGHT_MAX: 128 rows, "
	  "DEST_PITCH_TILE_MAX: 128 px, DEST_SLICE_TILE_MAX: 16384 px" },
	{ SI, W(EGH(3, 0x4d, 0), 0x00010000, XY(63, 7), 63, 0x00020000, XY(127, 15), TB2(9, 255),
		T2T7(4, 2, 1, 1, 2, 1, 1, 2, 3, 3), XY(8, 16), XY(0, 8), XY(0, 1), XY(32, 56), 1),
	  "COPY_T2T_PARTIAL SRC_BASE_256=0x1000000 SRC_HEIGHT_MAX=63 SRC_PITCH_TILE_MAX=7 SRC_SLICE_TILE_MAX=63 "
	  "DEST_BASE_256=0x2000000 DEST_HEIGHT_MAX=127 DEST_PITCH_TILE_MAX=15 PIPE_CONFIG=P8_16x32_8x16 "
	  "DEST_SLICE_TILE_MAX=255 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=2 MT_ASPECT=4:1 "
	  "SWAP1=8IN16 MT=THIN NUM_BANKS=8 TILE_SPLIT=512 SWAP0=8IN64 SRC_X=8 DST_X=16 SRC_Y=0 DST_Y=8 SRC_Z=0 DST_Z=1 "
	  "DY=32 DX=56 DZ=1 ; SRC_HEIGHT_MAX: 64 rows, SRC_PITCH_TILE_MAX: 64 px, SRC_SLICE_TILE_MAX: 4096 px, "
	  "DEST_HEIGHT_MAX: 128 rows, DEST_PITCH_TILE_MAX: 128 px, DEST_SLICE_TILE_MAX: 16384 px" },
	/* INDIRECT_BUFFER: DW2 [31:5] base, DW3 [31:12] size (evergreen_dma_ring_ib_execute);
	 * VMID [23:20] on ni/si (cayman_dma_ring_ib_execute's DMA_IB_PACKET; SI uses 8-15) */
	{ EG, W(EGH(4, 0, 0), 0x00400020, (100u << 12) | 0x01), "INDIRECT_BUFFER IB_BASE=0x100400020 IB_SIZE=100" },
	{ CM, W(DMA_IB_PACKET(3), 0x00400020, (100u << 12) | 0x01), "INDIRECT_BUFFER VMID=3 IB_BASE=0x100400020 IB_SIZE=100" },
	{ SI, W(DMA_IB_PACKET(9), 0x00400020, (0xfffffu << 12) | 0xff),
	  "INDIRECT_BUFFER VMID=9 IB_BASE=0xff00400020 IB_SIZE=1048575" },
	/* SEMAPHORE: [23] mailbox, [22] signal */
	{ EGSI, W(R6H(5, 0, 1, 0), 0x00402008, 0x00), "SEMAPHORE MAILBOX=0 SIGNAL=1 SEMAPHORE_ADDR=0x402008" },
	{ EGSI, W((5u << 28) | (1u << 23), 0x00402008, 0x12), "SEMAPHORE MAILBOX=1 SIGNAL=0 SEMAPHORE_ADDR=0x1200402008" },
	/* CONSTANT_FILL with a 20-bit count */
	{ EGSI, W(EGH(0xd, 0, 0x10000), 0x00300000, 0xcafebabe, 0x02u << 16),
	  "CONSTANT_FILL COUNT=65536 DST_ADDR=0x200300000 CONSTANT_DATA=0xcafebabe" },
	/* SRBM_WRITE: the register as a dword index (evergreen_dma_fence_ring_emit's
	 * HDP flush; cayman_dma_vm_flush's page table base of VM 1), shown as
	 * its byte address, by name where the generation's register tables
	 * have it (Cayman's lack the VM context registers), and the value
	 * written by that register's fields where they have them */
	{ EG | CM, W(EGH(9, 0, 0), (0xfu << 16) | (0x5480u >> 2), 1),
	  "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=HDP_MEM_COHERENCY_FLUSH_CNTL DATA=0x1" },
	{ SI, W(EGH(9, 0, 0), (0xfu << 16) | (0x5480u >> 2), 1),
	  "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=HDP_MEM_COHERENCY_FLUSH_CNTL DATA=0x1 ; DATA: HDP_MEM_FLUSH_ADDR=1" },
	{ CM, W(EGH(9, 0, 0), (0xfu << 16) | ((0x153cu + (1u << 2)) >> 2), 0x12345),
	  "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x1540 DATA=0x12345" },
	{ SI, W(EGH(9, 0, 0), (0xfu << 16) | ((0x153cu + (1u << 2)) >> 2), 0x12345),
	  "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=VM_CONTEXT1_PAGE_TABLE_BASE_ADDR DATA=0x12345 ; DATA: PHYSICAL_PAGE_NUMBER=0x12345" },
	/* SRBM read / poll (evergreen/ni): cayman_dma_vm_flush's 4 dwords */
	{ EG, W(DMA_SRBM_READ_PACKET, (0xffu << 20) | (0x1478u >> 2), 0, 0),
	  "SRBM_READ POLL=0 RETRY_COUNT=255 REGISTER=0x1478 MASK=0x0 VALUE=0x0" },
	{ CM, W(DMA_SRBM_READ_PACKET, (0xffu << 20) | (0x1478u >> 2), 0, 0),
	  "SRBM_READ POLL=0 RETRY_COUNT=255 REGISTER=VM_INVALIDATE_REQUEST MASK=0x0 VALUE=0x0" },
	{ EG, W(DMA_SRBM_POLL_PACKET, (0xffu << 20) | (0x1478u >> 2), 0xff, 0x1),
	  "SRBM_READ POLL=1 RETRY_COUNT=255 REGISTER=0x1478 MASK=0xff VALUE=0x1" },
	{ CM, W(DMA_SRBM_POLL_PACKET, (0xffu << 20) | (0x1478u >> 2), 0xff, 0x1),
	  "SRBM_READ POLL=1 RETRY_COUNT=255 REGISTER=VM_INVALIDATE_REQUEST MASK=0xff VALUE=0x1" },
	/* POLL_REG_MEM (si): si_dma_vm_flush (register, VM 4), and a memory poll */
	{ SI, W(EGH(0xe, 0, 0), 0x1478, 0xffu << 16, 1u << 4, 0, (0u << 28) | 0x20),
	  "POLL_REG_MEM M=REGISTER REGISTER=VM_INVALIDATE_REQUEST RETRY_COUNT=255 MASK=0x10 REFERENCE=0x0 FUNC=ALWAYS "
	  "POLL_INTERVAL=32" },
	{ SI, W(EGH(0xe, 0, 0) | (1u << 27), 0x00400100, (0xffu << 16) | 0x01, 0xffffffff, 0x2a, (5u << 28) | 10),
	  "POLL_REG_MEM M=MEMORY ADDR=0x100400100 RETRY_COUNT=255 MASK=0xffffffff REFERENCE=0x2a FUNC=GREATER_EQUAL "
	  "POLL_INTERVAL=10" },

	/* ==== cik sdma ==== */

	/* COPY linear: cik_copy_dma (1 MiB) */
	{ CIK, W(CIKH(1, 0, 0), 0x00100000, 0, 0x00400000, 0x1, 0x80000000, 0x0),
	  "COPY_LINEAR COUNT=1048576 SRC_SWAP=NONE DST_SWAP=NONE SRC_ADDR=0x100400000 DST_ADDR=0x80000000" },
	{ CIK, W(CIKH(1, 0, 0), 0x003fffff, (3u << 24) | (1u << 16), 0x00400003, 0x0, 0x80000001, 0xffffffff),
	  "COPY_LINEAR COUNT=4194303 SRC_SWAP=8IN64 DST_SWAP=8IN16 SRC_ADDR=0x400003 DST_ADDR=0xffffffff80000001" },
	/* COPY linear broadcast: extra info bit 11 = header bit 27 */
	{ CIK, W(CIKH(1, 0, 0x0800), 0x1000, (2u << 16) | (2u << 8), 0x00400000, 0x0, 0x00800010, 0x1, 0x00900010, 0x1),
	  "COPY_LINEAR_BROADCAST COUNT=4096 SRC_SWAP=NONE DST1_SWAP=8IN32 DST2_SWAP=8IN32 SRC_ADDR=0x400000 "
	  "DST1_ADDR=0x100800010 DST2_ADDR=0x100900010" },
	/* COPY linear sub-window: element size [31:29]; pitches are pixels - 1 */
	{ CIK, W(CIKH(1, 4, 2u << 13), 0x00100000, 0, XY(4, 8), XY(255, 0), 65535, 0x00200000, 0, XY(0, 0), XY(127, 2),
		 16383, XY(16, 32), 1),
	  "COPY_LINEAR_SUB_WINDOW ELEMENT_SIZE=32BPP SRC_ADDR=0x100000 SRC_Y=4 SRC_X=8 SRC_PITCH=255 SRC_Z=0 "
	  "SRC_SLICE_PITCH=65535 DST_ADDR=0x200000 DST_Y=0 DST_X=0 DST_PITCH=127 DST_Z=2 DST_SLICE_PITCH=16383 RECT_Y=16 "
	  "RECT_X=32 SRC_SWAP=NONE DST_SWAP=NONE RECT_Z=1 ; SRC_PITCH: 256 px, SRC_SLICE_PITCH: 65536 px, DST_PITCH: 128 "
	  "px, DST_SLICE_PITCH: 16384 px" },
	/* COPY tiled: [31] detile; DW6 tiling info */
	{ CIK, W(CIKH(1, 1, 0x8000), 0x00100000, 0x1, XY(63, 7), 63, TI_A, XY(8, 4), 0, 0x00200000, 0, 64, 512),
	  "COPY_TILED DETILE=T2L TILED_ADDR=0x100100000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 " TI_A_TEXT
	  " Y=8 X=4 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 LINEAR_ADDR=0x200000 LINEAR_PITCH=64 COUNT=512" NOTE_CIK },
	/* COPY L2T broadcast: extra 0000100000000000b, 15 dwords */
	{ CIK, W(CIKH(1, 1, 0x0800), 0x00100000, 0x1, 0x00200000, 0x1, XY(63, 7), 63, TI_A, XY(8, 4), 1, 1u << 16,
		 0x00300000, 0, 64, 512),
	  "COPY_L2T_BROADCAST TILED_ADDR_1=0x100100000 TILED_ADDR_2=0x100200000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 " TI_A_TEXT
	  " Y=8 X=4 Z=1 TILED_1_SWAP=NONE LINEAR_SWAP=8IN16 TILED_2_SWAP=NONE LINEAR_ADDR=0x300000 LINEAR_PITCH=64 "
	  "COUNT=512" NOTE_CIK },
	/* COPY L2T frame to field: extra 0000010000000000b, 14 dwords */
	{ CIK, W(CIKH(1, 1, 0x0400), 0x00100000, 0x1, 0x00200000, 0x1, XY(63, 7), 63, TI_A, XY(8, 4), 1,
		 (1u << 24) | (2u << 8), 0x00300000, 0, 512),
	  "COPY_L2T_FRAME_TO_FIELD TILED_ADDR_1=0x100100000 TILED_ADDR_2=0x100200000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 "
	  TI_A_TEXT " Y=8 X=4 Z=1 TILED_1_SWAP=8IN16 LINEAR_SWAP=NONE TILED_2_SWAP=8IN32 LINEAR_ADDR=0x300000 COUNT=512"
	  NOTE_CIK },
	/* COPY tiled sub-window */
	{ CIK, W(CIKH(1, 5, 0), 0x00100000, 0x1, XY(8, 4), XY(7, 0), 63, TI_A, 0x00300000, 0, XY(0, 0), XY(63, 0), 4095,
		 XY(16, 16), 1),
	  "COPY_TILED_SUB_WINDOW DETILE=L2T TILED_ADDR=0x100100000 TILED_Y=8 TILED_X=4 PITCH=7 TILED_Z=0 SLICE_PITCH=63 "
	  TI_A_TEXT " LINEAR_ADDR=0x300000 LINEAR_Y=0 LINEAR_X=0 LINEAR_PITCH=63 LINEAR_Z=0 LINEAR_SLICE_PITCH=4095 "
	  "RECT_Y=16 RECT_X=16 TILED_SWAP=NONE LINEAR_SWAP=NONE RECT_Z=1 ; PITCH: 64 px, SLICE_PITCH: 4096 px, "
	  "LINEAR_PITCH: 64 px, LINEAR_SLICE_PITCH: 4096 px" },
	/* COPY T2T sub-window: src display, dst rotated (allowed) */
	{ CIK, W(CIKH(1, 6, 0), 0x00100000, 0x1, XY(8, 16), XY(7, 0), 63, TI(17, 3, 3, 3, 3, 6, 0, 4, 4), 0x00200000, 0x1,
		 XY(0, 8), XY(15, 3), 255, TI(0, 0, 0, 0, 0, 0, 3, 2, 4), XY(16, 24), 8),
	  "COPY_T2T_SUB_WINDOW SRC_ADDR=0x100100000 SRC_Y=8 SRC_X=16 SRC_PITCH=7 SRC_Z=0 SRC_SLICE_PITCH=63 "
	  "SRC_PIPE_CONFIG=P16_32x32_16x16 SRC_MACRO_TILE_ASPECT=8:1 SRC_NUM_BANKS=16 SRC_BANK_HEIGHT=8 SRC_BANK_WIDTH=8 "
	  "SRC_TILE_SPLIT=4096 SRC_MICRO_TILE_MODE=DISPLAY SRC_ARRAY_MODE=ARRAY_2D_TILED_THIN1 SRC_ELEMENT_SIZE=128BPP "
	  "DST_ADDR=0x100200000 DST_Y=0 DST_X=8 DST_PITCH=15 DST_Z=3 DST_SLICE_PITCH=255 DST_PIPE_CONFIG=P2 "
	  "DST_MACRO_TILE_ASPECT=1:1 DST_NUM_BANKS=2 DST_BANK_HEIGHT=1 DST_BANK_WIDTH=1 DST_TILE_SPLIT=64 "
	  "DST_MICRO_TILE_MODE=ROTATED DST_ARRAY_MODE=ARRAY_1D_TILED_THIN1 DST_ELEMENT_SIZE=128BPP RECT_Y=16 RECT_X=24 "
	  "SRC_SWAP=NONE DST_SWAP=NONE RECT_Z=8 ; SRC_PITCH: 64 px, SRC_SLICE_PITCH: 4096 px, DST_PITCH: 128 px, "
	  "DST_SLICE_PITCH: 16384 px" },
	/* COPY structured buffer */
	{ CIK, W(CIKH(1, 3, 0x8000), 0x00100000, 0, 16, 99, 4, 0x00200000, 0),
	  "COPY_STRUCTURED DIRECTION=STRUCTURED_TO_LINEAR SB_ADDR=0x100000 START_INDEX=16 COUNT=99 SB_SWAP=NONE "
	  "LINEAR_SWAP=NONE STRIDE=4 LINEAR_ADDR=0x200000" },
	/* WRITE linear: count in DW4 (cik_sdma_ring_test: "number of DWs to follow") */
	{ CIK, W(CIKH(2, 0, 0), 0x00401000, 0x0, 1, 0xdeadbeef),
	  "WRITE_LINEAR ADDR=0x401000 SWAP=NONE\n"
	  "    DATA 0xdeadbeef" },
	{ CIK, W(CIKH(2, 0, 0), 0x00801000, 0x1, (2u << 24) | 9, 0x23456067, 0x1, 0x23457067, 0x1, 5, 6, 7, 8, 9),
	  "WRITE_LINEAR ADDR=0x100801000 SWAP=8IN32\n"
	  "    DATA 0x23456067 0x00000001 0x23457067 0x00000001 0x00000005 0x00000006 0x00000007 0x00000008\n"
	  "    DATA 0x00000009" },
	/* WRITE tiled: count in DW9 */
	{ CIK, W(CIKH(2, 1, 0), 0x00100000, 0x1, XY(63, 7), 63, TI_A, XY(8, 4), 2, 3, 1, 2, 3),
	  "WRITE_TILED TILED_ADDR=0x100100000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 " TI_A_TEXT
	  " Y=8 X=4 TILED_SWAP=NONE Z=2" NOTE_CIK "\n"
	  "    DATA 0x00000001 0x00000002 0x00000003" },
	/* CONSTANT_FILL: size [31:30] (amdgpu cik_sdma_emit_fill_buffer: dword fill), and a byte fill */
	{ CIK, W(CIKH(11, 0, 2u << 14), 0x00400000, 0x1, 0xdeadbeef, 0x1000),
	  "CONSTANT_FILL SIZE=DWORD SWAP=NONE ADDR=0x100400000 DATA=0xdeadbeef COUNT=4096" },
	{ CIK, W(CIKH(11, 0, 1), 0x00400001, 0x0, 0xab, 3), "CONSTANT_FILL SIZE=BYTE SWAP=8IN16 ADDR=0x400001 DATA=0xab COUNT=3" },
	/* INDIRECT_BUFFER: cik_sdma_ring_ib_execute, VM 5 */
	{ CIK, W(CIKH(4, 0, 5), 0x00400020, 0x1, 100), "INDIRECT_BUFFER VMID=5 IB_BASE=0x100400020 IB_SIZE=100" },
	/* FENCE, TRAP: cik_sdma_fence_ring_emit */
	{ CIK, W(CIKH(5, 0, 0), 0x34567890, 0x12, 0x2a), "FENCE ADDR=0x1234567890 DATA=0x2a" },
	{ CIK, W(CIKH(6, 0, 0)), "TRAP" },
	/* SEMAPHORE: extra S (signal) = bit 30; M = bit 31; O (write one) = bit 29 */
	{ CIK, W(CIKH(7, 0, 1u << 14), 0x00402008, 0x0), "SEMAPHORE MAILBOX=0 SIGNAL=1 WRITE_ONE=0 SEMAPHORE_ADDR=0x402008" },
	{ CIK, W(CIKH(7, 0, (1u << 15) | (1u << 13)), 0x00402008, 0x12345678),
	  "SEMAPHORE MAILBOX=1 SIGNAL=0 WRITE_ONE=1 SEMAPHORE_ADDR=0x1234567800402008" },
	/* POLL_REG_MEM: cik_sdma_hdp_flush_ring_emit (op 1, func ==), and a memory poll */
	{ CIK, W(CIKH(8, 0, (1u << 10) | (3u << 12)), 0x54e0, 0x54dc, 1u << 10, 1u << 10, (0xfffu << 16) | 10),
	  "POLL_REG_MEM M=REGISTER FUNC=EQUAL OP=WRITE_WAIT_WRITE REGISTER=GPU_HDP_FLUSH_DONE PREPOLL_REGISTER=0x54dc "
	  "REFERENCE=0x400 MASK=0x400 RETRY_COUNT=4095 POLL_INTERVAL=10 ; REFERENCE: SDMA0=1" },
	{ CIK, W(CIKH(8, 0, (1u << 15) | (6u << 12)), 0x00400100, 0x1, 0x1, 0xffffffff, (0x10u << 16) | 0xffff),
	  "POLL_REG_MEM M=MEMORY FUNC=GREATER OP=WAIT_REG_MEM ADDR=0x100400100 REFERENCE=0x1 MASK=0xffffffff "
	  "RETRY_COUNT=16 POLL_INTERVAL=65535" },
	/* COND_EXEC: the next 2 dwords (two NOPs) are conditional */
	{ CIK, W(CIKH(9, 0, 0), 0x00400200, 0x0, 2, CIKH(0, 0, 0), CIKH(0, 0, 0)),
	  "COND_EXEC BOOL_ADDR=0x400200 EXEC_COUNT=2\n"
	  "NOP\n"
	  "NOP" },
	/* WRITE PTE/PDE: cik_sdma_vm_set_pages, 16 entries */
	{ CIK, W(CIKH(12, 0, 0), 0x00801000, 0x0, 0x61, 0, 0x80000000, 0x1, 0x1000, 0, 16),
	  "WRITE_PTE_PDE DST_ADDR=0x801000 MASK=0x61 VALUE=0x180000000 INCREMENT=0x1000 COUNT=16" },
	/* SRBM_WRITE: cik_dma_vm_flush's TLB flush of VM 5 */
	{ CIK, W(CIKH(14, 0, 0xf000), 0x1478u >> 2, 1u << 5),
	  "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=VM_INVALIDATE_REQUEST DATA=0x20 ; DATA: INVALIDATE_DOMAIN_5=1" },
	/* NOP (cik_sdma_vm_pad_ib), timestamps */
	{ CIK, W(CIKH(0, 0, 0)), "NOP" },
	{ CIK, W(CIKH(13, 0, 0), 0x89abcdef, 0x01234567), "SET_LOCAL_TIMESTAMP DATA=0x123456789abcdef" },
	{ CIK, W(CIKH(13, 1, 0), 0x00400308, 0x1), "GET_LOCAL_TIMESTAMP ADDR=0x100400308" },
	{ CIK, W(CIKH(13, 2, 0), 0x00400310, 0x0), "GET_GLOBAL_TIMESTAMP ADDR=0x400310" },
};

#define NVECS (sizeof vecs / sizeof vecs[0])

static char textbuf[1 << 20];
static struct tu_asm asmres; /* ~4 MiB: never on the stack */
static struct tu_check chk;

/* decode == text, encode == words, check == nothing; marks what is covered */
static void test_vectors(void)
{
	bool covered[TU_NGENS][GK_MAX_DESCS];
	memset(covered, 0, sizeof covered);
	for (size_t i = 0; i < NVECS; i++) {
		const struct vec *v = &vecs[i];
		CHECK(v->gens && !(v->gens & ~ALLGENS), "row %zu: bad generation set 0x%x", i, v->gens);
		for (unsigned g = 0; g < TU_NGENS; g++) {
			if (!(v->gens & tu_gen_bit(g)))
				continue;
			const char *gpu = tu_gen_name(g);
			const struct gk_format *fmt = tu_fmt(gpu);
			char what[48];
			snprintf(what, sizeof what, "row %zu (%s)", i, gpu);
			tu_expect_decode(what, fmt, v->w, v->n, v->text);
			tu_expect_encode(what, fmt, v->text, v->w, v->n);
			tu_check(fmt, v->w, v->n, &chk);
			CHECK(chk.n == 0 && chk.errors == 0 && chk.warnings == 0, "row %zu (%s) %s: check says%s", i, gpu,
			      tu_words_str(v->w, v->n), tu_diags_str(&chk));
			size_t pos = 0;
			while (pos < v->n) {
				struct gk_packet pkt;
				gk_packet_frame(fmt, v->w + pos, v->n - pos, 4 * pos, &pkt);
				if (pkt.frame.desc && !pkt.truncated && !pkt.frame.other_gen && !pkt.frame.unknown)
					covered[g][pkt.frame.desc - fmt->descs] = true;
				pos += pkt.ndw ? pkt.ndw : 1;
			}
		}
	}
	unsigned ncov = 0;
	for (unsigned g = 0; g < TU_NGENS_SEED; g++) {
		const struct gk_format *fmt = tu_fmt(tu_gen_name(g));
		for (size_t k = 0; k < fmt->ndescs && k < GK_MAX_DESCS; k++) {
			if (!(fmt->descs[k].gens & tu_gen_bit(g)))
				continue;
			CHECK(covered[g][k], "%s: %s (opcode 0x%x sub 0x%02x) has no vector", tu_gen_name(g),
			      fmt->descs[k].name, fmt->descs[k].opcode, fmt->descs[k].sub_opcode);
			ncov += covered[g][k];
		}
	}
	/* gfxkit list: r600 9, r700 10, evergreen 18, cayman 22, si 22, cik 24 */
	CHECK(ncov == 9 + 10 + 18 + 22 + 22 + 24, "%u packet x generation pairs covered, want 105", ncov);
}

/* ---- JSON ---- */

static struct gk_membuf jsonbuf;

static void json_of(const struct gk_format *fmt, const struct gk_packet *pkt, bool with_check)
{
	struct gk_out o = GK_OUT_INIT(NULL, 0, gk_membuf_write, &jsonbuf);
	char ob[4096];
	o.buf = ob;
	o.cap = sizeof ob;
	jsonbuf.n = 0;
	if (jsonbuf.p)
		jsonbuf.p[0] = 0;
	struct gk_diags dg;
	gk_diags_reset(&dg);
	if (with_check) {
		struct gk_check_state cs;
		gk_check_init(&cs);
		gk_check_packet(fmt, &cs, pkt, &dg);
	}
	gk_json_packet(fmt, pkt, &dg, GK_JSON_TEXT, &o);
	gk_out_flush(&o);
}

/* the first word of the k-th packet line of a vector's text */
static void packet_name(const char *text, unsigned k, char *name, size_t cap)
{
	const char *p = text;
	unsigned seen = 0;
	name[0] = 0;
	while (*p) {
		if (*p != ' ') {
			if (seen == k) {
				size_t n = strcspn(p, " \n");
				if (n >= cap)
					n = cap - 1;
				memcpy(name, p, n);
				name[n] = 0;
				return;
			}
			seen++;
		}
		const char *e = strchr(p, '\n');
		if (!e)
			break;
		p = e + 1;
	}
}

/* "opcode" is header [31:28] on r600..si and [7:0] on cik; "sub_opcode" is
 * [27:20] on evergreen..si, [15:8] on cik, null on r600/r700 */
static void want_opcodes(unsigned gbit, uint32_t h, char *buf, size_t cap)
{
	if (gbit & R67)
		snprintf(buf, cap, "\"opcode\":%u,\"sub_opcode\":null,", h >> 28);
	else if (gbit & EGSI)
		snprintf(buf, cap, "\"opcode\":%u,\"sub_opcode\":%u,", h >> 28, (h >> 20) & 0xffu);
	else
		snprintf(buf, cap, "\"opcode\":%u,\"sub_opcode\":%u,", h & 0xffu, (h >> 8) & 0xffu);
}

static void test_json_vectors(void)
{
	for (size_t i = 0; i < NVECS; i++) {
		const struct vec *v = &vecs[i];
		for (unsigned g = 0; g < TU_NGENS; g++) {
			if (!(v->gens & tu_gen_bit(g)))
				continue;
			const struct gk_format *fmt = tu_fmt(tu_gen_name(g));
			size_t pos = 0;
			unsigned k = 0;
			while (pos < v->n) {
				struct gk_packet pkt;
				gk_packet_frame(fmt, v->w + pos, v->n - pos, 4 * pos, &pkt);
				json_of(fmt, &pkt, true);
				CHECK(json_line_ok(jsonbuf.p, jsonbuf.n), "row %zu (%s) packet %u: JSON does not validate: %s", i,
				      tu_gen_name(g), k, jsonbuf.p);
				char want[96], name[64], wname[200];
				want_opcodes(tu_gen_bit(g), v->w[pos], want, sizeof want);
				packet_name(v->text, k, name, sizeof name);
				snprintf(wname, sizeof wname, "\"name\":\"%s\",", name);
				CHECK(strstr(jsonbuf.p, wname) != NULL && strstr(jsonbuf.p, want) != NULL,
				      "row %zu (%s) packet %u: want %s and %s in %s", i, tu_gen_name(g), k, wname, want, jsonbuf.p);
				CHECK(strstr(jsonbuf.p, "\"diagnostics\":[],") != NULL, "row %zu (%s): diagnostics in %s", i,
				      tu_gen_name(g), jsonbuf.p);
				pos += pkt.ndw ? pkt.ndw : 1;
				k++;
			}
		}
	}
	/* the numbers of the examples, spelled out */
	static const struct {
		const char *gpu;
		uint32_t h;
		const char *want, *name;
	} ex[] = {
		{ "evergreen", (3u << 28) | (1u << 26) | 16, "\"opcode\":3,\"sub_opcode\":64,", "\"name\":\"COPY_L2L_BYTE\"," },
		{ "si", EGH(3, 0x4b, 16), "\"opcode\":3,\"sub_opcode\":75,", "\"name\":\"COPY_L2T_BROADCAST\"," },
		{ "cayman", DMA_PTE_PDE_PACKET(2), "\"opcode\":2,\"sub_opcode\":66,", "\"name\":\"WRITE_PTE_PDE\"," },
		{ "r600", R6H(6, 0, 0, 0), "\"opcode\":6,\"sub_opcode\":null,", "\"name\":\"FENCE\"," },
		{ "r700", R6H(3, 1, 0, 16), "\"opcode\":3,\"sub_opcode\":null,", "\"name\":\"COPY_TILED\"," },
		{ "cik", CIKH(1, 1, 0x8000), "\"opcode\":1,\"sub_opcode\":1,", "\"name\":\"COPY_TILED\"," },
		{ "cik", CIKH(13, 2, 0), "\"opcode\":13,\"sub_opcode\":2,", "\"name\":\"GET_GLOBAL_TIMESTAMP\"," },
		{ "cik", CIKH(14, 0, 0xf000), "\"opcode\":14,\"sub_opcode\":0,", "\"name\":\"SRBM_WRITE\"," },
		/* unknown: still the header's numbers, no name */
		{ "cik", CIKH(3, 7, 0), "\"opcode\":3,\"sub_opcode\":7,", "\"name\":null," },
		{ "evergreen", EGH(3, 0xff, 0), "\"opcode\":3,\"sub_opcode\":255,", "\"name\":null," },
		{ "r600", 0x1abcdef0, "\"opcode\":1,\"sub_opcode\":null,", "\"name\":null," },
	};
	for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		uint32_t w[16] = { ex[i].h };
		const struct gk_format *fmt = tu_fmt(ex[i].gpu);
		struct gk_packet pkt;
		gk_packet_frame(fmt, w, 16, 0, &pkt);
		json_of(fmt, &pkt, true);
		CHECK(json_line_ok(jsonbuf.p, jsonbuf.n) && strstr(jsonbuf.p, ex[i].want) && strstr(jsonbuf.p, ex[i].name),
		      "%s 0x%08x: want %s and %s in %s", ex[i].gpu, ex[i].h, ex[i].want, ex[i].name, jsonbuf.p);
	}
	/* fields carry raw numbers (the 40-bit fence address whole) */
	{
		static const uint32_t w[] = { R6H(6, 0, 0, 0), 0x34567890, 0x12, 0x2a };
		const struct gk_format *fmt = tu_fmt("cayman");
		struct gk_packet pkt;
		gk_packet_frame(fmt, w, 4, 0, &pkt);
		json_of(fmt, &pkt, false);
		CHECK(strstr(jsonbuf.p, "\"FENCE_ADDR\":78187493520") && strstr(jsonbuf.p, "\"FENCE_DATA\":42") &&
			      strstr(jsonbuf.p, "\"words\":[1610612736,878082192,18,42]"),
		      "cayman FENCE JSON fields: %s", jsonbuf.p);
	}
}

/* ---- framing ---- */

static unsigned frame_all(const struct gk_format *fmt, const uint32_t *w, size_t n, uint32_t *lens, unsigned max)
{
	size_t pos = 0;
	unsigned k = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4 * pos, &pkt);
		if (k < max)
			lens[k] = pkt.ndw;
		k++;
		pos += pkt.ndw ? pkt.ndw : 1;
	}
	return k;
}

static void test_framing_lengths(void)
{
	uint32_t lens[8];
	/* r6xx WRITE: 3 + COUNT (linear), 5 + COUNT (tiled), COUNT [15:0] */
	{
		static const uint32_t w[] = { R6H(2, 0, 0, 5), 0x1000, 0, 1, 2, 3, 4, 5, R6H(2, 1, 0, 1), 0x100, 0, 0, 0, 7,
					      R6H(0xf, 0, 0, 0) };
		for (unsigned g = 0; g < 2; g++) {
			unsigned k = frame_all(tu_fmt(tu_gen_name(g)), w, 15, lens, 8);
			CHECK(k == 3 && lens[0] == 8 && lens[1] == 6 && lens[2] == 1, "%s WRITE lengths: %u packets %u %u %u",
			      tu_gen_name(g), k, lens[0], lens[1], lens[2]);
		}
	}
	/* evergreen..si WRITE: 3 + COUNT, 7 + COUNT, COUNT [19:0]; the same
	 * words as the r6xx tiled write are 7 + 1 here */
	{
		static const uint32_t w[] = { EGH(2, 0, 2), 0x1000, 0, 1, 2, EGH(2, 8, 1), 0x100, 0, 0, 0, 0, 0, 9, EGH(0xf, 0, 0) };
		for (unsigned g = 2; g < 5; g++) {
			unsigned k = frame_all(tu_fmt(tu_gen_name(g)), w, 14, lens, 8);
			CHECK(k == 3 && lens[0] == 5 && lens[1] == 8 && lens[2] == 1, "%s WRITE lengths: %u packets %u %u %u",
			      tu_gen_name(g), k, lens[0], lens[1], lens[2]);
		}
	}
	/* the count's bits 19:16 count on evergreen, not on r700 (reserved there) */
	{
		static const uint32_t w[] = { EGH(2, 0, 0x10001), 0x1000, 0, 0xabc };
		unsigned k = frame_all(tu_fmt("r700"), w, 4, lens, 8);
		CHECK(k == 1 && lens[0] == 4, "r700 WRITE count is [15:0]: %u packets, %u dwords", k, lens[0]);
		struct gk_packet pkt;
		gk_packet_frame(tu_fmt("evergreen"), w, 4, 0, &pkt);
		CHECK(pkt.truncated && pkt.frame.ndw == 3 + 0x10001, "evergreen WRITE count is [19:0]: %u dwords",
		      pkt.frame.ndw);
	}
	/* CIK WRITE linear: count in DW4 [19:0]; WRITE tiled: count in DW9 */
	{
		static const uint32_t w[] = { CIKH(2, 0, 0), 0x1000, 0, 2, 0xa, 0xb, CIKH(2, 1, 0), 0x100, 0, 0, 0, 0, 0, 0, 1,
					      0xc, CIKH(0, 0, 0) };
		unsigned k = frame_all(tu_fmt("cik"), w, 17, lens, 8);
		CHECK(k == 3 && lens[0] == 6 && lens[1] == 10 && lens[2] == 1, "cik WRITE lengths: %u packets %u %u %u", k,
		      lens[0], lens[1], lens[2]);
		/* the header's low 20 bits are the opcode and sub-opcode, not a count */
		static const uint32_t z[] = { CIKH(2, 0, 0), 0x1000, 0, 0 };
		k = frame_all(tu_fmt("cik"), z, 4, lens, 8);
		CHECK(k == 1 && lens[0] == 4, "cik WRITE_LINEAR with COUNT=0 is 4 dwords: %u packets, %u", k, lens[0]);
	}
	/* COPY linear: 4 dwords on r600, 5 on r700 */
	{
		static const uint32_t w[] = { R6H(3, 0, 0, 2), 0x1000, 0x2000, 0, R6H(0xf, 0, 0, 0) };
		unsigned k = frame_all(tu_fmt("r600"), w, 5, lens, 8);
		CHECK(k == 2 && lens[0] == 4 && lens[1] == 1, "r600 COPY_LINEAR is 4 dwords: %u packets, %u", k, lens[0]);
		k = frame_all(tu_fmt("r700"), w, 5, lens, 8);
		CHECK(k == 1 && lens[0] == 5, "r700 COPY_LINEAR is 5 dwords: %u packets, %u", k, lens[0]);
	}
	/* fixed lengths, one per packet: seed + kernel (docs/dma-facts.md §4) */
	static const struct {
		const char *gpu;
		uint32_t h;
		uint32_t ndw;
	} fixed[] = {
		{ "r600", R6H(3, 1, 0, 0), 7 }, { "r700", R6H(4, 0, 0, 0), 3 }, { "r600", R6H(5, 0, 1, 0), 3 },
		{ "r700", R6H(6, 0, 0, 0), 4 }, { "r600", R6H(7, 0, 0, 0), 1 }, { "r700", R6H(0xd, 0, 0, 1), 4 },
		{ "cayman", DMA_PTE_PDE_PACKET(2), 9 }, { "si", DMA_PTE_PDE_PACKET(2), 9 },
		{ "evergreen", EGH(3, 0x00, 1), 5 }, { "evergreen", EGH(3, 0x40, 1), 5 }, { "evergreen", EGH(3, 0x44, 1), 7 },
		{ "cayman", EGH(3, 0x41, 0), 9 }, { "si", EGH(3, 0x08, 1), 9 }, { "evergreen", EGH(3, 0x48, 1), 10 },
		{ "cayman", EGH(3, 0x4b, 1), 10 }, { "si", EGH(3, 0x4c, 1), 9 }, { "evergreen", EGH(3, 0x4f, 1), 10 },
		{ "cayman", EGH(3, 0x49, 1), 12 }, { "si", EGH(3, 0x4d, 0), 13 }, { "evergreen", EGH(4, 0, 0), 3 },
		{ "si", EGH(5, 0, 0), 3 }, { "cayman", EGH(6, 0, 0), 4 }, { "si", EGH(7, 0, 0), 1 },
		{ "evergreen", EGH(0xf, 0, 0), 1 }, { "cayman", EGH(0xd, 0, 1), 4 }, { "si", EGH(9, 0, 0), 3 },
		{ "cayman", DMA_SRBM_READ_PACKET, 4 }, { "evergreen", DMA_SRBM_POLL_PACKET, 4 }, { "si", EGH(0xe, 0, 0), 6 },
		{ "cik", CIKH(1, 0, 0), 7 }, { "cik", CIKH(1, 0, 0x800), 9 }, { "cik", CIKH(1, 4, 0), 13 },
		{ "cik", CIKH(1, 1, 0), 12 }, { "cik", CIKH(1, 1, 0x800), 15 }, { "cik", CIKH(1, 1, 0x400), 14 },
		{ "cik", CIKH(1, 5, 0), 14 }, { "cik", CIKH(1, 6, 0), 15 }, { "cik", CIKH(1, 3, 0), 8 },
		{ "cik", CIKH(11, 0, 0), 5 }, { "cik", CIKH(4, 0, 0), 4 }, { "cik", CIKH(5, 0, 0), 4 },
		{ "cik", CIKH(6, 0, 0), 1 }, { "cik", CIKH(7, 0, 0), 3 }, { "cik", CIKH(8, 0, 0), 6 },
		{ "cik", CIKH(9, 0, 0), 4 }, { "cik", CIKH(12, 0, 0), 10 }, { "cik", CIKH(14, 0, 0), 3 },
		{ "cik", CIKH(0, 0, 0), 1 }, { "cik", CIKH(13, 0, 0), 3 }, { "cik", CIKH(13, 1, 0), 3 },
		{ "cik", CIKH(13, 2, 0), 3 },
	};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
		uint32_t w[32] = { fixed[i].h };
		struct gk_packet pkt;
		gk_packet_frame(tu_fmt(fixed[i].gpu), w, 32, 0, &pkt);
		CHECK(pkt.frame.desc && !pkt.frame.unknown && !pkt.frame.other_gen && pkt.ndw == fixed[i].ndw,
		      "%s 0x%08x: want %u dwords of its own generation, got %u (%s%s)", fixed[i].gpu, fixed[i].h,
		      fixed[i].ndw, pkt.ndw, pkt.frame.desc ? pkt.frame.desc->name : "raw",
		      pkt.frame.other_gen ? ", other generation" : "");
	}
}

/* a packet of another generation: its name, WRONG_GEN, and the text assembles back */
static void test_other_generation(void)
{
	const struct {
		const char *gpu;
		const uint32_t *w;
		size_t n;
		const char *text;
	} rows[] = {
		{ "r600", W(R6H(0xd, 0, 0, 256), 0x00300000, 0xcafebabe, 0x02u << 16),
		  "CONSTANT_FILL COUNT=256 DST_ADDR=0x200300000 CONSTANT_DATA=0xcafebabe" },
		{ "cayman", W(EGH(0xe, 0, 0), 0x1478, 0xffu << 16, 1u << 4, 0, 0x20),
		  "POLL_REG_MEM M=REGISTER REGISTER=VM_INVALIDATE_REQUEST RETRY_COUNT=255 MASK=0x10 REFERENCE=0x0 FUNC=ALWAYS "
		  "POLL_INTERVAL=32" },
		{ "evergreen", W(EGH(0xe, 0, 0), 0x1478, 0xffu << 16, 1u << 4, 0, 0x20),
		  "POLL_REG_MEM M=REGISTER REGISTER=0x1478 RETRY_COUNT=255 MASK=0x10 REFERENCE=0x0 FUNC=ALWAYS POLL_INTERVAL=32" },
		{ "evergreen", W(EGH(3, 0x41, 0), 0x00400000, 1024u << 13, 0x40000, 0x00500000, 2048u << 13, 0x80000, XY(16, 32),
				 (2u << 29) | 1),
		  "COPY_L2L_PARTIAL SRC_ADDR=0x400000 SRC_PITCH=1024 SRC_SWAP=NONE SRC_SLICE_PITCH=262144 DEST_ADDR=0x500000 "
		  "DEST_PITCH=2048 DEST_SWAP=NONE DEST_SLICE_PITCH=524288 DY=16 DX=32 SIZE=32BPP DZ=1" },
		{ "si", W(DMA_SRBM_READ_PACKET, (0xffu << 20) | (0x1478u >> 2), 0, 0),
		  "SRBM_READ POLL=0 RETRY_COUNT=255 REGISTER=VM_INVALIDATE_REQUEST MASK=0x0 VALUE=0x0" },
		{ "evergreen", W(DMA_PTE_PDE_PACKET(32), 0x00801000, 0x00, 0x61, 0, 0x80000000, 0x1, 0x1000, 0),
		  "WRITE_PTE_PDE COUNT=32 DEST_ADDR=0x801000 MASK=0x61 VALUE=0x180000000 INCREMENT=0x1000" },
		/* the evergreen reading of the tiled block (ARRAY_MODE names, NON_DISP) */
		{ "evergreen", W(EGH(3, 0x49, 256), 0x00010000, TB0(1, 4, 2, 0, 1, 0), TB1(31, 7), TB2(0, 31), TB3(0, 8),
				 TB4(0, 1, 3, 2, 4), 0x00200000, 256u << 13, 0x2000, XY(8, 16), 1),
		  "COPY_L2T_PARTIAL COUNT=256 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP "
		  "BANK_HEIGHT=1 BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 SLICE_TILE_MAX=31 Z=0 X=8 "
		  "TILED_SWAP=NONE NON_DISP=1 NUM_BANKS=16 TILE_SPLIT=256 Y=4 LINEAR_ADDR=0x200000 LINEAR_PITCH=256 "
		  "LINEAR_SWAP=NONE LINEAR_SLICE_PITCH=8192 DY=8 DX=16 DZ=1" NOTE_32x64 },
		{ "evergreen", W(EGH(3, 0x4d, 0), 0x00010000, XY(63, 7), 63, 0x00020000, XY(127, 15), 255,
				 T2T7(4, 2, 1, 1, 2, 0, 0, 2, 3, 0), XY(8, 16), XY(0, 8), XY(0, 1), XY(32, 56), 1),
		  "COPY_T2T_PARTIAL SRC_BASE_256=0x1000000 SRC_HEIGHT_MAX=63 SRC_PITCH_TILE_MAX=7 SRC_SLICE_TILE_MAX=63 "
		  "DEST_BASE_256=0x2000000 DEST_HEIGHT_MAX=127 DEST_PITCH_TILE_MAX=15 DEST_SLICE_TILE_MAX=255 "
		  "ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=2 MT_ASPECT=4:1 SWAP1=NONE NON_DISP=0 "
		  "NUM_BANKS=8 TILE_SPLIT=512 SWAP0=NONE SRC_X=8 DST_X=16 SRC_Y=0 DST_Y=8 SRC_Z=0 DST_Z=1 DY=32 DX=56 DZ=1 ; "
		  "SRC_HEIGHT_MAX: 64 rows, SRC_PITCH_TILE_MAX: 64 px, SRC_SLICE_TILE_MAX: 4096 px, DEST_HEIGHT_MAX: 128 "
		  "rows, DEST_PITCH_TILE_MAX: 128 px, DEST_SLICE_TILE_MAX: 16384 px" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct gk_format *fmt = tu_fmt(rows[i].gpu);
		struct gk_packet pkt;
		gk_packet_frame(fmt, rows[i].w, rows[i].n, 0, &pkt);
		CHECK(pkt.frame.desc && pkt.frame.other_gen && !pkt.frame.unknown && pkt.ndw == rows[i].n,
		      "%s %s: want another generation's packet of %zu dwords, got %s, %u dwords", rows[i].gpu,
		      tu_words_str(rows[i].w, rows[i].n), rows[i].n, pkt.frame.desc ? pkt.frame.desc->name : "raw", pkt.ndw);
		char what[48];
		snprintf(what, sizeof what, "%s other generation", rows[i].gpu);
		tu_expect_decode(what, fmt, rows[i].w, rows[i].n, rows[i].text);
		tu_check(fmt, rows[i].w, rows[i].n, &chk);
		const struct gk_diag *d = tu_find(&chk, GK_D_WRONG_GEN);
		CHECK(d && d->severity == GK_ERROR && d->dw == 0 && d->offset == 0 && chk.npackets == 1 &&
			      strstr(d->message, rows[i].gpu) != NULL,
		      "%s %s: want one WRONG_GEN naming the generation:%s", rows[i].gpu, rows[i].text, tu_diags_str(&chk));
		CHECK(tu_count(&chk, GK_D_WRONG_GEN) == 1 && chk.n == 1, "%s: only WRONG_GEN expected:%s", rows[i].gpu,
		      tu_diags_str(&chk));
		tu_expect_encode(what, fmt, rows[i].text, rows[i].w, rows[i].n);
	}
}

/* unknown opcodes and sub-opcodes: one raw dword, then the next packet */
static void test_unknown(void)
{
	static const struct {
		const char *gpu;
		uint32_t h;
	} rows[] = {
		{ "r600", 0x00000000 }, { "r700", 0x10000000 }, { "r600", 0x8abcdef0 }, { "r700", 0x90000000 },
		{ "r600", 0xe0000000 }, { "r700", 0xc0001234 }, { "r600", 0xb0000000 }, { "r700", 0xa0000000 },
		{ "evergreen", 0x00000000 }, { "cayman", 0x10000000 }, { "si", 0x80000000 }, { "evergreen", 0xa0000000 },
		{ "si", 0xb0000000 }, { "cayman", 0xc0000000 },
		/* SRBM: [27:26] = 01 is neither write (00) nor read/poll (1x) */
		{ "cayman", (9u << 28) | (1u << 26) }, { "evergreen", (9u << 28) | (1u << 26) },
		/* WRITE / COPY sub-commands nobody has */
		{ "evergreen", EGH(2, 0x01, 0) }, { "cayman", EGH(2, 0x43, 0) }, { "si", EGH(3, 0x01, 0) },
		{ "evergreen", EGH(3, 0xff, 0) }, { "si", EGH(3, 0x4e, 0) }, { "cayman", EGH(3, 0x09, 0) },
		/* CIK opcodes 3, 10, 15, 255; sub-opcodes off the list */
		{ "cik", CIKH(3, 0, 0) }, { "cik", CIKH(10, 0, 0) }, { "cik", CIKH(15, 0, 0) }, { "cik", CIKH(255, 0, 0) },
		{ "cik", CIKH(1, 2, 0) }, { "cik", CIKH(1, 7, 0) }, { "cik", CIKH(2, 2, 0) }, { "cik", CIKH(13, 3, 0) },
		{ "cik", CIKH(5, 1, 0) }, { "cik", CIKH(0, 1, 0) },
		/* CIK COPY tiled with both broadcast and frame to field */
		{ "cik", CIKH(1, 1, 0x0c00) },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct gk_format *fmt = tu_fmt(rows[i].gpu);
		uint32_t nop = fmt->gen_bit == CIK ? CIKH(0, 0, 0) : R6H(0xf, 0, 0, 0);
		uint32_t w[2] = { rows[i].h, nop };
		struct gk_packet pkt;
		gk_packet_frame(fmt, w, 2, 0, &pkt);
		CHECK(!pkt.frame.desc && pkt.frame.unknown && pkt.ndw == 1, "%s 0x%08x: want one unknown dword, got %s %u",
		      rows[i].gpu, rows[i].h, pkt.frame.desc ? pkt.frame.desc->name : "raw", pkt.ndw);
		char want[64];
		snprintf(want, sizeof want, ".long 0x%08x\nNOP", rows[i].h);
		char what[48];
		snprintf(what, sizeof what, "%s 0x%08x", rows[i].gpu, rows[i].h);
		tu_expect_decode(what, fmt, w, 2, want);
		tu_check(fmt, w, 2, &chk);
		const struct gk_diag *d = tu_find(&chk, GK_D_UNKNOWN_OPCODE);
		CHECK(d && chk.n == 1 && d->severity == GK_ERROR && d->dw == 0 && chk.npackets == 2,
		      "%s 0x%08x: want one UNKNOWN_OPCODE:%s", rows[i].gpu, rows[i].h, tu_diags_str(&chk));
		tu_expect_encode(what, fmt, want, w, 2);
	}
}

/* packets cut off by the end of the buffer: raw words, TRUNCATED, round trip */
static void test_truncated(void)
{
	const struct {
		const char *gpu;
		const uint32_t *w;
		size_t n;
		uint32_t frame_ndw; /* what framing says the packet would need */
	} rows[] = {
		{ "r600", W(R6H(2, 0, 0, 5), 0x1000, 0, 1), 8 },
		{ "r700", W(R6H(2, 1, 0, 1), 0x100, 0, 0, 0), 6 },
		{ "r600", W(R6H(3, 1, 0, 4), 0x100), 7 },
		{ "evergreen", W(EGH(2, 0, 0xfffff), 0x1000, 0, 1, 2), 3 + 0xfffff },
		{ "cayman", W(EGH(3, 0x08, 16), 0x100, 0, 0), 9 },
		{ "si", W(EGH(3, 0x4d, 0), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), 13 },
		{ "si", W(EGH(6, 0, 0), 0x1000, 0), 4 },
		/* CIK: the count dword itself past the end (the packet is at least that long) */
		{ "cik", W(CIKH(2, 0, 0), 0x1000, 0), 4 },
		{ "cik", W(CIKH(2, 0, 0)), 4 },
		{ "cik", W(CIKH(2, 1, 0), 0x100, 0, 0, 0, 0, 0), 9 },
		/* the count read, the data missing */
		{ "cik", W(CIKH(2, 0, 0), 0x1000, 0, 3, 0xa), 7 },
		{ "cik", W(CIKH(2, 1, 0), 0x100, 0, 0, 0, 0, 0, 0, 2, 0xb), 11 },
		{ "cik", W(CIKH(1, 6, 0), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), 15 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct gk_format *fmt = tu_fmt(rows[i].gpu);
		struct gk_packet pkt;
		gk_packet_frame(fmt, rows[i].w, rows[i].n, 0, &pkt);
		CHECK(pkt.truncated && pkt.ndw == rows[i].n && pkt.frame.ndw == rows[i].frame_ndw,
		      "%s %s: want truncated, %u dwords framed; got truncated=%d ndw=%u frame=%u", rows[i].gpu,
		      tu_words_str(rows[i].w, rows[i].n), rows[i].frame_ndw, pkt.truncated, pkt.ndw, pkt.frame.ndw);
		char want[512];
		size_t len = (size_t)snprintf(want, sizeof want, ".long");
		for (size_t k = 0; k < rows[i].n; k++) {
			if (k == 8)
				len += (size_t)snprintf(want + len, sizeof want - len, "\n    .long");
			len += (size_t)snprintf(want + len, sizeof want - len, " 0x%08x", rows[i].w[k]);
		}
		tu_decode(fmt, rows[i].w, rows[i].n, false, textbuf, sizeof textbuf);
		CHECK(strcmp(textbuf, want) == 0, "%s truncated decode\n  got:  %s\n  want: %s", rows[i].gpu, textbuf, want);
		tu_check(fmt, rows[i].w, rows[i].n, &chk);
		const struct gk_diag *d = tu_find(&chk, GK_D_TRUNCATED);
		CHECK(d && chk.n == 1 && d->severity == GK_ERROR, "%s: want one TRUNCATED:%s", rows[i].gpu, tu_diags_str(&chk));
		CHECK(tu_assemble(fmt, textbuf, &asmres) == 0 && asmres.n == rows[i].n &&
			      memcmp(asmres.w, rows[i].w, rows[i].n * 4) == 0,
		      "%s truncated text assembles back: %s", rows[i].gpu, tu_words_str(asmres.w, asmres.n));
		json_of(fmt, &pkt, true);
		CHECK(json_line_ok(jsonbuf.p, jsonbuf.n) && strstr(jsonbuf.p, "\"name\":null"),
		      "%s truncated JSON: %s", rows[i].gpu, jsonbuf.p);
	}
}

/* Bits no field of this generation owns, must-be-zero fields, reserved
 * values and broken rules: shown (dwN|=, the number), reported, and kept. */
static void test_stray_bits(void)
{
	const struct {
		const char *gpu;
		const uint32_t *w;
		size_t n;
		const char *text;
		enum gk_diag_code code;
		int dw;
	} rows[] = {
		/* cayman's VMID bits on evergreen */
		{ "evergreen", W(DMA_IB_PACKET(3), 0x00400020, (100u << 12) | 0x01),
		  "INDIRECT_BUFFER IB_BASE=0x100400020 IB_SIZE=100 dw0|=0x00300000", GK_D_RESERVED_BITS, 0 },
		/* SI's PIPE_CONFIG bits on evergreen ("si only") */
		{ "evergreen", W(EGH(2, 0x08, 0), 0x00012340, TB0(0, 4, 2, 1, 0, 1), TB1(63, 7), TB2(12, 63), TB3(0, 16),
				 TB4(0, 0, 2, 4, 8)),
		  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=1 "
		  "MT_ASPECT=2:1 HEIGHT_MAX=63 PITCH_TILE_MAX=7 SLICE_TILE_MAX=63 Z=0 X=16 SWAP=NONE NON_DISP=0 NUM_BANKS=8 "
		  "TILE_SPLIT=1024 Y=8 dw4|=0x30000000 ; HEIGHT_MAX: 64 rows, PITCH_TILE_MAX: 64 px, SLICE_TILE_MAX: 4096 px",
		  GK_D_RESERVED_BITS, 4 },
		/* DW3 [31] of WRITE tiled is "0" */
		{ "r700", W(R6H(2, 1, 0, 0), 0x00012340, R6T0(1, 4, 2, 63, 7), R6T1(63, 1), R6T2(8, 16, 0)),
		  "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP HEIGHT_MAX=63 PITCH_TILE_MAX=7 "
		  "SLICE_TILE_MAX=63 Z=1 Y=8 X=16 SWAP=NONE dw2|=0x80000000 ; HEIGHT_MAX: 64 rows, PITCH_TILE_MAX: 64 px, "
		  "SLICE_TILE_MAX: 4096 px",
		  GK_D_RESERVED_BITS, 2 },
		/* a fence address's low bits */
		{ "r600", W(R6H(6, 0, 0, 0), 0x34567891, 0x12, 0x2a),
		  "FENCE FENCE_ADDR=0x1234567890 FENCE_DATA=0x2a dw1|=0x00000001", GK_D_RESERVED_BITS, 1 },
		/* "count = 0" */
		{ "cayman", W(EGH(0xf, 0, 5)), "NOP COUNT=5", GK_D_RESERVED_BITS, 0 },
		{ "si", W(EGH(6, 0, 0x80000), 0x34567890, 0x12, 0x2a), "FENCE COUNT=524288 FENCE_ADDR=0x1234567890 FENCE_DATA=0x2a",
		  GK_D_RESERVED_BITS, 0 },
		/* NOP count is [15:0] per the seed: [19:16] are nobody's */
		{ "evergreen", W(EGH(0xf, 0, 0x10000)), "NOP dw0|=0x00010000", GK_D_RESERVED_BITS, 0 },
		/* r7xx CONSTANT_FILL [23] = 0 */
		{ "r700", W(R6H(0xd, 1, 0, 256), 0x00300000, 0xcafebabe, 0x02u << 16),
		  "CONSTANT_FILL COUNT=256 DST_ADDR=0x200300000 CONSTANT_DATA=0xcafebabe dw0|=0x00800000", GK_D_RESERVED_BITS, 0 },
		/* amdgpu's NOP count [29:16] on CIK (docs/dma-facts.md D12) */
		{ "cik", W(CIKH(0, 0, 3)), "NOP dw0|=0x00030000", GK_D_RESERVED_BITS, 0 },
		/* SI poll of a register: DW3 [7:0] "or 0" */
		{ "si", W(EGH(0xe, 0, 0), 0x1478, (0xffu << 16) | 1, 1u << 4, 0, 0x20),
		  "POLL_REG_MEM M=REGISTER REGISTER=VM_INVALIDATE_REQUEST RETRY_COUNT=255 MASK=0x10 REFERENCE=0x0 FUNC=ALWAYS POLL_INTERVAL=32 "
		  "dw2|=0x00000001",
		  GK_D_RESERVED_BITS, 2 },
		/* the T2T partial's [31] "detile" is text copied from L2T: reserved here */
		{ "cayman", W(EGH(3, 0x4d, 0), 0x00010000, XY(63, 7), 63, 0x00020000, XY(127, 15), 255,
			      T2T7(4, 2, 1, 1, 2, 0, 0, 2, 3, 0) | (1u << 31), XY(8, 16), XY(0, 8), XY(0, 1), XY(32, 56), 1),
		  "COPY_T2T_PARTIAL SRC_BASE_256=0x1000000 SRC_HEIGHT_MAX=63 SRC_PITCH_TILE_MAX=7 SRC_SLICE_TILE_MAX=63 "
		  "DEST_BASE_256=0x2000000 DEST_HEIGHT_MAX=127 DEST_PITCH_TILE_MAX=15 DEST_SLICE_TILE_MAX=255 "
		  "ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=2 BANK_WIDTH=2 MT_ASPECT=4:1 SWAP1=NONE NON_DISP=0 "
		  "NUM_BANKS=8 TILE_SPLIT=512 SWAP0=NONE SRC_X=8 DST_X=16 SRC_Y=0 DST_Y=8 SRC_Z=0 DST_Z=1 DY=32 DX=56 DZ=1 "
		  "dw7|=0x80000000 ; SRC_HEIGHT_MAX: 64 rows, SRC_PITCH_TILE_MAX: 64 px, SRC_SLICE_TILE_MAX: 4096 px, "
		  "DEST_HEIGHT_MAX: 128 rows, DEST_PITCH_TILE_MAX: 128 px, DEST_SLICE_TILE_MAX: 16384 px",
		  GK_D_RESERVED_BITS, 7 },
		/* reserved enum values */
		{ "si", W(EGH(0xe, 0, 0), 0x1478, 0xffu << 16, 1u << 4, 0, (7u << 28) | 0x20),
		  "POLL_REG_MEM M=REGISTER REGISTER=VM_INVALIDATE_REQUEST RETRY_COUNT=255 MASK=0x10 REFERENCE=0x0 FUNC=7 POLL_INTERVAL=32",
		  GK_D_RESERVED_VALUE, 5 },
		{ "cik", W(CIKH(11, 0, 1u << 14), 0x00400000, 0x1, 0xab, 3),
		  "CONSTANT_FILL SIZE=1 SWAP=NONE ADDR=0x100400000 DATA=0xab COUNT=3", GK_D_RESERVED_VALUE, 0 },
		{ "cik", W(CIKH(1, 4, 7u << 13), 0x00100000, 0, XY(4, 8), XY(255, 0), 65535, 0x00200000, 0, XY(0, 0),
			   XY(127, 2), 16383, XY(16, 32), 1),
		  "COPY_LINEAR_SUB_WINDOW ELEMENT_SIZE=7 SRC_ADDR=0x100000 SRC_Y=4 SRC_X=8 SRC_PITCH=255 SRC_Z=0 "
		  "SRC_SLICE_PITCH=65535 DST_ADDR=0x200000 DST_Y=0 DST_X=0 DST_PITCH=127 DST_Z=2 DST_SLICE_PITCH=16383 RECT_Y=16 "
		  "RECT_X=32 SRC_SWAP=NONE DST_SWAP=NONE RECT_Z=1 ; SRC_PITCH: 256 px, SRC_SLICE_PITCH: 65536 px, DST_PITCH: 128 "
		  "px, DST_SLICE_PITCH: 16384 px",
		  GK_D_RESERVED_VALUE, 0 },
		/* rules: r6xx copies move dword pairs; a dword fill of 3 bytes; write-wait-write polls a register */
		{ "r600", W(R6H(3, 0, 0, 3), 0x20000000, 0x00100000, 0x00010000),
		  "COPY_LINEAR COUNT=3 DEST_ADDR=0x120000000 SRC_ADDR=0x100000 DEST_SWAP=NONE SRC_SWAP=NONE", GK_D_MISALIGNED, 0 },
		{ "cik", W(CIKH(11, 0, 2u << 14), 0x00400000, 0x1, 0xdeadbeef, 3),
		  "CONSTANT_FILL SIZE=DWORD SWAP=NONE ADDR=0x100400000 DATA=0xdeadbeef COUNT=3", GK_D_MISALIGNED, 4 },
		{ "cik", W(CIKH(8, 0, (1u << 15) | (3u << 12) | (1u << 10)), 0x00400100, 0x1, 0x1, 0xff, (0xfffu << 16) | 10),
		  "POLL_REG_MEM M=MEMORY FUNC=EQUAL OP=WRITE_WAIT_WRITE ADDR=0x100400100 PREPOLL_REGISTER=0x1 REFERENCE=0x1 "
		  "MASK=0xff RETRY_COUNT=4095 POLL_INTERVAL=10",
		  GK_D_RULE, 0 },
		{ "evergreen", W(EGH(3, 0x4c, 8), 0x00010000, TB0(1, 4, 2, 0, 1, 0), TB1(31, 7), TB2(0, 31), TB3(2, 9),
				 TB4(0, 0, 3, 2, 16), 0x00200000, 0),
		  "COPY_L2T_TILES COUNT=8 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 "
		  "BANK_WIDTH=2 MT_ASPECT=1:1 HEIGHT_MAX=31 PITCH_TILE_MAX=7 SLICE_TILE_MAX=31 Z=2 X=9 TILED_SWAP=NONE NON_DISP=0 "
		  "NUM_BANKS=16 TILE_SPLIT=256 Y=16 LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE" NOTE_32x64,
		  GK_D_MISALIGNED, 5 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct gk_format *fmt = tu_fmt(rows[i].gpu);
		char what[48];
		snprintf(what, sizeof what, "%s stray %zu", rows[i].gpu, i);
		tu_expect_decode(what, fmt, rows[i].w, rows[i].n, rows[i].text);
		tu_check(fmt, rows[i].w, rows[i].n, &chk);
		const struct gk_diag *d = tu_find(&chk, rows[i].code);
		CHECK(d && d->dw == rows[i].dw && d->severity == GK_ERROR && chk.n == 1,
		      "%s stray %zu: want one diagnostic %d on dw%d:%s", rows[i].gpu, i, (int)rows[i].code, rows[i].dw,
		      tu_diags_str(&chk));
		tu_expect_encode(what, fmt, rows[i].text, rows[i].w, rows[i].n);
	}
}

/* The longest packets: WRITE with COUNT = 0xFFFFF (evergreen linear 3 +
 * COUNT = 1048578 dwords, tiled 7 + COUNT = 1048582; CIK tiled 9 + COUNT =
 * 1048584), and r600's 16-bit count (65535 + 5). */
static char *bigtext;
#define BIGTEXT (24u << 20)

static void longest_one(const char *gpu, const uint32_t *head, unsigned nhead, unsigned ndata, const char *start)
{
	size_t n = nhead + ndata;
	uint32_t *w = malloc(n * sizeof *w);
	if (!w) {
		CHECK(0, "out of memory");
		return;
	}
	memcpy(w, head, nhead * sizeof *w);
	for (size_t i = nhead; i < n; i++)
		w[i] = (uint32_t)i * 0x9e3779b9u;
	const struct gk_format *fmt = tu_fmt(gpu);
	struct gk_packet pkt;
	gk_packet_frame(fmt, w, n, 0, &pkt);
	CHECK(pkt.frame.desc && !pkt.truncated && pkt.ndw == n, "%s longest %s: %u dwords framed, want %zu", gpu, start,
	      pkt.ndw, n);
	unsigned npk = tu_decode(fmt, w, n, false, bigtext, BIGTEXT);
	size_t tlen = strlen(bigtext);
	/* one header line, ceil(ndata / 8) DATA lines of "    DATA" + 11 bytes a word */
	size_t lines = (ndata + 7) / 8;
	CHECK(npk == 1 && strncmp(bigtext, start, strlen(start)) == 0, "%s longest: %u packets, '%.80s'", gpu, npk,
	      bigtext);
	const char *first_data = strstr(bigtext, "\n    DATA ");
	CHECK(first_data && tlen == (size_t)(first_data - bigtext) + lines * 9 + (size_t)ndata * 11,
	      "%s longest: text of %zu bytes is not one header line and %zu DATA lines", gpu, tlen, lines);
	unsigned errs = tu_assemble(fmt, bigtext, &asmres);
	CHECK(errs == 0 && !asmres.overflow && asmres.n == n && memcmp(asmres.w, w, n * 4) == 0,
	      "%s longest %s assembles back: %u errors (%s), %zu words", gpu, start, errs, tu_asm_first(&asmres), asmres.n);
	tu_check(fmt, w, n, &chk);
	CHECK(chk.n == 0, "%s longest: check says%s", gpu, tu_diags_str(&chk));
	/* one word less is a truncated packet: raw words, more than the
	 * assembler buffers at once, and they come back */
	gk_packet_frame(fmt, w, n - 1, 0, &pkt);
	CHECK(pkt.truncated && pkt.frame.ndw == n, "%s longest minus one word is truncated", gpu);
	if (!strcmp(gpu, "evergreen")) {
		tu_decode(fmt, w, n - 1, false, bigtext, BIGTEXT);
		CHECK(strncmp(bigtext, ".long 0x", 8) == 0, "%s truncated longest is raw: '%.40s'", gpu, bigtext);
		errs = tu_assemble(fmt, bigtext, &asmres);
		CHECK(errs == 0 && asmres.n == n - 1 && memcmp(asmres.w, w, (n - 1) * 4) == 0,
		      "%s truncated longest assembles back: %u errors, %zu words", gpu, errs, asmres.n);
	}
	free(w);
}

static void test_longest(void)
{
	bigtext = malloc(BIGTEXT);
	if (!bigtext) {
		CHECK(0, "out of memory");
		return;
	}
	longest_one("evergreen", (const uint32_t[]){ EGH(2, 0, 0xfffff), 0x00001000, 0x00 }, 3, 0xfffff,
		    "WRITE_LINEAR DEST_ADDR=0x1000 SWAP=NONE\n    DATA 0x");
	longest_one("si",
		    (const uint32_t[]){ EGH(2, 0x08, 0xfffff), 0x00012340, TB0(0, 4, 2, 1, 0, 1), TB1(63, 7), TB2(12, 63),
					TB3(0, 16), TB4(0, 1, 2, 4, 8) },
		    7, 0xfffff, "WRITE_TILED BASE_256=0x1234000 ARRAY_MODE=ARRAY_2D_TILED_THIN1 ");
	longest_one("cik", (const uint32_t[]){ CIKH(2, 1, 0), 0x00100000, 0x1, XY(63, 7), 63, TI_A, XY(8, 4), 2, 0xfffff },
		    9, 0xfffff, "WRITE_TILED TILED_ADDR=0x100100000 ");
	longest_one("r700", (const uint32_t[]){ R6H(2, 1, 0, 0xffff), 0x00012340, R6T0(0, 4, 2, 63, 7), R6T1(63, 1),
						R6T2(8, 16, 0) },
		    5, 0xffff, "WRITE_TILED BASE_256=0x1234000 ");
	/* the evergreen linear one as JSON: one valid line with every dword */
	{
		size_t n = 3 + 0xfffff;
		uint32_t *w = calloc(n, sizeof *w);
		if (w) {
			w[0] = EGH(2, 0, 0xfffff);
			w[1] = 0x1000;
			const struct gk_format *fmt = tu_fmt("evergreen");
			struct gk_packet pkt;
			gk_packet_frame(fmt, w, n, 0, &pkt);
			json_of(fmt, &pkt, true);
			CHECK(json_line_ok(jsonbuf.p, jsonbuf.n) && strstr(jsonbuf.p, "\"COUNT\":1048575") &&
				      strstr(jsonbuf.p, "\"name\":\"WRITE_LINEAR\""),
			      "longest WRITE_LINEAR JSON (%zu bytes) does not validate", jsonbuf.n);
			free(w);
		}
	}
}

/* ---- tiled parameters by meaning ---- */

/* expected names, from the seed and addrlib (not from the table) */
static const char *const bank_names[4] = { "1", "2", "4", "8" };
static const char *const nbank_names[4] = { "2", "4", "8", "16" };
static const char *const split_names[8] = { "64", "128", "256", "512", "1024", "2048", "4096", NULL };
static const char *const aspect_names[4] = { "1:1", "2:1", "4:1", "8:1" };
static const char *const bpp_names[8] = { "8BPP", "16BPP", "32BPP", "64BPP", "128BPP", NULL, NULL, NULL };
static const char *const pipe_names[32] = {
	[0] = "P2", [4] = "P4_8x16", [5] = "P4_16x16", [6] = "P4_16x32", [7] = "P4_32x32", [8] = "P8_16x16_8x16",
	[9] = "P8_16x32_8x16", [10] = "P8_32x32_8x16", [11] = "P8_16x32_16x16", [12] = "P8_32x32_16x16",
	[13] = "P8_32x32_16x32", [14] = "P8_32x64_32x32", [16] = "P16_32x32_8x16", [17] = "P16_32x32_16x16",
};
static const char *const am_r6_names[16] = {
	"ARRAY_LINEAR_GENERAL", "ARRAY_LINEAR_ALIGNED", "ARRAY_1D_TILED_THIN1", "ARRAY_1D_TILED_THICK",
	"ARRAY_2D_TILED_THIN1", "ARRAY_2D_TILED_THIN2", "ARRAY_2D_TILED_THIN4", "ARRAY_2D_TILED_THICK",
	"ARRAY_2B_TILED_THIN1", "ARRAY_2B_TILED_THIN2", "ARRAY_2B_TILED_THIN4", "ARRAY_2B_TILED_THICK",
	"ARRAY_3D_TILED_THIN1", "ARRAY_3D_TILED_THICK", "ARRAY_3B_TILED_THIN1", "ARRAY_3B_TILED_THICK",
};
static const char *const am_si_names[16] = {
	"ARRAY_LINEAR_GENERAL", "ARRAY_LINEAR_ALIGNED", "ARRAY_1D_TILED_THIN1", "ARRAY_1D_TILED_THICK",
	"ARRAY_2D_TILED_THIN1", "ARRAY_PRT_TILED_THIN1", "ARRAY_PRT_2D_TILED_THIN1", "ARRAY_2D_TILED_THICK",
	"ARRAY_2D_TILED_XTHICK", "ARRAY_PRT_TILED_THICK", "ARRAY_PRT_2D_TILED_THICK", "ARRAY_PRT_3D_TILED_THIN1",
	"ARRAY_3D_TILED_THIN1", "ARRAY_3D_TILED_THICK", "ARRAY_3D_TILED_XTHICK", "ARRAY_PRT_3D_TILED_THICK",
};
static const char *const mtm_names[8] = { "DISPLAY", "THIN", "DEPTH", "ROTATED", "THICK", NULL, NULL, NULL };

/* "NAME=VALUE" as a whole token of s */
static bool has_token(const char *s, const char *name, const char *value)
{
	char tok[96];
	snprintf(tok, sizeof tok, " %s=%s", name, value);
	size_t n = strlen(tok);
	for (const char *p = strstr(s, tok); p; p = strstr(p + 1, tok))
		if (p[n] == ' ' || p[n] == '\n' || p[n] == 0)
			return true;
	return false;
}

/* Set a field's raw value in one base packet, decode, expect NAME=shown (a
 * name, or the number when reserved: then the checker says RESERVED_VALUE),
 * assemble the text back to the same words. */
static void one_tiled_value(const char *gpu, const uint32_t *base, size_t n, unsigned dw, unsigned lo, unsigned width,
			    unsigned raw, const char *field, const char *name)
{
	uint32_t w[32];
	memcpy(w, base, n * 4);
	uint32_t m = (width == 32 ? ~0u : ((1u << width) - 1u)) << lo;
	w[dw] = (w[dw] & ~m) | ((uint32_t)raw << lo);
	const struct gk_format *fmt = tu_fmt(gpu);
	char shown[64];
	if (name)
		snprintf(shown, sizeof shown, "%s", name);
	else
		snprintf(shown, sizeof shown, "%u", raw);
	tu_decode(fmt, w, n, false, textbuf, sizeof textbuf);
	CHECK(has_token(textbuf, field, shown), "%s %s raw %u: want %s=%s in %s", gpu, field, raw, field, shown, textbuf);
	tu_check(fmt, w, n, &chk);
	if (name)
		CHECK(chk.n == 0, "%s %s=%s: check says%s", gpu, field, shown, tu_diags_str(&chk));
	else {
		const struct gk_diag *d = tu_find(&chk, GK_D_RESERVED_VALUE);
		CHECK(d && chk.n == 1 && d->field && strcmp(d->field, field) == 0 && d->dw == (int)dw,
		      "%s %s=%u: want one RESERVED_VALUE on dw%u:%s", gpu, field, raw, dw, tu_diags_str(&chk));
	}
	unsigned errs = tu_assemble(fmt, textbuf, &asmres);
	CHECK(errs == 0 && asmres.n == n && memcmp(asmres.w, w, n * 4) == 0, "%s %s=%s assembles back: %u errors (%s) %s",
	      gpu, field, shown, errs, tu_asm_first(&asmres), tu_words_str(asmres.w, asmres.n));
}

static void test_tiled_meaning(void)
{
	/* evergreen COPY_L2T (9 dwords) and SI's, CIK COPY_TILED (12), r700 COPY_TILED (7) */
	static const uint32_t eg[] = { EGH(3, 0x08, 512), 0x00010000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(0, 7), TB3(0, 0),
				       TB4(0, 0, 3, 2, 0), 0x00200000, 0 };
	static const uint32_t si[] = { EGH(3, 0x08, 512), 0x00010000, TB0(0, 4, 2, 0, 1, 0), TB1(7, 7), TB2(5, 7), TB3(0, 0),
				       TB4(0, 2, 3, 2, 0), 0x00200000, 0 };
	static const uint32_t cik[] = { CIKH(1, 1, 0x8000), 0x00100000, 0x1, XY(63, 7), 63, TI_A, XY(8, 4), 0, 0x00200000,
					0, 64, 512 };
	static const uint32_t r7[] = { R6H(3, 1, 0, 512), 0x00010000, R6T0(1, 2, 2, 7, 7), R6T1(7, 0), 0, 0x00200000, 0 };
	static const char *const swap_names[4] = { "NONE", "8IN16", "8IN32", "8IN64" };
	static const char *const detile_names[2] = { "L2T", "T2L" };
	/* each field at dw[lo +: width] of a base packet, every raw value of it */
	static const struct {
		const char *gpu;
		const uint32_t *base;
		size_t n;
		unsigned dw, lo, width;
		const char *field;
		const char *const *names; /* 1 << width of them; NULL: reserved */
	} fields[] = {
		{ "evergreen", eg, 9, 2, 18, 2, "BANK_WIDTH", bank_names },
		{ "cayman", eg, 9, 2, 21, 2, "BANK_HEIGHT", bank_names },
		{ "si", si, 9, 2, 16, 2, "MT_ASPECT", aspect_names },
		{ "evergreen", eg, 9, 6, 25, 2, "NUM_BANKS", nbank_names },
		{ "cik", cik, 12, 5, 15, 2, "BANK_WIDTH", bank_names },
		{ "cik", cik, 12, 5, 18, 2, "BANK_HEIGHT", bank_names },
		{ "cik", cik, 12, 5, 21, 2, "NUM_BANKS", nbank_names },
		{ "cik", cik, 12, 5, 24, 2, "MACRO_TILE_ASPECT", aspect_names },
		{ "si", si, 9, 6, 27, 2, "MT", mtm_names },
		{ "evergreen", eg, 9, 6, 30, 2, "TILED_SWAP", swap_names },
		{ "evergreen", eg, 9, 6, 21, 3, "TILE_SPLIT", split_names },
		{ "cik", cik, 12, 5, 11, 3, "TILE_SPLIT", split_names },
		{ "cayman", eg, 9, 2, 24, 3, "SIZE", bpp_names },
		{ "r700", r7, 7, 2, 24, 3, "SIZE", bpp_names },
		{ "cik", cik, 12, 5, 0, 3, "ELEMENT_SIZE", bpp_names },
		{ "cik", cik, 12, 5, 8, 3, "MICRO_TILE_MODE", mtm_names },
		{ "evergreen", eg, 9, 2, 27, 4, "ARRAY_MODE", am_r6_names },
		{ "r600", r7, 7, 2, 27, 4, "ARRAY_MODE", am_r6_names },
		{ "si", si, 9, 2, 27, 4, "ARRAY_MODE", am_si_names },
		{ "cik", cik, 12, 5, 3, 4, "ARRAY_MODE", am_si_names },
		{ "si", si, 9, 4, 26, 5, "PIPE_CONFIG", pipe_names },
		{ "cik", cik, 12, 5, 26, 5, "PIPE_CONFIG", pipe_names },
		{ "cayman", eg, 9, 2, 31, 1, "DETILE", detile_names },
		{ "cik", cik, 12, 0, 31, 1, "DETILE", detile_names },
		{ "r600", r7, 7, 2, 31, 1, "DETILE", detile_names },
	};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		for (unsigned v = 0; v < 1u << fields[i].width; v++)
			one_tiled_value(fields[i].gpu, fields[i].base, fields[i].n, fields[i].dw, fields[i].lo, fields[i].width,
					v, fields[i].field, fields[i].names[v]);

	/* the size note: pitch (PITCH_TILE_MAX + 1) * 8 px, slice (max + 1) * 64 px, height + 1 rows */
	{
		uint32_t w[9];
		memcpy(w, eg, sizeof w);
		w[3] = TB1(1079, 239); /* 1080 rows of 1920 px */
		w[4] = TB2(0, 32399);  /* 1920 * 1080 / 64 - 1 */
		tu_decode(tu_fmt("evergreen"), w, 9, false, textbuf, sizeof textbuf);
		const char *note = strstr(textbuf, " ; ");
		CHECK(note && strcmp(note, " ; HEIGHT_MAX: 1080 rows, PITCH_TILE_MAX: 1920 px, SLICE_TILE_MAX: 2073600 px") == 0,
		      "1080p note: %s", textbuf);
		CHECK(tu_assemble(tu_fmt("evergreen"), textbuf, &asmres) == 0 && asmres.n == 9 && !memcmp(asmres.w, w, sizeof w),
		      "the note is a comment: %s", tu_words_str(asmres.w, asmres.n));
	}

	/* the assembler takes the names (BANK_WIDTH=4 is raw 2) ... */
	static const struct {
		const char *gpu;
		const char *text;
		unsigned dw;
		uint32_t mask, want;
	} names[] = {
		{ "evergreen", "COPY_L2T BANK_WIDTH=4", 2, 3u << 18, 2u << 18 },
		{ "evergreen", "COPY_L2T BANK_WIDTH=8 BANK_HEIGHT=1", 2, (3u << 18) | (3u << 21), 3u << 18 },
		{ "cayman", "COPY_L2T BANK_HEIGHT=2", 2, 3u << 21, 1u << 21 },
		{ "si", "COPY_L2T NUM_BANKS=16", 6, 3u << 25, 3u << 25 },
		{ "si", "COPY_L2T NUM_BANKS=2", 6, 3u << 25, 0 },
		{ "evergreen", "COPY_L2T TILE_SPLIT=1024", 6, 7u << 21, 4u << 21 },
		{ "evergreen", "COPY_L2T TILE_SPLIT=64", 6, 7u << 21, 0 },
		{ "evergreen", "COPY_L2T TILE_SPLIT=7", 6, 7u << 21, 7u << 21 },
		{ "cik", "COPY_TILED TILE_SPLIT=4096 BANK_WIDTH=2 NUM_BANKS=4", 5, (7u << 11) | (3u << 15) | (3u << 21),
		  (6u << 11) | (1u << 15) | (1u << 21) },
		{ "cik", "COPY_TILED TILE_SPLIT=7", 5, 7u << 11, 7u << 11 },
		{ "evergreen", "COPY_L2T MT_ASPECT=4:1", 2, 3u << 16, 2u << 16 },
		{ "cik", "COPY_TILED MACRO_TILE_ASPECT=8:1", 5, 3u << 24, 3u << 24 },
		{ "si", "COPY_L2T PIPE_CONFIG=P16_32x32_8x16", 4, 31u << 26, 16u << 26 },
		{ "cik", "COPY_TILED PIPE_CONFIG=P8_32x64_32x32", 5, 31u << 26, 14u << 26 },
		{ "si", "COPY_L2T PIPE_CONFIG=31", 4, 31u << 26, 31u << 26 },
		{ "evergreen", "COPY_L2T SIZE=128BPP", 2, 7u << 24, 4u << 24 },
		{ "cik", "COPY_TILED ELEMENT_SIZE=16BPP", 5, 7u, 1u },
		{ "evergreen", "COPY_L2T DETILE=T2L", 2, 1u << 31, 1u << 31 },
		{ "r600", "COPY_TILED DETILE=T2L ARRAY_MODE=ARRAY_3B_TILED_THIN1", 2, (1u << 31) | (15u << 27),
		  (1u << 31) | (14u << 27) },
		{ "si", "COPY_L2T ARRAY_MODE=ARRAY_PRT_3D_TILED_THICK", 2, 15u << 27, 15u << 27 },
		{ "cik", "COPY_TILED ARRAY_MODE=ARRAY_2D_TILED_XTHICK", 5, 15u << 3, 8u << 3 },
		{ "cik", "COPY_TILED MICRO_TILE_MODE=THICK", 5, 7u << 8, 4u << 8 },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		unsigned errs = tu_assemble(tu_fmt(names[i].gpu), names[i].text, &asmres);
		CHECK(errs == 0 && asmres.n > names[i].dw && (asmres.w[names[i].dw] & names[i].mask) == names[i].want,
		      "%s '%s': dw%u & 0x%08x want 0x%08x, got %s (%u errors: %s)", names[i].gpu, names[i].text, names[i].dw,
		      names[i].mask, names[i].want, tu_words_str(asmres.w, asmres.n), errs, tu_asm_first(&asmres));
	}
	/* ... and refuses a raw number that is also some value's meaning */
	static const struct {
		const char *gpu;
		const char *text;
		const char *at;
	} refused[] = {
		{ "evergreen", "COPY_L2T TILE_SPLIT=3", "3" }, { "evergreen", "COPY_L2T TILE_SPLIT=0", "0" },
		{ "cik", "COPY_TILED TILE_SPLIT=6", "6" },     { "evergreen", "COPY_L2T BANK_WIDTH=3", "3" },
		{ "cayman", "COPY_L2T BANK_HEIGHT=0", "0" },   { "si", "COPY_L2T NUM_BANKS=3", "3" },
		{ "cik", "COPY_TILED NUM_BANKS=1", "1" },      { "cik", "COPY_TILED BANK_WIDTH=2x", "2x" },
		{ "evergreen", "COPY_L2T TILE_SPLIT=8192", "TILE_SPLIT" }, { "si", "COPY_L2T PIPE_CONFIG=P3", "P3" },
		{ "evergreen", "COPY_L2T SIZE=256BPP", "256BPP" },
	};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		unsigned errs = tu_assemble(tu_fmt(refused[i].gpu), refused[i].text, &asmres);
		const char *hit = strstr(refused[i].text, "=");
		uint32_t col = hit ? (uint32_t)(hit - refused[i].text) + 2 : 0;
		const struct gk_diag *d = asmres.nd ? &asmres.d[0] : NULL;
		CHECK(errs == 1 && asmres.n == 0 && d && d->code == GK_D_SYNTAX && d->line == 1 && d->col == col &&
			      strstr(d->message, refused[i].at),
		      "%s '%s': want one error at 1:%u naming '%s', got %u errors, %zu words, %u:%u '%s'", refused[i].gpu,
		      refused[i].text, col, refused[i].at, errs, asmres.n, d ? d->line : 0, d ? d->col : 0, d ? d->message : "");
	}
}

/* ---- assembler errors: line:col and what is wrong ---- */

struct bad {
	const char *gpu;
	const char *text;
	uint32_t line;
	const char *at;   /* the column is that of its first occurrence on the line */
	const char *says; /* words the message must contain */
};

static const struct bad bads[] = {
	/* unknown field, field of another generation */
	{ "r600", "FENCE FENCE_ADDR=0x1000 BOGUS=1", 1, "BOGUS", "no field BOGUS" },
	{ "r600", "NOP\nSEMAPHORE MAILBOX=1 SEMAPHORE_ADDR=0x1000", 2, "MAILBOX", "no field MAILBOX" },
	{ "cik", "FENCE FENCE_ADDR=0x1000", 1, "FENCE_ADDR", "no field FENCE_ADDR" },
	{ "evergreen", "NOP\nINDIRECT_BUFFER VMID=3 IB_BASE=0x1000", 2, "VMID", "evergreen" },
	{ "cayman", "COPY_L2T MT=THIN", 1, "MT=", "cayman" },
	{ "si", "COPY_L2T NON_DISP=1", 1, "NON_DISP", "si" },
	{ "evergreen", "WRITE_TILED PIPE_CONFIG=P2\n    DATA 0x1", 1, "PIPE_CONFIG", "evergreen" },
	{ "cayman", "COPY_T2T_PARTIAL PIPE_CONFIG=P2", 1, "PIPE_CONFIG", "cayman" },
	{ "cik", "POLL_REG_MEM M=MEMORY ADDR=0x1000 PREPOLL_REGISTER=0x54dc", 1, "PREPOLL_REGISTER", "PREPOLL_REGISTER" },
	{ "si", "POLL_REG_MEM M=REGISTER ADDR=0x1000", 1, "ADDR", "ADDR" },
	{ "evergreen", "NOP\nCOPY_L2T\n    COUNT=1 FOO=2", 3, "FOO", "no field FOO" },
	/* framing fields come from the name */
	{ "evergreen", "COPY_L2T SUB_OPCODE=0x48", 1, "SUB_OPCODE", "SUB_OPCODE" },
	{ "cik", "NOP OPCODE=1", 1, "OPCODE", "OPCODE" },
	{ "r700", "COPY_TILED T=0", 1, "T=", "packet name" },
	/* values that do not fit */
	{ "r600", "FENCE FENCE_ADDR=0x10000000000", 1, "0x10000000000", "does not fit" },
	{ "evergreen", "FENCE FENCE_ADDR=0x1001", 1, "0x1001", "does not fit" },
	{ "cik", "SEMAPHORE SEMAPHORE_ADDR=0x1004", 1, "0x1004", "does not fit" },
	{ "cik", "INDIRECT_BUFFER VMID=16", 1, "16", "does not fit" },
	{ "cik", "COPY_LINEAR COUNT=0x400000", 1, "0x400000", "does not fit" },
	{ "evergreen", "WRITE_LINEAR SWAP=4\n    DATA 0", 1, "4", "does not fit" },
	{ "r700", "COPY_TILED X=8192", 1, "8192", "does not fit" },
	{ "si", "COPY_L2T BASE_256=0x10000000000", 1, "0x10000000000", "does not fit" },
	{ "si", "COPY_L2T BASE_256=0x1080", 1, "0x1080", "does not fit" },
	{ "evergreen", "SRBM_WRITE REGISTER=0x5482", 1, "0x5482", "does not fit" },
	{ "cik", "SRBM_WRITE REGISTER=0x40000", 1, "0x40000", "does not fit" },
	{ "evergreen", "SEMAPHORE SIGNAL=2", 1, "2", "does not fit" },
	/* bad enum names (an SI array mode is no evergreen one) */
	{ "evergreen", "COPY_L2T ARRAY_MODE=ARRAY_PRT_TILED_THIN1", 1, "ARRAY_PRT_TILED_THIN1", "ARRAY_MODE" },
	{ "si", "COPY_L2T ARRAY_MODE=ARRAY_2B_TILED_THIN1", 1, "ARRAY_2B_TILED_THIN1", "ARRAY_MODE" },
	{ "r700", "COPY_TILED DETILE=T2T", 1, "T2T", "DETILE" },
	{ "evergreen", "WRITE_LINEAR SWAP=8IN128\n    DATA 0", 1, "8IN128", "SWAP" },
	{ "cik", "CONSTANT_FILL SIZE=WORD", 1, "WORD", "SIZE" },
	{ "si", "POLL_REG_MEM FUNC=LESS_OR_EQUAL", 1, "LESS_OR_EQUAL", "FUNC" },
	/* COUNT against the data given */
	{ "evergreen", "WRITE_LINEAR DEST_ADDR=0x1000 COUNT=3\n    DATA 0x1 0x2", 1, "COUNT", "COUNT=3" },
	{ "r600", "WRITE_LINEAR DEST_ADDR=0x1000 COUNT=1\n    DATA 0x1 0x2", 1, "COUNT", "COUNT=1" },
	{ "cik", "WRITE_LINEAR ADDR=0x1000 COUNT=2\n    DATA 0x1 0x2 0x3", 1, "COUNT", "COUNT=2" },
	{ "cik", "NOP\nWRITE_TILED COUNT=5\n    DATA 0x1", 2, "COUNT", "COUNT=5" },
	{ "r700", "WRITE_TILED COUNT=0x10000", 1, "COUNT", "does not fit" },
	{ "evergreen", "FENCE FENCE_ADDR=0x1000\n    EXTRA 0x5", 1, "FENCE", "always 4 dwords" },
	/* raw bits and words where the packet has none */
	{ "evergreen", "WRITE_LINEAR dw3|=0x1\n    DATA 0x1", 1, "dw3", "not a fixed dword" },
	{ "cik", "WRITE_LINEAR ADDR=0x1000\n    EXTRA 0x1", 1, "WRITE_LINEAR", "DATA tail" },
	{ "r600", "FENCE dw1=0x100000000", 1, "dw1", "32-bit" },
	/* syntax */
	{ "cik", "FROB X=1", 1, "FROB", "unknown packet" },
	{ "evergreen", "    DATA 0x1", 1, "DATA", "outside a packet" },
	{ "si", "WRITE_LINEAR\n    DATA 0x100000000", 2, "0x100000000", "32-bit" },
	{ "cik", "FENCE ADDR", 1, "ADDR", "FIELD=VALUE" },
};

static void test_asm_errors(void)
{
	for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
		const struct bad *b = &bads[i];
		char what[64];
		snprintf(what, sizeof what, "bad %zu (%s)", i, b->gpu);
		tu_assemble(tu_fmt(b->gpu), b->text, &asmres);
		tu_expect_syntax_error(what, b->text, &asmres, b->line, b->at, b->says);
	}
	/* a bad packet is dropped, its neighbours kept */
	unsigned errs = tu_assemble(tu_fmt("cik"), "NOP\nINDIRECT_BUFFER VMID=16\nTRAP", &asmres);
	CHECK(errs == 1 && asmres.n == 2 && asmres.w[0] == CIKH(0, 0, 0) && asmres.w[1] == CIKH(6, 0, 0),
	      "bad packet dropped, neighbours kept: %u errors, %s", errs, tu_words_str(asmres.w, asmres.n));
	/* COUNT given and agreeing is fine; omitted fields are zero */
	errs = tu_assemble(tu_fmt("evergreen"), "WRITE_LINEAR COUNT=2 DEST_ADDR=0x1000\n    DATA 0x1 0x2", &asmres);
	CHECK(errs == 0 && asmres.n == 5 && asmres.w[0] == EGH(2, 0, 2) && asmres.w[1] == 0x1000 && asmres.w[2] == 0,
	      "WRITE_LINEAR with an agreeing COUNT: %s", tu_words_str(asmres.w, asmres.n));
	errs = tu_assemble(tu_fmt("cik"), "WRITE_TILED COUNT=0", &asmres);
	CHECK(errs == 0 && asmres.n == 9 && asmres.w[0] == CIKH(2, 1, 0) && asmres.w[8] == 0,
	      "cik WRITE_TILED COUNT=0: %s", tu_words_str(asmres.w, asmres.n));
	errs = tu_assemble(tu_fmt("si"), "COPY_T2T_PARTIAL", &asmres);
	CHECK(errs == 0 && asmres.n == 13 && asmres.w[0] == EGH(3, 0x4d, 0), "si COPY_T2T_PARTIAL with no fields: %s",
	      tu_words_str(asmres.w, asmres.n));
}

/* A packet name that exists only in another header family (r6xx COPY_TILED
 * on evergreen, evergreen COPY_L2L_DW on r600, CIK-only names elsewhere):
 * whatever the assembler makes of it must decode, on that generation, as
 * the packet it was asked for; otherwise it should refuse the name. */
static void test_asm_other_family(void)
{
	static const struct {
		const char *gpu;
		const char *text;
	} rows[] = {
		{ "evergreen", "COPY_L2T_PARTIAL COUNT=1" },               /* ni/si only, same header family: fine */
		{ "r600", "COPY_L2L_DW COUNT=2 DEST_ADDR=0x1000 SRC_ADDR=0x2000" },
		{ "evergreen", "COPY_TILED COUNT=4 BASE_256=0x1000" },
		{ "evergreen", "COPY_LINEAR COUNT=4 DEST_ADDR=0x1000 SRC_ADDR=0x2000" },
		{ "si", "COPY_STRUCTURED COUNT=1" },
		{ "cik", "COPY_L2T COUNT=1" },
		{ "r700", "POLL_REG_MEM M=REGISTER REGISTER=0x1478" },
		{ "cik", "SRBM_READ REGISTER=0x1478" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct gk_format *fmt = tu_fmt(rows[i].gpu);
		unsigned errs = tu_assemble(fmt, rows[i].text, &asmres);
		if (errs) {
			CHECK(asmres.d[0].line == 1 && asmres.d[0].col == 1, "%s '%s': a refused name is reported at 1:1",
			      rows[i].gpu, rows[i].text);
			continue;
		}
		struct gk_packet pkt;
		gk_packet_frame(fmt, asmres.w, asmres.n, 0, &pkt);
		size_t nlen = strcspn(rows[i].text, " ");
		bool same = pkt.frame.desc && !pkt.truncated && pkt.ndw == asmres.n &&
			    strlen(pkt.frame.desc->name) == nlen && !strncmp(pkt.frame.desc->name, rows[i].text, nlen);
		CHECK(same, "%s '%s' assembles to %s, which decodes as %s (%u of %zu dwords): accepted but not read back",
		      rows[i].gpu, rows[i].text, tu_words_str(asmres.w, asmres.n),
		      pkt.frame.desc ? pkt.frame.desc->name : "raw", pkt.ndw, asmres.n);
	}
}

/* ---- lossless round trip of random streams ---- */

/* plausible headers of every opcode / sub-opcode, per header layout; len is
 * the packet's dwords (0: WRITE, count placed by the generator) */
struct hdr {
	uint32_t h;
	unsigned len;
	int count_dw; /* WRITE: dword holding the data count (0: header), -1: none */
	unsigned fixed;
};

static const struct hdr r6_hdrs[] = {
	{ R6H(2, 0, 0, 0), 0, 0, 3 }, { R6H(2, 1, 0, 0), 0, 0, 5 }, { R6H(3, 0, 0, 2), 4, -1, 0 },
	{ R6H(3, 0, 0, 3), 5, -1, 0 }, { R6H(3, 1, 0, 8), 7, -1, 0 }, { R6H(4, 0, 0, 0), 3, -1, 0 },
	{ R6H(5, 0, 1, 0), 3, -1, 0 }, { R6H(5, 0, 0, 0), 3, -1, 0 }, { R6H(6, 0, 0, 0), 4, -1, 0 },
	{ R6H(7, 0, 0, 0), 1, -1, 0 }, { R6H(0xf, 0, 0, 0), 1, -1, 0 }, { R6H(0xd, 0, 0, 4), 4, -1, 0 },
};
static const struct hdr eg_hdrs[] = {
	{ EGH(2, 0x00, 0), 0, 0, 3 }, { EGH(2, 0x08, 0), 0, 0, 7 }, { EGH(2, 0x42, 8), 9, -1, 0 },
	{ EGH(3, 0x00, 4), 5, -1, 0 }, { EGH(3, 0x40, 4), 5, -1, 0 }, { EGH(3, 0x44, 4), 7, -1, 0 },
	{ EGH(3, 0x41, 0), 9, -1, 0 }, { EGH(3, 0x08, 4), 9, -1, 0 }, { EGH(3, 0x48, 4), 10, -1, 0 },
	{ EGH(3, 0x4b, 4), 10, -1, 0 }, { EGH(3, 0x4c, 4), 9, -1, 0 }, { EGH(3, 0x4f, 4), 10, -1, 0 },
	{ EGH(3, 0x49, 4), 12, -1, 0 }, { EGH(3, 0x4d, 0), 13, -1, 0 }, { EGH(4, 0, 0), 3, -1, 0 },
	{ DMA_IB_PACKET(9), 3, -1, 0 }, { EGH(5, 0x04, 0), 3, -1, 0 }, { EGH(5, 0x08, 0), 3, -1, 0 },
	{ EGH(6, 0, 0), 4, -1, 0 }, { EGH(7, 0, 0), 1, -1, 0 }, { EGH(0xf, 0, 0), 1, -1, 0 },
	{ EGH(0xd, 0, 4), 4, -1, 0 }, { EGH(9, 0, 0), 3, -1, 0 }, { DMA_SRBM_READ_PACKET, 4, -1, 0 },
	{ DMA_SRBM_POLL_PACKET, 4, -1, 0 }, { EGH(0xe, 0, 0), 6, -1, 0 }, { EGH(0xe, 0x80, 0), 6, -1, 0 },
};
static const struct hdr cik_hdrs[] = {
	{ CIKH(0, 0, 0), 1, -1, 0 }, { CIKH(1, 0, 0), 7, -1, 0 }, { CIKH(1, 0, 0x800), 9, -1, 0 },
	{ CIKH(1, 4, 0x4000), 13, -1, 0 }, { CIKH(1, 1, 0), 12, -1, 0 }, { CIKH(1, 1, 0x8000), 12, -1, 0 },
	{ CIKH(1, 1, 0x800), 15, -1, 0 }, { CIKH(1, 1, 0x400), 14, -1, 0 }, { CIKH(1, 5, 0), 14, -1, 0 },
	{ CIKH(1, 6, 0), 15, -1, 0 }, { CIKH(1, 3, 0x8000), 8, -1, 0 }, { CIKH(2, 0, 0), 0, 3, 4 },
	{ CIKH(2, 1, 0), 0, 8, 9 }, { CIKH(11, 0, 0x8000), 5, -1, 0 }, { CIKH(4, 0, 3), 4, -1, 0 },
	{ CIKH(5, 0, 0), 4, -1, 0 }, { CIKH(6, 0, 0), 1, -1, 0 }, { CIKH(7, 0, 0x4000), 3, -1, 0 },
	{ CIKH(8, 0, 0x3400), 6, -1, 0 }, { CIKH(8, 0, 0x8000), 6, -1, 0 }, { CIKH(8, 0, 0x8400), 6, -1, 0 },
	{ CIKH(9, 0, 0), 4, -1, 0 }, { CIKH(12, 0, 0), 10, -1, 0 }, { CIKH(14, 0, 0xf000), 3, -1, 0 },
	{ CIKH(13, 0, 0), 3, -1, 0 }, { CIKH(13, 1, 0), 3, -1, 0 }, { CIKH(13, 2, 0), 3, -1, 0 },
};

static uint32_t body_word(uint64_t *seed)
{
	uint64_t r = tl_rand(seed);
	switch (r % 8) {
	case 0:
	case 1:
		return 0;
	case 2:
		return (uint32_t)(r >> 32) & 0xff;
	case 3:
		return (uint32_t)(r >> 32) & ~3u;
	case 4:
		return (uint32_t)(r >> 40) << 8;
	default:
		return (uint32_t)(r >> 32);
	}
}

static size_t random_stream(unsigned gbit, uint64_t *seed, uint32_t *w, size_t cap)
{
	const struct hdr *hs = gbit & R67 ? r6_hdrs : gbit & EGSI ? eg_hdrs : cik_hdrs;
	size_t nh = gbit & R67 ? sizeof r6_hdrs / sizeof r6_hdrs[0]
		  : gbit & EGSI ? sizeof eg_hdrs / sizeof eg_hdrs[0] : sizeof cik_hdrs / sizeof cik_hdrs[0];
	size_t n = 0;
	while (n + 64 < cap) {
		uint64_t r = tl_rand(seed);
		unsigned kind = (unsigned)(r % 16);
		if (kind < 3) { /* any word; an r6xx WRITE of up to 65535 dwords would eat the stream */
			uint32_t x = (uint32_t)(r >> 32);
			if ((gbit & R67) && (x >> 28) == 2)
				x &= 0xffff001fu;
			w[n++] = x;
			continue;
		}
		const struct hdr *h = &hs[(r >> 8) % nh];
		uint32_t head = h->h;
		if (kind == 3) /* noise in the header */
			head ^= 1u << ((r >> 16) % 32);
		else if (kind == 4 && !(gbit & CIK)) /* another count */
			head = (head & ~0xffffu) | ((uint32_t)(r >> 24) & 0x1f);
		unsigned len = h->len;
		unsigned data = (unsigned)((r >> 40) % 12);
		if (!len) {
			len = h->fixed + data;
			if (h->count_dw == 0)
				head = (head & (gbit & R67 ? ~0xffffu : ~0xfffffu)) | data;
		}
		if (kind == 5 && len > 1) /* one dword short or long */
			len += (r >> 48) & 1 ? 1 : (unsigned)-1;
		w[n++] = head;
		for (unsigned k = 1; k < len; k++) {
			uint32_t b = body_word(seed);
			if (h->count_dw > 0 && (int)k == h->count_dw)
				b = (b & 0xfff00000u) | data;
			w[n++] = b;
		}
	}
	return n;
}

static void test_random_roundtrip(void)
{
	static uint32_t w[4096];
	uint64_t seed = 0x5eed000d3aull;
	unsigned streams = 0, packets = 0, bad_json = 0, mismatches = 0;
	for (unsigned g = 0; g < TU_NGENS; g++) {
		const struct gk_format *fmt = tu_fmt(tu_gen_name(g));
		/* r6xx streams end early more often (a flipped count bit makes a long WRITE) */
		unsigned nstreams = tu_gen_bit(g) & R67 ? 36 : 12;
		for (unsigned s = 0; s < nstreams; s++) {
			size_t n = random_stream(tu_gen_bit(g), &seed, w, s & 1 ? 4096 : 1024);
			streams++;
			tu_decode(fmt, w, n, s & 2, textbuf, sizeof textbuf);
			unsigned errs = tu_assemble(fmt, textbuf, &asmres);
			size_t same = 0;
			while (same < n && same < asmres.n && asmres.w[same] == w[same])
				same++;
			bool ok = errs == 0 && asmres.n == n && same == n;
			if (!ok) {
				mismatches++;
				/* the packet where the words part */
				size_t pos = 0;
				struct gk_packet pkt;
				memset(&pkt, 0, sizeof pkt);
				while (pos < n) {
					gk_packet_frame(fmt, w + pos, n - pos, 4 * pos, &pkt);
					if (pos + pkt.ndw > same)
						break;
					pos += pkt.ndw ? pkt.ndw : 1;
				}
				char one[4096];
				tu_decode(fmt, w + pos, pkt.ndw ? pkt.ndw : 1, false, one, sizeof one);
				CHECK(ok, "%s stream %u: %u errors (%s at %u:%u), %zu of %zu words, first difference in the packet "
				      "at dword %zu: %s\n  text: %s\n  back: %s",
				      tu_gen_name(g), s, errs, tu_asm_first(&asmres), asmres.nd ? asmres.d[0].line : 0,
				      asmres.nd ? asmres.d[0].col : 0, asmres.n, n, pos, tu_words_str(w + pos, pkt.ndw),
				      one, tu_words_str(asmres.w + pos, asmres.n > pos ? asmres.n - pos : 0));
			} else {
				CHECK(ok, "round trip");
			}
			size_t pos = 0;
			while (pos < n) {
				struct gk_packet pkt;
				gk_packet_frame(fmt, w + pos, n - pos, 4 * pos, &pkt);
				json_of(fmt, &pkt, true);
				if (!json_line_ok(jsonbuf.p, jsonbuf.n)) {
					bad_json++;
					CHECK(0, "%s JSON of %s does not validate: %s", tu_gen_name(g),
					      tu_words_str(w + pos, pkt.ndw), jsonbuf.p);
				}
				pos += pkt.ndw ? pkt.ndw : 1;
				packets++;
			}
		}
	}
	CHECK(packets > 10000, "only %u packets in %u random streams", packets, streams);
	CHECK(bad_json == 0 && mismatches == 0, "%u of %u streams did not round-trip, %u JSON lines invalid", mismatches,
	      streams, bad_json);
}

/* each field of each packet, one bit at a time (and all ones): text -> words
 * -> text, and words that decode to what was asked for */
static void test_single_bits(void)
{
	unsigned bad = 0, tried = 0;
	for (unsigned g = 0; g < TU_NGENS; g++) {
		const struct gk_format *fmt = tu_fmt(tu_gen_name(g));
		for (size_t i = 0; i < NVECS; i++) {
			const struct vec *v = &vecs[i];
			if (!(v->gens & tu_gen_bit(g)))
				continue;
			struct gk_packet pkt;
			gk_packet_frame(fmt, v->w, v->n, 0, &pkt);
			unsigned fixed = pkt.ndw < 16 ? pkt.ndw : 16;
			for (unsigned dw = 1; dw < fixed; dw++) {
				for (unsigned b = 0; b <= 32; b++) {
					uint32_t w[64];
					size_t n = v->n < 64 ? v->n : 64;
					memcpy(w, v->w, n * 4);
					w[dw] = b == 32 ? ~0u : w[dw] ^ (1u << b);
					tu_decode(fmt, w, n, false, textbuf, sizeof textbuf);
					unsigned errs = tu_assemble(fmt, textbuf, &asmres);
					tried++;
					if (errs || asmres.n != n || memcmp(asmres.w, w, n * 4)) {
						if (bad++ < 10)
							CHECK(0, "%s %s: %s\n  text: %s\n  back: %s (%u errors: %s)", tu_gen_name(g),
							      pkt.frame.desc ? pkt.frame.desc->name : "raw", tu_words_str(w, n), textbuf,
							      tu_words_str(asmres.w, asmres.n), errs, tu_asm_first(&asmres));
					}
				}
			}
		}
	}
	CHECK(bad == 0, "%u of %u single-bit variants of the vectors did not round-trip", bad, tried);
}

int main(void)
{
	test_vectors();
	test_json_vectors();
	test_framing_lengths();
	test_other_generation();
	test_unknown();
	test_truncated();
	test_stray_bits();
	test_longest();
	test_tiled_meaning();
	test_asm_errors();
	test_asm_other_family();
	test_random_roundtrip();
	test_single_bits();
	free(bigtext);
	free(jsonbuf.p);
	return tl_done();
}
