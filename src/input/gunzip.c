/* A file's bytes as it stands for them: through the inflater (inflate.c)
 * when it starts with the gzip magic 1f 8b, as they are otherwise -- the
 * same test gk_input makes (input.c), for callers that want a whole text in
 * memory before parsing it (the devcoredump readers take text: `gfxkit
 * decode crash.devcore.gz`). */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/input.h"
#include "inflate.h"

struct gk_gunzip {
	gk_read_fn read;
	void *ctx;
	struct gk_inflate *z; /* NULL: not gzip (or not known yet) */
	unsigned char pre[4]; /* the first bytes, looked at for a gzip header */
	size_t npre, given;
	bool checked, failed;
};

struct gk_gunzip *gk_gunzip_open(gk_read_fn read, void *ctx)
{
	if (!read)
		return NULL;
	struct gk_gunzip *g = calloc(1, sizeof *g);
	if (g) {
		g->read = read;
		g->ctx = ctx;
	}
	return g;
}

void gk_gunzip_close(struct gk_gunzip *g)
{
	if (g)
		gk_inflate_close(g->z);
	free(g);
}

/* the first four bytes (fewer at the end of a short file), then the
 * inflater when they are a gzip header (gk_gzip_header); 0, or -1 on a read error or no memory */
static int look(struct gk_gunzip *g)
{
	g->checked = true;
	while (g->npre < sizeof g->pre) {
		long r = g->read(g->ctx, g->pre + g->npre, sizeof g->pre - g->npre);
		if (r < 0 || (size_t)r > sizeof g->pre - g->npre)
			return -1;
		if (r == 0)
			break;
		g->npre += (size_t)r;
	}
	if (gk_gzip_header(g->pre, g->npre)) {
		g->z = gk_inflate_open(g->read, g->ctx, g->pre, g->npre);
		if (!g->z)
			return -1;
		g->given = g->npre; /* the inflater has them */
	}
	return 0;
}

long gk_gunzip_read(void *ctx, void *buf, size_t cap)
{
	struct gk_gunzip *g = ctx;
	if (!g || !buf || g->failed)
		return -1;
	if (!g->checked && look(g)) {
		g->failed = true;
		return -1;
	}
	if (g->z)
		return gk_inflate_read(g->z, buf, cap);
	if (g->given < g->npre) {
		size_t k = g->npre - g->given < cap ? g->npre - g->given : cap;
		memcpy(buf, g->pre + g->given, k);
		g->given += k;
		return (long)k;
	}
	long r = g->read(g->ctx, buf, cap);
	if (r < -1 || (r > 0 && (size_t)r > cap)) {
		g->failed = true;
		return -1;
	}
	return r;
}

bool gk_gunzip_gzipped(const struct gk_gunzip *g)
{
	return g && g->z;
}

const char *gk_gunzip_error(const struct gk_gunzip *g, uint64_t *offset)
{
	if (offset)
		*offset = 0;
	if (!g)
		return NULL;
	if (g->z)
		return gk_inflate_error(g->z, offset);
	return g->failed ? "read error" : NULL;
}
