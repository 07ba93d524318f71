import LayoutGeometry

/// The validated plan of a batch: what the old table loses, and where everything lands.
struct BatchPlan {
    var oldSectionCount = 0
    var newSectionCount = 0
    /// Old sections removed (deleted or moved away), sorted.
    var removedSections: [Int] = []
    /// New sections filled by inserts or moves, sorted.
    var placedSections: [Int] = []
    /// Old rows removed (deleted or moved away), by old section, sorted.
    var removedRows: [Int: [Int]] = [:]
    /// New rows filled by inserts or moves, by new section, sorted.
    var placedRows: [Int: [Int]] = [:]
    var rowsInserted: [Int: Int] = [:]
    var rowsDeleted: [Int: Int] = [:]
    var rowsMovedIn: [Int: Int] = [:]
    var rowsMovedOut: [Int: Int] = [:]

    /// The old index that survives to new index `n`, given sorted removed old indices and sorted
    /// new indices filled by insertions: survivors keep their order and fill the other slots.
    static func survivor(ofNew n: Int, removed: [Int], placed: [Int]) -> Int {
        var rank = n
        for p in placed { if p < n { rank -= 1 } else { break } }
        var o = rank
        for r in removed { if r <= o { o += 1 } else { break } }
        return o
    }
}

/// Batch validation with UIKit's reasons. Reads the old table only: O(k log n).
extension TableViewLayout {
    func validate(_ batch: TableBatch<Content>) throws(TableError) -> BatchPlan {
        var plan = BatchPlan()
        let S = numberOfSections
        plan.oldSectionCount = S
        func fail(_ reason: String) -> TableError { .invalidUpdate(reason) }

        // Sections, old indices.
        var deletedSections = Set<Int>(), reloadedSections = Set<Int>(), movedFrom = Set<Int>()
        for s in batch.deleteSections {
            guard s >= 0, s < S else { throw fail("attempt to delete section \(s), but there are only \(S) sections before the update") }
            guard deletedSections.insert(s).inserted else { throw fail("attempt to delete section \(s) twice") }
        }
        for (s, _) in batch.reloadSections {
            guard s >= 0, s < S else { throw fail("attempt to reload section \(s), but there are only \(S) sections before the update") }
            guard !deletedSections.contains(s) else { throw fail("attempt to delete and reload the same section (\(s))") }
            guard reloadedSections.insert(s).inserted else { throw fail("attempt to reload section \(s) twice") }
        }
        for (from, _) in batch.moveSections {
            guard from >= 0, from < S else { throw fail("attempt to move section \(from), but there are only \(S) sections before the update") }
            guard !deletedSections.contains(from) else { throw fail("attempt to delete and move the same section (\(from))") }
            guard !reloadedSections.contains(from) else { throw fail("attempt to reload and move the same section (\(from))") }
            guard movedFrom.insert(from).inserted else { throw fail("attempt to move section \(from) twice") }
        }
        let newS = S - deletedSections.count + batch.insertSections.count
        plan.newSectionCount = newS
        var insertedSections = Set<Int>(), movedTo = Set<Int>()
        for (s, _) in batch.insertSections {
            guard s >= 0, s < newS else { throw fail("attempt to insert section \(s) but there are only \(newS) sections after the update") }
            guard insertedSections.insert(s).inserted else { throw fail("attempt to insert section \(s) twice") }
        }
        for (from, to) in batch.moveSections {
            guard to >= 0, to < newS else {
                throw fail("attempt to move section \(from) to section \(to), but there are only \(newS) sections after the update")
            }
            guard !insertedSections.contains(to) else { throw fail("attempt to insert and move to the same section (\(to))") }
            guard movedTo.insert(to).inserted else { throw fail("attempt to move two sections to section \(to)") }
        }
        plan.removedSections = (deletedSections.union(movedFrom)).sorted()
        plan.placedSections = (insertedSections.union(movedTo)).sorted()

        // Rows, old index paths.
        var oldCounts: [Int: Int] = [:]
        func oldCount(_ s: Int) -> Int {
            if let c = oldCounts[s] { return c }
            let c = numberOfRows(inSection: s)
            oldCounts[s] = c
            return c
        }
        func checkOld(_ p: IndexPath, verb: String) throws(TableError) {
            guard p.section >= 0, p.section < S else {
                throw fail("attempt to \(verb) row \(p.row) from section \(p.section), but there are only \(S) sections before the update")
            }
            guard p.row >= 0, p.row < oldCount(p.section) else {
                throw fail("attempt to \(verb) row \(p.row) from section \(p.section) which only contains \(oldCount(p.section)) rows before the update")
            }
            if deletedSections.contains(p.section) { throw fail("attempt to \(verb) row \(p.row) from section \(p.section), which is also being deleted") }
            if reloadedSections.contains(p.section) { throw fail("attempt to \(verb) row \(p.row) from section \(p.section), which is also being reloaded") }
            if movedFrom.contains(p.section) { throw fail("attempt to \(verb) row \(p.row) from section \(p.section), which is also being moved") }
        }
        var deleted = Set<IndexPath>(), reloaded = Set<IndexPath>(), moveSources = Set<IndexPath>()
        for p in batch.deleteRows {
            try checkOld(p, verb: "delete")
            guard deleted.insert(p).inserted else { throw fail("attempt to delete row \(p.row) from section \(p.section) twice") }
            plan.rowsDeleted[p.section, default: 0] += 1
        }
        for (p, _) in batch.reloadRows {
            try checkOld(p, verb: "reload")
            guard !deleted.contains(p) else { throw fail("attempt to delete and reload the same index path \(uikitPath(p))") }
            guard reloaded.insert(p).inserted else { throw fail("attempt to reload row \(p.row) from section \(p.section) twice") }
        }
        for (from, _) in batch.moveRows {
            try checkOld(from, verb: "move")
            guard !deleted.contains(from) else { throw fail("attempt to perform a delete and a move from the same index path \(uikitPath(from))") }
            guard !reloaded.contains(from) else { throw fail("attempt to perform a reload and a move from the same index path \(uikitPath(from))") }
            guard moveSources.insert(from).inserted else { throw fail("attempt to move index path \(uikitPath(from)) twice") }
            plan.rowsMovedOut[from.section, default: 0] += 1
        }
        for p in deleted.union(moveSources) { plan.removedRows[p.section, default: []].append(p.row) }
        for k in plan.removedRows.keys { plan.removedRows[k]!.sort() }

        // Rows, new index paths.
        func checkNewSection(_ p: IndexPath, verb: String) throws(TableError) {
            guard p.section >= 0, p.section < newS else {
                throw fail("attempt to \(verb) row \(p.row) into section \(p.section), but there are only \(newS) sections after the update")
            }
            if insertedSections.contains(p.section) { throw fail("attempt to \(verb) row \(p.row) into section \(p.section), which is also being inserted") }
            if movedTo.contains(p.section) { throw fail("attempt to \(verb) row \(p.row) into section \(p.section), which is also being moved") }
        }
        var placed = Set<IndexPath>()
        for (p, _) in batch.insertRows {
            try checkNewSection(p, verb: "insert")
            guard placed.insert(p).inserted else { throw fail("attempt to insert row \(p.row) into section \(p.section) twice") }
            plan.rowsInserted[p.section, default: 0] += 1
        }
        for (from, to) in batch.moveRows {
            try checkNewSection(to, verb: "move")
            guard placed.insert(to).inserted else { throw fail("attempt to perform an insert and a move to the same index path \(uikitPath(to))") }
            plan.rowsMovedIn[to.section, default: 0] += 1
            _ = from
        }
        for p in placed { plan.placedRows[p.section, default: []].append(p.row) }
        for k in plan.placedRows.keys { plan.placedRows[k]!.sort() }
        for (n, rows) in plan.placedRows {
            let final = finalRowCount(ofNewSection: n, plan: plan, oldCount: oldCount)
            if let last = rows.last, last >= final {
                let isMove = batch.moveRows.contains { $0.to == IndexPath(row: last, section: n) }
                if isMove {
                    let from = batch.moveRows.first { $0.to == IndexPath(row: last, section: n) }!.from
                    throw fail("attempt to move index path \(uikitPath(from)) to index path \(uikitPath(IndexPath(row: last, section: n))) that does not exist - there are only \(final) rows in section \(n) after the update")
                }
                throw fail("attempt to insert row \(last) into section \(n), but there are only \(final) rows in section \(n) after the update")
            }
        }

        // The data source's counts, when given.
        if let expected = batch.expectedRowCounts {
            guard expected.count == newS else {
                throw fail("invalid number of sections. The number of sections contained in the table view after the update (\(expected.count)) must be equal to the number of sections contained in the table view before the update (\(S)), plus or minus the number of sections inserted or deleted (\(batch.insertSections.count) inserted, \(deletedSections.count) deleted).")
            }
            let insertedByIndex = Dictionary(batch.insertSections.map { ($0.at, $0.section) }, uniquingKeysWith: { a, _ in a })
            let movedByIndex = Dictionary(batch.moveSections.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
            for n in 0..<newS {
                let actual: Int
                if let spec = insertedByIndex[n] { actual = spec.rowCount }
                else if let from = movedByIndex[n] { actual = oldCount(from) }
                else {
                    let o = BatchPlan.survivor(ofNew: n, removed: plan.removedSections, placed: plan.placedSections)
                    actual = reloadedSections.contains(o)
                        ? (batch.reloadSections.first { $0.at == o }?.section.rowCount ?? 0)
                        : finalRowCount(ofNewSection: n, plan: plan, oldCount: oldCount)
                    if actual != expected[n] && !reloadedSections.contains(o) {
                        throw fail("invalid number of rows in section \(n). The number of rows contained in an existing section after the update (\(expected[n])) must be equal to the number of rows contained in that section before the update (\(oldCount(o))), plus or minus the number of rows inserted or deleted from that section (\(plan.rowsInserted[n] ?? 0) inserted, \(plan.rowsDeleted[o] ?? 0) deleted) and plus or minus the number of rows moved into or out of that section (\(plan.rowsMovedIn[n] ?? 0) moved in, \(plan.rowsMovedOut[o] ?? 0) moved out).")
                    }
                }
                guard actual == expected[n] else {
                    throw fail("invalid number of rows in section \(n). The number of rows in section \(n) after the update (\(expected[n])) must be equal to the number of rows of the section being inserted, moved or reloaded there (\(actual)).")
                }
            }
        }
        return plan
    }

    /// Rows of new section `n` (an existing section that survives) after the batch.
    func finalRowCount(ofNewSection n: Int, plan: BatchPlan, oldCount: (Int) -> Int) -> Int {
        let o = BatchPlan.survivor(ofNew: n, removed: plan.removedSections, placed: plan.placedSections)
        return oldCount(o) - (plan.removedRows[o]?.count ?? 0) + (plan.placedRows[n]?.count ?? 0)
    }
}
