/* gfxkit modifier decode|encode|list|tile-split: DRM format modifiers
 * (seed 004), a thin shell over include/gfxkit/modifier.h. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "commands.h"

static void modifier_usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit modifier decode [--json] [--bpp N [--width W] [--height H] [--slices S]] VALUE...\n"
		"                (0x hex or decimal; names work too)\n"
		"       gfxkit modifier encode [--force] NAME...   (the names decode prints, KEY=VALUE, 0x hex)\n"
		"       gfxkit modifier list --gfx 6|7|8 --bpp N --pipe-config P [--pipe-config P]...\n"
		"                [--num-banks 2|4|8|16] [--bank-width 1|2|4|8] [--bank-height 1|2|4|8]\n"
		"                [--macro-tile-aspect 1:1|4:1|16:1|64:1] [--tile-split BYTES]\n"
		"                [--samples N] [--sample-split 0-3] [--row-size BYTES] [--json]\n"
		"       gfxkit modifier list --gfx 6|7|8 --all [--json]\n"
		"       gfxkit modifier tile-split --bpp N [--thickness 1|4|8] [--samples N]\n"
		"                [--sample-split 0-3] [--row-size BYTES]\n"
		"decode: the name (libdrm's wherever libdrm names the value; a name: line says when it is\n"
		"       gfxkit's), the fields, diagnostics; exit 1 on errors.\n"
		"       GFX6-8: the tile size at each bpp; with --bpp the surface it lays out (sizes default\n"
		"       to 1: the alignments), as `gfxkit tile info` computes it.\n"
		"encode: the value as 0x%%016x; refuses (exit 1) invalid modifiers unless --force.\n"
		"list: the modifiers a GFX6-8 surface may use, best first (seed 004); the macro-tile\n"
		"       TILE_SPLIT comes from --bpp by seed 004's formula unless --tile-split is given\n"
		"       (defaults: --num-banks 16 --bank-width 1 --bank-height 1 --macro-tile-aspect 1:1\n"
		"       --samples 1 --sample-split 1 --row-size 2048).  --all: every valid modifier.\n");
}

static int num_arg(const char *s, unsigned long long *v)
{
	uint64_t x;
	if (gk_parse_uint(s, strlen(s), &x) != 0)
		return -1;
	*v = x;
	return 0;
}

static void print_diags(FILE *f, const char *what, const struct gk_diags *dg)
{
	for (unsigned i = 0; i < dg->n; i++) {
		const struct gk_diag *d = &dg->d[i];
		if (d->col)
			fprintf(f, "%s:%u: %s: %.*s\n", CLI_Q(what), d->col, d->severity == GK_ERROR ? "error" : "warning",
				(int)gk_diag_message_len(d), d->message);
		else
			fprintf(f, "%s: %s: %.*s\n", CLI_Q(what), d->severity == GK_ERROR ? "error" : "warning",
				(int)gk_diag_message_len(d), d->message);
	}
	if (dg->dropped)
		fprintf(f, "%s: %u more diagnostics not shown\n", CLI_Q(what), dg->dropped);
}

/* A modifier argument (name or number): 0, or -1 after saying on stderr
 * what is wrong and where (after writing out what o holds, when o is not
 * NULL, so that the order on a terminal stays right). */
static int value_arg(const char *a, uint64_t *v, struct gk_out *o)
{
	struct gk_diags dg;
	gk_diags_reset(&dg);
	if (gk_modifier_parse(a, strlen(a), v, &dg) == 0)
		return 0;
	gk_out_flush(o);
	print_diags(stderr, a, &dg);
	return -1;
}

/* decode and encode: an option they do not have, or no value at all */
static int unknown_option(const char *sub, const char *opt)
{
	fprintf(stderr, "gfxkit modifier %s: unknown option %s\n", CLI_Q(sub), CLI_Q(opt));
	return 2;
}

static int no_values(void)
{
	modifier_usage(stderr);
	return 2;
}

/* The GFX6-8 surface options of decode: --bpp asks for the surface. */
struct surface_opts {
	unsigned bpp;
	uint32_t width, height, slices;
};

static int surface_option(int argc, char **argv, int *i, struct surface_opts *so)
{
	static const struct {
		const char *opt;
		unsigned long long max;
	} opts[] = { { "--bpp", 128 }, { "--width", GK_TILE_MAX_DIM }, { "--height", GK_TILE_MAX_DIM },
		     { "--slices", GK_TILE_MAX_SLICES } };
	for (unsigned k = 0; k < sizeof opts / sizeof opts[0]; k++) {
		if (strcmp(argv[*i], opts[k].opt))
			continue;
		unsigned long long v;
		if (*i + 1 >= argc || num_arg(argv[*i + 1], &v) != 0 || !v || v > opts[k].max) {
			fprintf(stderr, "gfxkit modifier decode: %s needs a number from 1 to %llu\n", opts[k].opt,
				opts[k].max);
			return -1;
		}
		uint32_t *dst[] = { &so->bpp, &so->width, &so->height, &so->slices };
		*dst[k] = (uint32_t)v;
		(*i)++;
		return 1;
	}
	return 0;
}

/* One line for a GFX6-8 tiled modifier: the macro (2D) or micro (1D) tile
 * and base alignment at each element size the layout allows. */
static void print_tiles(uint64_t v)
{
	uint64_t version, tile;
	if (gk_modifier_field(v, "TILE_VERSION", &version) || version != GK_MOD_GFX6 ||
	    gk_modifier_field(v, "TILE", &tile) || (tile != GK_MOD_GFX6_1D_TILED_THIN1 && tile != GK_MOD_GFX6_2D_TILED_THIN1))
		return;
	char line[512];
	size_t n = 0;
	for (unsigned bpp = 8; bpp <= 128; bpp *= 2) {
		struct gk_tile_surface s;
		struct gk_diags dg;
		gk_diags_reset(&dg);
		if (gk_modifier_surface(v, bpp, 1, 1, 1, &s, &dg) != 0)
			continue;
		int k = snprintf(line + n, sizeof line - n, "%s%u bpp %ux%u/%u B", n ? ", " : "", bpp,
				 tile == GK_MOD_GFX6_2D_TILED_THIN1 ? s.macro_tile_width : 8u,
				 tile == GK_MOD_GFX6_2D_TILED_THIN1 ? s.macro_tile_height : 8u, s.base_align);
		if (k < 0 || (size_t)k >= sizeof line - n)
			break;
		n += (size_t)k;
	}
	if (n)
		printf("    %s tile (elements)/base alignment: %s\n",
		       tile == GK_MOD_GFX6_2D_TILED_THIN1 ? "macro" : "micro", line);
}

static int run_decode(int argc, char **argv)
{
	int json = 0, n = 0, rc = 0;
	struct surface_opts so = { 0, 1, 1, 1 };
	bool sized = false;
	for (int i = 2; i < argc; i++) {
		int r = surface_option(argc, argv, &i, &so);
		if (r < 0)
			return 2;
		if (r > 0) {
			sized = sized || strcmp(argv[i - 1], "--bpp");
			continue;
		}
		if (!strcmp(argv[i], "--json"))
			json = 1;
		else if (argv[i][0] == '-' && argv[i][1] && !(argv[i][1] >= '0' && argv[i][1] <= '9'))
			return unknown_option("decode", argv[i]);
		else
			n++;
	}
	if (!n)
		return no_values();
	if (sized && !so.bpp) {
		fprintf(stderr, "gfxkit modifier decode: --width, --height and --slices describe a surface: give --bpp too\n");
		return 2;
	}
	char obuf[8192];
	struct gk_out o = GK_OUT_INIT(obuf, sizeof obuf, cli_write_file, stdout);
	for (int i = 2; i < argc; i++) {
		struct surface_opts skip;
		if (surface_option(argc, argv, &i, &skip) > 0 || !strcmp(argv[i], "--json"))
			continue;
		uint64_t v;
		if (value_arg(argv[i], &v, &o) != 0) {
			rc = rc ? rc : 1;
			continue;
		}
		struct gk_diags dg;
		gk_diags_reset(&dg);
		gk_modifier_check(v, &dg);
		if (dg.errors)
			rc = 1;
		/* --bpp: the surface the modifier lays out (GFX6-8 and LINEAR only) */
		struct gk_tile_surface surface;
		struct gk_diags sdg;
		gk_diags_reset(&sdg);
		int have_surface = 0;
		if (so.bpp && !dg.errors) {
			have_surface = gk_modifier_surface(v, so.bpp, so.width, so.height, so.slices, &surface, &sdg) == 0;
			if (!have_surface)
				rc = 1;
		}
		if (json) {
			gk_modifier_json_surface(v, have_surface ? &surface : NULL, &o);
			if (so.bpp && !have_surface && !dg.errors) {
				gk_out_flush(&o);
				print_diags(stderr, argv[i], &sdg);
			}
			continue;
		}
		char name[GK_MOD_NAME_MAX], exact[GK_MOD_NAME_MAX], desc[1024];
		gk_modifier_name(v, name, sizeof name);
		gk_modifier_name_exact(v, exact, sizeof exact);
		gk_modifier_describe(v, desc, sizeof desc);
		const char *vn = gk_modifier_vendor_name(v);
		gk_out_flush(&o);
		printf("0x%016llx %s %s\n", (unsigned long long)v, vn ? vn : "?", name);
		if (strcmp(name, exact))
			printf("    exact: %s\n", exact);
		const char *note;
		if (gk_modifier_name_source(v, &note) == GK_MOD_NAME_GFXKIT)
			printf("    name: %s\n", note);
		printf("    fields: %s\n", desc);
		for (unsigned k = 0; k < dg.n; k++)
			printf("    %s: %.*s\n", dg.d[k].severity == GK_ERROR ? "error" : "warning",
			       (int)gk_diag_message_len(&dg.d[k]), dg.d[k].message);
		if (dg.dropped)
			printf("    (%u more diagnostics)\n", dg.dropped);
		if (!dg.errors && !so.bpp)
			print_tiles(v);
		if (so.bpp && !dg.errors) {
			if (have_surface) {
				char info[4096];
				gk_tile_info_text(&surface, info, sizeof info);
				printf("    surface, %u bpp %ux%u x %u slices:\n", so.bpp, so.width, so.height, so.slices);
				for (char *line = strtok(info, "\n"); line; line = strtok(NULL, "\n"))
					printf("        %s\n", line);
			} else {
				for (unsigned k = 0; k < sdg.n; k++)
					printf("    surface: %s: %s%s%.*s\n", sdg.d[k].severity == GK_ERROR ? "error" : "warning",
					       sdg.d[k].field ? sdg.d[k].field : "", sdg.d[k].field ? ": " : "",
					       (int)gk_diag_message_len(&sdg.d[k]), sdg.d[k].message);
			}
		}
	}
	gk_out_flush(&o);
	int w = cli_stdout_finish(0);
	return w ? w : rc;
}

static int run_encode(int argc, char **argv)
{
	int force = 0, n = 0, rc = 0;
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--force"))
			force = 1;
		else if (argv[i][0] == '-' && argv[i][1])
			return unknown_option("encode", argv[i]);
		else
			n++;
	if (!n)
		return no_values();
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--force"))
			continue;
		uint64_t v;
		if (value_arg(argv[i], &v, NULL) != 0) {
			rc = 1;
			continue;
		}
		struct gk_diags dg;
		gk_diags_reset(&dg);
		gk_modifier_check(v, &dg);
		print_diags(stderr, argv[i], &dg);
		if (dg.errors && !force) {
			fprintf(stderr, "%s: refused (%u error%s; --force prints it anyway)\n", CLI_Q(argv[i]), dg.errors,
				dg.errors == 1 ? "" : "s");
			rc = 1;
			continue;
		}
		printf("0x%016llx\n", (unsigned long long)v);
	}
	int w = cli_stdout_finish(0);
	return w ? w : rc;
}

/* an option value by name from a small table of spellings (raw = index) */
static int pick(const char *s, const char *const *names, unsigned n, uint8_t *raw)
{
	for (unsigned i = 0; i < n; i++)
		if (names[i] && !strcmp(s, names[i])) {
			*raw = (uint8_t)i;
			return 0;
		}
	return -1;
}

struct list_ctx {
	int json;
	struct gk_out *o;
	uint64_t count;
	unsigned char seen[32 * 8 * 256 / 8]; /* macro sets seen: pipe_config, tile_split, 8 low bits */
	uint64_t distinct;
};

static int list_one(void *p, uint64_t v)
{
	struct list_ctx *c = p;
	c->count++;
	uint64_t tile = 0, pc, ts, bw, bh, ma, nb;
	gk_modifier_field(v, "TILE", &tile);
	if (tile == GK_MOD_GFX6_2D_TILED_THIN1 && !gk_modifier_field(v, "PIPE_CONFIG", &pc) &&
	    !gk_modifier_field(v, "TILE_SPLIT", &ts) && !gk_modifier_field(v, "BANK_WIDTH", &bw) &&
	    !gk_modifier_field(v, "BANK_HEIGHT", &bh) && !gk_modifier_field(v, "MACRO_TILE_ASPECT", &ma) &&
	    !gk_modifier_field(v, "NUM_BANKS", &nb)) {
		unsigned k = (unsigned)(((pc * 8 + ts) << 8) | bw << 6 | bh << 4 | ma << 2 | nb);
		if (!(c->seen[k >> 3] >> (k & 7) & 1)) {
			c->seen[k >> 3] |= (unsigned char)(1u << (k & 7));
			c->distinct++;
		}
	}
	if (c->json) {
		gk_modifier_json(v, c->o);
	} else {
		char name[GK_MOD_NAME_MAX];
		gk_modifier_name(v, name, sizeof name);
		char line[GK_MOD_NAME_MAX + 32];
		int n = snprintf(line, sizeof line, "0x%016llx %s\n", (unsigned long long)v, name);
		gk_out_mem(c->o, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
	}
	return c->o->failed;
}

static int run_list(int argc, char **argv)
{
	static const char *const counts[] = { "1", "2", "4", "8" };
	static const char *const banks[] = { "2", "4", "8", "16" };
	static const char *const aspects[] = { "1:1", "4:1", "16:1", "64:1" };
	unsigned gfx = 0, bpp = 0, all = 0, json = 0;
	unsigned samples = 1, sample_split = 1, row_size = 2048, tile_split_bytes = 0;
	struct gk_mod_macro base = { 0, 0, 0, 0, 0, 3 };
	uint8_t pcs[32];
	unsigned npc = 0;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--all")) {
			all = 1;
			continue;
		}
		if (!strcmp(a, "--json")) {
			json = 1;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			modifier_usage(stdout);
			return 0;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "gfxkit modifier list: %s needs a value\n", CLI_Q(a));
			return 2;
		}
		const char *val = argv[++i];
		unsigned long long x = 0;
		int bad = 0;
		if (!strcmp(a, "--gfx"))
			bad = num_arg(val, &x) || x < 6 || x > 8, gfx = (unsigned)x;
		else if (!strcmp(a, "--bpp"))
			bad = num_arg(val, &x) || (x != 8 && x != 16 && x != 32 && x != 64 && x != 128), bpp = (unsigned)x;
		else if (!strcmp(a, "--samples"))
			bad = num_arg(val, &x) || !x || x > 16, samples = (unsigned)x;
		else if (!strcmp(a, "--sample-split"))
			bad = num_arg(val, &x) || x > 3, sample_split = (unsigned)x;
		else if (!strcmp(a, "--row-size"))
			bad = num_arg(val, &x) || x > (1u << 20), row_size = (unsigned)x;
		else if (!strcmp(a, "--tile-split"))
			bad = num_arg(val, &x) || x < 64 || x > 4096 || (x & (x - 1)), tile_split_bytes = (unsigned)x;
		else if (!strcmp(a, "--pipe-config")) {
			/* the value names of the modifier field itself */
			char nm[96];
			uint64_t probe, raw = 0;
			struct gk_diags dg;
			gk_diags_reset(&dg);
			snprintf(nm, sizeof nm, "GFX6,GFX6_2D_TILED_THIN1,PIPE_CONFIG=%s", val);
			bad = npc == 32 || strchr(val, ',') || gk_modifier_parse(nm, strlen(nm), &probe, &dg) != 0 ||
			      gk_modifier_field(probe, "PIPE_CONFIG", &raw) != 0;
			if (!bad)
				pcs[npc++] = (uint8_t)raw;
		} else if (!strcmp(a, "--num-banks"))
			bad = pick(val, banks, 4, &base.num_banks);
		else if (!strcmp(a, "--bank-width"))
			bad = pick(val, counts, 4, &base.bank_width);
		else if (!strcmp(a, "--bank-height"))
			bad = pick(val, counts, 4, &base.bank_height);
		else if (!strcmp(a, "--macro-tile-aspect"))
			bad = pick(val, aspects, 4, &base.macro_tile_aspect);
		else {
			fprintf(stderr, "gfxkit modifier list: unknown option %s\n", CLI_Q(a));
			return 2;
		}
		if (bad) {
			fprintf(stderr, "gfxkit modifier list: bad value for %s: %s\n", CLI_Q(a), CLI_Q(val));
			return 2;
		}
	}
	if (!gfx) {
		fprintf(stderr, "gfxkit modifier list: --gfx 6|7|8 is required\n");
		return 2;
	}
	char obuf[1 << 15];
	struct gk_out o = GK_OUT_INIT(obuf, sizeof obuf, cli_write_file, stdout);
	struct list_ctx *c = calloc(1, sizeof *c);
	if (!c) {
		fprintf(stderr, "gfxkit: out of memory\n");
		return 2;
	}
	c->json = (int)json;
	c->o = &o;
	if (all) {
		gk_modifier_enumerate(gfx, list_one, c);
		gk_out_flush(&o);
		fprintf(stderr, "gfxkit modifier list --gfx %u --all: %llu modifiers, %llu distinct macro-tile parameter sets\n",
			gfx, (unsigned long long)c->count, (unsigned long long)c->distinct);
	} else {
		if (!bpp || !npc) {
			fprintf(stderr, "gfxkit modifier list: --bpp and --pipe-config are required (or --all)\n");
			free(c);
			return 2;
		}
		if (!tile_split_bytes) {
			struct gk_tile_split ts;
			if (gk_modifier_tile_split(bpp, 1, samples, sample_split, row_size, &ts) != 0 || ts.field < 0) {
				fprintf(stderr, "gfxkit modifier list: no tile split for these --samples/--row-size\n");
				free(c);
				return 2;
			}
			base.tile_split = (uint8_t)ts.field;
		} else {
			while ((64u << base.tile_split) < tile_split_bytes)
				base.tile_split++;
		}
		struct gk_mod_macro ms[32];
		for (unsigned k = 0; k < npc; k++) {
			ms[k] = base;
			ms[k].pipe_config = pcs[k];
		}
		uint64_t vals[3 * 32 + 3];
		size_t n = gk_modifier_list(gfx, ms, npc, vals, sizeof vals / sizeof vals[0]);
		if (!n) {
			fprintf(stderr, "gfxkit modifier list: a --pipe-config is not in seed 004's list\n");
			free(c);
			return 2;
		}
		for (size_t k = 0; k < n && k < sizeof vals / sizeof vals[0]; k++)
			list_one(c, vals[k]);
		gk_out_flush(&o);
	}
	int failed = o.failed;
	free(c);
	int w = cli_stdout_finish(0);
	return failed ? 2 : w;
}

static int run_tile_split(int argc, char **argv)
{
	unsigned long long bpp = 0, thickness = 1, samples = 1, sample_split = 0, row_size = 2048;
	for (int i = 2; i < argc; i += 2) { /* OPTION NUMBER pairs */
		unsigned long long *slot = NULL;
		if (!strcmp(argv[i], "--bpp"))
			slot = &bpp;
		else if (!strcmp(argv[i], "--thickness"))
			slot = &thickness;
		else if (!strcmp(argv[i], "--samples"))
			slot = &samples;
		else if (!strcmp(argv[i], "--sample-split"))
			slot = &sample_split;
		else if (!strcmp(argv[i], "--row-size"))
			slot = &row_size;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			modifier_usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "gfxkit modifier tile-split: unknown option %s\n", CLI_Q(argv[i]));
			return 2;
		}
		if (i + 1 >= argc || num_arg(argv[i + 1], slot) != 0 || *slot > 0xffffffffull) {
			fprintf(stderr, "gfxkit modifier tile-split: %s needs a number\n", CLI_Q(argv[i]));
			return 2;
		}
	}
	struct gk_tile_split ts;
	if (!bpp || gk_modifier_tile_split((unsigned)bpp, (unsigned)thickness, (unsigned)samples,
					   (unsigned)sample_split, (unsigned)row_size, &ts) != 0) {
		fprintf(stderr, "gfxkit modifier tile-split: need --bpp 1-128, --thickness 1|4|8, --samples 1-16, "
				"--sample-split 0-3, --row-size a power of two >= 256\n");
		return 2;
	}
	printf("tile_bytes_1x=%u tile_split_bytes=%u tile_bytes=%u", ts.tile_bytes_1x, ts.tile_split_bytes,
	       ts.tile_bytes);
	if (ts.field >= 0)
		printf(" TILE_SPLIT=%d\n", ts.field);
	else
		printf(" TILE_SPLIT=none (not 64-4096 bytes)\n");
	return cli_stdout_finish(0);
}

int cmd_modifier(int argc, char **argv)
{
	if (argc < 3 || !strcmp(argv[2], "-h") || !strcmp(argv[2], "--help")) {
		modifier_usage(argc < 3 ? stderr : stdout);
		return argc < 3 ? 2 : 0;
	}
	const char *sub = argv[2];
	/* the subcommand's own arguments start at argv[2] */
	argc--;
	argv++;
	if (!strcmp(sub, "decode"))
		return run_decode(argc, argv);
	if (!strcmp(sub, "encode"))
		return run_encode(argc, argv);
	if (!strcmp(sub, "list"))
		return run_list(argc, argv);
	if (!strcmp(sub, "tile-split"))
		return run_tile_split(argc, argv);
	fprintf(stderr, "gfxkit modifier: unknown subcommand '%s'\n", CLI_Q(sub));
	modifier_usage(stderr);
	return 2;
}
