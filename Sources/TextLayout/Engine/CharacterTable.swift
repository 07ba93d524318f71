/// What preparing a paragraph asks about every BMP code unit, answered by one table load instead
/// of a cascade of range tests (16 bits per code unit, 128 KB, built once per process):
///
/// - bits 0–3: the line-break class for `UnicodeBreaks.simpleLineBreaks` (0: ICU decides);
/// - bit 4: never joins a grapheme cluster with a neighbour (`UnicodeBreaks.simpleGraphemeEnds`);
/// - bit 5: a mandatory line break (`Preparer.isHardBreak`); bit 6: hanging white space;
/// - bit 7: may be shaped by `DirectShaper` (`DirectShaper.isSimple`);
/// - bits 8–11: the strong script, as an index into `scripts` (0: common, inherited or unknown;
///   15: another script — ask HarfBuzz);
/// - bit 12: Default_Ignorable_Code_Point (`Preparer.isDefaultIgnorable`);
/// - bits 13–14: a right-to-left letter, or a neutral, of `Bidi.isPureRightToLeft` (`Bidi.pureRightToLeftKind`);
/// - bit 15: `Preparer.classifySimple` takes it — bit 4 set and a class of bits 0–3 in 1 ... PO.
///
/// Every bit is computed from the functions that define it, so the table cannot disagree with
/// them (`UnicodeBreaksTests` checks a sample against them too).
enum CharacterTable {
    static let lineClassMask: UInt16 = 0x000F
    static let simpleGrapheme: UInt16 = 1 << 4
    static let hardBreak: UInt16 = 1 << 5
    static let hangingSpace: UInt16 = 1 << 6  // bit 6: Preparer.classifyScalar shifts it down
    static let directShaping: UInt16 = 1 << 7
    static let scriptShift: UInt16 = 8
    static let otherScript: UInt16 = 15
    static let defaultIgnorable: UInt16 = 1 << 12
    static let rightToLeftLetter: UInt16 = 1 << 13
    static let rightToLeftNeutral: UInt16 = 1 << 14
    static let simpleClass: UInt16 = 1 << 15

    /// The scripts bits 8–11 name (index 0 is "none").
    static let scripts: [UInt32] = [
        0, Preparer.latin, Preparer.han, FontFace.script(of: 0x0410), FontFace.script(of: 0x03B1),
        FontFace.script(of: 0x3042), FontFace.script(of: 0x30A2), FontFace.script(of: 0xAC00),
        FontFace.script(of: 0x05D0), FontFace.script(of: 0x0627),
    ]

    static let table: [UInt16] = {
        var t = [UInt16](repeating: 0, count: 65_536)
        for u in 0..<65_536 {
            var v = UInt16(UnicodeBreaks.lineClass(UInt16(u)).rawValue)
            if UnicodeBreaks.isSimpleGrapheme(UInt16(u)) { v |= simpleGrapheme }
            if Preparer.isHardBreak(UInt32(u)) { v |= hardBreak }
            if Preparer.isHangingSpace(UInt32(u)) { v |= hangingSpace }
            if DirectShaper.isSimple(u) { v |= directShaping }
            if Preparer.isDefaultIgnorable(UInt32(u)) { v |= defaultIgnorable }
            switch Bidi.pureRightToLeftKind(UInt16(u)) {
            case 2: v |= rightToLeftLetter
            case 1: v |= rightToLeftNeutral
            default: break
            }
            let lineClass = v & lineClassMask
            if v & simpleGrapheme != 0 && lineClass != 0 && lineClass <= UInt16(UnicodeBreaks.Class.po.rawValue) { v |= simpleClass }
            if u < 0xD800 || u > 0xDFFF {
                let s = Preparer.strongScript(UInt32(u))
                let index = s == 0 ? 0 : (scripts.firstIndex(of: s).map(UInt16.init) ?? otherScript)
                v |= index << scriptShift
            }
            t[u] = v
        }
        return t
    }()

    /// The strong script of BMP scalar `u` (0 for common, inherited and unknown), from its entry;
    /// `palette` is `scripts` (passed in, so that a loop reads the static once).
    @inline(__always)
    static func script(_ entry: UInt16, _ u: UInt32, _ palette: [UInt32] = scripts) -> UInt32 {
        let index = Int((entry >> scriptShift) & 0xF)
        return index == Int(otherScript) ? Preparer.strongScript(u) : palette[index]
    }
}
