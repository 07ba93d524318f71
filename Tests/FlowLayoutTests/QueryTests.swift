import FlowLayout
import LayoutGeometry
import Testing

/// Rect and point queries (binary search) against a brute-force scan of every frame, on
/// random grids from a seeded generator, in both directions and every alignment.
@Suite struct QueryTests {
    static func randomLayout(seed: UInt64, axis: Axis, alignment: FlowAlignment) throws -> BasicFlowLayout {
        var rng = SeededGenerator(seed: seed)
        var c = axis == .vertical ? Fixture.vertical(width: 375) : Fixture.horizontal(height: 375)
        c.alignment = alignment
        c.headerReferenceSize = Size(width: 25, height: 25)
        c.footerReferenceSize = Size(width: 12, height: 12)
        c.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 6, right: 3)
        let sections = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
            (0..<Int.random(in: 0...80, using: &rng)).map { _ in
                Size(width: Double(Int.random(in: 5...200, using: &rng)), height: Double(Int.random(in: 5...120, using: &rng)))
            }
        }
        return try BasicFlowLayout(configuration: c, sectionSizes: sections)
    }

    static func allFrames(_ layout: BasicFlowLayout) -> [(IndexPath, Rect)] {
        (0..<layout.numberOfSections).flatMap { s in
            (0..<layout.numberOfItems(inSection: s)).compactMap { i -> (IndexPath, Rect)? in
                let path = IndexPath(item: i, section: s)
                return layout.frameForItem(at: path).map { (path, $0) }
            }
        }
    }

    @Test(arguments: [Axis.vertical, .horizontal], FlowAlignment.allCases)
    func rectQueriesMatchABruteForceScan(axis: Axis, alignment: FlowAlignment) throws {
        for seed in UInt64(1)...8 {
            let layout = try Self.randomLayout(seed: seed, axis: axis, alignment: alignment)
            let frames = Self.allFrames(layout)
            var rng = SeededGenerator(seed: seed &* 977)
            let content = layout.contentSize
            for _ in 0..<40 {
                let rect = Rect(x: Double.random(in: -20...content.width, using: &rng),
                                y: Double.random(in: -20...content.height, using: &rng),
                                width: Double.random(in: 0...400, using: &rng), height: Double.random(in: 0...400, using: &rng))
                let expected = frames.filter { $0.1.intersects(rect) }.map(\.0)
                #expect(layout.indexPathsForItems(in: rect) == expected, "seed \(seed) rect \(rect)")
                let point = Point(x: Double.random(in: -5...content.width, using: &rng),
                                  y: Double.random(in: -5...content.height, using: &rng))
                let hit = frames.first { $0.1.contains(point) }?.0
                #expect(layout.indexPathForItem(at: point) == hit, "seed \(seed) point \(point)")
            }
            // Every item's own centre finds it.
            for (path, frame) in frames.prefix(50) {
                #expect(layout.indexPathForItem(at: Point(x: frame.midX, y: frame.midY)) == path)
            }
        }
    }

    @Test func rectQueriesUseHalfOpenPositiveOverlap() throws {
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 320), sections: [FlowSection(count: 10)])
        // Line 0 is [0, 50), line 1 [60, 110): a rect touching y = 50 only overlaps nothing.
        #expect(layout.indexPathsForItems(in: Rect(x: 0, y: 50, width: 320, height: 10)).isEmpty)
        #expect(layout.indexPathsForItems(in: Rect(x: 0, y: 49, width: 320, height: 12)).count == 10)
        #expect(layout.indexPathsForItems(in: Rect(x: 50, y: 0, width: 17.5, height: 400)).isEmpty)  // a gap column
        #expect(layout.indexPathForItem(at: Point(x: 0, y: 50)) == nil)
        #expect(layout.indexPathForItem(at: Point(x: 67.5, y: 60)) == IndexPath(item: 6, section: 0))
        #expect(layout.indexPathForItem(at: Point(x: 66, y: 60)) == nil)
    }

    @Test func attributesInRectIncludeHeadersAndFooters() throws {
        var c = Fixture.vertical(width: 320)
        c.headerReferenceSize = Size(width: 0, height: 30)
        c.footerReferenceSize = Size(width: 0, height: 20)
        let layout = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 5), FlowSection(count: 5)])
        // Section 0: header [0, 30), items [30, 80), footer [80, 100). Section 1 header [100, 130).
        let elements = layout.layoutAttributesForElements(in: Rect(x: 0, y: 70, width: 320, height: 40))
        #expect(elements.map(\.kind) == [.item, .item, .item, .item, .item, .footer, .header])
        #expect(elements.last?.frame == Rect(x: 0, y: 100, width: 320, height: 30))
    }

    @Test func visibleItemsAndPinnedHeaders() throws {
        var c = Fixture.vertical(width: 320)
        c.containerSize.height = 100
        c.headerReferenceSize = Size(width: 0, height: 40)
        c.sectionHeadersPinToVisibleBounds = true
        let layout = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 10), FlowSection(count: 10)])
        // Each section: header 40 + two lines 50 + 10 + 50 = 150.
        let sectionLength = 40.0 + 50 + 10 + 50
        #expect(layout.indexPathsForVisibleItems(atOffset: 0).map(\.item) == Array(0..<5))
        // Band [95, 195): section 0's line [100, 150) and section 1's first line [150 + 40, 240).
        let visible = layout.indexPathsForVisibleItems(atOffset: 95)
        #expect(visible == (5..<10).map { IndexPath(item: $0, section: 0) } + (0..<5).map { IndexPath(item: $0, section: 1) })
        let at100 = layout.pinnedHeaders(atOffset: 100)
        #expect(at100.map(\.section) == [0, 1])
        #expect(at100[0].frame.minY == 100)
        #expect(at100[0].isPinned)
        #expect(at100[1].frame.minY == sectionLength)
        #expect(!at100[1].isPinned)
        // Pushed up by its section's end: min(max(120, 0), 150 − 40).
        #expect(layout.pinnedHeaders(atOffset: 120).first?.frame.minY == sectionLength - 40)
        c.contentInset.top = 20
        let inset = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 10)])
        let pinned = try #require(inset.pinnedHeaders(atOffset: 50).first)
        #expect(pinned.frame.minY == 50 + 20)
        c.sectionHeadersPinToVisibleBounds = false
        let unpinned = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 10)])
        #expect(unpinned.pinnedHeaders(atOffset: 50).isEmpty)
    }

    @Test func pinnedFootersStickToTheTrailingEdge() throws {
        var c = Fixture.horizontal(height: 120, width: 100)
        c.footerReferenceSize = Size(width: 30, height: 0)
        c.sectionFootersPinToVisibleBounds = true
        // Horizontal: columns of 2 items (50 + 10 + 50 ≤ 120); 6 items → 3 columns → 170 wide, footer at 170.
        let layout = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 6)])
        let footer = try #require(layout.pinnedFooters(atOffset: 0).first)
        // max(min(0 + 100 − 30, 170), 0) = 70.
        #expect(footer.frame == Rect(x: 70, y: 0, width: 30, height: 120))
        #expect(footer.isPinned)
        #expect(layout.pinnedFooters(atOffset: 150).first?.frame.minX == 170)
    }
}
