/* An amdgpu devcoredump read whole (include/gfxkit/coredump.h).  The
 * layout is Linux 6.12's amdgpu_devcoredump_format (amdgpu_dev_coredump.c):
 * a header ("**** AMDGPU Device Coredump ****", "kernel: ", "SOC Family: %d",
 * "HWIP: %s[%d][%d]: v%d.%d.%d.%d.%d"), "Ring timed out details" with "IP
 * Type: %d Ring Name: %s", "[%s] Page fault observed" with "Faulty page
 * starting at address: 0x%016llx" and "Protection fault status register:
 * 0x%x", "IP Dump" with "IP: %s" and each block's print_ip_state lines
 * ("%-50s \t 0x%08x" under headings such as "Instance:%d" or "mec %d, pipe
 * %d, queue %d"), then "Ring buffer information" and the rings as
 * src/input/devcoredump.c reads them one at a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/coredump.h"

#include "scan.h"

enum { S_HEAD, S_IPDUMP, S_RINGS, S_REGDUMP };

struct parse {
	struct gk_coredump *cd;
	struct gk_diag *err;
	uint32_t line;
	size_t line_at;         /* the byte offset of the line */
	unsigned part;
	char ip[32], group[48];
	size_t cap_regs, cap_rings, cap_words;
	struct gk_cd_ring *cur; /* the ring being read */
	unsigned ring_part;     /* 0 header, 1 title, 2 words, 3 done */
};

static int fail(struct parse *p, uint32_t col, const char *msg)
{
	if (p->err) {
		memset(p->err, 0, sizeof *p->err);
		p->err->severity = GK_ERROR;
		p->err->code = GK_D_SYNTAX;
		p->err->dw = -1;
		p->err->lo = p->err->hi = -1;
		p->err->line = p->line;
		p->err->col = col;
		snprintf(p->err->message, sizeof p->err->message, "%s", msg);
	}
	return -1;
}

static bool starts(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n >= k && !memcmp(s, w, k);
}

static void copy(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* hex digits at s[*k] (after "0x" when ox), at most max of them: true and
 * *v, *k past them */
static bool hex_at(const char *s, size_t n, size_t *k, bool ox, unsigned max, uint64_t *v)
{
	size_t i = *k;
	if (ox) {
		if (i + 2 > n || s[i] != '0' || (s[i + 1] != 'x' && s[i + 1] != 'X'))
			return false;
		i += 2;
	}
	size_t d0 = i;
	uint64_t x = 0;
	while (i < n && is_hex(s[i])) {
		char c = s[i];
		x = x << 4 | (uint64_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
		i++;
		if (i - d0 > max)
			return false;
	}
	if (i == d0)
		return false;
	*v = x;
	*k = i;
	return true;
}

static bool dec_at(const char *s, size_t n, size_t *k, uint64_t *v)
{
	size_t i = *k;
	uint64_t x = 0;
	while (i < n && s[i] >= '0' && s[i] <= '9' && i - *k < 12)
		x = x * 10 + (uint64_t)(s[i++] - '0');
	if (i == *k)
		return false;
	*v = x;
	*k = i;
	return true;
}

static void spaces(const char *s, size_t n, size_t *k)
{
	while (*k < n && (s[*k] == ' ' || s[*k] == '\t'))
		++*k;
}

static void grow(void **p, size_t *cap, size_t need, size_t size, bool *ok)
{
	if (need <= *cap)
		return;
	size_t c = *cap ? *cap : 16;
	while (c < need)
		c *= 2;
	void *q = realloc(*p, c * size);
	if (!q) {
		*ok = false;
		return;
	}
	*p = q;
	*cap = c;
}

/* "HWIP: GC[1][0]: v10.3.0.0.0" */
static void hwip(struct parse *p, const char *s, size_t n)
{
	size_t k = 6, b = k;
	while (k < n && s[k] != '[')
		k++;
	uint64_t hw, inst, v[5];
	if (k >= n || p->cd->nips >= GK_CD_IPS)
		return;
	size_t e = k++;
	if (!dec_at(s, n, &k, &hw) || !starts(s + k, n - k, "]["))
		return;
	k += 2;
	if (!dec_at(s, n, &k, &inst) || !starts(s + k, n - k, "]: v"))
		return;
	k += 4;
	for (int i = 0; i < 5; i++) {
		if (i && (k >= n || s[k++] != '.'))
			return;
		if (!dec_at(s, n, &k, &v[i]))
			return;
	}
	struct gk_cd_ip *ip = &p->cd->ips[p->cd->nips++];
	copy(ip->name, sizeof ip->name, s + b, e - b);
	ip->hwip = (unsigned)hw;
	ip->inst = (unsigned)inst;
	for (int i = 0; i < 5; i++)
		ip->ver[i] = (unsigned)v[i];
}

static bool add_reg(struct parse *p, const char *name, size_t e, bool by_offset, uint32_t offset, uint32_t v, bool *ok);

/* an IP Dump register line: NAME, white space, 0xVALUE, nothing after */
static bool reg_line(struct parse *p, const char *s, size_t n, bool *ok)
{
	size_t k = 0;
	while (k < n && (s[k] == '_' || (s[k] >= '0' && s[k] <= '9') || ((s[k] | 0x20) >= 'a' && (s[k] | 0x20) <= 'z')))
		k++;
	size_t e = k;
	if (!e || k >= n || (s[k] != ' ' && s[k] != '\t') || (s[0] >= '0' && s[0] <= '9'))
		return false;
	spaces(s, n, &k);
	uint64_t v;
	if (!hex_at(s, n, &k, true, 8, &v))
		return false;
	spaces(s, n, &k);
	if (k < n)
		return false;
	return add_reg(p, s, e, false, 0, (uint32_t)v, ok);
}

/* "0x%08x: 0x%08x": a register by dword offset (Linux 6.1's "AMDGPU
 * register dumps:", amdgpu_device.c amdgpu_devcoredump_read) */
static bool offset_line(struct parse *p, const char *s, size_t n, bool *ok)
{
	size_t k = 0;
	uint64_t off, v;
	if (!hex_at(s, n, &k, true, 8, &off) || k >= n || s[k] != ':')
		return false;
	k++;
	spaces(s, n, &k);
	if (!hex_at(s, n, &k, true, 8, &v))
		return false;
	spaces(s, n, &k);
	if (k < n || off > UINT32_MAX / 4)
		return false;
	return add_reg(p, s, 0, true, (uint32_t)off * 4, (uint32_t)v, ok);
}

static bool add_reg(struct parse *p, const char *name, size_t e, bool by_offset, uint32_t offset, uint32_t v, bool *ok)
{
	struct gk_coredump *cd = p->cd;
	grow((void **)&cd->regs, &p->cap_regs, cd->nregs + 1, sizeof *cd->regs, ok);
	if (!*ok)
		return true;
	struct gk_cd_reg *r = &cd->regs[cd->nregs++];
	memcpy(r->ip, p->ip, sizeof r->ip);
	memcpy(r->group, p->group, sizeof r->group);
	copy(r->name, sizeof r->name, name, e);
	r->by_offset = by_offset;
	r->offset = offset;
	r->value = v;
	r->line = p->line;
	return true;
}

static void head_line(struct parse *p, const char *s, size_t n)
{
	struct gk_coredump *cd = p->cd;
	size_t k;
	uint64_t v;
	if (starts(s, n, "kernel: ")) {
		copy(cd->kernel, sizeof cd->kernel, s + 8, n - 8);
	} else if (starts(s, n, "SOC Family: ")) {
		k = 12;
		if (dec_at(s, n, &k, &v) && v < 100000)
			cd->family = (int)v;
	} else if (starts(s, n, "HWIP: ")) {
		hwip(p, s, n);
	} else if (starts(s, n, "IP Type: ")) {
		k = 9;
		bool neg = k < n && s[k] == '-';
		k += neg;
		if (!dec_at(s, n, &k, &v))
			v = 0;
		for (; k + 11 <= n; k++)
			if (!memcmp(s + k, "Ring Name: ", 11)) {
				copy(cd->hung, sizeof cd->hung, s + k + 11, n - k - 11);
				cd->has_hung = true;
				cd->hung_type = neg ? -(int)(v & 0xffff) : (int)(v & 0xffff);
				cd->hung_line = p->line;
				break;
			}
	} else if (n > 23 && s[0] == '[' && !memcmp(s + n - 21, "] Page fault observed", 21)) {
		k = n - 21;
		cd->has_fault = true;
		copy(cd->fault_hub, sizeof cd->fault_hub, s + 1, k - 1);
		cd->fault_line = p->line;
	} else if (starts(s, n, "Faulty page starting at address: ")) {
		k = 33;
		if (hex_at(s, n, &k, true, 16, &v))
			cd->fault_addr = v;
	} else if (starts(s, n, "Protection fault status register: ")) {
		k = 34;
		if (hex_at(s, n, &k, true, 8, &v))
			cd->fault_status = (uint32_t)v;
	}
}

/* the ring being read ends (the next ring, the end of the text) */
static void ring_end(struct parse *p)
{
	struct gk_cd_ring *r = p->cur;
	if (r && r->has_contents && r->nwords < r->size)
		r->cut = true;
	p->cur = NULL;
}

static int ring_line(struct parse *p, const char *s, size_t n, bool *ok)
{
	struct gk_coredump *cd = p->cd;
	struct gk_cd_ring *r = p->cur;
	if (starts(s, n, "ring name: ")) {
		ring_end(p);
		grow((void **)&cd->rings, &p->cap_rings, cd->nrings + 1, sizeof *cd->rings, ok);
		if (!*ok)
			return 0;
		if (cd->nrings)
			cd->rings[cd->nrings - 1].text_len = p->line_at - cd->rings[cd->nrings - 1].text_at;
		r = p->cur = &cd->rings[cd->nrings++];
		memset(r, 0, sizeof *r);
		r->text_at = p->line_at;
		copy(r->name, sizeof r->name, s + 11, n - 11);
		r->line = p->line;
		r->hung = cd->has_hung && !strcmp(r->name, cd->hung);
		p->ring_part = 0;
		p->cap_words = 0;
		return 0;
	}
	if (!r)
		return 0; /* "VRAM is lost ..." and other lines after the rings */
	size_t k;
	uint64_t v;
	if (p->ring_part == 0) {
		if (starts(s, n, "Rptr: ")) {
			k = 6;
			if (!hex_at(s, n, &k, true, 16, &r->rptr) || !starts(s + k, n - k, " Wptr: "))
				return fail(p, (uint32_t)k + 1, "expected 'Rptr: 0xRPTR Wptr: 0xWPTR'");
			k += 7;
			if (!hex_at(s, n, &k, true, 16, &r->wptr))
				return fail(p, (uint32_t)k + 1, "expected 'Wptr: 0xWPTR'");
			if (k < n) {
				if (!starts(s + k, n - k, " RB mask: "))
					return fail(p, (uint32_t)k + 1, "expected ' RB mask: MASK' or the end of the line");
				k += 10;
				if (!hex_at(s, n, &k, starts(s + k, n - k, "0x"), 16, &r->mask) || k < n)
					return fail(p, (uint32_t)k + 1, "expected the RB mask in hex");
				r->has_mask = true;
			}
			r->has_ptrs = true;
		} else if (starts(s, n, "Ring size in dwords: ")) {
			k = 21;
			if (!dec_at(s, n, &k, &v) || k < n || !v || v > (1u << 28))
				return fail(p, (uint32_t)k + 1, "expected the ring's size in dwords, 1 to 2^28");
			r->size = v;
			r->has_size = true;
		} else if (starts(s, n, "Ring contents unavailable")) {
			r->contents_line = p->line;
			p->ring_part = 3;
		} else if (starts(s, n, "Ring contents")) {
			if (!r->has_size)
				return fail(p, 1, "expected 'Ring size in dwords: N' before 'Ring contents'");
			r->contents_line = p->line;
			r->has_contents = true;
			p->ring_part = 1;
		}
		return 0;
	}
	if (p->ring_part == 3)
		return 0;
	if (p->ring_part == 1) {
		p->ring_part = 2;
		if (starts(s, n, "Offset"))
			return 0;
	}
	if (r->nwords == r->size)
		return 0; /* after the last dword: the lines after the rings */
	k = 0;
	uint64_t off;
	if (!hex_at(s, n, &k, true, 16, &off) || k >= n || (s[k] != ' ' && s[k] != '\t'))
		return fail(p, (uint32_t)k + 1, "expected a ring line '0xOFFSET \\t 0xVALUE'");
	spaces(s, n, &k);
	size_t v0 = k;
	if (!hex_at(s, n, &k, true, 8, &v))
		return fail(p, (uint32_t)v0 + 1, "expected the dword as 0xVALUE after the offset");
	spaces(s, n, &k);
	if (k < n)
		return fail(p, (uint32_t)k + 1, "unexpected text after the dword");
	if (off != 4 * (uint64_t)r->nwords) {
		char m[120];
		snprintf(m, sizeof m, "offset 0x%llx, but the ring's dwords before end at 0x%llx: a gap or an overlap",
			 (unsigned long long)off, (unsigned long long)(4 * (uint64_t)r->nwords));
		return fail(p, 1, m);
	}
	grow((void **)&r->words, &p->cap_words, r->nwords + 1, sizeof *r->words, ok);
	if (*ok)
		r->words[r->nwords++] = (uint32_t)v;
	return 0;
}

int gk_coredump_read(struct gk_coredump *cd, const char *text, size_t n, struct gk_diag *err)
{
	struct parse p = { .cd = cd, .err = err };
	if (!cd)
		return fail(&p, 0, "no dump to fill");
	cd->family = -1;
	if (!text && n)
		return fail(&p, 0, "no text");
	bool ok = true, seen = false;
	size_t i = 0;
	while (i < n) {
		const char *s = text + i;
		const char *nl = memchr(s, '\n', n - i);
		size_t len = nl ? (size_t)(nl - s) : n - i;
		p.line_at = i;
		i += len + (nl != NULL);
		p.line++;
		if (memchr(s, 0, len))
			return fail(&p, (uint32_t)((const char *)memchr(s, 0, len) - s) + 1, "a NUL byte: not a devcoredump's text");
		/* every byte, as the line readers check theirs: a damaged byte is
		 * an error where it stands, never a line half read */
		unsigned need = 0;
		for (size_t k = 0; k < len; k++)
			if (!gk_scan_text_byte(&need, (uint8_t)s[k]) || (need && k + 1 == len)) {
				char msg[160];
				snprintf(msg, sizeof msg,
					 "byte 0x%02x in devcoredump text: the text is damaged here (a devcoredump holds only "
					 "printable text, white space and UTF-8)", (uint8_t)s[k]);
				return fail(&p, (uint32_t)k + 1, msg);
			}
		while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
			len--;
		if (!seen) {
			size_t k = 0;
			spaces(s, len, &k);
			if (!len)
				continue;
			if (!starts(s + k, len - k, "**** AMDGPU Device Coredump") &&
			    !starts(s + k, len - k, "Ring buffer information") && !starts(s + k, len - k, "ring name: "))
				return fail(&p, 1, "not a devcoredump: its first line is not '**** AMDGPU Device Coredump ****'");
			seen = true;
			if (starts(s + k, len - k, "ring name: "))
				p.part = S_RINGS;
		}
		if (p.part != S_RINGS && starts(s, len, "Ring buffer information")) {
			p.part = S_RINGS;
			cd->ring_info_line = p.line;
			continue;
		}
		if (p.part == S_HEAD || p.part == S_IPDUMP) {
			if (starts(s, len, "AMDGPU register dumps:")) {
				p.part = S_REGDUMP;
				p.ip[0] = p.group[0] = 0;
				continue;
			}
		}
		if (p.part == S_HEAD) {
			if (starts(s, len, "IP Dump")) {
				p.part = S_IPDUMP;
				continue;
			}
			head_line(&p, s, len);
		} else if (p.part == S_IPDUMP) {
			if (starts(s, len, "IP: ")) {
				copy(p.ip, sizeof p.ip, s + 4, len - 4);
				p.group[0] = 0;
			} else if (len && !reg_line(&p, s, len, &ok) && !offset_line(&p, s, len, &ok)) {
				copy(p.group, sizeof p.group, s, len); /* "Instance:1", "mec 0, pipe 0, queue 0" */
			}
		} else if (p.part == S_REGDUMP) {
			if (starts(s, len, "ring name: ")) {
				p.part = S_RINGS;
				if (ring_line(&p, s, len, &ok))
					return -1;
			} else {
				offset_line(&p, s, len, &ok);
			}
		} else if ((!p.cur || p.ring_part == 3 || (p.ring_part == 2 && p.cur->nwords == p.cur->size)) &&
			   starts(s, len, "AMDGPU register dumps:")) {
			ring_end(&p);
			p.part = S_REGDUMP;
			p.ip[0] = p.group[0] = 0;
		} else if (ring_line(&p, s, len, &ok)) {
			return -1;
		}
		if (!ok)
			return fail(&p, 0, "out of memory");
	}
	ring_end(&p);
	if (cd->nrings)
		cd->rings[cd->nrings - 1].text_len = n - cd->rings[cd->nrings - 1].text_at;
	cd->lines = p.line;
	if (!seen)
		return fail(&p, 0, "not a devcoredump: no '**** AMDGPU Device Coredump ****' line");
	return 0;
}

void gk_coredump_free(struct gk_coredump *cd)
{
	if (!cd)
		return;
	for (size_t i = 0; i < cd->nrings && cd->rings; i++)
		free(cd->rings[i].words);
	free(cd->rings);
	free(cd->regs);
	memset(cd, 0, sizeof *cd);
}

const struct gk_cd_ring *gk_coredump_ring(const struct gk_coredump *cd, size_t i)
{
	if (!cd || !cd->rings || i >= cd->nrings)
		return NULL;
	size_t hung = cd->nrings;
	for (size_t k = 0; k < cd->nrings; k++)
		if (cd->rings[k].hung) {
			hung = k;
			break;
		}
	if (hung == cd->nrings)
		return &cd->rings[i];
	if (i == 0)
		return &cd->rings[hung];
	return &cd->rings[i <= hung ? i - 1 : i];
}

/* GC IP versions to the LLVM processor names the engines take, as the
 * kernel's KFD maps them (amdkfd/kfd_device.c, gfx_target_version: 100300
 * is gfx1030; GC 10.3.1 is VanGogh, gfx1033) */
static const struct gc_name {
	unsigned maj, min, rev;
	const char *name;
} gc_names[] = {
	{ 9, 0, 1, "gfx900" },    { 9, 1, 0, "gfx902" },    { 9, 2, 2, "gfx902" },    { 9, 2, 1, "gfx904" },
	{ 9, 3, 0, "gfx90c" },    { 9, 4, 0, "gfx906" },    { 9, 4, 1, "gfx908" },    { 9, 4, 2, "gfx90a" },
	{ 10, 1, 10, "gfx1010" }, { 10, 1, 2, "gfx1011" },  { 10, 1, 1, "gfx1012" },  { 10, 1, 3, "gfx1013" },
	{ 10, 1, 4, "gfx1013" },  { 10, 3, 0, "gfx1030" },  { 10, 3, 2, "gfx1031" },  { 10, 3, 4, "gfx1032" },
	{ 10, 3, 1, "gfx1033" },  { 10, 3, 5, "gfx1034" },  { 10, 3, 3, "gfx1035" },  { 10, 3, 6, "gfx1036" },
	{ 10, 3, 7, "gfx1036" },  { 11, 0, 0, "gfx1100" },  { 11, 0, 3, "gfx1101" },  { 11, 0, 2, "gfx1102" },
	{ 11, 0, 1, "gfx1103" },  { 11, 0, 4, "gfx1103" },  { 11, 5, 0, "gfx1150" },  { 11, 5, 1, "gfx1151" },
	{ 11, 5, 2, "gfx1152" },  { 12, 0, 0, "gfx1200" },  { 12, 0, 1, "gfx1201" },
};

/* a GC version the table lacks: its generation */
static const char *gc_generation(unsigned maj, unsigned min)
{
	if (maj == 9)
		return "gfx9";
	if (maj == 10)
		return min >= 3 ? "gfx10.3" : "gfx10";
	if (maj == 11)
		return min >= 5 ? "gfx11.5" : "gfx11";
	if (maj == 12)
		return "gfx12";
	return NULL;
}

int gk_coredump_gpu(const struct gk_coredump *cd, char *buf, size_t cap, char *why, size_t why_cap)
{
	if (buf && cap)
		buf[0] = 0;
	if (why && why_cap)
		why[0] = 0;
	if (!cd || !buf || cap < 16)
		return -1;
	for (unsigned i = 0; i < cd->nips && i < GK_CD_IPS; i++) {
		const struct gk_cd_ip *ip = &cd->ips[i];
		if (strcmp(ip->name, "GC") || ip->inst)
			continue;
		unsigned maj = ip->ver[0], min = ip->ver[1], rev = ip->ver[2];
		const char *name = NULL;
		for (size_t k = 0; k < sizeof gc_names / sizeof gc_names[0]; k++)
			if (gc_names[k].maj == maj && gc_names[k].min == min && gc_names[k].rev == rev)
				name = gc_names[k].name;
		if (!name)
			name = gc_generation(maj, min);
		if (!name)
			return -1;
		snprintf(buf, cap, "%s", name);
		if (why && why_cap)
			snprintf(why, why_cap, "GC %u.%u.%u", maj, min, rev);
		return 0;
	}
	/* amdgpu_family (include/uapi/drm/amdgpu_drm.h): SI 110, CI 120, KV
	 * 125, VI 130, CZ 135 -- the chips before IP discovery; names both the
	 * pm4 and the dma engine take where there is one */
	static const struct {
		int family;
		const char *name;
	} fams[] = { { 110, "si" }, { 120, "cik" }, { 125, "kaveri" }, { 130, "vi" }, { 135, "carrizo" } };
	for (size_t k = 0; k < sizeof fams / sizeof fams[0]; k++)
		if (cd->family == fams[k].family) {
			snprintf(buf, cap, "%s", fams[k].name);
			if (why && why_cap)
				snprintf(why, why_cap, "SOC family %d", cd->family);
			return 0;
		}
	return -1;
}

/* ring names as the amdgpu IP blocks give them (sprintf(ring->name, ...)
 * in gfx_v*.c, sdma_v*.c, vcn_v*.c, jpeg_v*.c, mes_v*.c, ...): the
 * longest prefix first where one is the start of another */
static const struct ring_kind {
	const char *prefix, *kind, *engine;
} ring_kinds[] = {
	{ "gfx", "gfx", "pm4" },
	{ "comp_", "compute", "pm4" },
	{ "compute_", "compute", "pm4" },
	/* the KIQ is a compute queue the driver feeds PM4 packets (SET_RESOURCES,
	 * MAP_QUEUES: the kiq_pm4_funcs of gfx_v*.c) */
	{ "kiq_", "kiq", "pm4" },
	{ "mes_kiq_", "kiq", "pm4" },
	{ "sdma", "sdma", "dma" },
	{ "page", "sdma", "dma" },
	{ "vcn", "vcn", NULL },
	{ "jpeg", "jpeg", NULL },
	{ "uvd", "uvd", NULL },
	{ "vce", "vce", NULL },
	{ "mes_", "mes", NULL },
	{ "vpe", "vpe", NULL },
	{ "umsch", "umsch", NULL },
};

const char *gk_coredump_ring_engine(const char *name, const char **kind)
{
	if (kind)
		*kind = "unknown";
	if (!name)
		return NULL;
	const struct ring_kind *best = NULL;
	for (size_t i = 0; i < sizeof ring_kinds / sizeof ring_kinds[0]; i++) {
		size_t l = strlen(ring_kinds[i].prefix);
		if (!strncmp(name, ring_kinds[i].prefix, l) && (!best || l > strlen(best->prefix)))
			best = &ring_kinds[i];
	}
	if (!best)
		return NULL;
	if (kind)
		*kind = best->kind;
	return best->engine;
}

const struct gk_reg *gk_coredump_reg_lookup(const struct gk_reg_table *t, const char *name)
{
	if (!t || !name)
		return NULL;
	const struct gk_reg *r = gk_reg_by_name(t, name, strlen(name));
	/* SOC15_REG_ENTRY_STR prints the kernel's macro name: mmNAME (gfx9/10)
	 * or regNAME (gfx11+) */
	if (!r && !strncmp(name, "mm", 2))
		r = gk_reg_by_name(t, name + 2, strlen(name + 2));
	if (!r && !strncmp(name, "reg", 3))
		r = gk_reg_by_name(t, name + 3, strlen(name + 3));
	return r;
}

static void put(char *buf, size_t cap, size_t *len, const char *fmt, const char *name, unsigned long long v, const char *vn)
{
	char tmp[160];
	int k = vn ? snprintf(tmp, sizeof tmp, "%s%s=%llu(%s)", *len ? " " : "", name, v, vn)
		   : snprintf(tmp, sizeof tmp, fmt, *len ? " " : "", name, v);
	if (k < 0)
		return;
	if (buf && *len + (size_t)k < cap)
		memcpy(buf + *len, tmp, (size_t)k + 1);
	*len += (size_t)k;
}

size_t gk_coredump_reg_fields(const struct gk_reg *r, uint32_t value, char *buf, size_t cap)
{
	size_t len = 0;
	if (buf && cap)
		buf[0] = 0;
	if (!r || !r->fields)
		return 0;
	for (unsigned i = 0; i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		if (!f->name || f->lo > 31 || f->hi > 31 || f->hi < f->lo)
			continue;
		uint32_t v = (uint32_t)((uint64_t)value >> f->lo) & (uint32_t)((2ull << (f->hi - f->lo)) - 1);
		if (!v)
			continue;
		const char *vn = gk_reg_value_name(f, v);
		put(buf, cap, &len, f->hi - f->lo >= 4 ? "%s%s=0x%llx" : "%s%s=%llu", f->name, v, vn);
	}
	if (buf && cap && len >= cap)
		buf[0] = 0; /* cut: nothing rather than half */
	return len;
}

size_t gk_coredump_fault_fields(uint32_t status, char *buf, size_t cap)
{
	/* VM_L2_PROTECTION_FAULT_STATUS (gc_9_0_sh_mask.h; GCVM_ in
	 * gc_10_3_0_sh_mask.h, the same shifts) */
	static const struct {
		const char *name;
		unsigned lo, hi;
	} f[] = {
		{ "MORE_FAULTS", 0, 0 }, { "WALKER_ERROR", 1, 3 }, { "PERMISSION_FAULTS", 4, 7 }, { "MAPPING_ERROR", 8, 8 },
		{ "CID", 9, 17 },        { "RW", 18, 18 },         { "VMID", 20, 23 },
	};
	size_t len = 0;
	if (buf && cap)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
		uint32_t v = (status >> f[i].lo) & ((2u << (f[i].hi - f[i].lo)) - 1);
		put(buf, cap, &len, f[i].hi - f[i].lo >= 4 ? "%s%s=0x%llx" : "%s%s=%llu", f[i].name, v, NULL);
	}
	if (buf && cap && len >= cap)
		buf[0] = 0;
	return len;
}
