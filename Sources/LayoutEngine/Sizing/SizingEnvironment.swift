import Synchronization
import TableLayout
import TextLayout

/// What every table of one `compute` call shares: one text engine (thread-safe, with its caches),
/// the fonts already checked, the title metrics, and the results of nested tables.
///
/// The engine is created on first use, so a spec that measures no text never needs the fonts.
final class SizingEnvironment: Sendable {
    let fontDirectory: String?
    let titleMetrics: TitleMetrics
    let tableMetrics: TableMetrics
    let nestedResults: NestedResultCache
    private let engineState = Mutex<Result<TextEngine, TextLayoutError>?>(nil)
    private let checkedFonts = Mutex<[String: String?]>([:])

    init(fontDirectory: String?, titleMetrics: TitleMetrics = .standard, tableMetrics: TableMetrics = .standard) {
        self.fontDirectory = fontDirectory
        self.titleMetrics = titleMetrics
        self.tableMetrics = tableMetrics
        self.nestedResults = NestedResultCache()
    }

    /// The text engine (created on first use: the fonts of `fontDirectory` in front of the bundled fonts).
    func engine() throws(TextLayoutError) -> TextEngine {
        let result = engineState.withLock { state -> Result<TextEngine, TextLayoutError> in
            if let state { return state }
            let made: Result<TextEngine, TextLayoutError>
            do throws(TextLayoutError) {
                if let fontDirectory {
                    made = .success(try TextEngine.bundled(adding: fontDirectory))
                } else {
                    made = .success(try TextEngine.bundled())
                }
            } catch {
                made = .failure(error)
            }
            state = made
            return made
        }
        return try result.get()
    }

    /// Checks once per font name that `font` can be loaded; answers the problem, or nil.
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
final class NestedResultCache: Sendable {
    struct Key: Hashable {
        var content: ObjectIdentifier
        var width: Double
    }

    static let capacity = 4096
    private let entries = Mutex<[Key: ComputeResult]>([:])

    func result(for content: RowContent.Resolved, width: Double) -> ComputeResult? {
        entries.withLock { $0[Key(content: ObjectIdentifier(content), width: width)] }
    }

    func store(_ result: ComputeResult, for content: RowContent.Resolved, width: Double) {
        entries.withLock {
            if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
            $0[Key(content: ObjectIdentifier(content), width: width)] = result
        }
    }
}
