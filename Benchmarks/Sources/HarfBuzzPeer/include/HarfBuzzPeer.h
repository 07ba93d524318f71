// HarfBuzz alone, as the speed reference for shaping (issue 11): a font, and one call that
// shapes a UTF-16 text with the script and direction HarfBuzz guesses for it.
#ifndef HARFBUZZ_PEER_H
#define HARFBUZZ_PEER_H
#include <stdint.h>
typedef struct hb_peer hb_peer;
/// Loads face 0 of the font file at `path`; NULL if it cannot be read.
hb_peer *hb_peer_create(const char *path);
/// Shapes `text` (UTF-16, `length` units) in one buffer; returns the sum of the x advances.
long hb_peer_shape(hb_peer *peer, const uint16_t *text, int length);
void hb_peer_destroy(hb_peer *peer);
#endif
