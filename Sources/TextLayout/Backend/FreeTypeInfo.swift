internal import CFreeType

/// What LayoutEngine needs from FreeType about a face: names and vertical metrics.
///
/// A private `FT_Library` is created for each read and released with its face before returning,
/// so no FreeType object is shared between threads.
struct FreeTypeInfo {
    var family: String
    var style: String
    var metrics: FontMetrics
    /// Whether the face has colour glyphs (an emoji font).
    var color = false
    /// For a face of colour bitmaps only (Noto Color Emoji's CBDT): every glyph's advance in its
    /// bitmap strike, in font units (strike advance ÷ strike ppem × units per em). A browser
    /// (Skia) scales these strike advances, not `hmtx`'s (Noto Color Emoji: 136 px at 109 ppem,
    /// 1.2477 em, against 2550 / 2048 = 1.2451 em in `hmtx`). Nil for outline fonts.
    var bitmapAdvances: [Int32]?

    static func read(bytes: UnsafeRawBufferPointer, faceIndex: Int, path: String) throws(TextLayoutError) -> FreeTypeInfo {
        var library: FT_Library?
        try check(FT_Init_FreeType(&library), "FT_Init_FreeType", path: path)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard let base = bytes.baseAddress else { throw .fontInvalid(path: path, reason: "empty file", freeTypeCode: nil) }
        try check(FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self),
                                     FT_Long(bytes.count), FT_Long(faceIndex), &face),
                  "FT_New_Memory_Face", path: path)
        guard let face else { throw .fontInvalid(path: path, reason: "FreeType returned no face", freeTypeCode: nil) }
        defer { FT_Done_Face(face) }
        // Outline fonts, and colour bitmap fonts in an sfnt (Noto Color Emoji's CBDT: their
        // advances and vertical metrics are in hmtx and hhea like any outline font's).
        let flags = face.pointee.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        let colorSfnt = flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 && flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        guard scalable || colorSfnt else {
            throw .fontInvalid(path: path, reason: "not a scalable (outline) font nor a colour bitmap font", freeTypeCode: nil)
        }
        var upem = Int(face.pointee.units_per_EM)
        if upem == 0, let headRaw = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) {
            // FreeType leaves units_per_EM 0 for a bitmap-only face; the 'head' table has it.
            upem = Int(headRaw.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
        }
        guard upem > 0 else { throw .fontInvalid(path: path, reason: "unitsPerEm is 0", freeTypeCode: nil) }
        guard let hheaRaw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else {
            throw .fontInvalid(path: path, reason: "no 'hhea' table", freeTypeCode: nil)
        }
        let hhea = hheaRaw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        var ascender = Int(hhea.Ascender), descender = Int(hhea.Descender), lineGap = Int(hhea.Line_Gap)
        var usesTypo = false
        if let os2Raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = os2Raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version != 0xFFFF && os2.fsSelection & (1 << 7) != 0 {  // USE_TYPO_METRICS
                ascender = Int(os2.sTypoAscender)
                descender = Int(os2.sTypoDescender)
                lineGap = Int(os2.sTypoLineGap)
                usesTypo = true
            }
        }
        var bitmapAdvances: [Int32]?
        if !scalable, face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes {
            // The largest strike (Noto Color Emoji has one, 109 ppem); metrics only, no PNG decoding.
            var best = 0
            for i in 0..<Int(face.pointee.num_fixed_sizes) where sizes[i].x_ppem > sizes[best].x_ppem { best = i }
            let ppem = Double(sizes[best].x_ppem) / 64
            if ppem > 0, FT_Select_Size(face, FT_Int(best)) == 0 {
                let count = Int(face.pointee.num_glyphs)
                var table = [Int32](repeating: 0, count: max(count, 0))
                let flags = FT_Int32(FT_LOAD_COLOR) | FT_Int32(FT_LOAD_BITMAP_METRICS_ONLY)
                for g in 0..<count where FT_Load_Glyph(face, FT_UInt(g), flags) == 0 {
                    let advance = Double(face.pointee.glyph.pointee.advance.x) / 64
                    table[g] = Int32(clamping: Int((advance / ppem * Double(upem)).rounded()))
                }
                bitmapAdvances = table
            }
        }
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        return FreeTypeInfo(
            family: family, style: style,
            metrics: FontMetrics(unitsPerEm: upem, ascender: ascender, descender: descender,
                                 lineGap: lineGap, usesTypoMetrics: usesTypo),
            color: flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, bitmapAdvances: bitmapAdvances)
    }

    /// Turns a FreeType return code into a `TextLayoutError` naming the call, the file and the code.
    private static func check(_ code: FT_Error, _ operation: String, path: String) throws(TextLayoutError) {
        guard code != 0 else { return }
        let name = FT_Error_String(code).map { String(cString: $0) }
        throw .fontInvalid(path: path, reason: "\(operation) failed\(name.map { ": \($0)" } ?? "")",
                           freeTypeCode: Int(code))
    }
}
