// PangoPeer: the Pango 1.50 throughput peer for the text benchmarks.
//
// It lays out text exactly as shared/oracle/pango_bench.c and pango_measure.py do (README §4, §7):
// a PangoCairo font map on a private, empty FcConfig that holds only the two oracle fonts
// (FcConfigCreate + FcConfigAppFontAddFile), hint metrics OFF, hint style NONE, unrounded glyph
// positions, insert_hyphens = FALSE, absolute sizes in px, LTR, "word" = PANGO_WRAP_WORD_CHAR,
// "char" = PANGO_WRAP_CHAR, and one reused PangoLayout. A case is laid out by setting the font
// description (cached per font and size), wrap, width and text, then forcing the layout with
// pango_layout_get_extents() + pango_layout_get_line_count(); lines are not iterated.
//
// Not thread-safe: one peer per thread.
#ifndef PANGO_PEER_H
#define PANGO_PEER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PangoPeer PangoPeer;

/// Creates a peer whose only fonts are the two files ("latin" = DejaVu Sans, "cjk" = WenQuanYi
/// Micro Hei). Returns NULL and writes a message into `error` (if not NULL) on failure.
PangoPeer *pango_peer_create(const char *latin_font_path, const char *cjk_font_path,
                             char *error, size_t error_length);

/// Frees the peer and its cases.
void pango_peer_destroy(PangoPeer *peer);

/// Adds a case (the text is copied). `cjk`: 0 = DejaVu Sans, 1 = WenQuanYi Micro Hei;
/// `size_px`: 1...63; `wrap_char`: 0 = word (WORD_CHAR), 1 = char. Returns the case's index, or
/// -1 for a size out of range, a width that is not > 0, or invalid UTF-8.
int pango_peer_add_case(PangoPeer *peer, int cjk, int size_px, double width_px, int wrap_char,
                        const char *utf8_text);

/// The number of cases added.
int pango_peer_case_count(const PangoPeer *peer);

/// Lays out case `index` and returns its line count (-1 for a bad index); writes the layout's
/// logical height in px to `height_px` if it is not NULL.
int pango_peer_layout_case(PangoPeer *peer, int index, double *height_px);

/// Lays out every case once, in order (pango_bench.c's timed loop). Returns a checksum of the
/// heights and line counts, so that the work cannot be optimised away.
long pango_peer_pass(PangoPeer *peer);

/// The version of the Pango library in use ("1.50.12").
const char *pango_peer_pango_version(void);

#ifdef __cplusplus
}
#endif

#endif
