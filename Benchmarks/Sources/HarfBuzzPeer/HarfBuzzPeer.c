#include "HarfBuzzPeer.h"
#include <hb.h>
#include <stdlib.h>

struct hb_peer { hb_blob_t *blob; hb_face_t *face; hb_font_t *font; hb_buffer_t *buffer; };

hb_peer *hb_peer_create(const char *path) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return NULL;
    hb_peer *p = calloc(1, sizeof *p);
    if (!p) { hb_blob_destroy(blob); return NULL; }
    p->blob = blob;
    p->face = hb_face_create(blob, 0);
    p->font = hb_font_create(p->face);
    hb_font_set_scale(p->font, (int)hb_face_get_upem(p->face), (int)hb_face_get_upem(p->face));
    p->buffer = hb_buffer_create();
    return p;
}

long hb_peer_shape(hb_peer *p, const uint16_t *text, int length) {
    hb_buffer_clear_contents(p->buffer);
    hb_buffer_add_utf16(p->buffer, text, length, 0, length);
    hb_buffer_guess_segment_properties(p->buffer);
    hb_shape(p->font, p->buffer, NULL, 0);
    unsigned n = 0;
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(p->buffer, &n);
    long sum = 0;
    for (unsigned i = 0; i < n; i++) sum += pos[i].x_advance;
    return sum;
}

void hb_peer_destroy(hb_peer *p) {
    if (!p) return;
    hb_buffer_destroy(p->buffer);
    hb_font_destroy(p->font);
    hb_face_destroy(p->face);
    hb_blob_destroy(p->blob);
    free(p);
}
