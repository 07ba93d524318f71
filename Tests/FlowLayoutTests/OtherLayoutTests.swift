import FlowLayout
import LayoutGeometry
import Testing

/// The layouts beyond UIKit's flow layout, and the custom-layout protocol they share.
@Suite struct OtherLayoutTests {
    @Test func waterfallPutsEachItemInTheShortestColumn() throws {
        let layout = try WaterfallLayout(configuration: .init(width: 375, columnCount: 2),
                                         sections: [[.height(100), .height(50), .height(30), .height(80), .height(20),
                                                     .aspect(Size(width: 365, height: 100))]])
        let column = (375.0 - 10) / 2
        #expect(column == 182.5)
        let frames = (0..<6).compactMap { layout.frameForItem(at: IndexPath(item: $0, section: 0)) }
        // Column bottoms (with the 10 gap): [110, 0] → [110, 60] → [110, 100] → [110, 190] → [140, 190].
        let expectedX: [Double] = [0, column + 10, column + 10, column + 10, 0, 0]
        let expectedY: [Double] = [0, 0, 50 + 10, 50 + 10 + 30 + 10, 100 + 10, 100 + 10 + 20 + 10]
        #expect(frames.map(\.minX) == expectedX)
        #expect(frames.map(\.minY) == expectedY)
        #expect(frames[5].height == column * 100 / 365)   // aspect kept at the column width
        #expect(layout.column(of: IndexPath(item: 3, section: 0)) == 1)
        #expect(layout.contentSize == Size(width: 375, height: 140 + frames[5].height))
    }

    @Test func waterfallSectionsHeadersAndRectQueries() throws {
        var c = WaterfallLayout.Configuration(width: 320, columnCount: 3)
        c.headerHeight = 30
        c.footerHeight = 15
        c.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        var rng = SeededGenerator(seed: 7)
        let sections = (0..<4).map { _ in (0..<Int.random(in: 0...60, using: &rng)).map { _ in
            WaterfallLayout.Item.height(Double(Int.random(in: 10...150, using: &rng))) } }
        let layout = try WaterfallLayout(configuration: c, sections: sections)
        #expect(layout.frameForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 320, height: 30))
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 0))?.origin == Point(x: 10, y: 30 + 5))
        let all = sections.indices.flatMap { s in sections[s].indices.compactMap { i in
            layout.frameForItem(at: IndexPath(item: i, section: s)).map { (IndexPath(item: i, section: s), $0) } } }
        for _ in 0..<200 {
            let rect = Rect(x: Double.random(in: 0...320, using: &rng), y: Double.random(in: -10...layout.contentSize.height, using: &rng),
                            width: Double.random(in: 0...200, using: &rng), height: Double.random(in: 0...500, using: &rng))
            #expect(layout.indexPathsForItems(in: rect) == all.filter { $0.1.intersects(rect) }.map(\.0))
        }
    }

    @Test func waterfallRefusesBadInput() {
        #expect(throws: FlowLayoutError.self) { try WaterfallLayout(configuration: .init(columnCount: 0), sections: []) }
        do {
            _ = try WaterfallLayout(configuration: .init(), sections: [[.height(10), .height(-1)]])
        } catch {
            #expect(error.path == "sections[0].items[1].height")
        }
    }

    @Test func columnGridHasFractionalColumns() throws {
        let layout = try ColumnGridLayout(configuration: .init(containerSize: Size(width: 375, height: 667), columnCount: 3,
                                                               aspectRatio: 2), itemCounts: [7])
        let width = (375.0 - 2 * 10) / 3
        #expect(layout.itemSize == Size(width: width, height: width / 2))
        let frames = layout.flow.frames()
        #expect(frames[1].minX == width + 10)
        #expect(abs(frames[2].maxX - 375) < 1e-9)
        #expect(frames[6].minX == 0)
        #expect(frames[6].minY == 2 * (width / 2 + 10))
        var horizontal = ColumnGridLayout.Configuration(containerSize: Size(width: 375, height: 200), columnCount: 2)
        horizontal.scrollDirection = .horizontal
        horizontal.itemThickness = 80
        let rows = try ColumnGridLayout(configuration: horizontal, itemCounts: [3])
        #expect(rows.itemSize == Size(width: 80, height: 95))
        #expect(rows.flow.frames().map(\.origin) == [Point(x: 0, y: 0), Point(x: 0, y: 105), Point(x: 90, y: 0)])
    }

    @Test func circleLayoutFollowsTheSample() throws {
        let layout = CircleLayout(containerSize: Size(width: 300, height: 400), itemCount: 4)
        let r = 300.0 / 2.5
        let frames = (0..<4).compactMap { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        let centres: [(Double, Double)] = [(150 + r, 200), (150, 200 + r), (150 - r, 200), (150, 200 - r)]
        for (frame, centre) in zip(frames, centres) {
            #expect(abs(frame.midX - centre.0) < 1e-9 && abs(frame.midY - centre.1) < 1e-9)
            #expect(frame.size == Size(width: 70, height: 70))
        }
        #expect(layout.contentSize == Size(width: 300, height: 400))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)) == nil)
    }

    /// Code written against the protocol works with every layout.
    func everyItem(_ layout: some CollectionLayout) -> [IndexPath] {
        let all = Rect(origin: .zero, size: layout.contentSize)
        return layout.layoutAttributesForElements(in: all).filter { $0.kind == .item }.map(\.indexPath)
    }

    @Test func theProtocolServesEveryLayout() throws {
        let expected = (0..<5).map { IndexPath(item: $0, section: 0) }
        var circle = CircleLayout(containerSize: Size(width: 300, height: 300), itemCount: 5)
        circle.itemCount = 5
        circle.prepare()
        #expect(everyItem(circle) == expected)
        #expect(everyItem(try BasicFlowLayout(sections: [FlowSection(count: 5)])) == expected)
        #expect(everyItem(try WaterfallLayout(configuration: .init(), sections: [Array(repeating: .height(40), count: 5)])) == expected)
        #expect(everyItem(try ColumnGridLayout(configuration: .init(), itemCounts: [5])) == expected)
        let flow = try BasicFlowLayout(sections: [FlowSection(count: 5)])
        #expect(flow.indexPathForItem(at: Point(x: 1, y: 1)) == IndexPath(item: 0, section: 0))
    }
}
