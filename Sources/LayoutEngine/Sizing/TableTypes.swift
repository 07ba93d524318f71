import TableLayout

// The table engine and its model types, instantiated with this module's row payload.

typealias EngineTable = TableViewLayout<RowPayload>
typealias EngineSection = TableSection<RowPayload>
typealias EngineRow = TableRow<RowPayload>
typealias EngineRowRun = TableRowRun<RowPayload>
typealias EngineHeaderFooter = HeaderFooter<RowPayload>
typealias EngineBatch = TableBatch<RowPayload>
typealias EngineError = TableError

/// A section's rows as the table engine takes them: runs, or — a feed, where every run is one row
/// and every row follows one height rule — one column of payloads. The table copies a column into
/// its leaves in bulk; runs it walks one by one in `TableViewLayout.init`, which runs unspecialised
/// here (each run copied through the payload type's witnesses, its payload retained and released:
/// a twentieth of laying a 10,000-post feed out again at a new width).
enum ResolvedRows: Sendable {
    case runs([EngineRowRun])
    case column([RowPayload], height: RowHeight)

    /// `runs` as a column when they are single rows of one height rule (two or more), else as runs.
    init(_ runs: [EngineRowRun]) {
        guard runs.count > 1 else { self = .runs(runs); return }
        let rule = runs[0].row.height
        var contents: [RowPayload] = []
        contents.reserveCapacity(runs.count)
        for run in runs {
            guard run.count == 1, run.row.height == rule else { self = .runs(runs); return }
            contents.append(run.row.content)
        }
        self = .column(contents, height: rule)
    }

    /// Rows resolved into columns (a long section's shares write them so): `contents[i]` and
    /// `heights[i]` are entry i's, which stands for `count(i)` rows. One column when every entry
    /// is one row (`singleRows`) of the first row's height rule, as `init(_:)` decides; else runs.
    init(contents: [RowPayload], heights: [RowHeight], singleRows: Bool, count: (Int) -> Int) {
        if singleRows, contents.count > 1, let rule = heights.first, heights.allSatisfy({ $0 == rule }) {
            self = .column(contents, height: rule)
            return
        }
        self.init(contents.indices.map { EngineRowRun(count: count($0), row: EngineRow(height: heights[$0], content: contents[$0])) })
    }

    /// The number of entries kept (runs, or rows of a column).
    var entryCount: Int {
        switch self {
        case .runs(let runs): return runs.count
        case .column(let contents, _): return contents.count
        }
    }

    /// The engine's section of these rows.
    func section(header: EngineHeaderFooter, footer: EngineHeaderFooter) -> EngineSection {
        switch self {
        case .runs(let runs): return EngineSection(header: header, runs: runs, footer: footer)
        case .column(let contents, let rule): return EngineSection(header: header, contents: contents, height: rule, footer: footer)
        }
    }
}
