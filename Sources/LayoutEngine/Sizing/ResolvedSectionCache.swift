import CellLayout
import TableLayout

/// Long sections' rows as a compute call resolved them (each row's payload: its kept cell, its
/// chrome), kept across calls: the same decoded spec computed again — a feed at a new width —
/// takes a section's rows as they were instead of resolving 10,000 payloads once more (each a
/// chain of cache misses through the row's decoded layout and the prepared-cell cache).
///
/// A section is recognised by its rows' storage (the entry holds the rows, so no other array
/// can have that address while it is kept: a spec changed in place copies them) and by
/// everything else a payload depends on: the section's path, the text styles in scope, the scale,
/// the table's row height and the baseline placement. Only sections resolved without a warning
/// are kept (a reused section would not warn again). At most `limit` sections (the newest) and
/// `rowLimit` rows in all (their payloads hold their prepared cells: the layouter's budget for
/// prepared cells, at 256 units a cell, so that what this keeps stays within what the cell cache
/// would keep of them); `removeAll()` gives them back. Thread-safe.
final class ResolvedSectionCache: Sendable {
    struct Key: Sendable {
        let rows: [SpecRun<RowSpec>]
        let path: String
        let scope: TextStyleScope
        let scale: Double?
        let rowHeight: HeightRule
        let settings: CellSettings

        /// The same rows (the same storage) resolved in the same context.
        func matches(_ other: Key) -> Bool {
            rows.count == other.rows.count && Self.address(rows) == Self.address(other.rows) && path == other.path
                && scale == other.scale && rowHeight == other.rowHeight && settings == other.settings && scope == other.scope
        }

        private static func address(_ rows: [SpecRun<RowSpec>]) -> UnsafeRawPointer? {
            rows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
    }

    struct Entry: Sendable {
        let key: Key
        let rows: ResolvedRows
        /// Whether resolving them found a row with an `estimatedHeight` (a warning of the table's).
        let sawEstimatedHeight: Bool
    }

    private let entries = EngineLock<[Entry]>([])
    let limit: Int
    let rowLimit: Int

    /// What one cell counts for against the layouter's prepared-cell units (its texts and its tree).
    static let unitsPerRow = 256

    /// The newest `limit` sections at most, holding at most `preparedCellUnits / unitsPerRow` rows in all.
    init(limit: Int, preparedCellUnits: Int) {
        self.limit = max(0, limit)
        rowLimit = max(0, preparedCellUnits) / Self.unitsPerRow
    }

    func entry(for key: Key) -> Entry? {
        guard limit > 0 else { return nil }
        return entries.withLock { $0.first { $0.key.matches(key) } }
    }

    func store(_ entry: Entry) {
        guard limit > 0, entry.rows.entryCount <= rowLimit else { return }
        entries.withLock { list in
            list.removeAll { $0.key.matches(entry.key) }
            list.insert(entry, at: 0)
            var rows = 0
            // (The newest first: the older ones past either limit go.)
            if let past = list.indices.first(where: { rows += list[$0].rows.entryCount; return rows > rowLimit || $0 >= limit }) {
                list.removeSubrange(past...)
            }
        }
    }

    func removeAll() { entries.withLock { $0.removeAll() } }
}
