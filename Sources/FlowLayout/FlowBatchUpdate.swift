import LayoutGeometry

/// A batch of changes applied at once, with `performBatchUpdates` semantics: deletes,
/// reloads and the source of a move name items and sections by their index **before** the
/// batch; inserts and the destination of a move by their index **after** it; deletes are
/// applied before inserts whatever the order written. Inserted and reloaded items carry their
/// new content; every other item keeps its content, payload and measured size.
public struct FlowBatchUpdate<Payload: Sendable>: Sendable {
    /// Items to delete (old index paths).
    public var deleteItems: [IndexPath]
    /// Items to insert (new index paths) with their content.
    public var insertItems: [FlowItemChange<Payload>]
    /// Items to replace in place (old index paths) with their new content.
    public var reloadItems: [FlowItemChange<Payload>]
    /// Items to move, old index path to new.
    public var moveItems: [FlowMove<IndexPath>]
    /// Sections to delete (old indices).
    public var deleteSections: [Int]
    /// Sections to insert (new indices) with their content.
    public var insertSections: [FlowSectionChange<Payload>]
    /// Sections to replace (old indices) with new content.
    public var reloadSections: [FlowSectionChange<Payload>]
    /// Sections to move, old index to new.
    public var moveSections: [FlowMove<Int>]

    /// Creates a batch; every list defaults to empty.
    public init(deleteItems: [IndexPath] = [], insertItems: [FlowItemChange<Payload>] = [],
                reloadItems: [FlowItemChange<Payload>] = [], moveItems: [FlowMove<IndexPath>] = [],
                deleteSections: [Int] = [], insertSections: [FlowSectionChange<Payload>] = [],
                reloadSections: [FlowSectionChange<Payload>] = [], moveSections: [FlowMove<Int>] = []) {
        self.deleteItems = deleteItems
        self.insertItems = insertItems
        self.reloadItems = reloadItems
        self.moveItems = moveItems
        self.deleteSections = deleteSections
        self.insertSections = insertSections
        self.reloadSections = reloadSections
        self.moveSections = moveSections
    }
}

/// An item inserted or reloaded at an index path, with its content.
public struct FlowItemChange<Payload: Sendable>: Sendable {
    /// Where (new index path for an insert, old for a reload).
    public var at: IndexPath
    /// The content.
    public var item: FlowItem<Payload>

    /// Creates a change.
    public init(at: IndexPath, item: FlowItem<Payload>) {
        self.at = at
        self.item = item
    }
}

/// A section inserted or reloaded at an index, with its content.
public struct FlowSectionChange<Payload: Sendable>: Sendable {
    /// Where (new index for an insert, old for a reload).
    public var at: Int
    /// The content.
    public var section: FlowSection<Payload>

    /// Creates a change.
    public init(at: Int, section: FlowSection<Payload>) {
        self.at = at
        self.section = section
    }
}

/// A move from an old position to a new one.
public struct FlowMove<Position: Sendable & Hashable>: Sendable, Hashable {
    /// The position before the batch.
    public var from: Position
    /// The position after the batch.
    public var to: Position

    /// Creates a move.
    public init(from: Position, to: Position) {
        self.from = from
        self.to = to
    }
}
