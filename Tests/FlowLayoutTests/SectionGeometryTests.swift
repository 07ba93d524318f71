import FlowLayout
import LayoutGeometry
import Testing

/// Headers, footers, insets and both scroll directions.
@Suite struct SectionGeometryTests {
    @Test func horizontalScrollingFillsColumnsTopToBottom() throws {
        // Columns are 200 tall: 3 · 50 + 2 · 10 = 170 ≤ 200 < 4 · 50 + 3 · 10; justified gap (200 − 150) / 2.
        let layout = try BasicFlowLayout(configuration: Fixture.horizontal(height: 200), sections: [FlowSection(count: 7)])
        let frames = layout.frames()
        let gap = (200.0 - 150) / 2
        let rows: [Double] = [0, 50 + gap, 100 + 2 * gap]
        #expect(frames.map(\.minY) == rows + rows + [0])
        #expect(frames.map(\.minX) == [0, 0, 0, 60, 60, 60, 120])
        #expect(layout.contentSize == Size(width: 3 * 50 + 2 * 10, height: 200))
    }

    @Test func verticalHeadersFootersAndInsets() throws {
        var c = Fixture.vertical(width: 375)
        c.headerReferenceSize = Size(width: 0, height: 40)      // width ignored: full width
        c.footerReferenceSize = Size(width: 999, height: 30)
        c.sectionInset = EdgeInsets(top: 5, left: 15, bottom: 7, right: 15)
        let section = FlowSection<NoPayload>(sizes: Fixture.sizes(4, 100, 50))
        let layout = try BasicFlowLayout(configuration: c, sections: [section, section])
        // Room 375 − 30 = 345: three per line (320 ≤ 345 < 430), gap 10 + (345 − 320) / 2.
        let gap = 10 + (345.0 - 320) / 2
        let frames = layout.frames(section: 0)
        let expectedX: [Double] = [15, 15 + 100 + gap, 15 + 200 + 2 * gap, 15]
        #expect(frames.map(\.minX) == expectedX)
        let firstLine: Double = 40 + 5, secondLine: Double = 40 + 5 + 50 + 10
        #expect(frames.map(\.minY) == [firstLine, firstLine, firstLine, secondLine])
        let sectionLength = 40.0 + 5 + 50 + 10 + 50 + 7 + 30
        #expect(layout.frameForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 375, height: 40))
        #expect(layout.frameForFooter(inSection: 0) == Rect(x: 0, y: 40 + 5 + 50 + 10 + 50 + 7, width: 375, height: 30))
        #expect(layout.frameForSection(0) == Rect(x: 0, y: 0, width: 375, height: sectionLength))
        #expect(layout.frameForHeader(inSection: 1) == Rect(x: 0, y: sectionLength, width: 375, height: 40))
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 1))?.minY == sectionLength + 40 + 5)
        #expect(layout.contentSize == Size(width: 375, height: 2 * sectionLength))
        #expect(layout.frameForHeader(inSection: 2) == nil)
    }

    @Test func horizontalHeadersFootersAndInsets() throws {
        var c = Fixture.horizontal(height: 200)
        c.headerReferenceSize = Size(width: 40, height: 999)    // height ignored: full height
        c.footerReferenceSize = Size(width: 30, height: 0)
        c.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 7)
        let layout = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 4), FlowSection(count: 1)])
        // Room 200 − 20 = 180: three per column (170 ≤ 180), gap 10 + (180 − 170) / 2.
        let gap = 10 + (180.0 - 170) / 2
        let frames = layout.frames()
        #expect(frames.map(\.minX) == [45, 45, 45, 45 + 60])
        let rows: [Double] = [10, 10 + 50 + gap, 10 + 100 + 2 * gap, 10]
        #expect(frames.map(\.minY) == rows)
        #expect(layout.frameForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 40, height: 200))
        let footerX = 40.0 + 5 + 50 + 10 + 50 + 7
        #expect(layout.frameForFooter(inSection: 0) == Rect(x: footerX, y: 0, width: 30, height: 200))
        let second = footerX + 30
        // A lone item in an incomplete last column of a uniform section sits on the first row.
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 1)) == Rect(x: second + 45, y: 10, width: 50, height: 50))
        #expect(layout.contentSize == Size(width: second + 40 + 5 + 50 + 7 + 30, height: 200))
    }

    @Test func emptySectionKeepsItsInsetsHeaderAndFooter() throws {
        var c = Fixture.vertical(width: 320)
        c.headerReferenceSize = Size(width: 0, height: 20)
        c.footerReferenceSize = Size(width: 0, height: 10)
        c.sectionInset = EdgeInsets(top: 3, left: 0, bottom: 4, right: 0)
        let layout = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 0)])
        #expect(layout.contentSize.height == 20 + 3 + 4 + 10)
        let footer = try #require(layout.frameForFooter(inSection: 0))
        #expect(footer.minY == 20 + 3 + 4)
    }

    @Test func perSectionOverridesReplaceTheConfiguration() throws {
        let tight = FlowSection<NoPayload>(items: Array(repeating: FlowItem(), count: 7),
                                          inset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10),
                                          minimumLineSpacing: 0, minimumInteritemSpacing: 0, headerSize: Size(width: 0, height: 15))
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 320), sections: [tight])
        // Room 300, spacing 0: six per line (300 = 6 · 50), no leftover.
        let frames = layout.frames()
        #expect(frames.map(\.minX) == [10, 60, 110, 160, 210, 260, 10])
        #expect(frames[6].minY == 15 + 50)
        #expect(layout.frameForHeader(inSection: 0)?.height == 15)
    }

    @Test func contentInsetNarrowsTheRoom() throws {
        var c = Fixture.vertical(width: 330)
        c.contentInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        let layout = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 5)])
        // Room 320: five per line, gap 17.5; content is 320 wide.
        #expect(layout.frames().map(\.minX) == [0, 67.5, 135, 202.5, 270])
        #expect(layout.contentSize.width == 320)
    }

    @Test func itemWiderThanTheRoomIsClampedWithAWarning() throws {
        let sizes = [Size(width: 50, height: 50), Size(width: 400, height: 30)]
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 375), sizes: sizes)
        #expect(layout.frameForItem(at: IndexPath(item: 1, section: 0)) == Rect(x: 0, y: 60, width: 375, height: 30))
        let warnings = layout.warnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.kind == .itemClamped)
        #expect(warnings.first?.indexPath == IndexPath(item: 1, section: 0))
        #expect(warnings.first?.path == "sections[0].items[1]")
    }
}
