/* Whole-buffer calls (include/gfxkit/buffer.h): the engine, the stream loop
 * and the assemblers over memory, the output collected in one allocation. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/buffer.h"
#include "gfxkit/engine.h"
#include "gfxkit/modifier.h"
#include "gfxkit/tiling.h"

#include "out.h" /* src/core */
#include "quote.h" /* src/core */

/* output collected on the heap (gk_membuf); oom: an allocation failed, and
 * what was collected is dropped when it is handed over */
struct grow {
	struct gk_membuf m;
	int oom;
};

static int grow_write(void *ctx, const void *p, size_t n)
{
	struct grow *g = ctx;
	if (g->oom || gk_membuf_write(&g->m, p, n) != 0) {
		g->oom = 1;
		return -1;
	}
	return 0;
}

/* g's text handed to the caller (an empty string when nothing was written) */
static char *grow_take(struct grow *g, size_t *len)
{
	if (!g->oom && !g->m.p)
		grow_write(g, "", 0);
	if (g->oom) {
		free(g->m.p);
		g->m = (struct gk_membuf){ NULL, 0, 0 };
	}
	if (len)
		*len = g->m.n;
	return g->m.p;
}

/* replace whatever g holds with one line */
static void grow_line(struct grow *g, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	g->m.n = 0;
	grow_write(g, line, k < 0 ? 0 : (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
	grow_write(g, "\n", 1);
}

struct mem_src {
	const unsigned char *p;
	size_t n, at;
};

static long mem_src_read(void *ctx, void *buf, size_t cap)
{
	struct mem_src *s = ctx;
	size_t k = s->n - s->at < cap ? s->n - s->at : cap;
	if (k)
		memcpy(buf, s->p + s->at, k);
	s->at += k;
	return (long)k;
}

int gk_buffer_run(const char *engine, const char *gpu, const char *fmt, const void *data, size_t n, unsigned flags,
		  char **out, size_t *out_len)
{
	struct grow g = { 0 };
	int rc = -1;
	enum gk_in_format f = GK_IN_AUTO;
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	struct gk_engine *e = NULL;
	if (!out)
		return -1;
	if (!data && n) {
		grow_line(&g, "no input: NULL data of %zu bytes", n);
	} else if (fmt && gk_in_format_parse(fmt, &f) != 0) {
		grow_line(&g, "unknown input format '%.*s%s' (formats: %s)", GK_QUOTE_LEN(strlen(fmt)), fmt,
			  GK_QUOTE_MORE(strlen(fmt)), gk_in_format_list());
	} else if (!(e = gk_engine_open(engine ? engine : "pm4", gpu, &err))) {
		grow_line(&g, "%.*s", (int)gk_diag_message_len(&err), err.message);
	} else {
		struct mem_src src = { data, n, 0 };
		struct gk_input *in = gk_input_create(mem_src_read, &src, f, gk_engine_unit_bytes(e));
		gk_input_set_reg_lookup(in, gk_engine_reg_lookup, e);
		char buf[4096];
		struct gk_out o = { buf, 0, sizeof buf, grow_write, &g, 0, 0 };
		struct gk_stream_opts so = { .check = (flags & GK_BUF_CHECK) != 0, .json = (flags & GK_BUF_JSON) != 0,
					     .json_flags = (flags & GK_BUF_TEXT) ? GK_JSON_TEXT : 0, .name = "-" };
		struct gk_stream_stats st;
		memset(&st, 0, sizeof st);
		int r = in ? gk_stream_run(e, in, &so, &o, &st) : -1;
		gk_out_flush(&o);
		const struct gk_diag *ie = gk_input_error(in);
		if (!in) {
			g.oom = 1;
		} else if (r < 0 && ie && ie->line) {
			grow_line(&g, "%u:%u: %.*s", ie->line, ie->col, (int)gk_diag_message_len(ie), ie->message);
		} else if (r < 0 && ie) {
			grow_line(&g, "byte offset 0x%llx: %.*s", (unsigned long long)ie->offset, (int)gk_diag_message_len(ie),
				  ie->message);
		} else if (r < 0 || o.failed) {
			g.oom = 1; /* the only way this output fails */
		} else {
			rc = st.errors ? 1 : 0;
		}
		gk_input_destroy(in);
	}
	gk_engine_close(e);
	*out = grow_take(&g, out_len);
	return rc;
}

/* the assembler's words and errors */
struct encode_sink {
	struct grow bytes, errors;
};

static int encode_emit(void *ctx, const uint32_t *w, size_t n)
{
	struct encode_sink *s = ctx;
	for (size_t i = 0; i < n; i++) {
		unsigned char b[4] = { (unsigned char)w[i], (unsigned char)(w[i] >> 8), (unsigned char)(w[i] >> 16),
				       (unsigned char)(w[i] >> 24) };
		if (grow_write(&s->bytes, b, 4))
			return -1;
	}
	return 0;
}

static int encode_diag(void *ctx, const struct gk_diag *d)
{
	struct encode_sink *s = ctx;
	char line[512];
	int k = snprintf(line, sizeof line, "%u:%u: %.*s\n", d->line, d->col, (int)gk_diag_message_len(d), d->message);
	return grow_write(&s->errors, line, k < 0 ? 0 : (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

int gk_buffer_encode(const char *engine, const char *gpu, const char *text, size_t n, void **bytes, size_t *bytes_len,
		     char **errors)
{
	struct encode_sink s;
	memset(&s, 0, sizeof s);
	int rc = -1;
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	struct gk_engine *e = NULL;
	struct gk_engine_asm *a = NULL;
	if (!text && n) {
		grow_line(&s.errors, "no input: NULL text of %zu bytes", n);
	} else if (!(e = gk_engine_open(engine ? engine : "pm4", gpu, &err))) {
		grow_line(&s.errors, "%.*s", (int)gk_diag_message_len(&err), err.message);
	} else if (!(a = gk_engine_asm_open(e, encode_emit, &s, encode_diag, &s))) {
		s.errors.oom = 1;
	} else {
		gk_engine_asm_text(a, text, n);
		rc = (int)gk_engine_asm_finish(a);
		if (s.bytes.oom || s.errors.oom)
			rc = -1;
	}
	gk_engine_asm_close(a);
	gk_engine_close(e);
	if (bytes) {
		*bytes = rc < 0 ? NULL : grow_take(&s.bytes, bytes_len);
		if (rc < 0) {
			free(s.bytes.m.p);
			if (bytes_len)
				*bytes_len = 0;
		}
	} else {
		free(s.bytes.m.p);
	}
	if (errors)
		*errors = grow_take(&s.errors, NULL);
	else
		free(s.errors.m.p);
	return rc;
}

int gk_buffer_tile_info(uint64_t modifier, unsigned bpp, uint32_t width, uint32_t height, uint32_t slices, char **out)
{
	struct grow g = { 0 };
	struct gk_tile_surface *s = malloc(sizeof *s);
	struct gk_diags *dg = malloc(sizeof *dg);
	int rc = -1;
	if (!out)
		goto done;
	if (!s || !dg) {
		*out = NULL;
		goto done;
	}
	gk_diags_reset(dg);
	if (gk_modifier_surface(modifier, bpp, width, height, slices, s, dg) != 0) {
		char buf[512];
		struct gk_out o = { buf, 0, sizeof buf, grow_write, &g, 0, 0 };
		gk_out_str(&o, "{\"error\":");
		const struct gk_diag *d = dg->n ? &dg->d[0] : NULL;
		if (d)
			gk_out_json_str(&o, d->message, gk_diag_message_len(d));
		else
			gk_out_str(&o, "\"not a surface this modifier can lay out\"");
		gk_out_str(&o, "}");
		gk_out_flush(&o);
	} else {
		size_t need = gk_tile_info_json(s, NULL, 0);
		char *p = malloc(need + 1);
		if (p) {
			gk_tile_info_json(s, p, need + 1);
			g.m = (struct gk_membuf){ p, need, need + 1 };
			rc = 0;
		} else {
			g.oom = 1;
		}
	}
	*out = grow_take(&g, NULL);
	if (!*out)
		rc = -1;
done:
	free(s);
	free(dg);
	return rc;
}

void gk_free(void *p)
{
	free(p);
}
