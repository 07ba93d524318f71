import Benchmark
import BenchmarkSupport
import LayoutGeometry
import TableLayout

/// 1,000,000 rows in one plain section (no header or footer): building, point look-ups, batches.
enum MillionRows {
    static let count = 1_000_000
    static let seed: UInt64 = 1_000_000

    /// Per-row fixed heights, 44–120 pt in half points (what `heightForRowAt` answers).
    static let heights: [Double] = {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in 44 + Double(Int.random(in: 0...152, using: &rng)) / 2 }
    }()

    static let fixedConfiguration = TableConfiguration(style: .plain, width: 375, rowHeight: .fixed(44))
    static let estimatedConfiguration = TableConfiguration(style: .plain, width: 375, rowHeight: .automatic,
                                                           estimatedRowHeight: 60)

    /// An arithmetic sizer (the estimated table never calls it while building or querying).
    static let sizer = ClosureSizer<RowID> { r in Double(40 + r.content.id % 80) }

    static func uniformSections() -> [TableSection<EmptyContent>] {
        [TableSection(header: .none, count: count, row: .fixed(44), footer: .none)]
    }

    /// A height per row, given as the array of heights (`TableSection(heights:)`, the column-wise
    /// description meant for this; 1 M `TableRow`s would run TableLayout's generic code once per row).
    static func variedSections() -> [TableSection<EmptyContent>] {
        [TableSection(header: .none, heights: heights, footer: .none)]
    }

    /// Self-sizing rows, each carrying its own id (an index into the app's storage), given as the
    /// array of payloads (`TableSection(contents:height:)`).
    static func estimatedSections() -> [TableSection<RowID>] {
        [TableSection(header: .none, contents: (0..<count).map { RowID(id: $0) }, height: .automatic, footer: .none)]
    }

    static func build<C>(_ configuration: TableConfiguration, _ sections: [TableSection<C>],
                         sizer: (any TableSizer<C>)? = nil) -> TableViewLayout<C> {
        do { return try TableViewLayout(configuration: configuration, sections: sections, sizer: sizer) } catch {
            fixtureFailure("cannot build the 1 M-row table: \(error)")
        }
    }

    /// 1,024 points at pseudo-random heights over the whole content.
    static func points(contentHeight: Double, count n: Int = 1_024) -> [Point] {
        var rng = SplitMix64(seed: 7)
        return (0..<n).map { _ in Point(x: 100, y: Double.random(in: 0..<contentHeight, using: &rng)) }
    }

    /// 500 deletes + 500 inserts + 50 reloads + 50 moves, by UIKit's rules: deletes, reloads
    /// and move sources are distinct old rows; inserts and move destinations distinct new rows.
    static func mixedBatch(rows n: Int) -> TableBatch<RowID> {
        var rng = SplitMix64(seed: 1_000)
        func distinct(_ k: Int, below limit: Int) -> [Int] {
            var set = Set<Int>()
            while set.count < k { set.insert(Int.random(in: 0..<limit, using: &rng)) }
            return Array(set).shuffled(using: &rng)
        }
        let old = distinct(600, below: n)
        let new = distinct(550, below: n)
        var batch = TableBatch<RowID>()
        batch.deleteRows = old[0..<500].map { IndexPath(row: $0, section: 0) }
        batch.reloadRows = old[500..<550].map { (at: IndexPath(row: $0, section: 0), row: nil) }
        batch.insertRows = new[0..<500].enumerated().map {
            (at: IndexPath(row: $0.element, section: 0), row: TableRow.automatic(RowID(id: n + $0.offset)))
        }
        batch.moveRows = zip(old[550..<600], new[500..<550]).map {
            (from: IndexPath(row: $0.0, section: 0), to: IndexPath(row: $0.1, section: 0))
        }
        batch.expectedRowCounts = [n]
        return batch
    }
}

func registerMillionRowBenchmarks() {
    let buildMetrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .peakMemoryResident]

    // One run of identical rows: the description is a single `TableRowRun`.
    Benchmark("Rows1M.Build.FixedUniform",
              configuration: configuration("Rows1M.Build.FixedUniform", metrics: buildMetrics, maxIterations: 100)) { (benchmark: Benchmark, sections: [TableSection<EmptyContent>]) in
        blackHole(MillionRows.build(MillionRows.fixedConfiguration, sections))
    } setup: {
        MillionRows.uniformSections()
    }

    // A height per row (`heightForRowAt` for each of 1 M rows), as an array of heights.
    Benchmark("Rows1M.Build.FixedVaried",
              configuration: configuration("Rows1M.Build.FixedVaried", metrics: buildMetrics, maxIterations: 100)) { (benchmark: Benchmark, sections: [TableSection<EmptyContent>]) in
        blackHole(MillionRows.build(MillionRows.fixedConfiguration, sections))
    } setup: {
        MillionRows.variedSections()
    }

    // Self-sizing rows with an estimate (60 pt), each with its own payload: nothing is measured.
    Benchmark("Rows1M.Build.Estimated",
              configuration: configuration("Rows1M.Build.Estimated", metrics: buildMetrics, maxIterations: 100)) { (benchmark: Benchmark, sections: [TableSection<RowID>]) in
        blackHole(MillionRows.build(MillionRows.estimatedConfiguration, sections, sizer: MillionRows.sizer))
    } setup: {
        MillionRows.estimatedSections()
    }

    // `indexPathForRow(at:)` at 1,024 pseudo-random points in turn, 1,000 per outer iteration
    // (the table with a fixed height per row).
    Benchmark("Rows1M.IndexPathForRow",
              configuration: configuration("Rows1M.IndexPathForRow", scalingFactor: .kilo)) { (benchmark: Benchmark, fixture: (TableViewLayout<EmptyContent>, [Point])) in
        let (table, points) = fixture
        var k = benchmark.currentIteration &* 1_000
        for _ in benchmark.scaledIterations {
            blackHole(table.indexPathForRow(at: points[k & 1_023]))
            k &+= 1
        }
    } setup: {
        let table = MillionRows.build(MillionRows.fixedConfiguration, MillionRows.variedSections())
        return (table, MillionRows.points(contentHeight: table.contentSize.height))
    }

    // One batch of 500 deletes, 500 inserts, 50 reloads and 50 moves in the 1 M estimated rows,
    // applied to a copy of the same table each iteration (the copy shares storage; `apply`
    // copies what it changes, so that a refused batch could leave the table as it was).
    Benchmark("Rows1M.Batch.Mixed1000",
              configuration: configuration("Rows1M.Batch.Mixed1000", maxIterations: 500)) { (benchmark: Benchmark, fixture: (TableViewLayout<RowID>, TableBatch<RowID>)) in
        var table = fixture.0
        try table.apply(fixture.1)
        blackHole(table.numberOfRows)
    } setup: {
        let table = MillionRows.build(MillionRows.estimatedConfiguration, MillionRows.estimatedSections(), sizer: MillionRows.sizer)
        let batch = MillionRows.mixedBatch(rows: MillionRows.count)
        var check = table
        do { try check.apply(batch) } catch { fixtureFailure("Rows1M.Batch.Mixed1000: the batch is refused: \(error)") }
        guard check.numberOfRows == MillionRows.count, check.checkInvariants() == nil,
              check.content(at: IndexPath(row: 0, section: 0)) != nil
        else { fixtureFailure("Rows1M.Batch.Mixed1000: unexpected table after the batch (\(check.numberOfRows) rows)") }
        return (table, batch)
    }
}
