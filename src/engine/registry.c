/* The registry: which engines this build has, and which one -e and -g name.
 * The only place that lists the families; adding one is a row here. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/engine.h"

#include "engine_priv.h"
#include "layout.h" /* src/core: gk_unit_fill */

/* Each family's ops, defined in its own folder. */
extern const struct gk_engine_ops gk_pm4_engine_ops, gk_dma_engine_ops, gk_amdgpu_engine_ops, gk_ir3_engine_ops,
	gk_modifier_engine_ops, gk_adreno_engine_ops;

/* In the order "auto" tries them: pm4 before dma, since a bare Evergreen
 * or Cayman name means the command processor (the CLI's default engine).
 * isa: what "-e isa" may mean (instruction sets, tried in this order). */
static const struct engine_row {
	const struct gk_engine_ops *ops;
	bool isa;
} engines[] = {
	{ &gk_pm4_engine_ops, false },
	{ &gk_dma_engine_ops, false },
	{ &gk_amdgpu_engine_ops, true },
	{ &gk_ir3_engine_ops, true },
	{ &gk_modifier_engine_ops, false },
	/* after ir3: a bare Adreno name (a630) keeps meaning the instruction set */
	{ &gk_adreno_engine_ops, false },
};
#define NENGINES (sizeof engines / sizeof engines[0])

const char *gk_engine_list(size_t i)
{
	return i < NENGINES ? engines[i].ops->name : NULL;
}

static const struct gk_engine_ops *find(const char *name)
{
	for (size_t i = 0; name && i < NENGINES; i++)
		if (!strcmp(engines[i].ops->name, name))
			return engines[i].ops;
	return NULL;
}

const char *gk_engine_gpu_help(const char *name)
{
	const struct gk_engine_ops *ops = find(name);
	return ops ? ops->gpu_help() : NULL;
}

static void set_err(struct gk_diag *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_err(struct gk_diag *err, const char *fmt, ...)
{
	if (!err)
		return;
	*err = (struct gk_diag){ .severity = GK_ERROR, .code = GK_D_RANGE, .dw = -1, .lo = -1, .hi = -1 };
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
}

struct gk_engine *gk_engine_open(const char *name, const char *gpu, struct gk_diag *err)
{
	if (!gpu || !*gpu) {
		set_err(err, "no GPU given");
		return NULL;
	}
	/* GPU names are case-insensitive: the families' tables are lower case */
	char lower[64];
	size_t n = strlen(gpu);
	if (n >= sizeof lower) {
		set_err(err, "unknown GPU '%.40s...'", gpu);
		return NULL;
	}
	for (size_t i = 0; i <= n; i++)
		lower[i] = (char)tolower((unsigned char)gpu[i]);
	bool any = !name || !strcmp(name, "auto"), isa = name && !strcmp(name, "isa");
	const struct gk_engine_ops *only = any || isa ? NULL : find(name);
	if (!any && !isa && !only) {
		char names[96] = "";
		for (size_t i = 0; i < NENGINES; i++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s, ", engines[i].ops->name);
		set_err(err, "unknown engine '%.40s' (this build has: %sisa, or auto)", name, names);
		return NULL;
	}
	for (size_t i = 0; i < NENGINES; i++) {
		const struct gk_engine_ops *ops = engines[i].ops;
		if ((only && ops != only) || (isa && !engines[i].isa))
			continue;
		void *fam = ops->open(lower);
		if (!fam)
			continue;
		struct gk_engine *e = malloc(sizeof *e);
		if (!e) {
			ops->close(fam);
			set_err(err, "out of memory");
			return NULL;
		}
		e->ops = ops;
		e->fam = fam;
		e->at_hand = NULL;
		return e;
	}
	if (only)
		set_err(err, "unknown GPU '%.40s' for %s", gpu, only->name);
	else
		set_err(err, "unknown GPU '%.40s'%s", gpu, isa ? " for any instruction set" : " for any engine");
	return NULL;
}

void gk_engine_close(struct gk_engine *e)
{
	if (!e)
		return;
	e->ops->close(e->fam);
	free(e);
}

const char *gk_engine_name(const struct gk_engine *e)
{
	return e ? e->ops->name : NULL;
}

const char *gk_engine_gpu(const struct gk_engine *e)
{
	return e ? e->ops->gpu_name(e->fam) : NULL;
}

unsigned gk_engine_unit_bytes(const struct gk_engine *e)
{
	return e ? e->ops->unit_bytes : 0;
}

const struct gk_format *gk_engine_format(const struct gk_engine *e)
{
	return e && e->ops->format ? e->ops->format(e->fam) : NULL;
}

int gk_engine_reg_lookup(void *engine, const char *name, size_t len, uint32_t *offset)
{
	const struct gk_format *fmt = gk_engine_format(engine);
	const struct gk_reg *r = fmt && name && offset ? gk_reg_by_name(fmt->regs, name, len) : NULL;
	if (!r)
		return -1;
	*offset = r->offset;
	return 0;
}

struct gk_engine_asm {
	const struct gk_engine_ops *ops;
	void *as;
};

struct gk_engine_asm *gk_engine_asm_open(struct gk_engine *e, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag,
					 void *diag_ctx)
{
	if (!e || !e->ops->asm_open)
		return NULL;
	struct gk_engine_asm *a = malloc(sizeof *a);
	if (!a)
		return NULL;
	a->ops = e->ops;
	a->as = e->ops->asm_open(e->fam, emit, emit_ctx, diag, diag_ctx);
	if (!a->as) {
		free(a);
		return NULL;
	}
	return a;
}

void gk_engine_asm_line(struct gk_engine_asm *a, const char *line, size_t len)
{
	if (a && (line || !len))
		a->ops->asm_line(a->as, line ? line : "", len);
}

void gk_engine_asm_text(struct gk_engine_asm *a, const char *text, size_t n)
{
	if (!a || (!text && n))
		return;
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(text + i, '\n', n - i);
		size_t len = nl ? (size_t)(nl - (text + i)) : n - i;
		gk_engine_asm_line(a, text + i, len);
		i += len + (nl != NULL);
	}
}

unsigned gk_engine_asm_finish(struct gk_engine_asm *a)
{
	return a ? a->ops->asm_finish(a->as) : 0;
}

int gk_engine_asm_check(struct gk_engine_asm *a, bool on)
{
	if (!a || !a->ops->asm_check)
		return -1;
	a->ops->asm_check(a->as, on);
	return 0;
}

void gk_engine_asm_close(struct gk_engine_asm *a)
{
	if (!a)
		return;
	a->ops->asm_close(a->as);
	free(a);
}

int gk_engine_describe(struct gk_engine *e, struct gk_out *o)
{
	if (!e || !o || !e->ops->list)
		return -1;
	e->ops->list(e->fam, o);
	return 0;
}

int gk_engine_describe_unit(struct gk_engine *e, const char *name, bool json, struct gk_out *o, struct gk_diag *err)
{
	if (!e || !name || !o) {
		set_err(err, "no engine, name or output");
		return -1;
	}
	if (!e->ops->describe) {
		set_err(err, "%s has no descriptions by name (list shows them all)", e->ops->name);
		return -1;
	}
	return e->ops->describe(e->fam, name, json, o, err);
}

const struct gk_unit *gk_engine_unit(const struct gk_engine *e)
{
	const struct gk_unit *u = e && e->ops->record ? e->ops->record(e->fam) : NULL;
	gk_unit_fill(u); /* a client reads the fields directly */
	return u;
}


/* The access model (src/mem) over the engine's decoded record: computed
 * for the unit once, by whoever asks first (the bounds stage, following,
 * the executor), and read from the unit after that. */
int gk_engine_access(struct gk_engine *e, unsigned k, struct gk_mem_access *a)
{
	if (!e || !a || !e->ops->format || !e->ops->record)
		return -1;
	const struct gk_unit *u = e->ops->record(e->fam);
	return u ? gk_unit_access(e->ops->format(e->fam), u, k, a) : -1;
}
