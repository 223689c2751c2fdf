/* The memory engines' ops (DMA, SDMA: enum gk_exec_op up to GK_X_REFUSE):
 * copies, writes and fills through the sides of exec_sides.c, stores,
 * waits, semaphores, predicated regions, register writes, the clock and
 * page-table entries.  Seed 000 (the DMA packet reference) for what each
 * packet does; the rows in src/dma/dma_tab.c name the fields. */
#include <string.h>

#include "exec_sides.h"

int gk_exec_op_copy(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	struct side src, dst[MAX_SIDES];
	unsigned ndst = 0, nsrc = 0;
	for (unsigned i = 0; i < A->n; i++) {
		if (A->a[i]->rw == GK_ACC_READ) {
			if (gk_exec_side_make(x, r, A->k[i], A->a[i], &src))
				return -1;
			nsrc++;
		} else if (A->a[i]->rw == GK_ACC_WRITE) {
			if (gk_exec_side_make(x, r, A->k[i], A->a[i], &dst[ndst]))
				return -1;
			ndst++;
		}
	}
	if (!nsrc || !ndst)
		return 0; /* a zero count: nothing moves */
	for (unsigned i = 0; i < ndst; i++)
		if (gk_exec_overlaps(src.acc, dst[i].acc))
			return gk_exec_stop(x, GK_EXEC_FAULTED, dst[i].acc->field->name,
				    "source 0x%llx..0x%llx and destination 0x%llx..0x%llx overlap: the DMA packet reference "
				    "does not say in which order the engine moves the bytes, so the copy is not run",
				    (unsigned long long)src.acc->first, (unsigned long long)src.acc->last,
				    (unsigned long long)dst[i].acc->first, (unsigned long long)dst[i].acc->last);
	return gk_exec_transfer(x, &src, dst, ndst);
}

int gk_exec_op_write_data(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	unsigned k;
	const struct gk_mem_access *a = gk_exec_find_acc(A, GK_ACC_WRITE, &k);
	if (!a)
		return 0;
	struct side dst, src;
	if (gk_exec_side_make(x, r, k, a, &dst))
		return -1;
	const struct gk_unit *u = x->u;
	/* the packet's words as a side: what side_io, direct and transfer
	 * read of one set, not the ~200 bytes of geometry zeroed (as
	 * make_side's linear sides; ~20 instructions a WRITE_LINEAR) */
	src.kind = SIDE_DATA;
	src.rw = 0; /* no access of the memory */
	src.data = (const uint8_t *)(u->pkt.dw + u->tail_begin);
	src.base = 0;
	src.total = 4ull * (u->tail_end - u->tail_begin);
	src.surf = NULL;
	src.swz = NULL;
	src.span = NULL;
	src.span_w = NULL;
	src.span_first = src.span_n = 0;
	src.swap = 0;
	src.acc = NULL;
	return gk_exec_transfer(x, &src, &dst, 1);
}

/* The fill pattern of a GK_X_FILL or a data-sourced DMA: byte q of the
 * destination is byte (q ^ swap) % width of v.  Its period divides
 * 8 * width (swap is 0, 1, 3 or 7), so the first period is worked out byte
 * by byte and the rest of b[0..n) copied from it, doubling: n bytes cost
 * n stores, at memcpy speed. */
static void fill_pattern(uint8_t *b, size_t n, uint32_t v, unsigned width, unsigned swap)
{
	size_t first = n < 8u * width ? n : 8u * width;
	for (size_t q = 0; q < first; q++)
		b[q] = (uint8_t)(v >> (8 * ((q ^ swap) % width)));
	for (size_t k = first; k < n; k *= 2)
		memcpy(b + k, b, n - k < k ? n - k : k);
}

/* Whether every byte of the pattern is the same (a memset does it). */
static bool fill_uniform(uint32_t v, unsigned width)
{
	for (unsigned i = 1; i < width && i < 4; i++)
		if ((uint8_t)(v >> (8 * i)) != (uint8_t)v)
			return false;
	return width <= 4;
}

/* The fill's bytes in the bounce buffer: only as many as one block of the
 * destination takes (a 4-byte fill stages 4 bytes, not the whole buffer). */
void gk_exec_stage_fill(struct gk_exec *x, uint64_t total, uint32_t v, unsigned width, unsigned swap)
{
	size_t n = total < BLOCK ? (size_t)total : BLOCK;
	fill_pattern(x->block, n, v, width, swap);
	x->staged += n;
}

int gk_exec_op_fill(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	unsigned k;
	const struct gk_mem_access *a = gk_exec_find_acc(A, GK_ACC_WRITE, &k);
	if (!a)
		return 0;
	struct side dst;
	if (gk_exec_side_make(x, r, k, a, &dst))
		return -1;
	const struct gk_exec_row *row = r->row;
	uint32_t v = (uint32_t)gk_exec_xv(x, r, XS_VALUE, 0);
	unsigned stag = gk_exec_xtag(x, r, XS_SIZE);
	unsigned width = row->size ? (stag == GK_TAG_SIZE_BYTE ? 1 : stag == GK_TAG_SIZE_DWORD ? 4 : 0)
				   : (row->n ? row->n : 4);
	if (!width) {
		const char *size = gk_exec_xsym(x, r, XS_SIZE);
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->size, "fill size %s: the reference gives bytes and dwords only",
			    size ? size : "(reserved)");
	}
	/* a linear destination inside one region: filled in place, no bounce */
	uint8_t *in_place = dst.kind == SIDE_LINEAR && dst.total && dst.total <= SIZE_MAX
				    ? gk_exec_span_w(x, dst.base, (size_t)dst.total)
				    : NULL;
	if (in_place && fill_uniform(v, width))
		memset(in_place, (uint8_t)v, (size_t)dst.total);
	else if (in_place)
		fill_pattern(in_place, (size_t)dst.total, v, width, dst.swap);
	else {
		gk_exec_stage_fill(x, dst.total, v, width, dst.swap);
		for (uint64_t p = 0; p < dst.total;) {
			size_t n = dst.total - p < BLOCK ? (size_t)(dst.total - p) : BLOCK;
			if (gk_exec_side_io(x, &dst, p, x->block, n, true))
				return -1;
			p += n;
		}
	}
	x->res->bytes_written += dst.total;
	return 0;
}

/* v little-endian at p, written out: the compilers merge the eight stores
 * into one, where a loop over the bytes they did not (10% of bench_exec's
 * CIK run in callgrind, 23.6 M of 231 M).  On a little-endian host the
 * value's own bytes, one copy: where the stored bytes went on to a
 * variable-length write (a fence's), gcc 12 put them together in a
 * register a byte at a time (~35 instructions) */
static inline void put_le64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, 8);
#else
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
	p[4] = (uint8_t)(v >> 32), p[5] = (uint8_t)(v >> 40), p[6] = (uint8_t)(v >> 48), p[7] = (uint8_t)(v >> 56);
#endif
}

/* the 8 bytes at p as a little-endian value, read out: one load, where
 * the loop over the bytes was not (a semaphore's read and write ~110
 * instructions, 1.6 M of bench_exec's 5 MB CIK run, 14,478 semaphores:
 * callgrind) */
static inline uint64_t get_le64(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
#else
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
#endif
}

static int write_bytes(struct gk_exec *x, const struct accs *A, const uint8_t *b, size_t n, const char *what)
{
	const struct gk_mem_access *a = gk_exec_find_acc(A, GK_ACC_WRITE, NULL);
	if (!a)
		return 0;
	struct gk_diag err;
	uint8_t *to = gk_exec_span_w(x, a->first, n);
	if (to && n == 4)
		memcpy(to, b, 4); /* a fence's dword, a semaphore's qword: one store, not memcpy's call */
	else if (to && n == 8)
		memcpy(to, b, 8);
	else if (to)
		memcpy(to, b, n);
	else if (gk_mem_write(x->mem, a->first, b, n, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "writes %s to 0x%llx: %s", what,
			    (unsigned long long)a->first, err.message);
	x->res->bytes_written += n;
	return 0;
}

int gk_exec_op_store(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	uint64_t v = gk_exec_xv(x, r, XS_VALUE, 0);
	uint8_t b[8];
	unsigned n = r->row->n ? r->row->n : 4;
	/* all eight bytes, the first n written: one store, where the loop
	 * over n was ~40 instructions a fence (0.78 M of bench_exec's 5 MB
	 * CIK run, 19,042 fences: callgrind) */
	put_le64(b, v);
	return write_bytes(x, A, b, n < 8 ? n : 8, r->row->value);
}

static int read_u32(struct gk_exec *x, const struct gk_mem_access *a, uint32_t *v, const char *what)
{
	uint8_t b[4];
	struct gk_diag err;
	const uint8_t *from = gk_exec_span(x, a->first, 4);
	if (from)
		memcpy(b, from, 4);
	else if (gk_mem_read(x->mem, a->first, b, 4, NULL, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "reads %s at 0x%llx: %s", what,
			    (unsigned long long)a->first, err.message);
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	x->res->bytes_read += 4;
	return 0;
}

/* a compare function's operator, for the stall message */
static const char *func_text(unsigned tag)
{
	switch (tag) {
	case GK_TAG_CMP_ALWAYS: return "(always)";
	case GK_TAG_CMP_LESS: return "<";
	case GK_TAG_CMP_LESS_EQUAL: return "<=";
	case GK_TAG_CMP_EQUAL: return "==";
	case GK_TAG_CMP_NOT_EQUAL: return "!=";
	case GK_TAG_CMP_GREATER_EQUAL: return ">=";
	}
	return ">";
}

int gk_exec_op_wait(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	const struct gk_exec_row *row = r->row;
	bool reg = row->space ? gk_exec_xtag(x, r, XS_SPACE) == GK_TAG_PLACE_REG : row->reg != NULL;
	const char *func = row->func ? gk_exec_xsym(x, r, XS_FUNC) : "EQUAL";
	unsigned ftag = row->func ? gk_exec_xtag(x, r, XS_FUNC) : GK_TAG_CMP_EQUAL;
	uint32_t mask = (uint32_t)gk_exec_xv(x, r, XS_MASK, 0xffffffffu), ref = (uint32_t)gk_exec_xv(x, r, XS_REF, 0);
	if (!func)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->func, "compare function %llu is reserved",
			    (unsigned long long)gk_exec_xv(x, r, XS_FUNC, 0));
	uint32_t v;
	uint64_t addr;
	const char *where = row->reg;
	unsigned op = row->sel ? gk_exec_xtag(x, r, XS_SEL) : GK_TAG_NONE;
	if (op == GK_TAG_WAITOP_WRITE_POLL || op == GK_TAG_WAITOP_WRITE2_POLL) {
		/* write then wait: REFERENCE to one register, then the other is
		 * polled (PM4 writes its first and polls its second; SDMA's HDP
		 * flush form the reverse) */
		enum xslot ws = op == GK_TAG_WAITOP_WRITE_POLL ? XS_REG : XS_REG2;
		enum xslot ps = op == GK_TAG_WAITOP_WRITE_POLL ? XS_REG2 : XS_REG;
		const char *wname = ws == XS_REG ? row->reg : row->reg2;
		if (!reg)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->space,
				    "the write-then-wait form writes a register: a memory space is not one the kernel emits");
		uint64_t wa = gk_exec_xreg(x, r, ws);
		if (!gk_exec_reg_valid(wa))
			return gk_exec_stop(x, GK_EXEC_FAULTED, wname, "register 0x%llx is outside the register file (0..0x%x)",
				    (unsigned long long)wa, REG_SPACE - 4);
		if (gk_exec_reg_put(x, (uint32_t)wa, ref))
			return gk_exec_stop(x, GK_EXEC_FAULTED, wname, "out of memory for the register file");
		gk_exec_effect(x, 'g', wa, wa, ref, NULL);
		if (gk_exec_reg_answer(x, (uint32_t)wa, ref))
			return gk_exec_stop(x, GK_EXEC_FAULTED, wname, "out of memory for the register file");
		addr = gk_exec_xreg(x, r, ps);
		where = ps == XS_REG ? row->reg : row->reg2;
		/* the compare is on the masked reference: the kernel's TLB flush
		 * (gmc_v9_0.c .. gmc_v12_0.c emit_flush_gpu_tlb through
		 * amdgpu_ring_emit_reg_write_reg_wait) writes the whole request as
		 * REFERENCE and waits with MASK = 1 << vmid, and completes on the
		 * hardware, which (ack & MASK) == REFERENCE could not; its HDP
		 * flush (REFERENCE == MASK) reads the same either way */
		ref &= mask;
		if (!gk_exec_reg_valid(addr) || !gk_exec_reg(x, (uint32_t)addr, &v))
			return gk_exec_stop(x, GK_EXEC_FAULTED, where,
				    "waits on register 0x%llx, which nothing has set (set it with --reg)",
				    (unsigned long long)addr);
	} else if (reg) {
		addr = gk_exec_xreg(x, r, XS_REG);
		if (!gk_exec_reg_valid(addr) || !gk_exec_reg(x, (uint32_t)addr, &v))
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->reg,
				    "waits on register 0x%llx, which nothing has set (set it with --reg)",
				    (unsigned long long)addr);
	} else {
		const struct gk_mem_access *a = gk_exec_find_acc(A, GK_ACC_READ, NULL);
		if (!a)
			return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the wait has no memory address");
		addr = a->first;
		where = a->field->name;
		if (read_u32(x, a, &v, "the value waited on"))
			return -1;
	}
	bool known;
	if (gk_exec_compare(ftag, v & mask, ref, &known))
		return 0;
	if (!known)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->func, "compare function %s is not one the executor knows", func);
	struct gk_exec_result *res = x->res;
	gk_exec_stop(x, GK_EXEC_STALLED, where,
	     "waits for (%s[0x%llx] & 0x%x) %s 0x%x; found 0x%x, and nothing else runs while it waits",
	     reg ? "reg" : "mem", (unsigned long long)addr, mask, func_text(ftag), ref, v);
	res->has_wait = true;
	res->wait_addr = addr;
	res->wait_reg = reg;
	res->wait_value = v;
	res->wait_mask = mask;
	res->wait_ref = ref;
	res->wait_func = func;
	return -1;
}

int gk_exec_op_semaphore(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	const struct gk_mem_access *a = gk_exec_find_acc(A, GK_ACC_READ, NULL);
	if (!a)
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the semaphore has no address");
	uint8_t b[8];
	struct gk_diag err;
	/* the semaphore read and written in place when one access does both
	 * (and its region is writable): one region lookup, not two */
	uint8_t *io = gk_exec_find_acc(A, GK_ACC_WRITE, NULL) == a ? gk_exec_span_w(x, a->first, 8) : NULL;
	const uint8_t *from = io ? io : gk_exec_span(x, a->first, 8);
	if (from)
		memcpy(b, from, 8);
	else if (gk_mem_read(x->mem, a->first, b, 8, NULL, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "reads the semaphore at 0x%llx: %s",
			    (unsigned long long)a->first, err.message);
	x->res->bytes_read += 8;
	uint64_t v = get_le64(b);
	/* a select whose values are SEM-tagged, or a flag */
	uint64_t selv = 0;
	const struct gk_field *sel = gk_exec_xfield(x, r, XS_SEL, &selv);
	unsigned stag = sel ? gk_enum_tag(sel->enm, selv) : GK_TAG_NONE;
	if (GK_TAG_IN(stag, SEM) ? stag != GK_TAG_SEM_WAIT : sel && selv) {
		v = gk_exec_xv(x, r, XS_FLAG, 0) ? 1 : v + 1;
	} else if (v) {
		v--;
	} else {
		gk_exec_stop(x, GK_EXEC_STALLED, a->field->name,
		     "waits on the semaphore at 0x%llx; its count is 0, and no signal can come while it waits",
		     (unsigned long long)a->first);
		x->res->has_wait = true;
		x->res->wait_addr = a->first;
		x->res->wait_func = "semaphore";
		return -1;
	}
	put_le64(b, v);
	if (io) { /* write_bytes's, its region found above */
		memcpy(io, b, 8);
		x->res->bytes_written += 8;
		return 0;
	}
	return write_bytes(x, A, b, 8, "the semaphore");
}

int gk_exec_op_cond_exec(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	const struct gk_mem_access *a = gk_exec_find_acc(A, GK_ACC_READ, NULL);
	uint32_t v;
	if (!a)
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the condition has no address");
	if (read_u32(x, a, &v, "the condition"))
		return -1;
	uint64_t n = gk_exec_xv(x, r, XS_COUNT, 0);
	/* with a reference (SDMA 4+ COND_EXE): run when the dword equals it */
	bool run = r->row->ref ? v == (uint32_t)gk_exec_xv(x, r, XS_REF, 0) : v != 0;
	if (!run && n) {
		x->skipping = true;
		x->skip_depth = x->depth;
		x->skip_left = n;
		x->skip_from = x->at[x->depth];
	}
	return 0;
}

int gk_exec_op_reg_write(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	uint64_t addr = gk_exec_xreg(x, r, XS_REG);
	uint32_t data = (uint32_t)gk_exec_xv(x, r, XS_VALUE, 0);
	uint32_t en = row->mask ? (uint32_t)gk_exec_xv(x, r, XS_MASK, 0xf) : 0xf, mask = 0;
	if (!gk_exec_reg_valid(addr))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->reg, "register 0x%llx is outside the register file (0..0x%x)",
			    (unsigned long long)addr, REG_SPACE - 4);
	for (unsigned b = 0; b < 4; b++)
		if (en >> b & 1)
			mask |= 0xffu << (8 * b);
	uint32_t old;
	gk_exec_reg(x, (uint32_t)addr, &old);
	uint32_t v = (old & ~mask) | (data & mask);
	if (gk_exec_reg_put(x, (uint32_t)addr, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->reg, "out of memory for the register file");
	gk_exec_effect(x, 'g', addr, addr, v, NULL);
	/* a request register the format links to its answer (an SDMA ring's
	 * SRBM_WRITE of a TLB invalidation request) */
	if (gk_exec_reg_answer(x, (uint32_t)addr, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->reg, "out of memory for the register file");
	return 0;
}

int gk_exec_op_pte(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	const struct gk_mem_access *a = gk_exec_find_acc(A, GK_ACC_WRITE, NULL);
	if (!a)
		return 0;
	uint64_t bytes = a->last - a->first + 1, value = gk_exec_xv(x, r, XS_VALUE, 0), incr = gk_exec_xv(x, r, XS_INCR, 0);
	uint64_t flags = gk_exec_xv(x, r, XS_MASK, 0);
	if (bytes % 8)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "%llu bytes are not whole 8-byte entries",
			    (unsigned long long)bytes);
	/* the entries in place when one region holds them all (the usual
	 * case), else a block at a time through the bounce buffer and
	 * gk_mem_write: staging then copying them, with the region found twice
	 * per block, was 10 M of `gfxkit run`'s 368 M on bench_exec's 5 MB CIK
	 * stream (callgrind) */
	uint8_t *in_place = bytes <= SIZE_MAX ? gk_exec_span_w(x, a->first, (size_t)bytes) : NULL;
	if (in_place) {
		/* entry i is (value + i * incr) | flags, the sum kept running:
		 * 12.5 M -> 8.8 M instructions of this op on bench_exec's 5 MB CIK
		 * stream (1.16 M entries, callgrind) */
		size_t n = (size_t)(bytes / 8), i = 0;
		uint64_t v = value;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* four entries a step, four sums kept running incr * 4 apart,
		 * each entry one 8-byte copy (its bytes are the host's on a
		 * little-endian host): the loop 7.1 M -> ~2.9 M instructions on
		 * bench_exec's 5 MB CIK stream (1.17 M entries, callgrind; the
		 * run 180.78 M -> 177.67 M).  Written with put_le64 the compilers did not merge
		 * the byte stores of an unrolled loop (the sixth round's try) */
		if (n >= 4) {
			uint64_t i2 = incr * 2, i3 = incr * 3, s4 = incr * 4;
			for (; i + 4 <= n; i += 4, v += s4) {
				/* one 8-byte copy an entry: a 32-byte copy of
				 * the four went through the stack (16-byte loads
				 * of 8-byte stores), and four sums kept apart were
				 * made two vector lanes by gcc 12, which wrote the
				 * first two entries twice (tests/exec
				 * cik_pte_timestamp's nine entries) */
				uint64_t e0 = v | flags, e1 = (v + incr) | flags, e2 = (v + i2) | flags, e3 = (v + i3) | flags;
				uint8_t *p = in_place + 8 * i;
				memcpy(p, &e0, 8);
				memcpy(p + 8, &e1, 8);
				memcpy(p + 16, &e2, 8);
				memcpy(p + 24, &e3, 8);
			}
		}
#endif
		for (; i < n; i++, v += incr)
			put_le64(in_place + 8 * i, v | flags);
	}
	for (uint64_t i = 0; !in_place && i < bytes / 8;) {
		size_t n = 0;
		for (; n < BLOCK / 8 && i < bytes / 8; n++, i++)
			put_le64(x->block + 8 * n, (value + i * incr) | flags);
		struct gk_diag err;
		uint64_t at = a->first + 8 * (i - n);
		if (gk_mem_write(x->mem, at, x->block, 8 * n, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "writes page-table entries at 0x%llx: %s",
				    (unsigned long long)at, err.message);
	}
	x->res->bytes_written += bytes;
	return 0;
}

int gk_exec_op_interrupt(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	x->res->interrupts++;
	gk_exec_effect(x, 'i', 0, 0, (uint32_t)gk_exec_xv(x, r, XS_VALUE, 0), r->row->value);
	return 0;
}

int gk_exec_op_clock_set(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	x->clock = gk_exec_xv(x, r, XS_VALUE, 0);
	gk_exec_effect(x, 'c', x->clock, x->clock, 0, NULL);
	return 0;
}

int gk_exec_op_clock_store(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)r;
	uint8_t b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(x->clock >> (8 * i));
	return write_bytes(x, A, b, 8, "the clock");
}
