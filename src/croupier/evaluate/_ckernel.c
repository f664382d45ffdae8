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
#include <pthread.h>
#ifdef TIMING
#include <stdio.h>
#include <time.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RANK_MASK 0xFFFFFFFFLL
#define FLUSH_BIAS (0x3333LL << 32)
#define FLUSH_TEST (0x8888LL << 32)
#define RANK_ENTRIES 73775
#define FLUSH_ENTRIES 8192
#define MAX_VALUE 7462
#define MAX_PLAYERS 10
#define MAX_THREADS 256
/* The rank tables' perfect hash: a key's row (key >> HASH_SHIFT) gives where its row of
 * HASH_COLUMNS keys starts in a small table, the rows overlapping where their keys do not */
#ifndef HASH_SHIFT
#define HASH_SHIFT 10
#endif
#define HASH_COLUMNS (1 << HASH_SHIFT)

/* Monte Carlo: the most deals of one stream (the deal number takes 16 bits of its counter) */
#define DEALS_PER_KEY 65536
#define GAMMA 0x9E3779B97F4A7C15ULL

static const int64_t RANK_KEYS[13] = {0,     1,      5,      22,     98,     453,    2031,
                                      8698,  22854,  83661,  262349, 636345, 1479181};
/* 5**rank % 17 is a different number for each rank: RANK_OF_POW5[5**rank % 17] == rank */
static int8_t RANK_OF_POW5[17];
static uint32_t POW5[13];

static uint16_t *rank_table[8]; /* [5], [6], [7]: rank-key sum of n cards -> value */
static int64_t rank_size[8];
static uint32_t *hash_base[8]; /* [5], [6], [7]: per row, the slot of its column 0 */
static uint16_t *hash_value[8];
static uint32_t *hash_owner[8]; /* the same slots: row << 16 | value, for batches */
static int64_t hash_slots[8], hash_rows[8];
#define NO_OWNER 0xFFFFFFFFu
static uint16_t flush_table[FLUSH_ENTRIES];
static int64_t card_word[256]; /* by any byte: 52..255 no card (zero), never used */
static int64_t card_bit[256];
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

/* The value of the rank-key sum of `size` distinct cards (a key of the table), by the perfect
 * hash: two reads in tables of 30 and 220 KB (seven cards) that stay in the cache, where the
 * direct table (15.6 MB) misses it. Only for keys of real hands: any other key lands on
 * some other key's slot. */
static inline uint16_t hashed(int size, int64_t key) {
    return hash_value[size][hash_base[size][key >> HASH_SHIFT] + (key & (HASH_COLUMNS - 1))];
}

/* The value of seven distinct cards from their biased word sum and their bits */
static inline uint16_t value7(int64_t word, int64_t bits) {
    int64_t flush = word & FLUSH_TEST;
    if (flush) return flush_value(flush, bits);
    return hashed(7, word & RANK_MASK);
}

static int compare_down(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x < y) - (x > y);
}

/* 64 bits of the bit set `set` from bit `at` on */
static inline uint64_t bits_from(const uint64_t *set, int64_t at) {
    int64_t q = at >> 6, r = at & 63;
    return r ? (set[q] >> r) | (set[q + 1] << (64 - r)) : set[q];
}

/* Build the perfect hash of rank_table[size], whose m keys are sums[0..m): rows of
 * HASH_COLUMNS keys, the fullest first, each at the first place where none of its keys meets
 * a slot already taken (first fit, tried 64 places at a time on a bit set of the slots
 * taken). */
static int build_hash(int size, const int64_t *sums, int64_t m) {
    int64_t rows = (rank_size[size] + HASH_COLUMNS - 1) >> HASH_SHIFT;
    int64_t words = (rows + 2) * HASH_COLUMNS / 64 + 4, top = 0, first_free = 0;
    int64_t *order = calloc((size_t)rows, sizeof(int64_t));
    int64_t *start = calloc((size_t)rows + 1, sizeof(int64_t));
    int *columns = malloc((size_t)m * sizeof(int));
    uint64_t *taken = calloc((size_t)words, sizeof(uint64_t));
    hash_rows[size] = rows;
    hash_base[size] = calloc((size_t)rows, sizeof(uint32_t));
    if (!order || !start || !columns || !taken || !hash_base[size]) goto fail;
    for (int64_t i = 0; i < m; i++) start[(sums[i] >> HASH_SHIFT) + 1]++;
    for (int64_t row = 0; row < rows; row++) {
        order[row] = start[row + 1] << 32 | (rows - 1 - row); /* the fullest, then row order */
        start[row + 1] += start[row];
    }
    for (int64_t i = 0; i < m; i++) { /* each row's columns, by counting sort */
        int64_t row = sums[i] >> HASH_SHIFT;
        columns[start[row] + (order[row] >> 32) - 1] = (int)(sums[i] & (HASH_COLUMNS - 1));
        order[row] -= 1LL << 32;
    }
    for (int64_t row = 0; row < rows; row++) order[row] += (start[row + 1] - start[row]) << 32;
    qsort(order, (size_t)rows, sizeof(int64_t), compare_down);
    for (int64_t i = 0; i < rows && (order[i] >> 32); i++) {
        int64_t row = rows - 1 - (order[i] & 0xFFFFFFFF), n = order[i] >> 32;
        const int *cols = columns + start[row];
        int low = HASH_COLUMNS, high = 0;
        for (int64_t j = 0; j < n; j++) {
            low = cols[j] < low ? cols[j] : low;
            high = cols[j] > high ? cols[j] : high;
        }
        while (taken[first_free >> 6] >> (first_free & 63) & 1) first_free++;
        int64_t at = first_free - low > 0 ? first_free - low : 0;
        for (;; at += 64) {
            uint64_t fits = ~0ULL; /* bit i: the row fits at at + i */
            for (int64_t j = 0; j < n && fits; j++) fits &= ~bits_from(taken, at + cols[j]);
            if (fits) {
                at += __builtin_ctzll(fits);
                break;
            }
        }
        for (int64_t j = 0; j < n; j++) taken[(at + cols[j]) >> 6] |= 1ULL << ((at + cols[j]) & 63);
        hash_base[size][row] = (uint32_t)at;
        if (at + high + 1 > top) top = at + high + 1;
    }
    /* rows without keys keep base 0; the slots of a row always lie below top + HASH_COLUMNS */
    hash_slots[size] = top + HASH_COLUMNS;
    hash_value[size] = calloc((size_t)hash_slots[size], sizeof(uint16_t));
    hash_owner[size] = malloc((size_t)hash_slots[size] * sizeof(uint32_t));
    if (!hash_value[size] || !hash_owner[size]) goto fail;
    for (int64_t slot = 0; slot < hash_slots[size]; slot++) hash_owner[size][slot] = NO_OWNER;
    for (int64_t i = 0; i < m; i++) {
        int64_t key = sums[i], slot = hash_base[size][key >> HASH_SHIFT] + (key & (HASH_COLUMNS - 1));
        hash_value[size][slot] = rank_table[size][key];
        hash_owner[size][slot] = (uint32_t)(key >> HASH_SHIFT) << 16 | rank_table[size][key];
    }
    free(order);
    free(start);
    free(columns);
    free(taken);
    return 0;
fail:
    free(order);
    free(start);
    free(columns);
    free(taken);
    PyErr_NoMemory();
    return -1;
}

/* The value of a rank-key sum that may be no hand's (a batch's hand that repeats a card): the
 * hash's when the slot is the key's own (its row owns it), else the direct table's, clipped
 * like numpy's take(mode="clip") */
static inline uint16_t hashed_checked(int size, int64_t key) {
    uint64_t row = (uint64_t)key >> HASH_SHIFT;
    if (__builtin_expect(row < (uint64_t)hash_rows[size], 1)) {
        uint32_t owned = hash_owner[size][hash_base[size][row] + (key & (HASH_COLUMNS - 1))];
        if (__builtin_expect(owned >> 16 == row, 1)) return (uint16_t)owned;
    }
    return rank_value(size, key);
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

#define NEED_READY_EARLY()                                                          \
    if (!ready) {                                                                   \
        PyErr_SetString(PyExc_RuntimeError, "croupier's kernel tables are not loaded"); \
        return NULL;                                                                \
    }

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
    int64_t *sums = failed ? NULL : malloc((size_t)n * 3 * sizeof(int64_t)); /* by size */
    int64_t found[8] = {0};
    if (!failed && !sums) {
        PyErr_NoMemory();
        failed = 1;
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
        sums[(count - 5) * n + found[count]++] = weight;
    }
#ifdef TIMING
    struct timespec t0, t1; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
#endif
    for (int size = 5; !failed && size <= 7; size++)
        if (build_hash(size, sums + (size - 5) * n, found[size]) < 0) failed = 1;
    free(sums);
#ifdef TIMING
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1); fprintf(stderr, "hash %.1f ms\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
#endif
    if (!failed) memcpy(flush_table, flush.buf, sizeof(flush_table));
    PyBuffer_Release(&keys);
    PyBuffer_Release(&vals);
    PyBuffer_Release(&flush);
    if (failed) {
        for (int size = 5; size <= 7; size++) {
            free(rank_table[size]);
            free(hash_base[size]);
            free(hash_value[size]);
            free(hash_owner[size]);
            rank_table[size] = NULL;
            hash_base[size] = NULL;
            hash_value[size] = NULL;
            hash_owner[size] = NULL;
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

/* hash_sizes(): the slots of the perfect hash of 5, 6 and 7 cards, and the rows of each */
static PyObject *k_hash_sizes(PyObject *self, PyObject *unused) {
    NEED_READY_EARLY();
    return Py_BuildValue("((LL)(LL)(LL))", (long long)hash_slots[5],
                         (long long)((rank_size[5] + HASH_COLUMNS - 1) >> HASH_SHIFT),
                         (long long)hash_slots[6],
                         (long long)((rank_size[6] + HASH_COLUMNS - 1) >> HASH_SHIFT),
                         (long long)hash_slots[7],
                         (long long)((rank_size[7] + HASH_COLUMNS - 1) >> HASH_SHIFT));
}

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
    if (!flush) value = hashed((int)n, key);
    if (!value) goto slow;
    return Py_NewRef(values[value]);
slow:
    if (!fallback) {
        PyErr_SetString(PyExc_RuntimeError, "croupier's kernel has no pure path (set_fallback)");
        return NULL;
    }
    return PyObject_CallOneArg(fallback, cards);
}

/* A hand of a batch that repeats a card (batches do not check): numpy's answer, which or-s the
 * bits of two cards and sums the pairs, and reads the direct table clipped to its end. */
static uint16_t repeated_value(const uint8_t *hand, int size) {
    int64_t word = FLUSH_BIAS;
    for (int j = 0; j < size; j++) word += card_word[hand[j]];
    int64_t flush = word & FLUSH_TEST;
    if (flush) {
        int64_t bits = 0;
        for (int j = 0; j < size; j += 2)
            bits += card_bit[hand[j]] | (j + 1 < size ? card_bit[hand[j + 1]] : 0);
        return flush_value(flush, bits);
    }
    return rank_value(size, word & RANK_MASK);
}

/* One hand of a batch: the sum of its cards' words, then the hash (checked: a hand that
 * repeats a card may sum to no hand's key). A flush's bits: or-ed, unless a card is repeated
 * (their sum and their or differ), which goes to repeated_value. */
static inline uint16_t batch_value(const uint8_t *hand, int size) {
    int64_t word = FLUSH_BIAS;
    for (int j = 0; j < size; j++) word += card_word[hand[j]];
    int64_t flush = word & FLUSH_TEST;
    if (__builtin_expect(flush != 0, 0)) {
        int64_t bits = 0, sum = 0;
        for (int j = 0; j < size; j++) {
            bits |= card_bit[hand[j]];
            sum += card_bit[hand[j]];
        }
        return bits == sum ? flush_value(flush, bits) : repeated_value(hand, size);
    }
    return hashed_checked(size, word & RANK_MASK);
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
    switch (size) { /* the size a constant in each loop: the compiler unrolls the cards */
        case 5: for (Py_ssize_t i = 0; i < count; i++) target[i] = batch_value(hand + 5 * i, 5); break;
        case 6: for (Py_ssize_t i = 0; i < count; i++) target[i] = batch_value(hand + 6 * i, 6); break;
        default: for (Py_ssize_t i = 0; i < count; i++) target[i] = batch_value(hand + 7 * i, 7);
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

/* ---------------------------------------------------------------- equity
 * Both equity entry points share one context: the players' hole words and bits, the cards
 * that may come (the deck: their words and bits), the board so far (its biased word and its
 * bits) and the number of cards still to come; each thread keeps its own tally, summed at the
 * end: counts[p, w] += 1 when player p is among the w best of a deal. */
typedef struct {
    int64_t hole_words[MAX_PLAYERS], hole_bits[MAX_PLAYERS];
    int64_t deck_words[52], deck_bits[52];
    int64_t base_word, base_bits;
    int players, cards, missing;
    /* exact: tasks are first cards; Monte Carlo: tasks are streams (key, deals) */
    const uint64_t *keys;
    const int64_t *deals;
    int64_t tasks;
    int64_t next; /* the next task, taken by the threads in turn */
    int64_t counts[MAX_PLAYERS * (MAX_PLAYERS + 1)];
    pthread_mutex_t lock;
} Equity;

/* One deal: every player's value on the board (word, bits). Returns the one winner's number;
 * a shared pot (rarer) is added to tally at once and gives -1. */
static inline int winner(const Equity *x, int64_t *tally, int64_t word, int64_t bits) {
    int k = x->players;
    if (k == 2) {
        uint16_t a = value7(word + x->hole_words[0], bits | x->hole_bits[0]);
        uint16_t b = value7(word + x->hole_words[1], bits | x->hole_bits[1]);
        if (__builtin_expect(a != b, 1)) return b > a;
        tally[2]++;
        tally[3 + 2]++;
        return -1;
    }
    uint16_t v[MAX_PLAYERS], best = 0;
    int first = 0;
    for (int p = 0; p < k; p++) {
        v[p] = value7(word + x->hole_words[p], bits | x->hole_bits[p]);
        first = v[p] > best ? p : first;
        best = v[p] > best ? v[p] : best;
    }
    int sharing = 0;
    for (int p = 0; p < k; p++) sharing += v[p] == best;
    if (__builtin_expect(sharing == 1, 1)) return first;
    for (int p = 0; p < k; p++) tally[p * (k + 1) + sharing] += v[p] == best;
    return -1;
}

/* The single wins are counted in 16-bit fields of one register while they come (up to four
 * players; beyond, in memory), so that the count of a deal does not wait for the last one's:
 * added to the tally at least every 2**15 deals. */
typedef struct {
    uint64_t packed;
    int64_t since;
} Wins;

static inline void flush_wins(const Equity *x, int64_t *tally, Wins *w) {
    for (int p = 0; p < x->players && p < 4; p++)
        tally[p * (x->players + 1) + 1] += (int64_t)(w->packed >> (16 * p) & 0xFFFF);
    w->packed = 0;
    w->since = 0;
}

static inline void count_win(const Equity *x, int64_t *tally, Wins *w, int p) {
    if (p < 0) return;
    if (x->players > 4) {
        tally[p * (x->players + 1) + 1]++;
        return;
    }
    w->packed += 1ULL << (16 * p);
    if (++w->since == 1 << 15) flush_wins(x, tally, w);
}

/* Every board of `depth` more cards from the deck's positions start.., in combinations order */
static void walk(const Equity *x, int64_t *tally, int depth, int start, int64_t word,
                 int64_t bits) {
    if (depth == 0) {
        Wins w = {0, 0};
        count_win(x, tally, &w, winner(x, tally, word, bits));
        flush_wins(x, tally, &w);
    } else if (depth == 1) {
        Wins w = {0, 0};
        for (int c = start; c < x->cards; c++)
            count_win(x, tally, &w, winner(x, tally, word + x->deck_words[c], bits | x->deck_bits[c]));
        flush_wins(x, tally, &w);
    } else {
        for (int c = start; c <= x->cards - depth; c++)
            walk(x, tally, depth - 1, c + 1, word + x->deck_words[c], bits | x->deck_bits[c]);
    }
}

static int64_t take_task(Equity *x) { return __atomic_fetch_add(&x->next, 1, __ATOMIC_RELAXED); }

static void add_tally(Equity *x, const int64_t *tally) {
    pthread_mutex_lock(&x->lock);
    for (int i = 0; i < x->players * (x->players + 1); i++) x->counts[i] += tally[i];
    pthread_mutex_unlock(&x->lock);
}

/* exact: task t is every board whose first card is the deck's card t (or the one board
 * there is when none is missing) */
static void *exact_thread(void *arg) {
    Equity *x = arg;
    int64_t tally[MAX_PLAYERS * (MAX_PLAYERS + 1)] = {0};
    for (int64_t t; (t = take_task(x)) < x->tasks;) {
        if (x->missing == 0)
            walk(x, tally, 0, 0, x->base_word, x->base_bits);
        else
            walk(x, tally, x->missing - 1, (int)t + 1, x->base_word + x->deck_words[t],
                 x->base_bits | x->deck_bits[t]);
    }
    add_tally(x, tally);
    return NULL;
}

/* Monte Carlo's random numbers (documented in croupier/evaluate/_deals.py, and drawn the
 * same way by its numpy path): deal j of the stream of key K reads 12-bit lanes, five to a
 * word, word w being splitmix64's mix of K + (w * 2**16 + j + 1) * GAMMA. */
static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* One deal's board: `missing` distinct cards of the deck, each drawn uniformly among all the
 * deck's cards (Lemire's multiply-and-reject on 12-bit lanes, five to a word, lowest first)
 * and drawn again when it is already on the board. */
static inline __attribute__((always_inline)) void draw_board(const Equity *x, uint64_t key,
                                                             uint64_t deal, int missing,
                                                             int64_t *word, int64_t *bits) {
    uint64_t lanes = 0, next = 0, used = 0;
    uint32_t n = (uint32_t)x->cards, reject = 4096 % n;
    int left = 0;
    int64_t w = *word, b = *bits;
    for (int i = 0; i < missing;) {
        if (left == 0) {
            lanes = mix64(key + ((next++ << 16) + deal + 1) * GAMMA);
            left = 5;
        }
        uint32_t m = (uint32_t)(lanes & 0xFFF) * n;
        lanes >>= 12;
        left--;
        if (__builtin_expect((m & 0xFFF) < reject, 0)) continue;
        uint32_t card = m >> 12;
        if ((used >> card) & 1) continue;
        used |= 1ULL << card;
        w += x->deck_words[card];
        b |= x->deck_bits[card];
        i++;
    }
    *word = w;
    *bits = b;
}

#define DEAL_BLOCK 256

/* The boards of deals low..low + size of the stream `key`, into words and bits */
static inline __attribute__((always_inline)) void draw_block(const Equity *x, uint64_t key,
                                                             int missing, int64_t low, int size,
                                                             int64_t *words, int64_t *bits) {
    for (int i = 0; i < size; i++) {
        int64_t word = x->base_word, held = x->base_bits;
        draw_board(x, key, (uint64_t)(low + i), missing, &word, &held);
        words[i] = word;
        bits[i] = held;
    }
}

/* The tally of a block of deals whose values are v[p][i]; k a constant in each caller */
static inline void tally_block(const Equity *x, int64_t *tally, int k, int size,
                               uint16_t v[][DEAL_BLOCK]) {
    if (k == 2) {
        int64_t first = 0, second = 0;
        for (int i = 0; i < size; i++) {
            first += v[0][i] > v[1][i];
            second += v[1][i] > v[0][i];
        }
        tally[1] += first;
        tally[3 + 1] += second;
        tally[2] += size - first - second;
        tally[3 + 2] += size - first - second;
        return;
    }
    if (k == 3) { /* counters in registers, no branch: a alone, b alone, ..., all three */
        int64_t a1 = 0, b1 = 0, c1 = 0, a2 = 0, b2 = 0, c2 = 0, all = 0;
        for (int i = 0; i < size; i++) {
            uint16_t a = v[0][i], b = v[1][i], c = v[2][i];
            uint16_t top = a > b ? a : b;
            top = top > c ? top : c;
            int ea = a == top, eb = b == top, ec = c == top, sharing = ea + eb + ec;
            int alone = sharing == 1, pair = sharing == 2;
            a1 += ea & alone;
            b1 += eb & alone;
            c1 += ec & alone;
            a2 += ea & pair;
            b2 += eb & pair;
            c2 += ec & pair;
            all += sharing == 3;
        }
        tally[0 * 4 + 1] += a1;
        tally[1 * 4 + 1] += b1;
        tally[2 * 4 + 1] += c1;
        tally[0 * 4 + 2] += a2;
        tally[1 * 4 + 2] += b2;
        tally[2 * 4 + 2] += c2;
        for (int p = 0; p < 3; p++) tally[p * 4 + 3] += all;
        return;
    }
    for (int i = 0; i < size; i++) {
        uint16_t best = 0;
        for (int p = 0; p < k; p++) best = v[p][i] > best ? v[p][i] : best;
        int sharing = 0;
        for (int p = 0; p < k; p++) sharing += v[p][i] == best;
        for (int p = 0; p < k; p++) tally[p * (k + 1) + sharing] += v[p][i] == best;
    }
}

/* Monte Carlo: task t is the deals[t] deals of the stream keys[t], in blocks: the boards of
 * a block, then each player's values (reads independent of one another, which the processor
 * overlaps), then the tally */
static void *deal_thread(void *arg) {
    Equity *x = arg;
    int64_t tally[MAX_PLAYERS * (MAX_PLAYERS + 1)] = {0};
    int64_t words[DEAL_BLOCK], bits[DEAL_BLOCK];
    uint16_t v[MAX_PLAYERS][DEAL_BLOCK];
    for (int64_t t; (t = take_task(x)) < x->tasks;) {
        uint64_t key = x->keys[t];
        for (int64_t low = 0; low < x->deals[t]; low += DEAL_BLOCK) {
            int size = x->deals[t] - low < DEAL_BLOCK ? (int)(x->deals[t] - low) : DEAL_BLOCK;
            switch (x->missing) { /* a constant count in each: the loops unroll */
                case 5: draw_block(x, key, 5, low, size, words, bits); break;
                case 4: draw_block(x, key, 4, low, size, words, bits); break;
                case 3: draw_block(x, key, 3, low, size, words, bits); break;
                case 2: draw_block(x, key, 2, low, size, words, bits); break;
                case 1: draw_block(x, key, 1, low, size, words, bits); break;
                default: draw_block(x, key, 0, low, size, words, bits);
            }
            for (int p = 0; p < x->players; p++) {
                int64_t hole = x->hole_words[p], held = x->hole_bits[p];
                for (int i = 0; i < size; i++) v[p][i] = value7(words[i] + hole, bits[i] | held);
            }
            switch (x->players) {
                case 2: tally_block(x, tally, 2, size, v); break;
                case 3: tally_block(x, tally, 3, size, v); break;
                default: tally_block(x, tally, x->players, size, v);
            }
        }
    }
    add_tally(x, tally);
    return NULL;
}

/* Run `work` on `threads` threads (the calling one among them), the GIL released */
static int run_threads(Equity *x, void *(*work)(void *), int threads) {
    pthread_t ids[MAX_THREADS];
    int started = 0, failed = 0;
    if (threads > x->tasks) threads = (int)(x->tasks > 0 ? x->tasks : 1);
    pthread_mutex_init(&x->lock, NULL);
    Py_BEGIN_ALLOW_THREADS;
    for (; started < threads - 1; started++)
        if (pthread_create(&ids[started], NULL, work, x)) break; /* fewer threads: still done */
    work(x);
    for (int i = 0; i < started; i++) failed |= pthread_join(ids[i], NULL);
    Py_END_ALLOW_THREADS;
    pthread_mutex_destroy(&x->lock);
    if (failed) {
        PyErr_SetString(PyExc_RuntimeError, "croupier's kernel: a thread could not be joined");
        return -1;
    }
    return 0;
}

/* Read the arguments both equity entry points share into x; 0, or -1 with an error set */
static int read_equity(Equity *x, PyObject *hw_obj, PyObject *hb_obj, PyObject *dw_obj,
                       PyObject *db_obj, long long base_word, long long base_bits, int missing,
                       int threads) {
    Py_buffer view[4];
    PyObject *objects[4] = {hw_obj, hb_obj, dw_obj, db_obj};
    const char *names[4] = {"hole_words", "hole_bits", "deck_words", "deck_bits"};
    int got = 0, failed = 0;
    for (; got < 4; got++)
        if (read_buffer(objects[got], &view[got], 8, 0, names[got]) < 0) break;
    if (got < 4) {
        failed = 1;
    } else {
        Py_ssize_t k = view[0].len / 8, n = view[2].len / 8;
        if (k < 2 || k > MAX_PLAYERS || view[1].len != view[0].len || n > 52 ||
            view[3].len != view[2].len || missing < 0 || missing > 5 || missing > n ||
            threads < 1 || threads > MAX_THREADS) {
            PyErr_SetString(PyExc_ValueError, "equity: arguments of the wrong sizes");
            failed = 1;
        } else {
            memset(x, 0, sizeof(*x));
            x->players = (int)k;
            x->cards = (int)n;
            x->missing = missing;
            memcpy(x->hole_words, view[0].buf, (size_t)view[0].len);
            memcpy(x->hole_bits, view[1].buf, (size_t)view[1].len);
            memcpy(x->deck_words, view[2].buf, (size_t)view[2].len);
            memcpy(x->deck_bits, view[3].buf, (size_t)view[3].len);
            x->base_word = base_word;
            x->base_bits = base_bits;
        }
    }
    for (int i = 0; i < got; i++) PyBuffer_Release(&view[i]);
    return failed ? -1 : 0;
}

static int write_counts(const Equity *x, PyObject *counts_obj) {
    Py_buffer counts;
    if (read_buffer(counts_obj, &counts, 8, 1, "counts") < 0) return -1;
    if (counts.len != 8 * x->players * (x->players + 1)) {
        PyBuffer_Release(&counts);
        PyErr_SetString(PyExc_ValueError, "equity: counts is not players * (players + 1)");
        return -1;
    }
    int64_t *out = counts.buf;
    for (int i = 0; i < x->players * (x->players + 1); i++) out[i] += x->counts[i];
    PyBuffer_Release(&counts);
    return 0;
}

/* exact(hole_words[k], hole_bits[k], deck_words[n], deck_bits[n], base_word, base_bits,
 *       missing, threads, counts: int64[k * (k + 1)]): every board of `missing` more cards
 * from the deck (base_word: the board's words plus the flush bias) */
static PyObject *k_exact(PyObject *self, PyObject *args) {
    PyObject *hw, *hb, *dw, *db, *counts;
    long long base_word, base_bits;
    int missing, threads;
    NEED_READY();
    if (!PyArg_ParseTuple(args, "OOOOLLiiO", &hw, &hb, &dw, &db, &base_word, &base_bits,
                          &missing, &threads, &counts))
        return NULL;
    Equity *x = malloc(sizeof(Equity));
    if (!x) return PyErr_NoMemory();
    if (read_equity(x, hw, hb, dw, db, base_word, base_bits, missing, threads) < 0) goto fail;
    x->tasks = missing ? x->cards - missing + 1 : 1;
    if (run_threads(x, exact_thread, threads) < 0 || write_counts(x, counts) < 0) goto fail;
    free(x);
    Py_RETURN_NONE;
fail:
    free(x);
    return NULL;
}

/* deal(hole_words[k], hole_bits[k], deck_words[n], deck_bits[n], base_word, base_bits,
 *      missing, keys: uint64[s], deals: int64[s], threads, counts): the deals[t] deals of
 * each stream keys[t] (at most 65,536 a stream) */
static PyObject *k_deal(PyObject *self, PyObject *args) {
    PyObject *hw, *hb, *dw, *db, *keys_obj, *deals_obj, *counts;
    long long base_word, base_bits;
    int missing, threads;
    NEED_READY();
    if (!PyArg_ParseTuple(args, "OOOOLLiOOiO", &hw, &hb, &dw, &db, &base_word, &base_bits,
                          &missing, &keys_obj, &deals_obj, &threads, &counts))
        return NULL;
    Py_buffer keys, deals;
    if (read_buffer(keys_obj, &keys, 8, 0, "keys") < 0) return NULL;
    if (read_buffer(deals_obj, &deals, 8, 0, "deals") < 0) {
        PyBuffer_Release(&keys);
        return NULL;
    }
    Equity *x = malloc(sizeof(Equity));
    if (!x) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_equity(x, hw, hb, dw, db, base_word, base_bits, missing, threads) < 0) goto done;
    if (keys.len != deals.len) {
        PyErr_SetString(PyExc_ValueError, "deal: keys and deals do not match");
        goto done;
    }
    x->keys = keys.buf;
    x->deals = deals.buf;
    x->tasks = keys.len / 8;
    for (int64_t t = 0; t < x->tasks; t++) {
        if (x->deals[t] < 0 || x->deals[t] > DEALS_PER_KEY) {
            PyErr_SetString(PyExc_ValueError, "deal: 0 to 65,536 deals a stream");
            goto done;
        }
    }
    if (run_threads(x, deal_thread, threads) < 0 || write_counts(x, counts) < 0) goto done;
    free(x);
    PyBuffer_Release(&keys);
    PyBuffer_Release(&deals);
    Py_RETURN_NONE;
done:
    free(x);
    PyBuffer_Release(&keys);
    PyBuffer_Release(&deals);
    return NULL;
}

/* shuffle(deck, words, rng): croupier.table.shuffle's Fisher-Yates, the same draws.
 * deck: the 52 cards in order (a tuple); words: the first 51 32-bit words of rng as
 * 204 little-endian bytes; a rejected draw past them takes rng.getrandbits(32). */
static int next_word(const unsigned char *words, Py_ssize_t count, Py_ssize_t *at,
                     PyObject *rng, PyObject **draw, uint32_t *word) {
    if (*at < count) {
        const unsigned char *w = words + 4 * (*at)++;
        *word = (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
        return 0;
    }
    if (*draw == NULL) { /* rng.getrandbits, looked up once per shuffle */
        *draw = PyObject_GetAttrString(rng, "getrandbits");
        if (*draw == NULL) return -1;
    }
    static PyObject *bits32 = NULL;
    if (bits32 == NULL && (bits32 = PyLong_FromLong(32)) == NULL) return -1;
    PyObject *drawn = PyObject_CallOneArg(*draw, bits32);
    if (drawn == NULL) return -1;
    unsigned long value = PyLong_AsUnsignedLong(drawn);
    Py_DECREF(drawn);
    if (value == (unsigned long)-1 && PyErr_Occurred()) return -1;
    *word = (uint32_t)value;
    return 0;
}

static PyObject *k_shuffle(PyObject *self, PyObject *args) {
    PyObject *deck, *rng;
    Py_buffer words;
    if (!PyArg_ParseTuple(args, "O!y*O", &PyTuple_Type, &deck, &words, &rng)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(deck);
    if (n < 2 || n > 64 || words.len % 4 != 0) {
        PyBuffer_Release(&words);
        PyErr_SetString(PyExc_ValueError, "shuffle() takes 2 to 64 cards and whole 32-bit words");
        return NULL;
    }
    PyObject *cards[64];
    for (Py_ssize_t k = 0; k < n; k++) cards[k] = PyTuple_GET_ITEM(deck, k);
    Py_ssize_t at = 0, count = words.len / 4;
    PyObject *draw = NULL;
    for (Py_ssize_t i = n - 1; i > 0; i--) {
        int bits = 0;
        for (uint64_t v = (uint64_t)i + 1; v; v >>= 1) bits++;
        uint32_t word;
        uint64_t j;
        do {
            if (next_word(words.buf, count, &at, rng, &draw, &word) < 0) {
                Py_XDECREF(draw);
                PyBuffer_Release(&words);
                return NULL;
            }
            j = (uint64_t)word >> (32 - bits);
        } while (j > (uint64_t)i);
        PyObject *swap = cards[i];
        cards[i] = cards[j];
        cards[j] = swap;
    }
    Py_XDECREF(draw);
    PyBuffer_Release(&words);
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) PyTuple_SET_ITEM(out, k, Py_NewRef(cards[k]));
    return out;
}

static PyMethodDef methods[] = {
    {"set_fallback", k_set_fallback, METH_O,
     "set_fallback(function): what evaluate() calls with anything it does not take."},
    {"init", k_init, METH_VARARGS,
     "init(keys, values, flush): index the pure path's tables (once)."},
    {"ready", k_ready, METH_NOARGS, "ready(): whether init() has loaded the tables."},
    {"hash_sizes", k_hash_sizes, METH_NOARGS,
     "hash_sizes(): (slots, rows) of the rank tables' perfect hash, for 5, 6 and 7 cards."},
    {"evaluate", k_evaluate, METH_O,
     "evaluate(cards): the value of 5 to 7 distinct cards (anything else: the pure path)."},
    {"batch", k_batch, METH_VARARGS,
     "batch(cards, size, out): the values of len(out) hands of size card indices."},
    {"all7", k_all7, METH_VARARGS,
     "all7(a, b, out): the values of the seven-card hands starting with cards a < b."},
    {"exact", k_exact, METH_VARARGS,
     "exact(hole_words, hole_bits, deck_words, deck_bits, base_word, base_bits, missing, "
     "threads, counts): add each player's wins and shares over every board to counts."},
    {"deal", k_deal, METH_VARARGS,
     "deal(hole_words, hole_bits, deck_words, deck_bits, base_word, base_bits, missing, "
     "keys, deals, threads, counts): the same over random boards, deals[t] of stream keys[t]."},
    {"shuffle", k_shuffle, METH_VARARGS,
     "shuffle(deck, words, rng): croupier.table.shuffle's Fisher-Yates of the deck's cards."},
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
