import Foundation
import Testing

/// The report's estimated-vs-exact figures (issue 14): rows only (a self-sizing header is not an
/// estimate), and the estimated content length is every row at its estimate. Hand-computed: ten
/// empty self-sizing rows are 44 pt each (UIKit's default row height, the separator inside);
/// estimated at 80; a plain header with a title; a 100-pt viewport lays out the first rows.
struct EstimationReportTests {
    @Test func figuresCountRowsOnly() throws {
        let spec = #"{"rowHeight": "automatic", "estimatedRowHeight": 80, "viewport": {"height": 100, "offset": 0}, "sections": [{"header": {"title": "Today"}, "rows": {"count": 10, "row": {"height": "automatic"}}}]}"#
        let o = try LayoutBinary.run(["report", "-", "--format", "json"], input: spec)
        #expect(o.status == 0, "\(o.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(o.stdout.utf8)) as? [String: Any])
        let e = try #require(report["estimation"] as? [String: Any])
        let measured = try #require(e["measuredCount"] as? Int)
        let estimated = try #require(e["estimatedCount"] as? Int)
        #expect(measured + estimated == 10)  // rows only: the header is neither
        #expect(measured >= 2)  // at least the rows the 100-pt viewport shows
        let exact = try #require(e["exactContentLength"] as? Double)
        let estimatedLength = try #require(e["estimatedContentLength"] as? Double)
        let header = exact - 10 * 44  // the header's height, whatever its title measures
        #expect(header > 0)
        #expect(abs(estimatedLength - (header + 10 * 80)) < 1e-9)  // every row at its estimate
    }
}
