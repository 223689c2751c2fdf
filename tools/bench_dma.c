/* gfxkit DMA / SDMA throughput benchmark (`make bench`, `-e dma`).
 *
 * A stream of async-DMA packets as the radeon kernel driver and Mesa fill
 * the DMA ring and its IBs, one "submission" at a time: an optional
 * semaphore wait, a VM flush (SRBM_WRITE page-table base, HDP flush and TLB
 * invalidate, then SRBM_READ / POLL_REG_MEM), the IB launch (WRITE_LINEAR of
 * the next rptr, NOP padding, INDIRECT_BUFFER), the IB's own packets inline
 * (page-table updates: WRITE_PTE_PDE, WRITE_LINEAR with PTE data, PTE copies;
 * buffer moves: COPY_L2L_DW / COPY_L2L_BYTE / COPY_LINEAR; texture uploads
 * and read-backs: COPY_L2T, CIK COPY_TILED and COPY_TILED_SUB_WINDOW;
 * clears: CONSTANT_FILL; NOP padding to 8 dwords), then FENCE, TRAP and the
 * HDP flush, and an optional semaphore signal.  Emitters: ni_dma.c,
 * evergreen_dma.c, r600_dma.c, si_dma.c, cik_sdma.c (Linux 6.1) and Mesa's
 * r600 / radeonsi DMA copies.  Every address lies in one of a fixed set of
 * buffers (a write-back page, an IB pool, page tables, VRAM and GTT buffers,
 * textures), which the "--bo" check declares with gk_check_set_buffers.
 *
 * The generator writes each packet as the assembly text `gfxkit decode`
 * prints and the library's assembler makes the words (tools/bench.h, struct
 * bench_stream); one chunk of CHUNK bytes is generated and repeated.
 *
 * Per generation, in its own process (so each peak RSS is its own), the
 * same size as the PM4 streams (GFXKIT_BENCH_MB), measured for check, check
 * with --bo buffers (buffers that cover every address of the stream), text
 * and JSON decode and the assembler (decode -> encode must give the words
 * back).  GFXKIT_BENCH_DMA=cayman,si,cik,sdma4,sdma6 (the default;
 * evergreen also works) picks the generations; GFXKIT_BENCH_ONLY keys dma (all of them),
 * dma-check, dma-bo, dma-text, dma-json, dma-encode, and cli (the
 * command-line tool, argv[1], over a quarter of each stream and all of it,
 * with its peak RSS).  GFXKIT_BENCH_KEEP=1 keeps the streams and their --bo
 * lists.  Exit status 1 only when a generated stream does not check clean,
 * does not round-trip or the tool fails on it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

/* the chunk the stream repeats (whole submissions, padded to 8 dwords) */
#define CHUNK (1u << 20)

/* DK_SOC15: SDMA 4 (Vega) and SDMA 6 (GFX11), as amdgpu's sdma_v4_0.c and
 * sdma_v6_0.c fill the ring and amdgpu_vm_sdma.c the page-table IBs: the
 * same packets on both (COPY_LINEAR, WRITE_UNTILED, WRITE_INCR,
 * CONSTANT_FILL, FENCE, TRAP, POLL_REGMEM, SRBM_WRITE, INDIRECT, NOP);
 * texture copies are linear (tiled SDMA 4+ copies name swizzle modes,
 * which the access model does not lay out yet) */
enum dkind { DK_EVERGREEN, DK_CAYMAN, DK_SI, DK_CIK, DK_SOC15 };

/* The MMIO registers the kernel's DMA ring writes through SRBM_WRITE and
 * polls, by byte address (nid.h, sid.h, cikd.h).  They are data the
 * library's register tables lack (those hold the PM4 register spaces;
 * SRBM_WRITE's REGISTER field is a raw address), so they are a table here
 * until the tables grow an MMIO space. */
static const struct mmio {
	const char *name;
	uint32_t addr;
} mmio[] = {
	{ "SRBM_GFX_CNTL", 0x0e44u },
	{ "VM_CONTEXT8_PAGE_TABLE_BASE_ADDR", 0x1438u },
	{ "VM_INVALIDATE_REQUEST", 0x1478u },
	{ "VM_CONTEXT0_PAGE_TABLE_BASE_ADDR", 0x153cu },
	{ "HDP_MEM_COHERENCY_FLUSH_CNTL", 0x5480u },
	{ "GPU_HDP_FLUSH_REQ", 0x54dcu },
	{ "GPU_HDP_FLUSH_DONE", 0x54e0u },
	{ "SH_MEM_BASES", 0x8c28u },
	{ "SH_MEM_APE1_BASE", 0x8c2cu },
	{ "SH_MEM_APE1_LIMIT", 0x8c30u },
	{ "SH_MEM_CONFIG", 0x8c34u },
};

static uint32_t reg(const char *name)
{
	for (size_t i = 0; i < sizeof mmio / sizeof mmio[0]; i++)
		if (!strcmp(mmio[i].name, name))
			return mmio[i].addr;
	fprintf(stderr, "bench: no MMIO register %s\n", name);
	exit(2);
}

/* the GPU address space of the stream: every address is in one of these */
#define VA_WB 0x100000ull        /* 4 KiB: rptr write-back, fences, semaphores */
#define WB_SIZE 0x1000ull
#define VA_IB 0x200000ull        /* the IB pool */
#define IB_POOL (4ull << 20)
#define VA_GART 0x800000ull      /* the GART table PTE copies read */
#define GART_SIZE (2ull << 20)
#define VA_PT 0x1000000ull       /* page directory and page tables */
#define PT_SIZE (8ull << 20)
#define NVRAM 24
#define VA_VRAM 0x100000000ull   /* VRAM buffers, 64 MiB apart */
#define NGTT 8
#define VA_GTT 0x2000000000ull   /* GTT (staging) buffers, 64 MiB apart */
#define NTEX 8
#define VA_TEX 0x4000000000ull   /* textures, 64 MiB apart; all below 2^40 */
#define NDBOS (4 + NVRAM + NGTT + NTEX)

#define PTE_FLAGS_SYSTEM 0x67u   /* R600_PTE_VALID | SYSTEM | SNOOPED | READABLE | WRITEABLE */
#define PTE_FLAGS_VRAM 0x61u     /* R600_PTE_VALID | READABLE | WRITEABLE */

struct tex {
	uint64_t base;
	unsigned w, h, d, lbpp; /* pixels (multiples of 8), slices, log2 bytes per pixel */
	unsigned array_mode, bank_w, bank_h, aspect, nbanks, tile_split, pipe_config, micro;
};

/* The registers an SDMA 4/6 ring writes and polls, as dword offsets
 * (SRBM_WRITE ADDR, POLL_REGMEM REGISTER): the VM hub's context-0 page
 * table base, invalidate request and acknowledge of engine 1, and NBIO's
 * HDP flush request and done.  SDMA 4: mmhub_1_0_offset.h and
 * nbio_6_1_offset.h on vega10_ip_offset.h's segment bases (MMHUB 0x1A000,
 * NBIO segment 2 0xD20); SDMA 6: gc_11_0_0_offset.h (GCVM_*) on GC's
 * segment 0 (0x1260 on Navi 3x), NBIO as SDMA 4's. */
struct soc15_regs {
	uint32_t pt_lo, pt_hi, inv_req, inv_ack, hdp_req, hdp_done;
};
static const struct soc15_regs sdma4_regs = { 0x1A000 + 0x072b, 0x1A000 + 0x072c, 0x1A000 + 0x06e4,
					      0x1A000 + 0x06f6, 0xD20 + 0x0106, 0xD20 + 0x0107 };
static const struct soc15_regs sdma6_regs = { 0x1260 + 0x16f3, 0x1260 + 0x16f4, 0x1260 + 0x16ac,
					      0x1260 + 0x16be, 0xD20 + 0x0106, 0xD20 + 0x0107 };

struct dgen {
	struct bench_stream s;
	enum dkind kind;
	const struct soc15_regs *soc15; /* DK_SOC15: the generation's registers */
	struct gk_bo bos[NDBOS];
	struct gk_bo vram[NVRAM], gtt[NGTT];
	struct tex tex[NTEX];
	uint32_t seq;
};

/* an address in bo, a multiple of align from its base, with n bytes room */
static uint64_t in_bo(const struct gk_bo *bo, uint64_t n, uint64_t align)
{
	uint64_t room = bo->size > n ? bo->size - n : 0;
	return bo->base + (rnd64() % (room / align + 1)) * align;
}

static void dgen_init(struct dgen *g, enum dkind kind)
{
	memset(g, 0, sizeof *g);
	g->kind = kind;
	unsigned nb = 0;
	g->bos[nb++] = (struct gk_bo){ VA_WB, WB_SIZE };
	g->bos[nb++] = (struct gk_bo){ VA_IB, IB_POOL };
	g->bos[nb++] = (struct gk_bo){ VA_GART, GART_SIZE };
	g->bos[nb++] = (struct gk_bo){ VA_PT, PT_SIZE };
	for (unsigned i = 0; i < NVRAM; i++) {
		g->vram[i] = (struct gk_bo){ VA_VRAM + ((uint64_t)i << 26), (1 + (uint64_t)below(16 * 64)) << 16 };
		g->bos[nb++] = g->vram[i];
	}
	for (unsigned i = 0; i < NGTT; i++) {
		g->gtt[i] = (struct gk_bo){ VA_GTT + ((uint64_t)i << 26), (256 + (uint64_t)below(3 * 256)) << 16 };
		g->bos[nb++] = g->gtt[i];
	}
	/* textures: at most 16 MiB each, so any slice range fits a GTT buffer */
	for (unsigned i = 0; i < NTEX; i++) {
		struct tex *t = &g->tex[i];
		do {
			t->w = 8u << below(9);
			t->h = 8u << below(9);
			t->lbpp = below(5);
			t->d = below(3) ? 1 : 1 + below(8);
		} while ((uint64_t)t->w * t->h * t->d << t->lbpp > (16u << 20));
		t->base = VA_TEX + ((uint64_t)i << 26);
		t->array_mode = below(3) ? 4 : 2; /* 2D / 1D tiled thin */
		t->bank_w = below(4);
		t->bank_h = below(4);
		t->aspect = below(4);
		t->nbanks = below(4);
		t->tile_split = below(7);
		t->pipe_config = kind == DK_CIK ? (below(2) ? 5 : 17) : 12; /* P4_16x16 / P16_32x32_16x16; P8_32x32_16x16 */
		t->micro = kind == DK_CIK ? below(5) : below(4);
		if (kind == DK_EVERGREEN || kind == DK_CAYMAN)
			t->micro &= 2; /* Mesa r600: non_disp_tiling << 28 */
		g->bos[nb++] = (struct gk_bo){ t->base, ((uint64_t)t->w * t->h * t->d) << t->lbpp };
	}
}

static void dnop(struct dgen *g)
{
	bench_packet(&g->s, 1, "NOP");
}

/* WRITE_LINEAR of the ndw data dwords d to addr */
static void dwrite(struct dgen *g, uint64_t addr, uint32_t ndw, const uint32_t *d)
{
	if (g->kind == DK_SOC15) /* sdma_v4_0_vm_write_pte */
		bench_packet(&g->s, 4 + ndw, "WRITE_UNTILED DST_ADDR=0x%llx", (unsigned long long)(addr & ~3ull));
	else if (g->kind == DK_CIK)
		bench_packet(&g->s, 4 + ndw, "WRITE_LINEAR ADDR=0x%llx", (unsigned long long)(addr & ~3ull));
	else
		bench_packet(&g->s, 3 + ndw, "WRITE_LINEAR DEST_ADDR=0x%llx", (unsigned long long)(addr & 0xfffffffffcull));
	for (uint32_t i = 0; i < ndw; i += 8) {
		char line[8 * 11 + 16] = "    DATA";
		size_t len = strlen(line);
		for (uint32_t k = i; k < ndw && k < i + 8; k++)
			len += (size_t)snprintf(line + len, sizeof line - len, " 0x%08x", d[k]);
		bench_line(&g->s, "%s", line);
	}
}

/* a linear copy of bytes, split as the kernel's copy_dma does */
static void dcopy(struct dgen *g, uint64_t dst, uint64_t src, uint64_t bytes)
{
	while (bytes) {
		uint64_t cur;
		if (g->kind == DK_SOC15) { /* sdma_v4_0_emit_copy_buffer: COUNT is bytes - 1 */
			cur = bytes > 0x400000 ? 0x400000 : bytes;
			bench_packet(&g->s, 7, "COPY_LINEAR COUNT=%llu SRC_ADDR=0x%llx DST_ADDR=0x%llx",
				     (unsigned long long)cur - 1, (unsigned long long)src, (unsigned long long)dst);
		} else if (g->kind == DK_CIK) { /* cik_copy_dma */
			cur = bytes > 0x1fffff ? 0x1fffff : bytes;
			bench_packet(&g->s, 7, "COPY_LINEAR COUNT=%llu SRC_ADDR=0x%llx DST_ADDR=0x%llx", (unsigned long long)cur,
				     (unsigned long long)src, (unsigned long long)dst);
		} else if (g->kind == DK_SI) { /* si_copy_dma: byte copies */
			cur = bytes > 0xfffff ? 0xfffff : bytes;
			bench_packet(&g->s, 5, "COPY_L2L_BYTE COUNT=%llu DEST_ADDR=0x%llx SRC_ADDR=0x%llx",
				     (unsigned long long)cur, (unsigned long long)(dst & 0xffffffffffull),
				     (unsigned long long)(src & 0xffffffffffull));
		} else { /* evergreen_copy_dma: dword copies */
			uint64_t dw = bytes / 4 > 0xfffff ? 0xfffff : bytes / 4;
			cur = 4 * dw;
			bench_packet(&g->s, 5, "COPY_L2L_DW COUNT=%llu DEST_ADDR=0x%llx SRC_ADDR=0x%llx", (unsigned long long)dw,
				     (unsigned long long)(dst & 0xfffffffffcull), (unsigned long long)(src & 0xfffffffffcull));
		}
		bytes -= cur;
		src += cur;
		dst += cur;
	}
}

/* radeon_vm_update_ptes: copy from the GART table, write system pages one
 * by one, or set contiguous VRAM pages (*_dma_vm_{copy,write,set}_pages) */
static void vm_update(struct dgen *g)
{
	unsigned how = below(10);
	unsigned count = how >= 7 && below(4) ? 1 + below(2) : below(4) ? 1 + below(32) : 1 + below(512);
	uint64_t pe = VA_PT + 8 * (uint64_t)below((uint32_t)(PT_SIZE / 8 - count));
	if (how < 4) { /* GTT pages: (flags & R600_PTE_GART_MASK) == R600_PTE_GART_MASK */
		dcopy(g, pe, VA_GART + 8 * (uint64_t)below((uint32_t)(GART_SIZE / 8 - count)), 8ull * count);
	} else if (how >= 7 || count < 3) { /* page directory entries, other system pages */
		uint32_t d[2 * 512];
		uint64_t page = rnd64() & 0xfffff000ull;
		for (unsigned k = 0; k < count; k++) {
			uint64_t v = (below(4) ? page + 4096ull * k : rnd64() & 0xfffffff000ull) | PTE_FLAGS_SYSTEM;
			d[2 * k] = (uint32_t)v;
			d[2 * k + 1] = (uint32_t)(v >> 32);
		}
		dwrite(g, pe, 2 * count, d);
	} else {
		const struct gk_bo *bo = &g->vram[below(NVRAM)];
		uint64_t value = in_bo(bo, 4096ull * count < bo->size ? 4096ull * count : bo->size, 4096) |
				 PTE_FLAGS_VRAM;
		if (g->kind == DK_SOC15) /* sdma_v4_0_vm_set_pte_pde */
			bench_packet(&g->s, 10, "WRITE_INCR DST_ADDR=0x%llx MASK=0xffffffffffffffff INIT=0x%llx INCR=0x1000 COUNT=%u",
				     (unsigned long long)pe, (unsigned long long)value, count - 1);
		else if (g->kind == DK_CIK)
			bench_packet(&g->s, 10, "WRITE_PTE_PDE DST_ADDR=0x%llx MASK=0x%x VALUE=0x%llx INCREMENT=0x1000 COUNT=%u",
				     (unsigned long long)pe, PTE_FLAGS_VRAM, (unsigned long long)value, count);
		else
			bench_packet(&g->s, 9, "WRITE_PTE_PDE COUNT=%u DEST_ADDR=0x%llx MASK=0x%x VALUE=0x%llx INCREMENT=0x1000",
				     2 * count, (unsigned long long)pe, PTE_FLAGS_VRAM, (unsigned long long)value); /* dwords */
	}
}

/* a TTM move between VRAM and GTT, whole pages */
static void buffer_move(struct dgen *g)
{
	const struct gk_bo *v = &g->vram[below(NVRAM)], *t = &g->gtt[below(NGTT)];
	uint64_t max = v->size < t->size ? v->size : t->size;
	uint64_t bytes = below(6) ? 4096ull * (1 + below(256)) : max;
	if (bytes > max)
		bytes = max;
	uint64_t va = in_bo(v, bytes, 4096), ta = in_bo(t, bytes, 4096);
	if (below(2))
		dcopy(g, va, ta, bytes);
	else
		dcopy(g, ta, va, bytes);
}

/* a clear (radeonsi si_dma_clear_buffer / cik_sdma_clear_buffer) */
static void buffer_fill(struct dgen *g)
{
	const struct gk_bo *bo = below(3) ? &g->vram[below(NVRAM)] : &g->gtt[below(NGTT)];
	uint64_t bytes = 4ull * (1 + below(below(4) ? 4096 : 1u << 18));
	if (bytes > bo->size)
		bytes = bo->size;
	uint64_t a = in_bo(bo, bytes, 4);
	uint32_t value = below(2) ? 0 : (uint32_t)rnd64();
	while (bytes) {
		uint64_t cur;
		if (g->kind == DK_SOC15) { /* sdma_v4_0_emit_fill_buffer: COUNT is bytes - 1 */
			cur = bytes > 0x400000 ? 0x400000 : bytes;
			bench_packet(&g->s, 5, "CONSTANT_FILL DST_ADDR=0x%llx SRC_DATA=0x%x COUNT=%llu", (unsigned long long)a,
				     value, (unsigned long long)cur - 1);
		} else if (g->kind == DK_CIK) {
			cur = bytes > 0x3fffe0 ? 0x3fffe0 : bytes;
			bench_packet(&g->s, 5, "CONSTANT_FILL SIZE=DWORD ADDR=0x%llx DATA=0x%x COUNT=%llu", (unsigned long long)a,
				     value, (unsigned long long)cur);
		} else {
			cur = bytes > 4ull * 0xfffff ? 4ull * 0xfffff : bytes;
			bench_packet(&g->s, 4, "CONSTANT_FILL COUNT=%llu DST_ADDR=0x%llx CONSTANT_DATA=0x%x",
				     (unsigned long long)cur / 4, (unsigned long long)a, value);
		}
		bytes -= cur;
		a += cur;
	}
}

/* A texture's tiling as the fields name it: the enums whose names are
 * numbers take the number they name */
static void tiling(const struct tex *t, char *out, size_t cap, bool cik)
{
	if (cik)
		snprintf(out, cap,
			 "PIPE_CONFIG=%u MACRO_TILE_ASPECT=%u:1 NUM_BANKS=%u BANK_HEIGHT=%u BANK_WIDTH=%u TILE_SPLIT=%u "
			 "MICRO_TILE_MODE=%u ARRAY_MODE=%u ELEMENT_SIZE=%u",
			 t->pipe_config, 1u << t->aspect, 2u << t->nbanks, 1u << t->bank_h, 1u << t->bank_w,
			 64u << t->tile_split, t->micro, t->array_mode, t->lbpp);
	else
		snprintf(out, cap,
			 "ARRAY_MODE=%u SIZE=%u BANK_HEIGHT=%u BANK_WIDTH=%u MT_ASPECT=%u:1 NUM_BANKS=%u TILE_SPLIT=%u",
			 t->array_mode, t->lbpp, 1u << t->bank_h, 1u << t->bank_w, 1u << t->aspect, 2u << t->nbanks,
			 64u << t->tile_split);
}

/* whole rows y0 .. y0 + rows - 1 of slice z between a texture and a staging
 * buffer, split in chunks of whole 8-row groups (Mesa evergreen_dma_copy_tile,
 * si_dma_copy_tile, cik_sdma COPY_TILED) */
static void tex_rows(struct dgen *g, const struct tex *t, unsigned detile)
{
	const struct gk_bo *lin = &g->gtt[below(NGTT)];
	uint64_t pitch = (uint64_t)t->w << t->lbpp; /* bytes per row */
	unsigned z = below(t->d);
	unsigned y = 8 * below(t->h / 8);
	unsigned rows = 8 * (1 + below((t->h - y) / 8));
	uint64_t la = in_bo(lin, rows * pitch, 256);
	unsigned cheight = (unsigned)((4ull * 0xfffff / pitch) & ~7ull);
	char tile[256];
	tiling(t, tile, sizeof tile, g->kind == DK_CIK);
	while (rows) {
		unsigned ch = cheight < rows ? cheight : rows;
		uint32_t size = (uint32_t)(ch * pitch / 4);
		if (g->kind == DK_CIK)
			bench_packet(&g->s, 12,
				     "COPY_TILED DETILE=%u TILED_ADDR=0x%llx HEIGHT=%u PITCH=%u SLICE_PITCH=%u %s Y=%u X=0 Z=%u "
				     "LINEAR_ADDR=0x%llx LINEAR_PITCH=%u COUNT=%u",
				     detile, (unsigned long long)t->base, t->h - 1, t->w / 8 - 1, t->w * t->h / 64 - 1, tile, y,
				     z, (unsigned long long)la, t->w, size);
		else
			bench_packet(&g->s, 9,
				     "COPY_L2T COUNT=%u BASE_256=0x%llx DETILE=%u %s HEIGHT_MAX=%u PITCH_TILE_MAX=%u%s "
				     "SLICE_TILE_MAX=%u Z=%u X=0 %s=%u Y=%u LINEAR_ADDR=0x%llx",
				     size, (unsigned long long)t->base, detile, tile, t->h - 1, t->w / 8 - 1,
				     g->kind == DK_SI ? " PIPE_CONFIG=12" : "", t->w * t->h / 64 - 1, z,
				     g->kind == DK_SI ? "MT" : "NON_DISP", t->micro, y,
				     (unsigned long long)(la & 0xfffffffffcull));
		rows -= ch;
		y += ch;
		la += ch * pitch;
	}
}

/* a box of a texture to or from a tightly packed staging buffer (radeonsi
 * cik_sdma_copy_texture, GFX7: sizes not minus one) */
static void tex_box_cik(struct dgen *g, const struct tex *t, unsigned detile)
{
	const struct gk_bo *lin = &g->gtt[below(NGTT)];
	unsigned rx = 8 * (1 + below(t->w / 8)), ry = 8 * (1 + below(t->h / 8));
	unsigned tx = 8 * below((t->w - rx) / 8 + 1), ty = 8 * below((t->h - ry) / 8 + 1);
	unsigned tz = below(t->d), rz = 1 + below(t->d - tz);
	uint64_t la = in_bo(lin, ((uint64_t)rx * ry * rz) << t->lbpp, 256);
	char tile[256];
	tiling(t, tile, sizeof tile, true);
	bench_packet(&g->s, 14,
		     "COPY_TILED_SUB_WINDOW DETILE=%u TILED_ADDR=0x%llx TILED_Y=%u TILED_X=%u PITCH=%u TILED_Z=%u "
		     "SLICE_PITCH=%u %s LINEAR_ADDR=0x%llx LINEAR_Y=0 LINEAR_X=0 LINEAR_PITCH=%u LINEAR_Z=0 "
		     "LINEAR_SLICE_PITCH=%u RECT_Y=%u RECT_X=%u RECT_Z=%u",
		     detile, (unsigned long long)t->base, ty, tx, t->w / 8 - 1, tz, t->w * t->h / 64 - 1, tile,
		     (unsigned long long)la, rx - 1, rx * ry - 1, ry, rx, rz);
}

static void tex_copy(struct dgen *g)
{
	const struct tex *t = &g->tex[below(NTEX)];
	unsigned detile = !below(4); /* mostly uploads */
	if (g->kind == DK_SOC15) { /* the texture's bytes, linear (see enum dkind) */
		const struct gk_bo *lin = &g->gtt[below(NGTT)];
		uint64_t bytes = ((uint64_t)t->w * t->h) << t->lbpp, la = in_bo(lin, bytes, 256);
		if (detile)
			dcopy(g, la, t->base, bytes);
		else
			dcopy(g, t->base, la, bytes);
		return;
	}
	if (g->kind == DK_CIK && below(3))
		tex_box_cik(g, t, detile);
	else
		tex_rows(g, t, detile);
}

static void semaphore(struct dgen *g, unsigned signal)
{
	uint64_t a = VA_WB + 0x800 + 8 * (uint64_t)below(64);
	/* cik_sdma_semaphore_ring_emit, r600_dma_semaphore_ring_emit */
	bench_packet(&g->s, 3, "SEMAPHORE SIGNAL=%u SEMAPHORE_ADDR=0x%llx", signal,
		     (unsigned long long)(g->kind == DK_CIK ? a & ~7ull : a & ~3ull));
}

static void srbm_write(struct dgen *g, const char *name, uint32_t value)
{
	bench_packet(&g->s, 3, "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x%x DATA=0x%x", reg(name), value);
}

/* sdma_v4_0_wait_reg_mem / sdma_v6_0_wait_reg_mem: poll a register (or
 * memory) until (value & mask) == ref, or write one and poll another */
static void soc15_wait(struct dgen *g, bool mem, bool hdp, uint64_t addr0, uint32_t addr1, uint32_t ref, uint32_t mask)
{
	if (mem)
		bench_packet(&g->s, 6, "POLL_REGMEM FUNC=EQUAL MEM_POLL=MEMORY ADDR=0x%llx VALUE=0x%x MASK=0x%x INTERVAL=4 "
			     "RETRY_COUNT=4095", (unsigned long long)addr0, ref, mask);
	else
		bench_packet(&g->s, 6, "POLL_REGMEM%s FUNC=EQUAL MEM_POLL=REGISTER REGISTER=0x%x REQ_REGISTER=0x%x "
			     "VALUE=0x%x MASK=0x%x INTERVAL=10 RETRY_COUNT=4095", hdp ? " HDP_FLUSH=1" : "",
			     (uint32_t)addr0, addr1, ref, mask); /* dword offsets (the packet holds them << 2) */
}

static void hdp_flush(struct dgen *g)
{
	if (g->kind == DK_SOC15) /* sdma_v4_0_ring_emit_hdp_flush: ref_and_mask_sdma0 */
		soc15_wait(g, false, true, g->soc15->hdp_done, g->soc15->hdp_req, 0x400, 0x400);
	else if (g->kind == DK_CIK) /* cik_sdma_hdp_flush_ring_emit: write, wait, write until equal */
		bench_packet(&g->s, 6,
			     "POLL_REG_MEM M=REGISTER FUNC=EQUAL OP=WRITE_WAIT_WRITE REGISTER=0x%x PREPOLL_REGISTER=0x%x "
			     "REFERENCE=0x400 MASK=0x400 RETRY_COUNT=4095 POLL_INTERVAL=10",
			     reg("GPU_HDP_FLUSH_DONE"), reg("GPU_HDP_FLUSH_REQ"));
	else
		srbm_write(g, "HDP_MEM_COHERENCY_FLUSH_CNTL", 1);
}

static void vm_flush(struct dgen *g, unsigned vmid)
{
	uint64_t pd = VA_PT + ((uint64_t)below((uint32_t)(PT_SIZE >> 12)) << 12);
	if (g->kind == DK_SOC15) {
		/* amdgpu_gmc_emit_flush_gpu_tlb: the context's page directory
		 * (two registers a context), then the invalidate request and
		 * its acknowledge (sdma_v4_0_ring_emit_reg_write_reg_wait) */
		const struct soc15_regs *r = g->soc15; /* ADDR: the kernel's dword offset, as the packet holds it */
		bench_packet(&g->s, 3, "SRBM_WRITE BYTE_EN=0xf ADDR=0x%x DATA=0x%x", r->pt_lo + 2 * vmid, (uint32_t)pd | 1);
		bench_packet(&g->s, 3, "SRBM_WRITE BYTE_EN=0xf ADDR=0x%x DATA=0x%x", r->pt_hi + 2 * vmid, (uint32_t)(pd >> 32));
		bench_packet(&g->s, 3, "SRBM_WRITE BYTE_EN=0xf ADDR=0x%x DATA=0x%x", r->inv_req, 0x80000u | (1u << vmid));
		soc15_wait(g, false, false, r->inv_ack, 0, 1u << vmid, 1u << vmid);
		return;
	}
	uint32_t base = vmid < 8 ? reg("VM_CONTEXT0_PAGE_TABLE_BASE_ADDR") + 4 * vmid
				 : reg("VM_CONTEXT8_PAGE_TABLE_BASE_ADDR") + 4 * (vmid - 8);
	bench_packet(&g->s, 3, "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x%x DATA=0x%x", base, (uint32_t)(pd >> 12));
	if (g->kind == DK_CIK) { /* cik_dma_vm_flush */
		srbm_write(g, "SRBM_GFX_CNTL", vmid << 4);
		srbm_write(g, "SH_MEM_BASES", 0);
		srbm_write(g, "SH_MEM_CONFIG", 0);
		srbm_write(g, "SH_MEM_APE1_BASE", 1);
		srbm_write(g, "SH_MEM_APE1_LIMIT", 0);
		srbm_write(g, "SRBM_GFX_CNTL", 0);
		hdp_flush(g);
		srbm_write(g, "VM_INVALIDATE_REQUEST", 1u << vmid);
		/* the kernel writes VM_INVALIDATE_REQUEST >> 2 here, which the
		 * byte-address field reads as reserved bits; amdgpu writes the
		 * byte address (sdma_v2_4_ring_emit_reg_wait: reg << 2) */
		bench_packet(&g->s, 6,
			     "POLL_REG_MEM M=REGISTER FUNC=ALWAYS OP=WAIT_REG_MEM REGISTER=0x%x REFERENCE=0x0 MASK=0x0 "
			     "RETRY_COUNT=4095 POLL_INTERVAL=10",
			     reg("VM_INVALIDATE_REQUEST"));
		return;
	}
	srbm_write(g, "HDP_MEM_COHERENCY_FLUSH_CNTL", 1);
	srbm_write(g, "VM_INVALIDATE_REQUEST", 1u << vmid);
	if (g->kind == DK_SI) /* si_dma_vm_flush: wait for the invalidate to clear */
		bench_packet(&g->s, 6,
			     "POLL_REG_MEM M=REGISTER REGISTER=0x%x RETRY_COUNT=255 MASK=0x%x REFERENCE=0x0 FUNC=ALWAYS "
			     "POLL_INTERVAL=32",
			     reg("VM_INVALIDATE_REQUEST"), 1u << vmid);
	else /* cayman_dma_vm_flush: DMA_SRBM_READ_PACKET */
		bench_packet(&g->s, 4, "SRBM_READ POLL=0 RETRY_COUNT=255 REGISTER=0x%x MASK=0x0 VALUE=0x0",
			     reg("VM_INVALIDATE_REQUEST"));
}

/* *_ring_ib_execute: next-rptr write-back, NOP padding so the IB packet ends
 * on an 8-dword boundary; the IB packet itself is written by dma_submit
 * once its packets (held from here on) are known */
static void ib_execute(struct dgen *g)
{
	if (g->kind == DK_SOC15) {
		/* sdma_v4_0_ring_emit_ib: NOPs until the 6-dword INDIRECT ends
		 * on an 8-dword boundary; no rptr write-back */
		while ((g->s.n & 7) != 2)
			dnop(g);
		g->s.n += 6;
		bench_hold(&g->s);
		return;
	}
	bool cik = g->kind == DK_CIK;
	unsigned ibdw = cik ? 4 : 3, at = 8 - ibdw;
	uint32_t next = (uint32_t)g->s.n + (cik ? 5 : 4);
	while ((next & 7) != at)
		next++;
	uint32_t rptr = next + ibdw;
	dwrite(g, VA_WB + 0x40, 1, &rptr);
	while ((g->s.n & 7) != at)
		dnop(g);
	g->s.n += ibdw; /* the IB packet's place */
	bench_hold(&g->s);
}

static void dfence(struct dgen *g)
{
	uint64_t a = VA_WB + 0x100 + 4 * (uint64_t)below(4);
	if (g->kind == DK_SOC15) { /* sdma_v4_0_ring_emit_fence, then the trap with its context */
		bench_packet(&g->s, 4, "FENCE ADDR=0x%llx DATA=0x%x", (unsigned long long)a, ++g->seq);
		bench_packet(&g->s, 2, "TRAP INT_CONTEXT=0x0");
		if (!below(4)) /* sdma_v4_0_ring_emit_pipeline_sync: wait for it */
			soc15_wait(g, true, false, a, 0, g->seq, 0xffffffffu);
		hdp_flush(g);
		return;
	}
	if (g->kind == DK_CIK) /* cik_sdma_fence_ring_emit */
		bench_packet(&g->s, 4, "FENCE ADDR=0x%llx DATA=0x%x", (unsigned long long)a, ++g->seq);
	else /* evergreen_dma_fence_ring_emit */
		bench_packet(&g->s, 4, "FENCE FENCE_ADDR=0x%llx FENCE_DATA=0x%x", (unsigned long long)(a & ~3ull), ++g->seq);
	bench_packet(&g->s, 1, "TRAP");
	hdp_flush(g);
}

/* One submission: the ring packets around one IB, and the IB's packets */
static void dma_submit(struct dgen *g)
{
	bool vm = g->kind != DK_EVERGREEN;
	unsigned vmid = vm ? 1 + below(g->kind == DK_CAYMAN ? 7 : 15) : 0;
	bool sem = g->kind != DK_SOC15; /* amdgpu's SDMA 4+ rings use none */
	if (sem && !below(4))
		semaphore(g, 0);
	if (vm && !below(3))
		vm_flush(g, vmid);
	ib_execute(g);
	size_t start = g->s.n;
	for (unsigned k = 1 + below(8); k; k--) {
		unsigned c = below(20);
		if (vm && c < 9)
			vm_update(g);
		else if (c < 12)
			buffer_move(g);
		else if (c < 18 || g->kind == DK_EVERGREEN || g->kind == DK_CAYMAN)
			tex_copy(g);
		else
			buffer_fill(g);
	}
	while ((g->s.n - start) & 7) /* *_vm_pad_ib */
		dnop(g);
	uint32_t ndw = (uint32_t)(g->s.n - start);
	uint64_t base = VA_IB + 256 * (uint64_t)below((uint32_t)((IB_POOL - 4ull * ndw) / 256 + 1));
	/* the IB packet, before the packets it launches (held since
	 * ib_execute); its words were counted there */
	g->s.holding = false;
	if (g->kind == DK_SOC15)
		bench_packet(&g->s, 0, "INDIRECT VMID=%u IB_BASE=0x%llx IB_SIZE=%u CSA_ADDR=0x0", vmid & 0xf,
			     (unsigned long long)(base & ~0x1full), ndw);
	else if (g->kind == DK_EVERGREEN)
		bench_packet(&g->s, 0, "INDIRECT_BUFFER IB_BASE=0x%llx IB_SIZE=%u", (unsigned long long)(base & ~0x1full), ndw);
	else
		bench_packet(&g->s, 0, "INDIRECT_BUFFER VMID=%u IB_BASE=0x%llx IB_SIZE=%u", vmid & 0xf,
			     (unsigned long long)(base & ~0x1full), ndw);
	bench_release(&g->s);
	dfence(g);
	if (sem && !below(4))
		semaphore(g, 1);
}

static const char *kind_name(enum dkind k, const char *gpu)
{
	return k == DK_EVERGREEN ? "evergreen" : k == DK_CAYMAN ? "cayman" : k == DK_SI ? "si" : k == DK_CIK ? "cik" : gpu;
}

static bool dsel(const char *key)
{
	return selected("dma") || selected(key);
}

/* The DMA figures of one generation (run in a child process, so its peak
 * RSS is its own).  Returns 0, 1 when the stream did not check clean or
 * round-trip, 2 on a set-up failure. */
static int bench_dma(const char *gpu, double mb, const char *dir)
{
	struct gk_format *fmt = xmalloc(sizeof *fmt);
	if (gk_dma_format_init(fmt, gpu) != 0) {
		fprintf(stderr, "bench: unknown DMA GPU '%s'\n", gpu);
		return 2;
	}
	enum dkind kind;
	switch (fmt->gen_bit) {
	case GK_DMA_EVERGREEN: kind = DK_EVERGREEN; break;
	case GK_DMA_CAYMAN: kind = DK_CAYMAN; break;
	case GK_DMA_SI: kind = DK_SI; break;
	case GK_DMA_CIK: kind = DK_CIK; break;
	case GK_DMA_SDMA4:
	case GK_DMA_SDMA6: kind = DK_SOC15; break;
	default:
		fprintf(stderr, "bench: no DMA stream generator for %s (evergreen, cayman, si, cik, sdma4, sdma6 have one)\n", gpu);
		return 2;
	}
	FILE *devnull = fopen("/dev/null", "w");
	if (!devnull) {
		fprintf(stderr, "bench: /dev/null: %s\n", strerror(errno));
		return 2;
	}
	int bad = 0;
	size_t target = (size_t)(mb * 1e6);

	/* 1. generate the chunk: whole submissions, then NOPs to 8 dwords so
	 * that every copy keeps the IB packets' alignment; then the stream */
	uint64_t seed = BENCH_SEED ^ (uint64_t)(kind + 1);
	rng_seed(seed);
	struct dgen g;
	dgen_init(&g, kind);
	g.soc15 = fmt->gen_bit == GK_DMA_SDMA6 ? &sdma6_regs : &sdma4_regs;
	double t0 = now();
	size_t bytes = target < CHUNK ? target : CHUNK;
	bench_stream_begin(&g.s, fmt, CHUNK / 4 + (1u << 16));
	while (g.s.n * 4 < bytes)
		dma_submit(&g);
	while (g.s.n & 7)
		dnop(&g);
	bench_stream_end(&g.s);
	const uint32_t *chunk = g.s.w;
	size_t nchunk = g.s.nw;
	size_t nw = bench_cut(fmt, chunk, nchunk, target), total = 4 * nw;
	size_t quarter = bench_cut(fmt, chunk, nchunk, target / 4);
	unsigned long long packets = bench_count(fmt, chunk, nchunk, nw);
	uint32_t *w = bench_fill(chunk, nchunk, nw);
	double tgen = now() - t0;
	double in_mb = (double)total / 1e6;
	printf("\ngfxkit bench: dma %s, %.1f MB stream, %llu packets (%.1f dwords/packet), seed 0x%llx, "
	       "generated in %.2f s\n",
	       kind_name(kind, gpu), in_mb, packets, (double)nw / (double)packets, (unsigned long long)seed, tgen);
	printf("  (MB = 10^6 bytes of DMA input; best of %d runs; single thread; --bo: %u buffers; the assembled text "
	       "of %.1f MB of packets, repeated)\n",
	       BENCH_RUNS, NDBOS, (double)nchunk * 4 / 1e6);
	print_mix(fmt, w, nw);

	/* the stream and its first quarter as files (cksum's input, and the
	 * CLI's for main's peak RSS runs), with the --bo list next to them */
	char path[512], qpath[512], bopath[512];
	snprintf(path, sizeof path, "%s/dma-%s.bin", dir, kind_name(kind, gpu));
	snprintf(qpath, sizeof qpath, "%s/dma-%s-quarter.bin", dir, kind_name(kind, gpu));
	snprintf(bopath, sizeof bopath, "%s/dma-%s.bo", dir, kind_name(kind, gpu));
	if (write_words(path, w, nw) != 0 || write_words(qpath, w, quarter) != 0) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
		return 2;
	}
	FILE *bf = fopen(bopath, "w");
	for (unsigned i = 0; bf && i < NDBOS; i++)
		fprintf(bf, "--bo 0x%llx:0x%llx\n", (unsigned long long)g.bos[i].base, (unsigned long long)g.bos[i].size);
	if (!bf || fclose(bf) != 0) {
		fprintf(stderr, "bench: %s: write error\n", bopath);
		return 2;
	}

	/* 2. in memory: check, check with buffers, text, JSON */
	static const struct {
		const char *name, *key;
		enum mode m;
		bool bos;
	} modes[] = { { "check   (memory)", "dma-check", M_CHECK, false },
		      { "check   (memory, --bo buffers)", "dma-bo", M_CHECK, true },
		      { "text    (memory, /dev/null)", "dma-text", M_TEXT, false },
		      { "json    (memory, /dev/null)", "dma-json", M_JSON, false } };
	struct row rows[8], mrow[4] = { { 0 }, { 0 }, { 0 }, { 0 } };
	unsigned nrows = 0;
	unsigned long long errors[2] = { 0, 0 }, warnings[2] = { 0, 0 };
	bool ran[2] = { false, false };
	for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
		if (!dsel(modes[k].key))
			continue;
		struct row r = { modes[k].name, 1e30, in_mb, 0, 0, 0, { 0 } };
		for (int run = 0; run < BENCH_RUNS; run++) {
			double s = now();
			struct result res = run_memory(fmt, w, nw, modes[k].m, modes[k].m == M_CHECK ? 0 : devnull,
						       modes[k].bos ? g.bos : 0, modes[k].bos ? NDBOS : 0);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			pair_cksum(&r, run, t, path);
			r.out_mb = (double)res.out_bytes / 1e6;
			if (modes[k].m == M_CHECK && run == 0) {
				errors[modes[k].bos] = res.errors;
				warnings[modes[k].bos] = res.warnings;
				ran[modes[k].bos] = true;
			}
			if (res.failed || res.errors || res.warnings || res.packets != packets) {
				if (run == 0)
					fprintf(stderr, "bench: dma %s: %s: %llu packets (want %llu), %llu errors, %llu "
						"warnings%s\n", kind_name(kind, gpu), r.name, res.packets, packets, res.errors,
						res.warnings, res.failed ? ", output failure" : "");
				bad = 1;
			}
		}
		rows[nrows++] = r;
		mrow[k] = r;
	}

	/* the buffers do bound: without the write-back page, the first MB of
	 * the stream (fences, rptr writes, semaphores) must not check clean */
	unsigned long long missing = 0;
	if (dsel("dma-bo")) {
		size_t n1 = nw < (1u << 18) ? nw : (1u << 18);
		quiet_diags = true;
		missing = run_memory(fmt, w, n1, M_CHECK, 0, g.bos + 1, NDBOS - 1).errors;
		quiet_diags = false;
		if (!missing) {
			fprintf(stderr, "bench: dma %s: no bounds error without the write-back buffer\n", kind_name(kind, gpu));
			bad = 1;
		}
	}

	/* 3. encode: the text of a ~20 MB slice back to words */
	struct encode enc;
	char who[32];
	snprintf(who, sizeof who, "dma %s: ", kind_name(kind, gpu));
	if (!measure_encode(fmt, w, nw, dsel("dma-encode"), who, &enc))
		return 2;
	if (!enc.ok)
		bad = 1;

	double rss_all = peak_rss_mb();

	print_table(rows, nrows, &enc);
	printf("\n  checker over the stream: ");
	if (ran[0])
		printf("%llu errors, %llu warnings", errors[0], warnings[0]);
	if (ran[1])
		printf("%swith the %u buffers: %llu errors, %llu warnings (without the write-back buffer, the first "
		       "%.1f MB: %llu errors)", ran[0] ? "; " : "", NDBOS, errors[1], warnings[1],
		       (double)(nw < (1u << 18) ? nw : (1u << 18)) * 4 / 1e6, missing);
	if (!ran[0] && !ran[1])
		printf("not run");
	printf("\n  peak RSS: %.1f MB (this generation's process; includes the %.1f MB stream and %.1f MB of encode "
	       "text)\n", rss_all, (double)total / 1e6, (double)enc.text_bytes / 1e6);
	char what[64];
	printf("\n");
	snprintf(what, sizeof what, "DMA %s check (memory)", kind_name(kind, gpu));
	report_target(what, true, TARGET_CHECK, mbs(&mrow[0]), "MB/s");
	snprintf(what, sizeof what, "DMA %s check time / cksum", kind_name(kind, gpu));
	report_target(what, false, TARGET_CKSUM_X, mrow[0].ratio, "x");
	snprintf(what, sizeof what, "DMA %s check, %u --bo buffers", kind_name(kind, gpu), NDBOS);
	report_target(what, true, TARGET_BO, mbs(&mrow[1]), "MB/s");
	snprintf(what, sizeof what, "DMA %s text decode (memory)", kind_name(kind, gpu));
	report_target(what, true, TARGET_TEXT, mbs(&mrow[2]), "MB/s");
	snprintf(what, sizeof what, "DMA %s JSON decode (no text)", kind_name(kind, gpu));
	report_target(what, true, TARGET_JSON, mbs(&mrow[3]), "MB/s");
	if (bad)
		printf("  FAILED: the generated DMA stream did not check clean or did not round-trip (see stderr)\n");

	free(w);
	bench_stream_free(&g.s);
	free(fmt);
	fclose(devnull);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct bench_start b;
	if (bench_begin(&b, argc, argv))
		return 2;
	const char *cli = b.cli, *dir = b.dir;
	double mb = b.mb;
	bool keep = b.keep, cli_ok = b.cli_ok;
	int rc = 0;
	char path[600], qpath[600];
	static const char *const dma_keys[] = { "dma-check", "dma-bo", "dma-text", "dma-json", "dma-encode" };
	bool any = false;
	for (size_t i = 0; i < sizeof dma_keys / sizeof dma_keys[0]; i++)
		any |= dsel(dma_keys[i]);
	const char *gpus = getenv("GFXKIT_BENCH_DMA");
	if (!gpus || !*gpus)
		gpus = "cayman,si,cik,sdma4,sdma6";
	for (const char *p = gpus; any && *p;) {
		size_t n = strcspn(p, ",");
		char gpu[32];
		if (n && n < sizeof gpu) {
			memcpy(gpu, p, n);
			gpu[n] = 0;
			int r = in_child(bench_dma, gpu, mb, dir);
			if (r > rc)
				rc = r;
			char bopath[600], bostore[4096], *bo[2 * 64];
			snprintf(path, sizeof path, "%s/dma-%s.bin", dir, gpu);
			snprintf(qpath, sizeof qpath, "%s/dma-%s-quarter.bin", dir, gpu);
			snprintf(bopath, sizeof bopath, "%s/dma-%s.bo", dir, gpu);
			int nbo = read_bo_args(bopath, bo, bostore, sizeof bostore);
			if (cli_ok && r < 2 && access(path, R_OK) == 0) {
				char label[64];
				snprintf(label, sizeof label, "DMA %s", gpu);
				cli_runs(cli, "dma", gpu, bo, nbo, qpath, path, label, TARGET_TEXT, TARGET_JSON, &rc);
			}
			if (!keep) {
				unlink(path);
				unlink(qpath);
				unlink(bopath);
			}
		} else if (n) {
			fprintf(stderr, "bench: GFXKIT_BENCH_DMA: no GPU '%.*s'\n", (int)n, p);
			return 2;
		}
		p += n + (p[n] == ',');
	}
	if (keep)
		fprintf(stderr, "bench: kept the streams in %s (*.bo: the --bo buffers of each DMA stream)\n", dir);
	else
		rmdir(dir);
	return rc;
}
