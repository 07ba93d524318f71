import FlowLayout
import LayoutGeometry
import Testing

/// `left`, `center` and `right` alignment (beyond UIKit): every line packed at the minimum spacing.
@Suite struct AlignmentTests {
    static let sizes = [Size(width: 100, height: 30), Size(width: 50, height: 30), Size(width: 80, height: 30),
                        Size(width: 300, height: 30), Size(width: 60, height: 30)]

    func layout(_ alignment: FlowAlignment, axis: Axis = .vertical) throws -> BasicFlowLayout {
        let c = axis == .vertical
            ? Fixture.vertical(width: 375) { $0.alignment = alignment }
            : Fixture.horizontal(height: 375) { $0.alignment = alignment }
        let sizes = axis == .vertical ? Self.sizes : Self.sizes.map { Size(width: $0.height, height: $0.width) }
        return try BasicFlowLayout(configuration: c, sizes: sizes)
    }

    @Test func left() throws {
        // Line 0: 100 + 50 + 80 + 2 · 10 = 250 (300 does not fit); line 1: 300 + 10 + 60 = 370.
        let frames = try layout(.left).frames()
        #expect(frames.map(\.minX) == [0, 110, 170, 0, 310])
        #expect(frames.map(\.minY) == [0, 0, 0, 40, 40])
    }

    @Test func center() throws {
        let frames = try layout(.center).frames()
        let first = (375.0 - 250) / 2, second = (375.0 - 370) / 2
        let expected: [Double] = [first, first + 110, first + 170, second, second + 310]
        #expect(frames.map(\.minX) == expected)
    }

    @Test func right() throws {
        let frames = try layout(.right).frames()
        let expected: [Double] = [125, 235, 295, 5, 315]
        #expect(frames.map(\.minX) == expected)
        #expect(frames[2].maxX == 375)
        #expect(frames[4].maxX == 375)
    }

    @Test func horizontalLeftMeansTop() throws {
        let frames = try layout(.left, axis: .horizontal).frames()
        #expect(frames.map(\.minY) == [0, 110, 170, 0, 310])
        #expect(frames.map(\.minX) == [0, 0, 0, 40, 40])
    }

    @Test func parsingAnUnknownAlignmentNamesThePath() {
        #expect(throws: FlowLayoutError.self) { try FlowAlignment.parse("lefty", path: "alignment") }
        do {
            _ = try FlowAlignment.parse("lefty", path: "alignment")
        } catch {
            #expect(error.path == "alignment")
            #expect(error.description.contains("lefty"))
        }
        #expect((try? FlowAlignment.parse("center")) == .center)
    }
}
