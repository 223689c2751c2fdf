/* Adreno CP command streams (Qualcomm Adreno a2xx-a7xx): the packets of
 * Mesa's adreno_pm4.xml and the registers of its rnndb (a2xx.xml-a6xx.xml). */
#ifndef GFXKIT_ADRENO_H
#define GFXKIT_ADRENO_H

#include "gfxkit/desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* generation bits (struct gk_packet_desc.gens), as the rnndb's variants */
#define GK_ADRENO_A2XX 0x01u
#define GK_ADRENO_A3XX 0x02u
#define GK_ADRENO_A4XX 0x04u
#define GK_ADRENO_A5XX 0x08u
#define GK_ADRENO_A6XX 0x10u
#define GK_ADRENO_A7XX 0x20u

/* Fill *fmt with the Adreno format of one generation, by generation name
 * ("a6xx"), GPU name ("a630", "a750") or Mesa chip id ("0x06030002",
 * "6.3.0.2"); any case.  Returns 0, or -1 when the name is unknown or NULL,
 * or fmt is NULL.  The caller owns *fmt. */
int gk_adreno_format_init(struct gk_format *fmt, const char *gpu);

/* Names accepted by gk_adreno_format_init, for usage messages. */
const char *gk_adreno_gpu_help(void);

/* The rnndb register table of a generation (a2xx..a7xx, as above); NULL
 * for an unknown or NULL name. */
const struct gk_reg_table *gk_adreno_regs(const char *gpu);

/* A summary of a capture, as cffdump's --summary and Mesa's Lua submit
 * script report one: per submit, its draws, blits and dispatches, each
 * with the render targets the registers written before it name (colour
 * targets' addresses and formats, the depth buffer, the window size; a
 * blit's destination).  Fed every unit the stream loop gives (the unit
 * callback of gk_stream_opts, following included: units of other engines,
 * such as shader instructions, are passed over), with the submit the unit
 * belongs to (gk_input_submit of the top-level input).  Lines go to o as
 * the events come; a submit's totals when the next begins and at
 * gk_adreno_summary_end.  NULL from create for an unknown GPU or out of
 * memory; every call does nothing on a NULL s (and unit on a NULL e). */
struct gk_adreno_summary;
struct gk_engine;
struct gk_out;
struct gk_adreno_summary *gk_adreno_summary_create(const char *gpu);
void gk_adreno_summary_destroy(struct gk_adreno_summary *s);
void gk_adreno_summary_unit(struct gk_adreno_summary *s, const struct gk_engine *e, long long submit,
			    struct gk_out *o);
void gk_adreno_summary_end(struct gk_adreno_summary *s, struct gk_out *o);

#ifdef __cplusplus
}
#endif
#endif
