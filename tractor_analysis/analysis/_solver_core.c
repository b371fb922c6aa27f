/* The endgame solver's compiled search (module tractor_analysis.analysis._solver_core).
 *
 * The same search as tractor_analysis/analysis/search.py (fail-soft alpha-beta over single plays,
 * transposition entries keyed on the position's shape between tricks, the same bounds), run over C
 * arrays.  Unlike search.py it keeps no entries inside a trick (but at the root: the exact cards):
 * those keys almost never transpose, and looking them up and storing them (a cache miss each in a
 * table of hundreds of MB) cost more than the passes of MTD(f) saved by them (bench/README.md,
 * issue 23, fourth part: nodes -2 .. +5 %, CPU about a third less, the tables a third the size).  The rules stay defined in the engine; the few this
 * core applies itself are the engine's, ported, and checked against it (tests/test_solver_core.py
 * under every preset and every option that changes them; bench/solver_core_diff.py, the long run):
 *
 *  - a follow to a SINGLE lead (play one card of the led suit group when holding one, else any
 *    card) and the winner of a trick of single cards (the first highest card of the led group, a
 *    trump beating every plain card): engine/legal.py legal_follows, engine/tricks.py trick_winner;
 *  - the winner of a trick led by a pair (not with trump_in = exact) and, with trump_in = covers,
 *    of any other lead of one group (tricks.py _winner, units.py covers; a 3-deck lead whose
 *    trump-ins must hold units disjointly is asked of the engine): winner_index (pair_step, multi_step);
 *  - a leader's plays in one suit group (analysis/moves.py lead_part: legal.py legal_leads, the
 *    throws that stand by units.py split_units and legal.py check_throw, equal cards merged), unless
 *    throw_forced = lowest_card: gen_lead_part;
 *  - with 1 or 2 decks, a follow to a multi-card lead of one group (legal.py legal_follows, its
 *    duties and its order): gen_follows;
 *  - every other play (a follow to a multi-card lead with 3 decks or of two groups) and every
 *    other trick's winner and score
 *    come from the Python solver (callbacks into the Solver object: _core_lead_part, _core_follows,
 *    _core_winner, _core_lead_mult, _core_hand_mult), each answer kept here on exactly what it depends
 *    on (the same keys as analysis/plays.py's lead_key and follow_key).
 *
 * Tables have fixed limits (entries and bytes, TT_ENTRIES ...): a full transposition or play-list
 * table keeps the half of its entries stored with the most cards left (map_compact), the others
 * start again empty.
 *
 * Keys are kept whole (bytes compared, not only hashed): no answer rests on a hash.  A shape key
 * names each suit group's encoding by an id (group_id: each distinct encoding gets one, never
 * reused), so that it is short; the ids are looked up on the groups' count bytes, compared whole.
 * One encoding is coarser than search.py's: a stretch of a group (consecutive strengths in play
 * held by one seat, no two cards alike) is encoded by that seat and its points only (encode_group's
 * STRETCH; the argument there, and tests/test_solver_core.py checks positions that differ only there
 * against the pure-Python search).
 *
 * Four node-saving steps are the core's own (the pure-Python search has none in this form; each
 * keeps every value, tests/test_solver_core_bounds.py and tests/test_solver_dominated.py;
 * set_features switches them for the tests):
 * at a lead, the points the leader's side surely takes with a run of its top single cards bound
 * the value (run_bound, its soundness argued there); at a trick's last seat, the positions after
 * the trick are looked up before any is searched (etc_cut, an enhanced transposition cut-off);
 * inside a trick led by several cards, a side no seat still to play can take the trick from is
 * known to win it (multi_side; search.py's _trick_side knows it of single leads only); and below
 * the root a follow is not searched where another follow of the same seat, trading one single card
 * for another of its stretch with other points, is never worse (drop_dominated, argued there).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../records/_source_digest.h"
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <limits.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define NK 54
#define TRUMP 4
#define MAXS 40
#define MAXAT 8
#define MAXC 64          /* cards in one play (a hand holds fewer: checked by the caller) */
#define KEYMAX 1024
#define KILLER_PLIES (4 * MAXC + 9)     /* search's deepest ply + 1 */
#define ERR INT_MIN
/* the tables' limits (entries: the slot arrays stay within a power of two, 32 bytes a slot, at
 * most half full; bytes: the keys and play lists), so that a solve stays within ~500 MB */
#ifndef TT_ENTRIES
#define TT_ENTRIES (2u << 20)
#endif
#ifndef TT_BYTES
#define TT_BYTES (192u << 20)
#endif
#define MOVES_ENTRIES (1u << 19)
#define MOVES_BYTES (96u << 20)

/* ------------------------------------------------------------------ hash maps with whole keys */
typedef struct { uint64_t h; uint32_t off, len; int32_t a, b, c, d; } Slot;
typedef struct {
    Slot *s; size_t mask, count, limit;
    uint8_t *ar; size_t alen, acap, byte_limit;
    int compact;     /* full: keep the deeper half (slot.d: cards left when stored), else start again empty */
    int extra_in_c;  /* slot.c holds the bytes kept after the key (the maps of play lists) */
    long long compactions;
} Map;

/* The tables are looked up at random over tens or hundreds of MB: with 4 kB pages nearly every
 * look-up also misses the TLB, and its page walk misses the cache too.  Where the kernel gives
 * transparent huge pages on request (Linux, "madvise" mode), the 2 MB-aligned inside of a big block
 * asks for them before its pages are first touched.  Only a hint: it changes no byte and nothing
 * depends on it being granted. */
#define HUGE_HINT_MIN (4u << 20)
static void huge_hint(void *p, size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (!p || n < HUGE_HINT_MIN) return;
    uintptr_t a = ((uintptr_t)p + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1);
    uintptr_t b = ((uintptr_t)p + n) & ~(uintptr_t)((2u << 20) - 1);
    if (b > a) madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
    (void)p; (void)n;
#endif
}

static uint64_t hash_bytes(const uint8_t *p, size_t n) {
    size_t whole = n;
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (n * 0xff51afd7ed558ccdULL);
    while (n >= 8) {
        uint64_t w; memcpy(&w, p, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ULL; h ^= h >> 31;
        p += 8; n -= 8;
    }
    uint64_t w = 0;
    if (n) {                /* the tail: loads that overlap (a function of the bytes all the same) */
        if (whole >= 8) memcpy(&w, p + n - 8, 8);
        else if (n >= 4) { uint32_t a, b; memcpy(&a, p, 4); memcpy(&b, p + n - 4, 4); w = (uint64_t)a << 32 | b; }
        else w = (uint64_t)p[0] << 16 | (uint64_t)p[n / 2] << 8 | p[n - 1];
    }
    h = (h ^ w) * 0x94d049bb133111ebULL; h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL; h ^= h >> 32;
    return h | 1;          /* 0 marks an empty slot */
}

static int map_init(Map *m, size_t limit, size_t byte_limit, int compact, int extra_in_c) {
    m->mask = (1u << 12) - 1; m->count = 0; m->limit = limit; m->byte_limit = byte_limit;
    m->compact = compact; m->extra_in_c = extra_in_c; m->compactions = 0;
    m->s = calloc(m->mask + 1, sizeof(Slot));
    m->acap = 1 << 16; m->alen = 0; m->ar = malloc(m->acap);
    return m->s && m->ar ? 0 : -1;
}

static void map_free(Map *m) { free(m->s); free(m->ar); m->s = NULL; m->ar = NULL; }

static void map_clear(Map *m) {
    /* back to a small table: a big one would be walked for nothing */
    Slot *small = m->mask > (1u << 16) ? calloc(1u << 12, sizeof(Slot)) : NULL;
    if (small) { free(m->s); m->s = small; m->mask = (1u << 12) - 1; }
    else memset(m->s, 0, (m->mask + 1) * sizeof(Slot));        /* (also when the small one cannot be had) */
    m->count = 0; m->alen = 0;
}

static size_t map_bytes(const Map *m) { return (m->mask + 1) * sizeof(Slot) + m->acap; }

static Slot *map_find(Map *m, const uint8_t *k, uint32_t n, uint64_t h) {
    size_t i = h & m->mask;
    for (;;) {
        Slot *s = &m->s[i];
        if (!s->h) return NULL;
        if (s->h == h && s->len == n && memcmp(m->ar + s->off, k, n) == 0) return s;
        i = (i + 1) & m->mask;
    }
}

static int map_grow(Map *m) {
    size_t cap = (m->mask + 1) * 2;
    Slot *ns = calloc(cap, sizeof(Slot));
    if (!ns) return -1;
    huge_hint(ns, cap * sizeof(Slot));
    for (size_t i = 0; i <= m->mask; i++) {
        Slot *s = &m->s[i];
        if (!s->h) continue;
        size_t j = s->h & (cap - 1);
        while (ns[j].h) j = (j + 1) & (cap - 1);
        ns[j] = *s;
    }
    free(m->s); m->s = ns; m->mask = cap - 1;
    return 0;
}

static int slot_off_cmp(const void *x, const void *y) {
    const Slot *a = x, *b = y;
    return a->off < b->off ? -1 : a->off > b->off;
}

/* The replacement scheme of a full table: keep the half of its entries stored with the most cards
 * left (the deepest searches, the dearest to do again; slot.d), drop the rest, in place (the keys
 * moved down in the arena, the slots rehashed): memory stays within the table's limits and the
 * entries near the root survive, where starting again empty lost them all.  Sound: an entry only
 * saves work.  Falls back to starting again empty when the kept slots cannot be held. */
/* The cut of that replacement: given hist[d], the entries stored with d cards left (0..255), and
 * their count, every entry above T is kept and *room of those at T (half the count in all). */
static int deeper_half(const size_t *hist, size_t count, size_t *room) {
    size_t half = count / 2, acc = 0;
    int T;
    for (T = 255; T >= 0; T--) { if (acc + hist[T] > half) break; acc += hist[T]; }
    *room = half - acc;
    return T;
}

/* keep[0..n) in the order of their offsets in the arena (distinct, so any right sort gives the same
 * order): two passes of a radix sort on 16 bits through `scratch` (n slots or more: the table's own
 * slot array, rewritten anyway right after), where qsort's calls of slot_off_cmp took most of a
 * compaction of the play lists' map (hundreds of them in a hard solve); qsort when the counts cannot
 * be had. */
static void sort_by_off(Slot *keep, size_t n, Slot *scratch) {
    uint32_t *cnt = malloc(sizeof(uint32_t) * 65536);
    if (!cnt) { qsort(keep, n, sizeof(Slot), slot_off_cmp); return; }
    Slot *from = keep, *to = scratch;
    for (int shift = 0; shift < 32; shift += 16) {
        memset(cnt, 0, sizeof(uint32_t) * 65536);
        for (size_t i = 0; i < n; i++) cnt[(from[i].off >> shift) & 65535]++;
        uint32_t at = 0;
        for (size_t d = 0; d < 65536; d++) { uint32_t k = cnt[d]; cnt[d] = at; at += k; }
        for (size_t i = 0; i < n; i++) to[cnt[(from[i].off >> shift) & 65535]++] = from[i];
        Slot *x = from; from = to; to = x;
    }
    free(cnt);                          /* two passes: the sorted slots are back in keep */
}

static void map_compact(Map *m) {
    size_t hist[256] = {0};
    for (size_t i = 0; i <= m->mask; i++) if (m->s[i].h) { int d = m->s[i].d; hist[d < 0 ? 0 : d > 255 ? 255 : d]++; }
    size_t half = m->count / 2, room, n = 0;
    int T = deeper_half(hist, m->count, &room);
    Slot *keep = malloc(sizeof(Slot) * (half + 1));
    if (!keep) { map_clear(m); return; }
    for (size_t i = 0; i <= m->mask; i++) {
        Slot *s = &m->s[i];
        if (!s->h) continue;
        int d = s->d < 0 ? 0 : s->d > 255 ? 255 : s->d;
        if (d > T || (d == T && room > 0)) { if (d == T) room--; keep[n++] = *s; }
    }
    sort_by_off(keep, n, m->s);         /* (n <= count / 2 < mask + 1 slots) */
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        size_t size = keep[i].len + (m->extra_in_c ? (size_t)keep[i].c : 0);
        memmove(m->ar + w, m->ar + keep[i].off, size);
        keep[i].off = (uint32_t)w; w += size;
    }
    m->alen = w;
    memset(m->s, 0, (m->mask + 1) * sizeof(Slot));
    for (size_t i = 0; i < n; i++) {
        size_t j = keep[i].h & m->mask;
        while (m->s[j].h) j = (j + 1) & m->mask;
        m->s[j] = keep[i];
    }
    m->count = n; m->compactions++;
    free(keep);
}

/* A new slot for key k (not present), with `extra` bytes reserved after the key (*extra_at). */
static Slot *map_add(Map *m, const uint8_t *k, uint32_t n, uint64_t h, uint32_t extra, uint32_t *extra_at) {
    if (m->count >= m->limit || m->alen + n + extra > m->byte_limit) {
        if (m->compact) map_compact(m);
        if (!m->compact || m->alen + n + extra > m->byte_limit) map_clear(m);
    }
    if ((m->count + 1) * 2 > m->mask + 1 && map_grow(m) < 0) return NULL;
    if (m->alen + n + extra > m->acap) {
        size_t cap = m->acap;
        while (m->alen + n + extra > cap) cap *= 2;
        uint8_t *na = realloc(m->ar, cap);
        if (!na) return NULL;
        huge_hint(na + m->alen, cap - m->alen);     /* the part not yet touched */
        m->ar = na; m->acap = cap;
    }
    size_t i = h & m->mask;
    while (m->s[i].h) i = (i + 1) & m->mask;
    Slot *s = &m->s[i];
    s->h = h; s->off = (uint32_t)m->alen; s->len = n; s->a = s->b = s->c = s->d = 0;
    memcpy(m->ar + m->alen, k, n);
    m->alen += n;
    if (extra_at) *extra_at = (uint32_t)m->alen;
    m->alen += extra;
    m->count++;
    return s;
}

/* ------------------------------------------------------------------ the table between tricks */
/* The transposition entries at a trick's start, keyed on the position's shape (shape_key_of: the
 * leader and five group ids), with the key held in the slot itself: one 32-byte slot a probe, where
 * the generic map's slot points into a separate arena of keys (two cache misses a look-up, and the
 * dearest function of the search by time: bench/README.md, issue 23, ninth part).  The same
 * linear probing at most half full, the same replacement when full (map_compact: keep the half
 * stored with the most cards left); the whole key is compared, never only a hash. */
typedef struct { int32_t id[5]; int leader; } SKey;     /* id[0]: the trump group's; then the plain groups' sorted */
typedef struct { int32_t id[5]; int32_t lo, hi; uint16_t best; uint8_t left, tag; } TSlot;     /* tag: leader + 1, 0 empty */
typedef struct { TSlot *s; size_t mask, count, limit; long long compactions; } STable;

static inline uint64_t skey_hash(const SKey *k) {
    uint64_t x = (uint64_t)(uint32_t)k->id[0] | (uint64_t)(uint32_t)k->id[1] << 32;
    uint64_t y = (uint64_t)(uint32_t)k->id[2] | (uint64_t)(uint32_t)k->id[3] << 32;
    uint64_t z = (uint64_t)(uint32_t)k->id[4] | (uint64_t)(k->leader + 1) << 32;
    x *= 0x9E3779B97F4A7C15ULL; x ^= x >> 32; x += y;
    x *= 0xbf58476d1ce4e5b9ULL; x ^= x >> 29; x += z;
    x *= 0x94d049bb133111ebULL; x ^= x >> 31;
    return x;
}

static int st_init(STable *t, size_t limit) {
    t->mask = (1u << 12) - 1; t->count = 0; t->limit = limit; t->compactions = 0;
    t->s = calloc(t->mask + 1, sizeof(TSlot));
    return t->s ? 0 : -1;
}

static void st_clear(STable *t) {
    TSlot *small = t->mask > (1u << 16) ? calloc(1u << 12, sizeof(TSlot)) : NULL;
    if (small) { free(t->s); t->s = small; t->mask = (1u << 12) - 1; }
    else memset(t->s, 0, (t->mask + 1) * sizeof(TSlot));       /* (also when the small one cannot be had) */
    t->count = 0;
}

static inline int skey_is(const TSlot *e, const SKey *k) {
    return e->tag == k->leader + 1 && memcmp(e->id, k->id, sizeof e->id) == 0;
}

static TSlot *st_find(STable *t, const SKey *k, uint64_t h) {
    size_t i = h & t->mask;
    for (;;) {
        TSlot *e = &t->s[i];
        if (!e->tag) return NULL;
        if (skey_is(e, k)) return e;
        i = (i + 1) & t->mask;
    }
}

static void st_put(TSlot *s, size_t mask, const TSlot *e) {
    SKey k; memcpy(k.id, e->id, sizeof k.id); k.leader = e->tag - 1;
    size_t j = skey_hash(&k) & mask;
    while (s[j].tag) j = (j + 1) & mask;
    s[j] = *e;
}

static int st_grow(STable *t) {
    size_t cap = (t->mask + 1) * 2;
    TSlot *ns = calloc(cap, sizeof(TSlot));
    if (!ns) return -1;
    huge_hint(ns, cap * sizeof(TSlot));
    for (size_t i = 0; i <= t->mask; i++) if (t->s[i].tag) st_put(ns, cap - 1, &t->s[i]);
    free(t->s); t->s = ns; t->mask = cap - 1;
    return 0;
}

/* map_compact's replacement: keep the half stored with the most cards left */
static void st_compact(STable *t) {
    size_t hist[256] = {0};
    for (size_t i = 0; i <= t->mask; i++) if (t->s[i].tag) hist[t->s[i].left]++;
    size_t half = t->count / 2, room, n = 0;
    int T = deeper_half(hist, t->count, &room);
    TSlot *keep = malloc(sizeof(TSlot) * (half + 1));
    if (!keep) { st_clear(t); return; }
    for (size_t i = 0; i <= t->mask; i++) {
        TSlot *e = &t->s[i];
        if (!e->tag) continue;
        if (e->left > T || (e->left == T && room > 0)) { if (e->left == T) room--; keep[n++] = *e; }
    }
    memset(t->s, 0, (t->mask + 1) * sizeof(TSlot));
    for (size_t i = 0; i < n; i++) st_put(t->s, t->mask, &keep[i]);
    t->count = n; t->compactions++;
    free(keep);
}

/* a new entry for key k (not present), lo = hi = 0 */
static TSlot *st_add(STable *t, const SKey *k, uint64_t h) {
    if (t->count >= t->limit) st_compact(t);
    if ((t->count + 1) * 2 > t->mask + 1 && st_grow(t) < 0) return NULL;
    size_t i = h & t->mask;
    while (t->s[i].tag) i = (i + 1) & t->mask;
    TSlot *e = &t->s[i];
    memcpy(e->id, k->id, sizeof e->id); e->tag = (uint8_t)(k->leader + 1);
    e->lo = e->hi = 0; e->best = 0; e->left = 0;
    t->count++;
    return e;
}

/* ------------------------------------------------------------------ the core object */
/* Root plays whose bounds are kept (root_bounds): more, and the rest are not kept (only a saving is lost). */
#define ROOTMAX 512
typedef struct GUnit { uint8_t c, L, top, n; uint8_t k[64]; } GUnit;    /* a unit: n cards, sorted kinds */
typedef struct { int n; uint8_t *cards; } Move;       /* cards point into a depth buffer */
typedef struct { uint8_t *bytes; size_t cap; int *offs; size_t ocap; } Buf;

typedef struct {
    PyObject_HEAD
    /* the hand's order (engine/order.py) and the solver's constants */
    int group[NK], strength[NK], points[NK];
    int nat[5]; int natk[5][MAXS]; uint8_t at[5][MAXS][MAXAT];
    int ngk[5]; uint8_t gkinds[5][NK];
    int ngs[5]; uint8_t gsorted[5][NK];      /* each group's kinds (group[k] == g) in kind order */
    uint64_t gmask[5];                  /* the same as a set of kinds (bit k) */
    int attacker[4], bottom_points, single_mult, fast_pairs;
    PyObject *oracle, *budget_exc;
    /* the position */
    uint8_t hands[4][NK], inplay[NK];
    int leader, ntab, tabseat[4], tablen[4]; uint8_t tabcards[4][MAXC];
    struct WinState { int best, val, trump; } ws[4]; int wsn;   /* winner_index's states of the table's first plays (valid below wsn) */
    int table_pts, hand_pts, left, mult;
    /* the search */
    long long nodes, limit_nodes, callbacks, etc_cuts, made_leads; double deadline; int bounded, error;
    Map tt, moves, wins, mults, scores, raws, parts;   /* tt: the entries inside a trick (the root's exact cards) */
    STable stt;                         /* the entries at a trick's start (shape keys) */
    Buf *bufs; int nbufs;
    int decks, win_decks; struct GUnit *gu; struct LeadInfo *leadinfo; struct PlayVal *playval; int *history;      /* decks > 0: leads made here (gen_lead_part) */
    int fdecks, fsuit, fchain, fshort;  /* follows to multi-card leads made here (fdecks 1-2; 0: asked) */
    int features; long long run_cuts, side_cuts, dom_drops;   /* FEATURE_* bits (all on but in tests); cut-offs by run_bound, by multi_side; follows dropped by drop_dominated */
    int32_t *tid;                       /* per ply of a trick's start: its five groups' ids (etc_cut, the next trick) */
    int killer[KILLER_PLIES][4];        /* per ply and seat: the last play that cut off there (killer_of; 0: none) */
    Map gencs; int32_t next_gid; long long gid_clears;  /* group ids: an encoding -> its id (group_id) */
    uint8_t cb[NK]; uint64_t zg[5];     /* each kind's count byte (cbyte), each group's hash of them: kept by move_card */
    int kidx[NK];                       /* a kind's place in its group's gkinds (-1: in none) */
    uint8_t gcb[5][NK];                 /* each group's count bytes in gkinds order: kept by move_card */
    int gcnt[4][5];                     /* each seat's cards of each group's gkinds: kept by move_card */
    int gpc[4][5][3];                   /* the same by points (0, 5, 10: index points / 5): kept by move_card */
    uint8_t lvn[5][MAXS], lvx[5][MAXS]; /* per group and strength: the kinds in play there, how many and their xor (kept by move_card) */
    uint64_t occm[5];                   /* per group: the strengths with a card in play (bit s: lvn[g][s] > 0) */
    uint64_t heldm[4];                  /* per seat: the kinds it holds (bit k: hands[seat][k] > 0), kept by move_card */
    struct GCache *gcache;              /* group_id's first look: a group's hash -> its id (GCACHE slots) */
    int rootn;                          /* the loaded position's plays searched at the root so far (their bounds below) */
    int32_t rootlo[ROOTMAX], roothi[ROOTMAX];     /* per root play (its index in bufs[0]): what its searches proved */
    int track; int8_t need[5];          /* the exact cards a proof needs (need_at below; track 0: not kept) */
} Core;

#define FEATURE_RUN_BOUND 1     /* run_bound at a lead */
#define FEATURE_ETC 2           /* etc_cut at a trick's last seat */
#define FEATURE_SIDE 4          /* multi_side: a trick of several cards a lead surely wins */
#define FEATURE_DOMINATED 8     /* drop_dominated: a follow to a single lead that another is never worse than */
#define FEATURE_ALL 15

static int int_desc(const void *x, const void *y) { return *(const int *)y - *(const int *)x; }

/* ------------------------------------------------------------------ what a proof needs exact
 * The first step of partition search (bench/README.md, issue 23, thirteenth and sixteenth parts):
 * with `track` on, each node's search also finds, per suit group g, a strength need[g] such that its
 * answer holds for every position of its class: the positions alike in every card of strength
 * need[g] or above (its exact cards: which seat holds each), and below it (its low cards) alike
 * for each seat in the multiset of its low single cards' points and of its low runs of pairs (each
 * run: its pairs' points from the top, a run reaching up into the exact cards with those exact
 * pairs) — the positions that differ only in how the seats' low cards interleave, and in which
 * low ranks they are.
 *
 * Why.  What decides a play's legality or shape looks at one seat's own cards only (a follow's
 * duties, units, tractors, a throw's split): alike in the class, low runs included.  Points are
 * kept per seat.  What compares two seats' cards is where the answer can change, and every such
 * comparison the search makes lowers need[g] to the strength of a card that decides it, so that
 * card is exact: then every card of another seat above it is exact too, and every one below it is
 * below it in every position of the class.  The comparisons (need_at):
 *  - a trick's winner (need_winner): the winning play's value (its card, its pair's strength, its
 *    unit's top), every other play of the trick below it or exact; the engine's winners: all exact;
 *  - trick_side's sure side: the same winner, and whether a later seat holds a higher card;
 *  - run_bound's cut: per group, the highest card the other seats hold there;
 *  - a throw (group_throws): a unit that stands, its top; a beaten one, its highest beater's top;
 *    the bounded set of candidates, and the engine's lists: all exact;
 *  - a merge of equal plays rests on no other seat's card lying between them: a class of equal
 *    cards wholly low or wholly exact merges alike in the class (a low member stands for any low
 *    card of the seat with its points and shape), one across the cut does not: the cut goes down
 *    to its lowest member (need_merges).
 * A node's need is the least over the comparisons of its own and of every node below it; lower is
 * always sound (a smaller class).  Until the keys use it the tables are off while tracking (entries
 * would have to carry their need): tests/test_solver_partition.py checks the classes on random
 * endgames against fresh exact solves of other positions of the class. */
#define NEED_NONE 127
static inline void need_at(Core *c, int g, int s) {
    if (s < 0) s = 0;
    if (s < c->need[g]) c->need[g] = (int8_t)s;
}
static inline void need_all(Core *c) { memset(c->need, 0, sizeof c->need); }

static double now_s(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int pts_of(Core *c, const uint8_t *cards, int n) {
    int p = 0; for (int i = 0; i < n; i++) p += c->points[cards[i]]; return p;
}

/* count byte of one kind: the four hands' copies, 2 bits each (the caller checks copies <= 3);
 * cbyte_of_hands makes it, cbyte reads the one move_card keeps */
static inline uint8_t cbyte_of_hands(Core *c, int k) {
    return (uint8_t)(c->hands[0][k] | (c->hands[1][k] << 2) | (c->hands[2][k] << 4) | (c->hands[3][k] << 6));
}

static inline uint8_t cbyte(Core *c, int k) { return c->cb[k]; }

/* a hash of one kind's count byte, for the groups' hashes (zg: the xor over the group's kinds) */
static inline uint64_t zkind(int k, int b) {
    uint64_t x = ((uint64_t)k << 8 | (uint64_t)b) * 0x9E3779B97F4A7C15ULL;      /* (it only spreads the slots) */
    return x ^ (x >> 29);
}

/* a card of kind k leaves (d = -1) or goes back to (d = +1) the hand of seat: the hands, the cards
 * in play, the count byte and its group's hash move together (every change of the hands goes here) */
static inline __attribute__((always_inline)) void move_card(Core *c, int seat, int k, int d) {
    int old = c->cb[k], g = c->group[k], x = c->kidx[k], was = c->inplay[k];
    c->hands[seat][k] += d; c->inplay[k] += d;
    if (c->hands[seat][k]) c->heldm[seat] |= 1ULL << k; else c->heldm[seat] &= ~(1ULL << k);
    if (x >= 0 && (!was || !c->inplay[k])) {   /* the kind comes into play or leaves it */
        int s = c->strength[k];
        c->lvn[g][s] += d; c->lvx[g][s] ^= (uint8_t)k;
        if (c->lvn[g][s]) c->occm[g] |= 1ULL << s; else c->occm[g] &= ~(1ULL << s);
    }
    c->cb[k] = (uint8_t)(old + d * (1 << (2 * seat)));
    c->zg[g] ^= zkind(k, old) ^ zkind(k, c->cb[k]);
    if (x >= 0) { c->gcb[g][x] = c->cb[k]; c->gcnt[seat][g] += d; c->gpc[seat][g][c->points[k] / 5] += d; }
}

/* move_card's derived state made again from the hands (at a load) */
static void derive_counts(Core *c) {
    memset(c->zg, 0, sizeof c->zg); memset(c->gcnt, 0, sizeof c->gcnt); memset(c->gpc, 0, sizeof c->gpc);
    memset(c->lvn, 0, sizeof c->lvn); memset(c->lvx, 0, sizeof c->lvx); memset(c->occm, 0, sizeof c->occm);
    memset(c->heldm, 0, sizeof c->heldm);
    for (int seat = 0; seat < 4; seat++) for (int k = 0; k < NK; k++) if (c->hands[seat][k]) c->heldm[seat] |= 1ULL << k;
    for (int k = 0; k < NK; k++) { c->cb[k] = cbyte_of_hands(c, k); c->zg[c->group[k]] ^= zkind(k, c->cb[k]); }
    for (int g = 0; g < 5; g++)
        for (int i = 0; i < c->ngk[g]; i++) {
            int k = c->gkinds[g][i];
            c->gcb[g][i] = c->cb[k];
            if (c->inplay[k]) {
                int s = c->strength[k];
                c->lvn[g][s]++; c->lvx[g][s] ^= (uint8_t)k; c->occm[g] |= 1ULL << s;
            }
            for (int seat = 0; seat < 4; seat++) {
                c->gcnt[seat][g] += c->hands[seat][k]; c->gpc[seat][g][c->points[k] / 5] += c->hands[seat][k];
            }
        }
}

static inline int group_held(Core *c, int seat, int g) { return c->gcnt[seat][g] > 0; }

static inline int group_count(Core *c, int seat, int g) { return c->gcnt[seat][g]; }

/* ------------------------------------------------------------------ trick winners */
/* The winner of plays of one card each (lead first): the first highest card of the led group, a
 * trump beating every plain card (tests/test_solver_core.py: equal to engine.tricks.trick_winner). */
static inline int single_beats(Core *c, int k, int bk) {
    int gk = c->group[k], gb = c->group[bk];
    return (gk == gb && c->strength[k] > c->strength[bk]) || (gk == TRUMP && gb != TRUMP);
}

static int single_winner(Core *c, const uint8_t *cards, int n) {
    int best = 0, bk = cards[0];
    for (int i = 1; i < n; i++) if (single_beats(c, cards[i], bk)) { best = i; bk = cards[i]; }
    return best;
}

/* A trick's winner is a fold over its plays, lead first, of a state (WinState: the play winning so
 * far, its value, whether it is a trump play on a plain lead); winner_index below keeps each
 * prefix's state.  pair_step: a trick led by a pair (two copies of one kind): the first highest
 * pair of one kind of the led group, a pair of trumps beating every plain pair (engine.tricks.
 * _winner's pair case; used only where the engine takes that case: fast_pairs, i.e. not
 * trump_in=exact). */
typedef struct WinState WinState;

static void pair_step(Core *c, WinState *w, int i) {
    int g = c->group[c->tabcards[0][0]], plain = g != TRUMP;
    if (c->tablen[i] != 2 || c->tabcards[i][0] != c->tabcards[i][1]) return;
    int k = c->tabcards[i][0], gg = c->group[k], st = c->strength[k];
    if (gg == g) { if (!w->trump && st > w->val) { w->best = i; w->val = st; } }
    else if (plain && gg == TRUMP && (!w->trump || st > w->val)) { w->best = i; w->val = st; w->trump = 1; }
}


static PyObject *table_tuple(Core *c, int n, const int *seats, const int *lens, uint8_t (*cards)[MAXC]) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *cs = PyTuple_New(lens[i]);
        if (!cs) { Py_DECREF(t); return NULL; }
        for (int j = 0; j < lens[i]; j++) PyTuple_SET_ITEM(cs, j, PyLong_FromLong(cards[i][j]));
        PyObject *p = Py_BuildValue("(iN)", seats[i], cs);
        if (!p) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, p);
    }
    return t;
}

static int table_key(Core *c, uint8_t *key, int n) {
    int len = 0;
    key[len++] = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        key[len++] = (uint8_t)c->tablen[i];
        memcpy(key + len, c->tabcards[i], c->tablen[i]); len += c->tablen[i];
    }
    return len;
}

/* units.py split_units: the cards `cnt` (counts, group g only) split into units, largest shapes
 * first (copies from `decks` down to 2: the longest chain while one of two or more strengths exists,
 * then the lone units; singles last), each unit (copies uc, strengths uL, top utop), in the order
 * taken (not sorted); returns their number. */
static int split_cards(Core *c, const int *cnt, int g, int decks, int *uc, int *uL, int *utop) {
    int ks[NK], nks = 0, rem[NK], most = 0, nunits = 0;
    for (int k = 0; k < NK; k++) if (cnt[k] > 0 && c->group[k] == g) { ks[nks++] = k; rem[k] = cnt[k]; if (cnt[k] > most) most = cnt[k]; }
    int top_c = decks < most ? decks : most;
    for (int cc = top_c; cc >= 2; cc--) {
        for (;;) {
            int by_s[MAXS], nset = 0;
            for (int s = 0; s < c->nat[g]; s++) by_s[s] = -1;
            for (int i = 0; i < nks; i++) {
                int k = ks[i], s = c->strength[k];
                if (rem[k] >= cc && by_s[s] < 0) { by_s[s] = k; nset++; }
            }
            if (nset < 2) break;
            int best_len = 0, best_top = -1, run = 0, prev = -2;
            for (int s = 0; s < c->nat[g]; s++) {
                if (by_s[s] < 0) continue;
                run = s == prev + 1 ? run + 1 : 1; prev = s;
                if (run >= best_len) { best_len = run; best_top = s; }
            }
            if (best_len < 2) break;
            for (int s = best_top; s > best_top - best_len; s--) rem[by_s[s]] -= cc;
            uc[nunits] = cc; uL[nunits] = best_len; utop[nunits] = best_top; nunits++;
        }
        for (int i = 0; i < nks; i++) {
            int k = ks[i];
            while (rem[k] >= cc) { rem[k] -= cc; uc[nunits] = cc; uL[nunits] = 1; utop[nunits] = c->strength[k]; nunits++; }
        }
    }
    for (int i = 0; i < nks; i++)
        for (int q = 0; q < rem[ks[i]]; q++) { uc[nunits] = 1; uL[nunits] = 1; utop[nunits] = c->strength[ks[i]]; nunits++; }
    return nunits;
}

/* units.py covers (a trump play on a plain lead that counts, trump_in = covers): at least the
 * lead's units per copies (count_units) and its chains, all hosted disjointly (match_chains). */
static int host_chains(int *av, int ns, const int *lens, int nl, int i) {
    if (i == nl) return 1;
    int L = lens[i];
    for (int s0 = 0; s0 + L <= ns; s0++) {
        int ok = 1;
        for (int s = s0; s < s0 + L && ok; s++) ok = av[s] > 0;
        if (!ok) continue;
        for (int s = s0; s < s0 + L; s++) av[s]--;
        int done = host_chains(av, ns, lens, nl, i + 1);
        for (int s = s0; s < s0 + L; s++) av[s]++;
        if (done) return 1;
    }
    return 0;
}

static void avail_of(Core *c, const int *cnt, int g, int cc, int *av) {
    for (int s = 0; s < c->nat[g]; s++) {
        av[s] = 0;
        for (int j = 0; j < c->natk[g][s]; j++) if (cnt[c->at[g][s][j]] >= cc) av[s]++;
    }
}

/* The winner of a trick led by anything but a single or a pair (engine/tricks.py _winner with
 * trump_in = covers): -1 where the core asks the engine (win_decks 0: trump_in = exact; a lead of
 * two groups; a 3-deck lead whose trump-ins must hold units disjointly, holds_units). */
/* What a lead asks of followers and of trump-ins (units.py needs_of): per copies (2 pairs, 3
 * triples) the positions holding that many (pairs inside tractors counted) and the chains' lengths,
 * longest first */
typedef struct { int units[4], nl[4], lens[4][MAXC / 2]; } LeadNeeds;

static void lead_needs(const int *uc, const int *uL, int nu, LeadNeeds *nd) {
    memset(nd, 0, sizeof *nd);
    for (int u = 0; u < nu; u++) {
        if (uL[u] >= 2) nd->lens[uc[u]][nd->nl[uc[u]]++] = uL[u];
        for (int cc = 2; cc <= uc[u]; cc++) nd->units[cc] += uL[u];
    }
    for (int cc = 2; cc <= 3; cc++) if (nd->nl[cc] > 1) qsort(nd->lens[cc], nd->nl[cc], sizeof(int), int_desc);
}

typedef struct LeadInfo {
    int n; uint8_t cards[MAXC];       /* the lead (the cache's key) */
    uint64_t h;                       /* its hash */
    int ok, g, C, L, top, nu; LeadNeeds nd;
} LeadInfo;
#define LEADINFO_SLOTS 256

/* What a multi-card lead asks of a trick's winner (engine/legal.py _analyse_lead: its units, main
 * unit, needs), kept in a small direct-mapped cache on the lead's cards (a trick's lead is asked
 * about at every node below it).  ok = 0: the engine is asked (two groups; lead.disjoint). */
static const LeadInfo *lead_info(Core *c) {
    int len0 = c->tablen[0];
    const uint8_t *lead = c->tabcards[0];
    uint64_t h = hash_bytes(lead, len0);
    LeadInfo *li = &c->leadinfo[h & (LEADINFO_SLOTS - 1)];
    if (li->n == len0 && memcmp(li->cards, lead, len0) == 0) return li;
    li->n = len0; memcpy(li->cards, lead, len0); li->ok = 0; li->h = h;
    int decks = c->win_decks, g = c->group[lead[0]];
    int cnt[NK] = {0};
    for (int j = 0; j < len0; j++) { if (c->group[lead[j]] != g) return li; cnt[lead[j]]++; }
    int uc[MAXC], uL[MAXC], utop[MAXC], nu;
    if (len0 == 1) { nu = 1; uc[0] = 1; uL[0] = 1; utop[0] = c->strength[lead[0]]; }
    else if (len0 == 2 && lead[0] == lead[1] && decks >= 2) { nu = 1; uc[0] = 2; uL[0] = 1; utop[0] = c->strength[lead[0]]; }
    else nu = split_cards(c, cnt, g, decks, uc, uL, utop);
    /* the main unit: the largest by (cards, copies, top); needs per copies */
    int mi = 0, multi = 0, triple = 0;
    for (int u = 1; u < nu; u++) {
        long x = (long)uc[u] * uL[u] * 10000 + uc[u] * 100 + utop[u], y = (long)uc[mi] * uL[mi] * 10000 + uc[mi] * 100 + utop[mi];
        if (x > y) mi = u;
    }
    for (int u = 0; u < nu; u++) if (uc[u] >= 2) { multi++; if (uc[u] >= 3) triple = 1; }
    if (multi > 1 && triple) return li;                /* lead.disjoint: holds_units, asked of the engine */
    lead_needs(uc, uL, nu, &li->nd);
    li->ok = 1; li->g = g; li->C = uc[mi]; li->L = uL[mi]; li->top = utop[mi]; li->nu = nu;
    return li;
}

/* What one play of a trick led by a multi-card lead of group g (lead_info li) counts for: kind 0 (it
 * cannot win: another length, not all of one group, not the led group nor a trump on a plain lead,
 * or a trump play that does not cover the lead), 1 (of the led group: *val its top as one unit of the
 * main unit's shape, -1 when it is not one) or 2 (a trump play that covers the lead: *val its best
 * top).  The engine's _winner, per play (multi_step compares the plays). */
static int play_value(Core *c, const LeadInfo *li, const uint8_t *cards, int m, int *val) {
    int g = li->g, gg = c->group[cards[0]], C = li->C, L = li->L, decks = c->win_decks;
    int topc = decks > 2 ? decks : 2;
    for (int j = 0; j < m; j++) if (c->group[cards[j]] != gg) return 0;
    int pc[NK] = {0}, kinds = 0;
    for (int j = 0; j < m; j++) { if (!pc[cards[j]]) kinds++; pc[cards[j]]++; }
    if (gg == g) {                      /* _one_unit_top: exactly one (C, L) unit */
        int v;
        if (C == 1 && L == 1) v = c->strength[cards[0]];
        else {
            v = -1;
            if (kinds == L) {
                int ok = 1, lo = 1 << 20, hi = -1, seen[MAXS] = {0}, distinct = 1;
                for (int k = 0; k < NK && ok; k++) if (pc[k]) {
                    if (pc[k] != C) ok = 0;
                    int st = c->strength[k];
                    if (seen[st]) distinct = 0;
                    seen[st] = 1;
                    if (st < lo) lo = st;
                    if (st > hi) hi = st;
                }
                if (ok && distinct && hi - lo == L - 1) v = hi;
            }
        }
        *val = v;
        return 1;
    }
    /* a trump play on a plain lead: covers, then its best top */
    const int *need_units = li->nd.units, *nl = li->nd.nl;
    for (int cc = topc; cc >= 2; cc--) {
        if (need_units[cc]) {
            int have = 0;
            for (int q = 0; q < c->ngk[TRUMP]; q++) have += pc[c->gkinds[TRUMP][q]] / cc;
            if (have < need_units[cc]) return 0;
        }
        if (nl[cc]) {
            int av[MAXS];
            avail_of(c, pc, TRUMP, cc, av);
            if (!host_chains(av, c->nat[TRUMP], li->nd.lens[cc], nl[cc], 0)) return 0;
        }
    }
    int av[MAXS], run = 0, v = -1;
    avail_of(c, pc, TRUMP, C, av);
    for (int s = 0; s < c->nat[TRUMP]; s++) { run = av[s] > 0 ? run + 1 : 0; if (run >= L) v = s; }
    *val = v;
    return 2;
}

/* play_value's answers, kept in a direct-mapped cache on the lead's and the play's cards (compared
 * whole: a hash alone decides nothing): the same lead and follow meet again in every subtree that
 * reaches the trick.  On seed 11's hand 3 (last 7 tricks, throws trumped in) the winners of such
 * tricks had taken a fifth of the search's instructions. */
#define PLAYVAL_SLOTS 4096
typedef struct PlayVal { uint64_t h; int n, kind, val; uint8_t cards[2 * MAXC]; } PlayVal;

static int play_value_cached(Core *c, const LeadInfo *li, const uint8_t *cards, int m, int *val) {
    uint64_t h = (hash_bytes(cards, m) ^ (li->h * 0x9E3779B97F4A7C15ULL)) | 1;
    PlayVal *e = &c->playval[(h >> 7) & (PLAYVAL_SLOTS - 1)];
    if (e->h == h && e->n == m && memcmp(e->cards, li->cards, m) == 0 && memcmp(e->cards + m, cards, m) == 0) {
        *val = e->val;
        return e->kind;
    }
    int v = -1, kind = play_value(c, li, cards, m, &v);
    e->h = h; e->n = m; e->kind = kind; e->val = v;
    memcpy(e->cards, li->cards, m); memcpy(e->cards + m, cards, m);
    *val = v;
    return kind;
}

static void multi_step(Core *c, const LeadInfo *li, WinState *w, int i) {
    int m = c->tablen[i], g = li->g;
    if (m != li->n) return;
    const uint8_t *cards = c->tabcards[i];
    int gg = c->group[cards[0]];
    if (gg == g) { if (li->nu != 1 || w->trump) return; }      /* a follow beats only a lead of one unit */
    else if (g == TRUMP || gg != TRUMP) return;
    int val, kind = play_value_cached(c, li, cards, m, &val);
    if (kind == 1) { if (val > w->val) { w->best = i; w->val = val; } }
    else if (kind == 2 && (!w->trump || val > w->val)) { w->best = i; w->val = val; w->trump = 1; }
}


/* Index of the play winning the table's first n plays (n >= 1); ERR on a Python error.  The folds
 * above, their states kept: c->ws[i] is the state after play i, valid for i < c->wsn; a write of play
 * t on the table lowers wsn to t (table_changed), so a node asking again for its table's winner
 * pays only for the plays new since (each 4th seat's play: one step, not the trick again).  The
 * engine's answers (the wins map below) are not folds: asked whole. */
static inline void table_changed(Core *c, int t) { if (c->wsn > t) c->wsn = t; }

/* Which fold judges the trick led on the table: FOLD_SINGLE, FOLD_PAIR (fast_pairs), FOLD_MULTI (a
 * lead of one group the core judges: *li its lead_info), or 0: the engine's. */
enum { FOLD_SINGLE = 1, FOLD_PAIR, FOLD_MULTI };
static int lead_fold(Core *c, const LeadInfo **li) {
    if (c->tablen[0] == 1) return FOLD_SINGLE;
    if (c->fast_pairs && c->tablen[0] == 2 && c->tabcards[0][0] == c->tabcards[0][1]) return FOLD_PAIR;
    if (c->win_decks && (*li = lead_info(c))->ok) return FOLD_MULTI;
    return 0;
}

static int winner_index(Core *c, int n) {
    if (c->wsn >= n) return c->ws[n - 1].best;
    int i = c->wsn;
    const LeadInfo *li = NULL;
    int fold = lead_fold(c, &li);
    if (fold == FOLD_SINGLE) {
        if (!i) { c->ws[0] = (WinState){0, 0, 0}; i = 1; }
        for (; i < n; i++) {
            int b = c->ws[i - 1].best;
            c->ws[i] = c->ws[i - 1];
            if (single_beats(c, c->tabcards[i][0], c->tabcards[b][0])) c->ws[i].best = i;
        }
        c->wsn = n;
        return c->ws[n - 1].best;
    }
    if (fold == FOLD_PAIR) {
        if (!i) { c->ws[0] = (WinState){0, c->strength[c->tabcards[0][0]], 0}; i = 1; }
        for (; i < n; i++) { c->ws[i] = c->ws[i - 1]; pair_step(c, &c->ws[i], i); }
        c->wsn = n;
        return c->ws[n - 1].best;
    }
    if (fold == FOLD_MULTI) {
        if (!i) { c->ws[0] = (WinState){0, li->top, 0}; i = 1; }
        for (; i < n; i++) { c->ws[i] = c->ws[i - 1]; multi_step(c, li, &c->ws[i], i); }
        c->wsn = n;
        return c->ws[n - 1].best;
    }
    uint8_t key[4 * (MAXC + 1) + 1];
    int len = table_key(c, key, n);
    uint64_t h = hash_bytes(key, len);
    Slot *s = map_find(&c->wins, key, len, h);
    if (s) return s->a;
    PyObject *t = table_tuple(c, n, c->tabseat, c->tablen, c->tabcards);
    if (!t) { c->error = 2; return ERR; }
    c->callbacks++;
    PyObject *r = PyObject_CallMethod(c->oracle, "_core_winner", "(N)", t);
    if (!r) { c->error = 2; return ERR; }
    long wi = PyLong_AsLong(r); Py_DECREF(r);
    if (wi == -1 && PyErr_Occurred()) { c->error = 2; return ERR; }
    s = map_add(&c->wins, key, len, h, 0, NULL);
    if (!s) { PyErr_NoMemory(); c->error = 2; return ERR; }
    s->a = (int32_t)wi;
    return (int)wi;
}

/* need_at for the winner of the table's first n plays (winner_index(c, n) just asked: ws holds
 * its fold): the winning play's value exact (see need_at) */
static void need_winner(Core *c, int n) {
    const LeadInfo *li = NULL;
    int fold = lead_fold(c, &li);
    if (fold == FOLD_SINGLE) {
        int k = c->tabcards[c->ws[n - 1].best][0];
        need_at(c, c->group[k], c->strength[k]);
    } else if (fold == FOLD_PAIR || fold == FOLD_MULTI) {
        const WinState *w = &c->ws[n - 1];
        need_at(c, w->trump ? TRUMP : c->group[c->tabcards[0][0]], w->val);
    } else need_all(c);
}

/* (winner seat, attackers' gain) of the complete last trick on the table, the bottom counted. */
static int score_last(Core *c, int *winner) {
    int pts = 0;
    for (int i = 0; i < 4; i++) pts += pts_of(c, c->tabcards[i], c->tablen[i]);
    if (c->tablen[0] == 1) {
        int wi = winner_index(c, 4);
        if (c->track) need_winner(c, 4);
        *winner = c->tabseat[wi];
        if (!c->attacker[*winner]) return 0;
        return pts + c->bottom_points * c->single_mult;
    }
    /* the winner as every other trick's (winner_index: the engine's where the core cannot fold the lead); the
     * bottom's multiplier the engine's for the lead's shapes (solver.Solver._lead_mult), asked once a lead */
    int wi = winner_index(c, 4);
    if (wi == ERR) return ERR;
    if (c->track) need_winner(c, 4);
    *winner = c->tabseat[wi];
    if (!c->attacker[*winner]) return 0;
    if (!c->bottom_points) return pts;
    uint8_t key[MAXC + 1];
    int len = 1 + c->tablen[0];
    key[0] = (uint8_t)c->tablen[0];
    memcpy(key + 1, c->tabcards[0], (size_t)c->tablen[0]);
    uint64_t h = hash_bytes(key, len);
    Slot *s = map_find(&c->scores, key, len, h);
    int mult;
    if (s) mult = s->a;
    else {
        PyObject *lead = PyTuple_New(c->tablen[0]);
        if (!lead) { c->error = 2; return ERR; }
        for (int j = 0; j < c->tablen[0]; j++) {
            PyObject *k = PyLong_FromLong(c->tabcards[0][j]);
            if (!k) { Py_DECREF(lead); c->error = 2; return ERR; }
            PyTuple_SET_ITEM(lead, j, k);
        }
        c->callbacks++;
        PyObject *r = PyObject_CallMethod(c->oracle, "_core_lead_mult", "(N)", lead);
        if (!r) { c->error = 2; return ERR; }
        mult = (int)PyLong_AsLong(r); Py_DECREF(r);
        if (mult == -1 && PyErr_Occurred()) { c->error = 2; return ERR; }
        s = map_add(&c->scores, key, len, h, 0, NULL);
        if (!s) { PyErr_NoMemory(); c->error = 2; return ERR; }
        s->a = mult;
    }
    return pts + c->bottom_points * mult;
}

/* ------------------------------------------------------------------ bottom multiplier bound */
static int mult_bound(Core *c) {
    if (!c->bottom_points) return 0;
    int best = 1;
    for (int seat = 0; seat < 4; seat++) {
        if (!c->attacker[seat]) continue;
        const uint8_t *hand = c->hands[seat];
        uint64_t h = hash_bytes(hand, NK);
        Slot *s = map_find(&c->mults, hand, NK, h);
        int m;
        if (s) m = s->a;
        else {
            c->callbacks++;
            PyObject *r = PyObject_CallMethod(c->oracle, "_core_hand_mult", "(y#)", (const char *)hand, (Py_ssize_t)NK);
            if (!r) { c->error = 2; return ERR; }
            m = (int)PyLong_AsLong(r); Py_DECREF(r);
            if (m == -1 && PyErr_Occurred()) { c->error = 2; return ERR; }
            s = map_add(&c->mults, hand, NK, h, 0, NULL);
            if (!s) { PyErr_NoMemory(); c->error = 2; return ERR; }
            s->a = m;
        }
        if (m > best) best = m;
    }
    return best;
}

/* ------------------------------------------------------------------ keys */
/* Between tricks: the position's shape (search.py's shape_key): per suit group the strengths with
 * cards in play, each with whether it is adjacent to the one before (only where one seat holds two
 * or more copies at both), and at each the points and the four hands' copies of each kind there;
 * the plain groups sorted (interchangeable), trumps apart; the leader.  The key itself holds each
 * group's encoding as its id (group_id below): equal encodings, equal ids. */
typedef struct GroupEnc { uint8_t b[3 * NK + 8]; int n; } GroupEnc;

static int u16_cmp(const void *x, const void *y) { return (int)*(const uint16_t *)x - (int)*(const uint16_t *)y; }

/* A stretch of a group: consecutive strengths in play, every card there one seat's, no two alike.
 * No other seat's card lies between two of its cards, so each of them compares alike with every
 * other card of the group (every other seat's card is below all of them or above all of them); two
 * of them never meet but in one play of that seat (singles: no pair, no tractor; a throw holding one
 * stands or fails whichever it is); a ruff, a discard or a lead into void hands does not look at
 * rank; and a tractor never spans it (tractors need pairs at strengths next to each other: a stretch,
 * even once played out, leaves a gap).  So positions that differ only in which ranks a stretch holds
 * (the same holder, the same count of each points, the rest of the group the same) have the same
 * value — the argument of the stretches' classes of moves (moves.py equal_classes) — and a stretch of
 * two cards or more is encoded by its holder and points only: STRETCH, the count byte, then its cards
 * by points (0, 5, 10).  No level's first byte is STRETCH (a level's is adj << 7 | nh, nh <= MAXAT),
 * so the encoding reads back one way only.  (The stretches of the classes of moves, classes_of_levels
 * below, are another cut of the same argument: the mover's cards, one kind a strength, an isolated
 * pair of its own allowed between; here any seat's, single cards only, several kinds a strength
 * allowed.  Each is checked on its own: keys by tests/test_solver_core.py, classes by brute force in
 * tests/test_solver.py and against the engine by the differential.) */
#define STRETCH 0x7E

/* a level's holder: the count byte every kind there has when one seat holds each once (0: not so) */
static int level_holder(Core *c, int g, int s) {
    int one = 0;
    for (int j = 0; j < c->natk[g][s]; j++) {
        int k = c->at[g][s][j];
        if (!c->inplay[k]) continue;
        int b = cbyte(c, k);
        if ((b != 1 && b != 4 && b != 16 && b != 64) || (one && b != one)) return 0;
        one = b;
    }
    return one;
}

/* the stretch of the strengths lv[from..to), held by the seat of count byte `holder`, into out:
 * STRETCH, the holder, its cards by points */
static int put_stretch(Core *c, int g, const int *lv, int from, int to, int holder, uint8_t *out) {
    int by_pts[3] = {0, 0, 0};
    for (int i = from; i < to; i++)
        for (int j = 0; j < c->natk[g][lv[i]]; j++) {
            int k = c->at[g][lv[i]][j];
            if (c->inplay[k]) by_pts[c->points[k] / 5]++;
        }
    out[0] = STRETCH; out[1] = (uint8_t)holder;
    for (int i = 0; i < 3; i++) out[2 + i] = (uint8_t)by_pts[i];
    return 5;
}

static void encode_group(Core *c, int g, GroupEnc *e) {
    int lv[MAXS], nl = 0, cards[MAXS], holder[MAXS];
    for (int s = 0; s < c->nat[g]; s++) {
        int m = 0;
        for (int j = 0; j < c->natk[g][s]; j++) m += c->inplay[c->at[g][s][j]] > 0;
        if (m) { cards[nl] = m; holder[nl] = level_holder(c, g, s); lv[nl++] = s; }
    }
    int n = 0, prev = -2, prev_pairs = 0;
    for (int i = 0; i < nl;) {
        int end = i + 1, in = cards[i];
        if (holder[i]) while (end < nl && holder[end] == holder[i]) in += cards[end++];
        if (holder[i] && in >= 2) {     /* a stretch: its holder and points only */
            n += put_stretch(c, g, lv, i, end, holder[i], e->b + n);
            prev = lv[end - 1]; prev_pairs = 0;
            i = end;
            continue;
        }
        int s = lv[i++];
        uint16_t here[MAXAT]; int nh = 0, pairs = 0;
        for (int j = 0; j < c->natk[g][s]; j++) {
            int k = c->at[g][s][j];
            if (!c->inplay[k]) continue;
            for (int seat = 0; seat < 4; seat++) if (c->hands[seat][k] > 1) pairs |= 1 << seat;
            here[nh++] = (uint16_t)((c->points[k] / 5) << 8 | cbyte(c, k));
        }
        for (int a = 1; a < nh; a++) {              /* sorted (a few at most: insertion) */
            uint16_t x = here[a]; int j = a;
            while (j > 0 && here[j - 1] > x) { here[j] = here[j - 1]; j--; }
            here[j] = x;
        }
        int adj = (s == prev + 1) && (pairs & prev_pairs);
        e->b[n++] = (uint8_t)(adj << 7 | nh);
        for (int j = 0; j < nh; j++) { e->b[n++] = here[j] >> 8; e->b[n++] = here[j] & 255; }
        prev = s; prev_pairs = pairs;
    }
    e->n = n;
}

/* Each distinct group encoding gets an id (gencs: the encoding's bytes -> id), and a direct-mapped
 * cache (gcache) gives a group state met again its id without encoding it: the group's hash of its
 * kinds' count bytes (zg, kept by move_card) picks the slot, the count bytes are compared whole.
 * Ids are never reused (next_gid only grows, across clears): a key built with an id keeps meaning
 * the same encoding, so an entry stored under it is right even after the map starts again empty
 * (it is then only not found again).  A full map starts again empty with the cache (so that an
 * encoding keeps one id while they hold it).  Returns -1 on no memory, -2 when the ids ran out (a
 * budget: the search stops). */
#define GID_ENTRIES (1u << 19)
#define GID_BYTES (48u << 20)
#define GCACHE (1u << 16)
typedef struct GCache { uint64_t h; int32_t id; uint8_t g, st[NK]; } GCache;
static int32_t group_id_slow(Core *c, int g, int add);
/* group_id's first look: a direct-mapped cache on the group's hash (zg), the count bytes compared
 * whole (a hash alone decides nothing).  add 0 (etc_cut's probes): a group state not met before is
 * not added (-3: its encoding has no id, so no entry's key holds it) */
static int32_t group_id(Core *c, int g, int add) {
    uint64_t h = (c->zg[g] ^ (uint64_t)(g + 1) * 0x9E3779B97F4A7C15ULL) | 1;     /* 0: an empty slot */
    if (!c->gcache) {
        if (!(c->gcache = calloc(GCACHE, sizeof(GCache)))) return -1;
        huge_hint(c->gcache, GCACHE * sizeof(GCache));
    }
    GCache *e = &c->gcache[(h >> 17) & (GCACHE - 1)];
    int n = c->ngk[g];
    if (e->h == h && e->g == g && memcmp(e->st, c->gcb[g], (size_t)n) == 0) return e->id;
    int32_t id = group_id_slow(c, g, add);
    if (id >= 0) {
        e->h = h; e->g = (uint8_t)g; e->id = id;
        memcpy(e->st, c->gcb[g], (size_t)n);
    }
    return id;
}

static int32_t group_id_slow(Core *c, int g, int add) {
    GroupEnc e; encode_group(c, g, &e);
    uint64_t h = hash_bytes(e.b, (size_t)e.n);
    Slot *t = map_find(&c->gencs, e.b, (uint32_t)e.n, h);
    if (t) return t->a;
    if (!add) return -3;
    if (c->gencs.count >= c->gencs.limit || c->gencs.alen + (size_t)e.n > c->gencs.byte_limit) {
        map_clear(&c->gencs); if (c->gcache) memset(c->gcache, 0, GCACHE * sizeof(GCache));
        c->gid_clears++;
    }
    if (c->next_gid == INT32_MAX) return -2;
    t = map_add(&c->gencs, e.b, (uint32_t)e.n, h, 0, NULL);
    if (!t) return -1;
    return t->a = c->next_gid++;
}

/* shape_key from the five groups' ids: the leader, the trump group's id, the plain groups' ids
 * sorted (equal encodings have equal ids, so the plain groups stay interchangeable); 0 and
 * c->error set when an id could not be had */
static int shape_key_of(Core *c, const int32_t *id, SKey *key) {
    int32_t plain[4] = {id[0], id[1], id[2], id[3]};
    for (int i = 0; i < 5; i++) if (id[i] < 0) {
        if (id[i] == -1) PyErr_NoMemory();
        c->error = id[i] == -1 ? 2 : 1;
        return 0;
    }
    for (int i = 1; i < 4; i++) {
        int32_t x = plain[i]; int j = i;
        while (j > 0 && plain[j - 1] > x) { plain[j] = plain[j - 1]; j--; }
        plain[j] = x;
    }
    key->leader = c->leader;
    key->id[0] = id[TRUMP];
    memcpy(key->id + 1, plain, sizeof plain);
    return 1;
}

static int shape_key(Core *c, SKey *key) {
    int32_t id[5];
    for (int g = 0; g < 5; g++) id[g] = group_id(c, g, 1);
    return shape_key_of(c, id, key);
}

/* shape_key at a trick's start, the groups' ids kept at c->tid[ply] (for etc_cut three plies down
 * and for the next trick's start).  From ply 4 on, the previous trick's start is four plies up on
 * the search's path (trick starts are 4 plies apart; the root is ply 0 and the first trick start
 * below a root inside a trick is at a ply under 4) and the table still holds that trick's four
 * plays: a group none of them touched has the same cards in every hand, so the same id, copied. */
static int shape_key_at(Core *c, SKey *key, int ply) {
    int32_t *id = c->tid + 5 * ply;
    int touched = 31;
    if (ply >= 4) {
        touched = 0;
        for (int t = 0; t < 4; t++) for (int x = 0; x < c->tablen[t]; x++) touched |= 1 << c->group[c->tabcards[t][x]];
    }
    for (int g = 0; g < 5; g++) id[g] = touched >> g & 1 ? group_id(c, g, 1) : c->tid[5 * (ply - 4) + g];
    return shape_key_of(c, id, key);
}

/* Inside a trick: the exact cards (a count byte per kind), the leader and the table.
 *
 * Why not the shape inside a trick too (bench/README.md, issue 23, twenty-sixth part: argued sound,
 * measured, not built).  Two trick starts that share a shape entry have mid-trick children that share
 * nothing.  The key they could share: the leader, and per suit group encode_group's encoding made over
 * the hands' cards and the table's together — each kind at a level with its points, its count byte
 * and a table byte (each play's copies of it, 2 bits a play: which play it belongs to); a level
 * holding a table card is never part of a stretch (the table's cards break the hands' stretches); the
 * adjacency bit where one holder, a seat or a play on the table, holds two copies or more at both
 * strengths; the plain groups sorted, trumps apart.  The plays on the table, their seats, shapes
 * (pairs, tractors: a play's pairs at adjacent strengths) and points are all read off it.
 *
 * Sound: two positions P, P' of one trick with equal such keys have the same value.  Equal keys give
 * a map s of P's cards (in the hands and on the table) onto P''s, level by level (within a stretch
 * by points), keeping each card's holder, group, points and copies, so that
 *  (a) two cards of different holders compare alike (a stretch has no other holder's card between
 *      its levels, so each of its cards lies above, or below, every card of another holder alike;
 *      a play on the table is a holder of its own, so its cards sit where they sat among the hands');
 *  (b) each holder's own pairs, triples and tractors are alike (tractors need adjacent strengths:
 *      the bit says so wherever one holder holds two copies at both; a stretch holds singles only).
 * Every rule the core applies reads no more than (a), (b), points and counts:
 *  - a follow's duties (single_follows, gen_follows, the engine's legal_follows when asked): the
 *    mover's own cards of the led group, its pairs and tractors, against the lead's units: (b);
 *  - the trick's winner (single_beats, pair_step, multi_step and covers, trump-ins, the engine's
 *    winners): the plays' shapes (b) and comparisons of cards of different plays (a); its points;
 *  - a throw on the table stood when it was led (the core leads only throws that stand); the next
 *    leads' throw checks are the next trick start's (its shape key);
 *  - the bottom's multiplier (score_last, the engine's score: the last trick's units): (b);
 *  - after the trick, s maps P's next trick start onto P''s with equal shape keys: the levels left,
 *    their stretches and adjacency (hands only lose cards: a seat's two pairs at two levels after the
 *    trick held them there before, where the bit was kept) are read off the mid-trick key with the
 *    table's levels taken out; from there encode_group's argument holds.
 * By induction on the cards left, the plays s matches have equal values (a card played from a stretch
 * lands on the table at another rank of it in P' than in P, but only that seat's own cards lie
 * there, which never meet it in this trick: (a) holds still), and so do P and P'.  The steps that
 * only save nodes (trick_side, multi_side, drop_dominated, etc_cut, run_bound at the next leads) are
 * sound in each position on its own, so a bound one position's search proved holds for the other's
 * value; `mult` (the trick start's mult_bound, not read off the key) only bounds, never values.  With
 * `track` on no table is used.  Not argued: a lead of two groups (botzone's same_letter mixed lead,
 * whose follows and winner the engine reads whole) — it would keep the exact key.
 *
 * What it could give, at most (a measuring build, not kept: at every node inside a trick below the
 * root, a side table on this key, filled at each such node's end, probed before its plays; the nodes
 * below the outermost nodes where its entry would have decided the window, counted): the bench's 15
 * hands, last 8 from the real result, 1.50 M of 33.9 M nodes (4.4 %; the exact cards alone 2.4 %),
 * no hand over 9.4 %; seed 97 hand 2 (10 cards a seat) 0.23 M of 6.28 M (3.6 %; exact 2.5 %); seed
 * 97 hand 1 (13 cards), its first 30 M nodes of 130.6 M, 8,516 (0.03 %: 18,531 hits in 7.37 M
 * probes).  None of the 0.85 M entries that would have decided disagreed with what the search then
 * found there, and no two stores under one key contradicted each other.  Entries inside a trick
 * seldom decide: a node is reached through its trick start, whose own entry is looked up first, and
 * MTD(f)'s windows move between the passes that meet it again.  Far under what a key a node costs
 * (the exact entries' look-ups and stores cost more than they saved: the top of this file), so not
 * built; the transpositions are at the trick starts. */
static int exact_key(Core *c, uint8_t *key) {
    int len = 0;
    key[len++] = 'X';
    key[len++] = (uint8_t)c->leader;
    for (int k = 0; k < NK; k++) key[len++] = cbyte(c, k);
    len += table_key(c, key + len, c->ntab);
    return len;
}

/* The four hands' count bytes of every kind in the groups of `mask` (after a mask byte). */
static int groups_part(Core *c, uint8_t *key, int mask) {
    int len = 0;
    key[len++] = (uint8_t)mask;
    for (int g = 0; g < 5; g++) {
        if (!(mask >> g & 1)) continue;
        memcpy(key + len, c->gcb[g], (size_t)c->ngk[g]); len += c->ngk[g];
    }
    return len;
}

static int held_mask(Core *c, int seat) {
    int m = 0; for (int g = 0; g < 5; g++) if (group_held(c, seat, g)) m |= 1 << g; return m;
}

/* plays.py's lead_key / follow_key: what a node's plays depend on. */
static int moves_key(Core *c, int seat, uint8_t *key) {
    int len = 0;
    if (!c->ntab) {
        key[len++] = 'L'; key[len++] = (uint8_t)seat;
        return len + groups_part(c, key + len, held_mask(c, seat));
    }
    key[len++] = 'F'; key[len++] = (uint8_t)c->leader;
    len += table_key(c, key + len, c->ntab);
    int g = c->group[c->tabcards[0][0]];
    if (group_held(c, seat, g) && (c->tablen[0] == 1 || group_count(c, seat, g) >= c->tablen[0]))
        return len + groups_part(c, key + len, 1 << g);
    return len + groups_part(c, key + len, 32 | held_mask(c, seat));
}

/* ------------------------------------------------------------------ follows to a single lead */
/* moves.py's equal_classes in one group g for `seat`, the four hands' cards as the cards in play. */
typedef struct { int n; uint8_t k[NK]; } Members;

/* The rule, from the strengths of g that hold cards in play: occ (bit s: one there or more), lvn[s]
 * (how many kinds in play there) and lvx[s] (their xor: the kind, when one).  A stretch of occupied
 * strengths, each holding one kind in play, all of it in `hand` (and, for a pair or more, no occupied
 * strength beside it: it could join a tractor), gives the classes of stretch_classes: its runs of one
 * count (two or more) and one value in points, and its single cards of one value in points wherever
 * they lie in it (only the mover's cards lie between them); a class has two members or more; an empty
 * strength between does not break a stretch. */
/* one class of the members run[0..nrun) (two or more), its id next_id */
static int emit_class(const int *run, int nrun, int *cls_of, Members *mem, int next_id) {
    if (nrun < 2) return next_id;
    if (mem) mem[next_id].n = nrun;
    for (int i = 0; i < nrun; i++) { cls_of[run[i]] = next_id; if (mem) mem[next_id].k[i] = (uint8_t)run[i]; }
    return next_id + 1;
}

/* the classes of one stretch (moves.py _stretch_classes): runs of members with the same copies and
 * points (copies >= 2), and the single cards by their points wherever they lie in it */
static int stretch_classes(Core *c, const uint8_t *inplay, const int *st, int ns, int *cls_of, Members *mem,
                           int next_id) {
    int run[NK], nrun = 0, sig = -1, one[3][NK], none[3] = {0, 0, 0};
    for (int i = 0; i < ns; i++) {
        int member = st[i], cc = inplay[member], msig = cc * 64 + c->points[member];
        if (cc == 1) { int p = c->points[member] / 5; one[p][none[p]++] = member; }
        if (msig != sig) {
            if (nrun >= 2 && inplay[run[0]] >= 2) next_id = emit_class(run, nrun, cls_of, mem, next_id);
            nrun = 0; sig = msig;
        }
        run[nrun++] = member;
    }
    if (nrun >= 2 && inplay[run[0]] >= 2) next_id = emit_class(run, nrun, cls_of, mem, next_id);
    for (int p = 0; p < 3; p++) next_id = emit_class(one[p], none[p], cls_of, mem, next_id);
    return next_id;
}

static int classes_of_levels(Core *c, const uint8_t *hand, const uint8_t *inplay, int g, uint64_t occ,
                             const uint8_t *lvn, const uint8_t *lvx, int *cls_of, Members *mem, int next_id) {
    int n = c->nat[g], st[NK], ns = 0;
    for (uint64_t left = occ;; left &= left - 1) {
        int member = -1;
        if (left) {
            int s = __builtin_ctzll(left);
            if (lvn[s] == 1) {
                member = lvx[s];
                int cc = inplay[member];
                if (hand[member] != cc || (cc >= 2 && ((s > 0 && (occ >> (s - 1) & 1)) || (s + 1 < n && (occ >> (s + 1) & 1)))))
                    member = -1;
            }
        }
        if (member < 0) {
            if (ns >= 2) next_id = stretch_classes(c, inplay, st, ns, cls_of, mem, next_id);
            ns = 0;
            if (!left) break;
            continue;
        }
        st[ns++] = member;
    }
    return next_id;
}

static int classes_of_group(Core *c, const uint8_t *hand, const uint8_t *inplay, int g,
                            int *cls_of /* per kind: class id or -1 */, Members *mem, int next_id) {
    int sole = 0;
    for (int i = 0; i < c->ngk[g] && sole < 2; i++) { int k = c->gkinds[g][i]; if (hand[k] && hand[k] == inplay[k]) sole++; }
    if (sole < 2) return next_id;       /* no class can have two members */
    uint8_t lvn[MAXS], lvx[MAXS]; uint64_t occ = 0;
    for (int s = 0; s < c->nat[g]; s++) {
        lvn[s] = lvx[s] = 0;
        for (int j = 0; j < c->natk[g][s]; j++) { int k = c->at[g][s][j]; if (inplay[k]) { lvn[s]++; lvx[s] ^= (uint8_t)k; } }
        if (lvn[s]) occ |= 1ULL << s;
    }
    return classes_of_levels(c, hand, inplay, g, occ, lvn, lvx, cls_of, mem, next_id);
}

/* classes_of_group for a seat's own hand and the cards in play (c->hands[seat], c->inplay), from the
 * strengths' state move_card keeps (occm, lvn, lvx) instead of a look at every kind of the group: the
 * follows to a single lead ask for it at nearly every follow (it was a sixth of the bench's
 * instructions).  tests/test_solver_core.py compares the two (the kept state against the one made
 * from the cards). */
static int classes_live(Core *c, int seat, int g, int *cls_of, int next_id) {
    return classes_of_levels(c, c->hands[seat], c->inplay, g, c->occm[g], c->lvn[g], c->lvx[g], cls_of, NULL, next_id);
}

typedef struct { int behind, pval, strength, first, rep; } Entry;

static int entry_cmp(const void *x, const void *y) {
    const Entry *a = x, *b = y;
    if (a->behind != b->behind) return a->behind - b->behind;
    if (a->pval != b->pval) return a->pval - b->pval;
    if (a->strength != b->strength) return a->strength - b->strength;
    return a->first - b->first;
}

/* What one seat could beat a card with in a trick of singles led in group g (for the orders of
 * plays only; no value rests on it): its highest strength in g (mg) and its highest trump (mt), -1
 * when none.  tops_beat: does such a seat beat the card winning so far (group gw, strength sw)?  It
 * follows g when it holds g, and then beats only a card of g of lower strength (equal strength: the
 * card played first wins); void in g, any trump beats a plain card, a higher trump a trump.
 * (trick_side, a bound, keeps search.py's _trick_side as it is, more cautious: a seat holding a
 * higher trump counts there even when it must follow the led suit.) */
typedef struct { int mg, mt; } SeatTops;

static SeatTops seat_tops(Core *c, int seat, int g) {
    SeatTops t = {-1, -1};
    const uint8_t *hand = c->hands[seat];
    /* gkinds lists a group's kinds by strength, weakest first: the first held from the end is the top */
    for (int j = c->ngk[g] - 1; j >= 0; j--) { int k = c->gkinds[g][j]; if (hand[k]) { t.mg = c->strength[k]; break; } }
    for (int j = c->ngk[TRUMP] - 1; j >= 0; j--) { int k = c->gkinds[TRUMP][j]; if (hand[k]) { t.mt = c->strength[k]; break; } }
    return t;
}

static int tops_beat(SeatTops t, int g, int gw, int sw) {
    if (t.mg >= 0) return gw == g && t.mg > sw;
    return t.mt >= 0 && (gw != TRUMP || t.mt > sw);
}

/* The follows to a single lead, equal cards merged (plays.py's _single_follows), in search order,
 * written to out (one card each); returns their number.  The order: the plays after which the
 * follower's side wins the trick surely (no later seat of the other side holds a card beating the
 * winning one: a higher card of the led group, or a trump when void in it), then those after which
 * it wins for now only, each most points first; then the others, fewest points first; ties the
 * weaker card first.  (The order changes no value, only the nodes: bench/README.md, issue 23,
 * sixth part.) */
static int single_follows(Core *c, int seat, uint8_t *out, int *wins_out) {
    int g = c->group[c->tabcards[0][0]];
    int n = c->ntab;
    int mine = c->attacker[seat];
    int cand[NK], ncand = 0;
    uint64_t held = c->heldm[seat], ing = held & c->gmask[g];      /* kind order, as the bits go */
    for (uint64_t b = ing ? ing : held; b; b &= b - 1) cand[ncand++] = __builtin_ctzll(b);
    if (ncand == 1) { out[0] = (uint8_t)cand[0]; return 1; }      /* forced: nothing to merge or order */
    int wins[NK];
    uint8_t cs[4];
    for (int i = 0; i < n; i++) cs[i] = c->tabcards[i][0];
    for (int i = 0; i < ncand; i++) { cs[n] = (uint8_t)cand[i]; wins[cand[i]] = single_winner(c, cs, n + 1); }
    int cls_of[NK];
    for (int k = 0; k < NK; k++) cls_of[k] = -1;
    int ids = 0, done = 0;
    for (int i = 0; i < ncand; i++) {
        int gg = c->group[cand[i]];
        if (done >> gg & 1) continue;
        done |= 1 << gg;
        ids = classes_live(c, seat, gg, cls_of, ids);
    }
    /* a class splits by whether its members beat the play winning so far; each part is played as
     * its weakest member (the class lists members weakest first: the first met in strength order) */
    int rep[NK];
    for (int i = 0; i < ncand; i++) rep[cand[i]] = cand[i];
    for (int id = 0; id < ids; id++) {
        int rb = -1, rl = -1, sb = INT_MAX, sl = INT_MAX, nb = 0, nl = 0;
        for (int i = 0; i < ncand; i++) {
            int k = cand[i];
            if (cls_of[k] != id) continue;
            if (wins[k] == n) { nb++; if (c->strength[k] < sb) { sb = c->strength[k]; rb = k; } }
            else { nl++; if (c->strength[k] < sl) { sl = c->strength[k]; rl = k; } }
        }
        for (int i = 0; i < ncand; i++) {
            int k = cand[i];
            if (cls_of[k] != id) continue;
            if (wins[k] == n) { if (nb > 1) rep[k] = rb; }
            else if (nl > 1) rep[k] = rl;
        }
    }
    Entry es[NK]; int ne = 0;
    uint64_t seen = 0;
    /* the later seats of the other side: can one beat a card winning the trick? */
    SeatTops later[3]; int nl = 0;
    for (int i = n + 1; i < 4; i++) {
        int s2 = (c->leader + i) & 3;
        if (c->attacker[s2] != mine) later[nl++] = seat_tops(c, s2, g);
    }
    for (int i = 0; i < ncand; i++) {
        int r = rep[cand[i]];
        if (seen >> r & 1) continue;
        seen |= 1ULL << r;
        int p = c->points[r];
        int ahead = c->attacker[(c->leader + wins[r]) & 3] == mine;
        int rank = ahead ? 0 : 2;
        if (ahead) {
            int w = wins[r] == n ? r : c->tabcards[wins[r]][0], gw = c->group[w], sw = c->strength[w], beaten = 0;
            for (int o = 0; o < nl && !beaten; o++) beaten = tops_beat(later[o], g, gw, sw);
            if (beaten) rank = 1;
        }
        es[ne].behind = rank; es[ne].pval = ahead ? -p : p;
        es[ne].strength = c->strength[r]; es[ne].first = cand[i]; es[ne].rep = r; ne++;
    }
    for (int i = 1; i < ne; i++) {          /* entry_cmp order (a total order: `first` differs), by insertion: a few entries */
        Entry x = es[i]; int j = i;
        while (j > 0 && entry_cmp(&es[j - 1], &x) > 0) { es[j] = es[j - 1]; j--; }
        es[j] = x;
    }
    for (int i = 0; i < ne; i++) out[i] = (uint8_t)es[i].rep;
    if (wins_out) for (int i = 0; i < ne; i++) wins_out[i] = wins[es[i].rep];    /* (drop_dominated reads them) */
    return ne;
}


/* Do the mover's cards a and b of group g (strengths sa < sb) lie in one stretch of the cards in play:
 * every card in play of strength sa..sb is the mover's, one kind a strength?  Then no other seat's
 * card, now or later (hands only lose cards), compares differently with a than with b. */
static int same_stretch(Core *c, int seat, int g, int sa, int sb) {
    uint64_t span = (sb >= 63 ? ~0ULL : ((1ULL << (sb + 1)) - 1)) & ~((1ULL << sa) - 1);
    for (uint64_t left = c->occm[g] & span; left; left &= left - 1) {
        int s = __builtin_ctzll(left), k = c->lvx[g][s];
        if (c->lvn[g][s] != 1 || c->hands[seat][k] != c->inplay[k]) return 0;
    }
    return 1;
}

/* Follows to a single lead that another of the mover's follows is never worse than, dropped from
 * out[0..n) (the order of the rest kept); returns how many are left.
 *
 * Why it is sound.  Let a and b be single cards of the mover (the only copy of each in play), of one
 * group, in one stretch (same_stretch), with different points, that both beat the trick's winning
 * card so far or both do not.  Compare the position after the mover plays a (keeping b) with the one
 * after it plays b (keeping a).  No card another seat holds lies between them in strength, so every
 * comparison of a with such a card comes out as the same comparison of b, now and in every later
 * trick; neither forms a pair or a tractor in the mover's hand (one copy each), and a follow's duty,
 * a lead's units and a throw's check count the same in both.  So every line of play of one position
 * is a line of the other (b played where a was, or a where b was), with the same winners of every
 * trick and the same multiplier of the bottom; the two differ only in where the points of a and b
 * land: this trick, and the later trick T where the mover plays the card kept.  When this trick
 * surely goes to side S (its winning card is one no later seat of the other side can beat), the
 * attackers' total after playing the card with more points, minus after playing the other, is
 * d * ([S are the attackers] - [T goes to the attackers]), d > 0 the points' difference: of one sign
 * in every line of play when S is known.  So for the mover the card with more points is never worse
 * when S is its own side, the one with fewer when S is the other side; the other card's follow is
 * dropped (minimax values keep an order that holds at every leaf of two trees of one shape).
 * "Surely": a later seat holding the led group must follow it and beats only with a stronger card
 * of it; a later seat void in it beats a plain card with any trump and a trump with a stronger one
 * (tops_beat; equal strengths: the card played first wins).  Not at the root (its plays are each
 * valued) nor while the exact cards a proof needs are tracked (the argument compares cards). */
/* Does the seat hold, in one group, two single cards (the only copy of each in play) of different points?
 * Else no follow of it is dropped (drop_dominated's first look: most nodes end here). */
static int singles_differ(Core *c, int seat) {
    const uint8_t *hand = c->hands[seat];
    for (int g = 0; g < 5; g++) {
        const int *p = c->gpc[seat][g];
        if ((p[0] > 0) + (p[1] > 0) + (p[2] > 0) < 2) continue;     /* (cards of one point value at most) */
        int pm = 0;
        for (uint64_t b = c->heldm[seat] & c->gmask[g]; b; b &= b - 1) {
            int k = __builtin_ctzll(b);
            if (hand[k] == 1 && c->inplay[k] == 1) {
                pm |= 1 << (c->points[k] / 5);
                if (pm & (pm - 1)) return 1;
            }
        }
    }
    return 0;
}

static int drop_dominated(Core *c, int seat, uint8_t *out, const int *wins, int n) {
    if (!singles_differ(c, seat)) return n;
    int nt = c->ntab, mine = c->attacker[seat], lg = c->group[c->tabcards[0][0]];
    SeatTops later[3]; int lside[3], nl = 0;
    for (int i = nt + 1; i < 4; i++) { int s2 = (c->leader + i) & 3; later[nl] = seat_tops(c, s2, lg); lside[nl++] = c->attacker[s2]; }
    int sure[NK], beats[NK], keep[NK];
    for (int i = 0; i < n; i++) {
        int r = out[i];
        keep[i] = 1; sure[i] = -1;
        if (c->hands[seat][r] != 1 || c->inplay[r] != 1 || c->kidx[r] < 0) continue;
        int w = wins[i];        /* (single_follows': the winner of the table with r played) */
        int wc = w == nt ? r : c->tabcards[w][0], side = c->attacker[(c->leader + w) & 3], beaten = 0;
        for (int o = 0; o < nl && !beaten; o++)
            if (lside[o] != side) beaten = tops_beat(later[o], lg, c->group[wc], c->strength[wc]);
        beats[i] = w == nt;
        if (!beaten) sure[i] = side;
    }
    for (int i = 0; i < n; i++) {
        if (sure[i] < 0) continue;
        int a = out[i];
        for (int j = 0; j < n && keep[i]; j++) {
            int b = out[j];
            if (j == i || sure[j] != sure[i] || beats[j] != beats[i] || c->group[b] != c->group[a]) continue;
            int pa = c->points[a], pb = c->points[b];
            if (pa == pb || (sure[i] == mine ? pb < pa : pb > pa)) continue;     /* b is not the better one */
            int sa = c->strength[a], sb = c->strength[b];
            if (same_stretch(c, seat, c->group[a], sa < sb ? sa : sb, sa < sb ? sb : sa)) keep[i] = 0;
        }
    }
    int m = 0;
    for (int i = 0; i < n; i++) if (keep[i]) out[m++] = out[i];
    c->dom_drops += n - m;
    return m;
}


typedef struct { uint8_t *b; size_t len, cap; int count; int err; } PlayList;

static void pl_add(PlayList *pl, const uint8_t *cards, int n) {
    if (pl->err) return;
    if (pl->len + n + 1 > pl->cap) {
        size_t cap = pl->cap ? pl->cap * 2 : 1024;
        while (pl->len + n + 1 > cap) cap *= 2;
        uint8_t *nb = realloc(pl->b, cap);
        if (!nb) { pl->err = 1; return; }
        pl->b = nb; pl->cap = cap;
    }
    pl->b[pl->len++] = (uint8_t)n; memcpy(pl->b + pl->len, cards, n); pl->len += n; pl->count++;
}

/* ------------------------------------------------------------------ follows to a multi-card lead, made here */
/* With `fdecks` set (Core(..., follow=(decks, suit_throw, throw_chains, short_chain)); decks 1 or 2:
 * compiled_search.core_follow_rules), a follower's legal plays to a multi-card lead of one group are
 * made here, by engine/legal.py legal_follows ported line by line: every multiset of the lead's size
 * of the led group's cards (legal.py _multisets, in its order), kept when its profile reaches the
 * hand's duty (follow_duty / follow_profile / follow_fault: the pairs and the tractors the lead asks
 * for, units.py match_chains, legal.py _chains with short_tractor_duty, throw_tractor_duty and
 * throw_follow = suit); a hand short of the led group plays all of it and every multiset of the rest.
 * Three decks (triples, titanic tiers, protect_triples) and a lead of two groups are asked of the
 * engine (_core_follows).  tests/test_solver_core.py and bench/solver_core_diff.py --rules check the
 * lists equal to the engine's, in its order, under every preset and option. */
typedef struct { int n; int v[MAXC]; } Lens;

/* Python's order of tuples of ints */
static int lens_cmp(const Lens *a, const Lens *b) {
    int m = a->n < b->n ? a->n : b->n;
    for (int i = 0; i < m; i++) if (a->v[i] != b->v[i]) return a->v[i] < b->v[i] ? -1 : 1;
    return a->n < b->n ? -1 : a->n > b->n;
}

/* units.py _host: place lens[i..] (longest first) disjointly in av, keeping in `best` the greatest
 * tuple of lengths placed; 1 when every length is placed (the search stops) */
static int host_best(int *av, int ns, const int *lens, int nl, int i, Lens *got, Lens *best) {
    if (lens_cmp(got, best) > 0) { *best = *got; if (got->n == nl) return 1; }
    if (i == nl) return 0;
    int L = lens[i], run = 0;
    for (int s = 0; s < ns; s++) {
        run = av[s] > 0 ? run + 1 : 0;
        if (run < L) continue;
        int s0 = s - L + 1;
        for (int j = s0; j <= s; j++) av[j]--;
        got->v[got->n++] = L;
        int done = host_best(av, ns, lens, nl, i + 1, got, best);
        got->n--;
        for (int j = s0; j <= s; j++) av[j]++;
        if (done) return 1;
    }
    return host_best(av, ns, lens, nl, i + 1, got, best);
}

/* legal.py _chains: the lead's tractor lengths `av` (pairs per strength) hosts (match_chains), or
 * under short_tractor_duty, for a lead that is one tractor none of whose length is held, the
 * longest shorter one (2 pairs or more) */
static void chains_of(Core *c, int *av, int ns, const int *lens, int nl, int is_throw, Lens *out) {
    Lens got = {0};
    out->n = 0;
    host_best(av, ns, lens, nl, 0, &got, out);
    if (out->n || nl != 1 || is_throw || !c->fshort) return;
    int run = 0, best = 0;
    for (int s = 0; s < ns; s++) { run = av[s] > 0 ? run + 1 : 0; if (run > best) best = run; }
    if (best > lens[0] - 1) best = lens[0] - 1;
    if (best >= 2) { out->n = 1; out->v[0] = best; }
}

typedef struct {
    Core *c; PlayList *pl;
    const uint8_t *kinds; const int *caps; int suffix[NK + 1]; int nk;
    uint8_t acc[MAXC]; int nacc;
    int filter, g, need2, nl, lens[MAXC], is_throw, duty_units; Lens duty_chains;
    const uint8_t *base; int nbase;
} FollowGen;

/* legal.py follow_profile + follow_fault for a play of the led group's cards (acc, sorted) */
static int follow_reaches(FollowGen *f) {
    Core *c = f->c;
    int cnt[NK], units = 0;
    for (int i = 0; i < f->nacc; i++) cnt[f->acc[i]] = 0;
    for (int i = 0; i < f->nacc; i++) cnt[f->acc[i]]++;
    for (int i = 0; i < f->nacc; i++) if (i == 0 || f->acc[i] != f->acc[i - 1]) units += cnt[f->acc[i]] / 2;
    if (f->nl) {
        int av[MAXS], g = f->g, ns = c->nat[g];
        for (int s = 0; s < ns; s++) av[s] = 0;
        for (int i = 0; i < f->nacc; i++)
            if ((i == 0 || f->acc[i] != f->acc[i - 1]) && cnt[f->acc[i]] >= 2) av[c->strength[f->acc[i]]]++;
        Lens got;
        chains_of(c, av, ns, f->lens, f->nl, f->is_throw, &got);
        if (lens_cmp(&got, &f->duty_chains) < 0) return 0;
    }
    if (units > f->need2) units = f->need2;
    return units >= f->duty_units;
}

static void follow_emit(FollowGen *f) {
    if (f->filter && !follow_reaches(f)) return;
    if (!f->nbase) { pl_add(f->pl, f->acc, f->nacc); return; }
    uint8_t m[MAXC];                    /* the led group's cards and the others, merged in kind order */
    int i = 0, j = 0, w = 0;
    while (i < f->nbase || j < f->nacc)
        m[w++] = (j >= f->nacc || (i < f->nbase && f->base[i] <= f->acc[j])) ? f->base[i++] : f->acc[j++];
    pl_add(f->pl, m, w);
}

/* legal.py _multisets_from: every multiset of `left` more cards from kinds[i..], most copies first */
static void follow_rec(FollowGen *f, int i, int left) {
    if (left == 0) { follow_emit(f); return; }
    if (i == f->nk || f->suffix[i] < left) return;
    int top = f->caps[i] < left ? f->caps[i] : left;
    for (int m = top; m >= 0; m--) {
        for (int q = 0; q < m; q++) f->acc[f->nacc++] = f->kinds[i];
        follow_rec(f, i + 1, left - m);
        f->nacc -= m;
        if (f->pl->err || f->pl->count > 65535) return;
    }
}

/* The follows to the lead (n cards) from `hand` into pl (records: length, cards), in the engine's
 * order: 1 when made here, 0 when the engine is asked (see above). */
static int gen_follows(Core *c, const uint8_t *lead, int n, const uint8_t *hand, PlayList *pl) {
    if (c->fdecks <= 0 || n < 2 || n > MAXC) return 0;
    int g = c->group[lead[0]], cnt[NK] = {0};
    for (int j = 0; j < n; j++) { if (c->group[lead[j]] != g) return 0; cnt[lead[j]]++; }
    FollowGen *f = calloc(1, sizeof(FollowGen));
    if (!f) { pl->err = 1; return 1; }
    int uc[MAXC], uL[MAXC], utop[MAXC];
    int nu = split_cards(c, cnt, g, c->fdecks, uc, uL, utop);
    f->c = c; f->pl = pl; f->g = g; f->is_throw = nu > 1;
    LeadNeeds nd;                       /* 1-2 decks: pairs and tractors only */
    lead_needs(uc, uL, nu, &nd);
    f->need2 = nd.units[2]; f->nl = nd.nl[2];
    memcpy(f->lens, nd.lens[2], sizeof(int) * (size_t)f->nl);
    uint8_t kinds[NK], base[MAXC]; int caps[NK], nk = 0, held = 0;
    for (int i = 0; i < c->ngs[g]; i++) {
        int k = c->gsorted[g][i];
        if (hand[k]) { kinds[nk] = (uint8_t)k; caps[nk++] = hand[k]; held += hand[k]; }
    }
    int left = n;
    if (held < n) {                     /* all of the led group, then any of the rest */
        for (int i = 0; i < nk; i++) for (int q = 0; q < caps[i]; q++) base[f->nbase++] = kinds[i];
        nk = 0;
        for (int k = 0; k < NK; k++) if (hand[k] && c->group[k] != g) { kinds[nk] = (uint8_t)k; caps[nk++] = hand[k]; }
        f->base = base; left = n - held;
    } else if (!(f->is_throw && c->fsuit)) {     /* follow_duty (throw_follow = suit: the group only) */
        int chained = !f->is_throw || c->fchain;
        if (!chained) f->nl = 0;
        if (f->need2) {
            int have = 0;
            for (int i = 0; i < nk; i++) have += caps[i] / 2;
            f->duty_units = have < f->need2 ? have : f->need2;
        }
        if (f->nl) {
            int av[MAXS], ns = c->nat[g];
            for (int s = 0; s < ns; s++) av[s] = 0;
            for (int i = 0; i < nk; i++) if (caps[i] >= 2) av[c->strength[kinds[i]]]++;
            chains_of(c, av, ns, f->lens, f->nl, f->is_throw, &f->duty_chains);
        }
        f->filter = f->need2 > 0 || f->nl > 0;
    }
    f->kinds = kinds; f->caps = caps; f->nk = nk;
    f->suffix[nk] = 0;
    for (int i = nk - 1; i >= 0; i--) f->suffix[i] = f->suffix[i + 1] + caps[i];
    follow_rec(f, 0, left);
    free(f);
    return 1;
}


/* ------------------------------------------------------------------ follows to a multi-card lead */
/* The legal follows for the seat to move, kept on the lead and the follower's hand: count u16, 0,
 * then (length, cards).  Made here (gen_follows) where the core has the rules, else the engine's
 * (engine.legal.legal_follows, through the solver's _core_follows). */
static Slot *raw_follows(Core *c, int seat) {
    uint8_t key[MAXC + 2 + NK];
    int n = c->tablen[0], len = 0;
    key[len++] = (uint8_t)n;
    memcpy(key + len, c->tabcards[0], n); len += n;
    memcpy(key + len, c->hands[seat], NK); len += NK;
    uint64_t h = hash_bytes(key, len);
    Slot *s = map_find(&c->raws, key, len, h);
    if (s) return s;
    PlayList made = {0};                /* made here (gen_follows) when the core has the rules */
    int here = gen_follows(c, c->tabcards[0], n, c->hands[seat], &made);
    if (made.err) { free(made.b); PyErr_NoMemory(); return NULL; }
    if (here) {
        if (made.count > 65535) {
            free(made.b);
            PyErr_Format(PyExc_ValueError, "seat %d has more than 65,535 legal follows to a lead of %d cards: more than the solver core holds", seat, n);
            return NULL;
        }
        uint32_t at;
        s = map_add(&c->raws, key, len, h, 3 + (uint32_t)made.len, &at);
        if (!s) { free(made.b); PyErr_NoMemory(); return NULL; }
        uint8_t *p = c->raws.ar + at;
        p[0] = made.count & 255; p[1] = (uint8_t)(made.count >> 8); p[2] = 0;
        if (made.len) memcpy(p + 3, made.b, made.len);
        s->c = 3 + (int32_t)made.len;
        free(made.b);
        return s;
    }
    PyObject *lead = PyTuple_New(n);
    if (!lead) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(lead, i, PyLong_FromLong(c->tabcards[0][i]));
    c->callbacks++;
    PyObject *list = PyObject_CallMethod(c->oracle, "_core_follows", "(Ny#)", lead, (const char *)c->hands[seat], (Py_ssize_t)NK);
    if (!list) return NULL;
    if (!PyList_Check(list) || PyList_GET_SIZE(list) > 65535) {
        Py_DECREF(list); PyErr_SetString(PyExc_TypeError, "_core_follows must give a list of plays"); return NULL;
    }
    Py_ssize_t nm = PyList_GET_SIZE(list);
    size_t need = 3;
    for (Py_ssize_t i = 0; i < nm; i++) {
        PyObject *m = PyList_GET_ITEM(list, i);
        if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) != n) {
            Py_DECREF(list); PyErr_SetString(PyExc_ValueError, "a follow of another size than the lead"); return NULL;
        }
        need += 1 + n;
    }
    uint32_t at;
    s = map_add(&c->raws, key, len, h, (uint32_t)need, &at);
    if (!s) { Py_DECREF(list); PyErr_NoMemory(); return NULL; }
    uint8_t *p = c->raws.ar + at;
    p[0] = nm & 255; p[1] = (uint8_t)(nm >> 8); p[2] = 0;
    size_t w = 3;
    for (Py_ssize_t i = 0; i < nm; i++) {
        PyObject *m = PyList_GET_ITEM(list, i);
        p[w++] = (uint8_t)n;
        for (int j = 0; j < n; j++) {
            long k = PyLong_AsLong(PyTuple_GET_ITEM(m, j));
            if (k < 0 || k >= NK) {
                Py_DECREF(list); if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a card kind");
                s->h = 0; c->raws.count--; return NULL;
            }
            p[w++] = (uint8_t)k;
        }
    }
    s->c = (int32_t)need;
    Py_DECREF(list);
    return s;
}

static int u8_cmp(const void *x, const void *y) { return (int)*(const uint8_t *)x - (int)*(const uint8_t *)y; }

/* A follow's place in the order of multi_follows, packed in one integer so that plain comparisons
 * sort it: whether its side is behind after it (ahead first), then its points (most first when ahead,
 * fewest when behind: -points / points, offset by 1,024), then the sum of its cards' strengths, then
 * its index among the plays made (distinct: the order is total).  A play holds at most MAXC cards of
 * at most 10 points and strengths under MAXS, and a list at most 65,535 plays, so each field fits. */
static inline uint64_t follow_order(int behind, int pval, int total, int index) {
    return (uint64_t)behind << 40 | (uint64_t)(pval + 1024) << 29 | (uint64_t)total << 16 | (uint64_t)index;
}

static void u64_sift(uint64_t *a, int i, int n) {
    uint64_t x = a[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && a[c + 1] > a[c]) c++;
        if (a[c] <= x) break;
        a[i] = a[c]; i = c;
    }
    a[i] = x;
}

/* ascending: by insertion when few, else a heap sort (no comparator calls: qsort's took a few per cent
 * of a hard solve) */
static void u64_sort(uint64_t *a, int n) {
    if (n <= 24) {
        for (int i = 1; i < n; i++) { uint64_t x = a[i]; int j = i; while (j > 0 && a[j - 1] > x) { a[j] = a[j - 1]; j--; } a[j] = x; }
        return;
    }
    for (int i = n / 2 - 1; i >= 0; i--) u64_sift(a, i, n);
    for (int end = n - 1; end > 0; end--) { uint64_t x = a[0]; a[0] = a[end]; a[end] = x; u64_sift(a, 0, end); }
}

/* moves.canonical, for a lead and a follow alike: a play's cards of each class of equal cards moved
 * onto the class's first members (the class lists them weakest first), as many of each as the play
 * held of the members, most first; the play's cards sorted by kind again.  A play without a card
 * of any class is left as it is.  Class ids are < 64 (at most NK / 2 + 1). */
static void canonical_play(uint8_t *m, int n, const int *cls_of, const Members *mem) {
    int touched = 0;
    for (int j = 0; j < n && !touched; j++) touched = cls_of[m[j]] >= 0;
    if (!touched) return;
    uint8_t out[MAXC];
    uint64_t done = 0;
    int w = 0;
    for (int j = 0; j < n; j++) {
        int id = cls_of[m[j]];
        if (id < 0) { out[w++] = m[j]; continue; }
        if (done >> id & 1) continue;
        done |= 1ULL << id;
        int taken[NK], nt = mem[id].n;
        for (int q = 0; q < nt; q++) {
            int k = mem[id].k[q], t = 0;
            for (int x = 0; x < n; x++) t += m[x] == k;
            taken[q] = t;
        }
        for (int q = 1; q < nt; q++) {          /* most first (insertion: a few members) */
            int x = taken[q], y = q;
            while (y > 0 && taken[y - 1] < x) { taken[y] = taken[y - 1]; y--; }
            taken[y] = x;
        }
        for (int q = 0; q < nt; q++) for (int t = 0; t < taken[q]; t++) out[w++] = mem[id].k[q];
    }
    for (int i = 1; i < w; i++) {               /* by kind again */
        uint8_t x = out[i]; int y = i;
        while (y > 0 && out[y - 1] > x) { out[y] = out[y - 1]; y--; }
        out[y] = x;
    }
    memcpy(m, out, (size_t)n);
}

/* The dedup of a list of plays kept as (length, cards) records in `recs`, for the leads and the
 * follows alike: is the record at offset `at` equal to one already in `set` (offsets, -1 empty,
 * at most half full: the caller sizes it for every play)?  If not, its offset is added. */
static int seen_add(long *set, size_t smask, const uint8_t *recs, long at) {
    int n = recs[at];
    const uint8_t *m = recs + at + 1;
    size_t i = hash_bytes(m, (size_t)n) & smask;
    while (set[i] >= 0) {
        const uint8_t *x = recs + set[i];
        if (x[0] == n && memcmp(x + 1, m, (size_t)n) == 0) return 1;
        i = (i + 1) & smask;
    }
    set[i] = at;
    return 0;
}

/* A follower's plays to a multi-card lead (plays.py's _follow_moves: moves.merged, then _ordered):
 * equal cards merged (moves.equal_classes with the table's cards in play, each play replaced by its
 * representative, moves.canonical), duplicates dropped in order, then the plays putting the seat's
 * side ahead first (more points first), then the others (fewer points first), weaker first.
 * Stored under (key, klen, h) in the moves map. */
static Slot *multi_follows(Core *c, int seat, const uint8_t *key, int klen, uint64_t h) {
    int n = c->tablen[0], nraw;
    const uint8_t *p;                   /* the plays: (length, cards) records */
    PlayList made = {0};                /* (kept empty: the plays live in the raws map) */
    Slot *r = raw_follows(c, seat);
    if (!r) return NULL;
    const uint8_t *rq = c->raws.ar + r->off + r->len;
    nraw = rq[0] | rq[1] << 8; p = rq + 3;
    if (nraw == 0) {
        free(made.b);
        PyErr_Format(PyExc_ValueError, "seat %d has no legal play: the hands are not a position of one hand", seat);
        return NULL;
    }
    size_t rl = (size_t)n + 1;          /* mv: the merged plays as (length, cards) records */
    uint8_t *mv = malloc((size_t)nraw * rl + 1);
    uint64_t *ok = malloc(sizeof(uint64_t) * (size_t)nraw + 1);
    if (!mv || !ok) { free(mv); free(ok); free(made.b); PyErr_NoMemory(); return NULL; }
    int nu = 0;
    if (nraw == 1) { memcpy(mv, p, rl); nu = 1; }
    else {
        uint8_t all[NK];
        memcpy(all, c->inplay, NK);
        for (int i = 0; i < c->ntab; i++) for (int j = 0; j < c->tablen[i]; j++) all[c->tabcards[i][j]]++;
        int mask = 0;
        for (int i = 0; i < nraw; i++) for (int j = 0; j < n; j++) mask |= 1 << c->group[p[i * (n + 1) + 1 + j]];
        int cls_of[NK]; Members mem[NK / 2 + 1];
        for (int k = 0; k < NK; k++) cls_of[k] = -1;
        int ids = 0;
        for (int g = 0; g < 5; g++) if (mask >> g & 1) ids = classes_of_group(c, c->hands[seat], all, g, cls_of, mem, ids);
        size_t smask = 15;
        while (smask + 1 < 2 * (size_t)nraw) smask = smask * 2 + 1;
        long *seen = malloc((smask + 1) * sizeof(long));
        if (!seen) { free(mv); free(ok); free(made.b); PyErr_NoMemory(); return NULL; }
        for (size_t i = 0; i <= smask; i++) seen[i] = -1;
        for (int i = 0; i < nraw; i++) {
            uint8_t *r = mv + (size_t)nu * rl;
            memcpy(r, p + (size_t)i * rl, rl);
            if (ids) canonical_play(r + 1, n, cls_of, mem);
            if (!seen_add(seen, smask, mv, (long)((size_t)nu * rl))) nu++;
        }
        free(seen);
        int mine = c->attacker[seat], t = c->ntab;
        for (int u = 0; u < nu; u++) {
            const uint8_t *m = mv + (size_t)u * rl + 1;
            c->tabseat[t] = seat; c->tablen[t] = n; memcpy(c->tabcards[t], m, n); table_changed(c, t);
            int wi = winner_index(c, t + 1);
            if (wi == ERR) { free(mv); free(ok); free(made.b); return NULL; }
            int ahead = c->attacker[(c->leader + wi) & 3] == mine;
            int pts = 0, total = 0;
            for (int j = 0; j < n; j++) { pts += c->points[m[j]]; total += c->strength[m[j]]; }
            ok[u] = follow_order(!ahead, ahead ? -pts : pts, total, u);
        }
        u64_sort(ok, nu);
    }
    if (nu == 1) ok[0] = 0;
    uint32_t need = 3 + (uint32_t)nu * (n + 1), at;
    Slot *s = map_add(&c->moves, key, klen, h, need, &at);
    if (!s) { free(mv); free(ok); free(made.b); PyErr_NoMemory(); return NULL; }
    uint8_t *q = c->moves.ar + at;
    q[0] = nu & 255; q[1] = (uint8_t)(nu >> 8); q[2] = 0;
    size_t w = 3;
    for (int u = 0; u < nu; u++) { memcpy(q + w, mv + (size_t)(ok[u] & 0xFFFF) * rl, rl); w += rl; }
    s->c = (int32_t)need;
    free(mv); free(ok); free(made.b);
    return s;
}


/* ------------------------------------------------------------------ a leader's plays, generated here */
/* With `decks` set (Core(..., decks=N), N = 1..3; 0 when the solver's throw check is one the core
 * does not have, throw_forced = lowest_card), a leader's plays in one suit group are made here, by
 * the same steps as analysis/moves.py (units_of, standing_throws, equal_classes / canonical), over
 * the engine's definitions ported line by line: engine/legal.py legal_leads (every single, pair,
 * tractor, triple, titanic), engine/units.py split_units (how a throw splits), engine/legal.py
 * check_throw (each shape's smallest unit against a higher unit of that shape in another hand).
 * tests/test_solver_core.py and bench/solver_core_diff.py --leads check them equal to the
 * engine-made list (analysis/moves.py lead_part) under every preset and option. */
#define GU_MAX 4096          /* units of one group (more: the part comes from the callback) */
#define THROW_CANDIDATES 256 /* moves.py THROW_CANDIDATES */


/* per other hand o (0..2) and copies cc (1..3): kinds of g at each strength held cc times or more */
typedef struct { int av[3][4][MAXS]; } OtherAvail;

static void other_avail(Core *c, const uint8_t (*hands)[NK], int seat, int g, OtherAvail *oa) {
    for (int i = 0; i < 3; i++) {
        const uint8_t *h = hands[(seat + 1 + i) & 3];
        for (int cc = 1; cc <= 3; cc++) memset(oa->av[i][cc], 0, sizeof(int) * (size_t)c->nat[g]);
        for (int s = 0; s < c->nat[g]; s++)             /* one look at each kind: a kind held n times counts for cc <= n */
            for (int j = 0; j < c->natk[g][s]; j++)
                for (int cc = 1, n = h[c->at[g][s][j]]; cc <= n && cc <= 3; cc++) oa->av[i][cc][s]++;
    }
}

/* is a unit (cc copies, L strengths, top) of group g beaten by another hand (legal.py check_throw,
 * per unit: a unit of that shape with a higher top, units.py chain_top(avail, L, top) >= 0; for
 * L == 1, a kind above top held cc times)?
 * With what decides it (need_at) folded into *tneed: the highest top of such a unit (beaten), else
 * the unit's own top (it stands). */
static int unit_beaten_need(Core *c, const OtherAvail *oa, int g, int cc, int L, int top, int *tneed) {
    int w = -1;
    for (int i = 0; i < 3; i++) {
        int run = 0;
        for (int s = 0; s < c->nat[g]; s++) {
            run = oa->av[i][cc][s] > 0 ? run + 1 : 0;
            if (run >= L && s > top && s > w) w = s;
        }
    }
    int decide = w >= 0 ? w : top;
    if (decide < *tneed) *tneed = decide;
    return w >= 0;
}

/* units.py split_units of the cards `cnt` (counts, group g only), max copies `decks`: does the lead
 * split into more than one unit, and does every unit stand against the other hands? */
static int throw_stands_here(Core *c, const int *cnt, int g, const OtherAvail *oa, int *tneed) {
    int uc[MAXC], uL[MAXC], utop[MAXC];
    int nunits = split_cards(c, cnt, g, c->decks, uc, uL, utop);
    if (nunits < 2) return 0;                    /* one unit: a lead of its own, not a throw */
    /* (it fails on its first beaten unit: that unit's beater decides; it stands on every unit's top) */
    for (int u = 0; u < nunits; u++) if (unit_beaten_need(c, oa, g, uc[u], uL[u], utop[u], tneed)) return 0;
    return 1;
}

static void unit_from(Core *c, GUnit *u, const uint8_t *kinds, int L, int cc) {
    /* kinds: L distinct kinds; the unit's cards sorted */
    uint8_t tmp[MAXC]; int n = 0, top = -1;
    for (int i = 0; i < L; i++) { for (int q = 0; q < cc; q++) tmp[n++] = kinds[i]; if (c->strength[kinds[i]] > top) top = c->strength[kinds[i]]; }
    qsort(tmp, n, 1, u8_cmp);
    u->c = (uint8_t)cc; u->L = (uint8_t)L; u->top = (uint8_t)top; u->n = (uint8_t)n; memcpy(u->k, tmp, n);
}

/* legal.py legal_leads restricted to group g, in its order; returns the count or -1 (too many) */
static int group_units(Core *c, const uint8_t *hand, int g, GUnit *out) {
    int n = 0, decks = c->decks;
    for (int i = 0; i < c->ngk[g]; i++) {
        uint8_t k = c->gkinds[g][i];
        for (int cc = 1; cc <= hand[k] && cc <= decks; cc++) { if (n >= GU_MAX) return -1; uint8_t one = k; unit_from(c, &out[n++], &one, 1, cc); }
    }
    for (int cc = 2; cc <= decks; cc++) {
        int ns = c->nat[g];
        uint8_t opts[MAXS][MAXAT]; int nopt[MAXS];
        for (int s = 0; s < ns; s++) {
            nopt[s] = 0;
            for (int j = 0; j < c->natk[g][s]; j++) { uint8_t k = c->at[g][s][j]; if (hand[k] >= cc) opts[s][nopt[s]++] = k; }
        }
        for (int lo = 0; lo < ns; lo++) {
            if (!nopt[lo]) continue;
            for (int hi = lo + 1; hi < ns; hi++) {
                if (!nopt[hi]) break;
                int L = hi - lo + 1, idx[MAXS];
                for (int q = 0; q < L; q++) idx[q] = 0;
                for (;;) {                     /* itertools.product: the last position fastest */
                    uint8_t pick[MAXS];
                    for (int q = 0; q < L; q++) pick[q] = opts[lo + q][idx[q]];
                    if (n >= GU_MAX || L * cc > MAXC) return -1;
                    unit_from(c, &out[n++], pick, L, cc);
                    int q = L - 1;
                    while (q >= 0 && ++idx[q] == nopt[lo + q]) { idx[q] = 0; q--; }
                    if (q < 0) break;
                }
            }
        }
    }
    return n;
}

/* the throws a candidate list gives (moves.py _throws_of_group): each once, the standing ones */
static void try_throw(Core *c, const uint8_t *cards, int n, int g, const OtherAvail *oa, PlayList *found,
                      PlayList *seen, int *tneed) {
    if (n < 2) return;
    if (seen) {                          /* the bounded set's candidates can repeat */
        size_t w = 0;
        for (int i = 0; i < seen->count; i++) {
            int m = seen->b[w];
            if (m == n && memcmp(seen->b + w + 1, cards, n) == 0) return;
            w += 1 + m;
        }
        pl_add(seen, cards, n);
    }
    int cnt[NK] = {0};
    for (int i = 0; i < n; i++) cnt[cards[i]]++;
    if (throw_stands_here(c, cnt, g, oa, tneed)) pl_add(found, cards, n);
}

static int cards_of_counts(const int *cnt, uint8_t *out) {
    int n = 0; for (int k = 0; k < NK; k++) for (int q = 0; q < cnt[k]; q++) out[n++] = (uint8_t)k; return n;
}

/* moves.py standing_throws for one group (the units given): the throws in its order; returns bounded */
static int group_throws(Core *c, const uint8_t (*hands)[NK], int seat, int g, const GUnit *units, int nu,
                        PlayList *found, int *tneed) {
    const uint8_t *hand = hands[seat];
    OtherAvail oa;
    other_avail(c, hands, seat, g, &oa);
    int safe[GU_MAX], ns = 0;
    for (int i = 0; i < nu; i++) if (!unit_beaten_need(c, &oa, g, units[i].c, units[i].L, units[i].top, tneed)) safe[ns++] = i;
    if (ns < 2) return 0;
    int pool[NK] = {0};
    for (int i = 0; i < ns; i++) {
        const GUnit *u = &units[safe[i]];
        int cnt[NK] = {0};
        for (int j = 0; j < u->n; j++) cnt[u->k[j]]++;
        for (int k = 0; k < NK; k++) if (cnt[k]) { int m = pool[k] > cnt[k] ? pool[k] : cnt[k]; pool[k] = m < hand[k] ? m : hand[k]; }
    }
    int kinds[NK], nk = 0; long size = 1;
    for (int k = 0; k < NK; k++) if (pool[k]) { kinds[nk++] = k; if (size <= THROW_CANDIDATES) size *= pool[k] + 1; }
    PlayList seen = {0};
    uint8_t cards[MAXC * 2 + NK * 3];
    int cut = size > THROW_CANDIDATES;
    if (!cut) {
        int ms[NK] = {0};
        for (;;) {
            int n = 0;
            for (int i = 0; i < nk; i++) for (int q = 0; q < ms[i]; q++) cards[n++] = (uint8_t)kinds[i];
            try_throw(c, cards, n, g, &oa, found, NULL, tneed);
            int q = nk - 1;
            while (q >= 0 && ++ms[q] > pool[kinds[q]]) { ms[q] = 0; q--; }
            if (q < 0) break;
        }
    } else {                                 /* moves.py _bounded_candidates */
        for (int i = 0; i < ns; i++)
            for (int j = i + 1; j < ns; j++) {
                int cnt[NK] = {0}, fits = 1;
                const GUnit *a = &units[safe[i]], *b = &units[safe[j]];
                for (int q = 0; q < a->n; q++) cnt[a->k[q]]++;
                for (int q = 0; q < b->n; q++) cnt[b->k[q]]++;
                for (int k = 0; k < NK && fits; k++) if (cnt[k] > hand[k]) fits = 0;
                if (!fits) continue;
                int n = cards_of_counts(cnt, cards);
                if (n <= MAXC) try_throw(c, cards, n, g, &oa, found, &seen, tneed);
            }
        int n = cards_of_counts(pool, cards);
        if (n <= MAXC) try_throw(c, cards, n, g, &oa, found, &seen, tneed);
        for (int i = 0; i < ns; i++) {
            int cnt[NK]; memcpy(cnt, pool, sizeof cnt);
            const GUnit *u = &units[safe[i]];
            for (int q = 0; q < u->n; q++) cnt[u->k[q]]--;
            n = cards_of_counts(cnt, cards);
            if (n <= MAXC) try_throw(c, cards, n, g, &oa, found, &seen, tneed);
        }
        *tneed = 0;                          /* which candidates: all exact (see need_at) */
    }
    if (seen.err) found->err = 1;
    free(seen.b);
    return cut;
}

/* A leader's plays in group g (analysis/moves.py lead_part): units, then the throws that stand,
 * equal ones merged, duplicates dropped in order.  Serialized (count u16, bounded u8, plays) into
 * *out (malloc'd); returns its size, 0 when the core cannot make it (too many units), -1 on no memory. */
static long gen_lead_part(Core *c, const uint8_t (*hands)[NK], const uint8_t *inplay, int seat, int g, uint8_t **out,
                          int *tneed) {
    *tneed = NEED_NONE;
    uint8_t mine[NK] = {0};
    for (int i = 0; i < c->ngk[g]; i++) { int k = c->gkinds[g][i]; mine[k] = hands[seat][k]; }
    if (!c->gu && !(c->gu = malloc(sizeof(GUnit) * GU_MAX))) return -1;
    GUnit *units = c->gu;
    int nu = group_units(c, mine, g, units);
    if (nu < 0) return 0;
    PlayList raw = {0}, throws = {0};
    for (int i = 0; i < nu; i++) pl_add(&raw, units[i].k, units[i].n);
    int bounded = 0;
    if (nu > 1) bounded = group_throws(c, hands, seat, g, units, nu, &throws, tneed);
    if (throws.count) {
        size_t w = 0;
        for (int i = 0; i < throws.count; i++) { int m = throws.b[w]; pl_add(&raw, throws.b + w + 1, m); w += 1 + m; }
    }
    free(throws.b);
    if (raw.err || throws.err) { free(raw.b); return -1; }
    int cls_of[NK]; Members mem[NK / 2 + 1];
    for (int k = 0; k < NK; k++) cls_of[k] = -1;
    int ids = raw.count >= 2 ? classes_of_group(c, mine, inplay, g, cls_of, mem, 0) : 0;
    /* canonical, then drop repeats in order (a small open-addressing set of offsets) */
    size_t cap = 16; while (cap < (size_t)raw.count * 2) cap *= 2;
    long *set = malloc(sizeof(long) * cap);
    uint8_t *q = malloc(raw.len + 3);
    if (!set || !q) { free(set); free(q); free(raw.b); return -1; }
    for (size_t i = 0; i < cap; i++) set[i] = -1;
    size_t w = 0, o = 3; int kept = 0;
    for (int i = 0; i < raw.count; i++) {
        int n = raw.b[w];
        uint8_t *m = raw.b + w + 1;
        if (ids) canonical_play(m, n, cls_of, mem);
        q[o] = (uint8_t)n; memcpy(q + o + 1, m, n);      /* kept unless seen_add finds it there */
        if (!seen_add(set, cap - 1, q, (long)o)) { o += 1 + n; kept++; }
        w += 1 + n;
    }
    free(set); free(raw.b);
    q[0] = kept & 255; q[1] = (uint8_t)(kept >> 8); q[2] = (uint8_t)bounded;
    if (kept > 65535) { free(q); return 0; }
    *out = q;
    return (long)o;
}

/* ------------------------------------------------------------------ a leader's plays */
/* One suit group's part of a leader's plays (the solver's _core_lead_part: the engine's units in
 * that group and the throws that stand, equal ones merged), kept on the seat, the group and the
 * four hands' cards in it: a lead lies in one group, and what is legal and equal there depends on
 * nothing else.  Serialized as the moves map's lists (count u16, bounded u8, plays). */
static Slot *lead_part(Core *c, int seat, int g) {
    uint8_t key[NK + 4];
    int len = 0;
    key[len++] = (uint8_t)seat; key[len++] = (uint8_t)g;
    for (int i = 0; i < c->ngk[g]; i++) key[len++] = cbyte(c, c->gkinds[g][i]);
    uint64_t h = hash_bytes(key, len);
    Slot *s = map_find(&c->parts, key, len, h);
    if (s) return s;
    if (c->decks > 0) {
        uint8_t *made = NULL;
        int tneed;
        long size = gen_lead_part(c, (const uint8_t (*)[NK])c->hands, c->inplay, seat, g, &made, &tneed);
        if (size < 0) { PyErr_NoMemory(); return NULL; }
        if (size > 0) {
            uint32_t at2;
            s = map_add(&c->parts, key, len, h, (uint32_t)size, &at2);
            if (!s) { free(made); PyErr_NoMemory(); return NULL; }
            memcpy(c->parts.ar + at2, made, size);
            s->c = (int32_t)size; s->b = tneed;     /* (b: what its throws' checks need exact) */
            free(made);
            c->made_leads++;
            return s;
        }
    }
    uint8_t hands[5 * NK];              /* the four hands, then the cards in play, in group g only */
    memset(hands, 0, sizeof hands);
    for (int i = 0; i < c->ngk[g]; i++) {
        int k = c->gkinds[g][i];
        for (int q = 0; q < 4; q++) hands[q * NK + k] = c->hands[q][k];
        hands[4 * NK + k] = c->inplay[k];
    }
    c->callbacks++;
    PyObject *r = PyObject_CallMethod(c->oracle, "_core_lead_part", "(iiy#)", seat, g, (const char *)hands, (Py_ssize_t)(5 * NK));
    if (!r) return NULL;
    PyObject *list; int bounded;
    if (!PyArg_ParseTuple(r, "Op", &list, &bounded) || !PyList_Check(list) || PyList_GET_SIZE(list) > 65535) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "_core_lead_part must give (list, bool)");
        Py_DECREF(r); return NULL;
    }
    Py_ssize_t nm = PyList_GET_SIZE(list);
    size_t need = 3;
    for (Py_ssize_t i = 0; i < nm; i++) {
        PyObject *m = PyList_GET_ITEM(list, i);
        if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) > MAXC || PyTuple_GET_SIZE(m) < 1) {
            Py_DECREF(r); PyErr_SetString(PyExc_ValueError, "a play the core cannot hold"); return NULL;
        }
        need += 1 + PyTuple_GET_SIZE(m);
    }
    uint32_t at;
    s = map_add(&c->parts, key, len, h, (uint32_t)need, &at);
    if (!s) { Py_DECREF(r); PyErr_NoMemory(); return NULL; }
    uint8_t *p = c->parts.ar + at;
    p[0] = nm & 255; p[1] = (uint8_t)(nm >> 8); p[2] = (uint8_t)bounded;
    size_t w = 3;
    for (Py_ssize_t i = 0; i < nm; i++) {
        PyObject *m = PyList_GET_ITEM(list, i);
        Py_ssize_t n = PyTuple_GET_SIZE(m);
        p[w++] = (uint8_t)n;
        for (Py_ssize_t j = 0; j < n; j++) {
            long k = PyLong_AsLong(PyTuple_GET_ITEM(m, j));
            if (k < 0 || k >= NK || c->group[k] != g) {
                Py_DECREF(r); if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a card of the group");
                s->h = 0; c->parts.count--; return NULL;
            }
            p[w++] = (uint8_t)k;
        }
    }
    s->c = (int32_t)need; s->b = 0;      /* the engine's list: all exact */
    Py_DECREF(r);
    return s;
}

typedef struct { int len, top, g, index; const uint8_t *at; } LKey;
static int lkey_cmp(const void *x, const void *y) {
    const LKey *a = x, *b = y;
    if (a->len != b->len) return b->len - a->len;
    if (a->top != b->top) return b->top - a->top;
    if (a->g != b->g) return a->g - b->g;
    return a->index - b->index;
}

/* A leader's plays in search order (plays.py's _lead_moves: longer leads first, then higher
 * cards), made of the parts of the groups it holds; stored under (key, klen, h). */
static Slot *lead_moves(Core *c, int seat, const uint8_t *key, int klen, uint64_t h) {
    int total = 0, bounded = 0;
    uint8_t *lists[5] = {0};            /* copies: adding a later part may move or clear the map */
    for (int g = 0; g < 5; g++) {
        if (!group_held(c, seat, g)) continue;
        Slot *s = lead_part(c, seat, g);
        if (!s || !(lists[g] = malloc(s->c))) {
            for (int q = 0; q < 5; q++) free(lists[q]);
            if (s) PyErr_NoMemory();
            return NULL;
        }
        memcpy(lists[g], c->parts.ar + s->off + s->len, s->c);
    }
    for (int g = 0; g < 5; g++) if (lists[g]) { total += lists[g][0] | lists[g][1] << 8; bounded |= lists[g][2]; }
    if (total == 0 || total > 65535) {
        if (total) PyErr_SetString(PyExc_ValueError, "too many plays for the core");
        else PyErr_Format(PyExc_ValueError, "seat %d has no legal play: the hands are not a position of one hand", seat);
        for (int q = 0; q < 5; q++) free(lists[q]);
        return NULL;
    }
    LKey *ks = malloc(sizeof(LKey) * (size_t)total);
    if (!ks) { for (int q = 0; q < 5; q++) free(lists[q]); PyErr_NoMemory(); return NULL; }
    int n = 0; size_t need = 3;
    for (int g = 0; g < 5; g++) {
        if (!lists[g]) continue;
        const uint8_t *p = lists[g];
        int nm = p[0] | p[1] << 8; size_t w = 3;  /* (the lead_part lists: count, bounded, plays) */
        for (int i = 0; i < nm; i++) {
            int len = p[w], top = -1;
            for (int j = 0; j < len; j++) if (c->strength[p[w + 1 + j]] > top) top = c->strength[p[w + 1 + j]];
            ks[n].len = len; ks[n].top = top; ks[n].g = g; ks[n].index = i; ks[n].at = p + w;
            n++; need += 1 + len; w += 1 + len;
        }
    }
    qsort(ks, n, sizeof(LKey), lkey_cmp);
    uint32_t at;
    Slot *s = map_add(&c->moves, key, klen, h, (uint32_t)need, &at);
    if (!s) { free(ks); for (int q = 0; q < 5; q++) free(lists[q]); PyErr_NoMemory(); return NULL; }
    uint8_t *q = c->moves.ar + at;
    q[0] = n & 255; q[1] = (uint8_t)(n >> 8); q[2] = (uint8_t)bounded;
    size_t w = 3;
    for (int i = 0; i < n; i++) { memcpy(q + w, ks[i].at, 1 + ks[i].len); w += 1 + ks[i].len; }
    s->c = (int32_t)need;
    free(ks);
    for (int q = 0; q < 5; q++) free(lists[q]);
    return s;
}

/* ------------------------------------------------------------------ a node's plays */
static int buf_reserve(Buf *b, size_t bytes, size_t moves) {
    if (bytes > b->cap) {
        size_t cap = b->cap ? b->cap : 256; while (cap < bytes) cap *= 2;
        uint8_t *nb = realloc(b->bytes, cap); if (!nb) return -1; b->bytes = nb; b->cap = cap;
    }
    if (moves > b->ocap) {
        size_t cap = b->ocap ? b->ocap : 64; while (cap < moves) cap *= 2;
        int *no = realloc(b->offs, cap * sizeof(int)); if (!no) return -1; b->offs = no; b->ocap = cap;
    }
    return 0;
}

/* A node's key in the play lists' table (moves_key, into the caller's KEYMAX bytes at key), made
 * before the node needs its plays so that its slot can be fetched from memory while the node does
 * other work (the table is hundreds of MB: a look-up is a cache miss; issued early, at a trick's
 * start, it overlaps the shape table's own miss). */
typedef struct { int len; uint64_t h; uint8_t *key; } MovesKey;

static void moves_key_early(Core *c, int seat, MovesKey *mk) {
    mk->len = moves_key(c, seat, mk->key);
    mk->h = hash_bytes(mk->key, mk->len);
    __builtin_prefetch(&c->moves.s[mk->h & c->moves.mask]);
}

/* The node's plays in search order into bufs[ply]; returns their number (ERR on a Python error).
 * mk: the node's key made by moves_key_early, or NULL (made here). */
static int drop_dominated_multi(Core *c, int seat, Buf *b, int nm);

static int node_moves(Core *c, int seat, int ply, const MovesKey *mk) {
    if (ply >= c->nbufs) {
        int nb = c->nbufs ? c->nbufs * 2 : 64; while (nb <= ply) nb *= 2;
        Buf *b = realloc(c->bufs, nb * sizeof(Buf));
        if (!b) { PyErr_NoMemory(); c->error = 2; return ERR; }
        memset(b + c->nbufs, 0, (nb - c->nbufs) * sizeof(Buf));
        c->bufs = b; c->nbufs = nb;
    }
    Buf *b = &c->bufs[ply];
    if (c->ntab && c->tablen[0] == 1) {
        /* a follow to a single lead: made again at each visit (cheaper than a look-up in the play
         * lists' table, hundreds of MB: a cache miss), the same plays in the same order */
        uint8_t out[NK];
        int wins[NK];
        int n = single_follows(c, seat, out, wins);
        if (n == 0) {
            PyErr_Format(PyExc_ValueError, "seat %d has no legal play: the hands are not a position of one hand", seat);
            c->error = 2; return ERR;
        }
        if (n > 1 && ply > 0 && !c->track && (c->features & FEATURE_DOMINATED)) n = drop_dominated(c, seat, out, wins, n);
        if (buf_reserve(b, 3 + 2 * n, n) < 0) { PyErr_NoMemory(); c->error = 2; return ERR; }
        for (int i = 0; i < n; i++) { b->offs[i] = 3 + 2 * i; b->bytes[3 + 2 * i] = 1; b->bytes[4 + 2 * i] = out[i]; }
        return n;
    }
    uint8_t own_key[KEYMAX];
    MovesKey own = {0, 0, own_key};
    if (!mk) { moves_key_early(c, seat, &own); mk = &own; }
    const uint8_t *key = mk->key;
    int klen = mk->len;
    uint64_t h = mk->h;
    Slot *s = map_find(&c->moves, key, klen, h);
    if (!s && c->ntab && c->tablen[0] == 1) {
        uint8_t out[NK];
        int n = single_follows(c, seat, out, NULL);
        if (n == 0) {
            PyErr_Format(PyExc_ValueError, "seat %d has no legal play: the hands are not a position of one hand", seat);
            c->error = 2; return ERR;
        }
        uint32_t at;
        s = map_add(&c->moves, key, klen, h, 3 + 2 * n, &at);
        if (!s) { PyErr_NoMemory(); c->error = 2; return ERR; }
        uint8_t *p = c->moves.ar + at;
        p[0] = n & 255; p[1] = (uint8_t)(n >> 8); p[2] = 0;
        for (int i = 0; i < n; i++) { p[3 + 2 * i] = 1; p[4 + 2 * i] = out[i]; }
        s->c = 3 + 2 * n;
    } else if (!s && c->ntab) {
        s = multi_follows(c, seat, key, klen, h);
        if (!s) { c->error = 2; return ERR; }
    } else if (!s) {
        s = lead_moves(c, seat, key, klen, h);
        if (!s) { c->error = 2; return ERR; }
    }
    s->d = c->left;                     /* the replacement keeps the deeper half */
    const uint8_t *p = c->moves.ar + s->off + s->len;
    int nm = p[0] | p[1] << 8;
    if (p[2]) c->bounded = 1;
    if (buf_reserve(b, s->c, nm) < 0) { PyErr_NoMemory(); c->error = 2; return ERR; }
    memcpy(b->bytes, p, s->c);
    size_t w = 3;
    for (int i = 0; i < nm; i++) { b->offs[i] = (int)w; w += 1 + b->bytes[w]; }
    if (c->ntab && nm > 1 && ply > 0 && !c->track && (c->features & FEATURE_DOMINATED)) nm = drop_dominated_multi(c, seat, b, nm);
    return nm;
}

/* ------------------------------------------------------------------ the run of sure singles */
/* At a lead (no card on the table): points the leader's side can be sure to take by leading its
 * top single cards, one a trick, first its top trumps, then its top cards of each plain group
 * (*whole: those are every trick left, so its side also wins the last trick and the bottom).
 * Returns those points (0 when there is no such run).
 *
 * Why it is sound, under every ruleset the core takes (the rules used are the ones the core itself
 * applies to single tricks, single_follows and single_winner, proven equal to the engine by
 * tests/test_solver_core.py): a single card is always a legal lead (engine legal_leads); a follower
 * to a single lead plays one card of the led group when it holds one, else any card; the trick
 * goes to the first highest card of the led group unless a trump beats a plain lead.
 *
 * Let M_g be the highest strength among the three other hands' cards of group g.  Each of the
 * leader's cards of g of strength >= M_g beats or ties (a tie goes to the card played first) every
 * card another seat can play in g, now and later (hands only lose cards).  On a trump lead nothing
 * beats it: the leader wins J_T tricks with its J_T top trumps.  After them a seat that held t
 * trumps holds max(0, t - J_T) (it follows trumps while it has any).  A plain top card can be
 * beaten only by a trump from a seat void in g; a seat holding no trump never beats it, and a seat
 * still holding trumps at the start of the plain runs follows each run's group while it holds it
 * (it discards nothing, so it still holds its cnt_g cards of g when g's run starts).  So with J_g =
 * the leader's top cards of g, cut to cnt_g of every other seat still holding trumps, the leader
 * wins every trick of every run and keeps the lead: a strategy of its side, whatever the others do.
 *
 * Every card played in those tricks goes to the leader's side.  A seat holding cnt_g cards of g
 * plays at least min(J_g, cnt_g) of them during the runs (in g's run it must follow g while it can;
 * any it discarded earlier were played too), so at least the points of its min(J_g, cnt_g)
 * lowest-pointed cards of g; the groups' cards are different cards, so these add up over the
 * groups; the led cards are the leader's J_g top cards with most points.  That is `chain`.  With
 * one group's run alone (no trump run before a plain one: the cut uses every seat holding trumps)
 * a seat of the leader's side may instead play its J_g cards of g with most points when it holds J_g
 * (else it must play all it holds of g): `single`.  (The leader's side, not the seat opposite: in
 * friend mode a partner may sit beside the leader, or the dealer play alone.)  The bound is the larger.  Later gains are >= 0 and the
 * attackers' never exceed the points in play plus the bottom bound, so the attackers' value is
 * >= this when an attacker leads and <= upper minus this when a defender leads; with *whole the
 * last trick too is a single won by the leader's side (the bottom x the single lead's multiplier
 * to the attackers, or no bottom for them).  tests/test_solver_bounds.py: value equality against
 * the pure-Python search with the bound on, and positions where each condition matters. */
/* Cards counted by their points (0, 5 or 10: POINTS): the sum of the j with most (highest) or
 * fewest points of n[0..2] cards of 0, 5 and 10 points (j cut to their number). */
typedef struct { int n[3]; } PCount;

static int pc_sum(const PCount *p, int j, int highest) {
    int s = 0;
    for (int i = 0; i < 3 && j > 0; i++) {
        int v = highest ? 2 - i : i, take = p->n[v] < j ? p->n[v] : j;
        s += take * v * 5; j -= take;
    }
    return s;
}

static int run_bound(Core *c, int *whole, int *tops) {
    int L = c->leader;
    int held[4] = {0, 0, 0, 0}, (*cnt)[5] = c->gcnt;
    PCount pc[4][5], top[5];
    memset(top, 0, sizeof top);
    for (int seat = 0; seat < 4; seat++)
        for (int g = 0; g < 5; g++) {
            held[seat] += cnt[seat][g];
            for (int i = 0; i < 3; i++) pc[seat][g].n[i] = c->gpc[seat][g][i];
        }
    if (!held[L]) { *whole = 0; return 0; }
    int ntop[5];
    const uint8_t *lh = c->hands[L];
    for (int g = 0; g < 5; g++) {
        ntop[g] = 0;
        if (tops) tops[g] = -1;
        if (!cnt[L][g]) continue;
        /* M: the highest strength the other seats hold in g (gkinds: weakest first); then the
         * leader's cards of g at M or above */
        int M = INT_MIN, j = c->ngk[g] - 1;
        for (; j >= 0; j--) { int k = c->gkinds[g][j]; if (c->inplay[k] > lh[k]) { M = c->strength[k]; break; } }
        if (tops && M != INT_MIN) tops[g] = M;      /* (what the bound compared: need_run) */
        for (int i = c->ngk[g] - 1; i >= 0; i--) {
            int k = c->gkinds[g][i];
            if (c->strength[k] < M) break;
            if (lh[k]) { top[g].n[c->points[k] / 5] += lh[k]; ntop[g] += lh[k]; }
        }
    }
    int jt = ntop[TRUMP], chain = 0, chain_tricks = 0, single = 0, single_tricks = 0;
    for (int g = 0; g < 5; g++) {
        int jc = ntop[g], js = ntop[g];
        if (!jc) continue;
        if (g != TRUMP)
            for (int seat = 0; seat < 4; seat++) {
                if (seat == L || !cnt[seat][TRUMP]) continue;
                if (cnt[seat][g] < js) js = cnt[seat][g];
                if (cnt[seat][TRUMP] > jt && cnt[seat][g] < jc) jc = cnt[seat][g];
            }
        if (jc <= 0 && js <= 0) continue;
        int sc = jc > 0 ? pc_sum(&top[g], jc, 1) : 0, ss = js > 0 ? pc_sum(&top[g], js, 1) : 0;
        for (int seat = 0; seat < 4; seat++) {
            if (seat == L) continue;
            if (jc > 0) sc += pc_sum(&pc[seat][g], jc, 0);
            if (js > 0) ss += pc_sum(&pc[seat][g], js, c->attacker[seat] == c->attacker[L]);   /* (its side's) */
        }
        if (jc > 0) { chain += sc; chain_tricks += jc; }
        if (js > 0 && ss > single) { single = ss; single_tricks = js; }
    }
    int all4 = held[0] == held[1] && held[1] == held[2] && held[2] == held[3];
    int bottom = c->bottom_points * (c->attacker[L] ? c->single_mult : c->mult);
    int ec = chain + (all4 && chain_tricks == held[L] ? bottom : 0);
    int es = single + (all4 && single_tricks == held[L] ? bottom : 0);
    if (ec >= es) { *whole = all4 && chain_tricks == held[L]; return chain; }
    *whole = all4 && single_tricks == held[L];
    return single;
}

/* ------------------------------------------------------------------ the search */
static int search(Core *c, int alpha, int beta, int ply);

/* trick_side for a lead of several cards that the core judges (a pair, or one group's lead_info):
 * the side of the play winning the first n plays keeps the trick unless a seat of the other side
 * still to play may beat it.  Such a seat may beat it only (a) following in the led group, the
 * lead being one unit and no trump having taken it: then it holds a kind of the group with as
 * many copies as the lead's main unit, stronger than the winning play's top (the top of any play
 * that beats it); or (b) ruffing a plain lead: then it holds none of the led group (one card of
 * it must be played, and a play of two groups wins nothing) and as many trumps as the lead has
 * cards.  Each condition is necessary, not sufficient: "may beat" is the safe answer.  (pair_step
 * and multi_step: the winners these folds compute.)  -1 when not sure. */
static int multi_side(Core *c, int n, int side) {
    const LeadInfo *li = NULL;
    int fold = lead_fold(c, &li);
    if (fold != FOLD_PAIR && fold != FOLD_MULTI) return -1;
    const WinState *w = &c->ws[n - 1];
    int len = c->tablen[0], g = c->group[c->tabcards[0][0]];
    int C = fold == FOLD_PAIR ? 2 : li->C, one_unit = fold == FOLD_PAIR || li->nu == 1;
    for (int i = n; i < 4; i++) {
        int seat = (c->leader + i) & 3;
        if (c->attacker[seat] == side) continue;
        int have = c->gcnt[seat][g];
        if (g != TRUMP && have == 0 && c->gcnt[seat][TRUMP] >= len) return -1;
        if (one_unit && !w->trump && have >= len) {
            const uint8_t *hand = c->hands[seat];
            for (int j = c->ngk[g] - 1; j >= 0; j--) {
                int k = c->gkinds[g][j];
                if (c->strength[k] <= w->val) break;
                if (hand[k] >= C) return -1;
            }
        }
    }
    return side;
}

/* search.py's _trick_side: 1 / 0 when the attackers / defenders surely win the trick in progress,
 * -1 when not sure, ERR on a Python error. */
static int trick_side(Core *c) {
    int n = c->ntab;
    int wi = winner_index(c, n);
    if (wi == ERR) return ERR;
    int side = c->attacker[c->tabseat[wi]];
    if (n == 3 && c->attacker[(c->leader + 3) & 3] == side) { if (c->track) need_winner(c, n); return side; }
    if (c->tablen[0] != 1) return c->track || !(c->features & FEATURE_SIDE) ? -1 : multi_side(c, n, side);
    int best = c->tabcards[wi][0];
    int g = c->group[best], top = c->strength[best], plain = g != TRUMP;
    for (int i = n; i < 4; i++) {
        int seat = (c->leader + i) & 3;
        if (c->attacker[seat] == side) continue;
        const uint8_t *hand = c->hands[seat];
        for (int j = 0; j < c->ngk[g]; j++) { int k = c->gkinds[g][j]; if (hand[k] && c->strength[k] > top) return -1; }
        if (plain && group_held(c, seat, TRUMP) && !group_held(c, seat, g)) return -1;
    }
    if (c->track) need_winner(c, n);    /* (the winning card: every higher card is exact) */
    return side;
}

/* drop_dominated's argument for a follow to a lead of several cards (a pair, a tractor, a throw):
 * the play X holding the mover's single card a, and the play X' = X - a + b among the mover's plays
 * too, b another single card of the mover of a's group, in one stretch with it (same_stretch) and
 * with no card of the trick's plays so far of a strength between theirs: then every comparison
 * of the cards of this hand, in this trick and later, comes out the same with a as with b, the two
 * plays' lines of play match one for one with the same winners, and where this trick surely goes
 * after X (trick_side, X put on the table for the look) decides which of the two is never worse, as
 * at a single lead.  X is dropped where X' is the better.  Returns the plays left (b->offs kept in
 * order), ERR on a Python error (a winner the engine judges). */
static int play_has(const uint8_t *q, int k) { for (int x = 1; x <= q[0]; x++) if (q[x] == k) return 1; return 0; }

static int same_play(const uint8_t *q, const uint8_t *r) {       /* one multiset of cards? (lengths equal) */
    uint8_t cnt[NK] = {0};
    for (int x = 1; x <= q[0]; x++) cnt[q[x]]++;
    for (int x = 1; x <= r[0]; x++) if (!cnt[r[x]]--) return 0;
    return 1;
}

static int table_between(Core *c, int g, int lo, int hi) {
    for (int t = 0; t < c->ntab; t++)
        for (int x = 0; x < c->tablen[t]; x++) {
            int k = c->tabcards[t][x];
            if (c->group[k] == g && c->strength[k] >= lo && c->strength[k] <= hi) return 1;
        }
    return 0;
}

static int side_after(Core *c, int seat, const uint8_t *q) {    /* trick_side with the play q made */
    int t = c->ntab, n = q[0];
    for (int i = 0; i < n; i++) move_card(c, seat, q[1 + i], -1);
    c->tabseat[t] = seat; c->tablen[t] = n; memcpy(c->tabcards[t], q + 1, n); table_changed(c, t);
    c->ntab = t + 1;
    int side = trick_side(c);
    c->ntab = t; table_changed(c, t);
    for (int i = 0; i < n; i++) move_card(c, seat, q[1 + i], 1);
    return side;
}

static int drop_dominated_multi(Core *c, int seat, Buf *b, int nm) {
    if (nm > 96 || !singles_differ(c, seat)) return nm;
    int mine = c->attacker[seat], m = 0;
    int offs[nm];
    for (int i = 0; i < nm; i++) offs[i] = b->offs[i];
    for (int i = 0; i < nm; i++) {
        const uint8_t *q = b->bytes + offs[i];
        int drop = 0, side = -2;
        for (int x = 1; x <= q[0] && !drop; x++) {
            int a = q[x];
            if (c->hands[seat][a] != 1 || c->inplay[a] != 1 || c->kidx[a] < 0) continue;
            int g = c->group[a], sa = c->strength[a], pa = c->points[a];
            for (uint64_t bb = c->heldm[seat] & c->gmask[g]; bb && !drop; bb &= bb - 1) {
                int k = __builtin_ctzll(bb), pk = c->points[k];
                if (k == a || pk == pa || c->hands[seat][k] != 1 || c->inplay[k] != 1 || play_has(q, k)) continue;
                int sk = c->strength[k], lo = sa < sk ? sa : sk, hi = sa < sk ? sk : sa;
                if (!same_stretch(c, seat, g, lo, hi) || table_between(c, g, lo, hi)) continue;
                uint8_t r[MAXC + 1];
                memcpy(r, q, q[0] + 1);
                for (int y = 1; y <= r[0]; y++) if (r[y] == a) { r[y] = (uint8_t)k; break; }
                int listed = 0;
                for (int j = 0; j < nm && !listed; j++) {
                    const uint8_t *o = b->bytes + offs[j];
                    listed = j != i && o[0] == r[0] && same_play(o, r);
                }
                if (!listed) continue;
                /* (the trick's sure side last: it plays q on the table for the look) */
                if (side == -2) { side = side_after(c, seat, q); if (side == ERR) return ERR; }
                if (side < 0) break;
                if (side == mine ? pk < pa : pk > pa) continue;             /* k is not the better card */
                drop = 1;
            }
            if (side == -1) break;
        }
        if (!drop) b->offs[m++] = offs[i];
    }
    c->dom_drops += nm - m;
    return m;
}

static int last_trick(Core *c) {
    /* one card each: forced; the trick's winner and gain, the bottom counted */
    int L = c->leader;
    for (int i = 0; i < 4; i++) {
        int seat = (L + i) & 3, k = c->heldm[seat] ? __builtin_ctzll(c->heldm[seat]) : NK;
        c->tabseat[i] = seat; c->tablen[i] = 1; c->tabcards[i][0] = (uint8_t)k;
    }
    table_changed(c, 0);
    int pts = 0;
    for (int i = 0; i < 4; i++) pts += c->points[c->tabcards[i][0]];
    int wi = single_winner(c, (uint8_t[]){c->tabcards[0][0], c->tabcards[1][0], c->tabcards[2][0], c->tabcards[3][0]}, 4);
    if (c->track) { int k = c->tabcards[wi][0]; need_at(c, c->group[k], c->strength[k]); }
    if (!c->attacker[c->tabseat[wi]]) return 0;
    return pts + c->bottom_points * c->single_mult;
}

static int play(Core *c, int seat, const uint8_t *m, int n, int alpha, int beta, int ply) {
    int pts = 0;
    for (int i = 0; i < n; i++) { move_card(c, seat, m[i], -1); pts += c->points[m[i]]; }
    c->left -= n; c->hand_pts -= pts;
    int t = c->ntab, v;
    c->tabseat[t] = seat; c->tablen[t] = n; memcpy(c->tabcards[t], m, n); table_changed(c, t);
    if (t < 3) {
        c->ntab = t + 1; c->table_pts += pts;
        v = search(c, alpha, beta, ply + 1);
        c->ntab = t; c->table_pts -= pts;
    } else {
        int winner, gain;
        if (c->left == 0) {
            gain = score_last(c, &winner);
        } else {
            int wi = winner_index(c, 4);
            if (wi == ERR) gain = ERR;
            else {
                if (c->track) need_winner(c, 4);
                winner = c->tabseat[wi];
                gain = c->attacker[winner] ? c->table_pts + pts : 0;
            }
        }
        if (gain == ERR) v = ERR;
        else {
            int leader = c->leader, table_pts = c->table_pts, mult = c->mult;
            int saved_seat[4], saved_len[4], saved_wsn = c->wsn; uint8_t saved[4][MAXC]; WinState saved_ws[4];
            memcpy(saved_seat, c->tabseat, sizeof saved_seat); memcpy(saved_len, c->tablen, sizeof saved_len);
            memcpy(saved_ws, c->ws, sizeof saved_ws);
            for (int i = 0; i < 3; i++) memcpy(saved[i], c->tabcards[i], c->tablen[i]);
            c->ntab = 0; c->table_pts = 0; c->leader = winner;
            c->mult = mult_bound(c);
            if (c->mult == ERR) v = ERR;
            else {
                v = search(c, alpha - gain, beta - gain, ply + 1);
                if (v != ERR) v += gain;
            }
            c->ntab = 3; c->table_pts = table_pts; c->leader = leader; c->mult = mult;
            memcpy(c->tabseat, saved_seat, sizeof saved_seat); memcpy(c->tablen, saved_len, sizeof saved_len);
            for (int i = 0; i < 3; i++) memcpy(c->tabcards[i], saved[i], saved_len[i]);
            /* the first three plays as they were; the fourth is written again before it is asked */
            memcpy(c->ws, saved_ws, sizeof saved_ws); c->wsn = saved_wsn < 3 ? saved_wsn : 3;
        }
    }
    for (int i = 0; i < n; i++) move_card(c, seat, m[i], 1);
    c->left += n; c->hand_pts += pts;
    return v;
}

/* Enhanced transposition cut-off at the last seat of a trick (search.py's, without its "cheap
 * form" limit): for each play, the position after the trick is looked up by its shape key; an
 * entry whose bound plus the trick's gain already refutes the window ends the node with that
 * value (the entry bounds the true value of that next position, so the gain plus it bounds this
 * play's value, and the node's fail-soft value is at least (attackers) / at most (defenders) any
 * one play's).  Not when the trick is the last (the next position is the end).  Returns 1 and sets
 * *v on a cut-off, 0 when none, ERR on a Python error. */
/* Probed only at a node met for the first time (no entry of its own: a node with one tries its best
 * move of the last visit first, which nearly always settles it; probing there too saved 0.3 % of
 * the nodes, at a price), and only while the hands hold ETC_MIN_LEFT cards or more (below, the
 * next position has under 5 tricks: probing costs more than it saves.  12 until the nodes got
 * cheaper; on the 15 bench hands' last 8 tricks 20 gave +13 % nodes and -12 % CPU in all, and
 * never probing +19 % nodes: bench/README.md, issue 23, seventh part). */
#ifndef ETC_MIN_LEFT
#define ETC_MIN_LEFT 20
#endif
static int etc_cut(Core *c, int seat, Buf *b, int nm, int alpha, int beta, int *v, int ply) {
    int maximise = c->attacker[seat], leader = c->leader, found = 0;
    int32_t base[5], ids[5];
    int have_base = 0;
    /* the groups no play on the table touches are encoded as at the trick's start, three plies up
     * (the search reached this node through it: ply >= 3 means the trick started in this search) */
    int tmask = 0;
    for (int t = 0; t < 3; t++) for (int x = 0; x < c->tablen[t]; x++) tmask |= 1 << c->group[c->tabcards[t][x]];
    for (int i = 0; i < nm && !found; i++) {
        const uint8_t *q = b->bytes + b->offs[i];
        int n = q[0];
        if (n >= c->left) return 0;         /* the last trick: nothing after it */
        if (!have_base) {
            for (int g = 0; g < 5; g++) {
                base[g] = ply >= 3 && !(tmask >> g & 1) ? c->tid[5 * (ply - 3) + g] : group_id(c, g, 0);
            }
            have_base = 1;
        }
        int touched = 0;
        for (int x = 0; x < n; x++) touched |= 1 << c->group[q[1 + x]];
        int pts = 0;
        for (int x = 0; x < n; x++) { move_card(c, seat, q[1 + x], -1); pts += c->points[q[1 + x]]; }
        c->tabseat[3] = seat; c->tablen[3] = n; memcpy(c->tabcards[3], q + 1, n); table_changed(c, 3);
        int wi = winner_index(c, 4);
        if (wi != ERR) {
            int winner = c->tabseat[wi];
            int gain = c->attacker[winner] ? c->table_pts + pts : 0;
            SKey key;
            c->leader = winner;
            int have = 0, unknown = 0;
            for (int g = 0; g < 5; g++) { ids[g] = touched >> g & 1 ? group_id(c, g, 0) : base[g]; if (ids[g] == -3) unknown = 1; }
            if (!unknown) {                 /* a group without an id: no entry holds this position */
                have = shape_key_of(c, ids, &key);
                if (!have) wi = ERR;
            }
            c->leader = leader;
            TSlot *e = have ? st_find(&c->stt, &key, skey_hash(&key)) : NULL;
            if (e) {
                if (maximise && gain + e->lo >= beta) { *v = gain + e->lo; found = 1; }
                else if (!maximise && gain + e->hi <= alpha) { *v = gain + e->hi; found = 1; }
            }
        }
        for (int x = 0; x < n; x++) move_card(c, seat, q[1 + x], 1);
        if (wi == ERR) return ERR;
    }
    return found;
}

/* need_at for run_bound's cut: per group the leader holds, the highest card the other seats hold
 * there, as run_bound found it (tops; -1: none): the leader's cards at it or above count, every
 * other card is below it */
static void need_run(Core *c, const int *tops) {
    for (int g = 0; g < 5; g++) if (tops[g] >= 0) need_at(c, g, tops[g]);
}

/* need_at for a node's plays: a lead's throw checks (kept with each group's part, lead_part); a
 * follow to a multi-card lead the engine lists (a lead of two groups), and 3 decks: all exact.
 * Returns ERR on a Python error. */
static int need_moves(Core *c, int seat) {
    if (c->decks > 2 || c->fdecks <= 0) { need_all(c); return 0; }     /* 3 decks: triples (not argued here) */
    if (!c->ntab) {
        for (int g = 0; g < 5; g++) {
            if (!group_held(c, seat, g)) continue;
            Slot *p = lead_part(c, seat, g);
            if (!p) { c->error = 2; return ERR; }
            need_at(c, g, p->b);
        }
        return 0;
    }
    if (c->tablen[0] == 1) return 0;
    int g = c->group[c->tabcards[0][0]], two = 0;
    for (int j = 1; j < c->tablen[0]; j++) two |= c->group[c->tabcards[0][j]] != g;
    if (two) need_all(c);
    return 0;
}

/* need_merges: a class of the mover's equal cards (classes_of_group over the cards in play: the
 * classes its plays were merged by, or larger ones) lying across the cut takes the cut down to
 * its lowest member; again until none does */
static void need_merges(Core *c, int seat) {
    for (int g = 0; g < 5; g++) {
        if (c->need[g] == NEED_NONE || c->need[g] == 0 || !group_held(c, seat, g)) continue;
        int cls_of[NK]; Members mem[NK / 2 + 1];
        for (int k = 0; k < NK; k++) cls_of[k] = -1;
        int ids = classes_of_group(c, c->hands[seat], c->inplay, g, cls_of, mem, 0);
        int lo[NK / 2 + 1], hi[NK / 2 + 1];
        for (int id = 0; id < ids; id++) {
            lo[id] = INT_MAX; hi[id] = -1;
            for (int q = 0; q < mem[id].n; q++) {
                int st = c->strength[mem[id].k[q]];
                if (st < lo[id]) lo[id] = st;
                if (st > hi[id]) hi[id] = st;
            }
        }
        for (int moved = 1; moved;) {
            moved = 0;
            for (int id = 0; id < ids; id++)
                if (lo[id] < c->need[g] && c->need[g] <= hi[id]) { c->need[g] = (int8_t)lo[id]; moved = 1; }
        }
    }
}

/* A play as the killer keeps it: its size, first and last card (a play's cards are sorted; two
 * plays alike in these are taken for one: it only orders), + 1 (0: no killer). */
static inline int killer_of(const uint8_t *m, int n) { return (n * NK + m[0]) * NK + m[n - 1] + 1; }

static int search_node(Core *c, int alpha, int beta, int ply);

/* The search of one node; with `track`, its need (need_at) found apart from its siblings' and
 * folded into its parent's. */
static int search(Core *c, int alpha, int beta, int ply) {
    if (!c->track) return search_node(c, alpha, beta, ply);
    int8_t outer[5];
    memcpy(outer, c->need, sizeof outer);
    memset(c->need, NEED_NONE, sizeof c->need);
    int v = search_node(c, alpha, beta, ply);
    if (v != ERR) need_merges(c, (c->leader + c->ntab) & 3);
    for (int g = 0; g < 5; g++) if (outer[g] < c->need[g]) c->need[g] = outer[g];
    return v;
}

static int search_node(Core *c, int alpha, int beta, int ply) {
    c->nodes++;
    if (c->nodes > c->limit_nodes || ((c->nodes & 1023) == 0 && now_s() > c->deadline)) {
        c->error = 1; return ERR;
    }
    if (ply >= KILLER_PLIES) { PyErr_SetString(PyExc_RecursionError, "solver core: too deep"); c->error = 2; return ERR; }
    int ntab = c->ntab;
    if (!ntab) {
        if (c->left == 0) return 0;
        if (c->left == 4) return last_trick(c);
    }
    int upper = c->hand_pts + c->table_pts + c->bottom_points * c->mult;
    if (upper <= alpha) return upper;
    if (upper == 0 || beta <= 0) return 0;
    if (ntab) {
        int pts = c->table_pts;
        if (pts && (upper - pts <= alpha || pts >= beta)) {
            int side = trick_side(c);
            if (side == ERR) return ERR;
            if (side == 0 && upper - pts <= alpha) { c->side_cuts += c->tablen[0] > 1; return upper - pts; }
            if (side == 1 && pts >= beta) { c->side_cuts += c->tablen[0] > 1; return pts; }
        }
    }
    uint8_t key[KEYMAX];
    SKey sk;
    MovesKey mk = {0, 0, key}; int have_mk = 0;     /* (key: the exact key's bytes inside a trick, free at its start) */
    int use_tt = (!ntab || ply == 0) && !c->track;    /* inside a trick, the root only (see the top of the file) */
    int klen = 0, found = 0; uint64_t h = 0;
    int lo = 0, hi = upper, hint = -1;
    if (use_tt && ntab) {               /* the root inside a trick: the exact cards, in the generic map */
        klen = exact_key(c, key);
        if (!klen) return ERR;
        h = hash_bytes(key, klen);
        Slot *e = map_find(&c->tt, key, klen, h);
        if (e) { lo = e->a; hi = e->b; hint = e->c; found = 1; }
    } else if (use_tt) {
        if (!shape_key_at(c, &sk, ply)) return ERR;
        h = skey_hash(&sk);
        __builtin_prefetch(&c->stt.s[h & c->stt.mask]);
        moves_key_early(c, c->leader, &mk); have_mk = 1;      /* its miss and the table's overlap */
        TSlot *e = st_find(&c->stt, &sk, h);
        if (e) { lo = e->lo; hi = e->hi; hint = e->best; found = 1; }
    }
    if (found) {
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    if (!ntab && (c->features & FEATURE_RUN_BOUND)) {
        int whole, tops[5], run = run_bound(c, &whole, c->track ? tops : NULL);
        if (run) {
            if (c->attacker[c->leader]) {
                int low = run + (whole ? c->bottom_points * c->single_mult : 0);
                if (low >= beta) { c->run_cuts++; if (c->track) need_run(c, tops); return low; }
            } else {
                int up = upper - run - (whole ? c->bottom_points * c->mult : 0);
                if (up <= alpha) { c->run_cuts++; if (c->track) need_run(c, tops); return up; }
            }
        }
    }
    int seat = (c->leader + ntab) & 3;
    int maximise = c->attacker[seat];
    int nm = node_moves(c, seat, ply, have_mk ? &mk : NULL);
    if (nm == ERR) return ERR;
    if (c->track && need_moves(c, seat) == ERR) return ERR;
    Buf *b = &c->bufs[ply];
    if (ntab == 3 && nm > 1 && !found && (c->features & FEATURE_ETC) && c->left >= ETC_MIN_LEFT && !c->track) {
        int v, cut = etc_cut(c, seat, b, nm, alpha, beta, &v, ply);
        if (cut == ERR) return ERR;
        if (cut) { c->etc_cuts++; return v; }
    }
    int a0 = alpha, b0 = beta;
    int best = maximise ? -1 : (1 << 30), best_i = 0;
    if (hint < 0 || hint >= nm) hint = 0;
    /* the order: the table's best move first, then the play that last cut off at this ply for this
     * seat (the killer: a refutation found in a sibling often refutes here too), then at a lead the
     * others by their history (cut-offs they made before, weighted by the cards left), a play whose
     * highest card no other seat beats (none higher in its group, no ruff) before an equal score;
     * ties (and the follows) in the plays' own order.  (The killer, at leads and follows: the 15
     * bench hands' last 8 tricks 49.7 M -> 44.4 M nodes; one killer a ply for every seat 45.1 M,
     * two a ply 47.1 M, history at the follows too 53.5 M: bench/README.md, issue 23, tenth part.) */
    int killer = c->killer[ply][seat];
    int order[nm > 0 ? nm : 1], score[nm > 0 ? nm : 1], no = 0;
    order[no] = hint; score[no++] = INT_MAX;
    SeatTops others[5][3]; int known = 0;      /* at a lead: the other seats' tops per group, as needed */
    for (int i = 0; i < nm; i++) {
        if (i == hint) continue;
        const uint8_t *q = b->bytes + b->offs[i];
        int sc = c->history && !ntab ? c->history[(seat * NK + q[1]) * NK + q[q[0]]] : 0, at = no++;
        if (killer && killer == killer_of(q + 1, q[0])) sc = INT_MAX - 1;
        else if (!ntab) {
            int g = c->group[q[1]], top = -1, beaten = 0;
            for (int x = 1; x <= q[0]; x++) if (c->strength[q[x]] > top) top = c->strength[q[x]];
            if (!(known >> g & 1)) {
                for (int o = 1; o < 4; o++) others[g][o - 1] = seat_tops(c, (seat + o) & 3, g);
                known |= 1 << g;
            }
            for (int o = 0; o < 3 && !beaten; o++) beaten = tops_beat(others[g][o], g, g, top);
            if (!beaten && sc < INT_MAX - 2) sc++;
        }
        while (at > 1 && score[at - 1] < sc) { order[at] = order[at - 1]; score[at] = score[at - 1]; at--; }
        order[at] = i; score[at] = sc;
    }
    for (int j = 0; j < nm; j++) {
        int i = order[j];
        b = &c->bufs[ply];              /* deeper nodes may move the buffers */
        uint8_t m[MAXC];
        int n = b->bytes[b->offs[i]];
        memcpy(m, b->bytes + b->offs[i] + 1, n);
        int v = play(c, seat, m, n, alpha, beta, ply);
        if (v == ERR) return ERR;
        if (ply == 0 && i < ROOTMAX) {      /* what the play's search proved (fail-soft: a bound outside the window) */
            if (c->rootn < nm) {
                for (int x = c->rootn; x < nm && x < ROOTMAX; x++) { c->rootlo[x] = INT_MIN; c->roothi[x] = INT_MAX; }
                c->rootn = nm;
            }
            if (v > alpha && v > c->rootlo[i]) c->rootlo[i] = v;
            if (v < beta && v < c->roothi[i]) c->roothi[i] = v;
        }
        if (maximise) {
            if (v > best) { best = v; best_i = i; if (v > alpha) { alpha = v; if (alpha >= beta) goto cut; } }
        } else if (v < best) { best = v; best_i = i; if (v < beta) { beta = v; if (alpha >= beta) goto cut; } }
        continue;
    cut:
        c->killer[ply][seat] = killer_of(m, n);
        if (c->history && !ntab) {
            int *hv = &c->history[(seat * NK + m[0]) * NK + m[n - 1]];
            int add = c->left * c->left;
            *hv = *hv > INT_MAX / 2 ? *hv / 2 + add : *hv + add;
        }
        break;
    }
    if (best <= a0) { if (best < hi) hi = best; }
    else if (best >= b0) { if (best > lo) lo = best; }
    else lo = hi = best;
    if (!use_tt) return best;
    if (ntab) {
        Slot *e = map_find(&c->tt, key, klen, h);     /* the deeper search may have added or cleared */
        if (!e) {
            e = map_add(&c->tt, key, klen, h, 0, NULL);
            if (!e) { PyErr_NoMemory(); c->error = 2; return ERR; }
        }
        e->a = lo; e->b = hi; e->c = best_i; e->d = c->left;
        return best;
    }
    TSlot *e = st_find(&c->stt, &sk, h);      /* the deeper search may have added or compacted */
    if (!e) {
        e = st_add(&c->stt, &sk, h);
        if (!e) { PyErr_NoMemory(); c->error = 2; return ERR; }
    }
    e->lo = lo; e->hi = hi; e->best = (uint16_t)best_i; e->left = (uint8_t)(c->left > 255 ? 255 : c->left);
    return best;
}

/* ------------------------------------------------------------------ Python interface */
static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    PyObject *oracle, *exc, *group, *strength, *points, *at, *attacker;
    int bottom, single_mult, fast_pairs, decks = 0, win_decks = 0, entries = 0;
    int fdecks = 0, fsuit = 0, fchain = 1, fshort = 0;     /* follow=(decks, suit_throw, throw_chains, short_chain) */
    if (!PyArg_ParseTuple(args, "OOOOOOOiip|iii(iiii)", &oracle, &exc, &group, &strength, &points, &at, &attacker,
                          &bottom, &single_mult, &fast_pairs, &decks, &win_decks, &entries,
                          &fdecks, &fsuit, &fchain, &fshort))
        return -1;
    if (fdecks < 0 || fdecks > 2) { PyErr_SetString(PyExc_ValueError, "follow decks: 0 (follows from the solver), 1 or 2"); return -1; }
    c->fdecks = fdecks; c->fsuit = fsuit != 0; c->fchain = fchain != 0; c->fshort = fshort != 0;
    if (entries < 0) { PyErr_SetString(PyExc_ValueError, "entries: 0 (the default limits) or more"); return -1; }
    if (win_decks < 0 || win_decks > 3) { PyErr_SetString(PyExc_ValueError, "win_decks: 0 (winners from the solver) or 1-3"); return -1; }
    c->win_decks = win_decks;
    c->leadinfo = calloc(LEADINFO_SLOTS, sizeof(LeadInfo));
    c->playval = calloc(PLAYVAL_SLOTS, sizeof(PlayVal));
    c->history = calloc(4 * NK * NK, sizeof(int));
    c->tid = calloc(5 * (4 * MAXC + 16), sizeof(int32_t));      /* plies: search() stops at 4 * MAXC + 8 */
    if (!c->leadinfo || !c->playval || !c->history || !c->tid) { PyErr_NoMemory(); return -1; }
    c->next_gid = 0; c->gid_clears = 0;
    c->gcache = NULL;       /* made on the first group_id: a core asked only for follows or winners needs none */
    if (decks < 0 || decks > 3) { PyErr_SetString(PyExc_ValueError, "decks: 0 (leads from the solver) or 1-3"); return -1; }
    c->decks = decks; c->gu = NULL; c->features = FEATURE_ALL;
    for (int k = 0; k < NK; k++) {
        c->group[k] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(group, k));
        c->strength[k] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(strength, k));
        c->points[k] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(points, k));
        if (c->points[k] != 0 && c->points[k] != 5 && c->points[k] != 10) {   /* run_bound counts by 0 / 5 / 10 */
            PyErr_SetString(PyExc_ValueError, "points: each card 0, 5 or 10"); return -1;
        }
    }
    for (int k = 0; k < NK; k++) c->kidx[k] = -1;
    for (int g = 0; g < 5; g++) {
        PyObject *per = PyTuple_GET_ITEM(at, g);
        c->nat[g] = (int)PyTuple_GET_SIZE(per);
        if (c->nat[g] > MAXS) { PyErr_SetString(PyExc_ValueError, "too many strengths"); return -1; }
        c->ngk[g] = 0;
        for (int s = 0; s < c->nat[g]; s++) {
            PyObject *ks = PyTuple_GET_ITEM(per, s);
            c->natk[g][s] = (int)PyTuple_GET_SIZE(ks);
            if (c->natk[g][s] > MAXAT) { PyErr_SetString(PyExc_ValueError, "too many kinds at a strength"); return -1; }
            for (int j = 0; j < c->natk[g][s]; j++) {
                int k = (int)PyLong_AsLong(PyTuple_GET_ITEM(ks, j));
                c->at[g][s][j] = (uint8_t)k;
                /* gkinds then lists each group's kinds by strength, weakest first (seat_tops relies on it) */
                if (k < 0 || k >= NK || c->kidx[k] >= 0 || c->strength[k] != s) {
                    PyErr_SetString(PyExc_ValueError, "order.at: a kind outside the cards, in two places, or at another strength than its own");
                    return -1;
                }
                c->kidx[k] = c->ngk[g];
                c->gkinds[g][c->ngk[g]++] = (uint8_t)k;
            }
        }
    }
    for (int g = 0; g < 5; g++) {
        c->ngs[g] = 0;
        c->gmask[g] = 0;
        for (int k = 0; k < NK; k++) if (c->group[k] == g) { c->gsorted[g][c->ngs[g]++] = (uint8_t)k; c->gmask[g] |= 1ULL << k; }
    }
    for (int i = 0; i < 4; i++) c->attacker[i] = PyObject_IsTrue(PyTuple_GET_ITEM(attacker, i));
    if (PyErr_Occurred()) return -1;
    c->bottom_points = bottom; c->single_mult = single_mult; c->fast_pairs = fast_pairs;
    Py_INCREF(oracle); c->oracle = oracle;
    Py_INCREF(exc); c->budget_exc = exc;
    /* entries kept before a table starts again empty (sound: entries only save work).  Smaller
     * tables cost more than they save: with 1 M / 0.5 M entries hand 2 of bench/solver_bench.py
     * (last 8) took 13.0 M nodes and 323 MB against 7.2 M nodes and 696 MB (bench/README.md) */
    /* entries > 0 (the tests' small tables): that many transposition and play-list entries at most */
    if (map_init(&c->tt, entries ? (size_t)entries : TT_ENTRIES, TT_BYTES, 1, 0) ||
        st_init(&c->stt, entries ? (size_t)entries : TT_ENTRIES) ||
        map_init(&c->moves, entries ? (size_t)entries : MOVES_ENTRIES, MOVES_BYTES, 1, 1) ||
        map_init(&c->wins, 250000, 16u << 20, 0, 0) || map_init(&c->mults, 250000, 16u << 20, 0, 0) ||
        map_init(&c->scores, 250000, 16u << 20, 0, 0) || map_init(&c->raws, 250000, 48u << 20, 0, 1) ||
        map_init(&c->parts, 250000, 48u << 20, 0, 1) ||
        map_init(&c->gencs, entries ? (size_t)entries : GID_ENTRIES, GID_BYTES, 0, 0)) {
        PyErr_NoMemory(); return -1;
    }
    return 0;
}

static void Core_dealloc(Core *c) {
    Py_XDECREF(c->oracle); Py_XDECREF(c->budget_exc);
    map_free(&c->tt); free(c->stt.s); c->stt.s = NULL; map_free(&c->moves); map_free(&c->wins); map_free(&c->mults); map_free(&c->scores); map_free(&c->raws); map_free(&c->parts);
    map_free(&c->gencs);
    for (int i = 0; i < c->nbufs; i++) { free(c->bufs[i].bytes); free(c->bufs[i].offs); }
    free(c->bufs); free(c->gu); free(c->leadinfo); free(c->playval); free(c->history); free(c->tid); free(c->gcache);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

/* load(hands: bytes of 4 x 54, leader, table: ((seat, cards), ...), mult) */
static PyObject *Core_load(Core *c, PyObject *args) {
    const char *hb; Py_ssize_t hn; int leader, mult; PyObject *table;
    if (!PyArg_ParseTuple(args, "y#iOi", &hb, &hn, &leader, &table, &mult)) return NULL;
    if (hn != 4 * NK) { PyErr_SetString(PyExc_ValueError, "hands: 4 x 54 counts"); return NULL; }
    memcpy(c->hands, hb, 4 * NK);
    c->hand_pts = 0; c->left = 0;
    for (int k = 0; k < NK; k++) {
        c->inplay[k] = c->hands[0][k] + c->hands[1][k] + c->hands[2][k] + c->hands[3][k];
        c->hand_pts += c->points[k] * c->inplay[k];
        for (int s = 0; s < 4; s++) {
            if (c->hands[s][k] > 3) { PyErr_SetString(PyExc_ValueError, "more than 3 copies"); return NULL; }
            c->left += c->hands[s][k];
        }
    }
    derive_counts(c);
    c->leader = leader & 3;
    Py_ssize_t nt = PyTuple_GET_SIZE(table);
    if (nt > 3) { PyErr_SetString(PyExc_ValueError, "a table of at most 3 plays"); return NULL; }
    c->ntab = (int)nt; c->table_pts = 0; c->wsn = 0;
    for (int i = 0; i < nt; i++) {
        PyObject *p = PyTuple_GET_ITEM(table, i);
        PyObject *cs = PyTuple_GET_ITEM(p, 1);
        c->tabseat[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(p, 0));
        c->tablen[i] = (int)PyTuple_GET_SIZE(cs);
        if (c->tablen[i] > MAXC) { PyErr_SetString(PyExc_ValueError, "a play too long for the core"); return NULL; }
        for (int j = 0; j < c->tablen[i]; j++) {
            c->tabcards[i][j] = (uint8_t)PyLong_AsLong(PyTuple_GET_ITEM(cs, j));
            c->table_pts += c->points[c->tabcards[i][j]];
        }
    }
    c->mult = mult;
    c->rootn = 0;
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NONE;
}

/* root_bounds(): per play searched at the root of the loaded position so far, (cards, lower, upper):
 * bounds of the value after it that its searches proved, on the root's scale (None: none that side).
 * A play's search in the window (alpha, beta) returns v: v <= alpha proves "at most v", v >= beta
 * "at least v", between them "exactly v" (the search is fail-soft, and its bounds hold whatever the
 * window).  The best plays of the analysis read them to skip the tests they already answer. */
static PyObject *Core_root_bounds(Core *c, PyObject *noargs) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int n = c->rootn < ROOTMAX ? c->rootn : ROOTMAX;
    Buf *b = c->nbufs > 0 ? &c->bufs[0] : NULL;
    for (int i = 0; b && i < n; i++) {
        if (c->rootlo[i] == INT_MIN && c->roothi[i] == INT_MAX) continue;
        const uint8_t *q = b->bytes + b->offs[i];
        PyObject *cards = PyTuple_New(q[0]);
        if (!cards) { Py_DECREF(out); return NULL; }
        for (int x = 0; x < q[0]; x++) PyTuple_SET_ITEM(cards, x, PyLong_FromLong(q[1 + x]));
        PyObject *lo = c->rootlo[i] == INT_MIN ? Py_NewRef(Py_None) : PyLong_FromLong(c->rootlo[i]);
        PyObject *hi = c->roothi[i] == INT_MAX ? Py_NewRef(Py_None) : PyLong_FromLong(c->roothi[i]);
        PyObject *t = PyTuple_Pack(3, cards, lo, hi);
        Py_DECREF(cards); Py_DECREF(lo); Py_DECREF(hi);
        if (!t || PyList_Append(out, t) < 0) { Py_XDECREF(t); Py_DECREF(out); return NULL; }
        Py_DECREF(t);
    }
    return out;
}

/* start(nodes, seconds): a new call's budget (seconds < 0: none); resets the counters */
static PyObject *Core_start(Core *c, PyObject *args) {
    long long nodes; double seconds;
    if (!PyArg_ParseTuple(args, "Ld", &nodes, &seconds)) return NULL;
    c->nodes = 0; c->callbacks = 0; c->bounded = 0; c->run_cuts = 0; c->side_cuts = 0; c->dom_drops = 0; c->etc_cuts = 0;
    memset(c->need, NEED_NONE, sizeof c->need);
    c->limit_nodes = nodes;
    c->deadline = seconds < 0 ? 1e300 : now_s() + seconds;
    Py_RETURN_NONE;
}

static PyObject *Core_search(Core *c, PyObject *args);
static PyObject *Core_search(Core *c, PyObject *args) {
    int alpha, beta;
    if (!PyArg_ParseTuple(args, "ii", &alpha, &beta)) return NULL;
    c->error = 0;
    int v = search(c, alpha, beta, 0);
    if (v == ERR) {
        if (c->error == 1 && !PyErr_Occurred()) PyErr_SetNone(c->budget_exc);
        return NULL;
    }
    return PyLong_FromLong(v);
}

/* The root's entry (lo, hi) or None. */
static PyObject *Core_entry(Core *c, PyObject *noargs) {
    if (c->track) Py_RETURN_NONE;       /* (no tables while tracking) */
    uint8_t key[KEYMAX];
    SKey sk;
    int klen = c->ntab ? exact_key(c, key) : shape_key(c, &sk);
    if (!klen) {
        if (!PyErr_Occurred()) PyErr_SetNone(c->budget_exc);
        return NULL;
    }
    if (!c->ntab) {
        TSlot *e = st_find(&c->stt, &sk, skey_hash(&sk));
        if (!e) Py_RETURN_NONE;
        return Py_BuildValue("(ii)", e->lo, e->hi);
    }
    Slot *e = map_find(&c->tt, key, klen, hash_bytes(key, klen));
    if (!e) Py_RETURN_NONE;
    return Py_BuildValue("(ii)", e->a, e->b);
}

static PyObject *Core_clear(Core *c, PyObject *noargs) {
    map_clear(&c->tt); st_clear(&c->stt); map_clear(&c->moves); map_clear(&c->wins); map_clear(&c->mults); map_clear(&c->scores); map_clear(&c->raws); map_clear(&c->parts);
    map_clear(&c->gencs); if (c->gcache) memset(c->gcache, 0, GCACHE * sizeof(GCache));
    Py_RETURN_NONE;
}

static PyObject *Core_stats(Core *c, PyObject *noargs) {
    size_t stt_bytes = (c->stt.mask + 1) * sizeof(TSlot);
    size_t bytes = stt_bytes + map_bytes(&c->tt) + map_bytes(&c->moves) + map_bytes(&c->wins) + map_bytes(&c->mults) + map_bytes(&c->scores) + map_bytes(&c->raws) + map_bytes(&c->parts) + map_bytes(&c->gencs) + GCACHE * sizeof(GCache);
    return Py_BuildValue("{sLsLsLsLsLsLsLsisnsnsnsLsLsnsnsnsnsnsnsnsnsL}", "nodes", c->nodes, "run_cuts", c->run_cuts, "side_cuts", c->side_cuts, "dom_drops", c->dom_drops, "etc_cuts", c->etc_cuts, "callbacks", c->callbacks, "made_leads", c->made_leads, "bounded", c->bounded,
                         "entries", (Py_ssize_t)(c->tt.count + c->stt.count), "moves", (Py_ssize_t)c->moves.count, "bytes", (Py_ssize_t)bytes,
                         "tt_compactions", c->tt.compactions + c->stt.compactions, "moves_compactions", c->moves.compactions,
                         "tt_bytes", (Py_ssize_t)(stt_bytes + map_bytes(&c->tt)), "moves_bytes", (Py_ssize_t)map_bytes(&c->moves),
                         "raws", (Py_ssize_t)c->raws.count, "parts", (Py_ssize_t)c->parts.count, "wins", (Py_ssize_t)c->wins.count, "mults", (Py_ssize_t)c->mults.count, "scores", (Py_ssize_t)c->scores.count, "group_ids", (Py_ssize_t)c->next_gid, "group_id_clears", c->gid_clears);
}

/* single_follows(hands bytes, leader, table) -> list of cards: the core's own follows to a single
 * lead for the seat to move, before merging (for the differential test): every kind it may play. */
static PyObject *Core_single_legal(Core *c, PyObject *args) {
    const char *hb; Py_ssize_t hn; int lead_card;
    if (!PyArg_ParseTuple(args, "y#i", &hb, &hn, &lead_card)) return NULL;
    if (hn != NK || lead_card < 0 || lead_card >= NK) { PyErr_SetString(PyExc_ValueError, "a hand of 54 counts and a card"); return NULL; }
    const uint8_t *hand = (const uint8_t *)hb;
    int g = c->group[lead_card], held = 0;
    for (int i = 0; i < c->ngk[g]; i++) if (hand[c->gkinds[g][i]]) held = 1;
    PyObject *out = PyList_New(0);
    for (int k = 0; k < NK && out; k++)
        if (hand[k] && (!held || c->group[k] == g)) {
            PyObject *v = PyLong_FromLong(k);
            if (PyList_Append(out, v) < 0) Py_CLEAR(out);
            Py_DECREF(v);
        }
    return out;
}

/* follows(lead, hand bytes) -> the core's own follows to a multi-card lead (before merging, in the
 * engine's order), or None where it asks the engine (for the differential test of gen_follows). */
static PyObject *Core_follows(Core *c, PyObject *args) {
    PyObject *lt; const char *hb; Py_ssize_t hn;
    if (!PyArg_ParseTuple(args, "O!y#", &PyTuple_Type, &lt, &hb, &hn)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(lt);
    if (hn != NK || n < 1 || n > MAXC) { PyErr_SetString(PyExc_ValueError, "a lead of 1 to MAX_PLAY cards and a hand of 54 counts"); return NULL; }
    uint8_t lead[MAXC];
    for (Py_ssize_t j = 0; j < n; j++) {
        long k = PyLong_AsLong(PyTuple_GET_ITEM(lt, j));
        if (k < 0 || k >= NK) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a card kind"); return NULL; }
        lead[j] = (uint8_t)k;
    }
    for (int k = 0; k < NK; k++) if ((uint8_t)hb[k] > 3) { PyErr_SetString(PyExc_ValueError, "more than 3 copies"); return NULL; }
    PlayList pl = {0};
    int here = gen_follows(c, lead, (int)n, (const uint8_t *)hb, &pl);
    if (pl.err) { free(pl.b); return PyErr_NoMemory(); }
    if (!here) Py_RETURN_NONE;
    PyObject *list = PyList_New(pl.count);
    size_t w = 0;
    for (int i = 0; list && i < pl.count; i++) {
        int m = pl.b[w];
        PyObject *t = PyTuple_New(m);
        if (!t) { Py_CLEAR(list); break; }
        for (int j = 0; j < m; j++) PyTuple_SET_ITEM(t, j, PyLong_FromLong(pl.b[w + 1 + j]));
        PyList_SET_ITEM(list, i, t);
        w += 1 + m;
    }
    free(pl.b);
    return list;
}

/* table_winner(plays): the core's own winner of a trick of those plays' cards (lead first), or -1
 * where it asks the engine (for the differential test). */
static PyObject *Core_table_winner(Core *c, PyObject *args) {
    PyObject *plays;
    if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &plays)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(plays);
    if (n < 1 || n > 4) { PyErr_SetString(PyExc_ValueError, "1 to 4 plays"); return NULL; }
    int seats[4], lens[4], ntab = c->ntab; uint8_t cards[4][MAXC];
    memcpy(seats, c->tabseat, sizeof seats); memcpy(lens, c->tablen, sizeof lens); memcpy(cards, c->tabcards, sizeof cards);
    int ok = 1;
    for (Py_ssize_t i = 0; i < n && ok; i++) {
        PyObject *cs = PyTuple_GET_ITEM(plays, i);
        if (!PyTuple_Check(cs) || PyTuple_GET_SIZE(cs) < 1 || PyTuple_GET_SIZE(cs) > MAXC) { ok = 0; break; }
        c->tablen[i] = (int)PyTuple_GET_SIZE(cs); c->tabseat[i] = (int)i;
        for (int j = 0; j < c->tablen[i]; j++) {
            long k = PyLong_AsLong(PyTuple_GET_ITEM(cs, j));
            if (k < 0 || k >= NK) { ok = 0; break; }
            c->tabcards[i][j] = (uint8_t)k;
        }
    }
    long wi = -1;
    if (ok) {
        /* the search's way: winner_index's fold, one play at a time (each prefix asked in turn), where
         * the core judges the lead itself; -1 where it would ask the engine */
        c->wsn = 0; c->ntab = (int)n;
        const LeadInfo *li = NULL;
        int judged = lead_fold(c, &li) != 0;
        for (int m = 1; judged && m <= n; m++) wi = winner_index(c, m);
    }
    memcpy(c->tabseat, seats, sizeof seats); memcpy(c->tablen, lens, sizeof lens); memcpy(c->tabcards, cards, sizeof cards);
    c->ntab = ntab; c->wsn = 0;
    if (!ok) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "plays of card kinds"); return NULL; }
    return PyLong_FromLong(wi);
}

/* lead_part(hands bytes 4 x 54, seat, g) -> (plays, bounded) made here, or None where the core asks the
 * solver (decks 0, or too many units): for the differential test of gen_lead_part. */
static PyObject *Core_lead_part(Core *c, PyObject *args) {
    const char *hb; Py_ssize_t hn; int seat, g;
    if (!PyArg_ParseTuple(args, "y#ii", &hb, &hn, &seat, &g)) return NULL;
    if (hn != 4 * NK || seat < 0 || seat > 3 || g < 0 || g > 4) { PyErr_SetString(PyExc_ValueError, "hands of 4 x 54 counts, a seat, a group"); return NULL; }
    if (c->decks <= 0) Py_RETURN_NONE;
    uint8_t hands[4][NK], inplay[NK];
    memcpy(hands, hb, 4 * NK);
    for (int k = 0; k < NK; k++) {
        inplay[k] = hands[0][k] + hands[1][k] + hands[2][k] + hands[3][k];
        for (int q = 0; q < 4; q++) if (hands[q][k] > 3) { PyErr_SetString(PyExc_ValueError, "more than 3 copies"); return NULL; }
    }
    int held = 0;
    for (int i = 0; i < c->ngk[g]; i++) held += hands[seat][c->gkinds[g][i]];
    if (held > MAXC) { PyErr_SetString(PyExc_ValueError, "more cards than MAX_PLAY"); return NULL; }
    uint8_t *made = NULL;
    int tneed;
    long size = gen_lead_part(c, (const uint8_t (*)[NK])hands, inplay, seat, g, &made, &tneed);
    if (size < 0) return PyErr_NoMemory();
    if (size == 0) Py_RETURN_NONE;
    int nm = made[0] | made[1] << 8, bounded = made[2];
    PyObject *list = PyList_New(nm);
    size_t w = 3;
    for (int i = 0; list && i < nm; i++) {
        int n = made[w];
        PyObject *t = PyTuple_New(n);
        if (!t) { Py_CLEAR(list); break; }
        for (int j = 0; j < n; j++) PyTuple_SET_ITEM(t, j, PyLong_FromLong(made[w + 1 + j]));
        PyList_SET_ITEM(list, i, t);
        w += 1 + n;
    }
    free(made);
    if (!list) return NULL;
    return Py_BuildValue("(NO)", list, bounded ? Py_True : Py_False);
}

/* set_features(mask) -> the mask before: which of the FEATURE_* node-saving steps run (the tests
 * turn them off to compare; every one leaves the values as they are) */
static PyObject *Core_set_features(Core *c, PyObject *args) {
    int mask;
    if (!PyArg_ParseTuple(args, "i", &mask)) return NULL;
    int old = c->features;
    c->features = mask & FEATURE_ALL;
    return PyLong_FromLong(old);
}

/* set_track(on) -> the old setting: keep what each proof needs exact (need_at; the tables are off
 * meanwhile); need() -> per group (trump group last) the strength from which the searches since
 * start() needed every card exact, None where none (tests/test_solver_partition.py) */
static PyObject *Core_set_track(Core *c, PyObject *args) {
    int on;
    if (!PyArg_ParseTuple(args, "p", &on)) return NULL;
    int old = c->track;
    c->track = on;
    return PyBool_FromLong(old);
}

static PyObject *Core_need(Core *c, PyObject *noargs) {
    PyObject *t = PyTuple_New(5);
    if (!t) return NULL;
    for (int g = 0; g < 5; g++) {
        PyObject *x = c->need[g] == NEED_NONE ? Py_NewRef(Py_None) : PyLong_FromLong(c->need[g]);
        if (!x) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, g, x);
    }
    return t;
}

/* run_bound() -> (points, whole): run_bound of the loaded position (a lead: no table), for the tests
 * that check it against solved values */
static PyObject *Core_run_bound(Core *c, PyObject *noargs) {
    if (c->ntab) { PyErr_SetString(PyExc_ValueError, "run_bound: a position at a lead (no table)"); return NULL; }
    int whole, run = run_bound(c, &whole, NULL);
    return Py_BuildValue("(ii)", run, whole);
}

/* derived_ok(hands: bytes of 4 x 54) -> bool: the core holds exactly these hands, and the state
 * move_card keeps beside them (the cards in play, the count bytes and their groups' hashes, each
 * group's count bytes, each seat's counts per group and by points, the kinds in play at each
 * strength, the kinds each seat holds) is what they give.  For the
 * tests: a search, finished or stopped by its budget, leaves the loaded position as it found it. */
static PyObject *Core_derived_ok(Core *c, PyObject *args) {
    const char *hb; Py_ssize_t hn;
    if (!PyArg_ParseTuple(args, "y#", &hb, &hn)) return NULL;
    if (hn != 4 * NK) { PyErr_SetString(PyExc_ValueError, "hands: 4 x 54 counts"); return NULL; }
    int ok = memcmp(c->hands, hb, 4 * NK) == 0;
    for (int k = 0; k < NK && ok; k++)
        ok = c->inplay[k] == c->hands[0][k] + c->hands[1][k] + c->hands[2][k] + c->hands[3][k];
    uint8_t cb[NK], gcb[5][NK], lvn[5][MAXS], lvx[5][MAXS]; uint64_t zg[5], occm[5], heldm[4]; int gcnt[4][5], gpc[4][5][3];
    memcpy(cb, c->cb, sizeof cb); memcpy(gcb, c->gcb, sizeof gcb); memcpy(zg, c->zg, sizeof zg);
    memcpy(gcnt, c->gcnt, sizeof gcnt); memcpy(gpc, c->gpc, sizeof gpc);
    memcpy(lvn, c->lvn, sizeof lvn); memcpy(lvx, c->lvx, sizeof lvx); memcpy(occm, c->occm, sizeof occm);
    memcpy(heldm, c->heldm, sizeof heldm);
    derive_counts(c);                   /* made again from the hands, compared, then put back */
    ok = ok && !memcmp(cb, c->cb, sizeof cb) && !memcmp(zg, c->zg, sizeof zg) && !memcmp(gcnt, c->gcnt, sizeof gcnt)
         && !memcmp(gpc, c->gpc, sizeof gpc) && !memcmp(lvn, c->lvn, sizeof lvn) && !memcmp(occm, c->occm, sizeof occm)
         && !memcmp(heldm, c->heldm, sizeof heldm);
    for (int g = 0; g < 5 && ok; g++)
        for (int s = 0; s < c->nat[g] && ok; s++) ok = lvn[g][s] != 1 || lvx[g][s] == c->lvx[g][s];   /* the kind, where one */
    for (int g = 0; g < 5 && ok; g++) ok = !memcmp(gcb[g], c->gcb[g], (size_t)c->ngk[g]);
    memcpy(c->cb, cb, sizeof cb); memcpy(c->gcb, gcb, sizeof gcb); memcpy(c->zg, zg, sizeof zg);
    memcpy(c->gcnt, gcnt, sizeof gcnt); memcpy(c->gpc, gpc, sizeof gpc);
    memcpy(c->lvn, lvn, sizeof lvn); memcpy(c->lvx, lvx, sizeof lvx); memcpy(c->occm, occm, sizeof occm);
    memcpy(c->heldm, heldm, sizeof heldm);
    return PyBool_FromLong(ok);
}

/* tables_ok() -> bool: every map's slots hold what they were stored with after any compaction (for
 * the tests): each occupied slot's key and kept bytes lie within its arena, its hash is the hash of
 * its key's bytes, the occupied slots are the map's count, and each play list of the play lists' map
 * reads back whole (its plays' sizes add up to the bytes kept). */
static int map_ok(const Map *m, int play_lists) {
    size_t count = 0;
    for (size_t i = 0; i <= m->mask; i++) {
        const Slot *s = &m->s[i];
        if (!s->h) continue;
        count++;
        size_t kept = m->extra_in_c ? (size_t)(uint32_t)s->c : 0;
        if ((size_t)s->off + s->len + kept > m->alen || hash_bytes(m->ar + s->off, s->len) != s->h) return 0;
        if (play_lists) {
            const uint8_t *p = m->ar + s->off + s->len;
            if (kept < 3) return 0;
            size_t nm = (size_t)(p[0] | p[1] << 8), w = 3;
            for (size_t j = 0; j < nm && w < kept; j++) w += 1 + (size_t)p[w];
            if (w != kept) return 0;
        }
    }
    return count == m->count;
}

static PyObject *Core_tables_ok(Core *c, PyObject *noargs) {
    int ok = map_ok(&c->tt, 0) && map_ok(&c->moves, 1) && map_ok(&c->wins, 0) && map_ok(&c->mults, 0) &&
             map_ok(&c->scores, 0) && map_ok(&c->raws, 0) && map_ok(&c->parts, 0) && map_ok(&c->gencs, 0);
    return PyBool_FromLong(ok);
}

/* classes(seat, g) -> (generic, live): the loaded position's classes of equal cards of one seat in
 * group g as classes_of_group gives them (the hand and the cards in play passed in) and as
 * classes_live does from the state move_card keeps: per kind of the group (gkinds order) its class
 * id or -1.  For the test that the two are the same rule. */
static PyObject *Core_classes(Core *c, PyObject *args) {
    int seat, g;
    if (!PyArg_ParseTuple(args, "ii", &seat, &g)) return NULL;
    if (seat < 0 || seat > 3 || g < 0 || g > 4) { PyErr_SetString(PyExc_ValueError, "a seat and a group"); return NULL; }
    int a[NK], b[NK];
    for (int k = 0; k < NK; k++) a[k] = b[k] = -1;
    classes_of_group(c, c->hands[seat], c->inplay, g, a, NULL, 0);
    classes_live(c, seat, g, b, 0);
    PyObject *x = PyList_New(c->ngk[g]), *y = PyList_New(c->ngk[g]);
    if (!x || !y) { Py_XDECREF(x); Py_XDECREF(y); return NULL; }
    for (int i = 0; i < c->ngk[g]; i++) {
        PyList_SET_ITEM(x, i, PyLong_FromLong(a[c->gkinds[g][i]]));
        PyList_SET_ITEM(y, i, PyLong_FromLong(b[c->gkinds[g][i]]));
    }
    return Py_BuildValue("(NN)", x, y);
}

static PyMethodDef Core_methods[] = {
    {"classes", (PyCFunction)Core_classes, METH_VARARGS, "classes(seat, g): (generic, live) classes of equal cards, for the test"},
    {"run_bound", (PyCFunction)Core_run_bound, METH_NOARGS, "run_bound(): (points, whole) of the loaded position's run of sure singles"},
    {"set_features", (PyCFunction)Core_set_features, METH_VARARGS, "set_features(mask): the node-saving steps on (bits), returns the old mask"},
    {"set_track", (PyCFunction)Core_set_track, METH_VARARGS, "set_track(on): keep what each proof needs exact (tables off meanwhile)"},
    {"need", (PyCFunction)Core_need, METH_NOARGS, "need(): per group the strength from which the searches since start() needed every card exact"},
    {"lead_part", (PyCFunction)Core_lead_part, METH_VARARGS, "the core's own leads in one suit group, or None"},
    {"table_winner", (PyCFunction)Core_table_winner, METH_VARARGS, "the core's own winner of a trick, -1: the engine's"},
    {"load", (PyCFunction)Core_load, METH_VARARGS, "load(hands, leader, table, mult): the position to search"},
    {"start", (PyCFunction)Core_start, METH_VARARGS, "start(nodes, seconds): a call's budget"},
    {"search", (PyCFunction)Core_search, METH_VARARGS, "search(alpha, beta): the fail-soft value"},
    {"entry", (PyCFunction)Core_entry, METH_NOARGS, "the root's transposition entry (lo, hi) or None"},
    {"root_bounds", (PyCFunction)Core_root_bounds, METH_NOARGS, "root_bounds(): per root play searched, (cards, lower, upper) its searches proved"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "forget every table"},
    {"stats", (PyCFunction)Core_stats, METH_NOARGS, "counters and table sizes"},
    {"tables_ok", (PyCFunction)Core_tables_ok, METH_NOARGS, "tables_ok(): every map's slots hold what they were stored with (tests)"},
    {"derived_ok", (PyCFunction)Core_derived_ok, METH_VARARGS, "derived_ok(hands): these hands loaded, and move_card's kept state theirs (tests)"},
    {"single_legal", (PyCFunction)Core_single_legal, METH_VARARGS, "the core's legal follows to a single lead"},
    {"follows", (PyCFunction)Core_follows, METH_VARARGS, "the core's legal follows to a multi-card lead, or None where it asks the engine"},
    {NULL}
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tractor_analysis.analysis._solver_core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_doc = "The endgame solver's compiled search over one hand (see analysis/solver.py).",
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_solver_core", "The endgame solver's compiled search.", -1, NULL
};

PyMODINIT_FUNC PyInit__solver_core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) { Py_DECREF(&CoreType); Py_DECREF(m); return NULL; }
    PyModule_AddIntConstant(m, "MAX_PLAY", MAXC);
    return with_source_digest(m);
}
