/// Which characters `DirectShaper` may shape at all.
extension DirectShaper {
    /// Whether code unit `c` may be shaped here: printable BMP characters of the Latin, Greek,
    /// Cyrillic, Hebrew, Arabic, CJK and kana blocks and common punctuation and symbols — no controls, marks,
    /// default-ignorables, surrogates or hard breaks.
    @inline(__always)
    static func isSimple(_ c: Int) -> Bool {
        simpleBits[c >> 6] & (1 << UInt64(c & 63)) != 0
    }

    private static let simpleBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 1024)
        func add(_ r: ClosedRange<Int>) { for c in r { bits[c >> 6] |= 1 << UInt64(c & 63) } }
        func remove(_ c: Int) { bits[c >> 6] &= ~(1 << UInt64(c & 63)) }
        add(0x20...0x7E)
        add(0xA0...0x2FF)  // Latin-1, Latin Extended-A/B, IPA, spacing modifiers
        remove(0xAD)  // soft hyphen: default-ignorable
        add(0x370...0x377); add(0x37A...0x37F); add(0x384...0x38A); add(0x38C...0x38C); add(0x38E...0x3A1); add(0x3A3...0x3FF)
        add(0x400...0x482); add(0x48A...0x52F)  // Cyrillic without its combining marks
        add(0x05D0...0x05EA); add(0x05F0...0x05F4); add(0x05BE...0x05BE)  // Hebrew letters, ligatures, geresh, maqaf: no points or accents
        add(0x0621...0x064A); add(0x0660...0x066D)  // Arabic letters (tatweel too) and digits: no marks
        add(0x060C...0x060C); add(0x061B...0x061B); add(0x061F...0x061F)  // Arabic comma, semicolon, question mark
        add(0x1E00...0x1FFF)  // Latin Extended Additional, Greek Extended
        add(0x2000...0x200A)  // spaces
        add(0x2010...0x2027)  // dashes, quotes, bullets, ellipsis (2028/2029 are breaks)
        add(0x202F...0x205F)
        add(0x2070...0x20CF)  // super/subscripts, currency
        add(0x2100...0x2BFF)  // letterlike, arrows, maths, technical, box drawing, shapes, symbols
        add(0x2E00...0x2E7F)
        add(0x3000...0x3029); add(0x3030...0x303F)  // CJK symbols without the tone marks 302A–302F
        add(0x3041...0x3096); add(0x309B...0x30FF)  // kana without the combining voicing marks
        add(0x3190...0x31FF); add(0x3200...0x33FF)
        add(0x3400...0x4DBF); add(0x4E00...0x9FFF); add(0xF900...0xFAFF)
        add(0xFE30...0xFE4F)
        add(0xFF01...0xFF60); add(0xFFE0...0xFFE6)
        return bits
    }()
}
