/* The assembler's memory (src/core/asm.c): its state starts small and grows
 * with long packets, so the longest packet a format frames (a DMA
 * WRITE_LINEAR of 2^20 - 1 data dwords) still assembles; when memory runs
 * out that packet is an error diagnostic, not a crash, and assembly goes
 * on. */
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ASAN 1
#endif

#define NDATA 0xfffffu /* WRITE_LINEAR's count field [19:0] at its largest */

/* struct words and words_emit: tests/testlib.h */

struct diags {
	unsigned n, io;
	struct gk_diag first;
};

static int diag_keep(void *ctx, const struct gk_diag *d)
{
	struct diags *r = ctx;
	if (!r->n++)
		r->first = *d;
	if (d->code == GK_D_IO)
		r->io++;
	return 0;
}

/* The longest WRITE_LINEAR, then a NOP: data word i is i * 2654435761. */
static char *long_write_text(size_t *len)
{
	size_t cap = 64 + (size_t)NDATA * 11 + NDATA / 8 * 16 + 64;
	char *t = malloc(cap);
	if (!t)
		return NULL;
	size_t n = (size_t)snprintf(t, cap, "WRITE_LINEAR DEST_ADDR=0x1000 SWAP=NONE");
	for (uint32_t i = 0; i < NDATA; i++)
		n += (size_t)snprintf(t + n, cap - n, i % 8 ? " 0x%08x" : "\n    DATA 0x%08x", i * 2654435761u);
	n += (size_t)snprintf(t + n, cap - n, "\nNOP\n");
	*len = n;
	return t;
}

static unsigned assemble(const struct gk_format *fmt, const char *t, size_t len, struct words *out,
			 struct diags *dr)
{
	struct gk_asm *a = gk_asm_create(fmt, words_emit, out, diag_keep, dr);
	if (!a)
		return ~0u;
	for (size_t b = 0, i = 0; i < len; i++)
		if (t[i] == '\n') {
			gk_asm_line(a, t + b, i - b);
			b = i + 1;
		}
	unsigned errors = gk_asm_finish(a);
	gk_asm_destroy(a);
	return errors;
}

static void test_longest_packet(const struct gk_format *fmt, const char *t, size_t len)
{
	struct words out = { 0, 0, 0 };
	struct diags dr = { 0, 0, { 0 } };
	unsigned errors = assemble(fmt, t, len, &out, &dr);
	CHECK(errors == 0 && dr.n == 0, "longest WRITE: %u errors, first: %s", errors, dr.n ? dr.first.message : "");
	CHECK(out.n == 3 + NDATA + 1, "longest WRITE: %zu words", out.n);
	bool same = out.n == 3 + NDATA + 1 && out.w[0] == (2u << 28 | NDATA) && out.w[1] == 0x1000 && out.w[2] == 0 &&
		    out.w[3 + NDATA] == 0xf0000000u;
	for (uint32_t i = 0; same && i < NDATA; i++)
		same = out.w[3 + i] == i * 2654435761u;
	CHECK(same, "longest WRITE: the words differ from the text's");
	free(out.w);
}

/* In a child whose address space ends a few MiB past what it uses: the
 * WRITE's 4 MiB arrays cannot be had.  Not under AddressSanitizer, whose
 * shadow memory needs the address space a limit takes away. */
static void test_out_of_memory(const struct gk_format *fmt, const char *t, size_t len)
{
#ifdef ASAN
	(void)fmt, (void)t, (void)len;
	TL_SKIP("the out-of-memory case under AddressSanitizer (its shadow memory needs the address space the limit "
		"takes away; the plain build runs it)");
#else
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		unsigned long pages = 0;
		FILE *f = fopen("/proc/self/statm", "r");
		if (!f || fscanf(f, "%lu", &pages) != 1)
			_exit(3);
		fclose(f);
		rlim_t lim = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (3u << 20);
		struct rlimit rl = { lim, lim };
		if (setrlimit(RLIMIT_AS, &rl) != 0)
			_exit(3);
		struct words out = { 0, 0, 0 };
		struct diags dr = { 0, 0, { 0 } };
		unsigned errors = assemble(fmt, t, len, &out, &dr);
		bool said = dr.io == 1 && strstr(dr.first.message, "out of memory for a packet of ") &&
			    dr.first.packet && !strcmp(dr.first.packet, "WRITE_LINEAR");
		/* the packet is lost, the NOP after it is not */
		_exit(errors == 1 && dr.n == 1 && said && out.n == 1 && out.w[0] == 0xf0000000u ? 0 : 7);
	}
	int status = 0;
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "out of memory: %s %d", WIFSIGNALED(status) ? "signal" : "exit",
	      WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
#endif
}

int main(void)
{
	struct gk_format fmt;
	CHECK(gk_dma_format_init(&fmt, "evergreen") == 0, "dma evergreen");
	size_t len = 0;
	char *t = long_write_text(&len);
	CHECK(t != NULL, "out of memory for the text");
	if (t) {
		test_longest_packet(&fmt, t, len);
		test_out_of_memory(&fmt, t, len);
	}
	free(t);
	return tl_done();
}
