/* PM4 description tables (pm4_tab.c) and register tables (pm4_regs_tab.c). */
#ifndef GK_PM4_TAB_H
#define GK_PM4_TAB_H

#include "gfxkit/desc.h"
#include "gfxkit/pm4.h"

enum {
	GK_PM4_SPACE_MMIO,
	GK_PM4_SPACE_CONFIG,
	GK_PM4_SPACE_CONTEXT,
	GK_PM4_SPACE_ALU_CONST,
	GK_PM4_SPACE_RESOURCE,
	GK_PM4_SPACE_SAMPLER,
	GK_PM4_SPACE_CTL_CONST,
	GK_PM4_SPACE_LOOP,
	GK_PM4_SPACE_BOOL,
	GK_PM4_SPACE_SH,      /* GFX6+ */
	GK_PM4_SPACE_UCONFIG, /* GFX7+ */
	GK_PM4_NSPACES
};

extern const struct gk_field gk_pm4_hdr3[];
extern const unsigned gk_pm4_nhdr3;
extern const struct gk_enum gk_pm4_shader_type;
extern const struct gk_packet_desc gk_pm4_descs[];
extern const size_t gk_pm4_ndescs;
extern const struct gk_space gk_pm4_spaces_r600[GK_PM4_NSPACES];
extern const struct gk_space gk_pm4_spaces_evergreen[GK_PM4_NSPACES];
extern const struct gk_space gk_pm4_spaces_gfx6[GK_PM4_NSPACES];
extern const struct gk_space gk_pm4_spaces_gfx7[GK_PM4_NSPACES];
/* the GFX6+ one-dword NOP (COUNT 0x3FFF), chosen by framing */
extern const struct gk_packet_desc *const gk_pm4_nop_pad;

extern const struct gk_reg_table gk_pm4_regs_r600;
extern const struct gk_reg_table gk_pm4_regs_r700;
extern const struct gk_reg_table gk_pm4_regs_evergreen;
extern const struct gk_reg_table gk_pm4_regs_cayman;
extern const struct gk_reg_table gk_pm4_regs_gfx6;
extern const struct gk_reg_table gk_pm4_regs_gfx7;
extern const struct gk_reg_table gk_pm4_regs_gfx8;
extern const struct gk_reg_table gk_pm4_regs_gfx81;
extern const struct gk_reg_table gk_pm4_regs_gfx9;
extern const struct gk_reg_table gk_pm4_regs_gfx10;
extern const struct gk_reg_table gk_pm4_regs_gfx103;
extern const struct gk_reg_table gk_pm4_regs_gfx11;
extern const struct gk_reg_table gk_pm4_regs_gfx115;
extern const struct gk_reg_table gk_pm4_regs_gfx12;

#endif
