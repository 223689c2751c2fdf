/* Mesa's reference logs (../shared/reference/captures/mesa-freedreno-traces,
 * NAME.log.gz: what Mesa's cffdump and crashdec print for the captures of
 * ../shared/reference/adreno/captures, see its README.md) as an oracle.
 *
 * In a log each packet is printed as its decode (an "opcode: NAME (op)"
 * line, or "write NAME (offset)" for a register write) and then its address
 * and raw dwords ("ADDR:<tabs>0000: w0 w1 ...", continued as 0020:, 0040:
 * lines), the decode and the dwords at the same indentation (the packets of
 * an indirect buffer come between an IB packet's decode and its dwords, one
 * tab deeper).  A block of dwords is taken as a packet when gfxkit frames
 * its first word as a packet of exactly the block's length (the dumps of
 * constants and shaders are blocks too; they seldom frame so).  Counted:
 * the packets whose opcode Mesa named, and how many of them gfxkit names
 * the same; the register writes Mesa named (not "write 0x9990", a register
 * Mesa's database lacks) and how many gfxkit's tables name the same.  The
 * minimums asserted are what this slice reaches, so a regression fails.
 * Every packet framed also round-trips: its text encodes to its dwords.
 *
 * Read through `gzip -dc` (POSIX popen).  When ../shared (absent from a
 * fresh clone) or gzip is missing the test says SKIPPED. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "adreno/adreno_testutil.h"

#define LOGS "../shared/reference/captures/mesa-freedreno-traces"
#define MAXLVL 16
#define MAXW 4096

struct pend {
	int op;               /* opcode Mesa printed (-1: none) */
	char op_name[96];
	int reg;              /* register offset of a "write" line (-1: none) */
	char reg_name[96];
};

struct tally {
	unsigned ops, ops_named, ops_mesa_unnamed, roundtrip, regs, regs_named, regs_mesa_unnamed, packets;
	unsigned shown_misses;
};

static void finish(const struct gk_format *fmt, const uint32_t *w, size_t n, int lvl, struct pend *p,
		   struct tally *t, const char *log)
{
	if (!n || lvl < 0 || lvl >= MAXLVL)
		return;
	struct gk_frame fr;
	fmt->frame(fmt, w, n, &fr);
	struct pend *pd = &p[lvl];
	if (fr.desc && fr.desc != &fmt->descs[GK_ADRENO_ROW_BAD] && fr.ndw == n) {
		t->packets++;
		/* decode -> encode gives the packet's dwords back */
		static char text[1 << 18];
		static struct tu_asm a;
		tu_decode(fmt, w, n, false, text, sizeof text);
		if (tu_assemble(fmt, text, &a) == 0 && a.n == n && !memcmp(a.w, w, n * 4))
			t->roundtrip++;
		else if (t->shown_misses++ < 12)
			printf("# %s: %s does not encode back: %s\n", log, tu_words_str(w, n), text);
		if (pd->op >= 0 && fr.opcode == pd->op && !strcmp(pd->op_name, "(null)")) {
			t->ops_mesa_unnamed++;
		} else if (pd->op >= 0 && fr.opcode == pd->op) {
			t->ops++;
			if (!strcmp(fr.desc->name, pd->op_name))
				t->ops_named++;
			else if (t->shown_misses++ < 12)
				printf("# %s: opcode 0x%02x: Mesa %s, gfxkit %s\n", log, (unsigned)pd->op, pd->op_name,
				       fr.desc->name);
		}
		if (pd->reg >= 0 && fr.desc == &fmt->descs[GK_ADRENO_ROW_REGS]) {
			uint32_t off = fr.type == 4 ? (w[0] >> 8) & 0x7ffffu : w[0] & 0x7fffu;
			if ((uint32_t)pd->reg == off) {
				if (!strncmp(pd->reg_name, "0x", 2)) {
					t->regs_mesa_unnamed++;
				} else {
					t->regs++;
					const struct gk_reg *r = gk_reg_by_offset(fmt->regs, off * 4u);
					if (r && !strcmp(r->name, pd->reg_name))
						t->regs_named++;
					else if (t->shown_misses++ < 12)
						printf("# %s: register 0x%04x: Mesa %s, gfxkit %s\n", log, (unsigned)off,
						       pd->reg_name, r ? r->name : "(none)");
				}
			}
		}
	}
	pd->op = -1;
	pd->reg = -1;
}

static int tabs(const char *s)
{
	int n = 0;
	while (s[n] == '\t')
		n++;
	return n;
}

/* 0 when the log could not be read */
static int scan(const char *name, const char *gpu, struct tally *t)
{
	char path[256], cmd[320];
	snprintf(path, sizeof path, "%s/%s.log.gz", LOGS, name);
	FILE *probe = fopen(path, "rb");
	if (!probe)
		return 0;
	fclose(probe);
	snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
	FILE *f = popen(cmd, "r");
	if (!f)
		return 0;
	const struct gk_format *fmt = tu_fmt(gpu);
	static struct pend p[MAXLVL];
	for (int i = 0; i < MAXLVL; i++)
		p[i].op = p[i].reg = -1;
	static uint32_t w[MAXW];
	size_t n = 0;
	int lvl = -1;
	bool over = false;
	static char line[1 << 16];
	unsigned lines = 0;
	while (fgets(line, sizeof line, f)) {
		lines++;
		/* a dword line: hex address, ':', tabs, 4 hex digits, ':' */
		char *c = line;
		while ((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f'))
			c++;
		if (c > line && *c == ':' && c[1] == '\t') {
			char *q = c + 1;
			int l = tabs(q);
			q += l;
			unsigned rel;
			int used = 0;
			if (sscanf(q, "%4x:%n", &rel, &used) == 1 && used == 5) {
				if (rel == 0) {
					if (!over)
						finish(fmt, w, n, lvl, p, t, name);
					n = 0;
					over = false;
					lvl = l;
				} else if (l != lvl || rel != 4u * n) {
					over = true; /* not the block's continuation */
				}
				q += used;
				for (;;) {
					char *e;
					unsigned long v = strtoul(q, &e, 16);
					if (e == q || (*e && *e != ' ' && *e != '\n'))
						break;
					if (n < MAXW)
						w[n++] = (uint32_t)v;
					else
						over = true;
					q = e;
				}
				continue;
			}
		}
		/* a decode line: its indentation says whose */
		int l = tabs(line);
		char *s = line + l;
		if (l >= MAXLVL)
			continue;
		char nm[96];
		unsigned v;
		if (sscanf(s, "opcode: %63s (%x)", nm, &v) == 2) {
			if (!over)
				finish(fmt, w, n, lvl, p, t, name);
			n = 0;
			p[l].op = (int)v;
			snprintf(p[l].op_name, sizeof p[l].op_name, "%s", nm);
		} else if (sscanf(s, "write %95s (%x)", nm, &v) == 2) {
			if (!over)
				finish(fmt, w, n, lvl, p, t, name);
			n = 0;
			p[l].reg = (int)v;
			snprintf(p[l].reg_name, sizeof p[l].reg_name, "%s", nm);
		}
	}
	if (!over)
		finish(fmt, w, n, lvl, p, t, name);
	int rc = pclose(f);
	CHECK(rc == 0 && lines > 100, "%s: gzip -dc status %d, %u lines", name, rc, lines);
	return 1;
}

int main(void)
{
	static const struct {
		const char *log, *gpu;
		unsigned min_ops, min_regs; /* reached by this slice: a regression fails */
	} logs[] = {
		{ "fd-clouds", "a630", 194, 375 },
		{ "dEQP-VK.draw.indirect_draw.indexed.indirect_draw_count.triangle_list", "a640", 42, 200 },
		{ "compute-a540", "a540", 52, 81 },
		{ "glxgears-a420", "a420", 57, 567 },
		{ "es2gears-a320", "a320", 595, 1918 },
		{ "dEQP-GLES2.functional.texture.specification.basic_teximage2d.rgba16f_2d", "a2xx", 1442, 219 },
		{ "crash", "a630", 17, 0 },
		{ "crash_prefetch", "a618", 695, 0 },
	};
	FILE *g = popen("gzip --version >/dev/null 2>&1", "r");
	int have_gzip = g && pclose(g) == 0;
	struct tally all = { 0 };
	for (size_t i = 0; i < sizeof logs / sizeof logs[0]; i++) {
		struct tally t = { 0 };
		if (!have_gzip || !scan(logs[i].log, logs[i].gpu, &t)) {
			TL_SKIP("%s/%s.log.gz (Mesa's reference log) or gzip absent: not compared", LOGS, logs[i].log);
			continue;
		}
		printf("# %s (%s): %u packets framed; opcodes named as Mesa: %u of %u (%.2f%%); registers: %u of %u "
		       "(%.2f%%); Mesa leaves %u opcodes and %u registers unnamed\n",
		       logs[i].log, logs[i].gpu, t.packets, t.ops_named, t.ops, t.ops ? 100.0 * t.ops_named / t.ops : 0.0,
		       t.regs_named, t.regs, t.regs ? 100.0 * t.regs_named / t.regs : 0.0, t.ops_mesa_unnamed,
		       t.regs_mesa_unnamed);
		CHECK(t.roundtrip == t.packets, "%s: %u of %u packets encode back to their dwords", logs[i].log, t.roundtrip,
		      t.packets);
		CHECK(t.ops_named >= logs[i].min_ops && t.regs_named >= logs[i].min_regs,
		      "%s: %u opcodes, %u registers named as Mesa: fewer than the %u and %u reached", logs[i].log,
		      t.ops_named, t.regs_named, logs[i].min_ops, logs[i].min_regs);
		all.ops += t.ops;
		all.ops_named += t.ops_named;
		all.regs += t.regs;
		all.regs_named += t.regs_named;
	}
	/* every opcode and register Mesa names, named the same (this slice: 3094
	 * and 3360 of them, 100%) */
	CHECK(all.ops_named == all.ops && all.regs_named == all.regs, "named as Mesa: %u of %u opcodes, %u of %u registers",
	      all.ops_named, all.ops, all.regs_named, all.regs);
	if (all.ops || all.regs)
		printf("# all logs: opcodes named as Mesa %u of %u (%.2f%%), registers %u of %u (%.2f%%)\n", all.ops_named,
		       all.ops, all.ops ? 100.0 * all.ops_named / all.ops : 0.0, all.regs_named, all.regs,
		       all.regs ? 100.0 * all.regs_named / all.regs : 0.0);
	return tl_done();
}
