/* The clean tricks in C: four plays in turn, each card held, each follow legal, a lead of one
 * group whose throw (if any) stands -- what tractor_analysis.engine.tricks._clean_trick judges
 * (_clean_single, _clean_pair, and its general path for tractors, triples and throws), with the
 * same result (the pure-Python code stays the reference: the tests replay the same matches both
 * ways and compare every TrickResult, and compare random tricks under hypothesis).
 *
 * clean_trick(ctx, trick, hands, leader) returns the TrickResult, having taken the played cards
 * out of hands, or None with hands unchanged when the trick is anything else: a mixed lead, a
 * lead not yet in the hand's lead table (the Python path analyses it and stores it), a play out
 * of turn or of another size, a card not held, a throw that fails, a follow that may break a
 * rule (a follower out of the led group while holding it; on a pair lead, two unpaired cards of
 * the led group from a hand holding two of one kind of it; a tractor or pairs short), and the
 * options judge_multi leaves to Python (see there).  judge_trick then judges it in Python, which
 * finds and words every violation (and decides the cases this code leaves to it, e.g.
 * protect_triples, where such a hand may be legal).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define KINDS 54

static PyTypeObject *result_type;
static Py_ssize_t result_off[12];
static long points[KINDS];
static long trump_group;
static PyObject *s_plays, *s_seat, *s_cards, *s_attempted, *s_number, *s_order, *s_leads, *s_group,
    *s_strength, *s_kinds, *s_count, *s_units, *s_top, *s_kind, *s_shapes, *s_is_throw, *s_mixed, *s_copies, *zero;
static int ready = 0;
static PyObject *s_rules, *s_needs, *s_chains, *s_disjoint, *s_checks, *s_length,
    *s_decks, *s_winner, *s_trump_in, *s_throw_follow, *s_throw_chains, *s_short, *s_throw_forced;
static PyObject *by_sig;                 /* legal._LEAD_BY_SIG */
static PyObject *e_exact, *e_suit_only, *e_lowest_card;    /* TrumpIn.EXACT, ThrowFollow.SUIT, ThrowForced.LOWEST_CARD */

/* The ruleset's options read once per RuleSet object (kept alive while cached). */
static struct {
    PyObject *rules;
    int usable, suit_only, throw_chains, short_duty, lowest_card;
    PyObject *decks;            /* rules.decks (a new reference), NULL when not read */
} fl;

/* The order's tables read once per Order object (kept alive while cached). */
static struct {
    PyObject *order;
    int usable;
    long grp[KINDS], st[KINDS];
} od;

static int
slot_offsets(PyTypeObject *tp, PyObject *names, Py_ssize_t *out, Py_ssize_t n)
{
    if (!PyTuple_Check(names) || PyTuple_GET_SIZE(names) != n) {
        PyErr_Format(PyExc_TypeError, "%s: expected %zd field names", tp->tp_name, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *d = PyDict_GetItemWithError(tp->tp_dict, PyTuple_GET_ITEM(names, i));
        if (d == NULL || !PyObject_TypeCheck(d, &PyMemberDescr_Type)
            || ((PyMemberDescrObject *)d)->d_member->type != T_OBJECT_EX) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%s: field %R is not an object slot", tp->tp_name,
                             PyTuple_GET_ITEM(names, i));
            return -1;
        }
        out[i] = ((PyMemberDescrObject *)d)->d_member->offset;
    }
    return 0;
}

static PyObject *
setup(PyObject *self, PyObject *args)
{
    PyObject *rt, *names, *pts, *exact, *suit_only, *lowest_card, *sigs;
    long trump;
    if (!PyArg_ParseTuple(args, "O!OO!lOOOO!", &PyType_Type, &rt, &names, &PyTuple_Type, &pts, &trump,
                          &exact, &suit_only, &lowest_card, &PyDict_Type, &sigs))
        return NULL;
    if (slot_offsets((PyTypeObject *)rt, names, result_off, 12) < 0)
        return NULL;
    if (PyTuple_GET_SIZE(pts) != KINDS) {
        PyErr_SetString(PyExc_ValueError, "POINTS: one value per kind expected");
        return NULL;
    }
    for (int k = 0; k < KINDS; k++) {
        points[k] = PyLong_AsLong(PyTuple_GET_ITEM(pts, k));
        if (points[k] == -1 && PyErr_Occurred())
            return NULL;
    }
    Py_INCREF(rt);
    Py_XSETREF(result_type, (PyTypeObject *)rt);
    Py_INCREF(exact);
    Py_XSETREF(e_exact, exact);
    Py_INCREF(suit_only);
    Py_XSETREF(e_suit_only, suit_only);
    Py_INCREF(lowest_card);
    Py_XSETREF(e_lowest_card, lowest_card);
    Py_INCREF(sigs);
    Py_XSETREF(by_sig, sigs);
    Py_CLEAR(fl.rules);                 /* the options are read again against these members */
    Py_CLEAR(od.order);
    trump_group = trump;
    ready = 1;
    Py_RETURN_NONE;
}

/* An int object as a C long; -2 (never a valid count, kind, seat or strength here) otherwise. */
static long
as_long(PyObject *o)
{
    if (!PyLong_CheckExact(o))
        return -2;
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    return overflow ? -2 : v;
}

/* t[i] of a tuple of ints as a long, or -2. */
static long
item(PyObject *t, long i)
{
    if (!PyTuple_CheckExact(t) || i < 0 || i >= PyTuple_GET_SIZE(t))
        return -2;
    return as_long(PyTuple_GET_ITEM(t, i));
}

#define GIVE_UP(label) do { goto label; } while (0)

/* Is obj.name True (1), False (0), or something else / an error (-1, with or without an exception)? */
static int
flag(PyObject *obj, PyObject *name)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL)
        return -1;
    Py_DECREF(v);
    return v == Py_True ? 1 : v == Py_False ? 0 : -1;
}

/* hands[seat][kind] as a long, or -2. */
static long
held_count(PyObject *hands, long seat, long kind)
{
    return as_long(PyList_GET_ITEM(PyList_GET_ITEM(hands, seat), kind));
}


/* The TrickResult of a clean trick (no violations), the hands before it copied from hands. */
static PyObject *
make_result(PyObject *trick, PyObject *hands, PyObject *plays, PyObject *leader_seat, PyObject *winner_seat,
            long total, PyObject *lead, int trumped)
{
    PyObject *number = NULL, *kind = NULL, *shapes = NULL, *before = NULL, *pts = NULL, *empty = NULL,
             *result = NULL;
    if (!(number = PyObject_GetAttr(trick, s_number)) || !(kind = PyObject_GetAttr(lead, s_kind))
        || !(shapes = PyObject_GetAttr(lead, s_shapes)) || !(before = PyTuple_New(4)))
        goto out;
    for (int i = 0; i < 4; i++) {
        PyObject *t = PyList_AsTuple(PyList_GET_ITEM(hands, i));
        if (t == NULL)
            goto out;
        PyTuple_SET_ITEM(before, i, t);
    }
    if (!(pts = PyLong_FromLong(total)) || !(empty = PyTuple_New(0)))
        goto out;
    PyObject *vals[12] = {number, leader_seat, plays, winner_seat, pts, before, empty, kind, Py_False,
                          zero, trumped ? Py_True : Py_False, shapes};
    result = result_type->tp_alloc(result_type, 0);
    if (result != NULL)
        for (int i = 0; i < 12; i++) {
            Py_INCREF(vals[i]);
            *(PyObject **)((char *)result + result_off[i]) = vals[i];
        }
out:
    Py_XDECREF(number);
    Py_XDECREF(kind);
    Py_XDECREF(shapes);
    Py_XDECREF(before);
    Py_XDECREF(pts);
    Py_XDECREF(empty);
    return result;
}

/* ------------------------------------------------------------------ leads of more than two cards
 *
 * A tractor, a triple (3 decks), a titanic of more than two triples, or a throw (several units of
 * one group) that stands, every follow legal: tricks._clean_trick's general path (legal.check_throw,
 * legal.check_follow through follow_duty / follow_profile / follow_fault, tricks._winner with
 * units.covers / best_top), in C.  Left to Python (None): a mixed lead, trump_in = exact, a titanic
 * of two triples (seed 000's tiers), a 3-deck throw whose trump-in
 * must hold its units disjointly (units.holds_units), throw_forced = lowest_card (Botzone's throw
 * check), a throw that fails, a follow that may break a rule (out of the led group while holding
 * it, a tractor or a pair short) -- Python finds and words those. */

#define MAXN 64                 /* cards per play */
#define MAXS 32                 /* strengths per group */
#define MAXC 4                  /* copies: needs per copies 0..3 */
#define MAXL 8                  /* chain lengths per copies */


/* getattr(obj, name, dflt) is member (1/0), or its truth when member is NULL; -1 on an error. */
static int
option(PyObject *obj, PyObject *name, PyObject *member, int dflt)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return -1;
        PyErr_Clear();
        return dflt;
    }
    int r = member != NULL ? v == member : PyObject_IsTrue(v);
    Py_DECREF(v);
    return r;
}

static int
read_rules(PyObject *ctx)
{
    PyObject *rules = PyObject_GetAttr(ctx, s_rules);
    if (rules == NULL)
        return -1;
    if (rules == fl.rules) {
        Py_DECREF(rules);
        return 0;
    }
    PyObject *ti = PyObject_GetAttr(rules, s_trump_in);   /* Python reads it without a default */
    if (ti == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
            Py_DECREF(rules);
            return -1;
        }
        PyErr_Clear();
    }
    int usable = ti != NULL && ti != e_exact;
    Py_XDECREF(ti);
    int so = option(rules, s_throw_follow, e_suit_only, 0), tc = option(rules, s_throw_chains, NULL, 1),
        sh = option(rules, s_short, NULL, 0), lc = option(rules, s_throw_forced, e_lowest_card, 0);
    if (so < 0 || tc < 0 || sh < 0 || lc < 0) {
        Py_DECREF(rules);
        return -1;
    }
    PyObject *decks = PyObject_GetAttr(rules, s_decks);
    if (decks == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
            Py_DECREF(rules);
            return -1;
        }
        PyErr_Clear();
    }
    Py_XSETREF(fl.decks, decks);
    Py_XSETREF(fl.rules, rules);          /* steals the reference */
    fl.usable = usable;
    fl.suit_only = so;
    fl.throw_chains = tc;
    fl.short_duty = sh;
    fl.lowest_card = lc;
    return 0;
}

static int
read_order(PyObject *order)
{
    if (order == od.order)
        return 0;
    PyObject *group = PyObject_GetAttr(order, s_group), *strength = group ? PyObject_GetAttr(order, s_strength) : NULL;
    if (strength == NULL) {
        Py_XDECREF(group);
        return -1;
    }
    int usable = 1;
    for (int k = 0; k < KINDS; k++) {
        od.grp[k] = item(group, k);
        od.st[k] = item(strength, k);
        if (od.grp[k] < 0 || od.grp[k] > 4 || od.st[k] < 0 || od.st[k] >= MAXS)
            usable = 0;
    }
    Py_DECREF(group);
    Py_DECREF(strength);
    Py_INCREF(order);
    Py_XSETREF(od.order, order);
    od.usable = usable;
    return 0;
}

/* units.availability: per strength of group g, how many kinds there hold >= c of cnt. */
static void
avail(const long *cnt, long g, long c, long *av)
{
    memset(av, 0, MAXS * sizeof(long));
    for (int k = 0; k < KINDS; k++)
        if (od.grp[k] == g && cnt[k] >= c)
            av[od.st[k]]++;
}

/* Is tuple a > tuple b (Python's comparison of tuples of ints)? */
static int
lex_gt(const long *a, int na, const long *b, int nb)
{
    for (int i = 0; i < na && i < nb; i++)
        if (a[i] != b[i])
            return a[i] > b[i];
    return na > nb;
}

typedef struct {
    long got[MAXL];
    int n;
} Chains;

/* units._host: the lexicographically largest lengths (a subsequence of lens) hosted disjointly. */
static int
host(const long *lens, int nl, long *av, int i, long *got, int ng, Chains *best)
{
    if (lex_gt(got, ng, best->got, best->n)) {
        memcpy(best->got, got, ng * sizeof(long));
        best->n = ng;
        if (ng == nl)
            return 1;
    }
    if (i == nl)
        return 0;
    long L = lens[i];
    long run = 0;
    for (long s = 0; s < MAXS; s++) {
        run = av[s] > 0 ? run + 1 : 0;
        if (run < L)
            continue;
        long s0 = s - L + 1;
        for (long j = s0; j <= s; j++)
            av[j]--;
        got[ng] = L;
        int done = host(lens, nl, av, i + 1, got, ng + 1, best);
        for (long j = s0; j <= s; j++)
            av[j]++;
        if (done)
            return 1;
    }
    return host(lens, nl, av, i + 1, got, ng, best);
}

/* legal._chains: the lead's chain lengths av can host; under short_tractor_duty a lone tractor
 * lead not hosted falls back to the longest shorter run of 2 or more. */
static Chains
chains_of(long *av, const long *lens, int nl, long copies, int is_throw)
{
    Chains best = {{0}, 0};
    long got[MAXL];
    host(lens, nl, av, 0, got, 0, &best);
    if (best.n || copies != 2 || nl != 1 || is_throw || !fl.short_duty)
        return best;
    long run = 0, most = 0;
    for (int s = 0; s < MAXS; s++) {
        run = av[s] > 0 ? run + 1 : 0;
        if (run > most)
            most = run;
    }
    if (most > lens[0] - 1)
        most = lens[0] - 1;
    if (most >= 2) {
        best.got[0] = most;
        best.n = 1;
    }
    return best;
}

/* units.chain_top: the highest top strength of a run of L positions, -1 if none. */
static long
chain_top(const long *av, long L)
{
    long run = 0, best = -1;
    for (long s = 0; s < MAXS; s++) {
        run = av[s] > 0 ? run + 1 : 0;
        if (run >= L)
            best = s;
    }
    return best;
}

/* What a lead asks (units.Needs, read from the lead). */
typedef struct {
    int top;                    /* len(needs.units) - 1 */
    long units[MAXC];
    long lens[MAXC][MAXL];
    int nl[MAXC];
} Needs;

/* 1 read, 0 not usable here, -1 error. */
static int
read_needs(PyObject *lead, Needs *nd)
{
    PyObject *needs = PyObject_GetAttr(lead, s_needs);
    if (needs == NULL)
        return -1;
    PyObject *u = PyObject_GetAttr(needs, s_units), *ch = u ? PyObject_GetAttr(needs, s_chains) : NULL;
    Py_DECREF(needs);
    if (ch == NULL) {
        Py_XDECREF(u);
        return -1;
    }
    int ok = PyTuple_CheckExact(u) && PyTuple_CheckExact(ch) && PyTuple_GET_SIZE(u) >= 3
             && PyTuple_GET_SIZE(u) <= MAXC && PyTuple_GET_SIZE(ch) == PyTuple_GET_SIZE(u);
    if (ok) {
        nd->top = (int)PyTuple_GET_SIZE(u) - 1;
        for (int c = 0; ok && c <= nd->top; c++) {
            nd->units[c] = item(u, c);
            PyObject *ls = PyTuple_GET_ITEM(ch, c);
            ok = nd->units[c] >= 0 && PyTuple_CheckExact(ls) && PyTuple_GET_SIZE(ls) <= MAXL;
            if (!ok)
                break;
            nd->nl[c] = (int)PyTuple_GET_SIZE(ls);
            for (int j = 0; ok && j < nd->nl[c]; j++) {
                nd->lens[c][j] = item(ls, j);
                ok = nd->lens[c][j] >= 1 && nd->lens[c][j] <= MAXS;
            }
        }
    }
    Py_DECREF(u);
    Py_DECREF(ch);
    return ok;
}

static long
units_in(const long *cnt, long g, long c)
{
    long t = 0;
    for (int k = 0; k < KINDS; k++)
        if (od.grp[k] == g)
            t += cnt[k] / c;
    return t;
}

/* legal.check_follow is None for a follow of n cards, all of group g (the hand holds them)?
 * The duty is follow_duty's without protect_triples: with it (3 decks) a pair is owed only from a
 * kind held exactly twice (plus the lead's triples), never more than without it, while the play's
 * profile is the same -- so a follow legal here is legal under protect_triples too, and one legal
 * only under it is left to Python (0). */
static int
follow_ok(const Needs *nd, const long *hand, const long *pc, long g, long n, int is_throw)
{
    if (!(nd->top >= 2 && nd->units[2] > 0))       /* no pairs asked: following suit is all */
        return 1;
    if (is_throw && fl.suit_only)
        return 1;
    int chained = !is_throw || fl.throw_chains;
    long av_h[MAXS], av_p[MAXS];
    for (int c = nd->top; c >= 2; c--) {
        if (nd->nl[c] && chained) {
            avail(hand, g, c, av_h);
            avail(pc, g, c, av_p);
            Chains duty = chains_of(av_h, nd->lens[c], nd->nl[c], c, is_throw);
            Chains got = chains_of(av_p, nd->lens[c], nd->nl[c], c, is_throw);
            if (lex_gt(duty.got, duty.n, got.got, got.n))
                return 0;                    /* follow_tractor / follow_triple */
        }
        if (nd->units[c]) {
            long du = units_in(hand, g, c), gu = units_in(pc, g, c);
            if (du > nd->units[c])
                du = nd->units[c];
            if (gu > nd->units[c])
                gu = nd->units[c];
            if (gu < du)
                return 0;                    /* follow_pair / follow_triple */
        }
    }
    (void)n;
    return 1;
}

/* units.covers of a trump play against the lead (no disjoint shapes: the caller declines them). */
static int
covers(const Needs *nd, const long *pc)
{
    long av[MAXS];
    for (int c = nd->top; c >= 2; c--) {
        if (nd->units[c] && units_in(pc, 4, c) < nd->units[c])
            return 0;
        if (nd->nl[c]) {
            avail(pc, 4, c, av);
            Chains best = {{0}, 0};
            long got[MAXL];
            host(nd->lens[c], nd->nl[c], av, 0, got, 0, &best);
            if (best.n != nd->nl[c])
                return 0;
        }
    }
    return 1;
}

/* tricks._one_unit_top: the top strength if the cards (counts pc, all of one group) are exactly
 * one (c, L) unit, else -1. */
static long
one_unit_top(const long *pc, const long *cards, long n, long c, long L)
{
    if (c == 1 && L == 1)
        return od.st[cards[0]];
    long distinct = 0, lo = MAXS, hi = -1;
    int seen[MAXS] = {0};
    long strengths = 0;
    for (int k = 0; k < KINDS; k++) {
        if (!pc[k])
            continue;
        distinct++;
        if (pc[k] != c)
            return -1;
        long s = od.st[k];
        if (!seen[s]) {
            seen[s] = 1;
            strengths++;
        }
        if (s < lo)
            lo = s;
        if (s > hi)
            hi = s;
    }
    (void)n;
    if (distinct != L || hi - lo != L - 1 || strengths != L)
        return -1;
    return hi;
}

static long
attr_long(PyObject *obj, PyObject *name)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL)
        return -3;
    long r = as_long(v);
    Py_DECREF(v);
    return r;
}

/* Would the (analysed) throw be beaten by another hand (legal.check_throw is not _STANDS)?
 * 1 beaten, 0 stands, -1 error, -2 not usable here. */
static int
throw_beaten(PyObject *lead, long g, long H[4][KINDS], const long *s)
{
    PyObject *checks = PyObject_GetAttr(lead, s_checks);
    if (checks == NULL)
        return -1;
    int r = 0;
    if (!PyTuple_CheckExact(checks) || PyTuple_GET_SIZE(checks) == 0)
        r = -2;
    for (Py_ssize_t i = 0; r == 0 && i < PyTuple_GET_SIZE(checks); i++) {
        PyObject *ck = PyTuple_GET_ITEM(checks, i);
        if (!PyTuple_CheckExact(ck) || PyTuple_GET_SIZE(ck) != 3) {
            r = -2;
            break;
        }
        long c = as_long(PyTuple_GET_ITEM(ck, 0)), L = as_long(PyTuple_GET_ITEM(ck, 1));
        long top = attr_long(PyTuple_GET_ITEM(ck, 2), s_top);
        if (top == -3) {
            r = -1;
            break;
        }
        if (c < 1 || L < 1 || top < 0) {
            r = -2;
            break;
        }
        for (int j = 1; j < 4 && r == 0; j++) {
            const long *hand = H[s[j]];
            if (L == 1) {
                for (int k = 0; k < KINDS; k++)
                    if (od.grp[k] == g && od.st[k] > top && hand[k] >= c)
                        r = 1;
            } else {
                long av[MAXS];
                avail(hand, g, c, av);
                if (chain_top(av, L) > top)
                    r = 1;
            }
        }
    }
    Py_DECREF(checks);
    return r;
}

/* The TrickResult of a clean trick led by n > 2 cards or a throw of two singles (the lead found in
 * the hand's table), the
 * cards taken out of hands; None (hands unchanged) for anything else; NULL on an error. */
static PyObject *
judge_multi(PyObject *ctx, PyObject *trick, PyObject *hands, PyObject *plays, PyObject **seat,
            const long *s, long k[4][MAXN], Py_ssize_t n, PyObject *lead)
{
    PyObject *order = NULL, *units = NULL, *result = NULL, *disjoint = NULL;
    long H[4][KINDS], PC[4][KINDS];
    Needs nd;

    if (read_rules(ctx) < 0)
        return NULL;
    if (!fl.usable)
        goto none;
    order = PyObject_GetAttr(ctx, s_order);
    if (order == NULL || read_order(order) < 0)
        goto error;
    if (!od.usable)
        goto none;
    int mixed = flag(lead, s_mixed), is_throw = flag(lead, s_is_throw);
    if (PyErr_Occurred())
        goto error;
    if (mixed != 0 || is_throw < 0)
        goto none;
    if (is_throw && fl.lowest_card)
        goto none;                                   /* Botzone's throw check: Python */
    long g = attr_long(lead, s_group);
    if (g == -3)
        goto error;
    if (g < 0 || g > 4)
        goto none;
    units = PyObject_GetAttr(lead, s_units);
    if (units == NULL)
        goto error;
    if (!PyTuple_CheckExact(units) || PyTuple_GET_SIZE(units) < 1)
        goto none;
    PyObject *main = PyTuple_GET_ITEM(units, 0);
    long mc = attr_long(main, s_copies), mL = attr_long(main, s_length), mtop = attr_long(main, s_top);
    if (mc == -3 || mL == -3 || mtop == -3)
        goto error;
    if (mc < 1 || mL < 1 || mtop < 0)
        goto none;
    if (PyTuple_GET_SIZE(units) == 1 && mc == 3 && mL == 2)
        goto none;                                   /* a titanic of two triples: seed 000's tiers */
    int r = read_needs(lead, &nd);
    if (r < 0)
        goto error;
    if (r == 0)
        goto none;
    disjoint = PyObject_GetAttr(lead, s_disjoint);
    if (disjoint == NULL)
        goto error;
    if (!PyTuple_CheckExact(disjoint) || PyTuple_GET_SIZE(disjoint) != 0)
        goto none;                                   /* units.holds_units: Python */

    /* the hands at the trick's start, every card held */
    for (int i = 0; i < 4; i++)
        for (int kk = 0; kk < KINDS; kk++) {
            H[i][kk] = as_long(PyList_GET_ITEM(PyList_GET_ITEM(hands, i), kk));
            if (H[i][kk] < 0)
                goto none;
        }
    memset(PC, 0, sizeof PC);
    for (int i = 0; i < 4; i++)
        for (Py_ssize_t j = 0; j < n; j++)
            if (++PC[i][k[i][j]] > H[s[i]][k[i][j]])
                goto none;                           /* not_in_hand */
    if (is_throw) {
        int b = throw_beaten(lead, g, H, s);
        if (b == -1)
            goto error;
        if (b != 0)
            goto none;                               /* throw_failed (or not readable): Python */
    }

    /* the follows */
    for (int i = 1; i < 4; i++) {
        long played = 0;
        for (Py_ssize_t j = 0; j < n; j++)
            played += od.grp[k[i][j]] == g;
        if (played < n) {
            long held = 0;
            for (int kk = 0; kk < KINDS; kk++)
                if (od.grp[kk] == g)
                    held += H[s[i]][kk];
            if (played < (held < n ? held : n))
                goto none;                           /* follow_suit (or foreign_unit): Python */
            continue;                                /* all of the led group played */
        }
        if (!follow_ok(&nd, H[s[i]], PC[i], g, n, is_throw))
            goto none;
    }

    /* the winner (tricks._winner) */
    int plain = g != trump_group, can_follow_beat = !is_throw, best = 0, best_trump = 0;
    long best_val = mtop;
    for (int i = 1; i < 4; i++) {
        long gg = od.grp[k[i][0]];
        if (gg == g) {
            if (!can_follow_beat || best_trump)
                continue;
        } else if (!plain || gg != trump_group)
            continue;
        int one = 1;
        for (Py_ssize_t j = 0; j < n; j++)
            one = one && od.grp[k[i][j]] == gg;
        if (!one)
            continue;
        if (gg == g) {
            long val = one_unit_top(PC[i], k[i], n, mc, mL);
            if (val > best_val) {
                best = i;
                best_val = val;
            }
        } else {
            if (!covers(&nd, PC[i]))
                continue;
            long av[MAXS];
            avail(PC[i], trump_group, mc, av);
            long val = chain_top(av, mL);
            if (!best_trump || val > best_val) {
                best = i;
                best_val = val;
                best_trump = 1;
            }
        }
    }
    long total = 0;
    for (int i = 0; i < 4; i++)
        for (Py_ssize_t j = 0; j < n; j++)
            total += points[k[i][j]];
    result = make_result(trick, hands, plays, seat[0], seat[best], total, lead, best_trump);
    if (result == NULL)
        goto error;
    for (int i = 0; i < 4; i++) {        /* the cards go to the table */
        PyObject *h = PyList_GET_ITEM(hands, s[i]);
        for (int kk = 0; kk < KINDS; kk++) {
            if (!PC[i][kk])
                continue;
            PyObject *c = PyLong_FromLong(H[s[i]][kk] - PC[i][kk]);
            if (c == NULL) {
                Py_CLEAR(result);
                goto error;
            }
            PyList_SetItem(h, kk, c);      /* steals c */
        }
    }
    goto out;
none:
    result = Py_None;
    Py_INCREF(result);
    goto out;
error:
    result = NULL;
out:
    Py_XDECREF(order);
    Py_XDECREF(units);
    Py_XDECREF(disjoint);
    return result;
}


/* A lead not in the hand's table that legal.analyse_lead has analysed under another order with the
 * same decks and the same group and strength of each card (legal._LEAD_BY_SIG, keyed
 * (decks, cards, (group * 64 + strength, ...)) as analyse_lead keys it): stored in the hand's table
 * as _lead_of stores it, and returned (a new reference); None when it is not there (the Python
 * path analyses it); NULL on an error. */
static PyObject *
shared_lead(PyObject *ctx, PyObject *leads, PyObject *cards, const long *kinds, Py_ssize_t n)
{
    if (by_sig == NULL)
        Py_RETURN_NONE;
    PyObject *order = PyObject_GetAttr(ctx, s_order);
    if (order == NULL)
        return NULL;
    int r = read_order(order);
    Py_DECREF(order);
    if (r < 0 || read_rules(ctx) < 0)
        return NULL;
    if (!od.usable || fl.decks == NULL)
        Py_RETURN_NONE;
    PyObject *sig = NULL, *strengths = PyTuple_New(n), *lead = NULL;
    if (strengths == NULL)
        return NULL;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *v = PyLong_FromLong(od.grp[kinds[j]] * 64 + od.st[kinds[j]]);
        if (v == NULL)
            goto out;
        PyTuple_SET_ITEM(strengths, j, v);
    }
    sig = PyTuple_Pack(3, fl.decks, cards, strengths);
    if (sig == NULL)
        goto out;
    lead = PyDict_GetItemWithError(by_sig, sig);
    if (lead == NULL) {
        if (!PyErr_Occurred()) {
            lead = Py_None;
            Py_INCREF(lead);
        }
        goto out;
    }
    Py_INCREF(lead);
    if (PyDict_SetItem(leads, cards, lead) < 0)
        Py_CLEAR(lead);
out:
    Py_XDECREF(sig);
    Py_DECREF(strengths);
    return lead;
}

static PyObject *
clean_trick(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "clean_trick(ctx, trick, hands, leader)");
        return NULL;
    }
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "_trick_core.setup() was not called");
        return NULL;
    }
    PyObject *ctx = args[0], *trick = args[1], *hands = args[2], *leader = args[3];
    PyObject *plays = NULL, *order = NULL, *leads = NULL, *group = NULL, *strength = NULL, *kinds = NULL;
    PyObject *play[4] = {NULL, NULL, NULL, NULL}, *seat[4] = {NULL, NULL, NULL, NULL};
    PyObject *lead = NULL, *units = NULL, *result = NULL;
    PyObject *cards0 = NULL;
    long k[4][MAXN], s[4];
    Py_ssize_t n = 0;                   /* cards per play: 1 (a single led), 2 (a pair), more (judge_multi) */

    if (!PyList_CheckExact(hands) || PyList_GET_SIZE(hands) != 4)
        GIVE_UP(none);
    for (int i = 0; i < 4; i++) {
        PyObject *h = PyList_GET_ITEM(hands, i);
        if (!PyList_CheckExact(h) || PyList_GET_SIZE(h) != KINDS)
            GIVE_UP(none);
    }
    plays = PyObject_GetAttr(trick, s_plays);
    if (plays == NULL)
        goto error;
    if (!PyTuple_CheckExact(plays) || PyTuple_GET_SIZE(plays) != 4)
        GIVE_UP(none);
    for (int i = 0; i < 4; i++) {
        play[i] = PyTuple_GET_ITEM(plays, i);
        seat[i] = PyObject_GetAttr(play[i], s_seat);
        if (seat[i] == NULL)
            goto error;
        s[i] = as_long(seat[i]);
        PyObject *cards = PyObject_GetAttr(play[i], s_cards);
        if (cards == NULL)
            goto error;
        int ok = PyTuple_CheckExact(cards);
        if (ok && i == 0) {
            n = PyTuple_GET_SIZE(cards);
            ok = n >= 1 && n <= MAXN;
        }
        ok = ok && PyTuple_GET_SIZE(cards) == n;
        for (Py_ssize_t j = 0; j < n; j++) {
            k[i][j] = ok ? as_long(PyTuple_GET_ITEM(cards, j)) : -2;
            if (k[i][j] < 0 || k[i][j] >= KINDS)
                ok = 0;
        }
        if (i == 0 && ok)
            cards0 = cards;         /* kept: the lead table's key */
        else
            Py_DECREF(cards);
        if (!ok || s[i] < 0 || s[i] > 3)
            GIVE_UP(none);
    }
    PyObject *att = PyObject_GetAttr(play[0], s_attempted);
    if (att == NULL)
        goto error;
    Py_DECREF(att);
    if (att != Py_None || (leader != Py_None && as_long(leader) != s[0])
        || s[1] != ((s[0] + 1) & 3) || s[2] != ((s[0] + 2) & 3) || s[3] != ((s[0] + 3) & 3))
        GIVE_UP(none);
    leads = PyObject_GetAttr(ctx, s_leads);
    if (leads == NULL)
        goto error;
    if (!PyDict_CheckExact(leads))
        GIVE_UP(none);
    lead = PyDict_GetItemWithError(leads, cards0);
    if (lead == NULL) {
        if (PyErr_Occurred())
            goto error;
        lead = shared_lead(ctx, leads, cards0, k[0], n);
        if (lead == NULL)
            goto error;
        if (lead == Py_None) {
            Py_CLEAR(lead);
            GIVE_UP(none);           /* not analysed yet: the Python path analyses and stores it */
        }
    } else
        Py_INCREF(lead);
    PyObject *cnt = PyObject_GetAttr(lead, s_count);
    if (cnt == NULL)
        goto error;
    long count = as_long(cnt);
    Py_DECREF(cnt);
    if (count != n)
        GIVE_UP(none);
    if (n > 2) {
        result = judge_multi(ctx, trick, hands, plays, seat, s, k, n, lead);
        goto out;
    }
    if (n == 2) {                    /* one pair: not a throw of two singles, not mixed */
        int thrown = flag(lead, s_is_throw), mixed = flag(lead, s_mixed);
        if (PyErr_Occurred())
            goto error;
        if (thrown == 1 && mixed == 0) {     /* a throw of two singles: the general path */
            result = judge_multi(ctx, trick, hands, plays, seat, s, k, n, lead);
            goto out;
        }
        if (thrown != 0 || mixed != 0)
            GIVE_UP(none);
    }
    PyObject *lg = PyObject_GetAttr(lead, s_group);
    if (lg == NULL)
        goto error;
    long g = as_long(lg);
    Py_DECREF(lg);
    units = PyObject_GetAttr(lead, s_units);
    if (units == NULL)
        goto error;
    if (!PyTuple_CheckExact(units) || PyTuple_GET_SIZE(units) != 1)
        GIVE_UP(none);
    PyObject *unit = PyTuple_GET_ITEM(units, 0);
    PyObject *top = PyObject_GetAttr(unit, s_top);
    if (top == NULL)
        goto error;
    long best_val = as_long(top);
    Py_DECREF(top);
    if (best_val == -2)
        GIVE_UP(none);
    if (n == 2) {
        PyObject *cp = PyObject_GetAttr(unit, s_copies);
        if (cp == NULL)
            goto error;
        long copies = as_long(cp);
        Py_DECREF(cp);
        if (copies != 2)
            GIVE_UP(none);
    }
    order = PyObject_GetAttr(ctx, s_order);
    if (order == NULL)
        goto error;
    if (!(group = PyObject_GetAttr(order, s_group)) || !(strength = PyObject_GetAttr(order, s_strength))
        || !(kinds = PyObject_GetAttr(order, s_kinds)))
        goto error;
    if (!PyTuple_CheckExact(kinds) || g < 0 || g >= PyTuple_GET_SIZE(kinds)
        || !PyTuple_CheckExact(PyTuple_GET_ITEM(kinds, g)))
        GIVE_UP(none);
    PyObject *gkinds = PyTuple_GET_ITEM(kinds, g);
    Py_ssize_t ngk = PyTuple_GET_SIZE(gkinds);
    for (Py_ssize_t j = 0; j < ngk; j++) {
        long kk = as_long(PyTuple_GET_ITEM(gkinds, j));
        if (kk < 0 || kk >= KINDS)
            GIVE_UP(none);
    }

    /* every card held (the hands at the trick's start: each seat plays once) */
    for (int i = 0; i < 4; i++) {
        long a = held_count(hands, s[i], k[i][0]);
        if (a == -2 || a == 0)
            GIVE_UP(none);
        if (n == 2) {
            long b = held_count(hands, s[i], k[i][1]);
            if (b == -2 || b == 0 || (k[i][0] == k[i][1] && a < 2))
                GIVE_UP(none);
        }
    }
    int plain = g != trump_group, best = 0, best_trump = 0;
    for (int i = 1; i < 4; i++) {
        long gg = item(group, k[i][0]), st = item(strength, k[i][0]);
        if (gg == -2 || st == -2)
            GIVE_UP(none);
        int suit = gg == g, paired = 1;
        if (n == 2) {
            long g2 = item(group, k[i][1]);
            if (g2 == -2)
                GIVE_UP(none);
            suit += g2 == g;
            paired = k[i][0] == k[i][1];
        }
        /* the follow: the led group as far as held; on a pair lead, a pair of it when one is held */
        long held = 0, most = 0;
        if (suit < n || !paired) {
            for (Py_ssize_t j = 0; j < ngk; j++) {
                long c = held_count(hands, s[i], as_long(PyTuple_GET_ITEM(gkinds, j)));
                if (c < 0)
                    GIVE_UP(none);
                held += c;
                if (c > most)
                    most = c;
            }
        }
        if (suit < n && suit < (held < n ? held : n))
            GIVE_UP(none);           /* held more of the led group: follow_suit, for Python to word */
        if (suit == n && !paired && most >= 2)
            GIVE_UP(none);           /* held a pair of it (follow_pair, or legal under protect_triples) */
        /* the winner: the highest of the led group (a pair must be a pair), else of trumps */
        if (!paired)
            continue;
        if (gg == g) {
            if (!best_trump && st > best_val) {
                best = i;
                best_val = st;
            }
        } else if (plain && gg == trump_group && (!best_trump || st > best_val)) {
            best = i;
            best_val = st;
            best_trump = 1;
        }
    }
    long total = 0;
    for (int i = 0; i < 4; i++)
        for (Py_ssize_t j = 0; j < n; j++)
            total += points[k[i][j]];
    result = make_result(trick, hands, plays, seat[0], seat[best], total, lead, best_trump);
    if (result == NULL)
        goto error;
    for (int i = 0; i < 4; i++) {        /* the cards go to the table (each seat once: from the start) */
        PyObject *h = PyList_GET_ITEM(hands, s[i]);
        for (Py_ssize_t j = 0; j < n; j++) {
            PyObject *c = PyLong_FromLong(as_long(PyList_GET_ITEM(h, k[i][j])) - 1);
            if (c == NULL) {
                Py_CLEAR(result);
                goto error;
            }
            PyList_SetItem(h, k[i][j], c);      /* steals c */
        }
    }
    goto out;
none:
    result = Py_None;
    Py_INCREF(result);
    goto out;
error:
    result = NULL;
out:
    for (int i = 0; i < 4; i++)
        Py_XDECREF(seat[i]);
    Py_XDECREF(plays);
    Py_XDECREF(order);
    Py_XDECREF(leads);
    Py_XDECREF(group);
    Py_XDECREF(strength);
    Py_XDECREF(kinds);
    Py_XDECREF(lead);
    Py_XDECREF(units);
    Py_XDECREF(cards0);
    return result;
}


/* judge_tricks(ctx, tricks, hands, leader, declined): tricks.judge_tricks -- every trick of a hand in
 * turn, each judged by clean_trick or, where it declines, by declined(ctx, trick, hands, leader)
 * (tricks._declined, Python); the next leader is each result's winner.  The list of results. */
static PyObject *
judge_tricks(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "judge_tricks(ctx, tricks, hands, leader, declined)");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(args[1], "judge_tricks: tricks must be a sequence");
    if (seq == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(count), *leader = args[3];
    if (out == NULL) {
        Py_DECREF(seq);
        return NULL;
    }
    Py_INCREF(leader);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *call[4] = {args[0], PySequence_Fast_GET_ITEM(seq, i), args[2], leader};
        PyObject *r = clean_trick(self, call, 4);
        if (r == Py_None) {
            Py_DECREF(r);
            r = PyObject_Vectorcall(args[4], call, 4, NULL);
        }
        if (r == NULL)
            goto error;
        PyList_SET_ITEM(out, i, r);         /* steals r */
        PyObject *winner = PyObject_GetAttr(r, s_winner);
        if (winner == NULL)
            goto error;
        Py_SETREF(leader, winner);
    }
    Py_DECREF(leader);
    Py_DECREF(seq);
    return out;
error:
    Py_DECREF(leader);
    Py_DECREF(seq);
    Py_DECREF(out);
    return NULL;
}


/* counts(cards): replay._counts -- a list of 54 counts, one per kind, of a tuple or list of card
 * kinds; None when a card is not an int 0..53 (the Python function handles it). */
static PyObject *
counts(PyObject *self, PyObject *cards)
{
    if (!PyTuple_CheckExact(cards) && !PyList_CheckExact(cards))
        Py_RETURN_NONE;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(cards);
    PyObject **items = PySequence_Fast_ITEMS(cards);
    long c[KINDS] = {0};
    for (Py_ssize_t i = 0; i < n; i++) {
        long k = as_long(items[i]);
        if (k < 0 || k >= KINDS)
            Py_RETURN_NONE;
        c[k]++;
    }
    PyObject *out = PyList_New(KINDS);
    if (out == NULL)
        return NULL;
    for (int k = 0; k < KINDS; k++) {
        PyObject *v = PyLong_FromLong(c[k]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, v);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "setup(TrickResult, field_names, POINTS, TRUMP, TrumpIn.EXACT, ThrowFollow.SUIT, ThrowForced.LOWEST_CARD, legal._LEAD_BY_SIG)"},
    {"clean_trick", (PyCFunction)(void (*)(void))clean_trick, METH_FASTCALL,
     "clean_trick(ctx, trick, hands, leader): tricks._clean_trick's TrickResult (a clean trick), or None"},
    {"counts", counts, METH_O, "counts(cards): replay._counts' list of 54 counts, or None"},
    {"judge_tricks", (PyCFunction)(void (*)(void))judge_tricks, METH_FASTCALL,
     "judge_tricks(ctx, tricks, hands, leader, declined): tricks.judge_tricks' list of TrickResults"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_trick_core",
                                    "The engine's clean tricks (every play legal) in C.", -1, methods};

PyMODINIT_FUNC
PyInit__trick_core(void)
{
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return NULL
    INTERN(s_plays, "plays"); INTERN(s_seat, "seat"); INTERN(s_cards, "cards"); INTERN(s_attempted, "attempted");
    INTERN(s_number, "number"); INTERN(s_order, "order"); INTERN(s_leads, "leads"); INTERN(s_group, "group");
    INTERN(s_strength, "strength"); INTERN(s_kinds, "kinds"); INTERN(s_count, "count"); INTERN(s_units, "units");
    INTERN(s_top, "top"); INTERN(s_kind, "kind"); INTERN(s_shapes, "shapes");
    INTERN(s_is_throw, "is_throw"); INTERN(s_mixed, "mixed"); INTERN(s_copies, "copies");
    INTERN(s_rules, "rules"); INTERN(s_needs, "needs"); INTERN(s_chains, "chains"); INTERN(s_disjoint, "disjoint");
    INTERN(s_checks, "checks"); INTERN(s_length, "length"); INTERN(s_trump_in, "trump_in");
    INTERN(s_throw_follow, "throw_follow"); INTERN(s_decks, "decks"); INTERN(s_winner, "winner");
    INTERN(s_throw_chains, "throw_tractor_duty"); INTERN(s_short, "short_tractor_duty");
    INTERN(s_throw_forced, "throw_forced");
    if (!(zero = PyLong_FromLong(0)))
        return NULL;
    return PyModule_Create(&module);
}
