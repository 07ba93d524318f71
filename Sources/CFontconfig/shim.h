// fontconfig, for the text backend only (system font names and fallback: Sources/TextLayout/Backend/SystemFonts.swift).
#include <fontconfig/fontconfig.h>
