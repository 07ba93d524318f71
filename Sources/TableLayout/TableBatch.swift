import LayoutGeometry

/// One batch of updates (`performBatchUpdates`), with UIKit's index semantics:
/// deletes, reloads and move sources name rows and sections by their index **before** the
/// batch; inserts and move destinations by their index **after** it; deletes are applied before
/// inserts whatever the order written. Rows of sections that are themselves deleted, reloaded,
/// moved or inserted in the same batch may not be named by row operations (refused with a reason).
public struct TableBatch<Content: TableContent>: Sendable {
    public var deleteRows: [IndexPath] = []
    public var insertRows: [(at: IndexPath, row: TableRow<Content>)] = []
    /// Rows to reload (by old index path), with new content, or nil to re-measure the same content.
    public var reloadRows: [(at: IndexPath, row: TableRow<Content>?)] = []
    public var moveRows: [(from: IndexPath, to: IndexPath)] = []
    public var deleteSections: [Int] = []
    public var insertSections: [(at: Int, section: TableSection<Content>)] = []
    public var reloadSections: [(at: Int, section: TableSection<Content>)] = []
    public var moveSections: [(from: Int, to: Int)] = []
    /// The data source's row count per section after the update, when known: checked the way
    /// UIKit checks `numberOfRowsInSection` ("Invalid update: invalid number of rows …").
    public var expectedRowCounts: [Int]? = nil

    public init() {}

    /// The number of operations.
    public var operationCount: Int {
        deleteRows.count + insertRows.count + reloadRows.count + moveRows.count + deleteSections.count
            + insertSections.count + reloadSections.count + moveSections.count
    }
}

/// UIKit's way of writing an index path in its exception messages.
func uikitPath(_ p: IndexPath) -> String { "(\(p.section) - \(p.row))" }
