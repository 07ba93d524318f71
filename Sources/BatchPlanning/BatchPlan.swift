import LayoutGeometry

/// The operations of one batch update (`performBatchUpdates`), as indexes only: what both the
/// table and the grid engine hand to `BatchPlan`. UIKit's semantics: deletes, reloads and move
/// sources name sections and rows (items) by their index **before** the batch; inserts and move
/// destinations by their index **after** it; deletes apply before inserts whatever the order written.
public struct BatchOperations: Sendable {
    public var deleteSections: [Int] = []
    public var reloadSections: [Int] = []
    public var moveSections: [(from: Int, to: Int)] = []
    public var insertSections: [Int] = []
    public var deleteItems: [IndexPath] = []
    public var reloadItems: [IndexPath] = []
    public var moveItems: [(from: IndexPath, to: IndexPath)] = []
    public var insertItems: [IndexPath] = []

    /// An empty batch.
    public init() {}
}

/// How an engine speaks of its batches: the element noun in messages (`row`, `item`), how an
/// index path is written, the names of the operation lists (for the error's place), and the one
/// rule the engines differ in.
public struct BatchVocabulary: Sendable {
    /// `row` or `item`.
    public var noun: String
    /// An index path as the engine's messages write it (UIKit's tables: `(0 - 1)`).
    public var path: @Sendable (IndexPath) -> String
    /// The names of `deleteItems`, `reloadItems`, `moveItems`, `insertItems` in the engine's batch type.
    public var itemLists: (delete: String, reload: String, move: String, insert: String)
    /// Whether items may be changed in a section that moves in the same batch (the grid engine
    /// follows them; the table engine refuses, naming the section).
    public var itemChangesInMovedSections: Bool

    public init(noun: String, path: @escaping @Sendable (IndexPath) -> String,
                itemLists: (delete: String, reload: String, move: String, insert: String),
                itemChangesInMovedSections: Bool) {
        self.noun = noun
        self.path = path
        self.itemLists = itemLists
        self.itemChangesInMovedSections = itemChangesInMovedSections
    }
}

/// A batch refused with UIKit's reason, and the operation at fault (`deleteRows[0]`).
public struct BatchPlanError: Error, Hashable, Sendable {
    /// The operation list and index in the batch that names the offending index.
    public var operation: String
    /// UIKit's reason.
    public var message: String

    /// A refusal of `operation` for `message`.
    public init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }
}

/// The one place UIKit's batch-update rules live: a batch validated against the counts before
/// it (with UIKit's reasons for refusing), and where every section and item of the result comes
/// from. Both engines apply a plan; neither checks a batch itself.
///
/// Cost: O(k log k) for k operations plus one `oldCount` call per section an operation names;
/// `source(ofNew:)` is O(k) and never builds an array of every section (a table of 100,000
/// sections plans a one-row insert without touching the others). `sources` builds that array,
/// for an engine that rebuilds every section anyway.
public struct BatchPlan: Sendable {
    /// Where a section of the result comes from.
    public enum SectionSource: Sendable, Hashable {
        /// An old section (moved or in place), possibly with item changes.
        case old(Int)
        /// `insertSections[k]`.
        case inserted(Int)
        /// Old section replaced by `reloadSections[k]`.
        case reloaded(old: Int, change: Int)
    }

    /// Item changes that name old index paths, in one old section.
    public struct OldSide: Sendable, Hashable {
        public var deleted: Set<Int> = []
        /// Old item → index in `reloadItems`.
        public var reloaded: [Int: Int] = [:]
        /// Old item → index in `moveItems`.
        public var movedOut: [Int: Int] = [:]

        public init() {}

        /// Old items that leave the section (deleted or moved away), ascending.
        public var removed: [Int] { (deleted.union(movedOut.keys)).sorted() }
    }

    /// How an item of the result that is not a survivor arrives.
    public enum Arrival: Sendable, Hashable {
        /// `insertItems[k]`.
        case inserted(Int)
        /// `moveItems[k]`.
        case moved(Int)
    }

    /// Sections before and after the batch.
    public let oldSectionCount: Int
    public let newSectionCount: Int
    /// Old sections that leave (deleted or moved away), ascending.
    public let removedSections: [Int]
    /// New sections filled by inserts or moves, ascending.
    public let placedSections: [Int]
    /// Item changes by old section.
    public private(set) var oldSides: [Int: OldSide] = [:]
    /// New section → target item → arrival.
    public private(set) var arrivals: [Int: [Int: Arrival]] = [:]
    private let insertedAt: [Int: Int]
    private let movedTo: [Int: Int]
    private let reloadedAt: [Int: Int]

    /// Plans `batch` against a layout of `oldSectionCount` sections whose section `s` holds
    /// `oldCount(s)` items, or throws UIKit's reason for refusing it (`checkCounts` then checks a
    /// data source's counts, when the caller has them).
    public init(_ batch: BatchOperations, oldSectionCount sectionCount: Int, oldCount: (Int) -> Int,
                vocabulary v: BatchVocabulary) throws(BatchPlanError) {
        let S = sectionCount
        let noun = v.noun
        func refuse(_ operation: String, _ reason: String) -> BatchPlanError { BatchPlanError(operation: operation, message: reason) }

        // Sections, old side.
        var deleted = Set<Int>(), reloaded = [Int: Int](), movedFrom = [Int: Int]()
        for (k, s) in batch.deleteSections.enumerated() {
            let op = "deleteSections[\(k)]"
            guard s >= 0, s < S else { throw refuse(op, "attempt to delete section \(s), but there are only \(S) sections before the update") }
            guard deleted.insert(s).inserted else { throw refuse(op, "attempt to delete section \(s) twice") }
        }
        for (k, s) in batch.reloadSections.enumerated() {
            let op = "reloadSections[\(k)]"
            guard s >= 0, s < S else { throw refuse(op, "attempt to reload section \(s), but there are only \(S) sections before the update") }
            guard !deleted.contains(s) else { throw refuse(op, "attempt to delete and reload the same section (\(s))") }
            guard reloaded[s] == nil else { throw refuse(op, "attempt to reload section \(s) twice") }
            reloaded[s] = k
        }
        for (k, move) in batch.moveSections.enumerated() {
            let op = "moveSections[\(k)]", s = move.from
            guard s >= 0, s < S else { throw refuse(op, "attempt to move section \(s), but there are only \(S) sections before the update") }
            guard !deleted.contains(s) else { throw refuse(op, "attempt to delete and move the same section (\(s))") }
            guard reloaded[s] == nil else { throw refuse(op, "attempt to reload and move the same section (\(s))") }
            guard movedFrom[s] == nil else { throw refuse(op, "attempt to move section \(s) twice") }
            movedFrom[s] = k
        }

        // Sections, new side: inserts and move destinations take their slots; survivors fill the rest in order.
        let newS = S - deleted.count + batch.insertSections.count
        var insertedAt = [Int: Int](), movedTo = [Int: Int]()
        for (k, s) in batch.insertSections.enumerated() {
            let op = "insertSections[\(k)]"
            guard s >= 0, s < newS else { throw refuse(op, "attempt to insert section \(s) but there are only \(newS) sections after the update") }
            guard insertedAt[s] == nil else { throw refuse(op, "attempt to insert section \(s) twice") }
            insertedAt[s] = k
        }
        for (k, move) in batch.moveSections.enumerated() {
            let op = "moveSections[\(k)]"
            guard move.to >= 0, move.to < newS else {
                throw refuse(op, "attempt to move section \(move.from) to section \(move.to), but there are only \(newS) sections after the update")
            }
            guard insertedAt[move.to] == nil else { throw refuse(op, "attempt to insert and move to the same section (\(move.to))") }
            guard movedTo[move.to] == nil else { throw refuse(op, "attempt to move two sections to section \(move.to)") }
            movedTo[move.to] = move.from
        }
        self.oldSectionCount = S
        self.newSectionCount = newS
        removedSections = deleted.union(movedFrom.keys).sorted()
        placedSections = Set(insertedAt.keys).union(movedTo.keys).sorted()
        self.insertedAt = insertedAt
        self.movedTo = movedTo
        self.reloadedAt = reloaded

        // Items, old index paths.
        var counts: [Int: Int] = [:]
        func count(_ s: Int) -> Int {
            if let c = counts[s] { return c }
            let c = oldCount(s)
            counts[s] = c
            return c
        }
        func checkOld(_ p: IndexPath, _ verb: String, _ op: String) throws(BatchPlanError) {
            let s = p.section, i = p.item
            guard s >= 0, s < S else {
                throw refuse(op, "attempt to \(verb) \(noun) \(i) from section \(s), but there are only \(S) sections before the update")
            }
            guard i >= 0, i < count(s) else {
                throw refuse(op, "attempt to \(verb) \(noun) \(i) from section \(s) which only contains \(count(s)) \(noun)s before the update")
            }
            if deleted.contains(s) { throw refuse(op, "attempt to \(verb) \(noun) \(i) from section \(s), which is also being deleted") }
            if reloaded[s] != nil { throw refuse(op, "attempt to \(verb) \(noun) \(i) from section \(s), which is also being reloaded") }
            if !v.itemChangesInMovedSections, movedFrom[s] != nil {
                throw refuse(op, "attempt to \(verb) \(noun) \(i) from section \(s), which is also being moved")
            }
        }
        for (k, p) in batch.deleteItems.enumerated() {
            let op = "\(v.itemLists.delete)[\(k)]"
            try checkOld(p, "delete", op)
            guard oldSides[p.section, default: OldSide()].deleted.insert(p.item).inserted else {
                throw refuse(op, "attempt to delete \(noun) \(p.item) from section \(p.section) twice")
            }
        }
        for (k, p) in batch.reloadItems.enumerated() {
            let op = "\(v.itemLists.reload)[\(k)]"
            try checkOld(p, "reload", op)
            var side = oldSides[p.section, default: OldSide()]
            guard !side.deleted.contains(p.item) else { throw refuse(op, "attempt to delete and reload the same index path \(v.path(p))") }
            guard side.reloaded[p.item] == nil else { throw refuse(op, "attempt to reload \(noun) \(p.item) from section \(p.section) twice") }
            side.reloaded[p.item] = k
            oldSides[p.section] = side
        }
        for (k, move) in batch.moveItems.enumerated() {
            let op = "\(v.itemLists.move)[\(k)]", p = move.from
            try checkOld(p, "move", op)
            var side = oldSides[p.section, default: OldSide()]
            guard !side.deleted.contains(p.item) else { throw refuse(op, "attempt to perform a delete and a move from the same index path \(v.path(p))") }
            guard side.reloaded[p.item] == nil else { throw refuse(op, "attempt to perform a reload and a move from the same index path \(v.path(p))") }
            guard side.movedOut[p.item] == nil else { throw refuse(op, "attempt to move index path \(v.path(p)) twice") }
            side.movedOut[p.item] = k
            oldSides[p.section] = side
        }

        // Items, new index paths: only into sections that survive (in place, or moved when allowed).
        func checkNew(_ p: IndexPath, _ verb: String, _ op: String) throws(BatchPlanError) {
            let s = p.section
            guard s >= 0, s < newS else {
                throw refuse(op, "attempt to \(verb) \(noun) \(p.item) into section \(s), but there are only \(newS) sections after the update")
            }
            if insertedAt[s] != nil { throw refuse(op, "attempt to \(verb) \(noun) \(p.item) into section \(s), which is also being inserted") }
            if !v.itemChangesInMovedSections, movedTo[s] != nil {
                throw refuse(op, "attempt to \(verb) \(noun) \(p.item) into section \(s), which is also being moved")
            }
            if movedTo[s] == nil, case .reloaded = Self.source(ofNew: s, removed: removedSections, placed: placedSections,
                                                                insertedAt: insertedAt, movedTo: movedTo, reloadedAt: reloaded) {
                throw refuse(op, "attempt to \(verb) \(noun) \(p.item) into section \(s), which is also being reloaded")
            }
        }
        for (k, p) in batch.insertItems.enumerated() {
            let op = "\(v.itemLists.insert)[\(k)]"
            try checkNew(p, "insert", op)
            guard arrivals[p.section, default: [:]].updateValue(.inserted(k), forKey: p.item) == nil else {
                throw refuse(op, "attempt to insert \(noun) \(p.item) into section \(p.section) twice")
            }
        }
        for (k, move) in batch.moveItems.enumerated() {
            let op = "\(v.itemLists.move)[\(k)]"
            try checkNew(move.to, "move", op)
            guard arrivals[move.to.section, default: [:]].updateValue(.moved(k), forKey: move.to.item) == nil else {
                throw refuse(op, "attempt to perform an insert and a move to the same index path \(v.path(move.to))")
            }
        }
        // Every arrival lands inside its section's final count (a negative target, then the largest, is refused).
        for (n, targets) in arrivals.sorted(by: { $0.key < $1.key }) {
            guard case .old(let o) = source(ofNew: n), let first = targets.keys.min(), let largest = targets.keys.max() else { continue }
            let side = oldSides[o] ?? OldSide()
            let final = count(o) - side.deleted.count - side.movedOut.count + targets.count
            let last = first < 0 ? first : largest
            guard last < 0 || last >= final else { continue }
            switch targets[last]! {
            case .moved(let k):
                let from = batch.moveItems[k].from
                throw refuse("\(v.itemLists.move)[\(k)]", "attempt to move index path \(v.path(from)) to index path "
                             + "\(v.path(IndexPath(item: last, section: n))) that does not exist - there are only \(final) \(noun)s in section \(n) after the update")
            case .inserted(let k):
                throw refuse("\(v.itemLists.insert)[\(k)]", "attempt to insert \(noun) \(last) into section \(n), but there are only "
                             + "\(final) \(noun)s in section \(n) after the update")
            }
        }
    }

    /// Where new section `n` comes from (O(k)).
    public func source(ofNew n: Int) -> SectionSource {
        Self.source(ofNew: n, removed: removedSections, placed: placedSections, insertedAt: insertedAt, movedTo: movedTo,
                    reloadedAt: reloadedAt)
    }

    /// Every new section's source, in order (O(sections)).
    public var sources: [SectionSource] { (0..<newSectionCount).map(source(ofNew:)) }

    /// The old section that survives in place to new index `n` (not inserted, not moved there):
    /// survivors keep their order and fill the slots inserts and moves leave.
    public static func survivor(ofNew n: Int, removed: [Int], placed: [Int]) -> Int {
        var rank = n
        for p in placed { if p < n { rank -= 1 } else { break } }
        var o = rank
        for r in removed { if r <= o { o += 1 } else { break } }
        return o
    }

    private static func source(ofNew n: Int, removed: [Int], placed: [Int], insertedAt: [Int: Int], movedTo: [Int: Int],
                               reloadedAt: [Int: Int]) -> SectionSource {
        if let k = insertedAt[n] { return .inserted(k) }
        if let from = movedTo[n] { return .old(from) }
        let o = survivor(ofNew: n, removed: removed, placed: placed)
        if let k = reloadedAt[o] { return .reloaded(old: o, change: k) }
        return .old(o)
    }

    /// The number of items new section `n` has after the batch, when it is an old section (in
    /// place or moved); nil for an inserted or reloaded one (the caller knows its content).
    public func finalCount(ofNew n: Int, oldCount: (Int) -> Int) -> Int? {
        guard case .old(let o) = source(ofNew: n) else { return nil }
        let side = oldSides[o] ?? OldSide()
        return oldCount(o) - side.deleted.count - side.movedOut.count + (arrivals[n]?.count ?? 0)
    }

    /// Checks the data source's counts after the batch (UIKit's "invalid number of sections/rows"
    /// exceptions): `expected[n]` items in new section `n`, where an inserted or reloaded section
    /// `k` brings `insertedCount(k)`/`reloadedCount(k)` items.
    public func checkCounts(_ expected: [Int], oldCount: (Int) -> Int, insertedCount: (Int) -> Int,
                            reloadedCount: (Int) -> Int, batch: BatchOperations, noun: String) throws(BatchPlanError) {
        guard expected.count == newSectionCount else {
            throw BatchPlanError(operation: "expectedCounts", message: "invalid number of sections. The number of sections contained in the table view after the update (\(expected.count)) must be equal to the number of sections contained in the table view before the update (\(oldSectionCount)), plus or minus the number of sections inserted or deleted (\(batch.insertSections.count) inserted, \(removedSections.count - movedTo.count) deleted).")
        }
        for n in 0..<newSectionCount {
            let actual: Int
            switch source(ofNew: n) {
            case .inserted(let k): actual = insertedCount(k)
            case .reloaded(_, let k): actual = reloadedCount(k)
            case .old where movedTo[n] != nil: actual = finalCount(ofNew: n, oldCount: oldCount) ?? 0
            case .old(let o):
                actual = finalCount(ofNew: n, oldCount: oldCount) ?? 0
                if actual != expected[n] {
                    let side = oldSides[o] ?? OldSide()
                    let inserted = arrivals[n]?.values.filter { if case .inserted = $0 { return true }; return false }.count ?? 0
                    let movedIn = (arrivals[n]?.count ?? 0) - inserted
                    throw BatchPlanError(operation: "expectedCounts", message: "invalid number of \(noun)s in section \(n). The number of \(noun)s contained in an existing section after the update (\(expected[n])) must be equal to the number of \(noun)s contained in that section before the update (\(oldCount(o))), plus or minus the number of \(noun)s inserted or deleted from that section (\(inserted) inserted, \(side.deleted.count) deleted) and plus or minus the number of \(noun)s moved into or out of that section (\(movedIn) moved in, \(side.movedOut.count) moved out).")
                }
            }
            guard actual == expected[n] else {
                throw BatchPlanError(operation: "expectedCounts", message: "invalid number of \(noun)s in section \(n). The number of \(noun)s in section \(n) after the update (\(expected[n])) must be equal to the number of \(noun)s of the section being inserted, moved or reloaded there (\(actual)).")
            }
        }
    }
}
