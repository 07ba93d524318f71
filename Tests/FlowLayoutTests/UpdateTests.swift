import FlowLayout
import LayoutGeometry
import Testing

/// Batch updates: UIKit's semantics and validation, and incremental re-filling checked
/// against a layout built from scratch.
@Suite struct UpdateTests {
    typealias Layout = CollectionFlowLayout<Int>

    /// A section of 50-wide items whose payload is their identity and height 40 + id % 3 · 10.
    static func section(_ ids: Range<Int>) -> FlowSection<Int> {
        FlowSection(items: ids.map { .fixed(width: 50, height: 40 + Double($0 % 3) * 10, payload: $0) })
    }

    static func ids(_ layout: Layout, section: Int = 0) -> [Int] {
        (0..<layout.numberOfItems(inSection: section)).compactMap { layout.payload(at: IndexPath(item: $0, section: section)) }
    }

    @Test func deleteInsertReloadMoveFollowUIKitIndices() throws {
        var layout = try Layout(configuration: Fixture.vertical(width: 320), sections: [Self.section(0..<12)])
        // Deletes (old indices) happen before inserts (new indices), whatever the order written.
        try layout.apply(FlowBatchUpdate(
            deleteItems: [IndexPath(item: 0, section: 0), IndexPath(item: 5, section: 0)],
            insertItems: [FlowItemChange(at: IndexPath(item: 0, section: 0), item: .fixed(width: 50, height: 40, payload: 100))],
            reloadItems: [FlowItemChange(at: IndexPath(item: 2, section: 0), item: .fixed(width: 50, height: 40, payload: 102))],
            moveItems: [FlowMove(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 10, section: 0))]))
        // Survivors in order: 2→102, 3, 4, 6, 7, 8, 9, 10, 11; insert 100 at 0, move 1 to 10.
        #expect(Self.ids(layout) == [100, 102, 3, 4, 6, 7, 8, 9, 10, 11, 1])
        let fresh = try Layout(configuration: Fixture.vertical(width: 320),
                               sections: [FlowSection(items: Self.ids(layout).map {
                                   .fixed(width: 50, height: [100, 102].contains($0) ? 40 : 40 + Double($0 % 3) * 10, payload: $0)
                               })])
        #expect(layout.frames() == fresh.frames())
        #expect(layout.contentSize == fresh.contentSize)
    }

    @Test func sectionInsertDeleteMove() throws {
        var c = Fixture.vertical(width: 320)
        c.headerReferenceSize = Size(width: 0, height: 20)
        var layout = try Layout(configuration: c, sections: [Self.section(0..<3), Self.section(10..<15), Self.section(20..<21)])
        try layout.apply(FlowBatchUpdate(deleteSections: [0], insertSections: [FlowSectionChange(at: 0, section: Self.section(30..<32))],
                                         moveSections: [FlowMove(from: 2, to: 1)]))
        #expect(layout.numberOfSections == 3)
        #expect(Self.ids(layout, section: 0) == [30, 31])
        #expect(Self.ids(layout, section: 1) == [20])
        #expect(Self.ids(layout, section: 2) == [10, 11, 12, 13, 14])
        // Section 0: header 20 + one line 50 (items 30 → 40 tall, 31 → 50 tall); section 1: 20 + 60.
        let header = try #require(layout.frameForHeader(inSection: 2))
        #expect(header.minY == (20 + 50) + (20 + 60))
    }

    @Test func movesAcrossSectionsKeepTheItemAndMatchAFreshLayout() throws {
        let c = Fixture.vertical(width: 320)
        var layout = try Layout(configuration: c, sections: [Self.section(0..<7), Self.section(10..<16)])
        try layout.apply(FlowBatchUpdate(
            deleteItems: [IndexPath(item: 6, section: 0)],
            moveItems: [FlowMove(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1)),
                        FlowMove(from: IndexPath(item: 5, section: 1), to: IndexPath(item: 2, section: 0))]))
        #expect(Self.ids(layout, section: 0) == [0, 2, 15, 3, 4, 5])
        #expect(Self.ids(layout, section: 1) == [1, 10, 11, 12, 13, 14])
        let fresh = try Layout(configuration: c, sections: [FlowSection(items: [0, 2, 15, 3, 4, 5].map(Self.item)),
                                                             FlowSection(items: [1, 10, 11, 12, 13, 14].map(Self.item))])
        #expect(layout.frames(section: 0) == fresh.frames(section: 0))
        #expect(layout.frames(section: 1) == fresh.frames(section: 1))
    }

    static func item(_ id: Int) -> FlowItem<Int> { .fixed(width: 50, height: 40 + Double(id % 3) * 10, payload: id) }

    @Test func refusedBatchesNameTheReasonAndChangeNothing() throws {
        let layout = try Layout(configuration: Fixture.vertical(width: 320), sections: [Self.section(0..<1)])
        let cases: [(FlowBatchUpdate<Int>, String)] = [
            (FlowBatchUpdate(deleteItems: [IndexPath(item: 5, section: 0)]),
             "attempt to delete item 5 from section 0 which only contains 1 items before the update"),
            (FlowBatchUpdate(deleteItems: [IndexPath(item: 0, section: 2)]),
             "attempt to delete item 0 from section 2, but there are only 1 sections before the update"),
            (FlowBatchUpdate(insertItems: [FlowItemChange(at: IndexPath(item: 3, section: 0), item: .fixed(width: 1, height: 1))]),
             "attempt to insert item 3 into section 0, but there are only 2 items in section 0 after the update"),
            (FlowBatchUpdate(deleteItems: [IndexPath(item: 0, section: 0)],
                             reloadItems: [FlowItemChange(at: IndexPath(item: 0, section: 0), item: FlowItem())]),
             "attempt to delete and reload the same index path [0, 0]"),
            (FlowBatchUpdate(deleteItems: [IndexPath(item: 0, section: 0)],
                             moveItems: [FlowMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 0))]),
             "attempt to perform a delete and a move from the same index path [0, 0]"),
            (FlowBatchUpdate(deleteItems: [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 0)]),
             "attempt to delete item 0 from section 0 twice"),
            (FlowBatchUpdate(deleteSections: [1]), "attempt to delete section 1, but there are only 1 sections before the update"),
            (FlowBatchUpdate(insertSections: [FlowSectionChange(at: 2, section: FlowSection())]),
             "attempt to insert section 2 but there are only 2 sections after the update"),
        ]
        for (batch, reason) in cases {
            var copy = layout
            #expect(throws: FlowLayoutError.self) { try copy.apply(batch) }
            do { try copy.apply(batch) } catch { #expect(error.message == reason) }
            #expect(copy.frames() == layout.frames())
            #expect(Self.ids(copy) == Self.ids(layout))
        }
        // A bad inserted size is refused too, naming its place in the batch.
        var copy = layout
        do {
            try copy.apply(FlowBatchUpdate(insertItems: [FlowItemChange(at: IndexPath(item: 0, section: 0), item: .fixed(width: 0, height: 5))]))
            Issue.record("accepted a zero width")
        } catch {
            #expect(error.path == "insertItems[0].item.width")
        }
        #expect(copy.numberOfItems == 1)
    }

    /// Random batches on several sections; after each, the incrementally updated layout must
    /// equal one built from scratch with the same items (a plain-array model of the batch).
    @Test(arguments: [FlowAlignment.justified, .left, .center])
    func incrementalUpdatesMatchAFreshLayout(alignment: FlowAlignment) throws {
        var rng = SeededGenerator(seed: 42)
        var c = Fixture.vertical(width: 330) { $0.alignment = alignment }
        c.headerReferenceSize = Size(width: 0, height: 12)
        func item(_ id: Int) -> FlowItem<Int> {
            .fixed(width: Double(20 + (id * 37) % 140), height: Double(10 + (id * 13) % 60), payload: id)
        }
        var model: [[Int]] = (0..<3).map { s in Array((s * 100)..<(s * 100 + 40)) }
        var layout = try Layout(configuration: c, sections: model.map { FlowSection(items: $0.map(item)) })
        var nextID = 1000
        for round in 0..<60 {
            var deletes: [IndexPath] = [], inserts: [FlowItemChange<Int>] = []
            var next = model
            for s in model.indices {
                let victims = Set((0..<Int.random(in: 0...3, using: &rng)).compactMap { _ in model[s].indices.randomElement(using: &rng) })
                deletes += victims.sorted().map { IndexPath(item: $0, section: s) }
                next[s] = model[s].enumerated().filter { !victims.contains($0.offset) }.map(\.element)
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    let at = Int.random(in: 0...next[s].count, using: &rng)
                    next[s].insert(nextID, at: at)
                    nextID += 1
                }
                // Inserts are named by their final index: collect them after all insertions.
                for (index, id) in next[s].enumerated() where id >= 1000 && !model[s].contains(id) {
                    inserts.append(FlowItemChange(at: IndexPath(item: index, section: s), item: item(id)))
                }
            }
            try layout.apply(FlowBatchUpdate(deleteItems: deletes, insertItems: inserts.shuffled(using: &rng)))
            model = next
            let fresh = try Layout(configuration: c, sections: model.map { FlowSection(items: $0.map(item)) })
            for s in model.indices {
                #expect(Self.ids(layout, section: s) == model[s], "round \(round)")
                #expect(layout.frames(section: s) == fresh.frames(section: s), "round \(round) section \(s)")
            }
            #expect(layout.contentSize == fresh.contentSize)
        }
    }
}
