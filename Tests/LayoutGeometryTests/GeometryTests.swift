import Testing
@testable import LayoutGeometry

@Suite struct GeometryTests {
    @Test func rectEdges() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.maxX == 10 + 30)
        #expect(r.maxY == 20 + 40)
        #expect(r.midY == 20 + 40 / 2)
        #expect(r.min(along: .horizontal) == 10)
        #expect(r.max(along: .vertical) == 60)
    }

    @Test func containsIsHalfOpen() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(!r.contains(Point(x: 10, y: 5)))
        #expect(!r.contains(Point(x: 5, y: 10)))
    }

    @Test func intersectsNeedsPositiveArea() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))  // touching edge
        #expect(a.intersects(Rect(x: 9.5, y: 9.5, width: 5, height: 5)))
    }

    @Test func insetShrinksEachSide() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50).inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(r == Rect(x: 2, y: 1, width: 100 - 2 - 4, height: 50 - 1 - 3))
    }

    @Test func pixelRounding() {
        let s3 = PixelScale(3)
        #expect(s3.ceil(20.1) == 61.0 / 3)            // 60.3 px -> 61 px
        #expect(s3.ceil(20) == 20)                      // on the grid already
        #expect(s3.floor(20.5) == 61.0 / 3)             // 61.5 px -> 61 px
        #expect(PixelScale(2).ceil(0.2) == 0.5)
        #expect(PixelScale(0).ceil(0.2) == 0.2)         // 0 = no rounding
        #expect(PixelScale(.nan).rounds == false)
        #expect(PixelScale(2).pixel == 0.5)
    }

    @Test func indexPathOrderAndCoding() throws {
        #expect(IndexPath(row: 5, section: 0) < IndexPath(row: 0, section: 1))
        // IndexPath is Foundation's own type now (issue 13): its Codable form is Foundation's, so this checks the
        // round trip; the contract's `[section, row]` form is written by the report layer (CLITests pin it).
        let path = IndexPath(row: 3, section: 2)
        #expect(path.section == 2 && path.row == 3 && path.item == 3 && path.count == 2)
        #expect(try JSONDecoder().decode(IndexPath.self, from: JSONEncoder().encode(path)) == path)
    }
}

import Foundation
