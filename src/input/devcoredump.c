/* The amdgpu devcoredump reader (Linux drivers/gpu/drm/amd/amdgpu/
 * amdgpu_dev_coredump.c, amdgpu_devcoredump_format): a header of device,
 * firmware and register lines, then "Ring buffer information" and per ring
 * "ring name: %s", "Rptr: 0x%llx Wptr: 0x%llx RB mask: %x" (older kernels:
 * no RB mask), "Ring size in dwords: %d", then "Ring contents unavailable",
 * or "Ring contents", "Offset \t Value" and one "0x%x \t 0x%x" line (byte
 * offset, dword) per dword of the ring.  One ring's words are the stream
 * (include/gfxkit/input.h, gk_input_set_ring); the dump prints no GPU
 * address of its rings, so it gives no memory (gk_input_mem). */
#include <stdio.h>
#include <string.h>

#include "reader.h"
#include "scan.h"

#define RING_NAME GK_IN_RING_NAME /* ring names kept to 63 bytes (amdgpu's fit in 15) */
#define RING_LIST 480u            /* the ring names seen, for messages */

enum {
	CD_HEAD,     /* device, firmware and register lines: no words */
	CD_RINGS,    /* "Ring buffer information": between rings */
	CD_RING,     /* after "ring name:": its header */
	CD_TITLE,    /* after "Ring contents": "Offset \t Value" */
	CD_CONTENTS, /* its dwords */
};

/* A devcoredump's reading state: where in the dump, the ring being read,
 * which ring is the stream. */
struct coredump {
	struct gk_input *in;            /* the input of the call being served (notes go to it) */
	uint32_t line;                  /* the line being read */
	unsigned part;                  /* CD_* */
	char want[RING_NAME];           /* the ring asked for; "": none */
	char hung[RING_NAME];           /* the ring "Ring timed out details" names; "": none */
	char cur[RING_NAME];            /* the ring being read */
	uint32_t cur_line;              /* its "ring name:" line */
	bool cur_take;                  /* its words are the stream */
	bool have_ptrs, have_mask, have_size;
	uint64_t rptr, wptr, mask, size; /* its header: pointers as printed, size in dwords */
	uint64_t at;                    /* its contents: dwords read */
	bool target_seen;               /* the ring asked for (or the hung one) has been seen */
	char taken[RING_NAME];          /* the ring read; "": none yet */
	bool taken_done;                /* its contents ended */
	uint32_t second_line;           /* no ring named: the line of a second ring with contents; 0: none */
	char second[RING_NAME];
	unsigned nrings, nfull;         /* rings seen, and those with contents */
	char names[RING_LIST];          /* "gfx_0.0.0, sdma0 (contents unavailable), ..." */
	size_t names_len;
	bool names_cut;
};

/* the ring list for messages: ", " between names, "..." once it is full */
static void cd_list(struct coredump *c, const char *what)
{
	size_t len = strlen(what), room = sizeof c->names - 4 - c->names_len;
	if (c->names_cut)
		return;
	if (len > room) {
		memcpy(c->names + c->names_len, "...", 4);
		c->names_len += 3;
		c->names_cut = true;
		return;
	}
	memcpy(c->names + c->names_len, what, len + 1);
	c->names_len += len;
}

/* "ring name: NAME": a new ring (the name is the rest of the line) */
static void cd_ring_name(struct coredump *c, const char *s, size_t n, size_t i)
{
	if (c->part == CD_RING)
		cd_list(c, " (no contents)"); /* the ring before ended without any */
	size_t len = n - i;
	if (len >= sizeof c->cur)
		len = sizeof c->cur - 1;
	memcpy(c->cur, s + i, len);
	c->cur[len] = 0;
	c->cur_line = c->line;
	c->cur_take = c->have_ptrs = c->have_mask = c->have_size = false;
	c->part = CD_RING;
	const char *target = c->want[0] ? c->want : c->hung;
	if (!strcmp(c->cur, target))
		c->target_seen = true;
	if (c->nrings++)
		cd_list(c, ", ");
	cd_list(c, c->cur);
}

/* "Rptr: 0x%llx Wptr: 0x%llx RB mask: %x", the RB mask only on newer kernels */
static void cd_ptrs(struct coredump *c, const char *s, size_t n, struct gk_in_line *out)
{
	size_t k = 6; /* "Rptr: " */
	if (!gk_scan_hex(s, n, &k, true, 16, &c->rptr) || !gk_scan_starts(s, n, k, " Wptr: ")) {
		gk_in_line_error(out, k, "expected 'Rptr: 0xRPTR Wptr: 0xWPTR'");
		return;
	}
	k += 7;
	if (!gk_scan_hex(s, n, &k, true, 16, &c->wptr)) {
		gk_in_line_error(out, k, "expected 'Wptr: 0xWPTR'");
		return;
	}
	c->have_mask = false;
	if (k < n) {
		if (!gk_scan_starts(s, n, k, " RB mask: ")) {
			gk_in_line_error(out, k, "expected ' RB mask: MASK' or the end of the line");
			return;
		}
		k += 10;
		if (!gk_scan_hex(s, n, &k, gk_scan_starts(s, n, k, "0x"), 16, &c->mask) || k < n) {
			gk_in_line_error(out, k, "expected the RB mask in hex");
			return;
		}
		c->have_mask = true;
	}
	c->have_ptrs = true;
}

/* "Ring contents": the ring's words are the stream, or not (stream.h,
 * gk_input_set_ring: asked for by name, else the hung one, else the first) */
static void cd_contents(struct coredump *c, struct gk_in_line *out)
{
	if (!c->have_ptrs || !c->have_size) {
		gk_in_line_error(out, 0, "expected 'Rptr: ... Wptr: ...' and 'Ring size in dwords: N' before 'Ring contents'");
		return;
	}
	c->nfull++;
	c->part = CD_TITLE;
	c->at = 0;
	bool take = false;
	if (c->want[0] || c->hung[0])
		take = !c->taken[0] && !strcmp(c->cur, c->want[0] ? c->want : c->hung);
	else if (!c->taken[0])
		take = true;
	else if (!c->second_line) {
		c->second_line = c->cur_line;
		memcpy(c->second, c->cur, sizeof c->second);
	}
	c->cur_take = take;
	if (!take)
		return;
	memcpy(c->taken, c->cur, sizeof c->taken);
	if (c->want[0] && c->hung[0] && strcmp(c->want, c->hung))
		gk_in_note(c->in, false, c->cur_line, "reading ring %s, as asked; the one the kernel reported timed out is %s", c->cur,
			c->hung);
	if (!c->want[0])
		gk_in_note(c->in, false, c->cur_line,
			c->hung[0] ? "reading ring %s: the one the kernel reported timed out ('Ring timed out details'); "
				     "another can be asked for by name (--ring)"
				   : "reading ring %s, the first with contents: the dump names no timed-out ring, and a second "
				     "ring with contents would be refused (ask for one by name: --ring)",
			c->cur);
	/* rptr and wptr are dword indices; newer kernels print them unmasked
	 * (gfx9+ wptr counts on past the ring) with the RB mask beside them */
	uint64_t size = c->size;
	if (c->have_mask && (c->mask != size - 1 || (size & (size - 1))))
		gk_in_note(c->in, true, c->cur_line, "ring %s: RB mask 0x%llx is not its %llu dwords less one; the pointers are taken "
			"modulo the size", c->cur, (unsigned long long)c->mask, (unsigned long long)size);
	else if (!c->have_mask && (c->rptr >= size || c->wptr >= size))
		gk_in_note(c->in, true, c->cur_line, "ring %s: Rptr 0x%llx or Wptr 0x%llx lies beyond its %llu dwords (no RB mask "
			"printed): taken modulo the size", c->cur, (unsigned long long)c->rptr, (unsigned long long)c->wptr,
			(unsigned long long)size);
	out->header_mark = GK_MARK_RPTR | GK_MARK_WPTR;
	out->header_at[0] = c->rptr % size;
	out->header_at[1] = c->wptr % size;
	out->rptr_is_word = true; /* the ring's dword 0 is the input's first word */
}

/* "0x%x \t 0x%x": the byte offset, then the dword; false: not that form
 * (error set when strict) */
static bool cd_word(struct coredump *c, const char *s, size_t n, size_t i, bool strict, struct gk_in_line *out)
{
	size_t k = i;
	uint64_t off, v;
	if (!gk_scan_hex(s, n, &k, true, 16, &off) || k >= n || (s[k] != ' ' && s[k] != '\t')) {
		if (strict)
			gk_in_line_error(out, k, "expected a ring line '0xOFFSET \\t 0xVALUE'");
		return false;
	}
	gk_scan_spaces(s, n, &k);
	size_t v0 = k;
	if (!gk_scan_hex(s, n, &k, true, 8, &v)) {
		size_t e = v0 + 2;
		while (e < n && gk_scan_is_hex(s[e]))
			e++;
		if (strict)
			gk_in_line_error(out, v0, gk_scan_starts(s, n, v0, "0x") && e - v0 > 10 ? "the dword does not fit in 32 bits"
									       : "expected the dword as 0xVALUE after the offset");
		return false;
	}
	gk_scan_spaces(s, n, &k);
	if (k < n) {
		if (strict)
			gk_in_line_error(out, k, "unexpected text after the dword");
		return false;
	}
	if (!strict)
		return true;
	if (off != 4 * c->at) {
		gk_in_line_errorf(out, i, "offset 0x%llx, but the ring's dwords before end at 0x%llx: a gap or an overlap in the dump",
		       (unsigned long long)off, (unsigned long long)(4 * c->at));
		return false;
	}
	if (c->cur_take) {
		out->words[0] = (uint32_t)v;
		out->n = 1;
		out->has_addr = true;
		out->addr = off;
	}
	if (++c->at == c->size) {
		c->part = CD_RINGS;
		c->taken_done |= c->cur_take;
	}
	return true;
}

static void coredump_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	struct coredump *c = st;
	c->in = in;
	c->line = line_no;
	n = gk_scan_trim_end(s, n);
	if (c->part == CD_CONTENTS) {
		if (gk_scan_starts(s, n, 0, "ring name: ")) {
			gk_in_line_errorf(out, 0, "ring %s ends after %llu of its %llu dwords ('Ring size in dwords')", c->cur,
			       (unsigned long long)c->at, (unsigned long long)c->size);
			return;
		}
		cd_word(c, s, n, 0, true, out);
		return;
	}
	if (c->part == CD_TITLE) {
		c->part = CD_CONTENTS;
		if (gk_scan_starts(s, n, 0, "Offset"))
			return;
		cd_word(c, s, n, 0, true, out); /* no title line: the dwords at once */
		return;
	}
	if (gk_scan_starts(s, n, 0, "ring name: ")) {
		cd_ring_name(c, s, n, 11);
		return;
	}
	if (c->part == CD_HEAD) {
		/* "IP Type: %d Ring Name: %s" under "Ring timed out details" */
		if (gk_scan_starts(s, n, 0, "IP Type: ")) {
			for (size_t k = 9; k + 11 <= n; k++)
				if (!memcmp(s + k, "Ring Name: ", 11)) {
					size_t len = n - (k + 11);
					if (len >= sizeof c->hung)
						len = sizeof c->hung - 1;
					memcpy(c->hung, s + k + 11, len);
					c->hung[len] = 0;
					break;
				}
		} else if (gk_scan_starts(s, n, 0, "Ring buffer information")) {
			c->part = CD_RINGS;
		}
		return; /* the header's lines carry no words */
	}
	if (c->part == CD_RING) {
		uint64_t v;
		size_t k = 21;
		if (gk_scan_starts(s, n, 0, "Rptr: ")) {
			cd_ptrs(c, s, n, out);
		} else if (gk_scan_starts(s, n, 0, "Ring size in dwords: ")) {
			if (!gk_scan_dec(s, n, &k, &v) || k < n || !v || v > (1u << 28)) {
				gk_in_line_error(out, k < n ? k : 21, "expected the ring's size in dwords, 1 to 2^28");
				return;
			}
			c->size = v;
			c->have_size = true;
		} else if (gk_scan_starts(s, n, 0, "Ring contents unavailable")) {
			c->part = CD_RINGS;
			cd_list(c, " (contents unavailable)");
		} else if (gk_scan_starts(s, n, 0, "Ring contents")) {
			cd_contents(c, out);
		}
		return; /* other lines about the ring carry no words */
	}
	/* between rings, and after the last: "VRAM is lost ...", register and
	 * IB dumps; a ring line here means the ring went on past its size */
	if (c->nrings && cd_word(c, s, n, 0, false, out))
		gk_in_line_error(out, 0, "a ring line after the ring's last dword ('Ring size in dwords' is less)");
}

static bool cd_end(struct coredump *c, char *msg, size_t cap, uint32_t *line)
{
	*line = 0;
	const char *list = c->names_len ? c->names : "none";
	if (c->second_line) {
		*line = c->second_line;
		snprintf(msg, cap, "a second ring with contents, %s, after %s (read above) and no timed-out ring named: "
			 "ask for one (--ring); rings: %s", c->second, c->taken, list);
		return true;
	}
	if (c->taken[0] && !c->taken_done) {
		snprintf(msg, cap, "the dump ends inside ring %s's contents, after %llu of its %llu dwords", c->taken,
			 (unsigned long long)c->at, (unsigned long long)c->size);
		return true;
	}
	if (c->taken[0])
		return false;
	if (!c->nrings)
		snprintf(msg, cap, "no ring in the devcoredump (no 'ring name:' line after 'Ring buffer information')");
	else if (c->want[0])
		snprintf(msg, cap, c->target_seen ? "ring %s (asked for by name) has no contents in the devcoredump; rings: %s"
						  : "no ring %s (asked for by name) in the devcoredump; rings: %s",
			 c->want, list);
	else if (c->hung[0])
		snprintf(msg, cap, "ring %s, the one the kernel reported timed out, %s in the devcoredump: ask for another "
			 "by name (--ring); rings: %s", c->hung, c->target_seen ? "has no contents" : "is not", list);
	else
		snprintf(msg, cap, "no ring with contents in the devcoredump; rings: %s", list);
	return true;
}

static bool coredump_end(void *st, struct gk_input *in, char *msg, size_t cap, uint32_t *line)
{
	struct coredump *c = st;
	c->in = in;
	if (c->part == CD_RING)
		cd_list(c, " (no contents)"); /* the last ring ended without any */
	if ((c->part == CD_TITLE || c->part == CD_CONTENTS) && !c->cur_take)
		gk_in_note(c->in, true, 0, "the dump ends inside ring %s's contents (not the ring read), after %llu of its %llu dwords",
			c->cur, (unsigned long long)c->at, (unsigned long long)c->size);
	char whole[1024]; /* the longest message with the whole list */
	if (!cap || !cd_end(c, whole, sizeof whole, line))
		return false;
	/* a list of rings longer than the message holds: cut after a whole
	 * name there, and whole in a note */
	char *list = strstr(whole, "; rings: ");
	if (list && strlen(whole) >= cap && cap > (size_t)(list - whole) + 16) {
		gk_in_note(c->in, false, 0, "the rings in the devcoredump: %s", c->names);
		list += 9;
		char *cut = whole + cap - 6; /* room for ", ..." and the NUL */
		while (cut > list && memcmp(cut, ", ", 2))
			cut--;
		memcpy(cut, cut > list ? ", ..." : "...", cut > list ? 6 : 4);
	}
	snprintf(msg, cap, "%s", whole);
	return true;
}


static int coredump_open(void *st, struct gk_input *in)
{
	struct coredump *c = st;
	snprintf(c->want, sizeof c->want, "%s", gk_in_want_ring(in));
	return 0;
}

static const char *coredump_ring(const void *st)
{
	const struct coredump *c = st;
	return c->taken[0] ? c->taken : NULL;
}

/* the devcoredump's first line, or its ring section when pasted alone */
static enum gk_in_sniff coredump_sniff(const char *s, size_t n)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	if (gk_scan_starts(s, n, i, "**** AMDGPU Device Coredump") || gk_scan_starts(s, n, i, "Ring buffer information") ||
	    gk_scan_starts(s, n, i, "ring name: "))
		return GK_SNIFF_YES;
	return GK_SNIFF_NO;
}

const struct gk_reader gk_reader_devcoredump = {
	.format = GK_IN_DEVCOREDUMP,
	.name = "devcoredump",
	.what = "a devcoredump",
	.flags = GK_RD_TEXT | GK_RD_BANNER,
	.state_size = sizeof(struct coredump),
	.open = coredump_open,
	.sniff_line = coredump_sniff,
	.line = coredump_line,
	.end = coredump_end,
	.ring = coredump_ring,
};
