// LayoutEngine's text kernels: loops over a paragraph's clusters written in C where Swift's
// compiler cannot be kept from jumping on the text. Internal to TextLayout (only its Backend
// imports this module); nothing here appears in a public API.
#ifndef CTEXTKERNELS_H
#define CTEXTKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// What `le_segments` reads: per cluster, its kind (0 text, 1 space, 2 hard break), whether a
/// line may break after it (0 or 1), its font (NULL: a single font), its advance and the
/// kerning taken back when a line ends after it.
typedef struct {
    long count;
    const uint8_t *kinds;
    const uint8_t *breakAfter;
    const uint8_t *fonts;
    const double *advances;
    const double *adjust;
} le_clusters;

/// Where `le_segments` writes, with room for one more entry than `le_count_segments` finds: per segment its end
/// (cluster index, exclusive), its width with everything, its width if a line ends after it
/// (+inf without text), its flags (1 text, 2 hard break) and, with fonts, its fonts as a mask;
/// per font run (with fonts) its first cluster and its font (255 for a hard break).
typedef struct {
    int32_t *ends;
    double *totals;
    double *contents;
    uint8_t *flags;
    uint64_t *masks;
    int32_t *runStarts;
    uint8_t *runFonts;
} le_segment_buffers;

/// Counts written by `le_segments`.
typedef struct {
    long segments;
    long runs;
    long stops;  // segments without text (content +inf)
} le_segment_counts;

/// Splits a paragraph's clusters into segments (the text between two line-break opportunities,
/// and each hard break on its own) with their sums, in one pass without a branch on the text.
/// Its `stops` is 0: `le_finish_segments` lists them (counting them here too held one more value
/// in the loop, which spills).
/// The buffers need room for one segment and one font run more than `le_count_segments` finds
/// (the loop writes the next entry before it knows whether it is kept).
le_segment_counts le_segments(le_clusters in, le_segment_buffers out);

/// What `le_segments` will make, without writing anything: the segments and font runs exactly,
/// and a bound on the stops.
le_segment_counts le_count_segments(le_clusters in);

/// What `le_finish_segments` found.
typedef struct {
    long stops;          // entries written to `stops`
    int searchable;      // with positions: content positions never decrease (bar +inf)
    double lookback;     // with positions: max over k of (last finite content before k) − start of k
    int fontsTracked;    // with masks: at most two fonts, `masks` now holds their last segments (else left as they were)
    uint8_t font0, font1; // those two fonts (bit indices; 0 when absent)
} le_segment_finish;

/// The pass over `count` segments after `le_segments`: lists the segments without text in
/// `stops` (room for the bound `le_count_segments` gave, and one more); with `positions`, turns
/// `totals` and `contents` from widths into positions from the paragraph's start (exact sums are
/// the caller's to ensure) and finds whether line ends may be searched for; with `masks` (not
/// NULL), replaces each segment's font mask by two `int32_t`, the last segment at or before it that
/// uses the first and the second font (−1: none yet) — when no third font appears.
le_segment_finish le_finish_segments(long count, double *totals, double *contents, const uint8_t *flags,
                                     uint64_t *masks, int32_t *stops, int positions);

/// What `le_segment_positions` found.
typedef struct {
    long segments;
    long runs;
    int searchable;   // content positions never decrease (bar +inf)
    double lookback;  // max over k of (last finite content before k) − start of k
} le_segment_positions_result;

/// `le_segments` and the positions of `le_finish_segments` at once, for a paragraph whose sums
/// are all exact (the caller ensures it): every position is then a prefix sum of the advances,
/// the same double as the running sums give. A pass over the clusters writes the segments'
/// ends, starts and content positions; one over the fonts their masks and the font runs; one
/// over the segments their flags and the search answers. `le_finish_segments` with `positions`
/// 0 then lists the stops and tracks two fonts. Same buffers as `le_segments`.
le_segment_positions_result le_segment_positions(le_clusters in, le_segment_buffers out);

/// A word as `WordCache` keys it (the layout of the Swift `WordCache.Key`: checked where it is used).
typedef struct {
    int32_t start;
    int32_t count;
    uint32_t script;
    uint32_t next;
    uint64_t hash;
} le_word_key;

/// A word's sums (the layout of the Swift `WordCache.Summary`).
typedef struct {
    double width;
    double content;
    uint64_t mask;
} le_word_summary;

/// Fills `out` (65,536 entries) with what `le_simple_words` asks of each BMP code unit in a
/// chain, one load per unit: bits 0–3 its line-break class (`CharacterTable.table`), 4–5 its kind
/// (0 text, 1 hanging space, 2 hard break), 8–11 its script's index in `palette`, bit 12 whether
/// that script is a strong one, bits 16–23 its font in the chain (`fonts`), bit 24 whether it has
/// a plain advance (`advances` not NaN), bit 25 whether it kerns as a first glyph (`traits` bit
/// 6), bit 31 whether the pass gives up on it (outside the simple classes, in no font of the chain
/// (`uncovered`), right-to-left, or — not a hard break — of a script the palette does not name).
void le_unit_table(const uint16_t *table, const uint32_t *palette, const uint8_t *fonts, const uint64_t *uncovered,
                   const float *advances, const uint8_t *traits, uint32_t *out);

/// What `le_simple_words` reads: the paragraph's code units, the chain's `le_unit_table`, the
/// script palette, `UnicodeBreaks.pairDecisions`, the chain's plain advances (NaN: not plain),
/// and the constants of the word keys.
typedef struct {
    long count;
    const uint16_t *text;
    const uint32_t *units;
    const uint32_t *palette;
    const uint8_t *pairs;
    const float *advances;
    uint64_t chain;
    uint32_t latin;
    uint32_t han;
} le_simple_text;

/// Where `le_simple_words` writes: per unit its end, kind, font, break flag, resolved script and
/// — for a word written directly — advance and kerning adjustment; per word its key, summary and
/// whether it is done (room for `count` words).
typedef struct {
    int32_t *ends;
    uint8_t *kinds;
    uint8_t *fonts;
    uint8_t *breaks;
    uint32_t *scripts;
    double *advances;
    double *adjust;
    le_word_key *keys;
    le_word_summary *summaries;
    uint8_t *found;
} le_simple_buffers;

/// What `le_simple_words` found: `taken` 0 when the text is not its to prepare (nothing it
/// wrote is then to be read); else the words, how many of them need the word cache, whether a
/// hard break was found, the fonts used (or-ed).
typedef struct {
    int taken;
    long words;
    long lookups;
    int hardBreaks;
    uint8_t used;
} le_simple_result;

/// `Preparer.classifySimple`, `UnicodeBreaks.decideBreaks`, `Preparer.resolveScripts` and the
/// word loop of `Preparer.prepareWords` in one pass over a paragraph's code units, each unit's
/// break and word decided once the unit after it is classified; the same values, to the bit
/// (`FusedPreparationTests`). Gives up (`taken` 0) on a unit outside the simple classes or that
/// no font has, a right-to-left unit, an opening punctuation after a postfix one, a unit whose
/// script the palette does not name, a common-script unit before any strong one, and a pair
/// of classes whose break needs more than the two.
le_simple_result le_simple_words(le_simple_text in, le_simple_buffers out);

/// A word kept by `WordCache` (the layout of the Swift `WordCache.Entry`: checked where it is
/// used): its key's hash, chain, script and next unit, where its units start in the table's
/// units (its values at twice that: advances, then adjustments), its length and sums.
typedef struct {
    uint64_t hash;
    uint64_t chain;
    uint32_t script;
    uint32_t next;
    int32_t offset;
    int32_t count;
    le_word_summary summary;
} le_word_entry;

/// `WordCache.Table.findAll`: looks every word `w` of `keys` with `found[w]` 0 up in an
/// open-addressed table (`slots`, `slotCount` a power of two, a key's first slot its hash times
/// 0x9E3779B97F4A7C15 shifted right by `shift`; −1 an empty slot), comparing the key and the
/// word's units (at `text + start`); a word found gets its advances and adjustments written at
/// its start, its summary, and `found[w]` 1. Returns how many were found.
long le_find_words(const le_word_key *keys, long k, uint8_t *found, uint64_t chain, const uint16_t *text,
                   const int32_t *slots, long slotCount, long shift, const le_word_entry *entries,
                   const uint16_t *units, const double *values, double *advances, double *adjust,
                   le_word_summary *summaries);

/// What `le_count_word_segments` found: the font runs (0 without fonts) and a bound on the
/// segments without text (the words starting with a unit that is not text).
typedef struct {
    long runs;
    long stops;
} le_word_counts;

/// Counts for `le_word_segments`' buffers from a paragraph's `k` words (`words`, in order, every
/// cluster in one) and its `n` clusters' kinds and fonts (`fonts` NULL: a single font, no runs).
le_word_counts le_count_word_segments(long n, const uint8_t *fonts, long k, const le_word_key *words, const uint8_t *kinds);

/// The segments of a paragraph whose every word is one (`Preparer.writeSegments`), its sums
/// exact: per segment its end, start and content positions (+inf without text), its flags
/// (1 text, 2 a hard break: with `hardBreaks`, a word starting with one), and with `out.masks`
/// (not NULL) two fonts' last segments at or before it — or its fonts as a mask when the
/// paragraph has three fonts or more; the segments without text listed in `stops` (room for the
/// bound `le_count_word_segments` gave, and one more); with `runFonts` (the `n` clusters' fonts,
/// 255 for a hard break's run), the font runs (room for one more than counted). What
/// `le_segments` then `le_finish_segments` with positions give, value for value.
le_segment_finish le_word_segments(long k, const le_word_key *words, const le_word_summary *summaries,
                                   const uint8_t *kinds, int hardBreaks, le_segment_buffers out, int32_t *stops,
                                   long n, const uint8_t *runFonts);

/// How many UTF-16 code units the valid UTF-8 `utf8[0 ..< count]` takes.
long le_utf16_count(const uint8_t *utf8, long count);

/// Writes the UTF-16 code units of the valid UTF-8 `utf8[0 ..< count]` into `out` (room for
/// exactly `le_utf16_count` units).
void le_transcode(const uint8_t *utf8, long count, uint16_t *out);

/// Asks the processor to bring the `bytes` bytes from `p` into the cache for reading, without
/// waiting for them (a prefetch never faults).
static inline void le_prefetch_range(const void *p, long bytes) {
    const char *c = (const char *)p;
    for (long i = 0; i < bytes; i += 64) __builtin_prefetch(c + i, 0, 3);
}

#endif
