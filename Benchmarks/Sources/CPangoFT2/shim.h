// PangoFT2 + fontconfig (Debian: libpango1.0-dev, libfontconfig-dev); used only by PangoPeer.
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
