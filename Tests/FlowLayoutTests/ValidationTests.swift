import FlowLayout
import LayoutGeometry
import Testing

/// Bad input: a typed error naming the field or index path; nothing crashes.
@Suite struct ValidationTests {
    static func error(_ edit: (inout FlowConfiguration) -> Void, sizes: [Size] = [Size(width: 10, height: 10)]) -> FlowLayoutError? {
        var c = Fixture.vertical(width: 320)
        edit(&c)
        do {
            _ = try BasicFlowLayout(configuration: c, sizes: sizes)
            return nil
        } catch {
            return error
        }
    }

    @Test func configurationErrorsNameTheField() {
        #expect(Self.error { $0.minimumLineSpacing = -1 }?.description == "minimumLineSpacing: must be ≥ 0 (got -1.0)")
        #expect(Self.error { $0.minimumInteritemSpacing = .nan }?.path == "minimumInteritemSpacing")
        #expect(Self.error { $0.itemSize = Size(width: 0, height: 5) }?.path == "itemSize.width")
        #expect(Self.error { $0.estimatedItemSize = Size(width: 5, height: -2) }?.path == "estimatedItemSize.height")
        #expect(Self.error { $0.headerReferenceSize = Size(width: 0, height: .infinity) }?.path == "headerReferenceSize.height")
        #expect(Self.error { $0.containerSize.width = 0 }?.path == "width")
        #expect(Self.error { $0.containerSize.height = -.infinity }?.path == "height")
        #expect(Self.error { $0.sectionInset.left = 400 }?.path == "sections[0].inset")
        #expect(Self.error { _ in } == nil)
    }

    @Test func itemErrorsNameTheIndexPath() {
        let sizes = [Size(width: 10, height: 10), Size(width: 10, height: 10), Size(width: -3, height: 10)]
        #expect(Self.error({ _ in }, sizes: sizes)?.path == "sections[0].items[2].width")
        #expect(Self.error({ _ in }, sizes: [Size(width: 10, height: .nan)])?.description
            == "sections[0].items[0].height: must be a finite number (got nan)")
    }

    @Test func sectionOverrideErrorsNameTheSection() {
        do {
            _ = try BasicFlowLayout(configuration: Fixture.vertical(width: 320),
                                    sections: [FlowSection(), FlowSection(items: [], minimumLineSpacing: -5)])
            Issue.record("accepted a negative spacing")
        } catch {
            #expect(error.path == "sections[1].minimumLineSpacing")
        }
    }

    @Test func reconfigureRelayoutsOrRefusesAtomically() throws {
        var layout = try BasicFlowLayout(configuration: Fixture.vertical(width: 320), sections: [FlowSection(count: 6)])
        var wider = layout.configuration
        wider.containerSize.width = 375
        try layout.reconfigure(wider)
        // 375: six fit (6 · 50 + 50 = 350); gap 10 + 25 / 5.
        #expect(layout.frames().map(\.minY) == Array(repeating: 0, count: 6))
        #expect(layout.frames().map(\.minX) == (0..<6).map { Double($0) * (50 + 15) })
        var bad = wider
        bad.minimumLineSpacing = -1
        #expect(throws: FlowLayoutError.self) { try layout.reconfigure(bad) }
        #expect(layout.configuration == wider)
    }
}
