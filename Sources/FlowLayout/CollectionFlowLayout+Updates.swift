import BatchPlanning
import LayoutGeometry

/// Step 4b of an update: apply a validated batch. Everything that can fail (the plan, the
/// content of inserted and reloaded items and sections) is resolved first; only then is the
/// layout changed, in place. Untouched sections keep their lines and only move; a section
/// with item changes is spliced in place (no per-item allocation) and keeps the lines before
/// its first changed item; inserted and reloaded sections are laid out whole.
extension CollectionFlowLayout {
    /// Applies `batch` (see ``FlowBatchUpdate`` for the semantics).
    ///
    /// - Throws: ``FlowLayoutError`` with a UIKit-style reason when the batch names an index
    ///   that does not exist, names one item twice, or moves an item it deletes; or with the
    ///   path of a bad inserted size. A refused batch leaves the layout exactly as it was.
    public mutating func apply(_ batch: FlowBatchUpdate<Payload>) throws(FlowLayoutError) {
        var operations = BatchOperations()
        operations.deleteSections = batch.deleteSections
        operations.reloadSections = batch.reloadSections.map { $0.at }
        operations.moveSections = batch.moveSections.map { ($0.from, $0.to) }
        operations.insertSections = batch.insertSections.map { $0.at }
        operations.deleteItems = batch.deleteItems
        operations.reloadItems = batch.reloadItems.map { $0.at }
        operations.moveItems = batch.moveItems.map { ($0.from, $0.to) }
        operations.insertItems = batch.insertItems.map { $0.at }
        let plan: FlowBatchPlan
        do throws(BatchPlanError) {
            let counts = engine.sections.map { $0.itemCount }
            let shared = try BatchPlan(operations, oldSectionCount: counts.count, oldCount: { counts[$0] },
                                       vocabulary: Self.batchVocabulary)
            plan = FlowBatchPlan(plan: shared, sources: shared.sources)
        } catch {
            throw FlowLayoutError(path: error.operation, message: error.message)
        }
        let prepared = try prepare(batch, plan)
        commit(plan, prepared)
    }

    /// How the grid speaks of batches: items, index paths as `[section, item]`, and items of a
    /// moving section may change in the same batch (they follow their section).
    static var batchVocabulary: BatchVocabulary {
        BatchVocabulary(noun: "item", path: { "\($0)" }, itemLists: ("deleteItems", "reloadItems", "moveItems", "insertItems"),
                        itemChangesInMovedSections: true)
    }

    /// A shared plan with every new section's source worked out once (the grid rebuilds every
    /// section's place anyway).
    struct FlowBatchPlan {
        let plan: BatchPlan
        let sources: [BatchPlan.SectionSource]
        var oldSides: [Int: BatchPlan.OldSide] { plan.oldSides }
        var arrivals: [Int: [Int: BatchPlan.Arrival]] { plan.arrivals }
    }

    /// One item's stored state, carried across a batch.
    struct Record {
        var width: Double
        var height: Double
        var flags: UInt8
        var payload: Payload?
    }

    /// The content a batch brings, resolved and validated before anything changes.
    struct PreparedBatch {
        /// New section index → its laid-out store and payloads (inserted or reloaded sections).
        var wholeSections: [Int: (FlowSectionStore, [Payload?])] = [:]
        /// Old section → old item → replacement.
        var reloads: [Int: [Int: Record]] = [:]
        /// New section → arrivals (inserted or moved in), sorted by target index.
        var arrivals: [Int: [(Int, Record)]] = [:]
    }

    private func record(_ item: FlowItem<Payload>, path: String) throws(FlowLayoutError) -> Record {
        let (size, flags) = try Self.resolve(item.size, path: path, configuration, hasSizer: sizer != nil)
        return Record(width: size.width, height: size.height, flags: flags, payload: item.payload)
    }

    private func prepare(_ batch: FlowBatchUpdate<Payload>, _ plan: FlowBatchPlan) throws(FlowLayoutError) -> PreparedBatch {
        var prepared = PreparedBatch()
        for (j, source) in plan.sources.enumerated() {
            let content: FlowSection<Payload>, path: String
            switch source {
            case .old: continue
            case .inserted(let k): (content, path) = (batch.insertSections[k].section, "insertSections[\(k)].section")
            case .reloaded(_, let k): (content, path) = (batch.reloadSections[k].section, "reloadSections[\(k)].section")
            }
            var (store, column) = try Self.makeStore(content, path: path, configuration: configuration, hasSizer: sizer != nil)
            store.fillLines(fromItem: 0, axis: engine.main, alignment: configuration.alignment,
                            compatibility: configuration.compatibility)
            prepared.wholeSections[j] = (store, column)
        }
        for (s, side) in plan.oldSides {
            for (i, k) in side.reloaded {
                prepared.reloads[s, default: [:]][i] = try record(batch.reloadItems[k].item, path: "reloadItems[\(k)].item")
            }
        }
        for (j, targets) in plan.arrivals {
            guard case .old(let destination) = plan.sources[j] else { continue }
            var list: [(Int, Record)] = []
            for (target, arrival) in targets {
                switch arrival {
                case .inserted(let k):
                    list.append((target, try record(batch.insertItems[k].item, path: "insertItems[\(k)].item")))
                case .moved(let k):
                    let from = batch.moveItems[k].from
                    let store = engine.sections[from.section]
                    var moved = Record(width: store.widths[from.item], height: store.heights[from.item],
                                       flags: store.flags[from.item], payload: payloads[from.section][from.item])
                    // Measured at another width: measure again.
                    if store.metrics.available != engine.sections[destination].metrics.available {
                        moved.flags &= ~(FlowSectionStore.Flag.measured | FlowSectionStore.Flag.invalidMeasurement)
                    }
                    list.append((target, moved))
                }
            }
            prepared.arrivals[j] = list.sorted { $0.0 < $1.0 }
        }
        return prepared
    }

    /// Applies a prepared batch; cannot fail.
    private mutating func commit(_ plan: FlowBatchPlan, _ prepared: PreparedBatch) {
        var oldStores = engine.sections, oldPayloads = payloads
        engine.sections = []
        payloads = []
        var stores: [FlowSectionStore] = [], columns: [[Payload?]] = []
        stores.reserveCapacity(plan.sources.count)
        columns.reserveCapacity(plan.sources.count)
        for (j, source) in plan.sources.enumerated() {
            guard case .old(let s) = source else {
                if let (store, column) = prepared.wholeSections[j] {
                    stores.append(store)
                    columns.append(column)
                }
                continue
            }
            // Take the section out so that its arrays are uniquely referenced and change in place.
            var store = FlowSectionStore(overrides: oldStores[s].overrides, metrics: oldStores[s].metrics)
            swap(&store, &oldStores[s])
            var column: [Payload?] = []
            swap(&column, &oldPayloads[s])
            let side = plan.oldSides[s], arrivals = prepared.arrivals[j] ?? []
            if side != nil || !arrivals.isEmpty {
                splice(&store, &column, side: side ?? BatchPlan.OldSide(), reloads: prepared.reloads[s] ?? [:],
                       arrivals: arrivals)
            }
            stores.append(store)
            columns.append(column)
        }
        engine.sections = stores
        payloads = columns
        engine.restack()
    }

    /// Applies one section's item changes in place, then re-fills from the first changed item.
    private func splice(_ store: inout FlowSectionStore, _ column: inout [Payload?], side: BatchPlan.OldSide,
                        reloads: [Int: Record], arrivals: [(Int, Record)]) {
        for (i, r) in reloads {
            store.widths[i] = r.width
            store.heights[i] = r.height
            store.flags[i] = r.flags
            column[i] = r.payload
        }
        let removed = (Array(side.deleted) + side.movedOut.keys).sorted()
        FlowSplice.remove(&store.widths, at: removed)
        FlowSplice.remove(&store.heights, at: removed)
        FlowSplice.remove(&store.flags, at: removed)
        FlowSplice.remove(&column, at: removed)
        FlowSplice.insert(&store.widths, arrivals.map { ($0.0, $0.1.width) })
        FlowSplice.insert(&store.heights, arrivals.map { ($0.0, $0.1.height) })
        FlowSplice.insert(&store.flags, arrivals.map { ($0.0, $0.1.flags) })
        FlowSplice.insert(&column, arrivals.map { ($0.0, $0.1.payload) })
        let count = store.widths.count
        let firstChanged = min(removed.first ?? count, reloads.keys.min() ?? count, arrivals.first?.0 ?? count)
        store.fillLines(fromItem: firstChanged, axis: engine.main, alignment: configuration.alignment,
                        compatibility: configuration.compatibility)
    }
}

/// In-place removal and insertion at sorted indices: one pass over the tail, no allocation
/// beyond the array's growth.
enum FlowSplice {
    /// Removes the elements at `sorted` (ascending, distinct, in range).
    static func remove<T>(_ array: inout [T], at sorted: [Int]) {
        guard let first = sorted.first else { return }
        var write = first, next = 0
        for read in first..<array.count {
            if next < sorted.count && sorted[next] == read {
                next += 1
                continue
            }
            array.swapAt(write, read)
            write += 1
        }
        array.removeLast(array.count - write)
    }

    /// Inserts `arrivals` (ascending by final index, each index valid in the result).
    static func insert<T>(_ array: inout [T], _ arrivals: [(Int, T)]) {
        guard let filler = arrivals.first?.1 else { return }
        let oldCount = array.count
        array.append(contentsOf: repeatElement(filler, count: arrivals.count))
        var read = oldCount - 1, write = array.count - 1
        for (target, value) in arrivals.reversed() {
            while write > target {
                array.swapAt(write, read)
                write -= 1
                read -= 1
            }
            array[write] = value
            write -= 1
        }
    }
}
