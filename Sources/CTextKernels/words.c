// LayoutEngine's one-pass preparation of simple text (see `le_simple_words` in CTextKernels.h).
#include "CTextKernels.h"
#include <math.h>
#include <string.h>

// CharacterTable's bits (Sources/TextLayout/Engine/CharacterTable.swift).
enum {
    LE_LINE_CLASS_MASK = 0x000F,
    LE_HARD_BREAK = 1 << 5,
    LE_HANGING_SPACE = 1 << 6,
    LE_SCRIPT_SHIFT = 8,
    LE_OTHER_SCRIPT = 15,
    LE_SIMPLE_CLASS = 1 << 15,
};
// UnicodeBreaks.Class raw values, PreparedParagraph.Kind raw values, DirectShaper.wordKerns.
enum { LE_CLASS_SP = 3, LE_CLASS_OP = 10, LE_CLASS_PO = 13 };
enum { LE_KIND_TEXT = 0, LE_KIND_NEWLINE = 2 };
enum { LE_WORD_KERNS = 64 };
// `le_unit_table`'s entries (see CTextKernels.h).
enum {
    LE_UNIT_KIND_SHIFT = 4,
    LE_UNIT_SCRIPT_SHIFT = 8,
    LE_UNIT_STRONG = 1u << 12,
    LE_UNIT_FONT_SHIFT = 16,
    LE_UNIT_DIRECT = 1u << 24,
    LE_UNIT_KERNS = 1u << 25,
};
#define LE_UNIT_GIVE_UP (1u << 31)

static const uint64_t le_hash_basis = 0xcbf29ce484222325ULL;
static const uint64_t le_hash_prime = 0x100000001b3ULL;

// WordCache.finish.
static inline uint64_t le_finish_hash(uint64_t hash, uint64_t chain, uint32_t script, uint32_t next) {
    uint64_t h = hash ^ (chain * 0x9E3779B97F4A7C15ULL);
    h = (h ^ ((uint64_t)script << 32 | (uint64_t)next)) * 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 31);
}

void le_unit_table(const uint16_t *table, const uint32_t *palette, const uint8_t *fonts, const uint64_t *uncovered,
                   const float *advances, const uint8_t *traits, uint32_t *out) {
    for (uint32_t u = 0; u < 65536; u++) {
        const uint32_t e = table[u];
        const uint32_t index = (e >> LE_SCRIPT_SHIFT) & 0xF;
        const uint32_t hard = (e & LE_HARD_BREAK) != 0;
        const uint32_t giveUp = !(e & LE_SIMPLE_CLASS) || ((uncovered[u >> 6] >> (u & 63)) & 1) || (u - 0x0590u < 0x0370u)
            || (!hard && index == LE_OTHER_SCRIPT);
        const uint32_t kind = hard ? LE_KIND_NEWLINE : (e & LE_HANGING_SPACE) >> 6;
        const uint32_t strong = index != LE_OTHER_SCRIPT && palette[index] != 0;
        out[u] = (e & LE_LINE_CLASS_MASK) | kind << LE_UNIT_KIND_SHIFT | index << LE_UNIT_SCRIPT_SHIFT
            | strong * LE_UNIT_STRONG | (uint32_t)fonts[u] << LE_UNIT_FONT_SHIFT
            | !isnan(advances[u]) * LE_UNIT_DIRECT | ((traits[u] & LE_WORD_KERNS) != 0) * LE_UNIT_KERNS
            | giveUp * LE_UNIT_GIVE_UP;
    }
}

le_simple_result le_simple_words(le_simple_text in, le_simple_buffers out) {
    le_simple_result r = {0, 0, 0, 0, 0};
    const long n = in.count;
    const uint16_t *text = in.text;
    const uint32_t *units = in.units;
    uint32_t *sc = out.scripts;
    uint8_t *kinds = out.kinds, *fonts = out.fonts;
    uint32_t current = 0;  // the last strong script
    unsigned previous = 0, beforeSpaces = 0;  // UnicodeBreaks.Class.none
    // The word being found: units start ... , its FNV hash, whether every unit is plain.
    long start = 0, k = 0;
    uint64_t hash = le_hash_basis;
    uint32_t direct = LE_UNIT_DIRECT;

// Ends the word of units start ... i (`WordFinder.endWord`); `e_`: unit i's entry.
#define LE_END_WORD(i_, e_) do { \
        long i__ = (i_); \
        uint32_t script = sc[start]; \
        if (direct && (script == in.latin || script == in.han)) { \
            double width = 0, content = -INFINITY; uint64_t mask = 0; \
            for (long j = start; j <= i__; j++) { \
                double advance = (double)in.advances[text[j]]; \
                out.advances[j] = advance; \
                out.adjust[j] = -0.0; \
                width += advance; \
                if (kinds[j] == LE_KIND_TEXT) content = width; \
                mask |= (uint64_t)1 << fonts[j]; \
            } \
            out.summaries[k] = (le_word_summary){width, content == -INFINITY ? INFINITY : content, mask}; \
            out.found[k] = 1; \
            out.keys[k] = (le_word_key){(int32_t)start, (int32_t)(i__ + 1 - start), script, 0, 0}; \
        } else { \
            uint32_t next = 0; \
            if (i__ + 1 < n && ((e_) & LE_UNIT_KERNS) && kinds[i__ + 1] != LE_KIND_NEWLINE \
                && fonts[i__ + 1] == fonts[i__] && sc[i__ + 1] == sc[i__]) \
                next = 0x10000u | text[i__ + 1]; \
            out.keys[k] = (le_word_key){(int32_t)start, (int32_t)(i__ + 1 - start), script, next, \
                                        le_finish_hash(hash, in.chain, script, next)}; \
            out.found[k] = 0; \
        } \
        k++; \
        start = i__ + 1; \
        hash = le_hash_basis; \
        direct = LE_UNIT_DIRECT; \
    } while (0)

// Gives unit j (entry e) to the word finder, a line may break after it or not (`WordFinder.unit`).
#define LE_UNIT(j_, e_, brk_) do { \
        long j__ = (j_); \
        const uint32_t e__ = (e_); \
        if (((e__ >> LE_UNIT_KIND_SHIFT) & 3) == LE_KIND_NEWLINE) { \
            if (start < j__) LE_END_WORD(j__ - 1, units[text[j__ - 1]]); \
            out.summaries[k] = (le_word_summary){0, INFINITY, 0}; \
            out.found[k] = 1; \
            out.keys[k] = (le_word_key){(int32_t)j__, 1, 0, 0, 0}; \
            k++; \
            start = j__ + 1; \
        } else { \
            hash = (hash ^ text[j__]) * le_hash_prime; \
            direct &= e__; \
            if ((brk_) || j__ == n - 1) LE_END_WORD(j__, e__); \
        } \
    } while (0)

    uint32_t before = 0;  // the entry of unit i − 1
    for (long i = 0; i < n; i++) {
        const uint32_t e = units[text[i]];
        if (e & LE_UNIT_GIVE_UP) return r;  // not simple, no font has it, right-to-left, another script
        const unsigned c = e & LE_LINE_CLASS_MASK;
        if (c == LE_CLASS_OP && previous == LE_CLASS_PO) return r;
        const uint32_t kind = (e >> LE_UNIT_KIND_SHIFT) & 3;
        kinds[i] = (uint8_t)kind;
        if (kind == LE_KIND_NEWLINE) {
            fonts[i] = i > 0 ? fonts[i - 1] : 0;
            out.advances[i] = 0;
            out.adjust[i] = 0;
        } else {
            const uint8_t f = (uint8_t)(e >> LE_UNIT_FONT_SHIFT);
            fonts[i] = f;
            if (e & LE_UNIT_STRONG) {
                current = in.palette[(e >> LE_UNIT_SCRIPT_SHIFT) & 0xF];
            } else if (current == 0) {
                return r;  // a common unit before any strong one: its script comes later
            }
        }
        sc[i] = current;
        if (i > 0) {
            // The break between units i − 1 and i (`UnicodeBreaks.decideBreaks`).
            const unsigned a = previous;
            const unsigned space = a == LE_CLASS_SP;
            const unsigned left = space ? beforeSpaces : a;
            beforeSpaces = left;
            const uint8_t d = in.pairs[space << 8 | left << 4 | c];
            if (d > 1) return r;  // needs the class after c, or a number before
            out.breaks[i - 1] = d;
            LE_UNIT(i - 1, before, d);
        }
        previous = c;
        before = e;
    }
    out.breaks[n - 1] = 1;
    LE_UNIT(n - 1, before, 1);
#undef LE_UNIT
#undef LE_END_WORD
    // (Worked out after the loop, whose registers are taken: the fonts used, whether there are
    // hard breaks, the words to look up.)
    uint8_t used = 0, newlines = 0;
    for (long i = 0; i < n; i++) {
        out.ends[i] = (int32_t)(i + 1);
        used |= fonts[i];
        newlines |= kinds[i] == LE_KIND_NEWLINE;
    }
    long lookups = 0;
    for (long w = 0; w < k; w++) lookups += out.found[w] == 0;
    // Hard breaks before the first strong unit take its script (Latin when there is none): the
    // units before it are hard breaks (any other gave the pass up).
    if (kinds[0] == LE_KIND_NEWLINE) {
        long first = 0;
        while (first < n && kinds[first] == LE_KIND_NEWLINE) first++;
        const uint32_t lead = first == n ? in.latin : sc[first];
        for (long i = 0; i < first; i++) sc[i] = lead;
    }
    r.taken = 1;
    r.words = k;
    r.lookups = lookups;
    r.hardBreaks = newlines;
    r.used = used;
    return r;
}

long le_find_words(const le_word_key *keys, long k, uint8_t *found, uint64_t chain, const uint16_t *text,
                   const int32_t *slots, long slotCount, long shift, const le_word_entry *entries,
                   const uint16_t *units, const double *values, double *advances, double *adjust,
                   le_word_summary *summaries) {
    long hits = 0;
    const long mask = slotCount - 1;
    for (long w = 0; w < k; w++) {
        if (found[w]) continue;
        const le_word_key key = keys[w];
        long i = (long)((key.hash * 0x9E3779B97F4A7C15ULL) >> shift);
        const uint16_t *word = text + key.start;
        const long n = key.count;
        for (;;) {
            const int32_t e = slots[i];
            if (e < 0) break;
            const le_word_entry *entry = &entries[e];
            if (entry->hash == key.hash && entry->count == key.count && entry->chain == chain
                && entry->script == key.script && entry->next == key.next) {
                // (Words are short: compared unit by unit, no call.)
                const uint16_t *stored = units + entry->offset;
                long j = 0;
                while (j < n && stored[j] == word[j]) j++;
                if (j == n) {
                    const double *base = values + 2 * (long)entry->offset;
                    double *a = advances + key.start, *b = adjust + key.start;
                    for (long q = 0; q < n; q++) {
                        a[q] = base[q];
                        b[q] = base[n + q];
                    }
                    summaries[w] = entry->summary;
                    found[w] = 1;
                    hits++;
                    break;
                }
            }
            i = (i + 1) & mask;
        }
    }
    return hits;
}
