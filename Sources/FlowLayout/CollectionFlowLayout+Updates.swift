import LayoutGeometry

/// Step 4b of an update: apply a validated batch. Untouched sections keep their lines (and
/// only move); a section with item changes keeps the lines before its first changed item and
/// re-fills the rest; inserted and reloaded sections are laid out whole.
extension CollectionFlowLayout {
    /// Applies `batch` (see ``FlowBatchUpdate`` for the semantics).
    ///
    /// - Throws: ``FlowLayoutError`` with a UIKit-style reason when the batch names an index
    ///   that does not exist, names one item twice, or moves an item it deletes; or with the
    ///   path of a bad inserted size. A refused batch leaves the layout exactly as it was.
    public mutating func apply(_ batch: FlowBatchUpdate<Payload>) throws(FlowLayoutError) {
        let plan = try FlowBatchPlan(
            oldCounts: engine.sections.map(\.itemCount), deleteSections: batch.deleteSections,
            reloadSections: batch.reloadSections.map(\.at), moveSections: batch.moveSections,
            insertSections: batch.insertSections.map(\.at), deleteItems: batch.deleteItems,
            reloadItems: batch.reloadItems.map(\.at), moveItems: batch.moveItems, insertItems: batch.insertItems.map(\.at))
        var next = self
        try next.perform(batch, plan)
        self = next
    }

    /// One item's stored state, carried across a batch.
    private struct Record {
        var width: Double
        var height: Double
        var flags: UInt8
        var payload: Payload?
    }

    private func record(_ s: Int, _ i: Int) -> Record {
        let store = engine.sections[s]
        return Record(width: store.widths[i], height: store.heights[i], flags: store.flags[i], payload: payloads[s][i])
    }

    private func record(_ item: FlowItem<Payload>, path: String) throws(FlowLayoutError) -> Record {
        let (size, flags) = try Self.resolve(item.size, path: path, configuration, hasSizer: sizer != nil)
        return Record(width: size.width, height: size.height, flags: flags, payload: item.payload)
    }

    private mutating func perform(_ batch: FlowBatchUpdate<Payload>, _ plan: FlowBatchPlan) throws(FlowLayoutError) {
        var stores: [FlowSectionStore] = [], columns: [[Payload?]] = []
        stores.reserveCapacity(plan.sources.count)
        for (j, source) in plan.sources.enumerated() {
            switch source {
            case .inserted(let k), .reloaded(_, let k):
                let isInsert: Bool = if case .inserted = source { true } else { false }
                let content = isInsert ? batch.insertSections[k].section : batch.reloadSections[k].section
                let path = isInsert ? "insertSections[\(k)].section" : "reloadSections[\(k)].section"
                var (store, column) = try Self.makeStore(content, path: path, configuration: configuration,
                                                         hasSizer: sizer != nil)
                store.fillLines(fromItem: 0, axis: engine.main, alignment: configuration.alignment,
                                compatibility: configuration.compatibility)
                stores.append(store)
                columns.append(column)
            case .old(let s):
                let side = plan.oldSides[s]
                let arrivals = plan.arrivals[j] ?? [:]
                if side == nil && arrivals.isEmpty {
                    stores.append(engine.sections[s])
                    columns.append(payloads[s])
                    continue
                }
                let (store, column) = try rebuild(s, side ?? FlowBatchPlan.OldSide(), arrivals, batch)
                stores.append(store)
                columns.append(column)
            }
        }
        engine.sections = stores
        payloads = columns
        engine.restack()
    }

    /// Section `s` after its item changes, re-filled from its first changed item.
    private func rebuild(_ s: Int, _ side: FlowBatchPlan.OldSide, _ arrivals: [Int: FlowBatchPlan.Arrival],
                         _ batch: FlowBatchUpdate<Payload>) throws(FlowLayoutError) -> (FlowSectionStore, [Payload?]) {
        var survivors: [Record] = []
        let oldCount = engine.sections[s].itemCount
        survivors.reserveCapacity(oldCount)
        for i in 0..<oldCount where !side.deleted.contains(i) && side.movedOut[i] == nil {
            if let k = side.reloaded[i] {
                survivors.append(try record(batch.reloadItems[k].item, path: "reloadItems[\(k)].item"))
            } else {
                survivors.append(record(s, i))
            }
        }
        let count = survivors.count + arrivals.count
        var result: [Record] = []
        result.reserveCapacity(count)
        var next = 0
        let room = engine.sections[s].metrics.available
        for target in 0..<count {
            switch arrivals[target] {
            case .inserted(let k)?:
                result.append(try record(batch.insertItems[k].item, path: "insertItems[\(k)].item"))
            case .moved(let k)?:
                let from = batch.moveItems[k].from
                var moved = record(from.section, from.item)
                if engine.sections[from.section].metrics.available != room {
                    moved.flags &= ~(FlowSectionStore.Flag.measured | FlowSectionStore.Flag.invalidMeasurement)
                }
                result.append(moved)
            case nil:
                result.append(survivors[next])
                next += 1
            }
        }
        let changedOld = [side.deleted.min(), side.reloaded.keys.min(), side.movedOut.keys.min()].compactMap { $0 }.min()
        let firstChanged = min(changedOld ?? count, arrivals.keys.min() ?? count)

        var store = engine.sections[s]
        store.widths = result.map(\.width)
        store.heights = result.map(\.height)
        store.flags = result.map(\.flags)
        store.fillLines(fromItem: firstChanged, axis: engine.main, alignment: configuration.alignment,
                        compatibility: configuration.compatibility)
        return (store, result.map(\.payload))
    }
}
