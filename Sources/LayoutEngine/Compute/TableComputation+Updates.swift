import LayoutGeometry
import TableLayout

/// Phase 3: a spec batch as the engine's `TableBatch`. Inserted and reloaded rows and sections
/// get payloads resolved like the spec's own (paths name the batch's fields); a section written
/// with `repeat` stands for that many consecutive sections.
extension TableComputation {
    func batch(_ update: TableUpdate, path batchPath: String) throws(ComputeError) -> EngineBatch {
        var b = EngineBatch()
        b.deleteRows = update.deletes
        for (k, insert) in update.inserts.enumerated() {
            b.insertRows.append((at: insert.at, row: try engineRow(insert.content, path: RowPath(batchPath + ".insertRows[", k, "].row"))))
        }
        for (k, reload) in update.reloads.enumerated() {
            b.reloadRows.append((at: reload.at, row: try engineRow(reload.content, path: RowPath(batchPath + ".reloadRows[", k, "].row"))))
        }
        b.moveRows = update.moves.map { (from: $0.from, to: $0.to) }
        b.deleteSections = update.deleteSections
        for (k, insert) in update.insertSections.enumerated() {
            let s = try section(insert.content, path: batchPath + ".insertSections[\(k)].section")
            for r in 0..<insert.content.repeatCount { b.insertSections.append((at: insert.at + r, section: s)) }
        }
        for (k, reload) in update.reloadSections.enumerated() {
            let s = try section(reload.content, path: batchPath + ".reloadSections[\(k)].section")
            for r in 0..<reload.content.repeatCount { b.reloadSections.append((at: reload.at + r, section: s)) }
        }
        b.moveSections = update.moveSections.map { (from: $0.from, to: $0.to) }
        return b
    }
}
