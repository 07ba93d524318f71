// HarfBuzz with its FreeType integration (hb-ft.h), for the text backend only.
#include <hb.h>
#include <hb-ft.h>
