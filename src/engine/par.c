/* Helper threads for the stream loop's decode (par.h).  A decode prints
 * ~12 bytes of text a byte of a PM4 stream, and the printing, not the
 * reading, bounds it (docs/architecture.md "A decode on more threads"):
 * runs of units are decoded side by side, each helper on an engine of its
 * own, and written in the stream's order.  A unit decodes the same on any
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

/* a run's text buffer at first, and the room it keeps ahead of the
 * printers (it grows to a run's text and stays: ~0.2 MB of GFX9 text,
 * ~0.3 MB of its JSON) */
#define PAR_TEXT_FIRST (1u << 18)
#define PAR_TEXT_ROOM (1u << 16)

/* How long a side spins for the other's turn before it sleeps: a handover
 * that sleeps costs a wake-up (~35 us a run under KVM: runs a quarter the
 * size took 0.21 s -> 0.33 s over a 50 MB GFX9 stream when each side
 * slept), and most turns come within this; past it the waiting thread
 * leaves the core to others. */
#define PAR_SPIN_NS 100000

enum { PAR_IDLE, PAR_GIVEN, PAR_DONE };

/* One run a helper was given: a helper has two, so the stream loop can
 * give it the next run before it takes the last one's text, and the
 * helper goes from one to the next without waiting on it. */
struct par_slot {
	/* PAR_*: set by the side whose turn it is, read spinning by the other
	 * (then under the lock, with the condition variables) */
	_Atomic int state;
	/* the run: the words, copied (the input's window moves on) */
	uint32_t *w;
	size_t n, wcap;
	uint64_t offset;
	/* what it printed: text[0, used) and o's bytes after them; the
	 * words and units it took */
	struct gk_out o;
	char *text;
	size_t used, cap;
	struct gk_par_done done;
	bool failed;
};

struct par_helper {
	struct gk_par *p;
	pthread_t th;
	struct gk_engine *e;
	struct par_slot slot[2];
	unsigned give, take; /* the stream loop's next slot to give and to take (helper_main's: its own) */
	struct gk_diags dg;
};

struct gk_par {
	pthread_mutex_t mu;
	pthread_cond_t go, done;
	_Atomic bool quit;
	struct gk_par_print how;
	unsigned n;
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

/* A run's output is full: what it holds stays where it is, and the buffer
 * goes on after it, grown when the room left is short, so a run's text is
 * printed in place and never copied (a copy of every run's text cost the
 * helper about a tenth of its time). */
static int grow_text(void *ctx, const void *p, size_t n)
{
	struct par_slot *s = ctx;
	(void)p; /* s->text + s->used: the buffer o was given */
	s->used += n;
	if (s->cap - s->used < PAR_TEXT_ROOM) {
		size_t cap = 2 * s->cap;
		char *q = realloc(s->text, cap);
		if (!q)
			return -1;
		s->text = q;
		s->cap = cap;
	}
	s->o.buf = s->text + s->used;
	s->o.cap = s->cap - s->used;
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

/* true when s's state became want (or the helpers were told to quit)
 * within PAR_SPIN_NS */
static bool spin_for(struct gk_par *p, struct par_slot *s, int want)
{
	long long until = 0;
	for (unsigned i = 0;; i++) {
		if (atomic_load_explicit(&s->state, memory_order_acquire) == want ||
		    atomic_load_explicit(&p->quit, memory_order_relaxed))
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

/* s's state is want, or the helpers were told to quit: spinning, then
 * asleep on cv */
static void wait_for(struct gk_par *p, struct par_slot *s, int want, pthread_cond_t *cv)
{
	if (spin_for(p, s, want))
		return;
	pthread_mutex_lock(&p->mu);
	while (!atomic_load(&p->quit) && atomic_load(&s->state) != want)
		pthread_cond_wait(cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

/* s's state to v, and whoever sleeps on cv told */
static void set_state(struct gk_par *p, struct par_slot *s, int v, pthread_cond_t *cv)
{
	atomic_store_explicit(&s->state, v, memory_order_release);
	pthread_mutex_lock(&p->mu);
	pthread_cond_broadcast(cv);
	pthread_mutex_unlock(&p->mu);
}

static void *helper_main(void *arg)
{
	struct par_helper *h = arg;
	struct gk_par *p = h->p;
	const struct gk_engine_ops *ops = h->e->ops;
	void *fam = h->e->fam;
	bool first = true;
	for (unsigned next = 0;; next ^= 1) {
		struct par_slot *s = &h->slot[next];
		wait_for(p, s, PAR_GIVEN, &p->go);
		if (atomic_load(&p->quit))
			break;
		/* a run as of a stream of its own, where the last one left
		 * something (the stream loop writes a run's text only where its
		 * engine carries nothing); the engine's caches of what the
		 * words alone decide are kept from run to run */
		if (ops->begin && (first || ops->carries(fam)))
			ops->begin(fam, NULL, 0);
		first = false;
		s->used = 0;
		s->o = (struct gk_out)GK_OUT_INIT(s->text, s->cap, grow_text, s);
		gk_par_render(ops, fam, s->w, s->n, s->offset, &p->how, &h->dg, &s->o, &s->used, &s->done);
		gk_out_flush(&s->o);
		s->failed = s->o.failed != 0;
		set_state(p, s, PAR_DONE, &p->done);
	}
	return NULL;
}

static void helper_free(struct par_helper *h)
{
	gk_engine_close(h->e);
	for (unsigned i = 0; i < 2; i++) {
		free(h->slot[i].w);
		free(h->slot[i].text);
	}
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
		h->e = gk_engine_open(gk_engine_name(e), gk_engine_gpu(e), NULL);
		bool ok = h->e != NULL;
		for (unsigned i = 0; i < 2 && ok; i++) {
			h->slot[i].text = malloc(PAR_TEXT_FIRST);
			h->slot[i].cap = PAR_TEXT_FIRST;
			ok = h->slot[i].text != NULL;
		}
		if (!ok || pthread_create(&h->th, NULL, helper_main, h)) {
			helper_free(h);
			break;
		}
		p->n++;
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
	pthread_cond_destroy(&p->done);
	pthread_cond_destroy(&p->go);
	pthread_mutex_destroy(&p->mu);
	free(p);
}

unsigned gk_par_helpers(const struct gk_par *p)
{
	return p ? p->n : 0;
}

bool gk_par_give(struct gk_par *p, unsigned k, const uint32_t *w, size_t n, uint64_t offset)
{
	if (!p || k >= p->n || !w || !n)
		return false;
	struct par_helper *h = &p->h[k];
	struct par_slot *s = &h->slot[h->give];
	if (atomic_load(&s->state) != PAR_IDLE)
		return false; /* both given and not taken: the caller takes first */
	if (n > s->wcap) {
		uint32_t *q = realloc(s->w, n * sizeof *q);
		if (!q)
			return false;
		s->w = q;
		s->wcap = n;
	}
	memcpy(s->w, w, n * sizeof *w);
	s->n = n;
	s->offset = offset;
	h->give ^= 1;
	set_state(p, s, PAR_GIVEN, &p->go);
	return true;
}

const char *gk_par_take(struct gk_par *p, unsigned k, size_t *len, size_t *done, uint64_t *units, bool *waited)
{
	*len = *done = 0;
	*units = 0;
	*waited = false;
	if (!p || k >= p->n)
		return NULL;
	struct par_helper *h = &p->h[k];
	struct par_slot *s = &h->slot[h->take];
	if (atomic_load(&s->state) == PAR_IDLE)
		return NULL;
	*waited = atomic_load_explicit(&s->state, memory_order_acquire) != PAR_DONE;
	wait_for(p, s, PAR_DONE, &p->done);
	h->take ^= 1;
	/* read before the slot is given again: the caller writes the text
	 * before it gives helper k another run */
	atomic_store(&s->state, PAR_IDLE);
	if (s->failed || !s->done.words)
		return NULL;
	*len = s->done.bytes; /* the text of its units: up to where its engine carried nothing */
	*done = s->done.words;
	*units = s->done.units;
	return s->text;
}
