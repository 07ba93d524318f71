#include "CTextKernels.h"
#include <math.h>
#include <string.h>

// Every choice below depends on the text (where words end, which characters are spaces, which
// font a character takes), which in mixed Chinese and Latin text follows no pattern a branch
// predictor could learn: `__builtin_unpredictable` keeps the compiler from turning the selects
// back into jumps. Segment k and font run r are written at every cluster and kept (k += 1,
// r += 1) where they end or start.
#if defined(__has_builtin)
#if __has_builtin(__builtin_unpredictable)
#define LE_UNPREDICTABLE(x) __builtin_unpredictable(x)
#endif
#endif
#ifndef LE_UNPREDICTABLE
#define LE_UNPREDICTABLE(x) (x)
#endif

// A value the optimiser must treat as unknown from here on (an empty assembly statement that
// "may change" it): it then cannot turn a selection by that value back into a jump.
#if defined(__GNUC__) || defined(__clang__)
#define LE_OPAQUE(x) __asm__("" : "+r"(x))
#else
#define LE_OPAQUE(x) ((void)0)
#endif

// Doubles chosen as integers: x86-64 has no select for doubles, and a compiler lowers one to a
// jump; on integers it is a conditional move.
static inline uint64_t bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline double real(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

// Whether a line's end may be searched for (`le_segment_finish.searchable`, `.lookback`), worked
// out segment by segment from each one's start and content positions (+inf without text).
typedef struct {
    double reach, lookback;
    int monotone;
} le_search;

static inline void le_search_step(le_search *s, double begin, double content) {
    const double back = s->reach - begin;
    s->lookback = back > s->lookback ? back : s->lookback;
    const int finite = content != INFINITY;
    s->monotone &= !finite | (content >= s->reach);
    s->reach = finite ? content : s->reach;
}

// Two fonts' last segments (`le_finish_segments`' masks turned into pairs): the fonts met so
// far, lowest bit first, the last segment using each, and whether a third one was met.
typedef struct {
    uint64_t pair0, pair1;
    int32_t seen0, seen1;
    int full;
} le_two_fonts;

// Segment j, of fonts `mask`: its pair written to `slot` (which may be where `mask` was read).
static inline void le_two_fonts_step(le_two_fonts *t, uint64_t mask, long j, uint64_t *slot) {
    uint64_t rest = mask & ~(t->pair0 | t->pair1);
    while (rest) {  // a font not seen before (rare)
        const uint64_t bit = rest & (0 - rest);
        rest &= rest - 1;
        if (!t->pair0) t->pair0 = bit; else if (!t->pair1) t->pair1 = bit; else t->full = 1;
    }
    t->seen0 = (mask & t->pair0) ? (int32_t)j : t->seen0;
    t->seen1 = (mask & t->pair1) ? (int32_t)j : t->seen1;
    int32_t pair[2] = {t->seen0, t->seen1};
    memcpy(slot, pair, sizeof pair);
}

// The fonts' outcome in `result`: tracked (at most two, `t` their last segments) or not.
static inline void le_two_fonts_result(le_segment_finish *result, const le_two_fonts *t, int tracked) {
    result->fontsTracked = tracked && !t->full;
    result->font0 = t->pair0 ? (uint8_t)__builtin_ctzll(t->pair0) : 0;
    result->font1 = t->pair1 ? (uint8_t)__builtin_ctzll(t->pair1) : 0;
}

le_segment_counts le_segments(le_clusters in, le_segment_buffers out) {
    const long n = in.count;
    const uint8_t *const kinds = in.kinds, *const breakAfter = in.breakAfter, *const fonts = in.fonts;
    const double *const advances = in.advances, *const adjusts = in.adjust;
    int32_t *const ends = out.ends;
    double *const totals = out.totals, *const contents = out.contents;
    uint8_t *const flagsOut = out.flags;
    const uint64_t infinity = bits(INFINITY);
    long k = 0, r = 0;
    double total = 0;
    uint64_t content = 0, adjust = 0, flags = 0, mask = 0, lastRun = 0xFFFF;
    for (long i = 0; i < n; i++) {
        const uint64_t kind = kinds[i];
        const uint64_t newline = kind >> 1, text = ((kind | newline) & 1) ^ 1;
        total += advances[i];
        const uint64_t totalBits = bits(total), adjustBits = bits(adjusts[i]);
        content = LE_UNPREDICTABLE(text) ? totalBits : content;
        // The kerning a line end takes back: the last cluster's, if it is text (+0 otherwise).
        adjust = LE_UNPREDICTABLE(text) ? adjustBits : 0;
        flags |= text | newline << 1;
        // A segment ends after a break opportunity, and around a hard break.
        const uint64_t nextNewline = i + 1 < n ? (uint64_t)kinds[i + 1] >> 1 : 1;
        const uint64_t end = (uint64_t)breakAfter[i] | newline | nextNewline;
        if (fonts) {
            const uint64_t f = fonts[i];
            const uint64_t tracked = (newline ^ 1) & (f < 64);  // not a hard break, font < 64
            mask |= (UINT64_C(1) << (f & 63)) & (0 - tracked);
            const uint64_t run = f | (newline * 0xFF);
            out.runStarts[r] = (int32_t)i;
            out.runFonts[r] = (uint8_t)run;
            r += run != lastRun;
            lastRun = run;
            out.masks[k] = mask;
        }
        const uint64_t hasText = flags & 1;
        const uint64_t c = bits(real(content) + real(adjust));
        ends[k] = (int32_t)(i + 1);
        totals[k] = total;
        contents[k] = real(LE_UNPREDICTABLE(hasText) ? c : infinity);
        flagsOut[k] = (uint8_t)flags;
        k += end;
        const uint64_t keep = end - 1;  // all ones to carry on, 0 where the segment ended
        total = real(totalBits & keep);
        content &= keep;
        flags &= keep;
        mask &= keep;
    }
    le_segment_counts counts = {k, fonts ? r : 0, 0};
    return counts;
}

le_segment_counts le_count_segments(le_clusters in) {
    // Sums of comparisons over bytes, which the compiler vectorises: in blocks of at most 255
    // clusters summed in bytes (16 or 32 lanes at a time, rather than 64-bit sums of 4), each
    // block's total then added to the count. `stops` is a bound: the segments that start with a
    // space or a hard break (a segment without text does).
    const long n = in.count;
    const uint8_t *const kinds = in.kinds, *const breakAfter = in.breakAfter, *const fonts = in.fonts;
    if (n <= 0) {
        le_segment_counts none = {0, 0, 0};
        return none;
    }
    long k = 1, stops = kinds[0] != 0, r = 1;  // the last cluster ends a segment; the first starts one
    for (long i = 0; i + 1 < n;) {
        const long end = n - 1 - i > 255 ? i + 255 : n - 1;
        uint8_t blockK = 0, blockStops = 0;
        for (long j = i; j < end; j++) {
            const uint8_t next = kinds[j + 1];
            const uint8_t ends = breakAfter[j] | kinds[j] >> 1 | next >> 1;
            blockK += ends;
            blockStops += ends & (next != 0);
        }
        k += blockK;
        stops += blockStops;
        i = end;
    }
    if (fonts) {
        for (long i = 1; i < n;) {
            const long end = n - i > 255 ? i + 255 : n;
            uint8_t blockRuns = 0;
            for (long j = i; j < end; j++) {
                const uint8_t a = fonts[j - 1] | (uint8_t)((kinds[j - 1] >> 1) * 0xFF), b = fonts[j] | (uint8_t)((kinds[j] >> 1) * 0xFF);
                blockRuns += a != b;
            }
            r += blockRuns;
            i = end;
        }
    } else {
        r = 0;
    }
    le_segment_counts counts = {k, r, stops};
    return counts;
}

le_segment_finish le_finish_segments(long count, double *totals, double *contents, const uint8_t *flags,
                                     uint64_t *masks, int32_t *stops, int positions) {
    le_segment_finish result = {0, 0, -INFINITY, 0, 0, 0};
    long stop = 0;
    for (long j = 0; j < count; j++) {
        stops[stop] = (int32_t)j;
        stop += (flags[j] & 1) ^ 1;
    }
    result.stops = stop;
    if (positions) {
        // The same operations, in the same order, as summing the widths one by one.
        double position = 0;
        le_search search = {-INFINITY, -INFINITY, 1};
        for (long j = 0; j < count; j++) {
            const double start = position;
            position += totals[j];
            totals[j] = start;
            const double c = contents[j] + start;  // +inf stays +inf
            contents[j] = c;
            le_search_step(&search, start, c);
        }
        result.searchable = search.monotone;
        result.lookback = search.lookback;
    }
    uint64_t all = 0;
    if (masks) {
        for (long j = 0; j < count; j++) all |= masks[j];
    }
    if (masks && __builtin_popcountll(all) <= 2) {
        // (Three fonts or more: the masks stay as they are, each segment's fonts.)
        le_two_fonts fonts = {0, 0, -1, -1, 0};
        for (long j = 0; j < count; j++) le_two_fonts_step(&fonts, masks[j], j, &masks[j]);  // over mask j, read first
        le_two_fonts_result(&result, &fonts, 1);
    }
    return result;
}

// `le_segment_positions`' font runs and each segment's fonts as a mask (as `le_segments`
// makes them), once the `k` segments' ends are known. Returns the number of runs. A function of
// its own so that its loops have the registers to themselves.
//
// The runs take one pass over the clusters (the next run's slot written at every cluster, kept
// where the run changes). The masks are then found per segment from the runs, not per cluster:
// a segment's fonts are those of the runs it overlaps (a hard break's run, font 255, adds none,
// as a hard break adds none in `le_segments`), and a segment overlaps one or two runs in most
// text: a pass over the segments instead of or-ing every cluster's font into its segment's mask
// (the feed's cold preparation: 8.1 → 6.1 M instructions in this function per 1,000 posts).
__attribute__((noinline))
static long segment_fonts(long n, const uint8_t *kinds, const uint8_t *fonts, const int32_t *ends, long k,
                          uint64_t *masks, int32_t *runStarts, uint8_t *runFonts) {
    uint64_t lastRun = 0xFFFF;
    long r = 0;
    for (long i = 0; i < n; i++) {
        const uint64_t run = (uint64_t)fonts[i] | ((uint64_t)kinds[i] >> 1) * 0xFF;
        runStarts[r] = (int32_t)i;
        runFonts[r] = (uint8_t)run;
        r += run != lastRun;
        lastRun = run;
    }
    long q = 0;  // the first run overlapping segment j
    for (long j = 0; j < k; j++) {
        const int32_t end = ends[j];
        uint64_t mask = 0;
        long t = q;
        do {
            const uint64_t f = runFonts[t];
            mask |= (UINT64_C(1) << (f & 63)) & (0 - (uint64_t)(f < 64));
            t++;
        } while (t < r && runStarts[t] < end);
        masks[j] = mask;
        // The next segment starts in run t − 1 unless run t starts right where it does.
        q = t < r && runStarts[t] == end ? t : t - 1;
    }
    return r;
}

le_segment_positions_result le_segment_positions(le_clusters in, le_segment_buffers out) {
    const long n = in.count;
    const uint8_t *const kinds = in.kinds, *const breakAfter = in.breakAfter;
    const double *const advances = in.advances, *const adjusts = in.adjust;
    int32_t *const ends = out.ends;
    double *const totals = out.totals, *const contents = out.contents;
    const uint64_t infinity = bits(INFINITY);
    // Clusters. Segment k's end and content position are written at every cluster and kept where
    // it ends: the content is where the last text cluster so far ends (+inf: none yet), with its
    // kerning taken back when that cluster ends the segment. The start of segment k + 1 is
    // written the same way (the position after each cluster). Every sum is exact (the caller's
    // to ensure), so these prefix sums are the doubles `le_segments`' widths add up to.
    long k = 0;
    double position = 0;
    uint64_t lastText = infinity;
    totals[0] = 0;
    // One step per cluster; `nextNewline` is whether the next cluster is a hard break (1 after
    // the last: the text ends). The last cluster is stepped on its own, so that the loop reads the
    // next kind without asking whether there is one.
#define LE_POSITION_STEP(i, nextNewline)                                                              \
    do {                                                                                              \
        const uint64_t kind = kinds[i];                                                               \
        const uint64_t text = kind == 0;                                                              \
        position += advances[i];                                                                      \
        const uint64_t withAdjust = bits(position + adjusts[i]);                                      \
        /* Selected by a mask the compiler cannot see through (`LE_OPAQUE`): as a `?:`, and as a     \
           plain mask, it made the addition above a jump on the text, which mispredicts at words'    \
           ends. */                                                                                   \
        uint64_t isText = 0 - text;                                                                   \
        LE_OPAQUE(isText);                                                                            \
        lastText = (bits(position) & isText) | (lastText & ~isText);                                  \
        contents[k] = real((withAdjust & isText) | (lastText & ~isText));                             \
        ends[k] = (int32_t)((i) + 1);                                                                 \
        totals[k + 1] = position;                                                                     \
        const uint64_t end = (uint64_t)breakAfter[i] | kind >> 1 | (nextNewline);                     \
        k += end;                                                                                     \
        lastText = LE_UNPREDICTABLE(end) ? infinity : lastText;                                       \
    } while (0)
    for (long i = 0; i + 1 < n; i++) LE_POSITION_STEP(i, (uint64_t)kinds[i + 1] >> 1);
    if (n > 0) LE_POSITION_STEP(n - 1, 1);
#undef LE_POSITION_STEP
    // Fonts in a pass of their own (in the one above they ran it out of registers).
    long r = in.fonts ? segment_fonts(n, kinds, in.fonts, ends, k, out.masks, out.runStarts, out.runFonts) : 0;
    // Segments: flags (text: a finite content; a hard break is a segment of its own), and
    // whether a line's end may be searched for, as `le_finish_segments` works them out.
    le_search search = {-INFINITY, -INFINITY, 1};
    long start = 0;
    for (long j = 0; j < k; j++) {
        const double content = contents[j];
        out.flags[j] = (uint8_t)((uint64_t)(content != INFINITY) | ((uint64_t)kinds[start] >> 1) << 1);
        le_search_step(&search, totals[j], content);
        start = ends[j];
    }
    le_segment_positions_result result = {k, r, search.monotone, search.lookback};
    return result;
}

le_word_counts le_count_word_segments(long n, const uint8_t *fonts, long k, const le_word_key *words, const uint8_t *kinds) {
    le_word_counts c = {0, 0};
    if (fonts && n > 0) {
        // (Summed in bytes over blocks of 255, which the compiler vectorises 16 at a time.)
        long changes = 0;
        for (long i = 1; i < n;) {
            const long end = n - i > 255 ? i + 255 : n;
            uint8_t block = 0;
            for (long j = i; j < end; j++) block += fonts[j] != fonts[j - 1];
            changes += block;
            i = end;
        }
        c.runs = changes + 1;
    }
    long stops = 0;
    for (long w = 0; w < k; w++) stops += kinds[words[w].start] != 0;  // (0: text)
    c.stops = stops;
    return c;
}

le_segment_finish le_word_segments(long k, const le_word_key *words, const le_word_summary *summaries,
                                   const uint8_t *kinds, int hardBreaks, le_segment_buffers out, int32_t *stops,
                                   long n, const uint8_t *runFonts) {
    le_segment_finish result = {0, 0, -INFINITY, 0, 0, 0};
    // Font runs: the next run's slot written at every cluster, kept where the font changes.
    if (runFonts && n > 0) {
        long r = 1;  // runs so far; slot r is the next one's
        uint8_t last = runFonts[0];
        out.runStarts[0] = 0;
        out.runFonts[0] = last;
        for (long i = 1; i < n; i++) {
            const uint8_t f = runFonts[i];
            out.runStarts[r] = (int32_t)i;
            out.runFonts[r] = f;
            r += f != last;
            last = f;
        }
    }
    // Two fonts or fewer over the paragraph: each segment gets the last segment at or before it
    // using each, as `le_finish_segments` tracks them; else its mask.
    uint64_t all = 0;
    if (out.masks) {
        for (long w = 0; w < k; w++) all |= summaries[w].mask;
    }
    const int track = out.masks && __builtin_popcountll(all) <= 2;
    le_two_fonts fonts = {0, 0, -1, -1, 0};
    // The same operations, in the same order, as `le_finish_segments` on the widths.
    double position = 0;
    le_search search = {-INFINITY, -INFINITY, 1};
    long stop = 0;
    for (long w = 0; w < k; w++) {
        const le_word_key key = words[w];
        const le_word_summary s = summaries[w];
        out.ends[w] = key.start + key.count;
        const uint8_t flag = (uint8_t)((s.content != INFINITY) | ((hardBreaks && kinds[key.start] == 2) << 1));  // (2: a hard break)
        out.flags[w] = flag;
        stops[stop] = (int32_t)w;
        stop += (flag & 1) ^ 1;
        const double start = position;
        position += s.width;
        out.totals[w] = start;
        const double c = s.content + start;  // +inf stays +inf
        out.contents[w] = c;
        le_search_step(&search, start, c);
        if (track) {
            le_two_fonts_step(&fonts, s.mask, w, &out.masks[w]);
        } else if (out.masks) {
            out.masks[w] = s.mask;
        }
    }
    result.stops = stop;
    result.searchable = search.monotone;
    result.lookback = search.lookback;
    le_two_fonts_result(&result, &fonts, track);
    return result;
}

long le_utf16_count(const uint8_t *utf8, long count) {
    // Every byte that starts a scalar counts one unit, a 4-byte lead two: summed in bytes over
    // blocks of 127 (at most 254 per block), which the compiler vectorises.
    long units = 0;
    for (long i = 0; i < count;) {
        const long end = count - i > 127 ? i + 127 : count;
        uint8_t block = 0;
        for (long j = i; j < end; j++) {
            const uint8_t b = utf8[j];
            block += (uint8_t)((b & 0xC0) != 0x80) + (uint8_t)(b >= 0xF0);
        }
        units += block;
        i = end;
    }
    return units;
}

void le_transcode(const uint8_t *utf8, long count, uint16_t *out) {
    long i = 0, o = 0;
    while (i < count) {
        // Eight ASCII bytes at once (most of a Latin text): widened as they are.
        if (i + 8 <= count) {
            uint64_t word;
            memcpy(&word, utf8 + i, sizeof word);
            if ((word & UINT64_C(0x8080808080808080)) == 0) {
                for (int k = 0; k < 8; k++) out[o + k] = utf8[i + k];
                i += 8;
                o += 8;
                continue;
            }
        }
        const uint8_t b = utf8[i];
        if (b < 0x80) {
            out[o++] = b;
            i += 1;
        } else if (b < 0xE0) {
            out[o++] = (uint16_t)((b & 0x1F) << 6 | (utf8[i + 1] & 0x3F));
            i += 2;
        } else if (b < 0xF0) {
            out[o++] = (uint16_t)((b & 0x0F) << 12 | (utf8[i + 1] & 0x3F) << 6 | (utf8[i + 2] & 0x3F));
            i += 3;
        } else {
            const uint32_t scalar = (uint32_t)(b & 0x07) << 18 | (uint32_t)(utf8[i + 1] & 0x3F) << 12
                | (uint32_t)(utf8[i + 2] & 0x3F) << 6 | (uint32_t)(utf8[i + 3] & 0x3F);
            const uint32_t v = scalar - 0x10000;
            out[o] = (uint16_t)(0xD800 + (v >> 10));
            out[o + 1] = (uint16_t)(0xDC00 + (v & 0x3FF));
            o += 2;
            i += 4;
        }
    }
}
