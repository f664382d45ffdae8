/* croupier.evaluate._ckernel: the optional compiled kernel of the hand evaluator.
 *
 * The same tables and the same arithmetic as the pure paths (croupier/evaluate/hand.py and
 * _arrays.py): a card's *word* holds its rank key (RANK_KEYS, the SKPokerEval weights) in the
 * low 32 bits and a one in its suit's nibble above; the sum of a hand's words, biased by
 * 0x3333 << 32, has a suit nibble's top bit set exactly when the suit holds five cards or
 * more. The tables are not built here: init() receives the pure path's own (the rank values
 * by base-5 key, the flush values by rank mask) and only re-indexes them by rank-key sum.
 *
 * Every entry point that works on arrays releases the GIL, so that Python threads share the
 * cores; the inputs are checked by the Python callers (card indices 0..51, shapes, sizes).
 * evaluate() hands anything it does not recognise (text, a wrong length, a repeated card, a
 * value the tables lack) to the pure function given to init(), so its answers and its errors
 * are the pure path's.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RANK_MASK 0xFFFFFFFFLL
#define FLUSH_BIAS (0x3333LL << 32)
#define FLUSH_TEST (0x8888LL << 32)
#define RANK_ENTRIES 73775
#define FLUSH_ENTRIES 8192
#define MAX_VALUE 7462
#define TALLY_BLOCK 1024

static const int64_t RANK_KEYS[13] = {0,     1,      5,      22,     98,     453,    2031,
                                      8698,  22854,  83661,  262349, 636345, 1479181};
/* 5**rank % 17 is a different number for each rank: RANK_OF_POW5[5**rank % 17] == rank */
static int8_t RANK_OF_POW5[17];
static uint32_t POW5[13];

static uint16_t *rank_table[8]; /* [5], [6], [7]: rank-key sum of n cards -> value */
static int64_t rank_size[8];
static uint16_t flush_table[FLUSH_ENTRIES];
static int64_t card_word[64]; /* 52..63: no card (zero), never used */
static int64_t card_bit[64];
static PyObject *values[MAX_VALUE + 1]; /* the ints 0..7462, made once */
static PyObject *fallback = NULL;
static int ready = 0;

static inline uint16_t flush_value(int64_t flush, int64_t bits) {
    /* flush: the biased sum masked by FLUSH_TEST (one nibble's top bit: the suit) */
    int suit = (__builtin_ctzll((uint64_t)flush) - 35) / 4;
    return flush_table[(bits >> (13 * suit)) & 0x1FFF];
}

/* A table read clipped to the table like numpy's take(mode="clip"): a hand that repeats a
 * card (not checked in batches) may sum past the end; it gets numpy's answer. */
static inline uint16_t rank_value(int size, int64_t key) {
    return rank_table[size][key < rank_size[size] ? key : rank_size[size] - 1];
}

static inline uint16_t value7(int64_t word, int64_t bits) {
    int64_t flush = word & FLUSH_TEST;
    if (flush) return flush_value(flush, bits);
    return rank_value(7, word & RANK_MASK);
}

static int read_buffer(PyObject *object, Py_buffer *view, Py_ssize_t itemsize, int writable,
                       const char *what) {
    if (PyObject_GetBuffer(object, view, (writable ? PyBUF_WRITABLE : 0) | PyBUF_C_CONTIGUOUS) <
        0)
        return -1;
    if (view->itemsize != itemsize || view->len % itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: expected items of %zd bytes", what, itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* set_fallback(function): what evaluate() calls with what it does not take */
static PyObject *k_set_fallback(PyObject *self, PyObject *function) {
    if (!PyCallable_Check(function)) {
        PyErr_SetString(PyExc_TypeError, "fallback must be callable");
        return NULL;
    }
    Py_XSETREF(fallback, Py_NewRef(function));
    Py_RETURN_NONE;
}

/* init(keys: int64 base-5 keys, values: uint16, flush: uint16[8192]); once */
static PyObject *k_init(PyObject *self, PyObject *args) {
    PyObject *keys_obj, *values_obj, *flush_obj;
    if (!PyArg_ParseTuple(args, "OOO", &keys_obj, &values_obj, &flush_obj)) return NULL;
    if (ready) Py_RETURN_NONE;
    Py_buffer keys, vals, flush;
    if (read_buffer(keys_obj, &keys, 8, 0, "keys") < 0) return NULL;
    if (read_buffer(values_obj, &vals, 2, 0, "values") < 0) {
        PyBuffer_Release(&keys);
        return NULL;
    }
    if (read_buffer(flush_obj, &flush, 2, 0, "flush") < 0) {
        PyBuffer_Release(&keys);
        PyBuffer_Release(&vals);
        return NULL;
    }
    Py_ssize_t n = keys.len / 8;
    int failed = 0;
    if (n != RANK_ENTRIES || vals.len / 2 != n || flush.len / 2 != FLUSH_ENTRIES) {
        PyErr_SetString(PyExc_ValueError, "the evaluator's tables have the wrong sizes");
        failed = 1;
    }
    const int64_t *key = keys.buf;
    const uint16_t *value = vals.buf;
    int64_t largest[8] = {0};
    for (Py_ssize_t i = 0; !failed && i < n; i++) {
        int64_t rest = key[i], weight = 0, count = 0;
        for (int r = 0; r < 13; r++) {
            weight += (rest % 5) * RANK_KEYS[r];
            count += rest % 5;
            rest /= 5;
        }
        if (count < 5 || count > 7 || rest) {
            PyErr_SetString(PyExc_ValueError, "a rank key of the tables is not 5 to 7 cards");
            failed = 1;
        } else if (weight > largest[count]) {
            largest[count] = weight;
        }
    }
    for (int size = 5; !failed && size <= 7; size++) {
        rank_size[size] = largest[size] + 1;
        rank_table[size] = calloc((size_t)rank_size[size], sizeof(uint16_t));
        if (!rank_table[size]) {
            PyErr_NoMemory();
            failed = 1;
        }
    }
    for (Py_ssize_t i = 0; !failed && i < n; i++) {
        int64_t rest = key[i], weight = 0, count = 0;
        for (int r = 0; r < 13; r++) {
            weight += (rest % 5) * RANK_KEYS[r];
            count += rest % 5;
            rest /= 5;
        }
        if (rank_table[count][weight]) {
            PyErr_SetString(PyExc_ValueError, "rank keys collide");
            failed = 1;
        }
        rank_table[count][weight] = value[i];
    }
    if (!failed) memcpy(flush_table, flush.buf, sizeof(flush_table));
    PyBuffer_Release(&keys);
    PyBuffer_Release(&vals);
    PyBuffer_Release(&flush);
    if (failed) {
        for (int size = 5; size <= 7; size++) {
            free(rank_table[size]);
            rank_table[size] = NULL;
        }
        return NULL;
    }
    for (int v = 0; v <= MAX_VALUE; v++) {
        values[v] = PyLong_FromLong(v);
        if (!values[v]) return NULL;
    }
    ready = 1;
    Py_RETURN_NONE;
}

static PyObject *k_ready(PyObject *self, PyObject *unused) { return PyBool_FromLong(ready); }

/* evaluate(cards): the value of a list or tuple of 5 to 7 distinct Card ints */
static PyObject *k_evaluate(PyObject *self, PyObject *cards) {
    PyObject **items;
    Py_ssize_t n;
    if (!ready) goto slow;
    if (PyList_CheckExact(cards)) {
        n = PyList_GET_SIZE(cards);
        items = ((PyListObject *)cards)->ob_item;
    } else if (PyTuple_CheckExact(cards)) {
        n = PyTuple_GET_SIZE(cards);
        items = ((PyTupleObject *)cards)->ob_item;
    } else {
        goto slow;
    }
    if (n < 5 || n > 7) goto slow;
    int64_t key = 0;
    uint64_t seen = 0;
    int counts[4] = {0, 0, 0, 0};
    unsigned masks[4] = {0, 0, 0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *card = items[i];
        if (!PyLong_Check(card) || PyBool_Check(card)) goto slow;
        int overflow;
        long long code = PyLong_AsLongLongAndOverflow(card, &overflow);
        if (overflow || code <= 0) {
            if (PyErr_Occurred()) PyErr_Clear();
            goto slow;
        }
        uint32_t low = (uint32_t)(code & RANK_MASK);
        uint64_t high = (uint64_t)code >> 32;
        int rank = RANK_OF_POW5[low % 17];
        if (rank < 0 || POW5[rank] != low) goto slow;
        int suit;
        switch (high) {
            case 0x1: suit = 0; break;
            case 0x10: suit = 1; break;
            case 0x100: suit = 2; break;
            case 0x1000: suit = 3; break;
            default: goto slow;
        }
        uint64_t bit = 1ULL << (4 * rank + suit);
        if (seen & bit) goto slow; /* a card twice: the pure path decides */
        seen |= bit;
        key += RANK_KEYS[rank];
        counts[suit]++;
        masks[suit] |= 1u << rank;
    }
    uint16_t value = 0;
    int flush = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (counts[suit] >= 5) {
            value = flush_table[masks[suit]];
            flush = 1;
        }
    }
    if (!flush) value = rank_table[n][key];
    if (!value) goto slow;
    return Py_NewRef(values[value]);
slow:
    if (!fallback) {
        PyErr_SetString(PyExc_RuntimeError, "croupier's kernel has no pure path (set_fallback)");
        return NULL;
    }
    return PyObject_CallOneArg(fallback, cards);
}

#define NEED_READY()                                                               \
    if (!ready) {                                                                  \
        PyErr_SetString(PyExc_RuntimeError, "croupier's kernel tables are not loaded"); \
        return NULL;                                                               \
    }

/* batch(cards: uint8[count * size], size, out: uint16[count]) */
static PyObject *k_batch(PyObject *self, PyObject *args) {
    PyObject *cards_obj, *out_obj;
    int size;
    NEED_READY();
    if (!PyArg_ParseTuple(args, "OiO", &cards_obj, &size, &out_obj)) return NULL;
    if (size < 5 || size > 7) {
        PyErr_SetString(PyExc_ValueError, "hands are 5 to 7 cards");
        return NULL;
    }
    Py_buffer cards, out;
    if (read_buffer(cards_obj, &cards, 1, 0, "cards") < 0) return NULL;
    if (read_buffer(out_obj, &out, 2, 1, "out") < 0) {
        PyBuffer_Release(&cards);
        return NULL;
    }
    Py_ssize_t count = out.len / 2;
    if (cards.len != count * size) {
        PyBuffer_Release(&cards);
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "cards and out do not match");
        return NULL;
    }
    const uint8_t *hand = cards.buf;
    uint16_t *target = out.buf;
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t i = 0; i < count; i++, hand += size) {
        int64_t word = FLUSH_BIAS;
        for (int j = 0; j < size; j++) word += card_word[hand[j] & 63];
        int64_t flush = word & FLUSH_TEST;
        if (flush) {
            /* numpy's order: the bits of two cards or-ed, the pairs summed (the same as
             * or-ing every card when they are distinct, as they should be) */
            int64_t bits = 0;
            for (int j = 0; j < size; j += 2)
                bits += card_bit[hand[j] & 63] | (j + 1 < size ? card_bit[hand[j + 1] & 63] : 0);
            target[i] = flush_value(flush, bits);
        } else {
            target[i] = rank_value(size, word & RANK_MASK);
        }
    }
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&cards);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* all7(a, b, out: uint16[comb(51 - b, 5)]): every hand a < b < c < d < e < f < g in
 * itertools.combinations order */
static PyObject *k_all7(PyObject *self, PyObject *args) {
    int a, b;
    PyObject *out_obj;
    NEED_READY();
    if (!PyArg_ParseTuple(args, "iiO", &a, &b, &out_obj)) return NULL;
    if (a < 0 || b <= a || b > 46) {
        PyErr_SetString(PyExc_ValueError, "0 <= a < b <= 46");
        return NULL;
    }
    Py_buffer out;
    if (read_buffer(out_obj, &out, 2, 1, "out") < 0) return NULL;
    int64_t m = 51 - b;
    int64_t expected = m * (m - 1) * (m - 2) * (m - 3) * (m - 4) / 120;
    if (out.len / 2 != expected) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "out is not comb(51 - b, 5) values");
        return NULL;
    }
    uint16_t *target = out.buf;
    const uint16_t *table = rank_table[7];
    Py_BEGIN_ALLOW_THREADS;
    Py_ssize_t i = 0;
    int64_t w2 = FLUSH_BIAS + card_word[a] + card_word[b];
    int64_t b2 = card_bit[a] | card_bit[b];
    for (int c = b + 1; c < 48; c++) {
        int64_t w3 = w2 + card_word[c], b3 = b2 | card_bit[c];
        for (int d = c + 1; d < 49; d++) {
            int64_t w4 = w3 + card_word[d], b4 = b3 | card_bit[d];
            for (int e = d + 1; e < 50; e++) {
                int64_t w5 = w4 + card_word[e], b5 = b4 | card_bit[e];
                for (int f = e + 1; f < 51; f++) {
                    int64_t w6 = w5 + card_word[f], b6 = b5 | card_bit[f];
                    for (int g = f + 1; g < 52; g++) {
                        int64_t word = w6 + card_word[g];
                        int64_t flush = word & FLUSH_TEST;
                        target[i++] = flush ? flush_value(flush, b6 | card_bit[g])
                                            : table[word & RANK_MASK];
                    }
                }
            }
        }
    }
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* tally(hole_words[k], hole_bits[k], board_words[m], board_bits[m], add_word, add_bits,
 *       index (int64[s] or None), counts: int64[k * (k + 1)])
 * For each deal (board j = index[i], or every board in turn), each player's hand is
 * board_words[j] + add_word + hole_words[p] (the board words biased already), its bits
 * board_bits[j] | add_bits | hole_bits[p]; counts[p, w] += 1 when p is among the w best. */
static PyObject *k_tally(PyObject *self, PyObject *args) {
    PyObject *hw_obj, *hb_obj, *bw_obj, *bb_obj, *index_obj, *counts_obj;
    long long add_word, add_bits;
    NEED_READY();
    if (!PyArg_ParseTuple(args, "OOOOLLOO", &hw_obj, &hb_obj, &bw_obj, &bb_obj, &add_word,
                          &add_bits, &index_obj, &counts_obj))
        return NULL;
    Py_buffer hw, hb, bw, bb, index, counts;
    int have_index = index_obj != Py_None;
    if (read_buffer(hw_obj, &hw, 8, 0, "hole_words") < 0) return NULL;
    if (read_buffer(hb_obj, &hb, 8, 0, "hole_bits") < 0) goto fail_hw;
    if (read_buffer(bw_obj, &bw, 8, 0, "board_words") < 0) goto fail_hb;
    if (read_buffer(bb_obj, &bb, 8, 0, "board_bits") < 0) goto fail_bw;
    if (have_index && read_buffer(index_obj, &index, 8, 0, "index") < 0) goto fail_bb;
    if (read_buffer(counts_obj, &counts, 8, 1, "counts") < 0) goto fail_index;
    Py_ssize_t k = hw.len / 8, m = bw.len / 8;
    if (k < 2 || k > 10 || hb.len != hw.len || bb.len != bw.len ||
        counts.len != 8 * k * (k + 1)) {
        PyErr_SetString(PyExc_ValueError, "tally: arrays of the wrong sizes");
        goto fail_counts;
    }
    Py_ssize_t deals = have_index ? index.len / 8 : m;
    if (have_index) {
        const int64_t *at = index.buf;
        for (Py_ssize_t i = 0; i < deals; i++) {
            if (at[i] < 0 || at[i] >= m) {
                PyErr_SetString(PyExc_ValueError, "tally: a board number is out of range");
                goto fail_counts;
            }
        }
    }
    const int64_t *hole_words = hw.buf, *hole_bits = hb.buf;
    const int64_t *board_words = bw.buf, *board_bits = bb.buf;
    const int64_t *at = have_index ? index.buf : NULL;
    int64_t *tally = counts.buf;
    Py_BEGIN_ALLOW_THREADS;
    /* In blocks, one pass per step: the board reads of a block, then each player's table
     * reads, then the tally. Each pass's reads are independent of one another, so the
     * processor overlaps their cache misses; the tally's comparisons come after. */
    int64_t words[TALLY_BLOCK];
    uint16_t v[10][TALLY_BLOCK];
    int64_t first = 0, second = 0;
    for (Py_ssize_t low = 0; low < deals; low += TALLY_BLOCK) {
        Py_ssize_t size = deals - low < TALLY_BLOCK ? deals - low : TALLY_BLOCK;
        for (Py_ssize_t i = 0; i < size; i++)
            words[i] = board_words[at ? at[low + i] : low + i] + add_word;
        for (Py_ssize_t p = 0; p < k; p++) {
            int64_t hole = hole_words[p], held = add_bits | hole_bits[p];
            for (Py_ssize_t i = 0; i < size; i++) {
                int64_t hand = words[i] + hole;
                int64_t flush = hand & FLUSH_TEST;
                v[p][i] = flush ? flush_value(flush, board_bits[at ? at[low + i] : low + i] | held)
                                : rank_value(7, hand & RANK_MASK);
            }
        }
        if (k == 2) {
            for (Py_ssize_t i = 0; i < size; i++) {
                first += v[0][i] > v[1][i];
                second += v[1][i] > v[0][i];
            }
            continue;
        }
        for (Py_ssize_t i = 0; i < size; i++) {
            uint16_t best = 0;
            for (Py_ssize_t p = 0; p < k; p++) best = v[p][i] > best ? v[p][i] : best;
            int sharing = 0;
            for (Py_ssize_t p = 0; p < k; p++) sharing += v[p][i] == best;
            for (Py_ssize_t p = 0; p < k; p++) tally[p * (k + 1) + sharing] += v[p][i] == best;
        }
    }
    if (k == 2) {
        tally[1] += first;
        tally[3 + 1] += second;
        tally[2] += deals - first - second;
        tally[3 + 2] += deals - first - second;
    }
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&counts);
    if (have_index) PyBuffer_Release(&index);
    PyBuffer_Release(&bb);
    PyBuffer_Release(&bw);
    PyBuffer_Release(&hb);
    PyBuffer_Release(&hw);
    Py_RETURN_NONE;
fail_counts:
    PyBuffer_Release(&counts);
fail_index:
    if (have_index) PyBuffer_Release(&index);
fail_bb:
    PyBuffer_Release(&bb);
fail_bw:
    PyBuffer_Release(&bw);
fail_hb:
    PyBuffer_Release(&hb);
fail_hw:
    PyBuffer_Release(&hw);
    return NULL;
}

static PyMethodDef methods[] = {
    {"set_fallback", k_set_fallback, METH_O,
     "set_fallback(function): what evaluate() calls with anything it does not take."},
    {"init", k_init, METH_VARARGS,
     "init(keys, values, flush): index the pure path's tables (once)."},
    {"ready", k_ready, METH_NOARGS, "ready(): whether init() has loaded the tables."},
    {"evaluate", k_evaluate, METH_O,
     "evaluate(cards): the value of 5 to 7 distinct cards (anything else: the pure path)."},
    {"batch", k_batch, METH_VARARGS,
     "batch(cards, size, out): the values of len(out) hands of size card indices."},
    {"all7", k_all7, METH_VARARGS,
     "all7(a, b, out): the values of the seven-card hands starting with cards a < b."},
    {"tally", k_tally, METH_VARARGS,
     "tally(hole_words, hole_bits, board_words, board_bits, add_word, add_bits, index, "
     "counts): add each player's wins and shares over the deals to counts."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "croupier.evaluate._ckernel",
    "The optional compiled kernel of croupier's hand evaluator (see _ckernel.c).", -1, methods,
};

PyMODINIT_FUNC PyInit__ckernel(void) {
    memset(RANK_OF_POW5, -1, sizeof(RANK_OF_POW5));
    uint32_t power = 1;
    for (int r = 0; r < 13; r++) {
        POW5[r] = power;
        RANK_OF_POW5[power % 17] = (int8_t)r;
        power *= 5;
    }
    for (int card = 0; card < 52; card++) {
        int rank = card >> 2, suit = card & 3;
        card_word[card] = RANK_KEYS[rank] + (1LL << (32 + 4 * suit));
        card_bit[card] = 1LL << (13 * suit + rank);
    }
    return PyModule_Create(&module);
}
