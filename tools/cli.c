/* The CLI plumbing every engine's front end shares (tools/cli.h). */
/* fstat (a directory given as input is said to be one), mmap (--mem
 * images), and for output files lstat, readlink, fchmod, fchown, fsync and
 * AF_UNIX sockets */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "color.h"

FILE *cli_open_in(const char *name, const char *mode)
{
	if (!name || !strcmp(name, "-"))
		return stdin;
	FILE *f = fopen(name, mode);
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", CLI_PROG, CLI_Q(name), strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: %s: is a directory\n", CLI_PROG, CLI_Q(name));
		fclose(f);
		return NULL;
	}
	return f;
}

const char *cli_quote(char *buf, const char *s)
{
	if (!s)
		return "";
	size_t n = strlen(s);
	if (n <= CLI_QUOTE_MAX)
		return s;
	size_t cut = CLI_QUOTE_MAX;
	while (cut && ((unsigned char)s[cut] & 0xc0) == 0x80) /* not inside a UTF-8 character */
		cut--;
	snprintf(buf, CLI_QUOTE_CAP, "%.*s... (%zu bytes)", (int)cut, s, n);
	return buf;
}

/* ---- output files (the rules are in cli.h) ---- */

/* whether cli_out_close has said that standard output failed, so that
 * main's last check does not say it twice; and why the first write to it
 * failed (a large fwrite that fails is not kept in the FILE's buffer, so
 * the last fflush has no error left to report) */
static bool stdout_said;
static int stdout_errno;

int cli_write_file(void *file, const void *p, size_t n)
{
	if (fwrite(p, 1, n, (FILE *)file) == n)
		return 0;
	if (file == stdout && !stdout_errno)
		stdout_errno = errno;
	return -1;
}

static void out_failed(struct cli_out *o, int err)
{
	if (!o->err)
		o->err = err ? err : o->f == stdout ? stdout_errno : 0;
	if (o->f == stdout && !stdout_errno)
		stdout_errno = err;
	o->failed = 1;
}

static void say_write_error(const struct cli_out *o)
{
	fprintf(stderr, "%s: write error: %s: %s\n", CLI_PROG, o->f == stdout ? o->name : CLI_Q(o->name),
		o->err ? strerror(o->err) : "reason not reported by the system");
}

/* path with its symbolic links followed, as open() would follow them
 * (malloc'd; NULL: no memory, or *err set).  A path that does not exist
 * (or cannot be examined) is returned as it is: creating or opening it
 * says why it cannot be written. */
static char *follow_links(const char *path, int *err)
{
	char *cur = malloc(strlen(path) + 1);
	*err = ENOMEM;
	if (!cur)
		return NULL;
	strcpy(cur, path);
	for (unsigned depth = 0;; depth++) {
		struct stat st;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		char link[PATH_MAX + 1];
		ssize_t n = depth < 40 ? readlink(cur, link, PATH_MAX) : -1;
		if (n < 0) {
			*err = depth < 40 ? errno : ELOOP; /* 40: Linux's limit */
			free(cur);
			return NULL;
		}
		link[n] = 0;
		/* a relative link counts from the link's own folder */
		const char *slash = link[0] == '/' ? NULL : strrchr(cur, '/');
		size_t dir = slash ? (size_t)(slash - cur) + 1 : 0;
		char *next = malloc(dir + (size_t)n + 1);
		if (!next) {
			*err = ENOMEM;
			free(cur);
			return NULL;
		}
		memcpy(next, cur, dir);
		memcpy(next + dir, link, (size_t)n + 1);
		free(cur);
		cur = next;
	}
}

/* a socket is written by connecting to it (open() cannot) */
static int connect_socket(const char *path)
{
	struct sockaddr_un a;
	memset(&a, 0, sizeof a);
	a.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof a.sun_path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(a.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
		int e = errno;
		close(fd);
		errno = e;
		fd = -1;
	}
	return fd;
}

/* the temporary file next to target (target.gfxkit-PID-N, or
 * .gfxkit-PID-N in its folder when the target's name is too long for
 * more), a new file created with 0666 & ~umask; -1 with errno */
static int create_temp(struct cli_out *o)
{
	size_t cap = strlen(o->target) + 48;
	o->tmp = malloc(cap);
	if (!o->tmp) {
		errno = ENOMEM;
		return -1;
	}
	const char *slash = strrchr(o->target, '/');
	int dir = slash ? (int)(slash - o->target) + 1 : 0;
	for (unsigned i = 0, short_name = 0; i < 100; i++) {
		if (short_name)
			snprintf(o->tmp, cap, "%.*s.gfxkit-%ld-%u", dir, o->target, (long)getpid(), i);
		else
			snprintf(o->tmp, cap, "%s.gfxkit-%ld-%u", o->target, (long)getpid(), i);
		int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY, 0666);
		if (fd >= 0)
			return fd;
		if (errno == ENAMETOOLONG && !short_name)
			short_name = 1;
		else if (errno != EEXIST)
			return -1;
	}
	return -1;
}

int cli_out_open(struct cli_out *o, const char *path)
{
	memset(o, 0, sizeof *o);
	if (!path || !strcmp(path, "-")) {
		o->f = stdout;
		o->name = "standard output";
		return 0;
	}
	o->name = path;
	if (!*path) {
		fprintf(stderr, "%s: an output file name is empty\n", CLI_PROG);
		return 2;
	}
	int err, fd = -1;
	const char *doing = "cannot open";
	o->target = follow_links(path, &err);
	if (!o->target) {
		fprintf(stderr, "%s: %s: cannot follow the link: %s\n", CLI_PROG, CLI_Q(path), strerror(err));
		return 2;
	}
	struct stat st;
	bool exists = stat(o->target, &st) == 0;
	if (exists && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: %s: is a directory\n", CLI_PROG, CLI_Q(path));
		free(o->target);
		o->target = NULL;
		return 2;
	}
	if (exists && S_ISSOCK(st.st_mode)) {
		doing = "cannot connect to the socket";
		fd = connect_socket(o->target);
	} else if (exists && !S_ISREG(st.st_mode)) {
		/* a device or a FIFO: written in place (replacing it would turn
		 * /dev/null into a regular file for the whole machine) */
		fd = open(o->target, O_WRONLY | O_NOCTTY);
	} else {
		/* an existing file must be writable, as a shell's > wants it */
		if (exists && (fd = open(o->target, O_WRONLY | O_NOCTTY)) < 0)
			goto fail;
		if (fd >= 0)
			close(fd);
		doing = exists ? "cannot create a temporary file next to it" : "cannot create";
		fd = create_temp(o);
		if (fd >= 0 && exists) {
			/* the file keeps its owner and mode: chown first, as it may
			 * clear set-user-ID bits that fchmod then restores */
			if ((st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(fd, st.st_uid, st.st_gid) != 0) {
				int e = errno;
				if (fchown(fd, (uid_t)-1, st.st_gid) != 0 || st.st_uid != geteuid())
					fprintf(stderr, "%s: %s: warning: the new file is owned by uid %ld gid %ld, not %ld %ld: %s\n",
						CLI_PROG, CLI_Q(path), (long)geteuid(), (long)getegid(), (long)st.st_uid,
						(long)st.st_gid, strerror(e));
			}
			if (fchmod(fd, st.st_mode & 07777) != 0) {
				doing = "cannot give the temporary file the file's mode";
				int e = errno;
				close(fd);
				remove(o->tmp);
				errno = e;
				fd = -1;
			}
		}
	}
	if (fd >= 0 && !(o->f = fdopen(fd, "wb"))) {
		int e = errno;
		close(fd);
		if (o->tmp)
			remove(o->tmp);
		errno = e;
		fd = -1;
	}
	if (fd >= 0)
		return 0;
fail:
	err = errno;
	if (strcmp(o->target, path))
		fprintf(stderr, "%s: %s (-> %s): %s: %s\n", CLI_PROG, CLI_Q(path), CLI_Q(o->target), doing, strerror(err));
	else
		fprintf(stderr, "%s: %s: %s: %s\n", CLI_PROG, CLI_Q(path), doing, strerror(err));
	free(o->target);
	free(o->tmp);
	memset(o, 0, sizeof *o);
	return 2;
}

enum { CLI_WRITE_DIRECT = 1 << 14 };

int cli_out_write(void *out, const void *p, size_t n)
{
	struct cli_out *o = out;
	if (n >= CLI_WRITE_DIRECT) {
		/* the library's buffer flushed (64 KiB), a helper's run (~0.4
		 * MB): one write(2), where stdio's block-sized buffer made it
		 * two or three (fill, flush, the rest straight): ~19,000 calls
		 * for 635 MB of a630 text, ~9,700 now.  What stdio holds goes
		 * first, so the order is kept. */
		if (fflush(o->f) != 0) {
			out_failed(o, errno);
			return -1;
		}
		const char *c = p;
		while (n) {
			ssize_t k = write(fileno(o->f), c, n);
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0) {
				out_failed(o, k < 0 ? errno : EIO);
				return -1;
			}
			c += k;
			n -= (size_t)k;
		}
		return 0;
	}
	if (fwrite(p, 1, n, o->f) == n)
		return 0;
	out_failed(o, errno);
	return -1;
}

int cli_out_close(struct cli_out *o, int keep)
{
	if (!o || !o->f)
		return 0;
	FILE *f = o->f;
	int rc = 0;
	errno = 0;
	if (fflush(f) != 0 || ferror(f))
		out_failed(o, errno);
	if (f == stdout) {
		if (o->failed) {
			say_write_error(o);
			stdout_said = true;
			rc = 2;
		}
		o->f = NULL;
		return rc;
	}
	/* the data on disk before the rename makes it the file's new content */
	if (o->tmp && keep && !o->failed && fsync(fileno(f)) != 0)
		out_failed(o, errno);
	errno = 0;
	if (fclose(f) != 0)
		out_failed(o, errno);
	if (o->failed) {
		say_write_error(o);
		rc = 2;
	}
	if (o->tmp && (rc || !keep)) {
		remove(o->tmp);
	} else if (o->tmp && rename(o->tmp, o->target) != 0) {
		int e = errno;
		fprintf(stderr, "%s: %s: cannot rename the temporary file %s over it: %s\n", CLI_PROG, CLI_Q(o->target),
			CLI_Q(o->tmp), strerror(e));
		remove(o->tmp);
		rc = 2;
	}
	free(o->tmp);
	free(o->target);
	memset(o, 0, sizeof *o);
	return rc;
}

int cli_out_flush(struct cli_out *o)
{
	if (fflush(o->f) == 0 && !ferror(o->f))
		return 0;
	out_failed(o, errno);
	return -1;
}

void cli_stdout_note(void)
{
	if (ferror(stdout) && !stdout_errno)
		stdout_errno = errno;
}

int cli_stdout_finish(int rc)
{
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		int e = errno ? errno : stdout_errno;
		if (!stdout_said)
			fprintf(stderr, "%s: write error: standard output: %s\n", CLI_PROG,
				e ? strerror(e) : "reason not reported by the system");
		stdout_said = true;
		return rc ? rc : 2;
	}
	return rc;
}

int cli_coords_line(FILE *f, char *line, size_t cap, const char **why, bool *eof)
{
	size_t len = 0;
	int ch;
	bool nul = false;
	*eof = false;
	while ((ch = fgetc(f)) != EOF && ch != '\n') {
		nul |= ch == 0;
		if (len < cap - 1)
			line[len] = (char)ch;
		len++;
	}
	if (ch == EOF) {
		*eof = true;
		if (len == 0)
			return 0;
	}
	if (nul || len >= cap - 1) {
		*why = nul ? "NUL byte in the line" : "line too long";
		return -1;
	}
	line[len] = 0;
	return 1;
}

void cli_close(FILE *f)
{
	if (f && f != stdin && f != stdout)
		fclose(f);
}

const char *cli_display_name(const char *name)
{
	return (!name || !strcmp(name, "-")) ? "<stdin>" : name;
}

int cli_decode_format(const char *format, enum gk_in_format *inf)
{
	*inf = GK_IN_AUTO;
	if (!format || gk_in_format_parse(format, inf) == 0)
		return 0;
	fprintf(stderr, "%s: -f takes one of %s; not %s\n", CLI_PROG, gk_in_format_list(), CLI_Q(format));
	return 2;
}

int cli_encode_format(const char *format, int *hex)
{
	*hex = format && !strcmp(format, "hex");
	if (format && !*hex && strcmp(format, "bin")) {
		fprintf(stderr, "%s: encode -f takes bin or hex, not %s\n", CLI_PROG, CLI_Q(format));
		return 2;
	}
	return 0;
}

int cli_emit_words(void *words, const uint32_t *w, size_t n)
{
	struct cli_words *e = words;
	for (size_t i = 0; i < n; i++) {
		if (e->hex) {
			/* per_line words a line (a 64-bit instruction's two), else one */
			bool last = !e->per_line || (i + 1) % e->per_line == 0 || i + 1 == n;
			if (fprintf(e->out, last ? "0x%08x\n" : "0x%08x ", w[i]) < 0)
				e->failed = 1;
		} else {
			/* the words little-endian, up to 64 in one fwrite (one call
			 * per word was 1 % of an ir3 encode) */
			unsigned char b[64 * 4];
			size_t k = 0;
			for (; k < 64 && i + k < n; k++) {
				uint32_t x = w[i + k];
				b[4 * k] = (unsigned char)x;
				b[4 * k + 1] = (unsigned char)(x >> 8);
				b[4 * k + 2] = (unsigned char)(x >> 16);
				b[4 * k + 3] = (unsigned char)(x >> 24);
			}
			if (fwrite(b, 1, 4 * k, e->out) != 4 * k)
				e->failed = 1;
			i += k - 1;
		}
	}
	return e->failed ? -1 : 0;
}

/* a terminal's line: read() returns once a line is typed (stdio has
 * buffered nothing of f: this function is its only reader); *err on a
 * read error, which ferror(f) would not see */
static size_t tty_block(char *block, size_t cap, FILE *f, int *err)
{
	for (;;) {
		ssize_t n = read(fileno(f), block, cap);
		if (n >= 0)
			return (size_t)n;
		if (errno != EINTR) {
			*err = 1;
			return 0;
		}
	}
}

/* The input is read in blocks and cut at each '\n' with memchr: a line
 * inside a block goes to fn from there, only one that spans blocks is
 * gathered in buf.  (getc per character was 6 % of an ir3 encode of the
 * bench's a6xx text: 1,700 instructions a line in callgrind.) */
int cli_each_line(FILE *f, const char *name, void (*fn)(void *ctx, unsigned line, const char *s, size_t n),
		  void *ctx)
{
	enum { BLOCK = 1 << 16 };
	const size_t limit = (size_t)64 << 20; /* a line of this length or more is too long */
	size_t cap = 256, len = 0;
	char *block = malloc(BLOCK), *buf = malloc(cap);
	if (!block || !buf) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		free(block);
		free(buf);
		return 2;
	}
	unsigned line = 1;
	int rc = 0, too_long = 0;
	/* from a terminal, what read() returns (a line as it is typed), so
	 * each line is answered when it is entered, not after 64 KiB or EOF */
	int tty = isatty(fileno(f)), tty_err = 0;
	size_t got;
	while (rc != 2 && (got = tty ? tty_block(block, BLOCK, f, &tty_err) : fread(block, 1, BLOCK, f)) > 0) {
		for (size_t i = 0; i < got && rc != 2;) {
			const char *s = block + i, *nl = memchr(s, '\n', got - i);
			size_t k = (size_t)((nl ? nl : block + got) - s);
			if (nl && !len && !too_long) {
				fn(ctx, line++, s, k); /* the whole line in this block */
				i += k + 1;
				continue;
			}
			if (!too_long && k) {
				if (len + k >= limit) {
					fprintf(stderr, "%s:%u: error: line longer than 64 MiB\n", name, line);
					too_long = 1;
					rc = 1;
				} else if (len + k > cap) {
					size_t want = cap;
					while (want < len + k)
						want *= 2;
					char *bigger = realloc(buf, want);
					if (!bigger) {
						fprintf(stderr, "%s: out of memory\n", CLI_PROG);
						rc = 2;
						break;
					}
					buf = bigger;
					cap = want;
				}
				if (!too_long) {
					memcpy(buf + len, s, k);
					len += k;
				}
			}
			i += k;
			if (nl) {
				fn(ctx, line++, buf, too_long ? 0 : len); /* a skipped line still counts */
				len = 0;
				too_long = 0;
				i++;
			}
		}
	}
	if (ferror(f) || tty_err) {
		fprintf(stderr, "%s: %s: read error\n", CLI_PROG, name);
		rc = 2;
	} else if ((len || too_long) && rc != 2) {
		fn(ctx, line, buf, too_long ? 0 : len); /* the last line, without its '\n' */
	}
	free(block);
	free(buf);
	return rc;
}

int cli_input_error(const char *name, const struct gk_input *in)
{
	const struct gk_diag *e = gk_input_error(in);
	if (!e)
		return 0;
	if (e->line)
		fprintf(stderr, "%s:%u:%u: error: %.*s\n", name, e->line, e->col,
			(int)gk_diag_message_len(e), e->message);
	else
		fprintf(stderr, "%s:0x%llx: error: %.*s\n", name, (unsigned long long)e->offset,
			(int)gk_diag_message_len(e), e->message);
	/* a damaged gzip file, or words that only begin like one */
	if (gk_input_gzipped(in) && !strncmp(e->message, "gzip:", 5))
		fprintf(stderr, "%s: note: not a gzip file? --no-gzip reads its bytes as they are\n", name);
	return 2;
}

int cli_check_summary(const char *name, unsigned long long errors, unsigned long long warnings)
{
	fprintf(stderr, "%s: %llu error%s, %llu warning%s\n", name, errors, errors == 1 ? "" : "s", warnings,
		warnings == 1 ? "" : "s");
	return errors ? 1 : 0;
}

/* ---- the progress indicator (cli.h) ---- */

static double mono_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_start(struct cli_progress *p, const char *name, FILE *f, bool json, bool long_work,
			bool stdout_shows)
{
	memset(p, 0, sizeof *p);
	p->name = name;
	p->f = f;
	p->long_work = long_work;
	const char *env = getenv("GFXKIT_PROGRESS");
	p->always = env && !strcmp(env, "always");
	/* a pipe, a file or JSON gets no indicator; a terminal that shows the
	 * decoded units shows the progress already */
	p->on = !json && !stdout_shows && isatty(STDERR_FILENO) && !(env && !strcmp(env, "never"));
	struct stat st;
	if (f && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		p->total = (uint64_t)st.st_size;
	p->t0 = mono_seconds();
	p->next = p->t0 + (p->always ? 0 : long_work ? CLI_PROGRESS_SECONDS : 0.5);
}

/* "1.2 s", "42 s", "3:07", "1:02:03" */
static void put_duration(char *b, size_t n, double s)
{
	unsigned long t = s < 0 ? 0 : s > 359999 ? 359999 : (unsigned long)(s + 0.5);
	if (s < 10)
		snprintf(b, n, "%.1f s", s < 0 ? 0 : s);
	else if (t < 60)
		snprintf(b, n, "%lu s", t);
	else if (t < 3600)
		snprintf(b, n, "%lu:%02lu", t / 60, t % 60);
	else
		snprintf(b, n, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
}

static void progress_draw(struct cli_progress *p, double now)
{
	double el = now - p->t0;
	double rate = el > 0 ? (double)p->done / el : 0;
	/* the name's last 24 bytes: the line stays within 80 columns */
	size_t nl = strlen(p->name);
	const char *nm = nl > 24 ? p->name + nl - 24 : p->name;
	char line[160];
	int k;
	if (p->total >= p->done && p->total) {
		char left[32];
		put_duration(left, sizeof left, rate > 0 ? (double)(p->total - p->done) / rate : 0);
		k = snprintf(line, sizeof line, "\r%s%s: %.0f of %.0f MB (%.0f%%), %.0f MB/s, %s left\033[K",
			     nl > 24 ? "..." : "", nm, (double)p->done / 1e6, (double)p->total / 1e6,
			     100.0 * (double)p->done / (double)p->total, rate / 1e6, left);
	} else {
		char took[32];
		put_duration(took, sizeof took, el);
		k = snprintf(line, sizeof line, "\r%s%s: %.0f MB, %.0f MB/s, %s\033[K", nl > 24 ? "..." : "", nm,
			     (double)p->done / 1e6, rate / 1e6, took);
	}
	if (k > 0)
		fwrite(line, 1, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1, stderr);
	p->shown = true;
}

long cli_progress_read(void *ctx, void *buf, size_t cap)
{
	struct cli_progress *p = ctx;
	long r = gk_read_stdio(p->f, buf, cap);
	if (r > 0)
		p->done += (uint64_t)r;
	if (!p->on || r <= 0)
		return r;
	/* large work only: a file over the size, an input of unknown size
	 * past it, run and lint past a few seconds */
	bool large = p->always || p->long_work || p->total > CLI_PROGRESS_BYTES ||
		     (!p->total && p->done > CLI_PROGRESS_BYTES);
	if (!large)
		return r;
	double now = mono_seconds();
	if (now >= p->next) {
		progress_draw(p, now);
		p->next = now + 0.25;
	}
	return r;
}

void cli_progress_clear(struct cli_progress *p)
{
	if (p && p->shown) {
		fputs("\r\033[K", stderr);
		p->shown = false;
	}
}

void cli_progress_end(struct cli_progress *p)
{
	cli_progress_clear(p);
	if (p)
		p->on = false;
}

int cli_progress_write(void *ctx, const void *buf, size_t n)
{
	struct cli_progress_out *w = ctx;
	cli_progress_clear(w->p); /* the output's lines start at the left edge */
	return w->write(w->ctx, buf, n);
}

/* A memory image's words as bytes, for gk_mem_load: the stream is read
 * into the memory's own buffer, never collected a second time. */
struct image_reader {
	struct gk_input *in;
	size_t part;    /* bytes of the first available word already given */
	uint64_t total; /* bytes given */
	uint64_t next;  /* the dump address the next word of this buffer has */
};

static long read_image(void *ctx, void *buf, size_t cap)
{
	struct image_reader *r = ctx;
	uint8_t *out = buf;
	size_t n = 0;
	if (cap > (size_t)LONG_MAX)
		cap = (size_t)LONG_MAX;
	while (n < cap) {
		long avail = gk_input_fill(r->in, 1 << 16);
		if (avail < 0 && (r->total || n) && gk_input_error(r->in) && gk_input_error(r->in)->line)
			break; /* a text image cut by an error: the words before it (load_image warns) */
		if (avail < 0)
			return n ? (long)n : -1; /* the input's error: gk_input_error says it */
		if (avail > 0 && !r->part) {
			/* the buffer ends at a break: the next one is at its own address */
			if (gk_input_offset(r->in) != r->next)
				break;
			size_t u = gk_input_unbroken(r->in);
			avail = (size_t)avail > u ? (long)u : avail;
		}
		if (avail == 0)
			break;
		const uint8_t *w = (const uint8_t *)gk_input_words(r->in);
		size_t have = (size_t)avail * 4 - r->part, take = have < cap - n ? have : cap - n;
		memcpy(out + n, w + r->part, take);
		n += take;
		size_t used = r->part + take;
		gk_input_skip(r->in, used / 4);
		r->next += 4ull * (used / 4);
		r->part = used % 4;
	}
	r->total += n;
	return (long)n;
}

static void unmap_image(void *ctx, void *data, size_t size)
{
	(void)ctx;
	munmap(data, size);
}

/* A binary image in a regular file, mapped privately: the run's writes stay
 * in the process, and only the pages the run touches are read (a 1 GiB
 * image was held twice, read and copied: 2.1 GB resident).  1 when mapped,
 * 0 when it is not such a file (or cannot be mapped: it is read instead),
 * 2 after saying what is wrong. */
static int map_image(struct gk_mem *m, const char *where, uint64_t addr, FILE *f)
{
	struct stat st;
	if (f == stdin || fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 || st.st_size % 4 ||
	    (uintmax_t)st.st_size > SIZE_MAX)
		return 0; /* a trailing part-word is the reader's error to report */
	size_t size = (size_t)st.st_size;
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fileno(f), 0);
	if (p == MAP_FAILED)
		return 0;
	struct gk_diag err;
	if (gk_mem_add_lent(m, addr, p, size, unmap_image, NULL, &err) != 0) {
		munmap(p, size);
		fprintf(stderr, "%s: %s: %s\n", CLI_PROG, where, err.message);
		return 2;
	}
	return 1;
}

static void input_notes(const char *name, const struct gk_input *in, unsigned *shown);

/* Whether memory m already holds address a. */
static bool held_at(const struct gk_mem *m, uint64_t a)
{
	struct gk_mem_region g;
	for (size_t i = 0; i < gk_mem_count(m) && gk_mem_region_at(m, i, &g) == 0; i++)
		if (a >= g.base && a - g.base < g.size)
			return true;
	return false;
}

/* One memory image: FILE in any form decode reads (a dump's own addresses
 * count from ADDR), loaded at ADDR; e, when given, names the registers a
 * listing prints in place of their offsets (a umr listing of an IB).  0, or
 * 2 after saying what is wrong. */
static int load_image(struct gk_mem *m, const char *where, uint64_t addr, const char *file, struct gk_engine *e)
{
	FILE *f = cli_open_in(file, "rb");
	if (!f)
		return 2;
	struct gk_input *in = gk_input_create(gk_read_stdio, f, GK_IN_AUTO, 4);
	if (!in) {
		cli_close(f);
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		return 2;
	}
	gk_input_set_base(in, addr);
	if (e)
		gk_input_set_reg_lookup(in, gk_engine_reg_lookup, e);
	int rc = 0;
	gk_input_fill(in, 1); /* what the file is */
	if (gk_input_format(in) == GK_IN_BIN)
		rc = map_image(m, where, addr, f);
	if (rc == 1) {
		rc = 0;
	} else if (!rc) {
		/* each buffer of the dump at its own address (a umr listing's
		 * sections: the ring, each IB), one region each */
		struct image_reader r = { in, 0, 0, 0 };
		/* (r.next: each buffer's start, set below) */
		struct gk_diag err;
		int lr = 0;
		unsigned nbufs = 0;
		uint64_t first = addr, last = addr;
		while (!lr && gk_input_fill(in, 1) > 0) {
			uint64_t at = gk_input_offset(in), before = r.total;
			if (nbufs && held_at(m, at)) {
				/* a listing that shows one buffer twice (umr following
				 * the same IB again): memory gives each address once */
				fprintf(stderr, "%s: %s: %s holds words for 0x%llx, which an earlier buffer (of this image or "
					"another --mem) already gives: give each address once\n", CLI_PROG, where, CLI_Q(file),
					(unsigned long long)at);
				rc = 2;
				break;
			}
			r.next = at;
			lr = gk_mem_load(m, at, read_image, &r, &err);
			if (r.total == before)
				break;
			/* the lowest and highest addresses given (a ring that wrapped
			 * gives its later words at lower addresses) */
			uint64_t end = at + (r.total - before) - 1;
			first = nbufs && first < at ? first : at;
			last = nbufs && last > end ? last : end;
			nbufs++;
		}
		const struct gk_diag *cut = gk_input_error(in);
		if (rc) {
			/* said above */
		} else if (!lr && r.total && cut && cut->line) {
			/* a listing that cannot be read whole (umr leaves out a word
			 * nothing in it gives): the words before the error are the
			 * image, and a run that reaches past them faults there */
			fprintf(stderr, "%s:%u:%u: warning: %.*s\n", file, cut->line, cut->col, (int)gk_diag_message_len(cut),
				cut->message);
			fprintf(stderr, "%s: %s: the image is the %llu bytes before that line, %s0x%llx..0x%llx\n", CLI_PROG,
				where, (unsigned long long)r.total, nbufs > 1 ? "in buffers at their own addresses, " : "",
				(unsigned long long)first, (unsigned long long)last);
		} else if (lr || cut) {
			if (cut)
				rc = cli_input_error(file, in);
			else
				fprintf(stderr, "%s: %s: %s\n", CLI_PROG, where, err.message);
			rc = 2;
		} else if (!r.total) {
			fprintf(stderr, "%s: %s: %s holds no words: an empty image gives no memory\n", CLI_PROG, where,
				CLI_Q(file));
			rc = 2;
		}
		if (!rc) {
			/* what the reader rebuilt or cut, as decode says it */
			unsigned shown = 0;
			input_notes(file, in, &shown);
			if (nbufs > 1)
				fprintf(stderr, "%s: %s: the image is %u buffers, each at the listing's own address, 0x%llx..0x%llx\n",
					CLI_PROG, where, nbufs, (unsigned long long)first, (unsigned long long)last);
		}
	}
	gk_input_destroy(in);
	cli_close(f);
	return rc;
}

struct gk_mem *cli_load_memory(const struct cli_opts *o, struct gk_engine *e)
{
	struct gk_mem *m = gk_mem_create(0);
	if (!m) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		return NULL;
	}
	for (unsigned i = 0; i < o->nmem; i++) {
		const char *eq = strchr(o->mem[i], '=');
		uint64_t addr;
		if (gk_parse_uint(o->mem[i], (size_t)(eq - o->mem[i]), &addr)) {
			fprintf(stderr, "%s: --mem %s: ADDR is not a number (0x hex or decimal)\n", CLI_PROG, CLI_Q(o->mem[i]));
			gk_mem_destroy(m);
			return NULL;
		}
		if (load_image(m, CLI_Q(o->mem[i]), addr, eq + 1, e)) {
			gk_mem_destroy(m);
			return NULL;
		}
	}
	FILE *map = o->mem_map ? cli_open_in(o->mem_map, "r") : NULL;
	if (o->mem_map && !map) {
		gk_mem_destroy(m);
		return NULL;
	}
	char line[4096];
	for (unsigned ln = 1; map && fgets(line, sizeof line, map); ln++) {
		char *p = line + strspn(line, " \t");
		if (*p == '#' || *p == '\n' || !*p)
			continue;
		size_t al = strcspn(p, " \t");
		char *file = p + al + strspn(p + al, " \t");
		file[strcspn(file, "\r\n")] = 0;
		uint64_t addr;
		char where[CLI_QUOTE_CAP + 16];
		snprintf(where, sizeof where, "%s:%u", CLI_Q(o->mem_map), ln);
		if (gk_parse_uint(p, al, &addr) || !*file) {
			fprintf(stderr, "%s: %s: expected 'ADDR FILE'\n", CLI_PROG, where);
			cli_close(map);
			gk_mem_destroy(m);
			return NULL;
		}
		if (load_image(m, where, addr, file, e)) {
			cli_close(map);
			gk_mem_destroy(m);
			return NULL;
		}
	}
	cli_close(map);
	return m;
}

static int run_stream_file(const struct cli_opts *o, struct gk_engine *e, int checking, int trailing_is_diag,
			   struct cli_out *of, bool *opened);

/* decode --summary: every unit to the Adreno summary, which prints; the
 * units themselves are not shown */
struct summary_ctx {
	struct gk_adreno_summary *s;
	struct gk_input *in;
	struct gk_out *out;
};

static int summary_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
			const struct gk_diags *dg)
{
	struct summary_ctx *c = ctx;
	(void)offset;
	(void)words;
	(void)n;
	(void)dg;
	gk_adreno_summary_unit(c->s, e, gk_input_submit(c->in), c->out);
	return GK_UNIT_GO;
}

/* The threads a decode may use (gk_stream_opts.threads): -j N, else the
 * cores the machine has online less those busy with other work as it
 * starts, at most the stream loop's 8 (0 from -j reads as 1: this one).
 * A helper thread that must wait for a core costs more than it gives:
 * next to one busy process on two cores, -j 2 took 0.40-0.48 s over a
 * 50 MB GFX9 stream where one thread took 0.34.  Busy cores are what
 * Linux's /proc/loadavg counts as running now, less this process (none
 * where there is no such file). */
static unsigned cli_threads(const struct cli_opts *o)
{
	if (o->has_threads)
		return o->threads > 8 ? 8 : o->threads ? (unsigned)o->threads : 1;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	/* the least of three readings 0.1 ms apart: one reading caught a
	 * kernel thread passing by often enough that 2 of 3 bench runs of a
	 * CIK decode went on one thread on a quiet machine (317 MB/s against
	 * 470); a process that keeps a core busy is running at all three */
	long busy = -1;
	for (int k = 0; k < 3 && busy != 0; k++) {
		if (k) {
			struct timespec ts = { 0, 100000 };
			nanosleep(&ts, NULL);
		}
		FILE *f = fopen("/proc/loadavg", "r");
		if (!f)
			break;
		double a, b, c;
		long running, all;
		if (fscanf(f, "%lf %lf %lf %ld/%ld", &a, &b, &c, &running, &all) == 5 && running >= 1 &&
		    (busy < 0 || running - 1 < busy))
			busy = running - 1;
		fclose(f);
	}
	if (busy > 0)
		n -= busy;
	return n < 1 ? 1 : n > 8 ? 8 : (unsigned)n;
}

static int discard_write(void *ctx, const void *p, size_t n)
{
	(void)ctx;
	(void)p;
	(void)n;
	return 0;
}

/* the input reader's notes from *shown on (which devcoredump ring is read
 * and why; a pointer it had to bring into the ring, as a warning), on
 * stderr: "FILE:LINE: note: ..." or "FILE: warning: ..." */
static void input_notes(const char *name, const struct gk_input *in, unsigned *shown)
{
	const char *note;
	uint32_t line;
	for (; (note = gk_input_note(in, *shown, &line)) != NULL; ++*shown) {
		const char *kind = gk_input_note_warns(in, *shown) ? "warning" : "note";
		if (line)
			fprintf(stderr, "%s:%u: %s: %s\n", name, line, kind, note);
		else
			fprintf(stderr, "%s: %s: %s\n", name, kind, note);
	}
}

int cli_run_stream(const struct cli_opts *o, struct gk_engine *e, int checking, int trailing_is_diag)
{
	enum gk_in_format inf;
	if (cli_decode_format(o->format, &inf))
		return 2;
	struct cli_out of;
	if (cli_out_open(&of, o->out))
		return 2;
	/* one stream per input, in order, into one output; the exit status
	 * is the worst of them */
	struct cli_opts one = *o;
	int rc = 0;
	bool opened = false; /* an input was read: the output is what it shows */
	for (unsigned i = 0; i < (o->nfiles ? o->nfiles : 1) && !of.failed; i++) {
		one.file = o->files[i];
		one.nfiles = 1;
		int r = run_stream_file(&one, e, checking, trailing_is_diag, &of, &opened);
		rc = r > rc ? r : rc;
	}
	/* what was shown is kept (up to an input that cannot be read: the
	 * messages say where), unless no input could be opened or writing
	 * failed: then a file given to -o stays as it was */
	int w = cli_out_close(&of, opened);
	return w > rc ? w : rc;
}

static int run_stream_file(const struct cli_opts *o, struct gk_engine *e, int checking, int trailing_is_diag,
			   struct cli_out *of, bool *opened)
{
	int rc_early;
	enum gk_in_format inf;
	if (cli_decode_format(o->format, &inf))
		return 2;
	struct gk_mem *mem = NULL;
	if ((o->follow || o->nmem || o->mem_map) && !(mem = cli_load_memory(o, e)))
		return 2;
	/* amdgpu's debugfs ring files are binary with a header: their name says so */
	const char *base = o->file ? strrchr(o->file, '/') : NULL;
	base = base ? base + 1 : o->file;
	if (inf == GK_IN_AUTO && base && !strncmp(base, "amdgpu_ring_", 12))
		inf = GK_IN_AMDGPU_RING;
	FILE *f = cli_open_in(o->file, "rb");
	if (!f) {
		gk_mem_destroy(mem);
		return 2;
	}
	*opened = true;
	const char *name = cli_display_name(o->file);
	/* the input is read through the progress indicator, which counts its
	 * bytes (a binary input's trailing partial unit is sized from them) */
	struct cli_progress src;
	cli_progress_start(&src, name, f, o->json, false, !checking && isatty(fileno(of->f)));
	/* e NULL: no -g, the GPU the input says (an .rd capture's GPU_ID) */
	struct gk_input *in = gk_input_create(cli_progress_read, &src, inf, e ? gk_engine_unit_bytes(e) : 4);
	if (in && o->no_gzip)
		gk_input_set_gzip(in, false);
	if (in && o->has_base)
		gk_input_set_base(in, o->base);
	if (in && o->has_submit)
		gk_input_set_submits(in, o->submit, o->submit);
	/* listings that name registers in place of their offsets (umr, Mesa) */
	if (in && e)
		gk_input_set_reg_lookup(in, gk_engine_reg_lookup, e);
	if (in && o->ring && gk_input_set_ring(in, o->ring)) {
		fprintf(stderr, "%s: --ring takes a ring name of 1 to 63 bytes, not '%s'\n", CLI_PROG, CLI_Q(o->ring));
		gk_input_destroy(in);
		cli_close(f);
		gk_mem_destroy(mem);
		return 2;
	}
	if (!in) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		cli_close(f);
		gk_mem_destroy(mem);
		return 2;
	}
	static char obuf[1 << 16];
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, cli_out_write, of);
	static struct cli_color colored; /* 8 KiB: not on the stack */
	bool color = !o->json && cli_color_wanted(o->color, of->f);
	if (color) {
		colored.f = of->f;
		colored.n = 0;
		colored.raw = false;
		out.write = cli_color_write;
		out.ctx = &colored;
	}
	/* a capture says its GPU and the engine of its streams in its first
	 * sections: that engine for the GPU -g gives, else for its own */
	unsigned notes = 0;
	gk_input_fill(in, 1);
	cli_progress_clear(&src);
	const char *ieng = NULL, *igpu = gk_input_gpu(in, &ieng);
	struct gk_engine *own = NULL;
	if (!gk_input_error(in) && ((!e && igpu) || (e && ieng && !o->engine && strcmp(gk_engine_name(e), ieng)))) {
		struct gk_diag err;
		own = gk_engine_open(o->engine ? o->engine : ieng, o->gpu ? o->gpu : igpu, &err);
		if (!own) {
			fprintf(stderr, "%s: %s: %s (the GPU the capture names; -g overrides it)\n", CLI_PROG, name, err.message);
			gk_input_destroy(in);
			cli_close(f);
			gk_mem_destroy(mem);
			return 2;
		}
		e = own;
	}
	if (!e) {
		input_notes(name, in, &notes);
		if (gk_input_error(in)) {
			rc_early = cli_input_error(name, in);
		} else {
			fprintf(stderr, "%s: -g GPU is required: %s does not say which GPU it is from\n", CLI_PROG, name);
			rc_early = 2;
		}
		gk_input_destroy(in);
		cli_close(f);
		gk_mem_destroy(mem);
		return rc_early;
	}
	/* a capture that holds its buffers by submit is followed from them
	 * (as cffdump does), --follow or not */
	bool own_mem = gk_input_has_memory(in);
	struct cli_progress_out pw = { &src, out.write, out.ctx };
	if (src.on) { /* output to the terminal the indicator is on: erased first */
		out.write = cli_progress_write;
		out.ctx = &pw;
	}
	struct gk_stream_opts so = {
		.check = checking, .json = o->json, .json_flags = o->text ? GK_JSON_TEXT : 0, .raw_words = o->raw,
		.name = name, .bos = o->bos, .nbos = o->nbos, .skip = o->skip, .count = o->count,
		.mem_read = own_mem ? gk_input_mem_read : o->follow ? gk_mem_reader : NULL,
		.mem_ctx = own_mem ? (void *)in : (void *)mem,
		/* check stops printing at 1000 (1 GB of garbage would print 268
		 * million lines); decode shows everything unless asked */
		.max_diags = o->has_max_errors ? o->max_errors : checking ? CLI_CHECK_MAX_ERRORS : 0,
		.threads = checking ? 1 : cli_threads(o), /* check stays on one thread (docs/architecture.md) */
	};
	struct gk_stream_stats stats;
	/* a devcoredump says which of its rings it reads as soon as the ring's
	 * words begin: the note comes before the decode */
	input_notes(name, in, &notes);
	struct summary_ctx sc = { NULL, in, &out };
	char sbuf[4096];
	struct gk_out quiet = GK_OUT_INIT(sbuf, sizeof sbuf, discard_write, NULL);
	if (o->summary) {
		sc.s = strcmp(gk_engine_name(e), "adreno") ? NULL : gk_adreno_summary_create(gk_engine_gpu(e));
		if (!sc.s) {
			cli_progress_end(&src);
			fprintf(stderr, "%s: %s: --summary is for Adreno streams (-e adreno, an .rd capture)\n", CLI_PROG, name);
			gk_input_destroy(in);
			cli_close(f);
			gk_mem_destroy(mem);
			gk_engine_close(own);
			return 2;
		}
		so.unit = summary_unit;
		so.unit_ctx = &sc;
		so.json = 0;
	}
	gk_stream_run(e, in, &so, sc.s ? &quiet : &out, &stats);
	cli_progress_end(&src);
	if (sc.s) {
		gk_adreno_summary_end(sc.s, &out);
		gk_adreno_summary_destroy(sc.s);
	}
	gk_out_flush(&out);
	if (color && cli_color_flush(&colored))
		out.failed = 1;
	input_notes(name, in, &notes);
	unsigned long long errors = stats.errors;
	const struct gk_diag *ie = gk_input_error(in);
	if (ie && ie->code == GK_D_TRUNCATED && trailing_is_diag) {
		/* a binary input's trailing bytes: a diagnostic of the stream, after
		 * its whole units, not a failure to read it */
		struct gk_diags dg = { .n = 1, .errors = 1 };
		struct gk_diag *d = &dg.d[0];
		d->severity = GK_ERROR;
		d->code = GK_D_TRUNCATED;
		d->offset = ie->offset;
		d->dw = -1;
		d->lo = d->hi = -1;
		snprintf(d->message, sizeof d->message, "%u trailing bytes: not a whole %u-bit instruction",
			 (unsigned)(src.done - ie->offset), 8 * gk_engine_unit_bytes(e));
		errors++;
		if (o->json) { /* the end line every engine writes */
			gk_json_end(gk_engine_name(e), ie->offset, &dg, &out);
			gk_out_flush(&out);
		} else {
			fprintf(of->f, checking ? "%s:0x%llx: error: %s\n" : "    ; %s:0x%llx: error: %s\n", name,
				(unsigned long long)ie->offset, d->message);
		}
		ie = NULL;
	}
	/* a write that failed (the colour writer and fprintf write to the
	 * FILE itself): cli_out_close says why */
	if (cli_out_flush(of) || out.failed)
		of->failed = 1;
	if (stats.hidden)
		fprintf(stderr, "%s: %llu more diagnostic%s not shown (--max-errors %llu)\n", name,
			(unsigned long long)stats.hidden, stats.hidden == 1 ? "" : "s", (unsigned long long)so.max_diags);
	int rc = 0;
	if (ie)
		rc = cli_input_error(name, in);
	else if (of->failed)
		rc = 2; /* said by cli_out_close */
	else if (checking)
		rc = cli_check_summary(name, errors, stats.warnings);
	else if (o->strict && errors)
		rc = 1; /* decode --strict judges while it shows */
	cli_close(f);
	gk_input_destroy(in);
	gk_mem_destroy(mem);
	gk_engine_close(own);
	return rc;
}

/* The assembler's messages, each with its source line and a caret under
 * the column, as compilers print them.  Messages of the packet being
 * built may name a line read a little before: the last RECENT lines are
 * kept (each up to RECENT_LEN bytes) to show them. */
#define RECENT 64
#define RECENT_LEN 256

struct encode_ctx {
	const char *name;
	struct gk_engine_asm *a;
	uint64_t max_errors;       /* 0: every error */
	bool color;                /* colour on stderr (--color, NO_COLOR, a terminal) */
	unsigned long long errors, warnings, hidden;
	unsigned lines[RECENT];    /* line number of each slot (0: empty) */
	char text[RECENT][RECENT_LEN];
	size_t len[RECENT];
};

static void show_source(const struct encode_ctx *c, const struct gk_diag *d)
{
	unsigned k = d->line % RECENT;
	if (!d->line || c->lines[k] != d->line)
		return;
	fprintf(stderr, "  %.*s\n", (int)c->len[k], c->text[k]);
	if (d->col >= 1 && d->col <= c->len[k] + 1) {
		/* the caret under the column: tabs kept so it lines up */
		fputs("  ", stderr);
		for (size_t i = 0; i + 1 < d->col; i++)
			fputc(c->text[k][i] == '\t' ? '\t' : ' ', stderr);
		if (c->color)
			cli_color_mark(stderr, "^");
		else
			fputc('^', stderr);
		fputc('\n', stderr);
	}
}

/* "FILE:LINE:COL: error: [PACKET: ]message", the line, the caret */
static int encode_diag(void *ctx, const struct gk_diag *d)
{
	struct encode_ctx *c = ctx;
	bool error = d->severity == GK_ERROR;
	unsigned long long *n = error ? &c->errors : &c->warnings;
	if (c->max_errors && c->errors + c->warnings >= c->max_errors) {
		c->hidden++;
		++*n;
		return 0;
	}
	++*n;
	char line[8192];
	int len = snprintf(line, sizeof line, "%s:%u:%u: %s: %s%s%.*s", c->name, d->line, d->col,
			   error ? "error" : "warning", d->packet ? d->packet : "", d->packet ? ": " : "",
			   (int)gk_diag_message_len(d), d->message);
	if (len < 0 || (size_t)len >= sizeof line) /* a file name too long to hold: the line uncoloured */
		fprintf(stderr, "%s:%u:%u: %s: %s%s%.*s\n", c->name, d->line, d->col, error ? "error" : "warning",
			d->packet ? d->packet : "", d->packet ? ": " : "", (int)gk_diag_message_len(d), d->message);
	else if (c->color) {
		cli_color_line(stderr, line, (size_t)len);
		fputc('\n', stderr);
	} else {
		fprintf(stderr, "%s\n", line);
	}
	show_source(c, d);
	return 0;
}

static void encode_one_line(void *ctx, unsigned line, const char *s, size_t n)
{
	struct encode_ctx *c = ctx;
	unsigned k = line % RECENT;
	c->lines[k] = line;
	c->len[k] = n < RECENT_LEN ? n : RECENT_LEN;
	memcpy(c->text[k], s, c->len[k]);
	gk_engine_asm_line(c->a, s, n);
}

int cli_run_encode(const struct cli_opts *o, struct gk_engine *e, unsigned words_per_line)
{
	if (o->nfiles > 1) {
		fprintf(stderr, "%s: encode takes one input file (%s, %s, ...)\n", CLI_PROG, CLI_Q(o->files[0]),
			CLI_Q(o->files[1]));
		return 2;
	}
	int hex;
	if (cli_encode_format(o->format, &hex))
		return 2;
	FILE *f = cli_open_in(o->file, "r");
	if (!f)
		return 2;
	/* -o FILE: a regular file is written only when the text assembled
	 * cleanly (cli_out_close keeps it or not), so an error never leaves a
	 * cut or stale output behind, as llvm-mc does */
	struct cli_out out;
	if (cli_out_open(&out, o->out)) {
		cli_close(f);
		return 2;
	}
	struct encode_ctx *c = calloc(1, sizeof *c);
	struct cli_words ec = { out.f, hex, 0, words_per_line };
	struct gk_engine_asm *a = c ? gk_engine_asm_open(e, cli_emit_words, &ec, encode_diag, c) : NULL;
	if (!a) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		free(c);
		cli_close(f);
		cli_out_close(&out, 0);
		return 2;
	}
	c->name = cli_display_name(o->file);
	c->a = a;
	c->max_errors = o->has_max_errors ? o->max_errors : CLI_ENCODE_MAX_ERRORS;
	c->color = cli_color_wanted(o->color, stderr);
	gk_engine_asm_check(a, true); /* engines without a checker: nothing to add */
	int rc = cli_each_line(f, c->name, encode_one_line, c);
	unsigned errors = gk_engine_asm_finish(a);
	if (c->hidden)
		fprintf(stderr, "%s: %llu more message%s not shown (--max-errors %llu)\n", c->name, c->hidden,
			c->hidden == 1 ? "" : "s", (unsigned long long)c->max_errors);
	if (c->warnings && !errors)
		fprintf(stderr, "%s: %llu warning%s from the checker on what was assembled%s\n", c->name, c->warnings,
			c->warnings == 1 ? "" : "s", o->strict ? " (--strict: errors)" : " (written as given)");
	if (!rc && (errors || (o->strict && c->warnings)))
		rc = 1;
	if (ec.failed)
		out.failed = 1; /* cli_out_close says why */
	int w = cli_out_close(&out, !rc);
	if (w)
		rc = 2;
	cli_close(f);
	gk_engine_asm_close(a);
	free(c);
	return rc;
}

int cli_run_list(struct gk_engine *e, const char *name, int json)
{
	static char obuf[1 << 16];
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, cli_write_file, stdout);
	if (name) {
		struct gk_diag err;
		if (gk_engine_describe_unit(e, name, json, &out, &err) != 0) {
			gk_out_flush(&out);
			fprintf(stderr, "%s: %.*s\n", CLI_PROG, (int)gk_diag_message_len(&err), err.message);
			return out.failed ? 2 : 1;
		}
	} else if (json) {
		fprintf(stderr, "%s: list --json needs a packet name\n", CLI_PROG);
		return 2;
	} else if (gk_engine_describe(e, &out) != 0) {
		fprintf(stderr, "%s: %s has no list\n", CLI_PROG, gk_engine_name(e));
		return 2;
	}
	gk_out_flush(&out);
	return cli_stdout_finish(0);
}
