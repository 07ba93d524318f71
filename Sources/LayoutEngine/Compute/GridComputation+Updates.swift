import FlowLayout
import LayoutGeometry

/// Phase 3: a spec batch as the flow layout's `FlowBatchUpdate`. Inserted and reloaded items and
/// sections get their content resolved like the spec's own (paths name the batch's fields); a
/// section written with `repeat` stands for that many consecutive sections.
extension GridComputation {
    func batch(_ update: GridUpdate, path batchPath: String) throws(ComputeError) -> FlowBatchUpdate<GridItemContent> {
        var b = FlowBatchUpdate<GridItemContent>()
        var ignored: [String] = []
        b.deleteItems = update.deletes
        for (k, insert) in update.inserts.enumerated() {
            let item = try flowItem(insert.content, path: batchPath + ".insertItems[\(k)].item", warnings: &ignored)
            b.insertItems.append(FlowItemChange(at: insert.at, item: item))
        }
        for (k, reload) in update.reloads.enumerated() {
            let item = try flowItem(reload.content, path: batchPath + ".reloadItems[\(k)].item", warnings: &ignored)
            b.reloadItems.append(FlowItemChange(at: reload.at, item: item))
        }
        b.moveItems = update.moves.map { FlowMove(from: $0.from, to: $0.to) }
        b.deleteSections = update.deleteSections
        for (k, insert) in update.insertSections.enumerated() {
            let s = try section(insert.content, path: batchPath + ".insertSections[\(k)].section", warnings: &ignored)
            for r in 0..<insert.content.repeatCount { b.insertSections.append(FlowSectionChange(at: insert.at + r, section: s)) }
        }
        for (k, reload) in update.reloadSections.enumerated() {
            let s = try section(reload.content, path: batchPath + ".reloadSections[\(k)].section", warnings: &ignored)
            for r in 0..<reload.content.repeatCount { b.reloadSections.append(FlowSectionChange(at: reload.at + r, section: s)) }
        }
        b.moveSections = update.moveSections.map { FlowMove(from: $0.from, to: $0.to) }
        return b
    }
}
