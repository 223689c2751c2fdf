/* gfxkit run on what the amdgpu kernel puts in every gfx ring: the HDP
 * flush's write-then-wait (WAIT_REG_MEM OPERATION=WR_WAIT_WR_REG),
 * SWITCH_BUFFER, FRAME_CONTROL, SET_BASE; --skip / --count; a stop inside
 * an indirect buffer ending the whole run.  The words are the kernel's
 * (gfx_v8_0.c / gfx_v10_0.c ring_emit_hdp_flush, ring_emit_sb,
 * ring_emit_frame_cntl, with the register offsets of bif_5_0_d.h and
 * nbio_2_3_offset.h + navi10_ip_offset.h's NBIO segment 2, 0xD20); each
 * expected value is worked out from those in the comment beside it.
 *
 * Then a real ring: the navi10 umr known-answer capture
 * (../shared/reference/captures/umr-kat, PROVENANCE.md there): the ring's
 * pending submission (RINGDATA's rptr..wptr) with the IB it calls given as
 * memory.  Read through `gzip -dc` as tests/pm4/test_pm4_umr.c does; when
 * ../shared or gzip is absent the test says SKIPPED. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "gzread.h"
#include "testlib.h"

#include "gfxkit/exec.h"
#include "gfxkit/memory.h"

/* type-3 header (nvd.h PACKET3): COUNT = body dwords - 1 */
#define PKT3(op, ndw) (0xC0000000u | ((uint32_t)((ndw) - 2) << 16) | ((uint32_t)(op) << 8))
#define MEMSIZE 0x10000u

struct run {
	struct gk_engine *e;
	struct gk_mem *m;
	struct gk_exec *x;
	struct gk_exec_result res;
	struct gk_membuf out;
};

static void run_open_on(struct run *r, const char *engine, const char *gpu)
{
	memset(r, 0, sizeof *r);
	r->e = gk_engine_open(engine, gpu, NULL);
	r->m = gk_mem_create(0);
	uint8_t *z = calloc(1, MEMSIZE);
	gk_mem_add_copy(r->m, 0, z, MEMSIZE, NULL);
	free(z);
	r->x = gk_exec_create(r->e, r->m, NULL);
}

static void run_open(struct run *r, const char *gpu)
{
	run_open_on(r, "pm4", gpu);
}

static void run_close(struct run *r)
{
	gk_exec_destroy(r->x);
	gk_mem_destroy(r->m);
	gk_engine_close(r->e);
	free(r->out.p);
}

static uint32_t reg(struct run *r, uint32_t a, int *set)
{
	uint32_t v = 0xdeadbeef;
	*set = gk_exec_reg(r->x, a, &v);
	return v;
}

static void put32(struct run *r, uint64_t a, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
	gk_mem_write(r->m, a, b, 4, NULL);
}

static enum gk_exec_status run_x(struct run *r, const uint32_t *w, size_t n, const struct gk_exec_opts *xo0)
{
	struct tl_reader rd = { (const uint8_t *)w, 4 * n, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	char buf[256];
	r->out.n = 0;
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &r->out);
	struct gk_exec_opts xo = *xo0;
	xo.trace = true;
	gk_exec_run(r->x, in, &xo, &o, &r->res);
	gk_out_flush(&o);
	gk_membuf_write(&r->out, "", 0);
	gk_input_destroy(in);
	if (r->res.status != GK_EXEC_COMPLETED)
		printf("# run: %s: %s\n", gk_exec_status_name(r->res.status), r->res.why.message);
	return r->res.status;
}

static enum gk_exec_status run(struct run *r, const uint32_t *w, size_t n)
{
	struct gk_exec_opts xo = { 0 };
	return run_x(r, w, n, &xo);
}

#define RUN(r, w) run(r, w, sizeof(w) / sizeof(w)[0])

/* WAIT_REG_MEM dword 1 (nvd.h): FUNCTION [2:0] (3 = equal), MEM_SPACE
 * [5:4] (0 = register), OPERATION [7:6], ENGINE [9:8] (1 = PFP) */
#define WRM_CTL(op) (3u | (uint32_t)(op) << 6 | 1u << 8)

/* The HDP flush of gfx_v10_0_ring_emit_hdp_flush on a navi10 gfx ring:
 * write ref_and_mask_cp0 (1) to BIF_BX_PF_GPU_HDP_FLUSH_REQ (0xD20 +
 * 0x106 = 0xE26), wait for (GPU_HDP_FLUSH_DONE (0xE27) & 1) == 1.  Offline
 * the flush is done at once: the done register gets the request's bits,
 * and the wait is satisfied.  Exactly two registers change: byte addresses
 * 0xE26 * 4 = 0x3898 (the request, 1) and 0x389C (done, 1). */
static void test_hdp_flush(void)
{
	struct run r;
	run_open(&r, "navi10");
	const uint32_t w[] = { PKT3(0x3C, 7), WRM_CTL(1), 0xE26, 0xE27, 1, 1, 0x20 };
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "the kernel's HDP flush completes");
	int set;
	CHECK(reg(&r, 0x3898, &set) == 1 && set, "the request register holds the reference");
	CHECK(reg(&r, 0x389C, &set) == 1 && set, "the done register has the request's bit");
	unsigned nset = 0;
	for (uint32_t a = 0; a < 0x100000; a += 4) {
		uint32_t v;
		nset += gk_exec_reg(r.x, a, &v) != 0;
	}
	CHECK(nset == 2, "%u registers set, 2 expected", nset);
	/* the trace names them (the kernel's nbio names, from the register
	 * tables): request written, done set */
	CHECK(strstr(r.out.p, "; sets 0x03898 BIF_BX_PF_GPU_HDP_FLUSH_REQ <- 0x00000001") &&
		      strstr(r.out.p, "; sets 0x0389c BIF_BX_PF_GPU_HDP_FLUSH_DONE <- 0x00000001"),
	      "the trace says both: %s", r.out.p);
	/* a compute ring on MEC 1 pipe 2: ref_and_mask_cp2 << pipe = 4 << 2
	 * (nbio_v2_3.c: ref_and_mask_cp2 = GPU_HDP_FLUSH_DONE__CP2_MASK, bit 2):
	 * the done bits accumulate, 0x10 | 1 */
	const uint32_t c[] = { PKT3(0x3C, 7), WRM_CTL(1) & ~(3u << 8), 0xE26, 0xE27, 0x10, 0x10, 0x20 };
	CHECK(RUN(&r, c) == GK_EXEC_COMPLETED, "a compute pipe's flush completes");
	CHECK(reg(&r, 0x389C, &set) == 0x11 && set, "done 0x%x", reg(&r, 0x389C, &set));
	run_close(&r);

	/* GFX11, GFX11.5 and GFX12 (gfx_v11_0 / gfx_v12_0 ring_emit_hdp_flush:
	 * nbio_v4_3.c, nbio_v7_11.c (PF1), nbif_v6_3_1.c give the same 0x106 /
	 * 0x107 at NBIO segment 2, 0xD20) */
	const char *late[] = { "navi31", "strix", "navi48" };
	for (unsigned i = 0; i < 3; i++) {
		run_open(&r, late[i]);
		CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "%s HDP flush", late[i]);
		CHECK(reg(&r, 0x389C, &set) == 1 && set, "%s done register", late[i]);
		run_close(&r);
	}

	/* GFX8 (gfx_v8_0_ring_emit_hdp_flush): mmGPU_HDP_FLUSH_REQ 0x1537,
	 * mmGPU_HDP_FLUSH_DONE 0x1538 (bif_5_0_d.h), CP0 mask 1 */
	run_open(&r, "gfx8");
	const uint32_t g8[] = { PKT3(0x3C, 7), WRM_CTL(1), 0x1537, 0x1538, 1, 1, 0x20 };
	CHECK(RUN(&r, g8) == GK_EXEC_COMPLETED, "GFX8 HDP flush");
	CHECK(reg(&r, 0x1538 * 4, &set) == 1 && set, "GFX8 done register");
	run_close(&r);
}

/* The TLB invalidation of a VM flush (gmc_v9_0.c / gmc_v10_0.c
 * emit_flush_gpu_tlb through amdgpu_ring_emit_reg_write_reg_wait): the
 * request (get_invalidate_req(vmid, 0): PER_VMID_INVALIDATE_REQ = 1 << vmid,
 * FLUSH_TYPE 0, INVALIDATE_L2_PTES, L2_PDE0..2 and L1_PTES, bits 19-23) to
 * the engine's REQ, then (ACK & 1 << vmid) == that bit.  The pairs come from
 * the register tables (src/pm4/pm4_reg_links.c); offline the invalidation is
 * done at once: ACK gets PER_VMID_INVALIDATE_ACK = the request's low 16 bits. */
static void test_tlb_invalidate(void)
{
	struct run r;
	int set;
	/* navi10, GC hub engine 4 (gc_10_1_0_offset.h: GCVM_INVALIDATE_ENG4_REQ
	 * 0x28A7, _ACK 0x28B9 at GC base 0x1260... as dword indices), vmid 3 */
	run_open(&r, "navi10");
	const uint32_t w[] = { PKT3(0x3C, 7), WRM_CTL(1), 0x28A7, 0x28B9, 0x00F80008, 1u << 3, 0x20 };
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "navi10 GC hub invalidation completes");
	CHECK(reg(&r, 0x28A7 * 4, &set) == 0x00F80008 && set, "the request written");
	CHECK(reg(&r, 0x28B9 * 4, &set) == 0x8 && set, "ACK has the vmid's bit only: 0x%x", reg(&r, 0x28B9 * 4, &set));
	CHECK(strstr(r.out.p, "; sets 0x0a2e4 GCVM_INVALIDATE_ENG4_ACK <- 0x00000008") != NULL, "traced by name: %s",
	      r.out.p);
	run_close(&r);
	/* vega10's GC hub (gfx_v9_0 ring: VM_INVALIDATE_ENG5_REQ 0x28A8, _ACK
	 * 0x28BA), vmid 1, and its MM hub's engine 0 (mmhub_1_0:
	 * MMHUB_VM_INVALIDATE_ENG0_REQ 0x1A6E3, _ACK 0x1A6F5), vmid 2 */
	run_open(&r, "vega10");
	const uint32_t g9[] = { PKT3(0x3C, 7), WRM_CTL(1), 0x28A8, 0x28BA, 0x00F80002, 1u << 1, 0x20,
				PKT3(0x3C, 7), WRM_CTL(1), 0x1A6E3, 0x1A6F5, 0x00F80004, 1u << 2, 0x20 };
	CHECK(RUN(&r, g9) == GK_EXEC_COMPLETED, "vega10 GC and MM hub invalidations complete");
	CHECK(reg(&r, 0x28BA * 4, &set) == 0x2 && set, "GC hub ACK");
	CHECK(reg(&r, 0x1A6F5 * 4, &set) == 0x4 && set, "MM hub ACK");
	run_close(&r);
	/* phoenix's MM hub (mmhub_3_0_1 MMVM_INVALIDATE_ENG0_REQ 0x763 / _ACK
	 * 0x775 at segment 1, 0x1A000, from its discovery table), vmid 1 */
	run_open(&r, "phoenix");
	const uint32_t ph[] = { PKT3(0x3C, 7), WRM_CTL(1), 0x1A763, 0x1A775, 0x00F80002, 1u << 1, 0x20 };
	CHECK(RUN(&r, ph) == GK_EXEC_COMPLETED, "phoenix MM hub invalidation completes");
	CHECK(reg(&r, 0x1A775 * 4, &set) == 0x2 && set, "phoenix MM hub ACK");
	run_close(&r);
	/* a mask on a bit the ACK never gets (bit 19, the request's
	 * INVALIDATE_L2_PTES): the run stalls naming the ACK and its value */
	run_open(&r, "navi10");
	const uint32_t bad[] = { PKT3(0x3C, 7), WRM_CTL(1), 0x28A7, 0x28B9, 0x00F80008, 1u << 19, 0x20 };
	CHECK(RUN(&r, bad) == GK_EXEC_STALLED && r.res.wait_reg && r.res.wait_addr == 0x28B9 * 4 && r.res.wait_value == 8,
	      "stalls on ACK 0x%llx = 0x%x", (unsigned long long)r.res.wait_addr, r.res.wait_value);
	run_close(&r);
}

/* Write-then-wait on registers that are no request/done pair
 * (gfx_v10_0_ring_emit_reg_write_reg_wait): REFERENCE to the first, the
 * second polled as it is; nothing set there is a fault naming it, a value
 * that does not satisfy the compare a stall naming address and value. */
static void test_write_wait(void)
{
	struct run r;
	run_open(&r, "gfx10");
	/* write 0x5 to dword 0x100 (byte 0x400), poll dword 0x101 (byte 0x404) */
	const uint32_t w[] = { PKT3(0x3C, 7), WRM_CTL(1), 0x100, 0x101, 0x5, 0x4, 0x20 };
	CHECK(RUN(&r, w) == GK_EXEC_FAULTED, "unset polled register: fault");
	CHECK(strstr(r.res.why.message, "0x404") != NULL, "names it: %s", r.res.why.message);
	CHECK(r.res.why.field && !strcmp(r.res.why.field, "REG_ADDR2"), "the field");
	gk_exec_set_reg(r.x, "0x404", 0x3, NULL);
	CHECK(RUN(&r, w) == GK_EXEC_STALLED, "(3 & 4) != 5: stall");
	CHECK(r.res.has_wait && r.res.wait_reg && r.res.wait_addr == 0x404 && r.res.wait_value == 3,
	      "the wait: reg 0x%llx value 0x%x", (unsigned long long)r.res.wait_addr, r.res.wait_value);
	int set;
	CHECK(reg(&r, 0x400, &set) == 5 && set, "the write ran before the wait");
	/* FUNCTION 3 equal, mask 4, reference 4: satisfied by 0x404 = 0xC */
	const uint32_t ok[] = { PKT3(0x3C, 7), WRM_CTL(1), 0x100, 0x101, 0x4, 0x4, 0x20 };
	gk_exec_set_reg(r.x, "0x404", 0xC, NULL);
	CHECK(RUN(&r, ok) == GK_EXEC_COMPLETED, "satisfied");
	/* OPERATION 3 (WAIT_MEM_PREEMPTABLE): refused by name */
	const uint32_t pre[] = { PKT3(0x3C, 7), WRM_CTL(3) | 1u << 4, 0x1000, 0, 0, 0, 4 };
	CHECK(RUN(&r, pre) == GK_EXEC_FAULTED && r.res.why.field && !strcmp(r.res.why.field, "OPERATION"),
	      "preemptable form refused");
	run_close(&r);
}

/* An SDMA ring's flushes (sdma_v4_0.c / sdma_v6_0.c): the HDP flush is a
 * POLL_REGMEM with HDP_FLUSH set (op 8, FUNC 3 equal, MEM_POLL 0: dword 0
 * 0x34000008) whose ADDR_LO is the flush done register and ADDR_HI the
 * request register, as byte addresses (sdma_v4_0_wait_reg_mem: addr << 2),
 * REFERENCE = MASK = ref_and_mask_sdma0 (nbio_v6_1: 0x400 on vega10); the
 * TLB invalidation is amdgpu_ring_emit_reg_write_reg_wait_helper's
 * SRBM_WRITE of the request (op 14, BYTE_EN 0xf: 0xF000000E; the dword
 * offset as it is) then a register POLL_REGMEM of the ack with mask and
 * reference 1 << vmid.  The registers are the GPU's (the PM4 tables'
 * links): vega10's SDMA is on the MM hub (MMHUB_VM_INVALIDATE_ENG1_REQ
 * 0x1A6E4, _ACK byte 0x69BD8), navi31's on the GC hub
 * (GCVM_INVALIDATE_ENG1_REQ 0x290C, _ACK byte 0xA478). */
static void test_sdma_flushes(void)
{
	struct run r;
	int set;
	run_open_on(&r, "dma", "vega10");
	const uint32_t v[] = { 0x34000008, 0x389C, 0x3898, 0x400, 0x400, 0x0FFF000A, /* HDP flush */
			       0xF000000E, 0x1A6E4, 0x00F80004,			  /* request, vmid 2 */
			       0x30000008, 0x69BD8, 0, 1u << 2, 1u << 2, 0x0FFF000A };
	CHECK(RUN(&r, v) == GK_EXEC_COMPLETED, "vega10 SDMA HDP flush and MM hub invalidation complete");
	CHECK(reg(&r, 0x3898, &set) == 0x400 && set, "the HDP flush request written");
	CHECK(reg(&r, 0x389C, &set) == 0x400 && set, "its done register answered");
	CHECK(reg(&r, 0x69BD8, &set) == 0x4 && set, "MM hub ACK has the vmid's bit");
	CHECK(r.out.p && strstr(r.out.p, "MMHUB_VM_INVALIDATE_ENG1_ACK") != NULL, "traced by name: %s", r.out.p);
	run_close(&r);
	run_open_on(&r, "dma", "navi31");
	const uint32_t n[] = { 0x34000008, 0x389C, 0x3898, 0x400, 0x400, 0x0FFF000A, 0xF000000E, 0x290C, 0x00F80002,
			       0x30000008, 0xA478, 0, 1u << 1, 1u << 1, 0x0FFF000A };
	CHECK(RUN(&r, n) == GK_EXEC_COMPLETED, "navi31 SDMA HDP flush and GC hub invalidation complete");
	CHECK(reg(&r, 0xA478, &set) == 0x2 && set, "GC hub ACK");
	run_close(&r);
	/* the register nobody answers: a fault naming the field and address;
	 * the HDP flush form on memory: not one the kernel emits, refused */
	run_open_on(&r, "dma", "vega10");
	const uint32_t unset[] = { 0x30000008, 0x4000, 0, 1, 1, 0x0FFF000A };
	CHECK(RUN(&r, unset) == GK_EXEC_FAULTED && r.res.why.field && !strcmp(r.res.why.field, "REGISTER") &&
		      strstr(r.res.why.message, "0x4000"),
	      "unset register: %s", r.res.why.message);
	const uint32_t mem[] = { 0xB4000008, 0x1000, 0, 1, 1, 0x0FFF000A };
	CHECK(RUN(&r, mem) == GK_EXEC_FAULTED && r.res.why.field && !strcmp(r.res.why.field, "MEM_POLL"),
	      "HDP flush on memory refused: %s", r.res.why.message);
	run_close(&r);
}

/* SWITCH_BUFFER (gfx_v9_0_ring_emit_sb: header, one 0 dword) and
 * FRAME_CONTROL (gfx_v10_0_ring_emit_frame_cntl: FRAME_CMD 0 / 1) change
 * nothing; SET_BASE is kept as a draw parameter (--state shows it). */
static void test_marks(void)
{
	struct run r;
	run_open(&r, "gfx10.3");
	const uint32_t w[] = {
		PKT3(0x90, 2), 0x00000000,      /* FRAME_CONTROL begin */
		PKT3(0x8B, 2), 0,               /* SWITCH_BUFFER */
		PKT3(0x90, 2), 0x10000000,      /* FRAME_CONTROL end */
		PKT3(0x11, 4), 1, 0x1000, 0,    /* SET_BASE index 1 at 0x1000 */
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "the marks run");
	CHECK(r.res.packets == 4 && r.res.bytes_written == 0 && r.res.interrupts == 0, "%llu packets",
	      (unsigned long long)r.res.packets);
	unsigned nset = 0;
	for (uint32_t a = 0; a < 0x100000; a += 4) {
		uint32_t v;
		nset += gk_exec_reg(r.x, a, &v) != 0;
	}
	CHECK(nset == 0, "no register set (%u)", nset);
	/* the base is a draw parameter: a draw after it prints it with --state */
	const uint32_t d[] = {
		PKT3(0x11, 4), 1, 0x1000, 0,
		PKT3(0x2D, 3), 3, 2, /* DRAW_INDEX_AUTO 3 indices, USE_OPAQUE 0, SOURCE_SELECT 2 */
	};
	struct tl_reader rd = { (const uint8_t *)d, sizeof d, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	char buf[256];
	r.out.n = 0;
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &r.out);
	struct gk_exec_opts xo = { .state = true };
	gk_exec_run(r.x, in, &xo, &o, &r.res);
	gk_out_flush(&o);
	gk_membuf_write(&r.out, "", 0);
	gk_input_destroy(in);
	CHECK(r.res.status == GK_EXEC_COMPLETED, "draw");
	CHECK(r.out.p && strstr(r.out.p, "ADDRESS=0x1000"), "the base at the draw: %s", r.out.p ? r.out.p : "");
	run_close(&r);
}

/* SET_SH_REG_INDEX by INDEX (PAL's PFP/MEC_SET_SH_REG_INDEX_index_enum):
 * APPLY_KMD_CU_AND_MASK (3, Mesa's ac_pm4_set_reg_idx3 for
 * SPI_SHADER_PGM_RSRC3_PS, SH offset 7 = 0xB01C) writes the value as given
 * (amdgpu gives the CP no CU mask); INSERT_VMID (1) is refused naming INDEX;
 * an unnamed INDEX (5) is reserved: the checker's error stops the run */
static void test_set_sh_reg_index(void)
{
	struct run r;
	run_open(&r, "gfx10");
	const uint32_t w[] = { PKT3(0x9B, 3), 0x30000007, 0x003fffff };
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "INDEX 3 runs");
	int set;
	CHECK(reg(&r, 0xB01C, &set) == 0x3fffff && set, "the value as given");
	const uint32_t v[] = { PKT3(0x9B, 3), 0x10000007, 0x1 };
	CHECK(RUN(&r, v) == GK_EXEC_FAULTED && r.res.why.field && !strcmp(r.res.why.field, "INDEX") &&
		      strstr(r.res.why.message, "VMID"),
	      "INSERT_VMID refused: %s", r.res.why.message);
	const uint32_t x5[] = { PKT3(0x9B, 3), 0x50000007, 0x1 };
	CHECK(RUN(&r, x5) == GK_EXEC_FAULTED && strstr(r.res.why.message, "reserved"), "INDEX 5: %s", r.res.why.message);
	run_close(&r);
	/* GFX8: INDEX 0 runs; another INDEX is refused (no source gives it) */
	run_open(&r, "gfx8");
	const uint32_t g8a[] = { PKT3(0x9B, 3), 0x00000007, 0x1 };
	CHECK(RUN(&r, g8a) == GK_EXEC_COMPLETED, "GFX8 INDEX 0 runs");
	const uint32_t g8b[] = { PKT3(0x9B, 3), 0x30000007, 0x1 };
	CHECK(RUN(&r, g8b) == GK_EXEC_FAULTED && r.res.why.field && !strcmp(r.res.why.field, "INDEX"),
	      "GFX8 INDEX 3 refused: %s", r.res.why.message);
	run_close(&r);
}

/* --skip / --count: the stream's own packets, not the IB's */
static void test_skip_count(void)
{
	struct run r;
	run_open(&r, "gfx9");
	/* IB at 0x3000: two WRITE_DATA to memory (DST_SEL 5) */
	const uint32_t ib[] = { PKT3(0x37, 5), 5u << 8, 0xE10, 0, 0x11, PKT3(0x37, 5), 5u << 8, 0xE14, 0, 0x22 };
	for (unsigned i = 0; i < 10; i++)
		put32(&r, 0x3000 + 4 * i, ib[i]);
	const uint32_t w[] = {
		PKT3(0x37, 5), 5u << 8, 0xE00, 0, 0xA,   /* skipped */
		PKT3(0x3F, 4), 0x3000, 0, 10u | 1u << 23, /* runs, and both of its packets */
		PKT3(0x37, 5), 5u << 8, 0xE04, 0, 0xB,   /* runs */
		PKT3(0x37, 5), 5u << 8, 0xE08, 0, 0xC,   /* at 0x38: past the count */
	};
	struct gk_exec_opts xo = { .skip = 1, .count = 2 };
	CHECK(run_x(&r, w, sizeof w / 4, &xo) == GK_EXEC_LIMIT, "stopped by the count");
	uint8_t b[16] = { 0 };
	gk_mem_read(r.m, 0xE00, b, 16, NULL, NULL);
	CHECK(b[0] == 0 && b[4] == 0xB && b[8] == 0 && b[0x10 - 4] == 0, "E00 %x E04 %x E08 %x", b[0], b[4], b[8]);
	gk_mem_read(r.m, 0xE10, b, 8, NULL, NULL);
	CHECK(b[0] == 0x11 && b[4] == 0x22, "the IB ran whole");
	CHECK(r.res.packets == 4, "%llu packets (IB, its 2, one after)", (unsigned long long)r.res.packets);
	CHECK(r.res.where.at[0] == 0x38, "stopped at 0x%llx", (unsigned long long)r.res.where.at[0]);
	run_close(&r);
}

/* a fault inside an indirect buffer ends the run there: the packets after
 * the IB in the calling stream are not run */
static void test_fault_in_ib(void)
{
	struct run r;
	run_open(&r, "gfx9");
	/* the IB: WRITE_DATA to memory 0x20000, which is absent */
	const uint32_t ib[] = { PKT3(0x37, 5), 5u << 8, 0x20000, 0, 0x11 };
	for (unsigned i = 0; i < 5; i++)
		put32(&r, 0x3000 + 4 * i, ib[i]);
	const uint32_t w[] = {
		PKT3(0x3F, 4), 0x3000, 0, 5u | 1u << 23,
		PKT3(0x37, 5), 5u << 8, 0xE04, 0, 0xB,
	};
	CHECK(RUN(&r, w) == GK_EXEC_FAULTED, "faulted");
	CHECK(r.res.where.depth == 1, "in the IB (depth %u)", r.res.where.depth);
	CHECK(strstr(r.res.why.message, "0x20000") != NULL, "names the address: %s", r.res.why.message);
	uint8_t b[4] = { 0 };
	gk_mem_read(r.m, 0xE04, b, 4, NULL, NULL);
	CHECK(b[0] == 0, "the packet after the IB did not run");
	run_close(&r);
}

/* ---- the real ring ---- */

#define KAT "../shared/reference/captures/umr-kat"

/* RINGDATA = { rptr, wptr, wptr, ring dwords... } */
static uint32_t *ring_words(const char *t, size_t *n)
{
	const char *p = strstr(t, "RINGDATA = {");
	if (!p)
		return NULL;
	p += 12;
	size_t cap = 4096;
	uint32_t *w = malloc(cap * 4);
	*n = 0;
	while (w && *p && *p != '}') {
		char *end;
		unsigned long v = strtoul(p, &end, 16);
		if (end == p) {
			p++;
			continue;
		}
		if (*n == cap)
			break;
		w[(*n)++] = (uint32_t)v;
		p = end;
	}
	return w;
}

/* The bytes of the SYSRAM reads from physical page pa on, contiguous reads
 * joined (the capture reads a page a line, in order) */
static uint8_t *sysram(const char *t, uint64_t pa, size_t *n)
{
	uint8_t *b = NULL;
	*n = 0;
	uint64_t next = pa;
	for (const char *p = strstr(t, "SYSRAM@"); p; p = strstr(p + 1, "SYSRAM@")) {
		unsigned long long a = strtoull(p + 7, NULL, 16);
		if (a != next)
			continue;
		const char *h = strchr(p, '{');
		const char *e = h ? strchr(h, '}') : NULL;
		if (!e)
			break;
		size_t k = (size_t)(e - h - 1) / 2;
		uint8_t *q = realloc(b, *n + k);
		if (!q)
			break;
		b = q;
		for (size_t i = 0; i < k; i++) {
			unsigned v;
			sscanf(h + 1 + 2 * i, "%2x", &v);
			b[*n + i] = (uint8_t)v;
		}
		*n += k;
		next = a + k;
	}
	return b;
}

/* The navi10 capture's pending submission, ring dwords rptr 0x300 .. wptr
 * 0x400: COND_EXEC on the kernel's cond_exe address (0x4010c0; given as 1,
 * as the kernel leaves it), the HDP flush write-then-wait (0xE26 / 0xE27),
 * CONTEXT_CONTROL, FRAME_CONTROL, the IB at 0x800000096000 (8448 dwords:
 * the SYSRAM reads from physical 0xfdc96000, 33792 bytes), FRAME_CONTROL,
 * WRITE_DATA, two RELEASE_MEM, SWITCH_BUFFER and NOP pads. */
static void test_navi10_ring(void)
{
	char *t = tl_read_gz(KAT "/rs_kat_navi10_test2.txt.gz");
	if (!t) {
		TL_SKIP(KAT "/rs_kat_navi10_test2.txt.gz not readable (no ../shared, or no gzip): the real ring is not run");
		return;
	}
	size_t nw = 0, nib = 0;
	uint32_t *rw = ring_words(t, &nw);
	uint8_t *ib = sysram(t, 0xfdc96000, &nib);
	CHECK(rw && nw == 3 + 2048 && rw[0] == 0x300 && rw[1] == 0x400, "RINGDATA: %zu words", nw);
	CHECK(ib && nib == 8448 * 4, "the IB's bytes: %zu", nib);
	if (!rw || nw != 3 + 2048 || !ib || nib != 8448 * 4) {
		free(rw);
		free(ib);
		free(t);
		return;
	}
	const uint32_t *sub = rw + 3 + rw[0];
	size_t nsub = rw[1] - rw[0];
	struct run r;
	run_open(&r, "navi10");
	/* without the IB: a fault naming its address */
	struct gk_diag err;
	uint8_t one[4] = { 1, 0, 0, 0 };
	CHECK(gk_mem_add_copy(r.m, 0x4010c0, one, 4, &err) == 0, "cond_exe memory");
	CHECK(run(&r, sub, nsub) == GK_EXEC_FAULTED, "no IB memory: fault");
	CHECK(strstr(r.res.why.message, "0x800000096000") != NULL, "names the IB: %s", r.res.why.message);
	int set;
	CHECK(reg(&r, 0x389C, &set) == 1 && set, "the ring's HDP flush completed before it");
	run_close(&r);

	/* with the IB: the flush, the conditional, into the IB, whose
	 * SET_SH_REG_INDEX INDEX=APPLY_KMD_CU_AND_MASK packets (IB +0xd4,
	 * +0x104, ...) run, to radv's RELEASE_MEM at IB +0x2e0, which writes
	 * its fence at 0xffff800100200200: not given, a fault naming it */
	run_open(&r, "navi10");
	CHECK(gk_mem_add_copy(r.m, 0x4010c0, one, 4, &err) == 0, "cond_exe memory");
	CHECK(gk_mem_add_copy(r.m, 0x800000096000ull, ib, nib, &err) == 0, "IB memory");
	CHECK(run(&r, sub, nsub) == GK_EXEC_FAULTED, "stops in the IB");
	CHECK(r.res.where.depth == 1 && r.res.where.at[1] == 0x8000000962e0ull && r.res.where.packet &&
		      !strcmp(r.res.where.packet, "RELEASE_MEM") && strstr(r.res.why.message, "0xffff800100200200"),
	      "at IB 0x%llx %s: %s", (unsigned long long)r.res.where.at[1], r.res.where.packet ? r.res.where.packet : "",
	      r.res.why.message);
	CHECK(reg(&r, 0x389C, &set) == 1 && set, "HDP flush done");
	/* the SET_SH_REG_INDEX at IB +0xd4 wrote SPI_SHADER_PGM_RSRC3_PS
	 * (0xB01C, SH offset 7) as given: 0x3fffff */
	CHECK(reg(&r, 0xB01C, &set) == 0x3fffff && set, "INDEX=3 wrote the value as given: 0x%x", reg(&r, 0xB01C, &set));
	run_close(&r);

	/* the same with the fence memory given (zero) and the end of pipe held
	 * (--eop-held: the draws before it never finish): the RELEASE_MEM's
	 * write does not land, and the IB's WAIT_REG_MEM at +0x300 on that
	 * fence (for 0x1a287b) hangs, naming the address and the value found */
	run_open(&r, "navi10");
	CHECK(gk_mem_add_copy(r.m, 0x4010c0, one, 4, &err) == 0, "cond_exe memory");
	CHECK(gk_mem_add_copy(r.m, 0x800000096000ull, ib, nib, &err) == 0, "IB memory");
	uint8_t fence0[8] = { 0 };
	CHECK(gk_mem_add_copy(r.m, 0xffff800100200200ull, fence0, 8, &err) == 0, "the fence");
	struct gk_exec_opts held = { .eop_held = true };
	CHECK(run_x(&r, sub, nsub, &held) == GK_EXEC_STALLED, "hangs at the IB's wait");
	CHECK(r.res.has_wait && !r.res.wait_reg && r.res.wait_addr == 0xffff800100200200ull && r.res.wait_value == 0 &&
		      r.res.wait_ref == 0x1a287b && r.res.where.depth == 1 && r.res.where.at[1] == 0x800000096300ull,
	      "waits at 0x%llx on 0x%llx, found 0x%x", (unsigned long long)r.res.where.at[1],
	      (unsigned long long)r.res.wait_addr, r.res.wait_value);
	CHECK(strstr(r.out.p, "; held: the end of pipe is never reached") != NULL, "the trace says the write is held");
	run_close(&r);

	/* the submission with an IB of the real IB's own flush wait (IB +0x300:
	 * WAIT_REG_MEM on memory 0xffff800100200200 for 0x1a287b, which radv's
	 * RELEASE_MEM before it would have written): run alone, the value is
	 * not there and the run hangs there, naming address and value */
	run_open(&r, "navi10");
	uint32_t wait[8];
	memcpy(wait, ib + 0x300, 7 * 4);
	CHECK(wait[0] == PKT3(0x3C, 7) && wait[4] == 0x1a287b, "the IB's WAIT_REG_MEM");
	/* the IB is 8448 dwords at 0x800000096000: the wait, then NOP pads
	 * (type-3 NOP 0xffff1000) */
	uint32_t *syn = calloc(8448, 4);
	if (syn) {
		memcpy(syn, wait, 7 * 4);
		for (size_t i = 7; i < 8448; i++)
			syn[i] = 0xFFFF1000u;
		CHECK(gk_mem_add_copy(r.m, 0x4010c0, one, 4, &err) == 0, "cond_exe memory");
		CHECK(gk_mem_add_copy(r.m, 0x800000096000ull, syn, 8448 * 4, &err) == 0, "IB memory");
		CHECK(run(&r, sub, nsub) == GK_EXEC_FAULTED && strstr(r.res.why.message, "0xffff800100200200"),
		      "the polled memory absent: a fault naming it: %s", r.res.why.message);
		run_close(&r);
		run_open(&r, "navi10");
		CHECK(gk_mem_add_copy(r.m, 0x4010c0, one, 4, &err) == 0, "cond_exe memory");
		CHECK(gk_mem_add_copy(r.m, 0x800000096000ull, syn, 8448 * 4, &err) == 0, "IB memory");
		uint8_t z[8] = { 0x7a, 0x28, 0x1a, 0, 0, 0, 0, 0 };
		CHECK(gk_mem_add_copy(r.m, 0xffff800100200200ull, z, 8, &err) == 0, "the fence");
		CHECK(run(&r, sub, nsub) == GK_EXEC_STALLED, "hangs at the IB's wait");
		CHECK(r.res.has_wait && !r.res.wait_reg && r.res.wait_addr == 0xffff800100200200ull &&
			      r.res.wait_value == 0x1a287a && r.res.wait_ref == 0x1a287b,
		      "waits on 0x%llx, found 0x%x", (unsigned long long)r.res.wait_addr, r.res.wait_value);
		CHECK(r.res.where.depth == 1 && r.res.where.at[1] == 0x800000096000ull, "at the IB's first packet");
		CHECK(reg(&r, 0x389C, &set) == 1 && set, "after the ring's flush");
		free(syn);
	}
	run_close(&r);
	free(rw);
	free(ib);
	free(t);
}

int main(void)
{
	test_hdp_flush();
	test_tlb_invalidate();
	test_write_wait();
	test_sdma_flushes();
	test_marks();
	test_set_sh_reg_index();
	test_skip_count();
	test_fault_in_ib();
	test_navi10_ring();
	return tl_done();
}
