import LayoutGeometry

/// One batch of updates (`performBatchUpdates`), with UIKit's index conventions: deletes,
/// reloads and move sources name indexes *before* the batch; inserts and move destinations
/// name indexes *after* it. The spec keeps the batch as written; the engine validates it
/// against the layout (index ranges, duplicates) and applies it.
///
/// `Element` is `RowSpec` for tables and `ItemSpec` for grids.
public struct UpdateBatch<Element, Section> {
    /// `deleteRows` / `deleteItems`.
    public var deletes: [IndexPath] = []
    /// `insertRows` / `insertItems`: `{"at": [s, r], "row": {…}}`.
    public var inserts: [Placement<IndexPath, Element>] = []
    /// `reloadRows` / `reloadItems`: new content for existing rows.
    public var reloads: [Placement<IndexPath, Element>] = []
    /// `moveRows` / `moveItems`: `{"from": [s, r], "to": [s, r]}`.
    public var moves: [Move<IndexPath>] = []
    /// `deleteSections`.
    public var deleteSections: [Int] = []
    /// `insertSections`: `{"at": s, "section": {…}}`.
    public var insertSections: [Placement<Int, Section>] = []
    /// `reloadSections`: `{"at": s, "section": {…}}`, new content for existing sections.
    public var reloadSections: [Placement<Int, Section>] = []
    /// `moveSections`: `{"from": s, "to": s}`.
    public var moveSections: [Move<Int>] = []

    public init() {}

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deletes.isEmpty && inserts.isEmpty && reloads.isEmpty && moves.isEmpty && deleteSections.isEmpty
            && insertSections.isEmpty && reloadSections.isEmpty && moveSections.isEmpty
    }
}

extension UpdateBatch: Equatable where Element: Equatable, Section: Equatable {}
extension UpdateBatch: Hashable where Element: Hashable, Section: Hashable {}
extension UpdateBatch: Sendable where Element: Sendable, Section: Sendable {}

/// New content at an index (an insert or a reload).
public struct Placement<Index, Content> {
    public var at: Index
    public var content: Content

    public init(at: Index, content: Content) {
        self.at = at
        self.content = content
    }
}

extension Placement: Equatable where Index: Equatable, Content: Equatable {}
extension Placement: Hashable where Index: Hashable, Content: Hashable {}
extension Placement: Sendable where Index: Sendable, Content: Sendable {}

/// A move from an index before the batch to one after it.
public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
    public var from: Index
    public var to: Index

    public init(from: Index, to: Index) {
        self.from = from
        self.to = to
    }
}
