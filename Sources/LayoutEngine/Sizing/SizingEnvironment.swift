import CellLayout
import Synchronization
import TableLayout
import TextLayout

/// What every table of one `compute` call shares: the layouter's text engine (thread-safe, with its
/// caches, loaded on first use so a spec that measures no text never needs the fonts), the fonts
/// already checked, the title metrics, and the results of nested tables (fresh for every call:
/// they are keyed by the identity of this call's content).
final class SizingEnvironment: Sendable {
    /// This call's number, unique in the process (`RowContent.Resolved.premeasured`: a height
    /// found in one call is never taken in another, whose settings may differ).
    let call = SizingEnvironment.calls.wrappingAdd(1, ordering: .relaxed).newValue
    private static let calls = Atomic<UInt64>(0)
    let titleMetrics: TitleMetrics
    let tableMetrics: TableMetrics
    let nestedResults: NestedResultCache
    let cellArrangements = CellArrangementCache()
    /// The composed table header and footer views resolved in this call, by their path: the one
    /// object per view that the caches above may key by its address, alive until the call ends
    /// (a view resolved again and freed could hand its address to another view's content).
    let composedViews = EngineLock<[String: RowContent.Resolved]>([:])
    /// Warnings found while sizing (overflowing stacks, characters no font has, runs' unknown
    /// fonts): the first 100 distinct ones, and a count of the distinct ones. The rows of a
    /// generated run share one path, so the same message comes once, not once per row.
    private let cellWarnings = EngineLock<(messages: [String], count: Int, seen: Set<String>)>(([], 0, []))

    func warn(_ message: String) {
        cellWarnings.withLock {
            // (Past 10,000 distinct messages they are counted without being told apart: bounded memory.)
            if $0.seen.count < 10_000 { guard $0.seen.insert(message).inserted else { return } }
            $0.count += 1
            if $0.messages.count < 100 { $0.messages.append(message) }
        }
    }

    /// How many distinct warnings were recorded so far in this call.
    var warningCount: Int { cellWarnings.withLock { $0.count } }

    /// The warnings recorded so far, in a stable order (sizing runs on several threads).
    func takeWarnings() -> [String] {
        cellWarnings.withLock { state in
            var out = state.messages.sorted()
            if state.count > state.messages.count { out.append("… and \(state.count - state.messages.count) more warnings like these") }
            state = ([], 0, [])
            return out
        }
    }
    private let fonts: Layouter.Fonts
    private let checkedFonts = EngineLock<[String: String?]>([:])

    /// Whether composed cells' frames will be asked for (full detail, drawn cells): when not,
    /// sizing a row lays its cell out without building frames.
    let wantsCellFrames: Bool

    /// How composed cells are laid out: where they put a text's first baseline and the direction
    /// of a layout root that gives none (the top-level spec's `baselines` and `layoutDirection`).
    let cellSettings: CellSettings

    /// A composed-cell layout with this call's engine, baseline placement and direction.
    func cellLayout(_ engine: TextEngine?) -> CellLayout {
        CellLayout(textEngine: engine, baselines: cellSettings.baselines, layoutDirection: cellSettings.direction)
    }

    init(fonts: Layouter.Fonts, titleMetrics: TitleMetrics = .standard, tableMetrics: TableMetrics = .standard,
         wantsCellFrames: Bool = true, cellSettings: CellSettings = CellSettings()) {
        self.fonts = fonts
        self.cellSettings = cellSettings
        self.wantsCellFrames = wantsCellFrames
        self.titleMetrics = titleMetrics
        self.tableMetrics = tableMetrics
        self.nestedResults = NestedResultCache()
    }

    /// Composed cells prepared with this engine, kept by the layouter across calls.
    var preparedCells: PreparedCellCache { fonts.preparedCells }
    var resolvedSections: ResolvedSectionCache { fonts.resolvedSections }

    /// The text engine (the layouter's, loaded on first use).
    func engine() throws(TextLayoutError) -> TextEngine {
        try fonts.engine()
    }

    /// Checks once per font name that `font` can be loaded; answers the problem, or nil.
    /// The fonts an attributed text's runs name: a name nobody has is a warning at
    /// `path[i].font` (the engine measures that run in the text style's font), an unusable font
    /// file an error there.
    func checkRunFonts(_ text: AttributedText?, path: String) throws(ComputeError) {
        try checkRunFonts(text) { "\(path)[\($0)].font" }
    }

    /// The same, with the place of run i written by `location` (a composed cell's text, whose
    /// path the tree walk does not know: "rows[3].layout (run 1 of a text)").
    func checkRunFonts(_ text: AttributedText?, location: (Int) -> String) throws(ComputeError) {
        for (i, run) in (text?.runs ?? []).enumerated() {
            guard let font = run.font, let problem = problem(withFont: font) else { continue }
            if problem.hasPrefix("unknown font") {
                warn("\(location(i)): \(problem); the run is measured in the text style's font")
            } else {
                throw .measurement(path: location(i), message: problem)
            }
        }
    }

    func problem(withFont font: String) -> String? {
        if let known = checkedFonts.withLock({ $0[font] }) { return known }
        let problem: String?
        do throws(TextLayoutError) {
            _ = try engine().metrics(of: font)
            problem = nil
        } catch {
            problem = error.description
        }
        checkedFonts.withLock { $0[font] = problem }
        return problem
    }
}

/// The layouts of nested tables, by row content and width: computed while sizing the row and
/// reported in the row's `nested` field. Bounded: past `capacity` entries it starts over.
///
/// Entries keep their owner (the row's or item's resolved content) alive: the content of a nested
/// table's rows is freed when that table's computation ends, and an address freed while its entry
/// stayed could be handed to another row's content, which would then find this row's layout.
final class NestedResultCache: Sendable {
    struct Key: Hashable {
        var content: ObjectIdentifier
        var width: Double
        /// The table or grid inside a composed cell (its `custom` key), or −1: the row's own.
        var element: Int
    }

    static let capacity = 4096
    private let entries = EngineLock<[Key: (result: ComputeResult, owner: any CacheOwner)]>([:])

    func result(for content: RowContent.Resolved, width: Double) -> ComputeResult? {
        result(for: content, width: width, element: -1)
    }

    func store(_ result: ComputeResult, for content: RowContent.Resolved, width: Double) {
        store(result, for: content, width: width, element: -1)
    }

    /// A layout filed under `owner` (a row's or item's resolved content): its own nested table
    /// (`element` −1) or one inside its composed cell.
    func result(for owner: any CacheOwner, width: Double, element: Int) -> ComputeResult? {
        entries.withLock { $0[Key(content: ObjectIdentifier(owner), width: width, element: element)]?.result }
    }

    func store(_ result: ComputeResult, for owner: any CacheOwner, width: Double, element: Int) {
        entries.withLock {
            if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
            $0[Key(content: ObjectIdentifier(owner), width: width, element: element)] = (result, owner)
        }
    }
}

/// What the per-call caches key by: an object whose address identifies it while they keep it.
typealias CacheOwner = AnyObject & Sendable

/// Composed cells already laid out in one compute call, by resolved content and width: identical
/// cells (a template with the same data, which share one resolved payload) are laid out once.
/// Bounded: past `capacity` entries it starts over.
final class CellArrangementCache: Sendable {
    struct Key: Hashable, Sendable {
        var content: ObjectIdentifier
        var width: Double
    }

    /// An arrangement, whether it has its frames (a row's height needs none), and the content it
    /// was made for, kept alive so that its address is not reused while the entry stands (a nested
    /// table's rows are freed when its computation ends).
    struct Entry: Sendable {
        var arrangement: CellArrangement
        var framed: Bool
        var owner: any CacheOwner
    }

    static let capacity = 16_384
    private let entries = EngineLock<[Key: Entry]>([:])

    func arrangement(for key: Key) -> Entry? {
        entries.withLock { $0[key] }
    }

    func store(_ arrangement: CellArrangement, framed: Bool, for key: Key, owner: any CacheOwner) {
        entries.withLock {
            if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = Entry(arrangement: arrangement, framed: framed, owner: owner)
        }
    }
}

/// What a computation's composed cells are laid out with, beyond their trees: a prepared cell or a
/// resolved section is kept for one such setting (the same decoded spec computed with another
/// placement or direction is laid out again).
struct CellSettings: Hashable, Sendable {
    /// Where a text's first baseline lies (the top-level spec's `baselines`).
    var baselines: CellLayout.BaselinePlacement = .exact
    /// The direction of a layout root that gives none (the top-level spec's `layoutDirection`).
    var direction: CellLayoutDirection = .leftToRight
}
