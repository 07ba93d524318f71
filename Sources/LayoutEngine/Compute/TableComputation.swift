import LayoutGeometry
import Synchronization
import TableLayout
import TextLayout

/// Lays out one table spec (the top-level one, or one nested in a row) with `TableLayout`.
///
/// Phase contract: (1) **build** — the spec's sections become the engine's count-based runs
/// (a run of identical rows is one payload shared by all of them; a `cycle` run is one engine
/// run per row, sharing one payload per cycle entry), fonts are checked, and rows without
/// estimates are measured; (2) **first layout** — with `estimatedRowHeight` > 0, the rows in the
/// viewport are measured; (3) **updates** — each batch is applied with UIKit's semantics, a
/// refused one ends the computation with its reason and the batch's path; the viewport is laid
/// out again; (4) **queries** in order (a `visibleAt` measures the rows it shows, a `scrollToRow`
/// the row it scrolls to); (5) **result** — the geometry as it stands after the queries.
struct TableComputation {
    let spec: TableSpec
    /// Text styles visible to this table (its own over its ancestors' over the built-ins).
    let scope: TextStyleScope
    let environment: SizingEnvironment
    /// Prefix of every JSON path in messages: "" at the top level, "sections[0].rows[3].table." when nested.
    let path: String
    let options: ComputeOptions
    /// Composed-cell payloads already resolved, so rows sharing one decoded layout share one payload.
    let layoutPayloads = LayoutPayloadMemo()
    /// Set when a row resolved for the engine gives an `estimatedHeight` (not modelled yet: a
    /// warning says so) — noted while each row is read anyway, rather than by a pass over all rows.
    let sawEstimatedHeight = Flag()

    /// A flag any thread may raise.
    final class Flag: Sendable {
        private let raised = Atomic<Bool>(false)
        func raise() { raised.store(true, ordering: .relaxed) }
        var isRaised: Bool { raised.load(ordering: .relaxed) }
    }

    init(spec: TableSpec, scope: TextStyleScope, environment: SizingEnvironment, path: String, options: ComputeOptions) {
        self.spec = spec
        self.scope = scope.adding(spec.textStyles)
        self.environment = environment
        self.path = path
        self.options = options
    }

    var scale: PixelScale { PixelScale(spec.scale ?? 2) }
    var width: Double { spec.width ?? 375 }

    /// Runs every phase and returns the result.
    func run() throws(ComputeError) -> ComputeResult {
        let clock = ContinuousClock()
        var timings: [PhaseTiming] = []
        var mark = clock.now
        func lap(_ phase: String) {
            let now = clock.now
            timings.append(PhaseTiming(phase: phase, seconds: Self.seconds(now - mark)))
            mark = now
        }

        var warnings: [String] = []
        var table = try build(warnings: &warnings)
        lap("build and measure")
        let viewport = spec.viewport
        try layoutViewport(&table, offset: viewport.offset)
        for (i, batch) in spec.updates.enumerated() {
            let batchPath = path + "updates[\(i)]"
            let engineBatch = try self.batch(batch, path: batchPath)
            do throws(EngineError) {
                try table.apply(engineBatch)
            } catch {
                if case .invalidUpdate(let reason) = error { throw .invalidUpdate(path: batchPath, reason: reason) }
                throw .measurement(path: batchPath, message: error.description)
            }
        }
        if !spec.updates.isEmpty {
            try layoutViewport(&table, offset: viewport.offset)
            lap("updates")
        }
        // Every query is answered on the final layout: a query may lay rows out (scrolling to an
        // estimated row, a viewport at another offset), which can move rows other answers name, so
        // the queries run again until a pass lays nothing new out (contract, "Queries").
        var answers = try answerQueries(&table)
        for _ in 0..<4 where !spec.queries.isEmpty {
            let before = (table.contentSize, table.estimatedElementCount)
            let again = try answerQueries(&table)
            let settled = before == (table.contentSize, table.estimatedElementCount) && again == answers
            answers = again
            if settled { break }
        }
        lap("queries")
        var result = try geometry(of: table)
        result.queries = answers
        result.warnings = warnings
        if path.isEmpty { result.warnings += environment.takeWarnings() }
        if options.analyzesEstimation, spec.estimatedRowHeight > 0 {
            result.estimation = try estimation(of: table)
            lap("estimation analysis (measure all)")
        }
        lap("result")
        result.timings = timings
        return result
    }

    /// With estimates on, measures the rows in the viewport at `offset` (as a scrolling table does).
    func layoutViewport(_ table: inout EngineTable, offset: Double) throws(ComputeError) {
        guard spec.estimatedRowHeight > 0 else { return }
        do throws(EngineError) {
            _ = try table.layoutViewport(offset: offset, height: spec.viewport.height)
        } catch {
            throw Self.mapped(error, path: path.isEmpty ? "viewport" : path + "viewport")
        }
    }

    /// A table engine error as a compute error naming where it arose.
    static func mapped(_ error: EngineError, path: String) -> ComputeError {
        if case .invalidUpdate(let reason) = error { return .invalidUpdate(path: path, reason: reason) }
        return .measurement(path: path, message: error.description)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}

/// Resolved composed-cell payloads by decoded layout, accessory and insets (one computation's).
final class LayoutPayloadMemo: Sendable {
    struct Key: Hashable {
        var layout: ObjectIdentifier
        var accessory: AccessorySpec
        var insets: EdgeInsets?

        func hash(into hasher: inout Hasher) { hasher.combine(layout) }

        /// The layout object's address, mixed (`mixedAddressHash`).
        func _rawHashValue(seed: Int) -> Int { mixedAddressHash(UInt(bitPattern: layout), seed: seed) }
    }

    private let entries = EngineLock<[Key: RowPayload]>([:])

    /// Room for `count` payloads (a table's row count), so that storing them does not grow the table again and again.
    func reserve(_ count: Int) {
        entries.withLock { $0.reserveCapacity(min(count, 65_536)) }
    }
    /// Text style choices already resolved (and their fonts checked): every row of a template
    /// writes the same choices, and resolving them costs more than looking them up.
    private let styles = EngineLock<[ObjectIdentifier: [TextStyle]]>([:])

    func payload(for key: Key) -> RowPayload? { entries.withLock { $0[key] } }

    /// Keyed by `CellLayoutSpec.styleIdentity` (the spec being computed keeps it alive).
    func styles(for choices: ObjectIdentifier) -> [TextStyle]? { styles.withLock { $0[choices] } }

    func store(_ resolved: [TextStyle], for choices: ObjectIdentifier) {
        styles.withLock {
            if $0.count >= 4_096 { $0.removeAll(keepingCapacity: true) }
            $0[choices] = resolved
        }
    }

    func store(_ payload: RowPayload, for key: Key) {
        entries.withLock {
            if $0.count >= 65_536 { $0.removeAll(keepingCapacity: true) }
            $0[key] = payload
        }
    }
}
