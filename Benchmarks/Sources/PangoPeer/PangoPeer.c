// PangoPeer: see include/PangoPeer.h. Adapted from shared/oracle/pango_bench.c (the project's own
// Pango throughput baseline), with its settings unchanged, as a library the benchmarks can call.
#include "PangoPeer.h"

#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxSize = 64 };

typedef struct {
    int cjk;
    int size;
    int width_pango;  // round(width * PANGO_SCALE), as pango_bench.c
    int wrap_char;
    char *text;
} PeerCase;

struct PangoPeer {
    PangoFontMap *font_map;
    PangoContext *context;
    PangoLayout *layout;
    PangoFontDescription *descriptions[2][kMaxSize];
    PeerCase *cases;
    int count;
    int capacity;
};

static void set_error(char *error, size_t length, const char *message, const char *detail) {
    if (error && length > 0) snprintf(error, length, "%s%s", message, detail ? detail : "");
}

PangoPeer *pango_peer_create(const char *latin_font_path, const char *cjk_font_path,
                             char *error, size_t error_length) {
    if (!latin_font_path || !cjk_font_path) {
        set_error(error, error_length, "font paths must not be NULL", NULL);
        return NULL;
    }
    // Font isolation: an empty configuration (no <dir>, no system rules) with the two files only.
    FcConfig *config = FcConfigCreate();
    if (!config) {
        set_error(error, error_length, "FcConfigCreate failed", NULL);
        return NULL;
    }
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)latin_font_path)) {
        set_error(error, error_length, "fontconfig cannot add the font file ", latin_font_path);
        FcConfigDestroy(config);
        return NULL;
    }
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)cjk_font_path)) {
        set_error(error, error_length, "fontconfig cannot add the font file ", cjk_font_path);
        FcConfigDestroy(config);
        return NULL;
    }

    PangoPeer *peer = calloc(1, sizeof *peer);
    if (!peer) {
        FcConfigDestroy(config);
        set_error(error, error_length, "out of memory", NULL);
        return NULL;
    }
    peer->font_map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(peer->font_map), config);
    FcConfigDestroy(config);  // the font map holds its own reference

    peer->context = pango_font_map_create_context(peer->font_map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(peer->context, options);
    cairo_font_options_destroy(options);
    pango_cairo_context_set_resolution(peer->context, 96.0);
    pango_context_set_round_glyph_positions(peer->context, FALSE);
    pango_context_set_base_dir(peer->context, PANGO_DIRECTION_LTR);

    peer->layout = pango_layout_new(peer->context);
    pango_layout_set_auto_dir(peer->layout, FALSE);
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(FALSE));
    pango_layout_set_attributes(peer->layout, attributes);
    pango_attr_list_unref(attributes);
    return peer;
}

void pango_peer_destroy(PangoPeer *peer) {
    if (!peer) return;
    for (int i = 0; i < peer->count; i++) free(peer->cases[i].text);
    free(peer->cases);
    for (int f = 0; f < 2; f++)
        for (int s = 0; s < kMaxSize; s++)
            if (peer->descriptions[f][s]) pango_font_description_free(peer->descriptions[f][s]);
    g_object_unref(peer->layout);
    g_object_unref(peer->context);
    g_object_unref(peer->font_map);
    free(peer);
}

int pango_peer_add_case(PangoPeer *peer, int cjk, int size_px, double width_px, int wrap_char,
                        const char *utf8_text) {
    if (!peer || !utf8_text || size_px <= 0 || size_px >= kMaxSize || !(width_px > 0) ||
        !g_utf8_validate(utf8_text, -1, NULL))
        return -1;
    cjk = cjk ? 1 : 0;
    if (!peer->descriptions[cjk][size_px]) {
        PangoFontDescription *d = pango_font_description_new();
        pango_font_description_set_family(d, cjk ? "WenQuanYi Micro Hei" : "DejaVu Sans");
        pango_font_description_set_absolute_size(d, size_px * (double)PANGO_SCALE);
        peer->descriptions[cjk][size_px] = d;
    }
    if (peer->count == peer->capacity) {
        int capacity = peer->capacity ? peer->capacity * 2 : 256;
        PeerCase *grown = realloc(peer->cases, (size_t)capacity * sizeof *grown);
        if (!grown) return -1;
        peer->cases = grown;
        peer->capacity = capacity;
    }
    char *copy = strdup(utf8_text);
    if (!copy) return -1;
    peer->cases[peer->count] = (PeerCase){
        .cjk = cjk,
        .size = size_px,
        .width_pango = (int)(width_px * PANGO_SCALE + 0.5),
        .wrap_char = wrap_char ? 1 : 0,
        .text = copy,
    };
    return peer->count++;
}

int pango_peer_case_count(const PangoPeer *peer) { return peer ? peer->count : 0; }

static inline int layout_one(PangoPeer *peer, const PeerCase *c, int *height_pango) {
    PangoLayout *layout = peer->layout;
    pango_layout_set_font_description(layout, peer->descriptions[c->cjk][c->size]);
    pango_layout_set_wrap(layout, c->wrap_char ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR);
    pango_layout_set_width(layout, c->width_pango);
    pango_layout_set_text(layout, c->text, -1);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    *height_pango = logical.height;
    return pango_layout_get_line_count(layout);
}

int pango_peer_layout_case(PangoPeer *peer, int index, double *height_px) {
    if (!peer || index < 0 || index >= peer->count) return -1;
    int height = 0;
    int lines = layout_one(peer, &peer->cases[index], &height);
    if (height_px) *height_px = height / (double)PANGO_SCALE;
    return lines;
}

long pango_peer_pass(PangoPeer *peer) {
    if (!peer) return 0;
    long checksum = 0;
    for (int i = 0; i < peer->count; i++) {
        int height = 0;
        int lines = layout_one(peer, &peer->cases[i], &height);
        checksum += height + lines;
    }
    return checksum;
}

const char *pango_peer_pango_version(void) { return pango_version_string(); }
