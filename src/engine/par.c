/* Helper threads for the stream loop's decode (par.h).  A decode prints
 * ~12 bytes of text a byte of a PM4 stream, and the printing, not the
 * reading, bounds it (docs/architecture.md "A decode on more threads"):
 * the pieces of a window are decoded side by side, this thread's from its
 * front and each helper's, on an engine of its own, from its back, and
 * written in the stream's order.  A unit decodes the same on any
 * engine of the family and GPU unless an earlier unit left it something
 * (ops->carries), which the stream loop checks before it writes a
 * helper's text. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, CLOCK_MONOTONIC: -std=c11 alone declares neither */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "par.h"

#include "engine_priv.h"
#include "out.h"

/* a helper's text buffer for a window at first, and the room it keeps
 * ahead of the printers (it grows to the helper's share of a window's
 * text and stays) */
#define PAR_TEXT_FIRST (1u << 18)
#define PAR_TEXT_ROOM (1u << 16)

/* How long a side spins for the other before it sleeps: a handover that
 * sleeps costs a wake-up (~35 us under KVM: runs a quarter the size took
 * 0.21 s -> 0.33 s over a 50 MB GFX9 stream when each side slept), and
 * most come within this; past it the waiting thread leaves the core to
 * others. */
#define PAR_SPIN_NS 100000

/* pieces a claim takes at most: a claim takes a 2 (helpers + 1)th of the
 * pieces left, so the last ones, where the two ends meet, are one piece
 * each and the side that ends first waits for at most one piece */
#define PAR_CLAIM_MAX 8u

/* What a helper claimed of a window: pieces [first, first + count), kept
 * at claim[first] */
struct par_claim {
	/* the window's post << 32 once the rest is written (release) */
	_Atomic unsigned long long done;
	unsigned count, helper;
	/* its text: helper's buffer for the window's slot from at, bytes
	 * long, for the first words words (units units) */
	size_t at, bytes, words;
	uint64_t units;
	bool failed;
};

/* A window of whole units cut into pieces, which this thread claims from
 * the front and the helpers from the back until the two ends meet; two,
 * so a helper done with one goes on with the next while this thread
 * writes the first's text. */
struct par_window {
	/* post << 32 | the first piece not claimed << 16 | one past the last
	 * one not claimed: every claim is one compare-and-swap, and a helper
	 * late for a window posted again fails it */
	_Atomic unsigned long long span;
	uint32_t *w; /* the words, copied (the input's window moves on) */
	size_t wcap;
	uint64_t offset;
	unsigned np;
	size_t cut[GK_PAR_PIECES + 1];
	struct par_claim claim[GK_PAR_PIECES];
};

/* A helper's text for a window slot: text[0, used), the last post it
 * printed for there */
struct par_text {
	char *text;
	size_t used, cap;
	uint32_t post;
	struct gk_out o;
};

struct par_helper {
	struct gk_par *p;
	pthread_t th;
	unsigned index;
	struct gk_engine *e;
	struct par_text text[2];
	struct gk_diags dg;
};

struct gk_par {
	pthread_mutex_t mu;
	pthread_cond_t go, done;
	_Atomic bool quit;
	/* this thread is asleep on done: a helper that ends a claim tells it */
	_Atomic bool waiting;
	struct gk_par_print how;
	unsigned n;
	uint32_t posts; /* windows posted so far */
	struct par_window win[2];
	struct par_helper h[GK_PAR_MAX];
};

/* what a helper prints of one run at most before it stops (the stream
 * loop takes the rest): its memory stays bounded whatever a unit expands to */
#define PAR_TEXT_CAP (4u << 20)

void gk_par_render(const struct gk_engine_ops *ops, void *fam, const uint32_t *w, size_t n, uint64_t offset,
		   const struct gk_par_print *how, struct gk_diags *dg, struct gk_out *o, const size_t *flushed,
		   struct gk_par_done *r)
{
	size_t at = 0;
	uint64_t k = 0;
	bool held = false;
	/* a helper: the last unit boundary where its engine carried nothing */
	size_t clean_at = 0, clean_bytes = flushed ? *flushed + o->len : 0;
	uint64_t clean_k = 0;
	size_t base = clean_bytes;
	while (at < n) {
		size_t len = ops->frame ? ops->frame(fam, w + at, n - at) : ops->unit_bytes / 4;
		if (!len || len > n - at)
			break; /* not whole: the caller's (the runs are whole units) */
		dg->n = dg->dropped = dg->errors = dg->warnings = 0;
		ops->unit(fam, w + at, len, len, offset + 4ull * at, dg);
		if (dg->n || dg->dropped || dg->errors || dg->warnings) {
			held = true; /* the stream loop's stages take it */
			break;
		}
		if (how->json)
			ops->json(fam, dg, how->json_flags, o);
		else
			ops->text(fam, dg, how->raw_words, o);
		at += len;
		k++;
		if (flushed && !ops->carries(fam)) {
			clean_at = at;
			clean_k = k;
			clean_bytes = *flushed + o->len;
			if (clean_bytes - base > PAR_TEXT_CAP)
				break;
		}
	}
	r->words = at;
	r->units = k;
	r->bytes = flushed ? *flushed + o->len - base : 0;
	r->held = held;
	if (flushed && (ops->carries(fam) || at != clean_at)) {
		/* back to where nothing was carried: the unit that stopped it
		 * (held) decoded here in the middle of a region is the stream
		 * loop's to decode again with it */
		r->words = clean_at;
		r->units = clean_k;
		r->bytes = clean_bytes - base;
		r->held = false;
	}
}

/* A helper's text for a window is full: what it holds stays where it is,
 * and the buffer goes on after it, grown when the room left is short, so
 * a claim's text is printed in place and never copied (a copy of every
 * run's text cost the helper about a tenth of its time). */
static int grow_text(void *ctx, const void *p, size_t n)
{
	struct par_text *t = ctx;
	(void)p; /* t->text + t->used: the buffer o was given */
	t->used += n;
	if (t->cap - t->used < PAR_TEXT_ROOM) {
		size_t cap = 2 * t->cap;
		char *q = realloc(t->text, cap);
		if (!q)
			return -1;
		t->text = q;
		t->cap = cap;
	}
	t->o.buf = t->text + t->used;
	t->o.cap = t->cap - t->used;
	return 0;
}

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

static long long mono_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* the post in the top half of *a is post or later (posts wrap round; a
 * slot never posted holds 0, before the first post, 1).  Sequentially
 * consistent: wait_claim's test of it and the helper's of p->waiting. */
static bool reached(_Atomic unsigned long long *a, uint32_t post)
{
	uint32_t at = (uint32_t)(atomic_load(a) >> 32);
	return (int32_t)(at - post) >= 0;
}

/* true when *a reached post (or the helpers were told to quit) within
 * PAR_SPIN_NS */
static bool spin_for(struct gk_par *p, _Atomic unsigned long long *a, uint32_t post)
{
	long long until = 0;
	for (unsigned i = 0;; i++) {
		if (reached(a, post) || atomic_load_explicit(&p->quit, memory_order_relaxed))
			return true;
		relax();
		if ((i & 63) == 63) {
			/* the other side may be waiting for this core (a busy
			 * machine): spinning on would hold it from the thread it
			 * waits for (decode -j 2, 50 MB GFX9 stream, next to one
			 * busy process on two cores: 0.51 s without the yield,
			 * 0.37 s with it, 0.34 s on one thread) */
			sched_yield();
			long long now = mono_ns();
			if (!until)
				until = now + PAR_SPIN_NS;
			else if (now > until)
				return false;
		}
	}
}

/* A helper: the window of post posted (or a later one in its slot), or
 * the helpers told to quit; spinning, then asleep on go. */
static void wait_post(struct gk_par *p, struct par_window *win, uint32_t post)
{
	if (spin_for(p, &win->span, post))
		return;
	pthread_mutex_lock(&p->mu);
	while (!atomic_load(&p->quit) && !reached(&win->span, post))
		pthread_cond_wait(&p->go, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

/* This thread: claim c of the window of post done; spinning, then asleep
 * on done with p->waiting set, which the helpers read after they mark a
 * claim done (both sequentially consistent: one sees the other). */
static void wait_claim(struct gk_par *p, struct par_claim *c, uint32_t post)
{
	if (spin_for(p, &c->done, post))
		return;
	pthread_mutex_lock(&p->mu);
	atomic_store(&p->waiting, true);
	while (!atomic_load(&p->quit) && !reached(&c->done, post))
		pthread_cond_wait(&p->done, &p->mu);
	atomic_store(&p->waiting, false);
	pthread_mutex_unlock(&p->mu);
}

static unsigned long long span_of(uint32_t post, unsigned lo, unsigned hi)
{
	return (unsigned long long)post << 32 | (unsigned long long)lo << 16 | hi;
}

/* pieces a claim takes of left: see PAR_CLAIM_MAX */
static unsigned claim_size(const struct gk_par *p, unsigned left)
{
	unsigned k = left / (2 * (p->n + 1));
	return k < 1 ? 1 : k > PAR_CLAIM_MAX ? PAR_CLAIM_MAX : k;
}

/* A helper's claims of window win (of post) from its back, printed, until
 * the two ends meet. */
static void helper_window(struct par_helper *h, struct par_window *win, unsigned slot, uint32_t post, bool *first)
{
	struct gk_par *p = h->p;
	const struct gk_engine_ops *ops = h->e->ops;
	void *fam = h->e->fam;
	struct par_text *t = &h->text[slot];
	unsigned long long sp = atomic_load_explicit(&win->span, memory_order_acquire);
	for (;;) {
		if ((uint32_t)(sp >> 32) != post || atomic_load_explicit(&p->quit, memory_order_relaxed))
			return; /* posted again: this thread took it all */
		unsigned lo = (unsigned)(sp >> 16) & 0xffff, hi = (unsigned)sp & 0xffff;
		if (lo >= hi)
			return;
		unsigned a = hi - claim_size(p, hi - lo);
		if (!atomic_compare_exchange_weak_explicit(&win->span, &sp, span_of(post, lo, a), memory_order_acq_rel,
							   memory_order_acquire))
			continue; /* sp is the span now */
		if (t->post != post) {
			t->post = post; /* this thread took the last window's text */
			t->used = 0;
		}
		/* a claim as of a stream of its own, where the last one left
		 * something (this thread writes a claim's text only where its
		 * engine carries nothing); the engine's caches of what the
		 * words alone decide are kept from claim to claim */
		if (ops->begin && (*first || ops->carries(fam)))
			ops->begin(fam, NULL, 0);
		*first = false;
		struct par_claim *c = &win->claim[a];
		size_t from = win->cut[a];
		struct gk_par_done d;
		c->at = t->used;
		t->o = (struct gk_out)GK_OUT_INIT(t->text + t->used, t->cap - t->used, grow_text, t);
		gk_par_render(ops, fam, win->w + from, win->cut[hi] - from, win->offset + 4ull * from, &p->how, &h->dg,
			      &t->o, &t->used, &d);
		gk_out_flush(&t->o);
		c->count = hi - a;
		c->helper = h->index;
		c->bytes = d.bytes;
		c->words = d.words;
		c->units = d.units;
		c->failed = t->o.failed != 0;
		atomic_store(&c->done, (unsigned long long)post << 32);
		if (atomic_load(&p->waiting)) {
			pthread_mutex_lock(&p->mu);
			pthread_cond_broadcast(&p->done);
			pthread_mutex_unlock(&p->mu);
		}
		sp = atomic_load_explicit(&win->span, memory_order_acquire);
	}
}

static void *helper_main(void *arg)
{
	struct par_helper *h = arg;
	struct gk_par *p = h->p;
	bool first = true;
	for (uint32_t post = 1;; post++) {
		struct par_window *win = &p->win[post & 1];
		wait_post(p, win, post);
		if (atomic_load(&p->quit))
			break;
		/* a later window in the slot: this one was taken whole */
		uint32_t at = (uint32_t)(atomic_load_explicit(&win->span, memory_order_acquire) >> 32);
		if (at != post)
			post = at;
		helper_window(h, win, post & 1, post, &first);
	}
	return NULL;
}

static void helper_free(struct par_helper *h)
{
	gk_engine_close(h->e);
	for (unsigned i = 0; i < 2; i++)
		free(h->text[i].text);
	memset(h, 0, sizeof *h);
}

struct gk_par *gk_par_open(const struct gk_engine *e, unsigned threads, bool json, unsigned json_flags,
			   bool raw_words)
{
	if (!e || threads < 2 || !e->ops->carries || !e->ops->frame)
		return NULL;
	struct gk_par *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	if (pthread_mutex_init(&p->mu, NULL)) {
		free(p);
		return NULL;
	}
	if (pthread_cond_init(&p->go, NULL)) {
		pthread_mutex_destroy(&p->mu);
		free(p);
		return NULL;
	}
	if (pthread_cond_init(&p->done, NULL)) {
		pthread_cond_destroy(&p->go);
		pthread_mutex_destroy(&p->mu);
		free(p);
		return NULL;
	}
	p->how.json = json;
	p->how.json_flags = json_flags;
	p->how.raw_words = raw_words;
	unsigned want = threads - 1 < GK_PAR_MAX ? threads - 1 : GK_PAR_MAX;
	while (p->n < want) {
		struct par_helper *h = &p->h[p->n];
		h->p = p;
		h->index = p->n;
		h->e = gk_engine_open(gk_engine_name(e), gk_engine_gpu(e), NULL);
		bool ok = h->e != NULL;
		for (unsigned i = 0; i < 2 && ok; i++) {
			h->text[i].text = malloc(PAR_TEXT_FIRST);
			h->text[i].cap = PAR_TEXT_FIRST;
			ok = h->text[i].text != NULL;
		}
		/* counted before it starts: claim_size reads p->n */
		p->n++;
		if (!ok || pthread_create(&h->th, NULL, helper_main, h)) {
			p->n--;
			helper_free(h);
			break;
		}
	}
	if (!p->n) {
		gk_par_close(p);
		return NULL;
	}
	return p;
}

void gk_par_close(struct gk_par *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	atomic_store(&p->quit, true);
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->mu);
	for (unsigned k = 0; k < p->n; k++) {
		pthread_join(p->h[k].th, NULL);
		helper_free(&p->h[k]);
	}
	for (unsigned i = 0; i < 2; i++)
		free(p->win[i].w);
	pthread_cond_destroy(&p->done);
	pthread_cond_destroy(&p->go);
	pthread_mutex_destroy(&p->mu);
	free(p);
}

int gk_par_post(struct gk_par *p, const uint32_t *w, const size_t *cut, unsigned np, uint64_t offset)
{
	if (!p || !w || !cut || np < 2 || np > GK_PAR_PIECES || cut[0] != 0)
		return -1;
	for (unsigned j = 0; j < np; j++)
		if (cut[j] >= cut[j + 1])
			return -1;
	uint32_t post = p->posts + 1; /* wraps round: reached compares the difference */
	struct par_window *win = &p->win[post & 1];
	size_t n = cut[np];
	if (n > win->wcap) {
		uint32_t *q = realloc(win->w, n * sizeof *q);
		if (!q)
			return -1;
		win->w = q;
		win->wcap = n;
	}
	memcpy(win->w, w, n * sizeof *w);
	memcpy(win->cut, cut, (np + 1) * sizeof *cut);
	win->np = np;
	win->offset = offset;
	p->posts = post;
	atomic_store_explicit(&win->span, span_of(post, 0, np), memory_order_release);
	pthread_mutex_lock(&p->mu);
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->mu);
	return (int)(post & 1);
}

bool gk_par_claim(struct gk_par *p, int slot, unsigned *first, unsigned *count)
{
	*first = *count = 0;
	if (!p || slot < 0 || slot > 1)
		return false;
	struct par_window *win = &p->win[slot];
	unsigned long long sp = atomic_load_explicit(&win->span, memory_order_acquire);
	for (;;) {
		uint32_t post = (uint32_t)(sp >> 32);
		unsigned lo = (unsigned)(sp >> 16) & 0xffff, hi = (unsigned)sp & 0xffff;
		*first = lo;
		if (lo >= hi)
			return false; /* the helpers' from lo on */
		unsigned b = lo + claim_size(p, hi - lo);
		if (atomic_compare_exchange_weak_explicit(&win->span, &sp, span_of(post, b, hi), memory_order_acq_rel,
							  memory_order_acquire)) {
			*count = b - lo;
			return true;
		}
	}
}

const char *gk_par_take(struct gk_par *p, int slot, unsigned piece, size_t *len, size_t *done, uint64_t *units,
			unsigned *count)
{
	*len = *done = 0;
	*units = 0;
	*count = 0;
	if (!p || slot < 0 || slot > 1)
		return NULL;
	struct par_window *win = &p->win[slot];
	if (piece >= win->np)
		return NULL;
	uint32_t post = (uint32_t)(atomic_load_explicit(&win->span, memory_order_relaxed) >> 32);
	struct par_claim *c = &win->claim[piece];
	wait_claim(p, c, post);
	if (!reached(&c->done, post)) {
		*count = win->np - piece; /* told to quit: none of it the helpers' */
		return NULL;
	}
	*count = c->count;
	if (c->failed || !c->words)
		return NULL;
	*len = c->bytes; /* the text of its units: up to where its engine carried nothing */
	*done = c->words;
	*units = c->units;
	return p->h[c->helper].text[slot].text + c->at;
}
