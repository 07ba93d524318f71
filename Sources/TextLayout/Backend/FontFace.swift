internal import CFreeType
internal import CHarfBuzz
import Foundation

/// One face of one font file: its metrics (read with FreeType), its coverage and its shaper
/// (HarfBuzz with its built-in OpenType functions).
///
/// Thread safety: FreeType faces are not thread-safe, so FreeType is used only while loading,
/// inside `init`, and its face is released before `init` returns. The HarfBuzz font is made
/// immutable, and HarfBuzz documents immutable fonts with its own OpenType functions as safe to
/// share between threads; each shaping call uses its own buffer. The font bytes are owned by this
/// object and outlive the HarfBuzz objects that point into them.
final class FontFace: GlyphSource, @unchecked Sendable {
    /// The face index inside the file (0 for a plain .ttf).
    let faceIndex: Int
    private let bytes: UnsafeMutableRawBufferPointer
    private let hbFace: OpaquePointer
    private let hbFont: OpaquePointer
    /// A colour bitmap face's strike advances (read by the HarfBuzz font's advance function).
    private let advanceTable: UnsafeMutableBufferPointer<Int32>?
    /// Shapes simple runs without HarfBuzz (nil when the font is not one it can match HarfBuzz on).
    /// (Set once, in `init`: cleared there when the probe finds it disagreeing with HarfBuzz.)
    private var direct: DirectShaper?
    /// `direct`, read without a retain: every thread shaping with this face reaches the one
    /// shaper, and a retain and release per run passed its reference count between the cores.
    /// (Set with `direct`, which keeps it alive and never changes after `init`.)
    private var unretainedDirect: Unmanaged<DirectShaper>?
    /// A colour emoji face's clusters as HarfBuzz shapes them (`EmojiClusters`), built the first
    /// time a run asks for them (about 30 ms for Noto Color Emoji) and kept for the face's life;
    /// nil for other faces.
    private let emoji: Locked<EmojiClusters??>?

    /// Loads face `faceIndex` of the font file at `path`.
    init(path: String, faceIndex: Int = 0) throws(TextLayoutError) {
        // An empty file is refused before it is read: Foundation's `contents(atPath:)` leaks its
        // 4 KB read buffer for a file of 0 bytes (found by the font fuzzer's empty input).
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue == 0 {
            throw .fontInvalid(path: path, reason: "the file is empty", freeTypeCode: nil)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                throw .fontUnreadable(path: path, reason: isDir.boolValue ? "is a directory" : "cannot be read")
            }
            throw .fontNotFound(path: path)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.copyBytes(to: buffer)
        let view = UnsafeRawBufferPointer(rebasing: buffer[0..<data.count])
        if let problem = SFNTValidator.problem(in: view, faceIndex: faceIndex) {
            buffer.deallocate()
            throw .fontInvalid(path: path, reason: problem, freeTypeCode: nil)
        }
        let loaded: FreeTypeInfo
        do {
            loaded = try FreeTypeInfo.read(bytes: view, faceIndex: faceIndex, path: path)
        } catch {
            buffer.deallocate()
            throw error
        }
        let blob = hb_blob_create(
            buffer.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(data.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        // HarfBuzz returns its inert empty objects rather than NULL when memory runs out.
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else {
            hb_blob_destroy(blob)
            buffer.deallocate()
            throw .fontInvalid(path: path, reason: "HarfBuzz could not open the face", freeTypeCode: nil)
        }
        hb_blob_destroy(blob)
        guard var font = hb_font_create(face) else {
            hb_face_destroy(face)
            buffer.deallocate()
            throw .fontInvalid(path: path, reason: "HarfBuzz could not create a font", freeTypeCode: nil)
        }
        let upem = Int32(loaded.metrics.unitsPerEm)
        hb_font_set_scale(font, upem, upem)
        var advanceTable: UnsafeMutableBufferPointer<Int32>?
        if let table = loaded.bitmapAdvances, let funcs = hb_font_funcs_create() {
            // A colour bitmap face: horizontal advances from its strike (see `FreeTypeInfo`),
            // everything else from the OpenType tables (the parent font).
            let copy = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(table.count, 1))
            _ = copy.initialize(from: table)
            advanceTable = copy
            hb_font_funcs_set_glyph_h_advance_func(funcs, { _, data, glyph, _ in
                guard let data else { return 0 }
                let t = data.assumingMemoryBound(to: BitmapAdvances.self).pointee
                return Int(glyph) < t.count ? t.base[Int(glyph)] : 0
            }, nil, nil)
            hb_font_funcs_make_immutable(funcs)
            let header = UnsafeMutablePointer<BitmapAdvances>.allocate(capacity: 1)
            header.initialize(to: BitmapAdvances(base: copy.baseAddress!, count: table.count))
            if let sub = hb_font_create_sub_font(font) {
                hb_font_set_funcs(sub, funcs, header, { $0?.deallocate() })
                hb_font_destroy(font)
                font = sub
            } else {
                header.deallocate()
            }
            hb_font_funcs_destroy(funcs)
        }
        self.advanceTable = advanceTable
        hb_font_make_immutable(font)
        var coverage = [UInt64](repeating: 0, count: 1024)
        if let set = hb_set_create() {
            hb_face_collect_unicodes(face, set)
            var cp: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(set, &cp) != 0 && cp < 0x10000 {
                coverage[Int(cp >> 6)] |= 1 << UInt64(cp & 63)
            }
            hb_set_destroy(set)
        }
        let direct = DirectShaper(face: face, font: font, coverage: coverage)
        self.direct = direct?.isUsable == true ? direct : nil
        self.faceIndex = faceIndex
        self.emoji = loaded.color ? Locked(nil) : nil
        self.bytes = buffer
        self.hbFace = face
        self.hbFont = font
        super.init(path: path, familyName: loaded.family, styleName: loaded.style, metrics: loaded.metrics,
                   isColor: loaded.color, bmpCoverage: coverage)
        unretainedDirect = self.direct.map { Unmanaged.passUnretained($0) }
        if self.direct != nil && !directShapingAgreesWithHarfBuzz() {
            unretainedDirect = nil
            self.direct = nil
        }
    }

    /// A colour emoji face's cluster table (`EmojiClusters`), built on first use; nil for any
    /// other face, or a colour face the table cannot stand for HarfBuzz on.
    override func emojiClusters() -> EmojiClusters? {
        guard let emoji else { return nil }
        return emoji.withLock { state -> EmojiClusters? in
            if let built = state { return built }
            let built = EmojiClusters(face: hbFace, font: hbFont) { units in
                var shaped = ShapedUnits(count: units.count)
                units.withUnsafeBufferPointer { shape($0, range: 0..<units.count, script: 0, into: &shaped) }
                return shaped.packed
            }
            state = .some(built)
            return built
        }
    }

    /// Whether runs in this face may be shaped from its tables (`DirectShaper`).
    override var usesDirectShaping: Bool { direct != nil }

    /// The HarfBuzz font (upem scale), for drawing glyph outlines (`GlyphOutlines.swift`).
    var hbFontForDrawing: OpaquePointer { hbFont }

    /// Texts the direct shaper is checked on when a font loads: every printable ASCII character,
    /// the common Latin ligatures and kerning pairs, and some Chinese with its punctuation.
    private static let probes: [(String, UInt32)] = [
        (String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }), Preparer.latin),
        ("fi fl ff ffi ffl office", Preparer.latin),
        ("AVAWAYTaTeToTyVaVeVoWaWeWoYaYeYoLTLVLWLYPAFAr.r,y.y,kW", Preparer.latin),
        ("今天天气很好，我们去公园。「你好」", Preparer.han),
        ("שלום עולם, זה טקסט בעברית: \"ספר\" 1234 — יפה! ״תשע״ה״ א־ב", FontFace.script(of: 0x05D0)),
        ("مرحبا بالعالم، هذا نص عربي للاختبار: السلام عليكم ١٢٣ لا لأ ـبـ؟", FontFace.script(of: 0x0627)),
    ]

    /// Whether the direct shaper gives HarfBuzz's advances and kerning on `probes`. The direct
    /// shaper reads GSUB and GPOS from the raw bytes; HarfBuzz reads them after its sanitizer,
    /// which may neuter parts of a damaged table (on a copy). Structural checks catch the damage
    /// the font fuzzer found; this catches the rest that shows on common text: a font where the
    /// two disagree is left to HarfBuzz. About 0.1 ms per font, once.
    private func directShapingAgreesWithHarfBuzz() -> Bool {
        for (text, script) in Self.probes {
            let units = Array(text.utf16)
            let agrees = units.withUnsafeBufferPointer { buf -> Bool in
                var hb = ShapedUnits(count: units.count)
                shape(buf, range: 0..<units.count, script: script, into: &hb)
                var packed = [Int32](repeating: 0, count: 2 * units.count)
                let outcome = packed.withUnsafeMutableBufferPointer { p in
                    shapeDirectly(buf, range: 0..<units.count, script: script, packed: p.baseAddress!)
                }
                switch outcome {
                case .harfBuzz, .stored:
                    return true  // not shaped here (or not into `packed`): nothing to compare
                case .simple, .ligatures:
                    for u in 0..<units.count where packed[2 * u] != hb.packed[2 * u] || packed[2 * u + 1] >> 2 != hb.packed[2 * u + 1] >> 2 {
                        return false
                    }
                    return true
                }
            }
            if !agrees { return false }
        }
        return true
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        advanceTable?.deallocate()
        bytes.deallocate()
    }

    /// Whether the font's cmap maps `scalar` (≥ U+10000) to a glyph.
    override func coversBeyondBMP(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    /// Shapes `text[range]` (UTF-16; the rest of `text` is context) as one run of `script`,
    /// left to right, with kerning and ligatures. For each glyph, at the index of its cluster
    /// (the UTF-16 offset of its first character, relative to `range`), adds to `out.advances` its
    /// advance, what positioning added to it (its kerning with the next glyph), in font units, and
    /// whether HarfBuzz marks it unsafe to break before.
    override func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: UInt32, into out: inout ShapedUnits) {
        HarfBuzzBuffers.with { buffer in
            // The script's own direction: Arabic and Hebrew shape right to left (joining forms,
            // lam-alef ligatures and mark positions depend on it); advances per cluster are the
            // same in either glyph order.
            let direction = hb_script_get_horizontal_direction(hb_script_t(rawValue: script))
            shape(buffer, text, range: range, rightToLeft: direction == HB_DIRECTION_RTL, script: hb_script_t(rawValue: script))
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
            for g in 0..<Int(count) {
                let cluster = Int(infos[g].cluster) - range.lowerBound
                guard cluster >= 0 && cluster < out.count else { continue }
                let advance = positions[g].x_advance
                let nominal = hb_font_get_glyph_h_advance(hbFont, infos[g].codepoint)
                let unsafe = hb_glyph_info_get_glyph_flags(infos + g).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
                out.add(cluster, advance: advance, kerning: advance &- nominal, unsafe: unsafe)
            }
        }
    }

    /// Shapes `text[range]` into `buffer` with this font (the text around the range is its
    /// context): right to left or not, in `script` (nil: HarfBuzz guesses it), default-ignorable
    /// characters (ZWSP, ZWJ, joiners, bidi marks, soft hyphens, variation selectors) removed rather
    /// than shown as a zero-advance space — a hidden glyph would still differ from its nominal
    /// advance, which reads as kerning taken back at a line's end. Shared by measuring and drawing.
    func shape(_ buffer: OpaquePointer, _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool,
               script: hb_script_t?) {
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: hb_buffer_get_flags(buffer).rawValue
            | HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue))
        hb_shape(hbFont, buffer, nil, 0)
    }

    /// Shapes `text[range]` (one code unit per cluster, one script) straight from the font's
    /// tables when that gives exactly what `shape` would, writing the same per-code-unit values
    /// into `packed` (2 × `range.count`, laid out as `ShapedRun.packed`). See `DirectShaper`.
    override func shapeDirectly(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: UInt32,
                                packed: UnsafeMutablePointer<Int32>, ems: DirectShaper.Ems? = nil) -> DirectShaper.Outcome {
        guard let unretainedDirect else { return .harfBuzz }
        return unretainedDirect._withUnsafeGuaranteedRef { $0.shape(text, range: range, script: script, packed: packed, ems: ems) }
    }

    override func wordTraitsTable() -> [UInt8]? {
        guard let direct, Preparer.isFixedPointScale(metrics.unitsPerEm) else { return nil }
        return direct.wordTraitsTable()
    }

    override func unitAdvances() -> [UInt16]? {
        guard let direct, Preparer.isFixedPointScale(metrics.unitsPerEm) else { return nil }
        return direct.unitAdvances()
    }

    /// The advance (font units) of the glyph the cmap gives `scalar`, or 0 if it has none.
    override func nominalAdvance(_ scalar: UInt32) -> Int32 {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 else { return 0 }
        return hb_font_get_glyph_h_advance(hbFont, glyph)
    }

    /// The Unicode script of `scalar` (an ISO 15924 tag as HarfBuzz encodes it).
    static func script(of scalar: UInt32) -> UInt32 {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar).rawValue
    }

    static let commonScript = HB_SCRIPT_COMMON.rawValue
    static let inheritedScript = HB_SCRIPT_INHERITED.rawValue
    static let unknownScript = HB_SCRIPT_UNKNOWN.rawValue
}

/// What a colour bitmap face's HarfBuzz advance function reads: its strike advances by glyph.
private struct BitmapAdvances {
    let base: UnsafeMutablePointer<Int32>
    let count: Int
}
