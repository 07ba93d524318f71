// A small C shim over ICU's break iterators.
//
// ICU renames every C function with its major version (ubrk_open -> ubrk_open_72) through
// macros, which Swift cannot import. These wrappers have stable names. Each thread keeps
// its own iterators (ICU iterators are not thread-safe); they are created on first use and
// re-pointed at new text with ubrk_setText, which is far cheaper than opening one per call.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes the UAX #14 line-break opportunities of `text` (UTF-16, `length` code units) into
/// `positions` (offsets after which a line may break, ascending, the last being `length`)
/// and `hard` (1 where the break is mandatory, e.g. after a newline). Returns the number of
/// breaks written, or a negative ICU error code. At most `capacity` entries are written;
/// if more exist, returns -(capacity overflow marker) = -1000000 and nothing is reliable.
int32_t le_line_breaks(const uint16_t *text, int32_t length,
                       int32_t *positions, uint8_t *hard, int32_t capacity);

/// Writes the extended grapheme cluster boundaries of `text` after offset 0 (ascending, the
/// last being `length`). Same return convention as `le_line_breaks`.
int32_t le_grapheme_breaks(const uint16_t *text, int32_t length,
                           int32_t *positions, int32_t capacity);

/// UAX #9 for the lines of a text (ICU's ubidi): `text` is laid out as paragraphs of base level
/// `paraLevel` (0 left to right, 1 right to left, 0xFE: by the first strong character, left to
/// right if none). For each line i, `lineStarts[i] ..< lineEnds[i]` (code units, inside one
/// paragraph), writes its runs in visual order — logical start, length, 1 if right to left — into
/// `runStart`, `runLength`, `runRTL`, their count into `runsPerLine[i]`, and the level of the
/// line's paragraph (0 or 1) into `lineParaRTL[i]`. Returns the number of runs written, or a
/// negative ICU error code (-1000000 when `capacity` runs are not enough).
int32_t le_bidi_runs(const uint16_t *text, int32_t length, uint8_t paraLevel,
                     const int32_t *lineStarts, const int32_t *lineEnds, int32_t lineCount,
                     int32_t *runStart, int32_t *runLength, uint8_t *runRTL, int32_t capacity,
                     int32_t *runsPerLine, uint8_t *lineParaRTL);

/// Whether `c` is an emoji that shows as text unless a VS16 follows (Emoji and not
/// Emoji_Presentation, UTS #51): 1 or 0.
int32_t le_is_text_default_emoji(int32_t c);

/// The ICU version string, e.g. "72.1" (for diagnostics).
const char *le_icu_version(void);

#ifdef __cplusplus
}
#endif
#endif
