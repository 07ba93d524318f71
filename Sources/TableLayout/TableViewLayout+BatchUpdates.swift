import BatchPlanning
import LayoutGeometry

/// Applying a validated batch: O(k log n) for k operations (plus the size of sections that are
/// inserted, moved or reloaded whole). Surviving rows keep their elements — and so their measured
/// heights — including moved rows; reloaded and inserted rows are measured again (now, or when
/// they become visible if estimated). An element that is not estimated is measured as soon as it
/// is in place, so its sizing request names its final index path (a reloaded row: its old one).
extension TableViewLayout {
    /// Applies `batch`, or throws `TableError.invalidUpdate` with UIKit's reason and leaves the
    /// layout exactly as it was.
    public mutating func apply(_ batch: TableBatch<Content>) throws(TableError) {
        try apply(batch, planning: false)
    }

    /// `apply(_:)`; with `planning`, through the batch plan whatever the batch (tests compare the
    /// single-row insert's short way with it).
    mutating func apply(_ batch: TableBatch<Content>, planning: Bool) throws(TableError) {
        if !planning, try insertSingleRow(batch) { return }
        let plan = try validate(batch)
        var work = self
        try work.perform(batch, plan: plan)
        self = work
    }

    /// A batch of one inserted row and nothing else (a feed's new post), placed without a batch
    /// plan: a valid insert (its section exists, its row at most the section's count) changes
    /// nothing else, so UIKit's checks come down to those two. False — nothing done — for any
    /// other batch, an index path that is not a row's, an insert the plan would refuse (it then
    /// says why), or a row measured as it is placed (a failing sizer must leave the table as it
    /// was: the general path works on a copy). The plan's way costs about a quarter of inserting
    /// a post into an estimated feed (its checks, tables and generic type look-ups).
    private mutating func insertSingleRow(_ batch: TableBatch<Content>) throws(TableError) -> Bool {
        guard batch.insertRows.count == 1, batch.operationCount == 1, batch.expectedRowCounts == nil else { return false }
        let (p, spec) = batch.insertRows[0]
        guard p.count == 2 else { return false }
        let s = p.section, r = p.row
        guard s >= 0, s < numberOfSections, r >= 0, r <= numberOfRows(inSection: s) else { return false }
        let (h, st) = try rowElement(spec, field: "insertRows[\(s), \(r)]")
        guard st.isExact || isEstimated(.row) else { return false }
        var b = ElementBuffer<Content>()
        b.append(height: h, state: st, content: spec.content)
        tree.insert(b, at: tree.headerIndex(ofSection: s) + 1 + r)
        return true
    }

    private mutating func perform(_ batch: TableBatch<Content>, plan: BatchPlan) throws(TableError) {
        // (Each kind of operation is looked at only when the batch has some, and what moves is
        // kept in one buffer found through tables of plain values: this code runs unspecialized
        // for a client's row type, where a loop over an empty list of generic tuples, or an empty
        // table of them, still looks their type metadata up — a tenth of inserting one row.)
        // 1. Reloads, in place (section and row counts of the old table are unchanged by them
        //    except for reloaded sections, which no row operation may name).
        if !batch.reloadSections.isEmpty {
            for (s, spec) in batch.reloadSections {
                let start = tree.headerIndex(ofSection: s), end = tree.headerIndex(ofSection: s + 1)
                let buffer = try sectionBuffer(spec, index: s)
                tree.remove(start..<end)
                tree.insert(buffer, at: start)
                try measureUnestimated(in: start..<start + buffer.count)
            }
        }
        if !batch.reloadRows.isEmpty {
            for (p, spec) in batch.reloadRows {
                guard let i = elementIndex(of: p) else { continue }
                let old = tree.element(at: i)
                let row = spec ?? TableRow(height: old.state.isSelfSizing ? .automatic : .fixed(old.height), content: old.content)
                let (h, st) = try rowElement(row, field: "reloadRows[\(p.section), \(p.row)]")
                tree.set(i, height: h, state: st, content: row.content)
                try measureUnestimated(in: i..<i + 1)
            }
        }

        // 2. Lift out what moves (with heights and measured state), into one buffer.
        var moved = ElementBuffer<Content>()
        var movedRows: [IndexPath: Int] = [:]  // its element's position in `moved`
        var movedSections: [Int: Range<Int>] = [:]  // its elements' range in `moved`
        if !batch.moveRows.isEmpty {
            for (from, to) in batch.moveRows {
                guard let i = elementIndex(of: from) else { continue }
                let e = tree.element(at: i)
                movedRows[to] = moved.count
                moved.append(height: e.height, state: e.state, content: e.content)
            }
        }
        if !batch.moveSections.isEmpty {
            for (from, to) in batch.moveSections {
                let buffer = tree.buffer(in: tree.headerIndex(ofSection: from)..<tree.headerIndex(ofSection: from + 1))
                movedSections[to] = moved.count..<moved.count + buffer.count
                moved.append(contentsOf: buffer)
            }
        }

        // 3. Removals by old index, from the end so earlier indices stay valid.
        var ranges: [Range<Int>] = []
        for s in plan.removedSections {
            ranges.append(tree.headerIndex(ofSection: s)..<tree.headerIndex(ofSection: s + 1))
        }
        for (s, side) in plan.oldSides {
            let h = tree.headerIndex(ofSection: s)
            for r in side.removed { ranges.append((h + 1 + r)..<(h + 2 + r)) }
        }
        ranges.sort { $0.lowerBound > $1.lowerBound }
        for r in ranges { tree.remove(r) }

        // 4. Sections by new index, ascending, then rows by new index path, ascending.
        // Inserted sections and rows by where they go, as positions in the batch's lists.
        if !plan.placedSections.isEmpty {
            var inserted: [Int: Int] = [:]
            if !batch.insertSections.isEmpty {
                for k in batch.insertSections.indices where inserted[batch.insertSections[k].at] == nil {
                    inserted[batch.insertSections[k].at] = k
                }
            }
            for n in plan.placedSections {
                let buffer: ElementBuffer<Content>
                if let k = inserted[n] { buffer = try sectionBuffer(batch.insertSections[k].section, index: n) }
                else if let r = movedSections[n] { buffer = moved.slice(r) }
                else { continue }
                let at = tree.headerIndex(ofSection: n)
                tree.insert(buffer, at: at)
                if inserted[n] != nil { try measureUnestimated(in: at..<at + buffer.count) }
            }
        }
        var insertedRows: [IndexPath: Int] = [:]
        for k in batch.insertRows.indices where insertedRows[batch.insertRows[k].at] == nil { insertedRows[batch.insertRows[k].at] = k }
        for n in plan.arrivals.keys.sorted() {
            for r in (plan.arrivals[n] ?? [:]).keys.sorted() {
                let p = IndexPath(row: r, section: n)
                var b = ElementBuffer<Content>()
                if let k = insertedRows[p] {
                    let spec = batch.insertRows[k].row
                    let (h, st) = try rowElement(spec, field: "insertRows[\(n), \(r)]")
                    b.append(height: h, state: st, content: spec.content)
                } else if let k = movedRows[p] {
                    b.append(height: moved.heights[k], state: moved.states[k], content: moved.contents[k])
                } else { continue }
                let at = tree.headerIndex(ofSection: n) + 1 + r
                tree.insert(b, at: at)
                if insertedRows[p] != nil { try measureUnestimated(in: at..<at + 1) }
            }
        }
    }
}
