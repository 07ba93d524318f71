// HarfBuzz with its FreeType integration (hb-ft.h) and its OpenType layout API (hb-ot.h), for
// the text backend only.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
