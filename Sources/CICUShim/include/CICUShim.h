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

/// The ICU version string, e.g. "72.1" (for diagnostics).
const char *le_icu_version(void);

#ifdef __cplusplus
}
#endif
#endif
