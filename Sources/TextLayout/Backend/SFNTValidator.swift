/// Checks that a font file's table directory is intact before FreeType and HarfBuzz see it.
///
/// FreeType opens a truncated `.ttf` happily and reads its tables lazily, so a cut-off file
/// would fail later, deep inside shaping. Every table of the chosen face must lie inside the
/// file, and the tables needed for layout (`cmap`, `hhea`, `hmtx`, `head`) must be present.
enum SFNTValidator {
    /// Returns nil when the face at `faceIndex` is usable, or a description of what is wrong.
    static func problem(in bytes: UnsafeRawBufferPointer, faceIndex: Int) -> String? {
        func u32(_ o: Int) -> UInt32? {
            guard o >= 0, o + 4 <= bytes.count else { return nil }
            return UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= bytes.count else { return nil }
            return Int(bytes[o]) << 8 | Int(bytes[o + 1])
        }
        guard let tag = u32(0) else { return "file is too short to be a font (\(bytes.count) bytes)" }
        var offset = 0
        if tag == 0x7474_6366 {  // 'ttcf'
            guard let count = u32(8) else { return "truncated font collection header" }
            guard faceIndex >= 0, faceIndex < Int(count) else {
                return "face index \(faceIndex) out of range: the collection has \(count) faces"
            }
            guard let o = u32(12 + 4 * faceIndex) else { return "truncated font collection header" }
            offset = Int(o)
        } else if faceIndex != 0 {
            return "face index \(faceIndex) out of range: the file has 1 face"
        }
        guard let version = u32(offset) else { return "truncated table directory" }
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
            return "not a TrueType/OpenType font (unknown sfnt version 0x\(String(version, radix: 16)))"
        }
        guard let numTables = u16(offset + 4) else { return "truncated table directory" }
        var found = Set<UInt32>()
        var head: (offset: Int, length: Int)?
        for t in 0..<numTables {
            let record = offset + 12 + 16 * t
            guard let tableTag = u32(record), let tableOffset = u32(record + 8), let length = u32(record + 12) else {
                return "truncated table directory (\(numTables) tables declared)"
            }
            if UInt64(tableOffset) + UInt64(length) > UInt64(bytes.count) {
                return "table '\(fourCC(tableTag))' ends at byte \(UInt64(tableOffset) + UInt64(length)) but the file has \(bytes.count) bytes (truncated file?)"
            }
            // A tag twice: FreeType and HarfBuzz may each take a different one of the two (the font
            // fuzzer renamed GSUB to a second 'head', and the two libraries read different units per em).
            guard found.insert(tableTag).inserted else { return "table '\(fourCC(tableTag))' appears twice in the table directory" }
            if tableTag == tagValue("head") { head = (Int(tableOffset), Int(length)) }
        }
        // 'head' as HarfBuzz's sanitizer wants it (major version 1, the magic number, units per
        // em 16…16384): otherwise HarfBuzz ignores the table and assumes 1000 units per em while
        // FreeType reads the table's value, and the two would scale the same glyphs differently
        // (the font fuzzer found direct shaping and HarfBuzz disagreeing on such a font).
        if let head {
            guard head.length >= 54, let major = u16(head.offset), let magic = u32(head.offset + 12),
                  let upem = u16(head.offset + 18) else { return "table 'head' is too short (\(head.length) bytes)" }
            guard major == 1 else { return "table 'head' has version \(major), not 1" }
            guard magic == 0x5F0F_3CF5 else { return "table 'head' has a wrong magic number (0x\(String(magic, radix: 16)), not 0x5f0f3cf5)" }
            guard upem >= 16 && upem <= 16_384 else { return "table 'head' gives \(upem) units per em (OpenType allows 16 to 16384)" }
        }
        for required in ["cmap", "head", "hhea", "hmtx"] where !found.contains(tagValue(required)) {
            return "required table '\(required)' is missing"
        }
        return nil
    }

    static func tagValue(_ s: String) -> UInt32 {
        s.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func fourCC(_ v: UInt32) -> String {
        String(decoding: [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)], as: UTF8.self)
    }
}
