/* Lint: the programming rules of "Radeon Evergreen/Northern Islands
 * Acceleration" §2-§8 (scissors, compute state, Cayman differences,
 * interpolation, DB, HTILE/HiZ/HiS, CB) tested against the register state
 * at a draw or a dispatch.
 *
 * The rules are table rows (src/lint/lint_rules.c; docs/lint.md lists
 * them): an identifier, the guide section, the generations, the events it
 * applies to, conditions and requirements over register fields by name.
 * The caller owns the register state and hands a read-only view of it. */
#ifndef GFXKIT_LINT_H
#define GFXKIT_LINT_H

#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gk_format;
struct gk_packet;
struct gk_unit;
struct gk_diags;

/* The register state: get returns 1 and sets *value when the register at
 * byte address byte_addr was written (by SET_*, type-0, LOAD_*,
 * CLEAR_STATE ...), 0 when it never was (value untouched).  Rules whose
 * registers the guide says to program before a draw or dispatch are broken
 * by a register never written; other rules take the guide's default where
 * it gives one and otherwise skip what depends on a register never written
 * (its value is unknown). */
struct gk_lint_regs {
	int (*get)(void *ctx, uint32_t byte_addr, uint32_t *value);
	void *ctx;
	/* Optional, for speed: the n registers at byte_addr[0..n-1] at once,
	 * each as get would say it (set[i] 1 and value[i], or set[i] 0 and
	 * value[i] 0).  An event reads, in one call, every register the rules
	 * it runs depend on (a draw those of the draw rules, a dispatch those
	 * of the dispatch rules; none when no rule of its kind is selected);
	 * NULL: through get, one call each. */
	void (*get_many)(void *ctx, const uint32_t *byte_addr, size_t n, uint32_t *value, uint8_t *set);
	/* Optional, for speed: the caller's record of which registers were
	 * written, a bitmap of nwritten 64-bit words.  Bit b (bit b % 64 of
	 * word b / 64) stands for the GK_LINT_WRITTEN_REGS registers at byte
	 * addresses b * 4 * GK_LINT_WRITTEN_REGS and up; the caller sets it
	 * whenever one of them may have changed (written, cleared, loaded).
	 * An event then reads only the registers of set bits (and those past
	 * the bitmap) and clears the bits it read; a bit of registers no rule
	 * reads stays set.  The linter reads every register at its first event
	 * with a bitmap (and at the first after one without), so the bits need
	 * only cover what changed since the caller began setting them.  NULL:
	 * every register the event's rules read is read at each event. */
	uint64_t *written;
	size_t nwritten;
};

/* the registers one bit of gk_lint_regs.written stands for */
#define GK_LINT_WRITTEN_REGS 16u

/* Bits: which events a rule applies to. */
#define GK_LINT_DRAW 1u     /* DRAW_* */
#define GK_LINT_DISPATCH 2u /* DISPATCH_* */

/* Bits: which generations a rule applies to. */
#define GK_LINT_EVERGREEN 1u
#define GK_LINT_CAYMAN 2u

struct gk_lint_event {
	unsigned kind;               /* GK_LINT_DRAW or GK_LINT_DISPATCH */
	/* The DRAW_* / DISPATCH_* packet (decoded with the same fmt): its
	 * offset and name go into the diagnostics, and rules about the packet
	 * read its fields (DISPATCH_DIRECT's DISPATCH_INITIATOR, the header's
	 * SHADER_TYPE).  NULL: offset 0, packet "PACKET", those rules skipped. */
	const struct gk_packet *pkt;
};

#define GK_LINT_MAX_RULES 256

/* Which rules run (--rules).  gk_lint_select_all: every rule. */
struct gk_lint_select {
	uint64_t on[GK_LINT_MAX_RULES / 64];
};
void gk_lint_select_all(struct gk_lint_select *sel);
/* A comma-separated list of items, each a rule id ("scissor-tl-range"), a
 * section ("8.3" takes 8.3 and 8.3.x) or "all"; an item with a leading '-'
 * removes.  When the first item removes, the list starts from every rule,
 * else from none.  0, or -1 with *err (code GK_D_SYNTAX, message naming the
 * item) for an item that names no rule or section; err may be NULL. */
int gk_lint_select_parse(struct gk_lint_select *sel, const char *list, size_t len, struct gk_diag *err);

/* The generation bit (GK_LINT_EVERGREEN / GK_LINT_CAYMAN) whose rules fmt
 * has (its lint_gen, set by the family), or 0 when the linter has none for
 * it (another family or generation, or fmt NULL). */
unsigned gk_lint_generation(const struct gk_format *fmt);

/* A linter prepared for one format: every rule of its generation unrolled
 * over its indices, each register, field, value name and number a rule
 * gives resolved once through the format's register table, and the packet
 * fields rules name resolved per description at its first event.  NULL
 * when fmt has no lint generation (gk_lint_generation 0) or out of memory.
 * It points into fmt, which must outlive it; gk_lint_close(NULL) does
 * nothing. */
struct gk_lint;
struct gk_lint *gk_lint_open(const struct gk_format *fmt);
void gk_lint_close(struct gk_lint *l);
/* gk_lint_event on a prepared linter (what it returns and appends); -1
 * when l, ev, regs or out is NULL.  unit: the event's packet decoded
 * (gk_unit_decode; the executor's unit), whose fields the packet rules
 * read; NULL: ev->pkt is decoded when a rule first reads it.  l keeps the
 * register state as last read and each rule's result: an event reads the
 * registers its kind's selected rules depend on (regs->get_many when given)
 * and evaluates only the rules whose registers changed, the others saying
 * again what they said, so the answer is always what a fresh linter would
 * give.  One event at a time per linter. */
int gk_lint_check(struct gk_lint *l, const struct gk_lint_event *ev, const struct gk_unit *unit,
		  const struct gk_lint_regs *regs, const struct gk_lint_select *sel, struct gk_diags *out);

/* Test every selected rule of fmt's generation (PM4 evergreen or cayman)
 * that applies to ev against regs; append one diagnostic (code GK_D_LINT,
 * rule and section set, the packet's offset, message naming the rule,
 * section, registers and fields with the values found and required) per
 * rule broken (per index for the rules over the 8/12 MRTs, the 16 viewport
 * scissors ...) to out.  sel NULL: every rule.  Returns the number of rules
 * broken (diagnostics past out's capacity are counted in out->dropped), or
 * -1 when fmt is not PM4 evergreen/cayman or an argument is NULL. */
int gk_lint_event(const struct gk_format *fmt, const struct gk_lint_event *ev, const struct gk_lint_regs *regs,
		  const struct gk_lint_select *sel, struct gk_diags *out);
/* (gk_lint_event prepares fmt for the one call: a caller with many events
 * keeps a gk_lint_open linter instead) */

/* The rule table, for `list --rules`. */
struct gk_lint_rule_info {
	const char *id;        /* "scissor-tl-range" */
	const char *section;   /* "2.2" */
	unsigned gens;         /* GK_LINT_EVERGREEN | GK_LINT_CAYMAN */
	unsigned when;         /* GK_LINT_DRAW | GK_LINT_DISPATCH */
	enum gk_severity severity;
	const char *text;      /* one line: what it requires */
	const char *quote;     /* the guide's sentence it enforces, briefly (docs/lint.md) */
	int need;              /* 1: a register it requires that was never written breaks it */
};
size_t gk_lint_rule_count(void);
/* 0 and *out filled, or -1 past the end (or out NULL). */
int gk_lint_rule_at(size_t i, struct gk_lint_rule_info *out);

#ifdef __cplusplus
}
#endif
#endif
