/* Registers outside Mesa's graphics set that rings write or poll (HDP, the
 * GC and MM VM hubs' invalidation engines, GRBM, NBIO's HDP flush pair,
 * SDMA), named from the kernel's asic_reg headers by scripts/gen_regs.py
 * (scripts/gen_regs_kernel.py).
 *
 * Every expected address below is worked out by hand from the kernel
 * headers, never from the library's tables: byte address = (IP base
 * segment + mmNAME) * 4 with mmNAME and its _BASE_IDX from the block's
 * *_offset.h and the segment from the chip's *_ip_offset.h (GFX11/GFX12:
 * GC idx0 0x1260, the segment Mesa's addresses of the same GC registers
 * give).  Fields from the block's *_sh_mask.h (__SHIFT and _MASK). */
#include "pm4/pm4_tab.h"
#include "pm4_testutil.h"

#define PACKET3(op, n) ((3u << 30) | (((op) & 0xFFu) << 8) | (((n) & 0x3FFFu) << 16))
#define PACKET3_WRITE_DATA 0x37
#define PACKET3_WAIT_REG_MEM 0x3C

struct field_fact {
	const char *name;
	unsigned lo, hi;
};

struct reg_fact {
	const char *gpu;
	uint32_t addr;           /* byte address */
	const char *name;
	struct field_fact f[2];  /* fields checked (name NULL: none) */
};

static const struct reg_fact facts[] = {
	/* GFX6-8: the *_d.h offsets are absolute dwords (no IP bases).
	 * oss_1_0/2_0/3_0_d.h mmHDP_DEBUG0 0xbcc; gmc_6_0/8_1_d.h
	 * mmVM_INVALIDATE_REQUEST 0x51e, gmc_8_1_sh_mask.h INVALIDATE_DOMAIN_0
	 * bit 0; oss_2_0_d.h mmSDMA0_GFX_RB_CNTL 0x3480 */
	{ "gfx6", 0xbcc * 4, "HDP_DEBUG0", { { NULL, 0, 0 } } },
	{ "tonga", 0xbcc * 4, "HDP_DEBUG0", { { NULL, 0, 0 } } }, /* oss_3_0_sh_mask.h has no _MASK for it */
	{ "gfx8", 0x51e * 4, "VM_INVALIDATE_REQUEST", { { "INVALIDATE_DOMAIN_0", 0, 0 } } },
	{ "gfx81", 0x51e * 4, "VM_INVALIDATE_REQUEST", { { "INVALIDATE_DOMAIN_0", 0, 0 } } },
	{ "gfx6", 0x51e * 4, "VM_INVALIDATE_REQUEST", { { NULL, 0, 0 } } },
	{ "hawaii", 0x3480 * 4, "SDMA0_GFX_RB_CNTL", { { "RB_ENABLE", 0, 0 } } },

	/* GFX9, vega10_ip_offset.h: HDP_BASE 0x0F20, GC_BASE 0x2000,
	 * MMHUB_BASE 0x1A000, NBIO_BASE seg2 0x0D20, SDMA0_BASE 0x1260 */
	/* hdp_4_0_offset.h mmHDP_READ_CACHE_INVALIDATE 0x00d1, idx 0;
	 * hdp_4_0_sh_mask.h READ_CACHE_INVALIDATE shift 0 mask 0x1 */
	{ "vega10", (0x0F20 + 0x00d1) * 4, "HDP_READ_CACHE_INVALIDATE", { { "READ_CACHE_INVALIDATE", 0, 0 } } },
	/* hdp_4_0 mmHDP_DEBUG0 0x00ce */
	{ "gfx9", (0x0F20 + 0x00ce) * 4, "HDP_DEBUG0", { { NULL, 0, 0 } } },
	/* nbio_6_1_offset.h mmBIF_BX_PF0_GPU_HDP_FLUSH_REQ 0x0106 idx 2, _DONE
	 * 0x0107, mmBIF_BX_PF0_HDP_MEM_COHERENCY_FLUSH_CNTL 0x00f7 idx 2;
	 * nbio_6_1_sh_mask.h CP0 shift 0 mask 0x1 */
	{ "gfx9", (0x0D20 + 0x0106) * 4, "BIF_BX_PF0_GPU_HDP_FLUSH_REQ", { { "CP0", 0, 0 }, { "CP1", 1, 1 } } },
	{ "gfx9", (0x0D20 + 0x0107) * 4, "BIF_BX_PF0_GPU_HDP_FLUSH_DONE", { { "CP0", 0, 0 } } },
	{ "gfx9", (0x0D20 + 0x00f7) * 4, "BIF_BX_PF0_HDP_MEM_COHERENCY_FLUSH_CNTL", { { NULL, 0, 0 } } },
	/* gc_9_0_offset.h mmVM_INVALIDATE_ENG0_REQ 0x08a3 idx 0; gc_9_0_sh_mask.h
	 * PER_VMID_INVALIDATE_REQ mask 0xFFFF, FLUSH_TYPE shift 0x10 mask 0x30000 */
	{ "gfx9", (0x2000 + 0x08a3) * 4, "VM_INVALIDATE_ENG0_REQ",
	  { { "PER_VMID_INVALIDATE_REQ", 0, 15 }, { "FLUSH_TYPE", 16, 17 } } },
	/* mmhub_1_0_offset.h mmVM_INVALIDATE_ENG0_REQ 0x06e3 idx 0: the same
	 * spelling as GC's, printed with its block */
	{ "gfx9", (0x1A000 + 0x06e3) * 4, "MMHUB_VM_INVALIDATE_ENG0_REQ",
	  { { "PER_VMID_INVALIDATE_REQ", 0, 15 }, { "FLUSH_TYPE", 16, 17 } } },
	/* gc_9_0 mmGRBM_STATUS 0x0004 idx 0 (Mesa names it too) */
	{ "gfx9", (0x2000 + 0x0004) * 4, "GRBM_STATUS", { { NULL, 0, 0 } } },
	/* sdma0_4_0_offset.h mmSDMA0_GFX_RB_CNTL 0x0080 idx 0; RB_ENABLE bit 0,
	 * RB_SIZE shift 1 mask 0x7E */
	{ "gfx9", (0x1260 + 0x0080) * 4, "SDMA0_GFX_RB_CNTL", { { "RB_ENABLE", 0, 0 }, { "RB_SIZE", 1, 6 } } },

	/* GFX10, navi10_ip_offset.h: HDP_BASE 0x0F20, GC_BASE 0x1260,
	 * MMHUB_BASE 0x1A000, NBIO_BASE seg2 0x0D20 */
	{ "navi10", (0x0F20 + 0x00d1) * 4, "HDP_READ_CACHE_INVALIDATE", { { "READ_CACHE_INVALIDATE", 0, 0 } } },
	/* gc_10_1_0_offset.h mmGCVM_INVALIDATE_ENG0_REQ 0x1643 idx 0;
	 * FLUSH_TYPE mask 0x70000 */
	{ "gfx10", (0x1260 + 0x1643) * 4, "GCVM_INVALIDATE_ENG0_REQ",
	  { { "PER_VMID_INVALIDATE_REQ", 0, 15 }, { "FLUSH_TYPE", 16, 18 } } },
	/* mmhub_2_0_0_offset.h mmMMVM_INVALIDATE_ENG0_REQ 0x06e3 idx 0 */
	{ "gfx10", (0x1A000 + 0x06e3) * 4, "MMVM_INVALIDATE_ENG0_REQ", { { "PER_VMID_INVALIDATE_REQ", 0, 15 } } },
	/* nbio_2_3_offset.h mmBIF_BX_PF_GPU_HDP_FLUSH_REQ 0x0106 idx 2 */
	{ "gfx10", (0x0D20 + 0x0106) * 4, "BIF_BX_PF_GPU_HDP_FLUSH_REQ", { { "CP0", 0, 0 } } },

	/* GFX10.3: gc_10_3_0 mmGCVM_INVALIDATE_ENG0_REQ 0x161f idx 0 */
	{ "gfx10.3", (0x1260 + 0x161f) * 4, "GCVM_INVALIDATE_ENG0_REQ", { { "PER_VMID_INVALIDATE_REQ", 0, 15 } } },
	{ "navi21", (0x0F20 + 0x00d1) * 4, "HDP_READ_CACHE_INVALIDATE", { { "READ_CACHE_INVALIDATE", 0, 0 } } },
	/* vangogh's MMHUB (mmhub_2_3_0 mmMMVM_INVALIDATE_ENG0_REQ 0x0a01) sits
	 * elsewhere than sienna_cichlid's (mmhub_2_0_0 0x06e3): the chip's map
	 * is named in the name */
	{ "gfx10.3", (0x1A000 + 0x0a01) * 4, "VANGOGH_MMVM_INVALIDATE_ENG0_REQ", { { NULL, 0, 0 } } },

	/* GFX11: gc_11_0_0 regGCVM_INVALIDATE_ENG0_REQ 0x16ab idx 0,
	 * regGCVM_INVALIDATE_ENG0_SEM 0x1699 */
	{ "gfx11", (0x1260 + 0x16ab) * 4, "GCVM_INVALIDATE_ENG0_REQ", { { "PER_VMID_INVALIDATE_REQ", 0, 15 } } },
	{ "navi31", (0x1260 + 0x1699) * 4, "GCVM_INVALIDATE_ENG0_SEM", { { NULL, 0, 0 } } },
	/* GFX12: gc_12_0_0 regGCVM_INVALIDATE_ENG0_REQ 0x1647 idx 0 */
	{ "gfx12", (0x1260 + 0x1647) * 4, "GCVM_INVALIDATE_ENG0_REQ", { { "PER_VMID_INVALIDATE_REQ", 0, 15 } } },

	/* GFX11+ outside GC, at the segments every SOC15 base table gives (HDP
	 * 0xF20, NBIO seg 2 0xD20, OSSSYS 0x10A0; gen_regs_kernel.py
	 * SOC15_BASES) and Phoenix's MMHUB (0x13200, 0x1A000: its discovery
	 * table).  navi31: hdp_6_0_0 regHDP_MEM_POWER_CTRL 0xd4 idx 0;
	 * nbio_4_3_0 regBIF_BX_PF0_GPU_HDP_FLUSH_REQ 0x106 idx 2 */
	{ "gfx11", (0xF20 + 0xd4) * 4, "HDP_MEM_POWER_CTRL", { { "ATOMIC_MEM_POWER_CTRL_EN", 0, 0 } } },
	{ "gfx11", (0xD20 + 0x106) * 4, "BIF_BX_PF0_GPU_HDP_FLUSH_REQ", { { "CP0", 0, 0 } } },
	/* phoenix: mmhub_3_0_1 regMMVM_INVALIDATE_ENG0_REQ 0x763 idx 1 */
	{ "gfx11", (0x1A000 + 0x763) * 4, "MMVM_INVALIDATE_ENG0_REQ", { { "PER_VMID_INVALIDATE_REQ", 0, 15 } } },
	/* strix: nbio_7_11_0 regBIF_BX_PF1_GPU_HDP_FLUSH_REQ 0x106 idx 2 (the
	 * pair nbio_v7_11.c flushes through) */
	{ "gfx11.5", (0xD20 + 0x106) * 4, "BIF_BX_PF1_GPU_HDP_FLUSH_REQ", { { "CP0", 0, 0 } } },
	/* navi48: osssys_7_0_0 regIH_RB_CNTL 0x80 idx 0; nbif_6_3_1 PF0 pair */
	{ "gfx12", (0x10A0 + 0x80) * 4, "IH_RB_CNTL", { { "RB_ENABLE", 0, 0 } } },
	{ "gfx12", (0xD20 + 0x107) * 4, "BIF_BX_PF0_GPU_HDP_FLUSH_DONE", { { "CP0", 0, 0 } } },
};

static void test_facts(void)
{
	for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
		const struct reg_fact *x = &facts[i];
		const struct gk_format *fmt = tu_fmt(x->gpu);
		CHECK(fmt != NULL, "%s: no format", x->gpu);
		if (!fmt)
			continue;
		const struct gk_reg *r = gk_reg_by_offset(fmt->regs, x->addr);
		CHECK(r && strcmp(r->name, x->name) == 0, "%s 0x%05x: %s, want %s", x->gpu, (unsigned)x->addr,
		      r ? r->name : "(none)", x->name);
		if (!r)
			continue;
		/* the name assembles back to the same address */
		const struct gk_reg *back = gk_reg_by_name(fmt->regs, x->name, strlen(x->name));
		CHECK(back == r, "%s %s: name leads to 0x%05x, want 0x%05x", x->gpu, x->name,
		      back ? (unsigned)back->offset : 0u, (unsigned)x->addr);
		for (unsigned k = 0; k < 2 && x->f[k].name; k++) {
			const struct gk_reg_field *f = gk_reg_field_by_name(r, x->f[k].name, strlen(x->f[k].name));
			CHECK(f && f->lo == x->f[k].lo && f->hi == x->f[k].hi, "%s %s.%s: bits %d..%d, want %u..%u",
			      x->gpu, x->name, x->f[k].name, f ? f->lo : -1, f ? f->hi : -1, x->f[k].lo, x->f[k].hi);
		}
	}
}

/* An address two chips of one generation name differently is left
 * unnamed: vega10's SDMA1_UCODE_ADDR (vega10_ip_offset.h SDMA1_BASE 0x1460
 * + sdma1_4_0 0x0000) is vega20's SDMA0_RLC2_RB_CNTL (SDMA0_BASE 0x1260 +
 * sdma0_4_2 0x0200); neither may be shown as certain on gfx9. */
static void test_conflict(void)
{
	const struct gk_format *fmt = tu_fmt("gfx9");
	const struct gk_reg *r = gk_reg_by_offset(fmt->regs, (0x1260 + 0x0200) * 4);
	CHECK(r == NULL, "gfx9 0x%05x named %s: vega10 and vega20 disagree there", (0x1260 + 0x0200) * 4,
	      r ? r->name : "");
	/* the name may live on at vega20's own SDMA1 (SDMA1_BASE 0x1860), not here */
	const struct gk_reg *n = gk_reg_by_name(fmt->regs, "SDMA1_UCODE_ADDR", 16);
	CHECK(n == NULL || n->offset != 0x1460 * 4, "gfx9 SDMA1_UCODE_ADDR leads to vega10's contested 0x%05x",
	      0x1460 * 4);
}

/* The kernel's (and umr's) GC names of registers Mesa names otherwise are
 * found by name, at Mesa's row: gc_10_1_0_offset.h mmCOMPUTE_PREF_PRI_ACCUM_0
 * 0x1bc4 idx 0 (GC base 0x1260) is Mesa's gfx10 COMPUTE_USER_ACCUM_0, which
 * is what prints; umr's navi10 listings name it the kernel's way */
static void test_aliases(void)
{
	const struct gk_format *fmt = tu_fmt("gfx10");
	const struct gk_reg *r = gk_reg_by_name(fmt->regs, "COMPUTE_PREF_PRI_ACCUM_0", 24);
	CHECK(r && r->offset == (0x1260 + 0x1bc4) * 4 && !strcmp(r->name, "COMPUTE_USER_ACCUM_0"),
	      "gfx10 COMPUTE_PREF_PRI_ACCUM_0: %s at 0x%05x", r ? r->name : "none", r ? r->offset : 0);
	const struct gk_reg *p = gk_reg_by_offset(fmt->regs, (0x1260 + 0x1bc4) * 4);
	CHECK(p && !strcmp(p->name, "COMPUTE_USER_ACCUM_0"), "Mesa's name prints");
}

/* The decode of a ring's WRITE_DATA to such a register and of a
 * WAIT_REG_MEM polling one prints the name, and encodes back: the words of
 * gfx_v9_0_ring_emit_hdp_flush / gfx_v10_0's (WAIT_REG_MEM on the NBIO
 * request/done pair), hdp_v5_0 invalidate through WRITE_DATA (the navi10
 * umr capture's 0xff1), and a VM hub invalidation. */
struct vec {
	const char *gpu;
	const uint32_t *w;
	size_t n;
	const char *text;
};

static const struct vec vecs[] = {
	{ "gfx8", W(PACKET3(PACKET3_WRITE_DATA, 3), 0x00100000, 0x0000051e, 0x00000000, 0x00000001),
	  "WRITE_DATA DST_SEL=MEM_MAPPED_REGISTER WR_ONE_ADDR=0 WR_CONFIRM=1 ENGINE_SEL=ME "
	  "DST_REG=VM_INVALIDATE_REQUEST\n"
	  "    DATA 0x00000001" },
	{ "navi10", W(PACKET3(PACKET3_WRITE_DATA, 3), 0x40100000, 0x00000ff1, 0x00000000, 0x00000001),
	  "WRITE_DATA DST_SEL=MEM_MAPPED_REGISTER WR_ONE_ADDR=0 WR_CONFIRM=1 CACHE_POLICY=0 ENGINE_SEL=PFP "
	  "DST_REG=HDP_READ_CACHE_INVALIDATE\n"
	  "    DATA 0x00000001" },
	{ "vega10", W(PACKET3(PACKET3_WAIT_REG_MEM, 5), 0x00000143, 0x00000e26, 0x00000e27, 0x00000001, 0x00000001,
		      0x00000020),
	  "WAIT_REG_MEM FUNCTION=EQUAL MEM_SPACE=REGISTER OPERATION=WR_WAIT_WR_REG ENGINE=PFP CACHE_POLICY=0 "
	  "POLL_REG=BIF_BX_PF0_GPU_HDP_FLUSH_REQ REG_ADDR2=BIF_BX_PF0_GPU_HDP_FLUSH_DONE REFERENCE=0x1 MASK=0x1 POLL_INTERVAL=32" },
	{ "gfx10", W(PACKET3(PACKET3_WAIT_REG_MEM, 5), 0x00000143, 0x00000e26, 0x00000e27, 0x00000001, 0x00000001,
		     0x00000020),
	  "WAIT_REG_MEM FUNCTION=EQUAL MEM_SPACE=REGISTER OPERATION=WR_WAIT_WR_REG ENGINE=PFP CACHE_POLICY=0 "
	  "POLL_REG=BIF_BX_PF_GPU_HDP_FLUSH_REQ REG_ADDR2=BIF_BX_PF_GPU_HDP_FLUSH_DONE REFERENCE=0x1 MASK=0x1 POLL_INTERVAL=32" },
	{ "gfx10", W(PACKET3(PACKET3_WRITE_DATA, 3), 0x00100000, 0x1260 + 0x1643, 0x00000000, 0x00000001),
	  "WRITE_DATA DST_SEL=MEM_MAPPED_REGISTER WR_ONE_ADDR=0 WR_CONFIRM=1 CACHE_POLICY=0 ENGINE_SEL=ME "
	  "DST_REG=GCVM_INVALIDATE_ENG0_REQ\n"
	  "    DATA 0x00000001" },
	{ "gfx9", W(PACKET3(PACKET3_WAIT_REG_MEM, 5), 0x00000003, 0x1A000 + 0x06e3 + 0x12, 0x00000000, 0x00000001,
		    0x00000001, 0x00000004),
	  "WAIT_REG_MEM FUNCTION=EQUAL MEM_SPACE=REGISTER OPERATION=WAIT_REG_MEM ENGINE=ME CACHE_POLICY=0 "
	  "POLL_REG=MMHUB_VM_INVALIDATE_ENG0_ACK REFERENCE=0x1 MASK=0x1 POLL_INTERVAL=4" },
	{ "gfx11", W(PACKET3(PACKET3_WRITE_DATA, 3), 0x00100000, 0x1260 + 0x16ab, 0x00000000, 0x00000001),
	  "WRITE_DATA DST_SEL=MEM_MAPPED_REGISTER WR_ONE_ADDR=0 WR_CONFIRM=1 CACHE_POLICY=0 ENGINE_SEL=ME "
	  "DST_REG=GCVM_INVALIDATE_ENG0_REQ\n"
	  "    DATA 0x00000001" },
};

static void test_decode(void)
{
	for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++)
		tu_expect_row(i, vecs[i].gpu, tu_fmt(vecs[i].gpu), vecs[i].w, vecs[i].n, vecs[i].text);
}

int main(void)
{
	test_facts();
	test_conflict();
	test_aliases();
	test_decode();
	return tl_done();
}
