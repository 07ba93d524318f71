import Foundation
import LayoutGeometry

/// Measures multi-line text the way UIKit lays it out, on FreeType, HarfBuzz and ICU.
///
/// Phase contract (measure, then arrange — all of it synchronous, on the caller's thread):
/// 1. **Prepare** (width-independent; MUST happen once per text and font): the text is split into
///    grapheme clusters and UAX #14 break opportunities (ICU), each cluster gets the first font of
///    the fallback chain that covers it, and each run of one font and script is shaped: plain text
///    straight from the font's tables (`DirectShaper`, HarfBuzz's exact answer), anything else with
///    HarfBuzz — or from the shared, bounded shape cache of its words. Advances are stored in ems,
///    so the result serves every size. `prepare(_:style:)` returns it as a `PreparedText`.
/// 2. **Lay out** (width-dependent; arithmetic only, no shaping): greedy line breaking, line
///    limit and truncation, line heights and spacing, pixel rounding. `PreparedText.layout(width:)`.
///
/// `measure(_:style:width:)` does both and keeps prepared paragraphs in a bounded cache, so
/// measuring the same text again at another width does not shape it again.
///
/// Thread safety: an engine is `Sendable`; any number of threads MAY measure at once. Fonts are
/// immutable once loaded and resolved chains are read without a lock; the caches are behind
/// locks (`Locked`: spin briefly, then sleep), the paragraph cache in 8 shards; ICU iterators
/// are per thread.
public final class TextEngine: Sendable {
    /// Limits of the engine's caches.
    public struct Configuration: Sendable, Hashable {
        /// Shaped words (segments) kept per generation; two generations are kept.
        public var shapeCacheEntries: Int
        /// UTF-16 code units of prepared paragraphs kept per generation; two generations are kept.
        /// 0 turns the paragraph cache off (every measurement prepares again, from cached words).
        public var paragraphCacheUnits: Int
        /// Whether runs of plain text (Latin, Greek, Cyrillic, CJK, kana; no combining marks) are
        /// shaped straight from the font's cmap, hmtx, GSUB ligatures and GPOS pair kerning
        /// instead of by HarfBuzz. The answer is the same to the font unit (the fast path steps
        /// aside whenever it cannot prove that); `false` sends every run to HarfBuzz.
        public var directShaping: Bool
        /// Whether paragraphs of plain text are prepared word by word from the shape cache's
        /// words (each word's advances and sums kept once shaped; the answer is the same to the
        /// bit). `false` shapes every run and sums every cluster, as a first paragraph does.
        public var wordCache: Bool = true
        /// How many paragraphs an engine prepares plainly, after it is made or its caches are
        /// emptied, before it takes the word path (filling the word cache costs a paragraph more
        /// than it saves until words repeat). 0: from the first paragraph.
        public var wordCacheWarmUp: Int = 64

        /// Whether a font name that is in none of the engine's directories resolves through
        /// fontconfig (the system's fonts: "DejaVu Serif", "Noto Sans Arabic"). Only a family
        /// fontconfig really has is taken (never its substitute for an unknown name). Default on.
        public var systemFontNames: Bool = true
        /// What the fallback chain holds after a text's font: the engine's directories' fonts
        /// (`.bundled`, the default: the same answers on every machine) or those and then the
        /// system's fonts in fontconfig's order (`.system`, as Pango does: a server with Noto fonts
        /// installed gets Devanagari, Thai and Arabic from them).
        public var fallback: FontFallback = .bundled

        /// The defaults: 65,536 shaped words and 1 M code units of prepared paragraphs per
        /// generation (together at most about 90 MB; `cacheStatistics` reports the actual figure),
        /// direct shaping on.
        public init(shapeCacheEntries: Int = 65_536, paragraphCacheUnits: Int = 1 << 20, directShaping: Bool = true) {
            self.shapeCacheEntries = shapeCacheEntries
            self.paragraphCacheUnits = paragraphCacheUnits
            self.directShaping = directShaping
        }
    }

    /// The font directory used for names and fallback, if any (the first of `fontDirectories`).
    public var fontDirectory: String? { registry.directory }
    /// The font directories used for names and fallback, in the order they are searched.
    public var fontDirectories: [String] { registry.directories }

    let registry: FontRegistry
    let shapeCache: ShapeCache
    let paragraphs: ParagraphCache
    let directShaping: Bool
    let wordCache: Bool

    /// Creates an engine whose font names resolve in `fontDirectory` (and whose fallback chain is
    /// that directory's fonts). With `nil`, fonts must be given as paths and have no fallback.
    public convenience init(fontDirectory: String?, configuration: Configuration = Configuration()) throws(TextLayoutError) {
        try self.init(fontDirectories: fontDirectory.map { [$0] } ?? [], configuration: configuration)
    }

    /// Creates an engine whose font names resolve in `fontDirectories`, searched in order, and whose
    /// fallback chain is their fonts in that order: `[appFonts, TextEngine.bundledFontDirectory()!]`
    /// puts an app's own fonts in front of the bundled ones.
    /// An engine on faces made in code (`GlyphSource` subclasses: a test's fake fonts) instead of
    /// font files: a style names a face by its family name; the fallback chain is the named face,
    /// then the others in the order given.
    init(faces: [GlyphSource], configuration: Configuration = Configuration()) throws(TextLayoutError) {
        if let problem = UnicodeBreaks.problem { throw .unicodeDataUnavailable(reason: problem) }
        registry = FontRegistry(faces: faces)
        shapeCache = ShapeCache(capacity: configuration.shapeCacheEntries, wordWarmUp: configuration.wordCacheWarmUp)
        paragraphs = ParagraphCache(capacityUnits: configuration.paragraphCacheUnits)
        directShaping = configuration.directShaping
        wordCache = configuration.wordCache
    }

    public init(fontDirectories: [String], configuration: Configuration = Configuration()) throws(TextLayoutError) {
        if let problem = UnicodeBreaks.problem { throw .unicodeDataUnavailable(reason: problem) }
        registry = try FontRegistry(directories: fontDirectories, systemNames: configuration.systemFontNames,
                                    systemFallback: configuration.fallback == .system)
        shapeCache = ShapeCache(capacity: configuration.shapeCacheEntries, wordWarmUp: configuration.wordCacheWarmUp)
        paragraphs = ParagraphCache(capacityUnits: configuration.paragraphCacheUnits)
        directShaping = configuration.directShaping
        wordCache = configuration.wordCache
    }

    /// An engine on the package's bundled fonts (`Fonts/`): DejaVu Sans (+ Bold) and WenQuanYi
    /// Micro Hei. Looks in `$LAYOUT_FONTS_DIR`, then beside and above the executable, then in the
    /// source checkout this module was built from.
    public static func bundled(configuration: Configuration = Configuration()) throws(TextLayoutError) -> TextEngine {
        guard let dir = bundledFontDirectory() else {
            throw .fontDirectoryUnavailable(path: "Fonts/ (set LAYOUT_FONTS_DIR to the directory holding the bundled fonts)")
        }
        return try TextEngine(fontDirectory: dir, configuration: configuration)
    }

    /// An engine on the fonts of `directory` in front of the bundled fonts: names resolve in `directory`
    /// first, and its fonts come first in the fallback chain, so text they do not cover (Chinese, say)
    /// still finds the bundled fonts. What the CLI's `--fonts DIR` does. Where the bundled fonts
    /// cannot be found, the engine has `directory` alone.
    public static func bundled(adding directory: String, configuration: Configuration = Configuration()) throws(TextLayoutError) -> TextEngine {
        guard let dir = bundledFontDirectory() else {
            return try TextEngine(fontDirectories: [directory], configuration: configuration)
        }
        let same = URL(fileURLWithPath: directory).standardizedFileURL.path == URL(fileURLWithPath: dir).standardizedFileURL.path
        return try TextEngine(fontDirectories: same ? [dir] : [directory, dir], configuration: configuration)
    }

    /// Where the bundled fonts are, if they can be found.
    public static func bundledFontDirectory() -> String? {
        let fm = FileManager.default
        func ok(_ d: String) -> Bool { fm.fileExists(atPath: (d as NSString).appendingPathComponent("DejaVuSans.ttf")) }
        if let env = ProcessInfo.processInfo.environment["LAYOUT_FONTS_DIR"], ok(env) { return env }
        var candidates: [String] = []
        var dir = (CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? "") as NSString
        for _ in 0..<6 {
            dir = dir.deletingLastPathComponent as NSString
            candidates.append(dir.appendingPathComponent("Fonts"))
        }
        var src = #filePath as NSString  // Sources/TextLayout/Engine/TextEngine.swift
        for _ in 0..<4 { src = src.deletingLastPathComponent as NSString }
        candidates.append(src.appendingPathComponent("Fonts"))
        return candidates.first(where: ok)
    }

    /// Prepares `text` in `style.font` (and its fallbacks): the width-independent work.
    public func prepare(_ text: String, style: TextStyle) throws(TextLayoutError) -> PreparedText {
        try style.validate()
        guard paragraphs.isEnabled else {
            let chain = try registry.chain(for: style.font)
            return PreparedText(box: PreparedBox(Preparer.prepare(text, chain: chain, cache: shapeCache, direct: directShaping, words: wordCache)), style: style)
        }
        let key = ParagraphCache.Key(font: style.font, text: text)
        if let p = paragraphs.get(key) { return PreparedText(box: p, style: style, sharedBox: true) }
        // Only a text the cache does not hold needs the font chain (a hit was prepared with it).
        let p = try registry.withChain(for: style.font) { chain in
            PreparedBox(Preparer.prepare(text, chain: chain, cache: shapeCache, direct: directShaping, words: wordCache))
        }
        paragraphs.put(key, p)
        return PreparedText(box: p, style: style)
    }

    /// Prepares an attributed text (`AttributedText`): runs take the style's font and size unless
    /// they give their own; the paragraph settings are the style's. A text whose runs are all
    /// plain is prepared as its joined string. Cached like a plain text.
    ///
    /// The preparation is for `style.size`: laid out with another size (by setting `style` on the
    /// result), every run scales in proportion.
    public func prepare(_ text: AttributedText, style: TextStyle) throws(TextLayoutError) -> PreparedText {
        try style.validate()
        try text.validate()
        let string = text.string
        if text.isPlain { return try prepare(string, style: style) }
        let build = { () throws(TextLayoutError) -> PreparedBox in
            PreparedBox(try AttributedPreparer.prepare(text, string: string, style: style, registry: self.registry,
                                                        cache: self.shapeCache, direct: self.directShaping))
        }
        guard paragraphs.isEnabled else { return PreparedText(box: try build(), style: style) }
        let key = ParagraphCache.Key(font: AttributedPreparer.cacheKey(text, style: style), text: string)
        if let p = paragraphs.get(key) { return PreparedText(box: p, style: style) }
        let p = try build()
        paragraphs.put(key, p)
        return PreparedText(box: p, style: style)
    }

    /// Measures an attributed text in `style` at `width` points (nil or 0 = unlimited): every
    /// line's range (in the code units of `text.string`), text and width.
    public func measure(_ text: AttributedText, style: TextStyle, width: Double?) throws(TextLayoutError) -> TextLayoutResult {
        try prepare(text, style: style).layout(width: width)
    }

    /// The size of an attributed text at `width`, without building its lines.
    public func size(of text: AttributedText, style: TextStyle, width: Double?) throws(TextLayoutError) -> TextMeasurement {
        try prepare(text, style: style).measure(width: width)
    }

    /// Measures `text` in `style` at `width` points (nil or 0 = unlimited: one line per paragraph).
    public func measure(_ text: String, style: TextStyle, width: Double?) throws(TextLayoutError) -> TextLayoutResult {
        try prepare(text, style: style).layout(width: width)
    }

    /// The size of `text` in `style` at `width` (nil or 0 = unlimited), without building its
    /// lines: the same `size`, line count and `truncated` as `measure`, for less work.
    public func size(of text: String, style: TextStyle, width: Double?) throws(TextLayoutError) -> TextMeasurement {
        try prepare(text, style: style).measure(width: width)
    }

    /// The vertical metrics of the font a style names.
    public func metrics(of font: String) throws(TextLayoutError) -> FontMetrics {
        try registry.face(for: font).metrics
    }

    /// The family name inside the font file a name or path resolves to.
    public func familyName(of font: String) throws(TextLayoutError) -> String {
        try registry.face(for: font).familyName
    }

    /// Empties the caches (fonts stay loaded). For cold-start measurements.
    public func clearCaches() {
        shapeCache.removeAll()
        paragraphs.removeAll()
    }

    /// How much the caches hold now.
    public var cacheStatistics: CacheStatistics {
        let s = shapeCache.statistics, p = paragraphs.statistics, w = shapeCache.words.statistics
        return CacheStatistics(shapedRuns: s.entries, shapedRunBytes: s.bytes,
                               paragraphs: p.entries, paragraphBytes: p.bytes, words: w.entries, wordBytes: w.bytes)
    }
}

/// Which fonts a text falls back to when its own does not cover a character.
public enum FontFallback: String, Hashable, Sendable, CaseIterable {
    /// The engine's font directories (the bundled fonts, and any added with `--fonts`).
    case bundled
    /// Those, then the system's fonts in fontconfig's order.
    case system
}

/// What an engine's caches hold (entries and estimated bytes).
public struct CacheStatistics: Sendable, Hashable {
    public var shapedRuns: Int
    public var shapedRunBytes: Int
    public var paragraphs: Int
    public var paragraphBytes: Int
    /// Words of plain text kept with their advances and sums (a paragraph made of known words
    /// is prepared without shaping), and the bytes their tables take.
    public var words: Int = 0
    public var wordBytes: Int = 0
    /// Estimated bytes of the caches together.
    public var totalBytes: Int { shapedRunBytes + paragraphBytes + wordBytes }
}

/// A text prepared for layout in a font: shaped and segmented, ready to be laid out at any width
/// (and any size of the same font) with arithmetic only.
public struct PreparedText: Sendable {
    let box: PreparedBox
    /// The prepared data.
    var paragraph: PreparedParagraph { box.paragraph }
    /// The style used by `layout(width:)` and `measure(width:)`.
    public var style: TextStyle {
        get { storedStyle }
        set {
            storedStyle = newValue
            (heights, styleError) = Self.plan(box, newValue)
        }
    }
    /// (Stored without observers, so that `measure(at:)` can read it where it is.)
    private var storedStyle: TextStyle
    /// What `style` means for this text, worked out when it is set rather than at every layout:
    /// its line heights, or why it is invalid (`TextStyle.validate()`).
    private var heights: LineHeights
    private var styleError: TextLayoutError?
    /// Whether the paragraph came from the cache again (others may hold it too): its natural
    /// measurement is then looked up in the box, and kept there the first time
    /// (`PreparedBox.naturalMeasurement(for:)`).
    private let sharedBox: Bool

    /// `sharedBox`: a paragraph the cache handed out again (its line heights are then looked up
    /// in the box, and kept there the first time: `PreparedBox.heights(for:)`).
    init(box: PreparedBox, style: TextStyle, sharedBox: Bool = false) {
        let (h, e) = Self.plan(box, style, sharedBox: sharedBox)
        self.box = box
        storedStyle = style
        heights = h
        styleError = e
        self.sharedBox = sharedBox
    }

    private static func plan(_ box: PreparedBox, _ style: TextStyle, sharedBox: Bool = false) -> (LineHeights, TextLayoutError?) {
        do throws(TextLayoutError) {
            try style.validate()
            guard sharedBox else { return (LineHeights(box, style), nil) }
            if let kept = box.heights(for: style) { return (kept, nil) }
            let heights = LineHeights(box, style)
            box.keep(heights)
            return (heights, nil)
        } catch {
            return (LineHeights(primaryOf: box, style), error)  // never used
        }
    }

    /// The text's length in UTF-16 code units.
    public var utf16Count: Int { paragraph.utf16.count }

    /// The memory breaking the text into lines reads (its words' sums: one block), for a caller
    /// to prefetch ahead of measuring (`Prefetch.range`). Valid while this text lives.
    package var lineBreakingMemory: UnsafeRawBufferPointer {
        paragraph.segments.storage?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// The object holding the prepared paragraph's fields (what measuring reads before the
    /// words' sums), for a caller to prefetch. Valid while this text lives.
    package var paragraphMemory: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: Unmanaged.passUnretained(box).toOpaque(), count: 16 + MemoryLayout<PreparedParagraph>.size)
    }

    /// Characters no font of the fallback chain has (up to 8), as `TextLayoutResult.missingCharacters`.
    public var missingCharacters: [Unicode.Scalar] { paragraph.uncovered.compactMap(Unicode.Scalar.init) }

    /// Whether some character has no font in the fallback chain (`missingCharacters` is not empty),
    /// without building the list.
    public var hasMissingCharacters: Bool { !paragraph.uncovered.isEmpty }

    /// What preparing let pass with a substitute, as `TextLayoutResult.warnings`.
    public var warnings: [String] { paragraph.warnings }

    /// Lays the text out at `width` points (nil or 0 = unlimited). Throws only for a width that
    /// is negative, NaN or infinite, or a style that fails `TextStyle.validate()`.
    public func layout(width: Double?) throws(TextLayoutError) -> TextLayoutResult {
        if let width, !(width.isFinite && width >= 0) {
            throw .invalidParameter(field: "width", value: "\(width)", requirement: "must be a finite number ≥ 0 (0 = unlimited)")
        }
        try style.validate()
        return TextLayouter(box, style: style).layout(width: width)
    }

    /// The size at `width` points (nil or 0 = unlimited) without building lines: arithmetic over
    /// the prepared words, the fast path for row heights. Same checks as `layout(width:)`.
    public func measure(width: Double?) throws(TextLayoutError) -> TextMeasurement {
        if let width, !(width.isFinite && width >= 0) {
            throw .invalidParameter(field: "width", value: "\(width)", requirement: "must be a finite number ≥ 0 (0 = unlimited)")
        }
        if let styleError { throw styleError }
        return TextLayouter.measure(box, style: style, heights: heights, width: width)
    }

    /// Where `storedStyle` is in a prepared text (a stored property without observers has an offset).
    private static let styleOffset = MemoryLayout<PreparedText>.offset(of: \PreparedText.storedStyle).unsafelyUnwrapped

    /// `measure(width:)` of the prepared text at `text`, read where it is: a caller keeping
    /// prepared texts in its own storage measures one without copying it (a copy retains its
    /// parts and releases them; a method called on a text in memory the call might change is
    /// called on a copy).
    package static func measure(at text: UnsafePointer<PreparedText>, width: Double?) throws(TextLayoutError) -> TextMeasurement {
        if let width, !(width.isFinite && width >= 0) {
            throw .invalidParameter(field: "width", value: "\(width)", requirement: "must be a finite number ≥ 0 (0 = unlimited)")
        }
        if _slowPath(text.pointee.styleError != nil) { throw text.pointee.styleError.unsafelyUnwrapped }
        // (The style's address, not the style: passed by value, it would be copied.)
        let style = (UnsafeRawPointer(text) + styleOffset).assumingMemoryBound(to: TextStyle.self)
        // A shared paragraph's natural size: a feed's names, times and sources are measured so on every post.
        guard width == nil, text.pointee.sharedBox else {
            return TextLayouter.measure(text.pointee.box, style: style, heights: text.pointee.heights, width: width)
        }
        if let kept = text.pointee.box.naturalMeasurement(for: style) { return kept }
        let measured = TextLayouter.measure(text.pointee.box, style: style, heights: text.pointee.heights, width: nil)
        text.pointee.box.keep(natural: measured, for: style)
        return measured
    }

    /// Whether `.justified` alignment stretches a line of this text at `width` points (nil or 0 =
    /// unlimited): a line, among those `style.numberOfLines` shows, that is neither the last of its
    /// paragraph nor the last shown, and has something to widen — a space before its last visible
    /// character, or an ideograph beside another character (CSS's expansion opportunities, which
    /// Chromium widens; a line that is one word broken inside has none).
    package func hasJustifiedLine(width: Double?) -> Bool {
        let p = box.paragraph
        guard p.count > 0 else { return false }
        let breaker = LineBreaker(box, width: width, size: style.size, anywhere: style.lineBreakMode == .charWrap)
        let spans = breaker.lines(limit: style.numberOfLines).spans
        for span in spans.dropLast() where !span.hardBreak {
            // The line's visible clusters: its trailing spaces hang.
            var end = span.end
            while end > span.start && p.kinds[end - 1] != .text { end -= 1 }
            var sawText = false
            for i in span.start..<end {
                if p.kinds[i] == .space && sawText { return true }
                if p.kinds[i] == .text {
                    // An ideograph (a cluster of one CJK code unit) beside another cluster on the line.
                    let u = p.utf16[p.start(i)]
                    if Self.isIdeograph(u) && end - span.start > 1 { return true }
                    sawText = true
                }
            }
        }
        return false
    }

    /// CJK ideographs and the kana, Hangul and CJK symbols Chromium's justification widens around.
    static func isIdeograph(_ u: UInt16) -> Bool {
        (0x3000...0x9FFF).contains(u) || (0xAC00...0xD7A3).contains(u) || (0xF900...0xFAFF).contains(u) || (0xFF00...0xFFEF).contains(u)
    }

    /// `measure(width:)` with every line counted, whatever `style.numberOfLines` says (the lines
    /// a limit would cut laid out as the style's line break mode lays lines no limit cuts): the
    /// text's min-content width for a layout that, as CSS's line clamp, sizes a box from all its
    /// content.
    package func measureEveryLine(width: Double?) throws(TextLayoutError) -> TextMeasurement {
        guard style.numberOfLines != 0 else { return try measure(width: width) }
        var unlimited = self
        unlimited.style.numberOfLines = 0
        return try unlimited.measure(width: width)
    }
}
