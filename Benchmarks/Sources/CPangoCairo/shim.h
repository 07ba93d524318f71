// PangoCairo (Debian: libpango1.0-dev, libcairo2-dev); used only by the PangoPeer C target.
#include <pango/pangocairo.h>
