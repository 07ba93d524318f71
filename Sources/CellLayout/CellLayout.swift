#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutGeometry
import Synchronization
import TextLayout

/// Lays out composed cells: a tree of `CellElement`s at a width → every element's frame.
///
/// The algorithm is CSS flexbox's (css-flexbox-1 §9) for the subset `CellElement` models:
/// flex base sizes from `basis`, the fixed size or the content's max-content size; greedy line
/// breaking when a stack wraps; flexible lengths resolved with min/max freezing; line cross sizes
/// (first baselines included); `align-content: normal` (lines stretch); stretch, then
/// `justify-content` and `align-items`. Texts are measured with the text engine; their frame is
/// their bounding rect. Content the host measures (`CellElement.Kind.custom`) is asked for its
/// size through `customMeasure`.
///
/// A value: safe to use from several threads at once (the text engine is).
public struct CellLayout: Sendable {
    /// Measures texts; nil when the trees hold no text (a text then fails with an error).
    public var textEngine: TextEngine?
    /// Measures `.custom` elements: `(key, width)` → size, where width nil means "as wide as it
    /// likes". Nil when the trees hold none.
    public var customMeasure: (@Sendable (_ key: Int, _ width: Double?) throws -> Size)?
    /// Where a text's first baseline lies, for `firstBaseline` alignment: `.exact` (the default)
    /// or `.css`.
    public var baselines: BaselinePlacement = .exact
    /// The direction a root with none of its own lays out in (the app's
    /// `userInterfaceLayoutDirection`): `.leftToRight` by default.
    public var layoutDirection: CellLayoutDirection = .leftToRight

    /// Where a text's first baseline lies below the top of its lines.
    public enum BaselinePlacement: String, Sendable, CaseIterable {
        /// The primary font's ascent (plus half its line gap), unrounded — as UIKit's
        /// `firstBaselineAnchor` of a label.
        case exact
        /// As browsers place it (Chromium): the ascent and descent rounded to whole points, the
        /// half-leading (the line height less their sum, halved) rounded down, the baseline at the
        /// rounded ascent plus that — for layouts compared with, or drawn by, a web view.
        case css
    }

    /// A layout measuring texts with `textEngine`.
    public init(textEngine: TextEngine?, customMeasure: (@Sendable (_ key: Int, _ width: Double?) throws -> Size)? = nil,
                baselines: BaselinePlacement = .exact, layoutDirection: CellLayoutDirection = .leftToRight) {
        self.textEngine = textEngine
        self.customMeasure = customMeasure
        self.baselines = baselines
        self.layoutDirection = layoutDirection
    }

    /// Empties what every thread keeps of the cells it laid out, for any layout: the trees'
    /// shapes, the skeletons of tree structures, and the layouts of stacks of boxes and spacers
    /// (each bounded: a few hundred entries a thread). Each thread empties its own the next time
    /// it lays a cell out. With `TextEngine.clearCaches()`, what a cold start measures
    /// (`Layouter.clearCaches()` calls both). Safe to call from any thread, during layouts.
    public static func clearCaches() {
        SolverScratch.forgetTables()
    }

    /// Lays `root` out at `width` (the row's content width; nil = as wide as its content): the root
    /// is as wide as `width` unless it has a width of its own, and as tall as its content unless it
    /// has a height of its own.
    public func arrange(_ root: CellElement, width: Double?) throws(CellLayoutError) -> CellArrangement {
        var solver = FlexSolver(root: root, layout: self)
        return try solver.withScratch { (s) throws(CellLayoutError) in try s.arrange(width: width) }
    }

    /// `arrange(_:width:)` with each text's style replaced by `textStyles[k]` for the k-th text of
    /// the tree in tree order (a parent before its children, an overlay's base before its layer,
    /// hidden texts counted): a spec's tree laid out with its resolved styles without rebuilding it.
    package func arrange(_ root: CellElement, width: Double?, textStyles: [TextStyle]) throws(CellLayoutError) -> CellArrangement {
        var solver = FlexSolver(root: root, layout: self, textStyles: textStyles)
        return try solver.withScratch { (s) throws(CellLayoutError) in try s.arrange(width: width) }
    }

    /// Prepares `root` for layout at any width: the tree is read once, every visible text is
    /// prepared (shaped, its breaks found) and the elements' intrinsic sizes (what they measure
    /// at an unbounded width: flex base sizes from content, max-content layouts) are worked out
    /// and kept; `PreparedCell.arrange(width:)` then only lays out, starting from them — the
    /// same frames as `arrange(_:width:)`, to the bit. What a feed keeps per row so that a
    /// rotation or a new width does not measure text again.
    public func prepare(_ root: CellElement) throws(CellLayoutError) -> PreparedCell {
        var solver = FlexSolver(root: root, layout: self)
        try solver.prepareTexts()
        try solver.keepIntrinsics()
        return PreparedCell(solver: consume solver)
    }

    /// `prepare(_:)` with the texts' styles given in tree order, as `arrange(_:width:textStyles:)`.
    package func prepare(_ root: CellElement, textStyles: [TextStyle]) throws(CellLayoutError) -> PreparedCell {
        var solver = FlexSolver(root: root, layout: self, textStyles: textStyles)
        try solver.prepareTexts()
        try solver.keepIntrinsics()
        return PreparedCell(solver: consume solver)
    }

    /// `prepare(_:textStyles:)` and the first arrangement at `width` in one go: the measurements
    /// that arrangement makes at an unbounded width — and those of rows laid out the same wider,
    /// at their exact widths — are the ones kept with the cell (no layout at max-content first),
    /// so that later widths start from them.
    package func prepare(_ root: CellElement, textStyles: [TextStyle], arrangingAt width: Double?,
                         frames: Bool) throws(CellLayoutError) -> (cell: PreparedCell, arrangement: CellArrangement) {
        try withUnsafePointer(to: root) { root throws(CellLayoutError) in
            try prepare(rootAt: root, textStyles: textStyles, arrangingAt: width, frames: frames)
        }
    }

    /// `prepare(_:textStyles:arrangingAt:frames:)` with the tree read where it is (a tree kept by
    /// a decoded spec: no copy of it, which retains each of its parts).
    /// `structure`: the tree's, when its maker names one (`CellStructure`), lent (the maker keeps
    /// it alive: every row of a template shares it, and retaining it from each core made its
    /// count travel between them); `texts`: its texts, when its maker read them (`StructureTexts`).
    package func prepare(rootAt root: UnsafePointer<CellElement>, textStyles: [TextStyle], arrangingAt width: Double?,
                         frames: Bool, structure: Unmanaged<CellStructure>? = nil,
                         texts: StructureTexts? = nil) throws(CellLayoutError) -> (cell: PreparedCell, arrangement: CellArrangement) {
        var solver = FlexSolver(rootAt: root, layout: self, textStyles: textStyles, structure: structure, texts: texts)
        try solver.prepareTexts()
        // The first layout is the kept solver's own, its measurements forgotten afterwards (a
        // copy of the solver to lay out retained each of its dozen parts, and its text slots
        // again when the layout wrote to them: about 50 atomic counts per post of a feed). It
        // keeps no intrinsic sizes: the cell's next layout does (`withFreshSolver`), if it has one.
        let arrangement = try solver.withScratch { (s) throws(CellLayoutError) in
            try s.arrange(width: width, frames: frames)
        }
        solver.forgetLayout()
        return (PreparedCell(solver: consume solver), arrangement)
    }

    /// The root's size when it may be at most `fittingWidth` wide (nil: as wide as it likes): its
    /// own width if it has one, else its fit-content width (a self-sizing grid item).
    public func size(of root: CellElement, fittingWidth: Double?) throws(CellLayoutError) -> Size {
        var solver = FlexSolver(root: root, layout: self)
        return try solver.withScratch { (s) throws(CellLayoutError) in try s.fittingSize(width: fittingWidth) }
    }

    /// The root's size at `width` without building frames (what a self-sizing row needs).
    public func size(of root: CellElement, width: Double?) throws(CellLayoutError) -> Size {
        var solver = FlexSolver(root: root, layout: self)
        return try solver.withScratch { (s) throws(CellLayoutError) in try s.rootSize(width: width) }
    }
}

/// A composed cell read and its texts prepared (`CellLayout.prepare(_:)`): lays the cell out at
/// any width without measuring its texts again. A value, safe to share between threads.
public struct PreparedCell: Sendable {
    /// The prepared solver, boxed: a copy of a prepared cell (a cache handing it out) is one
    /// reference, not the solver's dozen.
    fileprivate final class Storage: Sendable {
        /// What a layout of the cell reads late — the longest text's words' sums, its paragraph
        /// and its slot — as (address, length) pairs (plain
        /// values: only ever prefetched, never read through): asked for when a layout starts,
        /// so that their cache misses overlap the flexbox work before them. A feed's cells are
        /// cold at a new width; prefetching the post text's sums alone took its line breaking
        /// from 10 % of a prepared cell's layout to 4 %.
        let memory: (UInt, Int, UInt, Int, UInt, Int)
        /// The tree object's own first bytes (its arrays' addresses and the kept sizes': three
        /// cache lines, the last read first by every measurement, which waited on it).
        let treeObject: UInt
        let solver: FlexSolver

        init(_ solver: consuming FlexSolver) {
            self.solver = consume solver
            func range(_ r: UnsafeRawBufferPointer) -> (UInt, Int) { (UInt(bitPattern: r.baseAddress), r.count) }
            // (The longest text's: a cell's short texts — a name, a time — are rarely measured
            // again at a new width, their max-content sizes kept. Asking for all of every text
            // filled the processor's miss buffers, and the prefetches then waited.)
            var longest = (words: (UInt(0), 0), paragraph: (UInt(0), 0), slot: (UInt(0), 0))
            // (Its slot and its prepared text — what measuring it reads first — read in place: a
            // copy of a prepared text retains its parts.)
            let prepared = self.solver.preparedTexts
            self.solver.textSlots.withUnsafeBufferPointer { slots in
                prepared.withUnsafeBufferPointer { texts in
                    for i in slots.indices where slots[i].isPrepared {
                        let words = slots[i].wordsMemory
                        guard words.1 > longest.words.1 else { continue }
                        let at = Int(slots[i].preparedAt)
                        longest = (words, slots[i].paragraphMemory,
                                   range(UnsafeRawBufferPointer(start: texts.baseAddress.unsafelyUnwrapped + at,
                                                                count: MemoryLayout<PreparedText>.stride)))
                    }
                }
            }
            let slots = longest.slot
            memory = (longest.words.0, longest.words.1, longest.paragraph.0, longest.paragraph.1, slots.0, slots.1)
            treeObject = UInt(bitPattern: Unmanaged.passUnretained(self.solver.tree).toOpaque())
        }

        /// How much of the tree object is asked for (a prefetch past its end is harmless).
        static let treeObjectBytes = 192

        /// Asks for the tree object, `memory` and the kept intrinsic sizes (`Prefetch`).
        func prefetch() {
            Prefetch.range(treeObject, Self.treeObjectBytes)
            Prefetch.range(memory.0, memory.1)
            Prefetch.range(memory.2, memory.3)
            Prefetch.range(memory.4, memory.5)
            let kept = solver.tree.kept.memory
            Prefetch.range(UInt(bitPattern: kept.baseAddress), kept.count)
        }
    }
    fileprivate let storage: Storage
    var solver: FlexSolver { storage.solver }

    init(solver: consuming FlexSolver) { storage = Storage(consume solver) }

    /// The UTF-16 code units of its visible texts (what keeping it costs, roughly).
    public var textUnits: Int { solver.textUnits }

    /// Whether a layout has kept the cell's intrinsic sizes (the first after the one that
    /// prepared it does, when there is something to keep).
    package var keepsIntrinsicSizes: Bool { solver.tree.hasKept }

    /// The cell as a retained opaque reference, for a host that keeps it in an atomic slot
    /// (`init(unretained:)` reads it back; `release(_:)` gives the reference up).
    package func retainedReference() -> UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passRetained(storage).toOpaque()) }

    /// The cell a `retainedReference()` stands for (the reference stays the holder's).
    package init(unretained reference: UnsafeRawPointer) {
        storage = Unmanaged<Storage>.fromOpaque(reference).takeUnretainedValue()
    }

    /// Gives up a `retainedReference()`.
    package static func release(_ reference: UnsafeRawPointer) { Unmanaged<Storage>.fromOpaque(reference).release() }

    /// The frames at `width`, as `CellLayout.arrange(_:width:)` gives them.
    public func arrange(width: Double?) throws(CellLayoutError) -> CellArrangement {
        try withFreshSolver { s throws(CellLayoutError) in try s.arrange(width: width) }
    }

    /// The arrangement at `width` without its frames (`frames` empty): the size, the overflowing
    /// stacks and the texts with missing characters, for a caller that only needs the height.
    package func arrangeWithoutFrames(width: Double?) throws(CellLayoutError) -> CellArrangement {
        try withFreshSolver { s throws(CellLayoutError) in try s.arrange(width: width, frames: false) }
    }

    /// The root's size at `width`, as `CellLayout.size(of:width:)` gives it.
    public func size(width: Double?) throws(CellLayoutError) -> Size {
        // (No frames and no overflows: a row kept from another width answers for this one.)
        try withFreshSolver { s throws(CellLayoutError) in try s.rootSize(width: width, keptAnswersWider: true) }
    }

    /// `body` on a copy of the solver (the tree and the texts shared) with empty measurement
    /// slots, in this thread's scratch buffers.
    private func withFreshSolver<R>(_ body: (inout FlexSolver) throws(CellLayoutError) -> R) throws(CellLayoutError) -> R {
        try storage.withFreshSolver(body)
    }

    /// `arrange(width:)` (or `arrangeWithoutFrames(width:)`, `frames` false) of the cell a
    /// `retainedReference()` stands for, without taking a reference of its own: a feed's kept
    /// cells are cold at a new width, and the atomic count of taking one waited for the cell's
    /// memory with nothing else able to go on.
    package static func arrange(unretained reference: UnsafeRawPointer, width: Double?, frames: Bool) throws(CellLayoutError) -> CellArrangement {
        var result: CellArrangement? = nil, failure: CellLayoutError? = nil
        Unmanaged<Storage>.fromOpaque(reference)._withUnsafeGuaranteedRef { storage in
            do throws(CellLayoutError) {
                result = try storage.withFreshSolver { s throws(CellLayoutError) in try s.arrange(width: width, frames: frames) }
            } catch {
                failure = error
            }
        }
        if let result { return result }
        throw failure ?? CellLayoutError(path: [], message: "the cell was not laid out")
    }
}

extension PreparedCell.Storage {
    /// `body` on a copy of the solver (the tree and the texts shared) with empty measurement
    /// slots, in this thread's scratch buffers.
    fileprivate func withFreshSolver<R>(_ body: (inout FlexSolver) throws(CellLayoutError) -> R) throws(CellLayoutError) -> R {
        prefetch()
        var s = solver
        let scratch = SolverScratch.current
        s.adoptScratch(scratch)
        defer { s.returnScratch(scratch) }
        guard !s.tree.hasKept else { return try body(&s) }
        // The cell's first layout after the one that prepared it (a second width, frames after a
        // height) keeps what it measures at an unbounded width for every later one: a cell laid
        // out once — most of a cold feed's — never pays for keeping them.
        return try s.keepingIntrinsics(body)
    }
}

/// One thread's buffers for laying prepared cells out (a solver's measurement slots and rects),
/// reused from cell to cell: allocating and zeroing them for each of a feed's cells cost about
/// as much as a tenth of laying it out. Kept per thread (a POSIX thread-specific value, freed with
/// the thread) and bounded: buffers grown past `maximumSlots` slots are not kept.
final class SolverScratch {
    var slots: [FlexSolver.Slot] = []
    var rects: [Rect] = []
    /// The generation of the last layout that took `slots` (`FlexSolver.adoptScratch`).
    var generation: UInt32 = 1
    /// What a layout keeping a cell's intrinsic sizes on this thread records (taken while in use:
    /// a cell laid out inside another's layout — a custom measurer laying one out — gets its own).
    private var recorder: IntrinsicRecorder? = IntrinsicRecorder()

    /// This thread's recorder, emptied (a new one if it is in use).
    func takeRecorder() -> IntrinsicRecorder {
        guard let kept = recorder else { return IntrinsicRecorder() }
        recorder = nil
        kept.removeAll()
        return kept
    }

    /// Hands a recorder back for the next cell prepared on this thread.
    func giveBack(_ kept: IntrinsicRecorder) {
        if recorder == nil { recorder = kept }
    }
    /// The tree shapes this thread built lately (trees of one shape share them).
    let shapes = ShapeTable()
    /// The skeletons of the tree structures this thread flattened lately.
    let skeletons = SkeletonTable()
    /// The stacks of boxes and spacers this thread laid out lately.
    let leafStacks = LeafStackMemo()
    /// The arrays the last tree built on this thread filled and did not keep, for the next one.
    var builder = FlexTree.Builder.Buffers()

    /// The most slots a kept buffer may hold (two per element: a 4,096-element tree's).
    static let maximumSlots = 8_192

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<SolverScratch>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// This thread's buffers (its tables emptied first if `forgetTables()` was called since it
    /// last looked).
    static var current: SolverScratch {
        let scratch = installed
        let epoch = tablesEpoch.load(ordering: .relaxed)
        if _slowPath(scratch.epoch != epoch) {
            scratch.shapes.removeAll()
            scratch.skeletons.removeAll()
            scratch.leafStacks.removeAll()
            scratch.epoch = epoch
        }
        return scratch
    }

    /// This thread's buffers as they are (made if the thread has none).
    static var installed: SolverScratch {
        if let pointer = pthread_getspecific(key) { return Unmanaged<SolverScratch>.fromOpaque(pointer).takeUnretainedValue() }
        let scratch = SolverScratch()
        pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        return scratch
    }

    /// Counts `forgetTables()` calls: a thread whose scratch saw another count empties its tables.
    private static let tablesEpoch = Atomic<Int>(0)
    /// The count this thread's tables were last emptied at (or made at).
    private var epoch = tablesEpoch.load(ordering: .relaxed)

    /// Empties every thread's tables of shapes, skeletons and leaf-stack layouts — each thread
    /// when it next lays a cell out (they are the thread's own, read without a lock): what they
    /// hold is then made afresh, as in a new process. `Layouter.clearCaches()` calls it.
    static func forgetTables() {
        tablesEpoch.wrappingAdd(1, ordering: .relaxed)
    }
}

/// A size constraint on one axis.
enum Dim: Hashable {
    /// The size is decided: exactly this.
    case exact(Double)
    /// As large as the content, but no larger than this (CSS's fit-content).
    case atMost(Double)
    /// As large as the content (max-content).
    case unbounded

    var exactValue: Double? {
        if case .exact(let v) = self { return v }
        return nil
    }

    var limit: Double? {
        switch self {
        case .exact(let v), .atMost(let v): return v
        case .unbounded: return nil
        }
    }

    /// The same constraint less `amount` (padding), never below 0.
    func inset(_ amount: Double) -> Dim {
        switch self {
        case .exact(let v): return .exact(max(0, v - amount))
        case .atMost(let v): return .atMost(max(0, v - amount))
        case .unbounded: return .unbounded
        }
    }

    /// Exact becomes at-most: the room a child may use without being forced to fill it.
    var loosened: Dim {
        if case .exact(let v) = self { return .atMost(v) }
        return self
    }
}

@inline(__always)
func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
    // As in CSS, the minimum wins when it is larger than the maximum.
    max(lo, min(v, hi))
}
