import FlowLayout
import LayoutGeometry
import Testing

/// Self-sizing items: estimates until measured; asking for a rect measures exactly those items.
@Suite struct SelfSizingTests {
    /// Payload = the height the item wants; width = the room minus 220, proving the sizer gets it.
    static let sizer = FlowClosureSizer<Double> { request in
        Size(width: (request.availableWidth ?? 0) - 220, height: request.payload ?? .nan)
    }

    static func layout(_ heights: [Double], scale: Double = 0) throws -> CollectionFlowLayout<Double> {
        var c = Fixture.vertical(width: 320)
        c.estimatedItemSize = Size(width: 100, height: 50)
        c.scale = PixelScale(scale)
        return try CollectionFlowLayout(configuration: c,
                                        sections: [FlowSection(items: heights.map { FlowItem(payload: $0) })], sizer: sizer)
    }

    @Test func rectQueryMeasuresExactlyThoseItems() throws {
        var layout = try Self.layout([30, 70, 40, 20, 20, 20, 90])
        // Estimates: 3 per line (3 · 100 + 20 = 320), lines at 0, 60, 120.
        #expect(layout.frameForItem(at: IndexPath(item: 3, section: 0))?.minY == 60)
        #expect(layout.isEstimated(IndexPath(item: 0, section: 0)))
        let found = layout.measureItems(in: Rect(x: 0, y: 0, width: 320, height: 10))
        // Line 0 measured: 70 thick; item 0 (30 tall) is centred at y 20, outside [0, 10).
        #expect(found == [IndexPath(item: 1, section: 0)])
        for i in 0..<3 { #expect(!layout.isEstimated(IndexPath(item: i, section: 0))) }
        for i in 3..<7 { #expect(layout.isEstimated(IndexPath(item: i, section: 0))) }
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 0)) == Rect(x: 0, y: 20, width: 100, height: 30))
        // The lines below moved with the measured line: line 1 at 70 + 10.
        #expect(layout.frameForItem(at: IndexPath(item: 3, section: 0))?.minY == 80)
    }

    @Test func measureAllGivesTheSameGeometryAsFixedSizes() throws {
        let heights: [Double] = [30, 70, 40, 20, 25, 20, 90]
        var layout = try Self.layout(heights)
        layout.measureAll()
        let fixed = try BasicFlowLayout(configuration: Fixture.vertical(width: 320),
                                        sizes: heights.map { Size(width: 100, height: $0) })
        #expect(layout.frames() == fixed.frames())
        #expect(layout.contentSize == fixed.contentSize)
    }

    @Test func horizontalItemsAreMeasuredAgainstTheColumnHeight() throws {
        // Columns 200 tall less insets 10 + 10: the sizer gets availableHeight 180 and no width limit.
        var c = Fixture.horizontal(height: 200)
        c.estimatedItemSize = Size(width: 50, height: 50)
        c.sectionInset = EdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
        let sizer = FlowClosureSizer<Double> { request in
            request.availableWidth == nil ? Size(width: request.payload ?? 1, height: (request.availableHeight ?? 0) / 2) : .zero
        }
        var layout = try CollectionFlowLayout(configuration: c, sections: [FlowSection(items: [FlowItem(payload: 30), FlowItem(payload: 70)])],
                                              sizer: sizer)
        layout.measureAll()
        // Two items of 90 need 90 + 10 + 90 = 190 > 180: one per column, each centred: 10 + (180 − 90) / 2.
        let frames = layout.frames()
        #expect(frames.map(\.size) == [Size(width: 30, height: 90), Size(width: 70, height: 90)])
        #expect(frames.map(\.minY) == [10 + 45, 10 + 45])
        #expect(frames.map(\.minX) == [0, 30 + 10])
        #expect(layout.warnings.isEmpty)
    }

    @Test func measuredSizesRoundUpToTheScale() throws {
        var layout = try Self.layout([20.1], scale: 3)
        layout.measureAll()
        // 20.1 pt = 60.3 px → 61 px = 61 / 3 pt.
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 0))?.height == 61.0 / 3)
    }

    @Test func anUnusableAnswerKeepsTheEstimateWithAWarning() throws {
        var c = Fixture.vertical(width: 320)
        c.estimatedItemSize = Size(width: 100, height: 50)
        var layout = try CollectionFlowLayout(configuration: c, sections: [FlowSection(items: [FlowItem<Double>()])], sizer: Self.sizer)
        layout.measureAll()
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 0))?.size == Size(width: 100, height: 50))
        #expect(layout.warnings.map(\.kind) == [.invalidMeasurement])
        #expect(!layout.isEstimated(IndexPath(item: 0, section: 0)))
    }

    @Test func selfSizingWithoutASizerIsRefused() {
        var c = Fixture.vertical(width: 320)
        c.estimatedItemSize = Size(width: 100, height: 50)
        do {
            _ = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 2)])
            Issue.record("accepted self-sizing items without a sizer")
        } catch {
            #expect(error.path == "sections[0].items[0]")
        }
    }
}

/// Many items are measured on all cores; the geometry must be what measuring one by one gives.
@Suite struct ParallelMeasuringTests {
    @Test func measuringManyItemsEqualsMeasuringThemOneByOne() throws {
        let heights: [Double] = (0..<300).map { 20 + Double(($0 * 37) % 50) }
        var all = try SelfSizingTests.layout(heights)
        all.measureAll()
        var single = try SelfSizingTests.layout(heights)
        for i in heights.indices { single.measureItems(at: [IndexPath(item: i, section: 0)]) }
        for i in heights.indices {
            let p = IndexPath(item: i, section: 0)
            #expect(all.frameForItem(at: p) == single.frameForItem(at: p))
            #expect(!all.isEstimated(p))
        }
        #expect(all.contentSize == single.contentSize)
        // Item 5: 20 + (5·37 mod 50) = 20 + 35 = 55 tall; width = 320 − 220 = 100.
        #expect(all.frameForItem(at: IndexPath(item: 5, section: 0))?.size == Size(width: 100, height: 55))
    }

    @Test func viewportKeepsTheAnchorInPlaceWhileItemsAboveAreMeasured() throws {
        // One item per line (320 wide in a 320-pt container, 667 tall): estimated 100 tall, really
        // 50. Estimated, item i is at 110 i (100 + the 10-pt line spacing).
        var c = FlowConfiguration(containerSize: Size(width: 320, height: 667))
        c.estimatedItemSize = Size(width: 320, height: 100)
        let sizer = FlowClosureSizer<Double> { _ in Size(width: 320, height: 50) }
        var layout = try CollectionFlowLayout(configuration: c,
                                              sections: [FlowSection(items: (0..<40).map { _ in FlowItem(payload: 0) })],
                                              sizer: sizer)
        func paths(_ r: ClosedRange<Int>) -> [IndexPath] { r.map { IndexPath(item: $0, section: 0) } }
        // Jump to 2200 (item 20's top): nothing above changes, so nothing moves; measuring shrinks
        // items, which brings more into view — 20…31 at 2200 + 60 k end up measured (12 items).
        let first = layout.layoutViewport(offset: 2200)
        #expect(first == FlowViewportLayout(offset: 2200, correction: 0, items: paths(20...31), measuredCount: 12))
        // Scroll up to 1100 keeping item 20 where it was (1100 below the top of the screen): items
        // above it shrink from 110 to 60 a line, so the offset follows. It settles with items 4…16
        // measured: item 20 at 4 · 110 + 13 · 60 + 3 · 110 = 1550, the offset at 1550 − 1100 = 450,
        // showing items 4…15 (item 4 at 440 … item 15 at 1100; 13 measured in rounds of 7, 4, 1, 1).
        let anchor = IndexPath(item: 20, section: 0)
        let second = layout.layoutViewport(offset: 1100, anchor: anchor)
        #expect(second == FlowViewportLayout(offset: 450, correction: -650, items: paths(4...15), measuredCount: 13))
        #expect(layout.frameForItem(at: anchor)?.minY == 1550)
        #expect(second.items.allSatisfy { !layout.isEstimated($0) })
    }
}
