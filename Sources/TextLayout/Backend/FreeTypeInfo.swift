import CFreeType

/// What LayoutEngine needs from FreeType about a face: names and vertical metrics.
///
/// A private `FT_Library` is created for each read and released with its face before returning,
/// so no FreeType object is shared between threads.
struct FreeTypeInfo {
    var family: String
    var style: String
    var metrics: FontMetrics

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
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            throw .fontInvalid(path: path, reason: "not a scalable (outline) font", freeTypeCode: nil)
        }
        let upem = Int(face.pointee.units_per_EM)
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
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        return FreeTypeInfo(
            family: family, style: style,
            metrics: FontMetrics(unitsPerEm: upem, ascender: ascender, descender: descender,
                                 lineGap: lineGap, usesTypoMetrics: usesTypo))
    }

    /// Turns a FreeType return code into a `TextLayoutError` naming the call, the file and the code.
    private static func check(_ code: FT_Error, _ operation: String, path: String) throws(TextLayoutError) {
        guard code != 0 else { return }
        let name = FT_Error_String(code).map { String(cString: $0) }
        throw .fontInvalid(path: path, reason: "\(operation) failed\(name.map { ": \($0)" } ?? "")",
                           freeTypeCode: Int(code))
    }
}
