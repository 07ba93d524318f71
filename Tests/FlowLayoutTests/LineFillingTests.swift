import FlowLayout
import LayoutGeometry
import Testing

/// Line filling in UIKit's justified mode, against the seed's worked examples (S9 in
/// uikit-notes-seeds-000-001.md) and the contract's rules; expected values are arithmetic.
@Suite struct LineFillingTests {
    @Test func photoGridAt375() throws {
        // S9: 9 items of 155 × 135, defaults 10/10/0. Two per line: 155 + 10 + 155 ≤ 375 < 3 · 155 + 20.
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 375), sizes: Fixture.sizes(9, 155, 135))
        let frames = layout.frames()
        let gap = 375.0 - 2 * 155  // justified: the leftover goes between the two items
        for (i, frame) in frames.enumerated() {
            let line = Double(i / 2)
            #expect(frame.minY == line * (135 + 10))
            #expect(frame.size == Size(width: 155, height: 135))
        }
        let second: Double = 155 + gap
        let expectedX: [Double] = [0, second, 0, second, 0, second, 0, second, 0]
        #expect(frames.map(\.minX) == expectedX)
        #expect(frames.map(\.minY) == [0, 0, 145, 145, 290, 290, 435, 435, 580])
        #expect(frames[1].minX == 220)
        // Ninth item: alone on an incomplete last line of a uniform section → on the first column.
        #expect(frames[8].minX == 0)
        #expect(layout.contentSize == Size(width: 375, height: 5 * 135 + 4 * 10))
        #expect(layout.contentSize.height == 715)
    }

    @Test func photoGridAt320FitsExactly() throws {
        // 155 + 10 + 155 = 320: the fit is exact and the gap stays the minimum.
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 320), sizes: Fixture.sizes(9, 155, 135))
        let frames = layout.frames()
        #expect(frames[0].minX == 0)
        #expect(frames[1].minX == 155 + 10)
        #expect(frames[8].minX == 0)
        #expect(frames[8].minY == 4 * (135 + 10))
    }

    @Test func defaultItemsAt320() throws {
        // 50 × 50 default items: 5 · 50 + 4 · 10 = 290 ≤ 320 < 6 · 50 + 5 · 10; justified gap (320 − 250) / 4.
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 320), sections: [FlowSection(count: 12)])
        let frames = layout.frames()
        let gap = (320.0 - 5 * 50) / 4
        #expect(gap == 17.5)
        let columns = (0..<5).map { Double($0) * (50 + gap) }
        #expect(columns == [0, 67.5, 135, 202.5, 270])
        #expect(frames[0..<5].map(\.minX) == columns)
        #expect(frames[5..<10].map(\.minX) == columns)
        #expect(frames[5].minY == 50 + 10)
        // Incomplete last line, all items the same size: it sits on the columns above.
        #expect(frames[10].minX == 0)
        #expect(frames[11].minX == 67.5)
        #expect(frames[10].minY == 2 * (50 + 10))
        #expect(layout.contentSize.height == 3 * 50 + 2 * 10)
    }

    @Test func oneTallerItemMakesTheLastLineLeading() throws {
        // Item 3 is 60 tall: sizes differ, so the last line starts at x = 0 with gaps of 10
        // (openradar 20825965), and line 0 is 60 thick with the 50-tall items centred on it.
        var sizes = Fixture.sizes(12, 50, 50)
        sizes[3] = Size(width: 50, height: 60)
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 320), sizes: sizes)
        let frames = layout.frames()
        #expect(frames[10].minX == 0)
        #expect(frames[11].minX == 50 + 10)
        #expect(frames[0].minY == (60 - 50) / 2)
        #expect(frames[3].minY == 0)
        #expect(frames[3].height == 60)
        #expect(frames[5].minY == 60 + 10)
        #expect(frames[10].minY == 60 + 10 + 50 + 10)
        // Complete lines stay justified.
        #expect(frames[1].minX == 67.5)
        #expect(layout.contentSize.height == 60 + 10 + 50 + 10 + 50)
    }

    @Test func loneItemBecauseNoSecondFitsIsCentred() throws {
        // 300 + 10 + 100 > 375: item 0 is alone on a complete line → centred.
        // The last line (100, 100) is incomplete with mixed sizes → leading, min spacing.
        let sizes = [Size(width: 300, height: 40), Size(width: 100, height: 40), Size(width: 100, height: 40)]
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 375), sizes: sizes)
        let frames = layout.frames()
        #expect(frames[0].minX == (375.0 - 300) / 2)
        #expect(frames[1].minX == 0)
        #expect(frames[2].minX == 100 + 10)
        #expect(frames[1].minY == 40 + 10)
    }

    @Test func everyLineHoldsOneWideItem() throws {
        // 200 + 10 + 200 > 375: one per line, each centred — the last line too (exactly full).
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 375), sizes: Fixture.sizes(3, 200, 50))
        #expect(layout.frames().map(\.minX) == [87.5, 87.5, 87.5])
        #expect(layout.frames().map(\.minY) == [0, 60, 120])
    }

    @Test func exactlyFullLastLineIsJustified() throws {
        // Mixed sizes; the last line (120, 120, 100) has used = 360 and 360 + 10 + 100 > 375:
        // exactly full, so it is spread like a complete line: gap 10 + (375 − 360) / 2.
        let sizes = [Size(width: 370, height: 20), Size(width: 120, height: 20),
                     Size(width: 120, height: 20), Size(width: 100, height: 20)]
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 375), sizes: sizes)
        let frames = layout.frames()
        let gap = 10 + (375.0 - 360) / 2
        #expect(frames[1].minX == 0)
        #expect(frames[2].minX == 120 + gap)
        #expect(frames[3].minX == 240 + 2 * gap)
        #expect(frames[3].maxX == 375)
    }

    @Test func itemsOfDifferentHeightsAreCentredOnTheirLine() throws {
        let sizes = [Size(width: 50, height: 20), Size(width: 50, height: 80), Size(width: 50, height: 45)]
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 375), sizes: sizes)
        let frames = layout.frames()
        let expectedY: [Double] = [(80 - 20) / 2, 0, (80 - 45) / 2]
        #expect(frames.map(\.minY) == expectedY)
        #expect(frames.map(\.midY) == [40, 40, 40])
        #expect(layout.contentSize.height == 80)
    }

    @Test func fitToleranceAcceptsFloatingPointNoise() throws {
        // Three items of 100/3 with spacing 0 fill 100 up to rounding noise: one line.
        let third = 100.0 / 3
        var c = Fixture.vertical(width: 100)
        c.minimumInteritemSpacing = 0
        let layout = try BasicFlowLayout(configuration: c, sizes: Fixture.sizes(3, third, 10))
        #expect(Set(layout.frames().map(\.minY)) == [0])
    }

    @Test func singleIncompleteLineOfUniformItemsSitsOnColumns() throws {
        // 3 items of 50 at 320: the only line is the last line, laid out as if 5 fit.
        let layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 320), sections: [FlowSection(count: 3)])
        #expect(layout.frames().map(\.minX) == [0, 67.5, 135])
    }

    @Test func compatibilitySwitchesTurnQuirksOff() throws {
        var c = Fixture.vertical(width: 320)
        c.compatibility = FlowCompatibility(centersLoneItem: false, lastLineOnColumnsWhenUniform: false)
        let grid = try BasicFlowLayout(configuration: c, sections: [FlowSection(count: 7)])
        #expect(grid.frames()[5...].map(\.minX) == [0, 60])
        let wide = try BasicFlowLayout(configuration: c, sizes: Fixture.sizes(2, 200, 50))
        #expect(wide.frames().map(\.minX) == [0, 0])
    }
}
