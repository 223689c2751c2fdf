/* gfxkit tile for GFX9-GFX12 surfaces (include/gfxkit/swizzle.h): info,
 * addr, pack, unpack, map of a surface named by chip and swizzle mode, or by
 * a GFX9+ DRM format modifier and a chip.  cmd_tile.c hands a command line
 * here when it names such a chip, a --swizzle or a GFX9+ modifier. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/modifier.h"
#include "gfxkit/swizzle.h"
#include "gfxkit/tiling.h"
#include "commands.h"

#define P "gfxkit tile"

void cmd_tile_swz_usage(FILE *f)
{
	unsigned i;
	fprintf(f, "GFX9-GFX12 surfaces (swizzle modes):\n"
		   "       gfxkit tile info   SURFACE [--json]\n"
		   "       gfxkit tile addr   SURFACE [--json] (X Y [SLICE [SAMPLE [MIP]]] | --coords FILE|-)\n"
		   "       gfxkit tile pack   SURFACE --in LINEAR.raw --out TILED.raw\n"
		   "       gfxkit tile unpack SURFACE --in TILED.raw --out LINEAR.raw\n"
		   "       gfxkit tile map    SURFACE --out FILE.png [--by pipe|bank|order] [--slice Z] [--no-legend]\n"
		   "SURFACE: --chip CHIP (--swizzle MODE | --modifier VALUE|NAME) --bpp 8|16|32|64|128\n"
		   "         --width W --height H [--depth D (3D) | --slices S] [--mips M] [--samples 1|2|4|8]\n"
		   "         [--usage color|depth] [--pipe-xor N]\n"
		   "MODE: addrlib's name (64KB_R_X, SW_64KB_R_X, 64K_R_X, 256KB_R_X on GFX11, 64KB_2D on GFX12) or id.\n"
		   "The linear image of pack/unpack: mip 0 first; per level every slice (3D: the level's depth); per\n"
		   "slice the level's rows; per element its samples.  pack writes every byte of the tiled surface.\n"
		   "CHIP:");
	for (i = 0; gk_swz_chip_at(i); i++)
		fprintf(f, "%s%s (%s)", i % 4 ? ", " : "\n  ", gk_swz_chip_at(i)->name,
			gk_swz_gen_name(gk_swz_chip_at(i)->gen));
	fprintf(f, "\nExit status: 0 ok, 1 invalid surface or input, 2 usage or I/O error.\n");
}

static bool num(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t x;
	if (!s || gk_parse_uint(s, strlen(s), &x) != 0 || x > max)
		return false;
	*v = x;
	return true;
}

struct sopts {
	const char *sub, *chip, *swizzle, *modifier, *usage;
	const char *in, *out, *coords, *by;
	uint64_t bpp, width, height, depth, slices, mips, samples, pipe_xor, slice;
	bool have_depth, have_slices, json, no_legend;
	const char *pos[5];
	unsigned npos;
};

static int parse(int argc, char **argv, struct sopts *o)
{
	int i;
	memset(o, 0, sizeof *o);
	o->sub = argv[2];
	o->mips = o->samples = 1;
	for (i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		static const struct {
			const char *name;
			size_t off;
		} strs[] = {
			{"--chip", offsetof(struct sopts, chip)},       {"--swizzle", offsetof(struct sopts, swizzle)},
			{"--modifier", offsetof(struct sopts, modifier)}, {"--usage", offsetof(struct sopts, usage)},
			{"--in", offsetof(struct sopts, in)},           {"--out", offsetof(struct sopts, out)},
			{"--coords", offsetof(struct sopts, coords)},   {"--by", offsetof(struct sopts, by)},
		};
		static const struct {
			const char *name;
			size_t off;
			uint64_t max;
		} nums[] = {
			{"--bpp", offsetof(struct sopts, bpp), 1024},
			{"--width", offsetof(struct sopts, width), UINT32_MAX},
			{"--height", offsetof(struct sopts, height), UINT32_MAX},
			{"--depth", offsetof(struct sopts, depth), UINT32_MAX},
			{"--slices", offsetof(struct sopts, slices), UINT32_MAX},
			{"--mips", offsetof(struct sopts, mips), 64},
			{"--samples", offsetof(struct sopts, samples), 64},
			{"--pipe-xor", offsetof(struct sopts, pipe_xor), UINT32_MAX},
			{"--slice", offsetof(struct sopts, slice), UINT32_MAX},
		};
		size_t k;
		bool done = false;
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 2;
		if (!strcmp(a, "--json") || !strcmp(a, "--no-legend")) {
			*(a[2] == 'j' ? &o->json : &o->no_legend) = true;
			continue;
		}
		for (k = 0; k < sizeof strs / sizeof strs[0] && !done; k++)
			if (!strcmp(a, strs[k].name)) {
				if (!v) {
					fprintf(stderr, P ": %s needs a value\n", a);
					return -1;
				}
				*(const char **)((char *)o + strs[k].off) = v;
				i++;
				done = true;
			}
		for (k = 0; k < sizeof nums / sizeof nums[0] && !done; k++)
			if (!strcmp(a, nums[k].name)) {
				if (!num(v, nums[k].max, (uint64_t *)((char *)o + nums[k].off))) {
					fprintf(stderr, P ": %s needs a number up to %llu, not '%s'\n", a,
						(unsigned long long)nums[k].max, CLI_Q(v));
					return -1;
				}
				o->have_depth |= !strcmp(a, "--depth");
				o->have_slices |= !strcmp(a, "--slices");
				i++;
				done = true;
			}
		if (done)
			continue;
		if (a[0] == '-' && a[1]) {
			fprintf(stderr, P ": unknown option '%s' for a GFX9-GFX12 surface\n", CLI_Q(a));
			return -1;
		}
		if (o->npos >= 5) {
			fprintf(stderr, P ": too many arguments at '%s'\n", CLI_Q(a));
			return -1;
		}
		o->pos[o->npos++] = a;
	}
	return 0;
}

/* the modifier's swizzle mode, checked against the chip; 0, 1 (refused) or -1 (usage) */
static int from_modifier(const struct sopts *o, const struct gk_swz_chip *chip, struct gk_swz_params *p)
{
	static const unsigned gen_of_version[6] = {0, GK_SWZ_GFX9, GK_SWZ_GFX10, GK_SWZ_GFX10_3, GK_SWZ_GFX11,
						   GK_SWZ_GFX12};
	uint64_t v;
	struct gk_diags md;
	struct gk_modifier m;
	char name[GK_MOD_NAME_MAX];
	unsigned pipes_log2 = chip->gb_addr_config & 7u, pkrs_log2 = (chip->gb_addr_config >> 8) & 7u;
	memset(&md, 0, sizeof md);
	if (gk_modifier_parse(o->modifier, strlen(o->modifier), &v, &md)) {
		fprintf(stderr, P ": --modifier '%s': not a modifier: %.*s\n", CLI_Q(o->modifier),
			md.n ? (int)gk_diag_message_len(&md.d[0]) : 0, md.n ? md.d[0].message : "");
		return -1;
	}
	gk_modifier_name(v, name, sizeof name);
	if (v == GK_MOD_LINEAR) {
		p->mode = 0;
		return 0;
	}
	gk_modifier_split(v, &m);
	if (m.vendor != GK_MOD_VENDOR_AMD || m.tile_version < 1 || m.tile_version > 5) {
		fprintf(stderr, P ": --modifier %s is not an AMD GFX9-GFX12 modifier\n", name);
		return 1;
	}
	if (gen_of_version[m.tile_version] != chip->gen) {
		fprintf(stderr, P ": --modifier %s is a %s layout; %s is %s\n", name, gk_swz_gen_name(gen_of_version[m.tile_version]),
			chip->name, gk_swz_gen_name(chip->gen));
		return 1;
	}
	memset(&md, 0, sizeof md);
	if (gk_modifier_check(v, &md)) {
		fprintf(stderr, P ": --modifier %s: %.*s\n", name, (int)gk_diag_message_len(&md.d[0]), md.d[0].message);
		return 1;
	}
	/* PIPE_XOR_BITS and PACKERS say the configuration the layout was made
	 * for: Mesa (ac_surface.c, ac_get_supported_modifiers) writes
	 * GB_ADDR_CONFIG.NUM_PIPES and, with RB+ and on GFX11, NUM_PKRS */
	if (chip->gen >= GK_SWZ_GFX10 && chip->gen <= GK_SWZ_GFX11 && m.pipe_xor_bits != pipes_log2) {
		fprintf(stderr, P ": --modifier %s: PIPE_XOR_BITS=%u, but %s has %u pipes (%u bits): another layout\n", name,
			m.pipe_xor_bits, chip->name, 1u << pipes_log2, pipes_log2);
		return 1;
	}
	if ((chip->gen == GK_SWZ_GFX10_3 || chip->gen == GK_SWZ_GFX11) && m.packers != pkrs_log2) {
		fprintf(stderr, P ": --modifier %s: PACKERS=%u, but %s has %u packers (%u): another layout\n", name, m.packers,
			chip->name, 1u << pkrs_log2, pkrs_log2);
		return 1;
	}
	/* GFX9 _X/_T layouts: the kernel (amdgpu_dm_plane.c,
	 * amdgpu_dm_plane_add_gfx9_modifiers) writes PIPE_XOR_BITS = min(8,
	 * log2 pipes + log2 shader engines) and BANK_XOR_BITS = min(8 - that,
	 * log2 banks) of GB_ADDR_CONFIG */
	if (chip->gen == GK_SWZ_GFX9 && m.tile >= 16) {
		unsigned se = (chip->gb_addr_config >> 19) & 3u, nb = (chip->gb_addr_config >> 12) & 7u;
		unsigned px = pipes_log2 + se < 8 ? pipes_log2 + se : 8, bx = nb < 8 - px ? nb : 8 - px;
		if (m.pipe_xor_bits != px || m.bank_xor_bits != bx) {
			fprintf(stderr,
				P ": --modifier %s: PIPE_XOR_BITS=%u BANK_XOR_BITS=%u, but %s has %u and %u: another layout\n",
				name, m.pipe_xor_bits, m.bank_xor_bits, chip->name, px, bx);
			return 1;
		}
	}
	p->mode = m.tile;
	if (m.dcc)
		fprintf(stderr, P ": note: --modifier %s has DCC; gfxkit lays out the colour data only: the DCC "
				 "metadata (a plane of its own) is not placed\n",
			name);
	return 0;
}

static int surface(const struct sopts *o, struct gk_swz_surface *s)
{
	struct gk_swz_params p;
	struct gk_diag err;
	const struct gk_swz_chip *chip;
	int m;
	if (!o->chip) {
		fprintf(stderr, P ": a GFX9-GFX12 surface needs --chip CHIP\n");
		return -1;
	}
	chip = gk_swz_chip_find(o->chip);
	if (!chip) {
		fprintf(stderr, P ": --chip '%s' is no GFX9-GFX12 configuration (see gfxkit tile --help)\n", CLI_Q(o->chip));
		return -1;
	}
	if (!!o->swizzle == !!o->modifier) {
		fprintf(stderr, P ": give one of --swizzle MODE and --modifier VALUE|NAME\n");
		return -1;
	}
	if (o->have_depth && o->have_slices) {
		fprintf(stderr, P ": --depth (a 3D surface) and --slices (a 2D array) exclude each other\n");
		return -1;
	}
	if (!o->bpp || !o->width || !o->height) {
		fprintf(stderr, P ": give --bpp, --width and --height\n");
		return -1;
	}
	gk_swz_params_init(&p);
	p.chip = chip;
	if (o->swizzle) {
		m = gk_swz_mode_parse(chip->gen, o->swizzle);
		if (m < 0) {
			unsigned i, n = 0;
			fprintf(stderr, P ": --swizzle '%s' is no %s mode; %s has:", CLI_Q(o->swizzle), gk_swz_gen_name(chip->gen),
				chip->name);
			for (i = 0; i < 32; i++)
				if (gk_swz_mode_name(chip->gen, i))
					fprintf(stderr, "%s %s", n++ ? "," : "", gk_swz_mode_name(chip->gen, i));
			fprintf(stderr, "\n");
			return 1;
		}
		p.mode = (unsigned)m;
	} else {
		int r = from_modifier(o, chip, &p);
		if (r)
			return r;
	}
	if (o->usage && strcmp(o->usage, "color") && strcmp(o->usage, "depth")) {
		fprintf(stderr, P ": --usage is color or depth, not '%s'\n", CLI_Q(o->usage));
		return -1;
	}
	p.depth_usage = o->usage && !strcmp(o->usage, "depth");
	p.dims = o->have_depth ? 3 : 2;
	p.bpp = (unsigned)o->bpp;
	p.width = (uint32_t)o->width;
	p.height = (uint32_t)o->height;
	p.depth_or_slices = (uint32_t)(o->have_depth ? o->depth : o->have_slices ? o->slices : 1);
	p.mips = (unsigned)o->mips;
	p.samples = (unsigned)o->samples;
	p.pipe_bank_xor = (uint32_t)o->pipe_xor;
	if (gk_swz_surface_init(s, &p, &err)) {
		fprintf(stderr, P ": %s %s: refused: %s: %.*s\n", chip->name,
			gk_swz_mode_name(chip->gen, p.mode) ? gk_swz_mode_name(chip->gen, p.mode) : "?",
			err.field ? err.field : "-", (int)gk_diag_message_len(&err), err.message);
		return 1;
	}
	return 0;
}

/* ---- addr ---------------------------------------------------------------- */

static int one(const struct sopts *o, const struct gk_swz_surface *s, const uint64_t c[5], const char *where)
{
	struct gk_swz_coord k;
	uint64_t a;
	unsigned pipe = 0, bank = 0, i;
	for (i = 0; i < 5; i++)
		if (c[i] > UINT32_MAX)
			goto outside;
	k.x = (uint32_t)c[0];
	k.y = (uint32_t)c[1];
	k.slice = (uint32_t)c[2];
	k.sample = (uint32_t)c[3];
	k.mip = (uint32_t)c[4];
	if (gk_swz_addr(s, &k, &a))
		goto outside;
	gk_swz_pipe_bank(s, a, &pipe, &bank);
	if (o->json)
		printf("{\"x\": %u, \"y\": %u, \"slice\": %u, \"sample\": %u, \"mip\": %u, \"byte_addr\": %llu, "
		       "\"pipe\": %u, \"bank\": %u}\n",
		       k.x, k.y, k.slice, k.sample, k.mip, (unsigned long long)a, pipe, bank);
	else
		printf("%u %u %u %u %u %llu pipe=%u bank=%u\n", k.x, k.y, k.slice, k.sample, k.mip, (unsigned long long)a,
		       pipe, bank);
	return 0;
outside:
	if (c[4] < s->p.mips && c[4] < GK_SWZ_MAX_MIPS)
		fprintf(stderr,
			P " addr: %s(%llu, %llu, slice %llu, sample %llu, mip %llu) has no address: mip %llu is %u x %u "
			  "(padded), %u %s, %u sample%s%s\n",
			where, (unsigned long long)c[0], (unsigned long long)c[1], (unsigned long long)c[2],
			(unsigned long long)c[3], (unsigned long long)c[4], (unsigned long long)c[4], s->mip[c[4]].pitch,
			s->mip[c[4]].height, s->p.depth_or_slices, s->p.dims == 3 ? "deep" : "slices", s->p.samples,
			s->p.samples == 1 ? "" : "s",
			s->equation_index < 0 && s->p.samples == 1 && s->p.mode ? "; addrlib has no address for this surface" : "");
	else
		fprintf(stderr, P " addr: %smip %llu: the surface has %u\n", where, (unsigned long long)c[4], s->p.mips);
	return 1;
}

static int cmd_addr(const struct sopts *o, const struct gk_swz_surface *s)
{
	uint64_t c[5] = {0, 0, 0, 0, 0};
	char line[256];
	unsigned long lineno = 0;
	unsigned i;
	int rc = 0;
	FILE *f;
	if (!o->coords) {
		if (o->npos < 2) {
			fprintf(stderr, P " addr: give X Y [SLICE [SAMPLE [MIP]]] or --coords FILE\n");
			return 2;
		}
		for (i = 0; i < o->npos; i++)
			if (!num(o->pos[i], UINT64_MAX, &c[i])) {
				fprintf(stderr, P " addr: '%s' is not a coordinate\n", CLI_Q(o->pos[i]));
				return 2;
			}
		return one(o, s, c, "");
	}
	if (o->npos) {
		fprintf(stderr, P " addr: coordinates come from --coords or the command line, not both\n");
		return 2;
	}
	f = strcmp(o->coords, "-") ? fopen(o->coords, "r") : stdin;
	if (!f) {
		fprintf(stderr, P " addr: %s: %s\n", CLI_Q(o->coords), strerror(errno));
		return 2;
	}
	for (;;) {
		const char *why = NULL;
		bool eof, ok;
		char *tok[6], *t, where[CLI_QUOTE_CAP + 32];
		unsigned n = 0;
		int got = cli_coords_line(f, line, sizeof line, &why, &eof);
		if (got == 0)
			break;
		lineno++;
		if (got < 0) {
			fprintf(stderr, P " addr: %s:%lu: %s\n", CLI_Q(o->coords), lineno, why);
			rc |= 1;
			if (eof)
				break;
			continue;
		}
		for (t = strtok(line, " \t\r"); t; t = strtok(NULL, " \t\r")) {
			if (n < 6)
				tok[n] = t;
			n++;
		}
		if (n == 0 || tok[0][0] == '#') {
			if (eof)
				break;
			continue;
		}
		ok = n >= 2 && n <= 5;
		memset(c, 0, sizeof c);
		for (i = 0; ok && i < n; i++)
			ok = num(tok[i], UINT64_MAX, &c[i]);
		if (!ok) {
			fprintf(stderr, P " addr: %s:%lu: want X Y [SLICE [SAMPLE [MIP]]]\n", CLI_Q(o->coords), lineno);
			rc |= 1;
		} else {
			snprintf(where, sizeof where, "%s:%lu: ", CLI_Q(o->coords), lineno);
			rc |= one(o, s, c, where);
		}
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

/* ---- pack / unpack --------------------------------------------------------- */

#define XFER_MAX (1ull << 32) /* bytes of either side held in memory */

static int read_all(const char *path, uint8_t *buf, size_t want, const char *what)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t got;
	int extra, rc = 0;
	if (!f) {
		fprintf(stderr, P ": %s: %s\n", CLI_Q(path), strerror(errno));
		return 2;
	}
	got = fread(buf, 1, want, f);
	extra = got == want ? fgetc(f) : EOF;
	if (ferror(f)) {
		fprintf(stderr, P ": %s: read error\n", CLI_Q(path));
		rc = 2;
	} else if (got != want || extra != EOF) {
		fprintf(stderr, P ": %s is %s %zu bytes; want exactly %zu (%s)\n", CLI_Q(path),
			got != want ? "only" : "more than", got, want, what);
		rc = 1;
	}
	if (f != stdin)
		fclose(f);
	return rc;
}

static int cmd_xfer(const struct sopts *o, const struct gk_swz_surface *s, bool pack)
{
	size_t lb = gk_swz_linear_bytes(s), tb = (size_t)s->surf_size;
	uint8_t *lin, *tiled;
	struct cli_out of = {0};
	int rc;
	if (!o->in || !o->out || o->npos) {
		fprintf(stderr, P " %s: give --in FILE and --out FILE (and no other arguments)\n", pack ? "pack" : "unpack");
		return 2;
	}
	if (!lb || s->surf_size > XFER_MAX || lb > XFER_MAX) {
		fprintf(stderr, P " %s: the surface (%llu bytes) is larger than the %llu bytes pack/unpack hold\n",
			pack ? "pack" : "unpack", (unsigned long long)s->surf_size, (unsigned long long)XFER_MAX);
		return 1;
	}
	lin = malloc(lb);
	tiled = malloc(tb);
	if (!lin || !tiled) {
		fprintf(stderr, P ": out of memory\n");
		free(lin);
		free(tiled);
		return 2;
	}
	rc = pack ? read_all(o->in, lin, lb, "the linear image: every mip, slice, row, element and sample")
		  : read_all(o->in, tiled, tb, "the tiled surface_bytes");
	if (!rc && (pack ? gk_swz_pack(s, lin, tiled) : gk_swz_unpack(s, tiled, lin))) {
		fprintf(stderr, P ": addrlib has no addresses for this surface\n");
		rc = 1;
	}
	if (!rc && cli_out_open(&of, o->out))
		rc = 2;
	else if (!rc && cli_out_write(&of, pack ? tiled : lin, pack ? tb : lb))
		rc = 2;
	if (of.f && cli_out_close(&of, !rc))
		rc = 2;
	free(lin);
	free(tiled);
	return rc;
}

/* ---- map -------------------------------------------------------------------- */

#define MAP_MAX_PIXELS (64u << 20)

static int cmd_map(const struct sopts *o, const struct gk_swz_surface *s)
{
	enum gk_tile_map_by by = GK_MAP_PIPE;
	uint32_t z = (uint32_t)o->slice, width, height, y;
	size_t nlegend;
	uint8_t *row = NULL;
	char *legend = NULL;
	struct gk_png *png = NULL;
	struct cli_out f = {0};
	int rc = 0, r;
	if (!o->out || o->npos) {
		fprintf(stderr, P " map: give --out FILE.png (and no other arguments)\n");
		return 2;
	}
	if (o->by) {
		if (!strcmp(o->by, "pipe"))
			by = GK_MAP_PIPE;
		else if (!strcmp(o->by, "bank"))
			by = GK_MAP_BANK;
		else if (!strcmp(o->by, "order"))
			by = GK_MAP_ORDER;
		else {
			fprintf(stderr, P " map: --by is pipe, bank or order, not '%s'\n", CLI_Q(o->by));
			return 2;
		}
	} else if (s->p.mode == 0) {
		by = GK_MAP_ORDER;
	}
	if (o->slice >= s->p.depth_or_slices) {
		fprintf(stderr, P " map: slice %llu: the surface has %u\n", (unsigned long long)o->slice, s->p.depth_or_slices);
		return 1;
	}
	if ((uint64_t)s->mip[0].pitch * s->mip[0].height > MAP_MAX_PIXELS) {
		fprintf(stderr, P " map: %u x %u elements is more than the %u pixels a map may have\n", s->mip[0].pitch,
			s->mip[0].height, MAP_MAX_PIXELS);
		return 1;
	}
	if (gk_swz_picture_size(s, by, z, &width, &height)) {
		fprintf(stderr, P " map: addrlib has no addresses for this surface\n");
		return 1;
	}
	if (o->no_legend) {
		width = s->mip[0].pitch;
		height = s->mip[0].height;
	}
	nlegend = gk_swz_map_legend(s, by, z, NULL, 0);
	row = malloc((size_t)width * 3);
	legend = malloc(nlegend + 1);
	png = malloc(sizeof *png);
	if (!row || !legend || !png) {
		fprintf(stderr, P " map: out of memory\n");
		rc = 2;
	} else if (cli_out_open(&f, o->out)) {
		rc = 2;
	} else {
		gk_swz_map_legend(s, by, z, legend, nlegend + 1);
		r = gk_png_begin(png, width, height, cli_out_write, &f);
		if (!r)
			r = gk_png_text(png, "Description", legend);
		for (y = 0; !r && y < height; y++) {
			if (o->no_legend)
				gk_swz_map_row(s, by, y, z, row);
			else
				gk_swz_picture_row(s, by, z, y, row);
			r = gk_png_row(png, row);
		}
		if (r || gk_png_end(png)) {
			if (!f.failed)
				fprintf(stderr, P " map: %s: %s\n", CLI_Q(o->out), png->error ? png->error : "PNG writer error");
			rc = 2;
		}
	}
	if (f.f && cli_out_close(&f, !rc))
		rc = 2;
	free(png);
	free(legend);
	free(row);
	return rc;
}

int cmd_tile_swz(int argc, char **argv)
{
	struct sopts o;
	struct gk_swz_surface s;
	static const char *const subs[] = {"info", "addr", "pack", "unpack", "map"};
	unsigned sub = 0;
	char buf[16384];
	int r = parse(argc, argv, &o);
	if (r == 2) {
		cmd_tile_swz_usage(stdout);
		return 0;
	}
	if (r)
		return 2;
	while (sub < 5 && strcmp(o.sub, subs[sub]))
		sub++;
	if (sub == 5) {
		fprintf(stderr, P ": unknown subcommand '%s' (info, addr, pack, unpack, map)\n", CLI_Q(o.sub));
		return 2;
	}
	r = surface(&o, &s);
	if (r)
		return r < 0 ? 2 : 1;
	switch (sub) {
	case 0:
		if (o.npos) {
			fprintf(stderr, P " info: unexpected argument '%s'\n", CLI_Q(o.pos[0]));
			return 2;
		}
		if (o.json)
			gk_swz_info_json(&s, buf, sizeof buf);
		else
			gk_swz_info_text(&s, buf, sizeof buf);
		fputs(buf, stdout);
		return 0;
	case 1: return cmd_addr(&o, &s);
	case 2: return cmd_xfer(&o, &s, true);
	case 3: return cmd_xfer(&o, &s, false);
	default: return cmd_map(&o, &s);
	}
}

/* Does this command line name a GFX9-GFX12 surface?  A --swizzle or a
 * --chip of the GFX9+ table (a GFX9+ --modifier needs that chip; without
 * one the GFX6-8 path says the modifier is not GFX6-8, as it always did). */
int cmd_tile_is_swz(int argc, char **argv)
{
	int i;
	for (i = 3; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(argv[i], "--swizzle"))
			return 1;
		if (v && !strcmp(argv[i], "--chip") && gk_swz_chip_find(v))
			return 1;
	}
	return 0;
}
