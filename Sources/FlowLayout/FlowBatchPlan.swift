import LayoutGeometry

/// Step 4a of an update: validate a batch against the item counts before it, UIKit's way,
/// and work out where every section and item of the result comes from. Nothing is changed
/// here; a refused batch throws a ``FlowLayoutError`` whose message is a UIKit-style reason.
struct FlowBatchPlan: Sendable {
    /// Where a section of the result comes from.
    enum SectionSource: Sendable, Hashable {
        /// An old section, possibly with item changes.
        case old(Int)
        /// `insertSections[k]`.
        case inserted(Int)
        /// Old section replaced by `reloadSections[k]`.
        case reloaded(old: Int, change: Int)
    }

    /// Item changes that name old index paths, per old section.
    struct OldSide: Sendable {
        var deleted: Set<Int> = []
        /// Old item → index in `reloadItems`.
        var reloaded: [Int: Int] = [:]
        /// Old item → index in `moveItems`.
        var movedOut: [Int: Int] = [:]
    }

    /// Where an item of the result that is not a survivor comes from.
    enum Arrival: Sendable, Hashable {
        case inserted(Int)
        case moved(Int)
    }

    var sources: [SectionSource] = []
    var oldSides: [Int: OldSide] = [:]
    /// New section → target item → arrival.
    var arrivals: [Int: [Int: Arrival]] = [:]

    init(oldCounts: [Int], deleteSections: [Int], reloadSections: [Int], moveSections: [FlowMove<Int>],
         insertSections: [Int], deleteItems: [IndexPath], reloadItems: [IndexPath], moveItems: [FlowMove<IndexPath>],
         insertItems: [IndexPath]) throws(FlowLayoutError) {
        let oldCount = oldCounts.count
        func refuse(_ path: String, _ reason: String) -> FlowLayoutError { FlowLayoutError(path: path, message: reason) }
        func sectionRange(_ s: Int, _ verb: String, _ path: String) throws(FlowLayoutError) {
            guard s >= 0 && s < oldCount else {
                throw refuse(path, "attempt to \(verb) section \(s), but there are only \(oldCount) sections before the update")
            }
        }

        // Sections, old side.
        var deleted = Set<Int>(), reloaded = [Int: Int](), movedFrom = [Int: Int]()
        for (k, s) in deleteSections.enumerated() {
            try sectionRange(s, "delete", "deleteSections[\(k)]")
            guard deleted.insert(s).inserted else { throw refuse("deleteSections[\(k)]", "attempt to delete section \(s) twice") }
        }
        for (k, s) in reloadSections.enumerated() {
            let path = "reloadSections[\(k)]"
            try sectionRange(s, "reload", path)
            if deleted.contains(s) { throw refuse(path, "attempt to delete and reload the same section (\(s))") }
            if reloaded[s] != nil { throw refuse(path, "attempt to reload section \(s) twice") }
            reloaded[s] = k
        }
        for (k, move) in moveSections.enumerated() {
            let path = "moveSections[\(k)]", s = move.from
            try sectionRange(s, "move", path)
            if deleted.contains(s) { throw refuse(path, "attempt to delete and move the same section (\(s))") }
            if reloaded[s] != nil { throw refuse(path, "attempt to reload and move the same section (\(s))") }
            if movedFrom[s] != nil { throw refuse(path, "attempt to move section \(s) twice") }
            movedFrom[s] = k
        }

        // Sections, new side: inserts and move destinations take their slots, survivors fill the rest in order.
        let newCount = oldCount - deleted.count + insertSections.count
        var slots = [SectionSource?](repeating: nil, count: max(0, newCount))
        for (k, at) in insertSections.enumerated() {
            let path = "insertSections[\(k)]"
            guard at >= 0 && at < newCount else {
                throw refuse(path, "attempt to insert section \(at) but there are only \(newCount) sections after the update")
            }
            guard slots[at] == nil else { throw refuse(path, "attempt to insert or move two sections to section \(at)") }
            slots[at] = .inserted(k)
        }
        for (k, move) in moveSections.enumerated() {
            let path = "moveSections[\(k)]"
            guard move.to >= 0 && move.to < newCount else {
                throw refuse(path, "attempt to move section \(move.from) to section \(move.to), but there are only "
                    + "\(newCount) sections after the update")
            }
            guard slots[move.to] == nil else { throw refuse(path, "attempt to insert or move two sections to section \(move.to)") }
            slots[move.to] = .old(move.from)
        }
        var survivors = (0..<oldCount).filter { !deleted.contains($0) && movedFrom[$0] == nil }.makeIterator()
        for j in slots.indices where slots[j] == nil {
            guard let s = survivors.next() else { break }
            slots[j] = reloaded[s].map { .reloaded(old: s, change: $0) } ?? .old(s)
        }
        sources = slots.compactMap { $0 }

        // Items, old side.
        func oldItem(_ p: IndexPath, _ verb: String, _ path: String) throws(FlowLayoutError) {
            let s = p.section, i = p.item
            guard s >= 0 && s < oldCount else {
                throw refuse(path, "attempt to \(verb) item \(i) from section \(s), but there are only \(oldCount) sections before the update")
            }
            if deleted.contains(s) { throw refuse(path, "attempt to \(verb) item \(i) from section \(s), which is also being deleted") }
            if reloaded[s] != nil { throw refuse(path, "attempt to \(verb) item \(i) from section \(s), which is also being reloaded") }
            guard i >= 0 && i < oldCounts[s] else {
                throw refuse(path, "attempt to \(verb) item \(i) from section \(s) which only contains \(oldCounts[s]) items before the update")
            }
        }
        for (k, p) in deleteItems.enumerated() {
            let path = "deleteItems[\(k)]"
            try oldItem(p, "delete", path)
            guard oldSides[p.section, default: OldSide()].deleted.insert(p.item).inserted else {
                throw refuse(path, "attempt to delete item \(p.item) from section \(p.section) twice")
            }
        }
        for (k, p) in reloadItems.enumerated() {
            let path = "reloadItems[\(k)]"
            try oldItem(p, "reload", path)
            var side = oldSides[p.section, default: OldSide()]
            if side.deleted.contains(p.item) { throw refuse(path, "attempt to delete and reload the same index path \(p)") }
            if side.reloaded[p.item] != nil { throw refuse(path, "attempt to reload item \(p.item) from section \(p.section) twice") }
            side.reloaded[p.item] = k
            oldSides[p.section] = side
        }
        for (k, move) in moveItems.enumerated() {
            let path = "moveItems[\(k)]", p = move.from
            try oldItem(p, "move", path)
            var side = oldSides[p.section, default: OldSide()]
            if side.deleted.contains(p.item) { throw refuse(path, "attempt to perform a delete and a move from the same index path \(p)") }
            if side.reloaded[p.item] != nil { throw refuse(path, "attempt to perform a reload and a move from the same index path \(p)") }
            if side.movedOut[p.item] != nil { throw refuse(path, "attempt to move index path \(p) twice") }
            side.movedOut[p.item] = k
            oldSides[p.section] = side
        }

        // Items, new side.
        func newItem(_ p: IndexPath, _ arrival: Arrival, _ verb: String, _ path: String) throws(FlowLayoutError) {
            let s = p.section
            guard s >= 0 && s < sources.count else {
                throw refuse(path, "attempt to \(verb) item \(p.item) into section \(s), but there are only \(sources.count) sections after the update")
            }
            guard case .old = sources[s] else {
                throw refuse(path, "attempt to \(verb) item \(p.item) into section \(s), which is also being inserted or reloaded")
            }
            guard arrivals[s, default: [:]].updateValue(arrival, forKey: p.item) == nil else {
                throw refuse(path, "attempt to insert or move two items to index path \(p)")
            }
        }
        for (k, p) in insertItems.enumerated() { try newItem(p, .inserted(k), "insert", "insertItems[\(k)]") }
        for (k, move) in moveItems.enumerated() { try newItem(move.to, .moved(k), "move", "moveItems[\(k)]") }
        for (j, targets) in arrivals.sorted(by: { $0.key < $1.key }) {
            guard case .old(let s) = sources[j] else { continue }
            let side = oldSides[s] ?? OldSide()
            let count = oldCounts[s] - side.deleted.count - side.movedOut.count + targets.count
            for (target, arrival) in targets.sorted(by: { $0.key < $1.key }) where target < 0 || target >= count {
                let (verb, path): (String, String)
                switch arrival {
                case .inserted(let k): (verb, path) = ("insert", "insertItems[\(k)]")
                case .moved(let k): (verb, path) = ("move", "moveItems[\(k)]")
                }
                throw refuse(path, "attempt to \(verb) item \(target) into section \(j), but there are only \(count) "
                    + "items in section \(j) after the update")
            }
        }
    }
}
