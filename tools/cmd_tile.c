/* gfxkit tile: GFX6-8 tiled surfaces (include/gfxkit/tiling.h) from the
 * command line: info, addr, pack, unpack, map.  GFX9-GFX12 surfaces (a GFX9+
 * --chip, --swizzle or a GFX9+ --modifier) go to cmd_tile_swz.c. */
#define _POSIX_C_SOURCE 200809L /* fstat: regular files are size-checked before reading */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gfxkit/modifier.h"
#include "gfxkit/tiling.h"
#include "commands.h"

#define P "gfxkit tile"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit tile info   SURFACE [--json]\n"
		"       gfxkit tile addr   SURFACE [--json] (X Y [SLICE] | --coords FILE|-)\n"
		"       gfxkit tile pack   SURFACE --in LINEAR.raw --out TILED.raw   (linear -> tiled, like an L2T copy)\n"
		"       gfxkit tile unpack SURFACE --in TILED.raw --out LINEAR.raw   (tiled -> linear)\n"
		"       gfxkit tile map    SURFACE --out FILE.png [--by pipe|bank|microtile|order] [--slice Z] [--no-legend]\n"
		"SURFACE: --mode linear|1d|2d [--micro display|thin] --bpp 8|16|32|64|128 --width W --height H\n"
		"         [--slices S]   (micro defaults to thin, slices to 1)\n"
		"   2d:   --pipe-config P2|P4_8x16|...|P16_32x32_16x16 (or the hardware number) --tile-split BYTES\n"
		"         --bank-width N --bank-height N --macro-aspect N --num-banks N\n"
		"         [--pipe-swizzle N] [--bank-swizzle N] [--row-size BYTES (default 4096)]\n"
		"   or:   --chip CHIP --tile-index N (the chip's GB_TILE_MODE entry; give --bpp; options after it\n"
		"         override single parameters)   CHIP: %s\n"
		"   or:   --modifier VALUE|NAME (a GFX6-8 DRM format modifier, e.g. 0x... or\n"
		"         GFX6,GFX6_2D_TILED_THIN1,MICROTILE=THIN,...; LINEAR; give --bpp and the size)\n"
		"Numbers are decimal or 0x hex.  Linear images are width x height x slices elements, rows packed.\n"
		"pack/unpack stream one band (a macro-tile row) at a time; with tile-split pieces (tile split below\n"
		"64 x bpp / 8 bytes) the tiled side must be a regular file (it is read or written out of order).\n"
		"map draws one pixel per element of the padded slice (padding dimmed) and below it a legend of the\n"
		"colours (--no-legend: the map alone); the PNG's tEXt chunk \"Description\" holds the legend as text\n"
		"(each colour as #rrggbb).\n"
		"Exit status: 0 ok, 1 invalid surface or input, 2 usage or I/O error.\n",
		gk_tile_chip_help());
}

/* decimal or 0x hex, all of it, at most max */
static bool parse_num(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t x;
	if (!s || gk_parse_uint(s, strlen(s), &x) != 0 || x > max)
		return false;
	*v = x;
	return true;
}

struct opts {
	const char *sub;
	struct gk_tile_params p;
	bool json, no_legend;
	const char *in, *out, *coords, *by;
	uint64_t slice;
	const char *pos[3];
	unsigned npos;
};

/* a numeric option into an unsigned / uint32_t */
#define NUMOPT(name, dst, max)                                                                                  \
	if (!strcmp(a, name)) {                                                                                 \
		uint64_t v_;                                                                                    \
		if (!val || !parse_num(val, (max), &v_)) {                                                      \
			fprintf(stderr, P ": %s needs a number up to %llu, not '%s'\n", name,                          \
				(unsigned long long)(max), CLI_Q(val));                                          \
			return -1;                                                                              \
		}                                                                                               \
		dst = v_;                                                                                         \
		i++;                                                                                            \
		continue;                                                                                       \
	}

/* --modifier VALUE|NAME: mode, micro tiling and macro parameters from a
 * GFX6-8 DRM format modifier (seed 004), read field by field through the
 * modifier module; LINEAR is the linear-aligned layout.  Returns 0, -1 for
 * text that is no modifier (usage), 1 for a modifier that cannot describe
 * a GFX6-8 surface. */
static int params_from_modifier(struct gk_tile_params *p, const char *text)
{
	uint64_t v;
	struct gk_diags md;
	memset(&md, 0, sizeof md);
	if (gk_modifier_parse(text, strlen(text), &v, &md) != 0) {
		fprintf(stderr, P ": --modifier '%s': column %u: %.*s\n", CLI_Q(text), md.n ? md.d[0].col : 0,
			md.n ? (int)gk_diag_message_len(&md.d[0]) : 14, md.n ? md.d[0].message : "not a modifier");
		return -1;
	}
	char name[GK_MOD_NAME_MAX];
	gk_modifier_name(v, name, sizeof name);
	memset(&md, 0, sizeof md);
	int r = gk_modifier_tile_params(v, p, &md);
	for (unsigned i = 0; i < md.n; i++)
		fprintf(stderr, P ": --modifier %s: %s: %s%s%.*s\n", name, md.d[i].severity == GK_ERROR ? "error" : "warning",
			md.d[i].field ? md.d[i].field : "", md.d[i].field ? ": " : "", (int)gk_diag_message_len(&md.d[i]),
			md.d[i].message);
	struct gk_modifier f;
	gk_modifier_split(v, &f);
	if (r && f.vendor == GK_MOD_VENDOR_AMD && f.tile_version >= 1 && f.tile_version <= 5)
		fprintf(stderr, P ": --modifier %s is a GFX9-GFX12 layout: give --chip CHIP as well (gfxkit tile --help)\n",
			name);
	return r ? 1 : 0;
}

static int parse(int argc, char **argv, struct opts *o)
{
	memset(o, 0, sizeof *o);
	gk_tile_params_init(&o->p);
	const char *chip = NULL, *modifier = NULL;
	uint64_t tile_index = 0;
	bool have_index = false;
	/* --chip and --tile-index (or --modifier) first, so that other options override the entry */
	for (int i = 3; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "--chip"))
			chip = argv[i + 1];
		else if (!strcmp(argv[i], "--modifier"))
			modifier = argv[i + 1];
		else if (!strcmp(argv[i], "--tile-index")) {
			if (!parse_num(argv[i + 1], 31, &tile_index)) {
				fprintf(stderr, P ": --tile-index needs 0 to 31, not '%s'\n", CLI_Q(argv[i + 1]));
				return -1;
			}
			have_index = true;
		} else if (!strcmp(argv[i], "--bpp")) {
			uint64_t b;
			if (parse_num(argv[i + 1], 1024, &b))
				o->p.bpp = (unsigned)b;
		}
	}
	if (!!chip != have_index) {
		fprintf(stderr, P ": --chip and --tile-index go together\n");
		return -1;
	}
	if (chip && modifier) {
		fprintf(stderr, P ": --modifier and --chip both set the tiling; give one\n");
		return -1;
	}
	if (chip) {
		struct gk_diag err;
		if (gk_tile_params_from_chip(&o->p, chip, (unsigned)tile_index, &err)) {
			fprintf(stderr, P ": %.*s\n", (int)gk_diag_message_len(&err), err.message);
			return 1;
		}
	}
	if (modifier) {
		int r = params_from_modifier(&o->p, modifier);
		if (r)
			return r;
	}
	o->sub = argc > 2 ? argv[2] : NULL;
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 2;
		if (!strcmp(a, "--json")) {
			o->json = true;
			continue;
		}
		if (!strcmp(a, "--no-legend")) {
			o->no_legend = true;
			continue;
		}
		if (!strcmp(a, "--chip") || !strcmp(a, "--tile-index") || !strcmp(a, "--modifier")) {
			i++;
			continue;
		}
		if (!strcmp(a, "--mode") || !strcmp(a, "--micro") || !strcmp(a, "--pipe-config") || !strcmp(a, "--in") ||
		    !strcmp(a, "--out") || !strcmp(a, "--coords") || !strcmp(a, "--by")) {
			if (!val) {
				fprintf(stderr, P ": %s needs a value\n", CLI_Q(a));
				return -1;
			}
			i++;
			if (!strcmp(a, "--mode")) {
				o->p.mode = !strcmp(val, "linear") ? GK_TILE_LINEAR : !strcmp(val, "1d") ? GK_TILE_1D
									 : !strcmp(val, "2d") ? GK_TILE_2D : 0;
				if (!o->p.mode) {
					fprintf(stderr, P ": --mode is linear, 1d or 2d, not '%s'\n", CLI_Q(val));
					return -1;
				}
			} else if (!strcmp(a, "--micro")) {
				if (!strcmp(val, "display"))
					o->p.micro = GK_MICRO_DISPLAY;
				else if (!strcmp(val, "thin"))
					o->p.micro = GK_MICRO_THIN;
				else {
					fprintf(stderr, P ": --micro is display or thin, not '%s'\n", CLI_Q(val));
					return -1;
				}
			} else if (!strcmp(a, "--pipe-config")) {
				o->p.pipe_config = gk_tile_pipe_config_parse(val);
				if (o->p.pipe_config < 0) {
					fprintf(stderr, P ": unknown pipe config '%s' (P2, P4_8x16, P4_16x16, P4_16x32, "
							"P4_32x32, P8_16x16_8x16, P8_16x32_8x16, P8_32x32_8x16, P8_16x32_16x16, "
							"P8_32x32_16x16, P8_32x32_16x32, P8_32x64_32x32, P16_32x32_8x16, "
							"P16_32x32_16x16 or their numbers)\n",
						CLI_Q(val));
					return 1;
				}
			} else if (!strcmp(a, "--in")) {
				o->in = val;
			} else if (!strcmp(a, "--out")) {
				o->out = val;
			} else if (!strcmp(a, "--coords")) {
				o->coords = val;
			} else {
				o->by = val;
			}
			continue;
		}
		NUMOPT("--bpp", o->p.bpp, 1024)
		NUMOPT("--width", o->p.width, UINT32_MAX)
		NUMOPT("--height", o->p.height, UINT32_MAX)
		NUMOPT("--slices", o->p.slices, UINT32_MAX)
		NUMOPT("--tile-split", o->p.tile_split, UINT32_MAX)
		NUMOPT("--bank-width", o->p.bank_width, UINT32_MAX)
		NUMOPT("--bank-height", o->p.bank_height, UINT32_MAX)
		NUMOPT("--macro-aspect", o->p.macro_aspect, UINT32_MAX)
		NUMOPT("--num-banks", o->p.num_banks, UINT32_MAX)
		NUMOPT("--pipe-swizzle", o->p.pipe_swizzle, UINT32_MAX)
		NUMOPT("--bank-swizzle", o->p.bank_swizzle, UINT32_MAX)
		NUMOPT("--row-size", o->p.row_size, UINT32_MAX)
		NUMOPT("--slice", o->slice, UINT32_MAX)
		if (a[0] == '-' && a[1]) {
			fprintf(stderr, P ": unknown option '%s'\n", CLI_Q(a));
			return -1;
		}
		if (o->npos >= 3) {
			fprintf(stderr, P ": too many arguments at '%s'\n", CLI_Q(a));
			return -1;
		}
		o->pos[o->npos++] = a;
	}
	return 0;
}

static void print_diags(const struct gk_tile_surface *s)
{
	for (unsigned i = 0; i < s->ndiags; i++)
		fprintf(stderr, P ": %s: %s: %.*s\n", s->diags[i].severity == GK_ERROR ? "error" : "warning",
			s->diags[i].field ? s->diags[i].field : "-", (int)gk_diag_message_len(&s->diags[i]),
			s->diags[i].message);
	if (s->errors > s->ndiags)
		fprintf(stderr, P ": ... %u more errors\n", s->errors - s->ndiags);
}

static int cmd_info(const struct opts *o, const struct gk_tile_surface *s, int ok)
{
	char buf[4096];
	if (o->npos) {
		fprintf(stderr, P " info: unexpected argument '%s'\n", CLI_Q(o->pos[0]));
		return 2;
	}
	if (o->json) {
		gk_tile_info_json(s, buf, sizeof buf);
		fputs(buf, stdout);
	} else {
		print_diags(s);
		if (ok)
			fputs(gk_tile_info_text(s, buf, sizeof buf) < sizeof buf ? buf : "", stdout);
	}
	return ok ? 0 : 1;
}

static int one_addr(const struct opts *o, const struct gk_tile_surface *s, uint64_t x, uint64_t y, uint64_t z,
		    const char *where)
{
	struct gk_tile_loc loc;
	if (x > UINT32_MAX || y > UINT32_MAX || z > UINT32_MAX ||
	    gk_tile_locate(s, (uint32_t)x, (uint32_t)y, (uint32_t)z, &loc)) {
		fprintf(stderr, P " addr: %s(%llu, %llu, %llu) is outside the padded surface %u x %u x %u\n", where,
			(unsigned long long)x, (unsigned long long)y, (unsigned long long)z, s->pitch, s->padded_height,
			s->padded_slices);
		return 1;
	}
	if (o->json)
		printf("{\"x\": %llu, \"y\": %llu, \"slice\": %llu, \"byte_addr\": %llu}\n", (unsigned long long)x,
		       (unsigned long long)y, (unsigned long long)z, (unsigned long long)loc.byte_addr);
	else if (s->p.mode == GK_TILE_2D)
		printf("%llu %llu %llu %llu pipe=%u bank=%u\n", (unsigned long long)x, (unsigned long long)y,
		       (unsigned long long)z, (unsigned long long)loc.byte_addr, loc.pipe, loc.bank);
	else
		printf("%llu %llu %llu %llu\n", (unsigned long long)x, (unsigned long long)y, (unsigned long long)z,
		       (unsigned long long)loc.byte_addr);
	return 0;
}

static int cmd_addr(const struct opts *o, const struct gk_tile_surface *s)
{
	uint64_t c[3] = { 0, 0, 0 };
	if (!o->coords) {
		if (o->npos < 2) {
			fprintf(stderr, P " addr: give X Y [SLICE] or --coords FILE\n");
			return 2;
		}
		for (unsigned i = 0; i < o->npos; i++)
			if (!parse_num(o->pos[i], UINT64_MAX, &c[i])) {
				fprintf(stderr, P " addr: '%s' is not a coordinate\n", CLI_Q(o->pos[i]));
				return 2;
			}
		return one_addr(o, s, c[0], c[1], c[2], "");
	}
	if (o->npos) {
		fprintf(stderr, P " addr: coordinates come from --coords or the command line, not both\n");
		return 2;
	}
	FILE *f = strcmp(o->coords, "-") ? fopen(o->coords, "r") : stdin;
	if (!f) {
		fprintf(stderr, P " addr: %s: %s\n", CLI_Q(o->coords), strerror(errno));
		return 2;
	}
	char line[256];
	unsigned long lineno = 0;
	int rc = 0;
	for (;;) {
		/* one line; a NUL byte or an overlong line is an error, not a silent cut */
		const char *why = NULL;
		bool eof;
		int got = cli_coords_line(f, line, sizeof line, &why, &eof);
		if (got == 0)
			break;
		lineno++;
		if (got < 0) {
			fprintf(stderr, P " addr: %s:%lu: %s\n", CLI_Q(o->coords), lineno, why);
			rc = 1;
			if (eof)
				break;
			continue;
		}
		char *tok[4];
		unsigned n = 0;
		for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
			if (n < 4)
				tok[n] = t;
			n++;
		}
		if (n == 0 || tok[0][0] == '#')
			continue;
		bool ok = n >= 2 && n <= 3;
		c[2] = 0;
		for (unsigned i = 0; ok && i < n; i++)
			ok = parse_num(tok[i], UINT64_MAX, &c[i]);
		if (!ok) {
			fprintf(stderr, P " addr: %s:%lu: want X Y [SLICE]\n", CLI_Q(o->coords), lineno);
			rc = 1;
			continue;
		}
		char where[CLI_QUOTE_CAP + 32];
		snprintf(where, sizeof where, "%s:%lu: ", CLI_Q(o->coords), lineno);
		rc |= one_addr(o, s, c[0], c[1], c[2], where);
		if (eof)
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, P " addr: %s: read error\n", CLI_Q(o->coords));
		rc = 2;
	}
	if (f != stdin)
		fclose(f);
	return rc;
}

/* ---- pack / unpack ------------------------------------------------------------- */

/* the size of a regular file; -1 for pipes and terminals (read as streams);
 * -2 for anything else (directories, ...) */
static long long file_size(FILE *f)
{
	struct stat st;
	if (fstat(fileno(f), &st))
		return -1;
	if (S_ISREG(st.st_mode))
		return (long long)st.st_size;
	return S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode) ? -1 : -2;
}

static bool seek_to(FILE *f, uint64_t off, uint64_t *pos)
{
	if (*pos == off)
		return true;
	if (off > (uint64_t)LONG_MAX || fseek(f, (long)off, SEEK_SET))
		return false;
	*pos = off;
	return true;
}

static int cmd_xfer(const struct opts *o, const struct gk_tile_surface *s, bool pack)
{
	const char *sub = pack ? "pack" : "unpack";
	if (!o->in || !o->out || o->npos) {
		fprintf(stderr, P " %s: give --in FILE and --out FILE (and no other arguments)\n", sub);
		return 2;
	}
	size_t lin_bytes = gk_tile_linear_bytes(s);
	if (!lin_bytes) {
		fprintf(stderr, P " %s: the image does not fit this machine's address space\n", sub);
		return 1;
	}
	uint64_t want_in = pack ? lin_bytes : s->surface_bytes;
	FILE *in = strcmp(o->in, "-") ? fopen(o->in, "rb") : stdin;
	if (!in) {
		fprintf(stderr, P " %s: %s: %s\n", sub, CLI_Q(o->in), strerror(errno));
		return 2;
	}
	long long have = file_size(in);
	if (have == -2) {
		fprintf(stderr, P " %s: %s is not a file\n", sub, CLI_Q(o->in));
		if (in != stdin)
			fclose(in);
		return 2;
	}
	if (have >= 0 && (uint64_t)have != want_in) {
		fprintf(stderr, P " %s: %s is %lld bytes; want %llu (%s)\n", sub, CLI_Q(o->in), have, (unsigned long long)want_in,
			pack ? "width x height x slices x bpp/8" : "the tiled surface_bytes");
		if (in != stdin)
			fclose(in);
		return 1;
	}
	uint64_t band_bytes = gk_tile_band_bytes(s);
	size_t stride = (size_t)s->p.width * s->elem_bytes;
	size_t lin_band = (size_t)(s->p.mode == GK_TILE_2D ? s->macro_tile_height : 8) * stride;
	uint8_t *tb = band_bytes <= SIZE_MAX ? malloc((size_t)band_bytes) : NULL, *lb = malloc(lin_band);
	struct cli_out of = { 0 };
	int rc = 0;
	if (!tb || !lb) {
		fprintf(stderr, P " %s: out of memory for one band\n", sub);
		rc = 2;
		goto done;
	}
	if (cli_out_open(&of, o->out)) {
		rc = 2;
		goto done;
	}
	FILE *out = of.f;
	uint64_t ipos = 0, opos = 0;
	uint32_t nb = gk_tile_band_count(s);
	for (uint32_t z = 0; z < s->padded_slices && !rc; z++)
		for (uint32_t b = 0; b < nb && !rc; b++) {
			struct gk_tile_band band;
			gk_tile_band(s, z, b, &band);
			uint32_t rows = band.y0 >= s->p.height ? 0
				       : band.rows < s->p.height - band.y0 ? band.rows : s->p.height - band.y0;
			size_t lbytes = rows * stride;
			if (pack) {
				size_t got = fread(lb, 1, lbytes, in);
				if (got != lbytes) {
					fprintf(stderr, P " pack: %s ends after %llu bytes; want %llu\n", CLI_Q(o->in),
						(unsigned long long)(ipos + got), (unsigned long long)want_in);
					rc = ferror(in) ? 2 : 1;
					break;
				}
				ipos += got;
				gk_tile_pack_band(s, &band, lb, stride, tb);
				for (unsigned k = 0; k < band.nranges && !rc; k++) {
					if (!seek_to(out, band.range_off[k], &opos)) {
						fprintf(stderr, P " pack: cannot seek in %s: with %u tile-split pieces the "
								"output must be a regular file\n", o->out, band.nranges);
						rc = 2;
					} else if (cli_out_write(&of, tb + k * band.range_len, (size_t)band.range_len)) {
						rc = 2; /* said by cli_out_close */
					}
					opos += band.range_len;
				}
			} else {
				for (unsigned k = 0; k < band.nranges && !rc; k++) {
					if (!seek_to(in, band.range_off[k], &ipos)) {
						fprintf(stderr, P " unpack: cannot seek in %s: with %u tile-split pieces the "
								"input must be a regular file\n", CLI_Q(o->in), band.nranges);
						rc = 2;
						break;
					}
					size_t got = fread(tb + k * band.range_len, 1, (size_t)band.range_len, in);
					ipos += got;
					if (got != band.range_len) {
						fprintf(stderr, P " unpack: %s ends early; want %llu bytes\n", CLI_Q(o->in),
							(unsigned long long)want_in);
						rc = ferror(in) ? 2 : 1;
					}
				}
				if (rc)
					break;
				gk_tile_unpack_band(s, &band, tb, lb, stride);
				if (cli_out_write(&of, lb, lbytes))
					rc = 2; /* said by cli_out_close */
			}
		}
	if (!rc && have < 0 && fgetc(in) != EOF) {
		fprintf(stderr, P " %s: %s is longer than the %llu bytes wanted\n", sub, CLI_Q(o->in),
			(unsigned long long)want_in);
		rc = 1;
	}
done:
	/* a cut image is not kept */
	if (cli_out_close(&of, !rc))
		rc = 2;
	if (in != stdin)
		fclose(in);
	free(tb);
	free(lb);
	return rc;
}

/* ---- map ---------------------------------------------------------------------------- */

#define MAP_MAX_PIXELS (64u << 20)

static int cmd_map(const struct opts *o, const struct gk_tile_surface *s)
{
	enum gk_tile_map_by by = GK_MAP_PIPE;
	if (!o->out || o->npos) {
		fprintf(stderr, P " map: give --out FILE.png (and no other arguments)\n");
		return 2;
	}
	if (o->by) {
		static const char *const names[] = { "pipe", "bank", "microtile", "order" };
		unsigned i = 0;
		while (i < 4 && strcmp(o->by, names[i]))
			i++;
		if (i == 4) {
			fprintf(stderr, P " map: --by is pipe, bank, microtile or order, not '%s'\n", CLI_Q(o->by));
			return 2;
		}
		by = (enum gk_tile_map_by)i;
	} else if (s->p.mode != GK_TILE_2D) {
		by = GK_MAP_MICROTILE; /* pipes and banks are 2D notions */
	}
	if (o->slice >= s->padded_slices) {
		fprintf(stderr, P " map: slice %llu: the surface has %u\n", (unsigned long long)o->slice,
			s->padded_slices);
		return 1;
	}
	if ((uint64_t)s->pitch * s->padded_height > MAP_MAX_PIXELS) {
		fprintf(stderr, P " map: %u x %u elements is more than the %u pixels a map may have\n", s->pitch,
			s->padded_height, MAP_MAX_PIXELS);
		return 1;
	}
	/* the picture: the map, and the legend below it unless --no-legend */
	uint32_t z = (uint32_t)o->slice, width = s->pitch, height = s->padded_height;
	if (!o->no_legend)
		gk_tile_picture_size(s, by, z, &width, &height);
	size_t nlegend = gk_tile_map_legend(s, by, z, NULL, 0);
	uint8_t *row = malloc((size_t)width * 3);
	char *legend = malloc(nlegend + 1);
	struct gk_png *png = malloc(sizeof *png); /* the compressor's window and tables */
	struct cli_out f = { 0 };
	int rc = 0;
	if (!row || !png || !legend) {
		fprintf(stderr, P " map: out of memory\n");
		rc = 2;
	} else if (cli_out_open(&f, o->out)) {
		rc = 2;
	} else {
		gk_tile_map_legend(s, by, z, legend, nlegend + 1);
		int r = gk_png_begin(png, width, height, cli_out_write, &f);
		if (!r)
			r = gk_png_text(png, "Description", legend);
		for (uint32_t y = 0; !r && y < height; y++) {
			if (o->no_legend)
				gk_tile_map_row(s, by, y, z, row);
			else
				gk_tile_picture_row(s, by, z, y, row);
			r = gk_png_row(png, row);
		}
		if (r || gk_png_end(png)) {
			if (!f.failed) /* a failed write: said by cli_out_close */
				fprintf(stderr, P " map: %s: %s\n", CLI_Q(o->out), png->error ? png->error : "PNG writer error");
			rc = 2;
		}
	}
	if (cli_out_close(&f, !rc))
		rc = 2;
	free(png);
	free(legend);
	free(row);
	return rc;
}

int cmd_tile(int argc, char **argv)
{
	struct opts o;
	if (argc < 3 || !strcmp(argv[2], "-h") || !strcmp(argv[2], "--help") || !strcmp(argv[2], "help")) {
		usage(argc < 3 ? stderr : stdout);
		cmd_tile_swz_usage(argc < 3 ? stderr : stdout);
		return argc < 3 ? 2 : 0;
	}
	if (cmd_tile_is_swz(argc, argv))
		return cmd_tile_swz(argc, argv);
	int r = parse(argc, argv, &o);
	if (r == 2) {
		usage(stdout);
		return 0;
	}
	if (r) {
		if (r < 0)
			fprintf(stderr, P ": see gfxkit tile --help\n");
		return r < 0 ? 2 : 1;
	}
	static const char *const subs[] = { "info", "addr", "pack", "unpack", "map" };
	unsigned sub = 0;
	while (sub < 5 && strcmp(o.sub, subs[sub]))
		sub++;
	if (sub == 5) {
		fprintf(stderr, P ": unknown subcommand '%s' (info, addr, pack, unpack, map)\n", CLI_Q(o.sub));
		return 2;
	}
	struct gk_tile_surface s;
	int ok = gk_tile_surface_init(&s, &o.p) == 0;
	if (sub == 0)
		return cmd_info(&o, &s, ok);
	print_diags(&s);
	if (!ok)
		return 1;
	switch (sub) {
	case 1: return cmd_addr(&o, &s);
	case 2: return cmd_xfer(&o, &s, true);
	case 3: return cmd_xfer(&o, &s, false);
	default: return cmd_map(&o, &s);
	}
}
