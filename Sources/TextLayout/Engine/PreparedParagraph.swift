import Synchronization

/// The width-independent half of text layout: a text cut into grapheme clusters, each with its
/// advance, its kind, its font and whether a line may break after it.
///
/// Built once per (text, font chain) by `Preparer` (shaping, breaking); then `LineBreaker` lays
/// it out at any width and size with arithmetic only. Advances are in ems (font units /
/// unitsPerEm), so one preparation serves every font size.
///
/// Storage is struct-of-arrays — about 23 bytes per grapheme cluster and 2 per code unit — in a
/// single allocation (`ClusterStorage`): a cold preparation allocates once for all of them, not
/// once per array, and dropping a cached paragraph frees one block. The buffers are written only
/// while `Preparer` builds the paragraph; afterwards it is immutable (it is shared through
/// `PreparedBox`), which is what makes the unchecked `Sendable` sound.
struct PreparedParagraph: @unchecked Sendable {
    /// What a grapheme cluster is, for line breaking.
    enum Kind: UInt8, Sendable {
        /// Anything visible.
        case text
        /// White space that hangs at the end of a line (never wraps, never counts in the width).
        case space
        /// A hard line break (`\n`, `\r\n`, `\r`, U+2028, U+2029, VT, FF, NEL): ends its line.
        case newline
    }

    /// A run's vertical extent, in ems of the style's size: × the size gives points.
    struct LineMetric: Hashable, Sendable {
        var ascent: Double
        var descent: Double
        var leading: Double
    }

    /// The text as given.
    var text: String = ""
    /// Owns the memory the buffers below point into (nil for an empty paragraph).
    var storage: ClusterStorage?
    /// The text, in UTF-16 code units.
    var utf16: UnsafeMutableBufferPointer<UInt16>
    /// Cluster `i` covers code units `ends[i - 1] ..< ends[i]` (from 0 for the first).
    var ends: UnsafeMutableBufferPointer<Int32>
    /// Each cluster's advance in ems.
    var advances: UnsafeMutableBufferPointer<Double>
    /// What to add to a cluster's advance when a line ends right after it: the kerning it got
    /// from the cluster after it, taken back (ems).
    var breakAdjust: UnsafeMutableBufferPointer<Double>
    /// Each cluster's kind.
    var kinds: UnsafeMutableBufferPointer<Kind>
    /// Whether UAX #14 allows a soft line break after each cluster.
    var breakAfter: UnsafeMutableBufferPointer<Bool>
    /// Each cluster's font, as an index into `metrics`.
    var fonts: UnsafeMutableBufferPointer<UInt8>
    /// The vertical metrics of each font of the chain (index 0 = the primary font).
    var metrics: [FontMetrics]
    /// For an attributed text (`AttributedPreparer`): per font index, the line metrics of a run
    /// in its own font, size and baseline offset, in ems of the style's size; a line's height
    /// comes from these, and the primary font no longer counts on every line. Empty for plain text.
    var lineMetrics: [LineMetric] = [] {
        didSet {
            let storage = LineMetricStorage(lineMetrics)
            lineMetricStorage = storage
            lineMetricsBuffer = storage.buffer
        }
    }
    /// `lineMetrics` in memory of its own, for `LineHeights` to read through a pointer.
    private(set) var lineMetricStorage: LineMetricStorage?
    private(set) var lineMetricsBuffer = UnsafeMutableBufferPointer<LineMetric>(start: nil, count: 0)
    /// Whether every cluster uses font 0 (lets line heights skip a scan).
    var singleFont: Bool
    /// Whether the text has a character that can make a run right to left (Hebrew, Arabic and
    /// the other right-to-left scripts, and the explicit right-to-left marks): only then are its
    /// lines reordered by UAX #9.
    var hasRightToLeft = false
    /// Up to 8 characters (the first of their clusters) that no font of the chain has: they are
    /// measured as the font's missing-glyph box, which a warning should say.
    var uncovered: [UInt32] = []
    /// What preparing the text let pass with a substitute (an attributed run's unknown font).
    var warnings: [String] = []
    /// Whether every advance and adjustment is a whole number of font units over a power-of-two
    /// units per em (at most 65,536) — so all of them are multiples of 2⁻¹⁶ below 2¹⁶ and, for
    /// fewer than 2¹⁵ clusters, every sum of them is exact (see `buildSegments`). Set by
    /// `Preparer`; false (check every value) for paragraphs built otherwise.
    var fixedPoint = false
    /// Whether `buildSegments` may store positions even when their sums are not exact (an
    /// attributed text, which is never compared with a running-sum form of itself).
    var inexactPositions = false
    /// Where the font changes (when `singleFont` is false): run k starts at cluster
    /// `fontRunStarts[k]` and uses font `fontRunFonts[k]` (`noFont` for hard breaks, which need
    /// no glyph), so a line's fonts are found per run, not per cluster.
    var fontRunStarts = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var fontRunFonts = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    static let noFont: UInt8 = 255
    /// Word-level sums for fast line breaking (see `buildSegments()`).
    var segments = Segments()
    /// The advance of "…" in ems, and its font.
    var ellipsisAdvance: Double
    var ellipsisFont: UInt8

    /// The number of grapheme clusters.
    var count: Int { ends.count }

    /// The first code unit of cluster `i`.
    @inline(__always) func start(_ i: Int) -> Int { i == 0 ? 0 : Int(ends[i - 1]) }

    /// An empty paragraph with the given primary metrics.
    static func empty(metrics: [FontMetrics]) -> PreparedParagraph {
        PreparedParagraph(storage: nil, utf16: .init(start: nil, count: 0), ends: .init(start: nil, count: 0),
                          advances: .init(start: nil, count: 0), breakAdjust: .init(start: nil, count: 0),
                          kinds: .init(start: nil, count: 0), breakAfter: .init(start: nil, count: 0),
                          fonts: .init(start: nil, count: 0), metrics: metrics, singleFont: true,
                          ellipsisAdvance: 0, ellipsisFont: 0)
    }

    /// Gives the paragraph storage for `units` code units and up to `units` clusters: `utf16`
    /// (all `units`) and `ends` (`units + 1`, for ICU's answer) are uninitialised; the per-cluster
    /// buffers are sized by `setClusterCount(_:)`.
    mutating func allocate(units: Int) {
        let s = ClusterStorage.make(units: units)
        utf16 = UnsafeMutableBufferPointer(start: s.utf16, count: units)
        ends = UnsafeMutableBufferPointer(start: s.ends, count: units + 1)
        // (Moved in last: kept in a local past the store, the new object was retained — its first
        // atomic operation, which waits for the memory just written, often not yet in the cache.)
        storage = consume s
    }

    /// Fixes the number of clusters (≤ the code units) once `ends` holds them, and zeroes the
    /// per-cluster buffers — unless `zeroed` is false: the caller then writes every value of
    /// every cluster itself (`Preparer.classifySimple`).
    mutating func setClusterCount(_ n: Int, zeroed: Bool = true) {
        guard let s = storage else { return }
        ends = UnsafeMutableBufferPointer(start: s.ends, count: n)
        advances = UnsafeMutableBufferPointer(start: s.advances, count: n)
        breakAdjust = UnsafeMutableBufferPointer(start: s.breakAdjust, count: n)
        kinds = UnsafeMutableBufferPointer(start: s.kinds, count: n)
        breakAfter = UnsafeMutableBufferPointer(start: s.breakAfter, count: n)
        fonts = UnsafeMutableBufferPointer(start: s.fonts, count: n)
        guard zeroed else { return }
        advances.initialize(repeating: 0)
        breakAdjust.initialize(repeating: 0)
        kinds.initialize(repeating: .text)
        breakAfter.initialize(repeating: false)
        fonts.initialize(repeating: 0)
    }

    /// Joins neighbouring clusters so that they end where `ends` (the text's own grapheme
    /// boundaries, a subset of the current ones) says: advances add up, a joined cluster keeps its
    /// first piece's kind and font and its last piece's break adjustment. Nothing happens when
    /// the boundaries are the same, or when `ends` is not a subset of them.
    mutating func joinClusters(to wanted: [Int32]) {
        let n = count
        guard wanted.count < n, wanted.last == ends.last else { return }
        // Every wanted end must be a current end (checked before anything is written).
        var k = 0
        for i in 0..<n where k < wanted.count && ends[i] == wanted[k] { k += 1 }
        guard k == wanted.count else { return }
        // Copies of the per-cluster values: the buffers are rewritten in place, front to back.
        let oldEnds = Array(ends), adv = Array(advances), adj = Array(breakAdjust), kind = Array(kinds), font = Array(fonts)
        var i = 0
        for (j, end) in wanted.enumerated() {
            var a = adv[i], kd = kind[i]
            let f = font[i]
            while oldEnds[i] < end {
                i += 1
                a += adv[i]
                if kd != .text && kind[i] == .text { kd = .text }
            }
            ends[j] = end
            advances[j] = a
            breakAdjust[j] = adj[i]
            kinds[j] = kd
            fonts[j] = f
            i += 1
        }
        let m = wanted.count
        ends = UnsafeMutableBufferPointer(rebasing: ends[0..<m])
        advances = UnsafeMutableBufferPointer(rebasing: advances[0..<m])
        breakAdjust = UnsafeMutableBufferPointer(rebasing: breakAdjust[0..<m])
        kinds = UnsafeMutableBufferPointer(rebasing: kinds[0..<m])
        breakAfter = UnsafeMutableBufferPointer(rebasing: breakAfter[0..<m])
        fonts = UnsafeMutableBufferPointer(rebasing: fonts[0..<m])
    }

    /// A paragraph from per-cluster arrays (for tests and tools; `Preparer` writes in place).
    static func make(utf16: [UInt16], ends: [Int32], advances: [Double], breakAdjust: [Double], kinds: [Kind],
                     breakAfter: [Bool], fonts: [UInt8], metrics: [FontMetrics]) -> PreparedParagraph {
        var p = PreparedParagraph.empty(metrics: metrics)
        guard !utf16.isEmpty else { return p }
        p.allocate(units: utf16.count)
        _ = p.utf16.initialize(from: utf16)
        _ = p.ends.initialize(from: ends)
        p.setClusterCount(ends.count)
        _ = p.advances.initialize(from: advances)
        _ = p.breakAdjust.initialize(from: breakAdjust)
        _ = p.kinds.initialize(from: kinds)
        _ = p.breakAfter.initialize(from: breakAfter)
        _ = p.fonts.initialize(from: fonts)
        p.singleFont = !fonts.contains { $0 != 0 }
        p.buildSegments()
        return p
    }

    /// Approximate memory held, in bytes.
    var byteCount: Int { text.utf8.count + (storage?.byteCount ?? 0) + (segments.storage?.byteCount ?? 0) + 96 }
}

/// The memory of a prepared paragraph's buffers: code units, then per cluster its end, advance,
/// break adjustment, kind, break flag and font — one allocation, freed with the paragraph.
/// (Not `Sendable` itself, as no `ManagedBuffer` is: its holder is — `PreparedParagraph`, whose
/// buffers are written while it is built and only read once it is shared.)
final class ClusterStorage: ManagedBuffer<ClusterStorage.Layout, UInt64> {
    /// Where each buffer lives in the object's tail (8-byte fields first, for alignment).
    struct Layout {
        let byteCount: Int
        let ends: UnsafeMutablePointer<Int32>
        let advances: UnsafeMutablePointer<Double>
        let breakAdjust: UnsafeMutablePointer<Double>
        let utf16: UnsafeMutablePointer<UInt16>
        let kinds: UnsafeMutablePointer<PreparedParagraph.Kind>
        let breakAfter: UnsafeMutablePointer<Bool>
        let fonts: UnsafeMutablePointer<UInt8>
    }

    /// Room for `units` code units and as many clusters, in the object itself: one allocation
    /// (an object and a block of its own were two mallocs and two frees a paragraph).
    static func make(units: Int) -> ClusterStorage {
        let n = Swift.max(units, 1)
        let doubles = 2 * 8 * n, ints = 4 * (n + 1), shorts = 2 * n, bytes = 3 * n
        let byteCount = doubles + ints + shorts + bytes
        let made = create(minimumCapacity: (byteCount + 7) / 8) { buffer in
            buffer.withUnsafeMutablePointerToElements { elements in
                let base = UnsafeMutableRawPointer(elements)
                let b = base + doubles + ints + shorts
                return Layout(byteCount: byteCount,
                              ends: (base + doubles).bindMemory(to: Int32.self, capacity: n + 1),
                              advances: base.bindMemory(to: Double.self, capacity: n),
                              breakAdjust: (base + 8 * n).bindMemory(to: Double.self, capacity: n),
                              utf16: (base + doubles + ints).bindMemory(to: UInt16.self, capacity: n),
                              kinds: b.bindMemory(to: PreparedParagraph.Kind.self, capacity: n),
                              breakAfter: (b + n).bindMemory(to: Bool.self, capacity: n),
                              fonts: (b + 2 * n).bindMemory(to: UInt8.self, capacity: n))
            }
        }
        return unsafeDowncast(made, to: ClusterStorage.self)
    }

    var byteCount: Int { header.byteCount }
    var ends: UnsafeMutablePointer<Int32> { header.ends }
    var advances: UnsafeMutablePointer<Double> { header.advances }
    var breakAdjust: UnsafeMutablePointer<Double> { header.breakAdjust }
    var utf16: UnsafeMutablePointer<UInt16> { header.utf16 }
    var kinds: UnsafeMutablePointer<PreparedParagraph.Kind> { header.kinds }
    var breakAfter: UnsafeMutablePointer<Bool> { header.breakAfter }
    var fonts: UnsafeMutablePointer<UInt8> { header.fonts }
}

extension UnsafeMutableBufferPointer {
    /// `Array`'s spelling, so code reads a prepared paragraph's buffers as it read its arrays.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(self))
    }

    /// `Array`'s spelling (writes go to the shared memory: only while the paragraph is built).
    @inline(__always)
    func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        var copy = self
        return try body(&copy)
    }
}

/// A prepared paragraph behind one reference: caches, `PreparedText` and layouts share it with
/// a single reference count instead of one per array, and read it in place (a `let`, so no
/// exclusivity checks and no copies).
/// (Unchecked: its two kept values are written once, by the one thread that claims the slot,
/// before their state publishes them with a releasing store; every read follows an acquiring
/// load that saw them published.)
final class PreparedBox: @unchecked Sendable {
    let paragraph: PreparedParagraph
    /// The line heights a style's rules gave this paragraph, kept by the first text the cache
    /// handed the box out to again (`PreparedText.init(box:style:sharedBox:)`): a feed's names,
    /// times and sources come back on post after post, each worked its two fonts' line heights
    /// out again. Written once (the first thread to claim it), then only read.
    /// (Kept in the box, not in memory of their own: an allocation on the first reuse made a
    /// repeated measurement allocate where it allocated nothing — which libFuzzer takes for a
    /// leak, and checks the whole heap for after every such input.)
    @exclusivity(unchecked) private var keptHeights: LineHeights? = nil
    /// Whether `keptHeights` is kept (`Kept`).
    private let heightsState = Atomic<UInt8>(0)

    /// Likewise its natural measurement (no width) under a style, kept by the first text handed
    /// the box out again to measure so.
    /// (A placeholder until `naturalState` says it is kept: read in place, never copied whole.)
    @exclusivity(unchecked) private var keptNatural = NaturalMeasurement(style: TextStyle(),
                                                                         measurement: TextMeasurement(size: .zero, lineCount: 0, truncated: false))
    private let naturalState = Atomic<UInt8>(0)

    /// A measurement and the style it was made with.
    private struct NaturalMeasurement {
        var style: TextStyle
        var measurement: TextMeasurement
    }

    /// A kept value's state: nothing kept, being written by the thread that claimed it, kept.
    private enum Kept {
        static let writing: UInt8 = 1, done: UInt8 = 2

        /// Whether the value behind `state` is kept (and may be read).
        @inline(__always)
        static func isDone(_ state: borrowing Atomic<UInt8>) -> Bool { state.load(ordering: .acquiring) == done }

        /// Claims the value behind `state` for this thread to write, if nothing is kept and no
        /// other thread claimed it first.
        @inline(__always)
        static func claim(_ state: borrowing Atomic<UInt8>) -> Bool {
            state.load(ordering: .relaxed) == 0 && state.compareExchange(expected: 0, desired: writing, ordering: .acquiring).exchanged
        }

        /// Publishes the value the claiming thread wrote.
        @inline(__always)
        static func publish(_ state: borrowing Atomic<UInt8>) { state.store(done, ordering: .releasing) }
    }

    init(_ paragraph: PreparedParagraph) { self.paragraph = paragraph }

    /// The natural measurement kept for `style`, if the kept one was made with an equal style.
    @inline(__always)
    func naturalMeasurement(for style: UnsafePointer<TextStyle>) -> TextMeasurement? {
        guard Kept.isDone(naturalState) else { return nil }
        // (The kept style read where it is, through its address: a copy would retain its font name.)
        let same = withUnsafeMutablePointer(to: &keptNatural.style) { TextStyle.sameLayout(UnsafePointer($0), style) }
        return same ? keptNatural.measurement : nil
    }

    /// Keeps `measurement`, this paragraph's natural one under `style`, unless one is kept already.
    func keep(natural measurement: TextMeasurement, for style: UnsafePointer<TextStyle>) {
        guard Kept.claim(naturalState) else { return }
        keptNatural = NaturalMeasurement(style: style.pointee, measurement: measurement)
        Kept.publish(naturalState)
    }

    /// The line heights kept for `style`'s rules, if the kept ones are for the same rules.
    @inline(__always)
    func heights(for style: borrowing TextStyle) -> LineHeights? {
        guard Kept.isDone(heightsState), let kept = keptHeights, kept.follows(style) else { return nil }
        return kept
    }

    /// Keeps `heights` (worked out for this paragraph), unless some are kept already.
    func keep(_ heights: LineHeights) {
        guard Kept.claim(heightsState) else { return }
        keptHeights = heights
        Kept.publish(heightsState)
    }
}

/// The memory of a paragraph's `lineMetrics`, freed with it.
final class LineMetricStorage: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<PreparedParagraph.LineMetric>

    init(_ metrics: [PreparedParagraph.LineMetric]) {
        buffer = .allocate(capacity: metrics.count)
        _ = buffer.initialize(from: metrics)
    }

    deinit { buffer.deallocate() }
}
